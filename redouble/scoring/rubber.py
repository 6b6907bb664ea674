"""Rubber bridge: the WE/THEY sheet, games, vulnerability from games won, honours, the rubber bonus.

A rubber is the best of three games; a game is 100 points below the line, over one deal or several.
A side that has won a game is vulnerable. Two games win the rubber: 700 if the other side has none,
500 if it has one. An unfinished rubber scores 300 for a side with a game and 100 (pre-1987: 50) for
a side with a part score in the unfinished game. WE are North-South unless told otherwise.

>>> r = Rubber()
>>> _ = r.record("4S", "N", 10)
>>> r.games, r.vulnerability
({'NS': 1, 'EW': 0}, Vulnerability.NS)
>>> _ = r.record("3NT", "S", 9)
>>> r.is_finished, r.totals
(True, {'NS': 920, 'EW': 0})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from redouble.calls import Contract
from redouble.cards import Card, Rank, Seat, Strain, Suit, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring.core import GAME_THRESHOLD, MODERN, ScoringRules, score_contract
from redouble.scoring.sheet import SIDES, Entry, ScoreSheet, other_side

RUBBER_BONUS = {0: 700, 1: 500}  # by the games the losers won
UNFINISHED_GAME_BONUS = 300
GAMES_TO_WIN = 2
HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
HONOURS_FOUR_TRUMPS = 100
HONOURS_FIVE_TRUMPS = 150
HONOURS_FOUR_ACES = 150
_SIDE_ALIASES = {"NS": "NS", "N-S": "NS", "EW": "EW", "E-W": "EW"}


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held in one hand: the holder's side and the points (100 or 150)."""

    side: str
    points: int

    @classmethod
    def parse(cls, value: Honours | tuple[Seat | str, int]) -> Honours:
        """From ``Honours`` or a pair ``(seat or side, points)``: ``("W", 100)``, ``("NS", 150)``."""
        if isinstance(value, Honours):
            return value
        try:
            who, points = value
        except (TypeError, ValueError):
            raise RedoubleError(f"honours are (seat or side, points), like ('S', 100); not {value!r}") from None
        if isinstance(who, str) and who.strip().upper() in _SIDE_ALIASES:
            side = _SIDE_ALIASES[who.strip().upper()]
        else:
            side = Seat.parse(who).side
        if points not in (HONOURS_FOUR_TRUMPS, HONOURS_FIVE_TRUMPS):
            raise RedoubleError(f"honours score 100 or 150, not {points!r}")
        return cls(side, points)


def honours_in(deal: Deal, strain: Strain) -> tuple[Seat, int] | None:
    """Who holds honours in ``strain`` and what they score: four of A K Q J 10 of trumps in one hand 100,
    all five 150; at no trumps four aces 150. Whoever holds them counts: declarer, dummy or a defender.

    >>> d = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
    >>> honours_in(d, Strain.SPADES), honours_in(d, Strain.NOTRUMP), honours_in(d, Strain.CLUBS)
    ((Seat.NORTH, 100), (Seat.NORTH, 150), None)
    """
    if strain == Strain.NOTRUMP:
        aces = [Card(suit, Rank.ACE) for suit in Suit]
        for seat in Seat:
            if all(deal.owner(c) == seat for c in aces):
                return seat, HONOURS_FOUR_ACES
        return None
    suit = strain.suit
    assert suit is not None
    for seat in Seat:
        held = sum(1 for r in HONOUR_RANKS if deal.owner(Card(suit, r)) == seat)
        if held == 5:
            return seat, HONOURS_FIVE_TRUMPS
        if held == 4:
            return seat, HONOURS_FOUR_TRUMPS
    return None


@dataclass(frozen=True)
class SheetDeal:
    """What one deal wrote on the sheet."""

    label: str
    contract: Contract
    tricks: int | None
    vulnerability: Vulnerability
    entries: tuple[Entry, ...]
    game_won_by: str | None = None

    @property
    def passed_out(self) -> bool:
        return self.contract.is_passed_out

    def points(self, side: str) -> int:
        return sum(e.points for e in self.entries if e.side == side)


def parse_result(contract: Contract | str, declarer: Seat | str | None,
                 tricks: int | None) -> tuple[Contract, Seat | None, int | None]:
    """Check a played contract: its declarer (given or in the contract) and the tricks taken."""
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if not isinstance(c, Contract):
        raise RedoubleError(f"not a contract: {contract!r}")
    if c.is_passed_out:
        return c, None, None
    seat = Seat.parse(declarer) if declarer is not None else c.declarer
    if seat is None:
        raise RedoubleError(f"contract {c} needs a declarer")
    if c.declarer is not None and c.declarer != seat:
        raise RedoubleError(f"contract {c} names declarer {c.declarer}, not {seat}")
    if tricks is None:
        raise RedoubleError(f"contract {c} needs the number of tricks declarer took")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RedoubleError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    return c.with_declarer(seat), seat, tricks


def resolve_honours(honours: Honours | tuple[Seat | str, int] | int | None, deal: Deal | None,
                    strain: Strain | None) -> Honours | None:
    """Honours as claimed (``honours``), else as found in ``deal``; ``0`` claims none."""
    if strain is None:
        return None
    if honours is False or (isinstance(honours, int) and honours == 0):
        return None
    if honours is not None:
        return Honours.parse(honours)  # type: ignore[arg-type]
    if deal is None:
        return None
    found = honours_in(deal, strain)
    return None if found is None else Honours(found[0].side, found[1])


@dataclass
class GameInProgress:
    """Writes contract scores on a sheet and keeps the part scores of the game in progress (rubber, Chicago)."""

    sheet: ScoreSheet
    part: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})

    def score_honours(self, honours: Honours | tuple[Seat | str, int] | int | None, deal: Deal | None,
                      strain: Strain | None, label: str) -> None:
        """Write the honours above the line, as claimed or as found in the deal."""
        h = resolve_honours(honours, deal, strain)
        if h is not None:
            self.sheet.add(h.side, h.points, below=False, label=label, kind="honours")

    def score_deal(self, c: Contract, declarer: Seat, tricks: int, declarer_vulnerable: bool,
                   rules: ScoringRules, label: str) -> tuple[str, bool]:
        """Write a contract's score; return the declaring side and whether it made the contract."""
        side = declarer.side
        s = score_contract(c, tricks, declarer_vulnerable, rules=rules)
        if s.made:
            self.sheet.add(side, s.trick_score, below=True, label=label, kind="contract")
            self.sheet.add(side, s.overtricks, below=False, label=label, kind="overtricks")
            self.sheet.add(side, s.insult, below=False, label=label, kind="insult")
            self.sheet.add(side, s.slam, below=False, label=label, kind="slam")
            self.part[side] += s.trick_score
        else:
            self.sheet.add(other_side(side), s.undertricks, below=False, label=label, kind="undertricks")
        return side, s.made

    def game_won(self, side: str) -> bool:
        if self.part[side] >= GAME_THRESHOLD:
            self.sheet.draw_line()
            self.part = {"NS": 0, "EW": 0}
            return True
        return False


class Rubber:
    """A rubber bridge score sheet.

    ``we`` is the side written in the WE column (``"NS"`` or ``"EW"``); ``honours=False`` plays without
    honours; ``rules=PRE_1987`` uses the older figures (see :mod:`redouble.scoring.core`).
    """

    def __init__(self, *, we: str = "NS", rules: ScoringRules = MODERN, honours: bool = True) -> None:
        we = _SIDE_ALIASES.get(str(we).strip().upper(), "")
        if not we:
            raise RedoubleError("we must be 'NS' or 'EW'")
        self.we = we
        self.rules = rules
        self.honours = honours
        headings = {we: "WE", other_side(we): "THEY"}
        self.sheet = ScoreSheet(headings)
        self._table = GameInProgress(self.sheet)
        self.games = {"NS": 0, "EW": 0}
        self.deals: list[SheetDeal] = []
        self.is_complete = False  # two games won
        self.is_finished = False  # complete, or stopped with finish()

    # --- state ------------------------------------------------------------------------------------
    def vulnerable(self, side: str) -> bool:
        """A side is vulnerable once it has won a game."""
        return self.games[_SIDE_ALIASES[side.upper()]] >= 1

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability for the next deal."""
        return Vulnerability.from_sides(self.vulnerable("NS"), self.vulnerable("EW"))

    @property
    def part_scores(self) -> dict[str, int]:
        """Each side's points below the line in the game in progress."""
        return dict(self._table.part)

    @property
    def totals(self) -> dict[str, int]:
        return {side: self.sheet.total(side) for side in SIDES}

    @property
    def winner(self) -> str | None:
        """The side with more points once the rubber is over (``None`` for a tie or while it goes on)."""
        if not self.is_finished:
            return None
        t = self.totals
        return None if t["NS"] == t["EW"] else max(t, key=t.__getitem__)

    # --- changes ----------------------------------------------------------------------------------
    def record(self, contract: Contract | str, declarer: Seat | str | None = None, tricks: int | None = None,
               deal: Deal | None = None, honours: Honours | tuple[Seat | str, int] | int | None = None,
               label: str | None = None) -> SheetDeal:
        """Score one deal. ``contract`` may be ``"Pass"`` (a passed-out deal writes nothing).

        Honours: claimed with ``honours=("S", 100)`` (or ``0`` for none), else found in ``deal`` when given.
        """
        if self.is_finished:
            raise RedoubleError("the rubber is over; start a new one")
        c, seat, taken = parse_result(contract, declarer, tricks)
        label = str(len(self.deals) + 1) if label is None else label
        vul = self.vulnerability
        before = len(self.sheet.entries)
        game_won_by = None
        if seat is not None and taken is not None:
            side, _ = self._table.score_deal(c, seat, taken, self.vulnerable(seat.side), self.rules, label)
            if self.honours:
                self._table.score_honours(honours, deal, c.strain, label)
            if self._table.game_won(side):
                game_won_by = side
                self.games[side] += 1
                if self.games[side] == GAMES_TO_WIN:
                    bonus = RUBBER_BONUS[self.games[other_side(side)]]
                    self.sheet.add(side, bonus, below=False, label=label, kind="rubber")
                    self.is_complete = self.is_finished = True
        record = SheetDeal(label, c, taken, vul, tuple(self.sheet.entries[before:]), game_won_by)
        self.deals.append(record)
        return record

    def finish(self) -> dict[str, int]:
        """End the rubber where it stands: 300 for a side with a game, 100 (pre-1987: 50) for a part score
        in the unfinished game. Returns the totals; does nothing more to a rubber already over."""
        if not self.is_finished:
            for side in SIDES:
                if self.games[side]:
                    self.sheet.add(side, UNFINISHED_GAME_BONUS, below=False, label="", kind="unfinished game")
                if self._table.part[side]:
                    self.sheet.add(side, self.rules.unfinished_part_score, below=False, label="",
                                   kind="unfinished part score")
            self.is_finished = True
        return self.totals

    def render(self) -> str:
        """The WE/THEY sheet as text."""
        return self.sheet.render()

    def __str__(self) -> str:
        return self.render()
