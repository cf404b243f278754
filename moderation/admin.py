"""Moderation records in the admin: for reading; decisions are made on the review pages."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from moderation.models import Case, Decision, Flag


class ReadOnlyAdmin(admin.ModelAdmin):
    """Flags and decisions are history: nobody edits or deletes them here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Case)
class CaseAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game", "status", "opened_at", "closed_at"]
    list_filter = ["status"]


@admin.register(Flag)
class FlagAdmin(ReadOnlyAdmin):
    list_display = ["pk", "kind", "game", "seats", "created_at"]
    list_filter = ["kind"]


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ["pk", "action", "user", "case", "days", "ends_at", "reviewer", "created_at"]
    list_filter = ["action"]
    raw_id_fields = ["user", "reviewer", "case", "reverses"]
