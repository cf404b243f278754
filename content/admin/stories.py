"""A story's admin page: the story with its four cards inline, its state and changes, and a new story
filled in as far as it can be."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from content import live, notify, review
from content.admin import changes, state
from content.admin.cards import CARD_CSS, REVIEW
from content.admin.compare import CompareAdminMixin
from content.admin.review import ReviewAdminMixin
from content.admin.saving import reopened_items, save_noting_reopened, say_reopened
from content.admin.together import TogetherAdminMixin
from content.badges import status_badge as badge_for
from content.edited_meanwhile import SEEN, SeenRevisionAdmin, SeenRevisionForm
from content.forms import CardAdminForm
from content.models import FIELD_LABELS, KIND_ORDER, Card, Deck, Status, Story, in_kind_order
from content.preview import render_story_preview


class StoryAdminForm(SeenRevisionForm):
    """A story, its fields named in the editor's language."""

    class Meta:
        model = Story
        fields = ["deck", "position", "title", "summary"]
        labels = {name: FIELD_LABELS[name] for name in fields}


class CardInline(SeenRevisionAdmin, admin.TabularInline):
    model = Card
    form = CardAdminForm
    # The verse itself shows on the cards above; the row keeps to what an editor types.
    fields = ["badge", "kind", "title", "description", "reference", SEEN]
    readonly_fields = ["badge"]
    can_delete = False
    max_num = len(KIND_ORDER)
    show_change_link = True
    classes = ["card-inline"]
    verbose_name = gettext_lazy("card")
    verbose_name_plural = gettext_lazy("The four cards")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        return super().get_queryset(request).in_kind_order()

    def get_extra(self, request: HttpRequest, obj: Story | None = None, **kwargs: Any) -> int:
        return len(KIND_ORDER) - (obj.cards.count() if obj else 0)

    @admin.display(description=gettext_lazy("Status"))
    def badge(self, card: Card) -> SafeString:
        return badge_for(card.status) if card.pk else badge_for(Status.DRAFT)


class StoryAdmin(
    SeenRevisionAdmin, TogetherAdminMixin, CompareAdminMixin, ReviewAdminMixin, admin.ModelAdmin
):
    form = StoryAdminForm
    list_display = ["number", "title", "listed_status", "card_badges", "is_dealable"]
    list_display_links = ["title"]
    list_filter = ["status", "deck"]
    search_fields = ["title", "summary", "cards__title", "cards__reference"]
    fieldsets = [
        (None, {"fields": ["deck", "position", "title", "summary", SEEN]}),
        (REVIEW, {"fields": ["status_badge", "every_card", "edited_by", "since_approval"]}),
        (gettext_lazy("History"), {"fields": ["history", "revisions"]}),
        (gettext_lazy("As players see it"), {"fields": ["cards_preview"]}),
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

    @admin.display(description=pgettext_lazy("a story's number", "No."), ordering="position")
    def number(self, story: Story) -> int:
        return story.position

    @admin.display(description=gettext_lazy("Status"), ordering="status")
    def status_badge(self, story: Story) -> SafeString:
        return state.story_state(story)

    @admin.display(description=gettext_lazy("Status"), ordering="status")
    def listed_status(self, story: Story) -> SafeString:
        return state.listed_status(story)

    @admin.display(description=gettext_lazy("Its cards"))
    def every_card(self, story: Story) -> SafeString | str:
        return state.story_cards(story) if story.pk else "—"

    @admin.display(description=gettext_lazy("Changes since approval"))
    def since_approval(self, story: Story) -> SafeString | str:
        return changes.story_since_approval(story)

    @admin.display(description=gettext_lazy("Cards"))
    def card_badges(self, story: Story) -> SafeString:
        cards = in_kind_order(story.cards.all())
        chips = format_html_join(
            "",
            '<span class="card-chip status-{}" title="{}">{}</span>',
            (
                (
                    c.status,
                    _("%(kind)s: %(title)s (%(status)s)")
                    % {"kind": c.get_kind_display(), "title": c.title, "status": c.get_status_display()},
                    c.get_kind_display(),
                )
                for c in cards
            ),
        )
        return format_html('<span class="card-chips">{}</span>', chips)

    @admin.display(description=gettext_lazy("Dealable"), boolean=True)
    def is_dealable(self, story: Story) -> bool:
        return live.live_story(story) is not None

    def get_list_display(self, request: HttpRequest) -> list:
        # Whether a row is dealt comes from each deck's live version, worked out once per list.
        dealt = {s.story_id for deck in Deck.objects.all() for s in live.live_stories(deck)}

        @admin.display(description=gettext_lazy("Dealable"), boolean=True)
        def is_dealable(story: Story) -> bool:
            return story.pk in dealt

        return [is_dealable if name == "is_dealable" else name for name in super().get_list_display(request)]

    @admin.display(description=gettext_lazy("Last edited by"))
    def edited_by(self, story: Story) -> str:
        return state.last_editor(story)

    @admin.display(description=gettext_lazy("Review history"))
    def history(self, story: Story) -> SafeString:
        return state.review_history(story)

    @admin.display(description=gettext_lazy("Cards"))
    def cards_preview(self, story: Story) -> SafeString:
        return render_story_preview(story) if story.pk else _("Save the story to see its cards.")

    def save_model(self, request: HttpRequest, obj: Story, form: Any, change: bool) -> None:
        save_noting_reopened(
            request, obj, lambda: review.save_story(story=obj, user=request.user, tell=False)
        )

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        for card in formset.save(commit=False):
            save_noting_reopened(
                request, card, lambda card=card: review.save_card(card=card, user=request.user, tell=False)
            )
        formset.save_m2m()

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # One mail to the approvers for everything this save sent back to review.
        notify.reopened(reopened_items(request), by=request.user)
        say_reopened(request, form.instance)
        for other in review.similar_stories(form.instance):
            words = _(
                "“%(title)s” (no. %(position)s in %(deck)s) may be the same story: it has the same title, "
                "key verse or person. Check before you submit it."
            )
            said = {"title": other.title, "position": other.position, "deck": other.deck}
            self.message_user(request, words % said, messages.WARNING)

    # --- a new story starts filled in as far as it can be ---

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        initial = super().get_changeform_initial_data(request)
        decks = list(Deck.objects.all()[:2])
        if "deck" not in initial and len(decks) == 1:
            initial["deck"] = decks[0].pk
        deck = Deck.objects.filter(pk=initial.get("deck")).first() if initial.get("deck") else None
        if deck is not None and "position" not in initial:
            initial["position"] = review.next_position(deck)
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
