"""A class's pages (classes/pages.py). The join page by a code comes last: it takes any word."""

from django.urls import path

from classes import card_pages, pages

urlpatterns = [
    path("class/", pages.join_class, name="class_join"),
    path("class/new/", pages.new_class, name="class_new"),
    path("class/wait/", pages.class_wait, name="class_wait"),
    path("class/wait/state/", pages.class_state, name="class_state"),
    path("class/board/<int:class_id>/", pages.class_board, name="class_board"),
    path("class/board/<int:class_id>/state/", pages.class_board_state, name="class_board_state"),
    path("class/board/<int:class_id>/cards/", card_pages.print_cards, name="class_cards"),
    # Before the leader's buttons, which take any word.
    path("class/board/<int:class_id>/weekly/", pages.class_weekly, name="class_weekly"),
    path("class/board/<int:class_id>/<slug:button>/", pages.class_act, name="class_act"),
    path("class/claim/", card_pages.claim, name="class_claim"),
    path("class/claim/<str:card>/", card_pages.claim, name="class_claim_code"),
    path("class/<str:class_code>/", pages.join_class, name="class_join_code"),
]
