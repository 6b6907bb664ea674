"""What to do when no rule fits: judge the fit and the combined strength, and bid naturally.

Also what any call means when no rule gives it (a natural reading), so every call can be explained.
The bot never passes when partner's last call forces it or the side has forced to game.
"""

from __future__ import annotations

from dataclasses import replace

from redouble.bidding.conditions import MAJORS, fit_points, good_suit, nt_points, support_points
from redouble.bidding.context import GAME_LEVEL, Context
from redouble.bidding.meaning import Forcing, HandRange, Meaning
from redouble.calls import Call
from redouble.cards import Seat, Strain, Suit
from redouble.deal import Hand

GAME_POINTS = 25
SLAM_POINTS = 33
GRAND_POINTS = 37
SLAM_SHARE = 0.6
OPENER_FLOOR = 11
CUE_FLOOR = 4
COMPETE_POINTS = 17  # our points together to compete to the level of our fit


def estimate(r: HandRange) -> float:
    """A working guess of a hand's HCP from its range (nearer the bottom: ranges are upper-bounded loosely)."""
    lo = r.hcp_min
    hi = min(r.hcp_max, lo + 8)
    return lo + 0.4 * (hi - lo)


def cheapest_over(last: Call | None, strain: Strain) -> Call | None:
    """The cheapest bid in ``strain`` over the last bid ``last`` (None: no bid yet); None above seven.

    >>> [cheapest_over(last, strain) for last, strain in ((Call("2H"), Strain.CLUBS), (Call("2H"), Strain.SPADES),
    ...                                                    (None, Strain.CLUBS), (Call("7NT"), Strain.CLUBS))]
    [Call('3C'), Call('2S'), Call('1C'), None]
    """
    level = 1 if last is None else last.level + (1 if strain <= (last.strain or 0) else 0)
    return Call.bid(level, strain) if level <= 7 else None


def cheapest(ctx: Context, strain: Strain) -> Call | None:
    return cheapest_over(ctx.last_bid, strain)


def _legal(ctx: Context, call: Call | None) -> bool:
    return call is not None and ctx.is_legal(call)


def _natural_nt(ex_rule: str | None, meaning: Meaning) -> bool:
    return not meaning.alert


def partner_bid_nt_naturally(ctx: Context) -> bool:
    for ex in reversed(ctx.calls_of(ctx.partner)):
        if ex.call.is_bid:
            return ex.call.strain == Strain.NOTRUMP and not ex.meaning.alert
    return False


def partner_has_bid(ctx: Context) -> bool:
    return any(ex.call.is_bid for ex in ctx.calls_of(ctx.partner))


def agreed_suit(ctx: Context, hand: Hand | None = None, need: int = 8) -> Suit | None:
    """The suit our side has found a fit in (``need`` cards known, majors first), if any."""
    me = ctx.ranges[ctx.seat]
    pr = ctx.ranges[ctx.partner]
    best: tuple[int, int, Suit] | None = None
    for s in Suit:
        mine = hand.length(s) if hand is not None else me.length_min[s]
        total = mine + pr.length_min[s]
        if total >= need and (best is None or (s.is_major, total) > best[:2]):
            best = (int(s.is_major), total, s)
    if best is None and need == 8:
        # A strong 2C opener's suit raised by partner is agreed, whether it was four cards or five.
        return next((ex.call.strain.suit for ex in ctx.history if ex.rule == "two-clubs.raise"
                     and ex.seat in (ctx.seat, ctx.partner) and ex.call.strain is not None), None)
    return best[2] if best else None


def keycard_suit(ctx: Context) -> Suit | None:
    """The suit whose king and queen Roman Key Card Blackwood counts: the fit both hands know, else a major
    one of us has shown six of that the other has not denied two of (None when no suit is agreed: 4NT then
    asks for aces alone)."""
    if ctx.system == "basic":
        return None
    fit = agreed_suit(ctx)
    if fit is not None:
        return fit
    shown = {m for m in (long_major(ctx, ctx.seat, ctx.partner), long_major(ctx, ctx.partner, ctx.seat)) if m}
    if len(shown) <= 1:
        return next(iter(shown), None)
    # Each of us has shown a long major of our own: the one bid last counts, so that asker and answerer
    # count the same keycards (each taking its own suit, 4NT was answered for hearts and read for spades).
    # The slam conventions' own calls name no suit (a 5S answer to 4NT is no spade bid).
    ours = (ctx.seat, ctx.partner)
    return max(shown, key=lambda m: max((i for i, ex in enumerate(ctx.history)
                                         if ex.seat in ours and ex.call.is_bid and ex.call.strain == m.strain
                                         and not (ex.rule or "").startswith("slam.")), default=-1))


def keycards(hand: Hand, trump: Suit | None) -> int:
    """Aces, plus the king of ``trump`` (RKCB's five keycards).

    >>> keycards(Hand.parse("A84.KQ32.A852.62"), Suit.HEARTS), keycards(Hand.parse("A84.KQ32.A852.62"), None)
    (3, 2)
    """
    return _aces(hand) + (hand.holding(trump) >> 11 & 1 if trump is not None else 0)


def reads_as_ace_ask(ctx: Context) -> bool:
    """Whether 4NT here asks for aces (keycards when a suit is agreed): once both of us have bid, unless
    partner's last bid was natural notrump (then 4NT is quantitative) and I have shown no six-card major."""
    if not ctx.we_have_bid or not partner_has_bid(ctx):
        return False
    if partner_bid_nt_naturally(ctx) and (ctx.system == "basic" or long_major(ctx, ctx.seat, ctx.partner) is None):
        return False  # quantitative, unless I have shown six cards of a major: keycards for it
    return ctx.system != "basic" or agreed_suit(ctx) is not None


def ace_ask(ctx: Context) -> tuple[Meaning, str]:
    """What 4NT asks here: Roman Key Card Blackwood 1430 with a suit agreed, else plain Blackwood."""
    trump = keycard_suit(ctx)
    if trump is None:
        return Meaning("Blackwood: how many aces? (no suit agreed)", forcing=Forcing.FORCING), "slam.blackwood"
    t = trump.name.lower()
    return (Meaning(f"Roman Key Card Blackwood (1430): how many of the five keycards, the four aces and the king "
                    f"of {t}? ({t} agreed)", forcing=Forcing.FORCING), "slam.rkcb")


def queen_ask_call(ctx: Context) -> Call | None:
    """After a 5C or 5D answer to RKCB, the next step that is not the trump suit asks for the trump queen;
    only when it stays below five of the trump suit (so a major)."""
    trump, last = keycard_suit(ctx), ctx.last_bid
    if trump is None or last is None or last.level != 5 or last.strain not in (Strain.CLUBS, Strain.DIAMONDS):
        return None
    step = Call(last.index + 1)
    if step.strain == trump.strain:
        step = Call(step.index + 1)
    return step if step.index < Call.bid(5, trump.strain).index else None


# --- meanings of calls no rule gives -------------------------------------------------------------------
NT_INVITATIONS = {"natural.nt-quantitative": (Call("6NT"), "the quantitative 4NT"),
                  "natural.nt-grand-invite": (Call("7NT"), "the grand slam invitation")}


def describe(ctx: Context, call: Call) -> tuple[Meaning, str | None]:
    seat, partner = ctx.seat, ctx.partner
    pr = ctx.ranges[partner]
    me = ctx.ranges[seat]
    if call.is_pass:
        last = ctx.last_bid
        if ctx.forced and last is not None and ctx.auction.doubled == 1 and last.strain is not None \
                and last.strain.suit is not None:  # the only pass the bots make when forced
            rng = HandRange().narrow_length(last.strain.suit, 4, None)
            return Meaning("penalty pass: length and strength in their suit", range=rng), "natural.penalty-pass"
        return Meaning("pass"), "natural.pass"
    if call.is_redouble:
        return Meaning("redouble: our side has the balance of strength",
                       range=HandRange().narrow_hcp(10, None)), "natural.redouble"
    last = ctx.last_bid
    if call.is_double:
        assert last is not None and last.strain is not None
        # Partner silent, a suit contract of theirs at the three level or lower (four when I doubled them
        # before): takeout, as experts play it (a competitive double after our own overcall included).
        partner_silent = not any(ex.call.is_bid or ex.call.is_double for ex in ctx.calls_of(partner))
        doubled_before = any(ex.call.is_double for ex in ctx.calls_of(seat))
        takeout = partner_silent and last.strain != Strain.NOTRUMP and not ctx.last_bid_is_ours and (
            last.level <= 3 or (last.level == 4 and doubled_before))
        if _reopening(ctx):
            rng = HandRange().narrow_hcp(14, None)
            if last.strain.suit is not None:
                rng = rng.narrow_length(last.strain.suit, 0, 1)
            return (Meaning(f"reopening double of {last}: short in their suit, extra values", range=rng,
                            forcing=Forcing.FORCING), "natural.reopening-double")
        if takeout:
            rng = HandRange().narrow_hcp(11, None)
            if last.strain.suit is not None:
                rng = rng.narrow_length(last.strain.suit, 0, 2)
            return Meaning(f"takeout double of {last}", forcing=Forcing.FORCING, range=rng), "natural.takeout-double"
        return Meaning(f"penalty double of {last}: we expect to beat it"), "natural.penalty-double"
    assert call.strain is not None
    slam_ask = _describe_slam_ask(ctx, call)
    if slam_ask is not None:
        return slam_ask
    if call.strain == Strain.NOTRUMP:
        invited = NT_INVITATIONS.get(ctx.partner_last_rule or "")
        if invited is not None and call is invited[0]:
            return Meaning(f"{call}: accepts {invited[1]}, more than a minimum"), "natural.nt-accept"
        if call.level == 4 and reads_as_ace_ask(ctx):
            return ace_ask(ctx)
        if call.level == 5 and ctx.calls_of(seat) and ctx.calls_of(seat)[-1].rule == "slam.blackwood":
            return Meaning("Blackwood: how many kings? (all the aces are ours)", forcing=Forcing.FORCING), \
                "slam.kings"
        if call.level == 5 and ctx.calls_of(seat) and ctx.calls_of(seat)[-1].rule in ("slam.rkcb", "slam.queen-ask"):
            return Meaning("specific kings: all the keycards and the trump queen are ours; bid your cheapest "
                           "side-suit king, six of the trump suit with none", forcing=Forcing.FORCING), \
                "slam.rkcb.kings"
        if call.level in (4, 5) and partner_bid_nt_naturally(ctx):
            # Over partner's natural notrump: 4NT invites 6NT, 5NT forces to 6NT and invites 7NT, each with
            # the points that make the slam opposite the top of partner's range but not the bottom.
            limits = nt_range(ctx, partner)
            rng = HandRange()
            if call.level == 4:
                if limits is not None:
                    rng = rng.narrow_hcp(SLAM_POINTS - limits[1], SLAM_POINTS - 1 - limits[0])
                return (Meaning("quantitative: invites 6NT", forcing=Forcing.INVITATIONAL, range=rng),
                        "natural.nt-quantitative")
            if limits is not None:
                rng = rng.narrow_hcp(max(SLAM_POINTS - limits[0], GRAND_POINTS - limits[1]),
                                     GRAND_POINTS - 1 - limits[0])
            return (Meaning("forcing to 6NT, invites 7NT", forcing=Forcing.FORCING, range=rng),
                    "natural.nt-grand-invite")
        return _natural_nt_meaning(ctx, call), "natural.nt"
    suit = call.strain.suit
    assert suit is not None
    name = suit.name.lower()
    rng = HandRange()
    fit8 = agreed_suit(ctx, need=8)
    if ctx.partner_last_rule == "slam.cue" and fit8 is not None and call is Call.bid(4, fit8.strain):
        return Meaning(f"{call}: sign-off in game, no slam interest"), "slam.signoff"
    if ctx.partner_last_rule == "slam.cue" and fit8 is not None and call is Call.bid(5, fit8.strain) \
            and last is not None and last.index > Call.bid(4, fit8.strain).index:
        return Meaning(f"{call}: sign-off over the cue-bid past game, no keycard ask"), "slam.signoff"
    cue_fit = cue_bid_fit(ctx, call)
    if cue_fit is not None:
        # Agreeing partner's six-card major by implication promises two of it at least.
        support = max(0, 8 - pr.length_min[cue_fit])
        if call.index > Call.bid(4, cue_fit.strain).index:
            return (Meaning(f"{call}: control cue-bid past game, the ace or king of {name} (or shortness): slam "
                            f"values and every side suit controlled, but too few keycards to ask",
                            forcing=Forcing.FORCING, range=rng.narrow_length(cue_fit, support, None)), "slam.cue")
        return (Meaning(f"{call}: control cue-bid, the ace or king of {name} (or shortness), slam interest in "
                        f"{cue_fit.name.lower()}", forcing=Forcing.FORCING,
                        range=rng.narrow_length(cue_fit, support, None)), "slam.cue")
    if _is_slam_suit(ctx, call):
        return (Meaning(f"{call}: a second suit, five or more {name}, slam interest (unbalanced)",
                        forcing=Forcing.FORCING, range=rng.narrow_length(suit, 5, None)), "natural.slam-suit")
    if pr.length_min[suit] >= 4 and me.length_min[suit] < 4:
        need = max(2, min(4, 8 - pr.length_min[suit]))
        return _with_values(ctx, call, Meaning(f"{call}: support for partner's {name}",
                                               range=rng.narrow_length(suit, need, None)), "natural.raise")
    if me.length_min[suit] >= 4 and ctx.they_have_bid:
        # In competition a five-card suit is rebid to contest the partscore: no promise of extra length
        # (the real hands of the benchmark deals broke a "6+" reading here more than anywhere else).
        return _with_values(ctx, call, Meaning(f"{call}: competitive rebid of {name}"), "natural.rebid")
    if me.length_min[suit] >= 4:
        return _with_values(ctx, call, Meaning(f"{call}: rebid of {name}, extra length",
                                               range=rng.narrow_length(suit, min(me.length_min[suit] + 1, 6), None)),
                            "natural.rebid")
    if suit in ctx.their_suits and len(_suits_named(ctx, ctx.seat.lho, ctx.seat.rho)) >= 2:
        # The booklet: once they have bid two suits, a bid in either of them is natural.
        return (Meaning(f"{call}: natural, {name} (they have bid two suits)",
                        range=rng.narrow_length(suit, 5, None)), "natural.suit")
    if suit in ctx.their_suits:
        return (Meaning(f"{call}: cue-bid of their suit, a strong hand", forcing=Forcing.FORCING),
                "natural.cue-bid")
    if not ctx.we_have_bid and not ctx.we_opened and ctx.opener is not None and call.level <= 3:
        # Our side's first action over their opening: an overcall, read with the usual values.
        lo, hi = OVERCALL_HCP[call.level]
        return (Meaning(f"{call}: natural overcall, 5+ {name}, about {lo}-{hi} HCP",
                        range=rng.narrow_length(suit, 5, None).narrow_hcp(lo, hi), points=(lo, hi)),
                "natural.overcall")
    forcing = Forcing.NONFORCING
    if (ctx.we_opened and ctx.opener != seat and not ctx.passed_hand and call.level < GAME_LEVEL[call.strain]
            and not ctx.they_have_bid):
        forcing = Forcing.FORCING
    return _with_values(ctx, call, Meaning(f"{call}: natural, {name}", forcing=forcing,
                                           range=rng.narrow_length(suit, 4 if call.level <= 3 else 5, None)),
                        "natural.suit")


def game_points(ctx: Context) -> int:
    """The points together the natural judgement bids game on: one fewer vulnerable, where game pays more."""
    return GAME_POINTS - (1 if ctx.we_vulnerable else 0)


def natural_values(ctx: Context, call: Call) -> tuple[int, int] | None:
    """The points (HCP with length or support) a natural suit bid below game at the three level or higher
    shows, read as the natural judgement bids it: an invitation where our points together reach two short of
    game, or 17 together with a fit to compete over their bid (the law of total tricks). None for lower bids,
    games, the cheapest bid when forced, and first actions (partner silent).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("E", "2D 2H P".split()), Vulnerability.NONE, "sayc")
    >>> natural_values(ctx, Call("3H"))
    (10, 11)
    """
    strain = call.strain
    if strain is None or call.level < 3 or call.level >= GAME_LEVEL[strain] or not partner_has_bid(ctx):
        return None
    cheapest_call = cheapest(ctx, strain)
    if ctx.forced and call == cheapest_call:
        return None
    p_est = partner_estimate(ctx, ctx.ranges[ctx.seat].hcp_min)
    game = game_points(ctx)
    suit = strain.suit
    if (not ctx.last_bid_is_ours and suit is not None and ctx.ranges[ctx.partner].length_min[suit] >= 3
            and call == cheapest_call):
        return max(0, round(COMPETE_POINTS - p_est)), max(0, round(game - 1 - p_est))
    top = game - 1 + (3 if suit is not None and not suit.is_major else 0)
    return max(0, round(game - 2 - p_est)), max(0, round(top - p_est))


def _with_values(ctx: Context, call: Call, meaning: Meaning, rule: str) -> tuple[Meaning, str]:
    values = natural_values(ctx, call)
    if values is None:
        return meaning, rule
    lo, hi = values
    # The points count length and shortness: the HCP floor allows two of them.
    rng = meaning.range.narrow_hcp(max(0, lo - 2), hi)
    return replace(meaning, text=f"{meaning.text}; about {lo}-{hi} points", range=rng, points=(lo, hi)), rule


def _suits_named(ctx: Context, *seats: Seat) -> set[Suit]:
    """The suits named in the bids of ``seats``."""
    return {ex.call.strain.suit for ex in ctx.history
            if ex.seat in seats and ex.call.is_bid and ex.call.strain is not None and ex.call.strain.suit is not None}


def gerber_available(ctx: Context) -> bool:
    """Whether 4C now is Gerber: partner's natural 1NT or 2NT (an opening or a rebid) is the last bid.

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> [gerber_available(context_for(Auction("N", a.split()), Vulnerability.NONE, "sayc"))
    ...  for a in ("1C P 1H P 2NT P", "1NT 2H", "1C P 1H P 3NT P")]
    [True, False, False]
    """
    last = ctx.last_bid
    return (ctx.system != "basic" and last is not None and last.strain == Strain.NOTRUMP and last.level <= 2
            and ctx.last_bid_is_ours and partner_bid_nt_naturally(ctx) and _partner_last_bid(ctx) is last)


def nt_range(ctx: Context, seat: Seat) -> tuple[int, int] | None:
    """The HCP range ``seat`` has shown when its last bid was a natural notrump that limited its hand
    (a 1NT opening, a 2NT rebid); None when that bid set no such limit (a 3NT to play)."""
    last = next((ex for ex in reversed(ctx.calls_of(seat)) if ex.call.is_bid), None)
    if last is None or last.call.strain != Strain.NOTRUMP or last.meaning.alert \
            or last.meaning.range.hcp_max - last.meaning.range.hcp_min > 3:
        return None
    r = ctx.ranges[seat]
    return r.hcp_min, max(r.hcp_min, min(r.hcp_max, r.hcp_min + 3))


def _partner_last_bid(ctx: Context) -> Call | None:
    for ex in reversed(ctx.calls_of(ctx.partner)):
        if ex.call.is_bid:
            return ex.call
    return None


def _describe_slam_ask(ctx: Context, call: Call) -> tuple[Meaning, str | None] | None:
    """Gerber over any natural 1NT or 2NT of partner's (rebids too), its 5C king ask, the keycard asker's
    sign-off at five and the answerer's six with the higher number, and the Grand Slam Force (a jump to 5NT
    with a suit agreed)."""
    mine = ctx.calls_of(ctx.seat)
    last = ctx.last_bid
    if call is Call("4C") and gerber_available(ctx):
        return (Meaning("Gerber: how many aces?", alert=True, forcing=Forcing.FORCING), "nt.gerber")
    asked = next((ex.rule for ex in reversed(mine) if ex.call.is_bid), None)
    if asked in ("nt.gerber", "nt.gerber.kings") and ctx.partner_last is not None \
            and ctx.partner_last.rule in ("nt.gerber.reply", "nt.gerber.kings-reply"):
        if call is Call("5C") and asked == "nt.gerber":
            return (Meaning("Gerber: how many kings? (all the aces are ours)", alert=True,
                            forcing=Forcing.FORCING), "nt.gerber.kings")
        # The booklet: after Gerber, any bid but 5C is to play (4NT included).
        return Meaning(f"{call}: to play, the Gerber asker places the contract"), "nt.gerber.placed"
    trump = keycard_suit(ctx)
    if mine and mine[-1].rule == "slam.rkcb" and ctx.partner_last is not None and trump is not None \
            and ctx.partner_last.rule == "slam.rkcb.reply" and call is Call.bid(5, trump.strain):
        return (Meaning(f"{call}: sign-off, at least two keycards missing by my count (after 5C or 5D I may not "
                        f"know which number partner holds: with the higher, partner bids six)"), "slam.signoff")
    if mine and mine[-1].rule == "slam.rkcb.reply" and trump is not None and ctx.partner_last is not None \
            and ctx.partner_last.call is Call.bid(5, trump.strain) and call is Call.bid(6, trump.strain) \
            and mine[-1].call.strain in (Strain.CLUBS, Strain.DIAMONDS):
        high = KEYCARD_ANSWERS[mine[-1].call.strain][1]
        return (Meaning(f"{call}: {high} keycards, the higher number of my {mine[-1].call} answer"),
                "slam.rkcb.bid-on")
    if mine and mine[-1].rule == "slam.rkcb" and ctx.partner_last is not None \
            and ctx.partner_last.rule == "slam.rkcb.reply" and call is queen_ask_call(ctx):
        trump = keycard_suit(ctx)
        assert trump is not None
        return (Meaning(f"queen ask: do you hold the queen of {trump.name.lower()}? (five of it: no, six: yes)",
                        forcing=Forcing.FORCING), "slam.queen-ask")
    if call is Call("5NT") and last is not None and last.level <= 4 and last is not Call("4NT") \
            and ctx.system != "basic" and ctx.we_have_bid and partner_has_bid(ctx) \
            and agreed_suit(ctx, need=7) is not None:
        return (Meaning("Grand Slam Force: bid seven with two of the top three trump honours, else six",
                        forcing=Forcing.FORCING), "slam.grand-slam-force")
    return None


def long_major(ctx: Context, shower: Seat, other: Seat) -> Suit | None:
    """A major ``shower`` has shown six of (a jump rebid, a preempt) and ``other`` has not denied two of.

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1S P 2C P 3S P".split()), Vulnerability.NONE, "sayc")
    >>> long_major(ctx, Seat.NORTH, Seat.SOUTH), long_major(ctx, Seat.SOUTH, Seat.NORTH)
    (Suit.SPADES, None)
    """
    for s in (Suit.SPADES, Suit.HEARTS):
        if ctx.ranges[shower].length_min[s] >= 6 and ctx.ranges[other].length_max[s] >= 2:
            return s
    return None


def implied_major(ctx: Context) -> Suit | None:
    """Partner's six-card major, which a cue-bid of mine agrees by implication."""
    return long_major(ctx, ctx.partner, ctx.seat)


def cue_bid_fit(ctx: Context, call: Call) -> Suit | None:
    """The agreed major if ``call`` is a control cue-bid: a new suit below game in a major both hands know is
    agreed (at the four level, partner's six-card major too; 3S over hearts agreed at the three level, 4S over
    our 4H past game), once the side is committed to game (or partner cue-bid).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "2C P 2D P 2H P 3H P".split()), Vulnerability.NONE, "sayc")
    >>> cue_bid_fit(ctx, Call("3S")), cue_bid_fit(ctx, Call("4C"))
    (Suit.HEARTS, Suit.HEARTS)
    """
    if ctx.system == "basic" or not call.is_bid or call.level not in (3, 4) or call.strain is None:
        return None
    suit = call.strain.suit
    agreed = agreed_suit(ctx, need=8)
    fit = agreed or (implied_major(ctx) if call.level == 4 else None)
    last = ctx.last_bid
    if suit is None or fit is None or not fit.is_major or suit == fit or last is None or not ctx.last_bid_is_ours:
        return None
    past_game = agreed is not None and call.index < Call("4NT").index and (
        last == Call.bid(4, fit.strain) or any(ex.rule == "slam.cue" for ex in ctx.history))
    if last.level < 3 or call.index >= Call.bid(4, fit.strain).index and not past_game:
        return None  # (hearts agreed, 4S over our 4H or after a cue-bid is a cue-bid past game)
    if agreed is None and ctx.ranges[ctx.seat].length_min[suit] >= 4:
        return None  # my own suit again, no fit agreed: natural (1S 2H 3S 4H shows long hearts, no spades)
    committed = ctx.game_forced or ctx.partner_last_rule == "slam.cue" or (
        last.strain in (fit.strain, Strain.NOTRUMP) and last.level >= 3)
    return fit if committed else None


def controls_shown(ctx: Context, seat: Seat) -> set[Suit]:
    """Suits in which ``seat`` has shown a control: cue-bids, or shortness it has shown."""
    out: set[Suit] = set()
    for ex in ctx.calls_of(seat):
        if ex.rule in ("slam.cue", "rebid.jacoby-shortness") and ex.call.strain is not None \
                and ex.call.strain.suit is not None:
            out.add(ex.call.strain.suit)
    r = ctx.ranges[seat]
    out |= {s for s in Suit if r.length_max[s] <= 1}
    return out


def controls_denied(ctx: Context, seat: Seat) -> set[Suit]:
    """Side suits ``seat`` skipped on the way to a cue-bid: cue-bids go up the line, so a suit passed over
    (one not shown controlled before) has no first- or second-round control.

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1S P 2NT P 3NT P 4D P".split()), Vulnerability.NONE, "sayc")
    >>> sorted(s.name for s in controls_denied(ctx, Seat.SOUTH))
    ['CLUBS']
    """
    denied: set[Suit] = set()
    shown: set[Suit] = set()
    last: Call | None = None
    for ex in ctx.history:
        call = ex.call
        if ex.seat == seat and ex.rule == "slam.cue" and call.strain is not None and call.strain.suit is not None \
                and last is not None:
            for s in Suit:
                skipped = Call.bid(4, s.strain)
                if last.index < skipped.index < call.index and s not in shown:
                    denied.add(s)
            shown.add(call.strain.suit)
            denied.discard(call.strain.suit)
        if call.is_bid:
            last = call
    return denied


def shortness_adjustment(ctx: Context, hand: Hand, trump: Suit) -> int:
    """Points to add for slam once partner has shown a singleton or void (Jacoby 2NT's shortness): kings,
    queens and jacks opposite it are wasted, while length headed by the ace or by nothing means every
    honour of mine works elsewhere (+2). A shortness of my own there duplicates it (nothing added).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1H P 2NT P 3C P".split()), Vulnerability.NONE, "sayc")
    >>> shortness_adjustment(ctx, Hand.parse("AKQ4.Q532.KT9.83"), Suit.HEARTS)
    2
    >>> shortness_adjustment(ctx, Hand.parse("AK84.Q532.T9.KQ3"), Suit.HEARTS)
    -5
    """
    short = {s for s in Suit if ctx.ranges[ctx.partner].length_max[s] <= 1} | {
        ex.call.strain.suit for ex in ctx.calls_of(ctx.partner)
        if ex.rule == "rebid.jacoby-shortness" and ex.call.strain is not None and ex.call.strain.suit is not None}
    total = 0
    for s in short - {trump}:
        if hand.length(s) <= 1:
            continue
        held = hand.holding(s)
        wasted = 3 * (held >> 11 & 1) + 2 * (held >> 10 & 1) + (held >> 9 & 1)
        total += -wasted if wasted else 2
    return total


def own_controls(hand: Hand) -> set[Suit]:
    """Suits with first- or second-round control: the ace or king, a singleton or a void."""
    return {s for s in Suit if hand.length(s) <= 1 or hand.holding(s) >> 11 & 0b11}


def uncontrolled(ctx: Context, hand: Hand, trump: Suit) -> list[Suit]:
    """Side suits where neither my hand nor partner's calls show a control: two tricks may cash there."""
    ok = own_controls(hand) | controls_shown(ctx, ctx.partner)
    return [s for s in Suit if s != trump and s not in ok]


def _word(call: Call) -> str:
    return call.strain.name.lower() if call.strain is not None else str(call)


def _cheapest_cue(ctx: Context, hand: Hand, trump: Suit, past_game: bool = False) -> Call | None:
    """My cheapest control cue-bid below game in ``trump`` (3S over hearts agreed, else the four level), or
    with ``past_game`` below 4NT (4S over hearts): an ace, king, singleton or void, up the line (not where
    partner has shown shortness: a control there tells nothing)."""
    partner_short = {s for s in Suit if ctx.ranges[ctx.partner].length_max[s] <= 1} | {
        ex.call.strain.suit for ex in ctx.calls_of(ctx.partner)
        if ex.rule == "rebid.jacoby-shortness" and ex.call.strain is not None and ex.call.strain.suit is not None}
    cues = [Call.bid(4, s.strain) for s in sorted(Suit)]
    if trump == Suit.HEARTS and agreed_suit(ctx) == trump:
        cues.insert(0, Call("3S"))
    for c in cues:
        s = c.strain.suit if c.strain is not None else None
        if s is None or s == trump or s in partner_short:
            continue
        top = Call("4NT") if past_game else Call.bid(4, trump.strain)
        if s in own_controls(hand) and ctx.is_legal(c) and c.index < top.index:
            return c
    return None


OVERCALL_HCP = {1: (8, 16), 2: (10, 16), 3: (12, 17)}
_RESPONDER_NT = {1: (6, 10, "to play"), 2: (11, 12, "invites 3NT"), 3: (13, 17, "to play")}
_OPENER_NT = {1: (12, 14, "to play"), 2: (18, 19, "invites 3NT")}


def _natural_nt_meaning(ctx: Context, call: Call) -> Meaning:
    """A natural notrump bid in our constructive auction: the usual ranges by who bids it and how high."""
    first_bid = not any(ex.call.is_bid for ex in ctx.calls_of(ctx.seat))
    if (ctx.we_opened and not ctx.they_have_bid and call.level <= 3 and ctx.calls_of(ctx.seat)
            and (first_bid or ctx.opener == ctx.seat)):
        table = _OPENER_NT if ctx.opener == ctx.seat else _RESPONDER_NT
        lo, hi, words = table.get(call.level, (0, 37, ""))
        if words and not (ctx.opener != ctx.seat and ctx.passed_hand and call.level == 3):
            return Meaning(f"{call}: natural, {lo}-{hi} HCP, {words}",
                           forcing=Forcing.INVITATIONAL if call.level == 2 else Forcing.NONFORCING,
                           range=HandRange().narrow_hcp(lo, hi), points=(lo, hi))
    return Meaning(f"{call}: natural, to play")


# --- choosing a call when no rule fits -------------------------------------------------------------------
def _aces(hand: Hand) -> int:
    return sum(hand.holding(s) >> 12 & 1 for s in Suit)


def _kings(hand: Hand) -> int:
    return sum(hand.holding(s) >> 11 & 1 for s in Suit)


def _after_ask(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """The asker's next call after partner answers Blackwood or Gerber."""
    mine = ctx.calls_of(ctx.seat)
    if not mine or not ctx.partner_last or not ctx.calls or not ctx.calls[-1].is_pass:
        return None
    asked = mine[-1].rule
    reply = ctx.partner_last
    replies = {"slam.blackwood": "slam.blackwood.reply", "slam.kings": "slam.kings.reply",
               "nt.gerber": "nt.gerber.reply", "nt.gerber.kings": "nt.gerber.kings-reply",
               "slam.rkcb": "slam.rkcb.reply", "slam.queen-ask": "slam.queen-ask.reply",
               "slam.rkcb.kings": "slam.rkcb.kings-reply"}
    if asked not in replies or reply.rule != replies[asked]:
        return None
    if asked in ("slam.rkcb", "slam.queen-ask", "slam.rkcb.kings"):
        found = _after_keycards(ctx, hand, asked, reply.call)
    else:
        found = _after_reply(ctx, hand, asked, reply.call)
    if found is not None and not ctx.is_legal(found[0]):
        return None
    return found


def _after_reply(ctx: Context, hand: Hand, asked: str, reply_call: Call) -> tuple[Call, str, str] | None:
    reply_strain = reply_call.strain
    assert reply_strain is not None
    step = int(reply_strain) - (0 if asked.startswith("slam") else 1)  # 5C/4D = 0 (or 4)
    gerber = asked.startswith("nt")
    if gerber and reply_strain == Strain.NOTRUMP:
        step = 3
    kings = asked.endswith("kings")
    own = _kings(hand) if kings else _aces(hand)
    theirs = step if own + step <= 4 and not (step == 0 and own == 0) else 4
    if step == 0 and own == 0:
        theirs = 4
    total = own + theirs
    fit = agreed_suit(ctx, hand)
    if fit is None:  # (not "or": clubs is suit 0, and false)
        fit = own_trump_suit(ctx, hand)
    strain = Strain.NOTRUMP if fit is None or (gerber and hand.is_semi_balanced) else fit.strain
    combined = hand.hcp + estimate(ctx.ranges[ctx.partner])
    if not kings:
        if total <= 2:
            target = Call.bid(5, strain) if strain != Strain.NOTRUMP else None
            if gerber:
                target = Call.bid(4, Strain.NOTRUMP)
            if target is not None and ctx.is_legal(target):
                return target, "slam.signoff", "sign-off: two aces are missing"
            if strain != Strain.NOTRUMP and reply_call.strain != strain:  # the answer passed five of our suit
                return Call.bid(6, strain), "slam.signoff", "two aces are missing, but no room to stop lower"
            return Call.PASS, "slam.signoff", "sign-off: two aces are missing"
        if total == 3:
            return Call.bid(6, strain), "slam.small", "small slam: one ace is missing"
        if combined >= GRAND_POINTS - 2:
            ask = Call.bid(5, Strain.CLUBS) if gerber else Call.bid(5, Strain.NOTRUMP)
            if ctx.is_legal(ask):
                return ask, "nt.gerber.kings" if gerber else "slam.kings", "all the aces: asking for kings"
        return Call.bid(6, strain), "slam.small", "small slam: all the aces are ours"
    trumps_known = gerber or strain == Strain.NOTRUMP or agreed_suit(ctx) is not None or (
        fit is not None and hand.length(fit) >= 6 and _top_honours(hand, fit) >= 2)
    level = 7 if total == 4 and combined >= GRAND_POINTS - 2 and trumps_known else 6
    target = Call.bid(level, strain)
    if ctx.is_legal(target):
        return target, "slam.grand" if level == 7 else "slam.small", f"{'grand' if level == 7 else 'small'} slam"
    return Call.PASS, "slam.small", "slam reached"


def own_trump_suit(ctx: Context, hand: Hand) -> Suit | None:
    """With no fit agreed, the suit I would play a slam in: a 2C opener's five-card suit where I hold two, my
    own six-card suit, else partner's five-card suit where I hold three."""
    pr = ctx.ranges[ctx.partner]
    if any(ex.rule == "open.2c" for ex in ctx.calls_of(ctx.partner)):
        # The 2C opener's long suit is the trump suit, opposite a doubleton.
        strong = [s for s in Suit if pr.length_min[s] >= 5 and hand.length(s) >= 2]
        if strong:
            return max(strong, key=lambda s: (pr.length_min[s], s))
    mine = [s for s in Suit if hand.length(s) >= 6 and s not in ctx.their_suits]
    if mine:
        return max(mine, key=lambda s: (hand.length(s), s))
    theirs = [s for s in Suit if pr.length_min[s] >= 5 and hand.length(s) >= 3]
    return max(theirs, key=lambda s: (pr.length_min[s] + hand.length(s), s)) if theirs else None


# The answers to RKCB 1430 and the keycard counts each shows (5H two without the trump queen, 5S two with it).
KEYCARD_ANSWERS = {Strain.CLUBS: (1, 4), Strain.DIAMONDS: (0, 3), Strain.HEARTS: (2,), Strain.SPADES: (2,)}
TOTAL_HCP = 40


def _missing_keycard_points(hand: Hand, trump: Suit) -> list[int]:
    """The high-card points of the keycards I lack, cheapest first (the trump king 3, an ace 4)."""
    missing = [4] * (4 - _aces(hand))
    if not hand.holding(trump) >> 11 & 1:
        missing.insert(0, 3)
    return missing


def keycard_readings(ctx: Context, hand: Hand, counts: tuple[int, ...], queen: bool = False) -> tuple[int, ...]:
    """Which of an answer's keycard ``counts`` partner can hold: the five keycards less mine, and points enough
    for them (and the trump queen's two if the answer shows it) in partner's range, with what is left for the
    opponents' points enough for the rest (a 1430 answer of 0 or 3 opposite my 15 with one keycard and
    partner's 12 is three: the opponents' 13 cannot hold the other four keycards, 15 points at least).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1S P 2C P 3S P".split()), Vulnerability.NONE, "sayc")
    >>> [keycard_readings(ctx, Hand.parse(h), (0, 3)) for h in ("AQ5.K83.K4.QJ32", "A95.K83.K4.QJ432")]
    [(3,), (0, 3)]
    """
    trump = keycard_suit(ctx)
    assert trump is not None
    pr = ctx.ranges[ctx.partner]
    missing = _missing_keycard_points(hand, trump)
    theirs_max = TOTAL_HCP - hand.hcp - pr.hcp_min
    queen_points = 2 if queen else 0
    return tuple(k for k in counts if k <= len(missing) and sum(missing[:k]) + queen_points <= pr.hcp_max
                 and sum(missing[:len(missing) - k]) <= theirs_max)


def partner_keycards(ctx: Context, hand: Hand) -> tuple[int, bool | None]:
    """Partner's keycards from their answer to my RKCB (1 or 4, 0 or 3 settled by my own count and what
    partner has shown), and whether they hold the trump queen (None: not said)."""
    trump = keycard_suit(ctx)
    reply = next((ex.call for ex in reversed(ctx.calls_of(ctx.partner)) if ex.rule == "slam.rkcb.reply"), None)
    assert reply is not None and reply.strain is not None and trump is not None
    own = keycards(hand, trump)
    if reply.strain in (Strain.HEARTS, Strain.SPADES):
        return 2, reply.strain == Strain.SPADES
    low, high = KEYCARD_ANSWERS[reply.strain]
    readings = keycard_readings(ctx, hand, (low, high))
    if len(readings) == 1:
        return readings[0], None
    # Both readings possible: an opener, or a hand that has cue-bid towards slam, with none of the keycards
    # is too unlikely to read the answer so.
    shown = ctx.points_shown(ctx.partner)
    strong = (ctx.ranges[ctx.partner].hcp_min >= 12 or shown is not None and shown[0] >= 16
              or any(ex.rule in SLAM_TRIES for ex in ctx.calls_of(ctx.partner)))
    theirs = high if own + high <= 5 and (own + low <= 1 or (strong and own + low <= 2)) else low
    return theirs, None


def keycard_ask_can_stop(ctx: Context, hand: Hand) -> bool:
    """Whether every answer to my RKCB leaves room to stop short of a slam off two keycards: an answer that
    passes five of the trump suit must show enough keycards with mine (diamonds agreed, 5H's two keycards
    need two of my own; hearts agreed, 5S, two and the queen, needs two of mine unless the queen is mine or
    partner's range cannot hold two keycards and the queen), and I hold one at least (an ambiguous 5C or 5D
    below five of the trump suit is signed off there, and partner with the higher number bids six).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1C P 1D P 3D P".split()), Vulnerability.NONE, "sayc")
    >>> [keycard_ask_can_stop(ctx, Hand.parse(h)) for h in ("KQ5.Q8.AQJ54.KQ2", "AK5.Q8.AQJ54.KQ2")]
    [False, True]
    """
    trump = keycard_suit(ctx)
    if trump is None:
        return True
    own = keycards(hand, trump)
    if own == 0:
        return False
    five = Call.bid(5, trump.strain)
    holds_queen = bool(hand.holding(trump) >> 10 & 1)
    for strain, counts in KEYCARD_ANSWERS.items():
        if strain == Strain.SPADES and holds_queen:
            continue  # 5S shows the trump queen: partner cannot answer it
        readings = keycard_readings(ctx, hand, counts, queen=strain == Strain.SPADES)
        if readings and Call.bid(5, strain).index > five.index and own + min(readings) <= 3:
            return False
    return True


def keycard_ask(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """4NT asking for keycards (or aces), when 4NT asks here, is legal, and the answers leave room to stop."""
    four_nt = Call.bid(4, Strain.NOTRUMP)
    if not reads_as_ace_ask(ctx) or not ctx.is_legal(four_nt) or not keycard_ask_can_stop(ctx, hand):
        return None
    meaning, name = ace_ask(ctx)
    return four_nt, name, meaning.text


def _after_keycards(ctx: Context, hand: Hand, asked: str, reply: Call) -> tuple[Call, str, str] | None:
    """The RKCB asker places the contract: five with two keycards missing, six with one missing and the
    trump queen held, seven only with every keycard, the queen and enough to spare."""
    trump = keycard_suit(ctx)
    if trump is None:
        return None
    pr = ctx.ranges[ctx.partner]
    theirs, queen = partner_keycards(ctx, hand)
    if asked == "slam.queen-ask":
        queen = reply.level == 6
    total = keycards(hand, trump) + theirs
    if hand.holding(trump) >> 10 & 1 or hand.length(trump) + pr.length_min[trump] >= 10:
        queen = True
    combined = hand.hcp + estimate(pr)
    five, six, seven = (Call.bid(n, trump.strain) for n in (5, 6, 7))
    if asked == "slam.rkcb.kings":
        king_shown = reply.strain != trump.strain
        if (king_shown and combined >= GRAND_POINTS - 5) or combined >= GRAND_POINTS - 1:
            return seven, "slam.grand", "grand slam: every keycard, the trump queen and the kings we need"
        if ctx.is_legal(six):
            return six, "slam.small", "small slam: not enough for seven"
        # Six of the trump suit answered "no side king": it is our slam (never 6NT, which may lack the trumps).
        return Call.PASS, "slam.small", "small slam: partner's six of the trump suit, not enough for seven"
    if asked == "slam.rkcb" and reply.strain in (Strain.CLUBS, Strain.DIAMONDS) and ctx.is_legal(five):
        own = keycards(hand, trump)
        readings = keycard_readings(ctx, hand, KEYCARD_ANSWERS[reply.strain])
        if len(readings) == 2 and own + readings[0] <= 3 < own + readings[1]:
            # Kantar's rule: an answer I cannot read is signed off at five, and partner with the higher
            # number bids the slam (a guess at the higher one bid 6H off three keycards).
            return five, "slam.signoff", (f"sign-off: partner's answer shows {readings[0]} or {readings[1]} "
                                          f"keycards; with {readings[1]} partner bids six")
    if total <= 3:
        if ctx.is_legal(five):
            return five, "slam.signoff", "sign-off: two keycards are missing"
        return Call.PASS if reply == five else six, "slam.signoff", "two keycards are missing: no room to stop lower"
    if asked == "slam.queen-ask" and reply == five:
        return (six, "slam.small", "small slam: every keycard, but not the trump queen") if total == 5 else \
            (Call.PASS, "slam.signoff", "one keycard and the trump queen are missing")
    if queen is None:
        ask = queen_ask_call(ctx)
        if ask is not None and ctx.is_legal(ask):
            return ask, "slam.queen-ask", f"queen ask: is the queen of {trump.name.lower()} there?"
        queen = hand.length(trump) + pr.length_min[trump] >= 9
    if total == 4:
        if queen:
            return (six, "slam.small", "small slam: one keycard is missing") if ctx.is_legal(six) else \
                (Call.PASS, "slam.small", "slam reached")
        if ctx.is_legal(five):
            return five, "slam.signoff", "sign-off: a keycard and the trump queen are missing"
        return six, "slam.small", "small slam: no room to stop"
    kings = Call("5NT")
    if queen and combined >= GRAND_POINTS - 4 and ctx.is_legal(kings):
        return kings, "slam.rkcb.kings", "every keycard and the trump queen: asking for specific kings"
    if queen and combined >= GRAND_POINTS - 1 and ctx.is_legal(seven):
        return seven, "slam.grand", "grand slam: every keycard and the trump queen"
    if ctx.is_legal(six):
        return six, "slam.small", "small slam: every keycard is ours"
    return Call.PASS, "slam.small", "slam reached"


def _higher_keycard_number(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """Partner signed off at five of the trump suit over my 5C or 5D answer to RKCB (1 or 4, 0 or 3), and I
    hold the higher number: partner could not tell which, so I bid six (the asker holds a keycard at least).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1H P 3H P 4NT P 5C P 5H P".split()), Vulnerability.NONE, "sayc")
    >>> _higher_keycard_number(ctx, Hand.parse("A5.KQ83.AQ54.A32"))
    (Call('6H'), 'slam.rkcb.bid-on', 'six: 4 keycards, the higher number of my 5C answer')
    """
    mine = ctx.calls_of(ctx.seat)
    if not mine or mine[-1].rule != "slam.rkcb.reply" or not ctx.calls or not ctx.calls[-1].is_pass:
        return None
    answer = mine[-1].call
    trump = keycard_suit(ctx)
    if trump is None or answer.strain not in (Strain.CLUBS, Strain.DIAMONDS) or ctx.partner_last is None \
            or ctx.partner_last.call != Call.bid(5, trump.strain):
        return None
    high = KEYCARD_ANSWERS[answer.strain][1]
    six = Call.bid(6, trump.strain)
    if keycards(hand, trump) != high or not ctx.is_legal(six):
        return None
    return six, "slam.rkcb.bid-on", f"six: {high} keycards, the higher number of my {answer} answer"


OPEN_RANGE_EXTRA = 2


def _my_last_bid_natural_nt(ctx: Context) -> bool:
    last = next((ex for ex in reversed(ctx.calls_of(ctx.seat)) if ex.call.is_bid), None)
    return last is not None and last.call.strain == Strain.NOTRUMP and not last.meaning.alert


def _answer_nt_invitation(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """My answer to partner's quantitative 4NT (or 5NT, forcing to six) over my natural notrump rebid that
    limited my hand: the top half of the range accepts, a five-card suit counting a point."""
    invitation = ctx.partner_last_rule
    if invitation not in ("natural.nt-quantitative", "natural.nt-grand-invite") or not ctx.calls \
            or not ctx.calls[-1].is_pass:
        return None
    limits = nt_range(ctx, ctx.seat)
    if limits is not None:
        lo, hi = limits
        accept = 2 * (hand.hcp + (max(hand.shape) >= 5)) > lo + hi
        top, bottom = "the top of my range", "the bottom of my range"
    elif _my_last_bid_natural_nt(ctx):
        # An open-ended range (2C-2NT positive, 8+): "not a minimum" is two points over its floor.
        accept = hand.hcp + (max(hand.shape) >= 5) >= ctx.ranges[ctx.seat].hcp_min + OPEN_RANGE_EXTRA
        top, bottom = "more than my minimum", "a minimum"
    else:
        return None  # my last bid was no natural notrump: judge as usual
    if invitation == "natural.nt-quantitative":
        return (Call("6NT"), "natural.nt-accept", f"accepts the quantitative 4NT: {top}") if accept \
            else (Call.PASS, "natural.nt-decline", f"declines the quantitative 4NT: {bottom}")
    return (Call("7NT"), "natural.nt-accept", f"accepts the grand slam invitation: {top}") if accept \
        else (Call("6NT"), "natural.nt-decline", f"declines the grand slam invitation: {bottom}")


def _slam_over_notrump(ctx: Context, hand: Hand, strain: Strain) -> tuple[Call, str, str] | None:
    """On the way to a slam over partner's natural 1NT or 2NT: Gerber before a suit slam or with a hand too
    shapely for notrump; in notrump, 5NT (forcing to six, inviting seven) when seven needs partner's
    maximum, seven when even the minimum makes 37 HCP (no ace can be missing then)."""
    limits = nt_range(ctx, ctx.partner)
    if not gerber_available(ctx) or limits is None:
        return None
    lo, hi = limits
    if strain != Strain.NOTRUMP or not hand.is_semi_balanced:
        if _aces(hand) < 4 and ctx.is_legal(Call("4C")):
            return Call("4C"), "nt.gerber", "Gerber: how many aces? (slam values opposite partner's notrump)"
        return None
    if hand.hcp + lo >= GRAND_POINTS and ctx.is_legal(Call("7NT")):
        return Call("7NT"), "natural.slam", f"grand slam: at least {hand.hcp + lo} HCP together"
    if hand.hcp + hi >= GRAND_POINTS and hand.hcp + lo >= SLAM_POINTS and ctx.is_legal(Call("5NT")):
        return Call("5NT"), "natural.nt-grand-invite", "5NT: forcing to 6NT, invites 7NT"
    return None


def _second_suit_for_slam(ctx: Context, hand: Hand, strain: Strain) -> tuple[Call, str, str] | None:
    """Slam values over partner's natural 3NT with an unbalanced hand: a second five-card suit at the four
    level, forcing, before any notrump slam (quantitative 4NT and 6NT promise a balanced hand; 6NT went down
    where six of a 5-4 minor fit made)."""
    if (strain != Strain.NOTRUMP or ctx.last_bid != Call("3NT") or not ctx.last_bid_is_ours or ctx.they_have_bid
            or not partner_bid_nt_naturally(ctx)):
        return None
    suit = _unbid_long_suit(ctx, hand)
    if suit is None:
        return None
    call = Call.bid(4, suit.strain)
    if not ctx.is_legal(call):
        return None
    return call, "natural.slam-suit", f"{call}: a second five-card suit and slam interest, forcing"


def _unbid_long_suit(ctx: Context, hand: Hand) -> Suit | None:
    """My five-card suit neither of us has bid, when my hand is unbalanced (a singleton, a void, or 5-5)."""
    if hand.is_semi_balanced and sorted(hand.shape)[-2] < 5:
        return None
    long = [s for s in Suit if hand.length(s) >= 5 and not _shown_suit(ctx, s)]
    return max(long, key=lambda s: (hand.length(s), s)) if long else None


def _is_slam_suit(ctx: Context, call: Call) -> bool:
    """Whether ``call`` is a new suit at the four level over partner's natural 3NT (a second suit, slam
    interest), as :func:`_second_suit_for_slam` bids it."""
    last = ctx.last_bid
    suit = call.strain.suit if call.strain is not None else None
    return (suit is not None and call.level == 4 and last == Call("3NT") and ctx.last_bid_is_ours
            and partner_bid_nt_naturally(ctx) and not ctx.they_have_bid and ctx.system != "basic"
            and any(ex.call.is_bid for ex in ctx.calls_of(ctx.seat)) and not _shown_suit(ctx, suit))


def _shown_suit(ctx: Context, suit: Suit) -> bool:
    """A suit I have bid, or one either of us has shown four of."""
    return suit in _suits_named(ctx, ctx.seat) or max(
        ctx.ranges[ctx.seat].length_min[suit], ctx.ranges[ctx.partner].length_min[suit]) >= 4


LIMITED_POINTS = 3  # a points range this narrow (a limit raise's 10-12) has described the hand
LIMITED_WIDTH = 5  # a hand whose calls have pinned its HCP within this many points has described itself


def _limited_and_placed(ctx: Context) -> bool:
    """I have limited my hand and partner, knowing it, chose a game (no slam try): partner has placed the
    contract, and my points, already counted by partner, are no reason to go on (a 5-count drove a 2C
    opener's 4S to a failing five-level keycard ask).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> _limited_and_placed(context_for(Auction("N", "2C P 2D P 2NT P 3H P 3S P 3NT P 4S P".split()),
    ...                                 Vulnerability.NONE, "sayc"))
    True
    """
    last, ex = ctx.last_bid, ctx.partner_last
    if ctx.system == "basic" or last is None or ex is None or ex.call is not last or last.strain is None:
        return False
    r = ctx.ranges[ctx.seat]
    return (last.level >= GAME_LEVEL[last.strain] and ex.rule not in SLAM_TRIES
            and ex.meaning.forcing in (Forcing.NONFORCING, Forcing.SIGNOFF) and r.hcp_max - r.hcp_min <= LIMITED_WIDTH)


def _artificial_doubled(ctx: Context) -> bool:
    """Our side's last bid named a suit it did not promise (a cue-bid, an ask) and they doubled it: never
    leave it there."""
    last = ctx.last_bid
    if last is None or not ctx.last_bid_is_ours or ctx.auction.doubled != 1 or ctx.system == "basic":
        return False
    if last.strain is None or last.strain.suit is None:
        return False
    suit = last.strain.suit
    bidder = next((ex for ex in reversed(ctx.history) if ex.call.is_bid), None)
    if bidder is None or bidder.meaning.range.length_min[suit] >= 3:
        return False
    if ctx.ranges[bidder.seat].length_min[suit] + ctx.ranges[bidder.seat.partner].length_min[suit] >= 8:
        return False  # a raise: two cards opposite a weak two's six are a fit, not an artificial bid
    return ctx.ranges[bidder.seat].length_min[suit] < 3


def _forced_call(ctx: Context, hand: Hand, avoid: Call | None = None) -> tuple[Call, str, str]:
    """The cheapest honest call when passing is not allowed: a fit for partner, a long suit, notrump with
    stoppers, a preference; each level higher than needed costs. ``avoid``: a strain we must leave (an
    artificial bid of ours they doubled)."""
    pr = ctx.ranges[ctx.partner]
    partner_suits = sorted((s for s in Suit if pr.length_min[s] >= 4), key=lambda s: -pr.length_min[s])
    options: list[tuple[float, Call, str]] = []
    legal_bids = [c for c in ctx.auction.legal_calls() if c.is_bid]
    floor = legal_bids[0].level if legal_bids else 7

    def add(score: float, call: Call | None, text: str) -> None:
        if avoid is not None and call is not None and call.strain == avoid.strain:
            return
        if _legal(ctx, call):
            assert call is not None
            options.append((score - 2.0 * (call.level - floor), call, text))

    for s in Suit:
        c = cheapest(ctx, s.strain)
        n = hand.length(s)
        if s in partner_suits and n + pr.length_min[s] >= 8:
            add(10 + (1 if s.is_major else 0), c, "support for partner")
        elif s in partner_suits and n + pr.length_min[s] >= 7:
            add(6.5 + (0.5 if s.is_major else 0), c, "support for partner")
        elif s not in ctx.their_suits and n >= 6:
            add(8.0, c, f"natural, {n} {s.name.lower()}")
        elif s not in ctx.their_suits and n >= 5:
            add(6.0, c, f"natural, {n} {s.name.lower()}")
        elif s not in ctx.their_suits and n >= 4:
            add(4.0, c, f"natural, {n} {s.name.lower()}")
    nt = cheapest(ctx, Strain.NOTRUMP)
    if all(hand.stopper(s) for s in ctx.their_suits) and nt is not None and nt.level <= 3:
        # (4NT would read as an ace ask: notrump is the way out only below it.)
        add(7.0 + (1 if hand.is_balanced else 0), nt, "notrump, nothing else to say")
    for s in partner_suits:
        if hand.length(s) >= 2:
            add(5.0 + hand.length(s) * 0.1, cheapest(ctx, s.strain), "preference to partner's suit")
    if not options:
        for c in ctx.auction.legal_calls():
            if c.is_bid and (avoid is None or c.strain != avoid.strain):
                return c, "natural.forced", "forced to bid: the cheapest call"
        return Call.PASS, "natural.pass", "nothing legal but pass"
    options.sort(key=lambda o: (-o[0], o[1].index))
    _, call, text = options[0]
    return call, "natural.forced", f"forced to bid: {text}"


def _enter(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """Compete when the opponents opened and our side has said nothing that a rule covered."""
    last = ctx.last_bid
    if last is None or ctx.last_bid_is_ours:
        return None
    theirs = set(ctx.their_suits)
    if last.strain is not None and last.strain.suit is not None:
        theirs.add(last.strain.suit)
    hcp = hand.hcp
    if (ctx.system != "basic" and hcp >= 12 + last.level - 1 and last.strain != Strain.NOTRUMP and last.level <= 4
            and all(hand.length(s) <= 2 for s in theirs)
            and (all(hand.length(s) >= 3 for s in Suit if s not in theirs)
                 or all(hand.length(m) >= 4 for m in MAJORS if m not in theirs) and last.level <= 3
                 and any(hand.length(m) >= 6 for m in (Suit.CLUBS, Suit.DIAMONDS) if m not in theirs))
            and ctx.is_legal(Call.DOUBLE)):
        # (A six-card minor of my own stands in for support of the other, short, minor: I correct to it.)
        return Call.DOUBLE, "natural.takeout-double", "takeout double"
    best: tuple[int, Call, Suit] | None = None
    for s in Suit:
        if s in theirs:
            continue
        c = cheapest(ctx, s.strain)
        if not _legal(ctx, c):
            continue
        assert c is not None
        n = hand.length(s)
        need_hcp = {1: 8, 2: 10, 3: 12}.get(c.level, 99)
        need_len = 5 if c.level <= 2 or (hcp >= 13 and good_suit(hand, s)) else 6
        if n >= need_len and hcp >= need_hcp - (n - need_len) and (n >= 6 or hand.holding(s) >> 10 & 0b111):
            if best is None or (n, s) > (best[0], best[2]):
                best = (n, c, s)
    if best is not None:
        return best[1], "natural.overcall", f"natural overcall in {best[2].name.lower()}"
    nt = cheapest(ctx, Strain.NOTRUMP)
    if (nt is not None and nt.level <= 3 and hand.is_balanced and 15 + 2 * (nt.level - 1) <= hcp
            and all(hand.stopper(s) for s in theirs) and ctx.is_legal(nt)):
        return nt, "natural.nt", "natural notrump with stoppers"
    return None


def _doubler_estimate(ctx: Context, pr: HandRange) -> float:
    """Partner's points when all partner has done is double: near the floor (a double's range runs up to 37 to
    hold the strong hands, which bid again; a pass since then denies them).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("W", "2H X 3H".split()), Vulnerability.NS, "sayc")
    >>> _doubler_estimate(ctx, ctx.ranges[ctx.partner])
    15
    """
    acts = [ex for ex in ctx.calls_of(ctx.partner) if ex.call.is_bid or ex.call.is_double]
    if not acts or not all(ex.call.is_double for ex in acts):
        return 40.0
    passed_since = ctx.calls_of(ctx.partner)[-1].call.is_pass
    return pr.hcp_min + (1 if passed_since else 2)


def partner_estimate(ctx: Context, my_hcp: int) -> float:
    """The points the natural judgement credits partner with: the range's working guess, or the points the
    rules stated, capped by what a lone double shows and by the HCP left once mine and theirs are counted."""
    pr = ctx.ranges[ctx.partner]
    p_est = estimate(pr)
    stated = ctx.points_shown(ctx.partner)
    if stated is not None:  # points stated by the rules are a better guide than the loose HCP floor
        p_est = max(p_est, stated[0] + 0.4 * (min(stated[1], stated[0] + 8) - stated[0]) - 1)
    p_est = min(p_est, _doubler_estimate(ctx, pr))
    # What the opponents have shown is not partner's: 40 HCP in the pack.
    theirs_shown = ctx.ranges[ctx.seat.lho].hcp_min + ctx.ranges[ctx.seat.rho].hcp_min
    return min(p_est, max(0, 40 - my_hcp - theirs_shown))


def _second_entry_ok(ctx: Context, hand: Hand, call: Call) -> bool:
    """Partner silent, I have overcalled already: my suit again needs a sixth card (or a good suit at the two
    level), a new suit five cards beside the five I showed (the law of total tricks: alone, eight trumps are
    not enough at the three level; a bfgbidding board went four down in 2S repeating a poor five-card suit).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("S", "P 1C P 1H 1S P P 2H".split()), Vulnerability.NS, "sayc")
    >>> _second_entry_ok(ctx, Hand.parse("AJ853.KT.J32.JT8"), Call("2S"))
    False
    """
    mine = [ex.call for ex in ctx.calls_of(ctx.seat) if ex.call.is_bid]
    if not mine or call.strain is None or call.strain.suit is None:
        return True
    shown = _suits_named(ctx, ctx.seat)
    suit = call.strain.suit
    if suit in shown:
        return hand.length(suit) >= 6 or call.level <= 2 and good_suit(hand, suit)
    return hand.length(suit) >= 5 and all(hand.length(s) >= 5 for s in shown)


def _penalty_double(ctx: Context, hand: Hand, combined: float) -> bool:
    """Double a runaway contract: they bid at the three level or higher into our strength and our trumps."""
    last = ctx.last_bid
    if last is None or ctx.last_bid_is_ours or not ctx.is_legal(Call.DOUBLE) or last.level < 3:
        return False
    if last.strain is None or last.strain.suit is None or ctx.system == "basic":
        return False
    trumps = last.strain.suit
    honours = sum(hand.holding(trumps) >> b & 1 for b in (12, 11, 10, 9, 8))
    return combined >= 23 and hand.length(trumps) >= 4 and honours >= 2 and partner_has_bid(ctx) \
        and defence_beats(ctx, hand, last, combined - hand.hcp)


def quick_tricks(hand: Hand, suit: Suit) -> float:
    """Defensive tricks of a side suit: AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5 (a singleton king none).

    >>> hand = Hand.parse("AK2.AQ3.KQ4.K765")
    >>> [quick_tricks(hand, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    [2.0, 1.5, 1.0, 0.5]
    """
    h, n = hand.holding(suit), hand.length(suit)
    a, k, q = h >> 12 & 1, h >> 11 & 1, h >> 10 & 1
    if a:
        return 2.0 if k else 1.5 if q else 1.0
    if k and n >= 2:
        return 1.0 if q else 0.5
    return 0.0


def trump_tricks(hand: Hand, trump: Suit) -> float:
    """Tricks my holding in their trump suit takes in defence: honours that survive, and length beyond four.

    >>> [trump_tricks(Hand.parse(h), Suit.SPADES) for h in ("KJ94.A2.AQ.KQT74", "8642.QJ.KQJ8.KQJ")]
    [1.75, 0.0]
    """
    h, n = hand.holding(trump), hand.length(trump)
    got = 0.0
    for bit, need in ((12, 1), (11, 2), (10, 3), (9, 4)):
        if h >> bit & 1 and n >= need:
            got += 1.0 if bit >= 11 else 0.75
    return min(n, got + max(0, n - 4))


def defence_beats(ctx: Context, hand: Hand, contract: Call, partner_points: float) -> bool:
    """Whether we expect to set ``contract`` by tricks, not points: my side-suit quick tricks and trump
    tricks, and about a trick for every four of partner's points (less when partner has shown a long suit
    of their own, whose tricks do not cash against a trump contract)."""
    trump = contract.strain.suit if contract.strain is not None else None
    mine = sum(quick_tricks(hand, s) for s in Suit if s != trump)
    if trump is not None:
        mine += trump_tricks(hand, trump)
    pr = ctx.ranges[ctx.partner]
    long_suit = max(pr.length_min) >= 6
    theirs = max(0.0, partner_points - 2) / (5 if long_suit else 4)
    return mine + theirs >= 8 - contract.level


PULL_VOID_LENGTH = 6  # my own suit's length to take out partner's penalty double with a void in their trumps


def _after_partner_double(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """Partner doubled their suit contract and the next hand passed. A takeout double I must answer is passed
    for penalty with a trump holding that takes tricks behind declarer (KJT97 over their 3S); a penalty
    double is taken out with a void in their trumps and six cards of a suit of mine (or a singleton and seven):
    a hand that plays, not one that defends (4S doubled made opposite a void and eight hearts)."""
    ex, last = ctx.partner_last, ctx.last_bid
    if (ctx.system == "basic" or ex is None or not ex.call.is_double or not ctx.calls or not ctx.calls[-1].is_pass
            or last is None or ctx.last_bid_is_ours or last.strain is None or last.strain.suit is None
            or ctx.auction.doubled != 1):
        return None
    trump = last.strain.suit
    if ex.meaning.forcing.forces:
        n, tricks = hand.length(trump), trump_tricks(hand, trump)
        if last.level >= 2 and (n >= 5 and tricks >= 1.5 or n >= 4 and tricks >= 2.5):
            return Call.PASS, "natural.penalty-pass", "penalty pass: trump tricks behind the declarer"
        return None
    for suit in sorted(_suits_named(ctx, ctx.seat), key=lambda s: -hand.length(s)):
        n = hand.length(suit)
        if suit != trump and (hand.length(trump) == 0 and n >= PULL_VOID_LENGTH
                              or hand.length(trump) <= 1 and n >= PULL_VOID_LENGTH + 1):
            bid = cheapest(ctx, suit.strain)
            if bid is not None and bid.level <= 5 and ctx.is_legal(bid):
                return bid, "natural.pull-double", (f"takes out partner's penalty double: {n} {suit.name.lower()} "
                                                    f"and {hand.length(trump)} of their trumps")
    return None


def _reopening(ctx: Context) -> bool:
    """The opener, partner silent, their suit bid at the two level or lower: a double reopens."""
    last = ctx.last_bid
    return (ctx.opener == ctx.seat and not partner_has_bid(ctx) and last is not None and not ctx.last_bid_is_ours
            and last.level <= 2 and last.strain != Strain.NOTRUMP
            and not any(ex.call.is_double for ex in ctx.calls_of(ctx.partner)))


def _top_honours(hand: Hand, suit: Suit) -> int:
    return sum(hand.holding(suit) >> b & 1 for b in (12, 11, 10))


def side_losers(hand: Hand, trump: Suit) -> int:
    """Losing-trick count of the side suits: of the first three cards of each, those not the A, K or Q."""
    total = 0
    for s in Suit:
        if s == trump:
            continue
        n = hand.length(s)
        top = [hand.holding(s) >> b & 1 for b in (12, 11, 10)][: min(n, 3)]
        total += len(top) - sum(top)
    return total


def _grand_slam_force(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """Answer partner's Grand Slam Force, or ask it: no side losers, the trump suit lacking only honours."""
    if ctx.system == "basic":
        return None
    if ctx.partner_last_rule == "slam.grand-slam-force" and ctx.calls and ctx.calls[-1].is_pass:
        fit = agreed_suit(ctx, hand, need=7)
        if fit is not None:
            level = 7 if _top_honours(hand, fit) >= 2 else 6
            return Call.bid(level, fit.strain), "slam.gsf-reply", (
                "two of the top three trump honours: seven" if level == 7 else "not two of the top three: six")
    mine = ctx.calls_of(ctx.seat)
    if mine and mine[-1].rule == "slam.grand-slam-force" and ctx.calls and ctx.calls[-1].is_pass:
        return Call.PASS, "slam.gsf-done", "partner has placed the slam"
    fit = agreed_suit(ctx, hand)
    last = ctx.last_bid
    five_nt = Call("5NT")
    if (fit is None or last is None or not ctx.last_bid_is_ours or last.level > 4 or last is Call("4NT")
            or not ctx.is_legal(five_nt) or not partner_has_bid(ctx)):
        return None
    trumps = ctx.ranges[ctx.partner].length_min[fit] + hand.length(fit)
    if side_losers(hand, fit) == 0 and _top_honours(hand, fit) == 1 and trumps >= 8 and hand.length(fit) >= 3:
        return five_nt, "slam.grand-slam-force", "Grand Slam Force: only the top trumps are in doubt"
    return None


SLAM_TRY_POINTS = 30
STRONG_TRY_ALLOWANCE = 4
MUTUAL_INTEREST = 2  # points the keycard ask may lack once both hands have shown slam interest
# Calls that show slam interest with a suit agreed: partner answers them as a cue-bid.
SLAM_TRIES = frozenset({"slam.cue", "nt.major-slam-try", "nt.stayman-slam-try", "nt.transfer-slam-try",
                        "nt.stayman-minor-slam-try"})
PENALTY_POINTS = 25  # the points we credit our side with to double them for penalty
PENALTY_TRUMPS = 4
LTC_SLAM_TRICKS = 12
LTC_SLAM_FLOOR = 28


# A preempt is judged by its tricks, not its points: about seven losers for a three-level preempt, a trick
# fewer at the four level, eight or nine for a weak two (a weak two's range is wide; 8.5 measured best).
PREEMPT_LOSERS = {"open.weak-two": 8.5, "open.preempt-3": 7.0, "open.preempt-4": 6.5}


def partner_losers(points: float, ctx: Context | None = None) -> float:
    """Partner's likely losing-trick count: from a preempt's level, else from the points we credit them with
    (13 points, about 7 losers)."""
    if ctx is not None:
        opened = next((ex.rule for ex in ctx.calls_of(ctx.partner) if ex.call.is_bid), None)
        if opened in PREEMPT_LOSERS:
            return PREEMPT_LOSERS[opened]
    return min(10.0, max(4.0, 11.3 - points / 3))


def self_sufficient(hand: Hand, suit: Suit) -> bool:
    """A suit that plays opposite a void: seven cards with two of the top three honours, or six headed by
    the ace, king and queen.

    >>> [self_sufficient(Hand.parse(h), Suit.HEARTS) for h in ("KQT.AKQT986.A.K5", "AK95.AKJ73.6.AQ8")]
    [True, False]
    """
    n, top = hand.length(suit), _top_honours(hand, suit)
    return n >= 7 and top >= 2 or n >= 6 and top == 3


def _strong_hand_drives(ctx: Context, hand: Hand, fit: Suit | None, p_est: float) -> tuple[Call, str, str] | None:
    """The strong 2C opener is the captain: with a fit or a self-sufficient suit of its own, it counts
    tricks (losing-trick count: its own losers and those partner's calls imply), and with twelve it drives
    to a slam: Blackwood first unless it holds three aces (one ace missing at most); partner's points
    alone never get there opposite a 2C opener's (a 25-count passed 3NT with twelve tricks in hand). Not with a
    void in partner's suit: the values partner showed are wasted there."""
    if ctx.system == "basic" or not any(ex.rule == "open.2c" for ex in ctx.calls_of(ctx.seat)) \
            or not partner_has_bid(ctx) or not ctx.last_bid_is_ours or ctx.they_have_bid:
        return None
    trump = fit
    if trump is None:
        own = [s for s in Suit if self_sufficient(hand, s)]
        trump = max(own, key=lambda s: (hand.length(s), s)) if own else None
    last = ctx.last_bid
    if trump is None or last is None or last.level >= 6:
        return None
    if void_in_partners_suit(ctx, hand):
        return None  # partner's values sit in my void (and Blackwood's answer may be the ace there)
    tricks = 24 - hand.losers - partner_losers(p_est, ctx)
    if tricks < LTC_SLAM_TRICKS:
        return None
    if _aces(hand) < 3:
        ask = keycard_ask(ctx, hand)
        return (ask[0], ask[1], f"{ask[2]}: about {tricks:.0f} tricks together") if ask is not None else None
    # Notrump scores more when every suit is held and partner's last bid was natural notrump.
    strain = Strain.NOTRUMP if partner_bid_nt_naturally(ctx) and min(hand.shape) >= 2 else trump.strain
    slam = Call.bid(6, strain)
    if not ctx.is_legal(slam):
        return None
    return slam, "natural.slam", f"slam: about {tricks:.0f} tricks together, at most one ace missing"


def void_in_partners_suit(ctx: Context, hand: Hand) -> bool:
    """A void where partner has shown four cards or more: partner's values there are wasted for slam."""
    return any(hand.length(s) == 0 and ctx.ranges[ctx.partner].length_min[s] >= 4 for s in Suit)


def _slam_try(ctx: Context, hand: Hand, slam_combined: float, level: int) -> tuple[Call, str, str] | None:
    """Control cue-bidding with a major agreed at the game-forcing level: cue with slam interest, answer
    partner's cue, and use Blackwood only when no side suit is left without a control."""
    if ctx.system == "basic":
        return None
    fit = agreed_suit(ctx, need=8)
    implied = implied_major(ctx)
    if fit is None and implied is not None and hand.length(implied) >= 2:
        fit = implied  # partner's six-card major: a cue-bid of mine agrees it
    last = ctx.last_bid
    if fit is None or not fit.is_major or last is None or not ctx.last_bid_is_ours or ctx.auction.doubled:
        return None
    game = Call.bid(4, fit.strain)
    blackwood = Call.bid(4, Strain.NOTRUMP)
    can_ask = ctx.is_legal(blackwood) and keycard_ask_can_stop(ctx, hand)
    partner_cued = ctx.partner_last_rule in SLAM_TRIES and ctx.calls and ctx.calls[-1].is_pass
    i_cued = any(ex.rule in SLAM_TRIES for ex in ctx.calls_of(ctx.seat))
    holes = uncontrolled(ctx, hand, fit)
    # Slam values and every suit controlled, but an answer to 4NT could pass five of the trump suit with two
    # keycards missing (one keycard of mine, hearts agreed): cue-bid, past game if need be, so that partner,
    # who may hold the keycards, asks.
    too_few_keycards = level >= 6 and not holes and ctx.is_legal(blackwood) and reads_as_ace_ask(ctx) \
        and not can_ask and not void_in_partners_suit(ctx, hand)
    past_game_cue = _cheapest_cue(ctx, hand, fit, past_game=True) if too_few_keycards else None
    if past_game_cue is not None and past_game_cue.index < game.index:
        past_game_cue = None  # a cue-bid below game is the ordinary one
    if partner_cued and last.index > game.index:
        # Partner's cue-bid past game: slam values and every side suit controlled, short of keycards. Ask
        # when the answers stop in five with two keycards missing, else sign off in five.
        if can_ask:
            return blackwood, ace_ask(ctx)[1], "keycard ask: partner's cue-bid past game shows slam values"
        five = Call.bid(5, fit.strain)
        return five, "slam.signoff", f"sign-off in {five}: too few keycards to ask"
    if partner_cued:
        # Partner is interested: go on with extras or controls of my own, else sign off in game.
        # Both of us have cue-bid: each has shown interest, so a little less is enough to ask.
        enough = SLAM_POINTS - (MUTUAL_INTEREST if i_cued else 0)
        if any(s not in own_controls(hand) for s in controls_denied(ctx, ctx.partner) if s != fit) \
                and ctx.is_legal(game):
            return game, "slam.signoff", "sign-off in game: a suit partner's cue-bid skipped is not controlled"
        cue = _cheapest_cue(ctx, hand, fit)
        captain = any(ex.rule == "open.2c" for ex in ctx.calls_of(ctx.partner))
        if not holes and slam_combined >= enough and can_ask and not (captain and cue):
            # (Opposite a strong 2C the weak hand shows its controls and lets the strong one ask.)
            return blackwood, ace_ask(ctx)[1], "keycard ask: every suit controlled after partner's cue-bid"
        if cue is not None and slam_combined >= SLAM_TRY_POINTS - 1 and not i_cued:
            return cue, "slam.cue", f"cue-bid: a control in {_word(cue)}"
        shown = ctx.points_shown(ctx.seat)
        if (cue is not None and not i_cued and shown is not None and shown[1] - shown[0] <= LIMITED_POINTS
                and 2 * support_points(hand, fit) >= shown[0] + shown[1]):
            # Partner tries for slam opposite my limited hand (a limit raise): partner has counted my range,
            # so the top half of it cooperates and the bottom signs off.
            return cue, "slam.cue", f"cue-bid: a control in {_word(cue)}, the top of the {shown[0]}-{shown[1]} I showed"
        if cue is not None and i_cued and not holes:
            return cue, "slam.cue", f"cue-bid: a control in {_word(cue)}"
        if past_game_cue is not None and i_cued:
            return past_game_cue, "slam.cue", (f"cue-bid past game: a control in {_word(past_game_cue)}, slam "
                                               f"values but too few keycards to ask")
        if ctx.is_legal(game):
            return game, "slam.signoff", "sign-off in game: no more to show"
        return None
    if i_cued and ctx.partner_last is not None and ctx.partner_last.call is last and (
            last is Call.bid(5, fit.strain) and ctx.partner_last_rule == "slam.signoff"):
        return Call.PASS, "slam.signoff", "partner signed off in five over my cue-bid past game"
    if i_cued and last is game and ctx.partner_last is not None and ctx.partner_last.call is game:
        # Partner signed off after my cue-bid.
        if not holes and slam_combined >= SLAM_POINTS + 2 and can_ask:
            return blackwood, ace_ask(ctx)[1], "keycard ask: enough for slam even opposite a sign-off"
        if past_game_cue is not None and slam_combined >= SLAM_POINTS + 2:
            return past_game_cue, "slam.cue", (f"cue-bid past game: a control in {_word(past_game_cue)}, enough "
                                               f"for slam opposite a sign-off but too few keycards to ask")
        # Partner cue-bid first and then stopped: a suit neither of us has cued is the likely reason. Holding
        # its control myself, both hands have shown interest and every suit is covered: ask.
        partner_tried = any(ex.rule in SLAM_TRIES for ex in ctx.calls_of(ctx.partner))
        unshown = [s for s in Suit if s != fit and s not in controls_shown(ctx, ctx.partner)
                   and s not in controls_shown(ctx, ctx.seat)]
        if (partner_tried and not holes and unshown and all(s in own_controls(hand) for s in unshown)
                and slam_combined >= SLAM_POINTS - MUTUAL_INTEREST and can_ask):
            return blackwood, ace_ask(ctx)[1], (f"keycard ask: partner stopped for want of a control in "
                                                f"{' and '.join(s.name.lower() for s in unshown)}, and I hold it")
        return Call.PASS, "slam.signoff", "partner signed off in game"
    opened = next((ex.rule for ex in ctx.calls_of(ctx.seat) if ex.call.is_bid), None)
    # A strong 2C opener raised by partner tries for slam on less: partner's raise (not the weak jump to
    # game) promises some values the range's floor of 0 does not count, and the cue-bid costs nothing.
    allowance = STRONG_TRY_ALLOWANCE if opened == "open.2c" else 0
    if past_game_cue is not None and last is game and ctx.partner_last is not None \
            and ctx.partner_last.call is game:
        return past_game_cue, "slam.cue", (f"cue-bid past game: a control in {_word(past_game_cue)}, slam values "
                                           f"but too few keycards to ask")
    if slam_combined < SLAM_TRY_POINTS - allowance or last.index >= game.index:
        return None
    if not (ctx.game_forced or (last.strain in (fit.strain, Strain.NOTRUMP) and last.level >= 3)):
        return None
    if level >= 6 and not holes and not too_few_keycards:
        return None  # Blackwood, below
    cue = _cheapest_cue(ctx, hand, fit)
    if cue is not None:
        if too_few_keycards:
            return cue, "slam.cue", f"cue-bid: slam values, a control in {_word(cue)}, too few keycards to ask"
        return cue, "slam.cue", f"cue-bid: slam interest, a control in {_word(cue)}"
    return None


def _below_game_with_interest(ctx: Context, hand: Hand, strain: Strain, level: int,
                              slam_combined: float) -> tuple[Call, str, str] | None:
    """Game forced, a major to play and slam interest short of asking: the major at the three level, which
    forces and leaves partner room to cue-bid, not the jump to game, the weakest bid (fast arrival: 1C 1S 3H
    4S ended a 19-count opposite six spades to the ace, king, jack, with 6S cold). Not with a void in
    partner's suit, where partner's values are wasted, nor after our 2C, where the opener's jump to game in
    its own suit sets the trumps (2C 3C 3H let partner bid on in clubs).

    >>> from redouble import Auction, Vulnerability
    >>> from redouble.bidding.engine import context_for
    >>> ctx = context_for(Auction("N", "1C P 1S P 3H P".split()), Vulnerability.NONE, "sayc")
    >>> _below_game_with_interest(ctx, Hand.parse("AKJ983.5.82.Q543"), Strain.SPADES, 4, 31.0)
    (Call('3S'), 'natural.slam-interest', '3S: forcing, slam interest (the jump to game would be the weakest)')
    """
    suit = strain.suit
    if (ctx.system == "basic" or suit is None or not suit.is_major or level != GAME_LEVEL[strain]
            or not ctx.game_forced or slam_combined < SLAM_TRY_POINTS
            or void_in_partners_suit(ctx, hand)
            or any(ex.rule == "open.2c" for ex in ctx.history if ex.seat in (ctx.seat, ctx.partner))):
        return None
    three = Call.bid(3, strain)
    if not ctx.is_legal(three):
        return None
    return three, "natural.slam-interest", f"{three}: forcing, slam interest (the jump to game would be the weakest)"


SACRIFICE_TRUMPS = 10  # the law of total tricks: ten trumps take about ten tricks, two down at the five level
SACRIFICE_POINTS = 20  # at most this many points together: the game is theirs


def _sacrifice(ctx: Context, hand: Hand, combined: float, partner_points: float) -> tuple[Call, str, str] | None:
    """At favourable vulnerability, over their game, with ten trumps together and the points theirs: bid on
    (two down not vulnerable costs 300, less than their vulnerable game), unless our defence should beat it."""
    last = ctx.last_bid
    if (ctx.system == "basic" or last is None or ctx.last_bid_is_ours or last.strain is None
            or last.level < GAME_LEVEL[last.strain] or last.level >= 6 or ctx.we_vulnerable or not ctx.they_vulnerable
            or ctx.auction.doubled or combined > SACRIFICE_POINTS):
        return None
    theirs = next((ex for ex in reversed(ctx.history) if ex.call.is_bid), None)
    if theirs is not None and (theirs.rule or "").startswith("slam."):
        return None  # an ace ask, its answer or a cue-bid: they are going to slam, not playing game there
    fit = agreed_suit(ctx, hand)
    if fit is None or fit.strain == last.strain or hand.length(fit) + ctx.ranges[ctx.partner].length_min[fit] \
            < SACRIFICE_TRUMPS or defence_beats(ctx, hand, last, partner_points):
        return None
    bid = cheapest(ctx, fit.strain)
    if bid is None or bid.level > 5 or not ctx.is_legal(bid):
        return None
    return bid, "natural.sacrifice", f"sacrifice at favourable vulnerability: ten or more {fit.name.lower()} together"


# Calls that describe a weak hand in one go: partner decides from there on.
PREEMPTIVE = frozenset({"open.weak-two", "open.preempt-3", "open.preempt-4", "xx.jump-raise", "xx.jump-shift",
                        "comp.weak-jump"})
PENALTY_PASS_HCP = 6  # to pass partner's reopening double for penalty (with trump tricks)
COMPETE_LOSERS = 5  # an opener with this few losers and a long suit does not sell out to their partscore


def _their_fit(ctx: Context, suit: Suit) -> int:
    """The trumps the opponents have shown between them in ``suit``."""
    return ctx.ranges[ctx.seat.lho].length_min[suit] + ctx.ranges[ctx.seat.rho].length_min[suit]


def _compete_or_not(ctx: Context, hand: Hand) -> tuple[Call, str, str] | None:
    """Two competitive habits: a preemptor has said it all and passes when they bid on (unless partner
    asks), and an opener with a playing hand (five losers or fewer, a six-card suit or two five-card suits)
    bids its long suit again at the three level rather than sell out to their partscore while partner passes."""
    last = ctx.last_bid
    if ctx.system == "basic" or last is None or ctx.last_bid_is_ours or ctx.forced:
        return None
    mine = [ex for ex in ctx.calls_of(ctx.seat) if ex.call.is_bid]
    partner_bids = [ex for ex in ctx.calls_of(ctx.partner) if ex.call.is_bid or ex.call.is_double]
    if mine and mine[0].rule in PREEMPTIVE and all(ex.call.is_bid and ex.call.strain == mine[0].call.strain
                                                  for ex in partner_bids):
        return Call.PASS, "natural.preempted", "a preemptor does not bid twice: partner decides"
    top = 4 if hand.losers <= COMPETE_LOSERS - 1 else 3  # four losers: the four level too
    if not mine or partner_bids or mine[0].rule != "open.one" or last.level > top or hand.losers > COMPETE_LOSERS:
        return None
    opened = mine[0].call.strain.suit if mine[0].call.strain is not None else None
    long = [s for s in Suit if hand.length(s) >= 6 or (hand.length(s) >= 5 and opened is not None
                                                         and hand.length(opened) >= 5 and s != opened)]
    # A second suit partner let stand is the one to repeat.
    shown_last = mine[-1].call.strain.suit if len(mine) > 1 and mine[-1].call.strain is not None else None
    for s in sorted(long, key=lambda s: (s != shown_last, s != opened, -hand.length(s))):
        if s in ctx.their_suits:
            continue
        bid = next((Call.bid(n, s.strain) for n in range(2, top + 1) if ctx.is_legal(Call.bid(n, s.strain))), None)
        if bid is not None:
            return bid, "natural.compete", f"competing: {hand.length(s)} {s.name.lower()} and {hand.losers} losers"
    return None


def choose(ctx: Context, hand: Hand) -> tuple[Call, str, str]:
    """A sensible natural call: returns (call, rule name, words)."""
    after = _after_ask(ctx, hand)
    if after is not None:
        return after
    bid_on = _higher_keycard_number(ctx, hand)
    if bid_on is not None:
        return bid_on
    my_calls = ctx.calls_of(ctx.seat)
    if (my_calls and my_calls[-1].rule in ("slam.blackwood.reply", "slam.kings.reply", "nt.gerber.reply",
                                   "nt.gerber.kings-reply", "slam.rkcb.reply", "slam.queen-ask.reply",
                                   "slam.rkcb.kings-reply")
            and not ctx.forced and ctx.calls and ctx.calls[-1].is_pass):
        return Call.PASS, "slam.placed", "the asker has placed the contract"
    gsf = _grand_slam_force(ctx, hand)
    if gsf is not None and ctx.is_legal(gsf[0]):
        return gsf
    answer = _answer_nt_invitation(ctx, hand)
    if answer is not None:
        return answer
    if _artificial_doubled(ctx):
        forced = _forced_call(ctx, hand, avoid=ctx.last_bid)
        way_out = forced[0].strain
        if (way_out is not None and (way_out.suit is None or way_out.suit in MAJORS)
                and hand.hcp + ctx.ranges[ctx.partner].hcp_min >= GAME_POINTS):
            # Game values opposite partner's minimum: the way out of the doubled ask is game, not a partscore.
            game_call = Call.bid(GAME_LEVEL[way_out], way_out)
            if ctx.is_legal(game_call) and game_call.level > forced[0].level:
                return game_call, "natural.game", f"game in {game_call}: game values opposite partner's minimum"
        return forced
    last = ctx.last_bid
    if (ctx.system != "basic" and _reopening(ctx) and ctx.is_legal(Call.DOUBLE) and hand.hcp >= 14
            and last is not None and last.strain is not None and last.strain.suit is not None
            and hand.length(last.strain.suit) <= 1 and max(hand.shape) <= 6):
        # (With seven cards of my own, the suit again says more than a double partner may pass.)
        return Call.DOUBLE, "natural.reopening-double", "reopening double: short in their suit"
    if (ctx.partner_last_rule in ("natural.reopening-double", "neg.reopen") and ctx.calls and ctx.calls[-1].is_pass
            and last is not None and last.strain is not None and last.strain.suit is not None
            and hand.length(last.strain.suit) >= 4
            and (trump_tricks(hand, last.strain.suit) >= 1 and hand.hcp >= PENALTY_PASS_HCP
                 or any(ex.rule == "xx.redouble" for ex in ctx.calls_of(ctx.seat)))):
        # A penalty pass needs trump tricks and some defence (J653 and a yarborough let 2SX make), or the
        # balance of power my redouble showed.
        return Call.PASS, "natural.penalty-pass", "penalty pass: length and strength in their suit"
    doubled = _after_partner_double(ctx, hand)
    if doubled is not None:
        return doubled
    competing = _compete_or_not(ctx, hand)
    if competing is not None:
        return competing
    pr = ctx.ranges[ctx.partner]
    partner_spoke = any(ex.call.is_bid or ex.call.is_double for ex in ctx.calls_of(ctx.partner))
    if not ctx.we_opened and not partner_spoke:
        entry = _enter(ctx, hand)
        if entry is not None and entry[0].strain == Strain.NOTRUMP and any(
                ex.call.is_bid or ex.call.is_double for ex in ctx.calls_of(ctx.seat)):
            # Notrump as a second action, partner silent: my first call showed these values already (a 16+
            # double of their 1NT bid 2NT again when they ran, opposite nothing).
            entry = None
        if entry is not None and entry[0].is_bid and not _second_entry_ok(ctx, hand, entry[0]):
            entry = None
        if entry is not None:
            return entry
        return (Call.PASS, "natural.pass", "nothing worth showing") if not ctx.forced else _forced_call(ctx, hand)

    p_est = partner_estimate(ctx, hand.hcp)
    fit = agreed_suit(ctx, hand)
    their = ctx.their_suits
    stoppers = all(hand.stopper(s) or ctx.ranges[ctx.partner].length_min[s] >= 5 for s in their)
    # The stronger hand with a singleton in partner's long suit and no fit: notrump, as if balanced (the
    # misfit plays there; opposite a strong hand's long suit, the suit).
    short = [s for s in Suit if hand.length(s) <= 1]
    misfit = (fit is None and len(short) == 1 and hand.length(short[0]) == 1 and pr.length_min[short[0]] >= 5
              and hand.hcp >= p_est)
    nt_ok = stoppers and (hand.is_semi_balanced or partner_bid_nt_naturally(ctx) and min(hand.shape) >= 1
                          or misfit)
    if fit is not None and hand.length(fit) >= 3 and pr.length_min[fit] >= hand.length(fit):
        mine = support_points(hand, fit)
    elif fit is not None and agreed_suit(ctx) == fit:
        mine = fit_points(hand)  # the fit is known both ways: my shortness ruffs in the short hand
    else:
        mine = hand.total_points
    combined = mine + p_est
    # For slam the middle of partner's range counts: the floor alone never finds the slams.
    floor = pr.hcp_min
    partner_rules = {ex.rule for ex in ctx.calls_of(ctx.partner)}
    if "open.one" in partner_rules:
        floor = max(floor, OPENER_FLOOR)  # the range's floor is a freak's (rule of 20); openers hold 11+
    if "slam.cue" in partner_rules:
        floor = max(floor, CUE_FLOOR)  # a cue-bid after a weak start shows an ace or a king at least
    hi = min(pr.hcp_max, floor + 6)
    slam_combined = max(combined, mine + floor + SLAM_SHARE * (hi - floor))
    if fit is not None:
        slam_combined += shortness_adjustment(ctx, hand, fit)
    game = game_points(ctx)
    last = ctx.last_bid
    ours = ctx.last_bid_is_ours

    # Strain.
    strain: Strain
    own_major = [s for s in MAJORS if hand.length(s) >= 6 and pr.length_max[s] >= 2 and s not in their
                 and (fit is None or not fit.is_major)]
    if own_major and hand.length(own_major[-1]) + max(pr.length_min[own_major[-1]], 2) >= 8:
        fit = own_major[-1]  # a long major plays opposite any normal holding
        strain = fit.strain
    elif fit is not None and (fit.is_major or slam_combined >= SLAM_POINTS or not nt_ok):
        # (A minor fit is trumps for a slam; for game, 3NT takes two tricks fewer for the same score.)
        strain = fit.strain
    elif nt_ok and (fit is None or combined >= game - 1):
        strain = Strain.NOTRUMP
    elif fit is not None:
        strain = fit.strain
    else:
        long_suits = [s for s in Suit if hand.length(s) >= 6 and s not in their]
        partner_long = [s for s in Suit if pr.length_min[s] >= 5 and hand.length(s) >= 2]
        seven_fits = [s for s in Suit if pr.length_min[s] >= 4 and hand.length(s) >= 3]
        five_card = [s for s in Suit if hand.length(s) >= 5 and s not in their]
        # Partner's long major (six shown and a card of mine, or an overcall's five and two) makes game a
        # trick cheaper than my own minor, unless the minor is seven long.
        partner_major = [s for s in MAJORS if s not in their and hand.length(s) >= 1
                         and pr.length_min[s] + hand.length(s) >= 7
                         and (pr.length_min[s] >= 6 or hand.length(s) >= 2 and ctx.they_have_bid)]
        if partner_major and all(not s.is_major and hand.length(s) <= 6 for s in long_suits):
            strain = max(partner_major, key=lambda s: (pr.length_min[s] + hand.length(s), s)).strain
        elif long_suits:
            strain = max(long_suits, key=lambda s: (hand.length(s), s)).strain
        elif partner_long:
            strain = max(partner_long, key=lambda s: (pr.length_min[s] + hand.length(s), s)).strain
        elif stoppers:
            strain = Strain.NOTRUMP
        elif seven_fits:  # no stopper for notrump: the best trump suit we have
            strain = max(seven_fits, key=lambda s: (pr.length_min[s] + hand.length(s), s)).strain
        elif five_card:
            strain = max(five_card, key=lambda s: (hand.length(s), s)).strain
        else:
            strain = Strain.NOTRUMP

    # Level: game at 25 (a minor 28), slam at 33, grand at 37; two points short of game invites.
    suit_game = GAME_LEVEL[strain]
    if combined >= GRAND_POINTS:
        level = 7
    elif slam_combined >= SLAM_POINTS and ctx.we_have_bid and partner_has_bid(ctx):
        level = 6
    elif combined >= game + (3 if suit_game == 5 else 0):
        level = suit_game
    elif combined >= game - 2:
        level = {3: 2, 4: 3, 5: 3}[suit_game]  # invite
    else:
        level = 2 if strain != Strain.NOTRUMP else 1
    if strain == Strain.NOTRUMP and level == 3 and nt_points(hand) + p_est < game:
        # 3NT counts high cards and one long suit, and wants 25 whatever the vulnerability: balanced hands with
        # 24 HCP make it about one time in three (the vulnerable game's extra point is for suit games, where
        # length and shortness take tricks).
        level = 2 if nt_points(hand) + p_est >= game - 2 else 1
    if (fit is not None and strain == fit.strain and level < 6 and ctx.system != "basic" and ours
            and ctx.we_have_bid and partner_has_bid(ctx) and slam_combined >= LTC_SLAM_FLOOR
            and keycard_suit(ctx) == fit and ctx.is_legal(Call.bid(4, Strain.NOTRUMP))):
        # With a fit, playing strength counts more than high cards: the losing-trick count.
        if 24 - hand.losers - partner_losers(p_est, ctx) >= LTC_SLAM_TRICKS:
            level = 6
    if (strain in (Strain.CLUBS, Strain.DIAMONDS) and 5 <= level < 6 and ctx.system != "basic"
            and (fit is not None and strain == fit.strain or hand.length(strain.suit or Suit.CLUBS) >= 7)
            and _aces(hand) >= 2 and reads_as_ace_ask(ctx) and ctx.is_legal(Call.bid(4, Strain.NOTRUMP))
            and 24 - hand.losers - partner_losers(p_est, ctx) >= LTC_SLAM_TRICKS):
        # A minor game with playing strength to spare: ask for aces on the way (never a slam off two).
        level = 6
    drive = _strong_hand_drives(ctx, hand, agreed_suit(ctx, hand), p_est)
    if drive is not None and level < 6:
        return drive
    compete_fit = False
    if fit is not None and strain == fit.strain and not ours and last is not None:
        # Competing: the law of total tricks lets us bid to the level of our fit.
        fit_len = hand.length(fit) + pr.length_min[fit]
        if combined >= COMPETE_POINTS:
            level = max(level, min(fit_len - 6, suit_game))
            ours_at = cheapest(ctx, fit.strain)
            if (fit_len >= 8 and ours_at is not None and ours_at.level == 3 and last.strain is not None
                    and last.strain.suit is not None and _their_fit(ctx, last.strain.suit) >= 8 and level < 3):
                # They have found a fit and stopped at two or three: with eight trumps of our own there are
                # sixteen or more total tricks, so the three level is safe and we do not sell out to them.
                level, compete_fit = 3, True
    if level >= 6 and _limited_and_placed(ctx):
        level = GAME_LEVEL[strain]
    if (ctx.system != "basic" and ctx.they_have_bid and not ours and strain.suit is not None
            and 2 < level < GAME_LEVEL[strain]
            and hand.length(strain.suit) + max(pr.length_min[strain.suit], 2 if hand.length(strain.suit) >= 6 else 0)
            < 8):
        # Over their bid, a part score with fewer than eight trumps known (a long suit of mine counts two of
        # partner's) stops at the two level: the law of total tricks, not the points, sets the level.
        level = 2
    target = Call.bid(level, strain)

    if _penalty_double(ctx, hand, combined):
        return Call.DOUBLE, "natural.penalty-double", "penalty double: the points are ours and their trumps break badly"
    sacrifice = _sacrifice(ctx, hand, combined, p_est)
    if sacrifice is not None:
        return sacrifice

    slam_try = _slam_try(ctx, hand, slam_combined, level)
    if slam_try is not None:
        return slam_try
    below = _below_game_with_interest(ctx, hand, strain, level, slam_combined)
    if below is not None:
        return below
    if level >= 6 and ctx.system != "basic":
        over_nt = _slam_over_notrump(ctx, hand, strain)
        if over_nt is not None:
            return over_nt
        second = _second_suit_for_slam(ctx, hand, strain)
        if second is not None:
            return second
    four_nt = Call.bid(4, Strain.NOTRUMP)
    keys = keycard_suit(ctx)
    if level >= 6 and keys is not None and hand.length(keys) < 2 and agreed_suit(ctx) is None:
        # 4NT would ask for keycards in partner's long suit, where I am short: the answers would place us
        # there. Game, then, not a slam we cannot check for keycards.
        level = GAME_LEVEL[strain]
        target = Call.bid(level, strain)
    if level >= 6 and ctx.system != "basic" and ctx.is_legal(four_nt) and reads_as_ace_ask(ctx) \
            and not keycard_ask_can_stop(ctx, hand):
        # An answer to 4NT could carry us past five of the trump suit with two keycards missing: game, then.
        level = GAME_LEVEL[strain]
        target = Call.bid(level, strain)
    if level >= 6 and ctx.system != "basic" and ctx.is_legal(four_nt):
        if reads_as_ace_ask(ctx):
            # Never a slam off two aces (keycards): ask first. Partner reads 4NT as we mean it.
            meaning, name = ace_ask(ctx)
            return four_nt, name, meaning.text
        if strain == Strain.NOTRUMP and partner_bid_nt_naturally(ctx) \
                and hand.hcp + pr.hcp_min < SLAM_POINTS and level == 6:
            return four_nt, "natural.nt-quantitative", "quantitative 4NT: slam if partner is not minimum"
    if level == 7 and ctx.system != "basic":
        level, target = 6, Call.bid(6, strain)  # a grand slam only after asking for keycards

    if last is not None and ours:
        assert last.strain is not None
        # A partscore in another strain is not "high enough" for a game we mean to bid.
        current_ok = ((last.level >= level and (last.strain == strain or level < GAME_LEVEL[strain]))
                      or (last.level >= GAME_LEVEL[last.strain] and level < 6))
        if (current_ok and last == Call("3NT") and strain.suit is not None and strain.suit.is_major
                and (hand.length(strain.suit) >= 7 or hand.length(strain.suit) + pr.length_min[strain.suit] >= 8)
                and not ctx.they_have_bid and ctx.is_legal(Call.bid(4, strain)) and level < 6
                and not any(ex.call == last for ex in ctx.calls_of(ctx.seat))):
            return Call.bid(4, strain), "natural.game", "a long major plays better than 3NT"
        own = strain.suit
        if (current_ok and own is not None and own != last.strain.suit and hand.length(own) >= 7
                and last.strain.suit is not None and hand.length(last.strain.suit) <= 1 and level < 6):
            # Seven cards of my own opposite partner's suit where I hold one or none: mine plays better.
            bid = next((Call.bid(n, strain) for n in (2, 3) if ctx.is_legal(Call.bid(n, strain))), None)
            if bid is not None:
                return bid, "natural.own-suit", f"a seven-card {own.name.lower()} suit and a misfit: mine"
        if current_ok and not ctx.forced:
            return Call.PASS, "natural.pass", "the contract is high enough"
    if ctx.is_legal(target) and not (ours and last is not None and last.strain == strain and last.level >= level):
        # Do not jump to a partial above an already adequate partial; bid it.
        if level >= GAME_LEVEL[strain]:
            words = "slam" if level >= 6 else "game"
        elif level > 2 or (strain == Strain.NOTRUMP and level == 2):
            words = "invitation"
        else:
            words = "partscore"
        if compete_fit and target.level == 3:
            return target, "natural.compete-fit", (f"competing to {target}: eight or more trumps together and "
                                                   f"they have a fit (the law of total tricks)")
        if last is None or not ours or target.level > 2 or ctx.forced or target.strain != last.strain:
            if not (not ours and level <= 2 and combined < 18 and last is not None):
                return target, f"natural.{words}", f"{words} in {target}: about {combined:.0f} points together"
    if last is not None and not ours and ctx.is_legal(Call.DOUBLE) and combined >= PENALTY_POINTS \
            and last.level >= 2:
        assert last.strain is not None
        tr = last.strain.suit
        if (tr is None or hand.length(tr) >= PENALTY_TRUMPS or last.level >= 4 and hand.length(tr) >= 2) \
                and defence_beats(ctx, hand, last, p_est):
            return Call.DOUBLE, "natural.penalty-double", "penalty double: the points are ours"
    if ctx.forced:
        return _forced_call(ctx, hand)
    return Call.PASS, "natural.pass", "nothing more to say"


def describe_seat(seat: Seat) -> str:
    return seat.name.title()


__all__ = ["choose", "describe", "estimate", "cheapest", "agreed_suit", "MAJORS"]
