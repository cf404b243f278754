"""A family: children's accounts a member manages, signed in on a device by a one-time QR.

A child is a `User` with no email, no usable password and a `managed_by` link to their parent.
Only the parent names them, lets them play at public tables, signs them in on a device, ends a
device's session, and deletes them. Every service here locks the parent's row first, so two taps
from two of the parent's phones cannot both pass a check (a seventh child, a reused QR).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from importlib import import_module

from axes.models import AccessAttempt, AccessAttemptExpiration, AccessFailureLog, AccessLog
from django.apps import apps
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.db.models.deletion import ProtectedError
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.models import ChildDevice, ChildSignIn, FormerTag, Managed, User
from accounts.services import set_gamer_tag, tag_is_taken
from accounts.sockets import end_session_sockets, recheck_member_sockets
from accounts.tags import approved_agent_names, validate_gamer_tag
from justalllowgod.lib.limits import count
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal

# Sent inside the transaction when a member or child may no longer sit anywhere: user.
leaving_tables = Signal()
# Sent after a parent's "Play now off" commits: user. Not inside it: the child's row is locked there,
# and seating locks a table before that row, so waiting for tables here could deadlock.
public_play_off = Signal()
# Sent inside the deleting transaction, before the row goes: user. Apps that copied the member's tag
# somewhere (moderation's flag evidence) forget it then.
forgetting_member = Signal()

MAX_CHILDREN = 6
SIGN_IN_VALID = timedelta(minutes=10)
# Wrong sign-in secrets one address may send in the window before it waits: no family mistypes a
# 43-character secret, so these are scripts.
WRONG_SECRET_LIMIT = 10
WRONG_SECRET_WINDOW_SECONDS = 600


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


PARENT_AWAY = gettext_lazy(
    "Your grown-up's account can't play right now, so yours waits too. Ask them about it."
)


def _locked_parent(parent: User, *, changing: bool = False) -> User:
    """The parent's row, locked; a child's own account is never a parent. `changing` (add, rename,
    allow public play, a new QR): refused while a reviewer restricts the parent, who could
    otherwise play on through a child."""
    parent = User.objects.select_for_update().get(pk=parent.pk)
    if parent.is_managed or not parent.is_active:
        raise Refusal(Code.NOT_A_PARENT)
    if changing and parent.restriction() is not None:
        raise Refusal(Code.PARENT_RESTRICTED)
    return parent


def parent_keeps_from_tables(user: User) -> str | None:
    """Why a child may not play because of their parent (restricted, inactive or gone), or None;
    read from the parent's row now, so call it inside the act's transaction."""
    if not user.managed_by_id:
        return None
    parent = (
        User.objects.filter(pk=user.managed_by_id)
        .only("is_active", "restriction_kind", "restricted_until")
        .first()
    )
    if parent is None or not parent.is_active or parent.restriction() is not None:
        return str(PARENT_AWAY)  # in the reader's language, a plain str for sockets and logs
    return None


def _locked_child(parent: User, child_id: int | str, *, changing: bool = False) -> User:
    """The parent's child, locked after the parent's row; anyone else's answers alike."""
    parent = _locked_parent(parent, changing=changing)
    try:
        return children(parent).select_for_update().get(pk=int(child_id))
    except (User.DoesNotExist, ValueError, TypeError):
        raise Refusal(Code.NOT_YOUR_CHILD) from None


def children(parent: User) -> QuerySet[User]:
    """The parent's children's accounts (the guests a member let sit and the children of a class
    they lead are theirs to manage too, but are no family's: accounts/guests.py, classes/)."""
    return User.objects.filter(managed_by=parent).exclude(managed_as__in=[Managed.GUEST, Managed.CLASS])


@transaction.atomic
def add_child(*, parent: User, tag: str) -> User:
    """A child's account with only a gamer tag (the same rules as everyone's), at most six. A tag
    of the wrong shape is a ValidationError (the form's own check); every other "no" is a Refusal."""
    parent = _locked_parent(parent, changing=True)
    tag = validate_gamer_tag(tag, agent_names=approved_agent_names())
    if children(parent).count() >= MAX_CHILDREN:
        raise Refusal(Code.TOO_MANY_CHILDREN)
    if tag_is_taken(tag):
        raise Refusal(Code.TAG_TAKEN)
    child = User(
        gamer_tag=tag, tag_changed_at=timezone.now(), managed_by=parent, managed_as=Managed.CHILD, email=None
    )
    child.set_unusable_password()
    try:
        with transaction.atomic():
            child.save()
    except IntegrityError:
        raise Refusal(Code.TAG_TAKEN) from None
    return child


@transaction.atomic
def set_public_play(*, parent: User, child_id: int | str, allowed: bool) -> User:
    """Let a child use Play now and public tables, or keep them to tables joined by code."""
    child = _locked_child(parent, child_id, changing=True)
    child.may_play_public = allowed
    child.save(update_fields=["may_play_public"])
    if not allowed:  # the public tables still waiting let them go; a dealt game plays on
        transaction.on_commit(lambda: public_play_off.send(sender=User, user=child))
    return child


@transaction.atomic
def set_child_language(*, parent: User, child_id: int | str, language: str) -> User:
    """The language a child reads the site in, on every device they sign in on ("" follows the
    device's browser). Only a language the site is written in and offers now."""
    from accounts.language import offered

    if language and language not in offered():
        raise ValidationError(
            gettext_lazy("That language is not one the site is written in."), code="language"
        )
    child = _locked_child(parent, child_id, changing=True)
    child.language = language
    child.save(update_fields=["language"])
    return child


@transaction.atomic
def issue_sign_in(*, parent: User, child_id: int | str) -> str:
    """A fresh one-time secret for the child's QR; only its hash is kept, and it is shown once. The
    child's earlier QRs stop working (a photo of the last one on the fridge signs nobody in)."""
    child = _locked_child(parent, child_id, changing=True)
    secret = secrets.token_urlsafe(32)
    now = timezone.now()
    ChildSignIn.objects.filter(child=child, used_at__isnull=True, expires_at__gt=now).update(used_at=now)
    ChildSignIn.objects.create(
        child=child, secret_hash=_hash(secret), created_at=now, expires_at=now + SIGN_IN_VALID
    )
    return secret


def _wrong_secret_key(ip: str) -> str:
    return f"child-sign-in:wrong:{ip or 'unknown'}"


def _count_wrong_secret(ip: str) -> None:
    count(_wrong_secret_key(ip), window=WRONG_SECRET_WINDOW_SECONDS)


def require_sign_in_not_throttled(ip: str) -> None:
    """Refuse an address that sent too many unknown secrets (asked when one more is unknown)."""
    if (cache.get(_wrong_secret_key(ip)) or 0) >= WRONG_SECRET_LIMIT:
        raise Refusal(Code.TOO_MANY_QR_TRIES)


@transaction.atomic
def redeem_sign_in(*, secret: str, ip: str = "") -> User:
    """The child this secret signs in, marking it used; expired, used or unknown secrets are refused
    alike and change nothing. An unknown one counts against the address, which waits once it sent
    too many; a right one is never refused for that (it is 256 bits: counting misses is enough,
    and one child's junk on a school network never locks the class out)."""
    sign_in = (
        ChildSignIn.objects.select_for_update()
        .select_related("child")
        .filter(secret_hash=_hash(secret or ""))
        .first()
    )
    if sign_in is None:
        require_sign_in_not_throttled(ip)
        _count_wrong_secret(ip)
        raise Refusal(Code.QR_NOT_VALID)
    now = timezone.now()
    child = sign_in.child
    if sign_in.used_at is not None or sign_in.expires_at <= now or not child.is_child or not child.is_active:
        raise Refusal(Code.QR_NOT_VALID)
    sign_in.used_at = now
    sign_in.save(update_fields=["used_at"])
    return child


def record_device(*, child: User, session_key: str) -> ChildDevice:
    """Remember the session a QR opened, so the parent can see and end it."""
    device, _ = ChildDevice.objects.update_or_create(session_key=session_key, defaults={"child": child})
    return device


def _end_device(device: ChildDevice) -> None:
    """The session is deleted at once and its sockets close after commit (R38's sign-out); axes's
    record of that sign-in (its address, its browser, the path it came by) goes with it."""
    import_module(settings.SESSION_ENGINE).SessionStore(device.session_key).delete()
    AccessLog.objects.filter(session_hash=hashlib.sha256(device.session_key.encode()).hexdigest()).delete()
    end_session_sockets(device.session_key)
    device.delete()


def end_devices(person: User) -> None:
    """Sign out every device a managed account was signed in on (its row locked by the caller)."""
    for device in list(person.devices.all()):
        _end_device(device)


def _leave_tables(user: User) -> None:
    # accounts cannot call game (game builds on accounts), so it announces this inside the
    # transaction and game (its AppConfig.ready) lets JagAI take every seat they held, as R38 does.
    leaving_tables.send(sender=User, user=user)


@transaction.atomic
def end_device(*, parent: User, device_id: int | str) -> User:
    """End one of a child's sessions; with no device left, the child leaves their tables too."""
    parent = _locked_parent(parent)
    try:
        device = ChildDevice.objects.select_related("child").get(pk=int(device_id), child__managed_by=parent)
    except (ChildDevice.DoesNotExist, ValueError, TypeError):
        raise Refusal(Code.NOT_YOUR_DEVICE) from None
    child = User.objects.select_for_update().get(pk=device.child_id)
    _end_device(device)
    if not live_devices(child):  # a device whose session expired signs nobody in
        _leave_tables(child)
    return child


@transaction.atomic
def delete_child(*, parent: User, child_id: int | str) -> str:
    """Delete a child's account and what it holds about them; their games stay, their seat shown
    as "a former member". Returns the tag they had, for the parent's message."""
    child = _locked_child(parent, child_id)
    tag = child.gamer_tag
    delete_managed(child)
    return tag


def delete_managed(person: User) -> None:
    """Delete a managed account (a child's or a guest's, its row locked by the caller) and what it
    holds about them: its sessions end, JagAI takes its seats, and a row that never sat anywhere
    goes entirely; one whose games keep its seats stays with no name (read "a former member", or
    "a guest")."""
    end_devices(person)
    _leave_tables(person)
    forgetting_member.send(sender=User, user=person)
    person.sign_ins.all().delete()
    FormerTag.objects.filter(user=person).delete()
    _forget_notices(person)
    try:
        with transaction.atomic():
            person.delete()
    except ProtectedError:
        _keep_only_a_former_member(person)
    recheck_member_sockets(person.pk)  # any session no device row names closes too


@transaction.atomic
def delete_account(*, user: User) -> None:
    """A member deletes their own account, and every child's account in their family with it.
    Their games stay, their seats shown as "a former member"; their other browsers are signed out
    at once (an inactive account has no session: Django's auth backend and the sockets refuse it)."""
    user = _locked_parent(user)
    for person in list(User.objects.select_for_update().filter(managed_by=user)):
        delete_managed(person)  # their children, and the guests they let sit
    _leave_tables(user)
    forgetting_member.send(sender=User, user=user)
    FormerTag.objects.filter(user=user).delete()
    addresses = _addresses_of(user)
    _forget_sign_in_records(user)
    _forget_notices(user)
    _forget_failed_sign_ins(addresses)
    try:
        with transaction.atomic():
            user.delete()
    except ProtectedError:
        _keep_only_a_former_member(user)
    recheck_member_sockets(user.pk)


def _forget_sign_in_records(user: User) -> None:
    """allauth's rows about the member (addresses, passkeys) go too, whatever is installed."""
    for label, model in (
        ("account", "EmailAddress"),
        ("mfa", "Authenticator"),
        ("socialaccount", "SocialAccount"),
    ):
        if apps.is_installed(f"allauth.{label}"):
            apps.get_model(label, model).objects.filter(user=user).delete()


def _forget_notices(user: User) -> None:
    """How the member was told it was their turn goes: their choice, each browser's push address
    and keys, and every notice to them, sent or not. (A row deleted outright takes them with it;
    a row kept for its games would not.)"""
    for model in ("NoticePreference", "PushSubscription", "Notice"):
        apps.get_model("notices", model).objects.filter(user=user).delete()


def _addresses_of(user: User) -> set[str]:
    """Every email address of the member (their own and allauth's), lower-cased as axes keeps them."""
    addresses = {user.email} if user.email else set()
    if apps.is_installed("allauth.account"):
        rows = apps.get_model("account", "EmailAddress").objects.filter(user=user)
        addresses |= set(rows.values_list("email", flat=True))
    return {address.strip().lower() for address in addresses if address}


def _forget_failed_sign_ins(addresses: set[str]) -> None:
    """django-axes's rows name the account by the address typed (accounts/lockout.py), with the IP
    address and the browser: failed sign-ins, and each sign-in with its database handler. Those
    for the member's addresses go, whoever typed them. (With Redis, axes keeps only a count under
    a scrambled key, gone within AXES_COOLOFF_TIME.)"""
    if not addresses:
        return
    named = Q()
    for address in addresses:
        named |= Q(username__iexact=address)
    AccessLog.objects.filter(named).delete()
    AccessFailureLog.objects.filter(named).delete()
    # axes answers an AccessAttempt's post_delete through its handler, and its cache handler (ours
    # with Redis) has no such method: rows left from the database handler would make deleting
    # fail. So they go without signals, after what points at them (no handler needs to hear of it:
    # the database handler's hook does nothing).
    attempts = AccessAttempt.objects.filter(named)
    AccessAttemptExpiration.objects.filter(access_attempt__in=attempts).delete()
    attempts._raw_delete(attempts.db)


def _keep_only_a_former_member(user: User) -> None:
    """Games keep their seats (game and moderation records protect them): the row stays with no
    tag, no email, no password and no family, and can never sign in again."""
    user.gamer_tag = ""
    user.tag_changed_at = None
    user.email = None
    user.managed_by = None
    user.may_play_public = False
    user.is_active = False
    user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


def live_devices(child: User) -> list[ChildDevice]:
    """The child's devices whose session is still live; the rows of expired or ended sessions
    (an old scan on the same tablet, a session cleared away) are deleted, as they sign nobody in."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    live, stale = [], []
    for device in child.devices.all():
        data = store(device.session_key).load()
        (live if str(data.get(SESSION_KEY)) == str(child.pk) else stale).append(device)
    if stale:
        ChildDevice.objects.filter(pk__in=[device.pk for device in stale]).delete()
    return live


def children_of(parent: User) -> list[User]:
    """The parent's children, by tag, each with the devices still signed in (`live_devices`)."""
    family = list(children(parent).order_by("gamer_tag").prefetch_related("devices"))
    for child in family:
        child.live_devices = live_devices(child)
    return family


@transaction.atomic
def rename_child(*, parent: User, child_id: int | str, tag: str) -> User:
    """The parent changes a child's tag, under the same rules as anyone's change (once a month
    after the first day): a tag of the wrong shape is a ValidationError, any other "no" a Refusal."""
    child = _locked_child(parent, child_id, changing=True)
    return set_gamer_tag(user=child, tag=tag)


def parent_of(user: User) -> User | None:
    """Who hears about a child's account: their parent (None for anyone else)."""
    return user.managed_by if user.managed_by_id else None
