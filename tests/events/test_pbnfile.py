"""Real club results files (see tests/data/PROVENANCE.md) ranked again: the published figures come back."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble import pbn
from redouble.events.pbnfile import (
    SCORE_TABLE,
    TOTAL_SCORE_TABLE,
    parse_columns,
    read_deals,
    read_results,
    scoring_method,
    split_row,
    table_rows,
    with_score_tables,
)
from redouble.events.scoring import rank, score_pairs
from redouble.scoring import wbf_vp

DATA = Path(__file__).parent.parent / "data"


def published(found) -> dict[str, dict]:
    return {row["PairId"]: row for row in found.published_totals}


def test_matchpoint_pairs_reproduce_the_published_percentages() -> None:
    # 18 tables, 36 pairs, 66 boards, two results given average plus each (A+ A+).
    found = read_results(pbn.load(DATA / "club_mp_sm2014_session1.pbn"))
    assert not found.problems and len(found.results) == 1188
    assert scoring_method(found.scoring) == "mp"
    event = score_pairs(found.results)
    assert event.expected == 18 and event.travellers[1][0].top == 34
    # Every line's matchpoints as the club published them (to one decimal).
    for board, lines in event.travellers.items():
        for line in lines:
            assert line.ns_points == pytest.approx(found.published_mp[board, line.result.ns], abs=0.051)
            assert line.ew_points == pytest.approx(found.published_mp[board, line.result.ew], abs=0.051)
    table = published(found)
    for standing in event.standings:
        row = table[standing.pair]
        assert standing.total == pytest.approx(float(row["TotalScoreMP"]), abs=0.051)
        assert standing.percentage == float(row["TotalPercentage"])
        assert standing.rank == int(row["Rank"])
    winner = event.standings[0].pair
    assert table[winner]["Rank"] == "1" and found.names[winner] == table[winner]["Names"] != ""


def test_butler_pairs_with_a_phantom() -> None:
    # 7 pairs, so a pair sits out each round; the datum leaves out the top and bottom of three results,
    # and a pair's IMPs are factored up to the 28 boards for the round it sat out.
    found = read_results(pbn.load(DATA / "club_butler_h6_2013.pbn"))
    assert scoring_method(found.scoring) == "butler"
    event = score_pairs(found.results, method="butler", butler_min_results_to_trim=3)
    table = published(found)
    for standing in event.standings:
        assert standing.total == pytest.approx(float(table[standing.pair]["TotalScoreIMP"]), abs=0.051)
        assert standing.rank == int(table[standing.pair]["Rank"])
    rows = table_rows(pbn.load(DATA / "club_butler_h6_2013.pbn")[1], SCORE_TABLE)
    assert {line.datum for line in event.travellers[2]} == {int(rows[0]["ButlerDatum"] or 0)}


def test_cross_imps_summed_with_an_artificial_score() -> None:
    # 80 pairs; summed cross-IMPs, average plus worth 1.5 IMPs a comparison (58.5 over 39).
    found = read_results(pbn.load(DATA / "club_crossimp_silver_2011.pbn"))
    event = score_pairs(found.results, method="cross-imps", cross_average=False, artificial_imps=1.5)
    table = published(found)
    assert len(event.standings) == 80
    for standing in event.standings:
        assert standing.total == float(table[standing.pair]["TotalScoreIMP"])
        assert standing.rank == int(table[standing.pair]["Rank"])


def test_cross_imps_as_a_mean_per_board() -> None:
    found = read_results(pbn.load(DATA / "club_crossimp_mean_liiga.pbn"))
    event = score_pairs(found.results, method="cross-imps")
    table = published(found)
    boards = len(event.travellers)
    for standing in event.standings:
        # Each board's IMPs are kept to two decimals, so the mean may differ by a rounding step.
        assert standing.total / boards == pytest.approx(float(table[standing.pair]["TotalScoreIMP"]), abs=0.011)
        assert standing.rank == int(table[standing.pair]["Rank"])


def test_teams_match_totals_give_the_published_victory_points() -> None:
    [board] = pbn.load(DATA / "club_teams_salo_2013.pbn")
    totals: dict[str, float] = {}
    for row in table_rows(board, SCORE_TABLE):
        _, home_imps, away_imps = (int(x) for x in (row["MatchDetails"] or "").split(","))
        home_vp, away_vp = wbf_vp(home_imps - away_imps, boards=8)
        assert (home_vp, away_vp) == (float(row["VP_Home"] or 0), float(row["VP_Away"] or 0))
        for team, vp in ((row["TeamId_Home"], home_vp), (row["TeamId_Away"], away_vp)):
            totals[str(team)] = totals.get(str(team), 0) + vp
    ranking = table_rows(board, TOTAL_SCORE_TABLE)
    for row in ranking:
        assert round(totals[str(row["TeamId"])], 2) == float(row["TotalScoreVP"] or 0)
    ranks = {team: place for team, place, _ in rank(list(totals.items()))}
    assert all(ranks[str(row["TeamId"])] == int(row["Rank"] or 0) for row in ranking)


def test_written_score_tables_read_back() -> None:
    boards = pbn.load(DATA / "club_butler_h6_2013.pbn")[:4]
    for b in boards:
        b.sections.pop(SCORE_TABLE, None)
        b.tags.pop(SCORE_TABLE, None)
    found = read_results(pbn.load(DATA / "club_mp_sm2014_session1.pbn"))
    event = score_pairs([r for r in found.results if r.board <= 4])
    text = pbn.dumps(with_score_tables(pbn.load(DATA / "club_mp_sm2014_session1.pbn")[:4], event, found.names))
    again = read_results(pbn.loads(text))
    assert sorted(again.results, key=key) == sorted((r for r in found.results if r.board <= 4), key=key)
    assert again.published_mp == {k: v for k, v in found.published_mp.items() if k[0] <= 4}
    assert not again.problems
    rows = again.published_totals
    assert [row["PairId"] for row in rows] == [s.pair for s in event.standings]
    assert float(rows[0]["TotalPercentage"] or 0) == event.standings[0].percentage
    assert rows[0]["Names"] == found.names[event.standings[0].pair]


def key(result):
    return result.key


def test_problems_are_reported_not_raised() -> None:
    text = """[Board "1"]
[Vulnerable "None"]
[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R"]
 1  8 4S   N 10 "450" -
 2  7 9S   N 10 "450" -
 3  6 -    - -  "A+" "A-"
 4  5 -    - -  "200" -
"""
    found = read_results(pbn.loads(text))
    assert [r.text for r in found.results] == ["4S N 10 =", "A+/A-", "assigned 200"]
    assert found.problems == [
        "board 1, ScoreTable row 1: the file's score 450 for 4S N 10 is not the contract's score, 420; "
        "the contract's is used",
        "board 1, ScoreTable row 2: board 1, pairs 2 v 7: not a contract: '9S' (expected e.g. '4H', '3NTX', "
        "'7SXX-N' or 'Pass'); the row is left out"]


def test_columns_and_rows() -> None:
    assert [c.name for c in parse_columns("Rank\\2R;PairId;Names\\40L")] == ["Rank", "PairId", "Names"]
    assert split_row('1 "A \\"B\\" C" - x') == ["1", 'A "B" C', None, "x"]
    with pytest.raises(Exception, match="column 2"):
        parse_columns("Rank;Pair Id")


def test_read_deals_uses_the_complete_deals_of_the_events_boards_and_says_what_it_did_not_use() -> None:
    deal = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"
    text = (f'[Board "1"]\n[Deal "{deal}"]\n\n[Board "2"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432"]\n\n'
            f'[Board "3"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n\n[Board "9"]\n[Deal "{deal}"]\n')
    found = read_deals(text, range(1, 7))
    assert list(found.deals) == [1] and str(found.deals[1].deal) == deal
    # Board 2's deal cannot be read: the reader's problem names it, so "incomplete" does not again.
    assert (found.incomplete, found.unused) == ([3], [9])
    [problem] = found.problems
    assert problem.startswith("board 2, line 5: ") and "Deal" in problem
    assert not read_deals(text, [4, 5]).deals
