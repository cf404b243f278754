"""Each member's choice of mail, and of the tables they are told at. Push is no choice kept here:
having a phone or computer set up is the wish (notices/push_subscriptions.py, notices/reach.py)."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db import transaction

from accounts.models import User
from justalllowgod.lib.refusals import Code, Refusal
from notices.models import NoticePreference


def mail_address(user: User) -> str | None:
    """The member's verified primary address, the only one a turn mail goes to; None for a child
    (they have no address) or a member who never confirmed theirs."""
    if not user.is_active or user.is_managed:
        return None
    found = EmailAddress.objects.filter(user=user, primary=True, verified=True).first()
    return found.email if found else None


def preference_of(user: User) -> NoticePreference:
    """The member's choice; no row yet reads as the default (no mail), unsaved."""
    found = NoticePreference.objects.filter(user=user).first()
    return found if found is not None else NoticePreference(user=user)


@transaction.atomic
def set_preference(*, user: User, by_mail: bool, at_every_private_table: bool) -> NoticePreference:
    """Save the member's choice; mail is refused to a member with no confirmed address to send to."""
    # Lock the member's row, so two saves at once (two tabs) end as one of them, never a mix.
    User.objects.select_for_update().filter(pk=user.pk).first()
    if by_mail and mail_address(user) is None:
        raise Refusal(Code.NO_MAIL_ADDRESS)
    preference, _ = NoticePreference.objects.update_or_create(
        user=user,
        defaults={
            "by_mail": by_mail,
            "at_every_private_table": at_every_private_table,
        },
    )
    return preference


@transaction.atomic
def stop_mail(*, user: User) -> NoticePreference:
    """Turn the member's turn mails off (the unsubscribe link), keeping their other choices."""
    User.objects.select_for_update().filter(pk=user.pk).first()
    preference = preference_of(user)
    preference.by_mail = False
    preference.save()
    return preference
