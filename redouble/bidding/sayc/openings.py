"""SAYC opening bids: five-card majors, 1NT 15-17, 2NT 20-21, 3NT 25-27, strong 2C, weak twos, preempts.

>>> [r.name for r in OPENINGS][:3]
['open.3nt', 'open.2nt', 'open.2c']
"""

from __future__ import annotations

from redouble.bidding.conditions import (
    HCP,
    Balanced,
    GoodSuit,
    Len,
    OpensSuit,
    Points,
    Unbalanced,
    any_of,
    test,
)
from redouble.bidding.rules import GF, F, rule
from redouble.cards import Suit
from redouble.deal import Hand


def rule_of_20(hand: Hand, env: object) -> bool:
    """HCP plus the lengths of the two longest suits reach 20 (a sound light opening)."""
    a, b = sorted(hand.shape, reverse=True)[:2]
    return hand.hcp + a + b >= 20


def rule_of_15(hand: Hand, env: object) -> bool:
    """Fourth seat: HCP plus spades reach 15."""
    return hand.hcp + hand.length(Suit.SPADES) >= 15


def no_side_major(suit: str):  # type: ignore[no-untyped-def]
    def fn(hand: Hand, env: object) -> bool:
        return all(hand.length(m) < 4 for m in (Suit.HEARTS, Suit.SPADES) if m != Suit.parse(suit))
    return fn


def honours(hand: Hand, suit: Suit) -> int:
    h = hand.holding(suit)
    return sum(h >> b & 1 for b in (12, 11, 10, 9))


def two_honours(suit: str):  # type: ignore[no-untyped-def]
    def fn(hand: Hand, env: object) -> bool:
        return honours(hand, Suit.parse(suit)) >= 2
    return fn


def preempt_quality(hand: Hand, env) -> bool:  # type: ignore[no-untyped-def]
    s = env.suit("x")
    return honours(hand, s) >= 2 or (hand.length(s) >= 7 and honours(hand, s) >= 1 and bool(hand.holding(s) >> 8 & 1))


PLAYING_HCP = 16  # the playing-equivalent 2C needs some high cards as well as tricks
TWO_CLUB_POINTS = 22  # unbalanced: HCP plus length

def sound_when_vulnerable(hand: Hand, env) -> bool:  # type: ignore[no-untyped-def]
    """Rule of 2-3-4: vulnerable, a preempt must be within two or three tricks: a good suit and some values."""
    ctx = env.ctx
    if ctx is None or not ctx.we_vulnerable:
        return True
    from redouble.bidding.conditions import good_suit

    return good_suit(hand, env.suit("x")) and (hand.hcp >= 7 or not ctx.they_vulnerable and hand.hcp >= 6)


OPENINGS = [
    rule("open.3nt", "?", "3NT", Balanced(), HCP(25, 27), means="25-27 balanced", seats=(1, 2, 3, 4)),
    rule("open.2nt", "?", "2NT", Balanced(), HCP(20, 21), means="20-21 balanced"),
    rule("open.2c", "?", "2C",
         any_of(HCP(22),
                (Unbalanced(), Points(TWO_CLUB_POINTS), test("4 losers or fewer", lambda h, e: h.losers <= 4)),
                (Unbalanced(), HCP(PLAYING_HCP), test("3 losers or fewer: within a trick of game",
                                                      lambda h, e: h.losers <= 3))),
         means="strong and artificial: 22+ points or the playing equivalent", forcing=F, alert=False),
    rule("open.1nt", "?", "1NT", Balanced(), HCP(15, 17), means="15-17 balanced"),
    # The rule of 20 opens borderline hands in first and second seat, ten HCP too (6-4 and 5-5 shapes: the
    # SAYC summaries state no other floor; Ben, the expert benchmark, opens four in five of them, and the
    # light opening buys the part score the pass left to them).
    rule("open.one", "?", "1x", OpensSuit("x"),
         any_of(Points(13, 25), (HCP(10, 21), test("rule of 20", rule_of_20))), HCP(0, 21),
         means="opening bid, {x}: 13-21 points", seats=(1, 2)),
    rule("open.one", "?", "1x", OpensSuit("x"),
         any_of(Points(12, 25), (HCP(10, 21), test("rule of 20", rule_of_20))), HCP(0, 21),
         means="opening bid, {x}: 11-21 points (third seat may be light)", seats=(3,)),
    rule("open.one", "?", "1x", OpensSuit("x"), Points(11, 25), HCP(0, 21), test("rule of 15", rule_of_15),
         means="opening bid, {x}: 11-21 points (fourth seat, rule of 15)", seats=(4,)),
]

for s in "SHD":
    OPENINGS.append(rule(
        "open.weak-two", "?", f"2{s}", HCP(5, 11), Len(s, 6, 6),
        test("two of the top four honours", two_honours(s)),
        test("no side four-card major", no_side_major(s)),
        means="weak two: 5-11 HCP, a good six-card suit", seats=(1, 2, 3)))

OPENINGS += [
    rule("open.preempt-4", "?", "4x", Len("x", 8), HCP(5, 11), test("two honours in the suit", preempt_quality),
         test("rule of 2-3-4: a sound suit when vulnerable", sound_when_vulnerable),
         means="preempt: an eight-card {x} suit, less than an opening", seats=(1, 2, 3)),
    rule("open.preempt-4", "?", "4M", Len("M", 7, 7), HCP(7, 11), GoodSuit("M"),
         test("a singleton or void", lambda h, e: min(h.shape) <= 1),
         means="preempt: a long {M} suit, less than an opening", seats=(1, 2, 3)),
    rule("open.preempt-3", "?", "3x", Len("x", 7, 7), HCP(5, 10), test("two honours in the suit", preempt_quality),
         test("rule of 2-3-4: a sound suit when vulnerable", sound_when_vulnerable),
         means="preempt: a seven-card {x} suit, less than an opening", seats=(1, 2, 3)),
    rule("open.preempt-3", "?", "3x", Len("x", 7, 7), HCP(9, 12), GoodSuit("x"),
         means="preempt in fourth seat: a good seven-card {x} suit, near an opening", seats=(4,)),
    rule("open.pass", "?", "P", means="pass: no opening bid", shows=(HCP(0, 12),), seats=(1, 2, 3)),
    rule("open.pass", "?", "P", means="pass: no opening bid (fourth seat)", shows=(HCP(0, 14),), seats=(4,)),
]

__all__ = ["OPENINGS", "GF"]
