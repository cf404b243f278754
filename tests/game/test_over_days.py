"""Tables that play over days (issue 32): the option, Your tables, the 14-day end and its warning,
the host's 3-day hand-over to JagAI, and Since you were here (which names nothing the seat may not see)."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from game import engine, services
from game.engine.cards import card_id
from game.models import Game, Seat, Table
from game.protocol.options import CHIPS, option_chips
from game.services import over_days
from game.services.turn_notices import awaited
from justalllowgod.lib.refusals import Refusal
from notices.models import Notice
from tests.factories import UserFactory, signed_in_session
from tests.game.support import play_one_move

pytestmark = pytest.mark.django_db


def over_days_game(host, guest, *, start: bool = True) -> Table:
    table = services.create_private_table(user=host, over_days=True).table
    services.join_by_code(user=guest, code=table.code)
    if start:
        services.start_table(user=host, code=table.code)
    return table


def state_of(table: Table) -> dict:
    return engine.from_json(Game.objects.get(table=table).state)


def play_until_waiting_on(table: Table, members: dict, seat: int) -> None:
    """Members play their first legal move until the game waits on `seat`."""
    for _ in range(200):
        if seat in awaited(state_of(table)):
            return
        play_one_move(table.pk, members)
    raise AssertionError("the game never came to that seat")


def test_the_start_form_opens_a_table_that_plays_over_days_and_play_again_keeps_it(client, live_deck):
    host, guest = UserFactory(), UserFactory()
    client.force_login(host)
    client.post(reverse("new_private_table"), {"seats": 4, "variant": "standard", "over_days": "on"})
    table = Table.objects.get(host=host)
    assert table.over_days
    assert {"key": "over_days", "label": "Over days", "note": CHIPS["over_days"][1]} in option_chips(table)
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    assert "over days" in client.get(reverse("home")).content.decode()  # its line in Your tables
    services.end_game(user=host, code=table.code)
    following = services.play_again(user=guest, code=table.code).table
    assert following.over_days and following.previous_id == table.pk


def test_your_tables_puts_the_ones_waiting_on_you_first_then_the_latest_move(live_deck, clock):
    me, a, b = UserFactory(), UserFactory(), UserFactory()
    waiting_on_a = over_days_game(me, a)  # my turn first (seat 1), then I play until it is a's
    play_until_waiting_on(waiting_on_a, {1: me, 2: a}, 2)
    clock.advance(60)
    mine = over_days_game(b, me)  # b hosts; it waits on b first
    play_until_waiting_on(mine, {1: b, 2: me}, 2)
    clock.advance(60)
    not_dealt = services.create_private_table(user=a).table
    services.join_by_code(user=me, code=not_dealt.code)
    lines = over_days.your_tables(me)
    assert [line.code for line in lines] == [mine.code, not_dealt.code, waiting_on_a.code]
    assert lines[0].your_turn and lines[0].waiting_on == "you"
    assert not lines[2].your_turn and lines[2].waiting_on == a.gamer_tag
    assert not lines[1].playing


def test_your_tables_lists_a_public_table_with_the_time_of_its_last_move(client, live_deck, clock):
    me, stranger = UserFactory(), UserFactory()
    public = services.play_now(user=me).table
    services.play_now(user=stranger)
    services.start_now(user=me, code=public.code)
    clock.advance(600)
    play_one_move(public.pk, {1: me, 2: stranger})
    moved_at = clock()
    clock.advance(timedelta(hours=3).total_seconds())
    [line] = over_days.your_tables(me)
    assert (line.code, line.kind, line.over_days, line.playing) == (public.code, "Public", False, True)
    assert line.last_move_at == moved_at
    client.force_login(me)
    page = client.get(reverse("home")).content.decode()
    # The words ("3 hours ago") are humanize's, from the real clock; the time they stand for is ours.
    assert public.code in page and f'last move <time datetime="{moved_at.isoformat()}">' in page


def test_the_start_page_lists_your_tables_with_your_turn_first(client, live_deck):
    me, other = UserFactory(), UserFactory()
    table = over_days_game(me, other)
    client.force_login(me)
    page = client.get(reverse("home")).content.decode()
    assert "Your tables" in page and table.code in page and "Play your turn" in page


def test_a_table_nobody_moves_at_is_warned_two_days_before_and_ends_after_fourteen(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest)
    clock.advance(timedelta(days=11, hours=23).total_seconds())
    assert over_days.sweep_idle() == 0
    clock.advance(timedelta(hours=2).total_seconds())
    assert over_days.sweep_idle() == 1
    warned = Notice.objects.filter(table=table, kind=Notice.Kind.ENDING_SOON)
    assert sorted(warned.values_list("user_id", flat=True)) == sorted([host.pk, guest.pk])
    assert over_days.sweep_idle() == 0  # once
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.idle_warned_at is not None
    clock.advance(timedelta(days=2).total_seconds())
    assert over_days.sweep_idle() == 1
    table.refresh_from_db()
    game = Game.objects.get(table=table)
    assert table.status == Table.Status.ENDED
    assert game.result["winners"] == []  # R23: an ended game has no winner


def test_a_move_after_the_warning_starts_the_fourteen_days_again(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest)
    clock.advance(timedelta(days=12, hours=1).total_seconds())
    over_days.sweep_idle()
    play_one_move(table.pk, {1: host, 2: guest})
    clock.advance(timedelta(days=3).total_seconds())
    over_days.sweep_idle()
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_tables_that_do_not_play_over_days_never_end_by_themselves(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    clock.advance(timedelta(days=30).total_seconds())
    assert over_days.sweep_idle() == 0
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_a_waiting_over_days_table_nobody_starts_closes_after_fourteen_days(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest, start=False)
    clock.advance(timedelta(days=14, minutes=1).total_seconds())
    over_days.sweep_idle()
    table.refresh_from_db()
    assert table.status == Table.Status.ENDED


def hand_over(host, table, seat):
    return over_days.hand_over(host=host, code=table.code, seat=seat, session_key=signed_in_session(host))


def test_the_host_hands_a_member_s_turn_to_jagai_only_after_three_days(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest)
    play_until_waiting_on(table, {1: host, 2: guest}, 2)
    clock.advance(timedelta(days=2, hours=23).total_seconds())
    with pytest.raises(Refusal) as early:
        hand_over(host, table, 2)
    assert early.value.code == "not_away_long"
    with pytest.raises(Refusal) as not_host:
        over_days.hand_over(host=guest, code=table.code, seat=2, session_key=signed_in_session(guest))
    assert not_host.value.code == "not_host"
    with pytest.raises(Refusal) as jagai:
        hand_over(host, table, 3)
    assert jagai.value.code == "not_a_member"
    version = Game.objects.get(table=table).version
    clock.advance(timedelta(hours=2).total_seconds())
    hand_over(host, table, 2)
    state = state_of(table)
    assert engine.seat_role(state, 2) is engine.SeatRole.HELPER
    assert Game.objects.get(table=table).version > version
    told = Notice.objects.get(table=table, user=guest)
    assert told.kind == Notice.Kind.HANDED_OVER
    # R40: the host may let them back.
    services.let_back_in(host=host, table=table, seat=2, session_key=signed_in_session(host))
    assert engine.is_coming_back(state_of(table), 2)


def test_a_table_that_does_not_play_over_days_has_no_hand_over(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    play_until_waiting_on(table, {1: host, 2: guest}, 2)
    clock.advance(timedelta(days=4).total_seconds())
    before = Game.objects.get(table=table).version
    with pytest.raises(Refusal) as refused:
        hand_over(host, table, 2)
    assert refused.value.code == "not_over_days"
    assert Game.objects.get(table=table).version == before


def test_the_host_s_table_page_offers_the_hand_over_once_it_may(client, live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest)
    play_until_waiting_on(table, {1: host, 2: guest}, 2)
    client.force_login(host)
    url = reverse("table", args=[table.code])
    assert "Let JagAI play for" not in client.get(url).content.decode()
    clock.advance(timedelta(days=3, minutes=1).total_seconds())
    assert f"Let JagAI play for {guest.gamer_tag}" in client.get(url).content.decode()
    response = client.post(
        reverse("table_action", args=[table.code, "hand-over"]), {"seat": "2"}, follow=True
    )
    assert "JagAI plays that seat now" in response.content.decode()
    assert engine.seat_role(state_of(table), 2) is engine.SeatRole.HELPER


def since_section(page: str) -> str:
    """The words of the page's Since you were here panel, tags and spacing gone."""
    match = re.search(r'<section class="panel since-panel".*?</section>', page, re.S)
    assert match, "the page shows no Since you were here"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", match.group(0))).split())


def test_since_you_were_here_tells_what_happened_from_what_the_seat_may_see(client, live_deck):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest)
    members = {1: host, 2: guest}
    game = Game.objects.get(table=table)
    Seat.objects.filter(table=table, user=guest).update(seen_version=game.version, seen_at=timezone.now())
    for _ in range(30):
        play_one_move(table.pk, members)
    game.refresh_from_db()
    client.force_login(guest)
    words = since_section(client.get(reverse("table", args=[table.code])).content.decode())
    assert "Since you were here" in words and len(words) > 40
    # The cards seat 2 has never been shown: those the seat's own events never named and its view
    # of the table does not hold (the host's hand, the Well). None of their titles is on the page.
    state = engine.from_json(game.state)
    rows = game.events.order_by("seq").values_list("events", flat=True)
    shown = {card for events in rows for item in engine.events_for(events, 2) for card in cards_in(item)}
    shown |= set(cards_in(engine.view(state, 2)))
    hidden = set(state["hands"][0]) | set(state["well"])
    hidden -= shown
    assert hidden, "the host holds cards the guest never saw"
    stories = game.deal.cards
    title_of = {
        card_id(story["position"], kind): card["title"]
        for story in stories
        for kind, card in enumerate(story["cards"])
    }
    # A title seat 2 may read elsewhere (a story's own name, a card it was shown) proves nothing.
    public = {story["title"] for story in stories} | {title_of[card] for card in shown if card in title_of}
    # Longest first: a shown card's title inside a story's ("Mount Carmel" in "Elijah on Mount
    # Carmel") must not leave the rest of the story's title behind to look like a hidden card.
    for title in sorted(public, key=len, reverse=True):
        words = words.replace(title, " ")
    leaked = [title_of[card] for card in hidden if title_of[card] not in public and title_of[card] in words]
    assert leaked == [], f"Since you were here names cards seat 2 never saw: {leaked}"


def cards_in(value) -> list[int]:
    """Every card id under a "card", "cards" or "hand" key anywhere in an event or a view."""
    found = []
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in ("card", "cards", "hand") and isinstance(inner, int):
                found.append(inner)
            elif key in ("card", "cards", "hand") and isinstance(inner, list):
                found += [card for card in inner if isinstance(card, int)]
            else:
                found += cards_in(inner)
    elif isinstance(value, list):
        for inner in value:
            found += cards_in(inner)
    return found


def test_since_you_were_here_is_not_shown_to_a_seat_that_saw_everything(client, live_deck):
    host, guest = UserFactory(), UserFactory()
    table = over_days_game(host, guest)
    game = Game.objects.get(table=table)
    Seat.objects.filter(table=table).update(seen_version=game.version, seen_at=timezone.now())
    client.force_login(guest)
    assert "Since you were here" not in client.get(reverse("table", args=[table.code])).content.decode()
