"""The VAPID key pair that signs every push (RFC 8292): made, stored for the embedded default, and
read. No Django import: notices/push.py decides from the settings which pair to use, the first time
one is needed (settings never make or read the file)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import tempfile
import threading
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


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


def key_problem(private: str, public: str = "") -> str | None:
    """What is wrong with a configured pair (`public` may be left out), or None when it signs:
    the private key must be base64url of a raw 32-byte P-256 key, the public key (if given) its own."""
    if not BASE64URL.match(private):
        return "is not base64url"
    if len(private.rstrip("=")) != 43 or len(b64url_decode(private)) != 32:
        return "is not a raw 32-byte P-256 key (base64url, 43 characters)"
    try:
        worked_out = public_key_of(private)
    except ValueError:
        return "is not a P-256 private key"
    if public:
        try:
            same = BASE64URL.match(public) and b64url_decode(public) == b64url_decode(worked_out)
        except ValueError:
            same = False
        if not same:
            return "does not go with the public key set beside it"
    return None


# Threads of one process (a page, the sockets' database thread, the clock) may need the pair at once:
# one makes it, the others read what it kept.
_making = threading.Lock()


def local_key_pair(path: Path) -> tuple[str, str]:
    """The embedded default's pair, made once and kept in `path` (git-ignored, beside the SQLite
    file): a new pair at every start would leave every browser's subscription unable to receive.

    Every thread and every process gets the pair in the file: it is named only once written whole,
    and only if no other thread or process named one first (the loser reads the winner's)."""
    with _making:
        kept = _read(path)
        if kept:
            return kept
        try:
            # mkstemp: a name no other thread or process has, readable by its owner only.
            descriptor, partial = tempfile.mkstemp(
                prefix=f".{path.name}.", suffix=".partial", dir=path.parent
            )
        except OSError:
            # A folder we may not write: push off, rather than a pair lost at the next start.
            return "", ""
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                private, public = new_key_pair()
                json.dump({"private": private, "public": public}, out)
                out.flush()
                os.fsync(out.fileno())
            try:
                # A link is made only where no file is: of two processes, one names its pair.
                os.link(partial, path)
            except FileExistsError:
                kept = _read(path)
                if kept:
                    return kept
                # A broken file signs nothing: put ours in its place.
                os.replace(partial, path)
            except OSError:
                # A file system without links: the pair is still named whole.
                os.replace(partial, path)
        except OSError:
            return "", ""
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(partial)
        # Read back what is kept, so this process signs with the pair the file holds.
        return _read(path) or ("", "")


def _read(path: Path) -> tuple[str, str] | None:
    try:
        private = json.loads(path.read_text(encoding="utf-8"))["private"]
        return private, public_key_of(private)
    except (OSError, ValueError, KeyError, TypeError):
        return None
