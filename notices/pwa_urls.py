"""The web app's manifest, service worker and offline page, at the site's root."""

from django.urls import path

from notices import pwa_views

app_name = "pwa"

urlpatterns = [
    path("manifest.webmanifest", pwa_views.manifest, name="manifest"),
    path("sw.js", pwa_views.service_worker, name="service_worker"),
    path("offline/", pwa_views.offline, name="offline"),
    # Where iOS looks for a home-screen icon; base.html names it too.
    path("apple-touch-icon.png", pwa_views.apple_touch_icon, name="apple_touch_icon"),
]
