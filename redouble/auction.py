"""The auction: calls in turn from the dealer, with push/pop and legal calls.

>>> a = Auction("N")
>>> for c in "P 1H X 3H 3S P 4S P P P".split():
...     a.push(c)
>>> a.is_complete, a.contract
(True, Contract.parse('4S-N'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from redouble.calls import ALL_BIDS, Call, CallKind, Contract
from redouble.cards import Seat, Strain
from redouble.errors import IllegalCallError, RedoubleError


@dataclass(frozen=True, slots=True)
class Annotation:
    """What was said about a call: an alert and/or an explanation (a PBN note, a LIN ``an``)."""

    alert: bool = False
    explanation: str | None = None


class Auction:
    """An auction in progress or finished.

    ``push`` checks each call; ``pop`` takes the last one back. ``legal_calls`` is worked out on demand.

    >>> a = Auction(Seat.EAST, ["1D", "X"])
    >>> a.turn, [str(c) for c in a.legal_calls()][:4]
    (Seat.WEST, ['Pass', 'XX', '1H', '1S'])
    >>> a.push("X")
    Traceback (most recent call last):
    ...
    redouble.errors.IllegalCallError: W may not call X after 1D X: you may double only the opponents' bid
    """

    __slots__ = ("dealer", "calls", "annotations")

    def __init__(self, dealer: Seat | str = Seat.NORTH, calls: Iterable[Call | str] | str = ()) -> None:
        """``calls`` may be a list or one text: ``Auction("N", "1NT P 3NT P P P")``."""
        self.dealer = Seat.parse(dealer)
        self.calls: list[Call] = []
        self.annotations: dict[int, Annotation] = {}
        if isinstance(calls, str):
            calls = calls.replace(",", " ").split()
        for c in calls:
            self.push(c)

    # --- state ------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.calls)

    def __iter__(self) -> Iterator[Call]:
        return iter(self.calls)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Auction) and other.dealer == self.dealer and other.calls == self.calls)

    def __repr__(self) -> str:
        return f"Auction({self.dealer!r}, {[str(c) for c in self.calls]!r})"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)

    def copy(self) -> Auction:
        other = Auction(self.dealer)
        other.calls = list(self.calls)
        other.annotations = dict(self.annotations)
        return other

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0-based)."""
        return Seat((self.dealer + index) % 4)

    @property
    def turn(self) -> Seat:
        """The seat to call next."""
        return Seat((self.dealer + len(self.calls)) % 4)

    @property
    def is_passed_out(self) -> bool:
        return len(self.calls) == 4 and all(c.is_pass for c in self.calls)

    @property
    def is_complete(self) -> bool:
        n = len(self.calls)
        if n < 4:
            return False
        c = self.calls
        return c[-1].kind == c[-2].kind == c[-3].kind == CallKind.PASS

    def _last_bid_index(self) -> int:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].kind == CallKind.BID:
                return i
        return -1

    @property
    def last_bid(self) -> Call | None:
        i = self._last_bid_index()
        return None if i < 0 else self.calls[i]

    @property
    def doubled(self) -> int:
        """0, 1 or 2: how the last bid stands now."""
        d = 0
        for i in range(len(self.calls) - 1, -1, -1):
            c = self.calls[i]
            if c.kind == CallKind.BID:
                return d
            if c.kind == CallKind.DOUBLE:
                return max(d, 1)
            if c.kind == CallKind.REDOUBLE:
                d = 2
        return 0

    @property
    def declarer(self) -> Seat | None:
        """The first of the winning side to name the final strain; None before a bid."""
        i = self._last_bid_index()
        if i < 0:
            return None
        strain = self.calls[i].strain
        side = i % 2
        for j in range(side, i + 1, 2):
            if self.calls[j].strain == strain and self.calls[j].kind == CallKind.BID:
                return self.seat_of(j)
        raise AssertionError("unreachable")  # pragma: no cover

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is complete (``Contract.PASSED_OUT`` if passed out)."""
        if not self.is_complete:
            return None
        return self.current_contract

    @property
    def current_contract(self) -> Contract:
        """The contract as it stands now, complete or not."""
        i = self._last_bid_index()
        if i < 0:
            return Contract.PASSED_OUT
        bid = self.calls[i]
        return Contract(bid.level, bid.strain, self.doubled, self.declarer)

    # --- legality ---------------------------------------------------------------------------------
    def why_illegal(self, call: Call) -> str | None:
        """None if ``call`` is legal now, else the reason in words."""
        if self.is_complete:
            return "the auction is over"
        i = self._last_bid_index()
        if call.kind == CallKind.PASS:
            return None
        if call.kind == CallKind.BID:
            if i >= 0 and call.index <= self.calls[i].index:
                return f"a bid must outrank the last bid, {self.calls[i]}"
            return None
        if i < 0:
            return "there is no bid to double" if call.is_double else "there is no bid to redouble"
        opponents_bid = (len(self.calls) - i) % 2 == 1
        d = self.doubled
        if call.kind == CallKind.DOUBLE:
            if not opponents_bid:
                return "you may double only the opponents' bid"
            return "the last bid is already doubled" if d else None
        if opponents_bid:
            return "you may redouble only your own side's bid"
        if d == 0:
            return "the last bid is not doubled"
        return "the last bid is already redoubled" if d == 2 else None

    def is_legal(self, call: Call | str) -> bool:
        try:
            return self.why_illegal(Call(call)) is None
        except RedoubleError:
            return False

    def legal_calls(self) -> list[Call]:
        """Every legal call now, pass first, then double/redouble, then bids low to high."""
        if self.is_complete:
            return []
        out = [Call.PASS]
        if self.why_illegal(Call.DOUBLE) is None:
            out.append(Call.DOUBLE)
        elif self.why_illegal(Call.REDOUBLE) is None:
            out.append(Call.REDOUBLE)
        i = self._last_bid_index()
        start = 0 if i < 0 else self.calls[i].index + 1
        out.extend(ALL_BIDS[start:])
        return out

    # --- changes ----------------------------------------------------------------------------------
    def push(self, call: Call | str, *, alert: bool = False, explanation: str | None = None) -> None:
        """Add ``call`` for the seat on turn; raise :class:`IllegalCallError` if it is not allowed."""
        try:
            c = Call(call)
        except RedoubleError as exc:
            raise IllegalCallError(f"{self.turn} cannot call {call!r}: {exc}") from None
        why = self.why_illegal(c)
        if why is not None:
            history = f" after {self}" if self.calls else " to open the auction"
            raise IllegalCallError(f"{self.turn} may not call {c}{history}: {why}")
        self.calls.append(c)
        if alert or explanation:
            self.annotations[len(self.calls) - 1] = Annotation(alert, explanation)

    def pop(self) -> Call:
        """Take back the last call."""
        if not self.calls:
            raise IllegalCallError("there is no call to take back")
        self.annotations.pop(len(self.calls) - 1, None)
        return self.calls.pop()

    def annotate(self, index: int, *, alert: bool | None = None, explanation: str | None = None) -> None:
        """Set the alert and/or explanation of call number ``index``."""
        old = self.annotations.get(index, Annotation())
        self.annotations[index] = Annotation(old.alert if alert is None else alert,
                                             old.explanation if explanation is None else explanation)

    def rounds(self) -> list[list[Call | None]]:
        """Calls in rows of four under columns N, E, S, W (``None`` before the dealer's first call)."""
        cells: list[Call | None] = [None] * self.dealer + list(self.calls)
        return [cells[k:k + 4] for k in range(0, len(cells), 4)]

    def first_bid_of(self, strain: Strain, side: str) -> Seat | None:
        for j, c in enumerate(self.calls):
            if c.strain == strain and self.seat_of(j).side == side:
                return self.seat_of(j)
        return None
