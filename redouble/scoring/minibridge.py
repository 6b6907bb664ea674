"""Minibridge, the simple form of seed 000: no auction, points announced, a 'game' or 'part score' contract.

Each player announces high-card points, dealer first. The side with more plays; declarer is the partner
with more points (equal: the one who spoke first). 20-20 is dealt again by the same dealer. Having seen
dummy, declarer names 'game' or 'part score' and a strain. Trick scores are the usual ones (20 a minor
trick, 30 a major one, no trumps 40 then 30). A part score needs 7 tricks and scores the trick score + 50;
a game needs 100 trick points (11 tricks in a minor, 10 in a major, 9 at no trumps) and scores the trick
score + 300. When the contract fails the other side scores 50 for each trick short.

The examples of seed 000:

>>> [minibridge_score("part score", "NT", t).declarer_points for t in (7, 10)]
[90, 180]
>>> minibridge_score("part score", "NT", 5).defender_points
100
>>> [minibridge_score("game", "H", t).declarer_points for t in (10, 11)], minibridge_score("game", "H", 7)
([420, 450], MinibridgeScore(declarer_points=0, defender_points=150))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from redouble.cards import Seat, Strain
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring.core import GAME_THRESHOLD, trick_score

PART_SCORE = "part score"
GAME = "game"
MINIBRIDGE_BONUS = {PART_SCORE: 50, GAME: 300}
UNDERTRICK_POINTS = 50
BOOK = 6
PART_SCORE_TRICKS = 7
_KINDS = {"PART SCORE": PART_SCORE, "PARTSCORE": PART_SCORE, "PART-SCORE": PART_SCORE, "PART": PART_SCORE,
          "GAME": GAME}


def parse_kind(kind: str) -> str:
    """``'game'`` or ``'part score'`` (also ``'partscore'``, ``'part'``)."""
    key = str(kind).strip().upper()
    if key not in _KINDS:
        raise RedoubleError(f"a minibridge contract is 'game' or 'part score', not {kind!r}")
    return _KINDS[key]


def tricks_needed(kind: str, strain: Strain | str) -> int:
    """Tricks a contract needs: 7 for a part score; for game, enough for 100 trick points.

    >>> [tricks_needed("game", s) for s in "CHN"], tricks_needed("part score", "C")
    ([11, 10, 9], 7)
    """
    s = strain if isinstance(strain, Strain) else Strain.parse(strain)
    if parse_kind(kind) == PART_SCORE:
        return PART_SCORE_TRICKS
    level = next(n for n in range(1, 8) if trick_score(n, s) >= GAME_THRESHOLD)
    return BOOK + level


@dataclass(frozen=True, slots=True)
class MinibridgeScore:
    """Points for the declaring side, or for the defenders when the contract failed."""

    declarer_points: int
    defender_points: int


def minibridge_score(kind: str, strain: Strain | str, tricks: int) -> MinibridgeScore:
    """Score a minibridge contract: ``kind`` 'game' or 'part score', ``tricks`` declarer's total."""
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RedoubleError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    k = parse_kind(kind)
    s = strain if isinstance(strain, Strain) else Strain.parse(strain)
    need = tricks_needed(k, s)
    if tricks < need:
        return MinibridgeScore(0, UNDERTRICK_POINTS * (need - tricks))
    return MinibridgeScore(trick_score(tricks - BOOK, s) + MINIBRIDGE_BONUS[k], 0)


def choose_declarer(points: Deal | Mapping[Seat, int], dealer: Seat | str) -> Seat | None:
    """Who declares, from the points each player announced (or the deal); ``None``: 20-20, deal again.

    >>> choose_declarer({Seat.NORTH: 12, Seat.EAST: 8, Seat.SOUTH: 12, Seat.WEST: 8}, "S")
    Seat.SOUTH
    >>> choose_declarer({Seat.NORTH: 12, Seat.EAST: 8, Seat.SOUTH: 12, Seat.WEST: 8}, "W")
    Seat.NORTH
    """
    first = Seat.parse(dealer)
    if isinstance(points, Deal):
        if not points.is_complete:
            raise RedoubleError("minibridge needs the whole deal to count each player's points")
        hcp = {seat: points[seat].hcp for seat in Seat}
    else:
        hcp = {Seat.parse(seat): n for seat, n in points.items()}
        if set(hcp) != set(Seat) or any(isinstance(n, bool) or not isinstance(n, int) or n < 0
                                        for n in hcp.values()):
            raise RedoubleError(f"give the points of all four players, each 0 or more: {dict(points)!r}")
    ns = hcp[Seat.NORTH] + hcp[Seat.SOUTH]
    ew = hcp[Seat.EAST] + hcp[Seat.WEST]
    if ns == ew:
        return None
    pair = (Seat.NORTH, Seat.SOUTH) if ns > ew else (Seat.EAST, Seat.WEST)
    a, b = sorted(pair, key=lambda seat: (seat - first) % 4)  # in speaking order from the dealer
    return b if hcp[b] > hcp[a] else a


@dataclass(frozen=True, slots=True)
class MinibridgeDeal:
    label: str
    declarer: Seat | None  # None: 20-20, dealt again
    kind: str | None
    strain: Strain | None
    tricks: int | None
    ns: int
    ew: int


class Minibridge:
    """A minibridge session: an agreed number of deals, the points of each side added up.

    >>> m = Minibridge()
    >>> _ = m.record("S", "game", "H", 10)
    >>> _ = m.record("W", "part score", "NT", 5)
    >>> m.totals
    {'NS': 520, 'EW': 0}
    """

    def __init__(self) -> None:
        self.deals: list[MinibridgeDeal] = []

    @property
    def totals(self) -> dict[str, int]:
        return {"NS": sum(d.ns for d in self.deals), "EW": sum(d.ew for d in self.deals)}

    def record(self, declarer: Seat | str | None, kind: str | None = None, strain: Strain | str | None = None,
               tricks: int | None = None, label: str | None = None) -> MinibridgeDeal:
        """Score a deal played by ``declarer`` (``None``: 20-20, redealt, nothing scored)."""
        label = str(len(self.deals) + 1) if label is None else label
        if declarer is None:
            result = MinibridgeDeal(label, None, None, None, None, 0, 0)
        else:
            seat = Seat.parse(declarer)
            if kind is None or strain is None or tricks is None:
                raise RedoubleError("a minibridge deal needs the contract kind, the strain and the tricks taken")
            s = strain if isinstance(strain, Strain) else Strain.parse(strain)
            score = minibridge_score(kind, s, tricks)
            ours, theirs = score.declarer_points, score.defender_points
            ns, ew = (ours, theirs) if seat.is_ns else (theirs, ours)
            result = MinibridgeDeal(label, seat, parse_kind(kind), s, tricks, ns, ew)
        self.deals.append(result)
        return result
