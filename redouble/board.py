"""A board: a deal with its number, dealer and vulnerability, its auction and its play.

>>> b = Board.from_number(3, deal=Deal.random(seed=3))
>>> b.dealer, b.vulnerability, b.phase
(Seat.SOUTH, Vulnerability.EW, 'auction')
>>> for call in ["1NT", "P", "3NT", "P", "P", "P"]:
...     b.push(call)
>>> b.phase, b.contract, b.play.turn
('play', Contract.parse('3NT-S'), Seat.WEST)

``push("2D")`` is a bid during the auction and the diamond two during the play (``Call``/``Card`` say
which when it matters). A board whose deal is not complete (a one-hand bidding problem, a hand record
with a hand missing) takes calls but no cards: ``is_playable`` is False and says why in
``why_unplayable``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from redouble.auction import Auction
from redouble.calls import Call, Contract
from redouble.cards import Card, Seat, Strain, Vulnerability, board_number
from redouble.deal import Deal
from redouble.errors import IllegalCallError, IllegalCardError, IllegalUndoError, Problem, RedoubleError
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
    # where calls/cards -1 means before the board starts. ``kept_tags``: tags a reader kept as written
    # though they disagree with the game (or could not be read), with the value the game gave them
    # then: the writer writes them as they were while the game still gives that value.
    # ``problems``: what the reader found wrong with this board.
    comments: list[tuple[str, str]] = field(default_factory=list)
    sections: dict[str, list[str]] = field(default_factory=dict)
    call_marks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    card_marks: dict[int, tuple[str, ...]] = field(default_factory=dict)
    card_notes: dict[int, str] = field(default_factory=dict)
    lin_extras: list[tuple[int, int, str, str]] = field(default_factory=list)
    kept_tags: dict[str, str | None] = field(default_factory=dict, repr=False)
    problems: list[Problem] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.deal, Deal):
            raise RedoubleError(f"a board's deal must be a Deal, not {self.deal!r}")
        if self.number is not None:
            self.number = board_number(self.number)
        self.dealer = Seat.parse(self.dealer)
        if self.auction is None:
            self.auction = Auction(self.dealer)
        self.vulnerability = Vulnerability.parse(self.vulnerability)

    @classmethod
    def from_number(cls, number: int, deal: Deal | None = None, **kwargs: object) -> Board:
        """A duplicate board: dealer and vulnerability follow from ``number``."""
        return cls(deal=deal if deal is not None else Deal.random(), number=number,
                   dealer=Seat.dealer_for_board(number), vulnerability=Vulnerability.for_board(number),
                   **kwargs)  # type: ignore[arg-type]

    def copy(self) -> Board:
        """An independent copy: pushing to one does not change the other.

        >>> b = Board.from_number(1, deal=Deal.random(seed=1)); c = b.copy(); c.push("1NT")
        >>> len(b.auction), len(c.auction), b == c
        (0, 1, False)
        """
        return Board(deal=self.deal, number=self.number, dealer=self.dealer, vulnerability=self.vulnerability,
                     auction=self.auction.copy(), play=None if self.play is None else self.play.copy(),
                     recorded_contract=self.recorded_contract, recorded_tricks=self.recorded_tricks,
                     tags=dict(self.tags), comments=list(self.comments),
                     sections={k: list(v) for k, v in self.sections.items()}, call_marks=dict(self.call_marks),
                     card_marks=dict(self.card_marks), card_notes=dict(self.card_notes),
                     lin_extras=list(self.lin_extras), kept_tags=dict(self.kept_tags),
                     problems=list(self.problems))

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
    def is_playable(self) -> bool:
        """Whether the cards can be played: every card of the deal has an owner.

        >>> Board(Deal.parse("N:AKQJ.AKQ.AKQ.AKQ - - -")).is_playable
        False
        """
        return self.why_unplayable is None

    @property
    def why_unplayable(self) -> str | None:
        """Why the cards cannot be played (None when they can)."""
        if self.deal.is_complete:
            return None
        missing = [s.name.title() for s in Seat if not self.deal[s]]
        if missing:
            return f"the deal is not complete ({', '.join(missing)}: not known)"
        return "the deal is not complete (some cards have no owner)"

    @property
    def turn(self) -> Seat | None:
        """The seat to act next (for dummy's cards, dummy; see ``play.controller``).

        In the play of a board that cannot be played (see ``is_playable``), the opening leader.
        """
        phase = self.phase
        if phase == "auction":
            return self.auction.turn
        if phase == "play":
            if self.play is None:
                declarer = self.declarer
                return None if declarer is None else declarer.lho
            return self.play.turn
        return None

    @property
    def double_dummy_tricks(self) -> dict[tuple[Seat, Strain], int] | None:
        """Double-dummy tricks by (declarer, strain) as recorded in the board's PBN tables, if any."""
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
        if c is not None and not c.is_passed_out and self.play is None and self.is_playable:
            self.play = Play(self.deal, c)

    def push(self, action: Call | Card | str) -> None:
        """A call during the auction, a card during the play: ``"2D"`` is a bid in the auction and the
        diamond two in the play. Nothing changes when the action is refused."""
        if not isinstance(action, Call | Card | str):
            hint = " (push them one at a time, or use extend)" if isinstance(action, Iterable) else ""
            raise RedoubleError(f"push takes one call or card, not {action!r}{hint}")
        phase = self.phase
        if phase == "auction":
            if isinstance(action, Card):
                raise IllegalCallError(f"{self.auction.turn} may not play {action}: the auction is not over, "
                                       "make a call")
            self.auction.push(action)
            self._start_play()
        elif phase == "play":
            if isinstance(action, str) and (self.play is None or not self.play.is_legal(action)) \
                    and _reads_as_call(action):
                action = Call(action)
            if isinstance(action, Call):
                raise IllegalCallError(f"{self.turn} may not call {action}: the auction is over, play a card")
            if self.play is None:
                raise IllegalCardError(f"{self.turn} cannot play {action}: {self.why_unplayable}")
            self.play.push(action)
        else:
            raise RedoubleError(f"cannot take {action}: the board is finished")

    def extend(self, actions: Iterable[Call | Card | str]) -> None:
        """Push each action in turn; if one is refused, none is taken.

        >>> b = Board.from_number(1, deal=Deal.random(seed=1))
        >>> b.extend("1NT P 3NT P P XX".split())  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        redouble.errors.IllegalCallError: E may not call XX after 1NT Pass 3NT Pass Pass: you may redouble ...
        >>> len(b.auction)
        0
        """
        if isinstance(actions, str):
            raise RedoubleError(f"extend takes a list of calls or cards, not the text {actions!r} "
                                "(split it: text.split())")
        done = 0
        try:
            for action in actions:
                self.push(action)
                done += 1
        except RedoubleError:
            for _ in range(done):
                self.pop()
            raise

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

    # --- taking back (practice against robots) ------------------------------------------------------
    def why_no_take_back(self, seat: Seat | str) -> str | None:
        """Why ``seat`` may not take back its last call or card now (None: it may).

        Nothing a player has seen can be unseen: a finished board (passed out, the last trick played, a
        claim settled) showed every hand, and once the opening lead is made dummy is faced, so neither
        the lead nor anything before it comes back. A claimer may withdraw a claim still pending.

        >>> b = Board.from_number(1, deal=Deal.random(seed=7))
        >>> for call in ["1NT", "P", "P", "P"]:
        ...     b.push(call)
        >>> b.why_no_take_back("N") is None, b.push(b.legal_actions()[0]), b.why_no_take_back("N")
        (True, None, 'the opening lead has been made and dummy seen: the auction cannot be taken back')
        """
        s = Seat.parse(seat)
        play = self.play
        if self.auction.is_passed_out or (play is not None and play.is_complete):
            return "the deal is over and every hand has been shown: it cannot be taken back"
        if play is not None and play.claim is not None:
            return None if play.claim.seat == s else f"{play.claim.seat}'s claim is pending: only they can take it back"
        own = self._own_actions(s)
        if not own:
            return f"{s} has no call or card to take back in this deal"
        if own[-1] < self._take_back_floor():
            if own[-1] == len(self.auction.calls):
                return "the opening lead faced dummy: it cannot be taken back"
            return "the opening lead has been made and dummy seen: the auction cannot be taken back"
        return None

    def take_back(self, seat: Seat | str) -> list[Call | Card]:
        """Take back ``seat``'s last call or card and everything after it (or withdraw its pending claim);
        the actions taken back, last first. Raises :class:`IllegalUndoError` when the rules forbid it
        (see :meth:`why_no_take_back`)."""
        s = Seat.parse(seat)
        why = self.why_no_take_back(s)
        if why is not None:
            raise IllegalUndoError(why)
        if self.play is not None and self.play.claim is not None:
            self.play.reject_claim()
            return []
        target = self._own_actions(s)[-1]
        taken: list[Call | Card] = []
        while len(self.auction.calls) + (len(self.play.cards) if self.play is not None else 0) > target:
            if self.play is not None and self.play.cards:
                taken.append(self.play.pop())
            else:
                self.play = None
                taken.append(self.auction.pop())
        return taken

    def _take_back_floor(self) -> int:
        """How many actions (calls, then cards) must stay: once dummy is faced, the auction and the lead."""
        if self.play is not None and self.play.cards:
            return len(self.auction.calls) + 1
        return 0

    def _own_actions(self, seat: Seat) -> list[int]:
        """Positions (calls, then cards) of the actions ``seat`` chose: its calls, its cards, and dummy's
        cards when it declares."""
        out = [i for i in range(len(self.auction.calls)) if self.auction.seat_of(i) == seat]
        play = self.play
        if play is not None:
            base = len(self.auction.calls)
            for k, card_seat in enumerate(card_seats(play)):
                if card_seat == seat or (card_seat == play.dummy and seat == play.declarer):
                    out.append(base + k)
        return out

    def legal_actions(self) -> list[Call] | list[Card]:
        """The calls or cards the seat on turn may choose; none once the board is finished or when its
        cards cannot be played (see ``is_playable``)."""
        phase = self.phase
        if phase == "auction":
            return self.auction.legal_calls()
        if phase == "play" and self.play is not None:
            return self.play.legal_cards()
        return []


def card_seats(play: Play) -> list[Seat]:
    """The seat (hand) from which each card played so far came, in order.

    >>> play = Play(Deal.random(seed=2), "3NT-S")
    >>> play.push(play.legal_cards()[0]); play.push(play.legal_cards()[0])
    >>> card_seats(play)
    [Seat.WEST, Seat.NORTH]
    """
    out = [Seat((trick.leader + k) % 4) for trick in play.tricks for k in range(4)]
    out.extend(Seat((play.leader + k) % 4) for k in range(len(play.current_trick)))
    return out


def double_dummy_table(board: Board) -> dict[tuple[Seat, Strain], int] | None:
    """Double-dummy tricks by (declarer, strain) as a board's tags record them (PBN's ``OptimumResultTable``
    section and ``DoubleDummyTricks`` tag), or None.

    ``DoubleDummyTricks`` is 20 hex digits: North, South, East, West, each NT S H D C.

    >>> b = Board(Deal.random(seed=1), tags={"DoubleDummyTricks": "77667775576677566775"})
    >>> t = double_dummy_table(b); t[Seat.NORTH, Strain.NOTRUMP], t[Seat.EAST, Strain.HEARTS]
    (7, 7)
    """
    table: dict[tuple[Seat, Strain], int] = {}
    digits = board.tags.get("DoubleDummyTricks", "").strip()
    if digits:
        if len(digits) != 20 or any(ch not in "0123456789abcdefABCDEF" for ch in digits):
            raise RedoubleError(f"DoubleDummyTricks {digits!r} is not 20 hex digits (N S E W, each NT S H D C)")
        for k, ch in enumerate(digits):
            tricks = int(ch, 16)
            if tricks <= 13:  # higher digits mark an unknown entry
                table[_DD_TAG_SEATS[k // 5], _DD_TAG_STRAINS[k % 5]] = tricks
    spec, rows = board.tags.get("OptimumResultTable"), board.sections.get("OptimumResultTable")
    if spec and rows:
        columns = [c.strip().lstrip("+-").split("\\")[0].strip().lower() for c in spec.split(";")]
        try:
            at = [columns.index(name) for name in ("declarer", "denomination", "result")]
        except ValueError:
            raise RedoubleError(f"OptimumResultTable {spec!r} lacks a Declarer, Denomination or Result column") \
                from None
        for row in rows:
            cells = row.split()
            try:
                seat, strain = Seat.parse(cells[at[0]]), Strain.parse(cells[at[1]])
                tricks = int(cells[at[2]])
            except (IndexError, ValueError, RedoubleError):
                raise RedoubleError(f"OptimumResultTable row {row!r} is not 'declarer denomination tricks'") \
                    from None
            table[seat, strain] = tricks
    return table or None


_DD_TAG_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)  # the order of DoubleDummyTricks' digits
_DD_TAG_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


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
