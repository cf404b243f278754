"""The per-act check (game/services/authority.py) reads the member and their session in one plain
statement, and refuses exactly what the session store and the account refuse."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import RestrictionKind, User
from game import store
from game.services.authority import member_refusal
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db


def _read(user_id: int, key: str, now):
    return store.member_and_session(store.MemberQuery(user_id, key, now, Session))


def _code(refusal) -> str | None:
    return None if refusal is None else refusal.code


def test_a_signed_in_member_may_act_and_the_check_is_one_statement():
    member = UserFactory()
    key = signed_in_session(member)
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        assert member_refusal(user_id=member.pk, session_key=key) is None
    reads = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(reads) == 1


def test_the_statement_reads_the_member_and_the_session_as_the_orm_and_the_store_do():
    member = UserFactory()
    member.restriction_kind = RestrictionKind.SUSPENSION
    member.restricted_until = timezone.now() + timedelta(days=2)
    member.save()
    key = signed_in_session(member)
    user, encoded = _read(member.pk, key, timezone.now())
    stored = User.objects.get(pk=member.pk)
    for name in store.MEMBER_FIELDS:
        assert getattr(user, name) == getattr(stored, name)
    assert encoded == Session.objects.get(session_key=key).session_data


def test_an_expired_session_a_wrong_key_and_an_unknown_member_read_as_nothing():
    member = UserFactory()
    key = signed_in_session(member)
    later = timezone.now() + timedelta(days=400)
    assert _read(member.pk, key, later)[1] is None
    assert _read(member.pk, "x" * 32, timezone.now())[1] is None
    assert _read(member.pk + 1000, key, timezone.now()) == (None, None)


def test_a_session_of_another_member_an_ended_session_and_an_inactive_account_are_refused():
    member, other = UserFactory(), UserFactory()
    key = signed_in_session(member)
    assert _code(member_refusal(user_id=other.pk, session_key=key)) == "signed_out"
    assert _code(member_refusal(user_id=member.pk, session_key="")) == "signed_out"
    User.objects.filter(pk=member.pk).update(is_active=False)
    assert _code(member_refusal(user_id=member.pk, session_key=key)) == "signed_out"
    User.objects.filter(pk=member.pk).update(is_active=True)
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    assert _code(member_refusal(user_id=member.pk, session_key=key)) == "signed_out"


def test_a_new_password_ends_the_session_and_a_restriction_refuses_with_its_words():
    member = UserFactory()
    key = signed_in_session(member)
    User.objects.filter(pk=member.pk).update(restriction_kind=RestrictionKind.BAN)
    refusal = member_refusal(user_id=member.pk, session_key=key)
    assert _code(refusal) == "restricted" and refusal.status == 403
    User.objects.filter(pk=member.pk).update(restriction_kind="", password="pbkdf2_sha256$1$new$x")
    assert _code(member_refusal(user_id=member.pk, session_key=key)) == "signed_out"


def test_a_tampered_session_is_refused():
    member = UserFactory()
    key = signed_in_session(member)
    data = Session.objects.get(session_key=key).session_data
    Session.objects.filter(session_key=key).update(session_data="x" + data[1:])
    assert _code(member_refusal(user_id=member.pk, session_key=key)) == "signed_out"


def test_a_session_signed_in_under_a_fallback_key_still_acts_until_the_key_is_dropped(settings):
    member = UserFactory()
    key = signed_in_session(member)
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "a-new-secret-key-Zq9xV2mL7pR4tW8yB3nC6kD1fG5hJ0sA-for-this-test"
    settings.SECRET_KEY_FALLBACKS = [old]
    assert member_refusal(user_id=member.pk, session_key=key) is None
    settings.SECRET_KEY_FALLBACKS = []
    assert _code(member_refusal(user_id=member.pk, session_key=key)) == "signed_out"


def test_another_session_engine_is_asked_through_its_own_store(settings):
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
    member = UserFactory()
    key = signed_in_session(member)
    with CaptureQueriesContext(connection) as queries:
        assert member_refusal(user_id=member.pk, session_key=key) is None
    assert not any("django_session" in q["sql"] for q in queries)
    assert _code(member_refusal(user_id=member.pk, session_key=key[:-3] + "abc")) == "signed_out"
