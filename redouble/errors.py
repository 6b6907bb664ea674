"""One tree of errors, rooted in :class:`ValueError`.

>>> issubclass(IllegalCallError, ValueError)
True
"""

from __future__ import annotations


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
        where = []
        if board is not None:
            where.append(f"board {board}")
        if line is not None:
            where.append(f"line {line}")
        if token is not None:
            where.append(f"token {token}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


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
