"""A computer player for every seat: a bidder and a card player behind one small façade.

``Robot.named("redouble")`` bids Standard American (``redouble.bidding``, system ``"sayc"``) and plays by
sampling (:mod:`redouble.cardplay`); ``Robot.named("basic")`` bids naturally (system ``"basic"``) and plays
by rules of thumb (:mod:`redouble.cardplay.simple`). A robot sees only what its seat may see.

>>> from redouble import Board, Deal
>>> board = Board.from_number(1, deal=Deal.random(seed=5))
>>> robot = Robot.named("basic")
>>> choice = robot.call(board)
>>> choice.call in board.auction.legal_calls()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from redouble.bidding import choose_call, inferences
from redouble.bidding.meaning import HandRange
from redouble.board import Board
from redouble.calls import Call
from redouble.cardplay.choice import CardChoice
from redouble.cardplay.player import DEFAULT_BUDGET, choose_card
from redouble.cardplay.simple import simple_card
from redouble.cards import Seat
from redouble.errors import RedoubleError
from redouble.play import Play
from redouble.robots.claims import claimable_tricks
from redouble.scoring.core import check_scoring_form

ROBOTS = ("redouble", "basic")
CARD_PLAYERS = ("sampling", "simple")


@dataclass(frozen=True, slots=True)
class CallChoice:
    """A robot's call, what it means in words, whether it is alerted, and the rule that chose it."""

    call: Call
    reason: str
    alert: bool = False
    rule: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"call": str(self.call), "reason": self.reason, "alert": self.alert, "rule": self.rule}


@dataclass
class Robot:
    """A computer player. ``system``: the bidding system; ``player``: ``"sampling"`` or ``"simple"``;
    ``scoring``: the form of scoring its card play aims at; ``budget``: seconds a card (sampling);
    ``samples``: a fixed sample count instead; ``seed``: the same seed, the same decisions; ``think``:
    seconds its bidder may spend on a close decision, settling it by simulation (0: the rules alone).

    ``opponents_system`` is how it reads the other side's calls (the same as its own unless told).
    """

    system: str = "sayc"
    player: str = "sampling"
    scoring: str = "imps"
    budget: float = DEFAULT_BUDGET
    samples: int | None = None
    seed: int = 0
    opponents_system: str | None = None
    name: str = "robot"
    think: float = 0.0
    _ranges: dict[tuple[object, ...], dict[Seat, HandRange]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.player not in CARD_PLAYERS:
            raise RedoubleError(f"unknown card player {self.player!r} (expected one of {', '.join(CARD_PLAYERS)})")
        check_scoring_form(self.scoring)
        # The systems' rule tables are built now, once a process (0.2 s, more on a loaded machine), and not
        # in the robot's first call, which a fast robot must answer in milliseconds: the slowest fast call of
        # a benchmark was that first one. An unknown system is named at once.
        from redouble.bidding.engine import get_system

        for system in dict.fromkeys((self.system, self.opponents_system or self.system)):
            get_system(system)

    @classmethod
    def named(cls, name: str, **options: object) -> Robot:
        """``"redouble"`` (SAYC + sampling card play) or ``"basic"`` (natural bidding + rules of thumb)."""
        key = name.strip().lower()
        if key == "redouble":
            return cls(system="sayc", player="sampling", name="redouble", **options)  # type: ignore[arg-type]
        if key == "basic":
            return cls(system="basic", player="simple", name="basic", **options)  # type: ignore[arg-type]
        raise RedoubleError(f"unknown robot {name!r} (expected one of {', '.join(ROBOTS)})")

    # --- the auction ------------------------------------------------------------------------------
    def call(self, board: Board, seat: Seat | str | None = None) -> CallChoice:
        """The robot's call for ``seat`` (default: the seat on turn) in ``board``'s auction."""
        auction = board.auction
        if board.phase != "auction":
            raise RedoubleError(f"board {board.number}: the auction is over, there is no call to make")
        turn = auction.turn
        if seat is not None and Seat.parse(seat) != turn:
            raise RedoubleError(f"it is {turn}'s turn to call, not {Seat.parse(seat)}'s")
        hand = board.deal[turn]
        failures = []
        for system in dict.fromkeys((self.system, "basic")):
            try:
                think = self.think if system == self.system else 0.0
                choice = choose_call(hand, auction, board.vulnerability, system, think=think, seed=self.seed,
                                     scoring=self.scoring)
                call = choice.call
                if auction.is_legal(call):
                    meaning = choice.meaning
                    text = str(getattr(meaning, "text", meaning) or "")
                    note = "" if system == self.system else f" (the {self.system} bidder failed; basic instead)"
                    return CallChoice(call, text + note, bool(getattr(meaning, "alert", False)),
                                      getattr(choice, "rule", None))
                failures.append(f"{system} chose the illegal {call}")
            except Exception as exc:  # a bidder's failure must not stop the table
                failures.append(f"{system}: {exc}")
        return CallChoice(Call.PASS, "no bidder could answer (" + "; ".join(failures) + "): pass")

    # --- the play ---------------------------------------------------------------------------------
    def systems(self, seat: Seat) -> tuple[str, str]:
        """(North-South's system, East-West's) as ``seat`` reads the auction: its own side's calls by its
        system, the other side's by ``opponents_system``."""
        mine, theirs = self.system, self.opponents_system or self.system
        return (mine, theirs) if seat.is_ns else (theirs, mine)

    def ranges(self, board: Board, seat: Seat | str | None = None) -> dict[Seat, HandRange]:
        """What the auction shows of each hand, as ``seat`` (default: the player on turn) reads it: its
        own side's calls by its system, the other side's by ``opponents_system``."""
        auction = board.auction
        if seat is not None:
            me = Seat.parse(seat)
        elif board.play is not None:
            me = board.play.controller
        else:
            me = auction.turn
        ns, ew = self.systems(me)
        key = (tuple(auction.calls), auction.dealer, board.vulnerability, ns, ew)
        if key in self._ranges:
            return self._ranges[key]
        out: dict[Seat, HandRange] = {}
        try:
            by_system = {s: inferences(auction, board.vulnerability, s) for s in {ns, ew}}
            for other in Seat:
                out[other] = by_system[ns if other.is_ns else ew][other]
        except Exception:  # without inferences the samples are merely consistent with the play
            out = {}
        self._ranges[key] = out
        return out

    def card(self, board: Board | Play, seat: Seat | str | None = None) -> CardChoice:
        """The robot's card for the player on turn (the declarer chooses dummy's cards)."""
        play = board.play if isinstance(board, Board) else board
        if play is None or play.is_complete:
            raise RedoubleError("there is no card to play: the play has not started or is over")
        if seat is not None and Seat.parse(seat) != play.controller:
            raise RedoubleError(f"it is {play.controller}'s card to choose, not {Seat.parse(seat)}'s")
        if self.player == "simple":
            return simple_card(play)
        kwargs: dict[str, object] = {"scoring": self.scoring, "budget": self.budget, "samples": self.samples,
                                     "seed": self.seed}
        if isinstance(board, Board):
            kwargs.update(ranges=self.ranges(board, play.controller), vulnerability=board.vulnerability,
                          auction=board.auction, system=self.systems(play.controller))
        try:
            return choose_card(play, play.controller, **kwargs)  # type: ignore[arg-type]
        except Exception as exc:  # a failing player (no solver, say) must not stop the table: play by rule
            fallback = simple_card(play)
            return CardChoice(fallback.card, f"the card player failed ({exc}); {fallback.reason}")

    def action(self, board: Board) -> CallChoice | CardChoice:
        """The robot's call or card for the seat on turn in ``board`` (dummy's cards: the declarer's).

        >>> from redouble import Deal
        >>> board = Board.from_number(1, deal=Deal.random(seed=5))
        >>> Robot.named("basic").action(board).call in board.auction.legal_calls()
        True
        """
        if board.phase == "auction":
            return self.call(board)
        return self.card(board)

    # --- claims -----------------------------------------------------------------------------------
    def accept_claim(self, board: Board | Play, seat: Seat | str | None = None) -> bool:
        """Whether the robot (an opponent of the claimer) accepts the pending claim: yes when it is sound
        double-dummy, the claimer's side taking at least the tricks claimed against any defence."""
        play = board.play if isinstance(board, Board) else board
        if play is None or play.claim is None:
            raise RedoubleError("there is no claim to accept")
        return claimable_tricks(play, play.claim.seat) >= play.claim.tricks
