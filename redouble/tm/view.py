"""A board as one seat sees it: its own hand, dummy's once shown, the calls and the cards played.

A player program never sees the other hands, but :class:`~redouble.board.Board` and the robots work on a
complete deal. :meth:`SeatView.board` fills the hidden hands with stand-in cards that agree with all the
seat knows (the cards each player has shown, the suits each has shown out of), so the board accepts every
card the real players can still play, and a robot, which looks only at what its seat may see, decides
exactly as it would at a table with the true deal.

>>> from redouble import Call, Card, Deal
>>> deal = Deal.random(seed=4)
>>> view = SeatView(1, Seat.NORTH, Vulnerability.NONE, Seat.NORTH, deal[Seat.NORTH])
>>> for call in ["1C", "P", "P", "P"]:
...     view.push(Call(call))
>>> board = view.board()
>>> board.deal[Seat.NORTH] == deal[Seat.NORTH], board.play.turn
(True, Seat.EAST)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from redouble.auction import Annotation, Auction
from redouble.board import Board
from redouble.calls import Call
from redouble.cards import ALL_CARDS, SEATS, Card, Seat, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import RedoubleError
from redouble.play import trick_winner


@dataclass
class SeatView:
    """What ``me`` knows of board ``number``; ``push`` adds each call and card as it happens."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    me: Seat
    hand: Hand
    dummy_hand: Hand | None = None
    calls: list[Call] = field(default_factory=list)
    annotations: dict[int, Annotation] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)
    _board: Board | None = field(default=None, repr=False)

    def push(self, action: Call | Card, annotation: Annotation | None = None) -> None:
        """Add the next call or card; :class:`~redouble.errors.RedoubleError` if the table may not take it."""
        if isinstance(action, Call):
            board = self.board()
            board.push(action)
            self.calls.append(action)
            if annotation is not None:
                self.annotations[len(self.calls) - 1] = annotation
                board.auction.annotations[len(self.calls) - 1] = annotation
            return
        # A card the stand-ins did not give its player: deal them again around it.
        self.cards.append(action)
        self._board = None
        try:
            self.board()
        except RedoubleError:
            self.cards.pop()
            self._board = None
            raise

    def show_dummy(self, hand: Hand) -> None:
        self.dummy_hand = hand
        self._board = None

    def board(self) -> Board:
        """The board so far, the hidden hands filled with stand-ins."""
        if self._board is None:
            board = Board(self._stand_in_deal(), number=self.number, dealer=self.dealer,
                          vulnerability=self.vulnerability)
            for k, call in enumerate(self.calls):
                board.push(call)
                if k in self.annotations:
                    board.auction.annotations[k] = self.annotations[k]
            for card in self.cards:
                board.push(card)
            self._board = board
        return self._board

    def _stand_in_deal(self) -> Deal:
        known = {self.me: self.hand.mask}
        contract = Auction(self.dealer, self.calls).contract
        if self.dummy_hand is not None and contract is not None and contract.declarer is not None:
            known[contract.declarer.partner] = self.dummy_hand.mask
        played = [0, 0, 0, 0]
        voids: list[set[int]] = [set(), set(), set(), set()]
        if self.cards:
            if contract is None or contract.declarer is None:
                raise RedoubleError(f"board {self.number}: a card was played before the auction ended")
            assert contract.strain is not None
            leader = contract.declarer.lho
            for start in range(0, len(self.cards), 4):
                trick = self.cards[start:start + 4]
                for k, card in enumerate(trick):
                    seat = SEATS[(leader + k) % 4]
                    played[seat] |= 1 << card.index
                    if card.suit != trick[0].suit:
                        voids[seat].add(trick[0].suit)
                if len(trick) == 4:
                    leader = trick_winner(leader, trick, contract.strain.suit)
        hidden = [s for s in SEATS if s not in known]
        pool = (1 << 52) - 1
        for mask in known.values():
            pool &= ~mask
        for s in hidden:
            pool &= ~played[s]
        need = {s: 13 - played[s].bit_count() for s in hidden}
        fill = _fill(pool, need, voids)
        hands = dict(known)
        for s in hidden:
            hands[s] = played[s] | fill[s]
        return Deal({s: Hand(mask) for s, mask in hands.items()})


def _fill(pool: int, need: dict[Seat, int], voids: list[set[int]]) -> dict[Seat, int]:
    """Share the ``pool`` of cards out, ``need[s]`` to each seat, none of a suit the seat has shown out of.

    A transport problem from suits to seats, solved by augmenting paths (at most 39 cards, 4 x 3 arcs).
    """
    count = [sum(1 for c in ALL_CARDS if pool >> c.index & 1 and c.suit == suit) for suit in range(4)]
    seats = list(need)
    flow = {(suit, s): 0 for suit in range(4) for s in seats}
    left = dict(need)
    supply = list(count)

    def place(suit: int, seen: set[Seat], away_from: Seat | None = None) -> bool:
        # Give one card of ``suit`` to a seat with room, or to a full seat that passes one of its cards
        # of another suit on in turn.
        for s in seats:
            if s == away_from or suit in voids[s] or s in seen:
                continue
            seen.add(s)
            if left[s] > 0:
                left[s] -= 1
                flow[suit, s] += 1
                return True
            for other in range(4):
                if other != suit and flow[other, s] > 0 and place(other, seen, s):
                    flow[other, s] -= 1
                    flow[suit, s] += 1
                    return True
        return False

    for suit in range(4):
        while supply[suit]:
            if not place(suit, set()):
                raise RedoubleError("the cards seen cannot be dealt out: a player has shown out of a suit "
                                    "that only it can still hold")
            supply[suit] -= 1
    out = {s: 0 for s in seats}
    cards_by_suit = [[c for c in ALL_CARDS if pool >> c.index & 1 and c.suit == suit] for suit in range(4)]
    for suit in range(4):
        for s in seats:
            for _ in range(flow[suit, s]):
                out[s] |= 1 << cards_by_suit[suit].pop().index
    return out
