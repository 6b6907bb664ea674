"""SAYC opener's rebids: minimum (12-15), medium (16-18) and maximum (19-21) hands after each response.

>>> len(OPENER_REBIDS) > 40
True
"""

from __future__ import annotations

from redouble.bidding.conditions import (
    HCP,
    Balanced,
    FitPoints,
    GoodSuit,
    Len,
    NTPoints,
    Points,
    Stopper,
    Support,
    Unbalanced,
    any_of,
    given,
    major,
    short,
    test,
)
from redouble.bidding.rules import GF, INV, NF, SO, F, rule
from redouble.bidding.sayc.responses import above, below, clubs_after_diamonds
from redouble.cards import Suit

# Their double of the response takes no room: opener raises, bids a new suit at the one level or rebids six as
# it would have (the standard expert treatment; SAYC has no support redouble). Before, the natural layer passed
# with four-card support.
ONE_LEVEL = ["1x P 1y P ?", "1x P 1y X ?"]
# Responder's natural 1S after 1C-1D-1H (the booklet's exception to fourth suit forcing) is raised as any
# one-level major.
ONE_LEVEL_M = ["1x P 1M P ?", "1x P 1M X ?", "1C P 1D P 1H P 1M P ?"]
AFTER_NATURAL_SPADES = "1C P 1D P 1H P 1S P ?"
# Opener accepts a major limit raise with 14+ points (15 counting shortness). With four losers or fewer,
# opposite the limit raise's eight, slam is near: the natural layer counts tricks and asks for keycards.
# The same answer serves the limit raise made over their overcall (sayc/competition.py).
ACCEPTS_LIMIT_RAISE = (any_of(Points(14), FitPoints(15)), test("five losers or more", lambda h, e: h.losers >= 5))
DECLINES_LIMIT_RAISE = Points(11, 13)
# Responder's 2NT invitation (11-12) after opener's limited rebid.
INVITED_2NT = ["1x P 1y P 1NT P 2NT P ?", "1x P 1y P 1z P 2NT P ?", "1x P 1y P 2x P 2NT P ?",
               "1D P 1M P 2C P 2NT P ?", "1x P 2y P 2x P 2NT P ?", "1x P 2y P 2z P 2NT P ?",
               "1C P 1D P 1H P 1S P 1NT P 2NT P ?", "1C P 1D P 1H P 1S P 2C P 2NT P ?",
               "1C P 1D P 1H P 1S P 2D P 2NT P ?"]
vulnerable = test("vulnerable", lambda h, e: e.ctx is not None and e.ctx.we_vulnerable)
JUMP_REBID = ["1x P 1M P 1NT P 3M P ?", "1x P 1M P 1z P 3M P ?", "1D P 1M P 2C P 3M P ?", "1x P 2M P 2x P 3M P ?",
              "1x P 2M P 2z P 3M P ?"]
# Responder's invitations after his two-over-one (10-11 points): his six-card minor, a raise of either of our suits.
MINOR_INVITED = ["1x P 2m P 2x P 3m P ?", "1x P 2m P 2z P 3m P ?"]
RAISE_INVITED = ["1x P 2y P 2x P 3x P ?", "1x P 2y P 2z P 3z P ?"]
FSF = ["1x P 1y P 1z P 2w P ?", "1x P 1y P 2z P 2w P ?", "1x P 1y P 2z P 3w P ?"]  # after fourth suit forcing

longer = test("first suit longer", lambda h, e: h.length(e.suit("x")) > h.length(e.suit("z")))
not_longer_z = test("second suit no longer", lambda h, e: h.length(e.suit("x")) >= h.length(e.suit("z")))

OPENER_REBIDS = [
    # --- after a new suit at the one level: 1x P 1y P ? -------------------------------------------
    rule("rebid.raise-game", ONE_LEVEL_M, "4M", Len("M", 4), Support("M", 19),
         means="raise to game: 4 {M}, 19-21 points"),
    rule("rebid.jump-raise", ONE_LEVEL_M, "3M", Len("M", 4), Support("M", 16, 18),
         means="jump raise: 4 {M}, 16-18 points", forcing=INV),
    rule("rebid.raise", ONE_LEVEL_M, "2M", Len("M", 4), Support("M", 12, 15),
         means="raise: 4 {M}, 12-15 points"),
    # Without four spades, opener's answers to responder's natural 1S after 1C-1D-1H.
    rule("rebid.2nt-jump", AFTER_NATURAL_SPADES, "2NT", Balanced(), HCP(18, 19), means="18-19 balanced",
         forcing=INV),
    rule("rebid.1nt", AFTER_NATURAL_SPADES, "1NT", Balanced(), HCP(12, 14), means="12-14 balanced"),
    rule("rebid.raise-minor", AFTER_NATURAL_SPADES, "2D", Len("D", 4), Points(12, 15),
         means="raise: 4 diamonds, 12-15 points"),
    rule("rebid.own-suit", AFTER_NATURAL_SPADES, "2C", Len("C", 5), Points(12, 15),
         means="rebid: 5+ clubs, minimum"),
    rule("rebid.jump-shift", "1x P 1y P ?", ">>z", Points(19), Len("z", 4), not_longer_z, Unbalanced(),
         means="jump shift: 19+ points, 4+ {z}, forcing to game", forcing=GF),
    rule("rebid.2nt-jump", "1x P 1y P ?", "2NT", Balanced(), HCP(18, 19),
         means="18-19 balanced", forcing=INV),
    rule("rebid.reverse", "1x P 1y P ?", "2z", Points(16), Len("z", 4), longer, above("z", "x"), below("z", "y"),
         means="reverse: 16+ points, longer {x} than {z}, forcing one round", forcing=F),
    rule("rebid.new-suit-1", ONE_LEVEL, "1z", Len("z", 4), Points(12, 18), above("z", "y"),
         means="new suit at the one level: 4+ {z}", order="longest-up"),
    rule("rebid.1nt", "1x P 1y P ?", "1NT", Balanced(), HCP(12, 14),
         means="12-14 balanced"),
    rule("rebid.jump-rebid", "1x P 1y P ?", "3x", Len("x", 6), Points(16, 18), GoodSuit("x"),
         means="jump rebid: a good six-card {x} suit, 16-18 points", forcing=INV),
    rule("rebid.game-own-suit", "1M P 1y P ?", "4M", Len("M", 6), Points(19),
         means="game in a long {M} suit: 19+ points"),
    rule("rebid.new-suit-2", "1x P 1y P ?", "2z", Len("z", 4), Points(12, 18), below("z", "x"), below("z", "y"),
         means="new suit, not a reverse: 4+ {z}, 12-18 points", shows=(clubs_after_diamonds,)),
    rule("rebid.own-suit", ONE_LEVEL, "2x", Len("x", 6), Points(12, 16), HCP(0, 15),
         means="rebid: 6+ {x}, a minimum (12-16 points with the length)"),
    rule("rebid.raise-minor", "1x P 1m P ?", ">m", Len("m", 4), Support("m", 12, 15),
         means="raise: 4+ {m}, 12-15 points"),
    rule("rebid.jump-raise-minor", "1x P 1m P ?", ">>m", Len("m", 4), Support("m", 16, 18),
         means="jump raise: 4+ {m}, 16-18 points", forcing=INV),
    rule("rebid.own-suit", "1x P 1y P ?", "2x", Len("x", 5), Points(12, 15),
         means="rebid of a five-card {x} suit: no better call"),
    # --- after 1NT: 1x P 1NT P ? --------------------------------------------------------------------
    rule("rebid.2nt-invite", "1x P 1NT P ?", "2NT", Balanced(), HCP(18, 19),
         means="18-19 balanced, invites 3NT", forcing=INV),
    rule("rebid.game-own-suit", "1M P 1NT P ?", "4M", Len("M", 6), Points(19),
         means="game: 6+ {M}, 19+ points"),
    rule("rebid.jump-shift", "1x P 1NT P ?", ">>z", Points(19), Len("z", 4), not_longer_z, Unbalanced(),
         means="jump shift: 19+ points, forcing to game", forcing=GF),
    rule("rebid.reverse", "1x P 1NT P ?", "2z", Points(16), Len("z", 4), longer, above("z", "x"),
         means="reverse: 16+ points, longer {x}, forcing one round", forcing=F),
    rule("rebid.jump-rebid", "1x P 1NT P ?", "3x", Len("x", 6), Points(16, 18),
         means="jump rebid: 6+ {x}, 16-18 points", forcing=INV),
    rule("rebid.pass-1nt", "1x P 1NT P ?", "P", Balanced(), Points(12, 17),
         means="pass: a balanced minimum"),
    rule("rebid.own-suit", "1x P 1NT P ?", "2x", Len("x", 6), Points(12, 15),
         means="rebid: 6+ {x}, 12-15 points"),
    rule("rebid.new-suit-2", "1x P 1NT P ?", "2z", Len("z", 4), Points(12, 18), below("z", "x"),
         means="new suit: 4+ {z}, 12-18 points", shows=(clubs_after_diamonds,)),
    rule("rebid.own-suit", "1x P 1NT P ?", "2x", Len("x", 5), Points(12, 15),
         means="rebid of five {x}: no better call"),
    rule("rebid.pass-1nt", "1x P 1NT P ?", "P", Points(11, 15), means="pass: a minimum"),
    # --- after a single raise: 1x P 2x P ? -----------------------------------------------------------
    # With the fit found, shortness counts (it ruffs): the expert's revaluation.
    rule("rebid.game-after-raise", "1M P 2M P ?", "4M", FitPoints(19), means="game: 19+ points"),
    rule("rebid.invite-after-raise", "1M P 2M P ?", "3M", FitPoints(17, 18), means="invites game: 17-18 points",
         forcing=INV),
    rule("rebid.pass-after-raise", "1M P 2M P ?", "P", FitPoints(11, 16), means="pass: no game"),
    rule("rebid.3nt-after-minor-raise", "1m P 2m P ?", "3NT", Balanced(True), HCP(18, 21),
         means="18+ with stoppers: 3NT"),
    rule("rebid.2nt-after-minor-raise", "1m P 2m P ?", "2NT", Balanced(), HCP(18, 19), means="18-19, invites 3NT",
         forcing=INV),
    rule("rebid.pass-after-raise", "1m P 2m P ?", "P", Points(11, 17), means="pass: no game"),
    # --- after a limit raise: 1x P 3x P ? ------------------------------------------------------------
    rule("rebid.accept-limit", "1M P 3M P ?", "4M", *ACCEPTS_LIMIT_RAISE, means="accepts the invitation"),
    rule("rebid.decline-limit", "1M P 3M P ?", "P", DECLINES_LIMIT_RAISE, means="declines: a minimum"),
    rule("rebid.accept-limit-nt", "1m P 3m P ?", "3NT", HCP(13), Balanced(True),
         means="3NT: 13+ HCP, stoppers likely"),
    rule("rebid.accept-limit-minor", "1m P 3m P ?", "5m", Points(17), means="game in the minor"),
    rule("rebid.accept-limit-minor", "1m P 3m P ?", "5m", test("five losers or fewer", lambda h, e: h.losers <= 5),
         means="game in the minor: a playing hand, five losers or fewer"),
    rule("rebid.decline-limit", "1m P 3m P ?", "P", Points(11, 16), means="declines: a minimum"),
    # --- after Jacoby 2NT: 1M P 2NT P ? --------------------------------------------------------------
    rule("rebid.jacoby-second-suit", "1M P 2NT P ?", "4z", Len("z", 5), GoodSuit("z"),
         means="Jacoby: a good second suit in {z}", forcing=GF, alert=True),
    rule("rebid.jacoby-shortness", "1M P 2NT P ?", "3z", short("z"),
         means="Jacoby: a singleton or void in {z}", forcing=GF, alert=True),
    rule("rebid.jacoby-max", "1M P 2NT P ?", "3M", Points(18),
         means="Jacoby: no shortness, 18+ points", forcing=GF, alert=True),
    rule("rebid.jacoby-medium", "1M P 2NT P ?", "3NT", Points(15, 17),
         means="Jacoby: no shortness, 15-17 points", forcing=GF, alert=True),
    rule("rebid.jacoby-min", "1M P 2NT P ?", "4M", Points(0, 14),
         means="Jacoby: no shortness, a minimum", alert=True),
    # --- after 2NT / 3NT over a minor -------------------------------------------------------------------
    rule("rebid.after-2nt-minor", "1m P 2NT P ?", "3NT", Balanced(True), HCP(11, 17),
         means="3NT: nothing extra"),
    rule("rebid.after-2nt-minor", "1m P 2NT P ?", "3x", Len("x", 4),
         test("unbalanced", lambda h, e: not h.is_semi_balanced),
         means="shape: 4+ {x}", forcing=GF),
    rule("rebid.after-3nt-minor", "1m P 3NT P ?", "P", Points(11, 14), means="pass: no slam opposite 16-18"),
    # --- answering fourth suit forcing (game forcing): three-card support for responder's major first, then
    # notrump with the fourth suit stopped (2NT a minimum, 3NT more), a six-card first suit, a five-card second
    # suit, four of the fourth suit, and with nothing else a doubleton honour in responder's suit. --------------
    rule("rebid.fsf-support", FSF, ">y", Len("y", 3), given("responder's major", lambda e: e.suit("y").is_major),
         means="answering fourth suit: three-card support for {y}", forcing=F),
    rule("rebid.fsf-nt", FSF[:2], "2NT", Stopper("w"), HCP(0, 14), means="answering fourth suit: a {w} stopper, "
         "a minimum", forcing=F),
    rule("rebid.fsf-nt", FSF, "3NT", Stopper("w"), means="answering fourth suit: a {w} stopper, extra values"),
    rule("rebid.fsf-suit", FSF, ">x", Len("x", 6), means="answering fourth suit: six {x}", forcing=F),
    rule("rebid.fsf-suit", FSF, ">z", Len("z", 5), Len("x", 5), means="answering fourth suit: five-five in {x} "
         "and {z}", forcing=F),
    rule("rebid.fsf-raise", FSF, ">w", Len("w", 4), means="answering fourth suit: four {w}", forcing=F),
    rule("rebid.fsf-suit", FSF, ">x", Len("x", 5), means="answering fourth suit: five {x}, no stopper", forcing=F),
    rule("rebid.fsf-support", FSF, ">y", Len("y", 2), means="answering fourth suit: two {y}, nothing else to say",
         forcing=F),
    # Responder's 2NT invitation over opener's minimum rebid of six: accept with the top of the range (15+
    # points, the length counted: 13 HCP and six clubs made 3NT), else decline in three of the suit.
    rule("rebid.accept-2nt", "1x P 1y P 2x P 2NT P ?", "3NT", Points(15), means="accepts the invitation: 15+ points"),
    rule("rebid.decline-2nt", ["1x P 1y P 2x P 2NT P ?", "1x P 2y P 2x P 2NT P ?"], "3x", Len("x", 6), HCP(0, 13),
         means="declines the invitation: six {x}, a minimum"),
    # Responder's 11-12 2NT opposite opener's limited rebid: balanced hands with 25 HCP make 3NT about three
    # times in five, with 24 two in five, with 23 one in four. Opener accepts with 14 (13 and a five-card suit:
    # the notrump count), vulnerable with 13, where the game pays for more failures; 12 passes (a six-card suit
    # may sign off in it).
    rule("rebid.accept-2nt", INVITED_2NT, "3NT", any_of(NTPoints(14), (NTPoints(13), vulnerable)),
         means="accepts the invitation: 14+ points (a five-card suit counts one), vulnerable 13"),
    rule("rebid.decline-2nt", "1x P 1y P 1z P 2NT P ?", "3x", Len("x", 6), HCP(0, 13),
         means="declines the invitation: six {x}, a minimum"),
    rule("rebid.decline-2nt", INVITED_2NT, "P", NTPoints(0, 13), means="declines the invitation: a minimum"),
    # Responder's invitational jump rebid of a six-card major (11-12 points, nine or ten HCP): two cards make
    # eight trumps, and 4M with 23 HCP together makes about three times in five; opener accepts with 14 and a
    # doubleton, 13 with three (a trump more), and passes a minimum.
    rule("rebid.accept-jump-rebid", JUMP_REBID, "4M", any_of((Len("M", 2), HCP(14)), (Len("M", 3), HCP(13))),
         means="accepts the invitation: 14 with two {M}, 13 with three"),
    rule("rebid.decline-jump-rebid", JUMP_REBID, "P", HCP(0, 14), means="declines the invitation: a minimum"),
    # After the two-over-one's invitations (10-11): game with 14 (12-13 opposite 10-11 is 22-24, too few).
    rule("rebid.accept-2over1-invite", MINOR_INVITED, "3NT", HCP(14), Balanced(True),
         means="accepts the invitation: 14+ points, 3NT"),
    rule("rebid.decline-2over1-invite", MINOR_INVITED, "P", HCP(0, 13), means="declines the invitation: a minimum"),
    rule("rebid.accept-2over1-invite", RAISE_INVITED[0], "4x", major("x"), HCP(14),
         means="accepts the invitation: 14+ points"),
    rule("rebid.accept-2over1-invite", RAISE_INVITED[1], "4z", major("z"), HCP(14),
         means="accepts the invitation: 14+ points"),
    rule("rebid.accept-2over1-invite", RAISE_INVITED, "3NT", HCP(14), Balanced(True),
         means="accepts the invitation: 14+ points, 3NT"),
    rule("rebid.decline-2over1-invite", RAISE_INVITED, "P", HCP(0, 13), means="declines the invitation: a minimum"),
    # Responder's jump preference to 3M (three of them, 12+) forced to game: a minimum opener bids it.
    rule("rebid.after-jump-preference", ["1M P 2y P 2z P 3M P ?", "1M P 2y P 2NT P 3M P ?"], "4M", Points(0, 16),
         below("y", "M"),
         means="game in {M}: no slam interest"),
    rule("rebid.after-2over1-preference", "1M P 2y P 2z P 2M P ?", "P", HCP(0, 13),
         means="pass the preference: 12-13 points"),
    # Responder's 3NT after my rebid of six: he chose notrump knowing of them (at most two, 12-17): pass.
    rule("rebid.pass-2over1-3nt", "1x P 2y P 2x P 3NT P ?", "P", below("y", "x"), Points(0, 17),
         means="pass: responder chose 3NT knowing my suit"),
    # The 18+ raise of a two-over-one minor forced to game; over partner's 3NT it goes on towards slam.
    rule("rebid.minor-slam-try", "1x P 2m P 3m P 3NT P ?", "4m", Len("m", 4), Support("m", 18),
         means="slam try in {m}: 18+ points and four of them", forcing=F),
    # --- after a two-over-one: 1x P 2y P ? --------------------------------------------------------------
    rule("rebid.raise-2over1", "1x P 2M P ?", "3M", Len("M", 3), Points(12, 17),
         means="raise: 3+ {M}"),
    rule("rebid.raise-2over1", "1x P 2M P ?", "4M", Len("M", 3), Points(18),
         means="raise to game: 3+ {M}, 18+"),
    rule("rebid.2nt-2over1", "1x P 2y P ?", "2NT", Balanced(), HCP(12, 14), Stopper("theirs"),
         means="12-14 balanced"),
    rule("rebid.3nt-2over1", "1x P 2y P ?", "3NT", Balanced(), HCP(18, 19),
         means="18-19 balanced"),
    rule("rebid.new-suit-2over1", "1x P 2y P ?", "2z", Len("z", 4), Points(12), above("z", "y"), not_longer_z,
         means="new suit at the two level: 4+ {z}", forcing=F),
    rule("rebid.own-suit", "1x P 2y P ?", "2x", Len("x", 6), Points(12, 15),
         means="rebid: 6+ {x}, minimum"),
    rule("rebid.jump-rebid", "1x P 2y P ?", "3x", Len("x", 6), Points(16), GoodSuit("x"),
         means="jump rebid: 6+ {x}, 16+ points", forcing=GF),
    # Both raises are 3m, so a listener reads the first: the 12-17 one, not forcing past responder's promised
    # rebid (read as the 18+ one's game force, opener went on to 5m over responder's 4m with a minimum).
    rule("rebid.raise-2over1", "1x P 2m P ?", "3m", Len("m", 4), Points(12, 17),
         means="raise: 4+ {m}"),
    rule("rebid.raise-2over1", "1x P 2m P ?", "3m", Len("m", 4), Points(18),
         means="raise: 4+ {m}, 18+ points, forcing to game (slam interest)", forcing=GF),
    rule("rebid.new-suit-3", "1x P 2y P ?", "3z", Len("z", 4), Points(15), below("z", "y"),
         means="new suit at the three level: 4+ {z}, extra values", forcing=F),
    rule("rebid.own-suit", "1x P 2y P ?", "2x", Len("x", 5), Points(12, 15),
         means="rebid of five {x}: no better call"),
    rule("rebid.2nt-2over1", "1x P 2y P ?", "2NT", Points(12, 14),
         means="12-14, no better call"),
    # --- after 3NT (15-17, two-card support) ---------------------------------------------------------
    rule("rebid.after-3nt-major", "1M P 3NT P ?", "4M", Len("M", 6), means="six {M}: 4{M} instead"),
    rule("rebid.after-3nt-major", "1M P 3NT P ?", "P", means="pass 3NT", shows=(Len("M", 5, 5),)),
]

__all__ = ["OPENER_REBIDS", "SO", "NF", "Suit"]
