"""Comparing results: teams of four (IMPs, board-a-match), cross-IMPs and Butler for pairs.

Scores are duplicate scores from one direction, usually North-South's. In a teams match the home team sits
North-South at table 1 and East-West at table 2, so its gain on a board is table 1 minus table 2.

The teams-of-four example of seed 000 (North-South scores at each table, four boards):

>>> result = imp_match([420, 500, -690, 140], [450, 620, -1440, -100])
>>> result.board_imps, result.total
([-1, -3, 13, 6], 15)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from redouble.errors import RedoubleError
from redouble.scoring.imps import imps


@dataclass(frozen=True, slots=True)
class ImpMatch:
    """A teams match: the IMPs of each board for the team sitting North-South at table 1."""

    differences: list[int]
    board_imps: list[int]

    @property
    def total(self) -> int:
        return sum(self.board_imps)


def _check(scores: Sequence[int | float], what: str) -> list[int | float]:
    out = []
    for k, s in enumerate(scores):
        if isinstance(s, bool) or not isinstance(s, int | float) or not math.isfinite(s):
            raise RedoubleError(f"{what} {k + 1} is not a score: {s!r}")
        out.append(s)
    return out


def imp_match(table1: Sequence[int], table2: Sequence[int]) -> ImpMatch:
    """IMPs board by board: ``table1[k] - table2[k]`` through the IMP table."""
    a, b = _check(table1, "table 1, board"), _check(table2, "table 2, board")
    if len(a) != len(b):
        raise RedoubleError(f"the two tables have {len(a)} and {len(b)} results; they must have one a board each")
    diffs = [int(x - y) for x, y in zip(a, b, strict=True)]
    return ImpMatch(diffs, [imps(d) for d in diffs])


def board_a_match(ours: int | float, theirs: int | float) -> float:
    """Board-a-match (point-a-board): 1 for the better score, ½ for equal, 0 for the worse.

    >>> board_a_match(420, 400), board_a_match(-50, -50), board_a_match(-100, 50)
    (1.0, 0.5, 0.0)
    """
    a, b = _check([ours, theirs], "score")
    return 1.0 if a > b else 0.5 if a == b else 0.0


def cross_imps(scores: Sequence[int | float], *, average: bool = False) -> list[float]:
    """Each result IMPed against every other result on the board, summed (or averaged over the others).

    >>> cross_imps([420, 450, -50])
    [9.0, 12.0, -21.0]
    >>> cross_imps([420, 450, -50], average=True)
    [4.5, 6.0, -10.5]
    """
    values = _check(scores, "result")
    totals = [float(sum(imps(s - t) for j, t in enumerate(values) if j != i)) for i, s in enumerate(values)]
    if not average:
        return totals
    if len(values) < 2:
        return [0.0] * len(values)
    return [round(t / (len(values) - 1), 2) for t in totals]


BUTLER_MIN_RESULTS_TO_TRIM = 5
DATUM_ROUNDING = 10


def butler_datum(scores: Sequence[int | float], *, trim: int = 1,
                 min_results_to_trim: int = BUTLER_MIN_RESULTS_TO_TRIM) -> int:
    """The Butler datum: the average score, without the ``trim`` top and bottom ones when there are at least
    ``min_results_to_trim`` results, rounded to the nearest 10 (a 5 rounds up).

    >>> butler_datum([420, 430, 500, 420, 450, -50, 170])
    380
    >>> butler_datum([420, 400, -50])
    260
    """
    values = sorted(_check(scores, "result"))
    if not values:
        raise RedoubleError("a datum needs at least one result")
    if len(values) >= min_results_to_trim and len(values) > 2 * trim:
        values = values[trim:len(values) - trim]
    mean = sum(values) / len(values)
    return int(math.floor(mean / DATUM_ROUNDING + 0.5) * DATUM_ROUNDING)


def butler(scores: Sequence[int | float], *, trim: int = 1,
           min_results_to_trim: int = BUTLER_MIN_RESULTS_TO_TRIM) -> tuple[int, list[int]]:
    """Butler scoring: the datum, and each result IMPed against it.

    >>> butler([420, 430, 500, 420, 450, -50, 170])
    (380, [1, 2, 3, 1, 2, -10, -5])
    """
    datum = butler_datum(scores, trim=trim, min_results_to_trim=min_results_to_trim)
    return datum, [imps(s - datum) for s in scores]
