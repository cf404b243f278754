"""Members, sessions and tables, made directly in the database the server uses (Django ORM + services).

Runs in the benchmark process after django.setup(), always from one worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import make_password
from django.db import close_old_connections, connection

from accounts.models import User
from bench import durable_store
from game import services

BACKEND = "django.contrib.auth.backends.ModelBackend"


@dataclass
class Member:
    user_id: int
    cookie: str  # the Cookie header value: sessionid=...


@dataclass
class TableInfo:
    code: str
    table_id: int
    members: list[Member]  # in seat order: member i sits in seat i + 1


def closing(fn):
    """Close this process's connection after each call, as the server does (conn_max_age=0).

    An idle connection held open here would change the server's SQLite behaviour: the last
    connection to close checkpoints the write-ahead log, and a benchmark must not hide that cost.
    """

    def wrapper(*args, **kwargs):
        close_old_connections()
        try:
            return fn(*args, **kwargs)
        finally:
            connection.close()

    wrapper.__doc__ = fn.__doc__
    return wrapper


@closing
def make_members(run_tag: str, count: int) -> list[Member]:
    """Members with gamer tags and no usable password, each with a signed-in session."""
    unusable = make_password(None)
    users = [
        User(email=f"bench-{run_tag}-{i}@bench.invalid", gamer_tag=f"b{run_tag}{i}", password=unusable)
        for i in range(count)
    ]
    User.objects.bulk_create(users, batch_size=500)
    made = list(User.objects.filter(email__startswith=f"bench-{run_tag}-"))
    made.sort(key=lambda u: int(u.email.split("-")[2].split("@")[0]))
    return [signed_in(user) for user in made]


def signed_in(user: User) -> Member:
    """The member with a new signed-in session, saved as Django's login() would save it."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = user._meta.pk.value_to_string(user)
    store[BACKEND_SESSION_KEY] = BACKEND
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return Member(user_id=user.pk, cookie=f"{settings.SESSION_COOKIE_NAME}={store.session_key}")


@closing
def open_table(members: list[Member]) -> TableInfo:
    """A private four-seat table through the services: the first member hosts, the others join by
    code, JagAI fills the empty seats, and the host starts the game."""
    users = {u.pk: u for u in User.objects.filter(pk__in=[m.user_id for m in members])}
    host = users[members[0].user_id]
    table = services.create_private_table(user=host, seats=4).table
    for member in members[1:]:
        services.join_by_code(user=users[member.user_id], code=table.code)
    services.start_table(user=host, code=table.code)
    return TableInfo(code=table.code, table_id=table.pk, members=list(members))


@closing
def play_moves(table: TableInfo, count: int) -> int:
    """Up to `count` moves by the table's members (JagAI's turns follow by themselves), so that a
    catch-up from version 0 is as long as late in a game; how many were played."""
    from game import engine
    from game.models import Game

    users = {u.pk: u for u in User.objects.filter(pk__in=[m.user_id for m in table.members])}
    played = 0
    for _ in range(count):
        game = Game.objects.get(table_id=table.table_id)
        state = engine.from_json(game.state)
        turn = engine.current_seat(state)
        if engine.is_over(state) or not 1 <= turn <= len(table.members):
            break
        member = table.members[turn - 1]
        services.play_move(
            table_id=table.table_id,
            user=users[member.user_id],
            session_key=member.cookie.split("=", 1)[1],
            move_id=f"bench{game.version}",
            version=game.version,
            move=engine.legal_moves(state, turn)[0],
        )
        played += 1
    return played


@closing
def make_durable_slots(count: int) -> None:
    """The durable floor's own tables (bench/durable_store.py), one slot row per probe socket."""
    durable_store.create_tables(count)


@closing
def durable_committed() -> tuple[int, int]:
    """(log rows, the slots' counts added up): what the durable probes committed."""
    return durable_store.committed()
