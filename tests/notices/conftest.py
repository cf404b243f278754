"""What the notices' tests share: a Telling as dispatch would write it."""

from __future__ import annotations

import pytest

from justalllowgod.site_address import absolute_url
from notices.models import Notice
from notices.telling import Telling


@pytest.fixture
def telling() -> Telling:
    return Telling(
        kind=Notice.Kind.YOUR_TURN,
        title="Your turn at KQXT",
        body="Grandma's table (KQXT) is waiting for you.",
        url=absolute_url("/t/KQXT/"),
        tag="table-KQXT",
    )
