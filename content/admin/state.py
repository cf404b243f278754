"""What the team reads about a card's or a story's state: its badge, live and waiting revisions, its
review history, every card of a story, and what a move leaves each story lacking."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from content import deal, live, revisions
from content.badges import status_badge as badge_for
from content.models import Card, Kind, Status, Story, in_kind_order, subject_label


def revision_line(subject: Card | Story) -> str:
    """ "Live: revision 7 · In review: revision 8", or what stands for it."""
    live_number, waiting = live.live_revisions(subject)
    if live_number:
        parts = [_("Live: revision %(number)s") % {"number": live_number}]
    else:
        parts = [_("Never approved: nothing of it is live")]
    if waiting:
        said = {"status": subject.get_status_display(), "number": waiting}
        parts.append(_("%(status)s: revision %(number)s") % said)
    return " · ".join(parts)


def story_state(story: Story) -> SafeString:
    """The story's badge, its revisions, and whether new games deal it (deal.why_not_dealt)."""
    why_not = deal.why_not_dealt(story)
    waiting = any(i.status != Status.APPROVED for i in [story, *story.cards.all()])
    if why_not:
        state = _("Not dealt in new games: %(reasons)s.") % {"reasons": "; ".join(why_not)}
    elif waiting:
        state = _("Dealt in new games as last approved: the changes below wait for review.")
    else:
        state = _("Dealt in new games: the story and its four cards are approved, in the live deck.")
    return format_html(
        '{} <span class="story-state">{}</span> <span class="revision-line">{}</span>',
        badge_for(story.status),
        state,
        revision_line(story),
    )


def card_state(card: Card) -> SafeString:
    return format_html(
        '{} <span class="revision-line">{}</span>', badge_for(card.status), revision_line(card)
    )


def listed_status(obj: Card | Story) -> SafeString:
    """The status badge, with the revision this row shows (bulk decisions are about what was listed)."""
    revision = revisions.current_revision(obj) or ""
    return format_html(
        '{}<input type="hidden" name="revision-{}" value="{}">', badge_for(obj.status), obj.pk, revision
    )


def last_editor(obj: Card | Story) -> str:
    """Who made the latest edit, by email as in the review history."""
    return obj.last_edited_by.email if obj.last_edited_by else "—"


def review_history(obj: Card | Story) -> SafeString:
    """Every review step and every revision of one card or story, newest first."""
    entries = revisions.review_log(obj) if obj.pk else []
    return render_to_string("admin/content/decisions.html", {"entries": entries})


def story_cards(story: Story) -> SafeString:
    """Every card of the story with its state, so nothing on the page is left unsaid."""
    cards = in_kind_order(story.cards.all())
    if not cards:
        words = _("No cards yet: a story needs a Person, a Place, a Moment and a Word.")
        return format_html("<p>{}</p>", words)
    rows = format_html_join(
        "",
        '<tr><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>',
        ((c.get_kind_display(), c.title, badge_for(c.status), revision_line(c)) for c in cards),
    )
    missing = lacks(story)
    lacking = _("Lacks: %(kinds)s.") % {"kinds": ", ".join(missing)}
    short = format_html('<p class="story-lacks">{}</p>', lacking) if missing else ""
    return format_html(
        '<table class="story-cards"><thead><tr><th scope="col">{}</th><th scope="col">{}</th>'
        '<th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>{}</tbody></table>{}',
        _("Card"),
        _("Title"),
        _("Status"),
        _("Revisions"),
        rows,
        short,
    )


def lacks(story: Story) -> list[str]:
    """The kinds of card a story has no card of, such as ["Place"]."""
    have = set(story.cards.values_list("kind", flat=True))
    return [str(k.label) for k in Kind if k.value not in have]


def both(words: list[str]) -> str:
    """ "a Place card and a Word card": phrases joined with "and", in the reader's language."""
    joined = words[0] if words else ""
    for more in words[1:]:
        joined = _("%(first)s and %(second)s") % {"first": joined, "second": more}
    return joined


def _lacking(story: Story) -> str:
    missing = lacks(story)
    if not missing:
        return _("“%(story)s” has all four cards") % {"story": story.title}
    cards = both([_("a %(kind)s card") % {"kind": kind} for kind in missing])
    return _("“%(story)s” lacks %(cards)s") % {"story": story.title, "cards": cards}


def move_message(card: Card, old: Story) -> str:
    """What a move does to both stories, said when the card is saved in its new story."""
    new = card.story
    words = _(
        "Moved %(card)s from “%(old)s” to “%(new)s”. Now %(old_lacks)s, and %(new_lacks)s. Until an "
        "approver approves the move, new games keep dealing the card in “%(old)s”; once approved, a "
        "story without all four cards leaves new games."
    )
    return words % {
        "card": subject_label(card),
        "old": old.title,
        "new": new.title,
        "old_lacks": _lacking(old),
        "new_lacks": _lacking(new),
    }
