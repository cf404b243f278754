"""The site's own pages, at the root."""

from django.urls import path

from home import pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("how-to-play/", pages.how_to_play, name="how_to_play"),
    path("rules/", pages.rules, name="rules"),
    path("privacy/", pages.privacy, name="privacy"),
]
