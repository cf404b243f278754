"""Member pages."""

from django.urls import path

from accounts import keep_views, views

app_name = "accounts"
urlpatterns = [
    path("tag/", views.choose_tag, name="choose_tag"),
    path("settings/", views.settings_page, name="settings"),
    path("settings/team-mail/", views.team_mail, name="team_mail"),
    path("settings/delete/", views.delete_account, name="delete_account"),
    path("keep-games/", keep_views.keep_games, name="keep_games"),
    path("kid-device/", views.kid_device, name="kid_device"),
]
