"""The turn mail's subject (issue 46): whose table, once, and the site's name, so it reads in an
inbox list among other mail: "Your turn at Grandma_Ruth's table KQXT · JustAllowGod"."""

from __future__ import annotations

import pytest

from game import services
from game.services.tellings import telling_for
from notices.mail import subject_of
from notices.models import Notice
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", [Notice.Kind.YOUR_TURN, Notice.Kind.NUDGE])
def test_the_subject_names_the_host_s_table_once_and_the_site(kind):
    table = services.create_private_table(user=UserFactory(gamer_tag="Grandma_Ruth")).table
    subject = subject_of(telling_for(table, kind))
    assert subject == f"Your turn at Grandma_Ruth's table {table.code} · JustAllowGod"
    assert subject.count(table.code) == 1 and subject.count("Grandma_Ruth") == 1


def test_every_notice_s_subject_ends_with_the_site_s_name_and_says_its_code_once(live_deck):
    table = services.create_private_table(user=UserFactory(gamer_tag="Grandma_Ruth")).table
    for kind in Notice.Kind:
        subject = subject_of(telling_for(table, kind))
        assert subject.endswith(" · JustAllowGod") and subject.count(table.code) == 1, subject
