"""A hand-made 20-story test deck (real KJV verses) and a way to arrange a game by hand."""

from __future__ import annotations

from game import engine
from game.engine import flow
from game.engine.state import State

STORIES = [
    (
        "Noah and the ark",
        "Noah",
        "The ark",
        "The flood",
        "Genesis 6:8",
        "But Noah found grace in the eyes of the LORD.",
    ),
    (
        "Abraham and Isaac",
        "Abraham",
        "Mount Moriah",
        "The ram in the thicket",
        "Genesis 22:8",
        "And Abraham said, My son, God will provide himself a lamb for a burnt offering: "
        "so they went both of them together.",
    ),
    (
        "Joseph and his brothers",
        "Joseph",
        "Egypt",
        "The brothers bow down",
        "Genesis 50:20",
        "But as for you, ye thought evil against me; [but] God meant it unto good, to bring to "
        "pass, as [it is] this day, to save much people alive.",
    ),
    (
        "Moses at the Red Sea",
        "Moses",
        "The Red Sea",
        "The waters part",
        "Exodus 14:14",
        "The LORD shall fight for you, and ye shall hold your peace.",
    ),
    (
        "Joshua at Jericho",
        "Joshua",
        "Jericho",
        "The walls fall",
        "Joshua 6:16",
        "And it came to pass at the seventh time, when the priests blew with the trumpets, "
        "Joshua said unto the people, Shout; for the LORD hath given you the city.",
    ),
    (
        "Ruth and Naomi",
        "Ruth",
        "Bethlehem",
        "Gleaning in the field",
        "Ruth 1:16",
        "And Ruth said, Intreat me not to leave thee, [or] to return from following after thee: "
        "for whither thou goest, I will go; and where thou lodgest, I will lodge: thy people "
        "[shall be] my people, and thy God my God:",
    ),
    (
        "David and Goliath",
        "David",
        "The valley of Elah",
        "Five smooth stones and a sling",
        "1 Samuel 17:45",
        "Then said David to the Philistine, Thou comest to me with a sword, and with a spear, "
        "and with a shield: but I come to thee in the name of the LORD of hosts, the God of the "
        "armies of Israel, whom thou hast defied.",
    ),
    (
        "Elijah on Mount Carmel",
        "Elijah",
        "Mount Carmel",
        "Fire from heaven",
        "1 Kings 18:39",
        "And when all the people saw [it], they fell on their faces: and they said, The LORD, "
        "he [is] the God; the LORD, he [is] the God.",
    ),
    (
        "Esther",
        "Esther",
        "The palace of Shushan",
        "Before the king",
        "Esther 4:14",
        "For if thou altogether holdest thy peace at this time, [then] shall there enlargement "
        "and deliverance arise to the Jews from another place; but thou and thy father\u2019s house "
        "shall be destroyed: and who knoweth whether thou art come to the kingdom for [such] a "
        "time as this?",
    ),
    (
        "Nehemiah rebuilds the wall",
        "Nehemiah",
        "Jerusalem",
        "The wall is joined",
        "Nehemiah 4:6",
        "So built we the wall; and all the wall was joined together unto the half thereof: for "
        "the people had a mind to work.",
    ),
    (
        "Daniel in the lions' den",
        "Daniel",
        "The lions' den",
        "The stone is rolled away",
        "Daniel 6:22",
        "My God hath sent his angel, and hath shut the lions\u2019 mouths, that they have not hurt "
        "me: forasmuch as before him innocency was found in me; and also before thee, O king, "
        "have I done no hurt.",
    ),
    (
        "Jonah",
        "Jonah",
        "Nineveh",
        "Inside the great fish",
        "Jonah 2:9",
        "But I will sacrifice unto thee with the voice of thanksgiving; I will pay [that] that "
        "I have vowed. Salvation [is] of the LORD.",
    ),
    (
        "The birth of Jesus",
        "Mary",
        "Bethlehem stable",
        "The shepherds come",
        "Luke 2:11",
        "For unto you is born this day in the city of David a Saviour, which is Christ the Lord.",
    ),
    (
        "The wedding at Cana",
        "Mary at the wedding",
        "Cana",
        "Water into wine",
        "John 2:5",
        "His mother saith unto the servants, Whatsoever he saith unto you, do [it].",
    ),
    (
        "Feeding the five thousand",
        "The boy with the loaves",
        "The hillside",
        "Five loaves and two fishes",
        "John 6:35",
        "And Jesus said unto them, I am the bread of life: he that cometh to me shall never "
        "hunger; and he that believeth on me shall never thirst.",
    ),
    (
        "Jesus walks on the water",
        "Peter",
        "The Sea of Galilee",
        "Walking on the waves",
        "Matthew 14:27",
        "But straightway Jesus spake unto them, saying, Be of good cheer; it is I; be not afraid.",
    ),
    (
        "The Good Samaritan",
        "The Samaritan",
        "The Jericho road",
        "Oil and wine on the wounds",
        "Luke 10:37",
        "And he said, He that shewed mercy on him. Then said Jesus unto him, Go, and do thou likewise.",
    ),
    (
        "The Prodigal Son",
        "The younger son",
        "The far country",
        "The father runs",
        "Luke 15:24",
        "For this my son was dead, and is alive again; he was lost, and is found. And they began "
        "to be merry.",
    ),
    (
        "The empty tomb",
        "Mary Magdalene",
        "The garden tomb",
        "The stone rolled away",
        "Matthew 28:6",
        "He is not here: for he is risen, as he said. Come, see the place where the Lord lay.",
    ),
    (
        "Paul on the Damascus road",
        "Saul",
        "The Damascus road",
        "A light from heaven",
        "Acts 9:4",
        "And he fell to the earth, and heard a voice saying unto him, Saul, Saul, why persecutest thou me?",
    ),
]

DAVID, JONAH, NOAH, RUTH = 7, 12, 1, 6


def make_deck(count: int = 20) -> list[dict]:
    """The first `count` stories in the shape content.deal.engine_deck returns."""
    deck = []
    for position, (title, person, place, moment, ref, verse) in enumerate(STORIES[:count], 1):
        texts = [("person", person), ("place", place), ("moment", moment), ("word", ref)]
        cards = [
            {
                "kind": kind,
                "title": text,
                "description": f"{text} ({title})",
                "reference": ref if kind == "word" else None,
                "verse_text": verse if kind == "word" else None,
            }
            for kind, text in texts
        ]
        deck.append({"position": position, "title": title, "cards": cards})
    return deck


def card(story: int, kind: int) -> int:
    """A card id: kind 0 person, 1 place, 2 moment, 3 word."""
    return (story - 1) * 4 + kind


def arrange(
    hands: dict[int, list[int]],
    well_top: tuple[int, ...] | list[int] = (),
    *,
    seats: list[str] | None = None,
    teams: bool = False,
    remember_word: bool = True,
    stories: int = 20,
    seed: int = 7,
    stones: list[tuple[int, int, list[int]]] = (),
    options: dict | None = None,
    deck: list[dict] | None = None,
    languages: list[str] | None = None,
) -> State:
    """A game at seat 1's first decision with chosen hands, stones and Well top.

    `well_top[0]` is drawn first; every card not named goes to the bottom of the Well.
    Stones are (seat, story, cards) and give their seat its points. `deck` replaces the test deck
    (its stories count), `languages` says what each seat reads (R43).
    """
    seats = seats or ["person"] * 4
    deck = deck or make_deck(stories)
    stories = len(deck)
    state = engine.new_game(
        deck,
        seats,
        seed=seed,
        remember_word=remember_word,
        teams=teams,
        options=options,
        languages=languages,
    )
    named = [c for held in hands.values() for c in held] + list(well_top)
    named += [c for _seat, _story, cards in stones for c in cards]
    assert len(named) == len(set(named)), "a card is named twice"
    state["stones"] = [[seat, story, sorted(cards)] for seat, story, cards in stones]
    for seat, _story, cards in stones:
        state["points"][seat - 1] += 4 if len(cards) == 4 else 2
    rest = [c for c in range(4 * stories) if c not in named]
    state["hands"] = [sorted(hands.get(s, [])) for s in range(1, len(seats) + 1)]
    # The Well is drawn from its end, so the top goes last.
    state["well"] = list(reversed(rest)) + list(reversed(list(well_top)))
    flow.settle(state, [])  # R10 for seat 1 if its hand was left empty
    return state


def types(events: list[dict]) -> list[str]:
    """The event types, in order."""
    return [e["type"] for e in events]


def first(events: list[dict], kind: str) -> dict:
    """The first event of a type."""
    return next(e for e in events if e["type"] == kind)
