"""Logs: one line per request and per socket, by member id (never email), JSON on request."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from justalllowgod.asgi import application
from justalllowgod.log_config import QuietClientErrors, logging_config
from tests.factories import UserFactory
from tests.game.support import HOST, Communicator

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]


def lines(caplog, logger: str) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == logger]


def test_a_request_is_one_line_with_the_member_id_and_never_the_email(caplog):
    user = UserFactory(email="ruth@example.org")
    client = Client()
    client.force_login(user)
    with caplog.at_level(logging.INFO):
        client.get("/me/games/")
    [line] = lines(caplog, "jag.access")
    text = line.getMessage()
    assert text.startswith("GET /me/games/ 200 ")
    assert f"member={user.pk}" in text
    assert "ruth" not in text
    assert (line.member, line.status, line.path) == (user.pk, 200, "/me/games/")


def test_a_visitor_and_a_missing_page_are_one_line_each(caplog):
    with caplog.at_level(logging.INFO):
        Client().get("/no-such-page/")
    [line] = lines(caplog, "jag.access")
    assert " 404 " in line.getMessage()
    assert "member=None" in line.getMessage()
    assert lines(caplog, "django.request") == []  # not said twice


def test_probes_are_not_in_the_access_log(caplog):
    with caplog.at_level(logging.INFO):
        Client().get("/healthz")
    assert lines(caplog, "jag.access") == []


async def test_a_socket_logs_one_line_when_it_opens_and_one_when_it_closes(caplog):
    user = await sync_to_async(UserFactory)(email="boaz@example.org")
    client = Client()
    await sync_to_async(client.force_login)(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = [HOST, (b"origin", b"http://localhost"), (b"cookie", cookie)]
    with caplog.at_level(logging.INFO):
        communicator = Communicator(application, "/ws/lobby/", headers=headers)
        connected, _ = await communicator.connect()
        assert connected
        await communicator.disconnect()
    opened, closed = lines(caplog, "jag.sockets")
    assert opened.getMessage().startswith(f"socket open /ws/lobby/ member={user.pk} client=")
    assert closed.event == "closed" and closed.by == "client" and closed.member == user.pk
    assert "boaz" not in opened.getMessage() + closed.getMessage()


async def test_a_socket_turned_away_with_a_code_says_so_in_its_close_line(caplog):
    # The doors accept and close at once with a code a browser can read (4401: not signed in).
    with caplog.at_level(logging.INFO):
        communicator = Communicator(
            application, "/ws/lobby/", headers=[HOST, (b"origin", b"http://localhost")]
        )
        connected, code = await communicator.connect()
        await communicator.disconnect()
    assert not connected and code == 4401
    closed = lines(caplog, "jag.sockets")[-1]
    assert (closed.event, closed.by, closed.code, closed.member) == ("closed", "server", 4401, None)


async def test_a_socket_refused_for_its_origin_is_one_line_too(caplog):
    user = await sync_to_async(UserFactory)()
    client = Client()
    await sync_to_async(client.force_login)(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = [HOST, (b"origin", b"https://evil.example"), (b"cookie", cookie)]
    with caplog.at_level(logging.INFO):
        communicator = Communicator(application, "/ws/lobby/", headers=headers)
        connected, _ = await communicator.connect()
        await communicator.disconnect()
    assert not connected
    [line] = lines(caplog, "jag.sockets")
    assert (line.event, line.by, line.path) == ("refused", "server", "/ws/lobby/")
    assert line.member is None  # refused before the session was read


def test_a_client_error_keeps_its_line_but_not_its_traceback():
    try:
        raise ValueError("bad host")
    except ValueError:
        exc_info = sys.exc_info()
    record = logging.LogRecord(
        "django.security.DisallowedHost", logging.ERROR, __file__, 1, "bad", (), exc_info
    )
    assert QuietClientErrors().filter(record)
    assert record.exc_info is None
    assert record.levelname == "WARNING"
    server_error = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "boom", (), exc_info)
    server_error.status_code = 500
    QuietClientErrors().filter(server_error)
    assert server_error.exc_info is not None  # a real error keeps its traceback and its level
    assert server_error.levelname == "ERROR"


def test_json_format_gives_one_object_per_line_with_the_facts_as_fields():
    config = logging_config(fmt="json", level="INFO")
    script = (
        "import logging, logging.config, json, sys;"
        f"logging.config.dictConfig(json.loads({json.dumps(json.dumps(config))}));"
        "logging.getLogger('jag.access').info('GET / 200', extra={'member': 7, 'status': 200})"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    [line] = done.stderr.strip().splitlines()
    record = json.loads(line)
    assert record["message"] == "GET / 200"
    assert (record["member"], record["status"], record["logger"], record["level"]) == (
        7,
        200,
        "jag.access",
        "INFO",
    )


def test_a_log_format_that_is_not_text_or_json_stops_the_server():
    env = {**os.environ, "DJANGO_LOG_FORMAT": "xml"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert done.returncode != 0
    assert "DJANGO_LOG_FORMAT must be text or json" in done.stderr


async def test_an_agents_socket_lines_name_the_agent_not_member_none(caplog):
    from tests.game.test_agents import agent_socket, approved_agent

    agent, token = await approved_agent("LogHelper")
    with caplog.at_level(logging.INFO):
        connected, _, player = await agent_socket(token)
        assert connected
        await player.comm.disconnect()
    opened, closed = lines(caplog, "jag.sockets")
    assert opened.getMessage().startswith(f"socket open /ws/agent/ agent={agent.pk} client=")
    assert f"agent={agent.pk} after " in closed.getMessage()
    assert (opened.agent, closed.agent, closed.member) == (agent.pk, agent.pk, None)
    assert "member=None" not in opened.getMessage() + closed.getMessage()
    assert token not in opened.getMessage() + closed.getMessage()


async def test_an_agent_socket_with_a_bad_token_names_no_agent(caplog):
    from tests.game.test_agents import agent_socket

    with caplog.at_level(logging.INFO):
        connected, code, _ = await agent_socket("not-a-token")
    assert not connected and code == 4401
    closed = lines(caplog, "jag.sockets")[-1]
    assert not hasattr(closed, "agent") and "member=None" in closed.getMessage()


def _serve(tmp_path: Path, log_format: str) -> list[str]:
    """`manage.py serve` at its default verbosity (daphne's access log on): what it wrote."""
    import time
    import urllib.request

    from tests.ports import free_port

    port = free_port()
    env = {
        **os.environ,
        "DJANGO_LOG_FORMAT": log_format,
        "DJANGO_GAME_CLOCK_IN_PROCESS": "false",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        "REDIS_URL": "",
    }
    out_path = tmp_path / "serve.log"
    with out_path.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
                    assert answer.status == 200
                break
            except OSError:
                assert time.monotonic() < deadline, out_path.read_text()[-2000:]
                time.sleep(0.3)
        # daphne writes its line once the response is complete: wait for it.
        while not any("daphne.access" in x and "/healthz" in x for x in out_path.read_text().splitlines()):
            assert time.monotonic() < deadline, out_path.read_text()[-2000:]
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(10)
    return [line for line in out_path.read_text().splitlines() if line.strip()]


def test_json_mode_covers_daphnes_own_access_lines(tmp_path):
    written = _serve(tmp_path, "json")
    records = [json.loads(line) for line in written]  # every line is a JSON object, daphne's too
    daphne = [r for r in records if r["logger"] == "daphne.access" and r.get("path") == "/healthz"]
    assert daphne, written
    line = daphne[0]
    assert (line["method"], line["status"], line["level"]) == ("GET", 200, "INFO")
    assert line["bytes"] > 0 and line["peer"].startswith("127.0.0.1:")


def test_text_mode_writes_daphnes_access_lines_as_the_sites_plain_lines(tmp_path):
    written = _serve(tmp_path, "text")
    line = next(line for line in written if " daphne.access " in line and "/healthz" in line)
    assert " INFO daphne.access GET /healthz 200 " in line and " peer=127.0.0.1:" in line
    assert not [x for x in written if '"GET /healthz' in x], "daphne's own NCSA line is gone"
