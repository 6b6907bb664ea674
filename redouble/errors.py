"""One tree of errors, rooted in :class:`ValueError`.

>>> issubclass(IllegalCallError, ValueError)
True
"""

from __future__ import annotations

from dataclasses import dataclass


class RedoubleError(ValueError):
    """Base of every error Redouble raises for bad input."""


class ParseError(RedoubleError):
    """Text that could not be read; ``line`` (PBN) or ``token`` (LIN) says where.

    >>> str(ParseError("bad deal", line=3))
    'line 3: bad deal'
    """

    def __init__(self, message: str, *, line: int | None = None, token: int | None = None,
                 board: str | None = None) -> None:
        self.message = message
        self.line = line
        self.token = token
        self.board = board
        where = _where(board, line, token)
        super().__init__(f"{where}: {message}" if where else message)


def _where(board: str | None, line: int | None, token: int | None) -> str:
    parts = [f"board {board}" if board is not None else "", f"line {line}" if line is not None else "",
             f"token {token}" if token is not None else ""]
    return ", ".join(p for p in parts if p)


@dataclass(frozen=True)
class Problem:
    """Something wrong that a file reader got past: what was wrong, where, and what it kept.

    ``dropped`` is True when the whole board was left out. ``pbn.loads(..., strict=True)`` raises the
    problem as a :class:`ParseError` instead.

    >>> p = Problem("Contract '4S' disagrees with the auction, which ends in 4H-N",
    ...             "the tag as written; the game follows the auction", board="3", line=12)
    >>> print(p)
    board 3, line 12: Contract '4S' disagrees with the auction, which ends in 4H-N (kept: the tag as written; \
the game follows the auction)
    """

    message: str
    kept: str
    board: str | None = None
    line: int | None = None
    token: int | None = None
    dropped: bool = False

    def error(self) -> ParseError:
        """The problem as an exception (what ``strict=True`` raises)."""
        return ParseError(self.message, line=self.line, token=self.token, board=self.board)

    def __str__(self) -> str:
        where = _where(self.board, self.line, self.token)
        return f"{where + ': ' if where else ''}{self.message} (kept: {self.kept})"


class IllegalCallError(RedoubleError):
    """A call that the auction does not allow here."""


class IllegalCardError(RedoubleError):
    """A card that may not be played here (out of turn, not held, a revoke, ...)."""


class IllegalClaimError(RedoubleError):
    """A claim that cannot be made or settled now."""


class IllegalUndoError(RedoubleError):
    """A take-back the rules do not allow: it would hide again what a player has already seen."""


class SolverUnavailableError(RedoubleError, ImportError):
    """The double-dummy solver could not be loaded."""
