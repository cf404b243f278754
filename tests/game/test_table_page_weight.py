"""The table page stays light: its first load in production settings, and modules preloaded."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from posixpath import dirname, join, normpath

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from game import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

# The whole first view of the table page: the HTML and every file it makes the browser fetch.
FIRST_LOAD_LIMIT = 60_000
ASSET = re.compile(r'<(?:link|script|img)\b[^>]*?\b(?:href|src)="(/static/[^"]+)"')
IMPORT = re.compile(r'^\s*(?:import|export)\b[^"\']*?\bfrom\s*["\'](\.{1,2}/[^"\']+)["\']', re.MULTILINE)
PRELOAD = re.compile(r'<link rel="modulepreload" href="(/static/[^"]+)">')


def module_imports(path: Path) -> list[str]:
    return IMPORT.findall(path.read_text(encoding="utf-8"))


def imported_by(entry: str, root: Path) -> set[str]:
    """Every module an entry module imports, directly or not, as paths under the static root."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        current = todo.pop()
        for name in module_imports(root / current):
            target = normpath(join(dirname(current), name))
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


@pytest.fixture
def production_static(settings, tmp_path):
    """collectstatic as production runs it: hashed names, gzip copies made by WhiteNoise."""
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    return tmp_path


def transferred(root: Path, url: str) -> int:
    """Bytes on the wire for one static file: WhiteNoise sends the .gz copy when it has one."""
    path = root / url.removeprefix(settings.STATIC_URL).split("?")[0]
    packed = path.with_name(path.name + ".gz")
    return (packed if packed.exists() else path).stat().st_size


def test_the_table_page_first_load_transfers_at_most_60_kb_in_production(
    client, live_deck, production_static
):
    member = UserFactory(gamer_tag="Bartholomew_the_Kind")
    table = services.create_private_table(user=member, seats=4)
    services.start_table(user=member, code=table.code)
    client.force_login(member)
    html = client.get(reverse("table", args=[table.code])).content
    # What the page names, and what its module script imports (preloaded or not), each file once.
    urls = set(ASSET.findall(html.decode()))
    urls |= {settings.STATIC_URL + module for module in imported_by("js/table.js", production_static)}
    assets = {url: transferred(production_static, url) for url in urls}
    # The HTML is counted as sent by Django, uncompressed (a proxy may compress it further).
    total = len(html) + sum(assets.values())
    print(
        f"table page first load: {total} bytes ({len(html)} HTML, gzipped {len(gzip.compress(html))}; "
        f"{len(assets)} static files, {sum(assets.values())} bytes)"
    )
    assert total <= FIRST_LOAD_LIMIT, sorted(assets.items(), key=lambda item: -item[1])


def test_every_module_the_table_imports_is_preloaded_and_nothing_else(client, live_deck):
    member = UserFactory()
    table = services.create_private_table(user=member, seats=4)
    client.force_login(member)
    html = client.get(reverse("table", args=[table.code])).content.decode()
    assert "{#" not in html and "{%" not in html  # no template comment leaks onto the page
    preloaded = {url.removeprefix(settings.STATIC_URL) for url in PRELOAD.findall(html)}
    assert preloaded == imported_by("js/table.js", Path(settings.BASE_DIR) / "static")
