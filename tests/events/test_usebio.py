"""USEBIO 1.2 XML: a scored event written and read back, against a real club's published figures."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from redouble import pbn
from redouble.errors import ParseError
from redouble.events.pbnfile import read_results
from redouble.events.results import Result
from redouble.events.scoring import score_pairs
from redouble.events.usebio import read_usebio, write_usebio

DATA = Path(__file__).parent.parent / "data"


def key(result: Result) -> tuple[int, str, str]:
    return result.key


def test_a_real_club_session_survives_the_round_trip() -> None:
    # Ruter's Finnish pairs championship 2014, session 1: 36 pairs, 66 boards, an A+/A+ split on board 16.
    boards = pbn.load(DATA / "club_mp_sm2014_session1.pbn")
    found = read_results(boards)
    score = score_pairs(found.results)
    text = write_usebio("SM 2014, session 1", score, names=found.names, boards={b.number: b for b in boards},
                        club="Suomen Bridgeliitto", date=datetime.date(2014, 3, 1))
    root = ET.fromstring(text)
    event = root.find("EVENT")
    assert root.get("Version") == "1.2" and event is not None and event.get("EVENT_TYPE") == "PAIRS"
    assert [event.findtext(t) for t in ("EVENT_DESCRIPTION", "DATE", "BOARD_SCORING_METHOD", "BOARDS_PLAYED")] == [
        "SM 2014, session 1", "01/03/2014", "MATCH_POINTS", "66"]
    assert root.findtext("CLUB/CLUB_NAME") == "Suomen Bridgeliitto"
    assert len(event.findall("BOARD")) == 66 and len(event.findall("HANDSET/BOARD")) == 66
    back = read_usebio(text)
    plain = [Result(**{**{f: getattr(r, f) for f in r.__dataclass_fields__}, "round": None, "table": None})
             for r in found.results]
    assert sorted(back.results, key=key) == sorted(plain, key=key)
    assert back.names == {p: n for p, n in found.names.items() if p in back.names}
    again = score_pairs(back.results)
    assert [(s.pair, s.rank_text, s.percentage) for s in again.standings] == [
        (s.pair, s.rank_text, s.percentage) for s in score.standings]
    # The places and percentages written are the published ones (Ruter's TotalScoreTable).
    published = {row["PairId"]: row for row in found.published_totals}
    for pair, percentage in back.percentages.items():
        assert percentage == pytest.approx(float(published[pair]["TotalPercentage"] or 0), abs=0.01)
    first = event.find("BOARD/TRAVELLER_LINE")
    assert first is not None and [child.tag for child in first] == [
        "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE", "NS_MATCH_POINTS",
        "EW_MATCH_POINTS"]


def test_imp_pairs_and_two_fields() -> None:
    results = [Result.played(1, "1", "3", "4S", "N", 10), Result.played(1, "2", "4", "3NT", "S", 8),
               Result.played(2, "1", "4", "Pass", None, None), Result.artificial_score(2, "2", "3", "A+")]
    score = score_pairs(results, method="cross-imps", fields={"1": "NS", "2": "NS", "3": "EW", "4": "EW"})
    text = write_usebio("IMPs", score)
    root = ET.fromstring(text)
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "IMPS" and root.findtext("EVENT/WINNER_TYPE") == "2"
    line = root.find("EVENT/BOARD/TRAVELLER_LINE")
    assert line is not None and line.findtext("NS_CROSS_IMP_POINTS") == "10"
    back = read_usebio(text)
    assert back.method == "cross-imps" and back.fields == {"1": "NS", "2": "NS", "3": "EW", "4": "EW"}
    assert sorted(back.results, key=key) == sorted(results, key=key)


def test_bad_files_name_what_is_wrong_and_where() -> None:
    with pytest.raises(ParseError, match="line 2: not a USEBIO file"):
        read_usebio("<USEBIO>\n<EVENT>")
    with pytest.raises(ParseError, match="the root element is <results>"):
        read_usebio("<results/>")
    bad = """<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>8S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>"""
    with pytest.raises(ParseError, match="line 3: a traveller line of board 1 is not a result"):
        read_usebio(bad)
