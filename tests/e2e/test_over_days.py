"""Issue 32 in the browser: a host opens a table that plays over days from the start form; Your
tables leads with the one waiting on you; coming back after moves shows Since you were here before
the table; after three days the host hands the absent member's turn to JagAI and they are told."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game import engine, services
from game.models import Game, Seat, Table
from game.services.turn_notices import awaited
from notices.models import Notice
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory
from tests.game.support import play_one_move

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def test_over_days_from_the_start_form_to_your_tables_since_you_were_here_and_the_hand_over(server, new_page):
    host, guest = in_a_thread(lambda: [UserFactory(gamer_tag="Grandma Ruth"), UserFactory(gamer_tag="Sam")])
    page = new_page(PHONE)
    sign_in(page, server, host)
    page.goto(server.url + "/")
    page.get_by_label("Play over days").check()
    page.get_by_role("button", name="Start a private table").click()
    expect(page.locator("#waiting-chips")).to_contain_text("Over days")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]

    def deal_and_play() -> None:
        services.join_by_code(user=guest, code=code)
        services.start_table(user=host, code=code)
        table = Table.objects.get(code=code)
        members = {1: host, 2: guest}
        Seat.objects.filter(table=table, user=guest).update(seen_version=0, seen_at=timezone.now())
        for _ in range(200):  # until the game waits on Sam, with a few things for Sam to read
            state = engine.from_json(Game.objects.get(table=table).state)
            if 2 in awaited(state) and Game.objects.get(table=table).version >= 6:
                return
            play_one_move(table.pk, members)

    in_a_thread(deal_and_play)

    sam = new_page(PHONE)
    sign_in(sam, server, guest)
    sam.goto(server.url + "/")
    first = sam.locator(".your-tables li").first
    expect(first).to_contain_text(code)
    expect(first).to_contain_text("Your turn")
    assert fits_sideways(sam)
    screenshot(sam, "over-days-your-tables-390")
    first.get_by_text("Play your turn").click()
    since = sam.locator("#since")
    expect(since).to_be_visible()
    expect(since).to_contain_text("Since you were here")
    expect(since).to_contain_text("It's your turn.")
    assert fits_sideways(sam)
    assert axe_violations(sam) == []
    screenshot(sam, "over-days-since-390")
    sam.set_viewport_size(DESKTOP)
    screenshot(sam, "over-days-since-1280")
    sam.get_by_role("link", name="On to the table").click()
    expect(sam.locator("#table-app")).to_be_visible()
    sam.close()

    # Three days later, Sam has still not moved: the host may let JagAI play the seat.
    in_a_thread(
        lambda: Game.objects.filter(table__code=code, table__status="playing").update(
            decision_since=timezone.now() - timedelta(days=3, minutes=5)
        )
    )
    page.goto(f"{server.url}/t/{code}/")
    hand_over = page.get_by_role("button", name="Let JagAI play for Sam")
    expect(hand_over).to_be_visible()
    screenshot(page, "over-days-hand-over-390")
    hand_over.click()
    expect(page.get_by_text("JagAI plays that seat now")).to_be_visible()

    def told() -> tuple[str, list[str]]:
        table = Table.objects.get(code=code, status="playing")
        state = engine.from_json(Game.objects.get(table=table).state)
        kinds = list(Notice.objects.filter(table=table, user=guest).values_list("kind", flat=True))
        return str(engine.seat_role(state, 2)), kinds

    role, kinds = in_a_thread(told)
    assert role == "helper" and kinds == [Notice.Kind.HANDED_OVER]
