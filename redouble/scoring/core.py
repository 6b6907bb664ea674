"""The contract-score core that every form of scoring builds on. Pure and table-driven.

>>> s = score_contract("4SX", 10, vulnerable=False)
>>> s.trick_score, s.insult, s.overtricks, s.made
(240, 50, 0, True)
>>> score_contract("3NT", 6, vulnerable=True, doubled=None).undertricks
300
>>> duplicate_score("4S", "S", 10, "None"), duplicate_score("4S", "S", 10, "NS"), duplicate_score("2S", "N", 10, "EW")
(420, 620, 170)
>>> duplicate_score("5DX", "W", 8, "NS")
500
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.calls import Contract
from redouble.cards import Seat, Strain, Vulnerability
from redouble.errors import RedoubleError


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The figures that changed over the years; ``MODERN`` is the default (Laws 2017/2014)."""

    name: str
    # doubled undertricks, not vulnerable: first, second, third, each after
    doubled_undertricks_nv: tuple[int, int, int, int] = (100, 200, 200, 300)
    doubled_undertricks_vul: tuple[int, int, int, int] = (200, 300, 300, 300)
    redoubled_insult: int = 100
    unfinished_part_score: int = 100


MODERN = ScoringRules("modern")
PRE_1987 = ScoringRules("pre-1987", doubled_undertricks_nv=(100, 200, 200, 200), redoubled_insult=50,
                        unfinished_part_score=50)

# The forms of scoring a robot can play and bid for (what it maximises): total points, IMPs, matchpoints.
SCORING_FORMS = ("total", "imps", "matchpoints")


def check_scoring_form(form: str) -> None:
    """Raise a :class:`~redouble.errors.RedoubleError` naming ``form`` unless it is one of :data:`SCORING_FORMS`.

    >>> check_scoring_form("imps")
    >>> check_scoring_form("rubber")
    Traceback (most recent call last):
    ...
    redouble.errors.RedoubleError: unknown form of scoring 'rubber' (expected one of total, imps, matchpoints)
    """
    if form not in SCORING_FORMS:
        raise RedoubleError(f"unknown form of scoring {form!r} (expected one of {', '.join(SCORING_FORMS)})")


TRICK_VALUE = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NOTRUMP: 30}
NOTRUMP_FIRST_TRICK_EXTRA = 10
UNDOUBLED_UNDERTRICK = {False: 50, True: 100}
DOUBLED_OVERTRICK = {False: 100, True: 200}
SLAM_BONUS = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
GAME_THRESHOLD = 100
DUPLICATE_GAME_BONUS = {False: 300, True: 500}
PART_SCORE_BONUS = 50


@dataclass(frozen=True, slots=True)
class ContractScore:
    """The parts of one contract's score, from the declaring side's point of view.

    ``trick_score`` goes below the line (rubber) and decides game; everything else is above.
    ``undertricks`` is what the defenders score when the contract fails.
    """

    contract: Contract
    tricks: int
    vulnerable: bool
    trick_score: int = 0
    overtricks: int = 0
    insult: int = 0
    slam: int = 0
    undertricks: int = 0

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.tricks_needed

    @property
    def declarer_points(self) -> int:
        """Everything the declaring side scores, without game/part-score/rubber bonuses."""
        return self.trick_score + self.overtricks + self.insult + self.slam

    @property
    def is_game(self) -> bool:
        return self.trick_score >= GAME_THRESHOLD


def trick_score(level: int, strain: Strain, doubled: int = 0) -> int:
    """Points below the line for ``level`` odd tricks bid and made.

    >>> trick_score(3, Strain.NOTRUMP), trick_score(6, Strain.HEARTS, 1), trick_score(1, Strain.CLUBS, 2)
    (100, 360, 80)
    """
    base = TRICK_VALUE[strain] * level + (NOTRUMP_FIRST_TRICK_EXTRA if strain == Strain.NOTRUMP else 0)
    return base * (1, 2, 4)[doubled]


def undertrick_penalty(down: int, vulnerable: bool, doubled: int = 0, rules: ScoringRules = MODERN) -> int:
    """What the defenders score when the contract goes ``down`` tricks.

    >>> [undertrick_penalty(n, False, 1) for n in range(1, 6)]
    [100, 300, 500, 800, 1100]
    >>> undertrick_penalty(4, False, 1, PRE_1987), undertrick_penalty(2, True, 2)
    (700, 1000)
    """
    if down <= 0:
        return 0
    if doubled == 0:
        return UNDOUBLED_UNDERTRICK[vulnerable] * down
    steps = rules.doubled_undertricks_vul if vulnerable else rules.doubled_undertricks_nv
    total = sum(steps[min(k, 3)] for k in range(down))
    return total * doubled


def _coerce_contract(contract: Contract | str, doubled: int | None) -> Contract:
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if not isinstance(c, Contract):
        raise RedoubleError(f"not a contract: {contract!r}")
    if doubled is not None and not c.is_passed_out:
        c = Contract(c.level, c.strain, doubled, c.declarer)
    return c


def score_contract(contract: Contract | str, tricks: int, vulnerable: bool, *, doubled: int | None = None,
                   rules: ScoringRules = MODERN) -> ContractScore:
    """Score one contract: ``tricks`` is the declarer's total (0 to 13)."""
    c = _coerce_contract(contract, doubled)
    if c.is_passed_out:
        raise RedoubleError("a passed-out board has no contract to score")
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RedoubleError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    assert c.strain is not None
    vul = bool(vulnerable)
    need = c.tricks_needed
    if tricks < need:
        penalty = undertrick_penalty(need - tricks, vul, c.doubled, rules)
        return ContractScore(c, tricks, vul, undertricks=penalty)
    over = tricks - need
    if c.doubled:
        over_points = over * DOUBLED_OVERTRICK[vul] * c.doubled
        insult = 50 if c.doubled == 1 else rules.redoubled_insult
    else:
        over_points = over * TRICK_VALUE[c.strain]
        insult = 0
    slam = SLAM_BONUS[c.level][vul] if c.level >= 6 else 0
    return ContractScore(c, tricks, vul, trick_score(c.level, c.strain, c.doubled), over_points, insult, slam)


def duplicate_points(score: ContractScore) -> int:
    """The declaring side's duplicate score (negative when the contract fails)."""
    if not score.made:
        return -score.undertricks
    bonus = DUPLICATE_GAME_BONUS[score.vulnerable] if score.is_game else PART_SCORE_BONUS
    return score.declarer_points + bonus


def duplicate_score(contract: Contract | str, declarer: Seat | str | None, tricks: int,
                    vulnerability: Vulnerability | str = Vulnerability.NONE, *,
                    rules: ScoringRules = MODERN) -> int:
    """The duplicate score of a board for North-South (positive when North-South gain).

    ``declarer`` may be None when the contract names it (``"4S-N"``). A passed-out board scores 0.
    """
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if c.is_passed_out:
        return 0
    seat = c.declarer if declarer is None else Seat.parse(declarer)
    if seat is None:
        raise RedoubleError(f"contract {c} needs a declarer")
    if c.declarer is not None and seat != c.declarer:
        raise RedoubleError(f"contract {c} is played by {c.declarer}, not {seat}: give the declarer once")
    vul = Vulnerability.parse(vulnerability).is_vulnerable(seat)
    points = duplicate_points(score_contract(c, tricks, vul, rules=rules))
    return points if seat.is_ns else -points
