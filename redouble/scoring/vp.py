"""Victory points: an IMP margin over a match turned into a share of 20 points.

Two scales:

- ``vp_24_boards``: the discrete 24-board table of seed 000 (whole VPs, 20-0 at 55 IMPs);
- ``wbf_vp``: the WBF 2013 continuous scale for any number of boards, to two decimals.

The WBF scale (Technical Report of the WBF Scoring Panel, 2013) maps an IMP margin ``I`` in a match of
``N`` boards to ``10 + 10 * (1 - τ**(3I/B)) / (1 - τ**3)`` VPs for the winner, where ``τ = (√5 - 1) / 2``
and ``B = 15 √N`` is the blitz margin (20-0 from there on). The values are rounded to hundredths and then
corrected so that no IMP is worth more than the one before it: while the step from ``I`` to ``I+1`` is
larger than the step from ``I-1`` to ``I``, the value at ``I`` goes up by 0.01.

>>> vp_24_boards(15)
(13, 7)
>>> wbf_vp(2, boards=20), wbf_vp(-2, boards=20)
((10.55, 9.45), (9.45, 10.55))
"""

from __future__ import annotations

import math
from bisect import bisect_left
from functools import lru_cache

from redouble.errors import RedoubleError

# Seed 000, 24 boards: the highest IMP margin for each VP award of the winner, 10 up to 19; 55+ is 20-0.
VP_24_BOARD_UPPER_MARGINS: tuple[int, ...] = (2, 6, 11, 16, 21, 27, 33, 39, 46, 54)
VP_TOTAL = 20

GOLDEN_TAU = (math.sqrt(5) - 1) / 2
BLITZ_PER_ROOT_BOARD = 15
_HUNDREDTHS = 100 * VP_TOTAL


def vp_24_boards(imp_margin: int) -> tuple[int, int]:
    """VPs (ours, theirs) for our IMP margin over 24 boards, by the seed's discrete table.

    >>> vp_24_boards(0), vp_24_boards(3), vp_24_boards(-16), vp_24_boards(55)
    ((10, 10), (11, 9), (7, 13), (20, 0))
    """
    margin = _check_margin(imp_margin)
    winner = 10 + bisect_left(VP_24_BOARD_UPPER_MARGINS, math.ceil(abs(margin)))
    return (winner, VP_TOTAL - winner) if margin >= 0 else (VP_TOTAL - winner, winner)


def blitz_margin(boards: int) -> float:
    """The IMP margin from which the WBF scale gives 20-0: ``15 √boards``.

    >>> round(blitz_margin(16), 2)
    60.0
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise RedoubleError(f"the number of boards must be a whole number of at least 1, not {boards!r}")
    return BLITZ_PER_ROOT_BOARD * math.sqrt(boards)


@lru_cache(maxsize=64)
def _wbf_hundredths(boards: int) -> tuple[int, ...]:
    blitz = blitz_margin(boards)
    r = GOLDEN_TAU**3
    values = []
    for margin in range(math.ceil(blitz) + 1):
        raw = _HUNDREDTHS / 2 * (1 + (1 - r ** (margin / blitz)) / (1 - r))
        values.append(min(_HUNDREDTHS, math.floor(raw + 0.5)))
    # Rounding can make one IMP worth 0.01 more than the one before; lift the earlier value until it is not.
    # Lifting only ever makes the neighbours' steps worse, so the lifts end in the least table above the
    # rounded one whose steps never grow: computed at once below (lifting step by step took seconds for a
    # long match, whose table rises by whole hundredths from far below).
    return _least_concave_above(values)


def _least_concave_above(values: list[int]) -> tuple[int, ...]:
    """The least whole-number sequence at or above ``values`` whose steps never grow (first and last kept).

    Such a sequence is the lowest of lines of whole slope lying on or above every value, so it is the
    minimum, at each point, over the slopes between the smallest and the largest step.

    >>> _least_concave_above([0, 3, 4, 4, 8])
    (0, 3, 5, 7, 8)
    """
    if len(values) < 3:
        return tuple(values)
    steps = [b - a for a, b in zip(values, values[1:], strict=False)]
    best = list(values)
    first = True
    for slope in range(min(steps), max(steps) + 1):
        intercept = max(v - slope * i for i, v in enumerate(values))
        line = [intercept + slope * i for i in range(len(values))]
        best = line if first else [min(a, b) for a, b in zip(best, line, strict=True)]
        first = False
    return tuple(best)


def wbf_vp_table(boards: int) -> tuple[float, ...]:
    """The winner's VPs on the WBF 2013 scale for margins 0, 1, 2 ... IMPs up to the blitz.

    >>> wbf_vp_table(16)[:6]
    (10.0, 10.31, 10.61, 10.91, 11.2, 11.48)
    """
    return tuple(v / 100 for v in _wbf_hundredths(boards))


def wbf_vp(imp_margin: int | float, boards: int) -> tuple[float, float]:
    """VPs (ours, theirs) on the WBF 2013 continuous scale; they add up to 20.

    A fractional margin (from averaged IMPs) is interpolated between the whole-IMP values
    of the table, which the WBF publishes for whole IMPs only.

    >>> wbf_vp(10, boards=16), wbf_vp(-200, boards=16)
    ((12.8, 7.2), (0.0, 20.0))
    """
    margin = _check_margin(imp_margin)
    table = _wbf_hundredths(boards)
    size = abs(margin)
    low = math.floor(size)
    if low >= len(table) - 1:
        winner = _HUNDREDTHS
    elif low == size:
        winner = table[low]
    else:
        winner = math.floor(table[low] + (table[low + 1] - table[low]) * (size - low) + 0.5)
    ours = winner if margin >= 0 else _HUNDREDTHS - winner
    return ours / 100, (_HUNDREDTHS - ours) / 100


def _check_margin(margin: int | float) -> int | float:
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not math.isfinite(margin):
        raise RedoubleError(f"an IMP margin must be a number, not {margin!r}")
    return margin
