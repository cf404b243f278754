"""The site's URLs: each app's own urls.py, then sign-in (allauth) and the admin. The order is the
order Django tries them in: the game's `t/<code>/<action>/` takes any word, so nothing after it may
need one."""

from django.contrib import admin
from django.urls import include, path

from justalllowgod.lib.methods import post_only

# Django's admin signs out only on POST and answers a typed /admin/logout/ with a blank 405: a GET
# goes to the admin's index instead (this entry comes first, so it is the one that answers).
admin_logout = post_only(go_to="admin:index")(admin.site.admin_view(admin.site.logout))

urlpatterns = [
    path("", include("home.urls")),
    path("", include("game.urls")),
    path("", include("classes.urls")),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("", include("content.urls")),
    path("", include("moderation.urls")),
    path("", include("notices.urls")),
    path("verses/", include("verses.urls")),
    path("admin/logout/", admin_logout),
    path("admin/", admin.site.urls),
]

# A lost database is a plain 503 page with Retry-After, logged once per outage (justalllowgod/outage.py).
handler500 = "justalllowgod.outage.server_error"
