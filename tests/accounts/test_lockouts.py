"""Lockouts hit the guesser, not the family (issue 28 item 5): axes reads the client's address as
the rest of the site does and locks address + account; allauth's per-key limit is keyed the same
way, and loose enough that a member who mistypes now and then is never stopped."""

from __future__ import annotations

import re
import time

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NGINX = "127.0.0.1"  # behind the proxy, every request reaches daphne from here


def sign_in(email: str, password: str, *, address: str, behind_proxy: bool = True) -> Client:
    """One sign-in attempt from a fresh browser at this client address."""
    if behind_proxy:
        client = Client(REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR=address)
    else:
        client = Client(REMOTE_ADDR=address)
    client.response = client.post(reverse("account_login"), {"login": email, "password": password})
    return client


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_behind_the_proxy_a_strangers_wrong_passwords_do_not_lock_the_owner_out(settings):
    settings.BEHIND_PROXY = True
    UserFactory(email="mum@example.org")
    for _ in range(8):
        assert not signed_in(sign_in("mum@example.org", "guess-guess-1", address="203.0.113.66"))
    assert signed_in(sign_in("mum@example.org", PASSWORD, address="198.51.100.10"))


def test_the_guesser_is_locked_even_with_the_right_password(settings):
    settings.BEHIND_PROXY = True
    UserFactory(email="mum@example.org")
    for _ in range(5):
        sign_in("mum@example.org", "guess-guess-1", address="203.0.113.66")
    locked = sign_in("mum@example.org", PASSWORD, address="203.0.113.66")
    assert not signed_in(locked)
    assert locked.response.status_code == 429


def test_the_guessers_lock_is_for_that_account_only(settings):
    settings.BEHIND_PROXY = True
    UserFactory(email="mum@example.org")
    UserFactory(email="dad@example.org")
    for _ in range(5):
        sign_in("mum@example.org", "guess-guess-1", address="203.0.113.66")
    assert signed_in(sign_in("dad@example.org", PASSWORD, address="203.0.113.66"))


def test_without_the_proxy_setting_a_forged_forwarded_address_is_not_believed(settings):
    settings.BEHIND_PROXY = False
    UserFactory(email="mum@example.org")
    for n in range(5):
        # A script that makes up a new X-Forwarded-For each time is still one address.
        Client(REMOTE_ADDR="203.0.113.66", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").post(
            reverse("account_login"), {"login": "mum@example.org", "password": "guess-guess-1"}
        )
    assert not signed_in(sign_in("mum@example.org", PASSWORD, address="203.0.113.66", behind_proxy=False))
    assert signed_in(sign_in("mum@example.org", PASSWORD, address="198.51.100.10", behind_proxy=False))


def test_without_a_proxy_allauths_per_account_limit_no_longer_locks_the_owner_out(settings):
    settings.BEHIND_PROXY = False
    UserFactory(email="mum@example.org")
    for _ in range(25):
        sign_in("mum@example.org", "guess-guess-1", address="203.0.113.66", behind_proxy=False)
    assert signed_in(sign_in("mum@example.org", PASSWORD, address="198.51.100.10", behind_proxy=False))


class AllauthClock:
    """allauth's rate limits read time.time(); this one moves only when the test says."""

    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:  # its cache lock's own timing stays real
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


def test_a_family_member_who_mistypes_twice_is_never_locked(settings, monkeypatch):
    """An hour at home behind one router: each of five members mistypes twice before signing in,
    all within one minute, and again after signing out, every twenty minutes."""
    settings.BEHIND_PROXY = True
    clock = AllauthClock()
    monkeypatch.setattr("allauth.core.internal.ratelimit.time", clock)
    family = [UserFactory(email=f"{name}@example.org") for name in ("mum", "dad", "sam", "ruth", "bob")]
    for _round in range(3):
        clock.now += 20 * 60
        for member in family:
            for _ in range(2):
                assert not signed_in(sign_in(member.email, "oops-oops-1", address="198.51.100.10"))
            client = sign_in(member.email, PASSWORD, address="198.51.100.10")
            assert signed_in(client), f"{member.email} was locked out in round {_round + 1}"
            client.post(reverse("account_logout"))


def test_the_admin_login_reads_the_address_the_same_way(settings):
    from tests.factories import StaffFactory

    settings.BEHIND_PROXY = True
    staff = StaffFactory()
    for _ in range(5):
        Client(REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="203.0.113.66").post(
            "/admin/login/", {"username": staff.email, "password": "wrong-wrong-1"}
        )
    elsewhere = Client(REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="198.51.100.10")
    answer = elsewhere.post("/admin/login/", {"username": staff.email, "password": PASSWORD})
    assert answer.status_code == 302 and signed_in(elsewhere)


def login_failed_counters() -> dict[str, list]:
    """allauth's per-account failed-sign-in counters now in the limits cache (key -> attempts)."""
    from django.core.cache import caches

    store = caches["limits"]
    per_key = re.compile(r":\d+:(allauth:rl:allauth\.account:login_failed:\d+/[\d.]+/key:[0-9a-f]+)$")
    if hasattr(store._cache, "get_client"):  # Redis (REDIS_URL): ask the server for the keys
        stored = [key.decode() for key in store._cache.get_client().scan_iter(match="*login_failed*")]
    else:  # the in-process store: its own dict
        stored = list(store._cache)
    found = (per_key.search(key) for key in stored)
    return {match[1]: store.get(match[1]) for match in found if match}


def test_failed_sign_ins_count_against_one_key_whatever_host_and_port_they_name(settings):
    """A guesser who names a new Host port each time gets no fresh allowance and makes no new key."""
    settings.BEHIND_PROXY = True
    UserFactory(email="mum@example.org")
    for port in (1111, 2222, 3333, 4444):
        Client(REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="203.0.113.66", HTTP_HOST=f"localhost:{port}").post(
            reverse("account_login"), {"login": "mum@example.org", "password": "guess-guess-1"}
        )
    counters = login_failed_counters()
    assert len(counters) == 1
    assert [len(attempts) for attempts in counters.values()] == [4]


def test_the_per_account_key_names_our_site_the_account_and_the_address_never_the_host(settings, rf):
    from accounts.adapter import AccountAdapter

    settings.BEHIND_PROXY = False
    settings.SITE_URL = "https://play.example.org"
    keys = {
        AccountAdapter()._get_login_attempts_cache_key(
            rf.post("/", HTTP_HOST=host, REMOTE_ADDR="203.0.113.66"), email="Mum@Example.org"
        )
        for host in ("localhost:1111", "127.0.0.1:2222", "localhost")
    }
    assert keys == {"play.example.org:mum@example.org:203.0.113.66"}
