"""Who is on the other end: the client's address and scheme, read from the proxy only when told to.

With `DJANGO_BEHIND_PROXY=true` the site sits behind a reverse proxy that it trusts (our nginx):
the proxy appends the address it saw to `X-Forwarded-For` and says the scheme in
`X-Forwarded-Proto`. The rightmost `X-Forwarded-For` entry is the one our proxy wrote; anything to
its left came from the client and could be forged. When more proxies stand in front of nginx (a
cloud load balancer), `DJANGO_TRUSTED_PROXIES` names their networks: entries from those addresses
are passed over, right to left, and the first address outside them is the visitor's, so every
visitor keeps their own address and their own limits. Without `DJANGO_BEHIND_PROXY`, both headers
are ignored.

The headers are believed only from our proxy: a connection from loopback (nginx on the same
machine) or from an address in `DJANGO_TRUSTED_PROXIES` (nginx on a front machine). Once daphne
listens on a private address, anyone else who reaches it directly could otherwise say they are
127.0.0.1 (and read /metrics) or someone else (and spend another's limits); their forwarding headers
are dropped at the door (`without_forged_forwarding`, in justalllowgod/asgi.py), before Django,
allauth or the site read them.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings


def _address(entry: str) -> str:
    """An entry as an address: some balancers add the port ("203.0.113.9:5678", "[2001:db8::5]:443")."""
    if entry.startswith("["):
        return entry[1:].split("]", 1)[0]
    if entry.count(":") == 1:
        return entry.split(":", 1)[0]
    return entry


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as an IP, an IPv4 one written as IPv6 (::ffff:10.0.0.30) as IPv4; None if none."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    return getattr(ip, "ipv4_mapped", None) or ip


def _trusted(address: str) -> bool:
    ip = _ip(address)
    return ip is not None and any(ip in network for network in settings.TRUSTED_PROXIES)


def _loopback(address: str) -> bool:
    ip = _ip(address)
    return ip is not None and ip.is_loopback


def connection_address(meta: dict) -> str:
    """The address the request's connection came from (our proxy's, behind one), whatever it says."""
    return meta.get("REMOTE_ADDR", "")


# What a proxy says about the connection; nobody else may say it.
FORWARDING_HEADERS = frozenset(
    {
        b"x-forwarded-for",
        b"x-forwarded-proto",
        b"x-forwarded-host",
        b"x-forwarded-port",
        b"x-real-ip",
        b"forwarded",
    }
)


def from_our_proxy(peer: str | None) -> bool:
    """Whether a connection from this address came through our proxy: loopback, or a trusted network.
    A connection with no address at all came through a unix socket, which only this machine reaches."""
    if not peer:
        return True
    return _loopback(peer) or _trusted(peer)


def without_forged_forwarding(scope: dict) -> dict:
    """An ASGI scope as the site may read it: behind a proxy, a connection that did not come from it
    loses whatever forwarding headers it sent."""
    if not settings.BEHIND_PROXY or scope.get("type") not in ("http", "websocket"):
        return scope
    client = scope.get("client")
    if from_our_proxy(str(client[0]) if client and client[0] else None):
        return scope
    headers = [
        (key, value) for key, value in scope.get("headers", []) if key.lower() not in FORWARDING_HEADERS
    ]
    return {**scope, "headers": headers}


def _rightmost(forwarded_for: str) -> str:
    """The address our proxy saw, or, past proxies of the trusted networks, the visitor's; if every
    entry is a trusted proxy's, the one nearest us (an entry further left may be forged)."""
    entries = [_address(entry.strip()) for entry in forwarded_for.split(",") if entry.strip()]
    for entry in reversed(entries):
        if not _trusted(entry):
            return entry
    return entries[-1] if entries else ""


def request_address(meta: dict) -> str:
    """The client address of an HTTP request (Django's `request.META`)."""
    if settings.BEHIND_PROXY:
        forwarded = _rightmost(meta.get("HTTP_X_FORWARDED_FOR", ""))
        if forwarded:
            return forwarded
    return meta.get("REMOTE_ADDR", "")


def _header(scope: dict, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def scope_address(scope: dict) -> str:
    """The client address of an ASGI connection (a socket)."""
    if settings.BEHIND_PROXY:
        forwarded = _rightmost(_header(scope, b"x-forwarded-for"))
        if forwarded:
            return forwarded
    client = scope.get("client") or ("", 0)
    return str(client[0] or "")


def scope_is_secure(scope: dict) -> bool:
    """Whether the connection reached the site over TLS (at the proxy, when behind one)."""
    if settings.BEHIND_PROXY:
        proto = _header(scope, b"x-forwarded-proto")
        if proto:
            return proto.strip().lower() == "https"
    return scope.get("scheme") in ("https", "wss")


def scope_header(scope: dict, name: str) -> str:
    """One request header of an ASGI connection, or ""."""
    return _header(scope, name.lower().encode("latin-1"))
