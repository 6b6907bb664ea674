"""Events kept in SQLite and PostgreSQL: they survive restarts, and every change keeps who made it and when."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from redouble.errors import RedoubleError
from redouble.events.event import Event, EventConfig
from redouble.events.movements import mitchell
from redouble.events.store import EventStore, open_event_store
from tests.support import postgres_server

CONFIG = EventConfig("Tuesday pairs", movement=mitchell(3).to_spec(), boards_per_round=2).to_dict()


def result(board: int, ns: str, ew: str, tricks: int) -> dict:
    return {"board": board, "ns": ns, "ew": ew, "contract": "4S", "declarer": "N", "tricks": tricks}


def run_an_evening(store: EventStore) -> None:
    store.create("tue", CONFIG)
    store.append("tue", {"op": "names", "names": {"1": "Ann - Bo"}}, who="director")
    store.append("tue", {"op": "result", "result": result(1, "1", "4", 10)}, who="North, table 1")
    store.append("tue", {"op": "correct", "result": result(1, "1", "4", 11)}, who="director")


def check_the_evening(store: EventStore) -> None:
    config, log = store.load("tue")
    event = Event.replay(config, log)
    assert event.results[1, "1", "4"].ns_score == 450
    assert [(e.seq, e.who) for e in log] == [(1, "director"), (2, "North, table 1"), (3, "director")]
    assert all(e.at > 0 for e in log) and log[1].at <= log[2].at
    # The old value is still there.
    assert [c.result.ns_score for c in event.history[1, "1", "4"] if c.result] == [420, 450]
    assert [e.entry["op"] for e in store.since("tue", 1)] == ["result", "correct"]
    assert store.events()[0][0::2] == ("tue", "Tuesday pairs")


def test_sqlite_event_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite3"
    store = open_event_store(path)
    run_an_evening(store)
    store.close()
    again = open_event_store(f"sqlite:///{path}")
    check_the_evening(again)
    again.close()


def test_writers_never_share_a_sequence_number(tmp_path: Path) -> None:
    store = open_event_store(tmp_path / "club.sqlite3")
    store.create("tue", CONFIG)
    other = open_event_store(tmp_path / "club.sqlite3")  # a second process's connection

    def write(s: EventStore, who: str) -> None:
        for k in range(20):
            s.append("tue", {"op": "names", "names": {"1": f"{who} {k}"}}, who=who)

    threads = [threading.Thread(target=write, args=(s, w)) for s, w in ((store, "a"), (other, "b"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    _, log = store.load("tue")
    assert [e.seq for e in log] == list(range(1, 41))
    store.close()
    other.close()


def test_store_errors() -> None:
    store = open_event_store(":memory:")
    store.create("tue", CONFIG)
    with pytest.raises(RedoubleError, match="there is already an event 'tue'"):
        store.create("tue", CONFIG)
    with pytest.raises(RedoubleError, match="there is no event 'wed'"):
        store.load("wed")
    with pytest.raises(RedoubleError, match="there is no event 'wed'"):
        store.append("wed", {"op": "names", "names": {}}, who="director")
    with pytest.raises(RedoubleError, match="needs to say who made it"):
        store.append("tue", {"op": "names", "names": {}}, who=" ")
    with pytest.raises(RedoubleError, match="an event id is 1 to 64 letters"):
        store.create("a b", CONFIG)
    with pytest.raises(RedoubleError, match="unknown database URL"):
        open_event_store("mysql://somewhere")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    pytest.importorskip("psycopg")
    with postgres_server() as url:
        yield url


def test_postgres_event_survives_a_restart(postgres: str) -> None:
    store = open_event_store(postgres)
    run_an_evening(store)
    store.close()
    again = open_event_store(postgres)
    check_the_evening(again)
    with pytest.raises(RedoubleError, match="there is already an event 'tue'"):
        again.create("tue", CONFIG)
    again.close()
