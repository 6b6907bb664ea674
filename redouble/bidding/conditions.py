"""What a hand must hold for a rule: small readable conditions that test a hand and narrow a range.

A condition names suits either literally (``"S"``, ``"H"``, ``"D"``, ``"C"``) or by a variable bound
by the auction pattern (``M``/``N`` majors, ``m``/``n`` minors, ``x y z w`` any suit; see
:mod:`redouble.bidding.rules`).

>>> from redouble.deal import Hand
>>> env = Env({"M": Suit.HEARTS})
>>> hand = Hand.parse("K84.AJ72.Q93.K65")
>>> Len("M", 4).holds(hand, env), HCP(12, 14).holds(hand, env), Balanced().holds(hand, env)
(True, True, True)
>>> str(Len("M", 3, 3).narrow(HandRange(), env))
'♥3'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from redouble.bidding.meaning import HandRange
from redouble.cards import Suit
from redouble.deal import Hand

if TYPE_CHECKING:
    from redouble.bidding.context import Context

MAJORS = (Suit.HEARTS, Suit.SPADES)
MINORS = (Suit.CLUBS, Suit.DIAMONDS)


@dataclass
class Env:
    """Suit variables bound by a pattern, plus the auction context (None in doctests)."""

    suits: dict[str, Suit] = field(default_factory=dict)
    ctx: Context | None = None

    def suit(self, name: str | Suit) -> Suit:
        if isinstance(name, Suit):
            return name
        if name in self.suits:
            return self.suits[name]
        return Suit.parse(name)

    def word(self, name: str | Suit) -> str:
        return self.suit(name).name.lower()


def support_points(hand: Hand, trump: Suit) -> int:
    """HCP plus shortness counted as dummy: void 5, singleton 3, doubleton 1 (with 3+ trumps)."""
    if hand.length(trump) < 3:
        return hand.hcp
    extra = 0
    for s in Suit:
        if s != trump:
            extra += (5, 3, 1)[hand.length(s)] if hand.length(s) < 3 else 0
    if hand.length(trump) == 3:
        extra = min(extra, 2)  # shortness is worth less with only three trumps
    return hand.hcp + extra


def good_suit(hand: Hand, suit: Suit) -> bool:
    """Two of the top three honours, or three of the top five."""
    h = hand.holding(suit)
    top3 = sum(h >> b & 1 for b in (12, 11, 10))
    top5 = top3 + sum(h >> b & 1 for b in (9, 8))
    return top3 >= 2 or top5 >= 3


def opening_suit(hand: Hand) -> Suit:
    """The suit SAYC opens at the one level: the longest; 5-5 or 6-6 the higher; 4-4 minors 1D, 3-3 1C.

    >>> opening_suit(Hand.parse("AK.QJ2.K432.Q432")), opening_suit(Hand.parse("AKJ43.KQ987.2.32"))
    (Suit.DIAMONDS, Suit.SPADES)
    """
    shape = {s: hand.length(s) for s in Suit}
    longest = max(shape.values())
    if longest >= 5:
        return max(s for s in Suit if shape[s] == longest)
    # No five-card suit: the longer minor (a four-card major is not opened).
    if shape[Suit.DIAMONDS] > shape[Suit.CLUBS] or (shape[Suit.DIAMONDS] == shape[Suit.CLUBS] == 4):
        return Suit.DIAMONDS
    return Suit.CLUBS


class Condition:
    """One requirement on a hand."""

    def holds(self, hand: Hand, env: Env) -> bool:
        raise NotImplementedError

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        """What the requirement tells a listener (default: nothing)."""
        return rng

    def describe(self, env: Env) -> str:
        raise NotImplementedError


def _span(lo: int | None, hi: int | None, unit: str) -> str:
    if hi is None or hi >= 37:
        return f"{lo}+ {unit}"
    if lo is None or lo <= 0:
        return f"at most {hi} {unit}"
    return f"{lo}-{hi} {unit}" if lo != hi else f"{lo} {unit}"


@dataclass(frozen=True)
class HCP(Condition):
    lo: int = 0
    hi: int = 37

    def holds(self, hand: Hand, env: Env) -> bool:
        return self.lo <= hand.hcp <= self.hi

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        return rng.narrow_hcp(self.lo, self.hi)

    def describe(self, env: Env) -> str:
        return _span(self.lo, self.hi, "HCP")


@dataclass(frozen=True)
class PointCount(Condition):
    """``lo`` to ``hi`` points by a count of HCP and more (``count``); a listener reads an HCP floor
    ``slack`` below ``lo``. What the count adds to HCP is capped at ``slack`` (``counted``), so that floor
    holds for every hand: uncapped, a nine-card suit's five length points let 6 HCP bid a 11+ point call
    that partner and the opponents were told shows 7+ HCP.

    >>> nine_clubs = Hand.parse("54.4.4.KQJ965432")  # 6 HCP, five length points
    >>> nine_clubs.total_points, Points(10).holds(nine_clubs, Env()), Points(11).holds(nine_clubs, Env())
    (11, True, False)
    """

    lo: int = 0
    hi: int = 40
    slack: ClassVar[int] = 0
    unit: ClassVar[str] = "points"

    def count(self, hand: Hand) -> int:
        raise NotImplementedError

    def counted(self, hand: Hand) -> int:
        """The count with at most ``slack`` points beyond HCP: what the listener's inference can stand for."""
        return min(self.count(hand), hand.hcp + self.slack)

    def holds(self, hand: Hand, env: Env) -> bool:
        return self.lo <= self.counted(hand) <= self.hi

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        return rng.narrow_hcp(max(0, self.lo - self.slack), min(37, self.hi))

    def describe(self, env: Env) -> str:
        return _span(self.lo, self.hi, self.unit)


@dataclass(frozen=True)
class Points(PointCount):
    """HCP plus a point for each card beyond four in a suit."""

    slack: ClassVar[int] = 4  # a 6-5 or 7-4 hand has three length points, 6-6 and 8-4 four; beyond, capped

    def count(self, hand: Hand) -> int:
        return hand.total_points


def nt_points(hand: Hand) -> int:
    """Points for notrump: HCP plus one for a five-card suit, which sets up a long trick (the expert's count
    for inviting and accepting in notrump).

    >>> nt_points(Hand.parse("Q76.QT3.KQ843.42")), nt_points(Hand.parse("AK9.AJ52.97.K852"))
    (10, 15)
    """
    return hand.hcp + (max(hand.shape) >= 5)


@dataclass(frozen=True)
class NTPoints(PointCount):
    """``lo`` to ``hi`` notrump points (``nt_points``: HCP and one for a five-card suit)."""

    slack: ClassVar[int] = 1
    unit: ClassVar[str] = "points (a five-card suit counts one)"

    def count(self, hand: Hand) -> int:
        return nt_points(hand)


def fit_points(hand: Hand) -> int:
    """Points once partner has raised my suit: HCP and length, plus a singleton (2) or a void (3), which now
    ruff (a doubleton adds nothing: the booklet's 17-18 invitation holds for A4.AKJ73.Q52.K52).

    >>> fit_points(Hand.parse("AKT65.K64.AK76.6")), Hand.parse("AKT65.K64.AK76.6").total_points
    (20, 18)
    """
    return hand.total_points + sum((3, 2)[hand.length(s)] for s in Suit if hand.length(s) < 2)


@dataclass(frozen=True)
class FitPoints(PointCount):
    """Points with a fit found: HCP, length and shortness (``fit_points``)."""

    slack: ClassVar[int] = 6
    unit: ClassVar[str] = "points counting shortness"

    def count(self, hand: Hand) -> int:
        return fit_points(hand)


@dataclass(frozen=True)
class Support(Condition):
    """Dummy points (HCP plus shortness) when raising ``suit``; shortness counts for at most 5 of them."""

    suit: str
    lo: int = 0
    hi: int = 40

    def holds(self, hand: Hand, env: Env) -> bool:
        return self.lo <= support_points(hand, env.suit(self.suit)) <= self.hi and hand.hcp >= self.lo - 5

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        return rng.narrow_hcp(max(0, self.lo - 5), min(37, self.hi))

    def describe(self, env: Env) -> str:
        return _span(self.lo, self.hi, "support points")


@dataclass(frozen=True)
class Len(Condition):
    """``lo`` to ``hi`` cards in a suit."""

    suit: str
    lo: int = 0
    hi: int = 13

    def holds(self, hand: Hand, env: Env) -> bool:
        return self.lo <= hand.length(env.suit(self.suit)) <= self.hi

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        return rng.narrow_length(env.suit(self.suit), self.lo, self.hi)

    def describe(self, env: Env) -> str:
        word = env.word(self.suit)
        if self.hi >= 13:
            return f"{self.lo}+ {word}"
        if self.lo == 0:
            return f"at most {self.hi} {word}"
        return f"{self.lo} {word}" if self.lo == self.hi else f"{self.lo}-{self.hi} {word}"


@dataclass(frozen=True)
class Balanced(Condition):
    """4333, 4432 or 5332 (``semi=True``: no singleton or void, so 5422, 6322 and 7222 too)."""

    semi: bool = False

    def holds(self, hand: Hand, env: Env) -> bool:
        return hand.is_semi_balanced if self.semi else hand.is_balanced

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        for s in Suit:  # semi-balanced: no singleton or void, so a 7-2-2-2 too
            rng = rng.narrow_length(s, 2, 7 if self.semi else 5)
        return rng

    def describe(self, env: Env) -> str:
        return "semi-balanced" if self.semi else "balanced"


@dataclass(frozen=True)
class Unbalanced(Condition):
    def holds(self, hand: Hand, env: Env) -> bool:
        return not hand.is_balanced

    def describe(self, env: Env) -> str:
        return "unbalanced"


@dataclass(frozen=True)
class GoodSuit(Condition):
    """Two of the top three honours or three of the top five in a suit."""

    suit: str

    def holds(self, hand: Hand, env: Env) -> bool:
        return good_suit(hand, env.suit(self.suit))

    def describe(self, env: Env) -> str:
        return f"a good {env.word(self.suit)} suit"


@dataclass(frozen=True)
class Stopper(Condition):
    """A stopper (A, Kx, Qxx, Jxxx) in a suit, or in every suit the opponents bid (``suit='theirs'``)."""

    suit: str

    def holds(self, hand: Hand, env: Env) -> bool:
        if self.suit == "theirs":
            return all(hand.stopper(s) for s in (env.ctx.their_suits if env.ctx else ()))
        return hand.stopper(env.suit(self.suit))

    def describe(self, env: Env) -> str:
        return "stoppers in their suits" if self.suit == "theirs" else f"a {env.word(self.suit)} stopper"


@dataclass(frozen=True)
class Longest(Condition):
    """No suit is longer than this one."""

    suit: str

    def holds(self, hand: Hand, env: Env) -> bool:
        return hand.length(env.suit(self.suit)) == max(hand.shape)

    def describe(self, env: Env) -> str:
        return f"{env.word(self.suit)} the longest suit"


@dataclass(frozen=True)
class OpensSuit(Condition):
    """The suit SAYC opens at the one level (see :func:`opening_suit`)."""

    suit: str

    def holds(self, hand: Hand, env: Env) -> bool:
        return opening_suit(hand) == env.suit(self.suit)

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        s = env.suit(self.suit)
        rng = rng.narrow_length(s, 5 if s.is_major else 3, None)
        if s == Suit.DIAMONDS:
            rng = rng.narrow_length(Suit.DIAMONDS, 3, None)
        for major in MAJORS:
            if major != s:  # a five-card major goes unopened only under a longer minor (6-5); six under the
                # other major as long or longer (6-6 opens 1S, 7-6 the seven)
                rng = rng.narrow_length(major, None, 6 if s.is_major else 5)
        return rng

    def describe(self, env: Env) -> str:
        return f"{env.word(self.suit)} the suit to open"


@dataclass(frozen=True)
class NoFourCardMajor(Condition):
    def holds(self, hand: Hand, env: Env) -> bool:
        return hand.length(Suit.HEARTS) < 4 and hand.length(Suit.SPADES) < 4

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        return rng.narrow_length(Suit.HEARTS, 0, 3).narrow_length(Suit.SPADES, 0, 3)

    def describe(self, env: Env) -> str:
        return "no four-card major"


@dataclass(frozen=True)
class Aces(Condition):
    """Exactly one of ``counts`` aces (Blackwood 5C shows 0 or 4)."""

    counts: tuple[int, ...]
    kings: bool = False

    def holds(self, hand: Hand, env: Env) -> bool:
        bit = 11 if self.kings else 12
        n = sum(hand.holding(s) >> bit & 1 for s in Suit)
        return n in self.counts

    def describe(self, env: Env) -> str:
        word = "kings" if self.kings else "aces"
        return " or ".join(str(c) for c in self.counts) + f" {word}"


@dataclass(frozen=True)
class Test(Condition):
    """Any other requirement, given as words and a function ``(hand, env) -> bool``."""

    text: str
    fn: Callable[[Hand, Env], bool] = field(compare=False)
    shows: Callable[[HandRange, Env], HandRange] | None = field(default=None, compare=False)

    def holds(self, hand: Hand, env: Env) -> bool:
        return bool(self.fn(hand, env))

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        return self.shows(rng, env) if self.shows else rng

    def describe(self, env: Env) -> str:
        return self.text


@dataclass(frozen=True)
class Given(Condition):
    """A requirement on the auction alone (how the bound suits rank, which suits partner showed), not on the
    hand: it decides whether the rule applies at all, so the explanation of a call checks it too (1D-1H-2C
    was read as a reverse before, since only the hand was asked how clubs rank against diamonds).

    >>> from redouble.bidding.rules import rule
    >>> r = rule("x", "1x P 1y P ?", "2z", given("{z} below {x}", lambda e: e.suit("z") < e.suit("x")))
    >>> [str(c) for c, env in r.calls_in(("1D", "P", "1H", "P")) if r.applies(env)]
    ['2C']
    """

    text: str
    fn: Callable[[Env], bool] = field(compare=False)

    def holds(self, hand: Hand, env: Env) -> bool:
        return bool(self.fn(env))

    def describe(self, env: Env) -> str:
        return self.text


def given(text: str, fn: Callable[[Env], Any]) -> Given:
    return Given(text, fn)


@dataclass(frozen=True)
class AnyOf(Condition):
    """At least one of several sets of conditions."""

    options: tuple[tuple[Condition, ...], ...]

    def holds(self, hand: Hand, env: Env) -> bool:
        return any(all(c.holds(hand, env) for c in opt) for opt in self.options)

    def narrow(self, rng: HandRange, env: Env) -> HandRange:
        out: HandRange | None = None
        for opt in self.options:
            r = rng
            for c in opt:
                r = c.narrow(r, env)
            out = r if out is None else out.hull(r)
        return out if out is not None else rng

    def describe(self, env: Env) -> str:
        return " or ".join("(" + ", ".join(c.describe(env) for c in opt) + ")" for opt in self.options)


def major(name: str) -> Given:
    """The suit bound to ``name`` is a major."""
    return given(f"{{{name}}} a major", lambda e: e.suit(name).is_major)


def minor(name: str) -> Given:
    """The suit bound to ``name`` is a minor."""
    return given(f"{{{name}}} a minor", lambda e: not e.suit(name).is_major)


def short(suit: str, most: int = 1) -> Len:
    """At most ``most`` cards in ``suit``."""
    return Len(suit, 0, most)


def any_of(*options: tuple[Condition, ...] | Condition) -> AnyOf:
    return AnyOf(tuple(o if isinstance(o, tuple) else (o,) for o in options))


def test(text: str, fn: Callable[[Hand, Env], Any], shows: Callable[[HandRange, Env], HandRange] | None = None) -> Test:
    """A condition of its own, named by ``text``: ``fn`` decides it, ``shows`` is what it tells the listener.

    >>> test("a void", lambda h, e: 0 in h.shape).describe(None)
    'a void'
    """
    return Test(text, fn, shows)


# pytest, handed a rules module by name, would take this helper for a test function.
test.__test__ = False  # type: ignore[attr-defined]
