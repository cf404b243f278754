"""Member pages."""

from django.urls import path

from accounts import family_views, views

app_name = "accounts"
urlpatterns = [
    path("tag/", views.choose_tag, name="choose_tag"),
    path("settings/", views.settings_page, name="settings"),
    path("settings/team-mail/", views.team_mail, name="team_mail"),
    path("settings/delete/", views.delete_account, name="delete_account"),
    path("family/", family_views.family_page, name="family"),
    path("family/<int:child_id>/public-play/", family_views.public_play, name="family_public_play"),
    path("family/<int:child_id>/sign-in/", family_views.sign_in_qr, name="family_sign_in_qr"),
    path("family/<int:child_id>/delete/", family_views.delete_child, name="family_delete"),
    path("family/devices/<int:device_id>/end/", family_views.end_device, name="family_end_device"),
]
