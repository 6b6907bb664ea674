"""Where tables live: an append-only event log per table, in SQLite (default) or PostgreSQL.

Every action at a table is one event, stored as it happens with its sequence number; a table is rebuilt
by replaying its events, so a restarted server resumes every table exactly. The pair (table, seq) is
unique: when two server processes race to append the same sequence number, one of them is told so
(``append`` returns False) and catches up instead.

>>> store = open_store(":memory:")
>>> store.create_table("t1", {"form": "duplicate"}, {"N": "tokN", "S": "tokS"})
>>> store.append("t1", 1, {"type": "deal"}), store.append("t1", 1, {"type": "deal"})
(True, False)
>>> store.load("t1")[1], store.seat_for_token("tokS")
([(1, {'type': 'deal'})], ('t1', 'S'))
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from redouble.errors import RedoubleError

Event = dict[str, Any]

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION, config TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS events (table_id TEXT NOT NULL, seq INTEGER NOT NULL, at DOUBLE PRECISION,"
    " data TEXT NOT NULL, PRIMARY KEY (table_id, seq))",
    "CREATE TABLE IF NOT EXISTS deals (table_id TEXT NOT NULL, idx INTEGER NOT NULL, at DOUBLE PRECISION,"
    " summary TEXT NOT NULL, search TEXT NOT NULL, PRIMARY KEY (table_id, idx))",
]


def default_path() -> Path:
    """The SQLite file in the user's data directory (``$XDG_DATA_HOME/redouble`` or ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "redouble" / "redouble.sqlite3"


class Store:
    """The interface both stores implement."""

    url: str = ""

    def create_table(self, table_id: str, config: dict[str, Any], tokens: dict[str, str]) -> None:
        raise NotImplementedError

    def seat_for_token(self, token: str) -> tuple[str, str] | None:
        raise NotImplementedError

    def load(self, table_id: str) -> tuple[dict[str, Any], list[tuple[int, Event]]] | None:
        raise NotImplementedError

    def events_since(self, table_id: str, seq: int) -> list[tuple[int, Event]]:
        raise NotImplementedError

    def append(self, table_id: str, seq: int, event: Event) -> bool:
        raise NotImplementedError

    def record_deal(self, table_id: str, idx: int, summary: dict[str, Any], search: str) -> None:
        raise NotImplementedError

    def history(self, query: str = "", limit: int = 200) -> list[dict[str, Any]]:
        raise NotImplementedError

    def close(self) -> None:
        pass


class SQLiteStore(Store):
    """A single-file store; one connection shared by the server's threads under a lock."""

    def __init__(self, path: str | Path) -> None:
        self.url = str(path)
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            # Durable against a crash of the server; an OS crash may lose the last moments.
            self._db.execute("PRAGMA synchronous=NORMAL")
            for stmt in _SCHEMA:
                self._db.execute(stmt)
        except sqlite3.DatabaseError as exc:
            raise RedoubleError(f"cannot open the database {str(path)!r}: {exc}") from None
        self._lock = threading.Lock()

    def create_table(self, table_id: str, config: dict[str, Any], tokens: dict[str, str]) -> None:
        with self._lock:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO tables VALUES (?, ?, ?)", (table_id, time.time(), json.dumps(config)))
            self._db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                                 [(tok, table_id, seat) for seat, tok in tokens.items()])
            self._db.execute("COMMIT")

    def seat_for_token(self, token: str) -> tuple[str, str] | None:
        with self._lock:
            row = self._db.execute("SELECT table_id, seat FROM tokens WHERE token = ?", (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    def load(self, table_id: str) -> tuple[dict[str, Any], list[tuple[int, Event]]] | None:
        with self._lock:
            row = self._db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            rows = self._db.execute("SELECT seq, data FROM events WHERE table_id = ? ORDER BY seq",
                                    (table_id,)).fetchall()
        return json.loads(row[0]), [(seq, json.loads(data)) for seq, data in rows]

    def events_since(self, table_id: str, seq: int) -> list[tuple[int, Event]]:
        with self._lock:
            rows = self._db.execute("SELECT seq, data FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                                    (table_id, seq)).fetchall()
        return [(s, json.loads(d)) for s, d in rows]

    def append(self, table_id: str, seq: int, event: Event) -> bool:
        with self._lock:
            try:
                self._db.execute("INSERT INTO events VALUES (?, ?, ?, ?)",
                                 (table_id, seq, time.time(), json.dumps(event)))
            except sqlite3.IntegrityError:
                return False
        return True

    def record_deal(self, table_id: str, idx: int, summary: dict[str, Any], search: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO deals VALUES (?, ?, ?, ?, ?)",
                             (table_id, idx, time.time(), json.dumps(summary), search.lower()))

    def history(self, query: str = "", limit: int = 200) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT summary FROM deals WHERE search LIKE ? ORDER BY at DESC LIMIT ?",
                (f"%{query.lower()}%", limit)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class PostgresStore(Store):
    """The deployment store: several server processes share it (psycopg 3, one connection per process)."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:  # pragma: no cover - the web extra installs it
            raise RedoubleError("PostgreSQL needs psycopg: pip install 'redouble[web]'") from None
        self.url = url
        self._psycopg = psycopg
        try:
            self._db = psycopg.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise RedoubleError(f"cannot connect to PostgreSQL at {url!r}: {exc}") from None
        self._lock = threading.Lock()
        with self._lock:
            # Two processes starting together must not both create the schema at once.
            self._db.execute("SELECT pg_advisory_lock(7140)")
            try:
                for stmt in _SCHEMA:
                    self._db.execute(stmt)
            finally:
                self._db.execute("SELECT pg_advisory_unlock(7140)")

    def create_table(self, table_id: str, config: dict[str, Any], tokens: dict[str, str]) -> None:
        with self._lock, self._db.transaction():
            self._db.execute("INSERT INTO tables VALUES (%s, %s, %s)", (table_id, time.time(), json.dumps(config)))
            with self._db.cursor() as cur:
                cur.executemany("INSERT INTO tokens VALUES (%s, %s, %s)",
                                [(tok, table_id, seat) for seat, tok in tokens.items()])

    def seat_for_token(self, token: str) -> tuple[str, str] | None:
        with self._lock:
            row = self._db.execute("SELECT table_id, seat FROM tokens WHERE token = %s", (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    def load(self, table_id: str) -> tuple[dict[str, Any], list[tuple[int, Event]]] | None:
        with self._lock:
            row = self._db.execute("SELECT config FROM tables WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                return None
            rows = self._db.execute("SELECT seq, data FROM events WHERE table_id = %s ORDER BY seq",
                                    (table_id,)).fetchall()
        return json.loads(row[0]), [(seq, json.loads(data)) for seq, data in rows]

    def events_since(self, table_id: str, seq: int) -> list[tuple[int, Event]]:
        with self._lock:
            rows = self._db.execute("SELECT seq, data FROM events WHERE table_id = %s AND seq > %s ORDER BY seq",
                                    (table_id, seq)).fetchall()
        return [(s, json.loads(d)) for s, d in rows]

    def append(self, table_id: str, seq: int, event: Event) -> bool:
        with self._lock:
            try:
                self._db.execute("INSERT INTO events VALUES (%s, %s, %s, %s)",
                                 (table_id, seq, time.time(), json.dumps(event)))
            except self._psycopg.errors.UniqueViolation:
                return False
        return True

    def record_deal(self, table_id: str, idx: int, summary: dict[str, Any], search: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO deals VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                             (table_id, idx, time.time(), json.dumps(summary), search.lower()))

    def history(self, query: str = "", limit: int = 200) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT summary FROM deals WHERE search LIKE %s ORDER BY at DESC LIMIT %s",
                                    (f"%{query.lower()}%", limit)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_store(url: str | Path | None = None) -> Store:
    """A store from a URL: ``postgresql://...``, ``sqlite:///path``, a file path, ``:memory:``, or None
    for the default file in the user's data directory."""
    if url is None:
        return SQLiteStore(default_path())
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    if text.startswith("sqlite://"):
        text = text[len("sqlite://"):]
        # sqlite:///relative.db and sqlite:////absolute/path.db, as SQLAlchemy spells them.
        text = text[1:] if text.startswith("/") else text
        text = text or ":memory:"
    if "://" in text:
        raise RedoubleError(f"unknown database URL {text!r}: use a file path, sqlite:///path or postgresql://...")
    return SQLiteStore(text)
