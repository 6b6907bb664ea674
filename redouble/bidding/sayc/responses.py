"""SAYC responses to one of a suit (no interference): raises, limit raises, Jacoby 2NT, new suits,
notrump responses, strong jump shifts.

>>> sorted({r.name for r in RESPONSES})[:3]
['resp.1nt', 'resp.1s', 'resp.2nt-minor']
"""

from __future__ import annotations

from redouble.bidding.conditions import (
    HCP,
    Balanced,
    Env,
    Given,
    GoodSuit,
    Len,
    NoFourCardMajor,
    Points,
    Support,
    any_of,
    given,
    test,
)
from redouble.bidding.meaning import HandRange
from redouble.bidding.rules import GF, INV, NF, SO, F, rule
from redouble.cards import Suit


def below(a: str, b: str) -> Given:
    """Suit ``a`` ranks below suit ``b``."""
    return given(f"{a} ranks below {b}", lambda e: e.suit(a) < e.suit(b))


def above(a: str, b: str) -> Given:
    return given(f"{a} ranks above {b}", lambda e: e.suit(a) > e.suit(b))


def _four_diamonds_if_clubs(r: HandRange, e: Env) -> HandRange:
    return r.narrow_length(Suit.DIAMONDS, 4, None) if (e.suit("x"), e.suit("z")) == (Suit.DIAMONDS, Suit.CLUBS) else r


# 1D opened on three only with 4-4-3-2 (no four clubs), so 1D then clubs shows four diamonds or more: a listener
# with four of them knows the fit.
clubs_after_diamonds = test("(after 1D, clubs show four diamonds too)", lambda h, e: True, _four_diamonds_if_clubs)


singleton_or_void = test("a singleton or void", lambda h, e: min(h.shape) <= 1)


RESPONSES = [
    # --- to one of a major -------------------------------------------------------------------------
    rule("resp.jump-shift", "1M P ?", ">>y", Points(19), Len("y", 5), GoodSuit("y"), passed=False,
         means="strong jump shift: 19+ points, a good {y} suit, slam interest", forcing=GF),
    rule("resp.jacoby-2nt", "1M P ?", "2NT", Len("M", 4), Support("M", 13), HCP(11), passed=False,
         means="Jacoby 2NT: game-forcing raise of {M}, 4+ trumps", forcing=GF, alert=True),
    rule("resp.3nt-major", "1M P ?", "3NT", Balanced(), HCP(15, 17), Len("M", 2, 2),
         means="15-17 balanced, two {M}: choice of games", forcing=NF),
    rule("resp.game-raise", "1M P ?", "4M", Len("M", 5), HCP(0, 9), singleton_or_void,
         means="preemptive raise to game: 5+ {M}, a singleton or void, under 10 HCP", forcing=SO),
    rule("resp.limit-raise", "1M P ?", "3M", Len("M", 3), Support("M", 10, 12),
         means="limit raise: 3+ {M}, 10-12 points", forcing=INV),
    rule("resp.raise", "1M P ?", "2M", Len("M", 3), Support("M", 6, 9), HCP(4),
         means="simple raise: 3+ {M}, 6-9 points"),
    rule("resp.1s", "1H P ?", "1S", Len("S", 4), Points(6),
         means="4+ spades, 6+ points", forcing=F),
    rule("resp.two-over-one", "1S P ?", "2H", Len("H", 5), Points(10), HCP(10),
         means="two over one: 5+ hearts, 10+ points, forcing one round", forcing=F, passed=False),
    rule("resp.two-over-one", "1M P ?", "2m", Len("m", 4), Points(10), HCP(10), below("m", "M"),
         means="two over one: 4+ {m}, 10+ points, forcing one round", forcing=F, passed=False),
    rule("resp.two-over-one", "1M P ?", "2m", Len("m", 3), Points(12), below("m", "M"), Len("M", 0, 3),
         means="two over one in a three-card minor: 12+ points, no better bid", forcing=F, passed=False),
    rule("resp.new-suit-passed", "1M P ?", "2y", Len("y", 5), Points(10, 12), below("y", "M"), passed=True,
         means="passed hand new suit: 5+ {y}, 10-12 points", forcing=NF),
    rule("resp.1nt", "1M P ?", "1NT", HCP(6, 10), Len("M", 0, 2),
         test("no four spades over 1H", lambda h, e: e.suit("M") == Suit.SPADES or h.length(Suit.SPADES) < 4),
         means="6-10 points, no fit, not forcing"),
    rule("resp.1nt", "1M P ?", "1NT", HCP(6, 12), Len("M", 0, 2), passed=True,
         means="6-12 points (passed hand), no fit"),
    # --- to one of a minor -------------------------------------------------------------------------
    rule("resp.jump-shift", "1m P ?", ">>y", Points(19), Len("y", 5), GoodSuit("y"), passed=False,
         means="strong jump shift: 19+ points, a good {y} suit", forcing=GF),
    rule("resp.one-level", "1m P ?", "1y", Len("y", 4), Points(6), above("y", "m"),
         test("a weak hand shows a major before longer diamonds",
              lambda h, e: not (e.suit("y") == Suit.DIAMONDS and h.total_points <= 10
                                and h.length(Suit.DIAMONDS) < 6
                                and (h.length(Suit.SPADES) >= 4 or h.length(Suit.HEARTS) >= 4))),
         means="new suit: 4+ {y}, 6+ points, forcing one round", forcing=F, order="longest-up"),
    rule("resp.limit-raise-minor", "1D P ?", "3D", Len("D", 4), Support("D", 10, 12), NoFourCardMajor(),
         means="limit raise: 4+ diamonds, 10-12 points, no four-card major", forcing=INV),
    rule("resp.limit-raise-minor", "1C P ?", "3C", Len("C", 5), Support("C", 10, 12), NoFourCardMajor(),
         means="limit raise: 5+ clubs, 10-12 points, no four-card major", forcing=INV),
    rule("resp.2nt-minor", "1m P ?", "2NT", Balanced(), HCP(13, 15), NoFourCardMajor(), passed=False,
         means="13-15 balanced, no four-card major, forcing to game", forcing=GF),
    rule("resp.3nt-minor", "1m P ?", "3NT", Balanced(), HCP(16, 18), NoFourCardMajor(),
         means="16-18 balanced, no four-card major"),
    rule("resp.two-over-one", "1D P ?", "2C", Len("C", 4), Points(10),
         means="new suit: 4+ clubs, 10+ points, forcing one round", forcing=F, passed=False),
    rule("resp.raise-minor", "1D P ?", "2D", Len("D", 4), Support("D", 6, 9), NoFourCardMajor(),
         means="simple raise: 4+ diamonds, 6-9 points, no four-card major"),
    rule("resp.raise-minor", "1C P ?", "2C", Len("C", 5), Support("C", 6, 9), NoFourCardMajor(),
         means="simple raise: 5+ clubs, 6-9 points, no four-card major"),
    rule("resp.1nt", "1m P ?", "1NT", HCP(6, 10), NoFourCardMajor(),
         means="6-10 points, no four-card major"),
    rule("resp.two-over-one", "1D P ?", "2C", Len("C", 3), Points(11), NoFourCardMajor(), passed=False,
         means="new suit: clubs, 11+ points, no better bid", forcing=F),
    # Fewer than six HCP with no response at the one level passes whatever the length (a 4-count with seven clubs
    # bid 2C over 1S, which partner reads as a two-over-one).
    rule("resp.pass", ["1x P ?"], "P", any_of(Points(0, 5), HCP(0, 5)), means="pass: fewer than 6 points",
         shows=(HCP(0, 7),)),
]
