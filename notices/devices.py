"""A phone's or computer's everyday name ("Chrome on Android"), read from its browser's User-Agent
when it is set up to be told, so the settings page can list the devices a member would recognise.
Only the name is kept, never the User-Agent itself: in the words of the member setting it up."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# The first match wins: Edge, Opera and Samsung Internet also call themselves Chrome and Safari.
BROWSERS = (
    ("Edg", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("CrOS", gettext_lazy("a Chromebook")),
    ("Windows", "Windows"),
    ("Macintosh", gettext_lazy("a Mac")),
    ("Linux", "Linux"),
)
MAX_CHARS = 60  # PushSubscription.device's max_length


def device_name(user_agent: str) -> str:
    """ "Chrome on Android", "Safari on iPhone", "Firefox"; "" when the browser is not one we know."""
    browser = next((name for mark, name in BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in SYSTEMS if mark in user_agent), "")
    if browser and system:
        return (_("%(browser)s on %(system)s") % {"browser": browser, "system": system})[:MAX_CHARS]
    return browser
