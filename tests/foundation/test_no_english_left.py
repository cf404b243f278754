"""Issue 42: no English left on a page read in Spanish or Portuguese.

Every page a visitor, a member, a parent, a guest, a class leader and their child, a reviewer and a
content editor reach is rendered in each translated language, and the words a reader sees (the
text, and the title, aria-label, placeholder, alt and button values read aloud or shown on hover)
are checked two ways, and the page must say it is in that language (<html lang>):

- against the catalog: no sentence the site wrote in English and translated (a msgid whose msgstr
  differs) shows in its English, its names filled in by anything (so a word wrapped in a template
  but said in Python before the language was chosen, or written twice and wrapped once, is found);
  a short one (a button's "Sign in") counts when it is the whole of a piece of text;
- by its words: a piece of text with a word of English that no page in the language says on
  purpose (a small word as "the", "your", "with", or any word of the site's English, Django's or
  allauth's, that their translations and the language's Bible never use) is English nobody
  wrapped, or wrapped and not translated.

What is English on purpose is left out: an element marked in another language (the picker's
language names, each in its own), the content the team writes (story and card titles, verses, the
deck's names), which is dealt in English until translated, and what reviewers type; tags, codes and
addresses are no sentences.
The words the scripts draw in the browser are tests/e2e/test_languages_in_the_browser.py's."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.db.models import QuerySet
from django.test import Client

from tests.factories import UserFactory, signed_in_session
from tests.foundation.test_every_address_answers_a_get import addresses
from tests.foundation.test_every_address_answers_a_get import world as world  # a fixture

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"
READ_IN = ("es", "pt")

# --- What a reader sees --------------------------------------------------------------------------

# Attributes whose words are read: on hover, by a screen reader, in an empty box, on a button.
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-empty", "aria-description")
BUTTON_INPUTS = ("submit", "button", "reset")
UNSEEN = ("script", "style", "template", "noscript", "svg")
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
}  # fmt: skip


# Tags inside a sentence: a piece of text runs on through them ("Tap <strong>Start</strong> now").
INLINE = {
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "em", "i", "kbd", "mark", "q", "s", "small",
    "span", "strong", "sub", "sup", "time", "u", "var", "wbr", "label", "output",
}  # fmt: skip


class _Reader(HTMLParser):
    """What a reader sees in the page's language: each text node and each attribute that is read
    (`nodes`), the sentences they make between blocks (`runs`) and all of it in a row (`flow`), less
    what is hidden from everyone (scripts, styles), what an element says is in another language
    (lang="en" on the picker's English) and what it says is not to be translated (a code)."""

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[tuple[str, bool]] = []  # (tag, in another language or unseen)
        self.nodes: list[str] = []
        self.runs: list[str] = []
        self.run: list[str] = []
        self.flow: list[str] = []

    def _skipping(self) -> bool:
        return any(skip for _tag, skip in self.stack)

    def _end_run(self) -> None:
        # A space between its pieces: a story's title and the "Story 7 of 20" set beside it are two
        # things, however close the markup puts them.
        if "".join(self.run).strip():
            self.runs.append(" ".join(self.run))
        self.run = []

    def _said(self, words: str | None) -> None:
        if words and words.strip():
            self.nodes.append(words)
            self.runs.append(words)
            self.flow.append(f" {words} ")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        lang = (given.get("lang") or "").split("-")[0]
        # translate="no": a code to type (the TV's "CE3 FEW"), words in no language at all.
        untranslated = (given.get("translate") or "").lower() == "no"
        skip = tag in UNSEEN or untranslated or (lang != "" and lang != self.language)
        if tag not in INLINE:
            self._end_run()
        self.flow.append(" ")
        if not (skip or self._skipping()):
            for name in READ_ATTRIBUTES:
                self._said(given.get(name))
            if tag == "input" and (given.get("type") or "").lower() in BUTTON_INPUTS:
                self._said(given.get("value"))
            if tag == "meta" and (given.get("name") or "") == "description":
                self._said(given.get("content"))
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                break
        if tag not in INLINE:
            self._end_run()
        self.flow.append(" ")

    def handle_data(self, data: str) -> None:
        if self._skipping():
            return
        if data.strip():
            self.nodes.append(data)
        self.run.append(data)
        self.flow.append(data)

    def close(self) -> None:
        super().close()
        self._end_run()


def squeeze(words: str) -> str:
    return " ".join(words.split())


@dataclass
class Seen:
    """A page's words: each text node and read attribute, the sentences they make, and all of it
    in a row."""

    nodes: list[str]
    runs: list[str]
    text: str


def seen(page: str, language: str, content: re.Pattern[str]) -> Seen:
    reader = _Reader(language)
    reader.feed(page)
    reader.close()

    def without_content(words: str) -> str:
        return squeeze(content.sub(" ", squeeze(words)))

    nodes = [without_content(node) for node in reader.nodes]
    runs = [without_content(run) for run in reader.runs]
    return Seen([n for n in nodes if n], [r for r in runs if r], without_content(" ".join(reader.flow)))


# --- English the catalog knows --------------------------------------------------------------------

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")
TAG = re.compile(r"<[^>]+>")
# A word in any alphabet, its apostrophes kept (a straight one, or the typographer's U+2019).
WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
ENDS = " .,:;!?…"


def plain(msgid: str) -> str:
    """A msgid as a reader sees it: its tags gone, its entities read, its spaces squeezed."""
    return squeeze(html.unescape(TAG.sub(" ", msgid))).strip(ENDS)


def words_of(said: str) -> list[str]:
    return [word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", plain(said)))]


@dataclass(frozen=True)
class English:
    """One English sentence of the catalog, its names open, as a regular expression, and its
    longest stretch without a name (a page without it cannot hold the sentence: a quick look first)."""

    msgid: str
    pattern: re.Pattern[str]
    words: int
    needle: str


def _pattern(sentence: str) -> re.Pattern[str]:
    """The sentence with each name matching anything short and each space any spaces; never found
    inside a longer word ("on" in "Continuar")."""
    parts = []
    for token in re.split(r"(\s+|%\(\w+\)[sd]|%[sd]|\{\w*\})", sentence):
        if token.isspace():
            parts.append(r"\s+")
        elif PLACEHOLDER.fullmatch(token):
            parts.append(r".{1,80}?")
        elif token:
            parts.append(re.escape(token))
    regex = "".join(parts)
    if sentence[:1].isalnum():
        regex = r"(?<!\w)" + regex
    if sentence[-1:].isalnum():
        regex += r"(?!\w)"
    return re.compile(regex, re.DOTALL)


@cache
def catalog(language: str) -> tuple[list[polib.POEntry], frozenset[str]]:
    """The language's entries (both domains: a script's sentence written into the page is English
    left too), and every word its translations use."""
    entries = [
        entry
        for domain in ("django", "djangojs")
        for entry in polib.pofile(
            str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")
        ).translated_entries()
    ]
    vocabulary = {
        word
        for entry in entries
        for said in ([entry.msgstr] if entry.msgstr else entry.msgstr_plural.values())
        for word in words_of(said)
    }
    return entries, frozenset(vocabulary)


@cache
def english_of(language: str) -> tuple[English, ...]:
    """Each English msgid the language translates to other words and that has a word no page in
    the language says on purpose ("Email" is Portuguese too, as allauth's Portuguese says it; "as"
    and "for" are Portuguese words): those are English wherever they show."""
    entries, _vocabulary = catalog(language)
    found: dict[str, English] = {}
    for entry in entries:
        said = {plain(s) for s in ([entry.msgstr] if entry.msgstr else entry.msgstr_plural.values())}
        for msgid in filter(None, (entry.msgid, entry.msgid_plural)):
            sentence = plain(msgid)
            words = words_of(msgid)
            if sentence in said or msgid in found or not set(words) - own_words(language):
                continue
            needle = max((part.strip() for part in PLACEHOLDER.split(sentence)), key=len)
            found[msgid] = English(msgid, _pattern(sentence), len(words), needle)
    return tuple(found.values())


# --- English nobody wrapped -----------------------------------------------------------------------

# Small words of English ("a", "no", "me", "he", "as" are Spanish or Portuguese too, and left out);
# those a language's own pages say anyway ("for" in Portuguese) are left out for it.
ENGLISH = frozenset({
    "the", "you", "your", "yours", "and", "with", "this", "that", "these", "those", "is", "are", "was",
    "were", "have", "haven't", "will", "won't", "would", "can", "can't", "cannot", "could", "should",
    "must", "don't", "doesn't", "didn't", "isn't", "aren't", "it", "it's", "its", "they", "their",
    "them", "what", "when", "where", "which", "who", "why", "how", "here", "there", "been", "be",
    "being", "not", "but", "or", "if", "by", "at", "an", "my", "our", "we", "us", "she", "his", "her",
    "on", "in", "into", "out", "up", "of", "to", "for", "from", "than", "then", "just", "only", "also",
    "yet", "does", "did", "let", "let's", "please", "yes", "now", "next", "back", "after", "before",
    "each", "every", "any", "all", "about",
})  # fmt: skip
TAG_LIKE = re.compile(r"\S*[_\d@/]\S*")  # gamer tags, codes, addresses, numbers


@cache
def own_words(language: str) -> frozenset[str]:
    """Every word a page in the language says on purpose: its translations (the site's, Django's
    and allauth's, as Django merges them) and its Bible's."""
    from django.utils.translation import trans_real

    _entries, vocabulary = catalog(language)
    words = set(vocabulary)
    for msgid, said in trans_real.translation(language)._catalog.items():
        if msgid:  # the empty msgid is each catalog's header
            words.update(words_of(said))
    for book in _data_books(language):
        words.update(word.lower() for word in WORD.findall(book))
    return frozenset(words)


def _data_books(language: str) -> list[str]:
    from content import bibles

    translation = bibles.for_language(language)
    return [" ".join(chapter) for book in bibles._data(translation.code)["books"] for chapter in book]


@cache
def english_only(language: str) -> frozenset[str]:
    """The words the site's English says (its msgids, and Django's and allauth's) that no page in
    the language says on purpose, of three letters or more, and the small English words."""
    from django.utils.translation import trans_real

    entries, _vocabulary = catalog(language)
    words = {word for entry in entries for word in words_of(entry.msgid) + words_of(entry.msgid_plural)}
    for msgid in trans_real.translation(language)._catalog.keys():  # noqa: SIM118 (no __iter__)
        for said in msgid if isinstance(msgid, tuple) else (msgid,):
            if isinstance(said, str):
                words.update(words_of(said))
    return frozenset({word for word in words if len(word) >= 3} | ENGLISH) - own_words(language)


def english_words(run: str, language: str) -> set[str]:
    """The words of a run of text that are English and no word of the language."""
    return {word for word in words_of(TAG_LIKE.sub(" ", run)) if word in english_only(language)}


def english_left(page: Seen, language: str) -> list[str]:
    """Each English sentence the page shows: the catalog's (a long one anywhere, a short one when
    it is a whole piece of text), then any run of text with a word of English in it."""
    left: list[str] = []
    nodes = [node.strip(ENDS) for node in page.nodes]
    for english in english_of(language):
        if english.words >= 3:
            match = english.needle in page.text and english.pattern.search(page.text)
            if match:
                left.append(f"{english.msgid!r}: {match.group(0)!r}")
        elif any(english.needle in node and english.pattern.fullmatch(node) for node in nodes):
            left.append(f"{english.msgid!r}")
    for run in page.runs:
        found = english_words(run, language)
        if found:
            left.append(f"English words {sorted(found)}: {run!r}")
    if language == "pt":
        left.extend(
            f"Portugal's Portuguese {node!r} (Brazil's: {portugal[node]!r})"
            for portugal in (portugals_words(),)
            for node in nodes
            if node in portugal
        )
    return left


@cache
def portugals_words() -> dict[str, str]:
    """The site's Portuguese is Brazil's, but "pt" finds Django's and allauth's catalogs for Portugal
    ("Iniciar sessão", "Introduza"): each sentence of theirs that Brazil's catalog of the same
    package says otherwise (-> Brazil's), unless our own catalog says it too. The sentences we show
    are in our catalog (accounts/borrowed_words.py), in Brazil's words."""
    import allauth
    import django

    brazil = polib.pofile(str(Path(settings.BASE_DIR) / "locale_brazil" / "pt" / "LC_MESSAGES" / "django.po"))
    ours = {plain(e.msgstr).strip(ENDS) for e in [*catalog("pt")[0], *brazil] if e.msgstr}
    found: dict[str, str] = {}
    for package in (Path(django.__file__).parent, Path(allauth.__file__).parent):
        for po in sorted(package.glob("**/locale/pt*/LC_MESSAGES/django.po")):
            if po.parts[-3] not in ("pt", "pt_PT"):
                continue
            brazil = po.parents[2] / "pt_BR" / "LC_MESSAGES" / "django.po"
            if not brazil.exists():
                continue
            says = {e.msgid: e.msgstr for e in polib.pofile(str(brazil)) if e.msgstr}
            for entry in polib.pofile(str(po)):
                theirs = plain(entry.msgstr).strip(ENDS)
                if theirs and says.get(entry.msgid) not in (None, entry.msgstr) and theirs not in ours:
                    found[theirs] = says[entry.msgid]
    return found


# --- The people and their pages -------------------------------------------------------------------


@pytest.fixture
def every_language(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES


def content_words() -> re.Pattern[str]:
    """The words people write, never the site: the deck's stories and cards in every language
    (dealt in English until translated), their verses as the page prints them (a supplied [word]
    without its brackets) and as a question asks them (one word blanked), the decks' names, the
    Bibles' own names, and what reviewers and the team typed (a decision's reason, a note)."""
    from content import bibles
    from content.models import Card, Deck, ReviewStep, Story, Translation
    from content.preview import BLANK, meaningful_words
    from moderation.models import Appeal, Decision

    words: set[str] = {bible.name for bible in bibles.TRANSLATIONS.values()}
    for model, fields in (
        (Story, ("title", "summary")),
        (Card, ("title", "description", "reference", "verse_text")),
        (Translation, ("title", "description")),
        (Deck, ("name", "slug")),
        (ReviewStep.objects.filter(action=ReviewStep.Action.CHANGES_REQUESTED), ("note",)),
        (Decision, ("reason",)),
        (Appeal, ("note", "answer")),
    ):
        rows = model if isinstance(model, QuerySet) else model.objects
        for row in rows.values_list(*fields):
            words.update(squeeze(value) for value in row if value and value.strip())
    for verse in Card.objects.exclude(verse_text="").values_list("verse_text", flat=True):
        words.add(squeeze(re.sub(r"\[([^\]]*)\]", r"\1", verse)))
        for word in meaningful_words(verse):
            words.add(squeeze(re.sub(rf"(?<![\w\[]){re.escape(word)}(?![\w\]])", BLANK, verse, count=1)))
    # The longest first, so that a title inside another leaves nothing behind; a whole word or more.
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


@dataclass
class Visit:
    """The pages one person reads, in one language, and the English found on each."""

    browser: Client
    language: str
    found: dict[str, list[str]] = field(default_factory=dict)
    pages: int = 0
    content: re.Pattern[str] | None = None

    def read(self, url: str, *, post: dict | None = None, status: int | set[int] = 200) -> str:
        """The page (after its redirects) at the address, or the one its form's POST answers with."""
        if post is None:
            answer = self.browser.get(url, follow=True)
        else:
            answer = self.browser.post(url, post, follow=True)
        wanted = {status} if isinstance(status, int) else status
        assert answer.status_code in wanted, (url, answer.status_code, answer.redirect_chain)
        return self.check(f"{'POST' if post is not None else 'GET'} {url}", answer)

    def check(self, name: str, answer) -> str:
        if not answer["Content-Type"].startswith("text/html"):
            return ""
        page = answer.content.decode()
        if self.content is None:
            self.content = content_words()
        left = english_left(seen(page, self.language, self.content), self.language)
        said = re.search(r"<html[^>]*\blang=\"([^\"]*)\"", page)
        if said is None or said.group(1) != self.language:
            left.insert(0, f"the page says it is in {said.group(1) if said else 'no language'!r}")
        if left:
            self.found[name] = left
        self.pages += 1
        return page


def visit(user, language: str) -> Visit:
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        browser.force_login(user)
    return Visit(browser, language)


def no_english(*visits: Visit) -> None:
    assert all(v.pages > 0 for v in visits)
    found = {url: left for v in visits for url, left in v.found.items()}
    assert found == {}, "English left:\n" + "\n".join(
        f"{url}\n  " + "\n  ".join(left) for url, left in found.items()
    )


# --- Every address, as each kind of visitor -------------------------------------------------------


def editor_of(group: str):
    from django.contrib.auth.models import Group

    from tests.factories import StaffFactory

    user = StaffFactory()
    user.groups.add(Group.objects.get(name=group))
    return user


@pytest.mark.parametrize("language", READ_IN)
@pytest.mark.parametrize("who", ["visitor", "member", "reviewer", "editor", "approver"])
def test_every_address_a_plain_get_reaches(who, language, every_language, world):
    """Each named address with real objects (tests/foundation/test_every_address_answers_a_get.py's
    world: a flagged game played to its end and decided, a waiting table), as a visitor, a member
    who played it, a reviewer, and the content team's editor and approver (the admin is theirs; the
    reviewer there is also a superuser, and the rest of the back office, members' records and
    sign-in logs, is the site's staff's, not yet translated)."""
    from content.groups import APPROVERS, EDITORS

    people = {
        "visitor": None,
        "member": world["member"],
        "reviewer": world["reviewer"],
        "editor": editor_of(EDITORS),
        "approver": editor_of(APPROVERS),
    }
    reader = visit(people[who], language)
    for _name, url in addresses(world):
        if who == "reviewer" and url.startswith("/admin/"):
            continue
        answer = reader.browser.get(url, follow=True)
        assert answer.status_code in {200, 400, 403, 404, 410}, (url, answer.status_code)
        reader.check(f"GET {url}", answer)
    no_english(reader)


# --- Each person's own ways through the site ----------------------------------------------------


@pytest.mark.parametrize("language", READ_IN)
def test_a_visitors_pages(language, every_language, live_deck):
    """The welcome, the help pages, the ways in (sign-in, sign-up, a code by mail, a table's link
    and invitation, a class's code, a TV), with their refusals."""
    from game import services

    host = UserFactory()
    table = services.create_private_table(user=host).table
    reader = visit(None, language)
    for url in (
        "/",
        "/how-to-play/",
        "/rules/",
        "/privacy/",
        "/print/",
        "/bible/genesis/1/",
        "/bible/psalms/23/",
        "/tv/",
        "/offline/",
        "/class/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/login/code/",
        "/accounts/password/reset/",
        f"/join/{table.code}/",
        f"/invite/{table.invite_token}/",
        f"/invite/{table.invite_token}/guest/",
        "/class/claim/",
        "/family/sign-in/not-a-real-secret/",
    ):
        reader.read(url)
    reader.read("/no-such-page/", status=404)
    reader.read("/accounts/login/", post={"login": "nobody@example.org", "password": "wrong-password"})
    reader.read("/accounts/signup/", post={"email": "not an address"})
    reader.read("/accounts/login/code/", post={"email": "nobody@example.org"})
    reader.read("/accounts/login/code/confirm/", post={"code": "WRONG1"}, status={200, 400})
    reader.read("/class/", post={"code": "ZZZZZZ", "name": "Sam"}, status={400, 404})
    reader.read("/family/sign-in/not-a-real-secret/", post={}, status={400, 403, 404})
    no_english(reader)


@pytest.mark.parametrize("language", READ_IN)
def test_a_members_pages(language, every_language, live_deck):
    """A member's start screen, settings, games and their replays, and every page of a table: the
    waiting room, a game under way, a seat JagAI took, another's table to join or watch, an
    invitation whose game is over, a screen and a TV, with the start screen's refusals."""
    from game import services
    from game.services import screens
    from notices import tokens
    from tests.game.support import deal_private_table
    from tests.moderation.conftest import play_game

    played = play_game(members=2)
    member = played.users[1]
    hosted = services.create_private_table(user=member).table
    dealt = deal_private_table(UserFactory(), member)
    left = deal_private_table(UserFactory(), member)
    services.leave_table(user=member, code=left.code)
    elsewhere = services.create_private_table(user=UserFactory()).table
    reader = visit(member, language)
    for url in (
        "/",
        "/me/settings/",
        "/me/games/",
        f"/replay/{played.game.pk}/",
        "/me/family/",
        "/class/new/",
        f"/t/{hosted.code}/",
        f"/t/{hosted.code}/tv/",
        f"/t/{dealt.code}/",
        f"/t/{left.code}/",
        f"/join/{elsewhere.code}/",
        f"/invite/{elsewhere.invite_token}/",
        f"/t/{elsewhere.code}/watch/",
        f"/notices/unsubscribe/{tokens.make(member)}/",
        "/notices/unsubscribe/not-a-token/",
        "/how-to-play/",
        "/rules/",
        "/print/",
    ):
        reader.read(url, status={200, 400})
    reader.read(f"/invite/{played.table.invite_token}/", status=410)
    reader.read("/t/ZZZZ/", status=404)
    reader.read(f"/t/{hosted.code}/screen/", post={})
    secret = screens.show_on_screen(
        user=member, session_key=signed_in_session(member), code=hosted.code
    ).secret
    reader.read(f"/s/{secret}/")
    reader.read(f"/t/{hosted.code}/screen/off/", post={})
    reader.read(f"/s/{secret}/", status=410)
    reader.read(f"/t/{elsewhere.code}/watch/", post={})
    reader.read("/tables/join/", post={"code": "ZZZZ"})
    reader.read("/tables/new/", post={"seats": "9"})
    reader.read(f"/t/{hosted.code}/tv/", post={"tv_code": "000000"}, status={200, 400, 404})
    reader.read(f"/notices/unsubscribe/{tokens.make(member)}/", post={})
    reader.read("/me/settings/", post={"gamer_tag": "x"})
    reader.read("/me/settings/delete/", post={})
    reader.read("/class/new/", post={"cap": "30"}, status=400)
    newcomer = visit(UserFactory(gamer_tag="", tag_changed_at=None), language)
    newcomer.read("/me/tag/")
    newcomer.read("/me/tag/", post={"gamer_tag": "no"}, status={200, 400})
    no_english(reader, newcomer)


@pytest.mark.parametrize("language", READ_IN)
def test_a_parents_and_their_childs_pages(language, every_language, live_deck):
    """A parent's family page with a child (and its refusals), the child's one-time QR and its page
    on the child's device, the child's start screen, the page a child may not open, the signed-out
    child's device, and the page that claims a class's take-home card (a wrong code too)."""
    from accounts import family

    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    reader = visit(parent, language)
    reader.read("/me/family/")
    reader.read("/me/family/", post={"gamer_tag": "x"}, status=400)
    qr = reader.read(f"/me/family/{child.pk}/sign-in/", post={})
    secret = re.search(r"/family/sign-in/([^/\"]+)/", qr).group(1)
    reader.read(f"/me/family/{child.pk}/public-play/", post={"allowed": "on"})
    reader.read(f"/me/family/{child.pk}/rename/", post={"gamer_tag": "x"})
    reader.read(f"/me/family/{child.pk}/delete/", post={})
    reader.read("/class/claim/")
    reader.read("/class/claim/", post={"code": "ZZZZ ZZZZ"}, status={400, 403, 404})
    device = visit(None, language)
    device.read(f"/family/sign-in/{secret}/")
    device.read(f"/family/sign-in/{secret}/", post={})
    for url in ("/", "/how-to-play/", "/me/games/"):
        device.read(url, status={200, 403, 404})
    device.read("/me/settings/", status=403)
    device.browser.post("/accounts/logout/")
    device.read("/me/kid-device/")
    no_english(reader, device)


@pytest.mark.parametrize("language", READ_IN)
def test_a_guests_pages(language, every_language, live_deck):
    """A guest asks by the invite link with one name (a refused one too), waits for the host's yes
    (the host's table shows the asking), sits, is kept to their table, and keeps their games by
    an email and a code."""
    from accounts.models import User
    from game import services
    from game.models import SitRequest
    from tests.game.support import host_answers

    host = UserFactory()
    table = services.create_private_table(user=host).table
    guest = visit(None, language)
    guest.read(f"/invite/{table.invite_token}/guest/", post={"name": "x"}, status=400)
    guest.read(f"/invite/{table.invite_token}/guest/", post={"name": "Grandpa_Joe"})
    visit(host, language).read(f"/t/{table.code}/")
    request = SitRequest.objects.get(guest=User.objects.get(gamer_tag="Grandpa_Joe"))
    host_answers(table, request.pk, yes=True)
    guest.read("/")
    guest.read(f"/t/{table.code}/")
    guest.read("/me/settings/", status=403)
    guest.read("/me/keep-games/")
    guest.read("/me/keep-games/", post={"email": "not an address"}, status={200, 400})
    guest.read("/me/keep-games/", post={"email": "grandpa@example.org"})
    guest.read("/me/keep-games/", post={"code": "WRONG1"}, status={200, 400})
    services.start_table(user=host, code=table.code)
    guest.read(f"/t/{table.code}/")
    refused = services.create_private_table(user=UserFactory()).table
    other = visit(None, language)
    other.read(f"/invite/{refused.invite_token}/guest/", post={"name": "Uncle_Bob"})
    request = SitRequest.objects.get(guest=User.objects.get(gamer_tag="Uncle_Bob"))
    host_answers(refused, request.pk, yes=False)
    other.read(f"/invite/{refused.invite_token}/guest/wait/")
    no_english(guest, other)


@pytest.mark.parametrize("language", READ_IN)
def test_a_class_leaders_and_a_class_childs_pages(language, every_language, live_deck):
    """A leader starts a class (refused without the parents' word), the board as children join,
    with its tables and the games under way, the take-home cards; a child joins by the code (a
    refused name too), waits, plays, and is kept to their class; the class ends."""
    from classes.models import Classroom

    leader = visit(UserFactory(), language)
    leader.read("/class/new/")
    leader.read("/class/new/", post={"cap": "30"}, status=400)
    leader.read("/class/new/", post={"cap": "30", "agreed": "on"})
    classroom = Classroom.objects.get()
    board = f"/class/board/{classroom.pk}/"
    child = visit(None, language)
    child.read(f"/class/{classroom.code}/")
    child.read("/class/", post={"code": classroom.code, "name": "x"}, status=400)
    child.read("/class/", post={"code": classroom.code, "name": "Sam"})
    visit(None, language).read("/class/", post={"code": classroom.code, "name": "Tom"})
    leader.read(board)
    leader.read(f"{board}make-tables/", post={})
    child.read("/class/wait/")
    leader.read(f"{board}start-all/", post={})
    child.read("/")
    child.read("/me/settings/", status=403)
    leader.read(f"{board}cards/", post={})
    leader.read(f"{board}end-all/", post={})
    leader.read(f"{board}end-all/", post={"sure": "yes"})
    child.read("/class/wait/", status={200, 404})
    visit(None, language).read(f"/class/{classroom.code}/", status=404)
    no_english(leader, child)


@pytest.mark.parametrize("language", READ_IN)
def test_a_content_editors_and_approvers_pages(language, every_language, live_deck):
    """The content team's back office: the admin's home with what waits for them, the lists, a
    story and a card with their review history and revisions (a card edited and sent for review
    first), the comparison, the translation dashboard and a translation, the review log, and the
    form that sends a card back with a note."""
    from content.groups import APPROVERS, EDITORS
    from content.models import Card, Story, Translation

    editor, approver = editor_of(EDITORS), editor_of(APPROVERS)
    story = Story.objects.order_by("position").first()
    card = story.cards.order_by("pk").first()
    translation = Translation.objects.order_by("pk").first()
    writes = visit(editor, language)
    writes.read(f"/admin/content/card/{card.pk}/change/", post={
        "story": story.pk, "kind": card.kind, "title": "A new title", "description": card.description,
        "reference": card.reference,
    })  # fmt: skip
    writes.read("/admin/content/card/", post={"action": "submit_selected", "_selected_action": [card.pk]})
    reads = visit(approver, language)
    for reader in (writes, reads):
        for url in (
            "/admin/",
            "/admin/content/card/",
            "/admin/content/card/add/",
            f"/admin/content/card/{card.pk}/change/",
            f"/admin/content/card/{card.pk}/history/",
            f"/admin/content/card/{card.pk}/compare/",
            "/admin/content/story/",
            "/admin/content/story/add/",
            f"/admin/content/story/{story.pk}/change/",
            f"/admin/content/story/{story.pk}/compare/",
            "/admin/content/deck/",
            f"/admin/content/deck/{story.deck_id}/change/",
            "/admin/content/reviewstep/",
            "/admin/content/translation/",
            "/admin/content/translation/dashboard/",
            f"/admin/content/translation/dashboard/?language={language}",
            f"/admin/content/translation/{translation.pk}/change/",
            "/admin/content/translation/add/",
        ):
            reader.read(url, status={200, 403})
    reads.read(
        "/admin/content/card/", post={"action": "request_changes_selected", "_selected_action": [card.pk]}
    )
    assert Card.objects.filter(pk=card.pk).exists()
    no_english(writes, reads)
