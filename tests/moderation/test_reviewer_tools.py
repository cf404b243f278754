"""Reviewers' tools: waiting cases on the admin home, the queue's filters, claims and paging."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from justalllowgod.lib.refusals import Refusal
from moderation import services
from moderation.models import Case
from moderation.replays import full_replay
from moderation.services import flag_game
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


def reviewer(**extra):
    user = UserFactory(**extra)
    user.groups.add(Group.objects.get(name="Reviewers"))
    return user


def _waiting(client) -> str:
    html = client.get(reverse("admin:index")).content.decode()
    start = html.index('id="waiting-for-me"')
    return html[start : html.index("</section>", start)]


def test_a_reviewer_sees_open_cases_with_their_age(client, live_deck, clock):
    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    flag_game(game_id=played.game.pk)
    judge = reviewer(is_staff=True)
    client.force_login(judge)
    box = _waiting(client)
    assert "Open cases (1)" in box and "waiting" in box and "/review/cases/" in box


@pytest.fixture
def cases(live_deck, clock):
    """Two cases: a shared device (older) and a fast player (newer)."""
    shared = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    flag_game(game_id=shared.game.pk)
    clock.advance(60)
    fast = play_game(clock=clock, think=lambda seat: 100 if seat == 1 else 2000, seed=3)
    flag_game(game_id=fast.game.pk)
    return Case.objects.get(game=shared.game), Case.objects.get(game=fast.game)


def _listed(client, **params) -> list[int]:
    return [c.pk for c in client.get(reverse("review_queue"), params).context["page"].object_list]


def test_the_queue_filters_by_flag_kind_and_state_sorts_by_age_and_searches_tags(client, cases):
    shared, fast = cases
    client.force_login(reviewer())
    assert _listed(client) == [shared.pk, fast.pk]
    assert _listed(client, sort="newest") == [fast.pk, shared.pk]
    assert _listed(client, kind="too_fast") == [fast.pk]
    assert _listed(client, kind="shared_device") == [shared.pk]
    tag = fast.flags.get().users.get().gamer_tag
    assert _listed(client, q=tag.upper()) == [fast.pk]
    assert _listed(client, q="nobody-plays-as-this") == []
    services.decide_case(
        case_id=fast.pk,
        reviewer=reviewer(),
        user_ids=[u.pk for u in services.case_accounts(fast)],
        action="no_action",
        reason="Quick but human.",
    )
    assert _listed(client) == [shared.pk]
    assert _listed(client, state="decided") == [fast.pk]
    assert _listed(client, state="all") == [shared.pk, fast.pk]


def test_decided_cases_are_paged_not_cut_at_ten(client, cases, monkeypatch):
    from moderation import views

    monkeypatch.setattr(views, "CASES_PER_PAGE", 1)
    shared, fast = cases
    judge = reviewer()
    for case in cases:
        ids = [u.pk for u in services.case_accounts(case)]
        services.decide_case(
            case_id=case.pk, reviewer=judge, user_ids=ids, action="no_action", reason="Fine."
        )
    client.force_login(judge)
    first = client.get(reverse("review_queue"), {"state": "decided"})
    assert [c.pk for c in first.context["page"].object_list] == [shared.pk]
    assert "state=decided&amp;sort=oldest&amp;page=2" in first.content.decode()
    assert _listed(client, state="decided", page=2) == [fast.pk]


def test_a_claimed_case_is_judged_only_by_the_reviewer_who_claimed_it(client, cases):
    shared, _ = cases
    first, second = reviewer(), reviewer()
    client.force_login(first)
    client.post(reverse("review_claim", args=[shared.pk]))
    shared.refresh_from_db()
    assert shared.claimed_by == first
    assert f"Claimed by {first.gamer_tag}" in client.get(reverse("review_queue")).content.decode()
    ids = [u.pk for u in services.case_accounts(shared)]
    with pytest.raises(Refusal, match="has claimed this case"):
        services.decide_case(case_id=shared.pk, reviewer=second, user_ids=ids, action="ban", reason="No.")
    with pytest.raises(Refusal):
        services.claim_case(case_id=shared.pk, reviewer=second)
    client.post(reverse("review_claim", args=[shared.pk]), {"release": "yes"})
    services.decide_case(case_id=shared.pk, reviewer=second, user_ids=ids, action="no_action", reason="Fine.")


def test_replays_describe_moves_in_words_and_hold_no_raw_moves(client, cases):
    _, fast = cases
    client.force_login(reviewer())
    page = client.get(reverse("review_case", args=[fast.pk])).content.decode()
    assert '{"answer"' not in page and '{"ask"' not in page and "{&#x27;" not in page
    assert "Move " in page and " ms</li>" in page
    replay = full_replay(fast.game)
    moves = [step["timing"]["move"] for step in replay["steps"][1:]]
    assert moves and all(isinstance(m, str) and "{" not in m for m in moves)
    assert "an ask" in moves
    player = fast.flags.get().users.get()
    client.force_login(player)
    html = client.get(reverse("replay", args=[fast.game.pk])).content.decode()
    assert '{"ask"' not in html and '{"answer"' not in html


def test_reviewers_read_the_moderation_admin_with_links_to_the_case_pages(client, cases):
    shared, _ = cases
    client.force_login(reviewer())
    listing = client.get(reverse("admin:moderation_case_changelist"))
    assert listing.status_code == 200
    assert reverse("review_case", args=[shared.pk]) in listing.content.decode()
    assert client.get(reverse("admin:moderation_flag_changelist")).status_code == 200
    change = client.post(reverse("admin:moderation_case_change", args=[shared.pk]), {"status": "closed"})
    assert change.status_code == 403
    assert client.get(reverse("admin:content_card_changelist")).status_code == 403


def test_a_member_who_is_not_a_reviewer_still_cannot_open_the_admin(client, db):
    client.force_login(UserFactory())
    assert client.get(reverse("admin:index")).status_code == 302
