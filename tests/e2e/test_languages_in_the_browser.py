"""Issue 42 in the browser: the start page, the table and the family's TV screen in Spanish and in
Portuguese, at a phone's 320 px and a computer's 1280 (the TV at 1920x1080): the page says it is in
that language, its words are the catalog's, nothing spills off the side where words are longer,
and no English sentence of the page is left (the tags, the table code and the deck's stories, which
are content in English until translated, aside), by the words of the page as the browser shows
it, its scripts' drawn (tests/foundation/test_no_english_left.py's checks)."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from playwright.sync_api import expect

from game.services import screens
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot, table_model
from tests.e2e.live import sign_in
from tests.factories import UserFactory, signed_in_session
from tests.foundation.test_no_english_left import content_words, english_left, seen
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db(transaction=True)

# A word each page shows, in each language, and its English that must not show.
WORDS = {
    "es": {
        "start": ("Cómo se juega", "How to play"),
        "table": ("en el Pozo", "in the Well"),
        "tv": ("Turno de", "'s turn"),
    },
    "pt": {
        "start": ("Como jogar", "How to play"),
        "table": ("no Poço", "in the Well"),
        "tv": ("Vez de", "'s turn"),
    },
}

EMPTY_LOG = {"es": "Nada todavía", "pt": "Nada ainda"}

SPILL = """() => document.documentElement.scrollWidth - document.documentElement.clientWidth"""


def english_on(page, language: str, content) -> list[str]:
    """The English the page shows once its scripts drew it (their words, the catalog's djangojs
    ones, are only here): tests/foundation/test_no_english_left.py's two checks, on the browser's
    page."""
    return english_left(seen(page.content(), language, content), language)


def people(language: str):
    def work():
        host = UserFactory(gamer_tag="Abuela_Rosa" if language == "es" else "Vovo_Ana", language=language)
        guest = UserFactory(gamer_tag="Daddy_Mike_the_Great", language=language)
        table = deal_private_table(host, guest)
        secret = screens.show_on_screen(
            user=host, session_key=signed_in_session(host), code=table.code
        ).secret
        return host, table, secret

    return in_a_thread(work)


@pytest.mark.parametrize("language", ["es", "pt"])
def test_the_start_page_the_table_and_the_tv_read_in_the_familys_language(live_asgi, new_page, language):
    load_deck()
    server = live_asgi(LANGUAGES=django_settings.ALL_LANGUAGES, GAME_FIXED_SEED=20261207)
    host, table, secret = people(language)
    content = in_a_thread(content_words)
    said, english = WORDS[language]["start"]
    for width in (320, 1280):
        page = new_page({"width": width, "height": 900})
        sign_in(page, server, host)
        page.goto(f"{server.url}/")
        assert page.evaluate("() => document.documentElement.lang") == language
        expect(page.locator("body")).to_contain_text(said)
        assert english not in page.locator("body").inner_text()
        assert english_on(page, language, content) == []
        assert page.evaluate(SPILL) <= 0, f"the start page spills sideways at {width} px"
        screenshot(page, f"languages/{language}-start-{width}")

        page.goto(f"{server.url}/t/{table.code}/")
        expect(page.locator("#game")).to_be_visible()
        table_model(page, "(m) => m && m.view", until=True)
        said_table, english_table = WORDS[language]["table"]
        expect(page.locator("#game")).to_contain_text(said_table)
        assert english_table not in page.locator("#game").inner_text()
        # Even the words the style sheet draws in an empty log come from the page.
        assert page.locator("#log").get_attribute("data-empty").startswith(EMPTY_LOG[language])
        assert english_on(page, language, content) == []
        assert page.evaluate(SPILL) <= 0, f"the table spills sideways at {width} px"
        screenshot(page, f"languages/{language}-table-{width}")

    # The TV signs in as nobody: it reads in its own browser's language (the family sets the TV's).
    tv = new_page({"width": 1920, "height": 1080})
    tv.set_extra_http_headers({"Accept-Language": f"{language},en;q=0.5"})
    tv.goto(f"{server.url}/s/{secret}/")
    said_tv, english_tv = WORDS[language]["tv"]
    expect(tv.locator("body")).to_contain_text(said_tv)
    assert english_tv not in tv.locator("body").inner_text()
    assert english_on(tv, language, content) == []
    assert tv.evaluate("() => document.documentElement.lang") == language
    assert tv.evaluate(SPILL) <= 0
    screenshot(tv, f"languages/{language}-tv-1920", full_page=False)
