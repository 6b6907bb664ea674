"""Deal the cards a player cannot see, consistently with everything that player knows.

What a seat knows (a :class:`View`): its own hand, dummy after the opening lead, every card played and so
every void shown, and what the auction told of each hand (:class:`~redouble.bidding.HandRange`: points and
suit lengths). :func:`sample_deals` deals the unseen cards many times at once with NumPy (one random
permutation a row, constraint checks on whole arrays) and keeps the layouts that fit.

>>> from redouble import Deal, Play
>>> play = Play(Deal.random(seed=4), "4S-S")
>>> view = View.of(play, Seat.WEST)
>>> [str(s) for s in view.hidden]
['N', 'E', 'S']
>>> deals = sample_deals(view, 5, seed=1).deals
>>> len(deals), all(d[Seat.WEST] == play.deal[Seat.WEST] for d in deals)
(5, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redouble.cards import SEATS, Seat, Suit
from redouble.deal import SUIT_MASK, Deal
from redouble.errors import RedoubleError
from redouble.play import Play

if TYPE_CHECKING:
    import numpy as np

    from redouble.bidding.meaning import HandRange

_SUIT_MASKS = tuple(SUIT_MASK << (13 * s) for s in range(4))
# How far each pass of relaxation widens the auction's ranges when too few layouts fit them (None: ignore
# the ranges, keep only what the play has shown). Points first, then lengths, since point counts are the
# loosest part of a bidding system.
_RELAXATIONS: tuple[tuple[int, int] | None, ...] = ((0, 0), (2, 0), (3, 1), None)
# The widening (points, lengths) of the loosened ranges a share of the samples is drawn with, and that share.
# On the lead benchmark's deals the real hand broke its inferred range in about one deal in nine, nearly
# always by one card of length (a five-card suit read as six) or by a few points.
LOOSE_WIDENING = (3, 1)
LOOSE_SHARE = 0.15


@dataclass(frozen=True, slots=True)
class View:
    """What ``viewer`` knows of a play in progress.

    ``known``: the original 13 cards (as masks) of the seats the viewer sees; ``played``: the mask of the
    cards each seat has played; ``voids``: per seat, a 4-bit mask of the suits it has shown out of;
    ``hidden``: the seats whose remaining cards are unseen; ``left``: how many cards each seat still holds.
    """

    viewer: Seat
    known: Mapping[Seat, int]
    played: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]
    left: tuple[int, int, int, int]
    hidden: tuple[Seat, ...]

    @classmethod
    def of(cls, play: Play, viewer: Seat | str) -> View:
        """The view of ``viewer`` (the declarer sees dummy as its own once the lead is made)."""
        v = Seat.parse(viewer)
        played = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        for trick in [*((t.leader, t.cards) for t in play.tricks), (play.leader, tuple(play.current_trick))]:
            leader, cards = trick
            if not cards:
                continue
            led = cards[0].suit
            for k, card in enumerate(cards):
                seat = (leader + k) % 4
                played[seat] |= 1 << card.index
                if card.suit != led:
                    voids[seat] |= 1 << led
        seen = play.visible_seats(v)
        if v == play.dummy:
            seen = {v}
        known = {s: play.hand(s).mask | played[s] for s in SEATS if s in seen}
        left = tuple(len(play.hand(s)) for s in SEATS)
        hidden = tuple(s for s in SEATS if s not in seen)
        return cls(v, known, tuple(played), tuple(voids), left, hidden)  # type: ignore[arg-type]

    @property
    def unseen(self) -> int:
        """The mask of the cards the viewer cannot place: the hidden seats' remaining cards together."""
        seen = 0
        for mask in self.known.values():
            seen |= mask
        for mask in self.played:
            seen |= mask
        return ((1 << 52) - 1) & ~seen


@dataclass(frozen=True, slots=True)
class Samples:
    """Sampled deals (the original 52 cards each), a weight for each, and how strictly they fit.

    ``relaxed`` is 0 when every sample fits the auction's ranges as stated, more when they had to be
    widened (see :data:`_RELAXATIONS`); the play's evidence (cards played, voids) always holds.
    """

    deals: list[Deal]
    weights: list[float]
    relaxed: int


SampleWeight = Callable[["np.ndarray", Sequence[Seat]], "np.ndarray"]


def _constants() -> dict[str, Any]:
    import numpy as np

    index = np.arange(52)
    rank = index % 13 + 2
    return {"hcp": np.maximum(rank - 10, 0), "suit": index // 13}


_CONST: dict[str, Any] = {}


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask_hcp(mask: int) -> int:
    return sum(max(i % 13 + 2 - 10, 0) for i in _bits(mask))


def sample_deals(view: View, count: int, seed: int = 0, ranges: Mapping[Seat, HandRange] | None = None,
                 weight: SampleWeight | None = None, batch: int = 512, max_draws: int = 20_000,
                 loose_share: float = LOOSE_SHARE) -> Samples:
    """``count`` deals that agree with ``view`` and, as far as possible, with the auction's ``ranges``.

    The unseen cards are dealt at random to the hidden seats (each gets as many as it still holds); a card
    of a suit a seat has shown out of never goes to it. Layouts whose original hands break a range (HCP or
    a suit length) are thrown away; if fewer than ``count`` survive ``max_draws`` tries, the ranges are
    widened step by step. A ``loose_share`` of the deals (spread evenly through them) is drawn with the ranges
    widened by :data:`LOOSE_WIDENING`, so that a real hand the auction misdescribes can still be dealt.
    ``weight`` may score each kept layout (for signals): it gets an array of owners
    (samples x unseen cards, values index into ``hidden``) and returns one weight a row.

    The same ``seed`` gives the same deals.
    """
    import numpy as np

    if not _CONST:
        _CONST.update(_constants())
    hcp_of, suit_of = _CONST["hcp"], _CONST["suit"]
    if count <= 0:
        raise RedoubleError(f"the number of samples must be positive, not {count}")
    rng = np.random.default_rng(seed)
    hidden = view.hidden
    pool = np.array(_bits(view.unseen), dtype=np.int64)
    need = [view.left[s] for s in hidden]
    if len(pool) != sum(need):
        raise RedoubleError(f"{len(pool)} unseen cards for {sum(need)} places: the view is inconsistent")
    base_owner = np.full(52, 4, dtype=np.uint8)
    for seat, mask in view.known.items():
        base_owner[_bits(mask)] = seat
    for seat in SEATS:
        base_owner[_bits(view.played[seat])] = seat
    if not hidden:
        deal = Deal.from_owners(base_owner.tobytes())
        return Samples([deal] * count, [1.0] * count, 0)

    k_hidden = len(hidden)
    allowed = np.ones((len(pool), k_hidden), dtype=bool)
    for k, seat in enumerate(hidden):
        for suit in Suit:
            if view.voids[seat] >> suit & 1:
                allowed[suit_of[pool] == suit, k] = False
    n_allowed = allowed.sum(axis=1)
    forced_seat = np.where(n_allowed == 1, allowed.argmax(axis=1), -1)
    forced_count = [int((forced_seat == k).sum()) for k in range(k_hidden)]
    free_places = [need[k] - forced_count[k] for k in range(k_hidden)]
    if (n_allowed == 0).any() or min(free_places) < 0:
        # The voids cannot all hold (a card was played out of turn in a hand-entered record): forget them.
        allowed[:] = True
        forced_seat[:] = -1
        forced_count = [0] * k_hidden
        free_places = list(need)
    free = pool[forced_seat < 0]
    labels = np.repeat(np.arange(k_hidden), free_places)
    check_allowed = bool((~allowed[forced_seat < 0]).any())
    free_allowed = allowed[forced_seat < 0]

    # What each hidden seat's original hand already holds for sure: the cards it played and those forced on it.
    base_hcp = np.zeros(k_hidden, dtype=np.int64)
    base_len = np.zeros((k_hidden, 4), dtype=np.int64)
    for k, seat in enumerate(hidden):
        sure = pool[forced_seat == k]
        base_hcp[k] = _mask_hcp(view.played[seat]) + int(hcp_of[sure].sum())
        for suit in Suit:
            base_len[k, suit] = (view.played[seat] & _SUIT_MASKS[suit]).bit_count() + int((suit_of[sure] == suit).sum())
    free_hcp = hcp_of[free]
    free_suits = np.eye(4, dtype=np.int64)[suit_of[free]]  # unseen free cards x 4 suits

    def bounds(widen: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        lo_h, hi_h = np.zeros(k_hidden), np.full(k_hidden, 40)
        lo_l, hi_l = np.zeros((k_hidden, 4)), np.full((k_hidden, 4), 13)
        for k, seat in enumerate(hidden):
            r = ranges.get(seat) if ranges else None
            if r is None:
                continue
            lo_h[k], hi_h[k] = r.hcp_min - widen[0], r.hcp_max + widen[0]
            for suit in Suit:
                lo_l[k, suit] = r.length_min[suit] - widen[1]
                hi_l[k, suit] = r.length_max[suit] + widen[1]
        return lo_h, hi_h, lo_l, hi_l

    def draw(limits: tuple[np.ndarray, ...] | None, want: int, max_tries: int) -> list[np.ndarray]:
        """Rows of free-card owners that pass the void checks and ``limits``, up to ``want`` of them."""
        found: list[np.ndarray] = []
        drawn = 0
        while drawn < max_tries and sum(len(a) for a in found) < want:
            size = batch if limits is not None else max(want, 16)
            assign = labels[rng.random((size, len(free))).argsort(axis=1)] if len(free) else \
                np.zeros((size, 0), dtype=np.int64)
            drawn += size
            ok = np.ones(size, dtype=bool)
            if check_allowed:
                ok &= free_allowed[np.arange(len(free)), assign].all(axis=1)
            if limits is not None:
                lo_h, hi_h, lo_l, hi_l = limits
                for k in range(k_hidden):
                    on_k = assign == k
                    h = on_k @ free_hcp + base_hcp[k]
                    lengths = on_k.astype(np.int64) @ free_suits + base_len[k]
                    ok &= (h >= lo_h[k]) & (h <= hi_h[k])
                    ok &= ((lengths >= lo_l[k]) & (lengths <= hi_l[k])).all(axis=1)
            found.append(assign[ok])
        return found

    # A share of the layouts comes from loosened ranges: the auction's inferences are sometimes wrong about
    # the real hand (a five-card suit rebid in competition, a light raise), and a layout outside hard limits
    # could never be dealt at all. Drawn first, so a short count still holds its share.
    loose_count = round(count * loose_share) if ranges and count > 1 else 0
    loose_rows: np.ndarray | None = None
    if loose_count:
        found = draw(bounds(LOOSE_WIDENING), loose_count, max_draws)
        loose_rows = np.concatenate(found)[:loose_count] if found else None
        if loose_rows is None or len(loose_rows) < loose_count:
            loose_count = 0  # not even the loosened ranges fit: the relaxation steps below take over
            loose_rows = None
    strict_count = count - loose_count
    kept: list[np.ndarray] = []
    relaxed = 0
    steps = _RELAXATIONS if ranges else (None,)
    for step, widen in enumerate(steps):
        relaxed = step if ranges else 0
        limits = bounds(widen) if widen is not None else None
        kept.extend(draw(limits, strict_count - sum(len(a) for a in kept), max_draws))
        if sum(len(a) for a in kept) >= strict_count:
            break
        # Too few layouts fit: keep the strict ones found so far and fill up with looser ones.
    rows = np.concatenate(kept)[:strict_count] if kept else np.zeros((0, len(free)), dtype=np.int64)
    if len(rows) < strict_count:  # only when the void checks reject almost everything: a rare, odd record
        raise RedoubleError("could not deal the unseen cards consistently with the play so far")
    if loose_rows is not None:
        # Spread the loose layouts evenly through the strict ones: a decision cut short by the clock solves
        # a prefix of the layouts, and that prefix keeps the same mixture.
        order = np.argsort(np.concatenate([np.arange(strict_count) + 0.5,
                                           (np.arange(loose_count) + 0.5) * count / loose_count]), kind="stable")
        rows = np.concatenate([rows, loose_rows])[order]

    # Full owner arrays: forced cards, then the free ones as drawn; owners as seat numbers.
    seat_numbers = np.array([int(s) for s in hidden], dtype=np.uint8)
    owners = np.tile(base_owner, (count, 1))
    forced_mask = forced_seat >= 0
    if forced_mask.any():
        owners[:, pool[forced_mask]] = seat_numbers[forced_seat[forced_mask]]
    owners[:, free] = seat_numbers[rows]
    deals = [Deal.from_owners(row.tobytes()) for row in owners]
    if weight is not None:
        full_rows = np.empty((count, len(pool)), dtype=np.int64)
        full_rows[:, forced_mask] = forced_seat[forced_mask]
        full_rows[:, ~forced_mask] = rows
        w = [float(x) for x in weight(full_rows, hidden)]
    else:
        w = [1.0] * count
    return Samples(deals, w, relaxed)


def pool_cards(view: View) -> list[int]:
    """The card indices of the unseen cards, in the column order :func:`sample_deals` gives ``weight``."""
    return _bits(view.unseen)


def replay(deal: Deal, play: Play) -> Play:
    """``play``'s cards so far, played again on ``deal`` (a sampled layout of the same play)."""
    other = Play(deal, play.contract)
    for card in play.cards:
        other.push(card)
    return other
