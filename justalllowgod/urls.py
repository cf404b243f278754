"""The site's URLs."""

from django.contrib import admin
from django.urls import include, path

from game import views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("how-to-play/", game_views.how_to_play, name="how_to_play"),
    path("rules/", game_views.rules, name="rules"),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("", include("content.urls")),
    path("admin/", admin.site.urls),
]
