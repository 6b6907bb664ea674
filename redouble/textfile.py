"""What every hand-record format shares: reading text from a path or file, writing it, collecting errors.

>>> decode(b"\\xef\\xbb\\xbf[Board \\"1\\"]"), decode("caf\\xe9".encode("latin-1"))
('[Board "1"]', 'café')
"""

from __future__ import annotations

import os
from typing import IO, NamedTuple

from redouble.board import Board
from redouble.errors import ParseError

Source = str | os.PathLike[str] | IO[str] | IO[bytes]
Target = str | os.PathLike[str] | IO[str]


class Loaded(NamedTuple):
    """What ``load(..., errors="collect")`` returns: the good boards and one error per bad board."""

    boards: list[Board]
    errors: list[ParseError]


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
