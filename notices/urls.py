"""The notices' routes: push subscriptions and mail unsubscribes under /notices/, and the web
app's manifest, service worker and offline page at the site's root (a service worker's scope is
the folder it is served from). The "push" and "pwa" namespaces are the ones templates reverse."""

from django.urls import include, path

from notices import push_views, pwa_views, views

push = [
    path("push/subscribe/", push_views.subscribe, name="subscribe"),
    path("push/unsubscribe/", push_views.unsubscribe, name="unsubscribe"),
]

# The settings page's notice forms: the mail and tables choice, stopping a device, the test notice;
# and the turn mails' unsubscribe link.
settings_forms = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="notices_unsubscribe"),
    path("settings/", views.notice_settings, name="notices_settings"),
    path("devices/<int:device_id>/stop/", views.stop_telling_device, name="notices_stop_device"),
    path("test/", views.send_test, name="notices_test"),
]

web_app = [
    path("manifest.webmanifest", pwa_views.manifest, name="manifest"),
    path("sw.js", pwa_views.service_worker, name="service_worker"),
    path("offline/", pwa_views.offline, name="offline"),
    # Where iOS looks for a home-screen icon; base.html names it too.
    path("apple-touch-icon.png", pwa_views.apple_touch_icon, name="apple_touch_icon"),
]

urlpatterns = [
    path("notices/", include((push, "push"))),
    path("notices/", include(settings_forms)),
    path("", include((web_app, "pwa"))),
]
