"""USEBIO 1.2 XML: a scored event written and read back, against a real club's published figures."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import pbn
from redouble.errors import ParseError, RedoubleError
from redouble.events.event import Event, EventConfig
from redouble.events.movements import team_round_robin
from redouble.events.pbnfile import read_results
from redouble.events.results import Result
from redouble.events.scoring import TeamsScore, score_pairs, score_teams
from redouble.events.teamsfile import read_teams
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


LATE_ERROR = """<?xml version="1.0" encoding="{encoding}"?>
<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">
<!-- a comment
     over two lines -->
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>Brontë
cup</EVENT_DESCRIPTION>
<?scorer note?><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><![CDATA[
]]><TOTAL_SCORE>lots</TOTAL_SCORE></PAIR></PARTICIPANTS></EVENT></USEBIO>"""


@pytest.mark.parametrize("encoding", ["utf-8", "iso-8859-1", "utf-16"])
def test_an_error_names_its_line_past_comments_text_and_cdata_in_any_encoding(encoding: str) -> None:
    # Read in one pass, each element keeps the line of its start tag: TOTAL_SCORE starts on line 8.
    text = LATE_ERROR.format(encoding=encoding)
    for document in (text, text.encode(encoding)):
        with pytest.raises(ParseError, match="^line 8: 1's TOTAL_SCORE must be a number, not 'lots'$"):
            read_usebio(document)
    with pytest.raises(ParseError, match=r"^line 8: not a USEBIO file: mismatched tag: line 8, column \d+$"):
        read_usebio(text.replace("</PAIR></PARTICIPANTS>", "</PARTICIPANTS>").encode(encoding))
    assert read_usebio(text.replace("lots", "12.5")).title == "Brontë\ncup"


def handset(north_spades: str) -> str:
    hands = [("North", north_spades, "AKQ", "AKQ", "AK"), ("East", "5432", "5432", "5432", "5"),
             ("South", "98", "JT98", "JT98", "JT9"), ("West", "76", "76", "76", "Q876432")]
    return "".join(f"<HAND><DIRECTION>{d}</DIRECTION><SPADES>{s}</SPADES><HEARTS>{h}</HEARTS>"
                   f"<DIAMONDS>{di}</DIAMONDS><CLUBS>{c}</CLUBS></HAND>\n"
                   for d, s, h, di, c in hands)


def test_the_handset_gives_the_deals_with_ten_written_either_way() -> None:
    board = "<BOARD><BOARD_NUMBER>5</BOARD_NUMBER>\n"
    text = f'''<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><HANDSET>
{board}{handset("AKQJ10")}</BOARD></HANDSET></EVENT></USEBIO>'''
    found = read_usebio(text)
    [deal] = found.deals.values()
    assert deal.number == 5 and str(deal.dealer) == "N" and str(deal.vulnerability) == "NS"
    assert str(deal.deal) == "N:AKQJT.AKQ.AKQ.AK 5432.5432.5432.5 98.JT98.JT98.JT9 76.76.76.Q876432"
    assert read_usebio(text.replace("10</SPADES>", "T</SPADES>")).deals == found.deals
    with pytest.raises(ParseError, match="^line 3: board 5's HAND is not a hand: .*bad rank 'X'"):
        read_usebio(text.replace("AKQJ10", "AKQJX"))
    with pytest.raises(ParseError, match="^line 2: board 5's hands are not a deal: cards dealt twice: S9"):
        read_usebio(text.replace("AKQJ10", "AKQJ9"))
    west = text[text.index("<HAND><DIRECTION>West"):text.index("</BOARD>")]
    assert read_usebio(text.replace(west, "")).deals == {}  # a hand missing: left out


# --- teams ---------------------------------------------------------------------------------------------------

def match_figures(score: TeamsScore) -> list[tuple[object, ...]]:
    return [(m.round, m.home, m.away, m.home_imps, m.away_imps, m.home_vp, m.away_vp,
             [(b.board, b.home_table, b.away_table, b.home_points) for b in m.boards]) for m in score.matches]


def standings(score: TeamsScore) -> list[tuple[str, str, float]]:
    return [(s.pair, s.rank_text, s.total) for s in score.standings]


@pytest.mark.parametrize("name", ["rpbridge_wc2012_final.pbn", "eyc1998_juniors.pbn"])
def test_a_real_teams_match_survives_the_round_trip(name: str) -> None:
    # Both rooms of each board (the 2012 world final, the European Youth Teams 1998), in IMPs and board-a-match.
    boards = pbn.load(DATA / name)
    found = read_teams(boards)
    for method in ("imps", "bam"):
        score = found.score(method)
        text = write_usebio("Final", score, names=found.names, boards={b.number: b for b in boards},
                            date=datetime.date(2012, 9, 1))
        root = ET.fromstring(text)
        event = root.find("EVENT")
        assert event is not None and event.get("EVENT_TYPE") == "TEAMS"
        assert [event.findtext(t) for t in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD")] == (
            ["IMPS", "VPS"] if method == "imps" else ["MATCH_POINTS", "MATCH_POINTS"])
        assert {t.get("TEAM_ID"): t.get("TEAM_NAME") for t in event.iter("TEAM") if t.get("TEAM_ID")} == found.names
        back = read_usebio(text)
        assert back.kind == "teams" and back.method == method and back.names == found.names
        again = back.teams.score(method)
        assert match_figures(again) == match_figures(score) and standings(again) == standings(score)
        assert back.places == {s.pair: s.rank_text for s in score.standings}
        assert back.totals == {s.pair: s.total for s in score.standings}
        assert sorted(r.text for r in back.results) == sorted(r.text for r in found.results)
    line = root.find("EVENT/MATCH/BOARD/TRAVELLER_LINE")
    assert line is not None and [child.tag for child in line][:3] == ["DIRECTION", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER"]
    assert len(root.findall("EVENT/HANDSET/BOARD")) == len({r.board for r in found.results})


def test_a_round_robin_event_with_an_artificial_score() -> None:
    event = Event(EventConfig("League", kind="teams", movement={"type": "round-robin", "teams": 3},
                              boards_per_round=2, scoring="imps"))
    event.apply({"op": "names", "names": {"1": "Lions", "2": "Owls", "3": "Bears"}}, who="director")
    contracts = ["4S", "3NT", "2H", "5D", "1NT", "6C"]
    for i, e in enumerate(event.expected()):
        data: dict[str, object] = {"board": e.board, "ns": e.ns, "ew": e.ew, "round": e.round, "table": e.table}
        if i == 3:
            data |= {"kind": "artificial", "ns_percent": "A+", "ew_percent": "A-"}
        else:
            data |= {"contract": contracts[e.board - 1], "declarer": "NESW"[i % 4], "tricks": 7 + i % 6}
        event.apply({"op": "result", "result": data}, who="director")
    score = event.score_teams()
    back = read_usebio(write_usebio("League", score, names=event.names))
    # Redouble's own pair numbers come back: each belongs to one team.
    assert {t: set(p) for t, p in back.teams.pairs.items()} == {
        t: {str(a), str(b)} for t, (a, b) in event.movement.teams.items()}
    # The file has no table numbers: the home team's table is 1, the away team's 2.
    assert sorted((r.with_place(r.round, None) for r in back.results), key=key) == sorted(
        (r.with_place(r.round, None) for r in event.results.values()), key=key)
    assert {r.table for r in back.results} == {1, 2}
    again = back.teams.score("imps")
    assert match_figures(again) == match_figures(score) and standings(again) == standings(score)
    assert back.names == {"1": "Lions", "2": "Owls", "3": "Bears"}


def test_teams_files_from_other_programs() -> None:
    # Team ids that are not numbers, no pair numbers, no DIRECTION (the first line is the home team's
    # North-South), the players listed under the team, and a session wrapper.
    text = """<?xml version="1.0" encoding="iso-8859-1"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS"><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
<PARTICIPANTS>
<TEAM TEAM_ID="A1" TEAM_NAME="Smith"><TOTAL_SCORE>4.25</TOTAL_SCORE><PLACE>2</PLACE>
<PLAYER><PLAYER_NAME>Ann Smith</PLAYER_NAME></PLAYER></TEAM>
<TEAM TEAM_ID="A2"><TOTAL_SCORE>15.75</TOTAL_SCORE><PLACE>1</PLACE></TEAM>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>A1</TEAM><OPPOSING_TEAM>A2</OPPOSING_TEAM>
<TEAM_SCORE>4.25</TEAM_SCORE><OPPOSING_TEAM_SCORE>15.75</OPPOSING_TEAM_SCORE>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
</BOARD></MATCH></SECTION></SESSION></EVENT></USEBIO>"""
    back = read_usebio(text.replace('"Smith"', '"Brontë"').encode("iso-8859-1"))
    assert back.kind == "teams" and back.names == {"1": "Brontë", "2": "A2"}
    assert back.places == {"1": "2", "2": "1"} and back.totals == {"1": 4.25, "2": 15.75}
    [match] = back.teams.score().matches
    assert (match.home, match.away, match.home_imps, match.away_imps) == (1, 2, 0.0, 10.0)


@pytest.mark.parametrize(("xml", "message"), [
    ("<MATCH><ROUND_NUMBER>1</ROUND_NUMBER>\n<TEAM>1</TEAM></MATCH>",
     "line 3: a MATCH must name its TEAM and OPPOSING_TEAM"),
    ("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>\n<TEAM_SCORE>12</TEAM_SCORE></MATCH>",
     "line 3: round 1, team 1 v team 2 has no BOARD"),
    ("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>\n<BOARD>\n<BOARD_NUMBER>one</BOARD_NUMBER></BOARD></MATCH>",
     "line 5: a BOARD_NUMBER must be a number, not 'one'"),
    ("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>\n\n"
     "<TRAVELLER_LINE><DIRECTION>North</DIRECTION></TRAVELLER_LINE></BOARD></MATCH>",
     "line 5: a teams traveller line's DIRECTION is NS or EW"),
    ("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>\n"
     "<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
     "<TRICKS>14</TRICKS></TRAVELLER_LINE></BOARD></MATCH>",
     "line 4: a traveller line of board 3 is not a result: .*tricks must be"),
    ("<MATCH><ROUND_NUMBER>first</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM></MATCH>",
     "line 3: a ROUND_NUMBER must be a number"),
    ("<PARTICIPANTS>\n<TEAM TEAM_NAME='No id'/></PARTICIPANTS>", "line 4: a TEAM must give its TEAM_ID"),
    ("<PARTICIPANTS><TEAM TEAM_ID='1'>\n<TOTAL_SCORE>lots</TOTAL_SCORE></TEAM></PARTICIPANTS>",
     "line 4: 1's TOTAL_SCORE must be a number, not 'lots'"),
])
def test_bad_teams_files_name_what_is_wrong_and_where(xml: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        read_usebio(f'<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS">\n{xml}</EVENT></USEBIO>')


def test_a_match_known_only_by_its_totals_is_refused_and_one_not_played_left_out() -> None:
    [board] = pbn.load(DATA / "club_teams_salo_2013.pbn")
    with pytest.raises(RedoubleError, match="team 1 v team 2 is known only by its totals"):
        write_usebio("Salo", read_teams([board]).score("imps", 8))
    event = Event(EventConfig("League", kind="teams", movement={"type": "round-robin", "teams": 4},
                              boards_per_round=1, scoring="imps"))
    first = event.expected()[0]
    event.apply({"op": "result", "result": {"board": first.board, "ns": first.ns, "ew": first.ew,
                                            "contract": "3NT", "declarer": "S", "tricks": 9}}, who="director")
    root = ET.fromstring(write_usebio("League", event.score_teams()))
    assert len(root.findall("EVENT/MATCH")) == 0 and len(root.findall("EVENT/PARTICIPANTS/TEAM")) == 4


CONTRACTS = st.sampled_from(["1C", "2D", "3NT", "4H", "4SX", "5CXX", "6NT", "7D", "Pass"])


@st.composite
def teams_events(draw: st.DrawFn) -> tuple[list[Result], int]:
    teams = draw(st.integers(3, 5))
    movement = team_round_robin(teams)
    results = []
    for match in movement.matches:
        home, away = movement.teams[match.home], movement.teams[match.away]
        for board in range(2 * match.round - 1, 2 * match.round + 1):
            for ns, ew in ((home[0], away[0]), (away[1], home[1])):
                if draw(st.integers(0, 9)) == 0:
                    results.append(Result.artificial_score(board, ns, ew, draw(st.sampled_from([40, 50, 60]))))
                    continue
                contract = draw(CONTRACTS)
                tricks = None if contract == "Pass" else draw(st.integers(0, 13))
                results.append(Result.played(board, ns, ew, contract, draw(st.sampled_from("NESW")), tricks,
                                             round=match.round))
    return results, teams


@settings(max_examples=40, deadline=None)
@given(teams_events(), st.sampled_from(["imps", "bam"]))
def test_any_teams_event_survives_the_round_trip(event: tuple[list[Result], int], method: str) -> None:
    results, teams = event
    movement = team_round_robin(teams)
    boards_of = {r: [2 * r - 1, 2 * r] for r in range(1, movement.rounds + 1)}
    score = score_teams(results, movement.teams, movement.matches, boards_of, method=method)
    back = read_usebio(write_usebio("Any", score))
    again = back.teams.score(method)
    assert match_figures(again) == match_figures(score) and standings(again) == standings(score)
