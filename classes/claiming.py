"""Take-home cards (issue 48): the leader prints a card per child with a QR and a code; a parent
signed in on their own account types the code (or scans the QR) within the 7 days the class keeps
the child, and the child's class account, with its games, joins their family (accounts/family.py).

Only a hash of each code is kept; printing the cards again makes new codes (the old cards stop
working). Wrong codes count against the parent and their address, as every guessable code does.
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts import family
from accounts.models import Managed, User
from classes.leading import led_class
from classes.models import CODE_LETTERS, ClaimedCard, Pupil
from game.services.access import check_may_play
from justalllowgod.lib.limits import count
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal

CARD_LENGTH = 10
WRONG_CARDS = 10  # in ten minutes, by one parent or one address
WRONG_WINDOW_SECONDS = 600
# A card a parent used already: said so (the card is real), and nothing of whose child it was.
# (In English here; said in the reader's words as gettext(CARD_USED).)
CARD_USED = gettext_noop("This card has been used already.")


def _hash(code: str) -> str:
    return hashlib.sha256(normalize(code).encode()).hexdigest()


def normalize(code: str) -> str:
    return "".join(code.split()).replace("-", "").upper()[:20]


def spaced(code: str) -> str:
    """A card's code as printed, in two halves: ABCDE-FGHJK."""
    return f"{code[:5]}-{code[5:]}"


@transaction.atomic
def print_cards(*, leader: User, session_key: str | None, class_id: int | str) -> list[tuple[Pupil, str]]:
    """A fresh code for every child still in the class (shown on the printed cards only)."""
    classroom = led_class(leader, session_key, class_id, running=False)  # after the class, too
    cards = []
    kept = classroom.pupils.select_related("user").filter(
        user__managed_as=Managed.CLASS, user__is_active=True
    )
    for pupil in kept.filter(user__managed_by__isnull=False):
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CARD_LENGTH))
        pupil.claim_hash = _hash(code)
        pupil.save(update_fields=["claim_hash"])
        cards.append((pupil, code))
    return cards


def _keys(parent: User, ip: str) -> list[str]:
    return [f"card-guess:member:{parent.pk}", f"card-guess:ip:{ip or 'unknown'}"]


def _count_wrong(parent: User, ip: str) -> None:
    for key in _keys(parent, ip):
        count(key, window=WRONG_WINDOW_SECONDS)


@transaction.atomic
def claim_child(*, parent: User, code: str, ip: str = "") -> User:
    """The child on this card joins the parent's family, with their games: a family's child now
    (their class devices are signed out). Refused, changing nothing, for a code no card carries, a
    parent kept from tables, or a family of six already; a card used once says so the next time."""
    if any((cache.get(key) or 0) >= WRONG_CARDS for key in _keys(parent, ip)):
        raise Refusal(Code.TOO_MANY_TRIES)
    found = Pupil.objects.select_related("user", "classroom").filter(claim_hash=_hash(code or ""))
    pupil = found.first() if normalize(code or "") else None
    if (
        pupil is None
        and normalize(code or "")
        and ClaimedCard.objects.filter(claim_hash=_hash(code)).exists()
    ):
        raise Refusal(Code.CARD_NOT_VALID, _(CARD_USED))
    if pupil is None or not pupil.user.is_class_child:
        _count_wrong(parent, ip)
        raise Refusal(Code.CARD_NOT_VALID)
    if pupil.classroom.ended_at is None:
        raise Refusal(Code.CARD_TOO_SOON)
    parent = User.objects.select_for_update().get(pk=parent.pk)
    if parent.is_managed or not parent.is_active:
        raise Refusal(Code.NOT_A_PARENT)
    check_may_play(parent)
    if family.children(parent).count() >= family.MAX_CHILDREN:
        raise Refusal(Code.TOO_MANY_CHILDREN)
    child = (
        User.objects.select_for_update()
        .filter(pk=pupil.user_id, managed_as=Managed.CLASS, managed_by__isnull=False, is_active=True)
        .first()
    )
    if child is None or not Pupil.objects.select_for_update().filter(pk=pupil.pk).exists():
        # Forgotten, or claimed by another parent, a moment ago.
        used = ClaimedCard.objects.filter(claim_hash=pupil.claim_hash).exists()
        raise Refusal(Code.CARD_NOT_VALID, _(CARD_USED) if used else None)
    family.end_devices(child)
    child.managed_by, child.managed_as, child.may_play_public = parent, Managed.CHILD, False
    child.save(update_fields=["managed_by", "managed_as", "may_play_public"])
    ClaimedCard.objects.create(classroom=pupil.classroom, claim_hash=pupil.claim_hash)
    pupil.delete()
    return child
