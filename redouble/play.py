"""The play of the cards: tricks, following suit, dummy, claims, with push/pop.

>>> from redouble import Deal, Contract
>>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
>>> play = Play(deal, Contract.parse("7NT-N"))
>>> play.turn, play.dummy
(Seat.EAST, Seat.SOUTH)
>>> play.push("S2"); play.push("ST"); play.push("S6"); play.push("SA")
>>> play.tricks[0].winner, play.turn, play.declarer_tricks
(Seat.NORTH, Seat.NORTH, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from redouble.calls import Contract
from redouble.cards import SEATS, Card, Seat, Suit
from redouble.deal import SUIT_MASK, Deal, Hand, cards_in
from redouble.errors import IllegalCardError, IllegalClaimError, RedoubleError

_SUIT_MASKS = tuple(SUIT_MASK << (13 * s) for s in range(4))


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the four cards in playing order, who won."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) % 4]

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].suit


def trick_winner(leader: Seat, cards: Iterable[Card], trump: Suit | None) -> Seat:
    """The seat that wins a trick led by ``leader``.

    >>> trick_winner(Seat.WEST, [Card("H2"), Card("HA"), Card("S2"), Card("HK")], Suit.SPADES)
    Seat.EAST
    """
    cs = list(cards)
    best = 0
    for k in range(1, len(cs)):
        c, b = cs[k], cs[best]
        if c.suit == b.suit:
            if c.rank > b.rank:
                best = k
        elif c.suit == trump:
            best = k
    return SEATS[(leader + best) % 4]


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim by ``seat`` that its side takes ``tricks`` of the tricks still to play."""

    seat: Seat
    tricks: int


class Play:
    """The card play of one contract. ``push`` plays the next card for the seat on turn.

    The declarer's left-hand opponent leads; dummy is exposed after the opening lead and its cards
    are played by the declarer (``push`` takes them like any other card).
    """

    __slots__ = ("deal", "contract", "declarer", "trump", "_remaining", "cards", "tricks", "_leader",
                 "_turn", "_declarer_tricks", "claim", "claimed_tricks")

    def __init__(self, deal: Deal, contract: Contract | str, declarer: Seat | str | None = None) -> None:
        c = Contract.parse(contract) if isinstance(contract, str) else contract
        if declarer is not None:
            c = c.with_declarer(Seat.parse(declarer))
        if c.is_passed_out:
            raise RedoubleError("a passed-out board has no play")
        if c.declarer is None:
            raise RedoubleError(f"contract {c} has no declarer")
        if not deal.is_complete:
            raise RedoubleError("the play needs all four hands of the deal")
        self.deal = deal
        self.contract = c
        self.declarer: Seat = c.declarer
        assert c.strain is not None
        self.trump: Suit | None = c.strain.suit
        self._remaining = [h.mask for h in deal.hands]
        self.cards: list[Card] = []
        self.tricks: list[Trick] = []
        self._leader = self.declarer.lho
        self._turn = self._leader
        self._declarer_tricks = 0
        self.claim: Claim | None = None
        self.claimed_tricks: int | None = None

    # --- state ------------------------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @property
    def turn(self) -> Seat:
        """The seat whose card comes next (dummy's turn is played by the declarer)."""
        return self._turn

    @property
    def controller(self) -> Seat:
        """The player who chooses the next card: the declarer when dummy is on turn."""
        return self.declarer if self._turn == self.dummy else self._turn

    @property
    def leader(self) -> Seat:
        """Who led (or is to lead) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> list[Card]:
        """Cards played so far to the unfinished trick, in order."""
        n = len(self.cards) % 4
        return self.cards[len(self.cards) - n:] if n else []

    @property
    def dummy_exposed(self) -> bool:
        return len(self.cards) > 0

    @property
    def is_complete(self) -> bool:
        return len(self.tricks) == 13 or self.claimed_tricks is not None

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by the declarer's side so far (all of them once a claim is accepted)."""
        if self.claimed_tricks is not None:
            return self.claimed_tricks
        return self._declarer_tricks

    @property
    def defender_tricks(self) -> int:
        if self.claimed_tricks is not None:
            return 13 - self.claimed_tricks
        return len(self.tricks) - self._declarer_tricks

    @property
    def result(self) -> int | None:
        """The declarer's total tricks once the play is over, else None."""
        return self.declarer_tricks if self.is_complete else None

    def tricks_won(self, seat: Seat) -> int:
        """Tricks won so far by the side of ``seat``."""
        same = seat % 2 == self.declarer % 2
        return self.declarer_tricks if same else self.defender_tricks

    def hand(self, seat: Seat | str) -> Hand:
        """What ``seat`` still holds."""
        return Hand(self._remaining[Seat.parse(seat)])

    def visible_seats(self, viewer: Seat | str | None) -> set[Seat]:
        """Whose remaining cards ``viewer`` may see: its own, and dummy's after the opening lead.

        Dummy's player sees its own cards only. ``None`` (a spectator after the deal) sees nothing.
        """
        seen: set[Seat] = set()
        if viewer is None:
            return seen
        v = Seat.parse(viewer)
        seen.add(v)
        if self.dummy_exposed:
            seen.add(self.dummy)
        return seen

    # --- legality ---------------------------------------------------------------------------------
    def legal_cards(self) -> list[Card]:
        """The cards the seat on turn may play, high to low."""
        if self.is_complete:
            return []
        mask = self._remaining[self._turn]
        n = len(self.cards) % 4
        if n:
            follow = mask & _SUIT_MASKS[self.cards[-n].suit]
            if follow:
                mask = follow
        return cards_in(mask)

    def why_illegal(self, card: Card, seat: Seat | None = None) -> str | None:
        if self.is_complete:
            return "the play is over"
        if self.claim is not None:
            return f"a claim by {self.claim.seat} is pending"
        turn = self._turn
        if seat is not None and seat != turn:
            if seat == self.dummy:
                return f"it is {turn}'s turn, not dummy's"
            return f"it is {turn}'s turn, not {seat}'s"
        mask = self._remaining[turn]
        if not mask >> card.index & 1:
            return f"{turn} does not hold {card}"
        n = len(self.cards) % 4
        if n:
            led = self.cards[-n].suit
            if card.suit != led and mask & _SUIT_MASKS[led]:
                return f"{turn} must follow suit to the {led.name.lower()} led (revoke)"
        return None

    def is_legal(self, card: Card | str) -> bool:
        try:
            return self.why_illegal(Card(card)) is None
        except RedoubleError:
            return False

    # --- changes ----------------------------------------------------------------------------------
    def push(self, card: Card | str, seat: Seat | str | None = None) -> None:
        """Play ``card`` for the seat on turn (``seat``, if given, must be the seat on turn)."""
        try:
            c = card if isinstance(card, Card) else Card(card)
        except RedoubleError as exc:
            raise IllegalCardError(f"{self._turn} cannot play {card!r}: {exc}") from None
        s = None if seat is None else Seat.parse(seat)
        turn = self._turn
        bit = 1 << c.index
        n = len(self.cards) % 4
        mask = self._remaining[turn]
        # The common case inline; the full reasons only when something is wrong.
        if (s is not None and s != turn) or not mask & bit or self.claimed_tricks is not None or self.claim \
                or (n and c.suit != self.cards[-n].suit and mask & _SUIT_MASKS[self.cards[-n].suit]):
            why = self.why_illegal(c, s)
            raise IllegalCardError(f"{turn if s is None else s} may not play {c}: {why}")
        self._remaining[turn] = mask & ~bit
        self.cards.append(c)
        if n == 3:
            cards = tuple(self.cards[-4:])
            winner = trick_winner(self._leader, cards, self.trump)
            self.tricks.append(Trick(self._leader, cards, winner))  # type: ignore[arg-type]
            if winner % 2 == self.declarer % 2:
                self._declarer_tricks += 1
            self._leader = self._turn = winner
        else:
            self._turn = SEATS[(turn + 1) % 4]

    def pop(self) -> Card:
        """Take back the last card played (also through finished tricks)."""
        if self.claimed_tricks is not None or self.claim is not None:
            raise IllegalCardError("settle or withdraw the claim before taking back a card")
        if not self.cards:
            raise IllegalCardError("no card has been played")
        n = len(self.cards) % 4
        if n == 0:
            trick = self.tricks.pop()
            if trick.winner % 2 == self.declarer % 2:
                self._declarer_tricks -= 1
            self._leader = trick.leader
            seat = SEATS[(trick.leader + 3) % 4]
        else:
            seat = SEATS[(self._turn + 3) % 4]
        c = self.cards.pop()
        self._remaining[seat] |= 1 << c.index
        self._turn = seat
        return c

    def __eq__(self, other: object) -> bool:
        """Two plays are equal when the same cards were played to the same contract on the same deal, with
        the same claim."""
        return (isinstance(other, Play) and other.deal == self.deal and other.contract == self.contract
                and other.cards == self.cards and other.claim == self.claim
                and other.claimed_tricks == self.claimed_tricks)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<Play {self.contract} on {self.deal}: {' '.join(map(str, self.cards)) or 'no cards yet'}>"

    def copy(self) -> Play:
        other = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(other, name, getattr(self, name))
        other._remaining = list(self._remaining)
        other.cards = list(self.cards)
        other.tricks = list(self.tricks)
        return other

    # --- claims -----------------------------------------------------------------------------------
    @property
    def tricks_left(self) -> int:
        return 13 - len(self.tricks)

    def make_claim(self, tricks: int, seat: Seat | str | None = None) -> Claim:
        """``seat`` (default: the declarer) claims ``tricks`` of the tricks still to be played."""
        s = self.declarer if seat is None else Seat.parse(seat)
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise IllegalClaimError(f"a claim is a whole number of tricks, not {tricks!r}")
        if self.is_complete:
            raise IllegalClaimError("the play is over")
        if self.claim is not None:
            raise IllegalClaimError(f"a claim by {self.claim.seat} is already pending")
        if s == self.dummy:
            raise IllegalClaimError("dummy may not claim")
        if not 0 <= tricks <= self.tricks_left:
            raise IllegalClaimError(f"{s} cannot claim {tricks} tricks with {self.tricks_left} left to play")
        self.claim = Claim(s, tricks)
        return self.claim

    def accept_claim(self) -> int:
        """Settle the pending claim; the play ends. Returns the declarer's total tricks."""
        if self.claimed_tricks is not None:
            raise IllegalClaimError(f"the claim is already settled: the declarer has {self.claimed_tricks} tricks")
        if self.claim is None:
            raise IllegalClaimError("there is no claim to accept")
        won_now = self._declarer_tricks
        if self.claim.seat % 2 == self.declarer % 2:
            total = won_now + self.claim.tricks
        else:
            total = won_now + self.tricks_left - self.claim.tricks
        self.claimed_tricks = total
        return total

    def reject_claim(self) -> None:
        """Withdraw the pending claim; play goes on."""
        if self.claim is None:
            raise IllegalClaimError("there is no claim to reject")
        self.claim = None

    def undo_claim(self) -> None:
        """Reopen a settled claim (for review or undo)."""
        self.claim = None
        self.claimed_tricks = None
