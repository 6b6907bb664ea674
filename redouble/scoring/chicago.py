"""Chicago (four-deal bridge), and its duplicate-scored and Russian-scored variants.

Four deals with fixed dealers and vulnerability: 1 North, none; 2 East, North-South; 3 South, East-West;
4 West, both (``ORIGINAL_CYCLE`` has deals 2 and 3 the other way round: the dealing side vulnerable).
A passed-out deal is dealt again by the same dealer. A game scores its bonus at once, 300 or 500; part
scores carry forward until either side makes a game; a part score made on deal 4 that does not complete
a game earns 100.

The example of seed 000:

>>> ch = Chicago()
>>> for contract, declarer, tricks in [("2S", "N", 10), ("1NT", "E", 7), ("2H", "W", 9), ("1NTX", "S", 8)]:
...     _ = ch.record(contract, declarer, tricks)
>>> ch.totals, ch.is_complete
({'NS': 550, 'EW': 630}, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.calls import Contract
from redouble.cards import Seat, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring.core import DUPLICATE_GAME_BONUS, MODERN, ScoringRules, duplicate_score
from redouble.scoring.imps import imps
from redouble.scoring.rubber import GameInProgress, Honours, SheetDeal, parse_result
from redouble.scoring.sheet import SIDES, ScoreSheet

DEALS_IN_CHICAGO = 4
MODERN_CYCLE: tuple[tuple[Seat, Vulnerability], ...] = (
    (Seat.NORTH, Vulnerability.NONE), (Seat.EAST, Vulnerability.NS),
    (Seat.SOUTH, Vulnerability.EW), (Seat.WEST, Vulnerability.ALL),
)
ORIGINAL_CYCLE: tuple[tuple[Seat, Vulnerability], ...] = (
    (Seat.NORTH, Vulnerability.NONE), (Seat.EAST, Vulnerability.EW),
    (Seat.SOUTH, Vulnerability.NS), (Seat.WEST, Vulnerability.ALL),
)
GAME_BONUS = DUPLICATE_GAME_BONUS  # 300 not vulnerable, 500 vulnerable: the same figures as duplicate
LAST_DEAL_PART_SCORE_BONUS = 100

# Russian scoring: the target score of the side with more high-card points, (not vulnerable, vulnerable).
RUSSIAN_TARGETS: dict[int, tuple[int, int]] = {
    20: (0, 0), 21: (50, 50), 22: (70, 70), 23: (110, 110), 24: (200, 290), 25: (300, 440),
    26: (350, 520), 27: (400, 600), 28: (430, 630), 29: (460, 660), 30: (490, 690), 31: (600, 900),
    32: (700, 1050), 33: (900, 1350), 34: (1000, 1500), 35: (1100, 1650), 36: (1200, 1800),
    37: (1300, 1950), 38: (1300, 1950), 39: (1300, 1950), 40: (1300, 1950),
}
TOTAL_HCP = 40


class _Cycle:
    """The position in the four-deal cycle; a passed-out deal does not move it."""

    def __init__(self, cycle: tuple[tuple[Seat, Vulnerability], ...]) -> None:
        if len(cycle) != DEALS_IN_CHICAGO:
            raise RedoubleError(f"a Chicago cycle has {DEALS_IN_CHICAGO} deals, not {len(cycle)}")
        self.cycle = cycle
        self.deals_played = 0  # not counting passed-out deals

    @property
    def deal_number(self) -> int:
        """1 to 4: the next deal's place in the cycle."""
        return self.deals_played % DEALS_IN_CHICAGO + 1

    @property
    def dealer(self) -> Seat:
        return self.cycle[self.deals_played % DEALS_IN_CHICAGO][0]

    @property
    def vulnerability(self) -> Vulnerability:
        return self.cycle[self.deals_played % DEALS_IN_CHICAGO][1]


class Chicago(_Cycle):
    """One Chicago: four deals scored on an N-S / E-W sheet, rubber-style."""

    def __init__(self, *, rules: ScoringRules = MODERN, honours: bool = True,
                 cycle: tuple[tuple[Seat, Vulnerability], ...] = MODERN_CYCLE) -> None:
        super().__init__(cycle)
        self.rules = rules
        self.honours = honours
        self.sheet = ScoreSheet({"NS": "N-S", "EW": "E-W"})
        self._table = GameInProgress(self.sheet)
        self.deals: list[SheetDeal] = []

    @property
    def is_complete(self) -> bool:
        return self.deals_played >= DEALS_IN_CHICAGO

    @property
    def totals(self) -> dict[str, int]:
        return {side: self.sheet.total(side) for side in SIDES}

    @property
    def part_scores(self) -> dict[str, int]:
        return dict(self._table.part)

    def record(self, contract: Contract | str, declarer: Seat | str | None = None, tricks: int | None = None,
               deal: Deal | None = None, honours: Honours | tuple[Seat | str, int] | int | None = None,
               label: str | None = None) -> SheetDeal:
        """Score the next deal; ``"Pass"`` means it was passed out and is dealt again by the same dealer."""
        if self.is_complete:
            raise RedoubleError("this Chicago has had its four deals; start a new one")
        c, seat, taken = parse_result(contract, declarer, tricks)
        number = self.deal_number
        label = str(number) if label is None else label
        vul = self.vulnerability
        before = len(self.sheet.entries)
        game_won_by = None
        if seat is not None and taken is not None:
            side, made = self._table.score_deal(c, seat, taken, vul.is_vulnerable(seat), self.rules, label)
            if self.honours:
                self._table.score_honours(honours, deal, c.strain, label)
            if self._table.game_won(side):
                game_won_by = side
                self.sheet.add(side, GAME_BONUS[vul.is_vulnerable(seat)], below=False, label=label, kind="game")
            elif made and number == DEALS_IN_CHICAGO:
                self.sheet.add(side, LAST_DEAL_PART_SCORE_BONUS, below=False, label=label, kind="part score")
            self.deals_played += 1
        record = SheetDeal(label, c, taken, vul, tuple(self.sheet.entries[before:]), game_won_by)
        self.deals.append(record)
        return record

    def render(self) -> str:
        return self.sheet.render()

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    """One deal of a duplicate- or Russian-scored Chicago, from North-South's side."""

    label: str
    contract: Contract
    tricks: int | None
    vulnerability: Vulnerability
    ns: int  # points (duplicate) or IMPs (Russian) for North-South
    ns_score: int = 0  # the duplicate score for North-South
    target: int | None = None  # Russian: North-South's target (negative: East-West's)

    @property
    def ew(self) -> int:
        return -self.ns


class _EachDealOnItsOwn(_Cycle):
    """A Chicago whose deals are scored one by one for North-South (no sheet carried between deals)."""

    def __init__(self, *, rules: ScoringRules = MODERN,
                 cycle: tuple[tuple[Seat, Vulnerability], ...] = MODERN_CYCLE) -> None:
        super().__init__(cycle)
        self.rules = rules
        self.deals: list[ChicagoDeal] = []

    @property
    def is_complete(self) -> bool:
        """After a whole number of four-deal cycles."""
        return self.deals_played > 0 and self.deals_played % DEALS_IN_CHICAGO == 0

    @property
    def totals(self) -> dict[str, int]:
        ns = sum(d.ns for d in self.deals)
        return {"NS": ns, "EW": -ns}


class DuplicateChicago(_EachDealOnItsOwn):
    """Chicago with duplicate scoring: each deal scored on its own, vulnerability by the cycle,
    any multiple of four deals."""

    def record(self, contract: Contract | str, declarer: Seat | str | None = None, tricks: int | None = None,
               label: str | None = None) -> ChicagoDeal:
        c, seat, taken = parse_result(contract, declarer, tricks)
        label = str(self.deals_played + 1) if label is None else label
        vul = self.vulnerability
        ns = 0 if seat is None or taken is None else duplicate_score(c, seat, taken, vul, rules=self.rules)
        if not c.is_passed_out:
            self.deals_played += 1
        result = ChicagoDeal(label, c, taken, vul, ns, ns)
        self.deals.append(result)
        return result


def russian_target(hcp: int, vulnerable: bool) -> int:
    """The target score of a side holding ``hcp`` (20 to 40) high-card points.

    >>> russian_target(24, True), russian_target(22, False)
    (290, 70)
    """
    if hcp not in RUSSIAN_TARGETS:
        raise RedoubleError(f"the side with more high-card points holds 20 to 40, not {hcp!r}")
    return RUSSIAN_TARGETS[hcp][int(bool(vulnerable))]


def russian_ns_target(ns_hcp: int, vulnerability: Vulnerability | str) -> int:
    """North-South's target: the majority side's target, negative when East-West held more points."""
    if isinstance(ns_hcp, bool) or not isinstance(ns_hcp, int) or not 0 <= ns_hcp <= TOTAL_HCP:
        raise RedoubleError(f"North-South's high-card points must be 0 to {TOTAL_HCP}, not {ns_hcp!r}")
    vul = Vulnerability.parse(vulnerability)
    if ns_hcp >= TOTAL_HCP - ns_hcp:
        return russian_target(ns_hcp, vul.ns)
    return -russian_target(TOTAL_HCP - ns_hcp, vul.ew)


def russian_imps(ns_score: int, ns_hcp: int, vulnerability: Vulnerability | str) -> int:
    """IMPs for North-South: their duplicate score against the target for the points held.

    The two examples of seed 000 (East-West vulnerable with 24 points, making 170: -3 IMPs;
    North-South making 420 with 18 points, none vulnerable: +10 IMPs):

    >>> russian_imps(-170, 16, "EW"), russian_imps(420, 18, "None")
    (3, 10)
    """
    return imps(ns_score - russian_ns_target(ns_hcp, vulnerability))


class RussianChicago(_EachDealOnItsOwn):
    """Chicago with Russian scoring: each deal's duplicate score against a target set by the points held,
    the difference in IMPs. Needs the deal (or North-South's high-card points) for every deal played."""

    def record(self, contract: Contract | str, declarer: Seat | str | None = None, tricks: int | None = None,
               deal: Deal | None = None, ns_hcp: int | None = None, label: str | None = None) -> ChicagoDeal:
        """Score the next deal in IMPs for North-South; give the ``deal`` or ``ns_hcp``."""
        c, seat, taken = parse_result(contract, declarer, tricks)
        label = str(self.deals_played + 1) if label is None else label
        vul = self.vulnerability
        if seat is None or taken is None:
            result = ChicagoDeal(label, c, None, vul, 0)
        else:
            if ns_hcp is None:
                if deal is None or not deal.is_complete:
                    raise RedoubleError("Russian scoring needs the whole deal or North-South's high-card points")
                ns_hcp = deal.hcp("NS")
            score = duplicate_score(c, seat, taken, vul, rules=self.rules)
            target = russian_ns_target(ns_hcp, vul)
            result = ChicagoDeal(label, c, taken, vul, imps(score - target), score, target)
            self.deals_played += 1
        self.deals.append(result)
        return result
