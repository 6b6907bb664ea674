"""Where tables live: an append-only event log per table, in SQLite (default) or PostgreSQL.

Every action at a table is one event, stored as it happens with its sequence number; a table is rebuilt
by replaying its events, so a restarted server resumes every table exactly. The pair (table, seq) is
unique: when two server processes race to append the same sequence number, one of them is told so
(``append`` returns False) and catches up instead. A store that cannot write (a full disk, a lost
database) raises :class:`StoreError` and has changed nothing.

The secret links that let people sit at a table (see ``docs/web.md``) are kept as their SHA-256 hashes
only: whoever reads the database cannot sit anywhere.

>>> store = open_store(":memory:")
>>> store.create_table("t1", {"form": "duplicate"}, {"tokS": Link("t1", "S", owner=True)})
>>> store.append("t1", 1, {"type": "deal"}), store.append("t1", 1, {"type": "deal"})
(True, False)
>>> store.load("t1")[1], store.link("tokS")
([(1, {'type': 'deal'})], Link(table_id='t1', seat='S', owner=True, generation=0))
>>> store.link("nobody") is None
True
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from redouble.database import database_url, secret_hash
from redouble.errors import RedoubleError

Event = dict[str, Any]

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION, config TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS events (table_id TEXT NOT NULL, seq INTEGER NOT NULL, at DOUBLE PRECISION,"
    " data TEXT NOT NULL, PRIMARY KEY (table_id, seq))",
    "CREATE TABLE IF NOT EXISTS links (hash TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat TEXT,"
    " owner INTEGER NOT NULL, generation INTEGER NOT NULL, created DOUBLE PRECISION)",
    "CREATE INDEX IF NOT EXISTS links_by_table ON links (table_id)",
]
# Before links: every seat's token in plain text (robot seats' too). Kept only to be migrated.
_OLD_TOKENS = "CREATE TABLE IF NOT EXISTS tokens (token TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat TEXT NOT NULL)"


class StoreError(RedoubleError):
    """The store could not do what was asked (a full disk, a lost database); nothing was changed."""


@dataclass(frozen=True, slots=True)
class Link:
    """What the holder of one secret link may do at table ``table_id``: sit at ``seat`` (None: no seat),
    manage the table's links and sharing (``owner``). A seat's links are valid while ``generation`` is
    the table's current one for that seat: issuing a new invitation revokes the older links."""

    table_id: str
    seat: str | None
    owner: bool = False
    generation: int = 0


def token_hash(token: str) -> str:
    """What the store keeps of a secret link."""
    return secret_hash(token)


class Store:
    """An event store over one DB-API connection, shared by the server's threads under a lock. The two
    kinds differ in their parameter marks, their errors and how they are opened."""

    url: str = ""
    _mark = "?"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._db: Any = None

    # --- what each kind of database says differently -------------------------------------------------
    def _is_duplicate(self, exc: Exception) -> bool:
        raise NotImplementedError

    def _is_db_error(self, exc: Exception) -> bool:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> Any:
        return self._db.execute(self._sql(sql), args)

    @contextlib.contextmanager
    def _reading(self, what: str) -> Iterator[None]:
        with self._lock:
            try:
                yield
            except Exception as exc:
                if self._is_db_error(exc):
                    raise StoreError(f"could not read {what} from the database: {exc}") from None
                raise

    @contextlib.contextmanager
    def _transaction(self, what: str) -> Iterator[None]:
        """One transaction under the lock; a database error rolls it back and becomes a StoreError."""
        with self._lock:
            self._execute("BEGIN")
            try:
                yield
                self._execute("COMMIT")
            except BaseException as exc:
                with contextlib.suppress(Exception):
                    self._execute("ROLLBACK")
                if isinstance(exc, Exception) and self._is_db_error(exc) and not self._is_duplicate(exc):
                    raise StoreError(f"could not store {what} (nothing was changed; try again): {exc}") from None
                raise

    # --- tables and links ------------------------------------------------------------------------------
    def create_table(self, table_id: str, config: dict[str, Any], links: dict[str, Link]) -> None:
        """A new table with its configuration and its first links (secret token -> link)."""
        with self._transaction("the new table"):
            self._execute("INSERT INTO tables (id, created, config) VALUES (?, ?, ?)",
                          (table_id, time.time(), json.dumps(config)))
            self._insert_links(links)

    def _insert_links(self, links: dict[str, Link]) -> None:
        for token, link in links.items():
            self._execute("INSERT INTO links VALUES (?, ?, ?, ?, ?, ?)",
                          (token_hash(token), link.table_id, link.seat, int(link.owner), link.generation, time.time()))

    def grant(self, links: dict[str, Link]) -> None:
        """Store links issued outside any event (a link derived again from the same secret is stored once)."""
        with self._transaction("the links"):
            for token, link in links.items():
                self._execute("INSERT INTO links VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING",
                              (token_hash(token), link.table_id, link.seat, int(link.owner), link.generation,
                               time.time()))

    def link(self, token: str) -> Link | None:
        """The link a secret token opens, if any (whether it is still valid is the table's to say)."""
        with self._reading("a link"):
            row = self._execute("SELECT table_id, seat, owner, generation FROM links WHERE hash = ?",
                                (token_hash(token),)).fetchone()
        return None if row is None else Link(row[0], row[1], bool(row[2]), int(row[3]))

    def table_ids(self, since: float = 0.0, limit: int = 1000) -> list[str]:
        """Tables with an event since ``since`` (a time), the latest first."""
        with self._reading("the tables"):
            rows = self._execute("SELECT table_id, MAX(at) AS last FROM events GROUP BY table_id HAVING MAX(at) >= ?"
                                 " ORDER BY last DESC LIMIT ?", (since, limit)).fetchall()
        return [r[0] for r in rows]

    # --- events ----------------------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[dict[str, Any], list[tuple[int, Event]]] | None:
        with self._reading(f"table {table_id!r}"):
            row = self._execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            rows = self._execute("SELECT seq, data FROM events WHERE table_id = ? ORDER BY seq",
                                 (table_id,)).fetchall()
        return json.loads(row[0]), [(seq, json.loads(data)) for seq, data in rows]

    def events_since(self, table_id: str, seq: int) -> list[tuple[int, Event]]:
        with self._reading(f"the events of table {table_id!r}"):
            rows = self._execute("SELECT seq, data FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                                 (table_id, seq)).fetchall()
        return [(s, json.loads(d)) for s, d in rows]

    def append(self, table_id: str, seq: int, event: Event, links: dict[str, Link] | None = None) -> bool:
        """Store event number ``seq`` (and the links it issues, in the same transaction); False if that
        number is taken already. Raises :class:`StoreError`, changing nothing, when it cannot be stored."""
        try:
            with self._transaction(f"the {event.get('type', 'unknown')!s:.20} event"):
                self._execute("INSERT INTO events VALUES (?, ?, ?, ?)",
                              (table_id, seq, time.time(), json.dumps(event)))
                self._insert_links(links or {})
        except Exception as exc:
            if self._is_duplicate(exc):
                return False
            raise
        return True

    def close(self) -> None:
        with self._lock:
            with contextlib.suppress(Exception):
                self._db.close()


class SQLiteStore(Store):
    """A single-file store. Only one server process may serve a file at a time: a second one would keep
    its own copy of the tables and the two would diverge, so it is refused (an advisory lock on
    ``<file>.lock``, released by the system however the first process ends)."""

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.url = str(path)
        self._lock_file: Any = None
        memory = str(path) == ":memory:"
        if not memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._lock_file = _lock_exclusively(Path(str(path) + ".lock"), str(path))
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            # Durable against a crash of the server; an OS crash may lose the last moments.
            self._db.execute("PRAGMA synchronous=NORMAL")
            for stmt in _SCHEMA:
                self._db.execute(stmt)
            _migrate_old_tokens(self)
        except sqlite3.DatabaseError as exc:
            self.close()
            raise RedoubleError(f"cannot open the database {str(path)!r}: {exc}") from None

    def _is_duplicate(self, exc: Exception) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and "events" in str(exc)

    def _is_db_error(self, exc: Exception) -> bool:
        return isinstance(exc, sqlite3.Error)

    def close(self) -> None:
        super().close()
        if self._lock_file is not None:
            self._lock_file.close()  # the lock goes with the file
            self._lock_file = None


def _lock_exclusively(lock_path: Path, db: str) -> Any:
    """Hold an exclusive advisory lock on ``lock_path`` for as long as the returned file is open."""
    import fcntl

    handle = open(lock_path, "a+")  # noqa: SIM115 - held open for the store's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        handle.seek(0)
        holder = handle.read().strip() or "unknown"
        handle.close()
        if exc.errno in (errno.EWOULDBLOCK, errno.EACCES, errno.EAGAIN):
            raise RedoubleError(f"the database {db!r} is already served by another redouble process (pid "
                                f"{holder}): stop that one first, or use another --db") from None
        raise RedoubleError(f"cannot lock the database {db!r}: {exc}") from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


class PostgresStore(Store):
    """The deployment store: several server processes share it (psycopg 3, one connection per process)."""

    _mark = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
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
        with self._lock:
            # Two processes starting together must not both create the schema at once.
            self._db.execute("SELECT pg_advisory_lock(7140)")
            try:
                for stmt in _SCHEMA:
                    self._db.execute(stmt)
            finally:
                self._db.execute("SELECT pg_advisory_unlock(7140)")
        _migrate_old_tokens(self)

    def _is_duplicate(self, exc: Exception) -> bool:
        return isinstance(exc, self._psycopg.errors.UniqueViolation) and "events" in str(exc)

    def _is_db_error(self, exc: Exception) -> bool:
        return isinstance(exc, self._psycopg.Error)


def _migrate_old_tokens(store: Store) -> None:
    """Tables made before links had each seat's token in plain text, robot seats' too: the people's seats
    keep working (their links are now stored hashed); robot seats' tokens stop working."""
    with store._lock:
        store._execute(_OLD_TOKENS)
        rows = store._execute("SELECT tokens.token, tokens.table_id, tokens.seat, tables.config FROM tokens"
                              " JOIN tables ON tables.id = tokens.table_id").fetchall()
    if not rows:
        return
    links = {}
    for token, table_id, seat, config in rows:
        if json.loads(config).get("seats", {}).get(seat) == "human":
            links[token] = Link(table_id, seat)
    with store._transaction("the links of older tables"):
        store._insert_links(links)
        store._execute("DELETE FROM tokens")


def open_store(url: str | Path | None = None) -> Store:
    """A store from a URL: ``postgresql://...``, ``sqlite:///path``, a file path, ``:memory:``, or None
    for the default file in the user's data directory (see :func:`redouble.database.database_url`)."""
    kind, target = database_url(url)
    return PostgresStore(target) if kind == "postgresql" else SQLiteStore(target)
