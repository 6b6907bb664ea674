"""The auction as seen by the seat on turn: the calls since the opening, what each call meant,
what is known of every hand, and whether the seat is forced to bid."""

from __future__ import annotations

from dataclasses import dataclass, field

from redouble.auction import Auction
from redouble.bidding.meaning import Forcing, HandRange, Meaning
from redouble.calls import Call
from redouble.cards import Seat, Strain, Suit, Vulnerability


@dataclass(frozen=True)
class Explained:
    """One call of an auction with its meaning and the rule (if any) that gives it."""

    call: Call
    seat: Seat
    meaning: Meaning
    rule: str | None
    suits: tuple[tuple[str, Suit], ...] = ()


GAME_LEVEL = {Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4, Strain.SPADES: 4, Strain.NOTRUMP: 3}


@dataclass
class Context:
    auction: Auction
    vulnerability: Vulnerability
    history: list[Explained]
    seat: Seat = Seat.NORTH
    calls: tuple[Call, ...] = ()
    leading_passes: int = 0
    ranges: dict[Seat, HandRange] = field(default_factory=dict)
    system: str = "sayc"
    # The same context serves every hand that bids at this point (see engine.context_for), so whether each
    # call is legal is worked out once.
    legal_memo: dict[Call, bool] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def build(cls, auction: Auction, vulnerability: Vulnerability, history: list[Explained],
              system: str = "sayc") -> Context:
        calls = list(auction.calls)
        lead = 0
        while lead < len(calls) and calls[lead].is_pass:
            lead += 1
        ranges = {s: HandRange() for s in Seat}
        for ex in history:
            ranges[ex.seat] = ranges[ex.seat].intersect(ex.meaning.range)
        return cls(auction, vulnerability, history, auction.turn, tuple(calls[lead:]), lead, ranges, system)

    # --- who is who ------------------------------------------------------------------------------
    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def position(self) -> int:
        """1 to 4: the seat's place at the table counted from the dealer (for openings)."""
        return (self.seat - self.auction.dealer) % 4 + 1

    @property
    def passed_hand(self) -> bool:
        """True if this seat passed before anyone opened."""
        return self.leading_passes > (self.seat - self.auction.dealer) % 4

    @property
    def partner_passed_hand(self) -> bool:
        return self.leading_passes > (self.partner - self.auction.dealer) % 4

    @property
    def we_vulnerable(self) -> bool:
        return self.vulnerability.is_vulnerable(self.seat)

    @property
    def they_vulnerable(self) -> bool:
        return self.vulnerability.is_vulnerable(self.seat.lho)

    def is_legal(self, call: Call) -> bool:
        got = self.legal_memo.get(call)
        if got is None:
            got = self.legal_memo[call] = self.auction.why_illegal(call) is None
        return got

    def calls_of(self, seat: Seat) -> list[Explained]:
        return [ex for ex in self.history if ex.seat == seat]

    @property
    def partner_last(self) -> Explained | None:
        return self.history[-2] if len(self.history) >= 2 else None

    @property
    def partner_last_rule(self) -> str | None:
        ex = self.partner_last
        return ex.rule if ex else None

    @property
    def partner_last_env(self) -> dict[str, Suit]:
        ex = self.partner_last
        return dict(ex.suits) if ex else {}

    @property
    def opener(self) -> Seat | None:
        if self.leading_passes >= len(self.auction.calls):
            return None
        return self.auction.seat_of(self.leading_passes)

    @property
    def we_opened(self) -> bool:
        return self.opener is not None and self.opener in (self.seat, self.partner)

    @property
    def last_bid(self) -> Call | None:
        return self.auction.last_bid

    @property
    def last_bid_is_ours(self) -> bool:
        d = self.auction.declarer
        return d is not None and d in (self.seat, self.partner)

    # --- what is known ---------------------------------------------------------------------------
    def points_shown(self, seat: Seat) -> tuple[int, int] | None:
        """The narrowest range of points (HCP plus length or support) the seat's calls have stated."""
        lo, hi, seen = 0, 40, False
        for ex in self.history:
            if ex.seat == seat and ex.meaning.points is not None:
                lo, hi, seen = max(lo, ex.meaning.points[0]), min(hi, ex.meaning.points[1]), True
        return (lo, max(lo, hi)) if seen else None

    def suits_shown(self, seat: Seat, minimum: int = 4) -> list[Suit]:
        r = self.ranges[seat]
        return [s for s in Suit if r.length_min[s] >= minimum]

    @property
    def their_suits(self) -> list[Suit]:
        """Suits an opponent has shown: 4+ cards, or named in a bid that promises 3+ (like a 1C opening)."""
        out = set(self.suits_shown(self.seat.lho)) | set(self.suits_shown(self.seat.rho))
        for ex in self.history:
            if ex.seat in (self.seat.lho, self.seat.rho) and ex.call.is_bid and ex.call.strain is not None:
                suit = ex.call.strain.suit
                if suit is not None and ex.meaning.range.length_min[suit] >= 3:
                    out.add(suit)
        return sorted(out)

    @property
    def we_have_bid(self) -> bool:
        return any(ex.call.is_bid or ex.call.is_double for ex in self.history if ex.seat in (self.seat, self.partner))

    @property
    def they_have_bid(self) -> bool:
        return any(ex.call.is_bid for ex in self.history if ex.seat not in (self.seat, self.partner))

    @property
    def game_forced(self) -> bool:
        """Our side has forced to game and the contract, ours, is below game."""
        if not any(ex.meaning.forcing == Forcing.GAME_FORCING for ex in self.history
                   if ex.seat in (self.seat, self.partner)):
            return False
        last = self.last_bid
        if last is None or not self.last_bid_is_ours or self.auction.doubled:
            return False
        assert last.strain is not None
        return last.level < GAME_LEVEL[last.strain]

    @property
    def forced(self) -> bool:
        """True if this seat may not pass: partner's last call forces and RHO passed, or game is forced."""
        ex = self.partner_last
        if ex is not None and ex.meaning.forcing.forces and self.calls and self.calls[-1].is_pass:
            return True
        return self.game_forced or self.promised_rebid

    @property
    def promised_rebid(self) -> bool:
        """SAYC: an unpassed responder's two-over-one promises a second bid unless opener's rebid reached game."""
        mine = self.calls_of(self.seat)
        ex = self.partner_last
        if len(mine) < 1 or mine[-1].rule != "resp.two-over-one" or ex is None or not ex.call.is_bid:
            return False
        if not self.calls or not self.calls[-1].is_pass or len(self.history) < 4 or self.history[-4] is not mine[-1]:
            return False
        last = self.last_bid
        assert last is not None and last.strain is not None
        return self.last_bid_is_ours and last.level < GAME_LEVEL[last.strain]
