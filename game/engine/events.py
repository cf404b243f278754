"""Events are plain dicts; a "secret" part is shown only to the seats it names."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def event(kind: str, secret: dict[str, Any] | None = None, **data: Any) -> Event:
    """A new event; `secret` is {"seats": [...], field: value, ...}."""
    out: Event = {"type": kind, **data}
    if secret is not None:
        out["secret"] = secret
    return out


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events as one seat may see them; seat None is a spectator (public parts only)."""
    out = []
    for item in events:
        secret = item.get("secret")
        if secret is None:
            out.append(item)
            continue
        public = {k: v for k, v in item.items() if k != "secret"}
        if seat is not None and seat in secret["seats"]:
            public.update({k: v for k, v in secret.items() if k != "seats"})
        out.append(public)
    return out


def events_full(events: list[Event]) -> list[Event]:
    """The events with every secret revealed, for reviewers."""
    out = []
    for item in events:
        secret = item.get("secret")
        public = {k: v for k, v in item.items() if k != "secret"}
        if secret is not None:
            public.update({k: v for k, v in secret.items() if k != "seats"})
        out.append(public)
    return out
