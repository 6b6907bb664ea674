"""SAYC competitive bidding.

When they open: overcalls (8-16, a good five-card suit), the 1NT overcall (15-18 with a stopper), weak
jump overcalls, takeout doubles and their advances, Michaels cue-bids, the unusual 2NT, balancing.
When they interfere over our opening: negative doubles through 2S, free bids, cue-bid raises, the
opener's reopening double; over their takeout double: redouble, 2NT limit raise or better, preemptive
jumps. Over their overcall of our 1NT: natural, cue-bid as Stayman, penalty doubles.

>>> len(COMPETITION) > 60
True
"""

from __future__ import annotations

from redouble.bidding.conditions import (
    HCP,
    Balanced,
    Env,
    GoodSuit,
    Len,
    Points,
    Stopper,
    Support,
    any_of,
    given,
    good_suit,
    major,
    minor,
    short,
    test,
)
from redouble.bidding.meaning import HandRange
from redouble.bidding.natural import cheapest_over
from redouble.bidding.rules import GF, INV, NF, After, F, rule
from redouble.bidding.sayc.rebids import ACCEPTS_LIMIT_RAISE, DECLINES_LIMIT_RAISE
from redouble.bidding.sayc.responses import above, below, clubs_after_diamonds
from redouble.cards import Suit
from redouble.deal import Hand

MAJORS = (Suit.HEARTS, Suit.SPADES)
short_somewhere = test("a singleton or void", lambda h, e: min(h.shape) <= 1)


def _unbid(e: Env, *names: str) -> list[Suit]:
    bound = {e.suit(n) for n in names}
    return [s for s in Suit if s not in bound]


def _cheapest_level(e: Env, name: str) -> int:
    """The level of the cheapest bid in suit ``name`` over the last bid (8: none is left)."""
    bid = cheapest_over(e.ctx.last_bid if e.ctx is not None else None, e.suit(name).strain)
    return 8 if bid is None else bid.level


def takeout_shape(*theirs: str, most: int = 2):  # type: ignore[no-untyped-def]
    """Short in their suit(s) (at most ``most`` cards), 3+ cards in every other suit."""
    def fn(h: Hand, e: Env) -> bool:
        return all(h.length(e.suit(t)) <= most for t in theirs) and all(h.length(s) >= 3 for s in _unbid(e, *theirs))

    def shows(r: HandRange, e: Env) -> HandRange:
        for t in theirs:
            r = r.narrow_length(e.suit(t), 0, most)
        for s in _unbid(e, *theirs):
            r = r.narrow_length(s, 3, None)
        return r
    words = "short in their suit" if most <= 2 else f"at most {most} of their suit"
    return test(f"{words}, 3+ in the others", fn, shows)


def other_major_four(theirs: str):  # type: ignore[no-untyped-def]
    """Four or more cards in each major they have not bid."""
    def majors(e: Env) -> list[Suit]:
        return [m for m in MAJORS if m != e.suit(theirs)]

    def shows(r: HandRange, e: Env) -> HandRange:
        for m in majors(e):
            r = r.narrow_length(m, 4, None)
        return r
    return test("four cards in the other major", lambda h, e: all(h.length(m) >= 4 for m in majors(e)), shows)


def negative_double_shape(h: Hand, e: Env) -> bool:
    """4+ in each unbid major (exactly four spades after 1m-(1H)); with no unbid major, both minors."""
    unbid = _unbid(e, "x", "y")
    majors = [s for s in unbid if s.is_major]
    if majors:
        if e.suit("y") == Suit.HEARTS and (not e.suit("x").is_major):
            return h.length(Suit.SPADES) == 4
        return all(h.length(s) >= 4 for s in majors)
    return all(h.length(s) >= 4 for s in unbid)


def _neg_shows(r: HandRange, e: Env) -> HandRange:
    unbid = _unbid(e, "x", "y")
    majors = [s for s in unbid if s.is_major] or unbid
    for s in majors:
        r = r.narrow_length(s, 4, None)
    return r


neg_shape = test("four cards in the unbid major(s)", negative_double_shape, _neg_shows)


def trump_stack(suit: str):  # type: ignore[no-untyped-def]
    """A holding in their suit to defend with: two of the top five honours, or five cards."""
    return test("a trump holding to defend with: two of the top five, or five cards",
                lambda h, e: h.length(e.suit(suit)) >= 5
                or sum(h.holding(e.suit(suit)) >> b & 1 for b in (12, 11, 10, 9, 8)) >= 2)


def two_lowest_unbid(h: Hand, e: Env) -> bool:
    low = _unbid(e, "x")[:2]
    return all(h.length(s) >= 5 for s in low)


def _two_lowest_shows(r: HandRange, e: Env) -> HandRange:
    for s in _unbid(e, "x")[:2]:
        r = r.narrow_length(s, 5, None)
    return r


def michaels_shape(h: Hand, e: Env) -> bool:
    x = e.suit("x")
    if not x.is_major:
        return h.length(Suit.HEARTS) >= 5 and h.length(Suit.SPADES) >= 5
    other = Suit.SPADES if x == Suit.HEARTS else Suit.HEARTS
    return h.length(other) >= 5 and (h.length(Suit.CLUBS) >= 5 or h.length(Suit.DIAMONDS) >= 5)


def _michaels_shows(r: HandRange, e: Env) -> HandRange:
    x = e.suit("x")
    if not x.is_major:
        return r.narrow_length(Suit.HEARTS, 5, None).narrow_length(Suit.SPADES, 5, None)
    other = Suit.SPADES if x == Suit.HEARTS else Suit.HEARTS
    return r.narrow_length(other, 5, None)


def michaels_major(e: Env) -> Suit:
    return Suit.SPADES if e.suit("M") == Suit.HEARTS else Suit.HEARTS


# A good five-card major is overcalled; a five-card minor beside takeout shape doubles (the double finds the
# major fit that a two-level minor overcall would lose).
no_five_card_suit = test("no good five-card major to overcall", lambda h, e: max(h.shape) <= 4 or h.hcp >= 15
                         or not any(h.length(s) >= 5 and good_suit(h, s) for s in MAJORS))
ADVANCE = ["1x X P ?", "1x P P X P ?"]  # partner's takeout double, direct or balancing
ADVANCE_HIGH = ["2o X P ?", "3x X P ?", "2o P P X P ?", "3x P P X P ?"]  # of a weak two or a preempt
no_five_card_major = test("no five-card major", lambda h, e: max(h.length(Suit.HEARTS), h.length(Suit.SPADES)) < 5)
REOPENED = ["1x 1y P P X P ?", "1x 2y P P X P ?"]  # opener reopened with a double, partner answers


def no_unbid_major(theirs: str):  # type: ignore[no-untyped-def]
    return test("no four-card unbid major", lambda h, e: all(h.length(m) < 4 for m in MAJORS if m != e.suit(theirs)))


# the overcaller after partner's cue-bid raise (their suit at the two or three level), doubled or not
AFTER_CUE = ["1x 1y P 2x P ?", "1x 2y P 2x P ?", "1x 2y P 3x P ?", "1x 1y P 2x X ?", "1x 2y P 2x X ?", "1x 2y P 3x X ?",
             "1x P 1z 1y P 2x P ?", "1x P 1z 2y P 3x P ?", "1x P 2z 2y P 3x P ?"]
# partner overcalled and the next hand bid: a raise competes (the law of total tricks), a cue-bid is the
# strong raise
ADVANCE_OVER_BID = ["1x 1y 1z ?", "1x 1y 2z ?", "1x 2y 2z ?", "1x 1y 2x ?", "1x 2y 3x ?"]
# partner overcalled after they had bid two suits (1x P 1z 1y): advanced like a direct overcall, the cue-bid in
# opener's suit
ADVANCE_LATE = ["1x P 1z 1y P ?", "1x P 1z 2y P ?", "1x P 2z 2y P ?"]
# Opener after partner's limit raise over their overcall (neg.limit-raise); x is opener's suit, y theirs.
LIMIT_RAISED = After("neg.limit-raise")
# Opener after partner's cue-bid limit raise of a minor (neg.cue-limit), then responder after opener's answer.
MINOR_CUED = After("neg.cue-limit")
OPENER_AFTER_RAISE = ["1x 1y P 2y ?", "1x 2y P 3y ?", "1x 1y P 3y ?"]


# The rule of 2-3-4: vulnerable, six cards jump to the two level only (three down doubled is 800).
two_level_when_vulnerable = test("vulnerable: a jump to the two level only", lambda h, e: e.ctx is None
                                 or not e.ctx.we_vulnerable or _cheapest_level(e, "y") == 1)


def top_honour(suit: str):  # type: ignore[no-untyped-def]
    return test(f"the ace, king or queen of {suit}", lambda h, e: h.holding(e.suit(suit)) >> 10 != 0)


def no_six(suit: str):  # type: ignore[no-untyped-def]
    return test(f"fewer than six {suit}", lambda h, e: h.length(e.suit(suit)) < 6)


def losers_at_most(n: int):  # type: ignore[no-untyped-def]
    return test(f"{n} losers or fewer", lambda h, e: h.losers <= n)


# the takeout doubler's second call, after partner's answer (over a one-bid, a weak two or a three-bid)
# (and the balancing doubler's, in the pass-out seat: the same calls, the same strength)
DOUBLER = ["1x X P 1y P ?", "1x X P 2y P ?", "2x X P 2y P ?", "2x X P 3y P ?", "3x X P 3y P ?", "3x X P 4y P ?",
           "1x P P X P 1y P ?", "1x P P X P 2y P ?", "2x P P X P 2y P ?", "2x P P X P 3y P ?"]
DOUBLER_M = ["1x X P 1M P ?", "1x X P 2M P ?", "2x X P 2M P ?", "2x X P 3M P ?", "3x X P 3M P ?",
             "1x P P X P 1M P ?", "1x P P X P 2M P ?", "2x P P X P 2M P ?", "2x P P X P 3M P ?"]
major_or_nothing_to_show = test("a major, or no four-card unbid major to show",
                                lambda h, e: e.suit("x").is_major
                                or not any(h.length(s) >= 4 for s in MAJORS if s != e.suit("y")))
# A raise of opener's suit x: three cards of a major, four of a minor (a minor may be opened on three).
raise_length = test("3+ in a major, 4+ in a minor",
                    lambda h, e: h.length(e.suit("x")) >= (3 if e.suit("x").is_major else 4))
# Over 1m (2y) with y above m the jump raise would pass 3NT: the cue-bid is then the limit raise or better.
major_or_jump_below_3nt = given("a major, or a jump raise below 3NT",
                                lambda e: e.suit("x").is_major or _cheapest_level(e, "x") <= 2)
quality = any_of(GoodSuit("y"), (HCP(11), Len("y", 5)), Len("y", 6))
strong_double = HCP(17)
def _their_last_suit(e: Env) -> Suit | None:
    last = e.ctx.last_bid if e.ctx is not None else None
    return last.strain.suit if last is not None and last.strain is not None else None


def _trump_stack(h: Hand, e: Env) -> bool:
    s = _their_last_suit(e)
    return s is not None and h.length(s) >= 5 and sum(h.holding(s) >> b & 1 for b in (12, 11, 10, 9, 8)) >= 3


penalty_stack = test("a trump stack in their suit: 5+ cards with three honours", _trump_stack)

# They found a fit (both of them bid it) and stopped at the two level; we have not bid and sit in the pass-out
# seat. Their fit and my shortness in it mean partner holds length there and values (they stopped low), and we
# have a fit of our own: the law of total tricks says not to let them play at the two level.
THEIR_FIT_AT_TWO = ["1x P 2x P P ?", "1x P 1y P 2y P P ?", "1x P 1NT P 2y P 2x P P ?", "1x P 1y P 1NT P 2x P P ?",
                    "1x P 1y P 2z P 2x P P ?"]
BALANCED_OVER_FIT = [p[:-1] + "X P ?" for p in THEIR_FIT_AT_TWO[1:]]  # partner answers my balancing double


def _short_in_their_fit(h: Hand, e: Env) -> bool:
    s = _their_last_suit(e)
    return s is not None and h.length(s) <= 2


def _short_shows(r: HandRange, e: Env) -> HandRange:
    s = _their_last_suit(e)
    return r if s is None else r.narrow_length(s, 0, 2)


short_in_their_fit = test("at most two cards in their suit", _short_in_their_fit, _short_shows)


def _support_for_the_rest(h: Hand, e: Env) -> bool:
    theirs = set(e.ctx.their_suits) if e.ctx is not None else set()
    return all(h.length(s) >= 3 for s in Suit if s not in theirs)


def _rest_shows(r: HandRange, e: Env) -> HandRange:
    for s in Suit:
        if e.ctx is not None and s not in e.ctx.their_suits:
            r = r.narrow_length(s, 3, None)
    return r


support_for_the_rest = test("three or more in every suit they have not bid", _support_for_the_rest, _rest_shows)

COMPETITION = [
    # === they opened one of a suit: our direct actions (1x ?) ==========================================
    rule("comp.1nt-overcall", "1x ?", "1NT", Balanced(), HCP(15, 18), Stopper("x"),
         means="1NT overcall: 15-18 balanced, a stopper in {x}"),
    rule("comp.double-strong", "1x ?", "X", strong_double, Len("x", 0, 3),
         means="takeout double: a strong hand (17+), will bid again", forcing=F),
    rule("comp.michaels", "1x ?", "2x", test("5-5 in the majors over a minor, else the other major and a minor",
                                             michaels_shape, _michaels_shows),
         any_of((test("over a minor", lambda h, e: (not e.suit("x").is_major)), HCP(8, 16)), HCP(10, 16)),
         means="Michaels cue-bid: a 5-5 two-suiter (both majors over a minor)", forcing=F, alert=True),
    rule("comp.unusual-2nt", "1x ?", "2NT", test("5-5 in the two lowest unbid suits", two_lowest_unbid,
                                                 _two_lowest_shows), HCP(8, 16),
         means="unusual 2NT: 5-5 or more in the two lowest unbid suits", forcing=F, alert=True),
    # A weak hand with a long suit jumps rather than make a simple overcall (the booklet's weak jump overcall).
    rule("comp.weak-jump", "1x ?", ">>y", Len("y", 6, 6), HCP(6, 10), GoodSuit("y"), two_level_when_vulnerable,
         means="weak jump overcall: a good six-card {y} suit, 6-10 HCP"),
    # Seven cards preempt at the three level, as a three-bid would (expert practice: the booklet's jump
    # overcall is a weak two; a seventh card is a trick more), with a top honour in the suit.
    rule("comp.preempt-overcall", "1x ?", ">>>y", given("{y} ranks above {x}", lambda e: e.suit("y") > e.suit("x")),
         Len("y", 7), HCP(6, 10), top_honour("y"),
         means="preemptive jump overcall: seven {y}, 6-10 HCP"),
    rule("comp.preempt-overcall", "1x ?", ">>y", given("{y} ranks below {x}", lambda e: e.suit("y") < e.suit("x")),
         Len("y", 7), HCP(6, 10), top_honour("y"),
         means="preemptive jump overcall: seven {y}, 6-10 HCP"),
    rule("comp.overcall", "1x ?", "1y", Len("y", 5), HCP(8, 16), quality,
         means="overcall: 5+ {y}, 8-16 points"),
    rule("comp.takeout-double", "1x ?", "X", HCP(12, 16), takeout_shape("x"), no_five_card_suit,
         means="takeout double: opening values, short in {x}", forcing=F),
    rule("comp.takeout-double", "1x ?", "X", HCP(11, 16), takeout_shape("x"), no_five_card_suit,
         test("a four-card unbid major or two", lambda h, e: all(h.length(m) >= 4 for m in MAJORS if m != e.suit("x"))),
         means="takeout double: opening values, short in {x}", forcing=F),
    # 4-3-3-3 with three of their suit and opening values: double rather than pass (the standard expert
    # choice when every unbid suit is supported; passing a 13-count lets them bid unopposed). Ben, the expert
    # benchmark, doubles every such 13-14 count.
    rule("comp.takeout-double", "1x ?", "X", HCP(12, 16), takeout_shape("x", most=3), no_five_card_suit,
         means="takeout double: opening values, three or fewer {x} and support for every other suit", forcing=F),
    # Over a minor, both majors double even with three of their suit: the majors are what the double finds.
    rule("comp.takeout-double", "1m ?", "X", HCP(12, 16), Len("m", 0, 3), Len("H", 4), Len("S", 4),
         means="takeout double: opening values and both majors", forcing=F),
    rule("comp.overcall", "1x ?", "2y", Len("y", 5), HCP(10, 16), below("y", "x"),
         any_of(Len("y", 6), GoodSuit("y")),
         means="overcall at the two level: 5+ {y}, 10-16 points"),
    # (A strong hand with four or more of their suit passes too: the pass caps nothing then.)
    rule("comp.pass", "1x ?", "P", means="pass", shows=(any_of(HCP(0, 17), Len("x", 4)),)),
    # --- balancing (1x P P ?) -------------------------------------------------------------------------
    rule("comp.balance-1nt", "1x P P ?", "1NT", Balanced(), HCP(10, 15), Stopper("x"),
         means="balancing 1NT: 10-15 balanced"),
    rule("comp.balance-double", "1x P P ?", "X", HCP(9), takeout_shape("x"), no_five_card_suit,
         means="balancing takeout double", forcing=F),
    rule("comp.balance-double", "1x P P ?", "X", HCP(16), means="balancing double: a strong hand", forcing=F),
    # A jump in the pass-out seat is intermediate, not weak (expert practice: with a weak hand one simply
    # passes): a good six-card suit and opening values.
    rule("comp.balance-jump", "1x P P ?", ">>y", Len("y", 6), HCP(12, 16), GoodSuit("y"),
         means="intermediate jump in the pass-out seat: a good six-card {y} suit, 12-16"),
    rule("comp.balance-overcall", "1x P P ?", ">y", Len("y", 5), HCP(7, 15),
         any_of(GoodSuit("y"), Len("y", 6), HCP(10), above("y", "x")),
         means="balancing overcall: 5+ {y}"),
    rule("comp.balance-pass", "1x P P ?", "P", means="pass (perhaps a trap pass with their suit)"),
    # --- balancing over their 1NT (1NT P P ?): the pass-out seat doubles for penalty a point lighter -----
    rule("comp.balance-double-1nt", "1NT P P ?", "X", HCP(15), means="penalty double of 1NT in the pass-out seat: 15+"),
    rule("comp.balance-overcall", "1NT P P ?", "2y", Len("y", 6), HCP(7, 14), GoodSuit("y"),
         means="balancing: a good six-card {y} suit"),
    # --- over their weak two (2o ?) --------------------------------------------------------------------
    rule("comp.over-weak-two-2nt", "2o ?", "2NT", Balanced(), HCP(15, 18), Stopper("o"),
         means="natural: 15-18 balanced, a stopper"),
    rule("comp.over-weak-two-double", "2o ?", "X", HCP(13), takeout_shape("o"),
         means="takeout double", forcing=F),
    rule("comp.over-weak-two-double", "2o ?", "X", HCP(18), means="takeout double: a strong hand", forcing=F),
    # A good hand with the other major and no stopper for 2NT doubles rather than pass (expert practice:
    # three of their suit is no bar when the unbid major is there).
    rule("comp.over-weak-two-double", "2o ?", "X", HCP(16), Len("o", 0, 3), other_major_four("o"),
         means="takeout double: 16+ and four of the other major", forcing=F),
    rule("comp.over-weak-two-overcall", "2o ?", ">y", Len("y", 5), HCP(11, 17),
         any_of(GoodSuit("y"), Len("y", 6), HCP(13)),
         means="overcall: 5+ {y}, sound values"),
    rule("comp.over-weak-two-3nt", "2o ?", "3NT", HCP(19, 22), Stopper("o"), means="to play"),
    rule("comp.pass", "2o ?", "P", means="pass"),
    # --- over their preempts (3x ?, 4x ?) ---------------------------------------------------------------
    rule("comp.over-preempt-3nt", "3x ?", "3NT", HCP(16, 21), Stopper("x"), Balanced(True), means="to play"),
    rule("comp.over-preempt-double", "3x ?", "X", HCP(13), takeout_shape("x"), means="takeout double",
         forcing=F),
    rule("comp.over-preempt-double", "3x ?", "X", HCP(18), means="takeout double: a strong hand", forcing=F),
    rule("comp.over-preempt-overcall", "3x ?", ">y", Len("y", 6), HCP(13), GoodSuit("y"),
         means="natural: a good six-card {y} suit"),
    rule("comp.over-preempt-overcall", "3x ?", ">y", Len("y", 5), HCP(15), GoodSuit("y"),
         means="natural: a good five-card {y} suit"),
    # Strength makes up for the suit: 16+ with six cards bids them rather than sell out to the preempt.
    rule("comp.over-preempt-overcall", "3x ?", ">y", Len("y", 6), HCP(16),
         means="natural: six {y} and a strong hand"),
    rule("comp.pass", "3x ?", "P", means="pass"),
    # --- balancing over their three-bid (3x P P ?): partner may hold the values, so a little less ---------
    rule("comp.balance-3nt", "3x P P ?", "3NT", HCP(15, 20), Stopper("x"), Balanced(True),
         means="balancing 3NT: 15-20 with a stopper, to play"),
    rule("comp.balance-double", "3x P P ?", "X", HCP(11), takeout_shape("x"),
         means="balancing takeout double of their preempt", forcing=F),
    rule("comp.balance-double", "3x P P ?", "X", HCP(17), means="balancing double: a strong hand", forcing=F),
    rule("comp.balance-overcall", "3x P P ?", ">y", Len("y", 6), HCP(10), GoodSuit("y"),
         means="balancing: a good six-card {y} suit"),
    rule("comp.balance-overcall", "3x P P ?", ">y", Len("y", 5), HCP(13), GoodSuit("y"),
         means="balancing: a good five-card {y} suit, opening values"),
    rule("comp.balance-pass", "3x P P ?", "P", means="pass"),
    rule("comp.over-preempt-double", "4M ?", "X", HCP(13), Len("M", 4),
         test("two trump honours", lambda h, e: sum(h.holding(e.suit("M")) >> b & 1 for b in (12, 11, 10, 9)) >= 2),
         means="penalty double: 4+ trumps with honours, defensive values"),
    rule("comp.over-preempt-double", "4M ?", "X", HCP(17), Balanced(), Len("M", 2, 3),
         means="penalty double: a strong balanced hand"),
    rule("comp.over-preempt-double", "4m ?", "X", HCP(14), takeout_shape("m"), means="takeout double",
         forcing=F),
    rule("comp.over-preempt-overcall", "4H ?", "4S", Len("S", 6), HCP(12), GoodSuit("S"),
         means="natural: a good six-card spade suit, opening values or better"),
    rule("comp.over-preempt-overcall", "4H ?", "4S", Len("S", 5), HCP(15), GoodSuit("S"),
         means="natural: a good five-card spade suit, a strong hand"),
    rule("comp.over-preempt-4nt", "4M ?", "4NT", Len("C", 5), Len("D", 5), HCP(10),
         means="takeout for the minors: 5-5 or better", forcing=F, alert=True),
    rule("comp.over-preempt-overcall", "4x ?", "5y", Len("y", 7), HCP(11), GoodSuit("y"), below("y", "x"),
         means="natural: a good seven-card {y} suit"),
    rule("comp.over-preempt-overcall", "4x ?", "5y", Len("y", 6), HCP(15), GoodSuit("y"), below("y", "x"),
         means="natural: a good six-card {y} suit, a strong hand"),
    rule("comp.over-preempt-double", "4H ?", "X", HCP(14), takeout_shape("H"),
         means="double of 4H: values, short in hearts, partner may bid 4S or pass", forcing=NF),
    rule("comp.pass", "4x ?", "P", means="pass"),
    rule("advance.unusual", "4M 4NT P ?", "5m", Len("m", 3), means="the better minor", order="longest"),
    # --- over their 1NT ----------------------------------------------------------------------------------
    rule("comp.double-1nt", "1NT ?", "X", HCP(16), means="penalty double: 16+ HCP"),
    # Partner doubled their 1NT for penalty: we hold the balance, so the double stands; only a weak hand with
    # a long suit (no defensive tricks to add) takes out at the two level.
    rule("advance.double-1nt", ["1NT X P ?", "1NT P P X P ?"], ">y", Len("y", 5), HCP(0, 4),
         means="takes out partner's penalty double: a weak hand with 5+ {y}"),
    rule("advance.double-1nt", ["1NT X P ?", "1NT P P X P ?"], "P",
         means="leaves partner's penalty double of 1NT in"),
    # They run from partner's penalty double: double them with length in their suit, else leave it to
    # partner (whose double showed the strength: 7 HCP opposite it is no game, a Ben match board's 3NT).
    rule("advance.double-1nt-run", ["1NT X 2y ?", "1NT P P X 2y ?"], "X", Len("y", 4), HCP(5),
         means="penalty double of their runout: 4+ {y}"),
    rule("advance.double-1nt-run", ["1NT X 2y ?", "1NT P P X 2y ?"], "P", HCP(0, 9),
         means="pass: partner's double showed the values, partner decides"),
    rule("comp.overcall-1nt", "1NT ?", "2y", Len("y", 6), HCP(8, 15), GoodSuit("y"),
         means="natural: a good six-card {y} suit"),
    rule("comp.overcall-1nt", "1NT ?", "2M", Len("M", 5), HCP(10, 15), GoodSuit("M"),
         test("a second suit of four", lambda h, e: sorted(h.shape)[-2] >= 4),
         means="natural: a good five-card {M} suit, shapely"),
    rule("comp.pass", "1NT ?", "P", means="pass"),
    # === the overcaller after partner's raise: a six-card major and five losers make game (the losing-trick
    # count: partner's raise covers about three of them) ===================================================
    rule("overcaller.game", ["1x 1M P 2M P ?", "1x 1M 2x 2M P ?", "1x 1M P 2M 2x ?", "1x 2M P 3M P ?",
                             "1x 2M P 3M 3x ?"], "4M", Len("M", 6), losers_at_most(5),
         means="game: a six-card {M} suit and five losers or fewer opposite the raise"),
    # === advancing partner's overcall (1x 1y P ?, 1x 2y P ?) ==============================================
    rule("advance.cue-raise", ["1x 1y P ?", "1x 2y P ?", *ADVANCE_LATE], ">x", Len("y", 3), Support("y", 11),
         means="cue-bid: a limit raise or better in {y}", forcing=F),
    rule("advance.game", ["1x 1M P ?", "1x 2M P ?"], "4M", Len("M", 4), HCP(0, 8), short_somewhere,
         means="preemptive: game in {M}"),
    rule("advance.jump-raise", "1x 1y P ?", ">>y", Len("y", 4), HCP(0, 8),
         means="preemptive jump raise: 4+ {y}, weak"),
    rule("advance.jump-raise", "1x 2M P ?", ">>M", Len("M", 4), HCP(0, 8),
         means="preemptive jump raise: 4+ {M}, weak"),
    # To four of a minor over a two-level overcall: ten tricks, so ten trumps (the law of total tricks).
    rule("advance.jump-raise", "1x 2m P ?", ">>m", Len("m", 5), HCP(0, 8),
         means="preemptive jump raise: 5+ {m}, weak (ten trumps: the four level)"),
    # They bid over partner's overcall: ten trumps bid game, nine the three level, eight the cheapest raise.
    rule("advance.game", ADVANCE_OVER_BID, "4y", major("y"), Len("y", 5), HCP(0, 9),
         means="preemptive raise to game: 5+ {y} (ten trumps: the four level)"),
    rule("advance.game", ADVANCE_OVER_BID, "4y", major("y"), Len("y", 3), Support("y", 13),
         means="game in {y}: support and opening values opposite the overcall"),
    rule("advance.jump-raise", ADVANCE_OVER_BID, "3y", Len("y", 4), HCP(0, 9),
         means="competitive raise to three: 4+ {y} (nine trumps: the three level)"),
    rule("advance.raise", [*ADVANCE_OVER_BID, *ADVANCE_LATE], ">y", Len("y", 3), Support("y", 6, 10),
         given("a raise at the two level", lambda e: _cheapest_level(e, "y") <= 2),
         means="raise: 3+ {y}, 6-10 points"),
    rule("advance.raise", ["1x 1y P ?", "1x 2y P ?"], ">y", Len("y", 3), Support("y", 6, 10),
         means="raise: 3+ {y}, 6-10 points"),
    rule("advance.3nt", ["1x 1y P ?", "1x 2y P ?"], "3NT", HCP(15, 18), Stopper("x"), means="to play"),
    rule("advance.2nt", ["1x 1y P ?", "1x 2y P ?"], "2NT", HCP(12, 14), Stopper("x"),
         means="natural: 12-14 with a stopper", forcing=INV),
    rule("advance.1nt", "1x 1y P ?", "1NT", HCP(8, 11), Stopper("x"), means="natural: 8-11 with a stopper"),
    rule("advance.new-suit", ["1x 1y P ?", "1x 2y P ?"], ">z", Len("z", 5), HCP(8, 16),
         any_of(GoodSuit("z"), Len("z", 6)), means="natural: 5+ {z}, not forcing"),
    rule("advance.pass", ["1x 1y P ?", "1x 2y P ?"], "P", HCP(0, 9), means="pass"),
    # overcaller after the cue-bid
    rule("advance.after-cue", AFTER_CUE, "4y",
         given("a major", lambda e: e.suit("y").is_major), HCP(13), means="extra values: game"),
    rule("advance.after-cue", AFTER_CUE, "3NT", given("a minor", lambda e: not e.suit("y").is_major), HCP(14),
         Stopper("x"), means="extra values and their suit stopped: 3NT"),
    rule("advance.after-cue", AFTER_CUE, ">y", means="a minimum overcall"),
    # === advancing partner's takeout double (1x X P ?) ===================================================
    rule("advance.penalty-pass", ADVANCE, "P", penalty_stack, HCP(7),
         means="penalty pass: a trump stack in {x}"),
    rule("advance.cue", ADVANCE, "2x", HCP(12), means="cue-bid: 12+ points, forcing to game", forcing=GF),
    rule("advance.3nt", ADVANCE, "3NT", HCP(13, 16), Stopper("x"), Balanced(True),
         means="to play: 13-16 with a stopper"),
    rule("advance.jump", ADVANCE, ">>y", Len("y", 4), HCP(9, 11), means="jump: 9-11 points, 4+ {y}",
         forcing=INV, order="majors-first"),
    rule("advance.2nt", ADVANCE, "2NT", HCP(11, 12), Stopper("x"), means="natural: 11-12 with a stopper",
         forcing=INV),
    rule("advance.1nt", ADVANCE, "1NT", HCP(6, 10), Stopper("x"), Balanced(True), no_unbid_major("x"),
         means="natural: 6-10 with a stopper, no four-card major"),
    rule("advance.cheapest", ADVANCE, ">y", Len("y", 4), HCP(0, 8), means="cheapest suit: 4+ {y}, 0-8",
         order="majors-first"),
    rule("advance.cheapest", ADVANCE, ">y", Len("y", 3), HCP(0, 8), means="cheapest suit: 3+ {y}, 0-8",
         order="majors-first"),
    rule("advance.free-bid", "1x X 1y ?", ">z", Len("z", 5), HCP(6), means="free bid: 5+ {z}"),
    # They raised over partner's double: the raise took away the forced answer, so a bid now is free and
    # shows something (expert practice: compete with a four-card suit and 5+ at the two level, a little more
    # at the three), a jump invites game, the cue-bid forces; a pass says nothing worth showing.
    rule("advance.over-raise-cue", ["1x X 2x ?", "2o X 3o ?"], ">x", HCP(13), no_five_card_major,
         means="cue-bid of their raised suit: 13+, game forcing", forcing=GF),
    rule("advance.over-raise-3nt", "2o X 3o ?", "3NT", HCP(10, 16), Stopper("o"),
         means="to play: 10+ with their suit stopped"),
    rule("advance.over-raise-game", ["1x X 2x ?", "2o X 3o ?"], "4M", Len("M", 5), HCP(10, 16),
         means="game: 5+ {M} and 10+ opposite the double"),
    rule("advance.over-raise-game", ["1x X 2x ?", "2o X 3o ?"], "4M", Len("M", 4), HCP(12, 16),
         means="game: 4+ {M} and 12+ opposite the double"),
    rule("advance.over-raise-jump", "1x X 2x ?", ">>M", Len("M", 4), HCP(9, 12), above("M", "x"),
         means="jump: 4+ {M}, 9-12, invitational", forcing=INV),
    rule("advance.over-raise", "1x X 2x ?", ">y", Len("y", 4), HCP(5, 10), above("y", "x"),
         means="competes: 4+ {y}, 5-10 (a free bid over their raise)", order="majors-first"),
    rule("advance.over-raise", "1x X 2x ?", ">y", Len("y", 5), HCP(5, 10),
         means="competes: 5+ {y}, 5-10 (a free bid over their raise)", order="majors-first"),
    rule("advance.over-raise", "1x X 2x ?", ">y", Len("y", 4), HCP(7, 10),
         means="competes: 4+ {y}, 7-10 (a free bid over their raise)", order="majors-first"),
    # Their jump to game over partner's double of a weak two: four of the other major and shortness in theirs
    # bid game (the law of total tricks: partner's double promised support).
    rule("advance.over-raise-game", "2o X 4o ?", "4M", Len("M", 4), short("o", 1), HCP(5),
         means="game: 4+ {M} and shortness in {o} opposite the double"),
    rule("advance.over-raise", "2o X 3o ?", ">y", Len("y", 4), HCP(6, 10), above("y", "o"),
         means="competes at the three level: 4+ {y}, 6-10 (a free bid over their raise)"),
    rule("advance.over-raise-pass", ["1x X 2x ?", "2o X 3o ?"], "P", HCP(0, 12), means="nothing worth showing"),
    rule("advance.free-bid", "1x X 1y ?", ">z", Len("z", 4), HCP(8), means="free bid: 4+ {z}, values"),
    # advancing a takeout double of a weak two or preempt, direct or balancing
    rule("advance.penalty-pass", ADVANCE_HIGH, "P", penalty_stack, HCP(7),
         means="penalty pass"),
    rule("advance.3nt", ADVANCE_HIGH, "3NT", HCP(10), Stopper("theirs"), means="to play"),
    *[rule("advance.cue", when, cue, HCP(13), no_five_card_major,
           means="cue-bid: 13+ points, game forcing, asks for a stopper or a major", forcing=GF)
      for when, cue in ((ADVANCE_HIGH[0::2], ">o"), (ADVANCE_HIGH[1::2], ">x"))],
    rule("advance.game", ADVANCE_HIGH, "4M", Len("M", 5), HCP(8), means="game: 5+ {M}"),
    rule("advance.game", ADVANCE_HIGH, "4M", Len("M", 4), HCP(10), means="game: 4+ {M}"),
    rule("advance.cheapest", ADVANCE_HIGH, ">y", Len("y", 4), means="natural: 4+ {y}",
         order="majors-first"),
    rule("advance.cheapest", ADVANCE_HIGH, ">y", Len("y", 3), means="natural: 3+ {y}",
         order="majors-first"),
    # a takeout double of four of a minor
    rule("advance.penalty-pass", "4m X P ?", "P", penalty_stack, HCP(5), means="penalty pass"),
    rule("advance.game", "4m X P ?", "4M", Len("M", 4), means="natural: 4+ {M}", order="longest"),
    rule("advance.game", "4m X P ?", "5n", Len("n", 4), means="natural: 4+ {n}"),
    rule("advance.game", "4m X P ?", "4M", Len("M", 3), means="natural: 3+ {M}", order="longest"),
    # --- over their raise, direct (1x P 2x ?): takeout with shape, a sound overcall --------------------------
    rule("comp.over-raise-double", "1x P 2x ?", "X", HCP(11), takeout_shape("x"),
         means="takeout double of their raised suit", forcing=F),
    rule("comp.over-raise-double", "1x P 2x ?", "X", HCP(8), short("x", 0), takeout_shape("x"),
         test("5-5 or better", lambda h, e: sorted(h.shape)[-2] >= 5),
         means="takeout double of their raised suit: a void and a two-suiter", forcing=F),
    rule("comp.over-raise-overcall", "1x P 2x ?", ">y", Len("y", 5), HCP(10, 16), any_of(GoodSuit("y"), Len("y", 6)),
         means="overcall over their raise: 5+ {y}, sound values"),
    # --- balancing when they found a fit and stopped at the two level (THEIR_FIT_AT_TWO) -------------------
    rule("comp.balance-fit", THEIR_FIT_AT_TWO, ">w", Len("w", 5), HCP(7, 15), short_in_their_fit,
         given("at most the three level", lambda e: _cheapest_level(e, "w") <= 3),
         means="balancing: 5+ {w}, short in their suit: they found a fit and stopped at two (the law of total tricks)"),
    rule("comp.balance-fit", THEIR_FIT_AT_TWO[1:], "X", HCP(8), short_in_their_fit, support_for_the_rest,
         means="balancing takeout double: short in their suit, support for the others; they stopped at two in a fit",
         forcing=F),
    rule("advance.balance-fit", BALANCED_OVER_FIT, ">w", given("a suit they have not bid", lambda e: e.ctx is None
                                                          or e.suit("w") not in e.ctx.their_suits),
         means="answers the balancing double: my longest suit they have not bid", order="longest"),
    # --- balancing over their raise (1x P 2x P P ?) and over a weak two (2o P P ?) ------------------------
    rule("comp.balance-double", "1x P 2x P P ?", "X", HCP(9), takeout_shape("x"),
         means="balancing takeout double: they have found a fit and stopped low", forcing=F),
    rule("comp.balance-overcall", "1x P 2x P P ?", ">y", Len("y", 5), HCP(7, 15),
         any_of(GoodSuit("y"), Len("y", 6), HCP(10)), means="balancing: 5+ {y}, competing for the partscore"),
    rule("comp.balance-pass", "1x P 2x P P ?", "P", means="pass"),
    rule("comp.balance-double", "2o P P ?", "X", HCP(10), takeout_shape("o"), means="balancing takeout double",
         forcing=F),
    rule("comp.balance-double", "2o P P ?", "X", HCP(16), means="balancing double: a strong hand", forcing=F),
    rule("comp.balance-overcall", "2o P P ?", ">y", Len("y", 5), HCP(9, 16), any_of(GoodSuit("y"), Len("y", 6)),
         means="balancing: 5+ {y}"),
    rule("comp.balance-overcall", "2o P P ?", ">y", Len("y", 5), HCP(7, 8), GoodSuit("y"), short("o", 1),
         means="balancing: a good five-card {y} suit, short in {o} (partner may have the values)"),
    # In the pass-out seat any five-card suit will do when short in theirs: partner, sitting under the weak
    # two, may hold the values (borrow a king).
    rule("comp.balance-overcall", "2o P P ?", ">y", Len("y", 5), HCP(9, 16), Len("o", 0, 2),
         means="balancing: 5+ {y}, at most two {o}"),
    rule("comp.balance-2nt", "2o P P ?", "2NT", Balanced(), HCP(14, 17), Stopper("o"),
         means="balancing 2NT: 14-17 balanced, a stopper"),
    rule("comp.balance-pass", "2o P P ?", "P", means="pass"),
    # --- opener competes after they raised their overcall and partner passed -------------------------
    # A playing hand (few losers) bids on at the three level rather than sell out: a second five-card
    # suit first (partner chooses), else a sixth card of the opened suit.
    rule("opener.compete-second-suit", OPENER_AFTER_RAISE, ">z", Len("x", 5), Len("z", 5), losers_at_most(5),
         means="competes: a second suit, 5-5 or longer, a playing hand (5 losers or fewer)"),
    rule("opener.compete-own-suit", OPENER_AFTER_RAISE, ">x", Len("x", 6), losers_at_most(6),
         means="competes: six or more {x}, a playing hand (6 losers or fewer)"),
    # --- the doubler answers partner's game-forcing cue-bid: a four-card major up the line, notrump with their
    # suit stopped, else a long minor -------------------------------------------------------------------------
    rule("doubler.after-cue", ["1x X P 2x P ?", "1x P P X P 2x P ?"], ">M", Len("M", 4),
         means="a four-card {M} suit (majors up the line)", order="longest-up"),
    rule("doubler.after-cue", ["1x X P 2x P ?", "1x P P X P 2x P ?"], "2NT", Stopper("x"), Balanced(True),
         means="no four-card major, {x} stopped"),
    rule("doubler.after-cue", ["1x X P 2x P ?", "1x P P X P 2x P ?"], ">m", Len("m", 4),
         means="no four-card major: my {m}", order="longest"),
    # --- the doubler's rebid (1x X P 1y P ?, 1x X P 2y P ?) --------------------------------------------
    rule("doubler.raise-game", DOUBLER_M, "4M", Len("M", 4), Support("M", 19),
         means="game: 19+ with support"),
    rule("doubler.raise", DOUBLER, ">y", Len("y", 4), Support("y", 16, 18),
         means="raise: 16-18 with support", forcing=INV),
    rule("doubler.nt", "1x X P 1y P ?", ">NT", Balanced(), HCP(18, 20), Stopper("x"),
         means="18-20 balanced with a stopper"),
    # Over a weak two the double promised 13+: with 18 and their suit stopped, game in notrump.
    rule("doubler.nt", "2x X P 3y P ?", "3NT", Balanced(True), HCP(18), Stopper("x"),
         means="18+ balanced with a stopper: game"),
    rule("doubler.own-suit", DOUBLER, ">z", Len("z", 5), HCP(17),
         means="the strong double: 5+ {z}, 17+"),
    rule("doubler.pass", DOUBLER, "P", HCP(11, 16), means="a minimum double"),
    # --- advancing Michaels and the unusual 2NT ------------------------------------------------------------
    rule("advance.michaels", "1m 2m P ?", "4M", Len("M", 4), HCP(10), means="game in the better major"),
    rule("advance.michaels", "1m 2m P ?", ">>M", Len("M", 4), HCP(8, 9), means="invitational jump in {M}",
         forcing=INV),
    rule("advance.michaels", "1m 2m P ?", ">M", means="the better major", order="longest"),
    # They bid over the cue-bid: the fit is known (five cards opposite), so compete to the level of it (the law
    # of total tricks): game with four and values or five, else the cheapest bid with three.
    rule("advance.michaels-compete", ["1m 2m 2y ?", "1m 2m 3m ?", "1m 2m 3y ?"], "4M", Len("M", 4),
         any_of(HCP(8), Len("M", 5)), means="game in {M}: a fit of nine or more opposite the 5-5", order="longest"),
    rule("advance.michaels-compete", ["1m 2m 2y ?", "1m 2m 3m ?", "1m 2m 3y ?"], ">M", Len("M", 3),
         means="competes in the better major: eight or more together", order="longest"),
    rule("advance.michaels-compete", "1M 2M 3M ?", "4N", Len("N", 4), any_of(HCP(8), Len("N", 5)),
         means="game in {N}: a fit of nine or more opposite partner's five"),
    rule("advance.michaels-compete", "1M 2M 3M ?", ">N", Len("N", 3),
         means="competes in {N}: eight or more together"),
    rule("advance.michaels-ask", "1M 2M P ?", "2NT",
         test("no fit for the other major", lambda h, e: h.length(michaels_major(e)) <= 1), HCP(6),
         means="asks for the minor", forcing=F, alert=True),
    rule("advance.michaels", "1M 2M P ?", "4S", test("4+ spades", lambda h, e:
                                                                  e.suit("M") == Suit.HEARTS
                                                                  and h.length(Suit.SPADES) >= 4), HCP(10),
         means="game in spades"),
    rule("advance.michaels", "1M 2M P ?", "4H", test("4+ hearts", lambda h, e: e.suit("M") == Suit.SPADES
                                                     and h.length(Suit.HEARTS) >= 4), HCP(10),
         means="game in hearts"),
    rule("advance.michaels", "1M 2M P ?", ">N", test("support for the other major",
                                                     lambda h, e: h.length(e.suit("N")) >= 2),
         means="the other major"),
    rule("advance.michaels-ask", "1M 2M P ?", "2NT", means="asks for the minor", forcing=F, alert=True),
    rule("comp.michaels-minor", "1M 2M P 2NT P ?", "3m", Len("m", 5), means="the minor: {m}"),
    # The Michaels bidder after partner's simple preference: a playing hand (four losers) bids game, five
    # losers and extra values invite (partner's preference may be a doubleton and nothing).
    rule("comp.michaels-rebid", ["1m 2m P 2M P ?", "1N 2N P 2M P ?"], "4M", losers_at_most(4),
         means="game: a 5-5 with four losers or fewer opposite the preference"),
    rule("comp.michaels-rebid", ["1m 2m P 2M P ?", "1N 2N P 2M P ?"], "3M", losers_at_most(5), HCP(14),
         means="invitation: a 5-5 with five losers and extra values", forcing=INV),
    # With a fit for partner's major and values opposite a 5-5, game at once (also over their raise).
    rule("advance.unusual-game", ["1x 2NT P ?", "1x 2NT 3x ?"], "4M",
         given("{M} is one of the two suits shown", lambda e: e.suit("M") in _unbid(e, "x")[:2]),
         Len("M", 3), Support("M", 10), means="game in {M}: a fit and values opposite the 5-5"),
    rule("advance.unusual-compete", "1x 2NT 3x ?", ">y",
         given("one of the two suits shown", lambda e: e.suit("y") in _unbid(e, "x")[:2]), Len("y", 4),
         means="competes in partner's {y}: nine or ten trumps together (the law of total tricks)", order="longest"),
    # Over a major the two suits are the minors: game with a fit and values (eleven tricks opposite a 5-5),
    # a jump preference is preemptive (the booklet's responses: preference, jump preference, cue-bid).
    rule("advance.unusual-game", "1M 2NT P ?", "5m", Len("m", 4), HCP(11),
         means="game in {m}: four-card support and values opposite the 5-5 in the minors"),
    rule("advance.unusual-jump", "1M 2NT P ?", ">>m", Len("m", 5), HCP(0, 7),
         means="jump preference: preemptive, 5+ {m}", order="longest"),
    rule("advance.unusual", ["1x 2NT P ?", "1x 2NT X ?"], ">y", test("one of the two suits shown", lambda h, e:
                                                    e.suit("y") in _unbid(e, "x")[:2]),
         means="the better of partner's suits", order="longest"),
    # --- the doubler over their jump to game, partner silent: a strong double with six of a major bids it ---
    rule("doubler.own-major", ["2o X 4o P P ?", "1x X 4x P P ?"], "4M", Len("M", 6), HCP(17),
         means="the strong double: six {M} and 17+, bid over their game"),
    # === they interfered over our opening: negative doubles and free bids (1x 1y ?, 1x 2y ?) ==============
    # Five trumps and shortness: ten trumps together, so the four level at once (the law of total tricks),
    # as the preemptive raise to game would be without their bid.
    rule("neg.game-raise", ["1M 1y ?", "1M 2y ?"], "4M", Len("M", 5), HCP(0, 9), short_somewhere,
         means="preemptive raise to game: 5+ {M}, a singleton or void, under 10 HCP (ten trumps: the four level)"),
    rule("neg.cue-raise", ["1x 1y ?", "1x 2y ?"], ">y", Len("x", 3), Support("x", 13), major_or_jump_below_3nt,
         raise_length,
         means="cue-bid: a game-forcing raise of {x}", forcing=GF),
    rule("neg.limit-raise", ["1x 1y ?", "1x 2y ?"], ">>x", Len("x", 3), Support("x", 10, 12), major_or_nothing_to_show,
         raise_length,
         major_or_jump_below_3nt,
         means="limit raise: 10-12 with support", forcing=INV),
    # Over a two-level overcall of our minor the jump raise would pass 3NT: the cue-bid takes the limit raise.
    rule("neg.cue-limit", "1x 2y ?", ">y", minor("x"), Len("x", 4), Support("x", 10),
         any_of(major_or_nothing_to_show, Support("x", 13)),
         given("the jump raise would pass 3NT", lambda e: _cheapest_level(e, "x") >= 3),
         means="cue-bid: a limit raise or better in {x} (the jump would pass 3NT), 4+ {x}", forcing=F),
    rule("neg.raise", ["1x 1y ?", "1x 2y ?"], ">x", Len("x", 3), Support("x", 6, 9), major_or_nothing_to_show,
         raise_length,
         means="raise: 6-9 with support"),
    rule("neg.new-suit-1", "1x 1y ?", "1z", Len("z", 5), Points(6), above("z", "y"),
         means="new suit: 5+ {z}, forcing", forcing=F),
    rule("neg.new-major-2", ["1x 1y ?", "1x 2y ?"], ">M", Len("M", 5), Points(11),
         given("at the two level or higher", lambda e: e.ctx is None or e.ctx.last_bid is None
              or e.ctx.last_bid.level >= 2 or e.suit("M") < e.suit("y")),
         means="new major at the two level in competition: 5+ {M}, 11+ points, forcing", forcing=F),
    # Their 1NT overcall: the points are ours, so a double is for penalty (expert standard); opener, balanced,
    # leaves it in.
    rule("neg.double-1nt", "1x 1NT ?", "X", HCP(9), means="penalty double of their 1NT: 9+ HCP"),
    rule("neg.double-1nt-pass", "1x 1NT X P ?", "P", Balanced(True), means="leaves the penalty double in"),
    rule("neg.double", "1x 1y ?", "X", neg_shape, HCP(6), means="negative double: 4+ in the unbid major(s)",
         forcing=F),
    rule("neg.double", "1x 2y ?", "X", neg_shape, HCP(8),
         means="negative double: 4+ in the unbid major(s), 8+", forcing=F),
    # Over a jump to the three level the expert standard keeps the double negative (through 3S), with values.
    rule("neg.double", "1x 3y ?", "X", neg_shape, HCP(10),
         means="negative double: 4+ in the unbid major(s), 10+", forcing=F),
    rule("neg.new-suit-1", "1x 1y ?", "1z", Len("z", 4, 4), Points(6), above("z", "y"),
         given("not spades over hearts (the double shows four)", lambda e: e.suit("z") != Suit.SPADES
              or e.suit("y") != Suit.HEARTS),
         means="new suit: 4+ {z}, forcing", forcing=F),
    rule("neg.new-suit-2", ["1x 1y ?", "1x 2y ?"], ">z", Len("z", 5), Points(11),
         means="new suit: 5+ {z}, 11+ points, forcing", forcing=F),
    rule("neg.3nt", ["1x 1y ?", "1x 2y ?"], "3NT", HCP(13, 17), Stopper("y"), Balanced(True),
         means="to play: 13-17 with a stopper"),
    rule("neg.2nt", ["1x 1y ?", "1x 2y ?"], "2NT", HCP(11, 12), Stopper("y"),
         means="natural: 11-12 with a stopper", forcing=INV),
    rule("neg.1nt", "1x 1y ?", "1NT", HCP(6, 10), Stopper("y"), means="natural: 6-10 with a stopper"),
    rule("neg.pass", ["1x 1y ?", "1x 2y ?"], "P", HCP(0, 10), means="pass"),
    # They raised over the negative double and opener passed: with values and shortness the doubler doubles
    # again (the points are ours; opener passes with defence, else bids).
    rule("neg.double-again", ["1x 1y X 2y P P ?", "1x 1y X 3y P P ?", "1x 2y X 3y P P ?"], "X", HCP(11),
         short("y", 1), means="a second double: 11+ and shortness in {y}, the points are ours"),
    # opener after a negative double (forced to bid)
    rule("neg.opener-penalty-pass", "1x 3y X P ?", "P", Len("y", 4), trump_stack("y"),
         means="converts the negative double: a trump stack in {y}"),
    rule("neg.opener-major", ["1x 1y X P ?", "1x 2y X P ?", "1x 3y X P ?"], ">>M", Len("M", 4), Points(16, 18),
         means="jump: 4 {M}, 16-18", forcing=INV),
    rule("neg.opener-major", ["1x 1y X P ?", "1x 2y X P ?", "1x 3y X P ?"], ">M", Len("M", 4), Points(11, 15),
         means="4 {M}, a minimum"),
    rule("neg.opener-nt", "1x 3y X P ?", "3NT", HCP(12, 19), Stopper("y"), means="3NT: a stopper in {y}"),
    rule("neg.opener-nt", "1x 1y X P ?", "1NT", Balanced(), HCP(12, 14), Stopper("y"),
         means="12-14 balanced, a stopper"),
    rule("neg.opener-nt", ["1x 1y X P ?", "1x 2y X P ?"], "2NT", Balanced(), HCP(18, 19), Stopper("y"),
         means="18-19 balanced, a stopper", forcing=INV),
    rule("neg.opener-rebid", ["1x 1y X P ?", "1x 2y X P ?", "1x 3y X P ?"], ">x", Len("x", 6), means="6+ {x}"),
    rule("neg.opener-new", ["1x 1y X P ?", "1x 2y X P ?", "1x 3y X P ?"], ">z", Len("z", 4), means="4+ {z}",
         shows=(clubs_after_diamonds,)),
    rule("neg.opener-rebid", ["1x 1y X P ?", "1x 2y X P ?", "1x 3y X P ?"], ">x", Len("x", 5),
         means="5+ {x}, nothing else"),
    # --- opener after partner's limit raise of a major over their overcall (1M 1y 3M P ?, 1M 2y 3M P ?): as
    # without their bid (1M P 3M P ?), game with 14+ points; the natural layer passed 3M with game values.
    # (Not the minors: 3NT on one stopper in their suit, which the overcaller leads, lost on the wide check.)
    rule("rebid.accept-limit", LIMIT_RAISED, "4x", *ACCEPTS_LIMIT_RAISE, major("x"), means="accepts the invitation"),
    rule("rebid.decline-limit", LIMIT_RAISED, "P", DECLINES_LIMIT_RAISE, major("x"), means="declines: a minimum"),
    # --- opener after partner's cue-bid limit raise of a minor (1m 2y 3y P ?): 3NT with their suit stopped, game
    # in the minor with extras, else four of the minor; responder goes on to game with 13+.
    rule("rebid.cue-limit-3nt", MINOR_CUED, "3NT", HCP(12, 21), Stopper("y"), Balanced(True),
         means="to play: {y} stopped"),
    rule("rebid.cue-limit-game", MINOR_CUED, "5x", Points(16), means="extras without {y} stopped: game in {x}"),
    rule("rebid.cue-limit-min", MINOR_CUED, ">x", Points(0, 15), means="a minimum: no game opposite a limit raise"),
    rule("neg.cue-limit-game", After("rebid.cue-limit-min"), "5x", Support("x", 13),
         means="game values: game in {x}"),
    rule("neg.cue-limit-pass", After("rebid.cue-limit-min"), "P", means="a limit raise: no game opposite a minimum"),
    # opener's reopening double when partner passed their overcall
    rule("neg.reopen", ["1x 1y P P ?", "1x 2y P P ?"], "X", short("y", 1), HCP(11, 18),
         means="reopening double: short in {y}", forcing=F),
    # With extra values a doubleton in their suit reopens too: partner's pass may hide a trap pass.
    rule("neg.reopen", ["1x 1y P P ?", "1x 2y P P ?"], "X", short("y", 2), HCP(15, 18), no_six("x"),
         means="reopening double: extra values, at most two {y}", forcing=F),
    # Without the shortness to reopen with a double, a six-card suit is bid again rather than sell out (over
    # a two-level overcall a playing hand: six losers or fewer).
    rule("neg.reopen-suit", "1x 1y P P ?", ">x", Len("x", 6), HCP(0, 16), means="reopens with a six-card {x} suit"),
    rule("neg.reopen-suit", "1x 2y P P ?", ">x", Len("x", 6), HCP(0, 16), losers_at_most(6),
         means="reopens over the two-level overcall: a six-card {x} suit, six losers or fewer, at most 16 HCP"),
    rule("neg.penalty-pass", ["1x 1y P P X P ?", "1x 2y P P X P ?"], "P", Len("y", 4), HCP(8), trump_stack("y"),
         means="penalty pass: a trump stack in {y}"),
    # Otherwise the reopening double is answered like a takeout double by a hand that passed once: an unbid
    # four-card major first, notrump only with their suit stopped, a five-card suit, then opener's suit.
    rule("neg.after-reopen", REOPENED, ">M", Len("M", 4), means="a four-card {M} suit", order="longest"),
    rule("neg.after-reopen", "1x 1y P P X P ?", "1NT", HCP(6, 10), Stopper("y"), Balanced(True),
         means="natural: 6-10 with {y} stopped"),
    rule("neg.after-reopen", REOPENED, ">z", Len("z", 5), means="natural: 5+ {z}", order="longest"),
    rule("neg.after-reopen", REOPENED, ">x", Len("x", 3), means="support for opener's {x}"),
    rule("neg.after-reopen", REOPENED, ">z", Len("z", 4), means="natural: 4+ {z}", order="longest"),
    # opener's rebid when they overcall partner's one-level response: notrump shows the usual ranges with
    # their suit stopped
    rule("rebid-comp.1nt", "1x P 1y 1z ?", "1NT", Balanced(), HCP(12, 14), Stopper("z"), Len("y", 0, 3),
         means="12-14 balanced with a stopper in {z}"),
    rule("rebid-comp.2nt", "1x P 1y 1z ?", "2NT", Balanced(), HCP(18, 19), Stopper("z"), Len("y", 0, 3),
         means="18-19 balanced with a stopper in {z}", forcing=INV),
    # === they doubled our opening for takeout (1x X ?) ===================================================
    rule("xx.game-raise", "1M X ?", "4M", Len("M", 5), HCP(0, 9), short_somewhere,
         means="preemptive raise to game: 5+ {M}, a singleton or void, under 10 HCP (ten trumps: the four level)"),
    rule("xx.jordan", "1x X ?", "2NT", Len("x", 3), Support("x", 10),
         raise_length,
         means="2NT: a limit raise or better in {x}", forcing=F, alert=True),
    rule("xx.redouble", "1x X ?", "XX", HCP(10), means="redouble: 10+ points, usually no fit", forcing=F),
    # After the redouble, when they run: the redoubler has taken charge. Opener passes (forcing) unless the
    # hand has shape to show; the redoubler doubles with four of their suit, else bids naturally.
    rule("xx.opener-after-run", ["1x X XX 1y ?", "1x X XX 2y ?"], "P", Balanced(), HCP(0, 16),
         means="forcing pass: partner's redouble took charge", forcing=F),
    rule("xx.redoubler-double", ["1x X XX 1y P P ?", "1x X XX 2y P P ?"], "X", Len("y", 4),
         means="penalty double: four or more {y}"),
    # The doubler's partner passed: the doubler must run, and our side has the values (partner's 10+),
    # so opener passes and lets the redoubler judge.
    rule("xx.penalty-pass", "1x X XX P ?", "P", Len("x", 0, 6),
         means="pass: partner's redouble holds the balance of strength; they must bid"),
    rule("xx.jump-raise", "1x X ?", "3x", Len("x", 4), Support("x", 0, 9), means="preemptive: 4+ {x}, weak"),
    rule("xx.raise", "1x X ?", "2x", Len("x", 3), Support("x", 6, 9),
         raise_length,
         means="raise: 6-9 with support"),
    # (10+ redoubles first, so the new suit shows 6-9.)
    rule("xx.new-suit-1", "1x X ?", "1y", Len("y", 4), HCP(6, 9), means="new suit: 4+ {y}, 6-9, forcing", forcing=F),
    rule("xx.new-suit-2", "1x X ?", "2y", Len("y", 6), HCP(5, 9), below("y", "x"),
         means="to play: 6+ {y}, 5-9 HCP"),
    rule("xx.jump-shift", "1x X ?", ">>y", Len("y", 6), HCP(3, 8), GoodSuit("y"), means="preemptive: 6+ {y}"),
    rule("xx.1nt", "1x X ?", "1NT", HCP(6, 9), means="natural: 6-9"),
    rule("xx.pass", "1x X ?", "P", HCP(0, 9), means="pass"),
    # === they overcalled our 1NT (1NT 2y ?) =============================================================
    # The booklet's treatment, not Lebensohl: Stayman and transfers are off, a two-level bid is natural and not
    # forcing, a three-level new suit is natural and forcing, the cue-bid is Stayman, a double is for penalty.
    rule("nt-comp.penalty", "1NT 2y ?", "X", Len("y", 4), HCP(7),
         means="penalty double (SAYC over interference: doubles of their overcall are for penalty)"),
    rule("nt-comp.penalty-pass", "1NT 2y X P ?", "P", means="leaves partner's penalty double in"),
    rule("nt-comp.game", "1NT 2y ?", "4M", Len("M", 6), HCP(10), means="to play"),
    rule("nt-comp.cue", "1NT 2y ?", "3y", HCP(10), test("a four-card major", lambda h, e:
                                                        any(4 <= h.length(m) <= 5 for m in MAJORS if m != e.suit("y"))),
         means="cue-bid: Stayman, forcing to game (SAYC over interference; no Lebensohl)", forcing=GF, alert=True),
    rule("nt-comp.game", "1NT 2y ?", "3NT", HCP(10, 15), Stopper("y"), means="to play"),
    rule("nt-comp.game", "1NT 2y ?", "4M", Len("M", 6), HCP(10), means="to play"),
    rule("nt-comp.forcing", "1NT 2y ?", "3z", Len("z", 5), any_of(HCP(10), (HCP(8), Len("z", 6))),
         means="natural, forcing to game (SAYC over interference: a three-level new suit forces)", forcing=GF),
    rule("nt-comp.invite", "1NT 2y ?", "2NT", HCP(8, 9), Stopper("y"),
         means="natural: invites 3NT (SAYC over interference; no Lebensohl relay)", forcing=INV),
    rule("nt-comp.compete", "1NT 2y ?", "2z", Len("z", 5), HCP(0, 9), above("z", "y"),
         means="natural, not forcing: 5+ {z} (SAYC over interference: two-level bids compete)"),
    # Without Lebensohl a weak hand with a long lower suit has no way to sign off at three; the measured
    # practice bids it anyway (partner may read it as the forcing bid above).
    rule("nt-comp.compete", "1NT 2y ?", "3z", Len("z", 6), HCP(0, 9), below("z", "y"),
         means="to play: 6+ {z}, weak (no Lebensohl in SAYC: the same bid as the forcing one)"),
    # With nothing else to bid (no stopper for 2NT, no major to show), a balanced 9+ doubles too: the points
    # are ours and my three cards show no fit of theirs (the booklet's penalty double, on values).
    rule("nt-comp.penalty", "1NT 2y ?", "X", HCP(9), Len("y", 3), Balanced(True),
         means="penalty double: 9+ balanced with three {y} (SAYC: doubles of their overcall are for penalty)"),
    rule("nt-comp.pass", "1NT 2y ?", "P", HCP(0, 9), means="pass"),
]

COMPETITION = [r for r in COMPETITION if r is not None]
__all__ = ["COMPETITION", "GF", "NF"]
