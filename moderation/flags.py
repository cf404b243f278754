"""Finding play that does not look like a person at the table: read-only, from the kept game."""

from __future__ import annotations

import hashlib
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from game import engine
from game.models import Game, GameEvent, Seat

TOO_FAST = "too_fast"
SHARED_DEVICE = "shared_device"
# Upper edges of the timing histogram's buckets, in milliseconds; the last bucket is open.
BUCKETS_MS = (100, 200, 300, 500, 1000, 2000, 5000, 10000, 30000)
MAX_LISTED = 50


@dataclass
class Finding:
    """One flag to record: its kind, the seats and accounts, and the evidence."""

    kind: str
    seats: list[int]
    user_ids: list[int]
    evidence: dict[str, Any] = field(default_factory=dict)

    @property
    def seats_key(self) -> str:
        return ",".join(str(s) for s in sorted(self.seats))


def device_label(device_id: str) -> str:
    """A short, stable stand-in for a device id: enough to match, never the cookie itself."""
    return hashlib.sha256(device_id.encode()).hexdigest()[:12] if device_id else ""


def member_seats(game: Game, seats: list[Seat]) -> dict[int, Seat]:
    """Seats dealt to a person (not an agent) with a member in them, by position."""
    dealt = engine.from_json(game.deal.initial_state)  # at the deal nobody has been taken over yet
    person = engine.SeatRole.PERSON
    return {s.position: s for s in seats if s.user_id and engine.seat_role(dealt, s.position) is person}


def decisions(events: list[GameEvent], seat: int) -> list[GameEvent]:
    """A seat's own timed decisions, in order."""
    return [e for e in events if e.seat == seat and e.elapsed_ms is not None]


def too_fast(game: Game, seats: dict[int, Seat], events: list[GameEvent]) -> list[Finding]:
    """Members whose decisions came, again and again, faster than a person can tap."""
    limit, needed = settings.MODERATION_TOO_FAST_MS, settings.MODERATION_TOO_FAST_COUNT
    found = []
    for position, seat in sorted(seats.items()):
        mine = decisions(events, position)
        fast = [e for e in mine if e.elapsed_ms < limit]
        if len(fast) < needed:
            continue
        evidence = {
            "seat": position,
            "tag": seat.user.gamer_tag,
            "threshold_ms": limit,
            "needed": needed,
            "fast_count": len(fast),
            "decisions": len(mine),
            "median_ms": int(statistics.median(e.elapsed_ms for e in mine)),
            "fast": [{"seq": e.seq, "elapsed_ms": e.elapsed_ms, "move": _move_name(e)} for e in fast][
                :MAX_LISTED
            ],
        }
        found.append(Finding(TOO_FAST, [position], [seat.user_id], evidence))
    return found


def shared_device(game: Game, seats: dict[int, Seat], events: list[GameEvent]) -> list[Finding]:
    """Two or more seats of one game whose moves came from the same browser."""
    by_device: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for e in events:
        if e.seat in seats and e.device_id:
            by_device[e.device_id][e.seat] += 1
    found = []
    for device, counts in sorted(by_device.items()):
        users = {seats[p].user_id for p in counts}
        if len(users) < 2:
            continue
        positions = sorted(counts)
        evidence = {
            "device": device_label(device),
            "seats": positions,
            "tags": [seats[p].user.gamer_tag for p in positions],
            "moves": {str(p): counts[p] for p in positions},
        }
        found.append(Finding(SHARED_DEVICE, positions, sorted(users), evidence))
    return found


def find_flags(game: Game) -> list[Finding]:
    """Every flag a finished game earns; reading only, never changing anything."""
    seats = member_seats(game, list(Seat.objects.filter(table_id=game.table_id).select_related("user")))
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    return too_fast(game, seats, events) + shared_device(game, seats, events)


def histogram(events: list[GameEvent], seat: int) -> list[dict[str, Any]]:
    """A seat's decision times in buckets, with each bar's width in 5% steps of the biggest."""
    counts = [0] * (len(BUCKETS_MS) + 1)
    for e in decisions(events, seat):
        counts[_bucket(e.elapsed_ms)] += 1
    top = max(counts) or 1
    limit = settings.MODERATION_TOO_FAST_MS
    lows = (0, *BUCKETS_MS)
    return [
        {
            "label": _bucket_label(i),
            "count": n,
            "width": round(20 * n / top) * 5,
            "fast": lows[i] < limit,
        }
        for i, n in enumerate(counts)
    ]


def _bucket(ms: int) -> int:
    return next((i for i, edge in enumerate(BUCKETS_MS) if ms < edge), len(BUCKETS_MS))


def _bucket_label(i: int) -> str:
    def words(ms: int) -> str:
        return f"{ms} ms" if ms < 1000 else f"{ms // 1000} s"

    if i == 0:
        return f"< {words(BUCKETS_MS[0])}"
    if i == len(BUCKETS_MS):
        return f"≥ {words(BUCKETS_MS[-1])}"
    low, high = BUCKETS_MS[i - 1], BUCKETS_MS[i]
    if (low < 1000) == (high < 1000):
        return f"{words(low).split()[0]}\u2013{words(high)}"
    return f"{words(low)}\u2013{words(high)}"


def _move_name(event: GameEvent) -> str:
    return next(iter(event.move), "") if isinstance(event.move, dict) else ""


FORMER_MEMBER = "a former member"


def forget_member(user: Any) -> None:
    """A deleted member's tag leaves every flag's evidence (the privacy page promises no tag stays);
    the seats and figures stay for the reviewers."""
    from moderation.models import Flag

    for flag in Flag.objects.select_for_update().filter(users=user).select_related("game"):
        positions = set(
            Seat.objects.filter(table_id=flag.game.table_id, user=user).values_list("position", flat=True)
        )
        evidence = dict(flag.evidence)
        if "tag" in evidence and evidence.get("seat") in positions:
            evidence["tag"] = FORMER_MEMBER
        if "tags" in evidence:
            seats = evidence.get("seats", [])
            evidence["tags"] = [
                FORMER_MEMBER if position in positions else tag
                for position, tag in zip(seats, evidence["tags"], strict=False)
            ]
        if evidence != flag.evidence:
            flag.evidence = evidence
            flag.save(update_fields=["evidence"])
