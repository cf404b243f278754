"""Account events that must act at once: sign-in changes reach open sockets, team groups make staff."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import password_changed, password_reset, password_set
from django.contrib.auth.models import Group
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import m2m_changed
from django.dispatch import receiver

from accounts import kid_devices
from accounts.models import ChildDevice, User
from accounts.sockets import end_session_sockets, recheck_member_sockets


@receiver(user_logged_out, dispatch_uid="jag-sockets-on-logout")
def close_sockets_on_sign_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Django sends this before the session is flushed, so its key is still known here."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        end_session_sockets(session.session_key)
        # A child signed out on their device: it leaves the parent's list of devices too.
        ChildDevice.objects.filter(session_key=session.session_key).delete()


@receiver(user_logged_in, dispatch_uid="jag-kid-device-released-by-its-grown-up")
def release_kid_device_on_sign_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """The parent or leader of the child a device was kept for signed in on it: it is theirs again."""
    if request is not None and not user.is_managed:
        kid_devices.release_on_sign_in(request, user)


@receiver(password_changed, dispatch_uid="jag-sockets-on-password-change")
@receiver(password_reset, dispatch_uid="jag-sockets-on-password-reset")
@receiver(password_set, dispatch_uid="jag-sockets-on-password-set")
def recheck_sockets_on_password(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """A new password signs out every other session (Django's session hash); their sockets too."""
    recheck_member_sockets(user.pk)


# Joining one of these groups is joining the team, and the team works in the admin (#29).
TEAM_GROUPS = ("Content editors", "Content approvers", "Reviewers")


@receiver(m2m_changed, sender=User.groups.through, dispatch_uid="jag-team-groups-are-staff")
def team_members_are_staff(
    sender: Any, instance: Any, action: str, reverse: bool, pk_set: set[int] | None, **kwargs: Any
) -> None:
    """A member added to a content or review group may sign in to the admin by that act."""
    if action != "post_add" or not pk_set:
        return
    if reverse:  # group.user_set.add(member, ...)
        if instance.name in TEAM_GROUPS:
            User.objects.filter(pk__in=pk_set, is_staff=False).update(is_staff=True)
    elif Group.objects.filter(pk__in=pk_set, name__in=TEAM_GROUPS).exists() and not instance.is_staff:
        instance.is_staff = True
        User.objects.filter(pk=instance.pk).update(is_staff=True)
