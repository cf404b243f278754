"""Fixtures for content tests: members of the two review groups."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from content.groups import APPROVERS, EDITORS
from tests.factories import StaffFactory, UserFactory


def _member_of(group: str, **kwargs):
    user = StaffFactory(**kwargs)
    user.groups.add(Group.objects.get(name=group))
    return user


@pytest.fixture
def editor(db):
    return _member_of(EDITORS)


@pytest.fixture
def other_editor(db):
    return _member_of(EDITORS)


@pytest.fixture
def approver(db):
    return _member_of(APPROVERS)


@pytest.fixture
def other_approver(db):
    return _member_of(APPROVERS)


@pytest.fixture
def player(db):
    """A member who is not on the team."""
    return UserFactory()


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """Hashing passwords slowly protects members, not tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
