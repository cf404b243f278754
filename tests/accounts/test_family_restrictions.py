"""A restricted or gone parent never plays on through a child: the child may not sit down or act,
and the parent may not add, rename, open up or sign in a child until the restriction ends."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import family
from accounts.models import ChildSignIn, RestrictionKind, User
from game import services
from game.models import Game, Seat, Table
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.trust import suspend

pytestmark = pytest.mark.django_db


def restrict(member: User, kind: str = RestrictionKind.SUSPENSION) -> None:
    """The restriction fields as moderation's decisions keep them (the withdrawal is tested apart)."""
    member.restriction_kind = kind
    member.restricted_until = (
        timezone.now() + timedelta(days=3) if kind == RestrictionKind.SUSPENSION else None
    )
    member.save(update_fields=["restriction_kind", "restricted_until"])


def child_signed_in(parent: User, child: User) -> Client:
    secret = family.issue_sign_in(parent=parent, child_id=child.pk)
    device = Client()
    assert device.post(reverse("family_sign_in", args=[secret])).status_code == 302
    return device


@pytest.mark.parametrize("kind", [RestrictionKind.SUSPENSION, RestrictionKind.BAN])
def test_a_child_may_not_sit_down_while_their_parent_is_restricted(live_deck, kind):
    parent = UserFactory(gamer_tag="Dad")
    child = family.add_child(parent=parent, tag="Alt_Dad")
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    host = UserFactory(gamer_tag="Host")
    table = services.create_private_table(user=host).table
    restrict(parent, kind)
    for sit in (
        lambda: services.play_now(user=child).table,
        lambda: services.join_by_code(user=child, code=table.code).table,
    ):
        with pytest.raises(Refusal) as refused:
            sit()
        assert refused.value.code == "restricted"
        assert "grown-up" in refused.value.message
    assert not Seat.objects.filter(user=child).exists()


def test_a_child_may_not_sit_down_once_their_parent_is_inactive(live_deck):
    parent = UserFactory(gamer_tag="Gone")
    child = family.add_child(parent=parent, tag="Kid")
    User.objects.filter(pk=parent.pk).update(is_active=False)
    with pytest.raises(Refusal) as refused:
        services.create_private_table(user=child)
    assert refused.value.code == "restricted"


def test_a_suspended_parent_cannot_play_now_through_a_child_on_the_site(live_deck):
    """The reviewer's probe: suspended, add a child, allow public play, sign the child in, Play now."""
    parent = UserFactory(gamer_tag="Dad")
    child = family.add_child(parent=parent, tag="Alt_Dad")
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    device = child_signed_in(parent, child)
    table = deal_private_table(parent, UserFactory(gamer_tag="Other"))
    suspend(parent, Game.objects.get(table=table), days=30)
    device.post(reverse("play_now"))
    assert not Seat.objects.filter(user=child, table__kind=Table.Kind.PUBLIC).exists()


def test_a_childs_move_is_refused_at_the_act_once_the_parent_is_restricted(live_deck):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    device = child_signed_in(parent, child)
    table = deal_private_table(child, UserFactory(gamer_tag="Friend"))
    game = Game.objects.get(table=table)
    restrict(parent)
    with pytest.raises(Refusal) as refused:
        services.play_move(
            table_id=table.pk,
            user=child,
            session_key=device.cookies["sessionid"].value,
            move_id="m",
            version=game.version,
            move={},
        )
    assert refused.value.code == "restricted"
    assert Game.objects.get(table=table).version == game.version


def test_suspending_a_parent_withdraws_their_child_from_tables_without_the_parent(live_deck):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    table = deal_private_table(child, UserFactory(gamer_tag="Friend"))
    other = deal_private_table(parent, UserFactory(gamer_tag="Pal"))
    suspend(parent, Game.objects.get(table=other))
    seat = Seat.objects.get(table=table, user=child)
    assert seat.left_at is not None


def test_a_restricted_parent_cannot_change_the_family(client):
    parent = UserFactory(gamer_tag="Dad")
    child = family.add_child(parent=parent, tag="Kid")
    restrict(parent, RestrictionKind.BAN)
    changes = [
        lambda: family.add_child(parent=parent, tag="Alt_Dad"),
        lambda: family.set_public_play(parent=parent, child_id=child.pk, allowed=True),
        lambda: family.issue_sign_in(parent=parent, child_id=child.pk),
        lambda: family.rename_child(parent=parent, child_id=child.pk, tag="Alt_Kid"),
    ]
    for change in changes:
        with pytest.raises(Refusal) as refused:
            change()
        assert refused.value.code == Code.PARENT_RESTRICTED
    child.refresh_from_db()
    assert child.gamer_tag == "Kid" and not child.may_play_public
    assert not ChildSignIn.objects.exists() and parent.children.count() == 1
    client.force_login(parent)
    response = client.post(reverse("family"), {"gamer_tag": "Alt_Dad"}, follow=True)
    assert "restricted" in response.content.decode()
    assert not User.objects.filter(gamer_tag="Alt_Dad").exists()


def test_a_restricted_parent_may_still_delete_a_child():
    parent = UserFactory(gamer_tag="Dad")
    child = family.add_child(parent=parent, tag="Kid")
    restrict(parent)
    assert family.delete_child(parent=parent, child_id=child.pk) == "Kid"


def test_switching_play_now_off_takes_the_child_from_public_tables_still_waiting(
    live_deck, django_capture_on_commit_callbacks
):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    public = services.play_now(user=UserFactory(gamer_tag="Stranger")).table
    assert services.play_now(user=child).table == public
    private = deal_private_table(parent, child, start=False)
    with django_capture_on_commit_callbacks(execute=True):
        family.set_public_play(parent=parent, child_id=child.pk, allowed=False)
    assert not Seat.objects.filter(table=public, user=child).exists()
    assert Seat.objects.filter(table=public).count() == 1  # the stranger still waits there
    assert Seat.objects.filter(table=private, user=child).exists()  # tables joined by code stay


def test_switching_play_now_back_on_before_the_withdrawal_runs_keeps_the_seat(
    live_deck, django_capture_on_commit_callbacks
):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    public = services.play_now(user=child).table
    with django_capture_on_commit_callbacks(execute=False) as pending:
        family.set_public_play(parent=parent, child_id=child.pk, allowed=False)
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    for callback in pending:
        callback()
    assert Seat.objects.filter(table=public, user=child).exists()
