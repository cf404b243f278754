"""Revisions of cards and stories (kept by django-simple-history): what changed, and who edited since approval."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Model
from django.utils.translation import gettext as _

from content.models import FIELD_LABELS, SYSTEM_NAME, Card, ReviewStep, Story, Translation, person_label

Subject = Card | Story | Translation
# The fields that reach players, as the history names them (a card's story is one of them).
REVISED_FIELDS = {
    Card: ("story", "kind", "title", "description", "reference", "verse_text"),
    Story: ("deck", "position", "title", "summary"),
    Translation: ("language", "title", "description"),
}
# A withdrawn change puts back exactly the content last approved, so it counts as that approval.
APPROVALS = (ReviewStep.Action.APPROVED, ReviewStep.Action.LOADED, ReviewStep.Action.WITHDRAWN)


@dataclass(frozen=True)
class FieldChange:
    """One field, before and after, in words."""

    field: str
    before: str
    after: str

    def __str__(self) -> str:
        return _("%(field)s: “%(before)s” → “%(after)s”") % {
            "field": self.field,
            "before": self.before,
            "after": self.after,
        }


def current_revision(subject: Subject) -> int | None:
    """The id of the subject's latest revision (None only for content never saved with history)."""
    return subject.history.order_by("-history_id").values_list("history_id", flat=True).first()


def approved_revision(subject: Subject) -> int | None:
    """The revision the latest approval was of, or None if it was never approved."""
    steps = subject.review_steps.filter(action__in=APPROVALS).order_by("-at", "-pk")
    return steps.values_list("revision", flat=True).first()


def number_of(subject: Subject, history_id: int) -> int:
    """A revision as the team counts them: 1 for the first, 2 for the next (history ids are global)."""
    return subject.history.filter(history_id__lte=history_id).count()


def history_id_of(subject: Subject, number: int) -> int | None:
    """The history id of revision `number` of this subject, or None if there is no such revision."""
    if number < 1:
        return None
    ids = subject.history.order_by("history_id").values_list("history_id", flat=True)
    return next(iter(ids[number - 1 : number]), None)


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
    label = {f: str(FIELD_LABELS[f]) for f in fields}
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


# Steps taken in the same act as the revision they are about: the log shows the two as one row.
MADE_WITH_A_REVISION = (ReviewStep.Action.REOPENED, ReviewStep.Action.LOADED, ReviewStep.Action.WITHDRAWN)


def _who(user: Any) -> str:
    # A revision without a user was recorded by the system: loaded, or kept when history began.
    return person_label(user, unknown=SYSTEM_NAME)


def review_log(subject: Subject) -> list[LogEntry]:
    """Every review step and every revision (with what it changed), newest first; one act, one row."""
    steps = list(subject.review_steps.select_related("actor"))
    made_with = {s.revision: s for s in steps if s.action in MADE_WITH_A_REVISION and s.revision}
    fields = REVISED_FIELDS[type(subject)]
    records = list(subject.history.select_related("history_user").order_by("history_id"))
    edits: list[LogEntry] = []
    merged: set[int] = set()
    for before, record in zip([None, *records], records, strict=False):
        what, note = _("Written"), ""
        if before is not None:
            delta = record.diff_against(before, included_fields=fields)
            what = _("Edited")
            names = ", ".join(str(FIELD_LABELS[c.field]).lower() for c in delta.changes)
            note = _("Changed: %(fields)s") % {"fields": names}
        who = _who(record.history_user)
        if step := made_with.pop(record.history_id, None):
            merged.add(step.pk)
            # "Edited" and "back to review" (or "written" and "loaded") are one act: say both at once.
            what, note = step.get_action_display(), note or step_note(step)
            who = who if record.history_user else step.actor_label
        edits.append(LogEntry(record.history_date, who, what, note))
    rows = [
        LogEntry(s.at, s.actor_label, s.get_action_display(), step_note(s))
        for s in steps
        if s.pk not in merged
    ]
    return sorted([*rows, *edits], key=lambda e: e.at, reverse=True)


# The notes the system writes in the log (content/review.py, content/reverting.py, content/loading.py)
# are kept in English, as written; a person's note is shown as they wrote it.
_CHANGED = re.compile(r"Changed: (?P<fields>\w+(?:, \w+)*)")
_BACK = re.compile(r"Back to revision (?P<number>\d+)\.")


def step_note(step: ReviewStep) -> str:
    """A review step's note as the log's reader reads it: the system's notes in their language."""
    from content.loading import LOADED_NOTE

    if step.action == ReviewStep.Action.LOADED and step.note == LOADED_NOTE:
        return _(LOADED_NOTE)
    if step.action == ReviewStep.Action.REOPENED and (changed := _CHANGED.fullmatch(step.note)):
        names = ", ".join(str(FIELD_LABELS.get(name, name)).lower() for name in changed["fields"].split(", "))
        return _("Changed: %(fields)s") % {"fields": names}
    if step.action == ReviewStep.Action.WITHDRAWN and (back := _BACK.fullmatch(step.note)):
        return _("Back to revision %(number)s.") % {"number": back["number"]}
    return step.note
