"""The ``basic`` system: a baseline bot that bids naturally by points and length, with no conventions
(no Stayman, transfers, Blackwood, negative or takeout doubles, weak twos or strong 2C).

>>> from redouble import Auction, Hand
>>> from redouble.bidding import choose_call
>>> choose_call(Hand.parse("AKQ43.J92.T82.A7"), Auction("N"), system="basic").call
Call('1S')
"""

from __future__ import annotations

from redouble.bidding import natural
from redouble.bidding.conditions import HCP, Balanced, Len, Points, Support, test
from redouble.bidding.rules import INV, F, rule
from redouble.bidding.system import System
from redouble.deal import Hand


def _longest(h: Hand, e) -> bool:  # type: ignore[no-untyped-def]
    s = e.suit("x")
    n = h.length(s)
    return n == max(h.shape) and all(h.length(t) < n or t <= s for t in type(s))


longest = test("the longest suit (the higher of equal ones)", _longest,
               lambda r, e: r.narrow_length(e.suit("x"), 4, None))

BASIC_RULES = (
    rule("basic.open-1nt", "?", "1NT", Balanced(), HCP(15, 17), means="15-17 balanced"),
    rule("basic.open", "?", "1x", longest, Points(13, 40), means="opening bid: 13+ points, longest suit {x}"),
    rule("basic.open", "?", "3x", Len("x", 7), HCP(5, 10), means="preempt: seven {x}, weak"),
    rule("basic.pass", "?", "P", means="pass: fewer than 13 points", shows=(HCP(0, 12),)),
    rule("basic.raise", "1M P ?", "4M", Len("M", 3), Support("M", 13), means="game raise"),
    rule("basic.raise", "1x P ?", "3x", Len("x", 4), Support("x", 11, 12), means="invitational raise",
         forcing=INV),
    rule("basic.raise", "1M P ?", "2M", Len("M", 3), Support("M", 6, 10), means="raise: 6-10"),
    rule("basic.new-suit", "1x P ?", "1y", Len("y", 4), Points(6), means="new suit: 4+ {y}, 6+", forcing=F),
    rule("basic.3nt", "1x P ?", "3NT", Balanced(), HCP(13, 17), means="13-17 balanced"),
    rule("basic.new-suit", "1x P ?", "2y", Len("y", 5), Points(11), means="new suit: 5+ {y}, 11+", forcing=F),
    rule("basic.1nt", "1x P ?", "1NT", HCP(6, 10), means="6-10, nothing else to say"),
    rule("basic.pass", "1x P ?", "P", means="pass", shows=(HCP(0, 7),)),
    rule("basic.nt-game", "1NT P ?", "3NT", HCP(10, 15), means="to play"),
    rule("basic.nt-game", "1NT P ?", "4M", Len("M", 6), HCP(10, 15), means="to play"),
    rule("basic.nt-invite", "1NT P ?", "2NT", HCP(8, 9), means="invites 3NT", forcing=INV),
    rule("basic.nt-weak", "1NT P ?", "2y", Len("y", 5), HCP(0, 7), means="to play"),
    rule("basic.nt-pass", "1NT P ?", "P", HCP(0, 7), means="pass"),
)


def build_basic() -> System:
    """The basic system: its few rules, then natural bidding."""
    return System("basic", BASIC_RULES, natural.choose, natural.describe)
