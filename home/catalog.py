"""The words the browser's scripts say, in the reader's language: Django's JavaScript catalog
(`django.gettext` and friends) built from locale/<lang>/LC_MESSAGES/djangojs.po, one URL per
language so a browser and the service worker keep each. static/js/i18n.js is the ES modules' door to
it; an English page loads none (its words are the scripts' own)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog

from accounts.language import offered

# An hour in the browser: a new release's words reach an open page within the hour.
CATALOG_MAX_AGE = 3600


@method_decorator(cache_control(max_age=CATALOG_MAX_AGE, public=True), name="get")
class LanguageCatalog(JavaScriptCatalog):
    """/words/<lang>.js: the catalog of one language offered now."""

    domain = "djangojs"

    def get(self, request: HttpRequest, *args, language: str = "en", **kwargs) -> HttpResponse:
        if language not in offered():
            raise Http404("No such language")
        with translation.override(language):
            return super().get(request, *args, **kwargs)
