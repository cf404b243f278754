"""Members: signed in by email, known to other players only by their gamer tag."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import (
    AbstractBaseUser,
    BaseUserManager,
    PermissionsMixin,
)
from django.db import models
from django.db.models.functions import Lower
from django.utils import dateformat, timezone
from django.utils.translation import gettext, gettext_lazy


class UserManager(BaseUserManager["User"]):
    """Creates members and staff from an email and a password."""

    use_in_migrations = True

    def _create(self, email: str, password: str | None, **extra: object) -> User:
        if not email:
            raise ValueError("An email address is required")
        user = self.model(email=self.normalize_email(email), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra: object) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra: object) -> User:
        extra["is_staff"] = True
        extra["is_superuser"] = True
        return self._create(email, password, **extra)


class RestrictionKind(models.TextChoices):
    """What keeps a member from tables; kept in step by moderation's decision services."""

    NONE = "", "None"
    SUSPENSION = "suspension", "Suspension"
    BAN = "ban", "Ban"


@dataclass(frozen=True)
class Restriction:
    """A member's restriction now: its kind, until when (None for a ban), and what they are told."""

    kind: str
    until: datetime | None
    message: str


def _restriction_message(kind: str, until: datetime | None) -> str:
    if kind == RestrictionKind.BAN:
        return (
            "Your account can't join tables any more: a reviewer looked at your games and decided so. "
            "You can still replay your games."
        )
    when = dateformat.format(timezone.localtime(until), "j F Y, H:i e")
    return (
        f"Your account is suspended until {when}, so you can't join tables before then. "
        "A reviewer looked at your games and decided so. You can still replay your games."
    )


class Managed(models.TextChoices):
    """Whose account this is when someone else manages it (`User.managed_by`): a parent's child, a
    guest a host let sit at their table (accounts/guests.py), or a child in a class a leader runs
    (classes/). A member's own account is none of them."""

    MEMBER = "", "a member"
    CHILD = "child", "a child"
    GUEST = "guest", "a guest"
    CLASS = "class", "a child in a class"


class User(AbstractBaseUser, PermissionsMixin):
    """A member. The email is private; the gamer tag is what others see."""

    # A child's account has no email (None: unique allows any number of them).
    email = models.EmailField(gettext_lazy("email address"), unique=True, null=True, blank=True)
    gamer_tag = models.CharField(max_length=20, blank=True, default="")
    tag_changed_at = models.DateTimeField(null=True, blank=True)
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)
    # Written only by moderation's decide_case and reverse_decision, in their transaction, so a
    # move can ask "is this member restricted?" from the row it already has.
    restriction_kind = models.CharField(
        max_length=12, choices=RestrictionKind.choices, blank=True, default=RestrictionKind.NONE
    )
    restricted_until = models.DateTimeField(null=True, blank=True)
    team_mail = models.BooleanField(
        "team mails",
        default=True,
        help_text="Mails about content and cases waiting for you (team members only).",
    )
    # A child's account: the member who manages it (accounts/family.py). Deleted with them.
    managed_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children", editable=False
    )
    # What a managed account is; kept when the account is deleted but its seats stay (a seat then
    # reads "a guest"). Written only by accounts/family.py and accounts/guests.py.
    managed_as = models.CharField(
        max_length=8,
        choices=Managed.choices,
        blank=True,
        default=Managed.MEMBER,
        db_default=Managed.MEMBER,
        editable=False,
    )
    # The parent's choice for a child: Play now and public tables too. Off: private tables only.
    # Read only for children's accounts.
    may_play_public = models.BooleanField("Play now and public tables", default=False)
    # The language the member reads the site in (accounts/language.py); blank: their browser's. A
    # child's or a guest's is set by the member who manages them.
    language = models.CharField(
        max_length=8, choices=settings.ALL_LANGUAGES, blank=True, default="", db_default=""
    )

    objects = UserManager()

    EMAIL_FIELD = "email"
    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("gamer_tag"),
                name="unique_gamer_tag_ignoring_case",
                condition=~models.Q(gamer_tag=""),
            ),
            # A child never joins the team, whatever an admin ticks (has_perm refuses groups too).
            models.CheckConstraint(
                condition=models.Q(managed_by__isnull=True) | models.Q(is_staff=False, is_superuser=False),
                name="a_child_is_never_staff",
            ),
        ]

    def __str__(self) -> str:
        return self.gamer_tag or gettext("member #%(number)s") % {"number": self.pk}

    @property
    def is_managed(self) -> bool:
        """An account someone else manages: a child's or a guest's. It only plays."""
        return self.managed_by_id is not None

    @property
    def is_child(self) -> bool:
        """A child's account: a family's, managed by a parent's (accounts/family.py), or a class's.
        Every managed account that is not a guest's: a row made by a server that did not know
        `managed_as` yet (during an upgrade) is a family's child, as every managed one was then."""
        return self.managed_by_id is not None and self.managed_as != Managed.GUEST

    @property
    def is_class_child(self) -> bool:
        """A child's account for one class, managed by its leader (classes/)."""
        return self.managed_by_id is not None and self.managed_as == Managed.CLASS

    @property
    def is_guest(self) -> bool:
        """A guest's account, managed by the host who let them sit (accounts/guests.py)."""
        return self.managed_by_id is not None and self.managed_as == Managed.GUEST

    # A managed account holds no permission, whatever groups it is put in: no admin, no review pages.
    def has_perm(self, perm: str, obj: object = None) -> bool:
        return not self.is_managed and super().has_perm(perm, obj)

    def has_perms(self, perm_list: Iterable[str], obj: object = None) -> bool:
        return not self.is_managed and super().has_perms(perm_list, obj)

    def has_module_perms(self, app_label: str) -> bool:
        return not self.is_managed and super().has_module_perms(app_label)

    def restriction(self, now: datetime | None = None) -> Restriction | None:
        """What keeps this member from tables right now (a ban, or a suspension still running), or None."""
        kind, until = self.restriction_kind, self.restricted_until
        if kind == RestrictionKind.BAN:
            return Restriction(kind, None, _restriction_message(kind, None))
        if kind == RestrictionKind.SUSPENSION and until is not None and until > (now or timezone.now()):
            return Restriction(kind, until, _restriction_message(kind, until))
        return None


class FormerTag(models.Model):
    """A tag a member used before, kept for reviewers."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="former_tags")
    tag = models.CharField(max_length=20)
    used_until = models.DateTimeField()

    class Meta:
        ordering = ["-used_until"]

    def __str__(self) -> str:
        return self.tag


class ChildSignIn(models.Model):
    """A one-time sign-in a parent shows as a QR: bound to one child, 10 minutes, used once.

    Only the secret's SHA-256 is kept, so a copy of the database signs nobody in."""

    child = models.ForeignKey(User, on_delete=models.CASCADE, related_name="sign_ins")
    secret_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"sign-in for {self.child}"


class ChildDevice(models.Model):
    """A device a child was signed in on by a parent's QR: its session, so the parent can end it."""

    child = models.ForeignKey(User, on_delete=models.CASCADE, related_name="devices")
    session_key = models.CharField(max_length=40, unique=True)
    signed_in_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["signed_in_at"]

    def __str__(self) -> str:
        return f"device of {self.child}"


class AgentQuerySet(models.QuerySet["Agent"]):
    def approved(self) -> AgentQuerySet:
        return self.filter(approved_at__isnull=False, withdrawn_at__isnull=True)


class Agent(models.Model):
    """An AI helper the team approved to sit in helper seats, shown with an Agent badge."""

    name = models.CharField(max_length=20, unique=True, help_text="Shown at the table with an Agent badge.")
    owner_contact = models.EmailField(help_text="Who answers for this agent. Never shown to players.")
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    approved_at = models.DateTimeField(null=True, blank=True)
    approved_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    token_hash = models.CharField(max_length=64, blank=True, default="", db_index=True, editable=False)
    token_issued_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = AgentQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_approved(self) -> bool:
        return self.approved_at is not None and self.withdrawn_at is None


class AgentMessage(models.Model):
    """Every message an agent sent, kept for the team to read."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="messages")
    table_code = models.CharField(max_length=4, blank=True, default="")
    received_at = models.DateTimeField(auto_now_add=True)
    text = models.TextField()
    outcome = models.CharField(max_length=40, help_text="ok, or the refusal code")

    class Meta:
        ordering = ["-received_at"]
        indexes = [models.Index(fields=["agent", "received_at"])]

    def __str__(self) -> str:
        return f"{self.agent} at {self.received_at:%Y-%m-%d %H:%M:%S}"


class KidDevice(models.Model):
    """A device signed in for a child (a family's by a parent's QR, a class's by its code): it stays
    a child's device after signing out, leading back to that child's way in and never to sign-up,
    until the member who manages the child releases it (accounts/kid_devices.py). The device holds
    only a random token in a signed cookie; only its SHA-256 is kept here."""

    class Kind(models.TextChoices):
        FAMILY = "family", "a family's child"
        CLASS = "class", "a class's child"

    token_hash = models.CharField(max_length=64, unique=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    # Who may release it: the parent or the class's leader; and the child's tag, for their list.
    manager = models.ForeignKey(User, on_delete=models.CASCADE, related_name="kid_devices")
    child_tag = models.CharField(max_length=20, blank=True, default="")
    # The child it was signed in for, while their account lasts: a class's join page offers
    # "Come back as Sam" to this device alone.
    child = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # Where signing out leads: a class's join page with its code (a family's way in is a page of its own).
    way_in = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    released_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.get_kind_display()} device of {self.child_tag or 'a child'}"
