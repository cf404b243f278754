"""A push service of the tests' own, on loopback: it takes pushes as FCM or autopush would (the
VAPID header checked, RFC 8292) and decrypts each one as the subscribed browser would (RFC 8291),
so a test reads the plaintext that reached the "phone"."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from notices.vapid import b64url, b64url_decode, new_key_pair


@dataclass
class Push:
    """One POST the service took, decrypted."""

    path: str
    headers: dict[str, str]
    claims: dict
    vapid_key: str
    payload: dict


@dataclass
class BrowserSubscription:
    """What a browser holds for one subscription: the endpoint and its own private key and secret."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def p256dh(self) -> str:
        raw = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(raw)

    def to_json(self) -> dict:
        """As the browser's PushSubscription.toJSON() gives it."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }


@dataclass
class PushService:
    url: str
    browsers: dict[str, BrowserSubscription] = field(default_factory=dict)
    received: list[Push] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)  # paths answered 410 Gone
    moved: dict[str, str] = field(default_factory=dict)  # paths answered 307 to another address
    slow: set[str] = field(default_factory=set)  # paths answered only after a second
    visited: list[str] = field(default_factory=list)  # every path posted to, even refused

    def subscribe(self) -> BrowserSubscription:
        """A new browser subscription on this service (a P-256 key pair and a 16-byte secret)."""
        path = f"/push/{b64url(os.urandom(12))}"
        browser = BrowserSubscription(
            self.url + path, ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        )
        self.browsers[path] = browser
        return browser

    def wait_for(self, count: int, seconds: float = 10) -> list[Push]:
        deadline = time.monotonic() + seconds
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.received


def verify_vapid(authorization: str, endpoint_origin: str) -> tuple[dict, str]:
    """The claims of a `vapid t=<jwt>, k=<key>` header, its ES256 signature checked with k."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(part.strip().split("=", 1) for part in rest.split(","))
    token, key = parts["t"], parts["k"]
    header_b64, claims_b64, signature_b64 = token.split(".")
    assert json.loads(b64url_decode(header_b64))["alg"] == "ES256"
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key))
    signature = b64url_decode(signature_b64)
    assert len(signature) == 64
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    public.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(b64url_decode(claims_b64))
    assert claims["aud"] == endpoint_origin, claims
    assert claims["exp"] > time.time(), claims
    assert claims["sub"].startswith(("mailto:", "https:")), claims
    return claims, key


def _handler(service: PushService) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            service.visited.append(self.path)
            if self.path in service.slow:
                time.sleep(1)
            if self.path in service.gone:
                self.send_response(410)
                self.end_headers()
                return
            if self.path in service.moved:
                self.send_response(307)
                self.send_header("Location", service.moved[self.path])
                self.end_headers()
                return
            try:
                browser = service.browsers[self.path]
                claims, key = verify_vapid(self.headers["Authorization"], service.url)
                assert self.headers["Content-Encoding"] == "aes128gcm"
                assert int(self.headers["TTL"]) > 0
                plain = http_ece.decrypt(
                    body, private_key=browser.private_key, auth_secret=browser.auth, version="aes128gcm"
                )
                headers = {name.lower(): value for name, value in self.headers.items()}
                push = Push(self.path, headers, claims, key, json.loads(plain))
            except Exception as error:  # a test asserts there were none
                service.errors.append(f"{type(error).__name__}: {error}")
                self.send_response(400)
                self.end_headers()
                return
            service.received.append(push)
            self.send_response(201)
            self.send_header("Location", self.path)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@contextmanager
def running() -> Iterator[PushService]:
    """The loopback push service, running until the block ends; no push it took may have failed."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    service = PushService(url=f"http://127.0.0.1:{server.server_address[1]}")
    server.RequestHandlerClass = _handler(service)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
    assert service.errors == []


def use_vapid(settings) -> str:
    """Give the server VAPID keys made for the test, and allow the loopback push service; the public key."""
    private, public = new_key_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_VAPID_PUBLIC_KEY = public
    settings.WEBPUSH_VAPID_SUBJECT = "mailto:tests@example.org"
    settings.WEBPUSH_EXTRA_HOSTS = ["127.0.0.1"]
    return public
