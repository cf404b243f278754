"""The content team's daily tool: decks, stories with their four cards, their translations, and
every review decision.

Django's admin imports this package; each page lives in its own module, registered here."""

from __future__ import annotations

from django.contrib import admin

from content.admin.cards import CardAdmin
from content.admin.decks import DeckAdmin
from content.admin.review_log import ReviewStepAdmin
from content.admin.stories import StoryAdmin
from content.admin.translations import TranslationAdmin
from content.models import Card, Deck, ReviewStep, Story, Translation

admin.site.register(Deck, DeckAdmin)
admin.site.register(Story, StoryAdmin)
admin.site.register(Card, CardAdmin)
admin.site.register(ReviewStep, ReviewStepAdmin)
admin.site.register(Translation, TranslationAdmin)
