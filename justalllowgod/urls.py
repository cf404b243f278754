"""The site's URLs."""

from django.contrib import admin
from django.urls import include, path

from accounts import family_views
from game import table_views
from justalllowgod import pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("how-to-play/", pages.how_to_play, name="how_to_play"),
    path("rules/", pages.rules, name="rules"),
    path("privacy/", pages.privacy, name="privacy"),
    path("family/sign-in/<str:secret>/", family_views.sign_in_with_qr, name="family_sign_in"),
    path("tables/new/", table_views.new_private_table, name="new_private_table"),
    path("tables/join/", table_views.join_table, name="join_table"),
    path("play-now/", table_views.play_now, name="play_now"),
    path("join/<str:code>/", table_views.join_link, name="join_link"),
    path("invite/<str:token>/", table_views.join_invite, name="join_invite"),
    path("t/<str:code>/", table_views.table_page, name="table"),
    path("t/<str:code>/qr.svg", table_views.table_qr, name="table_qr"),
    path("t/<str:code>/<slug:action>/", table_views.table_action, name="table_action"),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("", include("content.urls")),
    path("", include("moderation.urls")),
    path("admin/", admin.site.urls),
]
