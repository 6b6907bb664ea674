"""Where Redouble keeps what must survive a restart: one database, SQLite by default, PostgreSQL for a server.

:func:`database_url` reads the URL forms every store accepts; :func:`connect` opens it as a :class:`Database`,
a connection shared by threads under a lock that speaks one placeholder style (``?``) to both engines.

>>> database_url("sqlite:///club.db"), database_url("postgresql://u@host/db")[0], database_url(":memory:")
(('sqlite', 'club.db'), 'postgresql', ('sqlite', ':memory:'))
>>> db = connect(":memory:")
>>> db.execute("CREATE TABLE t (a INTEGER)"); db.execute("INSERT INTO t VALUES (?)", (3,))
>>> db.query("SELECT a FROM t")
[(3,)]
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from redouble.errors import RedoubleError


def secret_hash(token: str) -> str:
    """What a store keeps of a secret link: whoever reads the database cannot use it."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def default_path() -> Path:
    """The SQLite file in the user's data directory (``$XDG_DATA_HOME/redouble`` or ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "redouble" / "redouble.sqlite3"


def database_url(url: str | Path | None) -> tuple[str, str]:
    """``('sqlite', path)`` or ``('postgresql', url)`` for ``postgresql://...``, ``sqlite:///path``, a file
    path, ``:memory:``, or None (the default file)."""
    if url is None:
        return "sqlite", str(default_path())
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql", text
    if text.startswith("sqlite://"):
        text = text[len("sqlite://"):]
        # sqlite:///relative.db and sqlite:////absolute/path.db, as SQLAlchemy spells them.
        text = text[1:] if text.startswith("/") else text
        text = text or ":memory:"
    if "://" in text:
        raise RedoubleError(f"unknown database URL {text!r}: use a file path, sqlite:///path or postgresql://...")
    return "sqlite", text


class IntegrityError(RedoubleError):
    """A row broke a unique key (two writers raced for the same key)."""


class Database:
    """One connection, a lock, and ``?`` placeholders whatever the engine."""

    def __init__(self, kind: str, target: str) -> None:
        self.kind = kind
        self.url = target
        self._lock = threading.RLock()
        if kind == "postgresql":
            try:
                import psycopg
            except ImportError:  # pragma: no cover - the web extra installs it
                raise RedoubleError("PostgreSQL needs psycopg: pip install 'redouble[web]'") from None
            self._psycopg = psycopg
            try:
                self._db: Any = psycopg.connect(target, autocommit=True)
            except psycopg.Error as exc:
                raise RedoubleError(f"cannot connect to PostgreSQL at {target!r}: {exc}") from None
        else:
            if target != ":memory:":
                Path(target).parent.mkdir(parents=True, exist_ok=True)
            try:
                self._db = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.DatabaseError as exc:
                raise RedoubleError(f"cannot open the database {target!r}: {exc}") from None

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s") if self.kind == "postgresql" else statement

    def _errors(self) -> tuple[type[BaseException], type[BaseException]]:
        if self.kind == "postgresql":
            return self._psycopg.errors.UniqueViolation, self._psycopg.Error
        return sqlite3.IntegrityError, sqlite3.Error

    def execute(self, statement: str, params: Sequence[Any] = ()) -> None:
        unique, other = self._errors()
        with self._lock:
            try:
                self._db.execute(self._sql(statement), tuple(params))
            except unique as exc:
                raise IntegrityError(str(exc)) from None
            except other as exc:
                raise RedoubleError(f"the database {self.url!r} failed: {exc}") from None

    def query(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        _, other = self._errors()
        with self._lock:
            try:
                return [tuple(row) for row in self._db.execute(self._sql(statement), tuple(params)).fetchall()]
            except other as exc:
                raise RedoubleError(f"the database {self.url!r} failed: {exc}") from None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Statements that all happen or none do."""
        with self._lock:
            if self.kind == "postgresql":
                with self._db.transaction():
                    yield
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def schema_lock(self) -> Iterator[None]:
        """Held while creating tables: two processes starting together must not both do it at once."""
        with self._lock:
            if self.kind == "postgresql":
                self._db.execute("SELECT pg_advisory_lock(7141)")
                try:
                    yield
                finally:
                    self._db.execute("SELECT pg_advisory_unlock(7141)")
            else:
                yield

    def close(self) -> None:
        with self._lock:
            self._db.close()


def connect(url: str | Path | None = None) -> Database:
    """Open the database at ``url`` (see :func:`database_url`)."""
    return Database(*database_url(url))
