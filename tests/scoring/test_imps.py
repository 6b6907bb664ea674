import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.errors import RedoubleError
from redouble.scoring import imps
from redouble.scoring.imps import IMP_THRESHOLDS, imp_range

# The table of seed 000: (lowest difference, highest difference, IMPs).
SEED_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23),
]


@pytest.mark.parametrize(("low", "high", "expected"), SEED_TABLE)
def test_every_band_of_the_seed_table(low, high, expected):
    for diff in range(low, high + 10, 10):
        assert imps(diff) == expected
        assert imps(-diff) == -expected
    assert imp_range(expected) == (low, high)


def test_4000_or_more_is_24():
    assert imps(4000) == imps(7600) == 24
    assert imps(-15000) == -24
    assert imp_range(24) == (4000, None)
    assert len(IMP_THRESHOLDS) == 24


def test_seed_teams_differences():
    assert [imps(d) for d in (-30, -120, 750, 240)] == [-1, -3, 13, 6]


def test_in_between_differences_take_the_lower_band():
    assert imps(15) == 0 and imps(45) == 1 and imps(-45.5) == -1


@pytest.mark.parametrize("bad", ["100", None, True, float("nan")])
def test_bad_differences(bad):
    with pytest.raises(RedoubleError, match="point difference"):
        imps(bad)


def test_bad_range():
    with pytest.raises(RedoubleError, match="0 to 24"):
        imp_range(25)


@given(st.integers(-20000, 20000), st.integers(-20000, 20000))
def test_monotonic(a, b):
    if a <= b:
        assert imps(a) <= imps(b)


@given(st.integers(-20000, 20000))
def test_antisymmetric_and_bounded(d):
    assert imps(-d) == -imps(d)
    assert -24 <= imps(d) <= 24
