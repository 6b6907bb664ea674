"""The event store: one server per SQLite file, links kept as hashes, older tables' tokens migrated, and
a store that cannot write (a full disk) changes nothing and says so."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import Player, make_client, new_table

from redouble.cards import Seat
from redouble.errors import RedoubleError
from redouble.web.store import Link, SQLiteStore, StoreError, open_store, token_hash
from redouble.web.table import Table

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


# --- 7. one server per SQLite file -----------------------------------------------------------------------
def test_a_second_server_on_the_same_sqlite_file_is_refused(db: Path) -> None:
    first = SQLiteStore(db)
    try:
        with pytest.raises(RedoubleError, match=f"already served by another redouble process \\(pid {os.getpid()}\\)"):
            SQLiteStore(db)
        with pytest.raises(RedoubleError, match="already served"):
            make_client(db)
    finally:
        first.close()
    SQLiteStore(db).close()  # free again once the first has closed


def test_the_lock_goes_with_a_killed_server(db: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from redouble.web.store import SQLiteStore; store = SQLiteStore(sys.argv[1]); "
        "print('open', flush=True); time.sleep(60)"), str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(RedoubleError, match=f"pid {holder.pid}"):
            SQLiteStore(db)
        # The command refuses too, with the reason, instead of serving a diverging copy.
        refused = subprocess.run([sys.executable, "-m", "redouble", "play", "--db", str(db), "--port", "1"],
                                 capture_output=True, text=True, timeout=60)
        assert refused.returncode == 2 and "already served by another redouble process" in refused.stderr
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
    SQLiteStore(db).close()


# --- 2. links: hashed, and the tokens of older tables migrated ---------------------------------------------
def test_links_are_stored_as_hashes_only(db: Path) -> None:
    store = open_store(db)
    try:
        store.create_table("t", {"form": "duplicate", "seats": {"S": "human"}}, {"secret-S": Link("t", "S", True)})
    finally:
        store.close()
    raw = sqlite3.connect(db)
    rows = raw.execute("SELECT hash, seat, owner FROM links").fetchall()
    raw.close()
    assert rows == [(token_hash("secret-S"), "S", 1)] and b"secret-S" not in db.read_bytes()


def old_database(db: Path) -> None:
    """A database as the server wrote it before links: every seat's token in plain text, robots' too."""
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION, config TEXT NOT NULL)")
    raw.execute("CREATE TABLE tokens (token TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat TEXT NOT NULL)")
    raw.execute("CREATE TABLE events (table_id TEXT NOT NULL, seq INTEGER NOT NULL, at DOUBLE PRECISION,"
                " data TEXT NOT NULL, PRIMARY KEY (table_id, seq))")
    config = {"form": "rubber", "robots": "fast", "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}
    raw.execute("INSERT INTO tables VALUES ('old', 0, ?)", (json.dumps(config),))
    raw.executemany("INSERT INTO tokens VALUES (?, 'old', ?)", [(f"old-{s}", s) for s in "NESW"])
    raw.execute("INSERT INTO events VALUES ('old', 1, 0, ?)", (json.dumps(
        {"type": "deal", "deal": DEAL, "number": 1, "dealer": "S", "vul": "None"}),))
    raw.commit()
    raw.close()


def test_older_tables_keep_their_people_s_links_and_lose_the_robots(db: Path) -> None:
    old_database(db)
    with make_client(db) as client:
        with client.websocket_connect("/ws/old-E") as ws:  # an action on a robot's token was accepted
            refused = ws.receive_json()
            assert refused["code"] == "bad_token"
        with client.websocket_connect("/ws/old-S") as ws:
            me = Player(ws)
            assert me.state["seat"] == "S" and me.board["to_act"]
    raw = sqlite3.connect(db)
    assert raw.execute("SELECT COUNT(*) FROM tokens").fetchone() == (0,)  # no token is kept in plain text
    raw.close()


# --- 5. a store that cannot write changes nothing ---------------------------------------------------------
def test_a_failed_append_changes_nothing_and_can_be_retried(db: Path) -> None:
    store = SQLiteStore(db)
    try:
        store.create_table("t", {"form": "rubber"}, {})
        assert store.append("t", 1, {"type": "deal"})
        pages = store._execute("PRAGMA page_count").fetchone()[0]
        store._execute(f"PRAGMA max_page_count = {pages}")  # the database is full from here on
        big = {"type": "call", "explanation": "x" * 20_000}
        with pytest.raises(StoreError, match="could not store the call event .nothing was changed; try again.: "
                                             "database or disk is full"):
            store.append("t", 2, big, {"tok": Link("t", "S")})
        assert store.events_since("t", 0) == [(1, {"type": "deal"})] and store.link("tok") is None
        store._execute("PRAGMA max_page_count = 1073741823")  # space again
        assert store.append("t", 2, big)
        assert [seq for seq, _ in store.events_since("t", 0)] == [1, 2]
    finally:
        store.close()


@contextlib.contextmanager
def tiny_filesystem(path: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``path`` (the test is skipped where mounting is not allowed)."""
    path.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], check=True,
                       capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a tmpfs here ({exc}); the injected store faults in test_sessions.py cover it")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False, capture_output=True, timeout=20)


def fill(path: Path) -> Path:
    """Fill the filesystem of ``path`` to the last byte."""
    filler = path / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_gives_the_player_an_error_and_loses_nothing(tmp_path: Path) -> None:
    """On a real (tiny) filesystem filled to the brim: the call is refused with the reason, the table stays
    as its log has it, the call goes through once there is space, and a restart resumes it exactly."""
    with tiny_filesystem(tmp_path / "tiny") as tiny:
        db = tiny / "tables.sqlite3"
        with make_client(db, seed="full") as client:
            made = new_table(client, "rubber", seat="S", invite=["N", "E", "W"])
            with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws:
                north = Player(ws)
                assert north.board["to_act"]
                before = north.state
                filler = fill(tiny)
                reply = north.request(type="call", call="1C")
                assert reply["type"] == "error" and reply["code"] == "store_error", reply
                assert "could not be saved, so nothing changed; try again" in reply["message"]
                assert "full" in reply["message"]
                assert north.request(type="ping") == {"type": "pong"}
                session = client.app.state.manager.sessions[made["table"]]  # type: ignore[attr-defined]
                assert session.table.seq == before["seq"] and session.table.board.auction.calls == []
                filler.unlink()
                time.sleep(0.1)
                north.do(type="call", call="1C")
                after = north.state
            stored = client.app.state.store.load(made["table"])  # type: ignore[attr-defined]
            assert [e["type"] for _, e in stored[1]] == ["deal", "call"]
            replayed = Table.replay(made["table"], *stored)
            assert replayed.seq == after["seq"] == session.table.seq
            assert replayed.view(Seat.NORTH) == session.table.view(Seat.NORTH)
        with make_client(db) as client:
            with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws:
                assert Player(ws).state["board"] == after["board"]
