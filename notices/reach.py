"""Where a member's notices would go now: the one truth the settings page, the sender, the nudge's
answer and the table's "has no way to be told" all read, so none of them can say another thing.

A member is told by push on every phone or computer they set up (a PushSubscription: having one
IS the wish), and by mail when they chose mail and have a confirmed address to send it to."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from allauth.account.models import EmailAddress

from accounts.models import User
from notices import push
from notices.models import NoticePreference, PushSubscription
from notices.preferences import mail_address


@dataclass(frozen=True)
class Reach:
    """A member's ways of being told, and what each reaches now."""

    devices: int  # phones and computers set up (0 while this server cannot push)
    mail_chosen: bool
    address: str | None  # the confirmed address a mail would go to
    at_every_private_table: bool = False

    @property
    def by_push(self) -> bool:
        return self.devices > 0

    @property
    def by_mail(self) -> bool:
        return self.mail_chosen and self.address is not None

    @property
    def anywhere(self) -> bool:
        return self.by_push or self.by_mail

    @property
    def chose_any(self) -> bool:
        """Whether they chose some way at all (a device set up, or mail), reaching or not."""
        return self.devices > 0 or self.mail_chosen


def reach_of(user: User) -> Reach:
    """The member's ways now."""
    preference = NoticePreference.objects.filter(user=user).first()
    devices = PushSubscription.objects.filter(user=user).count() if push.is_configured() else 0
    return Reach(
        devices=devices,
        mail_chosen=bool(preference and preference.by_mail),
        address=mail_address(user),
        at_every_private_table=bool(preference and preference.at_every_private_table),
    )


def reachable(user_ids: Iterable[int], *, at_every_private_table: bool = False) -> set[int]:
    """Those of the members a notice would reach now, in three queries however many there are.
    `at_every_private_table` counts only members who asked to be told at every private table (a
    table that does not play over days)."""
    ids = set(user_ids)
    if at_every_private_table:
        ids &= set(
            NoticePreference.objects.filter(user_id__in=ids, at_every_private_table=True).values_list(
                "user_id", flat=True
            )
        )
    if not ids:
        return set()
    pushed: set[int] = set()
    if push.is_configured():
        pushed = set(PushSubscription.objects.filter(user_id__in=ids).values_list("user_id", flat=True))
    mailing = NoticePreference.objects.filter(user_id__in=ids - pushed, by_mail=True).values_list(
        "user_id", flat=True
    )
    # As mail_address: an active member's own (no child's) verified primary address.
    mailed = EmailAddress.objects.filter(
        user_id__in=mailing, primary=True, verified=True, user__is_active=True, user__managed_by__isnull=True
    ).values_list("user_id", flat=True)
    return pushed | set(mailed)
