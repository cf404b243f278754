"""What the settings page says about a member's notices, from what is true (notices/reach.py):
where they go, what reaches nobody, and what a test notice did. Nothing here says a way works
when it reaches nothing."""

from __future__ import annotations

from notices import push
from notices.reach import Reach
from notices.trial import Tried

NO_DEVICE = "No phone or computer is set up to be told."
PUSH_OFF = "Notices to phones and computers are off on this server just now."
NO_ADDRESS = "You chose email, but there's no confirmed email address to send it to."


def devices(count: int) -> str:
    """ "1 device", "2 devices"."""
    return f"{count} device" if count == 1 else f"{count} devices"


def _ways(reach: Reach) -> list[str]:
    ways = []
    if reach.by_mail:
        ways.append("by email")
    if reach.by_push:
        ways.append(f"on {devices(reach.devices)}")
    return ways


def _gaps(reach: Reach) -> list[str]:
    """Why nothing reaches them, in a few words each."""
    off = "notices to phones and computers are off on this server"
    gaps = ["no phone or computer is set up to be told" if push.is_configured() else off]
    if reach.mail_chosen:
        gaps.append("there's no confirmed email address to send to")
    else:
        gaps.append("email is off")
    return gaps


def reach_words(reach: Reach) -> str:
    """The settings page's summary, and what a save says: every way that reaches them, or why none."""
    ways = _ways(reach)
    if ways:
        return f"We'll tell you {' and '.join(ways)} when it's your turn."
    return f"Nothing tells you when it's your turn just now: {', and '.join(_gaps(reach))}."


def tried_words(tried: Tried) -> str:
    """What a test notice did: "Sent to 2 devices and by email.", and what it could not do."""
    reach = tried.reach
    sent = []
    if tried.reached:
        whole = tried.reached == reach.devices
        sent.append(
            f"to {devices(tried.reached)}" if whole else f"to {tried.reached} of your {reach.devices} devices"
        )
    if tried.mailed:
        sent.append("by email")
    said = [f"Sent {' and '.join(sent)}."] if sent else []
    missed = reach.devices - tried.reached
    if missed:
        who, it = ("One device", "it") if missed == 1 else (devices(missed), "them")
        said.append(
            f"{who} didn't take it: if nothing shows there, stop telling {it} below and set {it} up again."
        )
    if reach.by_mail and not tried.mailed:
        said.append("The email couldn't be sent just now. Please try again later.")
    if not reach.anywhere:
        said.append(f"Nothing was sent: {', and '.join(_gaps(reach))}.")
    return " ".join(said)
