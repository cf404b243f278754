"""The "changes since approval" box on a card's or a story's page: what an approver decides on."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from content import revisions
from content.models import Card, Status, Story, in_kind_order, subject_label


@dataclass(frozen=True)
class _Section:
    """One item's part of the diff: what changed in it since its own last approval."""

    label: str
    changes: list[revisions.FieldChange]
    since: int | None


def _section(obj: Card | Story, label: str = "") -> _Section:
    since = revisions.approved_revision(obj)
    return _Section(label, revisions.changes(obj, since=since), since)


def _render_changes(sections: list[_Section], *, since: int | None, editors: set[int]) -> SafeString:
    context = {
        "sections": sections,
        "since": since,
        "editors": sorted(u.email for u in get_user_model().objects.filter(pk__in=editors)),
    }
    return render_to_string("admin/content/changes.html", context)


def since_approval(obj: Card | Story) -> SafeString | str:
    """What changed since the last approval, side by side, and who may therefore not approve."""
    if not obj.pk:
        return "—"
    section = _section(obj)
    sections = [section] if section.changes else []
    return _render_changes(sections, since=section.since, editors=revisions.editors_since_approval(obj))


def story_since_approval(story: Story) -> SafeString | str:
    """The story's changes and those of each card not approved: all an approver decides on here."""
    if not story.pk:
        return "—"
    own = _section(story, _("The story"))
    waiting = [c for c in in_kind_order(story.cards.all()) if c.status != Status.APPROVED]
    cards = []
    for card in waiting:
        section = _section(card)
        said = {"item": subject_label(card), "status": card.get_status_display().lower()}
        if section.since:
            label = _("%(item)s (%(status)s)") % said
        else:
            label = _("%(item)s (%(status)s, never approved: all of it is new)") % said
        cards.append(_Section(label, section.changes, section.since))
    sections = [own, *cards] if own.changes or cards else []
    editors = set().union(*(revisions.editors_since_approval(i) for i in [story, *waiting]))
    return _render_changes(sections, since=own.since, editors=editors)
