"""The turn mails' routes, under /notices/: the unsubscribe link and the settings page's form."""

from django.urls import path

from notices import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notices_unsubscribe"),
    path("settings/", views.notice_settings, name="notices_settings"),
]
