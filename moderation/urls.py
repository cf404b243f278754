"""Moderation's pages: My games and replays for players, the review queue for reviewers, Report this name and Report how they played."""

from __future__ import annotations

from django.urls import path

from moderation import views

urlpatterns = [
    path("me/games/", views.my_games, name="my_games"),
    path("replay/<int:game_id>/", views.replay, name="replay"),
    path("review/", views.review_queue, name="review_queue"),
    path("review/cases/<int:case_id>/", views.review_case, name="review_case"),
    path("review/cases/<int:case_id>/decide/", views.decide, name="review_decide"),
    path("review/cases/<int:case_id>/claim/", views.claim, name="review_claim"),
    path("review/decisions/<int:decision_id>/reverse/", views.reverse, name="review_reverse"),
    path("review/decisions/<int:decision_id>/keep/", views.keep, name="review_keep"),
    path("review/names/<int:report_id>/new-tag/", views.ask_for_new_tag, name="review_new_tag"),
    path("review/names/<int:report_id>/keep/", views.keep_name, name="review_keep_name"),
    # Not under /me/ or /review/: a child may report a name too (accounts/family_guard.py).
    path("names/report/", views.report_name, name="report_name"),
    path("games/report/", views.report_play, name="report_play"),
    path("notices/<int:decision_id>/read/", views.acknowledge_notice, name="notice_read"),
    path("notices/<int:decision_id>/appeal/", views.appeal, name="notice_appeal"),
]
