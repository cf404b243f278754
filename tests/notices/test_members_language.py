"""A notice to one member is written in their own language (accounts/language.py), while the site
offers it; else in the site's. The clock's sweep and another member's move have no reader's request
to take a language from."""

from __future__ import annotations

import pytest
from django.utils import translation

from accounts.language import in_members_language, members_language
from notices import mail as turn_mail
from notices import trial
from notices.preferences import set_preference
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def every_language(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES


def test_a_member_s_own_language_while_the_site_offers_it(every_language):
    assert members_language(UserFactory(language="es")) == "es"
    assert members_language(UserFactory(language="pt")) == "pt"
    with in_members_language(UserFactory(language="es")):
        assert translation.get_language() == "es"


def test_no_choice_or_a_closed_language_is_the_site_s(settings):
    settings.LANGUAGES = [("en", "English")]
    assert members_language(UserFactory(language="es")) == "en"
    settings.LANGUAGES = settings.ALL_LANGUAGES
    assert members_language(UserFactory(language="")) == settings.LANGUAGE_CODE


def test_the_language_is_put_back_after_the_block(every_language):
    with translation.override("en"):
        with in_members_language(UserFactory(language="pt")):
            assert translation.get_language() == "pt"
        assert translation.get_language() == "en"


def test_a_turn_mail_is_written_in_the_member_s_language(every_language, telling):
    member = UserFactory(gamer_tag="Sam", language="es")
    set_preference(user=member, by_mail=True, at_every_private_table=False)
    with translation.override("en"):
        message = turn_mail.build(member, telling, member.email)
        html, _kind = message.alternatives[0]
        assert '<html lang="es">' in html
        assert translation.get_language() == "en"  # the sender's language, untouched


def test_an_english_member_s_mail_reads_as_before(telling):
    member = UserFactory(gamer_tag="Sam")
    message = turn_mail.build(member, telling, member.email)
    html, _kind = message.alternatives[0]
    assert '<html lang="en">' in html
    assert message.body.startswith(
        "Hello Sam,\n\nGrandma's table (KQXT) is waiting for you.\n\nOpen the table: "
    )
    assert "Open the table</a>" in html


def test_the_test_notice_is_made_in_the_member_s_language(every_language, monkeypatch):
    made_in = []

    def telling():
        made_in.append(translation.get_language())
        return trial.Telling(kind="test", title="t", body="b", url="/", tag="test")

    monkeypatch.setattr(trial, "trial_telling", telling)
    member = UserFactory(language="pt")
    with translation.override("en"):
        trial.send_test_notice(user=member)
    assert made_in == ["pt"]
