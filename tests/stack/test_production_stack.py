"""The production stack, as `make stack` runs it: nginx with TLS in front of two daphne processes,
the clock, PostgreSQL and Redis; a browser plays through it; a backup restores; probes are honest.

The tests share one stack (tests/stack/conftest.py) and run in file order (`make test-stack` passes
-p no:randomly): the backup is taken while the game the browser test left running is mid-way.
"""

from __future__ import annotations

import http.client
import random
import re
import socket
import ssl
import time
import urllib.parse
import urllib.request
from pathlib import Path

import psycopg
import pytest
import redis
from playwright.sync_api import expect
from prometheus_client.parser import text_string_to_metric_families

from tests.content.pdf_reading import read_qr_codes
from tests.e2e.helpers import table_model
from tests.e2e.test_table_two_members import Driver, sign_up
from tests.stack.support import (
    PHONE,
    RunningStack,
    get,
    mailed_code,
    manage,
    member_id,
    pg_tool,
    raw_request,
)

GAME_TIME_LIMIT = 240
HOST_EMAIL, GUEST_EMAIL = "miriam@example.org", "barnabas@example.org"


def throttled_addresses(stack: RunningStack) -> set[str]:
    """The client addresses the join throttle has counted a wrong code against (in Redis)."""
    keys = redis.Redis.from_url(stack.info["redis_url"]).keys("*code-guess:ip:*")
    # Each count has a companion key for when its window ends (game/services/access.py): "<count>:ends".
    return {key.decode().rsplit("code-guess:ip:", 1)[1].removesuffix(":ends") for key in keys}


def socket_opens(stack: RunningStack, process: int, path: str) -> set[int]:
    """The members whose socket on this path the given daphne process opened."""
    return {
        line["member"]
        for line in stack.log_lines(process)
        if line.get("logger") == "jag.sockets" and line.get("event") == "open" and line.get("path") == path
    }


def play_until(players: list[Driver], done, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            pytest.fail("the game did not get there in time")
        if not any(player.step() for player in players):
            time.sleep(0.1)


def test_check_deploy_is_clean_under_the_stacks_settings(stack):
    settings = stack.env()
    assert settings["DJANGO_DEBUG"] == "false" and settings["DJANGO_BEHIND_PROXY"] == "true"
    done = manage(stack, "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr


def test_plain_http_is_sent_to_https_and_static_files_come_from_nginx(stack):
    status, location = get(stack.info["http_url"] + "how-to-play/?x=1")
    assert (status, location) == (301, stack.url + "/how-to-play/?x=1")
    status, _ = get(stack.url + "/static/css/does-not-exist.css")
    assert status == 404  # nginx answered from disk: daphne never saw it
    assert not any("/static/" in line.get("path", "") for n in (1, 2) for line in stack.log_lines(n))
    status, body = get(stack.url + "/healthz")
    assert (status, body) == (200, {"status": "ok"})


def test_requests_for_names_the_site_does_not_have_are_closed_unanswered(stack):
    for base in (stack.url, stack.info["http_url"]):
        for host in ("evil.example", "evil.example:443", "127.0.0.3"):
            with pytest.raises(http.client.RemoteDisconnected):
                raw_request(base, "/", host=host)
    status, _, _ = raw_request(stack.url, "/how-to-play/", host="localhost")
    assert status == 200


def test_links_and_print_files_never_follow_the_port_in_the_host_header(stack):
    site = stack.env()["DJANGO_SITE_URL"]
    assert site == stack.url
    card = "/print/letter/rules-card.pdf"
    answers = [
        raw_request(stack.url, card, host=host) for host in ("127.0.0.1:1", "127.0.0.1:2", "localhost:3")
    ]
    assert {status for status, _, _ in answers} == {200}
    assert len({headers["etag"] for _, headers, _ in answers}) == 1
    assert read_qr_codes(answers[0][2]) == [f"{site}/how-to-play/"] * 3
    # Built files stay in each process's memory: Redis holds counters and messages only.
    assert not redis.Redis.from_url(stack.info["redis_url"]).keys("*print:*")

    # A password reset asked for on a made-up port still mails a link to the site itself.
    _, headers, page = raw_request(stack.url, "/accounts/password/reset/", host="127.0.0.1:7777")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    cookie = re.search(r"csrftoken=([^;]+)", headers["set-cookie"]).group(1)
    form = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "email": "nobody-here@example.org"})
    status, _, _ = raw_request(
        stack.url,
        "/accounts/password/reset/",
        host="127.0.0.1:7777",
        method="POST",
        headers={
            "Cookie": f"csrftoken={cookie}",
            "Origin": stack.url,
            "Referer": stack.url + "/accounts/password/reset/",
            "Content-Type": "application/x-www-form-urlencoded",
        },
        body=form.encode(),
    )
    assert status == 302
    logs = "".join(Path(server["log"]).read_text(errors="replace") for server in stack.info["daphne"])
    mailed = re.findall(r"https?://[^\s\"]+/accounts/[^\s\"]*", logs)
    assert mailed, "the mail (printed to the console) names at least one link"
    assert all(link.startswith(site + "/") for link in mailed), mailed
    assert "7777" not in logs.split("nobody-here@example.org", 1)[-1]


@pytest.mark.parametrize(
    "path", ["/metrics", "/metrics/", "/metrics//", "/metrics%2F", "/%6detrics", "/%6detrics/", "//metrics"]
)
def test_the_whole_metrics_prefix_is_refused_at_nginx(stack, path):
    # The visitor here is on loopback, an address the site itself would show its metrics to.
    status, _, body = raw_request(stack.url, path)
    assert status == 404
    assert b"# HELP" not in body


def test_a_client_that_trickles_its_headers_is_cut_off_by_nginx(stack):
    # daphne alone would keep it open: every byte restarts Twisted's idle timeout (docs/operations.md).
    parts = urllib.parse.urlsplit(stack.url)
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    connection = context.wrap_socket(socket.create_connection((parts.hostname, parts.port), timeout=5))
    connection.sendall(f"GET /how-to-play/ HTTP/1.1\r\nHost: {parts.hostname}\r\n".encode())
    connection.settimeout(1)
    started, cut_off = time.monotonic(), False
    while not cut_off and time.monotonic() - started < 60:
        try:
            connection.sendall(b"X-Slowly: a\r\n")
            cut_off = connection.recv(200) == b""
        except TimeoutError:
            continue
        except OSError:
            cut_off = True
    connection.close()
    assert cut_off, "nginx still reads headers sent a line a second after a minute"


def test_two_members_play_to_the_end_through_the_proxy_on_two_processes(stack, browser):
    contexts = []
    pages = []
    for process in (1, 2):
        context = browser.new_context(viewport=PHONE, ignore_https_errors=True)
        context.set_default_timeout(15_000)
        # The stack's proxy sends a browser with this cookie to that daphne process only.
        context.add_cookies([{"name": "jag_process", "value": str(process), "url": stack.url}])
        contexts.append(context)
        pages.append(context.new_page())
    host, guest = pages
    expect.set_options(timeout=15_000)
    errors: list[str] = []
    for name, page in (("host", host), ("guest", guest)):
        page.on("pageerror", lambda error, name=name: errors.append(f"{name}: {error}"))

    sign_up(host, stack.url, HOST_EMAIL, "Miriam", lambda email: mailed_code(stack, email))
    sign_up(guest, stack.url, GUEST_EMAIL, "Barnabas", lambda email: mailed_code(stack, email))
    host.goto(stack.url + "/")
    host.get_by_role("button", name="Start a private table").click()
    code_box = host.locator(".table-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = code_box.inner_text()

    guest.goto(stack.url + "/")
    # One wrong code first: the join throttle counts it against the member and their address.
    guest.get_by_label("Table code").fill("ZZZZ" if code != "ZZZZ" else "YYYY")
    guest.get_by_role("button", name="Join", exact=True).click()
    guest.wait_for_load_state()
    guest.goto(stack.url + "/")
    guest.get_by_label("Table code").fill(code.lower())
    guest.get_by_role("button", name="Join", exact=True).click()
    expect(guest.locator(".table-code")).to_have_text(code)
    expect(host.locator("#waiting-seats")).to_contain_text("Barnabas")  # across processes, via Redis
    host.get_by_role("button", name="Start the game").click()
    for page in pages:
        expect(page.locator(".seat-chip")).to_have_count(4)

    players = [Driver(host, "host", random.Random(1)), Driver(guest, "guest", random.Random(2))]
    play_until(players, lambda: all((p.state() or {}).get("over") for p in players), GAME_TIME_LIMIT)
    for page in pages:
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator(".rank-row")).to_have_count(2)
    assert errors == []

    # Every page and socket of each member went through its own process.
    host_id, guest_id = member_id(stack, HOST_EMAIL), member_id(stack, GUEST_EMAIL)
    table_path = f"/ws/table/{code}/"
    assert host_id in socket_opens(stack, 1, table_path) and host_id not in socket_opens(stack, 2, table_path)
    assert guest_id in socket_opens(stack, 2, table_path) and guest_id not in socket_opens(
        stack, 1, table_path
    )

    # The throttle saw the browser's address (127.0.0.1), not the proxy's (the stack binds nginx's
    # side of each upstream connection to another loopback address).
    throttled = throttled_addresses(stack)
    assert throttled == {"127.0.0.1"}, throttled
    assert stack.info["proxy_address"] != "127.0.0.1"

    # The cookies that hold a session are Secure (and the session's is HttpOnly).
    cookies = {cookie["name"]: cookie for cookie in contexts[0].cookies()}
    assert cookies["sessionid"]["secure"] and cookies["sessionid"]["httpOnly"]
    assert cookies["csrftoken"]["secure"]
    assert cookies["jag_device"]["secure"]

    # Play again, and leave the next game mid-way for the backup test.
    host.get_by_role("button", name="Play again").click()
    expect(host.locator(".table-code")).to_have_text(re.compile(r"^[A-Z]{4}$"))
    guest.get_by_role("button", name="Join the new table").click()  # a post, like every way of sitting down
    expect(guest.locator(".table-code")).to_have_text(host.locator(".table-code").inner_text())
    expect(host.locator("#waiting-seats")).to_contain_text("Barnabas")
    host.get_by_role("button", name="Start the game").click()
    for page in pages:
        expect(page.locator(".seat-chip")).to_have_count(4)
    start = table_model(host, "(m) => m.version")
    play_until(players, lambda: table_model(host, "(m) => m.version") >= start + 4, 60)
    # Each process is ready while it holds a game's sockets (its probe must not wait behind them).
    for process in (1, 2):
        status, body = get(stack.url + "/readyz", headers={"Cookie": f"jag_process={process}"})
        assert status == 200, (process, body)
    for context in contexts:
        context.close()


def test_a_backup_taken_mid_game_restores_and_replays_every_finished_game_identically(stack, tmp_path: Path):
    with psycopg.connect(stack.info["database_url"]) as connection:
        finished, running = connection.execute(
            "SELECT count(*) FILTER (WHERE finished_at IS NOT NULL), count(*) FILTER (WHERE finished_at IS NULL)"
            " FROM game_game"
        ).fetchone()
    assert finished >= 1 and running >= 1, "the browser test leaves one game finished and one mid-way"

    backup = tmp_path / "jag.dump"
    pg_tool(stack, "pg_dump", "--format=custom", "--file", str(backup), "jag")
    pg_tool(stack, "createdb", "jag_restored")
    pg_tool(stack, "pg_restore", "--no-owner", "--dbname", "jag_restored", str(backup))

    restored_url = stack.info["database_url"].rsplit("/", 1)[0] + "/jag_restored"
    before = manage(stack, "check_replays")
    after = manage(stack, "check_replays", DATABASE_URL=restored_url)
    assert before.returncode == 0, before.stderr
    assert after.returncode == 0, after.stderr
    lines = after.stdout.splitlines()
    assert len(lines) == finished and all(line.endswith("replay=ok") for line in lines)
    assert lines == before.stdout.splitlines()
    with psycopg.connect(restored_url) as connection:
        kept = connection.execute("SELECT count(*) FROM game_game WHERE finished_at IS NULL").fetchone()[0]
    assert kept == running  # the game in progress came along too


def prometheus(url: str) -> dict[str, list]:
    """The samples of each metric family a loopback /metrics serves (no proxy in between)."""
    with urllib.request.urlopen(url, timeout=5) as answer:
        text = answer.read().decode()
    return {family.name: family.samples for family in text_string_to_metric_families(text)}


def test_the_clocks_metrics_show_a_recent_sweep_and_the_daphne_processes_show_no_clock(stack):
    clock = prometheus(stack.info["clock_metrics"])
    [last_sweep] = clock["jag_clock_last_sweep_timestamp_seconds"]
    assert time.time() - last_sweep.value < 10, "the documented alert: time() - last sweep > 10"
    assert "jag_clock_sweep_failures" in clock and "jag_clock_lag_seconds" in clock
    for server in stack.info["daphne"]:
        served = prometheus(f"http://127.0.0.1:{server['port']}/metrics")
        assert "jag_moves" in served  # the process's own figures
        assert not [name for name in served if name.startswith("jag_clock")], server


def test_readyz_fails_within_two_seconds_with_postgresql_stopped_and_recovers(stack):
    status, body = get(stack.url + "/readyz")
    assert status == 200, body
    lines_before = {n: len(stack.log_lines(n)) for n in (1, 2)}
    stack.services.stop_postgres()
    try:
        started = time.monotonic()
        status, body = get(stack.url + "/readyz")
        assert time.monotonic() - started < 2
        assert status == 503
        assert body["checks"]["database"] != "ok" and body["checks"]["channel_layer"] == "ok"
        assert get(stack.url + "/healthz")[0] == 200  # the process itself is still up

        # Pages need the database: each process answers a plain 503 page with Retry-After.
        for process in (1, 2, 1, 2, 1, 2):
            status, headers, page = raw_request(
                stack.url, "/how-to-play/", headers={"Cookie": f"jag_process={process}"}
            )
            assert status == 503, (process, page[:300])
            assert headers["retry-after"] == "30"
            assert "We'll be right back" in page.decode()
        # A browser with no process cookie, as every visitor's is: the site's page every time, never
        # nginx's 502 (a 503 counted as an upstream failure marked each process down in turn).
        for _ in range(24):
            status, headers, page = raw_request(stack.url, "/how-to-play/")
            assert status == 503, page[:300]
            assert "We'll be right back" in page.decode() and headers["retry-after"] == "30"
            assert get(stack.url + "/readyz")[0] == 503
    finally:
        stack.services.start_postgres_again()
    deadline = time.monotonic() + 20
    while get(stack.url + "/readyz")[0] != 200:
        assert time.monotonic() < deadline, "readyz did not recover after PostgreSQL came back"
        time.sleep(0.5)
    for process in (1, 2, 1, 2):  # both processes serve pages again
        answer = raw_request(stack.url, "/how-to-play/", headers={"Cookie": f"jag_process={process}"})
        assert answer[0] == 200
    for process in (1, 2):
        # One warning when the outage started and one when it ended; no traceback, no error.
        during = stack.log_lines(process)[lines_before[process] :]
        said = [line["message"] for line in during if line.get("logger") == "justalllowgod.outage"]
        assert len(said) == 2, said
        assert said[0].startswith("database unreachable") and said[1].startswith("database answers again")
        assert not [line for line in during if "exc_info" in line or line.get("level") == "ERROR"], during


def test_one_process_is_stopped_and_started_again_while_the_other_serves(stack):
    """The runbook's restart one process at a time, rehearsed on `make stack` (issue 44): daphne 2
    stops, every visitor is served by daphne 1 meanwhile (nginx skips the one that is gone), and
    daphne 2 comes back on its port."""
    control = Path(stack.info["workdir"]) / "control"
    pid = stack.info["daphne"][1]["pid"]
    (control / "stop-2").touch()
    deadline = time.monotonic() + 20
    while Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid):
        assert time.monotonic() < deadline, "daphne 2 did not stop"
        time.sleep(0.2)
    try:
        for _ in range(12):
            assert raw_request(stack.url, "/how-to-play/")[0] == 200  # no process cookie: daphne 1
    finally:
        (control / "start-2").touch()
    deadline = time.monotonic() + 60
    while True:
        answer = raw_request(stack.url, "/how-to-play/", headers={"Cookie": "jag_process=2"})
        if answer[0] == 200:
            break
        assert time.monotonic() < deadline, f"daphne 2 did not come back: {answer[0]}"
        time.sleep(0.5)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "zombie"
