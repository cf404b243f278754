"""The Print page's files never follow the client's Host, and asking for them never frees a guesser.

Issue 28: the rules card's QR code and cache key followed the request's Host port, so every new port
built and kept a fresh PDF, and ~360 of them pushed the wrong-code counter out of the shared cache.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.models import User
from game.services.access import count_wrong_code, require_not_throttled
from justalllowgod.lib.refusals import Refusal
from tests.content.pdf_reading import read_qr_codes
from tests.factories import UserFactory

CARD = reverse("content:print_rules_card", args=["letter"])
# Hosts ALLOWED_HOSTS lets through in development, each with a port a client chose.
ASKED_ON = ["localhost:1111", "127.0.0.1:2222", "localhost:3333", "testserver:4444"]


def _throttle(member: User) -> None:
    for _ in range(settings.GAME_JOIN_FAILURE_LIMIT):
        count_wrong_code(user=member)
    with pytest.raises(Refusal):
        require_not_throttled(user=member)


def test_the_rules_card_is_one_file_whatever_host_and_port_it_was_asked_on(client, db):
    answers = [client.get(CARD, HTTP_HOST=host) for host in ASKED_ON]
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer["ETag"] for answer in answers}) == 1
    assert len({answer.content for answer in answers}) == 1
    assert read_qr_codes(answers[0].content) == [f"{settings.SITE_URL}/how-to-play/"] * 3
    for host in ASKED_ON:
        assert host.encode() not in answers[0].content


def test_the_rules_card_is_built_once_for_any_number_of_ports(client, db, monkeypatch):
    from content.printing import files

    built = []
    real = files.build_rules_card_pdf
    monkeypatch.setattr(files, "build_rules_card_pdf", lambda *a, **k: built.append(a) or real(*a, **k))
    for port in range(5000, 5040):
        assert client.get(CARD, HTTP_HOST=f"localhost:{port}").status_code == 200
    assert len(built) == 1


def test_a_flood_of_print_requests_on_new_ports_never_frees_a_throttled_member(client, db, settings):
    settings.PRINT_FILES_PER_ADDRESS = 10_000  # the flood comes from many addresses in real life
    member = UserFactory()
    _throttle(member)
    for port in range(6000, 6400):
        assert client.get(CARD, HTTP_HOST=f"localhost:{port}").status_code == 200
    with pytest.raises(Refusal) as refused:
        require_not_throttled(user=member)
    assert refused.value.status == 429


def test_one_address_may_download_generously_then_is_asked_to_wait(client, db, settings):
    settings.PRINT_FILES_PER_ADDRESS = 5
    deck = reverse("content:print_deck", args=["a4"])
    for _ in range(3):
        assert client.get(CARD).status_code == 200
    assert client.get(deck).status_code == 404  # no live deck here: still one of the address's files
    assert client.get(CARD).status_code == 200
    refused = client.get(CARD)
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(settings.PRINT_FILES_WINDOW_SECONDS)
    assert "come back in a little while" in refused.content.decode()
    other = client.get(CARD, REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 200
    # The Print page itself is never counted.
    assert client.get(reverse("content:print")).status_code == 200
