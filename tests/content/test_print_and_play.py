"""Print and play: the live deck and the rules card as PDFs at true card size, on Letter and A4."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse

from content import bible
from content.deal import DealtCard, DealtStory
from content.default_deck import STORIES
from content.loading import load_default_deck
from content.models import Card, Deck, Status
from content.printing import files
from content.printing.documents import build_deck_pdf, build_rules_card_pdf
from content.printing.sheets import PRINT_NOTE, Paper
from content.rules_version import RULES_LABEL
from tests.content.pdf_reading import page_text, placed_forms, read_qr_codes, reader
from tests.factories import DealableStoryFactory, FullStoryFactory

PAGE_SIZES = {Paper.LETTER: (612, 792), Paper.A4: (595, 842)}
HOW_TO_PLAY = "https://families.example.org/how-to-play/"


def _shipped_stories() -> list[DealtStory]:
    """The default deck as the deal sees it, without a database."""
    stories = []
    for data in STORIES:
        verse = bible.parse_reference(data.reference)
        cards = (
            DealtCard("person", *data.person),
            DealtCard("place", *data.place),
            DealtCard("moment", *data.moment),
            DealtCard("word", verse.reference, data.word, verse.reference, verse.text),
        )
        stories.append(DealtStory(data.position, data.position, data.title, cards))
    return stories


@pytest.fixture(scope="module")
def shipped() -> list[DealtStory]:
    return _shipped_stories()


@pytest.fixture(scope="module")
def decks(shipped) -> dict[tuple[Paper, bool], bytes]:
    return {
        (paper, backs): build_deck_pdf(shipped, paper, backs=backs)
        for paper in Paper
        for backs in (False, True)
    }


def _close(value: float, expected: float) -> bool:
    return abs(value - expected) <= 0.5


# --- The deck's sheets -----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", list(Paper))
def test_every_deck_page_has_the_papers_size_and_every_card_a_180_by_252_point_trim(decks, paper):
    pdf = reader(decks[paper, False])
    width, height = PAGE_SIZES[paper]
    assert len(pdf.pages) == 9
    cards = []
    for number, page in enumerate(pdf.pages):
        assert _close(float(page.mediabox.width), width) and _close(float(page.mediabox.height), height)
        placed = placed_forms(pdf, number)
        for card in placed:
            assert _close(card.width, 180) and _close(card.height, 252)
            assert card.left > 0 and card.left + card.width < width
            assert card.bottom > 0 and card.bottom + card.height < height
        cards += placed
    assert len(cards) == 80
    assert len({card.name for card in cards}) == 80


def test_cards_sit_edge_to_edge_in_three_rows_of_three_centred_on_the_sheet(decks):
    placed = placed_forms(reader(decks[Paper.LETTER, False]), 0)
    assert sorted({round(c.left, 2) for c in placed}) == [36, 216, 396]
    assert sorted({round(c.bottom, 2) for c in placed}) == [18, 270, 522]


def test_every_card_of_the_deck_is_printed_with_its_story_number_and_word_cards_their_verse(decks, shipped):
    pdf = reader(decks[Paper.A4, False])
    text = " ".join(page_text(pdf, n) for n in range(len(pdf.pages)))
    for story in shipped:
        assert f"{story.title} Story {story.position} of 20" in text
        for card in story.cards:
            assert card.title in text and card.description in text
            if card.verse_text:
                # Supplied words print in italics, without the brackets.
                assert " ".join(card.verse_text.replace("[", "").replace("]", "").split()) in text


def test_with_backs_every_sheet_of_faces_is_followed_by_its_backs_mirrored_for_the_long_edge(decks):
    pdf = reader(decks[Paper.LETTER, True])
    assert len(pdf.pages) == 18
    for faces_page in range(0, 18, 2):
        faces = placed_forms(pdf, faces_page)
        backs = placed_forms(pdf, faces_page + 1)
        assert len(backs) == len(faces)
        assert {b.name for b in backs} == {backs[0].name} != {faces[0].name}
        # Turned over on its long edge, a card at x lands at page width - x - card width.
        assert sorted((round(612 - f.left - 180, 2), round(f.bottom, 2)) for f in faces) == sorted(
            (round(b.left, 2), round(b.bottom, 2)) for b in backs
        )
    assert len(placed_forms(pdf, 17)) == 8


@pytest.mark.parametrize("paper", list(Paper))
def test_every_sheet_says_print_at_actual_size_and_the_rules_version(decks, paper):
    pdf = reader(decks[paper, True])
    for number in (0, 1, len(pdf.pages) - 1):
        text = page_text(pdf, number)
        assert PRINT_NOTE in text
        assert RULES_LABEL in text
        assert f"Sheet {number + 1} of 18" in text


def test_the_same_deck_always_makes_the_same_bytes(shipped, decks):
    assert build_deck_pdf(shipped[:9], Paper.A4) == build_deck_pdf(shipped[:9], Paper.A4)
    assert build_deck_pdf(shipped[:9], Paper.A4) != decks[Paper.A4, False]


# --- The rules card --------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", list(Paper))
def test_the_rules_card_is_card_size_and_its_qr_code_opens_how_to_play(paper):
    pdf_bytes = build_rules_card_pdf(paper, HOW_TO_PLAY)
    pdf = reader(pdf_bytes)
    width, height = PAGE_SIZES[paper]
    assert len(pdf.pages) == 1
    page = pdf.pages[0]
    assert _close(float(page.mediabox.width), width) and _close(float(page.mediabox.height), height)
    placed = placed_forms(pdf, 0)
    assert len(placed) == 6
    assert all(_close(card.width, 180) and _close(card.height, 252) for card in placed)
    assert read_qr_codes(pdf_bytes) == [HOW_TO_PLAY] * 3


def test_the_rules_card_tells_the_game_in_a_minute_and_the_turn_in_four_steps_with_the_version():
    text = page_text(reader(build_rules_card_pdf(Paper.LETTER, HOW_TO_PLAY)), 0)
    assert "THE GAME IN A MINUTE" in text and "YOUR TURN IN FOUR STEPS" in text
    for step in ("1. Ask", "2. Seek", "3. Knock", "4. Seal"):
        assert step in text
    assert f"JustAllowGod · {RULES_LABEL}" in text
    assert PRINT_NOTE in text


# --- The live deck, the Print page and the commands ------------------------------------------------


@pytest.fixture
def live_deck(db) -> Deck:
    load_default_deck()
    return Deck.objects.get(is_live=True)


def _all_text(pdf_bytes: bytes) -> str:
    pdf = reader(pdf_bytes)
    return " ".join(page_text(pdf, n) for n in range(len(pdf.pages)))


def test_only_dealable_stories_are_printed_never_a_card_awaiting_approval(live_deck):
    ready = DealableStoryFactory(deck=live_deck, position=21, title="The lost sheep")
    waiting = FullStoryFactory(
        deck=live_deck, position=22, title="The good Samaritan", status=Status.APPROVED
    )
    Card.objects.filter(story=waiting).exclude(kind="word").update(status=Status.APPROVED)
    Card.objects.filter(story=waiting, kind="word").update(status=Status.IN_REVIEW)
    draft = FullStoryFactory(deck=live_deck, position=23, title="The prodigal son")
    place = Card.objects.get(story__deck=live_deck, story__position=5, kind="place")
    approved_place = place.title
    # An edit waiting for review: the story is printed (and dealt) as last approved (#29).
    Card.objects.filter(pk=place.pk).update(title="An unchecked place", status=Status.CHANGES_REQUESTED)
    text = _all_text(files.deck_pdf(Paper.LETTER).content)
    assert "The lost sheep person" in text and "Story 21 of 21" in text
    for card in Card.objects.filter(story__deck=live_deck).exclude(story__in=[waiting, draft]):
        assert (approved_place if card.pk == place.pk else card.title) in text
    for hidden in ("The good Samaritan", "The prodigal son", "An unchecked place", "Story 22 of"):
        assert hidden not in text
    assert ready.cards.count() == 4


def test_the_print_page_is_linked_from_how_to_play_and_offers_both_papers(client, live_deck):
    how_to_play = client.get(reverse("how_to_play")).content.decode()
    assert reverse("content:print") in how_to_play
    page = client.get(reverse("content:print"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "All 20 stories of today's deck, 80 cards" in html
    for paper in Paper:
        for name in ("content:print_deck", "content:print_deck_backs", "content:print_rules_card"):
            assert reverse(name, args=[paper.value]) in html
    assert RULES_LABEL in html


def test_the_page_serves_the_very_files_the_commands_write(client, live_deck, tmp_path):
    call_command("print_deck", "--paper", "a4", "--backs", "-o", str(tmp_path / "deck.pdf"), stdout=None)
    served = client.get(reverse("content:print_deck_backs", args=["a4"]))
    assert served["Content-Type"] == "application/pdf"
    assert served.content == (tmp_path / "deck.pdf").read_bytes()

    call_command("print_rules_card", "--paper", "letter", "-o", str(tmp_path / "card.pdf"), stdout=None)
    card = client.get(reverse("content:print_rules_card", args=["letter"]))
    assert card.content == (tmp_path / "card.pdf").read_bytes()
    assert read_qr_codes(card.content) == [f"{settings.SITE_URL}/how-to-play/"] * 3


def test_the_deck_pdf_is_cached_until_the_deck_changes(client, live_deck, monkeypatch):
    built = []
    real = files.build_deck_pdf
    monkeypatch.setattr(files, "build_deck_pdf", lambda *a, **k: built.append(1) or real(*a, **k))
    url = reverse("content:print_deck", args=["letter"])
    first = client.get(url)
    again = client.get(url)
    assert len(built) == 1 and again.content == first.content
    assert client.get(url, headers={"if-none-match": first["ETag"]}).status_code == 304

    Card.objects.filter(story__deck=live_deck, title="Noah").update(title="Noah, a just man")
    changed = client.get(url, headers={"if-none-match": first["ETag"]})
    assert changed.status_code == 200 and len(built) == 2
    assert changed["ETag"] != first["ETag"]
    assert "Noah, a just man" in page_text(reader(changed.content), 0)


def test_without_a_playable_deck_there_is_nothing_to_print_but_the_rules_card(client, db, tmp_path):
    page = client.get(reverse("content:print")).content.decode()
    assert "The deck isn't ready to print yet." in page
    assert client.get(reverse("content:print_deck", args=["letter"])).status_code == 404
    assert client.get(reverse("content:print_rules_card", args=["a4"])).status_code == 200
    with pytest.raises(CommandError, match="No deck is live"):
        call_command("print_deck", "-o", str(tmp_path / "deck.pdf"))


def test_an_unknown_paper_is_not_found(client, live_deck):
    assert client.get(reverse("content:print_deck", args=["legal"])).status_code == 404


def test_the_rules_card_command_opens_the_sites_address_or_one_it_is_given(settings, tmp_path):
    with pytest.raises(CommandError, match="--site"):
        call_command("print_rules_card", "--site", "families.example.org", "-o", str(tmp_path / "card.pdf"))
    settings.SITE_URL = "https://families.example.org"
    call_command("print_rules_card", "--paper", "a4", "-o", str(tmp_path / "card.pdf"), stdout=None)
    assert read_qr_codes((tmp_path / "card.pdf").read_bytes()) == [HOW_TO_PLAY] * 3
