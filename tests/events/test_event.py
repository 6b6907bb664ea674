"""An event's log: entries checked against the movement, corrections that keep the old value, replays."""

from __future__ import annotations

import pytest

from redouble.board import Board
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.events.event import Event, EventConfig
from redouble.events.movements import mitchell, teams_match
from redouble.events.store import LogEntry
from redouble.pbn import dumps


def mitchell3(**settings) -> Event:
    return Event(EventConfig("Tuesday pairs", movement=mitchell(3).to_spec(), boards_per_round=2, **settings))


def entry(board: int, ns: str, ew: str, contract: str = "4S", declarer: str = "N", tricks: int | str = 10,
          op: str = "result", **extra) -> dict:
    return {"op": op, "result": {"board": board, "ns": ns, "ew": ew, "contract": contract, "declarer": declarer,
                                 "tricks": tricks, **extra}}


def test_results_are_placed_by_the_movement() -> None:
    event = mitchell3()
    assert event.board_numbers == [1, 2, 3, 4, 5, 6]
    event.apply(entry(1, "1", "4"), who="N1")
    assert event.results[1, "1", "4"].round == 1 and event.results[1, "1", "4"].table == 1
    event.apply(entry(2, "1", "4", round=1, table=1), who="N1")
    assert event.progress()[1, 1] == (2, 2) and event.progress()[1, 2] == (0, 2)
    assert len(event.expected()) == 18


@pytest.mark.parametrize(("change", "message"), [
    (entry(3, "1", "4"), "board 3: pairs 1 and 4 do not play it \\(pair 1 plays it in round 2, at table 1 "
                         "against pair 6\\)"),
    (entry(1, "2", "5", round=1, table=1), "round 1, table 1 is pair 1 \\(North-South\\) against pair 4"),
    (entry(3, "1", "4", round=1, table=1), "board 3 is not played at table 1 in round 1 \\(boards 1 to 2\\)"),
    (entry(1, "1", "4", round=1), "give both the round and the table"),
    (entry(7, "1", "4"), "board 7 is not in this event \\(boards 1 to 6\\)"),
    (entry(1, "1", "4", tricks=14), "board 1, pairs 1 v 4: tricks must be a whole number from 0 to 13"),
    (entry(1, "1", "9"), "board 1: pairs 1 and 9 do not play it"),
    (entry(1, "1", "4", op="correct"), "board 1 has no result for pairs 1 and 4 to correct"),
    ({"op": "remove", "board": 1, "ns": "1", "ew": "4"}, "board 1 has no result for pairs 1 and 4"),
    ({"op": "names", "names": {"9": "Nobody"}}, "there is no pair or team '9'"),
    ({"op": "deals", "pbn": '[Board "40"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 '
                             '6.J6.J876.J76432"]\n'}, "none of this event's boards"),
    ({"op": "vanish"}, "unknown change 'vanish'"),
    ("result", "a change must be a mapping"),
])
def test_bad_entries_are_refused_and_change_nothing(change, message: str) -> None:
    event = mitchell3()
    with pytest.raises(RedoubleError, match=message):
        event.apply(change, who="N1")
    assert not event.results and not event.log


def test_a_board_entered_twice_is_refused() -> None:
    event = mitchell3()
    event.apply(entry(1, "1", "4"), who="N1")
    with pytest.raises(RedoubleError, match="board 1 is already entered for pairs 1 and 4 \\(4S N 10 =\\); ask the "
                                            "director to correct it"):
        event.apply(entry(1, "1", "4", tricks=9), who="N1")


def test_corrections_keep_the_old_value() -> None:
    event = mitchell3()
    event.apply(entry(1, "1", "4"), who="North, table 1", at=100.0, seq=1)
    event.apply({"op": "confirm", "board": 1, "ns": "1", "ew": "4"}, who="East, table 1", at=101.0, seq=2)
    event.apply(entry(1, "1", "4", tricks=9, op="correct"), who="director", at=200.0, seq=3)
    assert event.results[1, "1", "4"].ns_score == -50
    assert (1, "1", "4") not in event.confirmed  # a corrected result is confirmed afresh
    history = event.history[1, "1", "4"]
    assert [(c.who, c.at, c.result.ns_score if c.result else None) for c in history] == [
        ("North, table 1", 100.0, 420), ("director", 200.0, -50)]
    event.apply({"op": "remove", "board": 1, "ns": "1", "ew": "4"}, who="director", seq=4)
    assert not event.results and history[-1].result is None and len(history) == 3


def test_replay_gives_the_same_event() -> None:
    event = mitchell3()
    log = [LogEntry(1, 1.0, "director", {"op": "names", "names": {"1": "Ann - Bo", "4": "Cy - Di"}}),
           LogEntry(2, 2.0, "N1", entry(1, "1", "4")),
           LogEntry(3, 3.0, "director", entry(1, "1", "4", tricks=11, op="correct"))]
    for item in log:
        event.apply(item.entry, who=item.who, at=item.at, seq=item.seq)
    again = Event.replay(event.config.to_dict(), log)
    assert again.results == event.results and again.names == event.names
    assert [c.who for c in again.history[1, "1", "4"]] == ["N1", "director"]
    assert again.name_of("1") == "Ann - Bo" and again.name_of("2") == ""


def test_deals_give_the_vulnerability() -> None:
    event = mitchell3()
    board = Board(Deal.random(seed=1), number=1, vulnerability="All")  # not board 1's usual vulnerability
    report = event.apply({"op": "deals", "pbn": dumps([board])}, who="director")
    assert (sorted(report.deals), report.incomplete, report.unused) == ([1], [], [])
    assert event.apply(entry(1, "1", "4"), who="N1") is None
    assert event.results[1, "1", "4"].ns_score == 620


def test_scores_of_a_mitchell_without_arrow_switch_have_two_fields() -> None:
    event = mitchell3()
    for board, ns, ew, tricks in [(1, "1", "4", 10), (1, "3", "5", 9), (1, "2", "6", 11)]:
        event.apply(entry(board, ns, ew, tricks=tricks), who="director")
    score = event.score()
    assert score.expected == 3
    assert [(s.pair, s.rank) for s in score.by_field()["NS"]] == [("2", 1), ("1", 2), ("3", 3)]
    assert [(s.pair, s.rank) for s in score.by_field()["EW"]] == [("5", 1), ("4", 2), ("6", 3)]
    switched = Event(EventConfig("Arrow", movement=mitchell(3, arrow_switch=1).to_spec(), boards_per_round=2))
    assert switched.fields() == {}


def test_teams_event() -> None:
    event = Event(EventConfig("Match", kind="teams", movement=teams_match().to_spec(), boards_per_round=4,
                              scoring="imps"))
    for board, (c1, t1), (c2, t2) in [(1, ("4S", 10), ("4S", 11)), (2, ("3NT", 9), ("3NT", 9))]:
        event.apply(entry(board, "1", "3", c1, "S", t1), who="N1")
        event.apply(entry(board, "4", "2", c2, "S", t2), who="N2")
    score = event.score_teams()
    assert (score.matches[0].home_imps, score.matches[0].away_imps) == (0, 1) and len(score.matches[0].boards) == 2
    with pytest.raises(RedoubleError, match="a teams event is scored with score_teams"):
        event.score()


@pytest.mark.parametrize(("settings", "message"), [
    ({"name": ""}, "an event needs a name"),
    ({"kind": "individual"}, "'pairs' or 'teams'"),
    ({"scoring": "imps"}, "a pairs event is scored by mp, butler, cross-imps"),
    ({"scale": "metric"}, "the matchpoint scale is"),
    ({"boards_per_round": 0}, "boards per round must be a whole number from 1 to 36"),
    ({"movement": {"type": "mitchell", "tables": 2}}, "from 3 to 15"),
    ({"kind": "teams", "scoring": "imps"}, "a teams event needs a teams movement"),
])
def test_bad_configurations(settings: dict, message: str) -> None:
    values = {"name": "Club"} | settings
    with pytest.raises(RedoubleError, match=message):
        EventConfig(**values)
    with pytest.raises(RedoubleError, match="unknown event settings: colour"):
        EventConfig.from_dict({"name": "Club", "colour": "red"})
