"""Practice in the browser (issue 43): a whole session at 320 px by keyboard alone (Tab and Enter),
the focus always on screen and shown, the page never sideways; the answers reach the server as
fsrs ratings; offline in the installed app, answers wait on the device (and the page comes from
the worker's cache) until the network is back. My verses and practice photographed at 320, 390 and
1280 px in English and Spanish."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory
from verses.meeting import meet
from verses.models import Meeting, Review, VerseCard
from verses.texts import Place

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 320, "height": 640}
MOST_TABS = 20

# The four ways a verse is asked, by how long fsrs expects it kept (verses/practice.py mode_for).
WAYS = [
    (Place(1, 1, 1), None),  # Genesis 1:1, new: the missing word
    (Place(43, 3, 16), 3.0),  # John 3:16: the next phrase
    (Place(19, 23, 1), 10.0),  # Psalm 23:1: the first letters
    (Place(50, 4, 13), 30.0),  # Philippians 4:13: the whole verse
]

FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  return {
    text: el.textContent.trim(),
    tag: el.tagName,
    on_screen: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
    shown: el.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
  };
}"""

# Playwright's offline switch reaches the service worker but not a page the worker served (after a
# reload offline, navigator.onLine is true and its requests go out: microsoft/playwright#2311), and
# its routes never see them. So the page's own sending fails as with no network while the test says.
NO_NETWORK_FOR_ANSWERS = """
const sendForReal = window.fetch.bind(window);
window.fetch = (...args) => window.__noNetwork || sessionStorage.getItem("__offline")
  ? Promise.reject(new TypeError("Failed to fetch"))
  : sendForReal(...args);
"""

QUEUE = "(member) => JSON.parse(localStorage.getItem(`jag.verses.queue.${member}`) || '[]')"


def member_with_verses(ways=WAYS):
    """A member with a verse due in each way, due in the order given."""

    def make():
        member = UserFactory(gamer_tag="Ruth_Reads")
        now = timezone.now()
        for order, (place, stability) in enumerate(ways):
            card = meet(member, place, Meeting.How.STONE, table_code="ABCD", now=now - timedelta(days=9))
            fields = {"due": now - timedelta(hours=len(ways) - order)}
            if stability is not None:
                fields |= {"stability": stability, "reviews": 3}
            VerseCard.objects.filter(pk=card.pk).update(**fields)
        return member

    return in_a_thread(make)


def items(page) -> list[dict]:
    return page.evaluate("() => JSON.parse(document.getElementById('practice-items').textContent)")


def check_focus(page) -> dict:
    focus = page.evaluate(FOCUS)
    assert focus and focus["on_screen"], f"the focus is out of view: {focus}"
    assert focus["shown"], f"the focus is not shown: {focus}"
    assert fits_sideways(page), "the practice page scrolls sideways"
    return focus


# Whether the button saying `text` comes after the focus ("tab"), before it ("shift-tab"), or has it.
WHERE = """(text) => {
  const target = [...document.querySelectorAll("main button")].find((b) => b.textContent.trim().startsWith(text));
  const active = document.activeElement;
  if (active === target) return "there";
  if (!active || active === document.body) return "tab";
  return target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? "shift-tab" : "tab";
}"""


def tab_to(page, text: str) -> None:
    """Tab (or Shift+Tab) until the button saying `text` has the focus (never a click)."""
    for _ in range(MOST_TABS):
        where = page.evaluate(WHERE, text)
        if where == "there":
            return
        page.keyboard.press("Tab" if where == "tab" else "Shift+Tab")
        check_focus(page)
    raise AssertionError(f"Tab never reached {text!r}")


def server_reviews(member) -> list[tuple[str, str, int]]:
    """The member's reviews on the server, as (KJV place, mode, rating), in the order made."""

    def read():
        reviews = Review.objects.filter(card__member=member).select_related("card").order_by("at", "pk")
        return [(f"{r.card.book} {r.card.chapter}:{r.card.verse}", r.mode, r.rating) for r in reviews]

    return in_a_thread(read)


def test_a_whole_session_by_keyboard_at_320_px(live_asgi, new_page):
    server = live_asgi()
    member = member_with_verses()
    page = new_page(PHONE)
    sign_in(page, server, member)
    page.goto(server.url + "/verses/practice/")
    asked = items(page)
    assert [item["mode"] for item in asked] == ["word", "phrase", "letters", "whole"]
    question = page.locator("#practice-question")

    # The missing word: a wrong choice first, marked, then the right one (Hard).
    expect(question).to_have_text("Which word is missing?")
    expect(question).to_be_focused()
    word = asked[0]["word"]
    wrong = next(c for i, c in enumerate(word["choices"]) if i != word["answer"])
    tab_to(page, wrong)
    page.keyboard.press("Enter")
    expect(page.locator(".practice-feedback")).to_have_text("Not that one. Have another go.")
    expect(page.locator(".practice-choice.is-wrong")).to_contain_text(wrong)
    screenshot(page, "practice/keyboard-word-missed-320")
    tab_to(page, word["choices"][word["answer"]])
    page.keyboard.press("Enter")
    expect(page.locator(".practice-feedback")).to_have_text("That's right!")
    expect(page.locator(".practice-whole")).to_contain_text(
        "In the beginning God created the heaven and the earth."
    )
    expect(page.locator(".practice-whole cite")).to_have_text("Genesis 1:1 · King James Version")
    expect(page.get_by_role("button", name="Next verse")).to_be_focused()
    check_focus(page)
    screenshot(page, "practice/keyboard-word-answered-320")
    assert axe_violations(page) == []
    page.keyboard.press("Enter")

    # The next phrase, right at once (Good).
    expect(question).to_have_text("What comes next?")
    expect(question).to_be_focused()
    check_focus(page)
    phrase = asked[1]["phrase"]
    tab_to(page, phrase["choices"][phrase["answer"]][:20])
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Next verse")).to_be_focused()
    screenshot(page, "practice/keyboard-phrase-320")
    page.keyboard.press("Enter")

    # The first letters: say it, show it, "Every word" (Good).
    expect(question).to_have_text("Say the verse from its first letters")
    expect(question).to_be_focused()
    expect(page.locator(".practice-letters")).to_have_text("T L i m s; I s n w.")
    expect(page.locator(".practice-letters")).to_have_attribute("lang", "en")
    tab_to(page, "Show the verse")
    page.keyboard.press("Enter")
    expect(page.locator("#practice-how")).to_be_focused()
    check_focus(page)
    screenshot(page, "practice/keyboard-letters-shown-320")
    assert axe_violations(page) == []
    tab_to(page, "Every word")
    page.keyboard.press("Enter")

    # The whole verse from its reference: "Nearly" (Hard), and that's all.
    expect(question).to_have_text("Say the whole verse")
    expect(page.locator(".practice-big-ref")).to_have_text("Philippians 4:13")
    tab_to(page, "Show the verse")
    page.keyboard.press("Enter")
    tab_to(page, "Nearly")
    page.keyboard.press("Enter")

    expect(question).to_have_text("That's all for today")
    expect(question).to_be_focused()
    expect(page.locator(".practice-end")).to_contain_text("You practised 4 verses.")
    check_focus(page)
    screenshot(page, "practice/keyboard-end-320")
    assert axe_violations(page) == []
    page.wait_for_function(f"() => ({QUEUE})({member.pk}).length === 0")
    assert server_reviews(member) == [
        ("1 1:1", "word", 2),
        ("43 3:16", "phrase", 3),
        ("19 23:1", "letters", 3),
        ("50 4:13", "whole", 2),
    ]
    words = page.locator("main").inner_text().lower()
    for nudge in ("streak", "lose", "hurry", "seconds left"):
        assert nudge not in words


def test_two_misses_show_the_answer_and_read_it_to_me_speaks_the_bibles_language(live_asgi, new_page):
    server = live_asgi()
    member = member_with_verses(WAYS[:1])
    page = new_page(PHONE)
    page.add_init_script(
        """window.__said = [];
        speechSynthesis.speak = (u) => window.__said.push({ text: u.text, lang: u.lang });"""
    )
    sign_in(page, server, member)
    page.goto(server.url + "/verses/practice/")
    [item] = items(page)
    page.get_by_role("button", name="Read it to me").click()
    said = page.evaluate("() => window.__said")
    assert said[-1]["lang"] == "en"
    assert said[-1]["text"].startswith("In the blank God created the heaven and the earth. ")
    assert all(f"{choice}?" in said[-1]["text"] for choice in item["word"]["choices"])
    wrong = [i for i in range(3) if i != item["word"]["answer"]]
    buttons = page.locator(".practice-choice")
    buttons.nth(wrong[0]).click()
    buttons.nth(wrong[0]).click(force=True)  # a choice already missed counts once
    expect(page.locator(".practice-after")).to_be_hidden()
    buttons.nth(wrong[1]).click()
    expect(page.locator(".practice-feedback")).to_have_text("Here is the right one.")
    expect(buttons.nth(item["word"]["answer"])).to_have_class(
        "button button-secondary practice-choice practice-choice-word is-right"
    )
    page.get_by_role("button", name="Read it to me").click()
    assert page.evaluate("() => window.__said")[-1]["text"] == (
        "In the beginning God created the heaven and the earth. Genesis 1:1."
    )
    page.get_by_role("button", name="Finish").click()
    expect(page.locator(".practice-end")).to_contain_text("You practised 1 verse.")
    page.wait_for_function(f"() => ({QUEUE})({member.pk}).length === 0")
    assert server_reviews(member) == [("1 1:1", "word", 1)]


def test_offline_answers_wait_on_the_device_and_reach_the_server_when_back(live_asgi, new_page):
    server = live_asgi()
    member = member_with_verses(WAYS[2:])  # the first letters, then the whole verse
    page = new_page(PHONE)
    page.add_init_script(NO_NETWORK_FOR_ANSWERS)
    sign_in(page, server, member)
    page.goto(server.url + "/verses/practice/")
    # The installed app's worker takes the page over, and the page and its files are kept.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        """async () => {
          const cache = await caches.open("jag-practice");
          return !!(await cache.match("/verses/practice/")) && !!(await cache.match("/static/js/practice-sync.js"));
        }"""
    )

    page.context.set_offline(True)
    page.evaluate("() => sessionStorage.setItem('__offline', '1')")
    page.get_by_role("button", name="Show the verse").click()
    page.get_by_role("button", name="Every word").click()
    expect(page.locator("#practice-question")).to_have_text("Say the whole verse")
    queued = page.evaluate(QUEUE, member.pk)
    assert [(r["card"], r["rating"], r["mode"]) for r in queued] == [(items(page)[0]["card"], 3, "letters")]
    expect(page.locator("#practice-saving")).to_have_text(
        "1 answer is kept on this device. It will be saved when you're back online."
    )

    # Still offline, the app opens practice again: the worker's copy, the verse answered not asked again.
    page.reload()
    expect(page.locator("#practice-question")).to_have_text("Say the whole verse")
    expect(page.locator(".practice-where")).to_contain_text("Verse 2 of 2")
    assert fits_sideways(page)
    page.get_by_role("button", name="Show the verse").click()
    page.get_by_role("button", name="Not yet").click()
    expect(page.locator("#practice-question")).to_have_text("That's all for today")
    expect(page.locator("#practice-saving")).to_have_text(
        "2 answers are kept on this device. They will be saved when you're back online."
    )
    screenshot(page, "practice/offline-end-320")
    assert in_a_thread(lambda: Review.objects.count()) == 0

    page.evaluate("() => sessionStorage.removeItem('__offline')")
    page.context.set_offline(False)
    page.wait_for_function(f"() => ({QUEUE})({member.pk}).length === 0")
    expect(page.locator("#practice-saving")).to_have_text("")
    assert server_reviews(member) == [("19 23:1", "letters", 3), ("50 4:13", "whole", 1)]


def test_answers_left_on_the_device_are_sent_from_my_verses(live_asgi, new_page):
    server = live_asgi()
    member = member_with_verses(WAYS[:1])
    card = in_a_thread(lambda: VerseCard.objects.get(member=member).pk)
    page = new_page(PHONE)
    sign_in(page, server, member)
    page.goto(server.url + "/")
    kept = {"id": "0b6f1c1e-2d7a-4c53-9a53-3f7c2d1b8e11", "card": card, "rating": 3, "mode": "word"}
    page.evaluate(
        """([member, review]) => localStorage.setItem(`jag.verses.queue.${member}`,
             JSON.stringify([{ ...review, at: new Date(Date.now() - 3600e3).toISOString() }]))""",
        [member.pk, kept],
    )
    page.goto(server.url + "/verses/")
    page.wait_for_function(f"() => ({QUEUE})({member.pk}).length === 0")
    expect(page.locator("#verses-learning")).to_contain_text("Genesis 1:1")  # shown again, as now kept
    assert server_reviews(member) == [("1 1:1", "word", 3)]


@pytest.mark.parametrize("language", ["en", "es"])
def test_my_verses_and_practice_fit_every_screen(live_asgi, new_page, settings, language):
    settings.LANGUAGES = settings.ALL_LANGUAGES
    server = live_asgi()
    member = member_with_verses()

    def more():
        from fsrs import Rating

        from verses.reviewing import review_card

        card = meet(member, Place(40, 5, 9), Meeting.How.READ_ALOUD, table_code="WXYZ")
        review_card(card.pk, Rating.Good, "word")
        meet(member, Place(40, 5, 9), Meeting.How.QUESTION, table_code="KQXT")
        member.language = language
        member.save(update_fields=["language"])

    in_a_thread(more)
    page = new_page(PHONE)
    sign_in(page, server, member)
    # Answers stay on the device, so each width asks the same verses.
    page.add_init_script("window.__noNetwork = true")
    page.add_init_script(NO_NETWORK_FOR_ANSWERS)
    for width, height in ((320, 640), (390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(server.url + "/verses/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert fits_sideways(page), f"My verses scrolls sideways at {width}"
        screenshot(page, f"practice/my-verses-{language}-{width}")
        page.goto(server.url + "/verses/practice/")
        expect(page.locator("#practice-question")).to_be_focused()
        assert fits_sideways(page), f"practice scrolls sideways at {width}"
        screenshot(page, f"practice/practice-{language}-{width}")
        page.locator(".practice-choice").first.click()
        assert fits_sideways(page)
        screenshot(page, f"practice/practice-answered-{language}-{width}")
    assert axe_violations(page) == []
    page.goto(server.url + "/verses/")
    assert axe_violations(page) == []


def test_signing_out_forgets_the_practice_kept_for_offline_use(live_asgi, new_page):
    """The next person on a shared device never sees this member's verses from the worker's cache."""
    server = live_asgi()
    member = member_with_verses(WAYS[:1])
    page = new_page(PHONE)
    sign_in(page, server, member)
    page.goto(server.url + "/verses/practice/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    kept = """async () => !!(await (await caches.open("jag-practice")).match("/verses/practice/"))"""
    page.wait_for_function(kept)
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign in")).to_be_visible()
    assert page.evaluate("async () => !(await caches.has('jag-practice'))")
