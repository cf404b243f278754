"""What one notice says, the same by push and by mail: the table by its code and its host's tag,
never a card (issue 32)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from notices.models import Notice


@dataclass(frozen=True)
class Telling:
    """One notice's words and where it leads. `tag` lets a newer push about the same table replace
    the older one on the phone, instead of piling up."""

    kind: Notice.Kind | str  # a Notice's kind, or "test" (the settings page's test notice)
    title: str  # "Your turn at KQXT"
    body: str  # "Grandma's table (KQXT) is waiting for you."
    url: str  # the table page, on the site's public address
    tag: str  # "table-KQXT"
    # The mail's button to `url` (lazy: said in the language the mail is written in).
    link_words: str = gettext_lazy("Open the table")

    def payload(self) -> dict[str, str]:
        """What a push carries (the service worker shows it; notices/push.py encrypts it)."""
        return {
            "kind": str(self.kind),
            "title": self.title,
            "body": self.body,
            "url": self.url,
            "tag": self.tag,
        }
