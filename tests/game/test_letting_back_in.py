"""R40 at the tables layer: the host of a private table lets a member who left back into their seat
(game.services.let_back_in), with every check made again in the act's transaction, and the pages
the member and the host see."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game import engine, services
from game.models import Game, GameEvent, Seat
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory, signed_in_session
from tests.trust import suspend

pytestmark = pytest.mark.django_db


def private_game():
    """A dealt private table: the host in seat 1, Sam in seat 2, JagAI in seats 3 and 4."""
    host, sam = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, seats=4).table
    services.join_by_code(user=sam, code=table.code)
    services.start_table(user=host, code=table.code)
    return table, host, sam


def state_of(table) -> dict:
    return engine.from_json(Game.objects.get(table=table).state)


def let_back(host, table, seat: int = 2):
    return services.let_back_in(host=host, table=table, seat=seat, session_key=signed_in_session(host)).game


def refusal(call, *args, **kwargs) -> Refusal:
    with pytest.raises(Refusal) as refused:
        call(*args, **kwargs)
    return refused.value


def test_ruling_R40_the_host_lets_a_member_who_left_back_into_their_seat(
    live_deck, django_capture_on_commit_callbacks
):
    table, host, sam = private_game()
    services.leave_table(user=sam, code=table.code)
    with django_capture_on_commit_callbacks() as sent:
        game = let_back(host, table)
    assert sent  # the table's messages go out after the commit
    seat = Seat.objects.get(table=table, user=sam)
    assert seat.left_at is None and seat.kind == "helper"  # JagAI plays it until its next turn
    state = state_of(table)
    assert engine.is_coming_back(state, 2) and engine.times_back(state, 2) == 1
    assert GameEvent.objects.get(game=game, seq=game.version).move == {"let_back": {"seat": 2}}


def test_ruling_R40_the_member_plays_from_the_seats_next_turn(live_deck):
    table, host, sam = private_game()
    services.leave_table(user=sam, code=table.code)
    let_back(host, table)
    game = Game.objects.get(table=table)
    state = engine.from_json(game.state)
    key = signed_in_session(host)
    while engine.current_seat(state) == 1:
        move = next(
            (m for m in engine.legal_moves(state, 1) if "done" in m or "well" in m),
            engine.legal_moves(state, 1)[0],
        )
        game = services.play_move(
            table_id=table.pk,
            user=host,
            session_key=key,
            move_id=f"h{game.version}",
            version=game.version,
            move=move,
        ).game
        state = engine.from_json(game.state)
    assert state["turn"] == 2 and state["kinds"][1] == "person"
    assert Seat.objects.get(table=table, user=sam).kind == "person"
    move = next(m for m in engine.legal_moves(state, 2) if "ask" in m)
    result = services.play_move(
        table_id=table.pk,
        user=sam,
        session_key=signed_in_session(sam),
        move_id="s1",
        version=game.version,
        move=move,
    )
    played, applied = result.game, result.applied
    assert applied and played.version == game.version + 1


def test_ruling_R40_a_seat_taken_after_missed_turns_can_be_let_back_too(live_deck):
    table, host, sam = private_game()
    game = Game.objects.get(table=table)
    state = engine.from_json(game.state)
    state["timeouts"][1] = 2
    state["kinds"][1] = "helper"  # as the clock leaves it after two turns lost (tests/engine cover how)
    Game.objects.filter(pk=game.pk).update(state=engine.to_json(state))
    Seat.objects.filter(table=table, user=sam).update(kind="helper")
    let_back(host, table)
    assert Seat.objects.get(table=table, user=sam).left_at is None


def test_ruling_R40_only_the_host_and_only_twice(live_deck):
    table, host, sam = private_game()
    services.leave_table(user=sam, code=table.code)
    assert refusal(let_back, sam, table).code == "not_host"
    let_back(host, table)
    assert refusal(let_back, host, table).code == "already_coming_back"
    services.leave_table(user=sam, code=table.code)  # again, before the next turn: it still counts
    let_back(host, table)
    services.leave_table(user=sam, code=table.code)
    refused = refusal(let_back, host, table)
    assert refused.code == "back_twice_already" and "twice" in refused.message
    assert engine.times_back(state_of(table), 2) == 2


def test_ruling_R40_a_seat_not_taken_over_jagais_own_and_unknown_seats_are_refused(live_deck):
    table, host, _sam = private_game()
    assert refusal(let_back, host, table, 2).code == "not_taken_over"
    assert refusal(let_back, host, table, 3).code == "not_a_member"  # JagAI's seat from the deal
    assert refusal(let_back, host, table, 9).code == "not_a_member"
    assert (
        refusal(services.let_back_in, host=host, table=table, seat=2, session_key="nope").code == "signed_out"
    )


def test_ruling_R40_a_restricted_member_cannot_come_back(live_deck):
    table, host, sam = private_game()
    suspend(sam, Game.objects.get(table=table))  # R38: JagAI takes the seat at once
    version = Game.objects.get(table=table).version
    assert refusal(let_back, host, table).code == "member_restricted"
    assert Game.objects.get(table=table).version == version  # nothing changed


def test_ruling_R40_a_host_who_left_cannot_let_anyone_back(live_deck):
    host, sam, third = UserFactory(), UserFactory(), UserFactory()
    table = services.create_private_table(user=host, seats=4).table
    services.join_by_code(user=sam, code=table.code)
    services.join_by_code(user=third, code=table.code)
    services.start_table(user=host, code=table.code)
    services.leave_table(user=sam, code=table.code)
    services.leave_table(user=host, code=table.code)
    assert refusal(let_back, host, table).code == "host_left"


def test_ruling_R40_public_tables_never_take_anyone_back_R28_stands(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.play_now(user=host).table
    services.play_now(user=guest)
    services.start_now(user=host, code=table.code)
    services.leave_table(user=guest, code=table.code)
    table.refresh_from_db()
    assert refusal(let_back, host, table).code == "public_table"


def test_letting_back_before_the_deal_or_after_the_end_is_refused(live_deck):
    host, sam = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=sam, code=table.code)
    assert refusal(let_back, host, table).code == "not_playing"
    services.start_table(user=host, code=table.code)
    services.leave_table(user=sam, code=table.code)
    services.end_game(user=host, code=table.code)
    assert refusal(let_back, host, table).code == "not_playing"


# --- The pages -------------------------------------------------------------------------------------


def test_the_member_who_left_a_private_game_is_told_to_ask_the_host_also_when_typing_the_code(
    client, live_deck
):
    table, _host, sam = private_game()
    client.force_login(sam)
    client.post(reverse("table_action", args=[table.code, "leave"]))
    for response in (
        client.get(reverse("table", args=[table.code])),
        client.post(reverse("join_table"), {"code": table.code.lower()}, follow=True),
    ):
        page = response.content.decode()
        assert "Ask the host to let you back" in page and "JagAI is playing your seat" not in page
        assert 'id="table-app"' not in page  # no live table, so no hand


def test_after_two_times_back_the_page_says_jagai_keeps_the_seat(client, live_deck):
    table, host, sam = private_game()
    for _ in range(2):
        services.leave_table(user=sam, code=table.code)
        let_back(host, table)
    services.leave_table(user=sam, code=table.code)
    client.force_login(sam)
    page = client.get(reverse("table", args=[table.code])).content.decode()
    assert "JagAI is playing your seat" in page and "Ask the host" not in page


def test_the_hosts_let_back_button_posts_and_the_member_gets_the_table_again(client, live_deck):
    table, host, sam = private_game()
    services.leave_table(user=sam, code=table.code)
    client.force_login(host)
    response = client.post(reverse("table_action", args=[table.code, "let-back"]), {"seat": "2"}, follow=True)
    assert "the seat is theirs again" in response.content.decode()
    client.force_login(sam)
    assert 'id="table-app"' in client.get(reverse("table", args=[table.code])).content.decode()


def test_a_refused_let_back_is_said_on_the_table_page_and_changes_nothing(client, live_deck):
    table, host, _sam = private_game()
    client.force_login(host)
    version = Game.objects.get(table=table).version
    response = client.post(reverse("table_action", args=[table.code, "let-back"]), {"seat": "2"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("table", args=[table.code])
    assert "not played by JagAI for someone who left" in response.content.decode()
    bad = client.post(reverse("table_action", args=[table.code, "let-back"]), {"seat": "two"}, follow=True)
    assert bad.status_code == 200 and Game.objects.get(table=table).version == version


def test_a_restricted_member_is_not_told_to_ask_the_host(client, live_deck):
    table, _host, sam = private_game()
    suspend(sam, Game.objects.get(table=table))
    client.force_login(sam)
    page = client.get(reverse("table", args=[table.code]), follow=True).content.decode()
    assert "Ask the host to let you back" not in page
