"""The production layout across machines, rehearsed on one (issue 44, item 3): a data host with
PostgreSQL and Redis speaking TLS only, two app hosts with daphne (the clock on the first), a front
host with nginx, each in its own network namespace (tests/stack/machines.py). A browser plays
through nginx; mid-game app host 2's daphne dies and the game goes on to its end through app host 1.

The tests share one layout and run in file order (`make test-stack` passes -p no:randomly).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.accounts.mailed_codes import code_in
from tests.e2e.helpers import ARTIFACTS, table_model
from tests.e2e.test_table_two_members import Driver, sign_up
from tests.stack import machines
from tests.stack.machines import (
    DATA_NAME,
    HOSTS,
    PG_BIN,
    POSTGRES_PORT,
    REDIS_PORT,
    ROOT,
    VISITOR,
    WRONG_NAME,
    Machines,
    admin_redis,
    admin_sql,
    app_environment,
    namespace,
)

PHONE = {"width": 390, "height": 844}
HOST_EMAIL, GUEST_EMAIL = "ruth@example.org", "boaz@example.org"
GAME_SECONDS = 150
# A game runs to about a hundred versions; app host 2 dies at about the fourth.
MOVES_AFTER_THE_CRASH = 10

# Run by manage.py shell on an app host: each Redis and database client the site has, through the
# site's own settings; what each answered, and what kind of connection it made.
PROBE = """
import json
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import caches
from django.db import connection
found = {}
def attempt(name, work):
    try:
        work()
        found[name] = "ok"
    except Exception as error:
        found[name] = f"{type(error).__name__}: {error}"
attempt("database", connection.ensure_connection)
if found["database"] == "ok":
    found["database_tls"] = connection.connection.pgconn.ssl_in_use
attempt("cache", lambda: caches["limits"].set("tls-probe", 1, 5))
found["cache_connection"] = caches["limits"]._cache.get_client().connection_pool.connection_class.__name__
attempt("channel_layer", lambda: async_to_sync(get_channel_layer().group_send)("tls.probe", {"type": "tls.probe"}))
print("PROBE " + json.dumps(found))
"""


@pytest.fixture(scope="module")
def layout() -> Iterator[Machines]:
    reason = machines.why_not_available()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must rehearse the layout across machines, but: {reason}")
        pytest.skip(f"the layout across machines needs root and `ip netns`: {reason}")
    machines.remove_leftovers()
    built = Machines(workdir=machines.make_workdir())
    try:
        machines.build(built)
        yield built
    finally:
        try:
            keep_logs(built)
        finally:
            built.tear_down()


def keep_logs(built: Machines) -> None:
    """Every host's logs as test artifacts (CI shows them when something failed)."""
    kept = ARTIFACTS / "machines"
    shutil.rmtree(kept, ignore_errors=True)
    kept.mkdir(parents=True)
    for log in [*built.logs.values(), *(built.workdir / "front").glob("*.log")]:
        if log.exists():
            shutil.copy(log, kept / log.name)


def probe(layout: Machines, **overrides: str) -> subprocess.Popen:
    """PROBE on app host 1 with its settings (and the overrides), started; read with `probed`."""
    command = ["ip", "netns", "exec", namespace("app1"), sys.executable, "manage.py", "shell", "-c", PROBE]
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=app_environment(layout, **overrides),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def probed(process: subprocess.Popen) -> dict:
    output, _ = process.communicate(timeout=60)
    lines = [line for line in output.splitlines() if line.startswith("PROBE ")]
    assert lines, output
    return json.loads(lines[-1][len("PROBE ") :])


def listening(host: str) -> set[str]:
    """The TCP addresses a host listens on."""
    done = machines.run("ip", "netns", "exec", namespace(host), "ss", "-ltnH")
    return {line.split()[3] for line in done.stdout.splitlines()}


def test_the_data_host_speaks_only_tls_and_every_client_of_the_site_verifies_it(layout):
    data = HOSTS["data"]
    # Started first: three Django start-ups side by side.
    good = probe(layout)
    rogue_ca = layout.workdir / "tls" / "rogue.pem"
    rogue = probe(
        layout,
        DATABASE_URL=layout.database_url(ca=rogue_ca),
        REDIS_URL=layout.redis_url(ca=rogue_ca),
    )
    misnamed = probe(
        layout,
        DATABASE_URL=layout.database_url(host=WRONG_NAME),
        REDIS_URL=layout.redis_url(host=WRONG_NAME),
    )

    # Nothing on the data host listens but PostgreSQL and Redis on its private address.
    assert listening("data") == {f"{data}:{POSTGRES_PORT}", f"{data}:{REDIS_PORT}"}
    # Redis has no plain port: plain RESP on its port gets no answer but a closed connection.
    with socket.create_connection((data, REDIS_PORT), timeout=5) as plain:
        plain.sendall(b"PING\r\n")
        try:
            answer = plain.recv(100)
        except (ConnectionResetError, TimeoutError):
            answer = b""
    assert not answer.startswith(b"+PONG"), answer
    # PostgreSQL refuses an app host that asks without TLS (pg_hba.conf: hostnossl ... reject).
    plain_url = layout.database_url().replace("sslmode=verify-full", "sslmode=disable")
    refused = machines.run(
        "ip",
        "netns",
        "exec",
        namespace("app1"),
        str(PG_BIN / "psql"),
        plain_url,
        "-c",
        "SELECT 1",
        check=False,
    )
    assert refused.returncode != 0
    assert (
        f'rejects connection for host "{HOSTS["app1"]}"' in refused.stderr
        and "no encryption" in refused.stderr
    )

    # Through the site's own settings: the database, the cache and the channel layer all connect
    # over TLS ...
    found = probed(good)
    assert found == {
        "database": "ok",
        "database_tls": True,
        "cache": "ok",
        "cache_connection": "SSLConnection",
        "channel_layer": "ok",
    }
    # ... and refuse a data host whose certificate our CA did not sign, or that is not the name asked for.
    for answers, reason in ((probed(rogue), "certificate verify failed"), (probed(misnamed), WRONG_NAME)):
        for client in ("database", "cache", "channel_layer"):
            assert answers[client] != "ok" and reason in answers[client], (client, answers[client])
    assert DATA_NAME in layout.database_url() and layout.redis_url().startswith("rediss://")


def mailed_code(layout: Machines, email: str) -> str:
    """The sign-in code mailed to an address: the app hosts' mail is their console (logged)."""

    def mailed() -> str | None:
        logs = layout.log_text("daphne-app1") + layout.log_text("daphne-app2")
        return logs if f"To: {email}" in logs else None

    logs = machines.wait_until(mailed, 15, f"a mail to {email}")
    # The console backend closes each mail with a line of 79 dashes.
    return code_in(logs.split(f"To: {email}")[-1].split("-" * 79)[0])


def socket_opens(layout: Machines, host: str, path: str) -> set[int]:
    """The members whose socket on this path the daphne of one app host opened."""
    opened = set()
    for raw in layout.log_text(f"daphne-{host}").splitlines():
        try:
            line = json.loads(raw)
        except ValueError:
            continue  # a printed mail
        if line.get("logger") == "jag.sockets" and line.get("event") == "open" and line.get("path") == path:
            opened.add(line["member"])
    return opened


def play_until(players: list[Driver], done, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"the game did not get there in time: {what}"
        if not any(player.step() for player in players):
            time.sleep(0.1)


def tls_connections(layout: Machines) -> dict[str, set[bool]]:
    """Each app host's connections to the site's database: whether each is TLS (pg_stat_ssl)."""
    rows = admin_sql(
        layout,
        "SELECT host(client_addr), ssl FROM pg_stat_ssl JOIN pg_stat_activity USING (pid)"
        " WHERE datname = 'jag' AND client_addr IS NOT NULL",
    )
    found: dict[str, set[bool]] = {}
    for address, ssl in rows:
        found.setdefault(address, set()).add(ssl)
    return found


def redis_clients(layout: Machines) -> dict[str, set[str]]:
    """Each address connected to Redis, and the address it reached (Redis's only port is TLS)."""
    found: dict[str, set[str]] = {}
    for client in admin_redis(layout).client_list():
        found.setdefault(client["addr"].rsplit(":", 1)[0], set()).add(client["laddr"])
    return found


def pinned_pages(browser, site: str) -> tuple[list, list]:
    """Two phone-size browser contexts, the first pinned to app host 1, the second to app host 2 (the
    stack's jag_process cookie), so that each member is surely on a host of their own."""
    contexts, pages = [], []
    for process in (1, 2):
        context = browser.new_context(viewport=PHONE, ignore_https_errors=True)  # our CA's certificate
        context.set_default_timeout(15_000)
        context.add_cookies([{"name": "jag_process", "value": str(process), "url": site}])
        contexts.append(context)
        pages.append(context.new_page())
    return contexts, pages


def sit_down_and_start(layout: Machines, host, guest) -> str:
    """Both members sign up, the host opens a private table, the guest joins (after one wrong code,
    which the join throttle counts against the visitor's address), the game starts; its code."""
    site = layout.site_url
    sign_up(host, site, HOST_EMAIL, "Ruth", lambda email: mailed_code(layout, email))
    sign_up(guest, site, GUEST_EMAIL, "Boaz", lambda email: mailed_code(layout, email))
    host.goto(site + "/")
    host.get_by_role("button", name="Start a private table").click()
    code_box = host.locator(".table-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = code_box.inner_text()
    guest.goto(site + "/")
    guest.get_by_label("Table code").fill("ZZZZ" if code != "ZZZZ" else "YYYY")
    guest.get_by_role("button", name="Join", exact=True).click()
    guest.wait_for_load_state()
    guest.goto(site + "/")
    guest.get_by_label("Table code").fill(code.lower())
    guest.get_by_role("button", name="Join", exact=True).click()
    expect(guest.locator(".table-code")).to_have_text(code)
    expect(host.locator("#waiting-seats")).to_contain_text("Boaz")  # app2 to app1, through Redis over TLS
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator(".seat-chip")).to_have_count(4)
    return code


def test_an_app_host_believes_forwarding_headers_only_from_the_front(layout):
    """A machine on the private network that reaches daphne directly cannot pass for loopback (or
    for a visitor) by writing X-Forwarded-For: only the front's nginx is believed
    (DJANGO_TRUSTED_PROXIES; justalllowgod/lib/addresses.py). Before, this read the metrics."""
    app1 = f"http://{HOSTS['app1']}:8001/metrics"
    request = urllib.request.Request(app1, headers={"X-Forwarded-For": "127.0.0.1"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 404
    # Not even through the front: the connection's own address must be allowed too.
    asked = (
        "import urllib.request as u, sys; "
        f"r = u.Request({app1!r}, headers={{'X-Forwarded-For': '127.0.0.1'}}); "
        "print(u.urlopen(r, timeout=10).status)"  # an HTTPError's 404 goes to stderr
    )
    front = subprocess.run(
        ["ip", "netns", "exec", namespace("front"), sys.executable, "-c", asked],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert "404" in front.stderr, front


def test_a_monitoring_machine_scrapes_each_process_with_the_token(layout):
    """The runbook's one metrics target per process: from another machine (here the visitor's
    address), each app host's daphne by its own address, with the operators' token."""
    for host in ("app1", "app2"):
        url = f"http://{HOSTS[host]}:8001/metrics"
        asked = urllib.request.Request(url, headers={"Authorization": f"Bearer {layout.metrics_token}"})
        with urllib.request.urlopen(asked, timeout=10) as answer:
            assert answer.status == 200 and b"jag_open_sockets" in answer.read()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=10)  # no token, not loopback: nothing to read
        assert refused.value.code == 404


def test_a_game_through_the_front_goes_on_when_app_host_2_dies(layout, browser):
    contexts, pages = pinned_pages(browser, layout.site_url)
    host, guest = pages
    expect.set_options(timeout=15_000)
    errors: list[str] = []
    for name, page in (("host", host), ("guest", guest)):
        page.on("pageerror", lambda error, name=name: errors.append(f"{name}: {error}"))
    code = sit_down_and_start(layout, host, guest)

    players = [Driver(host, "host", random.Random(1)), Driver(guest, "guest", random.Random(2))]
    start = table_model(host, "(m) => m.version")
    play_until(players, lambda: table_model(guest, "(m) => m.version") >= start + 4, 60, "four moves")

    # Both app hosts hold connections to the data host, every one of them TLS.
    app1, app2 = HOSTS["app1"], HOSTS["app2"]
    database = machines.wait_until(
        lambda: (found := tls_connections(layout)).keys() >= {app1, app2} and found,
        10,
        "both app hosts in pg_stat_ssl",
    )
    assert database[app1] == {True} and database[app2] == {True}, database
    assert set(database) <= {app1, app2}, database
    clients = redis_clients(layout)
    assert app1 in clients and app2 in clients, clients
    assert {laddr for laddrs in clients.values() for laddr in laddrs} == {f"{HOSTS['data']}:{REDIS_PORT}"}
    [host_id], [guest_id] = (
        admin_sql(layout, f"SELECT id FROM accounts_user WHERE email = '{email}'")[0]
        for email in (HOST_EMAIL, GUEST_EMAIL)
    )
    table_path = f"/ws/table/{code}/"
    assert host_id in socket_opens(layout, "app1", table_path)
    assert guest_id in socket_opens(layout, "app2", table_path)
    assert guest_id not in socket_opens(layout, "app1", table_path)

    # App host 2's daphne dies mid-game. No more pins: every visitor goes to the upstream of both.
    layout.stop("daphne-app2", signal.SIGKILL)
    for context in contexts:
        context.clear_cookies(name="jag_process")
    crashed_at = table_model(host, "(m) => m.version")

    play_until(
        players,
        lambda: all((p.state() or {}).get("over") for p in players),
        GAME_SECONDS,
        "the end, on app host 1",
    )
    for page in pages:
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator(".rank-row")).to_have_count(2)
    versions = [table_model(page, "(m) => m.version") for page in pages]
    assert versions[0] == versions[1], versions  # both browsers saw every move, to the last
    assert versions[0] >= crashed_at + MOVES_AFTER_THE_CRASH, (crashed_at, versions)
    assert errors == []

    # The guest's page came back on app host 1; the clock (app host 1) is still running.
    assert guest_id in socket_opens(layout, "app1", table_path)
    assert layout.processes["daphne-app2"].poll() is not None
    assert layout.processes["clock"].poll() is None and layout.processes["daphne-app1"].poll() is None
    database = tls_connections(layout)
    assert set(database) == {app1} and database[app1] == {True}, database
    # The throttle counted the wrong code against the visitor (nginx's X-Forwarded-For), not the front.
    keys = admin_redis(layout).keys("*code-guess:ip:*")
    throttled = {key.decode().rsplit("code-guess:ip:", 1)[1].removesuffix(":ends") for key in keys}
    assert throttled == {VISITOR}, throttled
    for context in contexts:
        context.close()
