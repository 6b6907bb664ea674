"""Hands and deals, with hand evaluation.

>>> hand = Hand.parse("AKQ4.J92.T8.Q765")
>>> hand.hcp, hand.shape, hand.pattern, hand.is_balanced, hand.losers, hand.controls
(12, (4, 3, 2, 4), '4432', True, 7, 3)
>>> deal = Deal.random(seed=1)
>>> Deal.parse(str(deal)) == deal, sum(len(deal[s]) for s in Seat)
(True, 52)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from math import factorial
from typing import ClassVar, TypeVar

from redouble.cards import ALL_CARDS, SEATS, Card, Rank, Seat, Suit
from redouble.errors import RedoubleError

SUIT_MASK = 0x1FFF
T = TypeVar("T")
_HCP_WEIGHTS = (0,) * 9 + (1, 2, 3, 4)  # bit 9 is the jack, bit 12 the ace


def _holding_table(score: Callable[[int], T]) -> tuple[T, ...]:
    return tuple(score(h) for h in range(1 << 13))


def _hcp(holding: int) -> int:
    return sum(w for bit, w in enumerate(_HCP_WEIGHTS) if holding >> bit & 1)


def _losers(holding: int) -> int:
    n = holding.bit_count()
    top = min(n, 3)
    honours = sum(1 for bit in (12, 11, 10)[:top] if holding >> bit & 1)
    return top - honours


def _controls(holding: int) -> int:
    return 2 * (holding >> 12 & 1) + (holding >> 11 & 1)


def _quick_tricks(holding: int) -> float:
    a, k, q = holding >> 12 & 1, holding >> 11 & 1, holding >> 10 & 1
    n = holding.bit_count()
    if a and k:
        return 2.0
    if a and q:
        return 1.5
    if a:
        return 1.0
    if k and q:
        return 1.0
    if k and n >= 2:
        return 0.5
    return 0.0


def cards_in(mask: int) -> list[Card]:
    """The cards of a 52-bit mask (bit ``card.index``), spade ace first.

    Visits only the bits that are set, so a short hand costs little (the play asks this for every card).

    >>> cards_in(1 << 51 | 1 << 8 | 1)
    [Card('SA'), Card('CT'), Card('C2')]
    """
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(ALL_CARDS[top])
        mask ^= 1 << top
    return out


HCP_BY_HOLDING: tuple[int, ...] = _holding_table(_hcp)
LOSERS_BY_HOLDING: tuple[int, ...] = _holding_table(_losers)
CONTROLS_BY_HOLDING: tuple[int, ...] = _holding_table(_controls)
QUICK_TRICKS_BY_HOLDING: tuple[float, ...] = _holding_table(_quick_tricks)
_DISPLAY_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Hand:
    """A set of cards held by one player (usually 13), immutable.

    Text is PBN order, spades first: ``"AKQ4.J92.T8.Q765"``; ``-`` or nothing marks a void.

    >>> h = Hand.parse("AKQ4.J92.T8.Q765")
    >>> Card("SA") in h, len(h), h.length(Suit.HEARTS), h.suit(Suit.DIAMONDS)
    (True, 13, 3, (Rank.TEN, Rank.EIGHT))
    >>> h - Card("SA")
    Hand.parse('KQ4.J92.T8.Q765')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | str] | str | int = ()) -> None:
        if isinstance(cards, int) and not isinstance(cards, bool):
            if not 0 <= cards < 1 << 52:
                raise RedoubleError(f"a hand's mask has one bit for each of the 52 cards, not {cards!r}")
            mask = cards
        elif isinstance(cards, str):
            # "AKQ4.J92.T8.Q765" (PBN, spades first) or cards one by one: "SA HK D2"
            mask = Hand.parse(cards).mask if "." in cards else Hand(cards.replace(",", " ").split()).mask
        elif not isinstance(cards, Iterable):
            raise RedoubleError(f"a hand is made of cards, not {cards!r}")
        else:
            mask = 0
            for c in cards:
                bit = 1 << Card(c).index
                if mask & bit:
                    raise RedoubleError(f"card {Card(c)} appears twice in a hand")
                mask |= bit
        object.__setattr__(self, "mask", mask)

    @classmethod
    def parse(cls, text: str) -> Hand:
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise RedoubleError(f"not a hand: {text!r} (expected four suits separated by dots, spades first)")
        mask = 0
        for suit, part in zip(_DISPLAY_ORDER, parts, strict=True):
            p = part.strip().upper().replace("10", "T")
            if p in ("-", "—"):
                continue
            for ch in p:
                try:
                    rank = Rank.parse(ch)
                except RedoubleError:
                    raise RedoubleError(f"not a hand: {text!r} (bad rank {ch!r} in {suit.name.lower()})") from None
                bit = 1 << (suit * 13 + rank - 2)
                if mask & bit:
                    raise RedoubleError(f"not a hand: {text!r} ({suit.letter}{rank} appears twice)")
                mask |= bit
        return cls(mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[type[Hand], tuple[int]]:
        return (Hand, (self.mask,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):  # ``"SA" in hand`` reads as it should; text that is no card is not held
            try:
                card = Card(card)
            except RedoubleError:
                return False
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        """Cards in display order: spades first, high to low."""
        return iter(cards_in(self.mask))

    def __bool__(self) -> bool:
        return self.mask != 0

    def __add__(self, card: Card) -> Hand:
        return Hand(self.mask | 1 << card.index)

    def __sub__(self, card: Card) -> Hand:
        return Hand(self.mask & ~(1 << card.index))

    def __or__(self, other: Hand) -> Hand:
        return Hand(self.mask | other.mask)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self)

    @property
    def spades(self) -> tuple[Rank, ...]:
        """The spades held, high to low (as ``suit(Suit.SPADES)``)."""
        return self.suit(Suit.SPADES)

    @property
    def hearts(self) -> tuple[Rank, ...]:
        return self.suit(Suit.HEARTS)

    @property
    def diamonds(self) -> tuple[Rank, ...]:
        return self.suit(Suit.DIAMONDS)

    @property
    def clubs(self) -> tuple[Rank, ...]:
        return self.suit(Suit.CLUBS)

    def holding(self, suit: Suit) -> int:
        """The 13-bit mask of ``suit`` (bit 0 the two, bit 12 the ace)."""
        return self.mask >> (13 * suit) & SUIT_MASK

    def suit(self, suit: Suit | str) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, high to low."""
        h = self.holding(suit if isinstance(suit, Suit) else Suit.parse(suit))
        return tuple(Rank(b + 2) for b in range(12, -1, -1) if h >> b & 1)

    def length(self, suit: Suit | str) -> int:
        return self.holding(suit if isinstance(suit, Suit) else Suit.parse(suit)).bit_count()

    def __str__(self) -> str:
        return ".".join("".join(r.letter for r in self.suit(s)) for s in _DISPLAY_ORDER)

    def __repr__(self) -> str:
        return f"Hand.parse('{self}')"

    # --- evaluation -------------------------------------------------------------------------------
    @property
    def hcp(self) -> int:
        """High-card points, A=4 K=3 Q=2 J=1."""
        m = self.mask
        return (HCP_BY_HOLDING[m & SUIT_MASK] + HCP_BY_HOLDING[m >> 13 & SUIT_MASK]
                + HCP_BY_HOLDING[m >> 26 & SUIT_MASK] + HCP_BY_HOLDING[m >> 39 & SUIT_MASK])

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        m = self.mask
        return ((m >> 39 & SUIT_MASK).bit_count(), (m >> 26 & SUIT_MASK).bit_count(),
                (m >> 13 & SUIT_MASK).bit_count(), (m & SUIT_MASK).bit_count())

    @property
    def pattern(self) -> str:
        """Suit lengths longest first, like ``'5332'`` (a ten shows as ``'T'``)."""
        return "".join("0123456789TJQK"[n] for n in sorted(self.shape, reverse=True))

    @property
    def is_balanced(self) -> bool:
        """4333, 4432 or 5332."""
        return self.pattern in ("4333", "4432", "5332")

    @property
    def is_semi_balanced(self) -> bool:
        """No void or singleton: the balanced patterns and 5422, 6322, 7222 (and 8222)."""
        return min(self.shape) >= 2

    @property
    def distribution_points(self) -> int:
        """Shortness points: void 3, singleton 2, doubleton 1."""
        return sum((3, 2, 1)[n] for n in self.shape if n < 3)

    @property
    def length_points(self) -> int:
        """One point for each card beyond four in a suit."""
        return sum(max(0, n - 4) for n in self.shape)

    @property
    def total_points(self) -> int:
        """High-card points plus length points (the opener's count)."""
        return self.hcp + self.length_points

    @property
    def losers(self) -> int:
        """Losing-trick count: missing A, K, Q among the top min(length, 3) cards of each suit."""
        m = self.mask
        return sum(LOSERS_BY_HOLDING[m >> (13 * s) & SUIT_MASK] for s in range(4))

    @property
    def controls(self) -> int:
        """Ace 2, king 1."""
        m = self.mask
        return sum(CONTROLS_BY_HOLDING[m >> (13 * s) & SUIT_MASK] for s in range(4))

    @property
    def quick_tricks(self) -> float:
        """AK 2, AQ 1½, A 1, KQ 1, Kx ½, per suit."""
        m = self.mask
        return sum(QUICK_TRICKS_BY_HOLDING[m >> (13 * s) & SUIT_MASK] for s in range(4))

    def stopper(self, suit: Suit | str) -> bool:
        """A likely stopper for no trumps: A, Kx, Qxx or Jxxx."""
        s = suit if isinstance(suit, Suit) else Suit.parse(suit)
        h, n = self.holding(s), self.length(s)
        return bool(h >> 12 & 1 or (h >> 11 & 1 and n >= 2) or (h >> 10 & 1 and n >= 3)
                    or (h >> 9 & 1 and n >= 4))


_DECKS = factorial(52)
_LABELS = (0,) * 13 + (1,) * 13 + (2,) * 13 + (3,) * 13
_UNKNOWN = 4


class Deal:
    """Who holds each of the 52 cards. Immutable and hashable.

    Text is the PBN deal string, ``"N:AKQ.JT9.876.5432 ..."``, hands clockwise from the first seat;
    ``-`` stands for a hand that is not known.

    >>> d = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
    >>> d[Seat.NORTH].hcp, d.owner(Card("C2")), d.to_pbn(Seat.EAST)[:7]
    (37, Seat.WEST, 'E:5432.')
    """

    __slots__ = ("_owners", "_hands")
    _owners: bytes
    _hands: tuple[Hand, ...] | None
    _SEED_RANDOM: ClassVar[random.Random] = random.Random()

    def __init__(self, hands: Mapping[Seat, Hand] | Iterable[Hand]) -> None:
        items = hands.items() if isinstance(hands, Mapping) else zip(SEATS, hands, strict=True)
        owners = bytearray([_UNKNOWN] * 52)
        seen = 0
        sized: tuple[Seat, Hand] | None = None  # the first known hand: the others must match its size
        for seat, hand in items:
            seat = Seat.parse(seat)
            if not isinstance(hand, Hand):
                hand = Hand.parse(hand) if isinstance(hand, str) else Hand(hand)
            if len(hand) > 13:
                raise RedoubleError(f"{seat.name.title()} has {len(hand)} cards ({hand}); a hand has 13")
            if hand and sized is not None and len(hand) != len(sized[1]):
                # An unknown hand is empty; known hands all hold 13 (fewer only in an end position).
                (a, ha), (b, hb) = sorted((sized, (seat, hand)), key=lambda sh: len(sh[1]))
                raise RedoubleError(f"{a.name.title()} has {len(ha)} cards ({ha}) but {b.name.title()} has "
                                    f"{len(hb)}: every hand of a deal holds the same number, 13 before the play")
            if hand and sized is None:
                sized = (seat, hand)
            if seen & hand.mask:
                dup = Hand(seen & hand.mask)
                raise RedoubleError(f"cards dealt twice: {' '.join(str(c) for c in dup)}")
            seen |= hand.mask
            for c in hand:
                owners[c.index] = seat
        self._set(bytes(owners))

    def _set(self, owners: bytes) -> None:
        object.__setattr__(self, "_owners", owners)
        object.__setattr__(self, "_hands", None)

    @classmethod
    def from_owners(cls, owners: bytes | Iterable[int]) -> Deal:
        """Build from who holds each card index (0 N, 1 E, 2 S, 3 W, 4 unknown).

        As with the hands themselves, the known hands hold the same number of cards, 13 at most.

        >>> Deal.from_owners(bytes(52))
        Traceback (most recent call last):
        ...
        redouble.errors.RedoubleError: North holds 52 cards; a hand holds 13 at most
        """
        try:
            data = bytes(owners)
        except (TypeError, ValueError):
            raise RedoubleError(f"a deal's owners are numbers 0 to 4, one for each of the 52 cards, not "
                                f"{owners!r}") from None
        if len(data) != 52:
            raise RedoubleError(f"a deal names an owner for 52 cards, not {len(data)}")
        counts = (data.count(0), data.count(1), data.count(2), data.count(3))
        if counts != (13, 13, 13, 13):  # the common case, a whole deal, needs no more checks
            if max(data) > _UNKNOWN:
                raise RedoubleError(f"owner {max(data)} is not a seat (0 N, 1 E, 2 S, 3 W, 4 not known)")
            for seat, n in zip(SEATS, counts, strict=True):
                if n > 13:
                    raise RedoubleError(f"{seat.name.title()} holds {n} cards; a hand holds 13 at most")
            if len({n for n in counts if n}) > 1:
                raise RedoubleError(f"the hands hold {', '.join(map(str, counts))} cards (N E S W): every known "
                                    "hand of a deal holds the same number")
        deal = object.__new__(cls)
        deal._set(data)
        return deal

    @classmethod
    def random(cls, seed: int | str | None = None, rng: random.Random | None = None) -> Deal:
        """A uniformly random deal; the same seed gives the same deal on every platform.

        >>> Deal.random(seed=42) == Deal.random(seed=42)
        True
        """
        if rng is None:
            rng = random.Random(seed) if seed is not None else cls._SEED_RANDOM
        # One uniform draw from 52! shuffles, read digit by digit (factorial base): cheaper than 51 draws.
        n = rng.randrange(_DECKS)
        labels = list(_LABELS)
        for i in range(51, 0, -1):
            n, j = divmod(n, i + 1)
            labels[i], labels[j] = labels[j], labels[i]
        deal = object.__new__(cls)
        object.__setattr__(deal, "_owners", bytes(labels))
        object.__setattr__(deal, "_hands", None)
        return deal

    @classmethod
    def parse(cls, text: str) -> Deal:
        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise RedoubleError(f"not a deal: {text!r} (expected 'N:' then four hands, like a PBN Deal tag)")
        first = Seat.parse(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise RedoubleError(f"not a deal: {text!r} (expected four hands, found {len(parts)})")
        hands = {}
        for k, part in enumerate(parts):
            seat = Seat((first + k) % 4)
            hands[seat] = Hand() if part == "-" else Hand.parse(part)
        return cls(hands)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[bytes]]:
        return (Deal.from_owners, (self._owners,))

    @property
    def owners(self) -> bytes:
        """Who holds each card index, 0 N .. 3 W (4: not known)."""
        return self._owners

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        if self._hands is None:
            masks = [0, 0, 0, 0, 0]
            for i, o in enumerate(self._owners):
                masks[o] |= 1 << i
            object.__setattr__(self, "_hands", tuple(Hand(m) for m in masks[:4]))
        assert self._hands is not None
        return self._hands  # type: ignore[return-value]

    def __getitem__(self, seat: Seat | str) -> Hand:
        return self.hands[Seat.parse(seat)]

    @property
    def north(self) -> Hand:
        """North's hand (as ``deal[Seat.NORTH]``)."""
        return self.hands[0]

    @property
    def east(self) -> Hand:
        return self.hands[1]

    @property
    def south(self) -> Hand:
        return self.hands[2]

    @property
    def west(self) -> Hand:
        return self.hands[3]

    def owner(self, card: Card | str) -> Seat | None:
        o = self._owners[Card(card).index]
        return None if o == _UNKNOWN else Seat(o)

    @property
    def is_complete(self) -> bool:
        return _UNKNOWN not in self._owners

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other._owners == self._owners

    def __hash__(self) -> int:
        return hash(self._owners)

    def to_pbn(self, first: Seat | str = Seat.NORTH) -> str:
        first = Seat.parse(first)
        hands = self.hands
        parts = []
        for k in range(4):
            h = hands[(first + k) % 4]
            parts.append(str(h) if h or self.is_complete else "-")
        return f"{first}:{' '.join(parts)}"

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.parse('{self}')"

    def hcp(self, side: str | Seat) -> int:
        """High-card points of a side, ``'NS'`` or ``'EW'``, or of one seat.

        >>> d = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
        >>> d.hcp("NS"), d.hcp("ew"), d.hcp("north"), d.hcp(Seat.WEST)
        (37, 3, 37, 3)
        """
        if isinstance(side, str) and side.strip().upper().replace("-", "").replace("/", "") in ("NS", "EW"):
            key = side.strip().upper().replace("-", "").replace("/", "")
            seats = (Seat.NORTH, Seat.SOUTH) if key == "NS" else (Seat.EAST, Seat.WEST)
            return sum(self.hands[s].hcp for s in seats)
        try:
            return self.hands[Seat.parse(side)].hcp
        except RedoubleError:
            raise RedoubleError(f"not a side or a seat: {side!r} (expected 'NS', 'EW' or a seat)") from None

    def diagram(self) -> str:
        """A plain-text diagram of the four hands."""
        def lines(h: Hand) -> list[str]:
            return [s.symbol + " " + ("".join(r.letter for r in h.suit(s)) or "—") for s in _DISPLAY_ORDER]
        n, e, s, w = (lines(h) for h in self.hands)
        pad = " " * 20
        out = [pad + x for x in n]
        out += [f"{w[i]:<20}{'':<20}{e[i]}" for i in range(4)]
        out += [pad + x for x in s]
        return "\n".join(out)

