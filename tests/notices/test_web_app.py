"""Issue 32: the installable web app: its manifest and icons, its service worker served from the
root with the headers a worker needs, and the offline page the worker keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from PIL import Image

from notices.pwa_views import OFFLINE_ASSETS

pytestmark = pytest.mark.django_db


def test_the_manifest_makes_the_site_an_app(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["name"] == "JustAllowGod"
    assert manifest["short_name"]
    assert manifest["description"]
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert manifest["background_color"] in Path(finders.find("css/site.css")).read_text()


def test_each_icon_of_the_manifest_exists_at_its_size(client):
    icons = client.get("/manifest.webmanifest").json()["icons"]
    assert {(icon["sizes"], icon["purpose"]) for icon in icons} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in icons:
        assert icon["type"] == "image/png"
        path = finders.find(icon["src"].removeprefix("/static/"))
        width, height = (int(n) for n in icon["sizes"].split("x"))
        with Image.open(path) as image:
            assert image.format == "PNG"
            assert image.size == (width, height)
        if icon["purpose"] == "maskable":
            with Image.open(path) as image:
                assert image.convert("RGBA").getpixel((2, 2))[3] == 255  # fills the whole square
    with Image.open(finders.find("img/apple-touch-icon.png")) as apple:
        assert apple.size == (180, 180)


def test_every_page_names_the_manifest_its_colour_and_apples_icon(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color"' in page
    assert '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' in page
    icon = client.get("/apple-touch-icon.png")
    assert (icon.status_code, icon["Content-Type"]) == (200, "image/png")
    assert icon.content.startswith(b"\x89PNG")


def test_the_policy_allows_the_manifest_and_the_worker_from_the_site_only(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "manifest-src 'self'" in policy
    assert "worker-src 'self'" in policy


def test_the_service_worker_is_served_from_the_root_as_a_worker_needs(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"
    script = answer.content.decode()
    for event in ("install", "activate", "fetch", "push", "notificationclick"):
        assert f'addEventListener("{event}"' in script
    cache = re.search(r'const CACHE = "jag-offline-([0-9a-f]{12})";', script)
    assert cache, script[:300]
    assert '"/offline/"' in script
    for asset in OFFLINE_ASSETS:
        assert f'"/static/{asset}"' in script
    assert "{{" not in script and "{%" not in script


def test_the_workers_cache_name_changes_with_the_offline_page(client, monkeypatch):
    from notices import pwa_views

    before = client.get("/sw.js").content.decode()
    monkeypatch.setattr(pwa_views, "_offline_page", lambda: "<p>another page</p>")
    after = client.get("/sw.js").content.decode()
    name = re.compile(r'const CACHE = "(jag-offline-[0-9a-f]+)";')
    assert name.search(before).group(1) != name.search(after).group(1)


def test_the_offline_page_is_warm_short_and_the_same_for_everyone(client):
    from tests.factories import UserFactory

    answer = client.get("/offline/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "You're offline" in page or "You&#x27;re offline" in page
    assert "The table needs a connection: it will be here when you" in page
    assert "Try again" in page
    assert "csrfmiddlewaretoken" not in page
    client.force_login(UserFactory(gamer_tag="Mum"))
    assert client.get("/offline/").content.decode() == page  # nothing of the member in what is cached
    for asset in OFFLINE_ASSETS:
        assert finders.find(asset)


def test_the_offline_page_holds_every_open_language_the_readers_first(client, settings):
    """Issue 42: the worker caches the offline page once, so it holds each language readers are
    offered, the one it was fetched in shown first; static/js/offline.js shows the one the reader
    last read a page in."""
    settings.LANGUAGES = settings.ALL_LANGUAGES
    page = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="pt").content.decode()
    assert (
        page.index('data-language="pt"') < page.index('data-language="en"') < page.index('data-language="es"')
    )
    assert '<html lang="pt">' in page
    assert "Você está off-line" in page and "Intentar de nuevo" in page
    shown = re.findall(r'<div class="offline-words" lang="(\w+)"[^>]*?( hidden)?>', page)
    assert shown == [("pt", ""), ("en", " hidden"), ("es", " hidden")]


def test_the_push_button_include_carries_the_key_and_says_when_push_is_off(rf):
    from django.middleware.csrf import get_token
    from django.template.loader import render_to_string

    request = rf.get("/me/settings/")
    get_token(request)
    on = render_to_string("notices/_push_setup.html", {"vapid_public_key": "BKey_1"}, request)
    assert 'data-vapid-key="BKey_1"' in on
    assert 'data-subscribe-url="/notices/push/subscribe/"' in on
    assert 'data-csrf="' in on and 'data-csrf=""' not in on
    assert "disabled" not in on
    assert '<script type="module" src="/static/js/push-setup.js"></script>' in on
    off = render_to_string("notices/_push_setup.html", {}, request)
    assert 'data-vapid-key=""' in off and " disabled>" in off
    assert "off on this server" in off
