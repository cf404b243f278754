"""The benchmark's command line (`python -m bench --help`): what each option measures, and the
limits that keep `make bench` under five minutes."""

from __future__ import annotations

import argparse

DESCRIPTION = (
    "`make bench`: start the site as in production, seat scripted members at live tables, measure, print\n"
    "one JSON line on stdout (progress goes to stderr)."
)
MAX_CHILDREN = 30  # classes/models.py: a class takes at most 30 children (not imported: no Django here)
SOAK_TABLES = 400  # a soak plays this many tables unless --tables says otherwise


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=DESCRIPTION)
    parser.add_argument(
        "--tables", type=int, default=None, help="concurrent tables (default 200; 400 in a soak)"
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="measurement window (default 60)")
    parser.add_argument("--warmup", type=float, default=10.0, help="moves before the window (default 10)")
    parser.add_argument("--hot", action="store_true", help="each move as soon as the server answers")
    parser.add_argument("--four-members", action="store_true", help="four members a table, no JagAI")
    parser.add_argument("--services", action="store_true", help="PostgreSQL + Redis, two daphne processes")
    parser.add_argument(
        "--servers", type=int, default=None, help="daphne processes (default 1, 2 with --services)"
    )
    parser.add_argument("--pace", type=float, nargs=2, default=(2.0, 5.0), metavar=("MIN", "MAX"))
    parser.add_argument("--echo-sockets", type=int, default=20, help="echo sockets per server (default 20)")
    parser.add_argument(
        "--durable-sockets",
        type=int,
        default=5,
        help="durable floor sockets per server (default 5: each commits twice a second, beside the moves)",
    )
    parser.add_argument(
        "--idle-sockets", type=int, default=0, help="lobby and quiet-table sockets that only ping (default 0)"
    )
    parser.add_argument(
        "--classes",
        type=int,
        default=0,
        help="classes beside the tables, each split into tables by its leader and with its board "
        "polled every 2 s (bench/boards.py; default 0)",
    )
    parser.add_argument(
        "--class-size", type=int, default=30, help="children in each class, 1 to 30 (default 30)"
    )
    parser.add_argument(
        "--board-every",
        type=float,
        default=2.0,
        help="seconds between a class board's requests (default 2, as the page); 0: no boards, to see what they cost",
    )
    parser.add_argument("--seed", type=int, default=None, help="the clients' random choices")
    parser.add_argument("--profile", metavar="DIR", help="py-spy the (first) server over the window into DIR")
    parser.add_argument(
        "--what-if",
        action="append",
        choices=[
            "switch-interval-500",
            "upstream-layer",
            "per-call-db",
            "list-layer",
            "server-side-binding",
            "async-commit",
            "no-gc-freeze",
            "default-gc-thresholds",
            "no-prepare",
        ],
        help="serve with bench/whatif_settings.py: undo one of the site's speed changes, to measure it; repeatable",
    )
    parser.add_argument(
        "--flood",
        action="store_true",
        help="only the flood scenario (bench/flood.py): another member's ping with and without one "
        "member flooding inside the limits; --seconds is each phase's length",
    )
    parser.add_argument("--flood-sockets", type=int, default=10, help="the flooder's sockets (default 10)")
    parser.add_argument(
        "--soak",
        type=float,
        metavar="SECONDS",
        help="play for SECONDS (e.g. 1800) and report moves, p50, p99, errors and RSS per window "
        "(bench/soak.py); the 285 s limit gives way to SECONDS + 600",
    )
    parser.add_argument("--soak-window", type=float, default=300.0, help="a soak's window, s (default 300)")
    parser.add_argument(
        "--together",
        action="store_true",
        help="a soak's tables all begin a new game at the start (their games then end in waves) instead "
        "of each at a random point of one",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (database, server logs)")
    args = parser.parse_args(argv)
    if args.tables is None:
        args.tables = SOAK_TABLES if args.soak else 200
    if args.soak is not None:
        if args.soak <= 0 or args.soak_window <= 0 or args.flood:
            parser.error("--soak and --soak-window must be > 0, and a soak is not a --flood")
        args.seconds = args.soak
    if args.classes < 0 or not 1 <= args.class_size <= MAX_CHILDREN or args.board_every < 0:
        parser.error(f"--classes and --board-every must be >= 0, and --class-size 1 to {MAX_CHILDREN}")
    if args.classes and (args.soak is not None or args.flood):
        parser.error("--classes plays one game a class table: not with --soak or --flood")
    if args.durable_sockets < 1:
        parser.error("--durable-sockets must be >= 1")
    if args.tables < 1 or args.seconds <= 0 or args.warmup < 0 or args.idle_sockets < 0:
        parser.error("--tables must be >= 1, --seconds > 0, --warmup >= 0, --idle-sockets >= 0")
    if args.soak is None and args.warmup + args.seconds > 200:
        parser.error("--warmup + --seconds must stay within 200 s")
    args.servers = args.servers or (2 if args.services else 1)
    return args
