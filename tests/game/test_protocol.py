"""The protocol layer (game/protocol/): every frame a client is sent is one of its typed messages,
a move returns exactly the messages its seats receive, and no module keeps per-game state."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async

from game import engine, services
from game.models import Game
from game.protocol.types import SHAPES, ServerType
from game.realtime.groups import member_group, table_group
from justalllowgod.asgi import application
from tests.factories import UserFactory, signed_in_session
from tests.game.support import (
    HOST,
    ORIGIN,
    Communicator,
    Player,
    seated,
    session_cookie,
    two_member_game,
    until_dealt,
)
from tests.realtime.test_socket_games import play_to_the_end

ROOT = Path(__file__).resolve().parents[2]


def shape_fault(message: dict) -> str | None:
    """Why a frame is not one of the protocol's server messages, or None if it is."""
    try:
        kind = ServerType(message.get("type"))
    except ValueError:
        return f"unknown type {message.get('type')!r}"
    shape = SHAPES[kind]
    keys = set(message)
    missing = shape.__required_keys__ - keys
    extra = keys - shape.__required_keys__ - shape.__optional_keys__
    if missing or extra:
        return f"{kind}: missing {sorted(missing)}, unexpected {sorted(extra)}"
    return None


def test_a_frame_outside_the_protocol_is_caught():
    assert shape_fault({"type": "pong", "version": 1}) is None
    assert shape_fault({"type": "pong"}) == "pong: missing ['version'], unexpected []"
    assert shape_fault({"type": "pong", "version": 1, "hand": []}).endswith("unexpected ['hand']")
    assert shape_fault({"type": "secret"}) == "unknown type 'secret'"


async def _lobby(user) -> Player:
    cookie = await sync_to_async(session_cookie)(user)
    comm = Communicator(application, "/ws/lobby/", headers=[ORIGIN, HOST, (b"cookie", cookie)])
    connected, code = await comm.connect()
    assert connected, code
    return Player(user=user, comm=comm)


@pytest.mark.django_db(transaction=True)
async def test_every_frame_of_a_whole_game_is_a_typed_message(live_deck):
    lobby = await _lobby(await sync_to_async(UserFactory)())
    table, host, guest = await two_member_game(start=False)
    players = {1: await seated(host, table.code), 2: await seated(guest, table.code)}
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await until_dealt(players.values(), table.pk)
    await play_to_the_end(players, table.pk, random.Random(3))
    host_socket = players[1]
    await host_socket.send_paced({"type": "ping"})
    await host_socket.next_of("pong")
    await host_socket.send_paced({"type": "hello", "version": 0})
    await host_socket.next_of("catchup")
    await host_socket.send_paced({"type": "hello", "version": 0})  # too soon: an error with retry_after
    await host_socket.send_paced({"type": "react", "reaction": "amen"})
    await host_socket.send_paced({"type": "nonsense"})
    await host_socket.send_paced({"type": "move", "id": "late", "version": 0, "move": {}})
    await host_socket.drain(quiet=0.3)
    await lobby.drain()
    frames = [m for p in (*players.values(), lobby) for m in p.received]
    assert [m for m in frames if m["type"] == "__closed__"] == []
    kinds = {m["type"] for m in frames}
    assert {"welcome", "update", "table", "ack", "pong", "catchup", "error", "reaction", "lobby"} <= kinds
    assert [(m["type"], shape_fault(m)) for m in frames if shape_fault(m)] == []
    for player in (*players.values(), lobby):
        await player.close()


@pytest.mark.django_db(transaction=True)
async def test_a_move_returns_exactly_the_messages_its_seats_receive(live_deck):
    table, host, guest = await two_member_game(start=False)
    players = {1: await seated(host, table.code), 2: await seated(guest, table.code)}
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await until_dealt(players.values(), table.pk)
    game = await sync_to_async(Game.objects.get)(table=table)
    state = engine.from_json(game.state)
    mover = players[state["turn"]].user
    played = await sync_to_async(services.play_move)(
        table_id=table.pk,
        user=mover,
        session_key=await sync_to_async(signed_in_session)(mover),
        move_id="returned",
        version=game.version,
        move=engine.legal_moves(state, state["turn"])[0],
    )
    assert played.applied
    by_group = {}
    for message in played.messages:
        by_group.setdefault(message.group, []).append(json.loads(message.text))
        assert json.loads(message.text) == message.message  # encoded once, from the message itself
    received = {seat: await player.drain(quiet=0.3) for seat, player in players.items()}
    for seat, player in players.items():
        own = by_group.pop(member_group(table.pk, player.user.pk))
        shared = by_group.get(table_group(table.pk), [])
        assert received[seat] == own + shared
    assert set(by_group) <= {table_group(table.pk)}  # and nothing for a seat no socket holds
    # The mover's seat is published last: its socket sends its own update itself.
    updates = [m.group for m in played.messages if m.update is not None]
    assert updates[-1] == member_group(table.pk, mover.pk)
    for player in players.values():
        await player.close()


# Module-level state that is no game's: the process's one outbox on its event loop
# (game/realtime/outbox.py), and the engine's memo of range(total) by deck size.
PROCESS_STATE = {("game/realtime/outbox.py", "_current"), ("game/engine/invariants.py", "_EVERY")}
MUTATORS = {"append", "extend", "add", "update", "setdefault", "pop", "popitem", "clear", "discard", "remove"}
CONTAINERS = {"dict", "list", "set", "deque", "OrderedDict", "defaultdict", "local", "WeakValueDictionary"}


def _module_state(path: Path, root: Path = ROOT) -> list[str]:
    """Names bound at module level to a mutable container or a thread-local that a function of the
    module changes (or rebinds through `global`)."""
    tree = ast.parse(path.read_text())
    holders = set()
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        value = getattr(node, "value", None)
        container = isinstance(value, ast.Dict | ast.List | ast.Set) or (
            isinstance(value, ast.Call)
            and getattr(value.func, "attr", getattr(value.func, "id", None)) in CONTAINERS
        )
        holders |= {
            t.id
            for t in targets
            if isinstance(t, ast.Name)
            and (container or (isinstance(value, ast.Call) and getattr(value.func, "attr", None) == "local"))
        }
    changed = set()
    for func in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        for node in ast.walk(func):
            if isinstance(node, ast.Global):
                changed |= set(node.names)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATORS
            ):
                if isinstance(node.func.value, ast.Name) and node.func.value.id in holders:
                    changed.add(node.func.value.id)
            elif isinstance(node, ast.Assign | ast.AugAssign | ast.Delete):
                for target in getattr(node, "targets", None) or [getattr(node, "target", None)]:
                    base = target
                    while isinstance(base, ast.Subscript | ast.Attribute):
                        base = base.value
                    if isinstance(base, ast.Name) and base.id in holders and base is not target:
                        changed.add(base.id)
    rel = str(path.relative_to(root))
    return sorted(f"{rel}:{name}" for name in changed if (rel, name) not in PROCESS_STATE)


@pytest.mark.parametrize(
    "source",
    [
        "_CACHE = {}\n\ndef keep(k, v):\n    _CACHE[k] = v\n",
        "_SEEN = []\n\ndef note(v):\n    _SEEN.append(v)\n",
        "import threading\n_held = threading.local()\n\ndef hold(v):\n    _held.own = v\n",
        "_last = None\n\ndef note(v):\n    global _last\n    _last = v\n",
    ],
)
def test_the_state_finder_finds_module_state(tmp_path, source):
    sample = tmp_path / "sample.py"
    sample.write_text(source)
    assert len(_module_state(sample, root=tmp_path)) == 1


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (ROOT / "game").rglob("*.py") if "migrations" not in p.parts),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_module_of_the_game_keeps_state_of_its_own(path):
    assert _module_state(path) == []


@pytest.mark.django_db
def test_ending_a_game_and_reacting_return_exactly_what_they_publish(
    live_deck, monkeypatch, django_capture_on_commit_callbacks
):
    from game.realtime import outbox
    from tests.game.support import deal_private_table

    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    published: list = []
    monkeypatch.setattr(outbox, "send_all", published.extend)
    with django_capture_on_commit_callbacks(execute=True):
        reacted = services.react(
            table_id=table.pk, user=guest, session_key=signed_in_session(guest), reaction="amen"
        )
    with django_capture_on_commit_callbacks(execute=True):
        ended = services.end_game(user=host, code=table.code)
    returned = [(m.group, m.relay()) for m in (*reacted.messages, *ended.messages)]
    assert published == returned
    kinds = [json.loads(event["text"])["type"] for _group, event in published]
    assert kinds[0] == "reaction" and "update" in kinds and kinds[-1] == "table"
    assert ended.game.version == Game.objects.get(table=table).version
