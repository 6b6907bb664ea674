"""Claims: those a robot declarer makes for certain, and a robot defender's answer to any claim.

A claim a robot makes is certain, not merely sound double-dummy (``rest_is_certain``); a robot answering a
claim (``answer_claim``) accepts it when it holds double-dummy in every layout of the cards the claimer
cannot see that fits the play so far: its answer depends only on what the claimer knows, so claiming again
and again tells the claimer nothing about the hidden hands (``claim_is_sound``, judged on the actual deal,
would). Without the solver, the rest is played out by the rule-of-thumb player instead, and the answer
says so.

A claim here is certain, not merely sound double-dummy: it holds however the unseen cards lie, so a robot
declarer may make it knowing only its own hand and dummy. The rule is the table's "the rest are high":
at the start of a trick, the declarer's side is on lead and every card left in the leading hand is the
highest left in its suit, and (in a suit contract) unless the leading hand holds only trumps, nobody else
has a trump left. Leading them one by one then wins every trick, whatever the others play.

>>> from redouble.calls import Contract
>>> from redouble.deal import Deal
>>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> play = Play(deal, Contract.parse("7NT-W"))
>>> rest_is_certain(play)
False
>>> play = Play(deal, Contract.parse("7NT-S"))
>>> for card in ("H5", "HA", "H9", "H6"):
...     play.push(card)
>>> rest_is_certain(play), play.turn
(True, Seat.NORTH)
"""

from __future__ import annotations

from redouble.cardplay.simple import simple_card
from redouble.cards import Card, Seat
from redouble.errors import IllegalClaimError, SolverUnavailableError
from redouble.play import Claim, Play


def _remaining(play: Play, seat: Seat) -> list[Card]:
    return list(play.hand(seat))


def rest_is_certain(play: Play) -> bool:
    """Whether the declarer's side takes every trick left against any defence and any lie of the cards
    (only at the start of a trick with the declarer's side on lead; False otherwise)."""
    if play.is_complete or play.claim is not None or play.current_trick:
        return False
    leader = play.turn
    if leader.side != play.declarer.side:
        return False
    leading = _remaining(play, leader)
    others = [c for s in Seat if s != leader for c in _remaining(play, s)]
    for card in leading:
        if any(o.suit == card.suit and o.rank > card.rank for o in others):
            return False
    trump = play.trump
    if trump is not None and any(c.suit != trump for c in leading):
        # A side-suit winner could be ruffed (or overruffed by partner, moving the lead).
        if any(o.suit == trump for o in others):
            return False
    return True


def certain_claim(play: Play) -> int | None:
    """The tricks the declarer can claim for certain now (all those left), or None.

    >>> from redouble.calls import Contract
    >>> from redouble.deal import Deal
    >>> certain_claim(Play(Deal.random(seed=1), Contract.parse("3NT-S"))) is None
    True
    """
    return play.tricks_left if rest_is_certain(play) else None


def claimable_tricks(play: Play, claimer: Seat) -> int:
    """Of the tricks still to play, how many ``claimer``'s side takes double-dummy (needs the solver)."""
    from redouble.dd import solve_position

    if play.is_complete:
        return 0
    trial = play.copy()
    trial.claim = None
    values = solve_position(trial)
    declarer_side_on_turn = trial.turn % 2 == trial.declarer % 2
    total = max(values.values()) if declarer_side_on_turn else min(values.values())
    declarer_more = total - trial.declarer_tricks
    return declarer_more if claimer % 2 == trial.declarer % 2 else trial.tricks_left - declarer_more


def _played_out_for_claimer(play: Play, claimer: Seat) -> int:
    """Of the tricks still to play, how many ``claimer``'s side takes when the rule-of-thumb player plays
    every hand."""
    trial = play.copy()
    trial.claim = None
    before = trial.tricks_won(claimer)
    while not trial.is_complete:
        trial.push(simple_card(trial).card)
    return trial.tricks_won(claimer) - before


def claim_is_sound(play: Play) -> tuple[bool, str]:
    """Whether the pending claim is sound double-dummy on the actual deal, and why: what one who sees all four
    hands finds (robots answering a claim use :func:`answer_claim`, which does not look at the deal).

    >>> from redouble.deal import Deal
    >>> play = Play(Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"), "7NT-N")
    >>> play.push("ST")
    >>> _ = play.make_claim(13, Seat.NORTH)
    >>> claim_is_sound(play)[0]
    True
    """
    claim, trial = _pending(play)
    left = trial.tricks_left
    high = _all_high(claim, trial)
    if high is not None:
        return True, high
    try:
        remaining = claimable_tricks(trial, claim.seat)
    except SolverUnavailableError:
        remaining = _played_out_for_claimer(trial, claim.seat)
        return remaining >= claim.tricks, (f"without the solver, played out by rules of thumb the claimer's "
                                           f"side takes {remaining} of the last {left}")
    return remaining >= claim.tricks, f"double-dummy the claimer's side takes {remaining} of the last {left}"


def _pending(play: Play) -> tuple[Claim, Play]:
    """The pending claim, and the play as it stands without it (to try the claim on)."""
    claim = play.claim
    if claim is None:
        raise IllegalClaimError("there is no claim to answer")
    trial = play.copy()
    trial.claim = None
    return claim, trial


def _all_high(claim: Claim, trial: Play) -> str | None:
    """Why the declarer's side's claim holds for certain (the rest are high), or None."""
    left = trial.tricks_left
    if claim.seat.side == trial.declarer.side and claim.tricks <= left and rest_is_certain(trial):
        return f"the rest are high: the declarer's side takes all the last {left}"
    return None


def judge_claim(play: Play, viewer: Seat | str, layouts: int = 20, seed: int = 0) -> tuple[bool, str]:
    """Whether ``viewer``, an opponent of the claimer, should accept the pending claim, and why, judged
    only from what that seat may see: the claim is tried on ``layouts`` deals of the cards it cannot see
    that fit the play so far (never on the actual deal), double-dummy (without the solver, played out by
    rules of thumb). It advises accepting when the claimer's side takes the tricks claimed in at least nine
    layouts in ten. The same position gives the same advice.

    >>> from redouble.deal import Deal
    >>> play = Play(Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"), "7NT-N")
    >>> play.push("ST")
    >>> _ = play.make_claim(13, Seat.NORTH)
    >>> ok, why = judge_claim(play, Seat.EAST, layouts=4)  # North holds every top card, but East cannot see it
    >>> ok, why.split(", double")[0]
    (False, 'in 0 of 4 layouts of the cards you cannot see that fit the play so far')
    """
    holds, tried, how, left = _claim_on_layouts(play, Seat.parse(viewer), layouts, seed)
    claim = play.claim
    assert claim is not None
    return holds * 10 >= tried * 9, (f"in {holds} of {tried} layouts of the cards you cannot see that fit the play "
                                     f"so far, {how}, the claimer's side takes the {claim.tricks} of the last "
                                     f"{left} claimed")


def answer_claim(play: Play, layouts: int = 20, seed: int = 0) -> tuple[bool, str]:
    """Whether a robot answering the pending claim accepts it, and why: when the rest are high, or when the
    claimer's side takes the tricks claimed double-dummy in every one of ``layouts`` deals of the cards the
    *claimer* cannot see that fit the play so far. The answer is worked out from the claimer's knowledge
    alone: any doubt goes against the claimer, and a refused claim tells the claimer nothing new.

    >>> from redouble.deal import Deal
    >>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> play = Play(deal, "7NT-S")
    >>> for card in ("H5", "HA", "H9", "H6"):
    ...     play.push(card)
    >>> _ = play.make_claim(12, Seat.SOUTH)
    >>> answer_claim(play)
    (True, "the rest are high: the declarer's side takes all the last 12")
    """
    at_once = answer_at_once(play)
    if at_once is not None:
        return at_once
    claim, _ = _pending(play)
    holds, tried, how, left = _claim_on_layouts(play, claim.seat, layouts, seed, until_one_fails=True)
    return tried > 0 and holds == tried, (f"in {holds} of {tried} layouts of the cards the claimer cannot see that "
                                          f"fit the play so far, {how}, the claimer's side takes the "
                                          f"{claim.tricks} of the last {left} claimed")


def answer_at_once(play: Play) -> tuple[bool, str] | None:
    """:func:`answer_claim`'s answer when it takes no thought (a claim of no more tricks, or of the rest when
    they are high), else None."""
    claim, trial = _pending(play)
    if claim.tricks == 0:
        return True, "a claim of no more tricks holds however the cards lie"
    high = _all_high(claim, trial)
    return None if high is None else (True, high)


def _claim_on_layouts(play: Play, viewer: Seat, layouts: int, seed: int,
                      until_one_fails: bool = False) -> tuple[int, int, str, int]:
    """The pending claim tried on ``layouts`` deals of the cards ``viewer`` cannot see (the same position and
    seed give the same deals): in how many the claimer's side takes the tricks claimed, of how many tried
    (``until_one_fails``: no more once one fails), how it was judged, and the tricks left."""
    from redouble.cardplay.player import decision_seed
    from redouble.cardplay.sampling import View, replay, sample_deals

    claim, trial = _pending(play)
    view = View.of(trial, viewer)
    deals = sample_deals(view, layouts, seed=decision_seed(seed, trial, viewer)).deals if view.hidden else [play.deal]
    holds = tried = 0
    how = "double-dummy"
    for deal in deals:
        layout = replay(deal, trial)
        try:
            taken = claimable_tricks(layout, claim.seat)
        except SolverUnavailableError:
            taken = _played_out_for_claimer(layout, claim.seat)
            how = "played out by rules of thumb (no solver)"
        tried += 1
        holds += taken >= claim.tricks
        if until_one_fails and taken < claim.tricks:
            break
    return holds, tried, how, trial.tricks_left
