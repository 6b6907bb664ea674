"""Layouts that explain the auction: bid each sampled layout again with the bidding robot and count the
calls it would not have made.

The ranges an auction shows (points, suit lengths) are loose; the system's rules are sharp. A partner who
passed throughout "has 0-17 points" by the ranges, but would have overcalled with most of those hands.
Sampling by the ranges alone left the declaring side about 0.7 tricks short in notrump on the lead
benchmark's deals; bidding each layout again halves that.

>>> from redouble import Auction, Deal, Seat
>>> auction = Auction("N", "1NT P 3NT P P P".split())
>>> east_leads = dict(hidden=(Seat.NORTH, Seat.SOUTH, Seat.WEST), vulnerability="None")
>>> deal = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 K52.94.AQJT65.83 A964.KT2.842.Q92")
>>> mismatches(deal, auction, **east_leads)
0

With West's hand South (9 points, four spades) would have asked with Stayman, not raised to 3NT (counting
stops at the first such call unless told otherwise):

>>> swapped = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 A964.KT2.842.Q92 K52.94.AQJT65.83")
>>> mismatches(swapped, auction, **east_leads)
1
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from redouble.auction import Auction
from redouble.cards import Seat, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError

# The weight of a layout whose hands the robot would have bid otherwise: the bidder is not the only way to
# bid (people judge, and the ranges are what the system promises), so such a layout is unlikely, not
# impossible. Chosen on the lead benchmark's first 500 deals: of 1, 0.3, 0.1 and 0.03, 0.1 led best (by
# a point in notrump, within the noise in suits) and left the declaring side's tricks least understated.
MISMATCH_WEIGHT = 0.1
# Counting stops here. One is enough to tell the layouts that fit from those that do not, and stopping at
# the first call the robot would not make halves the cost of a layout (0.24 ms instead of 0.40 ms): a
# layout that fits is rare (about 11 in 700 drawn by the ranges alone, for a typical opening lead), so
# the more layouts checked in the time, the better.
MAX_MISMATCHES = 1


def mismatches(deal: Deal, auction: Auction, hidden: Collection[Seat], vulnerability: Vulnerability | str,
               system: str | tuple[str, str] = "sayc", limit: int = MAX_MISMATCHES) -> int:
    """How many calls of the ``hidden`` seats the bidding robot would not have made with ``deal``'s hands
    (counting stops at ``limit``). A call the robot cannot bid over (an auction outside its system) counts
    as made."""
    from redouble.bidding import choose_call  # lazily: importing the card player stays light

    vul = Vulnerability.parse(vulnerability)
    replay = Auction(auction.dealer)
    count = 0
    for call in auction.calls:
        seat = replay.turn
        if seat in hidden:
            try:
                mine = choose_call(deal[seat], replay, vulnerability=vul, system=system).call
            except RedoubleError:
                mine = call
            if mine is not call:
                count += 1
                if count >= limit:
                    return count
        replay.push(call)
    return count


def fit_to_auction(deals: Sequence[Deal], auction: Auction, hidden: Collection[Seat],
                   vulnerability: Vulnerability | str, keep: int, system: str | tuple[str, str] = "sayc",
                   deadline: float | None = None) -> tuple[list[int], list[int]]:
    """The indices of the ``keep`` layouts of ``deals`` that fit the auction best (fewest mismatches, the
    drawing order breaking ties) and their mismatch counts. With ``deadline`` (a :func:`time.perf_counter`
    value) the layouts not checked by then count as :data:`MAX_MISMATCHES`; the first ``keep`` are always
    checked."""
    counts: list[int] = []
    for k, deal in enumerate(deals):
        if deadline is not None and k >= keep and time.perf_counter() > deadline:
            break
        counts.append(mismatches(deal, auction, hidden, vulnerability, system))
    counts += [MAX_MISMATCHES] * (len(deals) - len(counts))
    order = sorted(range(len(deals)), key=lambda i: counts[i])[:keep]
    return order, [counts[i] for i in order]
