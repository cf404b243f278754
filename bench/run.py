"""`make bench`: start the site as in production, seat scripted members at live tables, measure, print
one JSON line on stdout (progress goes to stderr).

    python -m bench [--tables 200] [--seconds 60] [--hot] [--four-members] [--services]
    python -m bench --flood [--seconds 15] [--services]
    python -m bench --soak 1800 [--soak-window 300] [--services]   (400 tables unless --tables)

See docs/performance.md for what is measured and how.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import platform
import random
import secrets
import shutil
import signal
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dj_database_url

from bench.options import parse
from bench.servers import Server, Services, cpu_seconds, log, rss_mb, run_checked, start_server, stop

# Settings the benchmark never passes on to the server it starts.
DROPPED = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_BENCH_ECHO",
    "BENCH_ECHO",
    "BENCH_WHAT_IF",
    "DJANGO_GAME_FIXED_SEED",
    "GAME_FIXED_SEED",
    "DJANGO_TEST_SQLITE",
)
HARD_LIMIT = 285.0  # seconds for the whole run, whatever the options: `make bench` stays under 5 min
SOAK_SETUP = 600.0  # a soak's limit is its own length plus this (dealing 400 tables, connecting, settling)


def database_kind(url: str) -> str:
    """What the JSON line calls the database, as the site's settings read the URL: `--services` with
    a SQLite `DATABASE_URL` is served by SQLite (docs/performance.md measures the services without
    PostgreSQL that way)."""
    return dj_database_url.parse(url)["ENGINE"].rsplit(".", 1)[-1].removesuffix("3")


def server_env(args: argparse.Namespace, workdir: Path, services: Services | None) -> dict[str, str]:
    """Production settings (debug off, a fresh secret key), on loopback over plain http/ws."""
    env = {k: v for k, v in os.environ.items() if k not in DROPPED}
    env.update(
        DJANGO_SETTINGS_MODULE="justalllowgod.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SITE_URL="http://127.0.0.1",  # required with debug off; the bench follows no link
        DJANGO_EMAIL_HOST="console",  # a throwaway run: any mail goes to its log, by name
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_GAME_CLOCK_IN_PROCESS="true",
        DJANGO_BENCH_ECHO="true",
        DATABASE_URL=services.database_url if services else f"sqlite:///{workdir / 'bench.sqlite3'}",
    )
    if services:
        env["REDIS_URL"] = services.redis_url
    if args.what_if:
        env["DJANGO_SETTINGS_MODULE"] = "bench.whatif_settings"
        env["BENCH_WHAT_IF"] = ",".join(args.what_if)
    return env


async def run_load(
    args: argparse.Namespace,
    servers: list[Server],
    executor: ThreadPoolExecutor,
    profilers: list,
    database: str,
) -> dict:
    from bench import boards, class_setup, load, setup_db, soak
    from bench import idle as idle_sockets_of

    loop = asyncio.get_running_loop()
    rng = random.Random(args.seed)
    stats = load.Stats()
    per_table = 4 if args.four_members else 2
    tag = secrets.token_hex(3)

    def db(fn, *a):
        return loop.run_in_executor(executor, fn, *a)

    started = time.perf_counter()
    # The echo probes get a member each: one member's sockets share a budget of messages a second
    # (WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND), which 20 probes of one member would go over.
    echo_count = args.echo_sockets * args.servers
    durable_count = args.durable_sockets * args.servers
    # The durable probes too have a member each, and a slot row each.
    members = await db(
        setup_db.make_members, tag, args.tables * per_table + max(1, echo_count) + durable_count
    )
    await db(setup_db.make_durable_slots, max(1, durable_count))
    infos = []
    for i in range(args.tables):
        infos.append(await db(setup_db.open_table, members[i * per_table : (i + 1) * per_table]))
    log(f"{len(members)} members, {len(infos)} tables dealt in {time.perf_counter() - started:.1f} s")
    classes = []
    if args.classes:
        started = time.perf_counter()
        for i, leader in enumerate(await db(setup_db.make_members, f"{tag}l", args.classes)):
            classes.append(await db(class_setup.open_class, leader, i, args.class_size))
        made = sum(len(c.tables) for c in classes)
        took = time.perf_counter() - started
        log(f"{len(classes)} classes of {args.class_size} children: {made} tables dealt in {took:.1f} s")
    if args.soak and not args.together:
        started = time.perf_counter()
        stats.moves_before = await soak.spread_over_a_game(infos, db, rng)
        log(f"tables spread over a game: {stats.moves_before} moves in {time.perf_counter() - started:.1f} s")

    idle_sockets = await idle_sockets_of.open_idle(args, servers, stats, rng, db, tag)

    async def reopen(table_members):
        return await db(setup_db.open_table, table_members)

    urls = [(f"ws://127.0.0.1:{s.port}", f"http://127.0.0.1:{s.port}") for s in servers]
    window = load.Window(0.0, 0.0)
    class_index = itertools.count()
    runs = [
        load.TableRun(
            info,
            urls,
            stats,
            window,
            hot=args.hot,
            pace=tuple(args.pace),
            rng=random.Random(rng.random()),
            reopen=reopen,
            index=i,
        )
        for i, info in enumerate(infos)
    ]
    class_stats, board_stats = load.Stats(), boards.BoardStats()

    async def one_game(_members):
        return None  # a class's table plays one game: no new table when it ends

    def class_run(info):
        index = len(runs) + next(class_index)  # spread over the servers after the other tables
        return load.TableRun(
            info,
            urls,
            class_stats,
            window,
            hot=args.hot,
            pace=tuple(args.pace),
            rng=random.Random(rng.random()),
            reopen=one_game,
            index=index,
        )

    by_class = [{number: class_run(info) for number, info in c.tables.items()} for c in classes]
    gate = asyncio.Semaphore(10)

    async def open_run(run):
        async with gate:
            try:
                await run.open()
            except Exception as error:
                stats.connect_failures += 1
                stats.error(f"connect:{type(error).__name__}")
                return None
            return run

    started = time.perf_counter()
    runs = [r for r in await asyncio.gather(*(open_run(r) for r in runs)) if r is not None]
    class_tables = [r for tables in by_class for r in tables.values()]
    class_tables = [r for r in await asyncio.gather(*(open_run(r) for r in class_tables)) if r is not None]
    sockets = sum(len(r.seats) for r in runs + class_tables)
    log(f"{sockets} table sockets connected in {time.perf_counter() - started:.1f} s")

    echo_members = members[args.tables * per_table :]
    count = len(urls) * args.echo_sockets
    echo_floor_members = max(1, count)
    probes = await open_probes(
        [
            load.EchoProbe(url, origin, echo_members[i * args.echo_sockets + j].cookie, stats)
            for i, (url, origin) in enumerate(urls)
            for j in range(args.echo_sockets)
        ],
        stats,
        "echo",
    )
    durables = await open_probes(
        [
            load.EchoProbe(
                url, origin, echo_members[echo_floor_members + k].cookie, stats, load.durable_path(k + 1)
            )
            for k, (url, origin) in enumerate(urls[k // args.durable_sockets] for k in range(durable_count))
        ],
        stats,
        "durable",
    )
    t = load.now()
    await asyncio.gather(
        *(p.probe(stats.echo_idle, t, t + 3.0, rng) for p in probes),
        *(p.probe(stats.durable_idle, t, t + 3.0, rng) for p in durables),
    )
    log(f"idle floor: {load.percentiles(stats.echo_idle)}; durable: {load.percentiles(stats.durable_idle)}")

    t0 = load.now() + 0.5
    window.start, window.end = t0 + args.warmup, t0 + args.warmup + args.seconds
    spread = 0.5 if args.hot else args.pace[1]
    drivers = [
        asyncio.create_task(r.drive(t0 + rng.uniform(0, spread), window.end)) for r in runs + class_tables
    ]
    pollers = [
        boards.BoardPoller(servers[i % len(servers)].port, c, by_class[i], board_stats, args.board_every)
        for i, c in enumerate(classes)
        if args.board_every
    ]
    drivers += [asyncio.create_task(p.poll(t0, window, random.Random(rng.random()))) for p in pollers]
    echo = [asyncio.create_task(p.probe(stats.echo, window.start, window.end, rng)) for p in probes]
    echo += [asyncio.create_task(p.probe(stats.durable, window.start, window.end, rng)) for p in durables]
    timeline = None
    if args.soak:
        windows = max(1, math.ceil(args.seconds / args.soak_window - 1e-9))
        timeline = stats.timeline = soak.Timeline(window.start, args.soak_window, windows)
    log(
        f"{'hot' if args.hot else 'human-pace'} moves: {args.warmup:.0f} s warm-up, {args.seconds:.0f} s measured"
    )

    await asyncio.sleep(max(0.0, window.start - load.now()))
    if args.profile:
        profilers.append(start_profiler(servers[0].pid, Path(args.profile), args))
    cpu0 = [cpu_seconds(s.pid) for s in servers]
    client0 = time.process_time()
    peak = [0.0] * len(servers)
    while load.now() < window.end:
        now_rss = [rss_mb(s.pid)[0] for s in servers]
        peak = [max(a, b) for a, b in zip(peak, now_rss, strict=True)]
        if timeline is not None:
            summed = len(timeline.rows)
            timeline.tick(load.now(), stats.errors, now_rss, rss_mb(os.getpid())[0])
            for row in timeline.rows[summed:]:
                log(f"soak window {row}")  # a long run shows its progress as it goes
        await asyncio.sleep(min(1.0, max(0.0, window.end - load.now())))
    if timeline is not None:  # the last window's end
        timeline.tick(load.now(), stats.errors, [rss_mb(s.pid)[0] for s in servers], rss_mb(os.getpid())[0])
    cpu1 = [cpu_seconds(s.pid) for s in servers]
    client1 = time.process_time()
    rss = [rss_mb(s.pid)[0] for s in servers]
    log("window closed; letting the last moves land")

    await asyncio.wait(drivers + echo, timeout=2 * load.MOVE_TIMEOUT + 5)
    for task in drivers + echo:
        task.cancel()
    end = load.now() + load.MOVE_TIMEOUT
    while not all(r.caught_up() for r in runs + class_tables) and load.now() < end:
        await asyncio.sleep(0.1)
    for run in runs + class_tables:
        run.settle()
    for poller in pollers:
        poller.close()
    await asyncio.gather(
        *(r.close() for r in runs + class_tables),
        *(p.close() for p in probes),
        *(p.close() for p in durables),
        *(s.close() for s in idle_sockets),
        return_exceptions=True,
    )

    seconds = window.end - window.start
    cpu_s = sum((b - a) for a, b in zip(cpu0, cpu1, strict=True))
    moves = load.percentiles(stats.move_last)
    actor = load.percentiles(stats.move_actor)
    floor = load.percentiles(stats.echo)
    idle = load.percentiles(stats.echo_idle)
    durable = load.percentiles(stats.durable)
    durable_idle = load.percentiles(stats.durable_idle)
    durable_rows, durable_sum = await db(setup_db.durable_committed)
    class_moves = len(class_stats.move_last)
    if classes:
        boards.fold_into(stats, class_stats, board_stats)

    def ratio(a, b):
        return round(a / b, 2) if a is not None and b else None

    result = {
        "tables": args.tables,
        "members_per_table": per_table,
        "mode": "hot" if args.hot else "human",
        "pace_s": None if args.hot else list(args.pace),
        "database": database,
        "channel_layer": "redis" if args.services else "in-memory",
        "servers": len(servers),
        "seconds": round(seconds, 1),
        "moves": moves["n"],
        "moves_per_s": round(moves["n"] / seconds, 1),
        "m_p50_ms": moves["p50"],
        "m_p90_ms": moves["p90"],
        "m_p99_ms": moves["p99"],
        "m_max_ms": moves["max"],
        "actor_p50_ms": actor["p50"],
        "actor_p90_ms": actor["p90"],
        "actor_p99_ms": actor["p99"],
        "actor_max_ms": actor["max"],
        "floor_p50_ms": floor["p50"],
        "floor_p90_ms": floor["p90"],
        "floor_p99_ms": floor["p99"],
        "floor_max_ms": floor["max"],
        "floor_samples": floor["n"],
        "floor_idle_p50_ms": idle["p50"],
        "floor_idle_p99_ms": idle["p99"],
        "ratio_p50": ratio(moves["p50"], floor["p50"]),
        "ratio_p99": ratio(moves["p99"], floor["p99"]),
        "durable_floor_p50_ms": durable["p50"],
        "durable_floor_p90_ms": durable["p90"],
        "durable_floor_p99_ms": durable["p99"],
        "durable_floor_max_ms": durable["max"],
        "durable_floor_samples": durable["n"],
        "durable_floor_idle_p50_ms": durable_idle["p50"],
        "durable_floor_idle_p99_ms": durable_idle["p99"],
        "durable_floor_idle_samples": durable_idle["n"],
        "ratio_durable_p50": ratio(moves["p50"], durable["p50"]),
        "ratio_durable_p99": ratio(moves["p99"], durable["p99"]),
        # Every answered durable probe committed one log row and one count (read back after the run).
        "durable_rows_committed": durable_rows,
        "durable_counts_committed": durable_sum,
        "errors": stats.errors,
        "error_codes": dict(stats.error_codes),
        "lost_events": stats.lost_events,
        "out_of_order": stats.out_of_order,
        "stale_after_catchup": stats.stale_after_catchup,
        "stalls": stats.stalls,
        "late_sends": stats.late_sends,
        "games_finished": stats.games_finished,
        "connect_failures": stats.connect_failures,
        "connect_retries": stats.connect_retries,
        "moves_sent": stats.moves_sent,
        "server_cpu_pct": round(cpu_s / seconds * 100, 1),
        "server_cpu_ms_per_move": round(cpu_s * 1000 / (moves["n"] + class_moves), 2) if moves["n"] else None,
        "idle_sockets": sum(1 for s in idle_sockets if s.ws is not None),
        "server_rss_mb": round(sum(rss), 1),
        "server_rss_each_mb": [round(r, 1) for r in rss],
        "server_rss_peak_mb": round(sum(peak), 1),
        "client_cpu_pct": round((client1 - client0) / seconds * 100, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "what_if": args.what_if,
        "client_rss_mb": round(rss_mb(os.getpid())[0], 1),
    }
    if classes:
        result.update(boards.fields(classes, args, class_stats, board_stats, seconds))
    if timeline is not None:
        rows = timeline.finish()
        result.update(
            soak_s=args.soak,
            soak_window_s=args.soak_window,
            soak_together=args.together,
            soak_moves_before=stats.moves_before,
            windows=rows,
            **soak.summary(rows),
        )
    return result


async def open_probes(probes: list, stats, kind: str) -> list:
    """Connect the floor probes; those that could not connect are errors (and left out)."""
    opened = await asyncio.gather(*(p.open() for p in probes), return_exceptions=True)
    for outcome in opened:
        if isinstance(outcome, BaseException):
            stats.error(f"{kind}_connect:{type(outcome).__name__}")
    probes = [p for p, outcome in zip(probes, opened, strict=True) if not isinstance(outcome, BaseException)]
    if not probes:
        raise RuntimeError(f"no {kind} socket could connect: is DJANGO_BENCH_ECHO on in the server?")
    return probes


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    workdir = Path(tempfile.mkdtemp(prefix="jag-bench-"))
    services = Services(workdir) if args.services else None
    servers: list[Server] = []
    profilers: list = []
    wall = time.perf_counter()
    try:
        if services:
            services.start()
        env = server_env(args, workdir, services)
        python = sys.executable
        run_checked([python, "manage.py", "migrate", "--noinput", "-v0"], env, "migrate")
        run_checked([python, "manage.py", "load_default_deck"], env, "load_default_deck")
        database = database_kind(env["DATABASE_URL"])
        log(f"database ready: {database} ({time.perf_counter() - wall:.1f} s)")

        # This process makes members, sessions and tables in the same database, as the server sees it.
        os.environ.update(env)
        os.environ["DJANGO_GAME_CLOCK_IN_PROCESS"] = "false"
        import django

        django.setup()

        servers = [start_server(env, workdir, i) for i in range(args.servers)]
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="bench-db") as executor:
            limit = HARD_LIMIT if args.soak is None else args.soak + args.warmup + SOAK_SETUP
            budget = limit - (time.perf_counter() - wall)
            if args.flood:
                from bench.flood import run_flood

                work = run_flood(args, servers, executor, database)
            else:
                work = run_load(args, servers, executor, profilers, database)
            result = asyncio.run(asyncio.wait_for(work, budget))
        for i, server in enumerate(servers):
            if server.process.poll() is not None:
                result["errors"] += 1
                result["error_codes"][f"server{i}_exited"] = server.process.returncode
        result["wall_s"] = round(time.perf_counter() - wall, 1)
        print(json.dumps(result, separators=(", ", ": ")), flush=True)
        return 0
    except Exception:
        for i, server in enumerate(servers):
            log(f"daphne {i} log tail:\n{server.log_tail()}")
        raise
    finally:
        for profiler in profilers:
            try:
                profiler.wait(30)
            except Exception:
                stop(profiler)
        for server in servers:
            stop(server.process)
        if services:
            services.stop()
        if args.keep:
            log(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


def start_profiler(pid: int, out: Path, args: argparse.Namespace):
    """py-spy record of one server process for the whole run (pip install py-spy; not a dependency)."""
    import subprocess

    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if spy is None:
        raise RuntimeError("--profile needs py-spy: .venv/bin/pip install py-spy")
    out.mkdir(parents=True, exist_ok=True)
    name = f"{'hot' if args.hot else 'human'}-{args.tables}"
    cmd = [spy, "record", "--pid", str(pid), "--rate", "100", "--format", "raw", "--threads", "--idle",
           "--nonblocking", "--duration", str(int(args.seconds)), "--output", str(out / f"{name}.txt")]  # fmt: skip
    log(f"py-spy recording pid {pid} into {out}/{name}.txt")
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # noqa: S603


if __name__ == "__main__":
    raise SystemExit(main())
