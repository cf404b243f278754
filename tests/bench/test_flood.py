"""`python -m bench --flood` through a real daphne: one member's sockets flood inside the limits
while another member pings; the issue's old flood is closed with 4429. No timing is asserted: the
figures are printed (docs/performance.md has them)."""

from __future__ import annotations

import asyncio
from argparse import Namespace
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from bench.flood import run_flood
from tests.deck import load_deck

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class Listening:
    port: int


def test_the_flood_scenario_measures_the_other_members_ping_and_the_old_flood_is_closed(live_asgi, capsys):
    load_deck()
    server = live_asgi(WS_HELLO_SECONDS=1)
    args = Namespace(seconds=2.0, flood_sockets=3, services=False)
    with ThreadPoolExecutor(max_workers=1) as executor:
        result = asyncio.run(
            run_flood(args, [Listening(int(server.url.rsplit(":", 1)[1]))], executor, "sqlite")
        )
    with capsys.disabled():
        print(f"\nflood scenario (2 s phases, 3 sockets): {result}")
    assert result["moves_before"] > 0
    # Inside the limits: each socket's first hello got its catch-up, none was closed for it.
    assert result["flood_received"]["catchup"] >= 3
    assert result["flood_closes"] == {"1000": 3}
    # Stale moves were sent and refused stale_version, each socket's run of them costing at most
    # one catch-up a hello window on top of its hellos' (review of #28).
    assert result["flood_stale_moves"] > 0
    assert result["flood_received"]["stale_version"] == result["flood_stale_moves"]
    # The partner reconnected and was welcomed, inside the connect budget.
    assert result["reconnects_welcomed"] >= 1 and not result["reconnects_refused"]
    # The other member's pings were all answered, in every phase.
    assert min(result["samples"]) > 0
    # The flood (18 hellos a second per socket) goes over the member's budget: closed 4429.
    assert result["old_flood_closes"].get("4429", 0) >= 1
