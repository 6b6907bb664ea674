"""SAYC responder's rebids: sign off (6-9), invite (10-11) or bid game (12+), after opener's rebid.

After opener's 1NT rebid a new suit at the two level is not forcing; a jump shift or a reverse is.

>>> len(RESPONDER_REBIDS) > 20
True
"""

from __future__ import annotations

from redouble.bidding.conditions import HCP, Balanced, Env, Len, Points, Stopper, Support, given, major, test
from redouble.bidding.rules import GF, INV, NF, F, rule
from redouble.bidding.sayc.responses import above, below
from redouble.bidding.sayc.twos import ace_or_king
from redouble.cards import Suit

minor_fit = test("four of opener's minor (five clubs: 1C may be three)",
                 lambda h, e: h.length(e.suit("m")) >= (4 if e.suit("m") == Suit.DIAMONDS else 5))


def _fourth_suit(e: Env) -> Suit:
    return next(s for s in Suit if s not in (e.suit("x"), e.suit("y"), e.suit("z")))


other_major_stopped = test("a stopper in the other major",
                           lambda h, e: h.stopper(Suit.SPADES if e.suit("M") == Suit.HEARTS else Suit.HEARTS))
fourth_stopped = test("a stopper in the fourth suit", lambda h, e: h.stopper(_fourth_suit(e)))


no_longer_second = test("no longer in opener's second suit", lambda h, e: h.length(e.suit("z")) <= 2)
AFTER_NATURAL_SPADES = ["1C P 1D P 1H P 1S P 1NT P ?", "1C P 1D P 1H P 1S P 2C P ?", "1C P 1D P 1H P 1S P 2D P ?"]
not_one_level_spades = given("not 1C-1D-1H, where 1S is natural", lambda e: _fourth_suit(e) != Suit.SPADES
                             or e.ctx is None or e.ctx.last_bid is None or e.ctx.last_bid.level > 1)
other_minor_stopped = test("a stopper in the other minor", lambda h, e: h.stopper(
    Suit.CLUBS if e.suit("m") == Suit.DIAMONDS else Suit.DIAMONDS))
no_three_of_opener_major = test("not three of opener's major", lambda h, e: not (
    e.suit("x").is_major and h.length(e.suit("x")) >= 3))
no_six_card_major = test("no six-card major to play in", lambda h, e: max(h.length(Suit.HEARTS),
                                                                          h.length(Suit.SPADES)) < 6)

# Opener's new suit at the two level below his first suit, a major, after a two-over-one (not a reverse).
NEW_SUIT_AFTER_2OVER1 = "1x P 2y P 2z P ?"
lower_new_suit = (major("x"), below("z", "x"))
two_over_one = below("y", "x")  # not a jump shift (1H 2S): that response forced to game

RESPONDER_REBIDS = [
    # --- opener rebid 1NT (12-14): 1x P 1y P 1NT P ? ----------------------------------------------------
    rule("resp2.game-major", "1x P 1M P 1NT P ?", "4M", Len("M", 6), Points(13),
         means="game: 6+ {M}, 13+ points"),
    rule("resp2.game-raise", "1M P 1y P 1NT P ?", "4M", Len("M", 3), Support("M", 13),
         means="game in opener's major: 3+ {M}"),
    rule("resp2.3nt", "1x P 1y P 1NT P ?", "3NT", HCP(13, 18), Balanced(True), means="game: 13-18 points"),
    rule("resp2.jump-rebid", "1x P 1y P 1NT P ?", "3y", Len("y", 6), Points(11, 12),
         means="invitational: 6+ {y}, 11-12 points", forcing=INV),
    rule("resp2.2nt", "1x P 1y P 1NT P ?", "2NT", HCP(11, 12), means="invites 3NT: 11-12 points",
         forcing=INV),
    rule("resp2.rebid", "1x P 1y P 1NT P ?", "2y", Len("y", 6), HCP(5, 10), means="to play: 6+ {y}, weak"),
    rule("resp2.preference", "1M P 1y P 1NT P ?", "2M", Len("M", 3), HCP(5, 10), means="to play: 3 {M}"),
    rule("resp2.new-suit", "1x P 1y P 1NT P ?", "2z", Len("z", 5), Len("y", 5), HCP(5, 10), below("z", "y"),
         means="to play: 5-5 or better in {y} and {z}"),
    rule("resp2.pass", "1x P 1y P 1NT P ?", "P", HCP(0, 10), means="pass: no game"),
    # --- opener rebid own suit (6+, minimum): 1x P 1y P 2x P ? -----------------------------------------
    rule("resp2.game-raise", "1M P 1y P 2M P ?", "4M", Len("M", 2), Points(13, 18), means="game in {M}"),
    rule("resp2.invite-raise", "1M P 1y P 2M P ?", "3M", Len("M", 2), Points(10, 12),
         means="invites game: 10-12 with a fit", forcing=INV),
    rule("resp2.game-major", "1x P 1M P 2x P ?", "4M", Len("M", 6), Points(13), means="game: 6+ {M}"),
    rule("resp2.3nt", "1x P 1y P 2x P ?", "3NT", HCP(13, 17), Stopper("theirs"), no_six_card_major,
         means="game: 13-18 points"),
    rule("resp2.2nt", "1x P 1y P 2x P ?", "2NT", HCP(11, 12), means="invites 3NT", forcing=INV),
    rule("resp2.rebid", "1x P 1y P 2x P ?", "2y", Len("y", 6), HCP(5, 10), means="to play: 6+ {y}"),
    rule("resp2.pass", "1x P 1y P 2x P ?", "P", HCP(0, 10), means="pass: no game"),
    # --- opener raised responder's major: 1x P 1M P 2M P ? -------------------------------------------------
    rule("resp2.game", "1x P 1M P 2M P ?", "4M", Support("M", 13, 18), means="game in {M}"),
    rule("resp2.invite", "1x P 1M P 2M P ?", "3M", Support("M", 11, 12), means="invites game", forcing=INV),
    rule("resp2.pass", "1x P 1M P 2M P ?", "P", Support("M", 0, 10), means="pass: no game"),
    # --- opener invited after a single raise: 1M P 2M P 3M P ? ------------------------------------
    rule("resp2.accept", "1M P 2M P 3M P ?", "4M", Support("M", 8, 12), means="accepts: a maximum raise"),
    rule("resp2.decline", "1M P 2M P 3M P ?", "P", Support("M", 0, 7), means="declines: a minimum raise"),
    # --- opener jump raised: 1x P 1M P 3M P ? -------------------------------------------------------------
    rule("resp2.accept", "1x P 1M P 3M P ?", "4M", Support("M", 8, 15), means="accepts the invitation"),
    rule("resp2.decline", "1x P 1M P 3M P ?", "P", Support("M", 0, 7), means="declines"),
    # --- opener's 2NT jump (18-19): 1x P 1y P 2NT P ? ----------------------------------------------------
    rule("resp2.game-major", "1x P 1M P 2NT P ?", "4M", Len("M", 6), means="game: 6+ {M}"),
    rule("resp2.show-five", "1x P 1M P 2NT P ?", "3M", Len("M", 5, 5), Points(6), means="five {M}: choose",
         forcing=F),
    rule("resp2.3nt", "1x P 1y P 2NT P ?", "3NT", HCP(6, 13), means="game in notrump"),
    # --- after the limit raise was accepted etc.: simple continuations are natural. -------------------------
    # --- opener's jump rebid (16-18, 6+): 1x P 1y P 3x P ? -------------------------------------------------
    rule("resp2.game-major", "1M P 1y P 3M P ?", "4M", Len("M", 2), HCP(7, 14), means="accepts: game"),
    rule("resp2.game-major", "1M P 1y P 3M P ?", "4M", Len("M", 1, 1), HCP(9, 14),
         means="accepts: game (a singleton in the suit wants more)"),
    # Six cards of my own major opposite the minor: show them (forcing) before 3NT; opener raises with two.
    rule("resp2.show-six", "1m P 1M P 3m P ?", "3M", Len("M", 6), HCP(8, 14),
         means="six {M}, forcing: opener raises with two of them, else 3NT", forcing=F),
    rule("resp2.3nt", "1m P 1y P 3m P ?", "3NT", HCP(8, 14), Stopper("theirs"), means="accepts: 3NT"),
    rule("resp2.pass", "1x P 1y P 3x P ?", "P", HCP(0, 7), means="declines"),
    # --- opener's new suit, not a reverse: 1M P 1y P 2z P ? (preference, and raises of the major) ------------
    rule("resp2.game-raise", ["1M P 1y P 2z P ?", "1M P 1y P 1z P ?"], "4M", Len("M", 3), Support("M", 13, 16),
         means="game in opener's major: 3+ {M}, 13-16 points"),
    rule("resp2.invite-raise", ["1M P 1y P 2z P ?", "1M P 1y P 1z P ?"], "3M", Len("M", 3), Support("M", 10, 12),
         means="jump preference: 3+ {M}, 10-12 points, invites game", forcing=INV),
    rule("resp2.preference", "1M P 1y P 2z P ?", "2M", Len("M", 3), HCP(0, 9),
         means="preference: 3 {M}, a minimum"),
    # With a six-card suit of my own and only two of opener's major, my suit is the better partscore.
    rule("resp2.rebid", "1M P 1y P 2z P ?", "2y", Len("y", 6), Len("M", 0, 2), HCP(5, 10),
         means="to play: 6+ {y}, a minimum"),
    rule("resp2.preference", "1M P 1y P 2z P ?", "2M", Len("M", 2, 2), HCP(0, 10),
         no_longer_second,
         means="preference: 2 {M}, a minimum"),
    # --- 1H P 1S P 2m P ? (opener's minor, not a reverse: five hearts, four of the minor, 12-18) ---------------
    # The booklet's bands as after 1D-1M-2C (before, the natural layer bid 4H with ten HCP and two hearts, 4S
    # with a six-card suit and eleven, and jumped to five of the minor).
    rule("resp2.game-major", "1H P 1S P 2m P ?", "4S", Len("S", 6), Points(13, 17), Len("H", 0, 2),
         means="game: 6+ spades, 13-17 points, no heart fit"),
    rule("resp2.3nt", "1H P 1S P 2m P ?", "3NT", HCP(13, 17), Balanced(True), other_minor_stopped, Len("H", 0, 2),
         Len("m", 0, 3), no_six_card_major, means="game: 13-17 points, the other minor stopped"),
    rule("resp2.jump-rebid", "1H P 1S P 2m P ?", "3S", Len("S", 6), Points(11, 12),
         means="invitational: 6+ spades, 11-12 points", forcing=INV),
    rule("resp2.2nt", "1H P 1S P 2m P ?", "2NT", HCP(11, 12), Balanced(True), other_minor_stopped, Len("H", 0, 2),
         means="invites 3NT: 11-12 points, the other minor stopped", forcing=INV),
    rule("resp2.raise-second", "1H P 1S P 2m P ?", "3m", Len("m", 4), HCP(11, 12),
         means="invites game: 4+ {m}, 11-12 points", forcing=INV),
    rule("resp2.pass", "1H P 1S P 2m P ?", "P", HCP(0, 10), Len("H", 0, 1),
         means="pass: 6-10 points, no fit for hearts"),
    # After the 1NT response (6-10) the same preference: opener's major has five, the new suit four, so three
    # of the major (or two with no more of the new suit) make the longer fit (1S 1NT 2H passed with three
    # spades and two hearts left us in a four-two fit).
    rule("resp2.preference", "1M P 1NT P 2z P ?", "2M", Len("M", 3), HCP(0, 10),
         means="preference: 3 {M}, 6-10 points"),
    rule("resp2.preference", "1M P 1NT P 2z P ?", "2M", Len("M", 2, 2), HCP(0, 10),
         no_longer_second,
         means="preference: 2 {M}, no more of the new suit"),
    # --- 1D P 1M P 2C P ? (opener's clubs, not a reverse: four diamonds, four clubs, 12-18) ----------------------
    # The booklet's bands again: 6-10 passes or gives preference (to diamonds with as many of them as clubs),
    # 11-12 invites (2NT with the other major stopped, three of a minor), 13+ bids game.
    rule("resp2.game-major", "1D P 1M P 2C P ?", "4M", Len("M", 6), Points(13), means="game: 6+ {M}, 13+ points"),
    rule("resp2.3nt", "1D P 1M P 2C P ?", "3NT", HCP(13, 17), Balanced(True), other_major_stopped,
         no_six_card_major, means="game: 13-17 points, the other major stopped"),
    rule("resp2.jump-rebid", "1D P 1M P 2C P ?", "3M", Len("M", 6), Points(11, 12),
         means="invitational: 6+ {M}, 11-12 points", forcing=INV),
    rule("resp2.2nt", "1D P 1M P 2C P ?", "2NT", HCP(11, 12), Balanced(True), other_major_stopped,
         means="invites 3NT: 11-12 points, the other major stopped", forcing=INV),
    rule("resp2.raise-second", "1D P 1M P 2C P ?", "3C", Len("C", 4), Support("C", 11, 14), HCP(11, 12),
         means="invites game: 4+ clubs, 11-12 points", forcing=INV),
    rule("resp2.jump-preference", "1D P 1M P 2C P ?", "3D", Len("D", 3), Support("D", 11, 14), HCP(11, 12),
         means="jump preference: 3+ diamonds, 11-12 points, invites game", forcing=INV),
    rule("resp2.rebid", "1D P 1M P 2C P ?", "2M", Len("M", 6), HCP(5, 10), means="to play: 6+ {M}, 6-10 points"),
    rule("resp2.preference", "1D P 1M P 2C P ?", "2D", HCP(0, 10),
         test("as many diamonds as clubs, two or more", lambda h, e: h.length(Suit.DIAMONDS) >= max(
             2, h.length(Suit.CLUBS))),
         means="preference: as many diamonds as clubs, 6-10 points"),
    rule("resp2.pass", "1D P 1M P 2C P ?", "P", HCP(0, 10), means="pass: longer clubs, 6-10 points"),
    # --- opener's jump shift (19+, forcing to game): 1x P 1M P 3z P ? -----------------------------------------
    # A five-card major is rebid first, so a five-three fit plays there rather than in 3NT.
    rule("resp2.after-jump-shift", "1x P 1M P 3z P ?", "3M", Len("M", 5), Len("x", 0, 2), Len("z", 0, 3),
         given("a new suit", lambda e: e.suit("z") not in (e.suit("x"), e.suit("M"))),
         means="five {M} after the jump shift: forcing", forcing=F),
    # --- fourth suit forcing: 1x P 1y P 1z P ? and 1x P 1y P 2z P ? with game values and no natural bid --------
    # The booklet's exception: 1C-1D-1H-1S is natural (four spades, forcing one round), not fourth suit forcing:
    # opener bids up the line, so 1H may hide four spades too (before, four spades and 11 bid 2NT over 1H).
    rule("resp2.natural-spades", "1C P 1D P 1H P ?", "1S", Len("S", 4), HCP(6), passed=False,
         means="natural: four spades, forcing one round (not fourth suit forcing)", forcing=F),
    # After opener's minimum answer to it (1NT 12-14 balanced, 2C five clubs, 2D four diamonds): the usual bands.
    rule("resp2.3nt", AFTER_NATURAL_SPADES, "3NT", HCP(13, 17), means="game: 13-17 points"),
    rule("resp2.2nt", AFTER_NATURAL_SPADES, "2NT", HCP(11, 12), means="invites 3NT: 11-12 points", forcing=INV),
    rule("resp2.pass", AFTER_NATURAL_SPADES, "P", HCP(0, 10), means="pass: no game"),
    rule("resp2.fourth-suit", ["1x P 1y P 1z P ?", "1x P 1y P 2z P ?"], ">w", HCP(13), not_one_level_spades,
         test("no fit with opener and no stopper for notrump in the fourth suit",
              lambda h, e: h.length(e.suit("x")) < (3 if e.suit("x").is_major else 4)
              and h.length(e.suit("z")) < 4 and not h.stopper(e.suit("w"))
              and max(h.length(Suit.HEARTS), h.length(Suit.SPADES)) < 6),
         means="fourth suit forcing: game values, asks opener to describe further (no promise of {w})",
         forcing=GF, alert=True),
    # --- opener's new suit at the one level (12-18, not forcing): 1x P 1y P 1z P ? ---------------------------
    # The booklet's bands for responder's second call: 6-10 signs off (1NT, two of a suit bid), 11-12 invites
    # (2NT, three of a suit bid), 13+ bids game. Four cards of opener's major raise it; opener's minor wants
    # four (five for clubs, which may be three) before a preference to it. With a fit, shortness counts (dummy
    # points): a ten-count with a void is worth more than a preference.
    # Seven cards of my own are a trump suit already: they are rebid, not left for a four-four fit.
    rule("resp2.raise-second", "1x P 1y P 1z P ?", "4z", Len("z", 4), Support("z", 13, 18), HCP(11), major("z"),
         Len("y", 0, 6), means="game in {z}: 4 {z}, 13+ points"),
    # A singleton makes a 10-count's 13 support points; game then is opener's call (10 HCP and a singleton
    # bid 4S, and opener with a five-loser hand went on to slam).
    rule("resp2.raise-second", "1x P 1y P 1z P ?", "3z", Len("z", 4), Support("z", 11, 18), HCP(0, 12), major("z"),
         Len("y", 0, 6), means="invites game: 4 {z}, 11-12 points (a singleton counted)", forcing=INV),
    rule("resp2.raise-second", "1x P 1y P 1z P ?", "2z", Len("z", 4), Support("z", 6, 10), major("z"), Len("y", 0, 6),
         means="raise: 4 {z}, 6-10 points"),
    rule("resp2.game-major", "1x P 1y P 1z P ?", "4y", Len("y", 6), Points(13), major("y"),
         means="game: 6+ {y}, 13+ points"),
    rule("resp2.jump-rebid", "1x P 1y P 1z P ?", "3y", Len("y", 6), Points(11, 12),
         means="invitational: 6+ {y}, 11-12 points", forcing=INV),
    rule("resp2.3nt", "1x P 1y P 1z P ?", "3NT", HCP(13, 17), Balanced(True), fourth_stopped, Len("z", 0, 3),
         no_six_card_major, means="game: 13-17 points, the fourth suit stopped"),
    rule("resp2.2nt", "1x P 1y P 1z P ?", "2NT", HCP(11, 12), Balanced(True), fourth_stopped, Len("z", 0, 3),
         means="invites 3NT: 11-12 points, the fourth suit stopped", forcing=INV),
    rule("resp2.jump-preference", "1m P 1y P 1z P ?", "3m", minor_fit, Support("m", 11, 14), HCP(11, 12),
         means="jump preference: {m} support, 11-12 points, invites game", forcing=INV),
    rule("resp2.rebid", "1x P 1y P 1z P ?", "2y", Len("y", 6), HCP(5, 10), means="to play: 6+ {y}, 6-10 points"),
    rule("resp2.1nt", "1x P 1y P 1z P ?", "1NT", HCP(6, 10), Balanced(True), fourth_stopped, Len("z", 0, 3),
         means="6-10 points, the fourth suit stopped, no fit for {z}"),
    rule("resp2.preference", "1m P 1y P 1z P ?", "2m", minor_fit, HCP(0, 10), Support("m", 0, 12),
         means="preference: {m} support, 6-10 points"),
    # 6-10 signs off even without the fourth suit stopped: 1NT (opener's 1z is not forcing, so a part score it
    # is); before, the natural layer bid 2NT or 3NT on ten HCP.
    rule("resp2.1nt", "1x P 1y P 1z P ?", "1NT", HCP(6, 10), Balanced(True), Len("z", 0, 3),
         means="6-10 points, no fit for {z}"),
    # Unbalanced without a fit, the same bands: 6-10 prefers opener's minor with three diamonds (1D shows four)
    # or four clubs, else rebids five of its own; 11-12 invites with 2NT (before, the natural layer bid 2NT on
    # eight HCP and 3NT on a twelve-count five-five misfit).
    rule("resp2.preference", "1D P 1y P 1z P ?", "2D", Len("D", 3), HCP(0, 10), Len("z", 0, 3),
         means="preference: three diamonds, 6-10 points, no better call"),
    rule("resp2.preference", "1C P 1y P 1z P ?", "2C", Len("C", 4), HCP(0, 10), Len("z", 0, 3),
         means="preference: four clubs, 6-10 points, no better call"),
    rule("resp2.rebid", "1x P 1y P 1z P ?", "2y", Len("y", 5), HCP(0, 10), Len("z", 0, 3),
         means="to play: five {y}, 6-10 points, no better call"),
    rule("resp2.2nt", "1x P 1y P 1z P ?", "2NT", HCP(11, 12), Len("z", 0, 3),
         means="invites 3NT: 11-12 points, no fit for {z}", forcing=INV),
    # --- after a reverse (16+, forcing): 1x P 1y P 2z P ? (natural, but never pass) -----------------------
    rule("resp2.after-reverse-3nt", "1x P 1y P 2z P ?", "3NT", above("z", "x"), below("z", "y"), HCP(10, 14),
         Stopper("theirs"), Balanced(True), no_six_card_major, means="3NT: 10+ points, a balanced hand"),
    # Opener declined the 2NT invitation (three of the six-card suit): the invitation was all responder had.
    rule("resp2.after-decline", "1x P 1y P 2x P 2NT P 3x P ?", "P", HCP(0, 12),
         means="pass: opener declined the invitation"),
    # After opener's reverse a six-card suit is rebid at the two level (forcing: the reverse promised another
    # bid), so a misfit can still find notrump, rather than jumping to game in it.
    rule("resp2.after-reverse-rebid", "1x P 1y P 2z P ?", "2y", above("z", "x"), below("z", "y"), Len("y", 6),
         HCP(0, 12), means="six {y}: rebid after the reverse", forcing=F),
    # A minimum (6-8) opposite the reverse (16+) makes game about one time in six even with 3NT's 22-25 HCP
    # together: 2NT shows it, not forcing, and opener goes on with 18+ (before, the natural layer bid 3NT with
    # six to eight HCP: 1 made of 12 on the pool and wide deals, where 9+ made 3NT three times in four).
    rule("resp2.after-reverse-minimum", "1x P 1y P 2z P ?", "2NT", above("z", "x"), below("z", "y"), HCP(0, 8),
         Len("z", 0, 3), means="a minimum after the reverse: 6-8 points, no fit for {z}"),
    rule("resp2.after-reverse-minimum", "1x P 1NT P 2z P ?", "2NT", above("z", "x"), HCP(0, 8), Len("z", 0, 3),
         means="a minimum after the reverse: 6-8 points, no fit for {z}"),
    # --- after a two-over-one and opener's rebid: 1x P 2y P 2x P ?, 1M P 2y P 2z P ?, 1x P 2y P 2NT P ? ----------
    # The booklet: the unpassed two-over-one (10+) promises a second bid; 2NT, three of responder's suit or a raise
    # of opener's second suit invite game with 10-11; 2M is a preference; the jump preference to 3M forces to
    # game; anything at game is to play. So game needs 12 (opener's minimum rebid is 12-15), not the 13 of a
    # one-level response (before, the natural layer bid 4M with ten HCP and six hearts after 1S-2H-2S, and opener
    # went on to 4S over 3C with a minimum and a singleton club).
    rule("resp2.2over1-game-raise", "1M P 2y P 2M P ?", "4M", below("y", "M"), Len("M", 3), Support("M", 12, 16),
         passed=False, means="game in opener's major: three {M}, 12+ points"),
    rule("resp2.2over1-game", "1x P 2M P 2x P ?", "4M", below("M", "x"), Len("M", 6), HCP(12),
         no_three_of_opener_major, passed=False, means="game: 6+ {M}, 12+ points"),
    rule("resp2.2over1-3nt", "1x P 2y P 2x P ?", "3NT", two_over_one, HCP(12, 17), Balanced(True),
         no_six_card_major, no_three_of_opener_major, passed=False,
         means="game: 12-17 points, no fit for opener's major"),
    rule("resp2.2over1-jump-rebid", "1x P 2y P 2x P ?", ">y", two_over_one, Len("y", 6), HCP(0, 11),
         no_three_of_opener_major, passed=False, means="invites game: 6+ {y}, 10-11 points", forcing=INV),
    rule("resp2.2over1-raise", "1x P 2y P 2x P ?", ">x", two_over_one, Len("x", 3), HCP(0, 11), passed=False,
         means="invites game: three {x}, 10-11 points", forcing=INV),
    rule("resp2.2over1-2nt", "1x P 2y P 2x P ?", "2NT", two_over_one, HCP(0, 11), passed=False,
         means="invites 3NT: 10-11 points, no fit", forcing=INV),
    # Opener's new suit below his first major (not a reverse: 12-18, forcing one round): 1M P 2y P 2z P ?
    rule("resp2.2over1-jump-preference", NEW_SUIT_AFTER_2OVER1, "3x", *lower_new_suit, Len("x", 3), HCP(12),
         passed=False, means="jump preference: three {x}, 12+ points, forcing to game", forcing=GF),
    rule("resp2.2over1-raise-second", NEW_SUIT_AFTER_2OVER1, "4z", *lower_new_suit, Len("z", 4), HCP(11),
         Support("z", 12, 16), major("z"), passed=False, means="game in {z}: four {z}, 12+ points"),
    rule("resp2.2over1-raise-second", NEW_SUIT_AFTER_2OVER1, "3z", *lower_new_suit, Len("z", 4), HCP(0, 11),
         passed=False, means="invites game: four {z}, 10-11 points", forcing=INV),
    rule("resp2.2over1-3nt", NEW_SUIT_AFTER_2OVER1, "3NT", *lower_new_suit, HCP(12, 17), Balanced(True),
         fourth_stopped, Len("z", 0, 3), Len("x", 0, 2), passed=False,
         means="game: 12-17 points, the fourth suit stopped"),
    rule("resp2.2over1-jump-rebid", NEW_SUIT_AFTER_2OVER1, "3y", *lower_new_suit, Len("y", 6), HCP(0, 11),
         Len("x", 0, 2), passed=False, means="invites game: 6+ {y}, 10-11 points", forcing=INV),
    rule("resp2.2over1-2nt", NEW_SUIT_AFTER_2OVER1, "2NT", *lower_new_suit, HCP(0, 11), fourth_stopped,
         Len("x", 0, 2), passed=False, means="invites 3NT: 10-11 points, the fourth suit stopped", forcing=INV),
    rule("resp2.2over1-preference", NEW_SUIT_AFTER_2OVER1, "2x", *lower_new_suit, Len("x", 2), HCP(0, 11),
         passed=False, means="preference: 2+ {x}, 10-11 points"),
    rule("resp2.2over1-2nt", NEW_SUIT_AFTER_2OVER1, "2NT", *lower_new_suit, HCP(0, 11), passed=False,
         means="invites 3NT: 10-11 points", forcing=INV),
    # Opener's 2NT (12-14 balanced): the booklet's promised rebid makes it forcing; game with three of his major
    # (2NT may hold five) or notrump; the minimum two-over-one's forced call is the natural layer's.
    rule("resp2.2over1-game-raise", "1M P 2y P 2NT P ?", "3M", below("y", "M"), Len("M", 3), HCP(12, 16),
         passed=False, means="three {M}, 12+ points: opener's 2NT may hold five", forcing=GF),
    rule("resp2.2over1-3nt", "1x P 2y P 2NT P ?", "3NT", two_over_one, HCP(12, 17), no_six_card_major, passed=False,
         means="game: 12-17 points"),
    # Opener's slam try in our two-over-one minor (1x 2m 3m 3NT 4m): a minimum two-over-one signs off in five.
    rule("resp2.minor-cue", "1x P 2m P 3m P 3NT P 4m P ?", ">y", HCP(13), ace_or_king("y"), above("y", "m"),
         given("not opener's suit", lambda e: e.suit("y") != e.suit("x")),
         means="cue-bid: the ace or king of {y}, 13+ points, slam interest in {m}", forcing=F, order="up"),
    rule("resp2.minor-signoff", "1x P 2m P 3m P 3NT P 4m P ?", "5m", HCP(0, 12),
         means="sign-off in {m}: a minimum two-over-one, no slam"),
]

__all__ = ["RESPONDER_REBIDS", "F", "GF", "NF"]
