"""Shape patterns of the constraint language."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.dealer.shapes import BALANCED, shape_code, shape_table, shapes_of
from redouble.errors import RedoubleError


def test_counts_of_well_known_families():
    assert shapes_of("4333") == {(4, 3, 3, 3)}
    assert len(shapes_of("any 4333")) == 4
    assert len(shapes_of(BALANCED)) == 4 + 12 + 12
    assert shapes_of("5-4 in the majors") == {s for s in shapes_of("any 54xx") if sorted(s[:2]) == [4, 5]}
    assert (5, 5, 2, 1) not in shapes_of("5-4 in the majors")
    assert (5, 5, 2, 1) in shapes_of("5+-4+ in the majors")
    assert shapes_of("6-5 in the blacks") == {s for s in shapes_of("any 65xx") if sorted((s[0], s[3])) == [5, 6]}
    assert shapes_of("any 4xxx - any 4333") == shapes_of("any 4xxx") - shapes_of("any 4333")
    assert shapes_of("xxx0") == {s for s in shapes_of("any 0xxx") if s[3] == 0}


def test_table_lookup():
    table = shape_table("any 5332 + 4432")
    assert table[shape_code(3, 3, 2, 5)] and table[shape_code(4, 4, 3, 2)]
    assert not table[shape_code(4, 3, 4, 2)]


@pytest.mark.parametrize(("text", "message"), [
    ("4334", "lengths must add up to 13"),
    ("any 5555", "lengths must add up to 13"),
    ("5-4 in the purples", "not a shape"),
    ("", "not a shape"),
    ("any 4333 + banana", "not a shape: 'banana'"),
])
def test_bad_shapes(text, message):
    with pytest.raises(RedoubleError, match=message):
        shapes_of(text)


ALL_SHAPES = sorted(s for s in shapes_of("any xxxx") if max(s) < 10)


@given(st.sampled_from(ALL_SHAPES))
def test_any_is_every_order(lengths):
    text = "any " + "".join(str(n) for n in lengths)
    found = shapes_of(text)
    assert tuple(lengths) in found
    assert all(sorted(s) == sorted(lengths) for s in found)
