"""SAYC two-level and higher openings answered: the strong 2C (2D waiting, positive suits, 2NT),
weak twos (2NT feature ask, raises to play, new suits forcing) and preempts.

>>> len(TWO_BIDS) > 20
True
"""

from __future__ import annotations

from redouble.bidding.conditions import HCP, Balanced, GoodSuit, Len, Points, Stopper, given, test
from redouble.bidding.rules import GF, NF, SO, F, rule


def ace_or_king(var: str):  # type: ignore[no-untyped-def]
    return test(f"an ace or king in {var}", lambda h, e: bool(h.holding(e.suit(var)) >> 11 & 0b11))


singleton_or_void = test("a singleton or void", lambda h, e: min(h.shape) <= 1)

def after_waiting(rest: str) -> list[str]:
    """The auction after 2C-2D, whether they passed or doubled 2D (a lead-directing double changes nothing).

    >>> after_waiting("2M P ?")
    ['2C P 2D P 2M P ?', '2C P 2D X 2M P ?']
    """
    return [f"2C P 2D {between} {rest}" for between in ("P", "X")]


TWO_BIDS = [
    # --- strong 2C -----------------------------------------------------------------------------------
    # The booklet: "2H, 2S, 3C, 3D = natural and game forcing, at least a five-card suit and 8 points"; so a
    # hand that waits and later shows a five-card suit has fewer than 8.
    rule("two-clubs.positive", "2C P ?", "2M", Len("M", 5), HCP(8),
         means="positive: a five-card {M} suit, 8+ points", forcing=GF),
    rule("two-clubs.positive", "2C P ?", "3m", Len("m", 5), HCP(8),
         means="positive: a five-card {m} suit, 8+ points", forcing=GF),
    rule("two-clubs.positive-nt", "2C P ?", "2NT", Balanced(), HCP(8),
         means="positive: balanced, 8+ points", forcing=GF),
    rule("two-clubs.waiting", "2C P ?", "2D", means="waiting: no positive response", forcing=F, alert=True),
    rule("two-clubs.rebid", after_waiting("?"), "2NT", Balanced(), HCP(22, 24), means="22-24 balanced"),
    rule("two-clubs.rebid", after_waiting("?"), "3NT", Balanced(), HCP(28, 30), means="28-30 balanced"),
    rule("two-clubs.rebid", after_waiting("?"), "2M", Len("M", 5), means="natural: 5+ {M}, forcing", forcing=F,
         order="longest"),
    rule("two-clubs.rebid", after_waiting("?"), "3m", Len("m", 5), means="natural: 5+ {m}, forcing", forcing=F),
    rule("two-clubs.rebid", after_waiting("?"), "2M", Len("M", 4), means="natural: 4 {M}, forcing", forcing=F,
         order="longest"),
    rule("two-clubs.rebid", after_waiting("?"), "3m", Len("m", 4), means="natural: 4 {m}, forcing", forcing=F),
    rule("two-clubs.raise", after_waiting("2M P ?"), "4M", Len("M", 3), HCP(0, 4), singleton_or_void,
         means="a fit with no high cards but shape"),
    rule("two-clubs.raise", after_waiting("2M P ?"), "3M", Len("M", 3), means="support: 3+ {M}", forcing=F),
    rule("two-clubs.second-suit", after_waiting("2M P ?"), ">y", Len("y", 5), HCP(4, 7),
         means="natural: 5+ {y}, 4-7 HCP (with 8 it was a positive response)", forcing=F),
    rule("two-clubs.second-negative", after_waiting("2M P ?"), "2NT", means="nothing to show", forcing=F),
    rule("two-clubs.second-negative", after_waiting("3m P ?"), "3NT", HCP(4), means="values, no fit"),
    rule("two-clubs.raise", after_waiting("3m P ?"), "4m", Len("m", 4), means="support: 4+ {m}", forcing=F),
    rule("two-clubs.second-negative", after_waiting("3m P ?"), "3M", Len("M", 5), means="natural: 5+ {M}",
         forcing=F),
    rule("two-clubs.second-negative", after_waiting("3m P ?"), "3NT", means="nothing to show"),
    # --- weak twos -------------------------------------------------------------------------------------
    rule("weak-two.raise-game", ["2M P ?"], "4M", Len("M", 3), HCP(16),
         means="to play: game with support"),
    rule("weak-two.new-suit", ["2o P ?", "2o X ?"], ">y", Len("y", 5), GoodSuit("y"), HCP(14), Len("o", 0, 2),
         means="new suit: 5+ {y}, forcing one round", forcing=F),
    rule("weak-two.feature-ask", ["2M P ?", "2D P ?", "2M X ?", "2D X ?"], "2NT", HCP(15),
         means="forcing: asks for a feature (ace or king) with a maximum", forcing=F, alert=True),
    # A fit and 13-14 HCP: game is likely opposite a maximum (9-11 and six trumps), not opposite a minimum;
    # ask rather than raise preemptively (the booklet's 2NT is "forcing, asks for a feature with a maximum").
    rule("weak-two.feature-ask", ["2M P ?", "2M X ?"], "2NT", HCP(13, 14), Len("M", 3),
         means="forcing: asks for a feature (ace or king) with a maximum", forcing=F, alert=True),
    rule("weak-two.raise-game", ["2M P ?"], "4M", Len("M", 4), HCP(0, 11), singleton_or_void,
         means="to play: preemptive, 4+ support"),
    rule("weak-two.raise", ["2M P ?", "2M X ?"], "3M", Len("M", 3), HCP(0, 14), means="to play: preemptive raise"),
    rule("weak-two.raise", ["2D P ?"], "3D", Len("D", 3), HCP(0, 14), means="to play: preemptive raise"),
    rule("weak-two.pass", ["2M P ?", "2D P ?"], "P", HCP(0, 15), means="pass"),
    rule("weak-two.minimum", "2o P 2NT P ?", "3o", HCP(5, 8), means="a minimum weak two"),
    rule("weak-two.feature", "2o P 2NT P ?", ">y", HCP(9, 11), ace_or_king("y"),
         means="a maximum with a feature (ace or king) in {y}", order="up"),
    rule("weak-two.max-no-feature", "2o P 2NT P ?", "3NT", HCP(9, 11), means="a maximum without a feature"),
    # responder places the contract after opener's answer to 2NT
    rule("weak-two.place", ["2M P 2NT P 3y P ?", "2M P 2NT P 3NT P ?"], "4M", Len("M", 2),
         means="game in {M}: the maximum makes it"),
    rule("weak-two.place", "2M P 2NT P 3M P ?", "4M", Len("M", 2), HCP(18),
         means="game in {M} even opposite a minimum"),
    rule("weak-two.place", "2D P 2NT P 3y P ?", "3NT", Stopper("theirs"), means="3NT opposite the maximum"),
    rule("weak-two.place", "2D P 2NT P 3D P ?", "3NT", HCP(18), means="3NT even opposite a minimum"),
    rule("weak-two.place", ["2M P 2NT P 3y P ?", "2M P 2NT P 3M P ?", "2M P 2NT P 3NT P ?"], "P",
         given("3NT or partner's suit already", lambda e: e.ctx is None or e.ctx.last_bid is None
              or e.ctx.last_bid.strain is not None and e.ctx.last_bid.strain.suit in (None, e.suit("M"))),
         means="pass: the contract is right"),
    rule("weak-two.place", ["2M P 2NT P 3y P ?"], ">M", means="sign off in partner's suit"),
    rule("weak-two.place", ["2D P 2NT P 3y P ?"], "4D", means="sign off in partner's suit"),
    rule("weak-two.place", ["2D P 2NT P 3D P ?", "2D P 2NT P 3NT P ?"], "P", means="pass: the contract is right"),
    rule("weak-two.support-new-suit", "2o P 2M P ?", ">M", Len("M", 3), means="support for {M}"),
    rule("weak-two.support-new-suit", "2o P 3M P ?", "4M", Len("M", 3), means="support for {M}"),
    rule("weak-two.rebid", ["2o P 2y P ?", "2o P 3y P ?"], ">o", means="no support: rebid the suit"),
    # --- preempts --------------------------------------------------------------------------------------
    rule("preempt.raise-game", "3M P ?", "4M", Len("M", 2), HCP(15), means="to play: game"),
    rule("preempt.raise-game", "3M P ?", "4M", Len("M", 3), HCP(0, 12), singleton_or_void,
         means="to play: preemptive"),
    rule("preempt.3nt", "3m P ?", "3NT", HCP(16), Stopper("theirs"),
         test("a fitting honour", lambda h, e: bool(h.holding(e.suit("m")) >> 10)),
         means="to play: stoppers and a fit"),
    rule("preempt.new-suit", "3x P ?", ">y", Len("y", 5), GoodSuit("y"), HCP(16), means="new suit: forcing",
         forcing=F),
    rule("preempt.raise-game", "3m P ?", "5m", Len("m", 3), HCP(16), means="to play: game"),
    rule("preempt.pass", ["3x P ?", "4x P ?"], "P", HCP(0, 15), means="pass"),
]

TWO_BIDS = [r for r in TWO_BIDS if r is not None]
__all__ = ["TWO_BIDS", "NF", "SO", "Points"]
