"""Mails to the content team about work waiting for them, sent after the step commits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.language import in_members_language
from accounts.mail import mail_after_commit
from content.models import Card, Story, Translation
from justalllowgod.lib.site_address import absolute_url

APPROVE_PERMISSIONS = ("approve_card", "approve_story", "approve_translation")
Item = Card | Story | Translation


def approvers() -> list[Any]:
    """Everyone who may approve content: through a group, in person, or as a superuser."""
    perms = Permission.objects.filter(content_type__app_label="content", codename__in=APPROVE_PERMISSIONS)
    found = get_user_model().objects.filter(
        Q(is_superuser=True) | Q(groups__permissions__in=perms) | Q(user_permissions__in=perms),
        is_active=True,
    )
    return list(found.distinct())


def _name(item: Item) -> str:
    if isinstance(item, Card):
        return _("- %(kind)s: %(title)s (%(story)s)") % {
            "kind": item.get_kind_display(),
            "title": item.title,
            "story": item.story.title,
        }
    if isinstance(item, Translation):
        return _("- %(language)s: %(item)s") % {
            "language": item.get_language_display(),
            "item": item.original_label,
        }
    return _("- Story: %(title)s") % {"title": item.title}


def _title(item: Item) -> str:
    """What a mail's subject names: the title, or for a translation what it translates."""
    return str(item) if isinstance(item, Translation) else item.title


def _names(items: Sequence[Item]) -> str:
    return "\n".join(_name(item) for item in items)


def item_link(items: Sequence[Item]) -> str:
    """The absolute address of the page to decide on: the story when the items are of one story."""
    if len(items) == 1 and isinstance(items[0], Card | Translation):
        path = reverse(f"admin:content_{items[0]._meta.model_name}_change", args=[items[0].pk])
        return absolute_url(path)
    stories = {i.pk if isinstance(i, Story) else getattr(i, "story_id", None) for i in items}
    if len(stories) == 1 and None not in stories:
        path = reverse("admin:content_story_change", args=[stories.pop()])
    else:
        path = reverse("admin:content_story_changelist") + "?status__exact=in_review"
    return absolute_url(path)


def submitted(items: Sequence[Item], *, by: Any) -> None:
    """Approvers hear that something waits for their review (never the one who sent it)."""
    for approver in sorted((u for u in approvers() if u.pk != by.pk), key=lambda u: u.email or ""):
        with in_members_language(approver):
            said = {"who": by.email, "items": _names(items), "link": item_link(items)}
            body = _("%(who)s sent these for review:\n%(items)s\n\nOpen it: %(link)s") % said
            subject = _("Waiting for your review: %(title)s") % {"title": _title(items[0])}
        mail_after_commit(to=[approver], subject=subject, body=body, team=True)


def reopened(items: Sequence[Item], *, by: Any) -> None:
    """Approvers hear that approved content was edited (one mail for one save of a story's page):
    the approved version stays dealt meanwhile."""
    if not items:
        return
    for approver in sorted((u for u in approvers() if u.pk != by.pk), key=lambda u: u.email or ""):
        with in_members_language(approver):
            said = {"who": by.email, "items": _names(items), "link": item_link(items)}
            body = (
                _(
                    "%(who)s edited approved content, so it is back in review:\n%(items)s\n\n"
                    "New games keep dealing the approved version until you decide. Open it: %(link)s"
                )
                % said
            )
            subject = _("Edited after approval: %(title)s") % {"title": _title(items[0])}
        mail_after_commit(to=[approver], subject=subject, body=body, team=True)


def decided(items: Sequence[Item], *, by: Any, approved: bool, note: str = "") -> None:
    """The editors of the work hear that it was approved, or what should change."""
    editors = {
        item.last_edited_by for item in items if item.last_edited_by_id and item.last_edited_by_id != by.pk
    }
    for editor in sorted(editors, key=lambda u: u.email or ""):
        with in_members_language(editor):
            said = {"who": by.email, "items": _names(items), "note": note, "link": item_link(items)}
            if approved:
                body = _("%(who)s approved:\n%(items)s\n\nOpen it: %(link)s") % said
                subject = _("Approved: %(title)s") % {"title": _title(items[0])}
            else:
                if note:
                    words = _(
                        "%(who)s sent back with a note:\n%(items)s\n\nWhat should change:\n%(note)s"
                        "\n\nOpen it: %(link)s"
                    )
                else:
                    words = _("%(who)s sent back with a note:\n%(items)s\n\nOpen it: %(link)s")
                body = words % said
                subject = _("Changes requested: %(title)s") % {"title": _title(items[0])}
        mail_after_commit(to=[editor], subject=subject, body=body, team=True)
