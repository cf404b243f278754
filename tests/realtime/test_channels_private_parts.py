"""The two private parts of Channels' in-memory layer that game/realtime/layers.py relies on.

`_clean_expired` (swept at most once a second instead of on every send) and `groups` (read by its
group send, which hands each message to the socket at once). Channels could change either in any
release; these tests fail loudly then, naming what to look at, instead of the layer quietly
sweeping on every message or losing group messages.
"""

from __future__ import annotations

import channels
import pytest
from channels.layers import InMemoryChannelLayer

from game.realtime.layers import SweptInMemoryChannelLayer

WHAT_TO_DO = (
    f"Channels {channels.__version__} changed InMemoryChannelLayer's private parts; "
    "game/realtime/layers.py must follow it (docs/realtime.md)"
)


async def test_the_upstream_sweep_still_exists_and_receive_and_group_send_call_it(monkeypatch):
    assert callable(getattr(InMemoryChannelLayer, "_clean_expired", None)), WHAT_TO_DO
    calls = []
    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", lambda self: calls.append(1))
    layer = InMemoryChannelLayer()

    await layer.group_add("g", "c")
    await layer.group_send("g", {"type": "x"})
    await layer.receive("c")
    assert len(calls) == 2, WHAT_TO_DO


@pytest.mark.parametrize("layer_class", [InMemoryChannelLayer, SweptInMemoryChannelLayer])
async def test_groups_is_still_a_dict_of_group_to_channel_expiry(layer_class):
    layer = layer_class()
    await layer.group_add("g", "c")
    groups = getattr(layer, "groups", None)
    assert isinstance(groups, dict), WHAT_TO_DO
    assert set(groups) == {"g"} and set(groups["g"]) == {"c"}, WHAT_TO_DO
    assert isinstance(groups["g"]["c"], float), WHAT_TO_DO
    await layer.group_discard("g", "c")
    assert "c" not in layer.groups.get("g", {}), WHAT_TO_DO
