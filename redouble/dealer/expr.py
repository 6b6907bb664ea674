"""Constraints on deals as small expression trees, evaluated on many deals at once with NumPy.

A :class:`Context` holds, for each seat a constraint looks at, a ``(52, n)`` boolean matrix: which of
the 52 cards that seat holds in each of ``n`` deals. Every feature (points, lengths, losers ...) is
computed from it with a few whole-array operations, so one evaluation covers a whole batch of deals.

>>> from redouble import Deal
>>> c = north.hcp.between(15, 17) & north.balanced
>>> deal = Deal.parse("N:AKQ4.J92.T8.Q765 - - -")
>>> c, north.hcp(deal), c(deal), (north.hcp + south.hcp >= 12)(deal)
(Constraint('north.hcp in 15..17 and north.balanced'), 12, False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redouble.cards import Card, Seat, Suit
from redouble.deal import Deal, Hand
from redouble.errors import RedoubleError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Constraint", "Context", "Number", "SeatView", "east", "north", "south", "west"]

_SEAT_NAMES = ("north", "east", "south", "west")
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


class Context:
    """Who holds what in ``n`` deals: ``holds[seat]`` is a (52, n) boolean matrix; features are cached."""

    def __init__(self, holds: dict[Seat, np.ndarray], n: int) -> None:
        self.holds = holds
        self.n = n
        self._cache: dict[tuple[object, ...], np.ndarray] = {}

    @classmethod
    def from_deals(cls, deals: list[Deal]) -> Context:
        import numpy as np

        owners = np.frombuffer(b"".join(d.owners for d in deals), dtype=np.uint8).reshape(len(deals), 52).T
        return cls({seat: owners == seat for seat in Seat}, len(deals))

    @classmethod
    def from_hand(cls, hand: Hand, seat: Seat) -> Context:
        import numpy as np

        column = np.array([[hand.mask >> i & 1] for i in range(52)], dtype=bool)
        return cls({seat: column}, 1)

    def cards(self, seat: Seat) -> np.ndarray:
        try:
            return self.holds[seat]
        except KeyError:
            raise RedoubleError(f"this constraint looks at {seat.name.lower()}, whose cards are not known here") \
                from None

    def feature(self, seat: Seat, name: str, arg: int | None = None) -> np.ndarray:
        key = (seat, name, arg)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = _FEATURES[name](self, seat, arg)
        return found


def _lengths(ctx: Context, seat: Seat, suit: int | None) -> np.ndarray:
    import numpy as np

    assert suit is not None
    lengths: np.ndarray = ctx.cards(seat)[13 * suit:13 * suit + 13].sum(axis=0, dtype=np.int16)
    return lengths


def _weighted(ctx: Context, seat: Seat, weights: tuple[int, ...], suit: int | None) -> np.ndarray:
    """Sum of per-rank weights (index 0 the ace) over the cards held, in one suit or all four."""
    import numpy as np

    cards = ctx.cards(seat)
    total = np.zeros(ctx.n, dtype=np.int16)
    for s in (range(4) if suit is None else (suit,)):
        for k, w in enumerate(weights):
            if w:
                row = cards[13 * s + 12 - k]
                total += row if w == 1 else row * np.int16(w)
    return total


def _hcp(ctx: Context, seat: Seat, suit: int | None) -> np.ndarray:
    return _weighted(ctx, seat, (4, 3, 2, 1), suit)


def _controls(ctx: Context, seat: Seat, suit: int | None) -> np.ndarray:
    return _weighted(ctx, seat, (2, 1), suit)


def _losers(ctx: Context, seat: Seat, suit: int | None) -> np.ndarray:
    """Losing-trick count, as :attr:`redouble.deal.Hand.losers`: missing A, K, Q among the top min(n, 3)."""
    import numpy as np

    cards = ctx.cards(seat)
    total = np.zeros(ctx.n, dtype=np.int16)
    for s in (range(4) if suit is None else (suit,)):
        n = ctx.feature(seat, "length", s)
        ace, king, queen = cards[13 * s + 12], cards[13 * s + 11], cards[13 * s + 10]
        total += np.minimum(n, 3) - ace - (king & (n >= 2)) - (queen & (n >= 3))
    return total


def _points(ctx: Context, seat: Seat, suit: int | None) -> np.ndarray:
    """High-card points plus one for each card beyond four in a suit."""
    import numpy as np

    total = ctx.feature(seat, "hcp").copy()
    for s in range(4):
        total += np.maximum(ctx.feature(seat, "length", s) - 4, 0)
    return total


def _shape_code(ctx: Context, seat: Seat, suit: int | None) -> np.ndarray:
    import numpy as np

    c, d, h, s = (ctx.feature(seat, "length", k).astype(np.int32) for k in range(4))
    return ((s * 14 + h) * 14 + d) * 14 + c


_FEATURES: dict[str, Callable[[Context, Seat, int | None], Any]] = {
    "length": _lengths, "hcp": _hcp, "controls": _controls, "losers": _losers, "points": _points,
    "shape_code": _shape_code,
}


# --- expression nodes ----------------------------------------------------------------------------------

class _Node:
    """Base of numbers and constraints: a tree that evaluates on a Context."""

    def evaluate(self, ctx: Context) -> np.ndarray:
        raise NotImplementedError

    def seats(self) -> frozenset[Seat]:
        raise NotImplementedError

    def text(self) -> str:
        raise NotImplementedError

    def _on_one(self, subject: Deal | Hand) -> Any:
        if isinstance(subject, Deal):
            ctx = Context.from_deals([subject])
        elif isinstance(subject, Hand):
            seats = self.seats()
            if len(seats) != 1:
                raise RedoubleError(f"{self.text()!r} looks at {len(seats)} seats; give it a whole deal, not a hand")
            ctx = Context.from_hand(subject, next(iter(seats)))
        else:
            raise RedoubleError(f"expected a Deal or a Hand, not {subject!r}")
        return self.evaluate(ctx)[0].item()


def _number(value: Number | int) -> Number:
    if isinstance(value, Number):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise RedoubleError(f"expected a whole number or a hand feature, not {value!r}")
    return Const(value)


class Number(_Node):
    """A whole number per deal: a hand feature, a constant, or a sum or difference of them."""

    def __call__(self, subject: Deal | Hand) -> int:
        return int(self._on_one(subject))

    def __add__(self, other: Number | int) -> Number:
        return Arith("+", self, _number(other))

    def __radd__(self, other: int) -> Number:
        return Arith("+", _number(other), self)

    def __sub__(self, other: Number | int) -> Number:
        return Arith("-", self, _number(other))

    def __rsub__(self, other: int) -> Number:
        return Arith("-", _number(other), self)

    def __lt__(self, other: Number | int) -> Constraint:  # type: ignore[override]
        return Compare("<", self, _number(other))

    def __le__(self, other: Number | int) -> Constraint:  # type: ignore[override]
        return Compare("<=", self, _number(other))

    def __gt__(self, other: Number | int) -> Constraint:  # type: ignore[override]
        return Compare(">", self, _number(other))

    def __ge__(self, other: Number | int) -> Constraint:  # type: ignore[override]
        return Compare(">=", self, _number(other))

    def __eq__(self, other: object) -> Constraint:  # type: ignore[override]
        return Compare("==", self, _number(other))  # type: ignore[arg-type]

    def __ne__(self, other: object) -> Constraint:  # type: ignore[override]
        return Compare("!=", self, _number(other))  # type: ignore[arg-type]

    __hash__ = object.__hash__

    def between(self, low: int, high: int) -> Constraint:
        """``low <= self <= high`` (the language's ``in low..high``)."""
        return InRange(self, _number(low), _number(high))

    def __repr__(self) -> str:
        return f"Number({self.text()!r})"


@dataclass(frozen=True, eq=False, repr=False)
class Const(Number):
    value: int

    def evaluate(self, ctx: Context) -> np.ndarray:
        import numpy as np

        return np.full(ctx.n, self.value, dtype=np.int16)

    def seats(self) -> frozenset[Seat]:
        return frozenset()

    def text(self) -> str:
        return str(self.value)


@dataclass(frozen=True, eq=False, repr=False)
class Feature(Number):
    seat: Seat
    name: str
    suit: int | None = None

    def evaluate(self, ctx: Context) -> np.ndarray:
        return ctx.feature(self.seat, self.name, self.suit)

    def seats(self) -> frozenset[Seat]:
        return frozenset((self.seat,))

    def text(self) -> str:
        who = _SEAT_NAMES[self.seat]
        if self.name == "length":
            assert self.suit is not None
            return f"{who}.{_SUIT_NAMES[self.suit]}"
        return f"{who}.{self.name}" + (f"({_SUIT_NAMES[self.suit]})" if self.suit is not None else "")


@dataclass(frozen=True, eq=False, repr=False)
class Arith(Number):
    op: str
    left: Number
    right: Number

    def evaluate(self, ctx: Context) -> np.ndarray:
        a, b = self.left.evaluate(ctx), self.right.evaluate(ctx)
        total: np.ndarray = a + b if self.op == "+" else a - b
        return total

    def seats(self) -> frozenset[Seat]:
        return self.left.seats() | self.right.seats()

    def text(self) -> str:
        right = self.right.text()
        if self.op == "-" and isinstance(self.right, Arith):
            right = f"({right})"
        return f"{self.left.text()} {self.op} {right}"


class Constraint(_Node):
    """A yes/no test on a deal; combine with ``&``, ``|`` and ``~``; call it on a Deal (or a Hand)."""

    def __call__(self, subject: Deal | Hand) -> bool:
        return bool(self._on_one(subject))

    def __and__(self, other: Constraint) -> Constraint:
        return And(_constraint(self), _constraint(other))

    def __or__(self, other: Constraint) -> Constraint:
        return Or(_constraint(self), _constraint(other))

    def __invert__(self) -> Constraint:
        return Not(self)

    def __bool__(self) -> bool:
        raise RedoubleError(f"a constraint has no truth value by itself ({self.text()!r}); "
                            "combine constraints with &, | and ~ rather than and, or, not")

    def __repr__(self) -> str:
        return f"Constraint({self.text()!r})"

    def evaluate_deals(self, deals: list[Deal]) -> list[bool]:
        """The test on each deal of a list, in one vectorised pass."""
        if not deals:
            return []
        return [bool(x) for x in self.evaluate(Context.from_deals(deals))]


def _constraint(value: object) -> Constraint:
    if not isinstance(value, Constraint):
        raise RedoubleError(f"expected a constraint, not {value!r}")
    return value


_PRECEDENCE = {"Or": 1, "And": 2}


def _wrapped(node: Constraint, parent: str) -> str:
    inner = type(node).__name__
    if inner in _PRECEDENCE and _PRECEDENCE[inner] < _PRECEDENCE.get(parent, 3):
        return f"({node.text()})"
    return node.text()


@dataclass(frozen=True, eq=False, repr=False)
class Compare(Constraint):
    op: str
    left: Number
    right: Number

    def evaluate(self, ctx: Context) -> np.ndarray:
        import operator

        fn = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
              "!=": operator.ne}[self.op]
        return fn(self.left.evaluate(ctx), self.right.evaluate(ctx))  # type: ignore[no-any-return]

    def seats(self) -> frozenset[Seat]:
        return self.left.seats() | self.right.seats()

    def text(self) -> str:
        return f"{self.left.text()} {self.op} {self.right.text()}"


@dataclass(frozen=True, eq=False, repr=False)
class InRange(Constraint):
    value: Number
    low: Number
    high: Number

    def evaluate(self, ctx: Context) -> np.ndarray:
        v = self.value.evaluate(ctx)
        return (v >= self.low.evaluate(ctx)) & (v <= self.high.evaluate(ctx))  # type: ignore[no-any-return]

    def seats(self) -> frozenset[Seat]:
        return self.value.seats() | self.low.seats() | self.high.seats()

    def text(self) -> str:
        return f"{self.value.text()} in {self.low.text()}..{self.high.text()}"


@dataclass(frozen=True, eq=False, repr=False)
class And(Constraint):
    left: Constraint
    right: Constraint

    def evaluate(self, ctx: Context) -> np.ndarray:
        return self.left.evaluate(ctx) & self.right.evaluate(ctx)  # type: ignore[no-any-return]

    def seats(self) -> frozenset[Seat]:
        return self.left.seats() | self.right.seats()

    def text(self) -> str:
        return f"{_wrapped(self.left, 'And')} and {_wrapped(self.right, 'And')}"


@dataclass(frozen=True, eq=False, repr=False)
class Or(Constraint):
    left: Constraint
    right: Constraint

    def evaluate(self, ctx: Context) -> np.ndarray:
        return self.left.evaluate(ctx) | self.right.evaluate(ctx)  # type: ignore[no-any-return]

    def seats(self) -> frozenset[Seat]:
        return self.left.seats() | self.right.seats()

    def text(self) -> str:
        return f"{_wrapped(self.left, 'Or')} or {_wrapped(self.right, 'Or')}"


@dataclass(frozen=True, eq=False, repr=False)
class Not(Constraint):
    inner: Constraint

    def evaluate(self, ctx: Context) -> np.ndarray:
        return ~self.inner.evaluate(ctx)  # type: ignore[no-any-return]

    def seats(self) -> frozenset[Seat]:
        return self.inner.seats()

    def text(self) -> str:
        inner = self.inner.text()
        return f"not ({inner})" if isinstance(self.inner, And | Or | Compare | InRange) else f"not {inner}"


@dataclass(frozen=True, eq=False, repr=False)
class Truth(Constraint):
    value: bool

    def evaluate(self, ctx: Context) -> np.ndarray:
        import numpy as np

        return np.full(ctx.n, self.value, dtype=bool)

    def seats(self) -> frozenset[Seat]:
        return frozenset()

    def text(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True, eq=False, repr=False)
class Shape(Constraint):
    """The seat's suit lengths are one of the patterns of ``spec`` (see :mod:`redouble.dealer.shapes`)."""

    seat: Seat
    spec: str
    name: str = "shape"

    def __post_init__(self) -> None:
        from redouble.dealer.shapes import shapes_of

        shapes_of(self.spec)  # raise now on a bad pattern

    def evaluate(self, ctx: Context) -> np.ndarray:
        from redouble.dealer.shapes import shape_table

        return shape_table(self.spec)[ctx.feature(self.seat, "shape_code")]  # type: ignore[no-any-return]

    def seats(self) -> frozenset[Seat]:
        return frozenset((self.seat,))

    def text(self) -> str:
        who = _SEAT_NAMES[self.seat]
        return f"{who}.{self.name}" if self.name != "shape" else f'{who}.shape("{self.spec}")'


@dataclass(frozen=True, eq=False, repr=False)
class Holds(Constraint):
    """The seat holds every card of ``mask`` (when it is a top-level condition, those cards are predealt)."""

    seat: Seat
    mask: int

    def evaluate(self, ctx: Context) -> np.ndarray:
        cards = ctx.cards(self.seat)
        rows = [i for i in range(52) if self.mask >> i & 1]
        return cards[rows].all(axis=0)  # type: ignore[no-any-return,return-value]

    def seats(self) -> frozenset[Seat]:
        return frozenset((self.seat,))

    def text(self) -> str:
        cards = Hand(self.mask)
        if len(cards) == 13:
            return f'{_SEAT_NAMES[self.seat]}.holds("{cards}")'
        return f'{_SEAT_NAMES[self.seat]}.holds("{" ".join(str(c) for c in cards)}")'


def parse_cards(text: str) -> int:
    """A hand in PBN form (``"AKQ4.J92.T8.Q765"``, suits may be empty) or cards like ``"SA HK D2"``."""
    t = text.strip()
    if "." in t:
        return Hand.parse(t).mask
    mask = 0
    for word in t.replace(",", " ").split():
        card = Card.parse(word)
        mask |= 1 << card.index
    if not mask:
        raise RedoubleError(f"no cards in {text!r} (expected a hand like 'AKQ4.J92.T8.Q765' or cards like 'SA HK')")
    return mask


class SeatView:
    """The features of one seat's hand: ``north.hcp``, ``north.spades``, ``north.balanced`` ...

    >>> north.hcp.between(12, 14) & ~north.shape("any 4333")
    Constraint('north.hcp in 12..14 and not north.shape("any 4333")')
    """

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def __repr__(self) -> str:
        return _SEAT_NAMES[self.seat]

    def __reduce__(self) -> tuple[type[SeatView], tuple[Seat]]:
        return (SeatView, (self.seat,))

    @property
    def hcp(self) -> Number:
        return Feature(self.seat, "hcp")

    def hcp_in(self, suit: Suit | str) -> Number:
        """High-card points in one suit."""
        return Feature(self.seat, "hcp", int(_suit(suit)))

    @property
    def controls(self) -> Number:
        return Feature(self.seat, "controls")

    @property
    def losers(self) -> Number:
        return Feature(self.seat, "losers")

    @property
    def points(self) -> Number:
        """High-card points plus length points."""
        return Feature(self.seat, "points")

    def length(self, suit: Suit | str) -> Number:
        return Feature(self.seat, "length", int(_suit(suit)))

    @property
    def spades(self) -> Number:
        return self.length(Suit.SPADES)

    @property
    def hearts(self) -> Number:
        return self.length(Suit.HEARTS)

    @property
    def diamonds(self) -> Number:
        return self.length(Suit.DIAMONDS)

    @property
    def clubs(self) -> Number:
        return self.length(Suit.CLUBS)

    @property
    def balanced(self) -> Constraint:
        from redouble.dealer.shapes import BALANCED

        return Shape(self.seat, BALANCED, "balanced")

    @property
    def semibalanced(self) -> Constraint:
        from redouble.dealer.shapes import SEMI_BALANCED

        return Shape(self.seat, SEMI_BALANCED, "semibalanced")

    def shape(self, spec: str) -> Constraint:
        return Shape(self.seat, spec)

    def holds(self, cards: str | Hand | Card) -> Constraint:
        if isinstance(cards, Hand):
            mask = cards.mask
        elif isinstance(cards, Card):
            mask = 1 << cards.index
        else:
            mask = parse_cards(cards)
        return Holds(self.seat, mask)


def _suit(suit: Suit | str) -> Suit:
    if isinstance(suit, Suit):
        return suit
    return Suit.parse(suit)


north = SeatView(Seat.NORTH)
east = SeatView(Seat.EAST)
south = SeatView(Seat.SOUTH)
west = SeatView(Seat.WEST)
