"""Fixtures of the notices' tests: the loopback push service and this server's VAPID keys."""

from __future__ import annotations

import pytest

from tests.notices.push_service import running, use_vapid


@pytest.fixture
def push_service():
    with running() as service:
        yield service


@pytest.fixture
def vapid(settings) -> str:
    return use_vapid(settings)
