"""Close bidding decisions settled by simulation, as the strongest robots do.

Where the rules leave two or three plausible calls -- pass or bid on in competition, up to a save at the five
level over their game; stop in a part score or bid game; stop in game or bid slam -- the robot deals the three
hands it cannot see consistently with the auction (the card player's sampler,
:mod:`redouble.cardplay.auction_fit`), bids each candidate out with the rules on all four seats, scores each
final contract double-dummy (one search a contract, :func:`redouble.dd.solve_contracts`) and keeps the rules'
call unless another does better by a margin on the same layouts.

Only calls whose meaning partner does not depend on are candidates: natural bids in a suit our side has
shown a fit in, and pass. Conventional calls, answers to partner's forcing calls and slam machinery stay
the rules' own.

>>> from redouble import Auction, Hand
>>> from redouble.cards import Vulnerability
>>> auction = Auction("N", "1H P 2H 2S".split())
>>> [str(c.call) for c in close_candidates(Hand.parse("K2.AQJ63.KJ4.Q72"), auction, Vulnerability.NONE)]
['3H', 'Pass']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from redouble.auction import Auction
from redouble.bidding.context import GAME_LEVEL, Context
from redouble.bidding.engine import BidChoice, Systems, _explain_in, _point_for, choose, get_system, inferences_of
from redouble.bidding.meaning import Forcing
from redouble.bidding.natural import cheapest_over
from redouble.calls import Call, Contract
from redouble.cards import SEATS, Seat, Strain, Suit, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import RedoubleError, SolverUnavailableError
from redouble.scoring.core import check_scoring_form

if TYPE_CHECKING:
    from redouble.cardplay.sampling import View

# Seconds the ``strong`` robot thinks about a close call: the fifth of a second left (a call under 1 s at p95)
# is for the bookkeeping and, when no search has ended by the deadline, the first one to end.
STRONG_THINK = 0.8
# Layouts a decision deals and bids out. Twenty leave the noise of a mean over layouts at about a third of
# the margin below in the close cases that matter (IMP swings of 5-10 on a third of the layouts).
LAYOUTS = 20
# Fewer layouts than this scored in the time (a loaded machine) leave the rules' call: on the held-out Ben
# boards, calls changed on one to four layouts lost 33 IMPs where those changed on twenty gained.
MIN_LAYOUTS = 6
# How many standard errors of its mean advantage a call must be ahead by to replace the rules' call. With
# this and six layouts (instead of eight, and the margin alone) the Ben match gained 47, 34 and 26 IMPs more
# on seeds 1, 2 and 3 (300 boards each) than without simulation, against 8, 4 and 22.
SURE = 1.0
# By how much (mean IMPs a layout, matchpoint share over one half, or points) another call must beat the
# rules' call to be chosen instead: the rules carry what a simulation of twenty layouts cannot see. (Calls
# chosen by 1-1.5 IMPs are coin flips against Ben, -2 IMPs on 42 boards, those by more gain about half what
# they promise; a margin of 1.5 gained 15 on seeds 17-19 and lost 15 on 20-21.)
MARGIN = {"imps": 1.0, "matchpoints": 0.15, "total": 40.0}
# Shares of the thinking time: dealing and fitting the layouts, then bidding them out; the rest is the
# double-dummy searches and the bookkeeping after them. (Bidding each layout out as it was found, its
# searches started at once, solved no more layouts in the time on this loaded 2-core machine and took a
# fifth more CPU for them: benchmarks/simulation.py, think 0.8 at load 13, ratios 0.85-1.04 and 0.8.)
DRAW_SHARE = 0.3
BID_SHARE = 0.35
# A search is started only while 1.5 times the mean so far still fits; at the deadline the searches still
# running (one can take thirty times the mean) are stopped, their solver processes ended: no solver work
# outlives the call (redouble.dd.solve_contracts_until; benchmarks/simulation.py --leftover).
SAFETY = 1.5
MAX_CALLS = 40  # a bid-out longer than this is cut short (the rules never bid that long)
# Combined HCP (mine and partner's least) from which a slam is a candidate, and a game. (28 for a slam
# changed no call on three seeds of Ben boards; 20 for a game gained 10 IMPs on seeds 17-19 and lost 30 on
# 20-21: the rules' invitations already settle those hands.)
SLAM_POINTS = 30
GAME_POINTS = 22
# The highest level simulation weighs bidding on in our fit over their bid: five, the level of a save over
# their game in a major and of the push that makes them guess. Against four (game in a major), every close
# decision with all its layouts, Ben seeds 17-21: 14 boards of 1,500 changed, +42 ± 37 IMPs (+36 on the
# seeds it was judged on, +6 on the two after).
SAVE_LEVEL = 5


@dataclass(frozen=True)
class Outcome:
    """What simulation found for one candidate: its mean advantage over the rules' call (see
    :func:`compare`) on the ``layouts`` scored."""

    call: Call
    advantage: float
    layouts: int
    spread: float = 0.0  # the standard error of the advantage


def _our_fit(hand: Hand, ctx: Context) -> Strain | None:
    """The strain our side would play in: a suit where my cards and partner's shown length make eight,
    the longest such (a major first on equal length), else notrump if our last bid was notrump."""
    partner = ctx.ranges[ctx.partner]
    mine = ctx.ranges[ctx.seat]
    fits = []
    for suit in Suit:
        shown = max(partner.length_min[suit], 0)
        if shown >= 3 and hand.length(suit) + shown >= 8 and (shown >= 4 or mine.length_min[suit] >= 4
                                                              or hand.length(suit) >= 5):
            fits.append((hand.length(suit) + shown, suit.is_major, suit))
    if fits:
        return max(fits)[2].strain
    last_ours = None
    for ex in reversed(ctx.history):
        if ex.seat in (ctx.seat, ctx.partner) and ex.call.is_bid:
            last_ours = ex.call
            break
    if last_ours is not None and last_ours.strain == Strain.NOTRUMP:
        return Strain.NOTRUMP
    return None


def close_candidates(hand: Hand, auction: Auction, vulnerability: Vulnerability = Vulnerability.NONE,
                     system: Systems = "sayc") -> list[BidChoice]:
    """The plausible calls of a close decision, the rules' call first; empty when the decision is not one
    simulation should touch (an opening, an answer to a forcing or conventional call, a convention of our
    own, slam machinery). Each comes with the meaning the system gives it."""
    if len(hand) != 13 or auction.is_complete:
        return []
    rules_choice, others = _rules_and_others(hand, auction, vulnerability, system)
    return [rules_choice, *others] if rules_choice is not None and others else []


def _rules_and_others(hand: Hand, auction: Auction, vulnerability: Vulnerability,
                      system: Systems) -> tuple[BidChoice | None, list[BidChoice]]:
    """The rules' choice (None when the decision is not a judgement at all and it was not needed) and the
    other candidates of :func:`close_candidates`."""
    point = _point_for(auction, vulnerability, system)
    ctx = point.context
    sysm = get_system(ctx.system)
    if ctx.opener is None or len(ctx.history) < 2:
        return None, []
    rules_choice = choose(hand, auction, vulnerability, system)
    partner_last = ctx.partner_last
    if ctx.forced or rules_choice.meaning.alert or rules_choice.meaning.forcing.forces:
        return rules_choice, []
    if rules_choice.rule.startswith("slam.") or (partner_last is not None and (
            partner_last.meaning.alert or partner_last.meaning.forcing.forces
            or (partner_last.rule or "").startswith("slam."))):
        return rules_choice, []
    if rules_choice.call.is_redouble:
        return rules_choice, []
    fit = _our_fit(hand, ctx)
    last = auction.last_bid
    theirs = last is not None and not ctx.last_bid_is_ours
    partner_hcp = ctx.ranges[ctx.partner].hcp_min
    combined = hand.hcp + partner_hcp
    wanted: list[Call] = []
    if theirs and ctx.they_have_bid and ctx.we_have_bid:
        # Competition: pass or bid on in our fit. Not a penalty double: on the Ben match's first 300 boards
        # the doubles simulation chose lost 64 IMPs on 41 boards (the rules' opponents in the layouts
        # stand doubled where real ones run), while its passes won 29 on 17; scored against the
        # opponents' best escape (runner_escapes) they still lost 71 IMPs on 12 boards of 600; offered only
        # over their natural game, -18 ± 45 on 900 (38 boards). Nor bidding on in a six-card suit of mine
        # without a fit (-22 ± 21 on 900), nor balancing in the pass-out seat over their part score (+6 on
        # seeds 17-19, -12 on 20-21); and pass stays a candidate where the rules compete for a part score,
        # the one kind that lost (-15 ± 35 on 40 boards of 1,500; without it -11 on 17-19, +10 on 20-21).
        wanted.append(Call.PASS)
        if fit is not None and fit != Strain.NOTRUMP:
            on = cheapest_over(auction.last_bid, fit)
            if on is not None and on.level <= SAVE_LEVEL:
                wanted.append(on)  # compete, or over their game save (or push them) at the five level
    if fit is not None:
        game = Call.bid(GAME_LEVEL[fit], fit)
        slam = Call.bid(6, fit)
        r = rules_choice.call
        below_game = last is None or last < game
        if below_game and combined >= GAME_POINTS and (r.is_pass or (r.is_bid and r < game)):
            wanted.append(game)  # part score or game
        if r.is_bid and r.level < game.level and r.strain == fit and ctx.last_bid_is_ours:
            wanted.append(Call.PASS)  # game try or part score: stop here
        if r == game or (r.is_pass and last == game and ctx.last_bid_is_ours):
            if combined >= SLAM_POINTS:
                wanted.append(slam)  # game or slam
            if r == game and ctx.last_bid_is_ours and last is not None and last < game:
                wanted.append(Call.PASS)
    others: list[BidChoice] = []
    for call in dict.fromkeys(wanted):
        if call is rules_choice.call or not ctx.is_legal(call) or len(others) >= 2:
            continue
        ex = _explain_in(sysm, ctx, call)
        meaning = ex.meaning
        if meaning.alert or meaning.forcing in (Forcing.FORCING, Forcing.GAME_FORCING):
            continue
        if call.is_bid and call.strain != Strain.NOTRUMP and not meaning.range.contains(hand):
            continue
        others.append(BidChoice(call, meaning, ex.rule or "natural"))
    return rules_choice, others


def _view(hand: Hand, seat: Seat) -> View:
    """What the bidder knows of the cards before the play: its own hand."""
    from redouble.cardplay.sampling import View

    return View(seat, {seat: hand.mask}, (0, 0, 0, 0), (0, 0, 0, 0), (13, 13, 13, 13),
                tuple(s for s in SEATS if s != seat))


def bid_out(deal: Deal, auction: Auction, vulnerability: Vulnerability, system: Systems) -> Contract:
    """The contract the rules reach from ``auction`` with ``deal``'s hands on every seat.

    >>> deal = Deal.parse("N:AKQ2.K52.A83.KJ4 J54.Q83.KJ92.Q72 T963.AJ4.Q5.A963 87.T976.T764.T85")
    >>> str(bid_out(deal, Auction("N", ["2NT", "P"]), Vulnerability.NONE, "sayc"))
    '4S-N'
    """
    a = auction.copy()
    while not a.is_complete and len(a.calls) < MAX_CALLS:
        a.push(choose(deal[a.turn], a, vulnerability, system).call)
    contract = a.contract
    return contract if contract is not None and a.is_complete else Contract.PASSED_OUT


def runner_escapes(deal: Deal, contract: Contract, side_ns: bool) -> list[Contract]:
    """Where the opponents of the ``side_ns`` side (True: North-South) could run to from ``contract`` when
    it is theirs and we doubled it: the cheapest bid, doubled, in each other suit where the two hold seven
    cards or more, played by the longer hand (on equal length the doubled declarer's partner, who runs).

    >>> deal = Deal.parse("N:AKQ2.K52.A83.KJ4 J54.Q83.KJ92.Q72 T963.AJ4.Q5.A963 87.T976.T764.T85")
    >>> [str(c) for c in runner_escapes(deal, Contract.parse("2HX-W"), True)]
    ['3DX-E']
    >>> runner_escapes(deal, Contract.parse("2H-W"), True), runner_escapes(deal, Contract.parse("2HX-W"), False)
    ([], [])
    """
    declarer = contract.declarer
    if contract.doubled != 1 or declarer is None or contract.strain is None or declarer.is_ns == side_ns:
        return []
    partner = declarer.partner
    escapes = []
    for suit in Suit:
        if suit.strain == contract.strain:
            continue
        mine, theirs = deal[declarer].length(suit), deal[partner].length(suit)
        if mine + theirs < 7:
            continue
        level = contract.level + (1 if suit.strain < contract.strain else 0)
        if level <= 7:
            escapes.append(Contract(level, suit.strain, 1, declarer if mine > theirs else partner))
    return escapes


def _score(contract: Contract, tricks: int, vulnerability: Vulnerability, side_ns: bool) -> int:
    from redouble.scoring import duplicate_score

    if contract.declarer is None or contract.strain is None:
        return 0
    ns = duplicate_score(contract, contract.declarer, tricks, vulnerability)
    return ns if side_ns else -ns


def compare(scores: Sequence[Sequence[int]], weights: Sequence[float], scoring: str = "imps") -> list[float]:
    """Each candidate's weighted mean advantage over the first (``scores[layout][candidate]``, our side's
    duplicate scores): IMPs a layout; for matchpoints the share of layouts where it beats the first
    (ties half) less one half; for total points, points.

    >>> compare([[420, 170], [-50, 140]], [1.0, 1.0])
    [0.0, -0.5]
    >>> compare([[420, 170], [-50, 140]], [1.0, 1.0], "matchpoints")
    [0.0, 0.0]
    """
    return [mean for mean, _ in _advantages(scores, weights, scoring)]


def _advantages(scores: Sequence[Sequence[int]], weights: Sequence[float],
                scoring: str) -> list[tuple[float, float]]:
    """Each candidate's weighted mean advantage over the first (see :func:`compare`) and the standard
    error of that mean."""
    from redouble.scoring import imps

    check_scoring_form(scoring)
    total = sum(weights)
    if not scores or total <= 0:
        return []
    spread_factor = (sum(w * w for w in weights) ** 0.5) / total

    def value(mine: int, rules: int) -> float:
        if scoring == "imps":
            return float(imps(mine - rules))
        if scoring == "total":
            return float(mine - rules)
        return (1.0 if mine > rules else 0.5 if mine == rules else 0.0) - 0.5

    out = []
    for c in range(len(scores[0])):
        values = [value(row[c], row[0]) for row in scores]
        mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
        variance = sum(w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True)) / total
        out.append((mean, variance ** 0.5 * spread_factor))
    return out


def simulate(hand: Hand, auction: Auction, candidates: Sequence[BidChoice], layouts: Sequence[Deal],
             weights: Sequence[float] | None = None, vulnerability: Vulnerability = Vulnerability.NONE,
             system: Systems = "sayc", scoring: str = "imps", deadline: float | None = None,
             clock: Callable[[], float] = time.perf_counter, least: int = 0) -> list[Outcome]:
    """Bid each candidate out on each layout with the rules, score the contracts double-dummy and return
    each candidate's advantage over the first (see :func:`compare`). ``deadline`` (a ``clock`` value) cuts
    the work short: the layouts bid out and solved by then are the ones counted. Fewer layouts than
    ``least`` are of no use (:func:`pick` needs :data:`MIN_LAYOUTS`): as soon as that many can no longer be
    scored in the time, no more searches are started or waited for."""
    from redouble.dd import solve_contracts_until

    weights = list(weights) if weights is not None else [1.0] * len(layouts)
    seat = auction.turn
    side_ns = seat.is_ns
    started = clock()
    bid_until = None if deadline is None else started + (deadline - started) * BID_SHARE / (1 - DRAW_SHARE)
    finals: list[list[Contract]] = []
    for deal in layouts:
        if deal[seat] != hand:
            raise RedoubleError(f"a layout must hold the bidder's hand {hand} for {seat}, not {deal[seat]}")
        if bid_until is not None and finals and clock() > bid_until:
            break
        row = []
        for cand in candidates:
            a = auction.copy()
            a.push(cand.call)
            row.append(bid_out(deal, a, vulnerability, system))
        finals.append(row)
    # A layout where every candidate ends in the same contract scores them alike: no search. Elsewhere
    # different calls often end in the same strain by the same declarer: one search serves them all. A
    # contract of theirs we doubled is scored as the better for them of standing and running.
    played = [[[c, *runner_escapes(layouts[k], c, side_ns)] for c in row] for k, row in enumerate(finals)]
    needed = [[] if len(set(row)) == 1 else list(dict.fromkeys(
        (k, x.strain, x.declarer) for choices in played[k] for x in choices
        if x.strain is not None and x.declarer is not None)) for k, row in enumerate(finals)]
    searches = [key for keys in needed for key in keys]
    # A layout that needs no search is scored already; one that does, only with all its searches.
    free = sum(1 for keys in needed if not keys)
    found = solve_contracts_until([(layouts[k], strain, declarer) for k, strain, declarer in searches], deadline,
                                  SAFETY, clock, groups=[len(keys) for keys in needed if keys],
                                  least=max(0, least - free))
    tricks = {key: t for key, t in zip(searches, found, strict=True) if t is not None}

    def our_score(k: int, contract: Contract) -> int:
        if not needed[k] or contract.strain is None or contract.declarer is None:
            return 0
        return _score(contract, tricks[(k, contract.strain, contract.declarer)], vulnerability, side_ns)

    scored: list[list[int]] = []
    used: list[float] = []
    for k in range(len(finals)):
        if any(key not in tricks for key in needed[k]):
            continue  # a search the time did not allow
        scored.append([min(our_score(k, x) for x in choices) for choices in played[k]])
        used.append(weights[k])
    advantage = _advantages(scored, used, scoring) if scored else [(0.0, 0.0)] * len(candidates)
    return [Outcome(c.call, mean, len(scored), spread)
            for c, (mean, spread) in zip(candidates, advantage, strict=True)]


def think_call(hand: Hand, auction: Auction, vulnerability: Vulnerability = Vulnerability.NONE,
               system: Systems = "sayc", think: float = 1.0, seed: int = 0, scoring: str = "imps",
               layouts: int = LAYOUTS, clock: Callable[[], float] = time.perf_counter) -> BidChoice:
    """The rules' call, unless the decision is close and simulation finds another better by
    :data:`MARGIN` within ``think`` seconds (measured by ``clock``: it governs every limit, so the same
    seed gives the same call whatever the machine's load under a fake clock, and with the real one when the
    time is enough for every layout). A call chosen by simulation keeps the system's meaning of it; its
    rule says that simulation chose it.

    >>> from redouble import Auction, Hand
    >>> choice = think_call(Hand.parse("AKQ4.J92.T8.Q765"), Auction("N", ["1D", "P"]))
    >>> choice.call, choice.rule    # an answer to an opening: the rules' call, not a judgement
    (Call('1S'), 'resp.one-level')
    """
    check_scoring_form(scoring)
    started = clock()
    deadline = started + think
    rules_choice, others = (None, []) if len(hand) != 13 or auction.is_complete else \
        _rules_and_others(hand, auction, vulnerability, system)
    if rules_choice is None:
        return choose(hand, auction, vulnerability, system)
    if not others:
        return rules_choice
    candidates = [rules_choice, *others]
    if think <= 0:
        return candidates[0]
    from redouble.cardplay.auction_fit import draw_layouts

    seat = auction.turn
    ns, ew = (system, system) if isinstance(system, str) else system
    shown = inferences_of(auction, vulnerability, system)
    ranges = {s: shown[s] for s in SEATS if s != seat}
    drawn = draw_layouts(_view(hand, seat), layouts, auction=auction, vulnerability=vulnerability,
                         system=(ns, ew), ranges=ranges, seed=seed + _auction_seed(auction, hand),
                         deadline=started + think * DRAW_SHARE, clock=clock)
    try:
        outcomes = simulate(hand, auction, candidates, drawn.deals, drawn.weights, vulnerability, system, scoring,
                            deadline=deadline, clock=clock, least=MIN_LAYOUTS)
    except SolverUnavailableError:
        return candidates[0]  # no double-dummy solver here: the rules alone
    return pick(candidates, outcomes, scoring)


def pick(candidates: Sequence[BidChoice], outcomes: Sequence[Outcome], scoring: str = "imps") -> BidChoice:
    """The candidate with the best outcome if it beats the rules' call (the first) by :data:`MARGIN` and by
    :data:`SURE` standard errors on at least :data:`MIN_LAYOUTS` layouts, with its rule saying so; else the
    rules' call.

    >>> from redouble.bidding.meaning import Meaning
    >>> rules = BidChoice(Call("3H"), Meaning("invitation"), "invite")
    >>> other = BidChoice(Call("4H"), Meaning("game"), "game")
    >>> pick([rules, other], [Outcome(Call("3H"), 0.0, 20), Outcome(Call("4H"), 2.5, 20)]).rule
    'game, chosen by simulation (20 layouts: 4H +2.50 imps against 3H +0.00)'
    >>> pick([rules, other], [Outcome(Call("3H"), 0.0, 20), Outcome(Call("4H"), 0.5, 20)]).call
    Call('3H')
    >>> pick([rules, other], [Outcome(Call("3H"), 0.0, 4), Outcome(Call("4H"), 2.5, 4)]).call
    Call('3H')
    """
    best = max(range(len(outcomes)), key=lambda k: (outcomes[k].advantage, -k))
    top = outcomes[best]
    if best == 0 or top.advantage < max(MARGIN[scoring], SURE * top.spread) or top.layouts < MIN_LAYOUTS:
        return candidates[0]
    chosen = candidates[best]
    others = ", ".join(f"{o.call} {o.advantage:+.2f}" for o in outcomes if o.call is not chosen.call)
    return replace(chosen, rule=f"{chosen.rule}, chosen by simulation ({outcomes[best].layouts} layouts: "
                               f"{chosen.call} {outcomes[best].advantage:+.2f} {scoring} against {others})")


def _auction_seed(auction: Auction, hand: Hand) -> int:
    """Different decisions draw different layouts from one robot seed, the same decision the same ones."""
    import zlib

    return zlib.crc32(f"{auction.dealer}{[c.index for c in auction.calls]}{hand}".encode())
