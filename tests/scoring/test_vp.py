import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.errors import RedoubleError
from redouble.scoring import vp_24_boards, wbf_vp, wbf_vp_table
from redouble.scoring.vp import blitz_margin

# The 24-board table of seed 000: (lowest margin, highest margin, winner's VPs).
SEED_24 = [(0, 2, 10), (3, 6, 11), (7, 11, 12), (12, 16, 13), (17, 21, 14), (22, 27, 15), (28, 33, 16),
           (34, 39, 17), (40, 46, 18), (47, 54, 19), (55, 80, 20)]


def test_seed_example_15_imps_wins_13_7():
    assert vp_24_boards(15) == (13, 7)
    assert vp_24_boards(-15) == (7, 13)


@pytest.mark.parametrize(("low", "high", "winner"), SEED_24)
def test_every_band_of_the_24_board_table(low, high, winner):
    for margin in range(low, high + 1):
        assert vp_24_boards(margin) == (winner, 20 - winner)
        assert vp_24_boards(-margin) == (20 - winner, winner)


def test_wbf_published_values_20_boards():
    # As published (bcstar.nl, "Continue WP-schaal ingevoerd", quoting the WBF 20-board scale):
    # 0 IMP 10.00, 1 IMP 10.28, 2 IMP 10.55.
    assert [wbf_vp(m, boards=20)[0] for m in (0, 1, 2)] == [10.0, 10.28, 10.55]


def test_wbf_formula_before_rounding_corrections():
    # 10 + 10 (1 - τ^(3I/B)) / (1 - τ^3), τ = (√5-1)/2, B = 15√N: 16 boards, 10 IMPs.
    tau = (math.sqrt(5) - 1) / 2
    raw = 10 + 10 * (1 - tau ** (3 * 10 / 60)) / (1 - tau**3)
    assert wbf_vp(10, boards=16) == (round(raw, 2), round(20 - round(raw, 2), 2)) == (12.8, 7.2)


def test_blitz():
    assert blitz_margin(16) == 60
    assert wbf_vp(60, boards=16) == (20.0, 0.0)
    assert wbf_vp(-61, boards=16) == (0.0, 20.0)
    assert wbf_vp_table(16)[-1] == 20.0 and wbf_vp_table(16)[-2] < 20.0
    assert len(wbf_vp_table(24)) == math.ceil(15 * math.sqrt(24)) + 1


@pytest.mark.parametrize("boards", [1, 6, 8, 12, 14, 16, 20, 24, 28, 32, 48, 64, 96])
def test_each_imp_worth_no_more_than_the_last(boards):
    table = [round(v * 100) for v in wbf_vp_table(boards)]
    steps = [b - a for a, b in zip(table, table[1:], strict=False)]
    assert all(s >= 0 for s in steps)
    assert all(later <= earlier for earlier, later in zip(steps, steps[1:], strict=False)), steps
    assert table[0] == 1000 and table[-1] == 2000


def test_rounding_correction_lifts_the_earlier_value():
    # 8 boards: the formula rounds 39, 40, 41 IMPs to 19.62, 19.73, 19.85, a 0.12 step after a 0.11 one;
    # the correction lifts 40 IMPs to 19.74.
    assert [wbf_vp(m, boards=8)[0] for m in (39, 40, 41)] == [19.62, 19.74, 19.85]


def test_fractional_margin_interpolates():
    low, high = wbf_vp(3, boards=16)[0], wbf_vp(4, boards=16)[0]
    assert wbf_vp(3.5, boards=16)[0] == round((low + high) / 2 + 1e-9, 2)


@pytest.mark.parametrize(("margin", "boards", "message"), [
    ("5", 16, "IMP margin"), (float("inf"), 16, "IMP margin"), (5, 0, "number of boards"), (5, 2.5, "number of boards"),
])
def test_bad_input(margin, boards, message):
    with pytest.raises(RedoubleError, match=message):
        wbf_vp(margin, boards)


@given(st.integers(-200, 200), st.integers(1, 100))
def test_shares_add_to_20_and_mirror(margin, boards):
    ours, theirs = wbf_vp(margin, boards)
    assert round(ours + theirs, 2) == 20
    assert wbf_vp(-margin, boards) == (theirs, ours)
    assert (ours > 10) == (margin > 0) or margin == 0


@given(st.integers(0, 200), st.integers(0, 200), st.integers(1, 64))
def test_monotonic(a, b, boards):
    if a <= b:
        assert wbf_vp(a, boards)[0] <= wbf_vp(b, boards)[0]
        assert vp_24_boards(a)[0] <= vp_24_boards(b)[0]


def test_the_lifted_table_is_the_one_the_wbf_rule_describes() -> None:
    """The rule as written: while a step is larger than the one before, lift the value between them by 0.01."""
    import math

    from redouble.scoring import vp

    def by_the_rule(boards: int) -> tuple[int, ...]:
        blitz = vp.blitz_margin(boards)
        r = vp.GOLDEN_TAU ** 3
        values = [min(2000, math.floor(1000 * (1 + (1 - r ** (m / blitz)) / (1 - r)) + 0.5))
                  for m in range(math.ceil(blitz) + 1)]
        changed = True
        while changed:
            changed = False
            for i in range(1, len(values) - 1):
                if values[i + 1] - values[i] > values[i] - values[i - 1]:
                    values[i] += 1
                    changed = True
        return tuple(values)

    for boards in [*range(1, 120), 256, 1000]:
        assert vp._wbf_hundredths(boards) == by_the_rule(boards), boards
    assert wbf_vp(3, boards=100_000) == (10.03, 9.97)  # a very long match: whole hundredths from 0 IMPs
