"""Each member chooses how they are told it's their turn, on their settings page: one control per way
(a device set up, or mail), and words that say where notices go, or that they go nowhere."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.messages import get_messages
from django.urls import reverse

from accounts import family
from justalllowgod.lib.refusals import Code, Refusal
from notices.models import NoticePreference, PushSubscription
from notices.preferences import preference_of, set_preference, stop_mail
from notices.reach import reach_of
from tests.factories import UserFactory
from tests.notices.support import keep_device

pytestmark = pytest.mark.django_db

SAVE = "/notices/settings/"
NOBODY = (
    "Nothing tells you when it's your turn just now: no phone or computer is set up to be told, "
    "and email is off."
)


def _unconfirmed():
    user = UserFactory()
    EmailAddress.objects.filter(user=user).update(verified=False)
    return user


def _page(client, member) -> str:
    client.force_login(member)
    return client.get(reverse("accounts:settings")).content.decode()


def _said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_a_member_with_no_choice_yet_reads_as_told_nothing_and_nothing_is_saved():
    member = UserFactory()
    preference = preference_of(member)
    assert preference.pk is not None and preference._state.adding  # the pk is the member's
    assert not preference.by_mail and not preference.at_every_private_table
    assert not reach_of(member).anywhere
    assert not NoticePreference.objects.exists()


def test_set_preference_saves_each_choice_and_changes_them_later():
    member = UserFactory()
    set_preference(user=member, by_mail=True, at_every_private_table=True)
    set_preference(user=member, by_mail=True, at_every_private_table=False)
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_mail, saved.at_every_private_table) == (True, False)


def test_mail_is_refused_to_a_member_without_a_confirmed_address_and_nothing_changes():
    member = _unconfirmed()
    set_preference(user=member, by_mail=False, at_every_private_table=False)
    with pytest.raises(Refusal) as refused:
        set_preference(user=member, by_mail=True, at_every_private_table=True)
    assert refused.value.code == Code.NO_MAIL_ADDRESS
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_mail, saved.at_every_private_table) == (False, False)


def test_stop_mail_keeps_the_other_choices_and_the_devices(vapid):
    member = UserFactory()
    set_preference(user=member, by_mail=True, at_every_private_table=True)
    keep_device(member)
    stop_mail(user=member)
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_mail, saved.at_every_private_table) == (False, True)
    assert reach_of(member).by_push


def test_a_new_member_s_page_says_plainly_that_nothing_tells_them(client, vapid):
    page = _page(client, UserFactory())
    assert '<h2 id="turn-notices-title">When it\'s your turn</h2>' in page
    assert NOBODY.replace("'", "&#x27;") in page
    assert "No phone or computer is set up to be told." in page
    # One control per way: no box that claims a notification without a device behind it.
    assert 'name="by_push"' not in page
    assert "Tell me on this device" in page
    for name in ("by_mail", "at_every_private_table"):
        assert f'<label class="check-label" for="id_{name}"><input type="checkbox" name="{name}"' in page
    assert 'name="by_mail" id="id_by_mail" disabled' not in page
    assert "Tables that play over days always count" in page
    assert "Send me a test notice" in page


def test_the_page_lists_each_device_by_name_and_date_with_its_own_stop(client, vapid):
    member = UserFactory()
    phone = keep_device(member, device="Chrome on Android")
    laptop = keep_device(member, device="")
    keep_device(UserFactory(), device="Firefox on Windows")  # another member's: never listed
    page = _page(client, member)
    assert page.count('class="device"') == 2
    assert "Chrome on Android" in page and "A phone or computer" in page
    assert "Firefox on Windows" not in page
    assert page.count("Stop telling this device") == 2
    for device in (phone, laptop):
        assert f'data-device="{device.fingerprint}"' in page
        assert f'action="/notices/devices/{device.pk}/stop/"' in page
        assert device.endpoint not in page  # the endpoint stays a secret of the server's
    assert "Added " in page
    assert "No phone or computer is set up to be told." not in page
    assert "We&#x27;ll tell you on 2 devices when it&#x27;s your turn." in page


def test_the_mail_choice_is_disabled_with_a_note_without_a_confirmed_address(client):
    page = _page(client, _unconfirmed())
    assert 'name="by_mail" id="id_by_mail" disabled aria-describedby="by-mail-note"' in page
    assert "Mails need an email address you have confirmed" in page


def test_mail_chosen_with_no_confirmed_address_left_is_said_to_reach_nobody(client, vapid):
    member = UserFactory()
    set_preference(user=member, by_mail=True, at_every_private_table=False)
    EmailAddress.objects.filter(user=member).update(verified=False)  # later: the address went
    page = _page(client, member)
    assert "You chose email, but there's no confirmed email address to send it to" in page
    assert (
        "Nothing tells you when it&#x27;s your turn just now: no phone or computer is set up to be told, "
        "and there&#x27;s no confirmed email address to send to."
    ) in page


def test_the_form_saves_and_says_the_whole_truth(client, vapid):
    member = UserFactory()
    client.force_login(member)
    response = client.post(SAVE, {"by_mail": "on", "at_every_private_table": "on"}, follow=True)
    assert response.redirect_chain == [(reverse("accounts:settings"), 302)]
    assert "We'll tell you by email when it's your turn." in [str(m) for m in response.context["messages"]]
    saved = NoticePreference.objects.get(user=member)
    assert (saved.by_mail, saved.at_every_private_table) == (True, True)
    assert 'name="by_mail" id="id_by_mail" checked' in response.content.decode()
    keep_device(member)
    response = client.post(SAVE, {"by_mail": "on"})
    assert _said(response) == ["We'll tell you by email and on 1 device when it's your turn."]


def test_saving_with_nothing_ticked_says_nothing_tells_them(client, vapid):
    member = UserFactory()
    set_preference(user=member, by_mail=True, at_every_private_table=True)
    client.force_login(member)
    response = client.post(SAVE, {})
    assert not reach_of(member).anywhere
    assert _said(response) == [NOBODY]


def test_the_form_refuses_mail_without_a_confirmed_address(client):
    member = _unconfirmed()
    client.force_login(member)
    response = client.post(SAVE, {"by_mail": "on"})
    assert _said(response) == [
        "Mails need an email address you have confirmed. Add one under Email address, then try again."
    ]
    assert not NoticePreference.objects.filter(user=member).exists()


def test_stop_telling_a_device_forgets_it_and_never_another_members(client, vapid):
    member, other = UserFactory(), UserFactory()
    phone, theirs = keep_device(member, device="Safari on iPhone"), keep_device(other)
    client.force_login(member)
    response = client.post(f"/notices/devices/{theirs.pk}/stop/")
    assert response.status_code == 302 and PushSubscription.objects.filter(pk=theirs.pk).exists()
    assert _said(response) == ["That device isn't told any more."]
    response = client.post(f"/notices/devices/{phone.pk}/stop/")
    assert not PushSubscription.objects.filter(pk=phone.pk).exists()
    assert _said(response)[-2:] == ["We won't tell Safari on iPhone any more.", NOBODY]


def test_signed_out_the_forms_send_to_sign_in_and_change_nothing(client, vapid):
    device = keep_device(UserFactory())
    for path in (SAVE, f"/notices/devices/{device.pk}/stop/", "/notices/test/"):
        response = client.post(path, {"by_mail": "on"})
        assert response.status_code == 302 and reverse("account_login") in response["Location"]
    assert not NoticePreference.objects.exists() and PushSubscription.objects.count() == 1


@pytest.mark.parametrize("path", [SAVE, "/notices/test/", "/notices/devices/1/stop/"])
def test_a_typed_address_goes_to_the_settings_page(client, path):
    client.force_login(UserFactory())
    response = client.get(path)
    assert response.status_code == 302 and response["Location"] == reverse("accounts:settings")


def test_a_child_can_not_choose_for_themselves(client):
    child = family.add_child(parent=UserFactory(), tag="Mia")
    client.force_login(child)
    assert client.post(SAVE, {"by_mail": "on"}).status_code == 403
    assert client.post("/notices/test/").status_code == 403
    assert not NoticePreference.objects.exists()


def test_the_settings_page_carries_the_device_button_with_the_server_s_key(client, vapid):
    page = _page(client, UserFactory())
    assert "Tell me on this device" in page
    assert f'data-vapid-key="{vapid}"' in page


def test_with_push_off_the_page_says_so_and_counts_no_device(client, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    member = UserFactory()
    keep_device(member)
    page = _page(client, member)
    assert "Notices to phones and computers are off on this server just now." in page
    assert "notices to phones and computers are off on this server, and email is off." in page
    assert not reach_of(member).by_push
