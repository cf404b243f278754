"""Compare any two revisions of a card or a story (with its cards), insertions and deletions marked
within each field, as Wagtail's compare view does."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from content.models import FIELD_LABELS, Card, Story, in_kind_order
from content.revisions import REVISED_FIELDS, history_id_of, person_label

Subject = Card | Story
# Words and the spaces between them, so a change is marked word by word and spacing is kept.
_TOKENS = re.compile(r"\s+|[^\s]+")


def word_diff(before: str, after: str) -> tuple[SafeString, SafeString]:
    """The two texts with what was deleted marked <del> in the first and inserted <ins> in the second."""
    a, b = _TOKENS.findall(before), _TOKENS.findall(after)
    old: list[str] = []
    new: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        left, right = escape("".join(a[i1:i2])), escape("".join(b[j1:j2]))
        if op == "equal":
            old.append(left)
            new.append(right)
            continue
        if left:
            old.append(f"<del>{left}</del>")
        if right:
            new.append(f"<ins>{right}</ins>")
    return mark_safe("".join(old)), mark_safe("".join(new))  # noqa: S308 - every piece escaped above


@dataclass(frozen=True)
class FieldDiff:
    """One field in two revisions, marked within."""

    field: str
    before: SafeString
    after: SafeString
    changed: bool


@dataclass(frozen=True)
class ItemDiff:
    """One card or story: its label and each of its fields in the two revisions."""

    label: str
    fields: list[FieldDiff]

    @property
    def changed(self) -> bool:
        return any(f.changed for f in self.fields)


def _value(record: Any, field: str) -> str:
    if record is None:
        return ""
    value = getattr(record, field)
    return "" if value is None else str(value)


def item_diff(model: type[Subject], label: str, old: Any, new: Any) -> ItemDiff:
    """Field by field, record `old` against record `new` (either may be None: not there yet)."""
    fields = []
    for name in REVISED_FIELDS[model]:
        before, after = _value(old, name), _value(new, name)
        shown_before, shown_after = word_diff(before, after)
        fields.append(FieldDiff(str(FIELD_LABELS[name]), shown_before, shown_after, before != after))
    return ItemDiff(label, fields)


def record_of(subject: Subject, number: int) -> Any:
    """Revision `number` of a subject, or None if it has no such revision."""
    history_id = history_id_of(subject, number)
    return subject.history.filter(history_id=history_id).first() if history_id else None


def _card_as_of(card: Card, when: Any) -> Any:
    return card.history.filter(history_date__lte=when).order_by("-history_date", "-history_id").first()


def compare(subject: Subject, a: int, b: int) -> list[ItemDiff]:
    """Revisions a and b of a card; of a story, the story and each card as they stood at those times."""
    old, new = record_of(subject, a), record_of(subject, b)
    if old is None or new is None:
        raise ValueError("no such revision")
    kind = type(subject)
    items = [item_diff(kind, _("The story") if kind is Story else str(subject), old, new)]
    if isinstance(subject, Story):
        for card in in_kind_order(subject.cards.all()):
            then, later = _card_as_of(card, old.history_date), _card_as_of(card, new.history_date)
            label = _("%(kind)s card") % {"kind": card.get_kind_display()}
            items.append(item_diff(Card, label, then, later))
    return items


@dataclass(frozen=True)
class Revision:
    """One revision in the list: its number, when, and who made it."""

    number: int
    at: Any
    who: str


def revision_list(subject: Subject) -> list[Revision]:
    """Every revision of a subject, oldest first, numbered 1..n."""
    records = subject.history.select_related("history_user").order_by("history_id")
    return [
        Revision(n, r.history_date, person_label(r.history_user, unknown=_("the system")))
        for n, r in enumerate(records, start=1)
    ]


def revision_label(revision: Revision) -> SafeString:
    words = _("Revision %(number)s · %(at)s · %(who)s") % {
        "number": revision.number,
        "at": f"{revision.at:%Y-%m-%d %H:%M}",
        "who": revision.who,
    }
    return format_html("{}", words)
