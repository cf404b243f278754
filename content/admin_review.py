"""The review workflow in the admin: bulk actions, one-object buttons, and the note page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

from content import services
from content.forms import RequestChangesForm, SingleChangesForm
from content.models import Status

Step = Callable[[Model], Model]


def _step(service: Callable[..., Model], user: Any, **extra: Any) -> Step:
    """One review service, applied to one object on behalf of one person."""

    def run(obj: Model) -> Model:
        return service(subject=obj, user=user, **extra)

    return run


def _reason(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error) or "You are not allowed to do that."


class ReviewAdminMixin:
    """Submit, approve and request changes, for stories and cards alike; the services decide."""

    actions = ["submit_selected", "approve_selected", "request_changes_selected"]
    change_form_template = "admin/content/review_change_form.html"

    # --- permissions the actions and buttons are shown for (the services check again) ---

    def _can(self, request: HttpRequest, verb: str) -> bool:
        return request.user.has_perm(f"content.{verb}_{self.model._meta.model_name}")

    def has_submit_permission(self, request: HttpRequest) -> bool:
        return self._can(request, "submit")

    def has_approve_permission(self, request: HttpRequest) -> bool:
        return self._can(request, "approve")

    # --- applying one step to many objects, reporting every refusal ---

    def _apply(self, request: HttpRequest, objects: QuerySet | list, step: Step, done: str) -> None:
        succeeded = 0
        for obj in objects:
            try:
                step(obj)
                succeeded += 1
            except (PermissionDenied, ValidationError) as error:
                self.message_user(request, _reason(error), messages.ERROR)
        if succeeded:
            noun = self.model._meta.verbose_name if succeeded == 1 else self.model._meta.verbose_name_plural
            self.message_user(request, f"{done}: {succeeded} {noun}.", messages.SUCCESS)

    @admin.action(description="Submit for review", permissions=["submit"])
    def submit_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._apply(request, queryset, _step(services.submit_for_review, request.user), "Sent for review")

    @admin.action(description="Approve", permissions=["approve"])
    def approve_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._apply(request, queryset, _step(services.approve, request.user), "Approved")

    @admin.action(description="Request changes…", permissions=["approve"])
    def request_changes_selected(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        form = RequestChangesForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            step = _step(services.request_changes, request.user, note=form.cleaned_data["note"])
            self._apply(request, queryset, step, "Sent back with your note")
            return None
        if not form.is_bound:
            form = RequestChangesForm(
                initial={"_selected_action": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)}
            )
        return self._note_page(request, form, list(queryset), action="request_changes_selected")

    def _note_page(
        self, request: HttpRequest, form: Any, objects: list, action: str = "", cancel_url: str = ""
    ) -> TemplateResponse:
        context = {
            **self.admin_site.each_context(request),
            "title": "Request changes",
            "opts": self.model._meta,
            "form": form,
            "objects": objects,
            "action": action,
            "cancel_url": cancel_url,
        }
        return TemplateResponse(request, "admin/content/request_changes.html", context)

    # --- one object, from its own page ---

    def get_urls(self) -> list:
        info = self.model._meta.app_label, self.model._meta.model_name
        extra = [
            path(
                "<path:object_id>/review/<str:step>/",
                self.admin_site.admin_view(self.review_view),
                name="{}_{}_review".format(*info),
            ),
        ]
        return extra + super().get_urls()

    def _change_url(self, obj: Model) -> str:
        info = self.model._meta.app_label, self.model._meta.model_name
        return reverse("admin:{}_{}_change".format(*info), args=[obj.pk], current_app=self.admin_site.name)

    def review_view(self, request: HttpRequest, object_id: str, step: str) -> HttpResponse:
        """Submit, approve or request changes for one object (POST only)."""
        obj = self.get_object(request, object_id)
        if obj is None or step not in {"submit", "approve", "changes"}:
            raise Http404("Nothing to review here")
        if not self.has_view_or_change_permission(request, obj):
            raise PermissionDenied
        if step == "changes":
            return self._single_changes(request, obj)
        if request.method == "POST":
            service = services.submit_for_review if step == "submit" else services.approve
            done = "Sent for review" if step == "submit" else "Approved"
            self._apply(request, [obj], _step(service, request.user), done)
        return HttpResponseRedirect(self._change_url(obj))

    def _single_changes(self, request: HttpRequest, obj: Model) -> HttpResponse:
        form = SingleChangesForm(request.POST if request.method == "POST" else None)
        if form.is_valid():
            step = _step(services.request_changes, request.user, note=form.cleaned_data["note"])
            self._apply(request, [obj], step, "Sent back with your note")
            return HttpResponseRedirect(self._change_url(obj))
        return self._note_page(request, form, [obj], cancel_url=self._change_url(obj))

    def review_steps(self, request: HttpRequest, obj: Model | None) -> list[dict[str, Any]]:
        """The buttons shown on an object's page for this person and this status."""
        if obj is None:
            return []
        info = self.model._meta.app_label, self.model._meta.model_name

        def url(step: str) -> str:
            return reverse("admin:{}_{}_review".format(*info), args=[obj.pk, step])

        steps: list[dict[str, Any]] = []
        if self.has_submit_permission(request) and obj.status in {Status.DRAFT, Status.CHANGES_REQUESTED}:
            steps.append({"label": "Submit for review", "url": url("submit"), "post": True})
        if self.has_approve_permission(request) and obj.status == Status.IN_REVIEW:
            steps.append({"label": "Approve", "url": url("approve"), "post": True})
            steps.append({"label": "Request changes", "url": url("changes"), "post": False})
        return steps

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict | None = None
    ) -> HttpResponse:
        obj = self.get_object(request, object_id)
        extra_context = {**(extra_context or {}), "review_steps": self.review_steps(request, obj)}
        return super().change_view(request, object_id, form_url, extra_context)
