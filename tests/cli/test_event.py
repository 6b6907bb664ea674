"""``redouble event``: create, print cards, enter, rank; rank a club's PBN results file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redouble import pbn
from redouble.cli import main
from redouble.cli.files import EXIT_PROBLEMS
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


def test_usebio_export_ranks_the_same_when_read_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = tmp_path / "session.xml"
    assert main(["event", "score", str(DATA / "club_mp_sm2014_session1.pbn"), "--usebio", str(xml)]) == 0
    ranking = capsys.readouterr().out
    assert xml.read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO')
    assert main(["event", "score", str(xml)]) == 0
    assert capsys.readouterr().out == ranking
    bad = tmp_path / "bad.xml"
    bad.write_text("<USEBIO><EVENT>", encoding="utf-8")
    assert main(["event", "score", str(bad)]) == 2
    assert "bad.xml: line 1: not a USEBIO file" in capsys.readouterr().err


def test_a_usebio_file_kept_as_an_event_ranks_and_exports_like_one_run_here(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml, db = tmp_path / "session.xml", str(tmp_path / "club.sqlite3")
    assert main(["event", "score", str(DATA / "club_mp_sm2014_session1.pbn"), "--usebio", str(xml), "--json"]) == 0
    published = json.loads(capsys.readouterr().out)
    assert main(["event", "import", str(xml), "--id", "sm", "--db", db]) == 0
    captured = capsys.readouterr()
    assert captured.out == "sm\n"
    assert captured.err.startswith("SM-parikilpailu - Session 1: a pairs event, 1188 results read from")
    assert main(["event", "results", "sm", "--json", "--db", db]) == 0
    assert json.loads(capsys.readouterr().out)["pairs"] == published["pairs"]
    assert main(["event", "results", "sm", "--html", str(tmp_path / "r.html"), "--db", db]) == 0
    assert (tmp_path / "r.html").read_text(encoding="utf-8").count("<h2>Board ") == 66  # the file's hand records
    capsys.readouterr()
    assert main(["event", "enter", "sm", "1", "1", "2", "3NT", "S", "9", "--db", db]) == 2
    assert "was read from its USEBIO file session.xml: its results are the file's" in capsys.readouterr().err
    assert main(["event", "cards", "sm", "--out", str(tmp_path), "--db", db]) == 2
    assert "has no table or guide cards" in capsys.readouterr().err
    (tmp_path / "bad.xml").write_text("<USEBIO>\n<EVENT>", encoding="utf-8")
    assert main(["event", "import", str(tmp_path / "bad.xml"), "--db", db]) == 2
    assert "bad.xml: line 2: not a USEBIO file" in capsys.readouterr().err
    assert main(["event", "list", "--db", db]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1  # the bad file stored nothing


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
    usebio = tmp_path / "tue.xml"
    assert main(["event", "results", "tue", "--usebio", str(usebio), "--db", db]) == 0
    assert usebio.read_text(encoding="utf-8").count("<TRAVELLER_LINE>") == 3
    # Names and deals, for the results page's names and hand records.
    capsys.readouterr()
    assert main(["event", "names", "tue", "1=Ann Smith - Bo Li", "4=Cy - Di", "--db", db]) == 0
    assert capsys.readouterr().out == "1\tAnn Smith - Bo Li\n4\tCy - Di\n"
    assert main(["event", "names", "tue", "9=Nobody", "--db", db]) == 2
    assert "there is no pair or team '9' in this event" in capsys.readouterr().err
    assert main(["event", "deals", "tue", "--db", db]) == 2
    assert "give a PBN file of the boards, or --random" in capsys.readouterr().err
    dealt = tmp_path / "deals.pbn"
    assert main(["event", "deals", "tue", "--random", "--out", str(dealt), "--db", db]) == 0
    assert capsys.readouterr().out == "3 of 3 boards dealt\n"
    assert [b.number for b in pbn.load(dealt)] == [1, 2, 3]
    assert main(["event", "deals", "tue", str(dealt), "--db", db]) == 0  # the dealing machine's file, again
    page = tmp_path / "tue.html"
    assert main(["event", "results", "tue", "--html", str(page), "--db", db]) == 0
    text = page.read_text(encoding="utf-8")
    assert "Ann Smith - Bo Li" in text and "<div class=hand><b>N</b>" in text


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
    html = tmp_path / "m.html"
    assert main(["event", "results", "m", "--db", db, "--json", "--html", str(html),
                 "--csv", str(tmp_path / "m.csv")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["teams"][0] == {"team": "1", "rank": 1, "tied": False, "vp": 16.9, "imps_won": 12.0,
                               "imps_lost": 1.0, "matches": 1}
    assert [(b["board"], b["home_table"], b["away_table"], b["home_imps"]) for b in out["matches"][0]["boards"]] == [
        (1, 420, 450, -1), (2, 600, -100, 12)]
    assert "<td>12-1</td>" in html.read_text(encoding="utf-8")
    assert (tmp_path / "m-matches.csv").read_text(encoding="utf-8").splitlines()[1] == "1,1,2,12,1,16.9,3.1,2"
    assert main(["event", "results", "m", "--db", db, "--pbn", str(tmp_path / "m.pbn")]) == 2


def test_score_a_real_teams_file_reproduces_its_published_ranking(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Ruter's Salo teams 2013: ten teams, six matches of 8 boards each; only each match's IMPs are in the file.
    salo = DATA / "club_teams_salo_2013.pbn"
    html, csv = tmp_path / "salo.html", tmp_path / "salo.csv"
    assert main(["event", "score", str(salo), "--scoring", "teams", "--boards-per-match", "8", "--json",
                 "--html", str(html), "--csv", str(csv)]) == 0
    out = json.loads(capsys.readouterr().out)
    [board] = pbn.load(salo)
    published = board.sections[TOTAL_SCORE_TABLE]
    expected = [(row[1], int(row[0]), float(row[4]), row[5]) for row in (line.split() for line in published)]
    assert [(t["team"], t["rank"], t["vp"], t["name"].split()[0]) for t in out["teams"]] == [
        (team, place, vp, name.strip('"')) for team, place, vp, name in expected]
    assert out["teams"][0] == {"team": "5", "rank": 1, "tied": False, "vp": 75.23, "imps_won": 156.0,
                               "imps_lost": 86.0, "matches": 6, "name": "URI"}
    assert len(out["matches"]) == 30
    assert out["matches"][0] == {"round": 1, "home": "1", "away": "2", "home_imps": 25.0, "away_imps": 8.0,
                                 "home_vp": 15.75, "away_vp": 4.25}
    assert "<td>75.23</td>" in html.read_text(encoding="utf-8")
    assert csv.read_text(encoding="utf-8").splitlines()[1] == "1,5,75.23,156,86,6,URI"
    assert (tmp_path / "salo-matches.csv").read_text(encoding="utf-8").splitlines()[1] == "1,1,2,25,8,15.75,4.25,"
    # The file's Scoring tag says Teams: that is the default; without the boards a match had, its own VPs stand.
    assert main(["event", "score", str(salo)]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[1].split() == ["1", "5", "75.23", "156/86", "URI"]
    assert "the VPs are the file's own; --boards-per-match N" in captured.err
    # With a wrong number of boards the file's VPs disagree, and each match that differs is named.
    assert main(["event", "score", str(salo), "--boards-per-match", "12", "--json"]) == EXIT_PROBLEMS
    assert "round 1, team 1 v team 2: 25-8 IMPs give" in capsys.readouterr().err
    # Board-a-match needs the boards, which this file does not have.
    assert main(["event", "score", str(salo), "--scoring", "bam"]) == 2
    assert "board-a-match needs each board's result at both tables" in capsys.readouterr().err


def test_score_a_teams_match_from_both_tables_of_each_board(capsys: pytest.CaptureFixture[str]) -> None:
    # European Youth Teams 1998: three boards of J-germany (home) v J-austria, open and closed rooms.
    path = str(DATA / "eyc1998_juniors.pbn")
    assert main(["event", "score", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    [match] = out["matches"]
    assert [(b["home_table"], b["away_table"], b["home_imps"]) for b in match["boards"]] == [
        (-50, 420, -10), (-100, 620, -12), (-50, -50, 0)]
    assert (match["home_imps"], match["away_imps"]) == (0, 22)
    assert [(t["name"], t["rank"]) for t in out["teams"]] == [("J-austria", 1), ("J-germany", 2)]
    assert main(["event", "score", path, "--scoring", "bam", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(t["name"], t["points"]) for t in out["teams"]] == [("J-austria", 2.5), ("J-germany", 0.5)]
    assert main(["event", "score", path, "--scoring", "bam", "--pbn", "x.pbn"]) == 2
    assert "a teams ranking is written with --json, --html, --csv or --usebio" in capsys.readouterr().err


def test_teams_usebio_export_ranks_the_same_when_read_back(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "club.sqlite3")
    assert main(["event", "new", "Match", "--id", "m", "--movement", "teams", "--boards-per-round", "2",
                 "--db", db]) == 0
    assert main(["event", "names", "m", "1=Lions", "2=Owls", "--db", db]) == 0
    for board, ns, ew, contract, tricks in [(1, "1", "3", "4S", "10"), (1, "4", "2", "4S", "11"),
                                            (2, "1", "3", "3NT", "9"), (2, "4", "2", "3NT", "8")]:
        assert main(["event", "enter", "m", str(board), ns, ew, contract, "S", tricks, "--db", db]) == 0
    assert main(["event", "deals", "m", "--random", "--db", db]) == 0
    xml = tmp_path / "m.xml"
    capsys.readouterr()
    assert main(["event", "results", "m", "--db", db, "--json", "--usebio", str(xml)]) == 0
    written = json.loads(capsys.readouterr().out)
    assert xml.read_text(encoding="utf-8").count("<TRAVELLER_LINE>") == 4
    assert main(["event", "score", str(xml), "--json"]) == 0
    read = json.loads(capsys.readouterr().out)
    assert read == written and read["teams"][0]["name"] == "Lions" and read["teams"][0]["vp"] == 16.9
    assert main(["event", "score", str(xml), "--scoring", "bam", "--json"]) == 0
    assert [(t["team"], t["points"]) for t in json.loads(capsys.readouterr().out)["teams"]] == [("1", 1.0),
                                                                                              ("2", 1.0)]
    # A file read as teams is scored as teams; a teams file from the PBN of both rooms is written too.
    assert main(["event", "score", str(xml), "--scoring", "mp"]) == 2
    assert "is a teams event: score it as teams or bam, not mp" in capsys.readouterr().err
    again = tmp_path / "eyc.xml"
    assert main(["event", "score", str(DATA / "eyc1998_juniors.pbn"), "--usebio", str(again)]) == 0
    ranking = capsys.readouterr().out
    assert main(["event", "score", str(again)]) == 0
    assert capsys.readouterr().out == ranking and "J-austria" in ranking
    # Match totals alone cannot be written board by board.
    assert main(["event", "score", str(DATA / "club_teams_salo_2013.pbn"), "--usebio", str(tmp_path / "s.xml")]) == 2
    assert "is known only by its totals" in capsys.readouterr().err
