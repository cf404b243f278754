"""A story reviewed with its cards: one step submits, or approves, the story and its cards together."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from content import review, revisions
from content.admin.steps import REFUSED, came_from, confirm_drain, fresh, parse_revision, reason_of
from content.forms import SingleChangesForm
from content.models import Card, Status, Story, in_kind_order, subject_label


def _items(done: list[Card | Story]) -> str:
    """ "the story and 4 cards", for a message."""
    cards = sum(1 for item in done if isinstance(item, Card))
    story = len(done) > cards
    if story and cards:
        return ngettext("the story and %(n)s card", "the story and %(n)s cards", cards) % {"n": cards}
    if cards:
        return ngettext("%(n)s card", "%(n)s cards", cards) % {"n": cards}
    return _("the story") if story else ""


class TogetherAdminMixin:
    """The story's page decides on its cards too (it comes before ReviewAdminMixin)."""

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
                what=_("Approve"),
                yes=_("Yes, approve anyway"),
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
                verb = _("Sent for review") if step == "submit" else _("Approved")
                words = _("%(done)s: %(items)s.") % {"done": verb, "items": _items(done)}
                self.message_user(request, words, messages.SUCCESS)
        return HttpResponseRedirect(self._change_url(story))

    def _together(self, request: HttpRequest, story: Story, step: str) -> list:
        if step == "submit":
            return review.submit_story_with_cards(story=story, user=request.user)
        seen = {
            card.pk: parse_revision(request.POST.get(f"revision-card-{card.pk}"))
            for card in story.cards.all()
        }
        revision = parse_revision(request.POST.get("revision"))
        return review.approve_story_with_cards(
            story=story, user=request.user, revision=revision, card_revisions=seen
        )

    def _single_changes(self, request: HttpRequest, obj: Story) -> HttpResponse:
        """ "Request changes to the story": the story and its cards in review go back together, each
        the revision this page showed, with one note (review.request_changes_to_story_with_cards)."""
        form = SingleChangesForm(request.POST if request.method == "POST" else None)
        asked = request.POST if request.method == "POST" else request.GET
        seen = {"revision": asked.get("revision", "")}
        seen |= {key: value for key, value in asked.items() if key.startswith("revision-card-")}
        if form.is_valid():
            try:
                done = review.request_changes_to_story_with_cards(
                    story=obj,
                    user=request.user,
                    note=form.cleaned_data["note"],
                    revision=parse_revision(seen["revision"]),
                    card_revisions={
                        card.pk: parse_revision(seen.get(f"revision-card-{card.pk}"))
                        for card in obj.cards.all()
                    },
                )
            except REFUSED as error:
                self.message_user(request, reason_of(error), messages.ERROR)
            else:
                words = _("%(done)s: %(items)s.") % {
                    "done": _("Sent back with your note"),
                    "items": _items(done),
                }
                self.message_user(request, words, messages.SUCCESS)
            return HttpResponseRedirect(came_from(request) or self._change_url(obj))
        items = [i for i in self.review_items(obj) if i.status == Status.IN_REVIEW] or [obj]
        intro = _("You are sending %(items)s back to the editors:") % {"items": _items(items)}
        return self._note_page(request, form, items, cancel_url=self._change_url(obj), seen=seen, intro=intro)

    def review_items(self, obj: Story) -> list[Card | Story]:
        return [obj, *in_kind_order(obj.cards.all())]

    def review_steps(self, request: HttpRequest, obj: Story | None) -> list[dict[str, Any]]:
        steps = super().review_steps(request, obj)
        if obj is None:
            return steps
        for step in steps:
            if step.get("step") == "changes":
                # The story goes back with its cards in review: the note page carries what each showed.
                step["label"] = _("Request changes to the story")
                cards = {
                    f"revision-card-{card.pk}": revisions.current_revision(card) or ""
                    for card in obj.cards.all()
                    if card.status == Status.IN_REVIEW
                }
                if cards:
                    step["url"] += "&" + urlencode(cards)
        if request.user.has_perm("content.approve_card"):
            # A card is sent back from its own note page, which then returns to this story.
            for card in in_kind_order(obj.cards.all()):
                if card.status == Status.IN_REVIEW:
                    revision = revisions.current_revision(card) or ""
                    changes = reverse("admin:content_card_review", args=[card.pk, "changes"])
                    label = _("Request changes to %(item)s") % {"item": subject_label(card)}
                    # The note page returns to this story's page, where the approver was reviewing.
                    back = urlencode({"revision": revision, "next": self._change_url(obj)})
                    steps.append({"label": label, "url": f"{changes}?{back}", "post": False})
        url = lambda step: reverse("admin:content_story_together", args=[obj.pk, step])  # noqa: E731
        items = [obj, *in_kind_order(obj.cards.all())]
        user = request.user
        if user.has_perm("content.submit_story") and any(i.status in review.WAITING for i in items):
            label = _("Submit story with its cards")
            steps.insert(0, {"label": label, "url": url("submit"), "post": True})
        in_review = [i for i in items if i.status == Status.IN_REVIEW]
        may = user.has_perm("content.approve_story") and user.has_perm("content.approve_card")
        if in_review and may and all(review.may_approve(i, user) for i in in_review):
            hidden = {"revision": revisions.current_revision(obj) or ""}
            hidden |= {f"revision-card-{c.pk}": revisions.current_revision(c) or "" for c in items[1:]}
            label = _("Approve story with its cards")
            steps.insert(0, {"label": label, "url": url("approve"), "post": True, "hidden": hidden})
        return steps
