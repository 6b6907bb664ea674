"""International match points: the standard IMP table (WBF), point difference to IMPs.

>>> imps(30), imps(-120), imps(750), imps(240), imps(5000)
(1, -3, 13, 6, 24)
"""

from __future__ import annotations

from bisect import bisect_right

from redouble.errors import RedoubleError

# The lowest point difference that earns 1, 2, ... 24 IMPs (the table in seed 000).
# A difference between two bands (possible only with averaged scores) earns the lower band.
IMP_THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
MAX_IMPS = len(IMP_THRESHOLDS)


def imps(difference: int | float) -> int:
    """IMPs for a point difference, with its sign: positive when the difference is.

    >>> [imps(d) for d in (0, 10, 20, 40, 50, -50, 4000, -4000)]
    [0, 0, 1, 1, 2, -2, 24, -24]
    """
    if isinstance(difference, bool) or not isinstance(difference, int | float) or difference != difference:
        raise RedoubleError(f"a point difference must be a number, not {difference!r}")
    magnitude = bisect_right(IMP_THRESHOLDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude


def imp_range(n: int) -> tuple[int, int | None]:
    """The point differences worth ``n`` IMPs (``None``: no upper limit).

    >>> imp_range(0), imp_range(13), imp_range(24)
    ((0, 10), (750, 890), (4000, None))
    """
    if not 0 <= n <= MAX_IMPS:
        raise RedoubleError(f"IMPs run from 0 to {MAX_IMPS}, not {n!r}")
    low = 0 if n == 0 else IMP_THRESHOLDS[n - 1]
    high = None if n == MAX_IMPS else IMP_THRESHOLDS[n] - 10
    return low, high
