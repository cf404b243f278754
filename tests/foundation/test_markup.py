"""The public pages' markup, read by an HTML5 parser as a browser reads it (the Nu checker's errors)."""

from __future__ import annotations

import html5lib
import pytest
from django.urls import reverse

from game import services
from tests.deck import load_deck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PUBLIC_PAGES = [
    reverse("home"),
    reverse("how_to_play"),
    reverse("rules"),
    reverse("account_login"),
    reverse("account_signup"),
    reverse("content:print"),
]


@pytest.fixture(autouse=True)
def _deck(db):
    load_deck()


def parsed(html: bytes) -> tuple[object, list]:
    """The document as the HTML5 parsing rules build it, and what the parser objected to."""
    parser = html5lib.HTMLParser(namespaceHTMLElements=False)
    return parser.parse(html), parser.errors


@pytest.mark.parametrize("url", PUBLIC_PAGES)
def test_a_public_page_parses_cleanly_and_says_what_it_is_in_its_meta_description(client, url):
    document, errors = parsed(client.get(url).content)
    assert errors == []
    [meta] = document.findall(".//meta[@name='description']")
    assert 50 <= len(meta.get("content")) <= 160


def test_each_public_page_has_its_own_description(client):
    descriptions = {
        parsed(client.get(url).content)[0].find(".//meta[@name='description']").get("content")
        for url in PUBLIC_PAGES
    }
    assert len(descriptions) == len(PUBLIC_PAGES)


@pytest.mark.parametrize("url", PUBLIC_PAGES)
def test_no_paragraph_carries_an_aria_label(client, url):
    document, _ = parsed(client.get(url).content)
    assert document.findall(".//p[@aria-label]") == []


def test_the_table_page_parses_cleanly_with_no_aria_label_on_a_paragraph(client):
    member = UserFactory()
    table = services.create_private_table(user=member, seats=4).table
    client.force_login(member)
    document, errors = parsed(client.get(reverse("table", args=[table.code])).content)
    assert errors == []
    assert document.findall(".//p[@aria-label]") == []
    # The code is still spelled out for a screen reader, in the words before it.
    label = document.find(".//p[@class='share-label']")
    assert "".join(label.itertext()).endswith(f"spelled {' '.join(table.code)}:")


def test_sign_up_points_the_password_at_its_rules_and_the_rules_are_in_that_element(client):
    document, errors = parsed(client.get(reverse("account_signup")).content)
    assert errors == []
    password = document.find(".//input[@name='password1']")
    described = document.find(f".//*[@id='{password.get('aria-describedby')}']")
    rules = [" ".join(li.itertext()) for li in described.findall(".//li")]
    assert any("at least 8 characters" in rule for rule in rules), rules
    # Not a phrasing element split by the list the browser would move out of it.
    assert described.tag == "div"


def test_the_start_screen_parses_cleanly_and_offers_the_agents_box(client):
    client.force_login(UserFactory())
    document, errors = parsed(client.get(reverse("home")).content)
    assert errors == []
    box = document.find(".//input[@name='allow_agents']")
    assert box.get("type") == "checkbox" and box.get("checked") is None
    label = document.find(f".//label[@for='{box.get('id')}']")
    assert "Welcome approved AI helpers" in "".join(label.itertext())


@pytest.mark.parametrize(
    "name", ["home", "accounts:settings", "family", "my_games", "privacy", "how_to_play"]
)
def test_a_members_pages_parse_cleanly_and_their_titles_are_plain_words(client, name):
    # A merge once put a whole section of the settings page inside its <title>.
    client.force_login(UserFactory())
    document, errors = parsed(client.get(reverse(name)).content)
    assert errors == []
    [title] = document.findall(".//title")
    assert list(title) == [] and "<" not in (title.text or "")
    assert (title.text or "").endswith("· JustAllowGod")
