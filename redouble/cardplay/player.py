"""The card player: deal the unseen cards many times, keep the layouts that best explain the auction
(:mod:`redouble.cardplay.auction_fit`), solve each double-dummy, and play the card with the best expected
score for the form of scoring.

>>> from redouble import Deal, Play
>>> play = Play(Deal.random(seed=7), "3NT-S")
>>> choice = choose_card(play, samples=8, seed=1)
>>> choice.card in play.legal_cards(), sorted(choice.tricks) == sorted(choice.tricks)
(True, True)
>>> choose_card(play, samples=8, seed=1).card == choice.card   # the same seed, the same card
True
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from redouble.auction import Auction
from redouble.cardplay.auction_fit import LayoutSearch
from redouble.cardplay.choice import CardChoice
from redouble.cardplay.leads import conventional_leads, lead_bonus
from redouble.cardplay.sampling import View, pool_cards, replay, sample_deals
from redouble.cardplay.signals import combine, lead_weights, read_signals, signal_card, signal_weights
from redouble.cardplay.simple import simple_card
from redouble.cards import Card, Seat, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.play import Play
from redouble.scoring.core import check_scoring_form

if TYPE_CHECKING:
    import numpy as np

    from redouble.bidding.meaning import HandRange

# Seconds one double-dummy position costs on two cores, by tricks still to play (measured with DDS 2.9 on
# the reference machine, all cards of the seat on turn); the sample count is the budget over this.
_SECONDS_PER_POSITION = {13: 0.032, 12: 0.030, 11: 0.020, 10: 0.012, 9: 0.007, 8: 0.004, 7: 0.002}
_SECONDS_OTHER = 0.0015  # sampling, replaying the play on each layout, bookkeeping (per sample)
MIN_SAMPLES = 8
MAX_SAMPLES = 200
DEFAULT_BUDGET = 0.8  # seconds: a card in under a second
LEAD_BUDGET = 2.0  # the opening lead, the card that matters most, asks for twice the layouts (the time cap holds)
# The hard cap on one decision when the sample count comes from the budget. The per-position estimates
# above are averages; one double-dummy search can take thirty times the mean (a notrump game at trick one:
# 17 ms to 975 ms on 29 layouts of one lead). So the layouts are solved one a core, a search is started
# only while 1.5 times the mean so far still fits, and at the cap the searches still running are left
# behind (redouble.dd.solve_positions_until). The tenth of a second to spare is for the bookkeeping after.
DEFAULT_TIME_CAP = 0.9
_SAFETY = 1.5
# With an auction, the layouts that best explain the calls are found (redouble.cardplay.auction_fit) in at
# most this share of the time cap. The opening lead's are solved as they are found, each asked for when a
# core needs one, so the search for them may go on nearly to the end: the layouts that do not fit, which
# fill up when it stops, inform little.
FIT_SHARE = 0.25
LEAD_FIT_SHARE = 0.8
# Layouts dealt from the play alone to split declarer's cards that the auction's layouts leave level.
TIE_BREAK_SAMPLES = 32


def samples_for(tricks_left: int, budget: float = DEFAULT_BUDGET) -> int:
    """How many layouts fit in ``budget`` seconds with ``tricks_left`` tricks to play (deterministic).

    >>> samples_for(13), samples_for(5), samples_for(13, budget=0.1)
    (23, 200, 8)
    """
    per = _SECONDS_PER_POSITION.get(tricks_left, 0.001) + _SECONDS_OTHER
    return max(MIN_SAMPLES, min(MAX_SAMPLES, int(budget / per)))


def decision_seed(seed: int, play: Play, seat: Seat) -> int:
    """A seed for one decision from what the deciding seat sees: the same question, the same answer."""
    visible = play.hand(seat).mask
    key = f"{seed}|{int(seat)}|{visible}|{' '.join(str(c) for c in play.cards)}|{play.contract}"
    return zlib.crc32(key.encode())


def equivalent_groups(play: Play, cards: Sequence[Card]) -> list[list[Card]]:
    """``cards`` (of the seat on turn) in groups that are worth the same whatever the layout: same suit,
    and every rank between them already gone in finished tricks or held by the same hand.

    >>> from redouble import Deal
    >>> play = Play(Deal.parse("N:AKQ2.K2.AQJ2.K32 JT9.AQJT.K9.AQJT 8765.8765.876.76 43.943.T543.9854"), "6NT-N")
    >>> [[str(c) for c in g] for g in equivalent_groups(play, play.legal_cards())]
    [['SJ', 'ST', 'S9'], ['HA'], ['HQ', 'HJ', 'HT'], ['DK'], ['D9'], ['CA'], ['CQ', 'CJ', 'CT']]
    """
    gone = 0
    for trick in play.tricks:
        for c in trick.cards:
            gone |= 1 << c.index
    held = play.hand(play.turn).mask
    groups: list[list[Card]] = []
    for card in sorted(cards, key=lambda c: (-c.suit, -c.rank)):
        if groups and groups[-1][-1].suit == card.suit:
            top = groups[-1][-1]
            between = range(card.index + 1, top.index)
            if all((gone | held) >> i & 1 for i in between):
                groups[-1].append(card)
                continue
        groups.append([card])
    return groups


def solve_in_time(plays: Iterable[Play | None], deadline: float | None) -> list[dict[Card, int] | None]:
    """Solve ``plays`` double-dummy, started in order, one search per core, until ``deadline`` (a
    :func:`time.perf_counter` value; None: all of them). A position not solved in time comes back as None;
    at least one is always solved (:func:`redouble.dd.solve_positions_until`).

    >>> from redouble import Deal
    >>> plays = [Play(Deal.random(seed=s), "3NT-S") for s in range(3)]
    >>> [v is not None for v in solve_in_time(plays, None)], [v is not None for v in solve_in_time(plays, 0.0)]
    ([True, True, True], [True, False, False])
    """
    from redouble.dd import solve_positions_until

    return solve_positions_until(plays, deadline, safety=_SAFETY)


def _solve_values_in_time(plays: Iterable[Play | None], deadline: float | None, block: int) -> list[int | None]:
    from redouble.dd import solve_values_until

    return solve_values_until(plays, deadline, safety=_SAFETY, block=block)


def _by_layout(values: Sequence[int | None], cards: Sequence[Card]) -> list[dict[Card, int] | None]:
    """``values`` of the positions after each of ``cards`` on one layout after another, as one answer a
    layout (None unless every card's position was solved).

    >>> _by_layout([9, 8, None, 7], [Card("SA"), Card("H2")])
    [{Card('SA'): 9, Card('H2'): 8}, None]
    """
    rows: list[dict[Card, int] | None] = []
    for start in range(0, len(values), len(cards)):
        row = values[start:start + len(cards)]
        rows.append(None if len(row) < len(cards) or None in row else
                    {c: v for c, v in zip(cards, row, strict=True) if v is not None})
    return rows


def _auction_ranges(auction: Auction | None, vulnerability: Vulnerability,
                    system: str | tuple[str, str]) -> dict[Seat, HandRange]:
    if auction is None or not auction.calls:
        return {}
    try:
        from redouble.bidding import inferences

        return dict(inferences(auction, vulnerability, system))
    except Exception:  # a bidding module that cannot read this auction must not stop the play
        return {}


def _score_table(play: Play, vulnerability: Vulnerability) -> list[int]:
    """The declaring side's duplicate score for 0..13 tricks."""
    from redouble.scoring.core import duplicate_points, score_contract

    vul = vulnerability.is_vulnerable(play.declarer)
    return [duplicate_points(score_contract(play.contract, t, vul)) for t in range(14)]


def _expected(values, weights, form: str, sign: int, scores_by_tricks):  # type: ignore[no-untyped-def]
    """Expected score of each column of ``values`` (samples x cards, declarer-side tricks) in ``form``."""
    import numpy as np

    from redouble.scoring.imps import IMP_THRESHOLDS

    check_scoring_form(form)
    w = np.asarray(weights, dtype=float)
    w = w / w.sum()
    points = sign * np.asarray(scores_by_tricks)[values]  # samples x cards, the player's side's points
    tricks_mine = values if sign > 0 else 13 - values
    if form == "total":
        return points.T @ w
    if form == "imps":
        reference = points[:, int(np.argmax(tricks_mine.T @ w))][:, None]
        diff = points - reference
        thresholds = np.asarray(IMP_THRESHOLDS)
        imps = np.sign(diff) * np.searchsorted(thresholds, np.abs(diff), side="right")
        return imps.T @ w
    n = values.shape[1]  # matchpoints
    if n == 1:
        return np.ones(1)
    beats = (points[:, :, None] > points[:, None, :]).sum(axis=2) + \
        0.5 * ((points[:, :, None] == points[:, None, :]).sum(axis=2) - 1)
    return (beats / (n - 1)).T @ w


def _is_master(play: Play, card: Card) -> bool:
    """No card above ``card`` in its suit is still out with the other side."""
    ours = play.hand(play.declarer).mask | play.hand(play.dummy).mask
    gone = 0
    for c in play.cards:
        gone |= 1 << c.index
    top = card.suit * 13 + 12
    return all((ours | gone) >> i & 1 for i in range(card.index + 1, top + 1))


def _declarer_tie_break(play: Play, tied: Sequence[Card]) -> tuple[Card, str]:
    """Among cards worth the same over the samples, the declarer keeps its options: on lead it cashes a
    sure winner of its longest suit (which also brings squeezes about) before it takes any view; otherwise
    it plays the lowest card."""
    if not play.current_trick:
        masters = [c for c in tied if _is_master(play, c)]
        if masters:
            hand = play.hand(play.turn)
            card = max(masters, key=lambda c: (hand.length(c.suit), -c.rank))
            return card, "cash a sure winner first, keeping the options open"
    return min(tied, key=lambda c: (c.rank, c.suit)), "lowest of equal cards"


def _share_best(mine: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """For each column of ``mine`` (layouts x cards, the player's tricks): the weighted share of the layouts
    where that card is a best play."""
    shares: np.ndarray = (mine == mine.max(axis=1, keepdims=True)).T @ weights
    return shares


def _wider_tie_break(play: Play, view: View, tied: list[Card], groups: list[list[Card]], weight,  # type: ignore[no-untyped-def]
                     seed: int, deadline: float | None, samples: int | None) -> tuple[list[Card], str]:
    """Declarer's cards that the sampled layouts cannot tell apart, told apart by layouts dealt from the
    play alone, without the auction's ranges: the real hands may be unlike every layout the auction
    suggested (an odd hand, a misread call), and among cards level on the likely layouts the one that also
    copes with the unlikely ones gives away least. The ``tied`` cards themselves when they are all of one
    equivalent group, when no time is left, or when the wider layouts cannot tell them apart either."""
    import time

    import numpy as np

    group_of = {c: k for k, g in enumerate(groups) for c in g}
    if len({group_of[c] for c in tied}) < 2:
        return tied, ""
    if deadline is not None and time.perf_counter() + _SECONDS_PER_POSITION.get(play.tricks_left, 0.001) * 4 > deadline:
        return tied, ""
    count = samples if samples is not None else TIE_BREAK_SAMPLES
    try:
        drawn = sample_deals(view, count, seed=decision_seed(seed, play, view.viewer) + 1, weight=weight)
    except RedoubleError:
        return tied, ""
    solved = [v for v in solve_in_time([replay(d, play) for d in drawn.deals], deadline) if v is not None]
    values = np.array([[v[c] for c in tied] for v in solved], dtype=np.int64)  # declarer's tricks
    mean = values.mean(axis=0)
    optimal = _share_best(values, np.full(len(values), 1 / len(values)))
    top = max(zip(mean, optimal, strict=True))
    kept = [c for c, m, o in zip(tied, mean, optimal, strict=True) if m >= top[0] - 1e-9 and o >= top[1] - 1e-9]
    if len(kept) == len(tied):
        return tied, ""
    return kept, f"level on those; better on {len(solved)} layouts dealt without the auction's ranges"


def choose_card(play: Play, seat: Seat | str | None = None, *, auction: Auction | None = None,
                vulnerability: Vulnerability | str = Vulnerability.NONE, system: str | tuple[str, str] = "sayc",
                scoring: str = "imps", samples: int | None = None, budget: float = DEFAULT_BUDGET,
                seed: int = 0, ranges: Mapping[Seat, HandRange] | None = None,
                time_cap: float | None = None) -> CardChoice:
    """The card the player on turn (``seat``: the declarer for dummy's cards) should play.

    Uses only what that player sees. ``auction`` (for its inferences, or ``ranges`` directly) narrows the
    layouts; ``samples`` overrides the count that ``budget`` seconds allow; ``scoring`` is ``"total"``,
    ``"imps"`` or ``"matchpoints"``.

    Determinism and the clock: the layouts drawn are fixed by ``seed`` and what the player sees. When the
    count comes from ``budget``, ``time_cap`` seconds (by default :data:`DEFAULT_TIME_CAP`; ``math.inf``
    for none) is a hard limit on the decision: the
    layouts are started in that fixed order and the solving stops early when the clock runs out, so on a slow
    or busy machine a decision may rest on fewer layouts (some of the same ones) and can differ. An
    explicit ``samples`` count is always solved in full: the same seed, the same card, on any machine.
    """
    import time

    import numpy as np

    if time_cap is None:
        time_cap = DEFAULT_TIME_CAP
    deadline = None if samples is not None or time_cap == float("inf") else time.perf_counter() + time_cap

    check_scoring_form(scoring)
    if play.is_complete:
        raise RedoubleError("the play is over: there is no card to choose")
    if play.claim is not None:
        raise RedoubleError(f"a claim by {play.claim.seat} is pending: settle it first")
    controller = play.controller
    viewer = controller if seat is None else Seat.parse(seat)
    if viewer != controller:
        raise RedoubleError(f"it is {controller}'s card to choose ({play.turn} is on turn), not {viewer}'s")
    vul = Vulnerability.parse(vulnerability)
    legal = play.legal_cards()
    if len(legal) == 1:
        return CardChoice(legal[0], "the only legal card")
    defending = viewer % 2 != play.declarer % 2
    opening = not play.cards
    groups = equivalent_groups(play, legal)
    if len(groups) == 1 and not opening:
        if defending:
            card, why = signal_card(play, legal)
        else:
            card, why = min(legal, key=lambda c: c.rank), "lowest of equal cards"
        return CardChoice(card, f"all legal cards are worth the same; {why}")

    view = View.of(play, viewer)
    ranges = dict(ranges) if ranges is not None else _auction_ranges(auction, vul, system)
    ranges.pop(viewer, None)
    signals = read_signals(play, viewer)
    pool = pool_cards(view)
    weight = combine(signal_weights(signals, pool, view.played) if signals else None,
                     lead_weights(play, pool, view.played) if play.cards and play.opening_leader in view.hidden
                     else None)
    n = samples if samples is not None else samples_for(play.tricks_left, budget * (LEAD_BUDGET if opening else 1))
    fitting = auction if auction is not None and auction.calls else None
    fit_deadline = None if deadline is None else \
        time.perf_counter() + (LEAD_FIT_SHARE if opening else FIT_SHARE) * time_cap
    search = LayoutSearch(view, n, auction=fitting, vulnerability=vul, system=system, ranges=ranges,
                          weight=weight, seed=decision_seed(seed, play, viewer), deadline=fit_deadline)
    found: list[tuple[Deal, float]] = []
    # The opening lead weighs the conventional card of each suit only (partner reads the lead by the
    # agreements): the value of each after it is played, one search apiece, costs less than a search of
    # every card (CPU a layout on 150 random deals: 30 ms against 76 ms in 3NT, 32 against 68 in 4S),
    # so more layouts fit the time.
    conventional = conventional_leads(play.hand(viewer).cards, play.trump) if opening else {}
    cards = [c for c in legal if c in conventional] if opening else legal

    def positions() -> Iterator[Play | None]:
        # Each layout is solved as soon as it is found, while the search goes on for the next.
        for item in search:
            if item is None:
                yield None
                continue
            found.append(item)
            start = replay(item[0], play)
            if not opening:
                yield start
                continue
            for card in cards:
                after = start.copy()
                after.push(card)
                yield after

    try:
        if opening:
            answers = _by_layout(_solve_values_in_time(positions(), deadline, len(cards)), cards)
        else:
            answers = solve_in_time(positions(), deadline)
    except RedoubleError:  # no layout fits what was played (an odd hand-entered record): play by rule
        fallback = simple_card(play)
        return CardChoice(fallback.card, f"no layout fits the play so far; {fallback.reason}")
    fit_note = "" if fitting is None else \
        f", the {len(found)} of {search.drawn} drawn that best fit the auction ({search.fitting} fit every call)"
    solved = [(d, wt, v) for (d, wt), v in zip(found, answers, strict=True) if v is not None]
    layouts, weights = [d for d, _, _ in solved], [wt for _, wt, _ in solved]
    values = np.array([[v[c] for c in cards] for _, _, v in solved], dtype=np.int64)  # declarer-side totals
    sign = -1 if defending else 1
    scores = _expected(values, weights, scoring, sign, _score_table(play, vul))
    w = np.asarray(weights, dtype=float) / sum(weights)
    mine = values if not defending else 13 - values
    tricks = mine.T @ w
    # The opening lead is ranked by the tricks it expects, the score breaking ties: a lead can afford few
    # layouts (dummy is unseen, every position is a full deal) and over few layouts the trick count is the
    # steadier estimate (benchmarks/leads.py measured it about two points more accurate than IMPs).
    primary, secondary = (tricks, scores) if opening else (scores, tricks)
    if opening:  # the classic leads' experience where the layouts can hardly tell the leads apart
        bonus = lead_bonus(play.hand(viewer).cards, conventional, play.trump)
        primary = primary + np.array([bonus[c] for c in cards])
    candidates = list(range(len(cards)))
    top = max(primary[i] for i in candidates)
    tol = 1e-9 + 1e-6 * abs(top)
    tied_idx = [i for i in candidates if primary[i] >= top - tol]
    top_second = max(secondary[i] for i in tied_idx)
    tied_idx = [i for i in tied_idx if secondary[i] >= top_second - 1e-9 - 1e-6 * abs(top_second)]
    # Still level: the card that is the best play (double dummy) in the most layouts gives away least.
    optimal = _share_best(mine, w)
    top_optimal = max(optimal[i] for i in tied_idx)
    tied = [cards[i] for i in tied_idx if optimal[i] >= top_optimal - 1e-9]
    if opening:
        card = max(tied, key=lambda c: c.index)
        why = f"lead: {conventional[card]}"
    elif len(tied) == 1:
        card, why = tied[0], ""
    elif defending:
        card, why = signal_card(play, tied)
    else:
        tied, wider = _wider_tie_break(play, view, tied, groups, weight, seed, deadline, samples)
        card, why = (tied[0], wider) if len(tied) == 1 else _declarer_tie_break(play, tied)
    i = cards.index(card)
    relaxed = "" if not search.relaxed else f", auction ranges widened {search.relaxed}x"
    aim = "tricks" if opening else ("score" if scoring == "total" else scoring)
    cut = "" if len(layouts) == n else f" (of {n}: the time ran out)"
    reason = (f"best expected {aim} over {len(layouts)} sampled "
              f"layouts{cut}{fit_note}{relaxed}: {tricks[i]:.2f} tricks" + (f"; {why}" if why else ""))
    claim = None
    if not defending and not opening and play.tricks_left >= 2 and len(layouts) >= MIN_SAMPLES:
        column = values[:, i]
        if (column == column[0]).all():
            claim = int(column[0]) - play.declarer_tricks
    return CardChoice(card, reason, {c: float(tricks[k]) for k, c in enumerate(cards)},
                      {c: float(scores[k]) for k, c in enumerate(cards)}, len(layouts), claim)
