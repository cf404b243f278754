"""The content team's daily tool: decks, stories with their four cards, and every review decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db import models
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.safestring import SafeString

from content import admin_changes, admin_state, live, notify, revisions, services
from content.admin_compare import CompareAdminMixin
from content.admin_review import REFUSED, ReviewAdminMixin, confirm_drain, fresh, parse_revision, reason_of
from content.badges import status_badge as badge_for
from content.forms import CardAdminForm
from content.models import GAME_ORDER, KIND_ORDER, Card, Deck, ReviewStep, Status, Story, in_kind_order
from content.preview import render_card_preview, render_story_preview
from content.templatetags.content_tags import kjv

CARD_CSS = {"all": ("css/cards.css",)}
# Where a save keeps the approved items it sent back to review, for the message after it.
REOPENED = "_content_reopened"


def _history(obj: Card | Story) -> SafeString:
    """Every review step and every revision of one card or story, newest first."""
    entries = revisions.review_log(obj) if obj.pk else []
    return render_to_string("admin/content/decisions.html", {"entries": entries})


def _save_noting_reopened(request: HttpRequest, subject: Card | Story, save: Callable[[], object]) -> None:
    """Save an edit, and remember it if the edit took an approved item back to review."""
    was = subject.status
    save()
    if was == Status.APPROVED and subject.status != Status.APPROVED:
        reopened = getattr(request, REOPENED, [])
        setattr(request, REOPENED, [*reopened, subject])


def _say_reopened(request: HttpRequest, story: Story) -> None:
    """Tell the editor which approved items their save sent back to review, and what that means."""
    items = getattr(request, REOPENED, [])
    if not items:
        return
    names = ", ".join("the story" if isinstance(i, Story) else services.subject_label(i) for i in items)
    it = "it" if len(items) == 1 else "them"
    messages.warning(
        request,
        f"Back in review after your edit: {names}. New games keep dealing “{story.title}” as it was last "
        f"approved until an approver approves {it} again.",
    )


def _listed_status(obj: Card | Story) -> SafeString:
    """The status badge, with the revision this row shows (bulk decisions are about what was listed)."""
    revision = revisions.current_revision(obj) or ""
    return format_html(
        '{}<input type="hidden" name="revision-{}" value="{}">', badge_for(obj.status), obj.pk, revision
    )


def _items(done: list[Card | Story]) -> str:
    """ "the story and 4 cards", for a message."""
    cards = sum(1 for item in done if isinstance(item, Card))
    parts = (["the story"] if len(done) > cards else []) + (
        [f"{cards} card{'s' if cards != 1 else ''}"] if cards else []
    )
    return " and ".join(parts)


def _editor(obj: Card | Story) -> str:
    """Who made the latest edit, by email as in the review history."""
    return obj.last_edited_by.email if obj.last_edited_by else "—"


def _verse(card: Card) -> SafeString | str:
    """A Word card's verse as players read it; other cards carry none."""
    if card.verse_text:
        return kjv(card.verse_text)
    return "Looked up from the reference when you save." if card.is_word else "—"


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_live", "dealable"]
    readonly_fields = ["dealable"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]
    actions = ["make_live"]

    class Media:
        css = CARD_CSS

    @admin.action(description="Make this the live deck", permissions=["change"])
    def make_live(self, request: HttpRequest, queryset: QuerySet[Deck]) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(request, "Choose exactly one deck to make live.", messages.ERROR)
            return None
        chosen = queryset.get()
        ask = confirm_drain(
            request,
            self.model._meta,
            self.admin_site.each_context(request),
            lambda: services.make_deck_live(deck=fresh(chosen)),
            what="Make this the live deck",
            cancel_url=reverse("admin:content_deck_changelist"),
        )
        if ask is not None:
            return ask
        deck = services.make_deck_live(deck=chosen)
        self.message_user(request, f"“{deck.name}” is now the live deck. {services.dealability(deck)}.")
        return None

    @admin.display(description="Ready to deal")
    def dealable(self, deck: Deck) -> str:
        return services.dealability(deck) if deck.pk else "Add stories once the deck is saved."


class CardInline(admin.TabularInline):
    model = Card
    form = CardAdminForm
    # The verse itself shows on the cards above; the row keeps to what an editor types.
    fields = ["badge", "kind", "title", "description", "reference"]
    readonly_fields = ["badge"]
    can_delete = False
    max_num = len(KIND_ORDER)
    show_change_link = True
    classes = ["card-inline"]
    verbose_name = "card"
    verbose_name_plural = "The four cards"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        return super().get_queryset(request).in_kind_order()

    def get_extra(self, request: HttpRequest, obj: Story | None = None, **kwargs: Any) -> int:
        return len(KIND_ORDER) - (obj.cards.count() if obj else 0)

    @admin.display(description="Status")
    def badge(self, card: Card) -> SafeString:
        return badge_for(card.status) if card.pk else badge_for(Status.DRAFT)


@admin.register(Story)
class StoryAdmin(CompareAdminMixin, ReviewAdminMixin, admin.ModelAdmin):
    list_display = ["number", "title", "listed_status", "card_badges", "is_dealable"]
    list_display_links = ["title"]
    list_filter = ["status", "deck"]
    search_fields = ["title", "summary", "cards__title", "cards__reference"]
    fieldsets = [
        (None, {"fields": ["deck", "position", "title", "summary"]}),
        ("Review", {"fields": ["status_badge", "every_card", "edited_by", "since_approval"]}),
        ("History", {"fields": ["history", "revisions"]}),
        ("As players see it", {"fields": ["cards_preview"]}),
    ]
    readonly_fields = [
        "status_badge",
        "every_card",
        "edited_by",
        "since_approval",
        "history",
        "revisions",
        "cards_preview",
    ]
    formfield_overrides = {models.TextField: {"widget": forms.Textarea(attrs={"rows": 3, "cols": 80})}}
    inlines = [CardInline]
    list_select_related = ["deck"]

    class Media:
        css = CARD_CSS

    def get_queryset(self, request: HttpRequest) -> QuerySet[Story]:
        return super().get_queryset(request).with_approved_card_count().prefetch_related("cards")

    @admin.display(description="No.", ordering="position")
    def number(self, story: Story) -> int:
        return story.position

    @admin.display(description="Status", ordering="status")
    def status_badge(self, story: Story) -> SafeString:
        return admin_state.story_state(story)

    @admin.display(description="Status", ordering="status")
    def listed_status(self, story: Story) -> SafeString:
        return _listed_status(story)

    @admin.display(description="Its cards")
    def every_card(self, story: Story) -> SafeString | str:
        return admin_state.story_cards(story) if story.pk else "—"

    @admin.display(description="Changes since approval")
    def since_approval(self, story: Story) -> SafeString | str:
        return admin_changes.story_since_approval(story)

    @admin.display(description="Cards")
    def card_badges(self, story: Story) -> SafeString:
        cards = in_kind_order(story.cards.all())
        chips = format_html_join(
            "",
            '<span class="card-chip status-{}" title="{}: {} ({})">{}</span>',
            (
                (c.status, c.get_kind_display(), c.title, c.get_status_display(), c.get_kind_display())
                for c in cards
            ),
        )
        return format_html('<span class="card-chips">{}</span>', chips)

    @admin.display(description="Dealable", boolean=True)
    def is_dealable(self, story: Story) -> bool:
        return live.live_story(story) is not None

    def get_list_display(self, request: HttpRequest) -> list:
        # Whether a row is dealt comes from each deck's live version, worked out once per list.
        dealt = {s.story_id for deck in Deck.objects.all() for s in live.live_stories(deck)}

        @admin.display(description="Dealable", boolean=True)
        def is_dealable(story: Story) -> bool:
            return story.pk in dealt

        return [is_dealable if name == "is_dealable" else name for name in super().get_list_display(request)]

    @admin.display(description="Last edited by")
    def edited_by(self, story: Story) -> str:
        return _editor(story)

    @admin.display(description="Review history")
    def history(self, story: Story) -> SafeString:
        return _history(story)

    @admin.display(description="Cards")
    def cards_preview(self, story: Story) -> SafeString:
        return render_story_preview(story) if story.pk else "Save the story to see its cards."

    def save_model(self, request: HttpRequest, obj: Story, form: Any, change: bool) -> None:
        _save_noting_reopened(
            request, obj, lambda: services.save_story(story=obj, user=request.user, tell=False)
        )

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        for card in formset.save(commit=False):
            _save_noting_reopened(
                request, card, lambda card=card: services.save_card(card=card, user=request.user, tell=False)
            )
        formset.save_m2m()

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # One mail to the approvers for everything this save sent back to review.
        notify.reopened(getattr(request, REOPENED, []), by=request.user)
        _say_reopened(request, form.instance)
        for other in services.similar_stories(form.instance):
            self.message_user(
                request,
                f"“{other.title}” (no. {other.position} in {other.deck}) may be the same story: it has the "
                "same title, key verse or person. Check before you submit it.",
                messages.WARNING,
            )

    # --- a new story starts filled in as far as it can be ---

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        initial = super().get_changeform_initial_data(request)
        decks = list(Deck.objects.all()[:2])
        if "deck" not in initial and len(decks) == 1:
            initial["deck"] = decks[0].pk
        deck = Deck.objects.filter(pk=initial.get("deck")).first() if initial.get("deck") else None
        if deck is not None and "position" not in initial:
            initial["position"] = services.next_position(deck)
        return initial

    def get_formset_kwargs(
        self, request: HttpRequest, obj: Story, inline: Any, prefix: str
    ) -> dict[str, Any]:
        kwargs = super().get_formset_kwargs(request, obj, inline, prefix)
        if isinstance(inline, CardInline):
            # The empty rows are the missing kinds, in game order: Person, Place, Moment, Word.
            have = set(obj.cards.values_list("kind", flat=True)) if obj.pk else set()
            kwargs["initial"] = [{"kind": kind} for kind in KIND_ORDER if kind not in have]
        return kwargs

    # --- the story and its cards, reviewed together ---

    def get_urls(self) -> list:
        extra = [
            path(
                "<path:object_id>/together/<str:step>/",
                self.admin_site.admin_view(self.together_view),
                name="content_story_together",
            )
        ]
        return extra + super().get_urls()

    def together_view(self, request: HttpRequest, object_id: str, step: str) -> HttpResponse:
        """Submit, or approve, the story with its cards in one step (POST only)."""
        story = self.get_object(request, object_id)
        if story is None or step not in {"submit", "approve"}:
            raise Http404("Nothing to review here")
        if request.method == "POST" and step == "approve":
            ask = confirm_drain(
                request,
                self.model._meta,
                self.admin_site.each_context(request),
                lambda: self._together(request, fresh(story), step),
                what="Approve",
                cancel_url=self._change_url(story),
            )
            if ask is not None:
                return ask
        if request.method == "POST":
            try:
                done = self._together(request, story, step)
            except REFUSED as error:
                self.message_user(request, reason_of(error), messages.ERROR)
            else:
                verb = "Sent for review" if step == "submit" else "Approved"
                self.message_user(request, f"{verb}: {_items(done)}.", messages.SUCCESS)
        return HttpResponseRedirect(self._change_url(story))

    def _together(self, request: HttpRequest, story: Story, step: str) -> list:
        if step == "submit":
            return services.submit_story_with_cards(story=story, user=request.user)
        seen = {
            card.pk: parse_revision(request.POST.get(f"revision-card-{card.pk}"))
            for card in story.cards.all()
        }
        revision = parse_revision(request.POST.get("revision"))
        return services.approve_story_with_cards(
            story=story, user=request.user, revision=revision, card_revisions=seen
        )

    def review_items(self, obj: Story) -> list[Card | Story]:
        return [obj, *in_kind_order(obj.cards.all())]

    def review_steps(self, request: HttpRequest, obj: Story | None) -> list[dict[str, Any]]:
        steps = super().review_steps(request, obj)
        if obj is None:
            return steps
        for step in steps:
            if step["label"] == "Request changes":
                step["label"] = "Request changes to the story"
        if request.user.has_perm("content.approve_card"):
            # A card is sent back from its own note page, which then returns to this story.
            for card in in_kind_order(obj.cards.all()):
                if card.status == Status.IN_REVIEW:
                    revision = revisions.current_revision(card) or ""
                    changes = reverse("admin:content_card_review", args=[card.pk, "changes"])
                    label = f"Request changes to {services.subject_label(card)}"
                    # The note page returns to this story's page, where the approver was reviewing.
                    back = urlencode({"revision": revision, "next": self._change_url(obj)})
                    steps.append({"label": label, "url": f"{changes}?{back}", "post": False})
        url = lambda step: reverse("admin:content_story_together", args=[obj.pk, step])  # noqa: E731
        items = [obj, *in_kind_order(obj.cards.all())]
        user = request.user
        if user.has_perm("content.submit_story") and any(i.status in services.WAITING for i in items):
            steps.insert(0, {"label": "Submit story with its cards", "url": url("submit"), "post": True})
        in_review = [i for i in items if i.status == Status.IN_REVIEW]
        may = user.has_perm("content.approve_story") and user.has_perm("content.approve_card")
        if in_review and may and all(services.may_approve(i, user) for i in in_review):
            hidden = {"revision": revisions.current_revision(obj) or ""}
            hidden |= {f"revision-card-{c.pk}": revisions.current_revision(c) or "" for c in items[1:]}
            label = "Approve story with its cards"
            steps.insert(0, {"label": label, "url": url("approve"), "post": True, "hidden": hidden})
        return steps


@admin.register(Card)
class CardAdmin(CompareAdminMixin, ReviewAdminMixin, admin.ModelAdmin):
    form = CardAdminForm
    list_display = ["title", "kind", "story", "listed_status", "edited_by", "updated_at"]
    list_filter = ["status", "kind", "story__deck", ("story", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["title", "description", "reference", "verse_text", "story__title"]
    readonly_fields = [
        "status_badge",
        "verse",
        "edited_by",
        "since_approval",
        "preview",
        "history",
        "revisions",
    ]
    list_select_related = ["story", "last_edited_by"]
    autocomplete_fields = ["story"]
    fieldsets = [
        (None, {"fields": ["story", "kind", "title", "description", "reference", "verse"]}),
        ("Review", {"fields": ["status_badge", "edited_by", "since_approval"]}),
        ("History", {"fields": ["history", "revisions"]}),
        ("As players see it", {"fields": ["preview"]}),
    ]

    class Media:
        css = CARD_CSS

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        return super().get_queryset(request).in_kind_order()

    def get_ordering(self, request: HttpRequest) -> list:
        return list(GAME_ORDER)

    @admin.display(description="Status", ordering="status")
    def status_badge(self, card: Card) -> SafeString:
        return admin_state.card_state(card)

    @admin.display(description="Status", ordering="status")
    def listed_status(self, card: Card) -> SafeString:
        return _listed_status(card)

    @admin.display(description="Changes since approval")
    def since_approval(self, card: Card) -> SafeString | str:
        return admin_changes.since_approval(card)

    @admin.display(description="Verse (King James Version)")
    def verse(self, card: Card) -> SafeString:
        return _verse(card)

    @admin.display(description="Card")
    def preview(self, card: Card) -> SafeString:
        return render_card_preview(card) if card.pk else "Save the card to see it as players will."

    @admin.display(description="Last edited by", ordering="last_edited_by__email")
    def edited_by(self, card: Card) -> str:
        return _editor(card)

    @admin.display(description="Review history")
    def history(self, card: Card) -> SafeString:
        return _history(card)

    def save_model(self, request: HttpRequest, obj: Card, form: Any, change: bool) -> None:
        old_story_id = Card.objects.filter(pk=obj.pk).values_list("story_id", flat=True).first()
        _save_noting_reopened(request, obj, lambda: services.save_card(card=obj, user=request.user))
        if old_story_id and old_story_id != obj.story_id:
            # A move touches two stories: name both, and what each lacks now.
            messages.warning(request, admin_state.move_message(obj, Story.objects.get(pk=old_story_id)))
            return
        _say_reopened(request, obj.story)


@admin.register(ReviewStep)
class ReviewStepAdmin(admin.ModelAdmin):
    """The review log, read-only: decisions are made through the workflow, never edited."""

    list_display = ["at", "action", "who", "card", "story", "short_note"]
    list_filter = ["action"]
    search_fields = ["note", "card__title", "story__title", "actor__email"]
    list_select_related = ["actor", "card__story", "story"]

    @admin.display(description="Who", ordering="actor__email")
    def who(self, decision: ReviewStep) -> str:
        return decision.actor_label

    @admin.display(description="Note")
    def short_note(self, decision: ReviewStep) -> str:
        return decision.note[:80]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ReviewStep | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ReviewStep | None = None) -> bool:
        return False
