"""Sitting down: private tables, codes, Play now, starting, leaving and Play again."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game import codes, engine, services
from game.models import Seat, Table
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def refusal(call, **kwargs) -> Refusal:
    with pytest.raises(Refusal) as caught:
        call(**kwargs)
    return caught.value


def test_ruling_R30_a_code_is_four_letters_without_look_alikes():
    for _ in range(200):
        code = codes.random_code()
        assert len(code) == 4
        assert not set(code) & set("IL0O1")
        assert codes.is_well_formed(code)


def test_ruling_R30_codes_are_never_rude(monkeypatch):
    draws = iter("SHIT" + "KDRT")
    monkeypatch.setattr(codes, "_draw", lambda alphabet: next(draws))
    assert codes.random_code() == "KDRT"


def test_ruling_R30_codes_match_any_case_and_ignore_spaces():
    assert codes.normalize(" kd-rt ") == "KDRT"


def test_ruling_R30_a_code_is_unique_among_unfinished_tables(monkeypatch):
    host = UserFactory()
    first = services.create_private_table(user=host).table
    draws = iter(first.code + "MNPQ")
    monkeypatch.setattr(codes, "_draw", lambda alphabet: next(draws))
    second = services.create_private_table(user=UserFactory()).table
    assert second.code == "MNPQ"


def test_a_finished_tables_code_can_be_used_again(monkeypatch):
    first = services.create_private_table(user=UserFactory()).table
    Table.objects.filter(pk=first.pk).update(status=Table.Status.FINISHED)
    draws = iter(first.code)
    monkeypatch.setattr(codes, "_draw", lambda alphabet: next(draws))
    assert services.create_private_table(user=UserFactory()).table.code == first.code


def test_ruling_R3_members_join_by_code_in_any_case_in_the_order_they_join(live_deck):
    host, second, third = UserFactory(), UserFactory(), UserFactory()
    table = services.create_private_table(user=host, seats=5).table
    services.join_by_code(user=second, code=table.code.lower())
    services.join_by_code(user=third, code=f" {table.code} ")
    assert [(s.position, s.user) for s in table.seats.all()] == [(1, host), (2, second), (3, third)]


def test_joining_twice_keeps_one_seat():
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.join_by_code(user=guest, code=table.code)
    assert table.seats.count() == 2


def test_a_wrong_code_is_refused_clearly():
    error = refusal(services.join_by_code, user=UserFactory(), code="ZZZZ")
    assert error.code == "no_such_table"
    assert error.status == 404


@pytest.mark.parametrize("code", ["ZZ", "ZZZZZ", " "])
def test_a_code_that_is_not_four_letters_is_told_so(code):
    error = refusal(services.join_by_code, user=UserFactory(), code=code)
    assert error.code == "bad_code"
    assert error.message == "A table code is four letters, like KDRT."


def test_a_full_table_refuses_one_more_by_its_code_as_if_there_were_none():
    table = services.create_private_table(user=UserFactory(), seats=4).table
    for _ in range(3):
        services.join_by_code(user=UserFactory(), code=table.code)
    assert refusal(services.join_by_code, user=UserFactory(), code=table.code).code == "no_such_table"
    assert table.seats.count() == 4


def test_a_started_or_finished_table_refuses_newcomers(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    services.start_table(user=host, code=table.code)
    # A begun table's code is a wrong guess like any unknown one, with the same answer (issue 49).
    assert refusal(services.join_by_code, user=UserFactory(), code=table.code).code == "no_such_table"
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    # So is a finished table's.
    assert refusal(services.join_by_code, user=UserFactory(), code=table.code).code == "no_such_table"


def test_the_eleventh_wrong_code_in_ten_minutes_is_throttled_with_429():
    member = UserFactory()
    for _ in range(10):
        assert refusal(services.join_by_code, user=member, code="ZZZZ", ip="10.0.0.9").status == 404
    error = refusal(services.join_by_code, user=member, code="ZZZZ", ip="10.0.0.9")
    assert error.status == 429
    assert error.code == "too_many_tries"


def test_one_members_wrong_codes_never_lock_out_another_member_on_the_same_address():
    for _ in range(10):
        refusal(services.join_by_code, user=UserFactory(), code="ZZZZ", ip="10.0.0.7")
    table = services.create_private_table(user=UserFactory()).table
    assert services.join_by_code(user=UserFactory(), code=table.code, ip="10.0.0.7").table == table


def test_the_join_page_answers_429_with_a_clear_message(client):
    client.force_login(UserFactory())
    for _ in range(10):
        client.post(reverse("join_table"), {"code": "ZZZZ"})
    response = client.post(reverse("join_table"), {"code": "ZZZZ"})
    assert response.status_code == 429
    assert "Too many wrong codes" in response.content.decode()


def test_the_qr_link_sends_a_visitor_to_sign_in_then_back_to_the_table(client):
    table = services.create_private_table(user=UserFactory()).table
    response = client.get(reverse("join_link", args=[table.code.lower()]))
    # A signed-out visitor is shown the way in (tests/accounts/test_invitation_for_visitors.py).
    assert response.status_code == 200
    assert f"{reverse('account_login')}?next=" in response.content.decode()
    client.force_login(UserFactory())
    response = client.get(reverse("join_link", args=[table.code.lower()]))
    assert response.status_code == 200  # the page that asks before it seats (test_join_link.py)
    response = client.post(reverse("join_link", args=[table.code.lower()]))
    assert response["Location"] == reverse("table", args=[table.code])


def test_the_qr_code_is_an_svg_of_the_join_link(client):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    client.force_login(host)  # the QR carries the invite link: for those at the table (issue 49)
    response = client.get(reverse("table_qr", args=[table.code]))
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")


def test_ruling_R4_teams_need_four_people_to_start(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host, teams=True).table
    services.join_by_code(user=UserFactory(), code=table.code)
    assert refusal(services.start_table, user=host, code=table.code).code == "teams_need_four"
    for _ in range(2):
        services.join_by_code(user=UserFactory(), code=table.code)
    game = services.start_table(user=host, code=table.code).game
    assert engine.from_json(game.state)["kinds"] == ["person"] * 4


def test_only_the_host_starts_and_helpers_fill_the_empty_seats(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, seats=5).table
    services.join_by_code(user=guest, code=table.code)
    assert refusal(services.start_table, user=guest, code=table.code).code == "not_host"
    services.start_table(user=host, code=table.code)
    kinds = list(table.seats.values_list("position", "kind"))
    assert kinds == [(1, "person"), (2, "person"), (3, "helper"), (4, "helper"), (5, "helper")]


def test_a_deck_that_is_not_ready_refuses_to_start():
    host = UserFactory()
    table = services.create_private_table(user=host).table
    assert refusal(services.start_table, user=host, code=table.code).code == "deck_not_ready"
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING


def test_ruling_R26_play_now_takes_the_public_table_that_starts_soonest_or_opens_one(live_deck):
    first = services.play_now(user=UserFactory()).table
    assert first.is_public and first.countdown_deadline is not None
    later = services.play_now(user=UserFactory()).table
    assert later == first
    assert first.seats.count() == 2


def test_ruling_R24_play_now_never_sends_anyone_to_a_private_table(live_deck):
    services.create_private_table(user=UserFactory())
    table = services.play_now(user=UserFactory()).table
    assert table.is_public


def test_ruling_R25_a_public_table_starts_when_every_seat_is_taken(live_deck):
    table = services.play_now(user=UserFactory()).table
    for _ in range(3):
        services.play_now(user=UserFactory())
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_leaving_before_the_deal_frees_the_seat_and_passes_the_host_on():
    host, second, third = UserFactory(), UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=second, code=table.code)
    services.join_by_code(user=third, code=table.code)
    services.leave_table(user=host, code=table.code)
    table.refresh_from_db()
    assert table.host == second
    assert [(s.position, s.user) for s in table.seats.all()] == [(1, second), (2, third)]


def test_ruling_R28_leaving_during_a_game_hands_the_seat_to_jagai(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    services.leave_table(user=guest, code=table.code)
    seat = Seat.objects.get(table=table, user=guest)
    assert seat.kind == "helper" and seat.left_at is not None
    assert engine.from_json(table.game.__class__.objects.get(table=table).state)["kinds"][1] == "helper"


def test_ruling_R23_the_host_ends_the_game_early_and_nobody_wins(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    assert refusal(services.end_game, user=guest, code=table.code).code == "not_host"
    game = services.end_game(user=host, code=table.code).game
    table.refresh_from_db()
    assert table.status == Table.Status.ENDED
    assert game.result["reason"] == "ended_by_host"
    assert game.result["winners"] == []


def test_ruling_R29_play_again_opens_one_new_table_with_the_same_settings_for_the_same_people(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, seats=5, remember_word=False).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    assert refusal(services.play_again, user=host, code=table.code).code == "not_finished"
    services.end_game(user=host, code=table.code)
    again = services.play_again(user=guest, code=table.code).table
    same = services.play_again(user=host, code=table.code).table
    assert again == same
    assert (again.seat_count, again.remember_word, again.kind, again.previous) == (5, False, "private", table)
    assert set(again.seats.values_list("user", flat=True)) == {host.pk, guest.pk}
    stranger = UserFactory()
    assert refusal(services.play_again, user=stranger, code=table.code).code == "not_seated"


def test_the_host_starts_a_table_named_in_any_case(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    services.start_table(user=host, code=table.code.lower())
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


def test_play_again_tells_the_finished_table_with_its_games_last_version(
    live_deck, monkeypatch, django_capture_on_commit_callbacks
):
    import json

    from game.models import Game
    from game.realtime import outbox

    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    services.end_game(user=host, code=table.code)
    sent = []
    monkeypatch.setattr(
        outbox, "send_all", lambda sends: sent.extend((g, json.loads(e["text"])) for g, e in sends)
    )
    with django_capture_on_commit_callbacks(execute=True):
        again = services.play_again(user=host, code=table.code).table
    versions = {m["table"]["code"]: m["version"] for _g, m in sent if m["type"] == "table"}
    last = Game.objects.get(table=table).version
    assert last > 0 and versions == {table.code: last, again.code: 0}
