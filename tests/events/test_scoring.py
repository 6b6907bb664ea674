"""Scoring an event: the seed's worked examples, then every special case a director meets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.errors import RedoubleError
from redouble.events.movements import Match, team_round_robin, teams_match
from redouble.events.results import Result
from redouble.events.scoring import rank, score_pairs, score_teams
from redouble.scoring import AMERICAN, wbf_vp

# Seed 000's completed traveller, board 1 (none vulnerable): NS pair, EW pair, contract, by, tricks.
SEED_TRAVELLER = [("1", "8", "4S", "N", 10), ("2", "13", "3NT", "S", 10), ("3", "11", "5CX", "E", 8),
                  ("4", "9", "4S", "N", 10), ("5", "14", "4S", "N", 11), ("6", "12", "5S", "N", 10),
                  ("7", "10", "3S", "N", 10)]


def seed_results(board: int = 1) -> list[Result]:
    return [Result.played(board, ns, ew, c, d, t, vulnerability="None") for ns, ew, c, d, t in SEED_TRAVELLER]


def test_seed_pairs_traveller() -> None:
    event = score_pairs(seed_results())
    lines = event.travellers[1]
    assert [line.result.ns_score for line in lines] == [420, 430, 500, 420, 450, -50, 170]
    assert [(line.ns_points, line.ew_points) for line in lines] == [
        (5, 7), (8, 4), (12, 0), (5, 7), (10, 2), (0, 12), (2, 10)]
    assert event.expected == 7 and lines[0].top == 12
    # The American scale halves the matchpoints and leaves the percentages as they are.
    american = score_pairs(seed_results(), scale=AMERICAN)
    assert [line.ns_points for line in american.travellers[1]] == [2.5, 4, 6, 2.5, 5, 0, 1]
    assert [s.percentage for s in american.standings] == [s.percentage for s in event.standings]
    assert event.standing("4").percentage == 41.67 and event.standing("4").rank_text == "8="


def test_seed_teams_scorecard() -> None:
    # Table 1 (our North-South) and table 2 (our East-West) of seed 000: +15 IMPs over four boards.
    rows = [(1, ("4S", "S", 10), ("4S", "S", 11)), (2, ("5DX", "W", 8), ("4H", "N", 10)),
            (3, ("3NT", "W", 12), ("6NT", "W", 12)), (4, ("2H", "N", 9), ("4H", "N", 9))]
    results = []
    for board, (c1, d1, t1), (c2, d2, t2) in rows:
        results.append(Result.played(board, "1", "3", c1, d1, t1))
        results.append(Result.played(board, "4", "2", c2, d2, t2))
    m = teams_match()
    score = score_teams(results, {1: ("1", "2"), 2: ("3", "4")}, m.matches, {1: [1, 2, 3, 4]})
    match = score.matches[0]
    assert [(b.home_table, b.away_table, b.home_points) for b in match.boards] == [
        (420, 450, -1), (500, 620, -3), (-690, -1440, 13), (140, -100, 6)]
    assert (match.home_imps, match.away_imps) == (19, 4)
    assert (match.home_vp, match.away_vp) == wbf_vp(15, boards=4)
    assert [(s.pair, s.rank, s.total) for s in score.standings] == [("1", 1, match.home_vp), ("2", 2, match.away_vp)]
    bam = score_teams(results, {1: ("1", "2"), 2: ("3", "4")}, m.matches, method="bam").matches[0]
    assert [b.home_points for b in bam.boards] == [0, 0, 1, 1] and bam.home_vp == 2


def test_neuberg_for_a_board_played_fewer_times() -> None:
    results = seed_results(1) + seed_results(2)[:4]
    event = score_pairs(results)
    # Board 2 has 4 results for 7: (MP + 1) * 7/4 - 1 on the 2/1/0 scale, from MPs 1, 4, 6, 1 of 6.
    assert [line.ns_points for line in event.travellers[2]] == [2.5, 7.75, 11.25, 2.5]
    assert [line.top for line in event.travellers[2]] == [12] * 4


def test_artificial_scores_earn_their_percentage_and_the_rest_are_scaled() -> None:
    results = seed_results()[:6] + [Result.artificial_score(1, "7", "10", "A+", "A-")]
    event = score_pairs(results)
    line = event.travellers[1][-1]
    assert (line.ns_points, line.ew_points) == (7.2, 4.8)  # 60% and 40% of the top of 12
    # The six real results are matchpointed among themselves (top 10) and scaled to seven: (10 + 1) * 7/6 - 1.
    assert event.travellers[1][2].ns_points == 11.83 and event.travellers[1][5].ns_points == 0.17


def test_fouled_board_groups_are_scored_apart() -> None:
    same = [Result.played(1, str(p), str(p + 10), "4S", "N", 10, fouled=1 if p <= 3 else 2) for p in range(1, 7)]
    different = [Result.played(1, "1", "11", "3NT", "N", 9, fouled=1)]
    event = score_pairs(same[1:] + different)
    points = {line.result.ns: line.ns_points for line in event.travellers[1]}
    # Group 1 (3 results) and group 2 (3 results), each scaled to 6 results: a flat board is 50% in each.
    assert points["4"] == points["5"] == points["6"] == 5.0
    assert points["1"] == 0.0 * 2 + 1.0 and points["2"] == points["3"] == 7.0


def test_a_board_not_played_leaves_the_top() -> None:
    results = seed_results() + [Result.not_played(1, "20", "21")]
    event = score_pairs(results)
    assert event.standing("20").boards == 0 and event.standing("20").percentage == 50.0
    assert event.expected == 7


def test_split_scores() -> None:
    results = [Result.played(1, "1", "5", "4S", "N", 10), Result.played(1, "2", "6", "4S", "N", 11),
               Result.assigned(1, "3", "7", 450, 400)]
    lines = score_pairs(results).travellers[1]
    # North-South 3 is compared as +450 (ties pair 2), East-West 7 as -400 (beats both other East-Wests).
    assert (lines[2].ns_points, lines[2].ew_points) == (3.0, 4.0)
    assert lines[1].ns_points == 3.0


def test_two_fields_and_shared_ranks() -> None:
    results = [Result.played(1, "1", "4", "4S", "N", 10), Result.played(1, "2", "5", "4S", "N", 10),
               Result.played(1, "3", "6", "4S", "N", 9)]
    fields = {"1": "NS", "2": "NS", "3": "NS", "4": "EW", "5": "EW", "6": "EW"}
    event = score_pairs(results, fields=fields)
    ns, ew = event.by_field()["NS"], event.by_field()["EW"]
    assert [(s.pair, s.rank_text) for s in ns] == [("1", "1="), ("2", "1="), ("3", "3")]
    assert [(s.pair, s.rank_text) for s in ew] == [("6", "1"), ("4", "2="), ("5", "2=")]
    assert rank([("a", 1.0), ("b", 1.0)]) == [("a", 1, True), ("b", 1, True)]


def test_personal_score_card_explains_each_figure() -> None:
    event = score_pairs(seed_results() + [r for r in seed_results(2)])
    card = event.score_card("11")
    assert [line.board for line in card] == [1, 2]
    first = card[0]
    assert (first.direction, first.opponents, first.result, first.score, first.points) == (
        "EW", "3", "5CX E 8 -3", -500, 0.0)
    assert first.compared_with == (50, -170, -420, -420, -430, -450)
    assert sum(line.points for line in card) == event.standing("11").total  # type: ignore[misc]


def test_butler_and_cross_imps() -> None:
    butler = score_pairs(seed_results(), method="butler")
    assert {line.datum for line in butler.travellers[1]} == {380}
    assert [line.ns_points for line in butler.travellers[1]] == [1, 2, 3, 1, 2, -10, -5]
    assert [line.ew_points for line in butler.travellers[1]] == [-1, -2, -3, -1, -2, 10, 5]
    assert butler.score_card("1")[0].datum == 380 and butler.score_card("8")[0].datum == -380
    cross = score_pairs(seed_results(), method="cross-imps")
    # +500 against 420, 430, 420, 450, -50 and 170.
    assert cross.travellers[1][2].ns_points == (2 + 2 + 2 + 2 + 11 + 8) / 6
    summed = score_pairs(seed_results(), method="cross-imps", cross_average=False)
    assert summed.travellers[1][2].ns_points == 27
    assert butler.standings[0].percentage is None


def test_imp_totals_are_factored_for_a_sit_out() -> None:
    results = seed_results(1) + [r for r in seed_results(2) if r.ns != "7"]
    event = score_pairs(results, method="butler")
    card = event.score_card("7")
    assert len(card) == 1 and event.standing("7").total == card[0].points * 2


def test_team_round_robin_vps_and_ranking() -> None:
    m = team_round_robin(3)
    teams = {t: (str(a), str(b)) for t, (a, b) in m.teams.items()}
    results = []
    for match in m.matches:
        table_a, table_b = (m.at(match.round, t) for t in match.tables)
        for board in (match.round * 2 - 1, match.round * 2):
            results.append(Result.played(board, str(table_a.ns), str(table_a.ew), "4S", "N", 10 + match.home % 2))
            results.append(Result.played(board, str(table_b.ns), str(table_b.ew), "4S", "N", 10))
    boards_of = {r: [2 * r - 1, 2 * r] for r in range(1, m.rounds + 1)}
    score = score_teams(results, teams, m.matches, boards_of)
    assert len(score.matches) == 3
    for match in score.matches:
        assert match.home_vp + match.away_vp == 20
    assert sum(s.total for s in score.standings) == 60
    assert len(score.team_matches(1)) == 2


def test_bad_scoring_requests() -> None:
    with pytest.raises(RedoubleError, match="unknown pairs scoring 'swiss'"):
        score_pairs(seed_results(), method="swiss")
    with pytest.raises(RedoubleError, match="unknown matchpoint scale"):
        score_pairs(seed_results(), scale="metric")
    with pytest.raises(RedoubleError, match="no results"):
        score_pairs([])
    with pytest.raises(RedoubleError, match="pair 1 has two results"):
        score_pairs([Result.played(1, "1", "2", "1NT", "N", 7), Result.played(1, "1", "3", "1NT", "N", 7)])
    with pytest.raises(RedoubleError, match="at least 7"):
        score_pairs(seed_results(), expected=5)
    with pytest.raises(RedoubleError, match="unknown teams scoring"):
        score_teams([], {}, [Match(1, 1, 2, (1, 2), 1)], method="swiss")


scores = st.sampled_from([-800, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 1430])


@given(st.lists(scores, min_size=1, max_size=14), st.integers(0, 4))
@settings(max_examples=80, deadline=None)
def test_matchpoints_always_add_up(board_scores: list[int], missing: int) -> None:
    results = [Result.assigned(1, str(k + 1), str(k + 101), s) for k, s in enumerate(board_scores)]
    expected = len(results) + missing
    fields = {p: "NS" if int(p) <= 100 else "EW" for r in results for p in (r.ns, r.ew)}
    event = score_pairs(results, expected=expected, fields=fields)
    top = 2 * (expected - 1)
    for line in event.travellers[1]:
        # Each line's two sides share the top, scaled or not; percentages stay within 0 to 100.
        assert line.ns_points + line.ew_points == pytest.approx(top, abs=0.02)  # type: ignore[operator]
        assert 0 <= line.ns_points <= top + 0.01  # type: ignore[operator]
    for s in event.standings:
        assert 0 <= s.percentage <= 100  # type: ignore[operator]
    best = max(board_scores)
    assert all(s.rank == 1 for s in event.by_field()["NS"] if s.pair in
               {r.ns for r in results if r.ns_score == best})
    assert all(s.rank == 1 for s in event.by_field()["EW"] if s.pair in
               {r.ew for r in results if r.ns_score == min(board_scores)})
