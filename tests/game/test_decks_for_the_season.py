"""Issue 45, item 4 and R42: decks for the season. A deck goes live at its date and ends at its end
(a moved clock), is dealt only with 8 dealable stories, is picked by a host or a class's leader,
and its name shows on the table and in the replay; Play now and the default stay on the main deck."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from classes import joining, leading
from content import deal
from content.models import Deck
from game import services
from game.models import Deal, Game, Table
from game.protocol.options import option_chips
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import DealableStoryFactory, DeckFactory, UserFactory, signed_in_session

pytestmark = pytest.mark.django_db

HOUR = 3600


def refused(expected: Code, act, /, *args, **kwargs) -> Refusal:
    with pytest.raises(Refusal) as raised:
        act(*args, **kwargs)
    assert raised.value.code == expected
    return raised.value


def advent(stories: int = 8, *, starts_in: float = HOUR, lasts: float | None = 24 * HOUR) -> Deck:
    """A deck for Advent, going live in an hour for a day, with its own dealable stories."""
    now = timezone.now()
    until = now + timedelta(seconds=starts_in + lasts) if lasts is not None else None
    deck = DeckFactory(name="Advent", live_from=now + timedelta(seconds=starts_in), live_until=until)
    for n in range(stories):
        DealableStoryFactory(deck=deck, position=n + 1, title=f"Advent story {n + 1}")
    return deck


def dealt_titles(table: Table) -> set[str]:
    game = Game.objects.get(table=table)
    return {story["title"] for story in Deal.objects.get(game=game).cards}


def test_ruling_R42_a_deck_goes_live_at_its_date_and_ends_at_its_end(live_deck, clock):
    deck = advent()
    assert deal.decks_to_offer() == [live_deck]
    assert deal.deck_choices() == []  # only the main deck: nothing to choose
    refused(Code.DECK_NOT_LIVE, deal.chosen_deck, deck.pk)
    clock.advance(HOUR)
    assert deal.decks_to_offer() == [live_deck, deck]
    assert deal.deck_choices() == [live_deck, deck]
    assert deal.chosen_deck(deck.pk) == deck
    assert deal.chosen_deck(live_deck.pk) is None  # the main deck is the default
    clock.advance(24 * HOUR)  # its end
    assert deal.decks_to_offer() == [live_deck]
    assert "not live now" in refused(Code.DECK_NOT_LIVE, deal.chosen_deck, deck.pk).message


def test_ruling_R42_a_deck_below_eight_dealable_stories_is_not_offered(live_deck, clock):
    deck = advent(7)
    clock.advance(HOUR)
    assert deal.decks_to_offer() == [live_deck]
    refused(Code.DECK_NOT_LIVE, deal.chosen_deck, deck.pk)
    # A story of the main deck that it deals too (a story in several decks) makes the eighth.
    main_story = live_deck.stories.order_by("position").first()
    deck.more_stories.add(main_story)
    assert deal.decks_to_offer() == [live_deck, deck]
    stories = deal.dealable_stories(deck)
    assert [s.position for s in stories] == list(range(1, 9))  # numbered among this deck's stories
    assert stories[-1].title == main_story.title  # its own first, then the stories it deals too


def test_ruling_R42_a_host_picks_a_live_deck_and_the_game_deals_only_its_stories(live_deck, clock):
    deck = advent()
    clock.advance(HOUR)
    host = UserFactory()
    table = services.create_private_table(user=host, deck=str(deck.pk)).table
    assert table.deck == deck
    chips = option_chips(table)
    assert chips[0]["key"] == "deck" and chips[0]["label"] == "Deck: Advent"
    services.start_table(user=host, code=table.code)
    assert dealt_titles(table) == {f"Advent story {n}" for n in range(1, 9)}
    assert Game.objects.get(table=table).deck_name == "Advent"


def test_ruling_R42_play_now_and_the_default_deal_the_main_deck(live_deck, clock):
    advent()
    clock.advance(HOUR)
    host = UserFactory()
    table = services.create_private_table(user=host).table
    assert table.deck is None and not [c for c in option_chips(table) if c["key"] == "deck"]
    services.start_table(user=host, code=table.code)
    main_titles = {s.title for s in deal.dealable_stories(live_deck)}
    assert dealt_titles(table) == main_titles
    public = services.play_now(user=UserFactory()).table
    assert public.deck is None


def test_ruling_R42_a_forged_or_unknown_deck_is_refused_and_nothing_is_opened(live_deck, clock):
    draft = DeckFactory(name="Not yet")  # no go-live: never offered
    host = UserFactory()
    for forged in (str(draft.pk), "999999", "x1"):
        refused(Code.DECK_NOT_LIVE, services.create_private_table, user=host, deck=forged)
    assert not Table.objects.filter(host=host).exists()


def test_the_new_table_form_offers_live_decks_and_refuses_a_forged_one_with_its_name(
    live_deck, clock, client
):
    deck = advent()
    host = UserFactory()
    client.force_login(host)
    assert 'name="deck"' not in client.get(reverse("home")).content.decode()
    clock.advance(HOUR)
    page = client.get(reverse("home")).content.decode()
    assert 'name="deck"' in page and f'value="{deck.pk}">Advent</option>' in page
    clock.advance(24 * HOUR)  # the season ends while the form is open
    answer = client.post(reverse("new_private_table"), {"seats": "4", "deck": str(deck.pk)}, follow=True)
    assert "The deck “Advent” is not live now." in answer.content.decode()
    assert not Table.objects.filter(host=host).exists()


def test_ruling_R42_a_deck_that_ended_before_the_deal_is_refused_by_name(live_deck, clock):
    """The fallback: the deal checks again inside its transaction and refuses, naming the deck; it
    never deals another deck unasked. The host may close the table and open another."""
    deck = advent()
    clock.advance(HOUR)
    host = UserFactory()
    table = services.create_private_table(user=host, deck=deck.pk).table
    clock.advance(24 * HOUR)
    error = refused(Code.DECK_NOT_LIVE, services.start_table, user=host, code=table.code)
    assert "“Advent”" in error.message
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING and not Game.objects.filter(table=table).exists()


def test_ruling_R42_play_again_keeps_the_deck(live_deck, clock):
    deck = advent()
    clock.advance(HOUR)
    host = UserFactory()
    table = services.create_private_table(user=host, deck=deck.pk).table
    services.start_table(user=host, code=table.code)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    following = services.play_again(user=host, code=table.code).table
    assert following.deck == deck


def test_ruling_R42_the_class_leader_picks_the_deck_for_the_class_tables(live_deck, clock):
    deck = advent()
    clock.advance(HOUR)
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True)
    for n in range(4):
        joining.join_class(code=classroom.code, name=f"Kid_{n}", ip="10.0.0.1")
    act = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
    refused(Code.DECK_NOT_LIVE, leading.make_tables, **act, deck="999999")
    (place,) = leading.make_tables(**act, deck=str(deck.pk))
    assert place.table.deck == deck
    leading.start_all(**act)
    assert dealt_titles(place.table) == {f"Advent story {n}" for n in range(1, 9)}


def test_the_replay_names_the_deck(live_deck, clock, client):
    deck = advent()
    clock.advance(HOUR)
    host = UserFactory()
    table = services.create_private_table(user=host, deck=deck.pk).table
    services.start_table(user=host, code=table.code)
    game = Game.objects.get(table=table)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.ENDED)
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now())
    client.force_login(host)
    page = client.get(reverse("replay", args=[game.pk])).content.decode()
    assert "Dealt from the deck “Advent”." in page
