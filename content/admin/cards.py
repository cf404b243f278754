"""A card's admin page: its verse, its state and changes, and a move to another story."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from content import review
from content.admin import changes, state
from content.admin.compare import CompareAdminMixin
from content.admin.review import ReviewAdminMixin
from content.admin.saving import save_noting_reopened, say_reopened
from content.edited_meanwhile import SEEN, SeenRevisionAdmin
from content.forms import CardAdminForm
from content.models import GAME_ORDER, Card, Story
from content.preview import render_card_preview
from content.templatetags.content_tags import kjv

# The card faces' stylesheet, on every page that shows a card.
CARD_CSS = {"all": ("css/cards.css",)}
# The fieldset the review decision sits under (admin/content/review_change_form.html names it too).
REVIEW = pgettext_lazy("admin fieldset", "Review")


def _verse(card: Card) -> SafeString | str:
    """A Word card's verse as players read it; other cards carry none."""
    if card.verse_text:
        return kjv(card.verse_text)
    return _("Looked up from the reference when you save.") if card.is_word else "—"


class CardAdmin(SeenRevisionAdmin, CompareAdminMixin, ReviewAdminMixin, admin.ModelAdmin):
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
        (None, {"fields": ["story", "kind", "title", "description", "reference", "verse", SEEN]}),
        (REVIEW, {"fields": ["status_badge", "edited_by", "since_approval"]}),
        (gettext_lazy("History"), {"fields": ["history", "revisions"]}),
        (gettext_lazy("As players see it"), {"fields": ["preview"]}),
    ]

    class Media:
        css = CARD_CSS

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        return super().get_queryset(request).in_kind_order()

    def get_ordering(self, request: HttpRequest) -> list:
        return list(GAME_ORDER)

    @admin.display(description=gettext_lazy("Status"), ordering="status")
    def status_badge(self, card: Card) -> SafeString:
        return state.card_state(card)

    @admin.display(description=gettext_lazy("Status"), ordering="status")
    def listed_status(self, card: Card) -> SafeString:
        return state.listed_status(card)

    @admin.display(description=gettext_lazy("Changes since approval"))
    def since_approval(self, card: Card) -> SafeString | str:
        return changes.since_approval(card)

    @admin.display(description=gettext_lazy("Verse (King James Version)"))
    def verse(self, card: Card) -> SafeString:
        return _verse(card)

    @admin.display(description=gettext_lazy("Card"))
    def preview(self, card: Card) -> SafeString:
        return render_card_preview(card) if card.pk else _("Save the card to see it as players will.")

    @admin.display(description=gettext_lazy("Last edited by"), ordering="last_edited_by__email")
    def edited_by(self, card: Card) -> str:
        return state.last_editor(card)

    @admin.display(description=gettext_lazy("Review history"))
    def history(self, card: Card) -> SafeString:
        return state.review_history(card)

    def save_model(self, request: HttpRequest, obj: Card, form: Any, change: bool) -> None:
        old_story_id = Card.objects.filter(pk=obj.pk).values_list("story_id", flat=True).first()
        save_noting_reopened(request, obj, lambda: review.save_card(card=obj, user=request.user))
        if old_story_id and old_story_id != obj.story_id:
            # A move touches two stories: name both, and what each lacks now.
            messages.warning(request, state.move_message(obj, Story.objects.get(pk=old_story_id)))
            return
        say_reopened(request, obj.story)
