"""Members: signed in by email, known to other players only by their gamer tag."""

from __future__ import annotations

from django.contrib.auth.models import (
    AbstractBaseUser,
    BaseUserManager,
    PermissionsMixin,
)
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone


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


class User(AbstractBaseUser, PermissionsMixin):
    """A member. The email is private; the gamer tag is what others see."""

    email = models.EmailField("email address", unique=True)
    gamer_tag = models.CharField(max_length=20, blank=True, default="")
    tag_changed_at = models.DateTimeField(null=True, blank=True)
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)

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
            )
        ]

    def __str__(self) -> str:
        return self.gamer_tag or f"member #{self.pk}"

    @property
    def has_tag(self) -> bool:
        return bool(self.gamer_tag)


class FormerTag(models.Model):
    """A tag a member used before, kept for reviewers."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="former_tags")
    tag = models.CharField(max_length=20)
    used_until = models.DateTimeField()

    class Meta:
        ordering = ["-used_until"]

    def __str__(self) -> str:
        return self.tag
