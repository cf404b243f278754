"""Content URLs: the Bible reader and print and play."""

from __future__ import annotations

from django.urls import path

from content import views

app_name = "content"

urlpatterns = [
    path("bible/<slug:book>/<int:chapter>/", views.chapter, name="bible_chapter"),
    path("print/", views.print_and_play, name="print"),
    path("print/<str:paper>/deck.pdf", views.print_deck, name="print_deck"),
    path("print/<str:paper>/deck-with-backs.pdf", views.print_deck, {"backs": True}, name="print_deck_backs"),
    path("print/<str:paper>/rules-card.pdf", views.print_rules_card, name="print_rules_card"),
]
