"""A parent practising with their child on one device: who the practice page and the review API
act for. The parent presses "Practise with <tag>" on the child's verses page; the session then
names the child (`SESSION_KEY`), and every request asks again whether that child is still this
parent's own family child (not a class child, not a guest, not deleted). Nothing else changes the
answer: no URL names the child, so no other page can act for them.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

from accounts import family
from accounts.models import User

# The session key that names the child a parent practises with on this device.
SESSION_KEY = "verses_for_child"


def family_child(parent: User, child_id: object) -> User | None:
    """The parent's own family child with this id, still active; None for anyone else's, a class's
    child, a guest, a child's own account asking, or an id that is no number."""
    if not getattr(parent, "is_authenticated", False) or parent.is_managed or not parent.is_active:
        return None
    try:
        pk = int(child_id)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return None
    child = family.children(parent).filter(pk=pk, is_active=True).first()
    return child if child is not None and child.is_child and not child.is_class_child else None


def practising_for(request: HttpRequest) -> tuple[User, User | None]:
    """(whose verses this request practises, who practises with them): (the child, the parent)
    while a parent practises with their child on this device, else (request.user, None). A session
    that names a child no longer the parent's forgets it."""
    child_id = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
    if child_id is None:
        return request.user, None
    child = family_child(request.user, child_id)
    if child is None:
        request.session.pop(SESSION_KEY, None)
        return request.user, None
    return child, request.user


def start_practising_with(request: HttpRequest, child: User) -> None:
    """This device practises with `child` (already checked to be the parent's) until stopped."""
    request.session[SESSION_KEY] = child.pk


def stop_practising_with(request: HttpRequest) -> User | None:
    """This device practises as the parent again; the child it practised with, if still theirs."""
    child_id = request.session.pop(SESSION_KEY, None)
    return family_child(request.user, child_id) if child_id is not None else None


def practice_path() -> str:
    """The practice page's address (verses/pages_urls.py); My verses' while it is not there."""
    for name in ("verses:practice", "verses:mine"):
        try:
            return reverse(name)
        except NoReverseMatch:
            continue
    return "/verses/"


def may_answer_for(user: User, owner_id: int) -> tuple[bool, User | None]:
    """Whether `user` may send answers for a card of `owner_id`'s, and who practised with the
    owner: (True, None) for their own; (True, the parent) for their own family child's (answers
    made while practising with the child may sync after "Practise as myself", so the review door
    asks this, not the session); (False, None) for anyone else's."""
    if owner_id == user.pk:
        return True, None
    if family_child(user, owner_id) is not None:
        return True, user
    return False, None
