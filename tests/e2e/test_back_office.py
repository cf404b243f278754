"""The back office a team would choose (#29): the live version stays dealt while edits are reviewed, a
move names both stories, compare and revert, and mails that link straight to the item."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.core import mail
from django.test import Client
from playwright.sync_api import expect

from content.deal import count_dealable, dealable_stories, live_deck
from content.groups import APPROVERS, EDITORS
from content.models import Card, Kind, Status, Story
from game import services as game_services
from game.models import Deal
from justalllowgod.lib.site_address import site_url
from moderation import services as moderation_services
from moderation.models import Case
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.factories import FullStoryFactory, StaffFactory, UserFactory
from tests.moderation.conftest import ensure_reviewers_group, play_game

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 800}
TABLET = {"width": 820, "height": 1180}


def _staff(group: str, email: str):
    user = StaffFactory(email=email)
    user.groups.add(Group.objects.get(name=group))
    return user


def sign_in(page, base_url: str, user) -> None:
    """Give the browser the member's session, as if they had just signed in."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}]
    )


def shot(page, name: str) -> None:
    """A screenshot for the team to look at (the brief asks for both sizes of each page changed)."""
    screenshot(page, f"back-office/{name}")


def _dealt() -> dict[str, list[str]]:
    return {s.title: [c.title for c in s.cards] for s in dealable_stories(live_deck())}


def _new_game_titles() -> list[str]:
    """The card titles a brand-new private game copies into its deal."""

    def deal() -> list[str]:
        host, guest = UserFactory(), UserFactory()
        table = game_services.create_private_table(user=host).table
        game_services.join_by_code(user=guest, code=table.code)
        game = game_services.start_table(user=host, code=table.code).game
        return [c["title"] for s in Deal.objects.get(game=game).cards for c in s["cards"]]

    return in_a_thread(deal)


def test_thirteen_edited_live_stories_keep_dealing_their_approved_text_until_approved(live_server, new_page):
    load_deck()
    editor = _staff(EDITORS, "editor@example.org")
    approver = _staff(APPROVERS, "approver@example.org")
    approved = _dealt()
    assert len(approved) == 20
    stories = list(Story.objects.order_by("position")[:13])

    page = new_page(DESKTOP)
    sign_in(page, live_server.url, editor)
    for story in stories:
        page.goto(f"{live_server.url}/admin/content/story/{story.pk}/change/")
        for i in range(4):
            field = page.locator(f"#id_cards-{i}-title")
            field.fill(f"{field.input_value()} v2")
        page.get_by_role("button", name="Save and continue editing").click()
        expect(page.locator(".messagelist")).to_contain_text("New games keep dealing")
    expect(page.locator(".revision-line").first).to_contain_text("Live: revision 1")
    expect(page.locator(".story-cards")).to_contain_text("Live: revision 1 · In review: revision 2")
    shot(page, "story-in-review-1280")
    page.set_viewport_size(TABLET)
    shot(page, "story-in-review-820")
    assert Card.objects.filter(status=Status.IN_REVIEW).count() == 52

    assert _dealt() == approved  # all twenty, every one with its approved text
    titles = _new_game_titles()
    assert len(titles) == 80 and not any(t.endswith(" v2") for t in titles)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/admin/")
    expect(page.locator("#deck-health")).to_contain_text("20 of 20 stories are dealt in new games")
    shot(page, "front-page-1280")
    page.set_viewport_size(TABLET)
    shot(page, "front-page-820")

    checker = new_page(DESKTOP)
    sign_in(checker, live_server.url, approver)
    for number, story in enumerate(stories, start=1):
        checker.goto(f"{live_server.url}/admin/content/story/{story.pk}/change/")
        checker.get_by_role("button", name="Approve story with its cards").click()
        expect(checker.locator(".messagelist")).to_contain_text("Approved: 4 cards.")
        dealt = _dealt()
        assert len(dealt) == 20
        assert all(t.endswith(" v2") for t in dealt[story.title])
        waiting = [s.title for s in stories[number:]]
        assert not any(t.endswith(" v2") for title in waiting for t in dealt[title])
    titles = _new_game_titles()
    assert sum(t.endswith(" v2") for t in titles) == 52


def test_moving_a_card_names_both_stories(live_server, new_page):
    load_deck()
    editor = _staff(EDITORS, "editor@example.org")
    deck = live_deck()
    ladder = FullStoryFactory(deck=deck, position=21, title="Jacob's ladder", status=Status.DRAFT)
    ladder.cards.filter(kind=Kind.PLACE).delete()
    noah = Story.objects.get(title="Noah and the ark")
    place = noah.cards.get(kind=Kind.PLACE)

    page = new_page(DESKTOP)
    sign_in(page, live_server.url, editor)
    page.goto(f"{live_server.url}/admin/content/card/{place.pk}/change/")
    page.locator(".field-story .select2-selection").click()
    page.locator(".select2-search__field").fill("Jacob")
    page.locator(".select2-results__option", has_text="Jacob's ladder").click()
    page.get_by_role("button", name="Save and continue editing").click()
    message = page.locator(".messagelist")
    expect(message).to_contain_text("from “Noah and the ark” to “Jacob's ladder”")
    expect(message).to_contain_text(
        "Now “Noah and the ark” lacks a Place card, and “Jacob's ladder” has all four"
    )
    shot(page, "card-moved-1280")
    page.set_viewport_size(TABLET)
    shot(page, "card-moved-820")
    assert "Noah and the ark" in _dealt()  # still dealt with its approved Place until the move is approved

    # With exactly eight stories dealt, approving the move would leave seven: the approver is asked.
    Card.objects.filter(story__deck=deck, story__position__in=range(9, 21)).delete()
    assert len(_dealt()) == 8
    approver = _staff(APPROVERS, "approver@example.org")
    checker = new_page(DESKTOP)
    sign_in(checker, live_server.url, approver)
    checker.goto(f"{live_server.url}/admin/content/card/{place.pk}/change/")
    checker.get_by_role("button", name="Approve", exact=True).click()
    expect(checker.locator(".drain-warning")).to_contain_text("would deal 7 stories, and a game needs 8")
    expect(checker.get_by_role("listitem").filter(has_text="Noah and the ark")).to_be_visible()
    shot(checker, "confirm-drain-1280")
    checker.set_viewport_size(TABLET)
    shot(checker, "confirm-drain-820")
    place.refresh_from_db()
    assert place.status == Status.IN_REVIEW
    checker.get_by_role("button", name="Yes, approve anyway").click()
    expect(checker.locator(".messagelist")).to_contain_text("Approved: 1 card.")
    assert count_dealable(deck) == 7  # as the approver was told, and chose
    checker.goto(f"{live_server.url}/admin/")
    expect(checker.locator("#deck-health.is-low")).to_contain_text("7 of 21 stories are dealt")


def test_a_compare_of_revisions_one_and_three_marks_the_changed_word_and_a_revert_to_the_approved_withdraws(
    live_server, new_page
):
    load_deck()
    editor = _staff(EDITORS, "editor@example.org")
    moment = Story.objects.get(title="David and Goliath").cards.get(kind=Kind.MOMENT)
    page = new_page(DESKTOP)
    sign_in(page, live_server.url, editor)
    url = f"{live_server.url}/admin/content/card/{moment.pk}/change/"
    for line in (
        # Revision 1 is the loaded text: "Chosen from the brook, then David ran to meet the giant."
        "Chosen from the brook, then David ran to meet the Philistine.",
        "Chosen from the stream, then David ran to meet the Philistine.",
    ):
        page.goto(url)
        page.locator("#id_description").fill(line)
        page.get_by_role("button", name="Save and continue editing").click()
        expect(page.locator(".messagelist")).to_contain_text("changed successfully")
    page.get_by_role("link", name="with the newest").last.click()
    expect(page.get_by_role("heading", name=re.compile("Compare revisions"))).to_be_visible()
    expect(page.locator("#compare-a")).to_have_value("1")
    expect(page.locator("#compare-b")).to_have_value("3")
    expect(page.locator(".diff-after ins")).to_have_text(["stream,", "Philistine."])
    expect(page.locator(".diff-before del")).to_have_text(["brook,", "giant."])
    shot(page, "compare-1280")
    page.set_viewport_size(TABLET)
    expect(page.locator("#nav-sidebar")).to_be_hidden()
    width = page.locator(".compare-table").evaluate("t => t.getBoundingClientRect().width")
    assert width > 700, width  # the diff has the tablet's width, not a column beside the sidebar
    shot(page, "compare-820")
    # Revision 1 is the approved one (loaded): going back to it is the same act as Withdraw
    # (issue 45), approved as it was, nothing for an approver.
    page.get_by_role("button", name="Revert to revision 1").click()
    expect(page.locator(".messagelist")).to_contain_text("is back to revision 1, as it was approved")
    expect(page.locator(".messagelist")).to_contain_text("nothing waits for an approver")
    moment.refresh_from_db()
    assert moment.status == Status.APPROVED and moment.history.count() == 4
    page.set_viewport_size(TABLET)
    expect(page.locator("#nav-sidebar")).to_be_hidden()
    shot(page, "card-page-820")


def _link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def _open_link(page, live_base: str, link: str) -> None:
    """Follow a mail's link, on the test server instead of the public address it names."""
    assert link.startswith(site_url() + "/"), link
    page.goto(live_base + link.removeprefix(site_url()))


def test_the_four_mails_arrive_with_absolute_links_straight_to_the_item(live_server, new_page):
    load_deck()
    ensure_reviewers_group()
    editor = _staff(EDITORS, "editor@example.org")
    approver = _staff(APPROVERS, "approver@example.org")
    story = Story.objects.get(title="Ruth and Naomi")
    person = story.cards.get(kind=Kind.PERSON)
    mail.outbox.clear()

    page = new_page(DESKTOP)
    sign_in(page, live_server.url, editor)
    page.goto(f"{live_server.url}/admin/content/card/{person.pk}/change/")
    page.locator("#id_description").fill("She would not leave Naomi, and went with her to Bethlehem.")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator(".messagelist")).to_contain_text("Back in review")
    (reopened,) = [m for m in mail.outbox if m.subject.startswith("Edited after approval")]
    assert reopened.to == [approver.email]

    checker = new_page(DESKTOP)
    sign_in(checker, live_server.url, approver)
    _open_link(checker, live_server.url, _link_in(reopened))
    expect(checker.locator("#id_description, .field-description").first).to_contain_text("went with her")
    checker.goto(f"{live_server.url}/admin/content/story/{story.pk}/change/")
    checker.get_by_role("link", name=re.compile("Request changes to Person")).click()
    checker.get_by_label("What should change?").fill("Say she chose Naomi's God too.")
    checker.get_by_role("button", name="Send back with this note").click()
    expect(checker).to_have_url(re.compile(rf"/admin/content/story/{story.pk}/change/$"))
    (sent_back,) = [m for m in mail.outbox if m.subject.startswith("Changes requested")]
    assert sent_back.to == [editor.email] and "Say she chose" in sent_back.body
    _open_link(page, live_server.url, _link_in(sent_back))
    expect(page.locator(".decision-log")).to_contain_text("Say she chose")
    page.locator("#id_description").fill("She went with Naomi: thy God shall be my God.")
    page.get_by_role("button", name="Save and continue editing").click()
    page.get_by_role("button", name="Submit for review").click()
    expect(page.locator(".messagelist")).to_contain_text("Sent for review")

    checker.goto(f"{live_server.url}/admin/content/card/{person.pk}/change/")
    checker.get_by_role("button", name="Approve", exact=True).click()
    expect(checker.locator(".messagelist")).to_contain_text("Approved: 1 card.")
    (approved,) = [m for m in mail.outbox if m.subject.startswith("Approved")]
    assert approved.to == [editor.email]
    _open_link(page, live_server.url, _link_in(approved))
    expect(page.locator(".field-status_badge")).to_contain_text("Approved")

    reviewer = UserFactory(email="reviewer@example.org")
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    played = in_a_thread(lambda: play_game(members=2, seed=5))
    case = Case.objects.get(game=played.game)
    member, other = moderation_services.case_accounts(case)
    in_a_thread(
        lambda: moderation_services.decide_case(
            case_id=case.pk,
            reviewer=reviewer,
            user_ids=[member.pk, other.pk],
            action="warning",
            reason="Fair play.",
        )
    )
    player = new_page(DESKTOP)
    sign_in(player, live_server.url, member)
    player.goto(f"{live_server.url}/")
    player.get_by_text("Ask for a second look").first.click()
    player.get_by_label("Tell the reviewers what they should know").fill("My brother played on my phone.")
    player.get_by_role("button", name="Ask for a second look").click()
    (appeal,) = [m for m in mail.outbox if "second look" in m.subject]
    assert appeal.to == [reviewer.email] and "My brother played" in appeal.body
    judge = new_page(DESKTOP)
    sign_in(judge, live_server.url, reviewer)
    _open_link(judge, live_server.url, _link_in(appeal))
    expect(judge.get_by_text("My brother played on my phone.")).to_be_visible()
    for sent in (reopened, sent_back, approved, appeal):
        assert _link_in(sent).startswith(("http://", "https://"))
