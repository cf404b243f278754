"""Revisions of cards and stories (kept by django-simple-history): what changed, and who edited since approval."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Model

from content.models import Card, ReviewStep, Story

Subject = Card | Story
# The fields that reach players, as the history names them (a card's story is one of them).
REVISED_FIELDS = {
    Card: ("story", "kind", "title", "description", "reference", "verse_text"),
    Story: ("deck", "position", "title", "summary"),
}
APPROVALS = (ReviewStep.Action.APPROVED, ReviewStep.Action.LOADED)


@dataclass(frozen=True)
class FieldChange:
    """One field, before and after, in words."""

    field: str
    before: str
    after: str

    def __str__(self) -> str:
        return f"{self.field}: “{self.before}” → “{self.after}”"


def current_revision(subject: Subject) -> int | None:
    """The id of the subject's latest revision (None only for content never saved with history)."""
    return subject.history.order_by("-history_id").values_list("history_id", flat=True).first()


def approved_revision(subject: Subject) -> int | None:
    """The revision the latest approval was of, or None if it was never approved."""
    steps = subject.review_steps.filter(action__in=APPROVALS).order_by("-at", "-pk")
    return steps.values_list("revision", flat=True).first()


def editors_since_approval(subject: Subject) -> set[int]:
    """Everyone who made a revision since the last approval (every editor, if it was never approved)."""
    records = subject.history.exclude(history_user=None)
    base = approved_revision(subject)
    if base is not None:
        records = records.filter(history_id__gt=base)
    return set(records.values_list("history_user_id", flat=True))


def _shown(value: Any) -> str:
    if isinstance(value, Model):
        return str(value)
    return "" if value is None else str(value)


def changes(subject: Subject, *, since: int | None) -> list[FieldChange]:
    """Field by field, how the current revision differs from revision `since` (all of it if None)."""
    fields = REVISED_FIELDS[type(subject)]
    records = subject.history.order_by("-history_id")
    latest = records.first()
    if latest is None:
        return []
    old = records.filter(history_id=since).first() if since is not None else None
    label = {f: type(subject)._meta.get_field(f).verbose_name.capitalize() for f in fields}
    if old is None:
        return [FieldChange(label[f], "", _shown(getattr(latest, f))) for f in fields]
    delta = latest.diff_against(old, included_fields=fields, foreign_keys_are_objs=True)
    by_field = {c.field: c for c in delta.changes}
    return [
        FieldChange(label[f], _shown(by_field[f].old), _shown(by_field[f].new))
        for f in fields
        if f in by_field
    ]


@dataclass(frozen=True)
class LogEntry:
    """One line of an item's review history: a review step or a revision."""

    at: datetime
    who: str
    what: str
    note: str


def _who(user: Any) -> str:
    # Only the team reads the log, and the email says who it was without doubt.
    return user.email if user is not None else "the system"


def review_log(subject: Subject) -> list[LogEntry]:
    """Every review step and every revision (with what it changed), newest first."""
    steps = [
        LogEntry(s.at, s.actor_label, s.get_action_display(), s.note)
        for s in subject.review_steps.select_related("actor")
    ]
    fields = REVISED_FIELDS[type(subject)]
    records = list(subject.history.select_related("history_user").order_by("history_id"))
    edits = []
    for before, record in zip([None, *records], records, strict=False):
        if before is None:
            edits.append(LogEntry(record.history_date, _who(record.history_user), "Written", ""))
            continue
        delta = record.diff_against(before, included_fields=fields)
        changed = ", ".join(type(subject)._meta.get_field(c.field).verbose_name for c in delta.changes)
        edits.append(
            LogEntry(record.history_date, _who(record.history_user), "Edited", f"Changed: {changed}")
        )
    return sorted([*steps, *edits], key=lambda e: e.at, reverse=True)
