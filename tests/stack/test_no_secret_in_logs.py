"""No secret in any log the stack writes (issue 49 item 4). Every link that carries a secret in its
path goes through nginx: a child's one-time sign-in (GET, POST, and a body too big), a big screen,
its join.svg and its socket, an invitation and the sign-in page it leads to, an unsubscribe link and
a password reset, each with a Referer that carries it too. Then every log file of the stack (nginx's
access and error logs, both daphne processes, the clock, PostgreSQL, the stack's own output) is
read: no secret is in any of them, and each route is there, masked, so nothing passes by writing
nothing. A second nginx, in front of a daphne that is down, shows what a 502 leaves behind.

It starts a stack of its own (its logs hold these requests only): `make test-stack`.
"""

from __future__ import annotations

import json
import re
import shutil
import ssl
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from bench.servers import Server, free_port, stop
from deploy.stack import Stack, start_nginx
from tests.e2e.helpers import ARTIFACTS
from tests.stack.support import RunningStack, manage, raw_request, start_stack, stop_stack

WAIT = 20  # seconds for a line to reach its log file

# Run in the stack's settings (manage.py shell): a parent with a child, a private table with its
# big screen, and the links each of them would be given; printed as one JSON line.
MAKE_LINKS = """
import json
from allauth.account.forms import default_token_generator
from allauth.account.models import EmailAddress
from allauth.account.utils import user_pk_to_url_str
from django.test import Client
from django.utils import timezone
from accounts import family
from accounts.models import User
from game import services
from game.services import screens
from notices import tokens

host = User.objects.create_user("miriam.secrets@example.org", "a-long-stack-password-42")
host.gamer_tag, host.tag_changed_at = "Miriam", timezone.now()
host.save()
EmailAddress.objects.create(user=host, email=host.email, primary=True, verified=True)
child = family.add_child(parent=host, tag="Sam")
table = services.create_private_table(user=host).table
browser = Client()
browser.force_login(host)
screen = screens.show_on_screen(user=host, session_key=browser.cookies["sessionid"].value, code=table.code)
print("LINKS " + json.dumps({
    "sign_in": family.issue_sign_in(parent=host, child_id=child.pk),
    "screen": screen.secret,
    "invite": table.invite_token,
    "unsubscribe": tokens.make(host),
    "reset_uid": user_pk_to_url_str(host),
    "reset_key": default_token_generator.make_token(host),
}))
"""


@pytest.fixture(scope="module")
def stack() -> Iterator[RunningStack]:
    # Not under pytest's own temporary folder: PostgreSQL runs as its own user and must get in.
    workdir = Path(tempfile.mkdtemp(prefix="jag-stack-secrets-"))
    running = start_stack(workdir, {"DJANGO_LOG_FORMAT": "json", "DJANGO_EMAIL_HOST": "console"})
    yield running
    stop_stack(running.process, running.services)
    keep_logs(workdir, "stack-secrets")
    shutil.rmtree(workdir, ignore_errors=True)


def keep_logs(workdir: Path, name: str) -> None:
    """The logs, as test artifacts (CI shows them when something failed)."""
    kept = ARTIFACTS / name
    shutil.rmtree(kept, ignore_errors=True)
    kept.mkdir(parents=True)
    for log in log_files(workdir):
        shutil.copy(log, kept / str(log.relative_to(workdir)).replace("/", "-"))


def log_files(workdir: Path) -> list[Path]:
    """Every log the stack and its services wrote under its folder (PostgreSQL's is pg/log)."""
    return sorted(p for p in workdir.rglob("*") if p.is_file() and (p.suffix == ".log" or p.name == "log"))


def everything_logged(workdir: Path) -> dict[str, str]:
    return {str(path.relative_to(workdir)): path.read_text(errors="replace") for path in log_files(workdir)}


def wait_for(what: str, found: Callable[[], bool]) -> None:
    end = time.monotonic() + WAIT
    while not found():
        if time.monotonic() > end:
            pytest.fail(f"not within {WAIT} s: {what}")
        time.sleep(0.1)


def made_links(stack: RunningStack) -> dict[str, str]:
    done = manage(stack, "shell", "-c", MAKE_LINKS)
    assert done.returncode == 0, done.stdout + done.stderr
    [line] = [line for line in done.stdout.splitlines() if line.startswith("LINKS ")]
    return json.loads(line[len("LINKS ") :])


def form_post(stack: RunningStack, path: str, page: bytes, headers: dict[str, str], referer: str) -> int:
    """Post the page's form back as a browser would: its CSRF cookie, token, Origin and Referer."""
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    cookie = re.search(r"csrftoken=([^;]+)", headers["set-cookie"]).group(1)
    status, _, _ = raw_request(
        stack.url,
        path,
        method="POST",
        headers={
            "Cookie": f"csrftoken={cookie}",
            "Origin": stack.url,
            "Referer": referer,
            "Content-Type": "application/x-www-form-urlencoded",
        },
        body=urllib.parse.urlencode({"csrfmiddlewaretoken": token}).encode(),
    )
    return status


def daphne_paths(stack: RunningStack) -> set[str]:
    """The paths both daphne processes' access and socket lines wrote."""
    return {line["path"] for n in (1, 2) for line in stack.log_lines(n) if "path" in line}


def screen_closed(stack: RunningStack) -> bool:
    """A daphne process wrote the screen's socket closing (the last line it writes for it)."""
    return any(
        line.get("logger") == "jag.sockets"
        and line.get("event") == "closed"
        and line.get("path") == "/ws/screen/…/"
        for n in (1, 2)
        for line in stack.log_lines(n)
    )


def test_no_secret_of_any_link_is_in_any_log_the_stack_writes(stack):
    links = made_links(stack)
    site = stack.url
    sign_in = f"/family/sign-in/{links['sign_in']}/"
    screen = f"/s/{links['screen']}/"
    invite = f"/invite/{links['invite']}/"
    unsubscribe = f"/notices/unsubscribe/{links['unsubscribe']}/"
    reset = f"/accounts/password/reset/key/{links['reset_uid']}-{links['reset_key']}/"

    # A child's sign-in QR: the page, a body over nginx's limit (its own error line), the tap.
    status, headers, page = raw_request(site, sign_in, headers={"Referer": site + sign_in})
    assert status == 200
    status, _, _ = raw_request(
        site, sign_in, method="POST", headers={"Referer": site + sign_in}, body=b"x" * 1_100_000
    )
    assert status == 413
    assert form_post(stack, sign_in, page, headers, referer=site + sign_in) == 302

    # The big screen, its QR code (asked for by the screen page) and its socket.
    assert raw_request(site, screen, headers={"Referer": site + screen})[0] == 200
    assert raw_request(site, screen + "join.svg", headers={"Referer": site + screen})[0] == 200
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    socket_url = site.replace("https://", "wss://") + f"/ws/screen/{links['screen']}/"
    with connect(socket_url, ssl=context, origin=site, additional_headers={"Referer": site + screen}) as ws:
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"

    # An invitation, seen signed out, and the sign-in page it links to (?next= carries it).
    assert raw_request(site, invite, headers={"Referer": site + invite})[0] == 200
    sign_in_page = "/accounts/login/?" + urllib.parse.urlencode({"next": invite})
    assert raw_request(site, sign_in_page, headers={"Referer": site + invite})[0] == 200

    # A turn mail's unsubscribe link: the page, and a mail client's one-click POST.
    assert raw_request(site, unsubscribe, headers={"Referer": site + unsubscribe})[0] == 200
    one_click = b"List-Unsubscribe=One-Click"
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    assert raw_request(site, unsubscribe, method="POST", headers=headers, body=one_click)[0] == 200

    # A password reset link (allauth keeps its key in the session and sends the browser on).
    status, _, _ = raw_request(site, reset, headers={"Referer": site + reset})
    assert status == 302

    # Each line is in its file (a socket's when it closes) before the files are read.
    access_log = Path(stack.info["nginx_logs"][0])
    wait_for("nginx's line for the screen's socket", lambda: "/ws/screen/" in access_log.read_text())
    wait_for("daphne's line for the screen's socket closing", lambda: screen_closed(stack))

    logged = everything_logged(Path(stack.info["workdir"]).parent)
    for name in ("nginx-access.log", "nginx-error.log", "daphne-1.log", "daphne-2.log", "clock.log"):
        assert f"stack/{name}" in logged, sorted(logged)
    assert "services/pg/log" in logged and "stack-output.log" in logged
    secrets = {name: value for name, value in links.items() if name != "reset_uid"}
    leaks = [
        f"the {name} secret in {file}"
        for file, text in logged.items()
        for name, secret in secrets.items()
        if secret in text
    ]
    assert not leaks, "\n".join(leaks)

    # nginx wrote each request, masked, with the Referer masked after its host.
    nginx = logged["stack/nginx-access.log"]
    for written in [
        '"GET /family/sign-in/***/ HTTP/1.1" 200',
        '"POST /family/sign-in/***/ HTTP/1.1" 413',
        '"POST /family/sign-in/***/ HTTP/1.1" 302',
        f'"{site}/family/sign-in/***/"',
        '"GET /s/***/ HTTP/1.1" 200',
        '"GET /s/***/join.svg HTTP/1.1" 200',
        f'"{site}/s/***/"',
        '"GET /ws/screen/***/ HTTP/1.1" 101',
        '"GET /invite/***/ HTTP/1.1" 200',
        '"GET /accounts/login/?*** HTTP/1.1" 200',
        f'"{site}/invite/***/"',
        '"GET /notices/unsubscribe/***/ HTTP/1.1" 200',
        '"POST /notices/unsubscribe/***/ HTTP/1.1" 200',
        '"GET /accounts/password/reset/key/***/ HTTP/1.1" 302',
    ]:
        assert written in nginx, written
    # The site's own lines (both processes) wrote each route with an ellipsis.
    paths = daphne_paths(stack)
    for written in [
        "/family/sign-in/…/",
        "/s/…/",
        "/s/…/join.svg",
        "/ws/screen/…/",
        "/invite/…/",
        "/accounts/login/",
        "/notices/unsubscribe/…/",
        "/accounts/password/reset/key/…/",
    ]:
        assert written in paths, (written, sorted(paths))


def test_a_502_writes_no_secret_in_nginxs_logs(tmp_path: Path):
    """nginx's error log has no format: a failed upstream writes the request line, the upstream's
    address with the path, and the Referer. Kept at crit, it writes none of that; the access line
    says 502 and which upstream failed."""
    tmp_path.chmod(0o755)  # nginx's workers look inside
    down = free_port()  # nothing listens here: the daphne process is down
    lone = Stack(workdir=tmp_path, https_port=free_port(), http_port=free_port(), services=None)
    lone.servers.append(Server(port=down, process=None, log_path=tmp_path / "daphne-1.log"))
    nginx = start_nginx(lone)
    try:
        site = f"https://127.0.0.1:{lone.https_port}"
        secret = "s3cr3t-of-a-screen-link_0123456789abcdefghijk"
        status, _, _ = raw_request(site, f"/s/{secret}/join.svg", headers={"Referer": f"{site}/s/{secret}/"})
        assert status == 502
        access_log = tmp_path / "nginx-access.log"
        wait_for("nginx's line for the 502", lambda: '" 502 ' in access_log.read_text())
    finally:
        stop(nginx)
    keep_logs(tmp_path, "stack-502")
    written = {path.name: path.read_text() for path in log_files(tmp_path)}
    assert set(written) >= {"nginx-access.log", "nginx-error.log"}
    assert [name for name, text in written.items() if secret in text] == []
    line = written["nginx-access.log"]
    assert '"GET /s/***/join.svg HTTP/1.1" 502' in line and f'"{site}/s/***/"' in line
    assert f"upstream=127.0.0.1:{down} upstream_status=502" in line
