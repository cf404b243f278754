"""What the team reads about a card's or a story's state: its badge, live and waiting revisions, its
review history, every card of a story, and what a move leaves each story lacking."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from content import deal, live, revisions
from content.badges import status_badge as badge_for
from content.models import Card, Kind, Status, Story, in_kind_order, subject_label


def revision_line(subject: Card | Story) -> str:
    """ "Live: revision 7 · In review: revision 8", or what stands for it."""
    live_number, waiting = live.live_revisions(subject)
    parts = [f"Live: revision {live_number}" if live_number else "Never approved: nothing of it is live"]
    if waiting:
        parts.append(f"{subject.get_status_display()}: revision {waiting}")
    return " · ".join(parts)


def story_state(story: Story) -> SafeString:
    """The story's badge, its revisions, and whether new games deal it (deal.why_not_dealt)."""
    why_not = deal.why_not_dealt(story)
    waiting = any(i.status != Status.APPROVED for i in [story, *story.cards.all()])
    if why_not:
        state = "Not dealt in new games: " + "; ".join(why_not) + "."
    elif waiting:
        state = "Dealt in new games as last approved: the changes below wait for review."
    else:
        state = "Dealt in new games: the story and its four cards are approved, in the live deck."
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
        return format_html("<p>{}</p>", "No cards yet: a story needs a Person, a Place, a Moment and a Word.")
    rows = format_html_join(
        "",
        '<tr><th scope="row">{}</th><td>{}</td><td>{}</td><td>{}</td></tr>',
        ((c.get_kind_display(), c.title, badge_for(c.status), revision_line(c)) for c in cards),
    )
    missing = lacks(story)
    short = format_html('<p class="story-lacks">Lacks: {}.</p>', ", ".join(missing)) if missing else ""
    return format_html(
        '<table class="story-cards"><thead><tr><th scope="col">Card</th><th scope="col">Title</th>'
        '<th scope="col">Status</th><th scope="col">Revisions</th></tr></thead><tbody>{}</tbody></table>{}',
        rows,
        short,
    )


def lacks(story: Story) -> list[str]:
    """The kinds of card a story has no card of, such as ["Place"]."""
    have = set(story.cards.values_list("kind", flat=True))
    return [k.label for k in Kind if k.value not in have]


def _lacking(story: Story) -> str:
    missing = lacks(story)
    if not missing:
        return f"“{story.title}” has all four cards"
    return f"“{story.title}” lacks {' and '.join(f'a {k} card' for k in missing)}"


def move_message(card: Card, old: Story) -> str:
    """What a move does to both stories, said when the card is saved in its new story."""
    new = card.story
    return (
        f"Moved {subject_label(card)} from “{old.title}” to “{new.title}”. Now {_lacking(old)}, "
        f"and {_lacking(new)}. Until an approver approves the move, new games keep dealing the card in "
        f"“{old.title}”; once approved, a story without all four cards leaves new games."
    )
