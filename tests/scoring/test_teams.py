import pytest

from redouble.cards import Vulnerability
from redouble.errors import RedoubleError
from redouble.scoring import (
    board_a_match,
    butler,
    butler_datum,
    cross_imps,
    duplicate_score,
    imp_match,
    imps,
    vp_24_boards,
)

# Seed 000, teams of four: (board, contract, declarer, tricks) at table 1 and table 2.
TABLE_1 = [(1, "4S", "S", 10), (2, "5DX", "W", 8), (3, "3NT", "W", 12), (4, "2H", "N", 9)]
TABLE_2 = [(1, "4S", "S", 11), (2, "4H", "N", 10), (3, "6NT", "W", 12), (4, "4H", "N", 9)]


def ns_scores(table):
    return [duplicate_score(c, d, t, Vulnerability.for_board(b)) for b, c, d, t in table]


def test_seed_teams_of_four():
    ours, theirs = ns_scores(TABLE_1), ns_scores(TABLE_2)
    # North's card at table 1, and (negated) East's card at table 2, as in the seed.
    assert ours == [420, 500, -690, 140]
    assert [-s for s in theirs] == [-450, -620, 1440, 100]
    match = imp_match(ours, theirs)
    assert match.differences == [-30, -120, 750, 240]
    assert match.board_imps == [-1, -3, 13, 6]
    assert match.total == 15
    # Over a 24-board match, 15 IMPs ahead wins 13-7.
    assert vp_24_boards(match.total) == (13, 7)


def test_the_other_team_sees_the_mirror():
    match = imp_match(ns_scores(TABLE_2), ns_scores(TABLE_1))
    assert match.board_imps == [1, 3, -13, -6] and match.total == -15


def test_imp_match_needs_matching_tables():
    with pytest.raises(RedoubleError, match="4 and 3"):
        imp_match([1, 2, 3, 4], [1, 2, 3])
    with pytest.raises(RedoubleError, match="table 2, board 2"):
        imp_match([1, 2], [1, None])


def test_board_a_match():
    ours, theirs = ns_scores(TABLE_1), ns_scores(TABLE_2)
    assert [board_a_match(a, b) for a, b in zip(ours, theirs, strict=True)] == [0, 0, 1, 1]
    assert board_a_match(100, 100) == 0.5


TRAVELLER = [420, 430, 500, 420, 450, -50, 170]


def test_cross_imps_sums_each_comparison():
    totals = cross_imps(TRAVELLER)
    expected = [sum(imps(s - t) for j, t in enumerate(TRAVELLER) if j != i) for i, s in enumerate(TRAVELLER)]
    assert totals == expected
    assert totals[2] == 2 + 2 + 2 + 2 + 11 + 8  # 500 against 420, 430, 420, 450, -50, 170
    assert sum(totals) == 0
    assert cross_imps(TRAVELLER, average=True)[2] == 4.5
    assert cross_imps([620]) == [0] and cross_imps([620], average=True) == [0]


def test_butler_drops_top_and_bottom_and_rounds_to_10():
    # Without 500 and -50: (420 + 430 + 420 + 450 + 170) / 5 = 378 -> 380.
    assert butler_datum(TRAVELLER) == 380
    datum, result = butler(TRAVELLER)
    assert datum == 380
    assert result == [imps(s - 380) for s in TRAVELLER] == [1, 2, 3, 1, 2, -10, -5]


def test_butler_with_few_results_keeps_them_all():
    assert butler_datum([420, 400, -50]) == 260  # 256.7
    assert butler_datum([420, 400, -50], min_results_to_trim=3) == 400
    assert butler_datum([425, 430]) == 430  # 427.5 rounds to the nearest 10
    assert butler_datum([-425, -430]) == -430
    with pytest.raises(RedoubleError, match="at least one"):
        butler_datum([])
