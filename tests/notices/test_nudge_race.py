"""Taps from several members at the same moment: the seat's row lock lets one nudge through (on
PostgreSQL the check and the insert would otherwise both pass; SQLite's writer lock serialises)."""

from __future__ import annotations

import pytest

from game import services
from game.models import Reaction
from notices.models import Notice, NoticePreference
from tests.factories import UserFactory, signed_in_session
from tests.game.test_concurrency import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_members_tapping_your_turn_at_once_make_one_nudge(live_deck):
    host, *others = [UserFactory() for _ in range(4)]
    NoticePreference.objects.create(user=host, by_mail=True)
    table = services.create_private_table(user=host, over_days=True, seats=4).table
    for other in others:
        services.join_by_code(user=other, code=table.code)
    services.start_table(user=host, code=table.code)
    sessions = {other.pk: signed_in_session(other) for other in others}

    def tap(member):
        return lambda: services.react(
            table_id=table.pk, user=member, session_key=sessions[member.pk], reaction="your_turn"
        )

    results = race(*[tap(other) for other in others])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert Reaction.objects.filter(table=table).count() == 3
    assert Notice.objects.filter(user=host, kind=Notice.Kind.NUDGE).count() == 1
