"""Mails to the content team about work waiting for them, sent after the step commits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Q
from django.urls import reverse

from accounts.mail import mail_after_commit
from content.models import Card, Story
from justalllowgod.lib.site_address import absolute_url

APPROVE_PERMISSIONS = ("approve_card", "approve_story")


def approvers() -> list[Any]:
    """Everyone who may approve content: through a group, in person, or as a superuser."""
    perms = Permission.objects.filter(content_type__app_label="content", codename__in=APPROVE_PERMISSIONS)
    found = get_user_model().objects.filter(
        Q(is_superuser=True) | Q(groups__permissions__in=perms) | Q(user_permissions__in=perms),
        is_active=True,
    )
    return list(found.distinct())


def _names(items: Sequence[Card | Story]) -> str:
    return "\n".join(
        f"- {item.get_kind_display()}: {item.title} ({item.story.title})"
        if isinstance(item, Card)
        else f"- Story: {item.title}"
        for item in items
    )


def item_link(items: Sequence[Card | Story]) -> str:
    """The absolute address of the page to decide on: the story when the items are of one story."""
    stories = {i.pk if isinstance(i, Story) else i.story_id for i in items}
    if len(items) == 1 and isinstance(items[0], Card):
        path = reverse("admin:content_card_change", args=[items[0].pk])
    elif len(stories) == 1:
        path = reverse("admin:content_story_change", args=[stories.pop()])
    else:
        path = reverse("admin:content_story_changelist") + "?status__exact=in_review"
    return absolute_url(path)


def submitted(items: Sequence[Card | Story], *, by: Any) -> None:
    """Approvers hear that something waits for their review (never the one who sent it)."""
    body = f"{by.email} sent these for review:\n{_names(items)}\n\nOpen it: {item_link(items)}"
    others = [u for u in approvers() if u.pk != by.pk]
    mail_after_commit(to=others, subject=f"Waiting for your review: {items[0].title}", body=body, team=True)


def reopened(items: Sequence[Card | Story], *, by: Any) -> None:
    """Approvers hear that approved content was edited (one mail for one save of a story's page):
    the approved version stays dealt meanwhile."""
    if not items:
        return
    body = (
        f"{by.email} edited approved content, so it is back in review:\n{_names(items)}\n\n"
        f"New games keep dealing the approved version until you decide. Open it: {item_link(items)}"
    )
    others = [u for u in approvers() if u.pk != by.pk]
    mail_after_commit(to=others, subject=f"Edited after approval: {items[0].title}", body=body, team=True)


def decided(items: Sequence[Card | Story], *, by: Any, approved: bool, note: str = "") -> None:
    """The editors of the work hear that it was approved, or what should change."""
    editors = {
        item.last_edited_by for item in items if item.last_edited_by_id and item.last_edited_by_id != by.pk
    }
    what = "approved" if approved else "sent back with a note"
    body = f"{by.email} {what}:\n{_names(items)}" + (f"\n\nWhat should change:\n{note}" if note else "")
    body += f"\n\nOpen it: {item_link(items)}"
    subject = f"{'Approved' if approved else 'Changes requested'}: {items[0].title}"
    mail_after_commit(to=editors, subject=subject, body=body, team=True)
