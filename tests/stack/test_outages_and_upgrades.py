"""Issue 44's outages and rolling upgrade, under a live table on the production stack: two members
play through nginx, one browser pinned to daphne 1 by the jag_process cookie and one with no such
cookie, as any visitor's. PostgreSQL stops and starts, Redis stops and starts, and a migration is
applied while the old processes serve (docs/operations.md, "Upgrading, with the processes running"
and "Restarting Redis"). Every response either browser gets, and every line nginx logs, is the
site's own: never nginx's 502.

It shares the stack of tests/stack/conftest.py and leaves it as it found it (the schema too).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import table_model
from tests.e2e.test_table_two_members import sign_up
from tests.stack.support import PHONE, RunningStack, get, mailed_code, manage, wait_until

PINNED_EMAIL, VISITOR_EMAIL = "deborah@example.org", "gideon@example.org"
PINNED_TAG, VISITOR_TAG = "Deborah", "Gideon"
RIGHT_BACK = "We'll be right back"

# Every socket the page makes, as the page's own code sees it: whether it opened, the code it closed
# with (a handshake nginx answered 502 closes as 1006 without ever opening), and the moves it sent
# and the acks and errors it heard. The page itself is unchanged: this wraps the browser's WebSocket.
RECORD_SOCKETS = """(() => {
  const Real = window.WebSocket;
  const seen = (window.jagSockets = []);
  window.WebSocket = class extends Real {
    constructor(url, protocols) {
      super(url, protocols);
      const entry = { url: String(url), opened: false, code: null, moves: [], acks: [], errors: [] };
      this.jagEntry = entry;
      seen.push(entry);
      this.addEventListener("open", () => { entry.opened = true; });
      this.addEventListener("close", (event) => { entry.code = event.code; });
      this.addEventListener("message", (event) => {
        try {
          const message = JSON.parse(event.data);
          if (message.type === "ack") entry.acks.push(message.id);
          if (message.type === "error") entry.errors.push({ id: message.id, code: message.code, retry: !!message.retry });
        } catch {}
      });
    }
    send(data) {
      try {
        const message = JSON.parse(data);
        if (message.type === "move") this.jagEntry.moves.push(message.id);
      } catch {}
      return super.send(data);
    }
  };
})();"""

# One of the seat's legal moves, sent through the page's own act (the buttons call the same).
SEND_A_MOVE = """(pick) => {
  const t = window.jagTable, m = t && t.model();
  if (!m || !m.view || m.pending || m.view.result) return false;
  const moves = m.view.legal_moves || [];
  if (!moves.length) return false;
  t.sendMove(moves[Math.floor(pick * moves.length)]);
  return !!t.model().pending;
}"""


@dataclass
class Member:
    """One member's browser: its table tab, and everything it was answered."""

    name: str
    context: object
    page: object
    responses: list[tuple[int, str]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)

    def version(self) -> int | None:
        return table_model(self.page, "(m) => (m && m.view ? m.version : null)")

    def pending(self) -> bool:
        return table_model(self.page, "(m) => !!(m && m.pending)")

    def can_move(self) -> bool:
        return table_model(
            self.page,
            "(m) => !!(m && m.view && !m.pending && !m.view.result && (m.view.legal_moves || []).length)",
        )

    def sockets(self, page=None) -> list[dict]:
        return (page or self.page).evaluate("() => window.jagSockets || []")

    def socket_open(self) -> bool:
        return self.page.evaluate("() => !!(window.jagTable && window.jagTable.socket.isOpen())")


@dataclass
class LiveTable:
    pinned: Member
    visitor: Member
    code: str
    game_id: int
    url: str
    rng: random.Random

    @property
    def members(self) -> tuple[Member, Member]:
        return (self.pinned, self.visitor)


def until(condition: Callable[[], object], seconds: float, what: str | Callable[[], str]) -> object:
    """Poll until `condition` is truthy, failing with `what` (or what it returns) at the deadline."""
    return wait_until(condition, seconds, what)


def open_member(browser, stack: RunningStack, name: str, process: int | None) -> Member:
    context = browser.new_context(viewport=PHONE, ignore_https_errors=True)
    context.set_default_timeout(15_000)
    if process is not None:  # the stack's proxy sends this browser to that daphne process only
        context.add_cookies([{"name": "jag_process", "value": str(process), "url": stack.url}])
    context.add_init_script(RECORD_SOCKETS)
    member = Member(name=name, context=context, page=context.new_page())
    context.on("response", lambda answer: member.responses.append((answer.status, answer.url)))
    context.on("console", lambda message: member.said.append(message.text))
    return member


@pytest.fixture(scope="module")
def live_table(stack: RunningStack, browser) -> Iterator[LiveTable]:
    """Two members at a private table, its game dealt (Remember the Word off: no dialogs)."""
    expect.set_options(timeout=15_000)
    pinned = open_member(browser, stack, PINNED_TAG, process=1)
    visitor = open_member(browser, stack, VISITOR_TAG, process=None)
    sign_up(pinned.page, stack.url, PINNED_EMAIL, PINNED_TAG, lambda email: mailed_code(stack, email))
    sign_up(visitor.page, stack.url, VISITOR_EMAIL, VISITOR_TAG, lambda email: mailed_code(stack, email))
    pinned.page.goto(stack.url + "/")
    pinned.page.get_by_label("Remember the Word").uncheck()
    pinned.page.get_by_role("button", name="Start a private table").click()
    expect(pinned.page.locator(".table-code")).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = pinned.page.locator(".table-code").inner_text()
    visitor.page.goto(stack.url + "/")
    visitor.page.get_by_label("Table code").fill(code)
    visitor.page.get_by_role("button", name="Join", exact=True).click()
    expect(pinned.page.locator("#waiting-seats")).to_contain_text(VISITOR_TAG)
    pinned.page.get_by_role("button", name="Start the game").click()
    for member in (pinned, visitor):
        expect(member.page.locator(".seat-chip")).to_have_count(4)
    with psycopg.connect(stack.info["database_url"]) as connection:
        game_id = connection.execute(
            "SELECT g.id FROM game_game g JOIN game_table t ON t.id = g.table_id"
            " WHERE t.code = %s AND g.finished_at IS NULL ORDER BY g.id DESC LIMIT 1",
            [code],
        ).fetchone()[0]
    live = LiveTable(pinned, visitor, code, game_id, pinned.page.url, random.Random(44))
    yield live
    for member in live.members:
        member.context.close()


def game_version(stack: RunningStack, game_id: int) -> int:
    with psycopg.connect(stack.info["database_url"]) as connection:
        return connection.execute("SELECT version FROM game_game WHERE id = %s", [game_id]).fetchone()[0]


def settled(stack: RunningStack, table: LiveTable, seconds: float = 20) -> int:
    """Both pages show the game's version (the database's) with no move waiting: that version."""

    seen: list = []

    def same() -> bool:
        wanted = game_version(stack, table.game_id)
        shown = [(m.version(), m.pending()) for m in table.members]
        seen[:] = [wanted, shown]
        return shown == [(wanted, False), (wanted, False)]

    until(same, seconds, lambda: f"the pages did not come to the game's version: {seen}")
    return seen[0]


def mover(table: LiveTable) -> Member:
    """The member whose move it is (helpers play at once, so a settled game waits for a person)."""
    return until(lambda: next((m for m in table.members if m.can_move()), None), 10, "nobody may move")


def send_a_move(table: LiveTable, member: Member) -> None:
    assert member.page.evaluate(SEND_A_MOVE, table.rng.random()), f"{member.name}'s page did not send"


def play(stack: RunningStack, table: LiveTable, moves: int) -> int:
    """`moves` moves, each answered on the mover's page and seen by both: the version after."""
    version = settled(stack, table)
    for _ in range(moves):
        member = mover(table)
        send_a_move(table, member)
        until(lambda member=member: not member.pending(), 15, f"{member.name}'s move was not answered")
        version = settled(stack, table)
    return version


def nginx_lines(stack: RunningStack, start: int) -> list[str]:
    return Path(stack.info["nginx_logs"][0]).read_text(errors="replace").splitlines()[start:]


def assert_only_the_sites_answers(stack: RunningStack, table: LiveTable, nginx_from: int) -> None:
    """No 502 (nor 500 or 504) reached either browser, and every 503 nginx passed on was daphne's."""
    for member in table.members:
        wrong = [(status, url) for status, url in member.responses if status in (500, 502, 504)]
        assert wrong == [], (member.name, wrong)
        assert not [line for line in member.said if "502" in line], member.said
    for line in nginx_lines(stack, nginx_from):
        status = int(re.search(r'" (\d{3}) ', line).group(1))
        assert status not in (500, 502, 504), line
        if status == 503:
            assert line.endswith("upstream_status=503"), line  # answered by a daphne process


def load_in_a_new_tab(member: Member, url: str) -> tuple[int, str, object]:
    tab = member.context.new_page()
    answer = tab.goto(url)
    return answer.status, tab.content(), tab


def test_a_postgresql_stop_shows_the_sites_own_page_and_the_game_goes_on_after(stack, live_table):
    table = live_table
    before = play(stack, table, 1)
    nginx_from = len(nginx_lines(stack, 0))
    marks = {m.name: len(m.sockets()) for m in table.members}
    moving = mover(table)
    moving_socket = len(moving.sockets()) - 1
    stack.services.stop_postgres()
    try:
        # A move made now is answered on its open socket: the site's retryable "unavailable", so
        # the page knows it was not applied (the member taps again later); nothing is half done.
        send_a_move(table, moving)
        until(lambda: not moving.pending(), 10, "the move made during the outage was not answered")
        [refused] = moving.sockets()[moving_socket]["moves"][-1:]
        errors = moving.sockets()[moving_socket]["errors"]
        assert {"id": refused, "code": "unavailable", "retry": True} in errors, errors
        # Each page loses its socket (as a phone's network drops): each new one is answered by the
        # site, accepted and closed with 4500, and the page tries again after a while.
        for member in table.members:
            member.page.evaluate("() => window.jagTable.socket.reconnect()")
        for member in table.members:
            until(
                lambda member=member: any(s["code"] == 4500 for s in member.sockets()[marks[member.name] :]),
                10,
                lambda member=member: f"{member.name}'s new socket was not answered 4500: {member.sockets()}",
            )
            # Every page load, with the cookie or without: the site's own 503 page.
            for path in ("/how-to-play/", "/", table.url.removeprefix(stack.url)):
                status, content, tab = load_in_a_new_tab(member, stack.url + path)
                assert status == 503 and RIGHT_BACK in content, (member.name, path, status, content[:300])
                tab.close()
    finally:
        stack.services.start_postgres_again()
    until(lambda: get(stack.url + "/readyz")[0] == 200, 20, "readyz did not recover")
    # Each page comes back by itself (its backoff is at most 15 s), at the game's version.
    for member in table.members:
        until(member.socket_open, 30, f"{member.name}'s page did not reconnect")
    assert settled(stack, table) == before
    assert moves_in_the_database(stack, table.game_id, {refused}) == set()
    for member in table.members:
        since = member.sockets()[marks[member.name] :]
        assert all(s["opened"] for s in since), (member.name, since)  # no handshake failed (a 502)
    # The game goes on: the member taps again, and both pages see the move.
    assert play(stack, table, 1) > before
    assert_only_the_sites_answers(stack, table, nginx_from)


def test_a_redis_stop_keeps_the_table_playing_and_every_page_answered(stack, live_table, browser):
    table = live_table
    before = play(stack, table, 1)
    nginx_from = len(nginx_lines(stack, 0))
    table_sockets = {m.name: len(m.sockets()) - 1 for m in table.members}
    newcomer = open_member(browser, stack, "a visitor signing in", process=None)
    stack.services.stop_redis()
    try:
        # A move needs only the database: the mover's open socket answers it; the other page
        # catches up (hello/catchup) at its next keep-alive, as its live update could not be sent.
        moving = mover(table)
        send_a_move(table, moving)
        until(lambda: not moving.pending(), 10, "the move made without Redis was not answered")
        socket = moving.sockets()[table_sockets[moving.name]]
        assert socket["acks"][-1:] == socket["moves"][-1:], socket  # applied, and said so at once
        during = settled(stack, table, seconds=25)
        assert during > before
        for member in table.members:
            assert member.sockets()[table_sockets[member.name]]["code"] is None, "its socket stayed open"
        for member in table.members:
            for path in ("/how-to-play/", "/"):
                status, content, tab = load_in_a_new_tab(member, stack.url + path)
                assert status == 200 or (status == 503 and RIGHT_BACK in content), (member.name, path, status)
                tab.close()
        # A socket opened now (each page drops its own, as a phone's network does) is answered 4500
        # and the page tries again, until Redis is back.
        for member in table.members:
            member.page.evaluate("() => window.jagTable.socket.reconnect()")
        for member in table.members:
            until(
                lambda member=member: any(
                    s["code"] == 4500 for s in member.sockets()[table_sockets[member.name] + 1 :]
                ),
                10,
                lambda member=member: f"{member.name}'s new socket was not answered 4500: {member.sockets()}",
            )
        # Signing in counts its tries in Redis: the site's own 503 page, never a bare 500 or a 502.
        page = newcomer.page
        page.goto(stack.url + "/accounts/login/")
        page.locator("#id_login").fill(PINNED_EMAIL)
        page.locator("#id_password").fill("not-the-password-at-all")
        with page.expect_navigation() as sent:
            page.locator("#id_password").press("Enter")
        assert sent.value.status == 503 and RIGHT_BACK in page.content()
    finally:
        stack.services.start_redis_again()
    until(lambda: get(stack.url + "/readyz")[0] == 200, 20, "readyz did not recover after Redis came back")
    for member in table.members:
        until(member.socket_open, 30, f"{member.name}'s page did not reconnect after Redis came back")
        since = member.sockets()[table_sockets[member.name] + 1 :]
        assert all(s["opened"] for s in since), (member.name, since)  # no handshake failed (a 502)
    # Each process subscribes again by itself: the next moves reach the other page.
    assert play(stack, table, 2) > during
    newcomer.context.close()
    for member in (*table.members, newcomer):
        assert not [(s, u) for s, u in member.responses if s in (500, 502, 504)], member.responses
    assert_only_the_sites_answers(stack, table, nginx_from)


def moves_in_the_database(stack: RunningStack, game_id: int, ids: set[str]) -> set[str]:
    with psycopg.connect(stack.info["database_url"]) as connection:
        rows = connection.execute(
            "SELECT move_id FROM game_gameevent WHERE game_id = %s AND move_id = ANY(%s)",
            [game_id, list(ids)],
        ).fetchall()
    return {row[0] for row in rows}


# Two migrations as a release might bring them, each a real `migrations.AddField` on the game app's
# models as they are now; the SQL is what Django's schema editor makes of it on the stack's
# PostgreSQL, and the verdict is django-migration-linter's (tests/foundation/test_rolling_upgrades.py
# runs the same analyser on every migration of the project).
#   allowed: a NOT NULL column the database keeps a default for (`db_default`), on the moves table
#            every move of the old code inserts into;
#   refused: a NOT NULL column with only a Django `default=`, on the seats table: PostgreSQL fills it
#            and drops the default again, so the old code's next seat cannot be inserted.
MIGRATIONS = r"""
import json
from django.db import connection, migrations, models
from django.db.migrations.loader import MigrationLoader
from django_migration_linter.sql_analyser import PostgresqlAnalyser, analyse_sql_statements

OPERATIONS = {
    "allowed": migrations.AddField(
        "gameevent", "upgrade_note", models.CharField(max_length=32, blank=True, default="", db_default="")
    ),
    "refused": migrations.AddField("seat", "upgrade_mark", models.CharField(max_length=8, default="")),
}
before = MigrationLoader(connection).project_state()


def sql_of(operation, backwards=False):
    after = before.clone()
    operation.state_forwards("game", after)
    with connection.schema_editor(collect_sql=True) as editor:
        if backwards:
            operation.database_backwards("game", editor, after, before)
        else:
            operation.database_forwards("game", editor, before, after)
    return editor.collected_sql


made = {}
for name, operation in OPERATIONS.items():
    forwards = sql_of(operation)
    errors, _ignored, _warnings = analyse_sql_statements(PostgresqlAnalyser, forwards)
    made[name] = {
        "forwards": forwards,
        "backwards": sql_of(operation, backwards=True),
        "linter": [issue.code for issue in errors],
    }
print("MIGRATIONS " + json.dumps(made))
"""

# The old code (the model as the running processes know it) adds a seat: a new private table for a
# member, in a transaction that is always rolled back. Prints what happened.
A_NEW_SEAT = r"""
from django.db import IntegrityError, transaction
from accounts.models import User
from game import services

class RolledBack(Exception):
    pass

try:
    with transaction.atomic():
        services.create_private_table(user=User.objects.get(email=EMAIL))
        raise RolledBack
except RolledBack:
    print("SEAT inserted")
except IntegrityError as error:
    print("SEAT refused", error.__cause__.sqlstate, " ".join(str(error).split())[:200])
"""


def migrations_sql(stack: RunningStack) -> dict:
    done = manage(stack, "shell", "-c", MIGRATIONS)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.split("MIGRATIONS ", 1)[1])


def run_sql(stack: RunningStack, statements: list[str]) -> None:
    """As `manage.py migrate` would, on the stack's database while the old processes serve."""
    with psycopg.connect(stack.info["database_url"], autocommit=True) as connection, connection.transaction():
        for statement in statements:
            connection.execute(statement)


def a_new_seat(stack: RunningStack) -> str:
    done = manage(stack, "shell", "-c", f"EMAIL = {PINNED_EMAIL!r}\n" + A_NEW_SEAT)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split("SEAT ", 1)[1].strip()


def columns(stack: RunningStack, table: str) -> set[str]:
    with psycopg.connect(stack.info["database_url"]) as connection:
        rows = connection.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = %s", [table]
        ).fetchall()
    return {row[0] for row in rows}


def clock_lines(stack: RunningStack) -> list[str]:
    return Path(stack.info["clock_log"]).read_text(errors="replace").splitlines()


def problems_in_logs(stack: RunningStack, since: dict[int, int], clock_since: int) -> list:
    """Errors and tracebacks both daphne processes and the clock logged since then."""
    served = [
        line
        for n in (1, 2)
        for line in stack.log_lines(n)[since[n] :]
        if line.get("level") in ("ERROR", "CRITICAL") or "exc_info" in line
    ]
    swept = [line for line in clock_lines(stack)[clock_since:] if "ERROR" in line or "Traceback" in line]
    return served + swept


def sent_and_acked(table: LiveTable, marks: dict[str, int]) -> tuple[set[str], set[str]]:
    sent: set[str] = set()
    acked: set[str] = set()
    for member in table.members:
        for socket in member.sockets()[marks[member.name] :]:
            sent.update(socket["moves"])
            acked.update(socket["acks"])
    return sent, acked


def test_a_migration_the_linter_allows_is_applied_under_a_live_table_and_the_game_goes_on(stack, live_table):
    table = live_table
    made = migrations_sql(stack)["allowed"]
    assert made["linter"] == [], made
    assert made["forwards"] == [
        'ALTER TABLE "game_gameevent" ADD COLUMN "upgrade_note" varchar(32) DEFAULT \'\' NOT NULL;'
    ], made["forwards"]
    before = play(stack, table, 1)
    logs_from = {n: len(stack.log_lines(n)) for n in (1, 2)}
    clock_from = len(clock_lines(stack))
    marks = {m.name: len(m.sockets()) - 1 for m in table.members}
    with psycopg.connect(stack.info["database_url"]) as connection:
        last_seq = connection.execute(
            "SELECT max(seq) FROM game_gameevent WHERE game_id = %s", [table.game_id]
        ).fetchone()[0]
    try:
        # The migration runs as a move is on its way, while the old processes serve.
        moving = mover(table)
        send_a_move(table, moving)
        run_sql(stack, made["forwards"])
        assert "upgrade_note" in columns(stack, "game_gameevent")
        until(lambda: not moving.pending(), 15, "the move sent as the migration ran was not answered")
        after = play(stack, table, 4)
        # No move lost: every move either page sent was acknowledged and is in the database, and
        # both pages show the game's own version.
        sent, acked = sent_and_acked(table, marks)
        assert len(sent) >= 5 and sent == acked, (sent, acked)
        assert moves_in_the_database(stack, table.game_id, sent) == sent
        assert after == settled(stack, table) > before
        # The old code's inserts landed in the new schema: the database filled the new column.
        with psycopg.connect(stack.info["database_url"]) as connection:
            filled = connection.execute(
                "SELECT count(*), count(*) FILTER (WHERE upgrade_note = '') FROM game_gameevent"
                " WHERE game_id = %s AND seq > %s",
                [table.game_id, last_seq],
            ).fetchone()
        assert filled[0] >= 5 and filled[0] == filled[1], filled
        assert problems_in_logs(stack, logs_from, clock_from) == []
    finally:
        run_sql(stack, made["backwards"])  # the next release's own step; here, the stack as it was
    assert "upgrade_note" not in columns(stack, "game_gameevent")
    assert made["backwards"] == ['ALTER TABLE "game_gameevent" DROP COLUMN "upgrade_note" CASCADE;']


def test_a_migration_the_linter_refuses_breaks_the_old_codes_inserts_and_is_undone(stack, live_table):
    table = live_table
    made = migrations_sql(stack)["refused"]
    assert made["linter"] == ["NOT_NULL"], made  # django-migration-linter's refusal
    assert made["forwards"] == [
        'ALTER TABLE "game_seat" ADD COLUMN "upgrade_mark" varchar(8) DEFAULT \'\' NOT NULL;',
        'ALTER TABLE "game_seat" ALTER COLUMN "upgrade_mark" DROP DEFAULT;',
    ], made["forwards"]
    assert a_new_seat(stack) == "inserted"
    run_sql(stack, made["forwards"])
    try:
        # Why it is refused: the old code's next seat (a member opening a table) cannot be added.
        said = a_new_seat(stack)
        assert said.startswith("refused 23502"), said  # not_null_violation
        assert "upgrade_mark" in said, said
    finally:
        run_sql(stack, made["backwards"])
    assert "upgrade_mark" not in columns(stack, "game_seat")
    assert a_new_seat(stack) == "inserted"
    play(stack, table, 1)  # the live table never needed a new seat: it plays on
