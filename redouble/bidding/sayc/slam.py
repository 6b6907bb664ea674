"""SAYC slam bidding: Blackwood 4NT (ordinary, not keycard) and 5NT for kings, Gerber 4C over
partner's notrump and 5C for kings, with their answers. The asking bids themselves are chosen by the
natural layer when the partnership has a fit and slam values (see :mod:`redouble.bidding.natural`).

>>> [r.call for r in SLAM if r.name == "slam.blackwood.reply"]
['5C', '5D', '5H', '5S']
"""

from __future__ import annotations

from redouble.bidding.conditions import Aces
from redouble.bidding.rules import After, rule

SLAM = [
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
