"""Starting the stack for its test, and reading what it wrote: logs, its settings, its database."""

from __future__ import annotations

import json
import os
import selectors
import shlex
import signal
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.servers import Services

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 240


@dataclass
class RunningStack:
    """The stack's own description (deploy/stack.py's STACK line) and the services under it."""

    info: dict
    services: Services
    process: subprocess.Popen

    @property
    def url(self) -> str:
        return self.info["url"].rstrip("/")

    def env(self) -> dict[str, str]:
        """The site's settings as the stack wrote them, for manage.py against its database."""
        values = {}
        for line in Path(self.info["env_file"]).read_text().splitlines():
            name, _, value = line.partition("=")
            values[name] = shlex.split(value)[0] if value else ""
        return values

    def log_lines(self, process: int) -> list[dict]:
        """The JSON lines one daphne process (1, 2, ...) has written so far."""
        lines = []
        for raw in Path(self.info["daphne"][process - 1]["log"]).read_text(errors="replace").splitlines():
            try:
                lines.append(json.loads(raw))
            except ValueError:
                continue  # a line from before logging was set up, or a printed email
        return lines


def start_stack(workdir: Path, extra_env: dict[str, str]) -> RunningStack:
    """Throwaway PostgreSQL and Redis (so the test may stop them), then deploy/stack.py on them."""
    workdir.chmod(0o755)
    (workdir / "services").mkdir()
    saved = {name: os.environ.pop(name) for name in ("DATABASE_URL", "REDIS_URL") if name in os.environ}
    services = Services(workdir=workdir / "services", database="jag")
    try:
        services.start()
    finally:
        os.environ.update(saved)
    env = {**os.environ, **extra_env, "DATABASE_URL": services.database_url, "REDIS_URL": services.redis_url}
    output = (workdir / "stack-output.log").open("w")
    command = [sys.executable, "deploy/stack.py", "--port", "0", "--workdir", str(workdir / "stack")]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=output, text=True)
    try:
        info = _read_description(process, workdir / "stack-output.log")
    except BaseException:
        stop_stack(process, services)
        raise
    return RunningStack(info=info, services=services, process=process)


def _read_description(process: subprocess.Popen, errors: Path) -> dict:
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    end = time.monotonic() + START_SECONDS
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"the stack exited with {process.returncode}:\n{errors.read_text()[-4000:]}")
        if selector.select(timeout=1):
            line = process.stdout.readline()
            if line.startswith("STACK "):
                return json.loads(line[len("STACK ") :])
    raise RuntimeError(f"the stack did not start in {START_SECONDS} s:\n{errors.read_text()[-4000:]}")


def stop_stack(process: subprocess.Popen, services: Services) -> None:
    """Ctrl-C, as a person would: the stack stops what it started; then the services go."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    services.stop()


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def get(url: str, timeout: float = 5, headers: dict[str, str] | None = None) -> tuple[int, dict | str]:
    """GET through the proxy (redirects not followed), trusting the stack's self-signed certificate."""
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    opener = urllib.request.build_opener(urllib.request.HTTPSHandler(context=context), _NoRedirects)
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {}), timeout=timeout) as answer:
            status, body = answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.headers.get("Location") or error.read().decode()
    try:
        return status, json.loads(body)
    except ValueError:
        return status, body


def manage(stack: RunningStack, *args: str, **overrides: str) -> subprocess.CompletedProcess:
    """manage.py with exactly the stack's settings (and the overrides), nothing from this shell."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GAME_", "DATABASE_URL", "REDIS_URL"))
    }
    env = {**clean, **stack.env(), **overrides}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )


def pg_tool(stack: RunningStack, tool: str, *args: str) -> subprocess.CompletedProcess:
    """A PostgreSQL client program of the server's own version, on the stack's server."""
    url = urllib.parse.urlsplit(stack.info["database_url"])
    command = [
        str(stack.services.pg_bin / tool),
        "-h",
        url.hostname,
        "-p",
        str(url.port),
        "-U",
        "postgres",
        *args,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{tool} failed: {done.stderr}"
    return done


def raw_request(
    base: str,
    path: str,
    *,
    host: str | None = None,
    method: str = "GET",
    headers: dict | None = None,
    body=None,
) -> tuple[int, dict[str, str], bytes]:
    """One request as written (path not normalised, any Host header), on http or https, trusting the
    stack's self-signed certificate. A connection closed without an answer raises RemoteDisconnected."""
    import http.client

    parts = urllib.parse.urlsplit(base)
    if parts.scheme == "https":
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        connection = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=10, context=context)
    else:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host or parts.netloc)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        found: dict[str, str] = {}
        for name, value in answer.getheaders():  # Set-Cookie comes once per cookie: one per line
            found[name.lower()] = f"{found[name.lower()]}\n{value}" if name.lower() in found else value
        return answer.status, found, answer.read()
    finally:
        connection.close()


PHONE = {"width": 390, "height": 844}


def member_id(stack: RunningStack, email: str) -> int:
    import psycopg

    with psycopg.connect(stack.info["database_url"]) as connection:
        return connection.execute("SELECT id FROM accounts_user WHERE email = %s", [email]).fetchone()[0]


def mailed_code(stack: RunningStack, email: str) -> str:
    """The sign-in code mailed to an address: the stack's mail is its servers' console (logged)."""
    from tests.accounts.mailed_codes import code_in

    def logs() -> str:
        return "".join(Path(server["log"]).read_text(errors="replace") for server in stack.info["daphne"])

    mailed = wait_until(lambda: f"To: {email}" in (text := logs()) and text, 15, f"a mail to {email}")
    # The console backend closes each mail with a line of 79 dashes.
    return code_in(mailed.split(f"To: {email}")[-1].split("-" * 79)[0])


def wait_until(
    condition: Callable[[], object],
    seconds: float,
    what: str | Callable[[], str],
    *,
    every: float = 0.1,
    passing: tuple[type[BaseException], ...] = (),
) -> object:
    """The stack tests' one condition wait: poll `condition` until it returns something truthy
    (returned), and fail naming `what` (or what it returns) at the deadline. Errors of the kinds in
    `passing` (a refused connection, a file not written yet) count as "not yet"."""
    deadline = time.monotonic() + seconds
    last_error: BaseException | None = None
    while True:
        try:
            found = condition()
        except passing as error:
            found, last_error = None, error
        if found:
            return found
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            pytest.fail(
                f"{said}: not within {seconds:.0f} s"
                + (f" (last error: {last_error!r})" if last_error else "")
            )
        time.sleep(every)
