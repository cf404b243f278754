"""A member added to a content or review group becomes staff by that act, either way round (#29)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["Content editors", "Content approvers", "Reviewers"])
def test_joining_a_team_group_makes_a_member_staff(name):
    member = UserFactory(is_staff=False)
    member.groups.add(Group.objects.get(name=name))
    assert member.is_staff
    assert User.objects.get(pk=member.pk).is_staff


def test_adding_members_from_the_groups_side_makes_them_staff_too():
    first, second = UserFactory(is_staff=False), UserFactory(is_staff=False)
    Group.objects.get(name="Content editors").user_set.add(first, second)
    assert set(User.objects.filter(pk__in=[first.pk, second.pk]).values_list("is_staff", flat=True)) == {True}


def test_any_other_group_changes_nothing():
    member = UserFactory(is_staff=False)
    member.groups.add(Group.objects.create(name="Bible study friends"))
    assert not User.objects.get(pk=member.pk).is_staff
