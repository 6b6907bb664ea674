"""Teams results files: match totals (Ruter) and both tables of every board (championship records)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble import pbn
from redouble.errors import RedoubleError
from redouble.events.pbnfile import TOTAL_SCORE_TABLE, table_rows
from redouble.events.teamsfile import read_teams
from redouble.scoring.vp import wbf_vp

DATA = Path(__file__).parent.parent / "data"


def test_salo_match_totals_give_the_published_ranking() -> None:
    boards = pbn.load(DATA / "club_teams_salo_2013.pbn")
    found = read_teams(boards)
    assert len(found.totals) == 30 and not found.has_boards and not found.problems
    assert found.vp_differences(8) == []
    score = found.score("imps", boards_per_match=8)
    published = table_rows(boards[0], TOTAL_SCORE_TABLE)
    assert [(s.pair, s.rank, s.total) for s in score.standings] == [
        (row["TeamId"], int(row["Rank"] or 0), float(row["TotalScoreVP"] or 0)) for row in published]
    assert found.names["9"] == "JÄRVA"
    # Without the number of boards, the file's own VPs stand (the same ranking here).
    assert [s.total for s in found.score("imps").standings] == [s.total for s in score.standings]
    with pytest.raises(RedoubleError, match="board-a-match needs each board's result at both tables"):
        found.score("bam")


def test_rows_that_cannot_be_read_are_reported() -> None:
    text = '''[Board "1"]
[ScoreTable "Round\\\\1R;TeamId_Home\\\\2R;TeamId_Away\\\\2R;IMP_Home\\\\3R;IMP_Away\\\\3R"]
1 1 2 30 4
1 A 3 10 10
1 3 4 - -
'''
    found = read_teams(pbn.loads(text))
    assert [(m.home, m.away, m.home_imps, m.published_vp) for m in found.totals] == [(1, 2, 30.0, None)]
    assert found.problems == [
        "ScoreTable row 2: the teams 'A' and '3' are not team numbers; the row is left out",
        "ScoreTable row 3: team 3 v team 4 has no IMPs (IMP_Home and IMP_Away, or MatchDetails); the row is left out"]
    with pytest.raises(RedoubleError, match="nor how many boards a match had"):
        found.score("imps")
    assert found.score("imps", boards_per_match=10).matches[0].home_vp == wbf_vp(26, boards=10)[0]


def test_both_rooms_of_each_board() -> None:
    found = read_teams(pbn.load(DATA / "eyc1998_juniors.pbn"))
    assert found.has_boards and found.names == {"1": "J-germany", "2": "J-austria"}
    [match] = found.score("imps").matches
    assert [(b.board, b.home_table, b.away_table, b.home_points) for b in match.boards] == [
        (1, -50, 420, -10), (2, -100, 620, -12), (3, -50, -50, 0)]
    assert (match.home_vp, match.away_vp) == wbf_vp(-22, boards=3)
    [bam] = found.score("bam").matches
    assert [b.home_points for b in bam.boards] == [0, 0, 0.5] and (bam.home_vp, bam.away_vp) == (0.5, 2.5)


def test_without_room_tags_the_first_game_of_a_board_is_the_open_room() -> None:
    # rpbridge.net's record of the 2012 world final names the teams once, in the first game.
    found = read_teams(pbn.load(DATA / "rpbridge_wc2012_final.pbn"))
    [match] = found.score("imps").matches
    assert found.names == {"1": "Poland", "2": "Sweden"}
    # Board 1: Poland North-South -420 in the open room (5C by East, 12 tricks), East-West -590 in the closed
    # (4SX by North made); board 2: 1NT by West two down (+100) and one down (+50 to Sweden, North-South).
    assert [(b.home_table, b.away_table, b.home_points) for b in match.boards] == [(-420, 590, -14), (100, 50, 2)]


GAME = '''[HomeTeam "{home}"][VisitTeam "{away}"][Round "{round}"][Room "{room}"][Board "{board}"]
[Contract "{contract}"][Declarer "{declarer}"][Result "{tricks}"]

'''


@given(st.lists(st.tuples(st.sampled_from(["1NT", "3NT", "4S", "4SX", "6H", "2C"]), st.sampled_from("NESW"),
                          st.integers(0, 13)), min_size=2, max_size=12).filter(lambda games: len(games) % 2 == 0))
def test_a_match_is_zero_sum_and_its_vps_add_to_twenty(games: list[tuple[str, str, int]]) -> None:
    text = "".join(GAME.format(home="A", away="B", round=1, room=("Open", "Closed")[k % 2], board=k // 2 + 1,
                               contract=c, declarer=d, tricks=t) for k, (c, d, t) in enumerate(games))
    found = read_teams(pbn.loads(text))
    [match] = found.score("imps").matches
    assert len(match.boards) == len(games) // 2
    assert sum(b.home_points for b in match.boards) == match.home_imps - match.away_imps
    assert round(match.home_vp + match.away_vp, 2) == 20
    [bam] = found.score("bam").matches
    assert bam.home_vp + bam.away_vp == len(games) // 2
