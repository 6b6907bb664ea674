"""What a call means: its text, alert, forcing status and the hand ranges it shows.

>>> r = HandRange().narrow_hcp(15, 17).narrow_length(Suit.SPADES, 5, 13)
>>> str(r)
'15-17 HCP, ♠5+'
>>> r.intersect(HandRange().narrow_hcp(16, 20)).hcp
(16, 17)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from redouble.cards import Suit

_SUITS_HIGH_FIRST = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Forcing(Enum):
    """How a call binds partner."""

    NONFORCING = "non-forcing"
    INVITATIONAL = "invitational"
    SIGNOFF = "sign-off"
    FORCING = "forcing"
    GAME_FORCING = "game-forcing"

    @property
    def forces(self) -> bool:
        """True if partner may not pass."""
        return self in (Forcing.FORCING, Forcing.GAME_FORCING)


@dataclass(frozen=True, slots=True)
class HandRange:
    """What is known of one hand: HCP min/max and, per suit (indexed by :class:`Suit`), length min/max."""

    hcp_min: int = 0
    hcp_max: int = 37
    length_min: tuple[int, int, int, int] = (0, 0, 0, 0)
    length_max: tuple[int, int, int, int] = (13, 13, 13, 13)

    @property
    def hcp(self) -> tuple[int, int]:
        return (self.hcp_min, self.hcp_max)

    def length(self, suit: Suit) -> tuple[int, int]:
        return (self.length_min[suit], self.length_max[suit])

    @property
    def is_unknown(self) -> bool:
        return self == HandRange()

    def narrow_hcp(self, lo: int | None, hi: int | None) -> HandRange:
        lo2 = self.hcp_min if lo is None else max(self.hcp_min, lo)
        hi2 = self.hcp_max if hi is None else min(self.hcp_max, hi)
        if lo2 > hi2:  # contradictory: trust the newer statement
            lo2, hi2 = (lo if lo is not None else lo2), (hi if hi is not None else hi2)
            lo2, hi2 = min(lo2, hi2), max(lo2, hi2)
        return HandRange(lo2, hi2, self.length_min, self.length_max)

    def narrow_length(self, suit: Suit, lo: int | None, hi: int | None) -> HandRange:
        mins, maxs = list(self.length_min), list(self.length_max)
        lo2 = mins[suit] if lo is None else max(mins[suit], lo)
        hi2 = maxs[suit] if hi is None else min(maxs[suit], hi)
        if lo2 > hi2:
            lo2, hi2 = (lo if lo is not None else lo2), (hi if hi is not None else hi2)
            lo2, hi2 = min(lo2, hi2), max(lo2, hi2)
        mins[suit], maxs[suit] = lo2, hi2
        return HandRange(self.hcp_min, self.hcp_max, tuple(mins), tuple(maxs))  # type: ignore[arg-type]

    def intersect(self, other: HandRange) -> HandRange:
        """Both statements at once (the later one wins where they contradict)."""
        r = self.narrow_hcp(other.hcp_min, other.hcp_max)
        for s in Suit:
            r = r.narrow_length(s, other.length_min[s], other.length_max[s])
        return r

    def hull(self, other: HandRange) -> HandRange:
        """Either statement: the smallest range that holds both."""
        return HandRange(min(self.hcp_min, other.hcp_min), max(self.hcp_max, other.hcp_max),
                         tuple(min(a, b) for a, b in zip(self.length_min, other.length_min, strict=True)),  # type: ignore[arg-type]
                         tuple(max(a, b) for a, b in zip(self.length_max, other.length_max, strict=True)))  # type: ignore[arg-type]

    def contains(self, hand: object) -> bool:
        """True if a :class:`~redouble.deal.Hand` fits this range."""
        hcp = hand.hcp  # type: ignore[attr-defined]
        if not self.hcp_min <= hcp <= self.hcp_max:
            return False
        return all(self.length_min[s] <= hand.length(s) <= self.length_max[s] for s in Suit)  # type: ignore[attr-defined]

    def to_dict(self) -> dict[str, object]:
        return {"hcp": [self.hcp_min, self.hcp_max],
                "lengths": {s.letter: [self.length_min[s], self.length_max[s]] for s in _SUITS_HIGH_FIRST}}

    def __str__(self) -> str:
        parts = []
        if self.hcp != (0, 37):
            if self.hcp_max >= 37:
                parts.append(f"{self.hcp_min}+ HCP")
            elif self.hcp_min == self.hcp_max:
                parts.append(f"{self.hcp_min} HCP")
            else:
                parts.append(f"{self.hcp_min}-{self.hcp_max} HCP")
        for s in _SUITS_HIGH_FIRST:
            lo, hi = self.length(s)
            if (lo, hi) == (0, 13):
                continue
            if hi >= 13:
                parts.append(f"{s.symbol}{lo}+")
            elif lo == 0:
                parts.append(f"{s.symbol}0-{hi}")
            elif lo == hi:
                parts.append(f"{s.symbol}{lo}")
            else:
                parts.append(f"{s.symbol}{lo}-{hi}")
        return ", ".join(parts) or "nothing known"


@dataclass(frozen=True, slots=True)
class Meaning:
    """What one call says: words, alert, forcing status and the ranges it shows.

    >>> m = Meaning("opening bid, 5+ spades", range=HandRange().narrow_length(Suit.SPADES, 5, None))
    >>> m.length_min(Suit.SPADES), m.forcing.forces
    (5, False)
    """

    text: str
    alert: bool = False
    forcing: Forcing = Forcing.NONFORCING
    range: HandRange = field(default_factory=HandRange)
    points: tuple[int, int] | None = None
    convention: str | None = None

    @property
    def hcp_min(self) -> int:
        return self.range.hcp_min

    @property
    def hcp_max(self) -> int:
        return self.range.hcp_max

    def length_min(self, suit: Suit) -> int:
        return self.range.length_min[suit]

    def length_max(self, suit: Suit) -> int:
        return self.range.length_max[suit]

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"text": self.text, "alert": self.alert, "forcing": self.forcing.value}
        out.update(self.range.to_dict())
        if self.points is not None:
            out["points"] = list(self.points)
        if self.convention:
            out["convention"] = self.convention
        return out

    def __str__(self) -> str:
        extra = str(self.range)
        tail = "" if extra == "nothing known" else f" ({extra})"
        flags = [] if self.forcing in (Forcing.NONFORCING,) else [self.forcing.value]
        if self.alert:
            flags.append("alert")
        return self.text + tail + (f" [{', '.join(flags)}]" if flags else "")
