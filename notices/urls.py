"""The notices' routes: push subscriptions and mail unsubscribes under /notices/, and the web
app's manifest, service worker and offline page at the site's root (a service worker's scope is
the folder it is served from)."""

from django.urls import include, path

urlpatterns = [
    path("notices/", include("notices.push_urls")),
    path("notices/", include("notices.mail_urls")),
    path("", include("notices.pwa_urls")),
]
