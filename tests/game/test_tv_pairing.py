"""Issue 46: a TV that pairs by a short code, through the service and the pages."""

from __future__ import annotations

import hashlib

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from game import services
from game.models import TableScreen, TvPairing
from game.services import pairing, screens
from justalllowgod.lib.refusals import WORDS, Code, Refusal
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db

HOME = "198.51.100.7"


def _pair(host, table, tv_code: str, ip: str = HOME):
    return pairing.pair_tv(
        user=host, session_key=signed_in_session(host), code=table.code, tv_code=tv_code, ip=ip
    )


def _refused(work) -> Refusal:
    with pytest.raises(Refusal) as refused:
        work()
    return refused.value


def _wrong(code: str) -> str:
    """A well-formed code that no TV shows (one character changed)."""
    swap = "A" if code[0] != "A" else "C"
    return swap + code[1:]


def _signed_in(user, address: str = HOME) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user)
    return client


# --- The service -------------------------------------------------------------------------------


def test_a_right_code_makes_the_tv_the_tables_screen_and_only_hashes_are_kept(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = pairing.new_code(ip=HOME)
    assert len(tv.code) == 6 and set(tv.code) <= set(pairing.ALPHABET)
    assert not set(tv.code) & set("0O1IL2Z5S8B")
    assert pairing.tv_state(tv.secret).state == "waiting"
    shown = _pair(host, table, tv.shown.lower())  # as typed: small letters and the space are fine
    assert shown.secret == ""  # the host is never given the TV's secret
    screen = TableScreen.objects.get(table=table)
    assert screen.secret_hash == hashlib.sha256(tv.secret.encode()).hexdigest()
    assert screens.live_screen(screens.find_screen(tv.secret).pk) is not None
    assert pairing.tv_state(tv.secret).state == "paired"
    row = TvPairing.objects.get()
    assert row.screen == screen and row.paired_at is not None
    stored = str(TvPairing.objects.values().get()) + str(TableScreen.objects.values().get())
    assert tv.secret not in stored and tv.code not in stored
    table.refresh_from_db()
    assert table.watched


def test_pairing_a_new_tv_turns_the_old_screen_off(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    link = screens.show_on_screen(user=host, session_key=signed_in_session(host), code=table.code)
    tv = pairing.new_code(ip=HOME)
    _pair(host, table, tv.code)
    assert screens.live_screen(screens.find_screen(link.secret).pk) is None
    assert screens.live_screen(screens.find_screen(tv.secret).pk) is not None


def test_a_code_pairs_once(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = pairing.new_code(ip=HOME)
    _pair(host, table, tv.code)
    refused = _refused(lambda: _pair(host, table, tv.code))
    assert refused.code == Code.TV_CODE_USED
    assert TableScreen.objects.count() == 1
    assert cache_count(f"tv-guess:member:{host.pk}") == 1  # a used code is a counted guess too


def test_a_lapsed_code_pairs_nothing_and_the_tv_is_told(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = pairing.new_code(ip=HOME)
    clock.advance(pairing.CODE_SECONDS - 1)
    assert pairing.tv_state(tv.secret) == pairing.TvState("waiting", 1)
    clock.advance(1)
    assert pairing.tv_state(tv.secret).state == "lapsed"
    refused = _refused(lambda: _pair(host, table, tv.code))
    assert refused.code == Code.TV_CODE_LAPSED
    assert not TableScreen.objects.exists()
    assert pairing.tv_state("a-secret-nobody-was-given").state == "lapsed"


def test_only_the_host_of_a_private_table_may_pair(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = pairing.new_code(ip=HOME)
    assert _refused(lambda: _pair(guest, table, tv.code)).code == Code.NOT_HOST
    stranger = UserFactory()
    assert _refused(lambda: _pair(stranger, table, tv.code)).code == Code.NOT_SEATED
    public = services.play_now(user=stranger).table
    assert _refused(lambda: _pair(stranger, public, tv.code)).code == Code.NO_PUBLIC_SCREENS
    assert not TableScreen.objects.exists()
    # None of those used the code up: the host still can.
    _pair(host, table, tv.code)
    assert pairing.tv_state(tv.secret).state == "paired"


def cache_count(key: str) -> int:
    from justalllowgod.lib.limits import limits

    return limits.get(key) or 0


def test_wrong_codes_are_counted_per_member_and_then_even_a_right_one_waits(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = pairing.new_code(ip=HOME)
    for n in range(settings.GAME_SCREEN_GUESS_LIMIT):
        # From ten addresses: the member's own count is what refuses them.
        refused = _refused(lambda n=n: _pair(host, table, _wrong(tv.code), ip=f"203.0.113.{n}"))
        assert refused.code == Code.NO_SUCH_TV_CODE and refused.status == 404
    refused = _refused(lambda: _pair(host, table, tv.code, ip="192.0.2.1"))
    assert refused.status == 429 and refused.code == Code.TOO_MANY_TRIES
    assert pairing.tv_state(tv.secret).state == "waiting"


def test_a_slip_of_the_thumb_is_no_guess(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    for typed in ("", "KMX4T", "KMX4TRR", "OOOOOO", "ABCD"):
        assert _refused(lambda typed=typed: _pair(host, table, typed)).code == Code.NO_SUCH_TV_CODE
    assert cache_count(f"tv-guess:member:{host.pk}") == 0
    assert cache_count(f"screen-guess:ip:{HOME}") == 0


def test_an_addresss_junk_never_refuses_a_right_code(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = pairing.new_code(ip=HOME)
    # Unknown screen secrets and wrong TV codes from one school network share one budget.
    for _ in range(settings.GAME_SCREEN_GUESS_LIMIT - 1):
        assert screens.find_screen("junk-" + "x" * 40, ip=HOME) is None
    other = UserFactory()
    assert _refused(lambda: _pair(other, table, _wrong(tv.code))).code == Code.NO_SUCH_TV_CODE
    refused = _refused(lambda: _pair(UserFactory(), table, _wrong(tv.code)))
    assert refused.status == 429
    _pair(host, table, tv.code)  # the host's right code, from the same address
    assert pairing.tv_state(tv.secret).state == "paired"


def test_one_address_asks_for_a_bounded_number_of_codes_and_old_rows_go(live_deck, clock):
    for _ in range(pairing.CODES_PER_ADDRESS):
        pairing.new_code(ip=HOME)
    refused = _refused(lambda: pairing.new_code(ip=HOME))
    assert refused.code == Code.TOO_MANY_TV_CODES and refused.status == 429
    pairing.new_code(ip="192.0.2.9")  # another address is not held back
    clock.advance(pairing.CODE_SECONDS + pairing.KEEP_LAPSED.total_seconds() + 1)
    pairing.new_code(ip="192.0.2.9")
    assert TvPairing.objects.count() == 1  # lapsed a day ago: deleted


# --- The pages ---------------------------------------------------------------------------------


def test_the_tv_page_shows_a_code_and_nothing_of_any_table(live_deck):
    host, guest = UserFactory(gamer_tag="Grandma_Ruth"), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv = Client(REMOTE_ADDR=HOME)
    page = tv.get(reverse("tv"))
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    assert page["Referrer-Policy"] == "no-referrer"
    html = page.content.decode()
    assert 'id="tv-code"' in html and "Show on TV" in html
    assert table.code not in html and "Grandma_Ruth" not in html
    assert TvPairing.objects.count() == 1
    # Asked afresh by the page once its code lapsed: a new code and a new secret.
    fresh = tv.post(reverse("tv")).json()
    assert len(fresh["code"]) == 6 and fresh["ends_in"] == pairing.CODE_SECONDS
    state = tv.post(reverse("tv_state"), {"secret": fresh["secret"]}).json()
    assert state == {"state": "waiting", "ends_in": pairing.CODE_SECONDS}
    assert tv.get(reverse("tv_state")).status_code == 302  # a typed address goes to the page


def test_the_host_types_the_code_and_the_tv_is_told_it_is_paired(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    tv_browser = Client(REMOTE_ADDR=HOME)
    made = tv_browser.post(reverse("tv")).json()
    phone = _signed_in(host)
    form = phone.get(reverse("pair_tv", args=[table.code]))
    html = form.content.decode()
    assert form.status_code == 200 and 'name="tv_code"' in html
    assert reverse("show_on_screen", args=[table.code]) in html  # the link and QR, for who prefers
    answer = phone.post(reverse("pair_tv", args=[table.code]), {"tv_code": made["shown"]})
    assert answer.status_code == 302 and answer["Location"] == reverse("table", args=[table.code])
    assert made["secret"] not in answer["Location"]
    assert _said(answer) == [f"Table {table.code} is on the TV now."]
    state = tv_browser.post(reverse("tv_state"), {"secret": made["secret"]}).json()
    assert state["state"] == "paired"
    assert tv_browser.get(reverse("screen", args=[made["secret"]])).status_code == 200


def test_the_form_says_a_wrong_code_beside_the_box_and_waits_after_ten(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    made = pairing.new_code(ip=HOME)
    phone = _signed_in(host)
    door = reverse("pair_tv", args=[table.code])
    answer = phone.post(door, {"tv_code": _wrong(made.code)})
    html = answer.content.decode()
    assert answer.status_code == 404 and "No TV shows that code just now" in html
    assert f'value="{_wrong(made.code)}"' in html  # what was typed is still in the box
    for _ in range(settings.GAME_SCREEN_GUESS_LIMIT - 1):
        phone.post(door, {"tv_code": _wrong(made.code)})
    assert phone.post(door, {"tv_code": made.code}).status_code == 429
    assert not TableScreen.objects.exists()


def _said(answer) -> list[str]:
    return [message.message for message in get_messages(answer.wsgi_request)]


def test_a_guest_and_a_public_tables_host_are_answered_with_words(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    made = pairing.new_code(ip=HOME)
    answer = _signed_in(guest).post(reverse("pair_tv", args=[table.code]), {"tv_code": made.code})
    assert answer.status_code == 302 and _said(answer) == ["Only the host can do that."]
    stranger = UserFactory()
    public = services.play_now(user=stranger).table
    answer = _signed_in(stranger).post(reverse("pair_tv", args=[public.code]), {"tv_code": made.code})
    assert _said(answer) == [WORDS[Code.NO_PUBLIC_SCREENS]]
    assert not TableScreen.objects.exists()
    assert pairing.tv_state(made.secret).state == "waiting"


def test_through_the_form_a_lapsed_or_used_code_is_said_and_a_schools_junk_never_blocks_a_right_one(
    live_deck, clock
):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    door = reverse("pair_tv", args=[table.code])
    lapsed = pairing.new_code(ip=HOME)
    clock.advance(pairing.CODE_SECONDS)
    answer = _signed_in(host).post(door, {"tv_code": lapsed.code})
    assert answer.status_code == 410 and str(WORDS[Code.TV_CODE_LAPSED]) in answer.content.decode()
    # The school's address: a device's junk screen links, then a guest's wrong code, the tenth.
    fresh = pairing.new_code(ip=HOME)
    for n in range(settings.GAME_SCREEN_GUESS_LIMIT - 2):
        assert (
            Client(REMOTE_ADDR=HOME).get(reverse("screen", args=[f"junk-{n}" + "x" * 40])).status_code == 404
        )
    assert _signed_in(guest).post(door, {"tv_code": _wrong(fresh.code)}).status_code == 404
    assert _signed_in(guest).post(door, {"tv_code": _wrong(fresh.code)}).status_code == 429
    answer = _signed_in(host).post(door, {"tv_code": fresh.code})
    assert answer.status_code == 302 and pairing.tv_state(fresh.secret).state == "paired"
    # Typed again (from home, away from the school's count): it paired once already.
    used = _signed_in(host, "192.0.2.44").post(door, {"tv_code": fresh.code})
    assert used.status_code == 410 and "already put a table on a TV" in used.content.decode()
