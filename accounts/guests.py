"""Guests: a person a host lets sit at their private table with a name and nothing else (R41).

A guest is a `User` with no email and no usable password, `managed_as` GUEST and `managed_by` the
host who let them sit, so the host answers for them as a parent does for a child. Its name follows
the same tag rules and filter as everyone's. game/services/guests.py asks, lets in and forgets
guests; this module makes the account, names it, and turns it into a member's when the guest keeps
their games by adding an email (checked by a code we mail).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from dataclasses import dataclass

from allauth.account.models import EmailAddress
from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.language import offered
from accounts.models import ChildDevice, Managed, User
from accounts.services import tag_is_taken
from accounts.tags import approved_agent_names, validate_gamer_tag
from justalllowgod.lib.limits import count
from justalllowgod.lib.refusals import Code, Refusal

# Friendly names a guest may take with one tap ("Joyful_Dove"): words from the stories' world.
KIND_WORDS = (
    "Joyful", "Gentle", "Brave", "Faithful", "Kind", "Bright", "Merry", "Patient",
    "Humble", "Cheerful", "Hopeful", "Peaceful", "Glad", "Steady", "Quiet", "Sunny",
)  # fmt: skip
STORY_THINGS = (
    "Dove", "Lamb", "Lion", "Olive", "Cedar", "Sparrow", "Shepherd", "Fig", "Lily",
    "Star", "River", "Harp", "Eagle", "Vine", "Lamp", "Well", "Fish", "Raven",
)  # fmt: skip


def suggested_names(count: int = 3, rng: random.Random | None = None) -> list[str]:
    """A few friendly names nobody plays as, different each time."""
    rng = rng or random.SystemRandom()
    names: list[str] = []
    while len(names) < count:
        name = free_name(f"{rng.choice(KIND_WORDS)}_{rng.choice(STORY_THINGS)}")
        if name not in names:
            names.append(name)
    return names


def free_name(name: str) -> str:
    """The name, or the name with the smallest number after it that nobody plays as."""
    if not tag_is_taken(name):
        return name
    for number in range(2, 1000):
        candidate = f"{name[: 20 - len(str(number))]}{number}"
        if not tag_is_taken(candidate):
            return candidate
    return f"{name[:14]}{secrets.randbelow(900_000) + 100_000}"


def guest_name(typed: str) -> str:
    """A typed name as a tag: spaces become _ ("Grandpa Joe" is Grandpa_Joe); then the tag rules and
    the filter, whose ValidationError says what is wrong."""
    tag = "_".join(typed.split())
    return validate_gamer_tag(tag, agent_names=approved_agent_names())


def make_guest(*, host: User, name: str, language: str = "") -> User:
    """A guest's account named `name`, managed by `host`, reading `language` (kept on the account
    when the site is written in it); call inside the asking transaction. A name of the wrong shape
    is a ValidationError; one somebody plays as gets the smallest free number after it ("Bea2"), as
    a class child's does, so nobody is turned away for a name."""
    typed = guest_name(name)
    for _try in range(3):
        tag = guest_name(free_name(typed))  # the number may not make a name the rules refuse
        guest = User(
            gamer_tag=tag,
            tag_changed_at=timezone.now(),
            managed_by=host,
            managed_as=Managed.GUEST,
            email=None,
            language=language if language in offered() else "",
        )
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError:  # someone took that name a moment ago: the next free one
            continue
        return guest
    raise Refusal(Code.TAG_TAKEN)


def give_new_name(guest: User) -> str:
    """A reviewer took the guest's name back: a guest has no page to choose one, so they get a
    friendly one nobody plays as (the row is locked by the caller)."""
    guest.gamer_tag = suggested_names(1)[0]
    guest.tag_changed_at = timezone.now()
    guest.save(update_fields=["gamer_tag", "tag_changed_at"])
    return guest.gamer_tag


# Keeping one's games: a code by mail proves the email is the guest's own.
KEEP_CODE_SECONDS = 15 * 60
KEEP_CODE_TRIES = 5
KEEP_SESSION_KEY = "guest_keep"


@dataclass(frozen=True)
class KeepCode:
    """The code mailed to an address, as the session holds it: only a hash, when it lapses, tries left."""

    email: str
    digest: str
    lapses_at: float
    tries_left: int

    def as_session(self) -> dict:
        return {
            "email": self.email,
            "digest": self.digest,
            "lapses_at": self.lapses_at,
            "tries": self.tries_left,
        }


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def _email_taken(email: str) -> bool:
    return (
        User.objects.filter(email__iexact=email).exists()
        or EmailAddress.objects.filter(email__iexact=email).exists()
    )


# Codes one guest, or one address, may be sent in an hour: enough for a typo or two, never a flood.
KEEP_CODES_PER_HOUR = 5
KEEP_MAIL = gettext_lazy(
    "Your code to keep your games at JustAllowGod is %(code)s.\n\n"
    "Type it on the page that asked for it, within 15 minutes. If you didn't ask, you can ignore this mail."
)
TAKEN_MAIL = gettext_lazy(
    "Someone playing as a guest at JustAllowGod asked to keep their games with this email address, "
    "but it already has an account here, so no code can do that.\n\n"
    "If it was you: sign in with this address next time you play. If it wasn't, you can ignore this mail."
)


def _spend_code_allowance(key: str) -> None:
    if count(key, window=3600) > KEEP_CODES_PER_HOUR:
        raise Refusal(Code.TOO_MANY_CODES)


def _checked_email(typed: str) -> str:
    email = User.objects.normalize_email(typed.strip())
    try:
        EmailValidator()(email)
    except ValidationError:
        raise Refusal(Code.BAD_EMAIL) from None
    if len(email) > 254:
        raise Refusal(Code.BAD_EMAIL)
    return email


def issue_keep_code(*, guest: User, email: str) -> tuple[str, KeepCode]:
    """The mail to send to this address and what the session keeps of its code. An address some
    account has is answered alike (the page never says who has an account): its mail says so
    instead of carrying a code, and no code typed can keep games with it."""
    if not guest.is_guest:
        raise Refusal(Code.NOT_A_GUEST)
    email = _checked_email(email)
    _spend_code_allowance(f"keep-codes:guest:{guest.pk}")
    _spend_code_allowance("keep-codes:address:" + hashlib.sha256(email.lower().encode()).hexdigest())
    code = f"{secrets.randbelow(1_000_000):06d}"
    if _email_taken(email):
        unusable = secrets.token_hex(16)  # never mailed: no code matches it
        return str(TAKEN_MAIL), KeepCode(
            email, _digest(unusable), time.time() + KEEP_CODE_SECONDS, KEEP_CODE_TRIES
        )
    return KEEP_MAIL % {"code": code}, KeepCode(
        email, _digest(code), time.time() + KEEP_CODE_SECONDS, KEEP_CODE_TRIES
    )


def check_keep_code(held: dict | None, code: str) -> str:
    """The email the code proves. A wrong code spends one of `held`'s tries (the session's dict,
    changed in place) and is refused; a lapsed code, or the last try spent, is refused until a new
    code is asked for."""
    if not held or held.get("lapses_at", 0) < time.time() or held.get("tries", 0) <= 0:
        raise Refusal(Code.KEEP_CODE_LAPSED)
    if hmac.compare_digest(_digest("".join(code.split())), held["digest"]):
        return held["email"]
    held["tries"] -= 1
    raise Refusal(Code.WRONG_KEEP_CODE if held["tries"] > 0 else Code.KEEP_CODE_LAPSED)


@transaction.atomic
def keep_games(*, guest: User, email: str) -> User:
    """The guest's account becomes a member's with this (proved) email: the same tag, the same
    games, nobody managing it any more. Refused if the email was taken meanwhile."""
    guest = User.objects.select_for_update().get(pk=guest.pk)
    if not guest.is_guest or not guest.is_active:
        raise Refusal(Code.NOT_A_GUEST)
    if _email_taken(email):
        raise Refusal(Code.EMAIL_TAKEN)
    guest.email = email
    guest.managed_by = None
    guest.managed_as = Managed.MEMBER
    try:
        with transaction.atomic():
            guest.save(update_fields=["email", "managed_by", "managed_as"])
            EmailAddress.objects.create(user=guest, email=email, verified=True, primary=True)
    except IntegrityError:  # another account took the address a moment ago
        raise Refusal(Code.EMAIL_TAKEN) from None
    # A member's sessions are their own: the host no longer sees (or ends) this device.
    ChildDevice.objects.filter(child=guest).delete()
    return guest


def name_problem(error: ValidationError | Refusal) -> str:
    """The words for a refused name, as the guest's form shows them."""
    return error.message if isinstance(error, Refusal) else " ".join(error.messages)
