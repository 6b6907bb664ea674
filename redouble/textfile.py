"""What every hand-record format shares: reading text from a path or file, writing it, reporting problems.

>>> decode(b"\\xef\\xbb\\xbf[Board \\"1\\"]"), decode("caf\\xe9".encode("latin-1"))
('[Board "1"]', 'café')
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import IO

from redouble.board import Board
from redouble.errors import ParseError, Problem

Source = str | os.PathLike[str] | IO[str] | IO[bytes]
Target = str | os.PathLike[str] | IO[str]


class Loaded(list[Board]):
    """The boards a reader kept, in file order; ``problems`` says what was wrong and what was kept.

    A board that was read only in part is in the list (its own ``board.problems`` say what is missing);
    a board that could not be read at all is not (its problem has ``dropped`` set).

    >>> loaded = Loaded([], [Problem("not a deal: 'x'", "nothing", board="2", dropped=True)])
    >>> len(loaded), loaded.dropped, [str(p) for p in loaded.problems]
    (0, 1, ["board 2: not a deal: 'x' (kept: nothing)"])
    """

    def __init__(self, boards: Iterable[Board] = (), problems: Iterable[Problem] = ()) -> None:
        super().__init__(boards)
        self.problems: list[Problem] = list(problems)

    @property
    def dropped(self) -> int:
        """How many boards were left out whole."""
        return sum(p.dropped for p in self.problems)


class Reporter:
    """Collects the problems of one file; ``strict`` turns the first one into a :class:`ParseError`."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.problems: list[Problem] = []

    def add(self, problem: Problem) -> None:
        if self.strict:
            raise problem.error()
        self.problems.append(problem)

    def finish(self, boards: list[Board], found_anything: bool) -> Loaded:
        """The result; a text where something was found but no board could be read is an error."""
        if not boards and found_anything:
            first = self.problems[0] if self.problems else None
            detail = f": {first.error()}" if first is not None else ""
            raise ParseError(f"no board could be read{detail}")
        return Loaded(boards, self.problems)


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also takes '³', which int() does not).

    >>> is_number("12"), is_number("³"), is_number("")
    (True, False, False)
    """
    return text.isascii() and text.isdigit()


def decode(data: str | bytes) -> str:
    """Text from bytes: UTF-8 (with or without a byte-order mark), else Latin-1 (PBN's character set)."""
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            return data[3:].decode("utf-8", errors="replace")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("latin-1")
    return data[1:] if data.startswith("\ufeff") else data


def read_source(source: Source) -> str | bytes:
    """The contents of a path or of an open file (text or binary)."""
    if hasattr(source, "read"):
        return source.read()  # type: ignore[union-attr,no-any-return]
    with open(source, "rb") as fh:  # type: ignore[arg-type]
        return fh.read()


def write_text(target: Target, text: str) -> None:
    """Write ``text`` to a path (UTF-8, ``\\n`` line ends) or to an open text file."""
    if hasattr(target, "write"):
        target.write(text)  # type: ignore[union-attr]
    else:
        with open(target, "w", encoding="utf-8", newline="\n") as fh:  # type: ignore[arg-type]
            fh.write(text)
