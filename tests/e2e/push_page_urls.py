"""The site's URLs plus one page of the tests' own that carries the push setup button, as the
settings page will: its include, with the server's key (push.public_key())."""

from __future__ import annotations

from django.template import engines
from django.urls import path

from justalllowgod.urls import urlpatterns as site
from notices import push

PAGE = """{% extends "base.html" %}{% block content %}<h1>Notices</h1>
{% include "notices/_push_setup.html" with vapid_public_key=vapid_public_key %}{% endblock %}"""


def push_setup_page(request):
    from django.http import HttpResponse

    template = engines["django"].from_string(PAGE)
    return HttpResponse(template.render({"vapid_public_key": push.public_key()}, request))


urlpatterns = [path("tests/push-setup/", push_setup_page), *site]
