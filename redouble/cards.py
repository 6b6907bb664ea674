"""Suits, ranks, cards, seats, strains and vulnerability: the small immutable value types.

>>> Card("SA"), Card("10D"), Card("♥Q")
(Card('SA'), Card('DT'), Card('HQ'))
>>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.parse("w").rho
(Seat.EAST, Seat.SOUTH, Seat.SOUTH)
>>> Vulnerability.for_board(7), Seat.dealer_for_board(7)
(Vulnerability.ALL, Seat.SOUTH)
"""

from __future__ import annotations

import operator
from enum import IntEnum
from typing import ClassVar

from redouble.errors import RedoubleError


def integer(value: object) -> int | None:
    """``value`` as an int if it is a whole number: an int or a NumPy integer (an array's value), not a bool.

    >>> import numpy
    >>> integer(numpy.int8(3)), integer(True), integer(2.0), integer("1")
    (3, None, None, None)
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def whole_number(value: object, low: int, high: int) -> int | None:
    """``value`` as a whole number from ``low`` to ``high`` (see :func:`integer`), or None."""
    number = integer(value)
    return number if number is not None and low <= number <= high else None


def _number(value: object, what: str, low: int, high: int) -> int | None:
    """An enum's number (``low`` to ``high``), None if ``value`` is not a whole number; any other is refused."""
    number = integer(value)
    if number is not None and not low <= number <= high:
        raise RedoubleError(f"not a {what}: {number} (as a number, expected {low} to {high})")
    return number


def _key(text: object, what: str, expected: str) -> str:
    """The lookup key of a name (stripped, upper case); anything but text is refused."""
    if not isinstance(text, str):
        raise RedoubleError(f"not a {what}: {text!r} (expected {expected})")
    return text.strip().upper()


def board_number(number: object) -> int:
    """A duplicate board number: a whole number from 1.

    >>> board_number(3)
    3
    """
    whole = integer(number)
    if whole is None:
        raise RedoubleError(f"board numbers are whole numbers, not {number!r}")
    if whole < 1:
        raise RedoubleError(f"board numbers start at 1, not {number}")
    return whole

_SUIT_ALIASES = {
    "C": 0, "♣": 0, "♧": 0, "CLUB": 0, "CLUBS": 0,
    "D": 1, "♦": 1, "♢": 1, "DIAMOND": 1, "DIAMONDS": 1,
    "H": 2, "♥": 2, "♡": 2, "HEART": 2, "HEARTS": 2,
    "S": 3, "♠": 3, "♤": 3, "SPADE": 3, "SPADES": 3,
}


class Suit(IntEnum):
    """A suit, ranked clubs (lowest) to spades.

    >>> Suit.parse("♠"), str(Suit.HEARTS), Suit.DIAMONDS.symbol
    (Suit.SPADES, 'H', '♦')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @classmethod
    def parse(cls, text: str | int) -> Suit:
        if isinstance(text, Suit):
            return text
        index = _number(text, "suit", 0, 3)
        if index is not None:
            return cls(index)
        expected = "one of C D H S ♣ ♦ ♥ ♠"
        try:
            return cls(_SUIT_ALIASES[_key(text, "suit", expected)])
        except KeyError:
            raise RedoubleError(f"not a suit: {text!r} (expected {expected})") from None

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.HEARTS

    @property
    def strain(self) -> Strain:
        return STRAINS[self]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_ALIASES = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10}


class Rank(IntEnum):
    """A rank, two (lowest) to ace.

    >>> Rank.parse("10"), str(Rank.TEN), Rank.QUEEN.hcp
    (Rank.TEN, 'T', 2)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def parse(cls, text: str | int) -> Rank:
        if isinstance(text, Rank):
            return text
        value = _number(text, "rank", 2, 14)
        if value is not None:
            return cls(value)
        key = _key(text, "rank", "A K Q J T 9 ... 2, or 10")
        if key in _RANK_ALIASES:
            return cls(_RANK_ALIASES[key])
        if len(key) == 1 and "2" <= key <= "9":
            return cls(int(key))
        raise RedoubleError(f"not a rank: {text!r} (expected A K Q J T 9 ... 2, or 10)")

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        return max(0, self - 10)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Card:
    """A playing card; the 52 instances are shared, so ``is`` works and hashing is cheap.

    ``Card("SA")``, ``Card("AS")``, ``Card("♠10")`` or ``Card(Suit.SPADES, Rank.ACE)``.
    ``index`` runs 0 (club two) to 51 (spade ace).

    >>> Card("S", "A") is Card("AS")
    True
    >>> sorted([Card("HK"), Card("S2"), Card("HA")])
    [Card('HK'), Card('HA'), Card('S2')]
    """

    __slots__ = ("suit", "rank", "index")
    suit: Suit
    rank: Rank
    index: int
    _all: ClassVar[list[Card]] = []

    def __new__(cls, suit: Card | Suit | str | int, rank: Rank | str | int | None = None) -> Card:
        if isinstance(suit, Card):
            return suit
        if rank is None:
            index = integer(suit)
            if index is not None:
                if not 0 <= index < 52:  # a negative index would silently count from the spade ace
                    raise RedoubleError(f"no card has index {index} (0 is the club two, 51 the spade ace)")
                return cls._all[index]
            if not isinstance(suit, str):
                raise RedoubleError(f"not a card: {suit!r} (expected text like 'SA', or an index 0 to 51)")
            return cls.parse(suit)
        s, r = Suit.parse(suit), Rank.parse(rank)
        return cls._all[s * 13 + r - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index // 13))
        object.__setattr__(card, "rank", Rank(index % 13 + 2))
        object.__setattr__(card, "index", index)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"SA"``, ``"AS"``, ``"♠A"``, ``"S10"``, ``"10S"`` (any case)."""
        t = _key(text, "card", "suit and rank, like 'SA' or 'DT'")
        if len(t) >= 2:
            for suit_part, rank_part in ((t[0], t[1:]), (t[-1], t[:-1])):
                if suit_part in _SUIT_ALIASES and rank_part in _RANK_ALIASES or (
                    suit_part in _SUIT_ALIASES and len(rank_part) == 1 and "2" <= rank_part <= "9"
                ):
                    return cls(Suit.parse(suit_part), Rank.parse(rank_part))
        raise RedoubleError(f"not a card: {text!r} (expected suit and rank, like 'SA' or 'DT')")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return "CDHS"[self.index // 13] + "23456789TJQKA"[self.index % 13]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def symbol(self) -> str:
        """``'♠A'``: the suit symbol and the rank (ten as 10)."""
        return self.suit.symbol + ("10" if self.rank == Rank.TEN else self.rank.letter)

    @property
    def hcp(self) -> int:
        return self.rank.hcp


Card._all = [Card._make(i) for i in range(52)]
ALL_CARDS: tuple[Card, ...] = tuple(Card._all)

_SEAT_ALIASES = {"N": 0, "NORTH": 0, "E": 1, "EAST": 1, "S": 2, "SOUTH": 2, "W": 3, "WEST": 3}


class Seat(IntEnum):
    """A seat at the table; play goes clockwise N, E, S, W.

    >>> Seat.SOUTH.next, Seat.SOUTH.partner, Seat.SOUTH.rho, str(Seat.SOUTH)
    (Seat.WEST, Seat.NORTH, Seat.EAST, 'S')
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @classmethod
    def parse(cls, text: str | int) -> Seat:
        """``'N'``, ``'north'``, a Seat, or its number 0 (North) to 3 (West).

        >>> Seat.parse("w"), Seat.parse(0)
        (Seat.WEST, Seat.NORTH)
        """
        if isinstance(text, Seat):
            return text
        index = _number(text, "seat", 0, 3)
        if index is not None:
            return SEATS[index]
        try:
            return cls(_SEAT_ALIASES[_key(text, "seat", "N, E, S or W")])
        except KeyError:
            raise RedoubleError(f"not a seat: {text!r} (expected N, E, S or W)") from None

    @classmethod
    def dealer_for_board(cls, number: int) -> Seat:
        """The dealer of duplicate board ``number`` (board 1: North)."""
        return cls((board_number(number) - 1) % 4)

    @property
    def next(self) -> Seat:
        # Neighbours are tuple lookups: calling the enum is 40 times slower, and the bidder asks often.
        return SEATS[(self + 1) % 4]

    @property
    def lho(self) -> Seat:
        return SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) % 4]

    @property
    def rho(self) -> Seat:
        return SEATS[(self + 3) % 4]

    @property
    def is_ns(self) -> bool:
        return self % 2 == 0

    @property
    def side(self) -> str:
        """``'NS'`` or ``'EW'``."""
        return "NS" if self % 2 == 0 else "EW"

    @property
    def letter(self) -> str:
        return "NESW"[self]

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


SEATS: tuple[Seat, ...] = tuple(Seat)

_STRAIN_ALIASES = dict(_SUIT_ALIASES)
_STRAIN_ALIASES.update({"N": 4, "NT": 4, "NOTRUMP": 4, "NOTRUMPS": 4, "NO TRUMP": 4, "NO TRUMPS": 4, "SA": 4})


class Strain(IntEnum):
    """A denomination: the four suits and no trumps, in bidding order.

    >>> Strain.parse("nt"), Strain.parse("♦"), str(Strain.NOTRUMP), Strain.SPADES.suit
    (Strain.NOTRUMP, Strain.DIAMONDS, 'NT', Suit.SPADES)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @classmethod
    def parse(cls, text: str | int) -> Strain:
        if isinstance(text, Strain):
            return text
        index = _number(text, "strain", 0, 4)
        if index is not None:
            return cls(index)
        try:
            return cls(_STRAIN_ALIASES[_key(text, "strain", "C D H S or NT")])
        except KeyError:
            raise RedoubleError(f"not a strain: {text!r} (expected C D H S or NT)") from None

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no trumps."""
        return None if self == Strain.NOTRUMP else Suit(int(self))

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


STRAINS: tuple[Strain, ...] = tuple(Strain)

_VUL_ALIASES = {
    "NONE": 0, "LOVE": 0, "-": 0, "O": 0, "0": 0, "NEITHER": 0,
    "NS": 1, "N-S": 1, "N/S": 1, "NORTHSOUTH": 1,
    "EW": 2, "E-W": 2, "E/W": 2, "EASTWEST": 2,
    "ALL": 3, "BOTH": 3, "B": 3,
}


class Vulnerability(IntEnum):
    """Which sides are vulnerable on a deal.

    >>> Vulnerability.parse("Both"), str(Vulnerability.NS), Vulnerability.EW.is_vulnerable(Seat.WEST)
    (Vulnerability.ALL, 'NS', True)
    """

    NONE = 0
    NS = 1
    EW = 2
    ALL = 3

    @classmethod
    def parse(cls, text: str | int) -> Vulnerability:
        if isinstance(text, Vulnerability):
            return text
        index = _number(text, "vulnerability", 0, 3)
        if index is not None:
            return cls(index)
        expected = "None, NS, EW or All"
        try:
            return cls(_VUL_ALIASES[_key(text, "vulnerability", expected).replace(" ", "")])
        except KeyError:
            raise RedoubleError(f"not a vulnerability: {text!r} (expected {expected})") from None

    @classmethod
    def for_board(cls, number: int) -> Vulnerability:
        """Vulnerability of duplicate board ``number`` by the 16-board cycle."""
        return _BOARD_VUL[(board_number(number) - 1) % 16]

    @classmethod
    def from_sides(cls, ns: bool, ew: bool) -> Vulnerability:
        return cls(int(ns) + 2 * int(ew))

    def is_vulnerable(self, seat: Seat | str) -> bool:
        """Whether the side of ``seat`` is vulnerable."""
        seat = Seat.parse(seat)
        return bool(self & (1 if seat % 2 == 0 else 2))

    @property
    def ns(self) -> bool:
        return bool(self & 1)

    @property
    def ew(self) -> bool:
        return bool(self & 2)

    def __str__(self) -> str:
        return ("None", "NS", "EW", "All")[self]

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


_N, _NS, _EW, _ALL = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL
_BOARD_VUL = (_N, _NS, _EW, _ALL, _NS, _EW, _ALL, _N, _EW, _ALL, _N, _NS, _ALL, _N, _NS, _EW)
