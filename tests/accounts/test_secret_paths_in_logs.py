"""No secret in a log line (issue 49 item 4): every route whose path carries a secret (a child's
sign-in, a big screen, its socket, an invitation, an unsubscribe link, a password reset) is written
with that segment masked, by the site's access lines, Django's own lines and nginx's access log."""

from __future__ import annotations

import io
import json
import logging
import re
from pathlib import Path

import pytest
from allauth.account.forms import default_token_generator
from allauth.account.utils import user_pk_to_url_str
from django.conf import settings
from django.test import Client, RequestFactory
from django.urls import reverse
from pythonjsonlogger.json import JsonFormatter

from accounts import family
from deploy.stack import site_conf, site_conf_before_tls
from game import services
from game.services import screens
from justalllowgod.lib.log_paths import (
    SECRET_PATH_PREFIXES,
    MaskSecretPaths,
    loggable_path,
    mask_secret_paths,
)
from notices import tokens
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cr3t-Abc_def-0123456789abcdefghijklmnopq"


def everything_written(records: list[logging.LogRecord]) -> str:
    """Each captured line as written, and every field a JSON line would carry."""
    return "\n".join(f"{record.getMessage()} {record.__dict__!r}" for record in records)


@pytest.mark.parametrize(
    ("path", "written"),
    [
        (f"/family/sign-in/{SECRET}/", "/family/sign-in/…/"),
        (f"/s/{SECRET}/", "/s/…/"),
        (f"/s/{SECRET}/join.svg", "/s/…/join.svg"),
        (f"/ws/screen/{SECRET}/", "/ws/screen/…/"),
        (f"/invite/{SECRET}/", "/invite/…/"),
        (f"/invite/{SECRET}/watch/", "/invite/…/watch/"),
        (f"/notices/unsubscribe/{SECRET}:sig/", "/notices/unsubscribe/…/"),
        (f"/accounts/password/reset/key/2s-{SECRET}/", "/accounts/password/reset/key/…/"),
        (f"//s/{SECRET}/", "//s/…/"),  # still the same route to a reader
        (f"/invite/{SECRET}", "/invite/…"),
        # Percent-encoded, as a client holding the secret may send it (the attacker's pass, issue 49).
        (f"/ws/%73creen/{SECRET}/", "/ws/screen/…/"),
        (f"/s%2F{SECRET}/", "/s/…/"),
        (f"/invite%2f{SECRET}/", "/invite/…/"),
    ],
)
def test_each_secret_route_is_written_with_its_secret_masked(path, written):
    assert loggable_path(path) == written


@pytest.mark.parametrize(
    "path",
    ["/", "/join/ABCD/", "/t/ABCD/", "/static/css/site.css", "/notices/settings/", "/accounts/password/reset/",
     "/me/family/", "/ws/table/ABCD/", "/stories/s/", "/how-to-play/"],
)  # fmt: skip
def test_other_paths_are_written_as_they_are(path):
    assert loggable_path(path) == path


def test_the_list_names_every_route_the_site_puts_a_secret_in():
    """Each route, reversed as the site builds its links, is masked: a renamed route fails here."""
    member = UserFactory()
    unsubscribe, key = tokens.make(member), default_token_generator.make_token(member)
    links = [
        (reverse("family_sign_in", args=[SECRET]), SECRET),
        (reverse("screen", args=[SECRET]), SECRET),
        (reverse("screen_join_qr", args=[SECRET]), SECRET),
        (reverse("join_invite", args=[SECRET]), SECRET),
        (reverse("notices_unsubscribe", args=[unsubscribe]), unsubscribe),
        (
            reverse(
                "account_reset_password_from_key", kwargs={"uidb36": user_pk_to_url_str(member), "key": key}
            ),
            key,
        ),
    ]
    for link, secret in links:
        assert secret not in loggable_path(link), link
        assert secret not in mask_secret_paths(f"a link https://play.example.org{link} in a line"), link


def test_nginx_masks_the_same_routes():
    """deploy/nginx/private-logs.conf's two masks (the request and the Referer) list these routes."""
    conf = (ROOT / "deploy" / "nginx" / "private-logs.conf").read_text()
    masks = re.findall(r"\(\?:([^)]+)\)/\+\)\[\^/\]\+", conf)
    assert len(masks) == 2
    wanted = {prefix.strip("/") for prefix in SECRET_PATH_PREFIXES}
    for routes in masks:
        assert set(routes.split("|")) == wanted


def test_every_server_of_both_site_files_logs_in_that_format():
    """Debian's nginx.conf logs in "combined" for the whole http block: each server of ours says
    otherwise, and keeps its error log to crit (it has no format to mask)."""
    full = site_conf(
        upstreams=["127.0.0.1:8001"],
        server_name="play.example.org",
        https_listen="443",
        http_listen="80",
        certificate="/etc/fullchain.pem",
        certificate_key="/etc/privkey.pem",
        static_root="/srv/justallowgod/staticfiles",
        pin=False,
    )
    before = site_conf_before_tls(server_name="play.example.org", http_listen="80", acme_root="/var/www")
    for conf in (full, before):
        assert "log_format jag_private" in conf
        servers = conf.split("\nserver {")[1:]
        assert len(servers) >= 2
        for server in servers:
            assert "    access_log /var/log/nginx/access.log jag_private;" in server
            assert "    error_log  /var/log/nginx/error.log crit;" in server


@pytest.fixture
def links(live_deck) -> dict[str, tuple[str, str]]:
    """One link of each kind, live, as their owners got them: (link, its secret)."""
    host = UserFactory(gamer_tag="Miriam")
    child = family.add_child(parent=host, tag="Sam")
    table = services.create_private_table(user=host).table
    screen = screens.show_on_screen(user=host, session_key=signed_in_session(host), code=table.code).secret
    sign_in = family.issue_sign_in(parent=host, child_id=child.pk)
    unsubscribe = tokens.make(host)
    return {
        "sign-in": (reverse("family_sign_in", args=[sign_in]), sign_in),
        "screen": (reverse("screen", args=[screen]), screen),
        "join.svg": (reverse("screen_join_qr", args=[screen]), screen),
        "invite": (reverse("join_invite", args=[table.invite_token]), table.invite_token),
        "unsubscribe": (reverse("notices_unsubscribe", args=[unsubscribe]), unsubscribe),
    }


def test_the_access_lines_of_every_secret_link_write_none_of_its_secret(links, caplog):
    visitor = Client()
    with caplog.at_level(logging.DEBUG):
        for link, _ in links.values():
            assert visitor.get(link, HTTP_REFERER=f"https://play.example.org{link}").status_code == 200
    written = everything_written(caplog.records)
    for link, secret in links.values():
        assert secret not in written, link
    access = [record.path for record in caplog.records if record.name == "jag.access"]
    assert sorted(access) == sorted(loggable_path(link) for link, _ in links.values())
    masked = {"/family/sign-in/…/", "/s/…/", "/s/…/join.svg", "/invite/…/", "/notices/unsubscribe/…/"}
    assert set(access) == masked


def test_djangos_own_line_for_a_server_error_writes_the_route_masked():
    """A 500 on a secret route: Django writes the path in its message and the request as a field."""
    handler_filters = settings.LOGGING["handlers"]["console"]["filters"]
    assert "mask_secret_paths" in handler_filters
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter("%(levelname)s %(name)s %(message)s"))
    handler.addFilter(MaskSecretPaths())
    request = RequestFactory().get(f"/s/{SECRET}/join.svg")
    record = logging.getLogger("django.request").makeRecord(
        "django.request",
        logging.ERROR,
        __file__,
        1,
        "Internal Server Error: %s",
        (request.path,),
        None,
        extra={"status_code": 500, "request": request},
    )
    handler.handle(record)
    line = json.loads(out.getvalue())
    assert SECRET not in out.getvalue()
    assert line["message"] == "Internal Server Error: /s/…/join.svg"
    assert "/s/…/join.svg" in line["request"]


def test_a_line_with_no_secret_route_is_left_alone():
    record = logging.LogRecord("jag", logging.INFO, __file__, 1, "GET %s %s", ("/join/ABCD/", 200), None)
    assert MaskSecretPaths().filter(record)
    assert record.getMessage() == "GET /join/ABCD/ 200" and record.args == ("/join/ABCD/", 200)
