"""Starting a class and joining it: the leader's code, and a child's name (issue 48, R41).

A class child is an `accounts.User` with `managed_as` CLASS and `managed_by` the leader: a name and
nothing else (no email, no password), the same tag rules and filter as anyone's. A name somebody
plays as gets the smallest free number after it ("Sam" is Sam2 today), so no child is turned away
for a name. A class code is six letters and digits; a code naming no class open to join counts as a
guess against the address (a whole classroom shares one, so it allows plenty of slips).
"""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.guests import free_name, guest_name
from accounts.models import Managed, User
from classes.models import CODE_LENGTH, CODE_LETTERS, MAX_CHILDREN, Classroom, Pupil
from game.services.access import check_may_play
from justalllowgod.lib.limits import count
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal

# Wrong class codes one address may type in ten minutes: a room of thirty children mistyping, never a script.
GUESSES_PER_ADDRESS = 60
GUESS_WINDOW_SECONDS = 600
# A code whose class is over: the child typed it right (or scanned last week's QR), so it is no
# guess; nothing else about that class is said. (In English here; said in the reader's words as
# gettext(CLASS_ENDED).)
CLASS_ENDED = gettext_noop("That class has ended. Ask your leader for the new code.")


def normalize(code: str) -> str:
    """A typed code as the board shows it: capitals, no spaces or dashes."""
    return "".join(code.split()).replace("-", "").upper()[:12]


def _new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


@transaction.atomic
def start_class(
    *, leader: User, cap: int = MAX_CHILDREN, teams: bool = False, agreed: bool = False
) -> Classroom:
    """A signed-in grown-up member starts a class (one running class at a time: theirs is returned).
    They confirm the children's parents agree; nothing is made otherwise."""
    leader = User.objects.select_for_update().get(pk=leader.pk)
    if leader.is_managed:
        raise Refusal(Code.NOT_A_PARENT)
    check_may_play(leader)
    if not agreed:
        raise Refusal(Code.AGREEMENT_NEEDED)
    running = Classroom.objects.running().filter(leader=leader).first()
    if running is not None:
        return running
    cap = max(1, min(int(cap), MAX_CHILDREN))
    for _try in range(20):
        try:
            with transaction.atomic():
                return Classroom.objects.create(leader=leader, code=_new_code(), cap=cap, teams=teams)
        except IntegrityError:
            continue  # another running class has that code
    raise Refusal(Code.NO_FREE_CODE)


def _guess_key(ip: str) -> str:
    return f"class-guess:ip:{ip or 'unknown'}"


def has_ended(code: str) -> bool:
    """Whether this code names a class that is over (and none running has it now)."""
    code = normalize(code)
    if not code or Classroom.objects.running().filter(code=code).exists():
        return False
    return Classroom.objects.filter(code=code, ended_at__isnull=False).exists()


def find_class(code: str, *, ip: str = "") -> Classroom:
    """The running class with this code. A code whose class has ended says so; any other code is a
    counted guess, refused (429) once the address guessed too often. Locked, full or moved-on
    classes are found: they say why."""
    key = _guess_key(ip)
    if (cache.get(key) or 0) >= GUESSES_PER_ADDRESS:
        raise Refusal(Code.TOO_MANY_TRIES)
    classroom = Classroom.objects.running().filter(code=normalize(code)).select_related("leader").first()
    if classroom is None:
        if has_ended(code):
            raise Refusal(Code.NO_SUCH_CLASS, _(CLASS_ENDED))
        count(key, window=GUESS_WINDOW_SECONDS)
        raise Refusal(Code.NO_SUCH_CLASS)
    return classroom


@transaction.atomic
def join_class(*, code: str, name: str, ip: str = "") -> Pupil:
    """A child joins a class open to joining, by its code and a name: their class account is made.
    A name of the wrong shape (or one the filter refuses) is a ValidationError; every other "no" a
    Refusal, and nothing is made."""
    found = find_class(code, ip=ip)
    classroom = Classroom.objects.select_for_update().get(pk=found.pk)
    if not classroom.takes_children:
        raise Refusal(Code.CLASS_LOCKED)
    if classroom.pupils.count() >= classroom.cap:
        raise Refusal(Code.CLASS_FULL)
    check_may_play(classroom.leader)  # a leader kept from tables runs no class
    tag = free_name(guest_name(name))
    child = User(
        gamer_tag=tag,
        tag_changed_at=timezone.now(),
        managed_by=classroom.leader,
        managed_as=Managed.CLASS,
        email=None,
    )
    child.set_unusable_password()
    try:
        with transaction.atomic():
            child.save()
    except IntegrityError:
        raise Refusal(Code.TAG_TAKEN) from None
    return Pupil.objects.create(classroom=classroom, user=child)


def way_in(code: str) -> str:
    """The class's join page: where a device signed in for one of its children goes once signed out."""
    return reverse("class_join_code", args=[code])
