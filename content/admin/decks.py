"""A deck's admin page: how many of its stories deal, when it is live (R42: a deck for a season
goes live and ends on its dates), and making it the main deck."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from content import deal
from content.admin.cards import CARD_CSS
from content.admin.steps import confirm_drain, fresh
from content.models import Deck


class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_live", "live_from", "live_until", "live_now", "dealable"]
    readonly_fields = ["dealable"]
    fields = ["name", "slug", "is_live", "live_from", "live_until", "more_stories", "dealable"]
    filter_horizontal = ["more_stories"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]
    actions = ["make_live"]

    class Media:
        css = CARD_CSS

    @admin.action(description=gettext_lazy("Make this the main deck"), permissions=["change"])
    def make_live(self, request: HttpRequest, queryset: QuerySet[Deck]) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(request, _("Choose exactly one deck to make the main deck."), messages.ERROR)
            return None
        chosen = queryset.get()
        ask = confirm_drain(
            request,
            self.model._meta,
            self.admin_site.each_context(request),
            lambda: deal.make_deck_live(deck=fresh(chosen)),
            what=_("Make this the main deck"),
            yes=_("Yes, make this the main deck anyway"),
            cancel_url=reverse("admin:content_deck_changelist"),
        )
        if ask is not None:
            return ask
        deck = deal.make_deck_live(deck=chosen)
        words = _("“%(deck)s” is now the main deck. %(dealable)s.")
        self.message_user(request, words % {"deck": deck.name, "dealable": deal.dealability(deck)})
        return None

    @admin.display(description=gettext_lazy("Live now"), boolean=True)
    def live_now(self, deck: Deck) -> bool:
        return deck.is_live_at(timezone.now())

    @admin.display(description=gettext_lazy("Ready to deal"))
    def dealable(self, deck: Deck) -> str:
        return deal.dealability(deck) if deck.pk else _("Add stories once the deck is saved.")
