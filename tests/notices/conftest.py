"""Fixtures of the notices' tests: a Telling as dispatch would write it, the loopback push service
and this server's VAPID keys."""

from __future__ import annotations

import pytest

from justalllowgod.lib.site_address import absolute_url
from notices.models import Notice
from notices.telling import Telling
from tests.notices.push_service import running, use_vapid


@pytest.fixture
def telling() -> Telling:
    return Telling(
        kind=Notice.Kind.YOUR_TURN,
        title="Your turn at KQXT",
        body="Grandma's table (KQXT) is waiting for you.",
        url=absolute_url("/t/KQXT/"),
        tag="table-KQXT",
    )


@pytest.fixture
def push_service():
    with running() as service:
        yield service


@pytest.fixture
def vapid(settings) -> str:
    return use_vapid(settings)
