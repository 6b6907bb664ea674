"""Defenders' signals: standard attitude (high encourages) and count (high-low with an even number).

Giving: when several cards are worth the same double-dummy, a defender picks the one that tells partner
something (:func:`signal_card`). Reading: the signals seen so far make some layouts likelier than others;
:func:`signal_weights` turns them into a weight for each sampled layout.

Spot cards of seven or more count as high, of four or less as low, the rest say nothing: a reader only
sees the card, not the hand it came from.

>>> from redouble import Deal, Play
>>> play = Play(Deal.parse("N:AK3.AQ4.KQJ2.AK2 QJT98.K7.T98.Q93 76542.J963.-.8754 -.T852.A76543.JT6"), "3NT-N")
>>> play.push("SQ"); play.push("S2")   # East leads the queen, South plays low...
>>> play.push("H2"); play.push("SA")   # ...West discards a low heart: no interest in hearts
>>> [str(s) for s in read_signals(play, Seat.NORTH)]
['W: no ♥ honour (attitude)']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from redouble.cards import Card, Rank, Seat, Suit
from redouble.play import Play, trick_winner

if TYPE_CHECKING:
    import numpy as np

    from redouble.cardplay.sampling import SampleWeight

HIGH_SPOT = Rank.SEVEN
LOW_SPOT = Rank.FOUR
# How much less likely a layout is when it contradicts a signal: signals are hints, partners misdefend.
CONTRADICTION_WEIGHT = 0.35


@dataclass(frozen=True, slots=True)
class Signal:
    """``seat`` showed, in ``suit``: ``kind`` 'attitude' (``value`` True: an honour) or 'count' (True: even)."""

    seat: Seat
    suit: Suit
    kind: str
    value: bool

    def __str__(self) -> str:
        if self.kind == "attitude":
            what = f"{'an' if self.value else 'no'} {self.suit.symbol} honour"
        else:
            what = f"{'even' if self.value else 'odd'} {self.suit.symbol} length"
        return f"{self.seat}: {what} ({self.kind})"


def _spot_says(card: Card) -> bool | None:
    if card.rank >= Rank.TEN:
        return None
    if card.rank >= HIGH_SPOT:
        return True
    if card.rank <= LOW_SPOT:
        return False
    return None


def read_signals(play: Play, viewer: Seat) -> list[Signal]:
    """The signals the defenders other than ``viewer`` have given so far, as ``viewer`` reads them.

    A defender's discard says attitude about the suit discarded (a high spot: an honour there); the first card a
    defender plays to a suit its partner leads says attitude; the first card to a suit the declarer's side
    leads says count.
    """
    out: list[Signal] = []
    seen: set[tuple[Seat, Suit, str]] = set()
    defenders = {play.declarer.lho, play.declarer.rho} - {viewer}
    suits_started: set[Suit] = set()
    tricks = [(t.leader, list(t.cards)) for t in play.tricks] + [(play.leader, play.current_trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0].suit
        first_time = led not in suits_started
        suits_started.add(led)
        for k in range(1, len(cards)):
            seat = Seat((leader + k) % 4)
            card = cards[k]
            if seat not in defenders:
                continue
            says = _spot_says(card)
            if says is None:
                continue
            if card.suit != led:
                key = (seat, card.suit, "attitude")
                if key not in seen:
                    seen.add(key)
                    out.append(Signal(seat, card.suit, "attitude", says))
                continue
            if trick_winner(leader, cards[:k + 1], play.trump) == seat:
                continue  # a card played to win says nothing
            if leader == seat.partner:
                key = (seat, led, "attitude")
                if key not in seen:
                    seen.add(key)
                    out.append(Signal(seat, led, "attitude", says))
            elif first_time:
                key = (seat, led, "count")
                if key not in seen:
                    seen.add(key)
                    out.append(Signal(seat, led, "count", says))
    return out


def signal_weights(signals: Sequence[Signal], pool: Sequence[int], played: Sequence[int]):  # type: ignore[no-untyped-def]
    """A weight function for :func:`~redouble.cardplay.sampling.sample_deals` from ``signals``.

    ``pool``: the unseen card indices (the columns of the sampler's rows); ``played``: the mask of the
    cards each seat has played (part of its original hand, known to all).
    """
    import numpy as np

    pool_arr = np.asarray(pool)

    def weigh(rows: np.ndarray, hidden: Sequence[Seat]) -> np.ndarray:
        w = np.ones(len(rows))
        for sig in signals:
            if sig.seat not in hidden:
                continue
            k = list(hidden).index(sig.seat)
            in_suit = (pool_arr // 13) == sig.suit
            held = (rows == k) & in_suit  # samples x pool: unseen cards of the suit this seat holds
            known = played[sig.seat] >> (13 * sig.suit) & 0x1FFF
            if sig.kind == "attitude":
                honours = in_suit & (pool_arr % 13 + 2 >= Rank.QUEEN)
                has = (held & honours).any(axis=1) | bool(known >> (Rank.QUEEN - 2))
                ok = has == sig.value
            else:
                length = held.sum(axis=1) + known.bit_count()
                ok = (length % 2 == 0) == sig.value
            w = np.where(ok, w, w * CONTRADICTION_WEIGHT)
        return w

    return weigh


def lead_weights(play: Play, pool: Sequence[int], played: Sequence[int]):  # type: ignore[no-untyped-def]
    """A weight function that reads the opening lead by the standard agreements: layouts in which the
    opening leader would have led another card of that suit count for less (the card led says, say,
    "top of a sequence" or "fourth best")."""
    import numpy as np

    from redouble.cardplay.leads import conventional_leads

    lead = play.cards[0]
    leader = play.opening_leader
    suit_cols = [k for k, index in enumerate(pool) if index // 13 == lead.suit]
    known = [c for c in _cards_of(played[leader]) if c.suit == lead.suit]

    def weigh(rows: np.ndarray, hidden: Sequence[Seat]) -> np.ndarray:
        w = np.ones(len(rows))
        if leader not in hidden:
            return w
        k = list(hidden).index(leader)
        for r, row in enumerate(rows):
            holding = known + [Card(pool[col]) for col in suit_cols if row[col] == k]
            if Card(lead) not in conventional_leads(holding, play.trump):
                w[r] = CONTRADICTION_WEIGHT
        return w

    return weigh


def combine(*weights: SampleWeight | None) -> SampleWeight | None:
    """The product of several weight functions (None ones left out), or None if there are none."""
    active = [w for w in weights if w is not None]
    if not active:
        return None

    def weigh(rows: np.ndarray, hidden: Sequence[Seat]) -> np.ndarray:
        out = active[0](rows, hidden)
        for w in active[1:]:
            out = out * w(rows, hidden)
        return out

    return weigh


def _cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(Card(low.bit_length() - 1))
        mask ^= low
    return out


def signal_card(play: Play, tied: Sequence[Card]) -> tuple[Card, str]:
    """The defender's pick among ``tied`` cards (all worth the same), by standard signals.

    Following to partner's lead: attitude (the highest spot with an honour in the suit, else the lowest);
    following to the declarer's first lead of a suit: count (high with an even number); discarding: low
    from a suit without an honour; otherwise the lowest card.
    """
    seat = play.turn
    hand = play.hand(seat)
    trick = play.current_trick
    lowest = min(tied, key=lambda c: (c.rank, c.suit))
    if not trick:
        return lowest, "lowest of equal cards"
    led = trick[0].suit
    spots = [c for c in tied if c.suit == led and c.rank < Rank.TEN]
    if spots and len(spots) < len(tied) + 1:
        has_honour = any(r >= Rank.QUEEN for r in hand.suit(led))
        if play.leader == seat.partner:
            if has_honour:
                return max(spots, key=lambda c: c.rank), "attitude: high spot, I like the suit"
            return min(spots, key=lambda c: c.rank), "attitude: low spot, I do not like the suit"
        started = any(t.suit_led == led for t in play.tricks)
        if not started:
            original = hand.length(led) + sum(1 for t in play.tricks for c in (t.card_of(seat),) if c.suit == led)
            if original % 2 == 0:
                return max(spots, key=lambda c: c.rank), "count: high spot, an even number"
            return min(spots, key=lambda c: c.rank), "count: low spot, an odd number"
    off_suit = [c for c in tied if c.suit != led]
    if off_suit and len(off_suit) == len(tied):
        dull = [c for c in off_suit if not any(r >= Rank.QUEEN for r in hand.suit(c.suit))]
        if dull:
            return min(dull, key=lambda c: (c.rank, c.suit)), "discard: low from a suit I do not want"
    return lowest, "lowest of equal cards"
