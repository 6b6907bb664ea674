"""Events read from USEBIO files: ranked like Redouble's own, kept whole in the event store, read-only."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble import pbn
from redouble.errors import ParseError, RedoubleError
from redouble.events.event import Event
from redouble.events.imported import ImportedEvent, load_event
from redouble.events.pbnfile import read_results
from redouble.events.scoring import score_pairs
from redouble.events.store import LogEntry, open_event_store
from redouble.events.teamsfile import read_teams
from redouble.events.usebio import write_usebio

DATA = Path(__file__).parent.parent / "data"


def club_session() -> tuple[bytes, list[tuple[str, str, float | None]]]:
    """A real club session as its scoring program would publish it in USEBIO (ISO-8859-1, a name with ë), and
    its ranking."""
    boards = pbn.load(DATA / "club_mp_sm2014_session1.pbn")
    found = read_results(boards)
    names = dict(found.names, **{"1": "Anne Brontë - Bo Li"})
    score = score_pairs(found.results)
    text = write_usebio("SM 2014, session 1", score, names=names, boards={b.number: b for b in boards})
    data = text.replace('encoding="UTF-8"', 'encoding="iso-8859-1"').encode("iso-8859-1")
    return data, [(s.pair, s.rank_text, s.percentage) for s in score.standings]


def test_a_pairs_file_is_ranked_as_it_was_published_and_kept_whole_in_the_store() -> None:
    data, ranking = club_session()
    event = ImportedEvent.read(data, "C:\\Scores\\sm2014-1.xml")
    assert (event.config.name, event.config.kind, event.config.scoring, event.config.filename) == (
        "SM 2014, session 1", "pairs", "mp", "sm2014-1.xml")
    assert [(s.pair, s.rank_text, s.percentage) for s in event.score().standings] == ranking
    assert event.names["1"] == "Anne Brontë - Bo Li" and len(event.deals) == 66
    assert len(event.results) == sum(len(t) for t in event.score().travellers.values())
    store = open_event_store(":memory:")
    store.create("sm", event.config.to_dict())
    config, log = store.load("sm")
    again = load_event(config, log)
    assert isinstance(again, ImportedEvent) and again.file == data  # byte for byte, its encoding kept
    assert [(s.pair, s.rank_text, s.percentage) for s in again.score().standings] == ranking
    assert "file" not in again.config.summary() and again.config.summary()["filename"] == "sm2014-1.xml"


def test_a_teams_file_is_ranked_match_by_match() -> None:
    boards = pbn.load(DATA / "rpbridge_wc2012_final.pbn")
    found = read_teams(boards)
    score = found.score("imps")
    event = ImportedEvent.read(write_usebio("Final", score, names=found.names).encode(), "final.xml")
    assert (event.config.kind, event.config.scoring) == ("teams", "imps")
    again = event.score_teams()
    assert [(s.pair, s.rank_text, s.total) for s in again.standings] == [
        (s.pair, s.rank_text, s.total) for s in score.standings]
    assert [(m.home_imps, m.away_imps) for m in again.matches] == [(m.home_imps, m.away_imps) for m in score.matches]
    with pytest.raises(RedoubleError, match="a teams event is scored with score_teams"):
        event.score()


def test_every_change_is_refused() -> None:
    data, _ = club_session()
    event = ImportedEvent.read(data, "sm.xml")
    for entry in ({"op": "result", "result": {"board": 1, "ns": "1", "ew": "2", "contract": "3NT"}},
                  {"op": "names", "names": {"1": "Ann"}}, {"op": "deals", "pbn": ""}):
        with pytest.raises(RedoubleError, match="^SM 2014, session 1 was read from its USEBIO file sm.xml: its "
                                                "results are the file's and cannot be entered"):
            event.apply(entry, who="director")
    with pytest.raises(RedoubleError, match="has changes logged"):
        load_event(event.config.to_dict(), [LogEntry(1, 0.0, "director", {"op": "names", "names": {"1": "Ann"}})])


@pytest.mark.parametrize(("data", "message"), [
    (b"<USEBIO>\n<EVENT>\n<BOARD>", "^line 3: not a USEBIO file: no element found"),
    (b"<results/>", "^line 1: not a USEBIO file: the root element is <results>"),
    (b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"></EVENT></USEBIO>', "the file has no travellers"),
    (b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS">\n<MATCH><TEAM>1</TEAM></MATCH></EVENT></USEBIO>',
     "^line 2: a MATCH must name its TEAM and OPPOSING_TEAM"),
])
def test_a_file_that_cannot_be_read_or_ranked_is_refused(data: bytes, message: str) -> None:
    with pytest.raises(RedoubleError, match=message) as info:
        ImportedEvent.read(data, "bad.xml")
    assert isinstance(info.value, ParseError) == message.startswith("^line")


def test_an_event_run_here_loads_as_before() -> None:
    event = load_event({"name": "Tuesday", "movement": {"type": "mitchell", "tables": 3}}, [])
    assert isinstance(event, Event) and event.movement.tables == 3
