"""The site's URLs plus two pages of the tests' own, carrying what the lead's and the settings
pages will include: the push setup button (with the server's key) and the install prompt."""

from __future__ import annotations

from django.http import HttpResponse
from django.template import engines
from django.urls import path

from justalllowgod.urls import urlpatterns as site
from notices import push

PUSH_PAGE = """{% extends "base.html" %}{% block content %}<h1>Notices</h1>
{% include "notices/_push_setup.html" with vapid_public_key=vapid_public_key %}{% endblock %}"""
INSTALL_PAGE = """{% extends "base.html" %}{% block content %}<h1>Start</h1>
{% include "includes/install_prompt.html" %}{% endblock %}"""


def _page(source: str):
    def view(request):
        template = engines["django"].from_string(source)
        return HttpResponse(template.render({"vapid_public_key": push.public_key()}, request))

    return view


urlpatterns = [
    path("tests/push-setup/", _page(PUSH_PAGE)),
    path("tests/install-prompt/", _page(INSTALL_PAGE)),
    *site,
]
