"""Content URLs: the Bible reader."""

from __future__ import annotations

from django.urls import path

from content import views

app_name = "content"

urlpatterns = [
    path("bible/<slug:book>/<int:chapter>/", views.chapter, name="bible_chapter"),
]
