"""The VAPID key pair that signs every push (RFC 8292): made, stored for the embedded default, and
read. No Django import: notices/push.py decides from the settings which pair to use, the first time
one is needed (settings never make or read the file)."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(raw: bytes) -> str:
    """Unpadded base64url, as browsers and push services write keys."""
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """The bytes of unpadded (or padded) base64url; ValueError when it is not."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_key_pair() -> tuple[str, str]:
    """(private, public): the private key's raw 32 bytes and the public key as an uncompressed
    P-256 point (65 bytes), both base64url, the public one as browsers take applicationServerKey."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    return b64url(private), public_key_of(b64url(private))


def public_key_of(private: str) -> str:
    """The public key (base64url uncompressed point) of a base64url raw private key."""
    value = int.from_bytes(b64url_decode(private), "big")
    point = (
        ec.derive_private_key(value, ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url(point)


def local_key_pair(path: Path) -> tuple[str, str]:
    """The embedded default's pair, made once and kept in `path` (git-ignored, beside the SQLite
    file): a new pair at every start would leave every browser's subscription unable to receive."""
    kept = _read(path)
    if kept:
        return kept
    private, public = new_key_pair()
    # Readable by its owner only, written whole before it is named (two processes may start at once).
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    except OSError:
        # A folder we may not write: push off, rather than a pair lost at the next start.
        return "", ""
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump({"private": private, "public": public}, out)
    try:
        os.link(partial, path)
    except FileExistsError:
        # Another process named its pair first: take that one. A broken file signs nothing: replace it.
        kept = _read(path)
        if kept:
            partial.unlink()
            return kept
        os.replace(partial, path)
        return private, public
    partial.unlink()
    return private, public


def _read(path: Path) -> tuple[str, str] | None:
    try:
        private = json.loads(path.read_text(encoding="utf-8"))["private"]
        return private, public_key_of(private)
    except (OSError, ValueError, KeyError, TypeError):
        return None
