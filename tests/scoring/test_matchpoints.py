import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.errors import RedoubleError
from redouble.scoring import (
    AMERICAN,
    EUROPEAN,
    duplicate_score,
    matchpoints,
    neuberg,
    neuberg_matchpoints,
    opponents_matchpoints,
    percentage,
)

# The traveller of seed 000, board 1 (none vulnerable): contract, declarer, tricks for pairs 1..7.
TRAVELLER = [("4S", "N", 10), ("3NT", "S", 10), ("5CX", "E", 8), ("4S", "N", 10), ("4S", "N", 11),
             ("5S", "N", 10), ("3S", "N", 10)]


def traveller_scores():
    return [duplicate_score(c, d, t, "None") for c, d, t in TRAVELLER]


def test_seed_traveller():
    scores = traveller_scores()
    assert scores == [420, 430, 500, 420, 450, -50, 170]
    assert matchpoints(scores) == [5, 8, 12, 5, 10, 0, 2]
    assert opponents_matchpoints(scores) == [7, 4, 0, 7, 2, 12, 10]


def test_seed_traveller_american_scale():
    scores = traveller_scores()
    assert matchpoints(scores, AMERICAN) == [2.5, 4, 6, 2.5, 5, 0, 1]
    assert opponents_matchpoints(scores, AMERICAN) == [3.5, 2, 0, 3.5, 1, 6, 5]


def test_percentages_are_the_same_on_both_scales():
    scores = traveller_scores()
    euro = [percentage(mp, EUROPEAN.top(7)) for mp in matchpoints(scores)]
    usa = [percentage(mp, AMERICAN.top(7)) for mp in matchpoints(scores, AMERICAN)]
    assert euro == usa
    assert euro[2] == 100 and euro[5] == 0 and euro[0] == 41.67


def test_all_equal_and_single_results():
    assert matchpoints([100, 100, 100, 100]) == [3, 3, 3, 3]
    assert matchpoints([620]) == [0]
    assert percentage(0, EUROPEAN.top(1)) == 50


def test_neuberg():
    # A board played 3 times when the others were played 4 times: (MP + 1) * 4/3 - 1.
    assert neuberg_matchpoints([420, 400, -50], expected=4) == [5.67, 3.0, 0.33]
    assert neuberg(4, results=4, expected=4) == 4
    assert neuberg(1, results=3, expected=4, scale=AMERICAN) == 1.5


@pytest.mark.parametrize(("call", "message"), [
    (lambda: neuberg(5, results=3, expected=4), "outside"),
    (lambda: neuberg(2, results=4, expected=3), "results <= expected"),
    (lambda: matchpoints([100, "x"]), "result 2"),
    (lambda: percentage(13, 12), "within 0"),
])
def test_bad_input(call, message):
    with pytest.raises(RedoubleError, match=message):
        call()


@given(st.lists(st.integers(-50, 50).map(lambda k: 10 * k), min_size=1, max_size=30))
def test_traveller_matchpoints_sum_to_n_times_n_minus_1(scores):
    n = len(scores)
    ns = matchpoints(scores)
    ew = opponents_matchpoints(scores)
    assert sum(ns) == n * (n - 1)
    assert sum(ns) + sum(ew) == n * EUROPEAN.top(n)
    assert sum(matchpoints(scores, AMERICAN)) == n * (n - 1) / 2
    assert all(0 <= mp <= EUROPEAN.top(n) for mp in ns)


@given(st.lists(st.integers(-50, 50).map(lambda k: 10 * k), min_size=2, max_size=20))
def test_better_scores_never_earn_fewer_matchpoints(scores):
    mps = matchpoints(scores)
    for a, ma in zip(scores, mps, strict=True):
        for b, mb in zip(scores, mps, strict=True):
            if a > b:
                assert ma > mb
            elif a == b:
                assert ma == mb
