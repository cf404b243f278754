"""Each member chooses how they are told it's their turn, on their settings page."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.messages import get_messages
from django.urls import reverse

from accounts import family
from justalllowgod.refusals import Code, Refusal
from notices.models import NoticePreference
from notices.preferences import preference_of, set_preference, stop_mail
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SAVE = "/notices/settings/"


def _unconfirmed():
    user = UserFactory()
    EmailAddress.objects.filter(user=user).update(verified=False)
    return user


def test_a_member_with_no_choice_yet_reads_as_told_nothing_and_nothing_is_saved():
    member = UserFactory()
    preference = preference_of(member)
    assert preference.pk is not None and preference._state.adding  # the pk is the member's
    assert not preference.wants_any and not preference.at_every_private_table
    assert not NoticePreference.objects.exists()


def test_set_preference_saves_each_choice_and_changes_them_later():
    member = UserFactory()
    set_preference(user=member, by_push=True, by_mail=True, at_every_private_table=True)
    set_preference(user=member, by_push=False, by_mail=True, at_every_private_table=False)
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_push, saved.by_mail, saved.at_every_private_table) == (False, True, False)


def test_mail_is_refused_to_a_member_without_a_confirmed_address_and_nothing_changes():
    member = _unconfirmed()
    set_preference(user=member, by_push=True, by_mail=False, at_every_private_table=False)
    with pytest.raises(Refusal) as refused:
        set_preference(user=member, by_push=False, by_mail=True, at_every_private_table=True)
    assert refused.value.code == Code.NO_MAIL_ADDRESS
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_push, saved.by_mail, saved.at_every_private_table) == (True, False, False)


def test_stop_mail_keeps_the_other_choices():
    member = UserFactory()
    set_preference(user=member, by_push=True, by_mail=True, at_every_private_table=True)
    stop_mail(user=member)
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_push, saved.by_mail, saved.at_every_private_table) == (True, False, True)


def test_the_settings_page_shows_the_section_with_labelled_choices(client):
    member = UserFactory()
    client.force_login(member)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert '<h2 id="turn-notices-title">When it\'s your turn</h2>' in page
    for name in ("by_push", "by_mail", "at_every_private_table"):
        assert f'<label class="check-label" for="id_{name}"><input type="checkbox" name="{name}"' in page
    assert 'name="by_mail" id="id_by_mail" disabled' not in page
    assert "Tables that play over days always count" in page


def test_the_mail_choice_is_disabled_with_a_note_without_a_confirmed_address(client):
    client.force_login(_unconfirmed())
    page = client.get(reverse("accounts:settings")).content.decode()
    assert 'name="by_mail" id="id_by_mail" disabled aria-describedby="by-mail-note"' in page
    assert "Mails need an email address you have confirmed" in page


def test_the_form_saves_and_says_so(client):
    member = UserFactory()
    client.force_login(member)
    response = client.post(SAVE, {"by_mail": "on", "at_every_private_table": "on"}, follow=True)
    assert response.redirect_chain == [(reverse("accounts:settings"), 302)]
    assert "We'll tell you by email when it's your turn." in [str(m) for m in response.context["messages"]]
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_push, saved.by_mail, saved.at_every_private_table) == (False, True, True)
    page = response.content.decode()
    assert 'name="by_mail" id="id_by_mail" checked' in page


def test_the_form_turns_everything_off_when_nothing_is_ticked(client):
    member = UserFactory()
    set_preference(user=member, by_push=True, by_mail=True, at_every_private_table=True)
    client.force_login(member)
    client.post(SAVE, {})
    assert not preference_of(member).wants_any


def test_the_form_refuses_mail_without_a_confirmed_address(client):
    member = _unconfirmed()
    client.force_login(member)
    response = client.post(SAVE, {"by_mail": "on", "by_push": "on"})
    words = [str(m) for m in get_messages(response.wsgi_request)]
    assert words == [
        "Mails need an email address you have confirmed. Add one under Email address, then try again."
    ]
    assert not NoticePreference.objects.filter(user=member).exists()


def test_signed_out_the_form_sends_to_sign_in_and_saves_nothing(client):
    response = client.post(SAVE, {"by_mail": "on"})
    assert response.status_code == 302 and reverse("account_login") in response["Location"]
    assert not NoticePreference.objects.exists()


def test_a_typed_address_goes_to_the_settings_page(client):
    client.force_login(UserFactory())
    response = client.get(SAVE)
    assert response.status_code == 302 and response["Location"] == reverse("accounts:settings")


def test_a_child_can_not_choose_for_themselves(client):
    child = family.add_child(parent=UserFactory(), tag="Mia")
    client.force_login(child)
    assert client.post(SAVE, {"by_push": "on"}).status_code == 403
    assert not NoticePreference.objects.exists()


def test_the_settings_page_carries_the_push_button_with_the_server_s_key(client, vapid):
    client.force_login(UserFactory())
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "Tell me when it&#x27;s my turn" in page or "Tell me when it's my turn" in page
    assert f'data-vapid-key="{vapid}"' in page


def test_with_push_off_the_button_says_so(client, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    client.force_login(UserFactory())
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "off on this server" in page
