"""The content team's review workflow: every edit, submission and decision on a card or a story goes
through here, under four eyes (nobody approves what they edited since the last approval)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from content import bible, notify, revisions
from content.models import (
    CARD_CONTENT_FIELDS,
    STORY_CONTENT_FIELDS,
    TRANSLATION_CONTENT_FIELDS,
    Card,
    Deck,
    Kind,
    ReviewStep,
    Status,
    Story,
    Translation,
    in_kind_order,
)
from justalllowgod.lib.refusals import Code, Refusal

Subject = Card | Story | Translation
# What an editor may still submit.
WAITING = {Status.DRAFT, Status.CHANGES_REQUESTED}


# --- Review steps -------------------------------------------------------------------------------


class StaleRevision(Refusal):
    """The card or story changed since the approver opened it: nothing was decided."""

    def __init__(self, subject: Subject, seen: int | None) -> None:
        if seen is None:
            # No revision came with the decision (an old page, or a hand-made request).
            self.changes = []
            words = _(
                "The page you decided on did not say which version of %(item)s you saw, so nothing was "
                "done. Open it again and decide on what is there now."
            )
            super().__init__(Code.STALE_REVISION, words % {"item": _label(subject)})
            return
        self.changes = revisions.changes(subject, since=seen)
        what = "; ".join(str(c) for c in self.changes) or _("it was saved again")
        words = _(
            "%(item)s changed since you opened it, so nothing was done. What changed: %(what)s. "
            "Read it again and decide on what is there now."
        )
        super().__init__(Code.STALE_REVISION, words % {"item": _label(subject), "what": what})


def _label(subject: Subject) -> str:
    if isinstance(subject, Translation):  # a Word card's has no title of its own: "Word: … in Español"
        return _("“%(title)s”") % {"title": str(subject)}
    return _("“%(title)s”") % {"title": subject.title}


def _no_permission(verb: str, model_name: str) -> str:
    """ "You don't have permission to approve cards.", one whole sentence for each step and model."""
    words = {
        ("add", "card"): _("You don't have permission to add cards."),
        ("change", "card"): _("You don't have permission to change cards."),
        ("submit", "card"): _("You don't have permission to submit cards."),
        ("approve", "card"): _("You don't have permission to approve cards."),
        ("add", "story"): _("You don't have permission to add stories."),
        ("change", "story"): _("You don't have permission to change stories."),
        ("submit", "story"): _("You don't have permission to submit stories."),
        ("approve", "story"): _("You don't have permission to approve stories."),
        ("add", "translation"): _("You don't have permission to add translations."),
        ("change", "translation"): _("You don't have permission to change translations."),
        ("submit", "translation"): _("You don't have permission to submit translations."),
        ("approve", "translation"): _("You don't have permission to approve translations."),
    }
    return words[verb, model_name]


def _require_perm(user: Any, subject: Subject, verb: str) -> None:
    codename = f"content.{verb}_{subject._meta.model_name}"
    if not user.has_perm(codename):
        raise Refusal(Code.NO_PERMISSION, _no_permission(verb, subject._meta.model_name))


def _lock(subject: Subject) -> Subject:
    return type(subject).objects.select_for_update().get(pk=subject.pk)


def about(subject: Subject) -> dict[str, Subject]:
    """The review step's field that names the subject: {"card": card}, {"story": ...}, ..."""
    return {subject._meta.model_name: subject}


def _record(subject: Subject, *, user: Any, action: str, note: str = "", revision: int | None) -> ReviewStep:
    return ReviewStep.objects.create(
        actor=user, action=action, note=note, revision=revision, **about(subject)
    )


def _require_seen(locked: Subject, revision: int | None) -> int | None:
    """The approver decides on the revision they saw, and only if it is still the current one."""
    current = revisions.current_revision(locked)
    if revision != current:
        raise StaleRevision(locked, revision)
    return current


def may_approve(subject: Subject, user: Any) -> bool:
    """Four eyes: nobody who edited any revision since the last approval approves it."""
    return user.pk not in revisions.editors_since_approval(subject)


def _move(
    subject: Subject,
    *,
    user: Any,
    allowed_from: set[str],
    to: str,
    action: str,
    refusal: str,
    note: str = "",
    revision: int | None = None,
) -> Subject:
    """Change a status in one locked step and record it; a status is not a revision of the content.
    `refusal` is the whole sentence said when the status does not allow it, naming %(item)s and
    %(status)s."""
    locked = _lock(subject)
    if locked.status not in allowed_from:
        words = refusal % {"item": _label(locked), "status": locked.get_status_display().lower()}
        raise Refusal(Code.WRONG_STATUS, words)
    type(locked).objects.filter(pk=locked.pk).update(status=to, updated_at=timezone.now())
    locked.status = to
    _record(
        locked, user=user, action=action, note=note, revision=revision or revisions.current_revision(locked)
    )
    subject.status = locked.status
    return locked


@transaction.atomic
def submit_for_review(*, subject: Subject, user: Any) -> Subject:
    """An editor sends a draft, or a reworked card, to the approvers (who are mailed after commit)."""
    done = _submit(subject, user)
    notify.submitted([done], by=user)
    return done


def _submit(subject: Subject, user: Any) -> Subject:
    _require_perm(user, subject, "submit")
    return _move(
        subject,
        user=user,
        allowed_from={Status.DRAFT, Status.CHANGES_REQUESTED},
        to=Status.IN_REVIEW,
        action=ReviewStep.Action.SUBMITTED,
        refusal=_(
            "%(item)s can only be submitted as a draft or after changes were asked for (it is %(status)s)."
        ),
    )


@transaction.atomic
def approve(*, subject: Subject, user: Any, revision: int | None) -> Subject:
    """An approver says yes to the revision they saw; never to one they (or anyone since) edited."""
    done = _approve(subject, user, revision)
    notify.decided([done], by=user, approved=True)
    return done


def _approve(subject: Subject, user: Any, revision: int | None) -> Subject:
    _require_perm(user, subject, "approve")
    locked = _lock(subject)
    seen = _require_seen(locked, revision)
    if not may_approve(locked, user):
        raise Refusal(
            Code.OWN_EDIT,
            _("You edited %(item)s since it was last approved, so another approver must approve it.")
            % {"item": _label(locked)},
        )
    return _move(
        subject,
        user=user,
        allowed_from={Status.IN_REVIEW},
        to=Status.APPROVED,
        action=ReviewStep.Action.APPROVED,
        refusal=_("%(item)s can only be approved while in review (it is %(status)s)."),
        revision=seen,
    )


@transaction.atomic
def request_changes(*, subject: Subject, user: Any, note: str, revision: int | None) -> Subject:
    """An approver sends the revision they saw back with a note saying what to change."""
    note = _require_note(note)
    done = _request_changes(subject, user, note, revision)
    notify.decided([done], by=user, approved=False, note=note)
    return done


def _require_note(note: str) -> str:
    note = (note or "").strip()
    if not note:
        raise Refusal(Code.NOTE_NEEDED)
    return note


def _request_changes(subject: Subject, user: Any, note: str, revision: int | None) -> Subject:
    _require_perm(user, subject, "approve")
    locked = _lock(subject)
    seen = _require_seen(locked, revision)
    done = _move(
        subject,
        user=user,
        allowed_from={Status.IN_REVIEW},
        to=Status.CHANGES_REQUESTED,
        action=ReviewStep.Action.CHANGES_REQUESTED,
        refusal=_("%(item)s can only be sent back while in review (it is %(status)s)."),
        note=note,
        revision=seen,
    )
    return done


# --- Edits --------------------------------------------------------------------------------------


def _changed(subject: Subject, fields: tuple[str, ...]) -> list[str]:
    """The content fields that differ from the stored row; all of them for a new one."""
    if subject.pk is None:
        return list(fields)
    before = type(subject).objects.filter(pk=subject.pk).values(*fields).first() or {}
    return [f for f in fields if before.get(f) != getattr(subject, f)]


def _save_edit(subject: Subject, *, user: Any, fields: tuple[str, ...], tell: bool = True) -> Subject:
    """Save an edit as a new revision; approved content that changed goes back to review."""
    creating = subject.pk is None
    _require_perm(user, subject, "add" if creating else "change")
    changed = _changed(subject, fields)
    if changed:
        subject.last_edited_by = user
    reopen = not creating and changed and subject.status == Status.APPROVED
    if reopen:
        subject.status = Status.IN_REVIEW
    subject.full_clean()
    if not changed:
        # Saving what is already there is not a revision: it must not stale an approver's page.
        subject.skip_history_when_saving = True
    try:
        subject.save()
    finally:
        if not changed:
            del subject.skip_history_when_saving
    if reopen:
        names = ", ".join(f.removesuffix("_id") for f in changed)
        _record(
            subject,
            user=user,
            action=ReviewStep.Action.REOPENED,
            note=f"Changed: {names}",
            revision=revisions.current_revision(subject),
        )
        if tell:  # a story's page saves several items at once and tells the approvers once
            notify.reopened([subject], by=user)
    return subject


def fill_verse(card: Card) -> None:
    """A Word card's reference made canonical and its text looked up; other cards carry none."""
    if card.kind == Kind.WORD:
        try:
            verse = bible.parse_reference(card.reference)
        except ValidationError as error:
            raise ValidationError({"reference": error.messages}) from error
        card.reference, card.verse_text = verse.reference, verse.text
    else:
        card.reference, card.verse_text = "", ""


@transaction.atomic
def save_card(*, card: Card, user: Any, tell: bool = True) -> Card:
    """The admin's save for a card: verse looked up, approval withdrawn when the content changed.

    Moving a card to another story is an edit like any other: the card goes back to review, so
    neither story is dealt with it until an approver has seen it where it now is.
    """
    fill_verse(card)
    return _save_edit(card, user=user, fields=CARD_CONTENT_FIELDS, tell=tell)


@transaction.atomic
def save_story(*, story: Story, user: Any, tell: bool = True) -> Story:
    """The admin's save for a story: approval withdrawn when the content changed."""
    return _save_edit(story, user=user, fields=STORY_CONTENT_FIELDS, tell=tell)


@transaction.atomic
def save_translation(
    *, translation: Translation, user: Any, tell: bool = True, made_from: int | None = None
) -> Translation:
    """A translator's save (issue 42): it records the English it was written from (the version
    players are dealt), and an approved translation whose words changed goes back to review while
    the approved words keep being dealt. A Word card's translation carries only its one line: its
    title is its reference, said by that language's Bible. `made_from` is given only by a revert,
    which puts back a revision as it was, the English it was written from included."""
    original = translation.original
    if original is None:
        raise ValidationError(_("A translation is of a story or of a card."))
    if translation.card_id and translation.card.kind == Kind.WORD:
        translation.title = ""
    elif not translation.title.strip():
        raise ValidationError({"title": _("Please give the title in this language.")})
    if translation.card_id and not translation.description.strip():
        raise ValidationError({"description": _("Please give the card's line in this language.")})
    translation.made_from = (
        made_from or revisions.approved_revision(original) or revisions.current_revision(original)
    )
    return _save_edit(translation, user=user, fields=(*TRANSLATION_CONTENT_FIELDS, "made_from"), tell=tell)


def save_subject(*, subject: Subject, user: Any, **kwargs: Any) -> Subject:
    """The save of whichever kind of item this is."""
    if isinstance(subject, Card):
        return save_card(card=subject, user=user, **kwargs)
    if isinstance(subject, Story):
        return save_story(story=subject, user=user, **kwargs)
    return save_translation(translation=subject, user=user, **kwargs)


# --- A story with its cards, in one step ------------------------------------------------------


@transaction.atomic
def submit_story_with_cards(*, story: Story, user: Any) -> list[Subject]:
    """The story and each of its cards that waits for review, submitted together (all or nothing)."""
    waiting = [s for s in [story, *in_kind_order(story.cards.all())] if s.status in WAITING]
    if not waiting:
        raise Refusal(
            Code.NOTHING_WAITING, _("Nothing in %(item)s waits to be submitted.") % {"item": _label(story)}
        )
    done = [_submit(subject, user) for subject in waiting]
    notify.submitted(done, by=user)
    return done


@transaction.atomic
def approve_story_with_cards(
    *, story: Story, user: Any, revision: int | None, card_revisions: dict[int, int | None]
) -> list[Subject]:
    """Approve the story and its cards in review, each the revision the approver saw; all or nothing."""
    cards = [c for c in in_kind_order(story.cards.all()) if c.status == Status.IN_REVIEW]
    approved: list[Subject] = []
    if story.status == Status.IN_REVIEW:
        approved.append(_approve(story, user, revision))
    for card in cards:
        approved.append(_approve(card, user, card_revisions.get(card.pk)))
    if not approved:
        raise Refusal(
            Code.NOTHING_IN_REVIEW, _("Nothing in %(item)s is in review.") % {"item": _label(story)}
        )
    notify.decided(approved, by=user, approved=True)
    return approved


@transaction.atomic
def request_changes_to_story_with_cards(
    *, story: Story, user: Any, note: str, revision: int | None, card_revisions: dict[int, int | None]
) -> list[Subject]:
    """Send the story back with its cards in review, each the revision the approver saw, with one
    note and one mail: what "Request changes to the story" means (a card left "In review" would
    wait in every approver's queue for a story sent back). All or nothing."""
    note = _require_note(note)
    sent: list[Subject] = []
    if story.status == Status.IN_REVIEW:
        sent.append(_request_changes(story, user, note, revision))
    for card in in_kind_order(story.cards.all()):
        if card.status == Status.IN_REVIEW:
            sent.append(_request_changes(card, user, note, card_revisions.get(card.pk)))
    if not sent:
        raise Refusal(
            Code.NOTHING_IN_REVIEW, _("Nothing in %(item)s is in review.") % {"item": _label(story)}
        )
    notify.decided(sent, by=user, approved=False, note=note)
    return sent


# --- Hints on an editor's page -----------------------------------------------------------------


def similar_stories(story: Story) -> list[Story]:
    """Other stories that may be the same one: same title, same key verse, or the same Person."""
    cards = {c.kind: c for c in story.cards.all()}
    same = Q(title__iexact=story.title)
    if (word := cards.get(Kind.WORD)) and word.reference:
        same |= Q(cards__kind=Kind.WORD, cards__reference=word.reference)
    if (person := cards.get(Kind.PERSON)) and person.title:
        same |= Q(cards__kind=Kind.PERSON, cards__title__iexact=person.title)
    return list(Story.objects.exclude(pk=story.pk).filter(same).select_related("deck").distinct())


def next_position(deck: Deck) -> int:
    """Where a new story goes: after the deck's last one."""
    last = Story.objects.in_deck(deck).order_by("-position").values_list("position", flat=True).first()
    return (last or 0) + 1
