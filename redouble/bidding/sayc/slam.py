"""Slam bidding: with a suit agreed, Roman Key Card Blackwood 1430 (the expert treatment the issue asks for,
in place of the booklet's plain Blackwood), the queen ask and 5NT for specific kings; with no suit agreed,
plain Blackwood and 5NT for the number of kings; Gerber 4C over partner's notrump and 5C for kings. The
asking bids themselves are chosen by the natural layer when the partnership has slam values (see
:mod:`redouble.bidding.natural`), which also says which 4NT is which.

>>> [r.call for r in SLAM if r.name == "slam.blackwood.reply"]
['5C', '5D', '5H', '5S']
>>> [r.call for r in SLAM if r.name == "slam.rkcb.reply"]
['5C', '5D', '5H', '5S']
"""

from __future__ import annotations

from redouble.bidding.conditions import Aces, Env, any_of, test
from redouble.bidding.natural import keycard_suit, keycards
from redouble.bidding.rules import After, rule
from redouble.cards import Suit
from redouble.deal import Hand


def _trump(e: Env) -> Suit | None:
    return keycard_suit(e.ctx) if e.ctx is not None else None


def holds_keycards(*counts: int):  # type: ignore[no-untyped-def]
    return test(" or ".join(map(str, counts)) + " keycards", lambda h, e: keycards(h, _trump(e)) in counts)


def _queen(h: Hand, e: Env) -> bool:
    trump = _trump(e)
    return trump is not None and bool(h.holding(trump) >> 10 & 1)


trump_queen = test("the trump queen", _queen)
no_trump_queen = test("not the trump queen", lambda h, e: not _queen(h, e))


def trump_is(letter: str):  # type: ignore[no-untyped-def]
    suit = Suit.parse(letter)
    return test(f"{suit.name.lower()} agreed", lambda h, e: _trump(e) == suit)


def _cheapest_side_king(h: Hand, e: Env) -> Suit | None:
    """The lowest side suit whose king I hold, if its six-level bid is below six of the trump suit."""
    trump = _trump(e)
    for s in sorted(Suit):
        if trump is not None and s != trump and h.holding(s) >> 11 & 1:
            return s if s < trump else None
    return None


def shows_king(letter: str):  # type: ignore[no-untyped-def]
    suit = Suit.parse(letter)
    return test(f"the king of {suit.name.lower()}, my cheapest side king",
                lambda h, e: _cheapest_side_king(h, e) == suit)


no_side_king = test("no side king to show below six of the trump suit",
                    lambda h, e: _cheapest_side_king(h, e) is None)

_RKCB = After("slam.rkcb")
_QUEEN = After("slam.queen-ask")
_KINGS = After("slam.rkcb.kings")

SLAM = [
    rule("slam.rkcb.reply", _RKCB, "5C", holds_keycards(1, 4), means="RKCB 1430: one or four keycards"),
    rule("slam.rkcb.reply", _RKCB, "5D", holds_keycards(0, 3), means="RKCB 1430: none or three keycards"),
    rule("slam.rkcb.reply", _RKCB, "5H", holds_keycards(2), no_trump_queen,
         means="RKCB 1430: two keycards, not the trump queen"),
    rule("slam.rkcb.reply", _RKCB, "5S", holds_keycards(2), trump_queen,
         means="RKCB 1430: two keycards and the trump queen"),
    *[rule("slam.queen-ask.reply", _QUEEN, f"6{t}", trump_is(t), trump_queen,
           means="the trump queen: yes") for t in "CDHS"],
    *[rule("slam.queen-ask.reply", _QUEEN, f"5{t}", trump_is(t), no_trump_queen,
           means="the trump queen: no") for t in "CDHS"],
    *[rule("slam.rkcb.kings-reply", _KINGS, f"6{t}", any_of((trump_is(t), no_side_king), shows_king(t)),
           means=f"specific kings: the king of {Suit.parse(t).name.lower()} (six of the agreed suit: no side "
                 f"king)") for t in "CDHS"],
    rule("slam.blackwood.reply", After("slam.blackwood"), "5C", Aces((0, 4)), means="Blackwood: 0 or 4 aces",
         alert=False),
    rule("slam.blackwood.reply", After("slam.blackwood"), "5D", Aces((1,)), means="Blackwood: 1 ace"),
    rule("slam.blackwood.reply", After("slam.blackwood"), "5H", Aces((2,)), means="Blackwood: 2 aces"),
    rule("slam.blackwood.reply", After("slam.blackwood"), "5S", Aces((3,)), means="Blackwood: 3 aces"),
    rule("slam.kings.reply", After("slam.kings"), "6C", Aces((0, 4), kings=True), means="0 or 4 kings"),
    rule("slam.kings.reply", After("slam.kings"), "6D", Aces((1,), kings=True), means="1 king"),
    rule("slam.kings.reply", After("slam.kings"), "6H", Aces((2,), kings=True), means="2 kings"),
    rule("slam.kings.reply", After("slam.kings"), "6S", Aces((3,), kings=True), means="3 kings"),
    rule("nt.gerber.reply", After("nt.gerber"), "4D", Aces((0, 4)), means="Gerber: 0 or 4 aces", alert=True),
    rule("nt.gerber.reply", After("nt.gerber"), "4H", Aces((1,)), means="Gerber: 1 ace", alert=True),
    rule("nt.gerber.reply", After("nt.gerber"), "4S", Aces((2,)), means="Gerber: 2 aces", alert=True),
    rule("nt.gerber.reply", After("nt.gerber"), "4NT", Aces((3,)), means="Gerber: 3 aces", alert=True),
    rule("nt.gerber.kings-reply", After("nt.gerber.kings"), "5D", Aces((0, 4), kings=True),
         means="Gerber: 0 or 4 kings", alert=True),
    rule("nt.gerber.kings-reply", After("nt.gerber.kings"), "5H", Aces((1,), kings=True),
         means="Gerber: 1 king", alert=True),
    rule("nt.gerber.kings-reply", After("nt.gerber.kings"), "5S", Aces((2,), kings=True),
         means="Gerber: 2 kings", alert=True),
    rule("nt.gerber.kings-reply", After("nt.gerber.kings"), "5NT", Aces((3,), kings=True),
         means="Gerber: 3 kings", alert=True),
]
