"""The settings page's notice forms, under /notices/: the mail and tables choice, stopping a device,
the test notice; and the turn mails' unsubscribe link."""

from django.urls import path

from notices import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notices_unsubscribe"),
    path("settings/", views.notice_settings, name="notices_settings"),
    path("devices/<int:device_id>/stop/", views.stop_telling_device, name="notices_stop_device"),
    path("test/", views.send_test, name="notices_test"),
]
