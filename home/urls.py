"""The site's own pages, at the root."""

from django.urls import path

from accounts.language import choose_language
from home import pages
from home.catalog import LanguageCatalog

urlpatterns = [
    path("", pages.home, name="home"),
    path("how-to-play/", pages.how_to_play, name="how_to_play"),
    path("rules/", pages.rules, name="rules"),
    path("privacy/", pages.privacy, name="privacy"),
    path("language/", choose_language, name="choose_language"),
    path("words/<str:language>.js", LanguageCatalog.as_view(), name="words"),
]
