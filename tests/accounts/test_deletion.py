"""Deleting deletes (issue 49 item 5): a member's or a child's push subscriptions, notice choice and
notices, and django-axes's rows for the member's addresses, go with the account, whether its row is
deleted outright (it never played) or kept as "a former member" for its games. The games stay."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import family
from accounts.models import User
from game.models import Game, Seat
from game.protocol.messages import seat_name
from moderation.replays import full_replay, seat_replay
from notices.models import Notice, NoticePreference, PushSubscription
from tests.factories import PASSWORD, UserFactory
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db

FORMER = "a former member"
AXES_MODELS = (AccessAttempt, AccessLog, AccessFailureLog)


def told(user: User, table) -> None:
    """What the notices app keeps about a member: their choice, a browser's push address and keys,
    a notice still to send and one sent."""
    NoticePreference.objects.create(user=user, by_mail=True)
    PushSubscription.objects.create(
        user=user, endpoint=f"https://push.example.net/send/{user.pk}", p256dh="key", auth="auth"
    )
    if table is not None:
        Notice.objects.create(table=table, user=user, kind=Notice.Kind.YOUR_TURN, turn=1)
        Notice.objects.create(
            table=table, user=user, kind=Notice.Kind.YOUR_TURN, turn=2, sent_at=timezone.now(), mailed=True
        )


def notices_of(user_id: int) -> dict[str, int]:
    return {
        "preferences": NoticePreference.objects.filter(user_id=user_id).count(),
        "push subscriptions": PushSubscription.objects.filter(user_id=user_id).count(),
        "notices": Notice.objects.filter(user_id=user_id).count(),
    }


NOTHING = {"preferences": 0, "push subscriptions": 0, "notices": 0}


def sign_in_rows(typed: str, address: str = "203.0.113.7") -> None:
    """What axes's database handler writes for sign-ins typed with this email, from this address
    and browser (accounts/lockout.py lower-cases what was typed)."""
    facts = {
        "username": typed,
        "ip_address": address,
        "user_agent": "Mozilla/5.0 (the member's phone)",
        "http_accept": "text/html",
        "path_info": "/accounts/login/",
    }
    # Without axes's post_save (its cache handler, ours with Redis, cannot answer it).
    AccessAttempt.objects.bulk_create(
        [AccessAttempt(**facts, get_data="", post_data="login=" + typed, failures_since_start=2)]
    )
    AccessFailureLog.objects.create(**facts)
    AccessLog.objects.create(**facts)


def axes_rows(typed: str) -> int:
    return sum(model.objects.filter(username__iexact=typed).count() for model in AXES_MODELS)


def games_stay(game_id: int, position: int, user_id: int) -> None:
    """The game is still there, its seat still the deleted account's, named "a former member" at
    the table, in a player's replay and in the reviewers'."""
    game = Game.objects.get(pk=game_id)
    seat = Seat.objects.select_related("user").get(table_id=game.table_id, position=position)
    assert seat.user_id == user_id
    assert seat_name(seat) == FORMER
    assert {"seat": position, "tag": FORMER} in [
        {"seat": s["seat"], "tag": s["tag"]} for s in full_replay(game)["seats"]
    ]
    other = 1 if position != 1 else 2
    assert FORMER in [s["tag"] for s in seat_replay(game, other)["seats"]]


# A row deleted outright: the notices' rows go by their foreign keys; axes's rows are by address.


def test_a_member_who_never_played_takes_every_row_about_them_along(live_deck):
    member = UserFactory(email="Miriam@Example.org")
    EmailAddress.objects.create(user=member, email="miriam.old@example.org", primary=False, verified=True)
    other = UserFactory(email="aaron@example.org")
    elsewhere = deal_private_table(other, UserFactory())
    told(member, None)
    told(other, elsewhere)
    for typed in ("miriam@example.org", "miriam.old@example.org", "aaron@example.org"):
        sign_in_rows(typed)

    family.delete_account(user=member)

    assert not User.objects.filter(pk=member.pk).exists()
    assert notices_of(member.pk) == NOTHING
    assert axes_rows("miriam@example.org") == 0 and axes_rows("miriam.old@example.org") == 0
    # Nobody else's rows go.
    assert notices_of(other.pk) == {"preferences": 1, "push subscriptions": 1, "notices": 2}
    assert axes_rows("aaron@example.org") == 3


def test_the_notices_rows_cascade_with_a_deleted_row_by_themselves():
    """What the foreign keys do alone (on_delete=CASCADE): only when the row itself goes."""
    member = UserFactory()
    told(member, None)
    member.delete()
    assert notices_of(member.pk) == NOTHING


# A row kept for its games: nothing cascades, so each kind is deleted by name.


def test_a_member_who_played_keeps_only_the_seat_in_the_games(live_deck):
    member, friend = UserFactory(email="miriam@example.org"), UserFactory(email="aaron@example.org")
    EmailAddress.objects.create(user=member, email="Miriam.Old@example.org", primary=False, verified=True)
    table = deal_private_table(friend, member)
    told(member, table)
    told(friend, table)
    sign_in_rows("miriam@example.org")
    sign_in_rows("miriam.old@example.org", address="198.51.100.20")  # a guesser's, on the old address
    sign_in_rows("aaron@example.org")

    family.delete_account(user=member)

    gone = User.objects.get(pk=member.pk)
    assert (gone.email, gone.gamer_tag, gone.is_active) == (None, "", False)
    assert notices_of(member.pk) == NOTHING
    assert not EmailAddress.objects.filter(user_id=member.pk).exists()
    assert axes_rows("miriam@example.org") == 0 and axes_rows("miriam.old@example.org") == 0
    assert notices_of(friend.pk) == {"preferences": 1, "push subscriptions": 1, "notices": 2}
    assert axes_rows("aaron@example.org") == 3
    games_stay(table.game.pk, position=2, user_id=member.pk)


def test_a_child_who_played_keeps_only_the_seat_in_the_games(live_deck):
    parent = UserFactory(email="mum@example.org")
    child = family.add_child(parent=parent, tag="Sam")
    table = deal_private_table(parent, child)
    told(child, table)
    told(parent, table)

    assert family.delete_child(parent=parent, child_id=child.pk) == "Sam"

    assert User.objects.filter(pk=child.pk, gamer_tag="", is_active=False).exists()
    assert notices_of(child.pk) == NOTHING
    assert notices_of(parent.pk) == {"preferences": 1, "push subscriptions": 1, "notices": 2}
    games_stay(table.game.pk, position=2, user_id=child.pk)


def test_a_child_who_never_played_leaves_nothing():
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    told(child, None)
    family.delete_child(parent=parent, child_id=child.pk)
    assert not User.objects.filter(pk=child.pk).exists()
    assert notices_of(child.pk) == NOTHING


def test_a_parent_deleting_their_account_takes_their_childrens_rows_too(live_deck):
    parent = UserFactory(email="mum@example.org")
    child = family.add_child(parent=parent, tag="Sam")
    table = deal_private_table(parent, child)
    told(parent, table)
    told(child, table)
    sign_in_rows("mum@example.org")

    family.delete_account(user=parent)

    for user_id in (parent.pk, child.pk):
        assert notices_of(user_id) == NOTHING
    assert axes_rows("mum@example.org") == 0
    games_stay(table.game.pk, position=1, user_id=parent.pk)
    games_stay(table.game.pk, position=2, user_id=child.pk)


def test_rows_left_by_axes_database_handler_go_under_its_cache_handler_too(settings, live_deck):
    """With Redis, axes's cache handler is ours, and it cannot answer an AccessAttempt's
    post_delete: rows from before (the database handler) must not make deleting fail."""
    settings.AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
    member = UserFactory(email="miriam@example.org")
    deal_private_table(UserFactory(), member)
    sign_in_rows("miriam@example.org")
    family.delete_account(user=member)
    assert axes_rows("miriam@example.org") == 0
    assert not User.objects.filter(pk=member.pk, is_active=True).exists()


def test_the_rows_axes_itself_writes_go_with_the_account(client, live_deck):
    if not settings.AXES_HANDLER.endswith("AxesDatabaseHandler"):
        pytest.skip("with Redis, axes keeps counts in the cache only (no rows)")
    member = UserFactory(email="miriam@example.org")
    deal_private_table(UserFactory(), member)  # so the row stays, and nothing cascades
    stranger = Client(REMOTE_ADDR="203.0.113.66")
    stranger.post(reverse("account_login"), {"login": "MIRIAM@example.org", "password": "a-guess-1"})
    phone = Client(REMOTE_ADDR="198.51.100.10")
    phone.post(reverse("account_login"), {"login": "miriam@example.org", "password": PASSWORD})
    assert "_auth_user_id" in phone.session
    assert AccessLog.objects.filter(username__iexact="miriam@example.org").exists()
    assert axes_rows("miriam@example.org") >= 1

    phone.post(reverse("accounts:delete_account"), {"confirm": "yes"})

    assert axes_rows("miriam@example.org") == 0
    assert not User.objects.filter(pk=member.pk, is_active=True).exists()


def test_the_privacy_page_says_what_goes_and_what_stays(client):
    page = client.get(reverse("privacy")).content.decode()
    deleting = page.split('id="privacy-delete"', 1)[1]
    for part in ["What goes", "push address", "failed sign-ins", "What stays", FORMER, "backups"]:
        assert part in deleting, part
