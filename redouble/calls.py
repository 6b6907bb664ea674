"""Calls (bids, pass, double, redouble) and contracts.

>>> Call("1NT"), Call("p"), Call("Dbl"), Call("rdbl"), Call("2♠")
(Call('1NT'), Call('Pass'), Call('X'), Call('XX'), Call('2S'))
>>> Contract.parse("4HX-N"), Contract.parse("Pass"), Contract.parse("7NTXX").tricks_needed
(Contract.parse('4HX-N'), Contract.parse('Pass'), 13)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from redouble.cards import Seat, Strain, integer, whole_number
from redouble.errors import RedoubleError


class CallKind(IntEnum):
    BID = 0
    PASS = 1
    DOUBLE = 2
    REDOUBLE = 3


_CALL_WORDS = {
    "P": CallKind.PASS, "PASS": CallKind.PASS, "NB": CallKind.PASS, "NO BID": CallKind.PASS,
    "X": CallKind.DOUBLE, "D": CallKind.DOUBLE, "DBL": CallKind.DOUBLE, "DOUBLE": CallKind.DOUBLE,
    "XX": CallKind.REDOUBLE, "R": CallKind.REDOUBLE, "RDBL": CallKind.REDOUBLE, "REDOUBLE": CallKind.REDOUBLE,
    "DD": CallKind.REDOUBLE,
}
_BID_RE = re.compile(r"^([1-7])\s*(NT|N|SA|[CDHS]|[♣♦♥♠♧♢♡♤]|NOTRUMPS?|NO TRUMPS?|CLUBS?|DIAMONDS?|HEARTS?|SPADES?)$")


class Call:
    """One call of an auction. The 38 calls are shared instances.

    ``index`` orders them: bids 0 (1C) to 34 (7NT), then pass 35, double 36, redouble 37.

    >>> Call("1C") < Call("1D") < Call("7NT")
    True
    >>> Call.bid(3, "NT"), Call("4h").level, Call("4h").strain
    (Call('3NT'), 4, Strain.HEARTS)
    """

    __slots__ = ("kind", "level", "strain", "index")
    kind: CallKind
    level: int
    strain: Strain | None
    index: int
    _all: ClassVar[list[Call]] = []
    PASS: ClassVar[Call]
    DOUBLE: ClassVar[Call]
    REDOUBLE: ClassVar[Call]

    def __new__(cls, text: str | Call | int) -> Call:
        if isinstance(text, Call):
            return text
        index = integer(text)
        if index is not None:
            if not 0 <= index < 38:  # a negative index would silently count from redouble
                raise RedoubleError(f"no call has index {index} (0 is 1C, 34 7NT, then Pass, X, XX)")
            return cls._all[index]
        return cls.parse(text)  # type: ignore[arg-type]  # parse names what is wrong with it

    @classmethod
    def _make(cls, index: int) -> Call:
        call = object.__new__(cls)
        values: tuple[CallKind, int, Strain | None]
        if index < 35:
            values = (CallKind.BID, index // 5 + 1, Strain(index % 5))
        else:
            values = ((CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE)[index - 35], 0, None)
        for name, value in zip(("kind", "level", "strain"), values, strict=True):
            object.__setattr__(call, name, value)
        object.__setattr__(call, "index", index)
        return call

    @classmethod
    def parse(cls, text: str) -> Call:
        if not isinstance(text, str):
            raise RedoubleError(f"not a call: {text!r} (expected a bid like '1H' or '3NT', 'Pass', 'X' or 'XX')")
        key = " ".join(text.strip().upper().split())
        if key in _CALL_WORDS:
            return cls._all[35 + _CALL_WORDS[key] - 1]
        m = _BID_RE.match(key)
        if m:
            return cls.bid(int(m.group(1)), Strain.parse(m.group(2)))
        raise RedoubleError(f"not a call: {text!r} (expected a bid like '1H' or '3NT', 'Pass', 'X' or 'XX')")

    @classmethod
    def bid(cls, level: int, strain: Strain | str) -> Call:
        whole = whole_number(level, 1, 7)
        if whole is None:
            raise RedoubleError(f"bid level must be 1 to 7, not {level!r}")
        return cls._all[(whole - 1) * 5 + Strain.parse(strain)]

    @property
    def is_bid(self) -> bool:
        return self.kind == CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind == CallKind.PASS

    @property
    def is_double(self) -> bool:
        return self.kind == CallKind.DOUBLE

    @property
    def is_redouble(self) -> bool:
        return self.kind == CallKind.REDOUBLE

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Call is immutable")

    def __reduce__(self) -> tuple[type[Call], tuple[int]]:
        return (Call, (self.index,))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Call) -> bool:
        return self.index < other.index

    def __le__(self, other: Call) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Call) -> bool:
        return self.index > other.index

    def __ge__(self, other: Call) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        if self.kind == CallKind.BID:
            return f"{self.level}{self.strain}"
        return ("", "Pass", "X", "XX")[self.kind]

    def __repr__(self) -> str:
        return f"Call('{self}')"

    @property
    def symbol(self) -> str:
        """``'4♥'``, ``'3NT'``, ``'Pass'``: for display."""
        if self.kind == CallKind.BID:
            assert self.strain is not None
            return f"{self.level}{self.strain.symbol}"
        return str(self)


Call._all = [Call._make(i) for i in range(38)]
Call.PASS = Call._all[35]
Call.DOUBLE = Call._all[36]
Call.REDOUBLE = Call._all[37]
ALL_BIDS: tuple[Call, ...] = tuple(Call._all[:35])

_CONTRACT_RE = re.compile(
    r"^([1-7])\s*(NT|N|SA|[CDHS]|[♣♦♥♠♧♢♡♤])\s*(XX|RDBL|REDOUBLED|R|\*\*|X|DBL|DOUBLED|D|\*)?"
    r"(?:\s*(?:-|BY|/)?\s*([NESW]|NORTH|EAST|SOUTH|WEST))?$"
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain, doubling (0, 1 or 2) and declarer (None when not known).

    A passed-out board has level 0 and strain None; its text is ``"Pass"``.

    >>> c = Contract.parse("3NT-S")
    >>> c.level, c.strain, c.doubled, c.declarer, str(c), c.bid
    (3, Strain.NOTRUMP, 0, Seat.SOUTH, '3NT-S', '3NT')
    >>> Contract.parse("4♠X by W")
    Contract.parse('4SX-W')
    """

    level: int
    strain: Strain | None
    doubled: int = 0
    declarer: Seat | None = None

    PASSED_OUT: ClassVar[Contract]

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.doubled or self.declarer is not None:
                raise RedoubleError("a passed-out contract has no strain, doubling or declarer")
            return
        if not 1 <= self.level <= 7:
            raise RedoubleError(f"contract level must be 1 to 7, not {self.level!r}")
        if not isinstance(self.strain, Strain):
            object.__setattr__(self, "strain", Strain.parse(str(self.strain)))
        if self.doubled not in (0, 1, 2):
            raise RedoubleError(f"doubled must be 0, 1 or 2, not {self.doubled!r}")
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            object.__setattr__(self, "declarer", Seat.parse(str(self.declarer)))

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise RedoubleError(f"not a contract: {text!r} (expected e.g. '4H', '3NTX', '7SXX-N' or 'Pass')")
        key = " ".join(text.strip().upper().split())
        if key in ("PASS", "P", "PASSED", "PASSED OUT", "AP", "ALL PASS"):
            return cls.PASSED_OUT
        m = _CONTRACT_RE.match(key)
        if not m:
            raise RedoubleError(f"not a contract: {text!r} (expected e.g. '4H', '3NTX', '7SXX-N' or 'Pass')")
        level, strain, dbl, seat = m.groups()
        doubled = 0 if not dbl else (2 if dbl in ("XX", "RDBL", "REDOUBLED", "R", "**") else 1)
        return cls(int(level), Strain.parse(strain), doubled, Seat.parse(seat) if seat else None)

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def bid(self) -> str:
        """The contract without its declarer: ``'4HX'``, ``'Pass'``."""
        if self.level == 0:
            return "Pass"
        return f"{self.level}{self.strain}{('', 'X', 'XX')[self.doubled]}"

    def with_declarer(self, declarer: Seat | str | None) -> Contract:
        if self.level == 0:
            return self
        return Contract(self.level, self.strain, self.doubled,
                        None if declarer is None else Seat.parse(declarer))

    def __str__(self) -> str:
        if self.declarer is None or self.level == 0:
            return self.bid
        return f"{self.bid}-{self.declarer}"

    def __repr__(self) -> str:
        return f"Contract.parse('{self}')"


Contract.PASSED_OUT = Contract(0, None)
