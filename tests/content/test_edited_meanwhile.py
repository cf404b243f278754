"""Two editors on one item (issue 45): a save over a change made since the page was opened is
refused with who changed what, nothing of it saved; the page keeps the editor's own version, and
their next save, having read the difference, goes through. On a card's page and on a story's page
(the story and its four card rows)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from content.models import Card, Kind
from tests.factories import FullStoryFactory

pytestmark = pytest.mark.django_db


class _Form(HTMLParser):
    """The change form's fields as a browser would post them (the named inputs, textareas and
    selects inside #{model}_form), without its buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "checkbox", "radio"):
            self.fields[name] = a.get("value") or ""
        elif tag == "input" and name and a.get("type") == "checkbox" and "checked" in a:
            self.fields[name] = a.get("value") or "on"
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields[name] = ""
        elif tag == "select" and name:
            self._select = name
            self.fields.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in a:
            self.fields[self._select] = a.get("value") or ""

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.fields[self._textarea] += data.lstrip("\n") if not self.fields[self._textarea] else data

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None


def opened(client: Client, url: str) -> dict[str, str]:
    """Open a change page: what its form would send as it stands."""
    page = client.get(url)
    assert page.status_code == 200
    form = _Form()
    form.feed(page.content.decode())
    fields = {k: v for k, v in form.fields.items() if not k.startswith(("_", "q")) or k == "_save"}
    fields.pop("csrfmiddlewaretoken", None)
    return fields


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def card(live_deck):
    story = FullStoryFactory(title="Ruth and Naomi")
    return story.cards.get(kind=Kind.PERSON)


def test_a_card_saved_over_another_editors_change_is_refused_with_the_difference(card, editor, other_editor):
    other_editor.gamer_tag = "Deborah"
    other_editor.save()
    url = reverse("admin:content_card_change", args=[card.pk])
    mine, theirs = signed_in(editor), signed_in(other_editor)
    my_page = opened(mine, url)
    assert my_page["seen_revision"]

    their_page = opened(theirs, url)
    assert theirs.post(url, their_page | {"title": "Naomi, who came home"}).status_code == 302

    answer = mine.post(url, my_page | {"description": "She went with Naomi to Bethlehem."})
    assert answer.status_code == 200  # the form again, not saved
    said = answer.content.decode()
    assert "Deborah changed this since you opened it, so your edit was not saved" in said
    assert "Naomi, who came home" in said  # what they changed, before and after
    card.refresh_from_db()
    assert card.title == "Naomi, who came home" and card.description != "She went with Naomi to Bethlehem."

    # The form comes back merged: their title (I left mine as I found it), my description, and the
    # newest revision as the one seen. Saving it again keeps both.
    form = _Form()
    form.feed(said)
    again = {k: v for k, v in form.fields.items() if k in my_page}
    assert again["title"] == "Naomi, who came home"
    assert again["description"] == "She went with Naomi to Bethlehem."
    assert again["seen_revision"] != my_page["seen_revision"]
    assert mine.post(url, again).status_code == 302
    card.refresh_from_db()
    assert (card.title, card.description) == ("Naomi, who came home", "She went with Naomi to Bethlehem.")


def test_where_both_changed_one_field_the_form_keeps_the_editors_own_words(card, editor, other_editor):
    url = reverse("admin:content_card_change", args=[card.pk])
    mine, theirs = signed_in(editor), signed_in(other_editor)
    my_page, their_page = opened(mine, url), opened(theirs, url)
    assert theirs.post(url, their_page | {"title": "Naomi, who came home"}).status_code == 302
    answer = mine.post(url, my_page | {"title": "Ruth, who stayed"})
    assert answer.status_code == 200
    form = _Form()
    form.feed(answer.content.decode())
    assert form.fields["title"] == "Ruth, who stayed"  # mine, to keep or change knowingly
    assert "Naomi, who came home" in answer.content.decode()  # theirs, in the difference
    card.refresh_from_db()
    assert card.title == "Naomi, who came home"


def test_a_save_that_changes_nothing_or_comes_first_goes_through(card, editor, other_editor):
    url = reverse("admin:content_card_change", args=[card.pk])
    mine, theirs = signed_in(editor), signed_in(other_editor)
    my_page, their_page = opened(mine, url), opened(theirs, url)
    assert mine.post(url, my_page | {"title": "Ruth the Moabite"}).status_code == 302
    # Theirs was opened before; saving it unchanged writes nothing over mine.
    assert theirs.post(url, their_page | {"title": "Ruth the Moabite"}).status_code == 302
    card.refresh_from_db()
    assert card.title == "Ruth the Moabite"


def test_a_story_page_refuses_to_put_back_a_card_another_editor_changed(card, editor, other_editor):
    story = card.story
    url = reverse("admin:content_story_change", args=[story.pk])
    mine = signed_in(editor)
    my_page = opened(mine, url)
    # Another editor changes the Person card on its own page meanwhile.
    card_url = reverse("admin:content_card_change", args=[card.pk])
    their_card = opened(signed_in(other_editor), card_url)
    assert (
        signed_in(other_editor).post(card_url, their_card | {"title": "Ruth, loyal to the end"}).status_code
        == 302
    )

    # I change only the story's summary; my page still holds the card's old title in its row.
    answer = mine.post(url, my_page | {"summary": "Ruth 1-4, a story of loyalty."})
    assert answer.status_code == 200
    assert "changed this since you opened it" in answer.content.decode()
    story.refresh_from_db()
    card.refresh_from_db()
    assert card.title == "Ruth, loyal to the end"  # not put back
    assert story.summary != "Ruth 1-4, a story of loyalty."  # all or nothing
    assert Card.objects.filter(story=story).count() == 4
