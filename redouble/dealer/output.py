"""Many deal-only boards written at once: deal texts made with NumPy from an owners array.

The deals come as an ``(n, 52)`` uint8 array of owners (row ``r``, column ``i``: the seat, 0 N .. 3 W,
holding the card of index ``i``), as :func:`redouble.dealer.iter_owner_batches` makes them. Every hand's
text has a fixed width, so the place of each card's letter follows from its rank in the hand: one
stable sort by owner gives every deal's text at once, with no Python loop over cards.

A board's text (PBN, LIN, JSON ...) comes from the library's own writer, asked once for a board of each
of the 16 dealer and vulnerability combinations; the board number and the deal are then filled in for
each board, so the bulk output is the writer's, byte for byte.

>>> import io
>>> from redouble import Board, Deal, pbn
>>> deals = [Deal.random(seed=k) for k in range(3)]
>>> deal_texts(owners_array(deals))[0].decode() == str(deals[0])
True
>>> out = io.BytesIO()
>>> write_boards([owners_array(deals)], "pbn", out, first_number=5)
3
>>> out.getvalue().decode() == pbn.dumps([Board.from_number(5 + k, deal=d) for k, d in enumerate(deals)])
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol

from redouble.board import Board
from redouble.cards import Seat
from redouble.deal import Deal
from redouble.errors import RedoubleError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["FORMATS", "deal_texts", "lin_hands", "owners_array", "write_boards"]

_RANK_LETTERS = b"23456789TJQKA"
_SEAT_LETTERS = b"NESW"
_PBN_DEAL_WIDTH = 2 + 4 * 16 + 3  # "N:", four hands of 13 cards and 3 dots, 3 spaces
_LIN_HANDS_WIDTH = 4 * 17 + 3  # four hands of 13 cards and 4 suit letters, 3 commas


def owners_array(deals: Sequence[Deal]) -> np.ndarray:
    """The ``(n, 52)`` owners array of some deals (the inverse of ``Deal.from_owners`` on each row)."""
    import numpy as np

    return np.frombuffer(b"".join(d.owners for d in deals), dtype=np.uint8).reshape(len(deals), 52)


def _checked(owners: np.ndarray) -> np.ndarray:
    import numpy as np

    owners = np.asarray(owners)
    if owners.ndim != 2 or owners.shape[1] != 52:
        raise RedoubleError(f"expected an (n, 52) array of owners, not one of shape {owners.shape}")
    owners = owners.astype(np.uint8, copy=False)
    if owners.size and owners.max() > 3:
        row = int(np.flatnonzero((owners > 3).any(axis=1))[0])
        raise RedoubleError(f"deal {row} of the array is not a whole deal: some of its cards have no owner")
    held = np.bincount((owners + np.arange(0, 4 * len(owners), 4)[:, None]).ravel(),
                       minlength=4 * len(owners)).reshape(-1, 4)
    bad = np.flatnonzero((held != 13).any(axis=1))
    if len(bad):
        raise RedoubleError(f"deal {bad[0]} of the array is not a whole deal: its seats hold "
                            f"{', '.join(str(k) for k in held[bad[0]])} cards (13 each wanted)")
    return owners


def _hands_into(out: np.ndarray, column: int, owners: np.ndarray, first: np.ndarray,
                markers: bytes, between: int) -> None:
    """Write the four hands, clockwise from ``first``, into ``out`` from ``column`` on.

    Each hand is its suits spades first, cards high to low, the suits marked as ``markers`` says:
    ``b"SHDC"``, a letter before each suit (LIN); ``b".."``, a dot between them (PBN). ``between``
    separates the hands.
    """
    import numpy as np

    n = len(owners)
    # Columns from card 51 (the spade ace) down; a stable sort by seat (counted from `first`) then
    # gives each deal's cards in the order they are written.
    relative = (owners[:, ::-1] + (4 - first)[:, None]) & 3
    order = np.argsort(relative, axis=1, kind="stable")
    suit_rank = np.arange(52, dtype=np.uint8) // 13  # by column: 0 spades .. 3 clubs
    marked = len(markers) == 4  # a marker before every suit, not only between them
    width = 13 + 3 + marked + 1
    slot = np.arange(52)
    starts = column + width * (slot // 13) + slot % 13 + marked
    letters = np.frombuffer(_RANK_LETTERS[::-1] * 4, dtype=np.uint8)
    rows = np.arange(0, n * out.shape[1], out.shape[1])[:, None]
    if marked:
        # A suit's letter comes after the cards of the higher suits of its hand.
        keys = np.arange(0, 16 * n, 16)[:, None] + relative * np.uint8(4) + suit_rank
        lengths = np.bincount(keys.ravel(), minlength=16 * n).reshape(n, 4, 4)  # deal, hand, suit
        higher = np.cumsum(lengths, axis=2) - lengths
        hand_starts = column + width * np.arange(4)
        for rank, marker in enumerate(markers):
            out.ravel()[rows + hand_starts + higher[:, :, rank] + rank] = marker
    else:
        for k in range(4):
            out[:, column + width * k:column + width * k + width - 1] = markers[0]
    out.ravel()[rows + starts + suit_rank[order]] = letters[order]
    out[:, column + width * np.arange(1, 4) - 1] = between


def deal_texts(owners: np.ndarray, first: int | Seat | np.ndarray = Seat.NORTH) -> np.ndarray:
    """The PBN deal text of each row, ``"N:AKQ4.J92.T8.Q765 ..."``, as a NumPy bytes array.

    ``first`` is the seat whose hand comes first: one for all deals or one per deal.

    >>> deal = Deal.random(seed=4)
    >>> deal_texts(owners_array([deal]), Seat.EAST)[0].decode() == deal.to_pbn(Seat.EAST)
    True
    """
    import numpy as np

    owners = _checked(owners)
    firsts = np.broadcast_to(np.asarray(first, dtype=np.uint8), (len(owners),))
    out = np.empty((len(owners), _PBN_DEAL_WIDTH), dtype=np.uint8)
    out[:, 0] = np.frombuffer(_SEAT_LETTERS, dtype=np.uint8)[firsts]
    out[:, 1] = ord(":")
    _hands_into(out, 2, owners, firsts, b"...", ord(" "))
    return out.view(f"S{_PBN_DEAL_WIDTH}").ravel()


def lin_hands(owners: np.ndarray) -> np.ndarray:
    """The four hands of each row as LIN's ``md`` writes them: South, West, North, East.

    >>> owners = owners_array([Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")])
    >>> lin_hands(owners)[0].decode()
    'ST987HT987DT9CT98,S6HJ6DJ876CJ76432,SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5'
    """
    import numpy as np

    owners = _checked(owners)
    out = np.empty((len(owners), _LIN_HANDS_WIDTH), dtype=np.uint8)
    south = np.full(len(owners), Seat.SOUTH, dtype=np.uint8)
    _hands_into(out, 0, owners, south, b"SHDC", ord(","))
    return out.view(f"S{_LIN_HANDS_WIDTH}").ravel()


class BinaryOutput(Protocol):
    """Where boards are written: anything with ``write(bytes)``, such as ``sys.stdout.buffer``."""

    def write(self, data: bytes, /) -> object: ...


# --- whole boards ----------------------------------------------------------------------------------

def _json_lines(boards: Iterable[Board]) -> str:
    return "".join(json.dumps({"board": b.number, "dealer": str(b.dealer), "vulnerability": str(b.vulnerability),
                               "deal": str(b.deal)}) + "\n" for b in boards)


def _deal_lines(boards: Iterable[Board]) -> str:
    return "".join(str(b.deal) + "\n" for b in boards)


def _pbn(boards: Iterable[Board]) -> str:
    from redouble import pbn

    return pbn.dumps(boards)


def _lin(boards: Iterable[Board]) -> str:
    from redouble import lin

    return lin.dumps(boards)


FORMATS: dict[str, Callable[[Iterable[Board]], str]] = {
    "pbn": _pbn, "lin": _lin, "json": _json_lines, "line": _deal_lines,
}
"""Writers of whole files by format name: each writes a list of boards, as ``pbn.dumps`` does."""


@dataclass(frozen=True)
class _Layout:
    """One format's text for deal-only boards: a template by (board number - 1) % 16."""

    header: bytes
    separator: bytes  # between two boards
    templates: tuple[bytes, ...]  # %(n)d: the board number, %(d)s: the deal text
    lin: bool  # the deal text is LIN's hands (else a PBN deal)
    first_seats: tuple[int, ...]  # for a PBN deal text: the seat it starts with, by template


# Board numbers that cannot be mistaken for anything else in a board's text.
_SENTINEL_NUMBER = 16 * 10**15 + 1


@cache
def _layout(fmt: str) -> _Layout:
    try:
        dumps = FORMATS[fmt]
    except KeyError:
        raise RedoubleError(f"no bulk writer for the format {fmt!r}; one of: {', '.join(FORMATS)}") from None
    sample = Deal.random(seed=0)
    candidates = [(False, int(seat), deal_texts(owners_array([sample]), seat)[0].decode()) for seat in Seat]
    candidates.append((True, 0, lin_hands(owners_array([sample]))[0].decode()))
    header = dumps([])
    templates, firsts, kinds = [], [], set()
    separator = ""
    for k in range(16):
        board = Board.from_number(_SENTINEL_NUMBER + k, deal=sample)
        game = dumps([board])[len(header):]
        separator = dumps([board, board])[len(header) + len(game):-len(game) or None]
        found = [(lin, first, text) for lin, first, text in candidates if game.count(text) == 1]
        if len(found) != 1:
            raise RedoubleError(f"cannot write {fmt} boards in bulk: its board text does not hold the deal once")
        lin, first, text = found[0]
        kinds.add(lin)
        firsts.append(first)
        template = game.replace("%", "%%").replace(text, "%(d)s").replace(str(board.number), "%(n)d")
        templates.append(template.encode())
    if len(kinds) != 1:
        raise RedoubleError(f"cannot write {fmt} boards in bulk: the deal is written in different ways")
    return _Layout(header.encode(), separator.encode(), tuple(templates), kinds.pop(), tuple(firsts))


def write_boards(batches: Iterable[np.ndarray], fmt: str, out: BinaryOutput, first_number: int = 1) -> int:
    """Write deal-only boards numbered from ``first_number``, one owners array at a time; returns how many.

    The text is what ``FORMATS[fmt]`` (``pbn.dumps``, ``lin.dumps`` ...) writes for the same boards.

    >>> import io
    >>> out = io.BytesIO()
    >>> write_boards([owners_array([Deal.random(seed=1)])], "lin", out)
    1
    >>> out.getvalue()[:4], out.getvalue()[-18:]
    (b'md|3', b'|ah|Board 1|sv|o|\\n')
    """
    import numpy as np

    Seat.dealer_for_board(first_number)  # a number that cannot start a board set is refused before any output
    layout = _layout(fmt)
    out.write(layout.header)
    written = 0
    first_seats = np.array(layout.first_seats, dtype=np.uint8)
    for batch in batches:
        if not len(batch):
            continue
        numbers = np.arange(first_number + written, first_number + written + len(batch))
        kinds = (numbers - 1) % 16
        texts = lin_hands(batch) if layout.lin else deal_texts(batch, first_seats[kinds])
        templates = layout.templates
        boards = [templates[k] % {b"n": n, b"d": d} for k, n, d in zip(kinds.tolist(), numbers.tolist(),
                                                                        texts.tolist(), strict=True)]
        if written:
            out.write(layout.separator)
        out.write(layout.separator.join(boards))
        written += len(boards)
    return written
