"""Summarise a py-spy raw profile (`python -m bench --profile DIR`): where each thread spends its time.

python -m bench.profile_summary DIR/human-200.txt [--top 40] [--match game/]
python -m bench.profile_summary DIR/human-200.txt --beyond-floor

`--beyond-floor` splits the database thread's moves (wall time: py-spy records with --idle) into
what the durable floor also does and what only a move does (docs/performance.md, "Where a move's
time goes beyond the floor"), and the event loop's layer publish.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from collections.abc import Iterator

LINE = re.compile(r" \(([^:()]+):\d+\)")


def _samples(path: str) -> Iterator[tuple[str, int]]:
    """Each stack of a py-spy "raw" (collapsed) file, with its sample count."""
    with open(path) as raw:
        for line in raw:
            stack, _, count = line.rstrip().rpartition(" ")
            if stack:
                yield stack, int(count)


def summarise(path: str, top: int, match: str) -> str:
    threads: Counter = Counter()
    idle: Counter = Counter()
    inclusive: defaultdict[str, Counter] = defaultdict(Counter)
    for stack, n in _samples(path):
        frames = stack.split(";")
        thread = re.sub(r"thread \(\d+\): ", "", frames[0])
        threads[thread] += n
        leaf = frames[-1]
        if any(w in leaf for w in ("select (selectors", "Condition.wait", "_worker (concurrent")):
            idle[thread] += n
        seen = set()
        for frame in frames[1:]:
            name = LINE.sub(r" (\1)", frame)
            if name not in seen and match in name:
                inclusive[thread][name] += n
                seen.add(name)
    out = []
    for thread, total in threads.most_common():
        out.append(f"== {thread}: {total} samples, {100 * idle[thread] / total:.0f}% waiting")
        for name, n in inclusive[thread].most_common(top):
            out.append(f"  {100 * n / total:5.1f}%  {name[:130]}")
    return "\n".join(out)


# A stack's part of a move, by the first rule that matches any of its frames (checked in order).
PARTS = (
    (
        "waiting for PostgreSQL (the floor's round trips and COMMIT do the same)",
        ("Connection.wait (psycopg",),
    ),
    ("engine (game/engine/)", ("(game/engine/",)),
    ("authority (game/services/authority.py)", ("(game/services/authority.py",)),
    (
        "protocol build (game/protocol/, snapshots, JSON)",
        ("(game/protocol/", "(game/services/snapshots.py", "(json/"),
    ),
    ("storage in Python (game/store/, psycopg)", ("(game/store/", "(psycopg/")),
)


def beyond_floor(path: str) -> str:
    """Per-move wall time on the database thread, by part, and the event loop's publish."""
    parts: Counter = Counter()
    moves = durable = publish = loop = 0
    for stack, n in _samples(path):
        if "MainThread" in stack.split(";", 1)[0]:
            loop += n
            publish += n if "group_send_all (game/realtime/outbox.py" in stack else 0
            continue
        if "durable_round (bench/durable_store.py" in stack:
            durable += n
        elif "play_move (game/services/play.py" in stack:
            moves += n
            frames = stack.split(";")
            name = next((p for p, keys in PARTS if any(k in f for f in frames for k in keys)), "other")
            parts[name] += n
    if not moves:
        return "no play_move samples in this profile"
    out = [f"database thread: play_move {moves} samples, durable_round {durable} samples"]
    for name, n in parts.most_common():
        out.append(f"  {100 * n / moves:5.1f}% of play_move  {name}")
    out.append(f"event loop: layer publish (group_send_all) {100 * publish / loop:.1f}% of its samples")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--match", default="", help="only frames containing this text")
    parser.add_argument("--beyond-floor", action="store_true", help="a move's parts beyond the durable floor")
    args = parser.parse_args()
    print(beyond_floor(args.path) if args.beyond_floor else summarise(args.path, args.top, args.match))


if __name__ == "__main__":
    main()
