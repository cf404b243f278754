"""What the class board shows, and what a class child's device is told (JSON, asked every 2 s).

Every table is drawn from its public view (`engine.public_view`) and the verses the whole table has
seen: never a hand, the Well's order, the seed or an open question's answer. After the class the
board shows what the class did together, table by table: never a ranking of children.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.urls import reverse
from django.utils.translation import get_language

from accounts.models import User
from classes.models import Classroom, ClassTable, Pupil
from game import engine
from game.models import Game, Seat
from game.protocol.messages import reading, seat_name, story_titles, verses_shown

# This process's boards' tables, by table and version (settings' "boards" cache, local to the process).
BOARDS = caches["boards"]


def _seats(seats: list[Seat], turn: int | None) -> list[dict[str, Any]]:
    # Whose turn it is, never who is ahead: the board is for the whole class.
    return [{"name": seat_name(seat), "turn": seat.position == turn} for seat in seats]


def _circle(game: Game, state: dict[str, Any], view: dict[str, Any], language: str) -> dict[str, Any]:
    """The circle of twelve from the public view: each stone's story title, and the verse of the
    latest one laid as the whole table saw it, in the board's language (R43)."""
    titles = story_titles(game, language)
    verses = verses_shown(game, state, language)
    stones = [
        {"story": s["story"], "title": titles.get(s["story"], ""), "sealed": s["sealed"]}
        for s in view["stones"]
    ]
    latest = None
    if stones and str(stones[-1]["story"]) in verses:
        story = stones[-1]["story"]
        latest = {"story": story, "title": titles.get(story, ""), "verse": verses[str(story)]}
    return {"stones": stones, "latest": latest}


def _played(table_id: int, version: int) -> dict[str, Any]:
    """A table's game as the board draws it at this version, in the board's language: it changes
    only when the version does, so each process works it out once per move and language, however
    many boards ask (every 2 s each)."""
    language = reading(get_language())
    key = f"class-board:{table_id}:{version}:{language}"
    played = BOARDS.get(key)
    if played is None:
        game = Game.objects.select_related("deal").get(table_id=table_id)
        state = engine.from_json(game.state)
        view = engine.public_view(state)
        played = _circle(game, state, view, language) | {
            "over": view["result"] is not None,
            "version": game.version,
            "together": engine.tally(state),
            "turn": view["turn"] if view["result"] is None else None,
        }
        BOARDS.set(key, played, timeout=3600)
    return played


def table_board(place: ClassTable, version: int | None, seats: list[Seat]) -> dict[str, Any]:
    """One table as the board draws it (`version`: its game's, None before the deal)."""
    facts: dict[str, Any] = {"number": place.number, "status": place.table.status}
    if version is None:
        return facts | {"stones": [], "latest": None, "seats": _seats(seats, None), "over": False}
    played = dict(_played(place.table_id, version))
    turn = played.pop("turn")
    return facts | played | {"seats": _seats(seats, turn)}


def board_state(classroom: Classroom) -> dict[str, Any]:
    """The board's whole state: the class, its children, and its tables."""
    pupils = list(classroom.pupils.select_related("user", "place"))
    places = list(classroom.tables.select_related("table"))
    ids = [place.table_id for place in places]
    versions = dict(Game.objects.filter(table_id__in=ids).values_list("table_id", "version"))
    seats: dict[int, list[Seat]] = {table_id: [] for table_id in ids}
    for seat in Seat.objects.filter(table_id__in=ids).select_related("user", "agent").order_by("position"):
        seats[seat.table_id].append(seat)
    return {
        "stage": classroom.stage,
        "code": classroom.code,
        "locked": classroom.locked,
        "cap": classroom.cap,
        "teams": classroom.teams,
        "children": [
            {"id": p.pk, "name": p.user.gamer_tag, "table": p.place.number if p.place else None}
            for p in pupils
        ],
        "tables": [
            table_board(place, versions.get(place.table_id), seats[place.table_id]) for place in places
        ],
    }


def pupil_state(user: User) -> dict[str, Any]:
    """A class child's device: "waiting" (for the tables, with their name), "seated" (with the
    table's page), "ended" (their class is over) or "removed" (the leader took them off the list).
    An ended or removed child is told nothing else: no name, no table."""
    pupil = Pupil.objects.filter(user=user).select_related("classroom", "place__table").first()
    if pupil is None:
        return {"state": "removed"}
    if pupil.classroom.ended_at is not None:
        return {"state": "ended"}
    if pupil.place is not None and pupil.classroom.stage == Classroom.Stage.PLAYING:
        return {"state": "seated", "url": reverse("table", args=[pupil.place.table.code])}
    table = pupil.place.number if pupil.place else None
    return {"state": "waiting", "table": table, "name": user.gamer_tag}
