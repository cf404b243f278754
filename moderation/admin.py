"""Moderation records in the admin: for reading; decisions are made on the review pages."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from moderation.models import Appeal, Case, Decision, Flag, NameReport


class ReadOnlyAdmin(admin.ModelAdmin):
    """Flags and decisions are history: nobody edits or deletes them here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


def case_page(case_id: int) -> SafeString:
    """A link to the case's review page, where decisions are made."""
    words = _("Open case %(case)s") % {"case": case_id}
    return format_html('<a href="{}">{}</a>', reverse("review_case", args=[case_id]), words)


@admin.register(Case)
class CaseAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game", "status", "opened_at", "closed_at", "claimed_by", "review_page"]
    list_filter = ["status"]
    readonly_fields = ["review_page"]

    @admin.display(description=gettext_lazy("Review page"))
    def review_page(self, case: Case) -> SafeString:
        return case_page(case.pk)


@admin.register(Flag)
class FlagAdmin(ReadOnlyAdmin):
    list_display = ["pk", "kind", "game", "seats", "created_at", "review_page"]
    list_filter = ["kind"]

    @admin.display(description=gettext_lazy("Review page"))
    def review_page(self, flag: Flag) -> SafeString:
        return case_page(flag.case_id)


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = [
        "pk",
        "action",
        "user",
        "case",
        "days",
        "ends_at",
        "reviewer",
        "created_at",
        "review_page",
    ]
    list_filter = ["action"]
    raw_id_fields = ["user", "reviewer", "case", "reverses"]

    @admin.display(description=gettext_lazy("Review page"))
    def review_page(self, decision: Decision) -> SafeString:
        return case_page(decision.case_id)


@admin.register(Appeal)
class AppealAdmin(ReadOnlyAdmin):
    list_display = ["pk", "decision", "created_at", "answered_at", "answered_by", "review_page"]

    @admin.display(description=gettext_lazy("Review page"))
    def review_page(self, appeal: Appeal) -> SafeString:
        return case_page(appeal.decision.case_id)


@admin.register(NameReport)
class NameReportAdmin(ReadOnlyAdmin):
    """Reported names, for reading; reviewers answer them in the review queue."""

    list_display = [
        "pk",
        "tag",
        "reported",
        "reporter",
        "table",
        "seat",
        "status",
        "created_at",
        "decided_by",
    ]
    list_filter = ["status"]
    search_fields = ["tag"]
    raw_id_fields = ["reported", "reporter", "table", "decided_by"]
