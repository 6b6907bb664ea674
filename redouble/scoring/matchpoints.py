"""Matchpoints for pairs: each result compared with every other result on the same board.

Two scales: ``EUROPEAN`` (2 for each pair beaten, 1 for each tie; top 2(n-1)) and ``AMERICAN``
(1 and ½; top n-1). The order and the percentages are the same on both. Neuberg's formula adjusts a board
played fewer times than the others.

The pairs traveller of seed 000 (North-South scores, board 1):

>>> matchpoints([420, 430, 500, 420, 450, -50, 170])
[5.0, 8.0, 12.0, 5.0, 10.0, 0.0, 2.0]
>>> matchpoints([420, 430, 500, 420, 450, -50, 170], scale=AMERICAN)
[2.5, 4.0, 6.0, 2.5, 5.0, 0.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from redouble.errors import RedoubleError


@dataclass(frozen=True, slots=True)
class MatchpointScale:
    """Matchpoints for each pair beaten; a tie earns half of that."""

    name: str
    per_pair_beaten: float

    def top(self, results: int) -> float:
        """The most a result can earn on a board with ``results`` results."""
        return self.per_pair_beaten * max(results - 1, 0)


EUROPEAN = MatchpointScale("2/1/0", 2.0)
AMERICAN = MatchpointScale("1/½/0", 1.0)


def _scores(scores: Sequence[int | float]) -> list[float]:
    out = []
    for k, s in enumerate(scores):
        if isinstance(s, bool) or not isinstance(s, int | float) or s != s:
            raise RedoubleError(f"result {k + 1} is not a score: {s!r}")
        out.append(float(s))
    return out


def matchpoints(scores: Sequence[int | float], scale: MatchpointScale = EUROPEAN) -> list[float]:
    """The matchpoints of each score (from one direction, e.g. North-South) against all the others.

    The other direction earns ``scale.top(len(scores))`` minus these.

    >>> matchpoints([100, 100, -50])
    [3.0, 3.0, 0.0]
    """
    values = _scores(scores)
    unit = scale.per_pair_beaten
    result = []
    for s in values:
        beaten = sum(1 for t in values if t < s)
        tied = sum(1 for t in values if t == s) - 1
        result.append(unit * beaten + unit / 2 * tied)
    return result


def opponents_matchpoints(scores: Sequence[int | float], scale: MatchpointScale = EUROPEAN) -> list[float]:
    """The matchpoints of the other direction (East-West when ``scores`` are North-South's).

    >>> opponents_matchpoints([420, 430, 500, 420, 450, -50, 170])
    [7.0, 4.0, 0.0, 7.0, 2.0, 12.0, 10.0]
    """
    top = scale.top(len(scores))
    return [top - mp for mp in matchpoints(scores, scale)]


def percentage(points: float, top: float) -> float:
    """``points`` as a percentage of ``top`` (50 when the top is 0: a board played once).

    >>> percentage(5, 12), percentage(0, 0)
    (41.67, 50.0)
    """
    if top < 0 or points < 0 or points > top:
        raise RedoubleError(f"matchpoints {points!r} are not within 0 to the top {top!r}")
    return 50.0 if top == 0 else round(100 * points / top, 2)


def neuberg(points: float, results: int, expected: int, scale: MatchpointScale = EUROPEAN) -> float:
    """Neuberg's formula: matchpoints on a board with ``results`` results rescaled to ``expected`` results.

    Each result counts as tying with itself: ``(MP + u/2) * expected / results - u/2``, where ``u`` is the
    scale's points for a pair beaten (on the 2/1/0 scale: ``(MP + 1) * N / n - 1``).

    >>> neuberg(4, results=3, expected=4)
    5.67
    >>> neuberg(2, results=3, expected=4, scale=AMERICAN)
    2.83
    """
    if results < 1 or expected < results:
        raise RedoubleError(f"Neuberg needs 1 <= results <= expected, not results={results}, expected={expected}")
    if not 0 <= points <= scale.top(results):
        raise RedoubleError(f"{points!r} matchpoints are outside 0 to {scale.top(results)} for {results} results")
    half = scale.per_pair_beaten / 2
    return round((points + half) * expected / results - half, 2)


def neuberg_matchpoints(scores: Sequence[int | float], expected: int,
                        scale: MatchpointScale = EUROPEAN) -> list[float]:
    """Matchpoints of a board played fewer times than the others, by Neuberg's formula.

    >>> neuberg_matchpoints([420, 400, -50], expected=4)
    [5.67, 3.0, 0.33]
    """
    return [neuberg(mp, len(scores), expected, scale) for mp in matchpoints(scores, scale)]
