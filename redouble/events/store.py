"""Events that survive restarts: an append-only log per event, with who made each change and when.

An event is its configuration plus the log of everything entered since (results, corrections, names,
deals); the current state is the log replayed (:func:`redouble.events.event.Event.replay`). Nothing is ever
updated or deleted: a correction is a new entry, and the old value stays in the log. The store lives in the
same database as the web app's tables (SQLite by default, PostgreSQL through a ``postgresql://`` URL).

>>> store = open_event_store(":memory:")
>>> store.create("tue", {"name": "Tuesday pairs"})
>>> store.append("tue", {"op": "names", "names": {"1": "Ann - Bo"}}, who="director")
1
>>> config, log = store.load("tue")
>>> config["name"], [(e.seq, e.who, e.entry["op"]) for e in log]
('Tuesday pairs', [(1, 'director', 'names')])
>>> store.link(store.add_link("tue", "table:2")), store.link("guess")
(('tue', 'table:2'), None)
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redouble.database import Database, IntegrityError, connect, secret_hash
from redouble.errors import RedoubleError

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS club_events (id TEXT PRIMARY KEY, created DOUBLE PRECISION, config TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS club_event_log (event_id TEXT NOT NULL, seq INTEGER NOT NULL,"
    " at DOUBLE PRECISION NOT NULL, who TEXT NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (event_id, seq))",
    # Secret links (kept as hashes only): the director's, and one for each table's results entry.
    "CREATE TABLE IF NOT EXISTS club_event_links (hash TEXT PRIMARY KEY, event_id TEXT NOT NULL, role TEXT NOT NULL)",
]
_APPEND_ATTEMPTS = 20


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One change to an event: its number in the log, when (Unix time), who made it, and what it was."""

    seq: int
    at: float
    who: str
    entry: dict[str, Any]


class EventStore:
    """Events and their logs in one database (see :mod:`redouble.database`)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        with db.schema_lock():
            for statement in _SCHEMA:
                db.execute(statement)

    @property
    def url(self) -> str:
        return self.db.url

    def create(self, event_id: str, config: dict[str, Any]) -> None:
        """A new event; its id must be new."""
        _check_id(event_id)
        try:
            self.db.execute("INSERT INTO club_events VALUES (?, ?, ?)", (event_id, time.time(), json.dumps(config)))
        except IntegrityError:
            raise RedoubleError(f"there is already an event {event_id!r}") from None

    def exists(self, event_id: str) -> bool:
        return bool(self.db.query("SELECT 1 FROM club_events WHERE id = ?", (event_id,)))

    def append(self, event_id: str, entry: dict[str, Any], who: str) -> int:
        """Add ``entry`` to the event's log; returns its sequence number. Two writers never get the same one."""
        if not self.exists(event_id):
            raise RedoubleError(f"there is no event {event_id!r}")
        if not isinstance(who, str) or not who.strip():
            raise RedoubleError("every change needs to say who made it")
        data = json.dumps(entry)
        for _ in range(_APPEND_ATTEMPTS):
            rows = self.db.query("SELECT COALESCE(MAX(seq), 0) FROM club_event_log WHERE event_id = ?", (event_id,))
            seq = int(rows[0][0]) + 1
            try:
                self.db.execute("INSERT INTO club_event_log VALUES (?, ?, ?, ?, ?)",
                                (event_id, seq, time.time(), who.strip(), data))
            except IntegrityError:
                continue  # another writer took this number: take the next
            return seq
        raise RedoubleError(f"could not add to event {event_id!r}: too many writers at once")

    def load(self, event_id: str) -> tuple[dict[str, Any], list[LogEntry]]:
        """The event's configuration and its whole log, in order."""
        rows = self.db.query("SELECT config FROM club_events WHERE id = ?", (event_id,))
        if not rows:
            raise RedoubleError(f"there is no event {event_id!r}")
        log = self.db.query("SELECT seq, at, who, entry FROM club_event_log WHERE event_id = ? ORDER BY seq",
                            (event_id,))
        return json.loads(rows[0][0]), [LogEntry(int(s), float(a), w, json.loads(e)) for s, a, w, e in log]

    def since(self, event_id: str, seq: int) -> list[LogEntry]:
        """The log entries after ``seq``."""
        log = self.db.query("SELECT seq, at, who, entry FROM club_event_log WHERE event_id = ? AND seq > ? "
                            "ORDER BY seq", (event_id, seq))
        return [LogEntry(int(s), float(a), w, json.loads(e)) for s, a, w, e in log]

    def add_link(self, event_id: str, role: str) -> str:
        """A new secret link for ``role`` (``'director'``, ``'table:3'``) at the event; only its hash is kept."""
        if not self.exists(event_id):
            raise RedoubleError(f"there is no event {event_id!r}")
        token = secrets.token_urlsafe(18)
        self.db.execute("INSERT INTO club_event_links VALUES (?, ?, ?)", (secret_hash(token), event_id, role))
        return token

    def replace_link(self, event_id: str, role: str) -> str:
        """A new secret link for ``role`` at the event; the role's older links stop working."""
        if not self.exists(event_id):
            raise RedoubleError(f"there is no event {event_id!r}")
        token = secrets.token_urlsafe(18)
        with self.db.transaction():
            self.db.execute("DELETE FROM club_event_links WHERE event_id = ? AND role = ?", (event_id, role))
            self.db.execute("INSERT INTO club_event_links VALUES (?, ?, ?)", (secret_hash(token), event_id, role))
        return token

    def link(self, token: str) -> tuple[str, str] | None:
        """(event id, role) of a secret link, or None."""
        rows = self.db.query("SELECT event_id, role FROM club_event_links WHERE hash = ?", (secret_hash(token),))
        return None if not rows else (rows[0][0], rows[0][1])

    def events(self) -> list[tuple[str, float, str]]:
        """(id, created, name) of every event, the newest first."""
        rows = self.db.query("SELECT id, created, config FROM club_events ORDER BY created DESC")
        return [(i, float(c), json.loads(cfg).get("name", i)) for i, c, cfg in rows]

    def close(self) -> None:
        self.db.close()


def _check_id(event_id: str) -> None:
    if not isinstance(event_id, str) or not 1 <= len(event_id) <= 64 or \
            not all(ch.isalnum() or ch in "-_." for ch in event_id):
        raise RedoubleError(f"an event id is 1 to 64 letters, digits, '-', '_' or '.', not {event_id!r}")


def open_event_store(url: str | Path | None = None) -> EventStore:
    """The event store at ``url``: ``postgresql://...``, ``sqlite:///path``, a file path, ``:memory:``, or None
    for the web app's default database file."""
    return EventStore(connect(url))
