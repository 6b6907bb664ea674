"""A board: a deal with its number, dealer and vulnerability, its auction and its play.

>>> b = Board.from_number(3, deal=Deal.random(seed=3))
>>> b.dealer, b.vulnerability, b.phase
(Seat.SOUTH, Vulnerability.EW, 'auction')
>>> for call in ["1NT", "P", "3NT", "P", "P", "P"]:
...     b.push(call)
>>> b.phase, b.contract, b.play.turn
('play', Contract.parse('3NT-S'), Seat.WEST)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from redouble.auction import Auction
from redouble.calls import Call, Contract
from redouble.cards import Card, Seat, Strain, Vulnerability
from redouble.deal import Deal
from redouble.errors import IllegalCallError, RedoubleError
from redouble.play import Play


@dataclass
class Board:
    """Everything that happened at one table on one deal.

    ``phase`` is ``'auction'``, ``'play'`` or ``'done'``. ``push`` takes a call during the auction and a
    card during the play; ``pop`` undoes the last of either. When only the outcome is known (a scored
    result without the play), ``contract`` and ``tricks`` can be set directly.
    """

    deal: Deal
    number: int | None = None
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE
    auction: Auction = field(default=None)  # type: ignore[assignment]
    play: Play | None = None
    recorded_contract: Contract | None = None
    recorded_tricks: int | None = None
    tags: dict[str, str] = field(default_factory=dict)
    # What the file formats carry besides the game itself, kept so that a round trip loses nothing
    # (see redouble.pbn and redouble.lin). ``comments``: (anchor, raw comment), the anchor being the tag
    # the comment follows ("" before the first tag, ":end" after the game). ``sections``: the data lines
    # of supplemental sections such as OptimumResultTable, by tag name. ``call_marks``/``card_marks``:
    # PBN suffixes and NAGs ("?", "$13") by call/card index; ``card_notes``: play notes by card index.
    # ``lin_extras``: LIN pairs passed through untouched, as (calls made, cards played, key, value),
    # where calls/cards -1 means before the board starts.
    comments: list[tuple[str, str]] = field(default_factory=list)
    sections: dict[str, list[str]] = field(default_factory=dict)
    call_marks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    card_marks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    card_notes: dict[int, str] = field(default_factory=dict)
    lin_extras: list[tuple[int, int, str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.auction is None:
            self.auction = Auction(self.dealer)
        self.dealer = Seat.parse(self.dealer)
        self.vulnerability = Vulnerability.parse(self.vulnerability)

    @classmethod
    def from_number(cls, number: int, deal: Deal | None = None, **kwargs: object) -> Board:
        """A duplicate board: dealer and vulnerability follow from ``number``."""
        return cls(deal=deal if deal is not None else Deal.random(), number=number,
                   dealer=Seat.dealer_for_board(number), vulnerability=Vulnerability.for_board(number),
                   **kwargs)  # type: ignore[arg-type]

    # --- state ------------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        if not self.auction.is_complete:
            return "done" if self.recorded_contract is not None else "auction"
        if self.auction.is_passed_out:
            return "done"
        if self.play is None or not self.play.is_complete:
            return "done" if self.recorded_tricks is not None and self.play is None else "play"
        return "done"

    @property
    def contract(self) -> Contract | None:
        """The final contract (from the auction, else as recorded)."""
        c = self.auction.contract
        return c if c is not None else self.recorded_contract

    @property
    def declarer(self) -> Seat | None:
        c = self.contract
        return None if c is None else c.declarer

    @property
    def tricks(self) -> int | None:
        """The declarer's tricks once known (from the play, else as recorded)."""
        if self.play is not None and self.play.is_complete:
            return self.play.declarer_tricks
        return self.recorded_tricks

    @property
    def turn(self) -> Seat | None:
        """The seat to act next (for dummy's cards, dummy; see ``play.controller``)."""
        phase = self.phase
        if phase == "auction":
            return self.auction.turn
        if phase == "play":
            assert self.play is not None
            return self.play.turn
        return None

    @property
    def double_dummy_tricks(self) -> dict[tuple[Seat, Strain], int] | None:
        """Double-dummy tricks by (declarer, strain) as recorded in the board's PBN tables, if any."""
        from redouble.pbn import double_dummy_table

        return double_dummy_table(self)

    def score(self) -> int | None:
        """The duplicate score for North-South, once the result is known."""
        from redouble.scoring import duplicate_score

        c = self.contract
        if c is None:
            return None
        if c.is_passed_out:
            return 0
        t = self.tricks
        if t is None:
            return None
        return duplicate_score(c, c.declarer, t, self.vulnerability)

    # --- changes ----------------------------------------------------------------------------------
    def _start_play(self) -> None:
        c = self.auction.contract
        if c is not None and not c.is_passed_out and self.play is None:
            self.play = Play(self.deal, c)

    def push(self, action: Call | Card | str) -> None:
        """A call during the auction, a card during the play."""
        phase = self.phase
        if phase == "auction":
            if isinstance(action, Card):
                raise IllegalCallError(f"{self.auction.turn} may not play {action}: the auction is not over, "
                                       "make a call")
            self.auction.push(action)
            self._start_play()
        elif phase == "play":
            assert self.play is not None
            if isinstance(action, str) and not self.play.is_legal(action) and _reads_as_call(action):
                action = Call(action)
            if isinstance(action, Call):
                raise IllegalCallError(f"{self.play.turn} may not call {action}: the auction is over, play a card")
            self.play.push(action)
        else:
            raise RedoubleError(f"cannot take {action}: the board is finished")

    def pop(self) -> Call | Card | None:
        """Undo the last call or card; after a settled claim, reopen the claim (returns None)."""
        if self.play is not None and (self.play.claimed_tricks is not None or self.play.claim is not None):
            self.play.undo_claim()
            return None
        if self.play is not None and self.play.cards:
            return self.play.pop()
        if self.play is not None:
            self.play = None
        return self.auction.pop()

    def legal_actions(self) -> list[Call] | list[Card]:
        phase = self.phase
        if phase == "auction":
            return self.auction.legal_calls()
        if phase == "play":
            assert self.play is not None
            return self.play.legal_cards()
        return []


def _reads_as_call(text: str) -> bool:
    """Whether ``text`` is a call rather than a card (``'X'``, ``'Pass'``, ``'3NT'``; not ``'S3'``)."""
    try:
        Card(text)
        return False
    except RedoubleError:
        pass
    try:
        Call(text)
        return True
    except RedoubleError:
        return False
