"""The installable web app (issue 32): its manifest, its service worker and the page the worker
shows when the network is gone. All three are served from the site's root: a worker's scope is
the folder it comes from, and the manifest names "/" as the app's start and scope."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

# What the offline page needs besides itself: all of it is cached when the worker installs.
OFFLINE_ASSETS = ("css/offline.css", "js/offline.js", "img/icon.svg")
# site.css's --bg: the splash screen and the browser's bar around the app.
BACKGROUND = "#fbf6ec"
ICONS = (
    ("img/icon-192.png", "192x192", "any"),
    ("img/icon-512.png", "512x512", "any"),
    ("img/icon-maskable-512.png", "512x512", "maskable"),
)


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    body = {
        "id": "/",
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": _("A Bible-story card game for families and friends, at one table or far apart."),
        "lang": get_language() or settings.LANGUAGE_CODE,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": BACKGROUND,
        "categories": ["games", "education"],
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    # In the reader's language: their language cookie's, or their browser's.
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The same for everyone who reads its language (the worker caches it once): no member, no
    form, no token in it."""
    response = HttpResponse(_offline_page())
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    files = [reverse("pwa:offline"), *(static(path) for path in OFFLINE_ASSETS)]
    context = {
        "version": _version(),
        "offline_url": json.dumps(reverse("pwa:offline")),
        "offline_files": json.dumps(files),
        "icon": json.dumps(static("img/icon-192.png")),
    }
    response = HttpResponse(
        render_to_string("notices/sw.js", context), content_type="text/javascript; charset=utf-8"
    )
    # Browsers check a worker for changes at each visit anyway; no-cache makes every check real.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def apple_touch_icon(request: HttpRequest) -> HttpResponse:
    """iOS asks the site's root for its icon, and takes no link to it under /static/ any better."""
    found = finders.find("img/apple-touch-icon.png")
    if not found:
        raise Http404
    with open(found, "rb") as icon:
        response = HttpResponse(icon.read(), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def _offline_page() -> str:
    """The page in every language readers are offered, the current one first: the worker caches it
    once, and static/js/offline.js shows the language the reader last read a page in."""
    current = get_language() or settings.LANGUAGE_CODE
    codes = sorted((code for code, _name in settings.LANGUAGES), key=lambda code: code != current)
    pages = []
    for code in codes:
        with translation.override(code):
            pages.append(
                {
                    "language": code,
                    "title": _("You're offline"),
                    "lead": _("The table needs a connection: it will be here when you're back."),
                    "again": _("Try again"),
                }
            )
    return render_to_string("notices/offline.html", {"pages": pages})


def _version() -> str:
    """Changes whenever the offline page or a file it needs does, so the worker (whose bytes then
    differ) installs again and caches them afresh under a new name."""
    digest = hashlib.sha256(_offline_page().encode())
    for path in OFFLINE_ASSETS:
        found = finders.find(path)
        if found:
            with open(found, "rb") as source:
                digest.update(source.read())
    return digest.hexdigest()[:12]
