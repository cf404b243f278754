"""What the class board shows, and what a class child's device is told (JSON, asked every 2 s).

Every table is drawn from its public view (`engine.public_view`) and the verses the whole table has
seen: never a hand, the Well's order, the seed or an open question's answer. After the class the
board shows what the class did together, table by table: never a ranking of children.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from accounts.models import User
from classes.models import Classroom, ClassTable, Pupil
from game import engine
from game.models import Game, Table
from game.protocol.messages import seat_name, verses_shown
from game.services.starting import seat_list


def _seats(table: Table, view: dict[str, Any] | None) -> list[dict[str, Any]]:
    seats = seat_list(table)
    shown = []
    for seat in seats:
        # Whose turn it is, never who is ahead: the board is for the whole class.
        shown.append(
            {
                "name": seat_name(seat),
                "turn": bool(view) and view["turn"] == seat.position and view["result"] is None,
            }
        )
    return shown


def _circle(game: Game, view: dict[str, Any], titles: dict[int, str]) -> dict[str, Any]:
    """The circle of twelve from the public view: each stone's story title, and the verse of the
    latest one laid as the whole table saw it."""
    verses = verses_shown(game, engine.from_json(game.state))
    stones = [
        {"story": s["story"], "title": titles.get(s["story"], ""), "sealed": s["sealed"]}
        for s in view["stones"]
    ]
    latest = None
    if stones and str(stones[-1]["story"]) in verses:
        story = stones[-1]["story"]
        latest = {"story": story, "title": titles.get(story, ""), "verse": verses[str(story)]}
    return {"stones": stones, "latest": latest}


def table_board(place: ClassTable) -> dict[str, Any]:
    """One table as the board draws it."""
    table = place.table
    game = Game.objects.filter(table=table).select_related("deal").first()
    facts: dict[str, Any] = {"number": place.number, "status": table.status, "stones": [], "latest": None}
    if game is None:
        return facts | {"seats": _seats(table, None), "over": False}
    state = engine.from_json(game.state)
    view = engine.public_view(state)
    titles = {story["position"]: story["title"] for story in game.deal.cards}
    return (
        facts
        | _circle(game, view, titles)
        | {
            "seats": _seats(table, view),
            "over": view["result"] is not None,
            "version": game.version,
            "together": engine.tally(state),
        }
    )


def board_state(classroom: Classroom) -> dict[str, Any]:
    """The board's whole state: the class, its children, and its tables."""
    pupils = list(classroom.pupils.select_related("user", "place"))
    places = list(classroom.tables.select_related("table"))
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
        "tables": [table_board(place) for place in places],
    }


def pupil_state(user: User) -> dict[str, Any]:
    """A class child's device: "waiting" (for the tables), "seated" (with the table's page), or
    "gone" (removed from the class, or the class is over)."""
    pupil = Pupil.objects.filter(user=user).select_related("classroom", "place__table").first()
    if pupil is None or pupil.classroom.ended_at is not None:
        return {"state": "gone"}
    if pupil.place is not None and pupil.classroom.stage == Classroom.Stage.PLAYING:
        return {"state": "seated", "url": reverse("table", args=[pupil.place.table.code])}
    table = pupil.place.number if pupil.place else None
    return {"state": "waiting", "table": table, "name": user.gamer_tag}
