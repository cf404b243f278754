"""What the settings page says about a member's notices, from what is true (notices/reach.py):
where they go, what reaches nobody, and what a test notice did. Nothing here says a way works
when it reaches nothing."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from notices import push
from notices.reach import Reach
from notices.trial import Tried

NO_DEVICE = gettext_lazy("No phone or computer is set up to be told.")
PUSH_OFF = gettext_lazy("Notices to phones and computers are off on this server just now.")
NO_ADDRESS = gettext_lazy("You chose email, but there's no confirmed email address to send it to.")


def devices(count: int) -> str:
    """ "1 device", "2 devices"."""
    return ngettext("%(n)s device", "%(n)s devices", count) % {"n": count}


# Why nothing reaches them, by (whether this server can push, whether they chose mail): a whole
# sentence each, for the settings page and for a test notice.
NOTHING_TELLS = {
    (True, True): gettext_lazy(
        "Nothing tells you when it's your turn just now: no phone or computer is set up to be "
        "told, and there's no confirmed email address to send to."
    ),
    (True, False): gettext_lazy(
        "Nothing tells you when it's your turn just now: no phone or computer is set up to be "
        "told, and email is off."
    ),
    (False, True): gettext_lazy(
        "Nothing tells you when it's your turn just now: notices to phones and computers are off "
        "on this server, and there's no confirmed email address to send to."
    ),
    (False, False): gettext_lazy(
        "Nothing tells you when it's your turn just now: notices to phones and computers are off on "
        "this server, and email is off."
    ),
}
NOTHING_SENT = {
    (True, True): gettext_lazy(
        "Nothing was sent: no phone or computer is set up to be told, and there's no confirmed "
        "email address to send to."
    ),
    (True, False): gettext_lazy(
        "Nothing was sent: no phone or computer is set up to be told, and email is off."
    ),
    (False, True): gettext_lazy(
        "Nothing was sent: notices to phones and computers are off on this server, and there's no "
        "confirmed email address to send to."
    ),
    (False, False): gettext_lazy(
        "Nothing was sent: notices to phones and computers are off on this server, and email is off."
    ),
}


def _gaps(reach: Reach) -> tuple[bool, bool]:
    """Why nothing reaches them: whether this server can push at all, and whether they chose mail."""
    return push.is_configured(), reach.mail_chosen


def reach_words(reach: Reach) -> str:
    """The settings page's summary, and what a save says: every way that reaches them, or why none."""
    n = reach.devices
    if reach.by_mail and reach.by_push:
        return ngettext(
            "We'll tell you by email and on %(n)s device when it's your turn.",
            "We'll tell you by email and on %(n)s devices when it's your turn.",
            n,
        ) % {"n": n}
    if reach.by_mail:
        return _("We'll tell you by email when it's your turn.")
    if reach.by_push:
        return ngettext(
            "We'll tell you on %(n)s device when it's your turn.",
            "We'll tell you on %(n)s devices when it's your turn.",
            n,
        ) % {"n": n}
    return str(NOTHING_TELLS[_gaps(reach)])


def _sent(tried: Tried) -> str | None:
    """ "Sent to 2 devices and by email.", or None when nothing went."""
    reach, reached = tried.reach, tried.reached
    counts = {"n": reached, "reached": reached, "of": reach.devices}
    if reached and reached == reach.devices:
        if tried.mailed:
            words = ngettext(
                "Sent to %(n)s device and by email.", "Sent to %(n)s devices and by email.", reached
            )
        else:
            words = ngettext("Sent to %(n)s device.", "Sent to %(n)s devices.", reached)
        return words % counts
    if reached:
        if tried.mailed:
            words = ngettext(
                "Sent to %(reached)s of your %(of)s device and by email.",
                "Sent to %(reached)s of your %(of)s devices and by email.",
                reach.devices,
            )
        else:
            words = ngettext(
                "Sent to %(reached)s of your %(of)s device.",
                "Sent to %(reached)s of your %(of)s devices.",
                reach.devices,
            )
        return words % counts
    return _("Sent by email.") if tried.mailed else None


def tried_words(tried: Tried) -> str:
    """What a test notice did: "Sent to 2 devices and by email.", and what it could not do."""
    reach = tried.reach
    sent = _sent(tried)
    said = [sent] if sent else []
    missed = reach.devices - tried.reached
    if missed == 1:
        said.append(
            _("One device didn't take it: if nothing shows there, stop telling it below and set it up again.")
        )
    elif missed:
        said.append(
            ngettext(
                "%(n)s device didn't take it: if nothing shows there, stop telling it below and set it "
                "up again.",
                "%(n)s devices didn't take it: if nothing shows there, stop telling them below and set "
                "them up again.",
                missed,
            )
            % {"n": missed}
        )
    if reach.by_mail and not tried.mailed:
        said.append(_("The email couldn't be sent just now. Please try again later."))
    if not reach.anywhere:
        said.append(str(NOTHING_SENT[_gaps(reach)]))
    return " ".join(said)
