"""Issue 42 on a socket: with no request to read, a socket words its messages in its reader's
language, chosen as the pages choose it: the member's own (User.language), else the device's cookie,
else the browser's Accept-Language, else English; only ever a language readers are offered. Only the
words change: the codes stay as they are."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.utils.functional import lazy
from django.utils.translation import get_language

from game.sockets.language import language_of
from justalllowgod.asgi import application
from justalllowgod.lib import refusals
from justalllowgod.lib.refusals import Code
from tests.game.support import HOST, ORIGIN, Communicator, Player, session_cookie, two_member_game

MEMBER = SimpleNamespace(is_authenticated=True, language="")
VISITOR = SimpleNamespace(is_authenticated=False)


@pytest.fixture
def every_language(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES


def scope(cookie: str = "", accept: str = "") -> dict:
    headers = [ORIGIN, HOST]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    if accept:
        headers.append((b"accept-language", accept.encode()))
    return {"type": "websocket", "headers": headers}


def test_the_members_own_language_comes_first(every_language):
    member = SimpleNamespace(is_authenticated=True, language="pt")
    assert language_of(scope("sessionid=x; django_language=es", "es-MX,es;q=0.9"), member) == "pt"


def test_then_the_devices_cookie(every_language):
    assert language_of(scope("sessionid=x; django_language=es", "pt-BR,pt;q=0.9"), MEMBER) == "es"
    assert language_of(scope("django_language=pt"), VISITOR) == "pt"
    assert language_of(scope("django_language=pt"), None) == "pt"  # an agent's socket: no member


def test_then_the_browsers_accept_language(every_language):
    assert language_of(scope("sessionid=x", "fr-FR,fr;q=0.9,es-MX;q=0.8,en;q=0.5"), MEMBER) == "es"
    assert language_of(scope("", "pt-BR"), MEMBER) == "pt"  # a region's variant is its language


def test_else_english(every_language):
    assert language_of(scope(), MEMBER) == "en"
    assert language_of(scope("django_language=fr", "fr,de;q=0.5"), MEMBER) == "en"
    assert language_of(scope("", "*"), MEMBER) == "en"


def test_a_choice_the_site_is_not_written_in_is_passed_over(every_language):
    member = SimpleNamespace(is_authenticated=True, language="xx")
    assert language_of(scope("django_language=es; x=1"), member) == "es"
    assert language_of(scope("django_language=es%3B%20DROP", "pt"), member) == "pt"


def test_only_languages_readers_are_offered_now(settings):
    settings.LANGUAGES = [("en", "English")]  # Spanish and Portuguese still closed
    member = SimpleNamespace(is_authenticated=True, language="pt")
    assert language_of(scope("django_language=es", "es-MX,pt;q=0.9"), member) == "en"


def _words_in_the_language_made():
    """A refusal's words that say which language they were made in (the catalogs are another step)."""
    return lazy(lambda: f"words in {get_language()}", str)()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("own", "cookie", "accept", "said"),
    [
        ("pt", "django_language=es", "es", "pt"),
        ("", "django_language=es", "pt-BR", "es"),
        ("", "", "pt-BR,pt;q=0.9", "pt"),
        ("", "", "", "en"),
    ],
)
async def test_a_sockets_refusal_is_worded_in_its_readers_language(
    deck, every_language, monkeypatch, own, cookie, accept, said
):
    monkeypatch.setitem(refusals.WORDS, Code.UNKNOWN_TYPE, _words_in_the_language_made())
    table, host, _guest = await two_member_game()
    if own:
        host.language = own
        await sync_to_async(host.save)(update_fields=["language"])
    cookies = "; ".join(c for c in ((await sync_to_async(session_cookie)(host)).decode(), cookie) if c)
    headers = [ORIGIN, HOST, (b"cookie", cookies.encode())]
    if accept:
        headers.append((b"accept-language", accept.encode()))
    comm = Communicator(application, f"/ws/table/{table.code}/", headers=headers)
    connected, code = await comm.connect()
    assert connected, code
    player = Player(user=host, comm=comm)
    await player.next_of("welcome")
    await player.send({"type": "no_such_type"})
    error = await player.next_of("error")
    assert (error["code"], error["message"]) == ("unknown_type", f"words in {said}")  # the code stays
    await comm.disconnect()
