"""Translations in the admin (issue 42): a translation's page beside its English, the same review
buttons as a card's, and the translation dashboard: per language, every story and card of the live
deck, missing, waiting or out of date since its English changed."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from content import deal, review, translations
from content.admin import changes, state
from content.admin.review import ReviewAdminMixin
from content.admin.saving import save_noting_reopened
from content.badges import status_badge
from content.edited_meanwhile import SeenRevisionAdmin
from content.forms import TranslationAdminForm
from content.models import TRANSLATED_LANGUAGES, Card, Deck, Kind, Translation
from content.templatetags.content_tags import kjv

REVIEW = pgettext_lazy("admin fieldset", "Review")
# The dashboard's words for the states that are not a review status.
STATE_WORDS = {"missing": gettext_lazy("Not translated"), "out_of_date": gettext_lazy("Out of date")}


def english_of(translation: Translation) -> SafeString | str:
    """The English it translates, as players read it; for a Word card, its verse in the KJV and in
    the translation's own Bible (never translated by us)."""
    original = translation.original
    if original is None:
        return "—"
    if isinstance(original, Card):
        lines = [(_("Title"), original.title), (_("Line"), original.description)]
        if original.kind == Kind.WORD:
            verse = translations.verse_in(translation.language, original.reference)
            lines += [(_("Verse (King James Version)"), kjv(original.verse_text))]
            if verse:
                lines += [(verse["reference"], verse["text"])]
    else:
        lines = [(_("Title"), original.title)]
    return format_html_join("", '<p class="translation-english"><strong>{}:</strong> {}</p>', lines)


class TranslationAdmin(SeenRevisionAdmin, ReviewAdminMixin, admin.ModelAdmin):
    form = TranslationAdminForm
    list_display = ["__str__", "language", "title", "listed_status", "out_of_date", "edited_by", "updated_at"]
    list_filter = ["language", "status", "story__deck", "card__story__deck"]
    search_fields = ["title", "description", "story__title", "card__title", "card__story__title"]
    list_select_related = ["story", "card", "card__story", "last_edited_by"]
    autocomplete_fields = ["story", "card"]
    readonly_fields = ["english", "out_of_date", "status_badge", "edited_by", "since_approval", "history"]
    change_list_template = "admin/content/translation/change_list.html"

    def get_fieldsets(self, request: HttpRequest, obj: Translation | None = None) -> list:
        words = ["english", "title", "description"]
        what = ["language", "story", "card"] if obj is None else []
        return [
            (None, {"fields": [*what, *words, "out_of_date", *self.seen_field(request, obj)]}),
            (REVIEW, {"fields": ["status_badge", "edited_by", "since_approval"]}),
            (gettext_lazy("History"), {"fields": ["history"]}),
        ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Translation]:
        return super().get_queryset(request).select_related("story", "card", "card__story")

    @admin.display(description=gettext_lazy("In English"))
    def english(self, obj: Translation) -> SafeString | str:
        if obj.pk is None:
            return _("Choose the story or the card, then save: its English is shown here.")
        return english_of(obj)

    @admin.display(description=gettext_lazy("Up to date"))
    def out_of_date(self, obj: Translation) -> SafeString | str:
        if obj.pk is None:
            return "—"
        changed = translations.english_changed(obj)
        if not changed:
            return _("Yes: written from the English players read now.")
        items = format_html_join("", "<li>{}</li>", ((str(c),) for c in changed))
        words = _("No: the English changed since this was written. Read it again and save what fits:")
        return format_html('<p class="translation-stale">{}</p><ul>{}</ul>', words, items)

    @admin.display(description=gettext_lazy("Status"), ordering="status")
    def status_badge(self, obj: Translation) -> SafeString:
        return state.card_state(obj)

    @admin.display(description=gettext_lazy("Status"), ordering="status")
    def listed_status(self, obj: Translation) -> SafeString:
        return state.listed_status(obj)

    @admin.display(description=gettext_lazy("Changes since approval"))
    def since_approval(self, obj: Translation) -> SafeString | str:
        return changes.since_approval(obj)

    @admin.display(description=gettext_lazy("Last edited by"), ordering="last_edited_by__email")
    def edited_by(self, obj: Translation) -> str:
        return state.last_editor(obj)

    @admin.display(description=gettext_lazy("Review history"))
    def history(self, obj: Translation) -> SafeString:
        return state.review_history(obj)

    def save_model(self, request: HttpRequest, obj: Translation, form: Any, change: bool) -> None:
        save_noting_reopened(
            request, obj, lambda: review.save_translation(translation=obj, user=request.user)
        )

    # --- The dashboard ---

    def get_urls(self) -> list:
        extra = [
            path(
                "dashboard/",
                self.admin_site.admin_view(self.dashboard_view),
                name="content_translation_dashboard",
            )
        ]
        return extra + super().get_urls()

    def dashboard_view(self, request: HttpRequest) -> HttpResponse:
        """Per language, every story of a deck (the live one unless ?deck= names another) and where
        each of its translations stands."""
        if not self.has_view_permission(request):
            raise Http404("No dashboard here")
        languages = dict(TRANSLATED_LANGUAGES)
        language = request.GET.get("language", TRANSLATED_LANGUAGES[0][0])
        if language not in languages:
            raise Http404("We do not translate into that language")
        asked = request.GET.get("deck", "")
        if (asked and not asked.isascii()) or (asked and not asked.isdigit()):
            raise Http404("No such deck")
        deck = Deck.objects.filter(pk=int(asked)).first() if asked else deal.live_deck()
        if asked and deck is None:
            raise Http404("No such deck")
        rows = translations.dashboard(deck, language) if deck else []
        add = reverse("admin:content_translation_add")
        context = {
            **self.admin_site.each_context(request),
            "title": _("Translations: %(language)s") % {"language": languages[language]},
            "opts": self.model._meta,
            "deck": deck,
            "decks": Deck.objects.all(),
            "language": language,
            "languages": TRANSLATED_LANGUAGES,
            "rows": [
                {"story": row.story, "cells": [_cell(cell, add, language) for cell in row.cells]}
                for row in rows
            ],
            "counts": [
                (STATE_WORDS.get(key) or status_badge(key), n)
                for key, n in sorted(translations.counts(rows).items())
            ],
        }
        return TemplateResponse(request, "admin/content/translation/dashboard.html", context)


def _cell(cell: translations.Cell, add: str, language: str) -> dict[str, Any]:
    """One item on the dashboard: its state in words and where to go to write or read it."""
    if cell.translation is None:
        field = cell.original._meta.model_name
        url = f"{add}?language={language}&{field}={cell.original.pk}"
        label = STATE_WORDS["missing"]
    else:
        url = reverse("admin:content_translation_change", args=[cell.translation.pk])
        label = STATE_WORDS.get(cell.state) or status_badge(cell.state)
    return {
        "label": cell.label,
        "title": cell.original.title,
        "state": cell.state,
        "words": label,
        "url": url,
    }
