"""No log line writes a child's sign-in secret: the access log, daphne's access lines and axes's
sign-in lines write the route as /family/sign-in/…/ while the QR still works."""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.models import ChildSignIn
from justalllowgod.lib.logs import DaphneAccessLog, loggable_path
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MASKED = "/family/sign-in/…/"


def everything_written(records: list[logging.LogRecord]) -> str:
    """Each captured line as written, and every field a JSON line would carry."""
    return "\n".join(f"{record.getMessage()} {record.__dict__!r}" for record in records)


def test_the_qr_pages_lines_never_write_its_secret_while_it_still_works(caplog):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    secret = family.issue_sign_in(parent=parent, child_id=child.pk)
    url = reverse("family_sign_in", args=[secret])
    tablet = Client()
    with caplog.at_level(logging.DEBUG):
        assert tablet.get(url).status_code == 200  # the secret is still good after the GET
        assert ChildSignIn.objects.get(child=child).used_at is None
        assert tablet.post(url).status_code == 302
    written = everything_written(caplog.records)
    assert secret not in written
    access = [r for r in caplog.records if r.name == "jag.access"]
    assert [r.path for r in access] == [MASKED, MASKED]
    assert any(r.name.startswith("axes") and MASKED in r.getMessage() for r in caplog.records)


def test_daphnes_access_lines_write_the_route_masked(caplog):
    secret = "s3cr3t-value-from-a-qr_abcdefghijklmnopqrstuv"
    with caplog.at_level(logging.INFO, logger="daphne.access"):
        DaphneAccessLog()(
            "http",
            "complete",
            {"path": f"/family/sign-in/{secret}/", "client": "127.0.0.1:5", "method": "GET", "status": 200},
        )
    assert secret not in everything_written(caplog.records)
    assert [r.path for r in caplog.records if r.name == "daphne.access"] == [MASKED]


def test_other_paths_are_written_as_they_are():
    assert loggable_path("/family/sign-in/abc/") == MASKED
    assert loggable_path("/me/family/") == "/me/family/"
    assert loggable_path("/join/ABCD/") == "/join/ABCD/"
    assert loggable_path(reverse("family_sign_in", args=["x" * 43])) == MASKED
