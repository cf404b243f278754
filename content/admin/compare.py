"""Compare and revert in the admin, for cards and stories alike (content/compare.py does the diff)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from content import compare, reverting
from content.admin.steps import REFUSED, parse_revision, reason_of
from justalllowgod.lib.refusals import Code, Refusal


class CompareAdminMixin:
    """A revisions list on the change page, a compare page for any two, and revert to any one."""

    def get_urls(self) -> list:
        info = self.model._meta.app_label, self.model._meta.model_name
        extra = [
            path(
                "<path:object_id>/compare/",
                self.admin_site.admin_view(self.compare_view),
                name="{}_{}_compare".format(*info),
            ),
            path(
                "<path:object_id>/revert/",
                self.admin_site.admin_view(self.revert_view),
                name="{}_{}_revert".format(*info),
            ),
        ]
        return extra + super().get_urls()

    def _compare_url(self, obj: Model, a: int, b: int) -> str:
        info = self.model._meta.app_label, self.model._meta.model_name
        return reverse("admin:{}_{}_compare".format(*info), args=[obj.pk]) + f"?a={a}&b={b}"

    @admin.display(description=gettext_lazy("Revisions"))
    def revisions(self, obj: Model | None) -> SafeString | str:
        """Every revision, each with links to compare it with the one before and with the newest."""
        if obj is None or not obj.pk:
            return "—"
        found = compare.revision_list(obj)
        newest = found[-1].number if found else 0
        rows = [
            {
                "revision": r,
                "previous": self._compare_url(obj, r.number - 1, r.number) if r.number > 1 else "",
                "now": self._compare_url(obj, r.number, newest) if r.number < newest else "",
            }
            for r in reversed(found)
        ]
        return render_to_string("admin/content/revision_list.html", {"rows": rows})

    def compare_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """Two revisions side by side, insertions and deletions marked, with revert to the older one."""
        obj = self.get_object(request, object_id)
        if obj is None:
            raise Http404("No such item")
        if not self.has_view_or_change_permission(request, obj):
            raise PermissionDenied
        found = compare.revision_list(obj)
        newest = found[-1].number if found else 1
        a = parse_revision(request.GET.get("a")) or max(newest - 1, 1)
        b = parse_revision(request.GET.get("b")) or newest
        try:
            items = compare.compare(obj, a, b)
        except ValueError:
            words = _("“%(title)s” has revisions 1 to %(newest)s: choose two of those.")
            messages.error(request, words % {"title": obj.title, "newest": newest})
            a, b = max(newest - 1, 1), newest
            items = compare.compare(obj, a, b)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Compare revisions of “%(title)s”") % {"title": obj.title},
            "object": obj,
            "items": items,
            "a": a,
            "b": b,
            "revisions": found,
            "may_revert": self.has_change_permission(request, obj),
            "revert_url": reverse(
                f"admin:{self.model._meta.app_label}_{self.model._meta.model_name}_revert", args=[obj.pk]
            ),
            "change_url": self._change_url(obj),
        }
        return TemplateResponse(request, "admin/content/compare.html", context)

    def revert_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """POST only: revert to one revision, as a new revision that goes to review."""
        obj = self.get_object(request, object_id)
        if obj is None or request.method != "POST":
            raise Http404("Nothing to revert here")
        if not self.has_change_permission(request, obj):
            raise PermissionDenied
        number = parse_revision(request.POST.get("number"))
        try:
            if number is None:
                raise Refusal(Code.CHOOSE_REVISION)
            done = reverting.revert_to(subject=obj, number=number, user=request.user)
        except REFUSED as error:
            messages.error(request, reason_of(error))
            return HttpResponseRedirect(self._change_url(obj))
        messages.success(request, reverting.reverted_note(done, number))
        return HttpResponseRedirect(self._change_url(obj))
