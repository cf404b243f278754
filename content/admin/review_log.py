"""The review log's admin page: every step, searchable, and nothing in it to add, change or delete."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from content.models import ReviewStep
from content.revisions import step_note


class ReviewStepAdmin(admin.ModelAdmin):
    """The review log, read-only: decisions are made through the workflow, never edited."""

    list_display = ["at", "action", "who", "card", "story", "short_note"]
    list_filter = ["action"]
    search_fields = ["note", "card__title", "story__title", "actor__email"]
    list_select_related = ["actor", "card__story", "story"]
    # Each step's own page: its note as the log shows it (the system's notes in the reader's language).
    fields = ["card", "story", "translation", "actor", "at", "action", "shown_note", "revision"]
    readonly_fields = ["shown_note"]

    @admin.display(description=_("Who"), ordering="actor__email")
    def who(self, decision: ReviewStep) -> str:
        return decision.actor_label

    @admin.display(description=_("Note"))
    def short_note(self, decision: ReviewStep) -> str:
        return step_note(decision)[:80]

    @admin.display(description=_("Note"))
    def shown_note(self, decision: ReviewStep) -> str:
        return step_note(decision)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ReviewStep | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ReviewStep | None = None) -> bool:
        return False
