"""A family: children's accounts a parent adds, signs in by a one-time QR, lets play, and deletes."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.sessions.models import Session
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from accounts import family
from accounts.models import ChildDevice, ChildSignIn, User
from game import services
from game.models import Seat, Table
from justalllowgod.lib.refusals import WORDS, Code, Refusal
from tests.deck import load_deck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def qr_url(parent_client: Client, child) -> str:
    """The sign-in URL the parent's QR page shows (the QR image encodes the same URL)."""
    page = parent_client.post(reverse("family_sign_in_qr", args=[child.pk]))
    assert page.status_code == 200
    return page.context["url"]


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def child_device(parent_client: Client, child) -> Client:
    """A second device, signed in as the child by the parent's QR: a GET, then the one tap."""
    device = Client()
    path = path_of(qr_url(parent_client, child))
    assert device.get(path).status_code == 200
    assert device.post(path).status_code == 302
    return device


# Adding children


def test_a_member_adds_a_child_with_only_a_gamer_tag(client):
    parent = UserFactory()
    client.force_login(parent)
    response = client.post(reverse("family"), {"gamer_tag": "Sam_7"})
    assert response.status_code == 302
    child = User.objects.get(gamer_tag="Sam_7")
    assert child.managed_by == parent and child.is_child
    assert child.email is None and not child.has_usable_password()
    assert not child.may_play_public  # off by default
    assert "Sam_7" in client.get(reverse("family")).content.decode()


def test_a_childs_tag_follows_the_same_rules_and_filter_as_everyones(client):
    parent = UserFactory()
    UserFactory(gamer_tag="Taken")
    client.force_login(parent)
    for bad in ["a!", "JagAI", "Taken", "taken"]:
        response = client.post(reverse("family"), {"gamer_tag": bad})
        assert response.status_code == 400
    assert not parent.children.exists()


def test_a_seventh_child_is_refused_with_a_clear_message_and_nothing_changes(client):
    parent = UserFactory()
    for n in range(family.MAX_CHILDREN):
        family.add_child(parent=parent, tag=f"Kid{n}")
    client.force_login(parent)
    response = client.post(reverse("family"), {"gamer_tag": "Kid7"})
    assert response.status_code == 400
    assert "up to 6 children" in response.content.decode()
    # The words live with every code's (refusals.py imports no app): they name this module's number.
    assert f"up to {family.MAX_CHILDREN} children" in WORDS[Code.TOO_MANY_CHILDREN]
    with pytest.raises(Refusal) as refused:
        family.add_child(parent=parent, tag="Kid7")
    assert refused.value.code == Code.TOO_MANY_CHILDREN
    assert parent.children.count() == 6 and not User.objects.filter(gamer_tag="Kid7").exists()


def test_a_child_cannot_have_children_of_their_own():
    child = family.add_child(parent=UserFactory(), tag="Sam")
    with pytest.raises(Refusal) as refused:
        family.add_child(parent=child, tag="Sammy")
    assert refused.value.code == Code.NOT_A_PARENT


# The sign-in QR


def test_the_parents_qr_signs_the_child_in_on_another_device_with_a_normal_session(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    device = child_device(client, child)
    home = device.get(reverse("home"))
    assert home.wsgi_request.user == child
    assert ChildDevice.objects.filter(child=child, session_key=device.session.session_key).exists()
    assert client.get(reverse("home")).wsgi_request.user == parent  # the parent's phone stays theirs


def test_the_qr_page_shows_a_qr_image_of_the_sign_in_url_and_keeps_only_a_hash(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    page = client.post(reverse("family_sign_in_qr", args=[child.pk]))
    secret = page.context["url"].rstrip("/").rsplit("/", 1)[1]
    assert len(secret) >= 40
    assert 'src="data:image/svg+xml;base64,' in page.content.decode()
    assert page["Cache-Control"] == "no-store"
    stored = ChildSignIn.objects.get(child=child)
    assert stored.secret_hash != secret and secret not in stored.secret_hash


def test_a_used_qr_cannot_be_replayed(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    path = path_of(qr_url(client, child))
    assert Client().post(path).status_code == 302
    again = Client()
    response = again.post(path)
    assert response.status_code == 400
    assert "works once" in response.content.decode()
    assert again.get(reverse("home")).wsgi_request.user.is_anonymous
    assert ChildDevice.objects.filter(child=child).count() == 1


def test_an_expired_qr_is_refused_and_signs_nobody_in(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    path = path_of(qr_url(client, child))
    ChildSignIn.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    device = Client()
    assert device.post(path).status_code == 400
    assert device.get(reverse("home")).wsgi_request.user.is_anonymous
    assert ChildSignIn.objects.get().used_at is None


def test_a_forged_qr_is_refused_wrong_secrets_are_throttled_per_address_never_a_right_one(client):
    child = family.add_child(parent=UserFactory(), tag="Sam")
    device = Client()
    for n in range(family.WRONG_SECRET_LIMIT):
        assert device.post(reverse("family_sign_in", args=[f"forged{n}"])).status_code == 400
    # Past the limit another unknown secret waits...
    response = device.post(reverse("family_sign_in", args=["forged-once-more"]))
    assert response.status_code == 429
    assert "wait ten minutes" in response.content.decode()
    # ...but a right one from the same address still signs the child in (issue 49: one child's
    # junk on a school network never locks out the class).
    secret = family.issue_sign_in(parent=child.managed_by, child_id=child.pk)
    response = device.post(reverse("family_sign_in", args=[secret]))
    assert response.status_code == 302
    assert ChildSignIn.objects.get().used_at is not None


def test_a_qr_signs_in_only_the_child_it_was_made_for():
    parent = UserFactory()
    sam, ben = family.add_child(parent=parent, tag="Sam"), family.add_child(parent=parent, tag="Ben")
    secret = family.issue_sign_in(parent=parent, child_id=sam.pk)
    assert family.redeem_sign_in(secret=secret) == sam
    assert ChildSignIn.objects.get().child == sam and not ben.sign_ins.exists()


def test_nobody_makes_a_qr_or_changes_anything_for_a_child_not_in_their_family(client):
    child = family.add_child(parent=UserFactory(), tag="Sam")
    client.force_login(UserFactory())
    for name in ["family_sign_in_qr", "family_public_play", "family_delete"]:
        response = client.post(reverse(name, args=[child.pk]), {"allowed": "on", "confirm": "yes"})
        assert response.status_code == 302
    child.refresh_from_db()
    assert not child.may_play_public and not ChildSignIn.objects.exists()
    assert User.objects.filter(pk=child.pk, gamer_tag="Sam").exists()


# What a child may do


def test_a_child_is_refused_play_now_until_the_parent_allows_it():
    load_deck()  # Play now deals only from a ready deck
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    with pytest.raises(Refusal) as refused:
        services.play_now(user=child)
    assert refused.value.code == "family_tables_only"
    assert not Table.objects.filter(kind=Table.Kind.PUBLIC).exists()
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    assert services.play_now(user=child).table.is_public


def test_a_child_joins_a_private_table_by_code_but_a_public_one_only_if_allowed():
    load_deck()  # Play now deals only from a ready deck
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    private = services.create_private_table(user=parent).table
    assert services.join_by_code(user=child, code=private.code).table == private
    public = services.play_now(user=UserFactory()).table
    with pytest.raises(Refusal) as refused:
        services.join_by_code(user=child, code=public.code)
    assert refused.value.code == "family_tables_only"
    assert not Seat.objects.filter(table=public, user=child).exists()


def test_the_parents_permission_is_read_at_the_act_not_from_the_childs_loaded_row():
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    family.set_public_play(parent=parent, child_id=child.pk, allowed=True)
    family.set_public_play(parent=parent, child_id=child.pk, allowed=False)
    child.may_play_public = True  # a stale copy, as a request that began earlier would hold
    with pytest.raises(Refusal):
        services.play_now(user=child)


def test_the_parent_turns_play_now_on_from_the_family_page(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    client.post(reverse("family_public_play", args=[child.pk]), {"allowed": "on"})
    child.refresh_from_db()
    assert child.may_play_public


CHILD_CLOSED_POSTS = [
    ("accounts:settings", {"gamer_tag": "NewName"}),
    ("accounts:choose_tag", {"gamer_tag": "NewName"}),
    ("accounts:team_mail", {"team_mail": "on"}),
    ("family", {"gamer_tag": "NewName"}),
    ("accounts:delete_account", {"confirm": "yes"}),
    ("account_change_password", {"password1": "x" * 12, "password2": "x" * 12}),
    ("account_set_password", {"password1": "x" * 12, "password2": "x" * 12}),
    ("account_email", {"email": "kid@example.org", "action_add": ""}),
    ("admin:index", {}),
    ("admin:accounts_user_changelist", {}),
    ("review_queue", {}),
]


@pytest.mark.parametrize(("name", "data"), CHILD_CLOSED_POSTS)
def test_a_childs_post_to_any_account_admin_or_review_url_is_refused_and_changes_nothing(client, name, data):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    device = child_device(client, child)
    before = User.objects.filter(pk=child.pk).values().get()
    response = device.post(reverse(name), data)
    assert response.status_code == 403
    assert "for grown-ups" in response.content.decode()
    assert User.objects.filter(pk=child.pk).values().get() == before
    assert device.get(reverse(name)).status_code == 403


def test_a_child_never_reaches_the_admin_or_review_pages_whatever_groups_exist(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    group = Group.objects.create(name="Everything")
    group.permissions.set(Permission.objects.all())
    child.groups.add(group)  # as an admin might, by mistake
    client.force_login(parent)
    device = child_device(client, child)
    assert not child.has_perm("moderation.review_case") and not child.has_module_perms("accounts")
    assert device.get(reverse("review_queue")).status_code == 403
    assert device.get(reverse("admin:index")).status_code == 403
    assert "Review" not in device.get(reverse("home")).content.decode().split("</nav>")[0]


def test_a_child_can_never_be_staff_or_superuser_in_the_database():
    child = family.add_child(parent=UserFactory(), tag="Sam")
    for field in ["is_staff", "is_superuser"]:
        with pytest.raises(IntegrityError), transaction.atomic():
            User.objects.filter(pk=child.pk).update(**{field: True})


def test_the_admin_refuses_to_make_a_child_staff_or_give_them_a_group(admin_client):
    child = family.add_child(parent=UserFactory(), tag="Sam")
    group = Group.objects.create(name="Reviewers-ish")
    url = reverse("admin:accounts_user_change", args=[child.pk])
    data = {
        "email": "",
        "gamer_tag": "Sam",
        "is_active": "on",
        "is_staff": "on",
        "groups": [group.pk],
        "date_joined_0": "2026-12-01",
        "date_joined_1": "12:00:00",
        "former_tags-TOTAL_FORMS": "0",
        "former_tags-INITIAL_FORMS": "0",
    }
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "can't be staff" in " ".join(response.context["adminform"].form.non_field_errors())
    child.refresh_from_db()
    assert not child.is_staff and not child.groups.exists()


def test_a_child_sees_their_own_games_and_the_header_has_no_settings_link(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    device = child_device(client, child)
    assert device.get(reverse("my_games")).status_code == 200
    header = device.get(reverse("home")).content.decode().split("</nav>")[0]
    assert reverse("accounts:settings") not in header and "Sam" in header


# Ending a session, deleting


def test_the_parent_ends_a_childs_session_on_one_device(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    device = child_device(client, child)
    record = ChildDevice.objects.get(child=child)
    response = client.post(reverse("family_end_device", args=[record.pk]))
    assert response.status_code == 302
    assert not Session.objects.filter(session_key=record.session_key).exists()
    assert not ChildDevice.objects.exists()
    assert device.get(reverse("home")).wsgi_request.user.is_anonymous


def test_nobody_else_ends_a_childs_session(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    child_device(client, child)
    record = ChildDevice.objects.get()
    other = signed_in(UserFactory())
    other.post(reverse("family_end_device", args=[record.pk]))
    assert Session.objects.filter(session_key=record.session_key).exists()


def test_delete_sam_deletes_a_child_who_never_played_entirely(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    child_device(client, child)
    response = client.post(reverse("family_delete", args=[child.pk]), {"confirm": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(pk=child.pk).exists()
    assert not ChildDevice.objects.exists() and not ChildSignIn.objects.exists()


def test_delete_without_the_tick_changes_nothing(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    client.post(reverse("family_delete", args=[child.pk]))
    assert User.objects.filter(pk=child.pk, gamer_tag="Sam").exists()


def test_delete_sam_keeps_the_games_with_the_seat_shown_as_a_former_member(live_deck):
    from game.protocol.messages import seat_name
    from tests.game.support import deal_private_table

    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    table = deal_private_table(parent, child)
    family.delete_child(parent=parent, child_id=child.pk)
    seat = Seat.objects.get(table=table, position=2)
    assert seat.user_id == child.pk and seat_name(seat) == "a former member"
    gone = User.objects.get(pk=child.pk)
    assert (gone.gamer_tag, gone.email, gone.managed_by, gone.is_active) == ("", None, None, False)
    assert not gone.has_usable_password()
    assert not User.objects.filter(gamer_tag__iexact="Sam").exists()  # the tag is free again
    assert seat.left_at is not None  # JagAI plays the seat on


def test_children_are_deleted_with_the_parents_account(client):
    parent = UserFactory()
    sam = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    child_device(client, sam)
    response = client.post(reverse("accounts:delete_account"), {"confirm": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(pk__in=[parent.pk, sam.pk]).exists()
    assert not ChildDevice.objects.exists()
    assert client.get(reverse("home")).wsgi_request.user.is_anonymous


def test_a_deletion_the_service_refuses_is_said_and_deletes_nothing(client, monkeypatch):
    """The page says what the service says when it refuses under its lock, and keeps the member
    signed in with their account whole (the service's own refusals are tested with it)."""
    parent = UserFactory()
    client.force_login(parent)

    def refuse(*, user):
        raise Refusal(Code.NOT_A_PARENT)

    monkeypatch.setattr(family, "delete_account", refuse)
    response = client.post(reverse("accounts:delete_account"), {"confirm": "yes"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("accounts:settings")
    assert escape(str(WORDS[Code.NOT_A_PARENT])) in response.content.decode()
    assert User.objects.filter(pk=parent.pk, is_active=True).exists()
    assert response.wsgi_request.user == parent


def test_a_member_who_played_keeps_only_a_former_member_row_when_deleted(live_deck):
    from tests.game.support import deal_private_table

    parent, friend = UserFactory(), UserFactory()
    deal_private_table(friend, parent)
    family.delete_account(user=parent)
    gone = User.objects.get(pk=parent.pk)
    assert (gone.gamer_tag, gone.email, gone.is_active) == ("", None, False)


def test_the_parent_renames_a_child_under_the_same_rules_as_anyones_tag(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    client.post(reverse("family_rename", args=[child.pk]), {"gamer_tag": "a!"})
    child.refresh_from_db()
    assert child.gamer_tag == "Sam"
    client.post(reverse("family_rename", args=[child.pk]), {"gamer_tag": "Samuel"})
    child.refresh_from_db()
    assert child.gamer_tag == "Samuel" and child.former_tags.filter(tag="Sam").exists()
    response = client.post(reverse("family_rename", args=[child.pk]), {"gamer_tag": "Sammy"}, follow=True)
    assert "once every 30 days" in response.content.decode()
    child.refresh_from_db()
    assert child.gamer_tag == "Samuel"


def test_nobody_else_renames_a_child():
    child = family.add_child(parent=UserFactory(), tag="Sam")
    with pytest.raises(Refusal) as refused:
        family.rename_child(parent=UserFactory(), child_id=child.pk, tag="Other")
    assert refused.value.code == Code.NOT_YOUR_CHILD
    child.refresh_from_db()
    assert child.gamer_tag == "Sam"


def test_a_child_signing_out_on_their_device_leaves_the_parents_list(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    device = child_device(client, child)
    assert device.post(reverse("account_logout")).status_code == 302
    assert not ChildDevice.objects.exists()


def test_the_family_page_lists_only_devices_still_signed_in(client):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    client.force_login(parent)
    child_device(client, child)
    child_device(client, child)
    Session.objects.filter(session_key=ChildDevice.objects.first().session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    page = client.get(reverse("family"))
    assert len(page.context["children"][0]["user"].live_devices) == 1
    assert page.content.decode().count("Sign out there") == 1


def test_the_team_still_needs_an_email_to_add_a_member_in_the_admin(admin_client):
    before = User.objects.count()
    data = {
        "email": "",
        "password1": "a-long-pass-phrase",
        "password2": "a-long-pass-phrase",
        "former_tags-TOTAL_FORMS": "0",
        "former_tags-INITIAL_FORMS": "0",
    }
    response = admin_client.post(reverse("admin:accounts_user_add"), data)
    assert response.status_code == 200 and User.objects.count() == before
    assert "email" in response.context["adminform"].form.errors
    data["email"] = "new.member@example.org"
    assert admin_client.post(reverse("admin:accounts_user_add"), data).status_code == 302
    assert User.objects.filter(email="new.member@example.org").exists()
