"""Flags: too fast and one device for two accounts, computed when a game ends; never a restriction."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from game import services as game_services
from moderation.models import Case, Flag
from moderation.services import flag_game
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db

FAST_MS, HUMAN_MS = 120, 1800


def human(seat: int) -> int:
    """Everyone takes a person's time."""
    return HUMAN_MS


def scripted(fast_seat: int):
    """One seat answers like a script, the other like a person."""
    return lambda seat: FAST_MS if seat == fast_seat else HUMAN_MS


def test_a_scripted_fast_player_is_flagged_and_a_normal_one_is_not(live_deck, clock):
    played = play_game(clock=clock, think=scripted(1))
    flags = flag_game(game_id=played.game.pk)
    assert [(f.kind, f.seats) for f in flags] == [("too_fast", "1")]
    flag = flags[0]
    assert list(flag.users.all()) == [played.users[1]]
    evidence = flag.evidence
    assert evidence["threshold_ms"] == 300 and evidence["fast_count"] >= 5
    assert all(move["elapsed_ms"] == FAST_MS for move in evidence["fast"])
    assert evidence["median_ms"] == FAST_MS


def test_a_few_quick_taps_are_not_enough(live_deck, clock, settings):
    settings.MODERATION_TOO_FAST_COUNT = 10_000
    played = play_game(clock=clock, think=scripted(1))
    assert flag_game(game_id=played.game.pk) == []
    assert not Case.objects.exists()


def test_two_accounts_on_one_device_are_flagged(live_deck, clock):
    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=human)
    flags = flag_game(game_id=played.game.pk)
    assert [(f.kind, f.seats) for f in flags] == [("shared_device", "1,2")]
    assert set(flags[0].users.all()) == {played.users[1], played.users[2]}
    assert flags[0].evidence["device"] and "same-browser" not in str(flags[0].evidence)


def test_two_devices_are_not_flagged(live_deck, clock):
    played = play_game(devices={1: "phone-a", 2: "phone-b"}, clock=clock, think=human)
    assert flag_game(game_id=played.game.pk) == []


def test_a_flagged_game_appears_in_the_queue_when_it_ends(
    live_deck, clock, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        played = play_game(clock=clock, think=scripted(2))
    case = Case.objects.get(game=played.game)
    assert case.is_open
    assert case.flags.get().seats == "2"


def test_flags_never_change_a_result_or_a_members_access(live_deck, clock):
    played = play_game(clock=clock, think=scripted(1))
    result = played.game.result
    flag_game(game_id=played.game.pk)
    played.game.refresh_from_db()
    assert played.game.result == result
    fast = played.users[1]
    fast.refresh_from_db()
    assert fast.restriction() is None
    assert game_services.create_private_table(user=fast).table.host == fast


def test_scan_games_flags_older_games_once(live_deck, clock):
    played = play_game(clock=clock, think=scripted(1))
    assert not Flag.objects.exists()  # the hook runs on commit; these tests never commit
    call_command("scan_games", verbosity=0)
    call_command("scan_games", str(played.game.pk), verbosity=0)
    assert Flag.objects.filter(game=played.game).count() == 1
    assert Case.objects.filter(game=played.game).count() == 1
