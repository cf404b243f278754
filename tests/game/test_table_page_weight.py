"""The table page stays light: its first load in production settings, and modules preloaded and hashed."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from posixpath import dirname, join, normpath

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from game import services
from justalllowgod.storage import without_comments
from tests.factories import UserFactory
from tests.foundation.test_settings import PRODUCTION_ENV, run_manage

pytestmark = pytest.mark.django_db

# The whole first view of the table page: the HTML and every file it makes the browser fetch.
FIRST_LOAD_LIMIT = 50_000
# What production stores static files with (the branch of STORAGES taken when DEBUG is off).
PRODUCTION_STORAGE = "justalllowgod.storage.HashedModulesStorage"
ASSET = re.compile(r'<(?:link|script|img)\b[^>]*?\b(?:href|src)="(/static/[^"]+)"')
# An image the browser fetches at once: every <img> not marked lazy.
EAGER_IMAGE = re.compile(r'<img\b(?![^>]*\bloading="lazy")[^>]*?\bsrc="([^"]+)"')
# At a line's start in our sources; after a ";" or "}" in the minified modules production stores.
IMPORT = re.compile(
    r'(?:^|(?<=[;}]))\s*(?:import|export)\b[^"\';]*?\bfrom\s*["\'](\.{1,2}/[^"\']+)["\']', re.MULTILINE
)
# The other ways a module can name another: `import "./x.js";` (loaded with it) and `import("./x.js")`
# (loaded when the code first asks: the end screen, the let-back box; not part of the first load).
BARE_IMPORT = re.compile(r'\bimport\s*["\']([^"\']+)["\']')
DYNAMIC_IMPORT = re.compile(r'\bimport\s*\(\s*["\']([^"\']+)["\']')
PRELOAD = re.compile(r'<link rel="modulepreload" href="(/static/[^"]+)">')
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")


def module_imports(path: Path, *, later: bool = False) -> list[str]:
    """The modules one module loads with it; with later=True, also those it imports when first needed."""
    text = path.read_text(encoding="utf-8")
    return IMPORT.findall(text) + BARE_IMPORT.findall(text) + (DYNAMIC_IMPORT.findall(text) if later else [])


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
    """collectstatic as production runs it: hashed names and imports, gzip copies made by WhiteNoise."""
    settings.DEBUG = False
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION_STORAGE}}
    call_command("collectstatic", interactive=False, verbosity=0)
    return tmp_path


def transferred(root: Path, url: str) -> int:
    """Bytes on the wire for one static file: WhiteNoise sends the .gz copy when it has one."""
    path = root / url.removeprefix(settings.STATIC_URL).split("?")[0]
    packed = path.with_name(path.name + ".gz")
    return (packed if packed.exists() else path).stat().st_size


def hashed_entry(root: Path) -> str:
    """The collected table.<hash>.js, as the manifest names it."""
    manifest = json.loads((root / "staticfiles.json").read_text())
    return manifest["paths"]["js/table.js"]


def test_production_settings_store_hashed_module_imports_and_gzip_the_pages():
    # The test settings run with DEBUG on: ask a process started with production's environment.
    script = (
        "from django.conf import settings; "
        "print(settings.STORAGES['staticfiles']['BACKEND']); "
        "print('django.middleware.gzip.GZipMiddleware' in settings.MIDDLEWARE)"
    )
    result = run_manage("shell", "--no-imports", "-c", script, env=PRODUCTION_ENV)
    assert result.stdout.split() == [PRODUCTION_STORAGE, "True"], result.stderr


@pytest.mark.parametrize("started", [False, True], ids=["waiting room", "game"])
def test_the_table_page_first_load_transfers_at_most_50_kb_in_production(
    client, live_deck, production_static, started
):
    member = UserFactory(gamer_tag="Bartholomew_the_Kind")
    table = services.create_private_table(user=member, seats=4).table
    if started:
        services.start_table(user=member, code=table.code)
    client.force_login(member)
    # The HTML as sent to a browser, which always accepts gzip.
    response = client.get(reverse("table", args=[table.code]), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    sent = response.content
    html = gzip.decompress(sent) if response.get("Content-Encoding") == "gzip" else sent
    page = html.decode()
    # What the page names, and what its module script imports (preloaded or not), each file once.
    urls = set(ASSET.findall(page))
    urls |= {settings.STATIC_URL + m for m in imported_by(hashed_entry(production_static), production_static)}
    assets = {url: transferred(production_static, url) for url in urls}
    # Images not under /static/ (the QR code) count too, unless the browser waits to fetch them.
    for src in set(EAGER_IMAGE.findall(page)) - urls:
        if not src.startswith(settings.STATIC_URL):
            assets[src] = len(client.get(src, HTTP_ACCEPT_ENCODING="gzip").content)
    total = len(sent) + sum(assets.values())
    print(
        f"table page first load ({'game' if started else 'waiting room'}): {total} bytes "
        f"({len(sent)} HTML sent, {len(html)} before gzip; {len(assets)} other files, "
        f"{sum(assets.values())} bytes)"
    )
    assert total <= FIRST_LOAD_LIMIT, sorted(assets.items(), key=lambda item: -item[1])


def test_the_qr_code_waits_in_a_closed_box_until_it_is_opened(client, live_deck):
    member = UserFactory()
    table = services.create_private_table(user=member, seats=4).table
    client.force_login(member)
    page = client.get(reverse("table", args=[table.code])).content.decode()
    qr = reverse("table_qr", args=[table.code])
    box = re.search(r"<details\b(?![^>]*language-picker)[^>]*>(.*?)</details>", page, re.S)
    assert box is not None and "open" not in box.group(0)[: box.group(0).index(">")]
    assert qr in box.group(1) and 'loading="lazy"' in box.group(1)
    assert qr not in EAGER_IMAGE.findall(page)


def test_every_module_the_table_imports_is_preloaded_and_nothing_else(client, live_deck):
    member = UserFactory()
    table = services.create_private_table(user=member, seats=4).table
    client.force_login(member)
    html = client.get(reverse("table", args=[table.code])).content.decode()
    assert "{#" not in html and "{%" not in html  # no template comment leaks onto the page
    preloaded = {url.removeprefix(settings.STATIC_URL) for url in PRELOAD.findall(html)}
    assert preloaded == imported_by("js/table.js", Path(settings.BASE_DIR) / "static")


def test_in_production_the_page_preloads_the_hashed_modules_the_hashed_table_js_imports(
    client, live_deck, production_static
):
    member = UserFactory()
    table = services.create_private_table(user=member, seats=4).table
    client.force_login(member)
    html = client.get(reverse("table", args=[table.code])).content.decode()
    entry = hashed_entry(production_static)
    assert f'<script type="module" src="{settings.STATIC_URL}{entry}">' in html
    preloaded = {url.removeprefix(settings.STATIC_URL) for url in PRELOAD.findall(html)}
    assert preloaded == imported_by(entry, production_static)
    assert all(HASHED.search(name) for name in preloaded)


def test_every_import_in_every_collected_module_names_a_hashed_file(production_static):
    """After a deploy a cached old module can never be imported by a new one: each names its version."""
    manifest = json.loads((production_static / "staticfiles.json").read_text())["paths"]
    hashed_names = set(manifest.values())
    checked = 0
    for plain, hashed in manifest.items():
        if not plain.endswith(".js"):
            continue
        for name in module_imports(production_static / hashed, later=True):
            target = normpath(join(dirname(hashed), name))
            assert target in hashed_names, f"{hashed} imports {name}, not a hashed file"
            assert (production_static / target).is_file()
            checked += 1
    assert hashed_entry(production_static) in hashed_names
    entry = (production_static / hashed_entry(production_static)).read_text()
    assert DYNAMIC_IMPORT.findall(entry), "table.js imports its end screen when first needed"
    assert checked >= len(imported_by("js/table.js", Path(settings.BASE_DIR) / "static"))


def test_style_sheets_are_stored_without_their_comments_and_with_every_rule(production_static):
    manifest = json.loads((production_static / "staticfiles.json").read_text())["paths"]

    for name in ("css/game.css", "css/site.css", "css/cards.css", "css/screen.css"):
        source = (Path(settings.BASE_DIR) / "static" / name).read_text()
        stored = (production_static / manifest[name]).read_text()
        assert "/*" in source and "/*" not in stored, name
        assert stored == without_comments(source), name  # every rule kept, in its order


def test_the_minified_modules_are_still_whole_and_pass_the_models_own_tests(tmp_path):
    """Production stores the scripts minified (justalllowgod/storage.py): each still parses as a
    module, and node's tests of the table model pass on the minified copies as on the sources."""
    import shutil
    import subprocess

    from justalllowgod.storage import minified

    base = Path(settings.BASE_DIR)
    (tmp_path / "static" / "js").mkdir(parents=True)
    for source in (base / "static" / "js").glob("*.js"):
        shrunk = minified(source.read_text(encoding="utf-8"))
        assert len(shrunk) < source.stat().st_size or "//" not in source.read_text(), source.name
        (tmp_path / "static" / "js" / source.name).write_text(shrunk, encoding="utf-8")
        check = subprocess.run(
            ["node", "--check", "--input-type=module"], input=shrunk, capture_output=True, text=True
        )
        assert check.returncode == 0, f"{source.name}: {check.stderr}"
    shutil.copytree(base / "tests" / "js", tmp_path / "tests" / "js")
    run = subprocess.run(["node", "--test", "tests/js/"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "# fail 0" in run.stdout
