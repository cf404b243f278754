"""Tables, seats, games and what happened in them."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import pgettext_lazy

from game.codes import normalize


class TableQuerySet(models.QuerySet["Table"]):
    def by_code(self, code: str) -> TableQuerySet:
        """Tables with this code in any case, newest first: a code is reused once its table is done."""
        return self.filter(code=normalize(code)).order_by("-created_at", "-pk")

    def unfinished(self) -> TableQuerySet:
        return self.filter(status__in=[Table.Status.WAITING, Table.Status.PLAYING])

    def waiting_hosted_by(self, user: object) -> TableQuerySet:
        """Private tables this member opened that have not started: a host keeps one at a time."""
        return self.filter(host=user, kind=Table.Kind.PRIVATE, status=Table.Status.WAITING)

    def open_public(self) -> TableQuerySet:
        """Public tables still counting down, soonest start first."""
        return self.filter(kind=Table.Kind.PUBLIC, status=Table.Status.WAITING).order_by(
            "countdown_deadline", "pk"
        )


class Variant(models.TextChoices):
    """The game a table plays (V2, V3); the engine declares what each one changes."""

    STANDARD = "standard", "Standard game"
    QUICK = "quick", "Quick game"
    TOGETHER = "together", "Together"


def new_invite_token() -> str:
    """The secret of a table's QR code and share link: far too long to guess, unlike its code."""
    return secrets.token_urlsafe(24)


class Table(models.Model):
    """A table people sit at: private (by code) or public (Play now)."""

    class Kind(models.TextChoices):
        PRIVATE = "private", pgettext_lazy("a kind of table", "Private")
        PUBLIC = "public", pgettext_lazy("a kind of table", "Public")

    class Status(models.TextChoices):
        WAITING = "waiting", pgettext_lazy("a table's state", "Waiting")
        PLAYING = "playing", pgettext_lazy("a table's state", "Playing")
        FINISHED = "finished", pgettext_lazy("a table's state", "Finished")
        ENDED = "ended", pgettext_lazy("a table's state", "Ended early")

    code = models.CharField(max_length=4)
    # The QR code and share link carry this instead of the code, so they are never a guess and a
    # member throttled for wrong typed codes can still join by scanning (game/services/access.py).
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token, editable=False)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PRIVATE)
    seat_count = models.PositiveSmallIntegerField(default=4)
    teams = models.BooleanField(default=False)
    remember_word = models.BooleanField(default=True)
    allow_agents = models.BooleanField(default=False, help_text="Approved AI agents may take helper seats.")
    # Table options and variants (V1-V3): private tables only; public tables keep the defaults.
    variant = models.CharField(max_length=10, choices=Variant.choices, default=Variant.STANDARD)
    deal_seven = models.BooleanField(default=False, help_text="Deal 7 cards each (young children).")
    ask_any = models.BooleanField(default=False, help_text="Ask for any story (young children).")
    read_aloud = models.BooleanField(default=False, help_text="Read each verse together instead of a quiz.")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_tables")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    countdown_deadline = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A table screen or a watcher follows this table: its moves also publish the public view (set
    # and cleared in the same transactions that make and end screens and watchers, under the lock).
    watched = models.BooleanField(default=False)
    # The host turned watching off (game/services/watching.py): nobody new watches or asks, and
    # those watching were sent away. Null while watching is allowed (a nullable column, so a
    # rolling upgrade's old processes insert tables as before).
    watching_off_at = models.DateTimeField(null=True, blank=True)
    # "Play over days" (private tables): the game waits for its members across days, they are
    # told when it is their turn, and a table with no move for GAME_IDLE_END_DAYS ends early.
    over_days = models.BooleanField(default=False, help_text="The game waits across days; members are told.")
    # When its members were told that the table ends soon for want of moves (game/services/over_days.py).
    idle_warned_at = models.DateTimeField(null=True, blank=True)
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_table"
    )
    # A class's table (classes/): its host (the class's leader) leads it from the class board and
    # does not sit; nobody joins it by its code or a link, and nobody watches it but the board.
    led = models.BooleanField(default=False, db_default=False)
    # The deck its host chose when opening it (R42); null deals the main deck (Play now, the default).
    deck = models.ForeignKey(
        "content.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = TableQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["code"], condition=Q(status__in=["waiting", "playing"]), name="unique_code_while_open"
            ),
            models.CheckConstraint(condition=Q(seat_count__in=[4, 5]), name="four_or_five_seats"),
        ]
        indexes = [models.Index(fields=["kind", "status", "countdown_deadline"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} table {self.code}"

    def game_options(self) -> dict:
        """The table's options as the engine takes them (V1-V3)."""
        return {
            "variant": self.variant,
            "deal_seven": self.deal_seven,
            "ask_any": self.ask_any,
            "read_aloud": self.read_aloud,
        }

    @property
    def is_public(self) -> bool:
        return self.kind == self.Kind.PUBLIC

    @property
    def is_open(self) -> bool:
        return self.status in (self.Status.WAITING, self.Status.PLAYING)


class Seat(models.Model):
    """A place at a table: a member, or a helper once the game starts."""

    class Kind(models.TextChoices):
        PERSON = "person", "Person"
        HELPER = "helper", "JagAI"
        AGENT = "agent", "Agent"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    agent = models.ForeignKey(
        "accounts.Agent", null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PERSON)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)
    # The game's version this seat's page last showed, and when (Since you were here).
    seen_version = models.PositiveIntegerField(default=0)
    seen_at = models.DateTimeField(null=True, blank=True)
    # The language this seat's member reads the table in (their table page's, noted when it opens;
    # issue 42, R43): its cards, verses and Remember the Word. Empty until a page of theirs opens.
    # The database keeps the default too, so processes not yet upgraded can still add seats.
    language = models.CharField(max_length=8, blank=True, default="", db_default="")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False), name="one_seat_per_member"
            ),
            models.UniqueConstraint(
                fields=["table", "agent"], condition=Q(agent__isnull=False), name="one_seat_per_agent"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.position} at {self.table.code}"


class Game(models.Model):
    """The game played at a table: the engine's state, rewritten by every move. What it was dealt is
    kept apart, in its `Deal`."""

    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="game")
    seed = models.BigIntegerField()
    deck_name = models.CharField(max_length=120)
    state = models.TextField()
    version = models.PositiveIntegerField(default=0)
    decision_since = models.DateTimeField(help_text="When the current decision became possible.")
    move_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    def __str__(self) -> str:
        return f"game at {self.table.code}"

    @classmethod
    def version_at(cls, table_id: int) -> int:
        """The version of the game at a table, 0 before the deal (what every message names)."""
        return cls.objects.filter(table_id=table_id).values_list("version", flat=True).first() or 0


class Deal(models.Model):
    """What a game was dealt: the deck's card content and the engine's first state. Written once at
    the deal and read by welcomes, replays and reviews, never by a move. It has its own row because
    SQLite rewrites a whole row on every update: in the game's row these 20 KB were written again
    with every move (docs/performance.md)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="deal")
    cards = models.JSONField(help_text="The deck's card content, copied at the deal.")
    initial_state = models.TextField()

    def __str__(self) -> str:
        return f"deal of game {self.game_id}"


class GameEvent(models.Model):
    """One applied move and what the table saw; append-only, numbered per game."""

    # No index of its own: the (game, seq) constraint's index serves every lookup by game.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty for server moves.")
    move = models.JSONField()
    move_id = models.CharField(max_length=64, blank=True, default="")
    events = models.JSONField(help_text="What happened, as the engine reported it (with secrets).")
    server_time = models.DateTimeField(auto_now_add=True)
    elapsed_ms = models.PositiveIntegerField(null=True, blank=True)
    device_id = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_event_per_seq"),
            models.UniqueConstraint(
                fields=["game", "seat", "move_id"], condition=~Q(move_id=""), name="one_event_per_move_id"
            ),
        ]

    def __str__(self) -> str:
        return f"event {self.seq} of game {self.game_id}"


class Reaction(models.Model):
    """A quick reaction tapped at the table; there is no free text."""

    class Kind(models.TextChoices):
        AMEN = "amen", "Amen!"
        WELL_PLAYED = "well_played", "Well played"
        THANK_YOU = "thank_you", "Thank you"
        YOUR_TURN = "your_turn", "Your turn"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reactions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reactions")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["user", "created_at"])]

    def __str__(self) -> str:
        return self.get_kind_display()


class TableScreenQuerySet(models.QuerySet["TableScreen"]):
    def live(self) -> TableScreenQuerySet:
        return self.filter(revoked_at__isnull=True)


class TableScreen(models.Model):
    """A big-screen link of a table (game/services/screens.py): a long secret, of which only the
    SHA-256 is kept, that shows the public view with no sign-in. It follows the table through Play
    again, and dies when the host turns it off, makes a new one, or the table ends."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="screens")
    # Who made the link: it follows Play again only to a table they host or sit at.
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    secret_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = TableScreenQuerySet.as_manager()

    def __str__(self) -> str:
        return f"Screen {self.pk} of {self.table}"


class TvPairing(models.Model):
    """A short code a TV shows at /tv/ for the host to type (game/services/pairing.py). Only hashes
    are kept: the code's, keyed with the site's secret, and that of the screen secret only the TV
    holds, which becomes its `TableScreen.secret_hash` once the host types the code."""

    code_hash = models.CharField(max_length=64, db_index=True)
    screen_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    # A code pairs once: when, and the screen it made (None while it waits, or once it is gone).
    paired_at = models.DateTimeField(null=True, blank=True)
    screen = models.OneToOneField(
        TableScreen, on_delete=models.SET_NULL, null=True, blank=True, related_name="pairing"
    )

    def __str__(self) -> str:
        return f"TV pairing {self.pk}"


def asking_since(now: datetime | None = None) -> datetime:
    """Requests to watch made after this moment still wait for the host; older ones lapsed
    (GAME_WATCH_ASK_SECONDS): the one window the services, the lookup and the payload share."""
    return (now or timezone.now()) - timedelta(seconds=settings.GAME_WATCH_ASK_SECONDS)


class WatcherQuerySet(models.QuerySet["Watcher"]):
    def live(self) -> WatcherQuerySet:
        """Those who watch now: let in (by the invite link, a parent at the table or the host's
        yes) and not removed."""
        return self.filter(removed_at__isnull=True, approved_at__isnull=False)

    def asking(self, since: object) -> WatcherQuerySet:
        """Requests to watch the host has not answered, made after `since` (older ones lapsed)."""
        return self.filter(removed_at__isnull=True, approved_at__isnull=True, asked_at__gt=since)


class Watcher(models.Model):
    """A member watching a private table instead of sitting at it, or asking the host to
    (game/services/watching.py). The host may say no or remove them; then they may not watch that
    table again."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="watchers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watching")
    created_at = models.DateTimeField(auto_now_add=True)
    # When they were let in; None while they only ask (a request lapses after a few minutes).
    approved_at = models.DateTimeField(null=True, blank=True)
    asked_at = models.DateTimeField(null=True, blank=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    objects = WatcherQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "user"], name="one_watcher_row_per_member")]

    def __str__(self) -> str:
        return f"{self.user_id} watching {self.table}"


class SitRequest(models.Model):
    """A guest asking the host to let them sit at a waiting private table (game/services/guests.py).
    It goes when the host answers: a yes seats the guest, a no deletes the guest's account (and
    signs out the device that asked). Unanswered, it lapses after GAME_WATCH_ASK_SECONDS; the guest
    may ask again."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sit_requests")
    guest = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sit_request"
    )
    asked_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.guest_id} asking to sit at {self.table}"
