"""``redouble event``: create, print cards, enter, rank; rank a club's PBN results file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redouble import pbn
from redouble.cli import main
from redouble.events.pbnfile import SCORE_TABLE, TOTAL_SCORE_TABLE, read_results

DATA = Path(__file__).parent.parent / "data"

# Seed 000's traveller as a results file: board 1, none vulnerable, pairs 1-7 North-South.
SEED_FILE = """[Event "Seed traveller"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R"]
 1  8 4S   N 10
 2 13 3NT  S 10
 3 11 5CX  E  8
 4  9 4S   N 10
 5 14 4S   N 11
 6 12 5S   N 10
 7 10 3S   N 10
"""


def test_score_a_results_file_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "seed.pbn"
    path.write_text(SEED_FILE, encoding="utf-8")
    assert main(["event", "score", str(path), "--json", "--two-fields"]) == 0
    out = json.loads(capsys.readouterr().out)
    [board] = out["boards"]
    assert [(r["ns_matchpoints"], r["ew_matchpoints"]) for r in board["results"]] == [
        (5, 7), (8, 4), (12, 0), (5, 7), (10, 2), (0, 12), (2, 10)]
    assert board["top"] == 12 and board["results"][2]["score"] == 500
    first = out["pairs"][0]
    assert first == {"pair": "3", "rank": 1, "tied": False, "matchpoints": 12.0, "top": 12.0, "percentage": 100.0,
                     "boards": 1, "field": "NS"}


def test_score_a_real_club_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = DATA / "club_mp_sm2014_session1.pbn"
    html, csv_path, out_pbn = tmp_path / "r.html", tmp_path / "r.csv", tmp_path / "r.pbn"
    assert main(["event", "score", str(source), "--json", "--html", str(html), "--csv", str(csv_path),
                 "--pbn", str(out_pbn)]) == 0
    out = json.loads(capsys.readouterr().out)
    published = {row["PairId"]: row for row in read_results(pbn.load(source)).published_totals}
    assert len(out["pairs"]) == 36
    for pair in out["pairs"]:
        assert pair["percentage"] == float(published[pair["pair"]]["TotalPercentage"])
        assert pair["rank"] == int(published[pair["pair"]]["Rank"])
        assert pair["names"] == published[pair["pair"]]["Names"]
    assert out["pairs"][0]["top"] == 66 * 34
    page = html.read_text(encoding="utf-8")
    assert "@media print" in page and page.count("<h2>Board ") == 66
    assert csv_path.read_text().splitlines()[0] == "rank,pair,field,total,top,percentage,boards,names"
    assert len((tmp_path / "r-travellers.csv").read_text().splitlines()) == 1 + 1188
    again = pbn.load(out_pbn)
    assert SCORE_TABLE in again[0].sections and TOTAL_SCORE_TABLE in again[0].sections
    assert len(read_results(again).results) == 1188


def test_score_reports_problems_and_refuses_a_file_without_travellers(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(SEED_FILE.replace(" 2 13 3NT  S 10", " 2 13 3NT  Q 10"), encoding="utf-8")
    assert main(["event", "score", str(path)]) == 3  # done, but a row was left out
    captured = capsys.readouterr()
    assert "board 1, ScoreTable row 2" in captured.err and "not a seat" in captured.err
    assert captured.out.splitlines()[0].startswith("Rank")
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"]\n')
    assert main(["event", "score", str(empty)]) == 2
    assert "has no travellers" in capsys.readouterr().err
    assert main(["event", "score", str(path), "--strict"]) == 2
    assert "not a seat" in capsys.readouterr().err


def test_a_whole_evening(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.sqlite3")
    assert main(["event", "new", "Tuesday pairs", "--id", "tue", "--tables", "3", "--boards-per-round", "1",
                 "--db", db]) == 0
    assert capsys.readouterr().out.strip() == "tue"
    assert main(["event", "cards", "tue", "--out", str(tmp_path), "--paper", "letter", "--db", db]) == 0
    assert (tmp_path / "tue-tables.html").read_text().count('<section class="card">') == 3
    assert (tmp_path / "tue-guides.html").read_text().count('<section class="card">') == 6
    capsys.readouterr()
    for board, ns, ew, contract, by, tricks in [(1, "1", "4", "4S", "N", "10"), (1, "3", "5", "4S", "N", "-1"),
                                                (1, "2", "6", "3NT", "S", "9")]:
        assert main(["event", "enter", "tue", str(board), ns, ew, contract, by, tricks, "--db", db]) == 0
    assert "round 2, table 3: 4S N 9 -1, North-South -50" in capsys.readouterr().out
    assert main(["event", "enter", "tue", "1", "1", "4", "4S", "N", "9", "--db", db]) == 2
    assert "already entered" in capsys.readouterr().err
    assert main(["event", "enter", "tue", "1", "1", "4", "4S", "N", "11", "--correct", "--db", db]) == 0
    capsys.readouterr()
    assert main(["event", "results", "tue", "--json", "--db", db]) == 0
    out = json.loads(capsys.readouterr().out)
    ns = [(p["pair"], p["rank"]) for p in out["pairs"] if p["field"] == "NS"]
    assert ns == [("1", 1), ("2", 2), ("3", 3)]
    assert main(["event", "list", "--db", db]) == 0
    assert "Tuesday pairs" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["event", "new", "X", "--movement", "howell"], "a howell needs --tables"),
    (["event", "new", "X", "--movement", "round-robin"], "a round robin needs --teams"),
    (["event", "new", "X", "--tables", "2"], "from 3 to 15, not 2"),
    (["event", "cards", "nothing"], "there is no event 'nothing'"),
    (["event", "score", "/no/such/file.pbn"], "No such file"),
])
def test_bad_event_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                            message: str) -> None:
    assert main([*args, "--db", str(tmp_path / "x.db")] if args[1] != "score" else args) == 2
    assert message in capsys.readouterr().err


def test_teams_event_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.sqlite3")
    assert main(["event", "new", "Match", "--id", "m", "--movement", "teams", "--boards-per-round", "2",
                 "--db", db]) == 0
    for board, ns, ew, contract, tricks in [(1, "1", "3", "4S", "10"), (1, "4", "2", "4S", "11"),
                                            (2, "1", "3", "3NT", "9"), (2, "4", "2", "3NT", "8")]:
        assert main(["event", "enter", "m", str(board), ns, ew, contract, "S", tricks, "--db", db]) == 0
    capsys.readouterr()
    assert main(["event", "results", "m", "--db", db]) == 0
    text = capsys.readouterr().out
    # Board 1: 420 against 450 (-1); board 2: 600 against -100 (+12).
    assert "round 1: team 1 v team 2  12-1 IMPs  16.90-3.10 VPs" in text
    assert text.splitlines()[1].split()[:3] == ["1", "1", "16.90"]
