"""How a class is split into tables (classes/split.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from classes.split import seats_for, split, table_sizes


@pytest.mark.parametrize(
    ("children", "sizes"),
    [(1, [1]), (2, [2]), (4, [4]), (5, [5]), (6, [3, 3]), (9, [5, 4]), (12, [4, 4, 4]), (13, [5, 4, 4])],
)
def test_a_class_is_split_as_evenly_as_the_children_allow(children, sizes):
    assert table_sizes(children) == sizes


@given(st.integers(min_value=3, max_value=30), st.booleans())
def test_every_child_sits_once_at_a_table_of_three_to_five_or_of_four_seats_with_teams(children, teams):
    sizes = table_sizes(children, teams=teams)
    assert sum(sizes) == children and max(sizes) - min(sizes) <= 1
    if teams:
        assert all(2 <= size <= 4 for size in sizes) and all(seats_for(s, teams=True) == 4 for s in sizes)
    else:
        assert all(3 <= size <= 5 for size in sizes)
    groups = split(list(range(children)), teams=teams)
    assert [child for group in groups for child in group] == list(range(children))  # in joining order


def test_a_table_has_five_seats_only_for_five_children():
    assert [seats_for(n) for n in (1, 3, 4, 5)] == [4, 4, 4, 5]
