"""The review workflow in the admin: bulk actions, one-object buttons, and the note page."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from content import deal, drain, reverting, review, revisions
from content.admin.steps import (
    REFUSED,
    Step,
    came_from,
    confirm_drain,
    fresh,
    listed_revision,
    posted_revision,
    reason_of,
    seen_step,
    user_step,
)
from content.forms import RequestChangesForm, SingleChangesForm
from content.models import Status, subject_label


class ReviewAdminMixin:
    """Submit, approve and request changes, for stories and cards alike; the services decide."""

    # No bulk approve: a list shows titles, not diffs, so approval happens on the page that shows
    # what changed (#29).
    actions = ["submit_selected", "request_changes_selected"]
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
        """`done` names what happened ("Sent for review"); the message counts the items it happened to."""
        succeeded = 0
        for obj in objects:
            try:
                step(obj)
                succeeded += 1
            except REFUSED as error:
                self.message_user(request, reason_of(error), messages.ERROR)
        if succeeded:
            if self.model._meta.model_name == "story":
                words = ngettext("%(done)s: %(n)s story.", "%(done)s: %(n)s stories.", succeeded)
            elif self.model._meta.model_name == "translation":
                words = ngettext("%(done)s: %(n)s translation.", "%(done)s: %(n)s translations.", succeeded)
            else:
                words = ngettext("%(done)s: %(n)s card.", "%(done)s: %(n)s cards.", succeeded)
            self.message_user(request, words % {"done": done, "n": succeeded}, messages.SUCCESS)

    @admin.action(description=gettext_lazy("Submit for review"), permissions=["submit"])
    def submit_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        step = user_step(review.submit_for_review, request.user)
        self._apply(request, queryset, step, _("Sent for review"))

    @admin.action(description=gettext_lazy("Request changes…"), permissions=["approve"])
    def request_changes_selected(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        form = RequestChangesForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            note = form.cleaned_data["note"]
            step = seen_step(review.request_changes, request.user, listed_revision(request), note=note)
            self._apply(request, queryset, step, _("Sent back with your note"))
            return None
        if not form.is_bound:
            form = RequestChangesForm(
                initial={"_selected_action": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)}
            )
        # The revisions the list showed travel on through the note page.
        seen = {f"revision-{obj.pk}": request.POST.get(f"revision-{obj.pk}", "") for obj in queryset}
        return self._note_page(request, form, list(queryset), action="request_changes_selected", seen=seen)

    def _note_page(
        self,
        request: HttpRequest,
        form: Any,
        objects: list,
        action: str = "",
        cancel_url: str = "",
        seen: dict[str, str] | None = None,
        intro: str = "",
    ) -> TemplateResponse:
        context = {
            "seen": seen or {},
            "intro": intro,
            **self.admin_site.each_context(request),
            "title": _("Request changes"),
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
        if obj is None or step not in {"submit", "approve", "changes", "withdraw"}:
            raise Http404("Nothing to review here")
        if not self.has_view_or_change_permission(request, obj):
            raise PermissionDenied
        if step == "changes":
            return self._single_changes(request, obj)
        if request.method == "POST" and step == "withdraw":
            withdraw = user_step(reverting.withdraw_change, request.user)
            self._apply(request, [obj], withdraw, _("Change withdrawn, the approved version is back"))
            return HttpResponseRedirect(self._change_url(obj))
        if request.method == "POST" and step == "submit":
            step_run = user_step(review.submit_for_review, request.user)
            self._apply(request, [obj], step_run, _("Sent for review"))
        elif request.method == "POST":
            step_run = seen_step(review.approve, request.user, posted_revision(request))
            ask = confirm_drain(
                request,
                self.model._meta,
                self.admin_site.each_context(request),
                lambda: step_run(fresh(obj)),
                what=_("Approve"),
                yes=_("Yes, approve anyway"),
                cancel_url=self._change_url(obj),
            )
            if ask is not None:
                return ask
            self._apply(request, [obj], step_run, _("Approved"))
        return HttpResponseRedirect(self._change_url(obj))

    def _single_changes(self, request: HttpRequest, obj: Model) -> HttpResponse:
        form = SingleChangesForm(request.POST if request.method == "POST" else None)
        back = came_from(request) or self._change_url(obj)
        if form.is_valid():
            note = form.cleaned_data["note"]
            step = seen_step(review.request_changes, request.user, posted_revision(request), note=note)
            self._apply(request, [obj], step, _("Sent back with your note"))
            return HttpResponseRedirect(back)
        seen = {"revision": request.POST.get("revision") or request.GET.get("revision", "")}
        if came_from(request):
            seen["next"] = back
        return self._note_page(request, form, [obj], cancel_url=back, seen=seen)

    def render_delete_form(self, request: HttpRequest, context: dict) -> HttpResponse:
        # Django's page already asks "are you sure?": it also names the stories leaving new games.
        obj = context.get("object")
        if obj is not None:
            context["drain"] = drain.would_drain(lambda: fresh(obj).delete(), needed=deal.MIN_DEALABLE)
        return super().render_delete_form(request, context)

    def review_steps(self, request: HttpRequest, obj: Model | None) -> list[dict[str, Any]]:
        """The buttons shown on an object's page for this person and this status."""
        if obj is None:
            return []
        info = self.model._meta.app_label, self.model._meta.model_name

        def url(step: str) -> str:
            return reverse("admin:{}_{}_review".format(*info), args=[obj.pk, step])

        steps: list[dict[str, Any]] = []
        if self.has_submit_permission(request) and obj.status in {Status.DRAFT, Status.CHANGES_REQUESTED}:
            steps.append({"label": _("Submit for review"), "url": url("submit"), "post": True})
        if (
            obj.status != Status.APPROVED
            and self.has_change_permission(request, obj)
            and revisions.approved_revision(obj) is not None
        ):
            steps.append({"label": _("Withdraw the change"), "url": url("withdraw"), "post": True})
        if self.has_approve_permission(request) and obj.status == Status.IN_REVIEW:
            # The buttons carry the revision on this page, so a decision is about what was seen.
            revision = revisions.current_revision(obj)
            if review.may_approve(obj, request.user):
                hidden = {"revision": revision or ""}
                steps.append({"label": _("Approve"), "url": url("approve"), "post": True, "hidden": hidden})
            changes_url = f"{url('changes')}?revision={revision or ''}"
            steps.append(
                {"label": _("Request changes"), "url": changes_url, "post": False, "step": "changes"}
            )
        return steps

    def review_items(self, obj: Model) -> list[Model]:
        """What a decision on this page is about (a story's page decides on its cards too)."""
        return [obj]

    def review_note(self, request: HttpRequest, obj: Model | None) -> str:
        """Why an approver sees no Approve button: four eyes."""
        if obj is None or not self.has_approve_permission(request):
            return ""
        in_review = [i for i in self.review_items(obj) if i.status == Status.IN_REVIEW]
        edited = [i for i in in_review if not review.may_approve(i, request.user)]
        if edited:
            names = ", ".join(subject_label(i) for i in edited)
            words = _("You edited %(items)s since it was last approved, so another approver must approve it.")
            return words % {"items": names}
        return ""

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict | None = None
    ) -> HttpResponse:
        obj = self.get_object(request, object_id)
        extra_context = {
            **(extra_context or {}),
            "review_steps": self.review_steps(request, obj),
            "review_note": self.review_note(request, obj),
        }
        return super().change_view(request, object_id, form_url, extra_context)
