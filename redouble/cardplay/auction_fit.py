"""Layouts that explain the auction: bid each sampled layout again with the bidding robot and count the
calls it would not have made.

The ranges an auction shows (points, suit lengths) are loose; the system's rules are sharp. A partner who
passed throughout "has 0-17 points" by the ranges, but would have overcalled with most of those hands.
Sampling by the ranges alone left the declaring side about 0.7 tricks short in notrump on the lead
benchmark's deals; bidding each layout again halves that.

>>> from redouble import Auction, Deal, Seat
>>> auction = Auction("N", "1NT P 3NT P P P".split())
>>> east_leads = dict(hidden=(Seat.NORTH, Seat.SOUTH, Seat.WEST), vulnerability="None")
>>> deal = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 K52.94.AQJT65.83 A964.KT2.842.Q92")
>>> mismatches(deal, auction, **east_leads)
0

With West's hand South (9 points, four spades) would have asked with Stayman, not raised to 3NT (counting
stops at the first such call unless told otherwise):

>>> swapped = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 A964.KT2.842.Q92 K52.94.AQJT65.83")
>>> mismatches(swapped, auction, **east_leads)
1
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from redouble.auction import Auction
from redouble.calls import Call
from redouble.cardplay.sampling import SampleWeight, View, sample_deals
from redouble.cards import Seat, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import RedoubleError

if TYPE_CHECKING:
    from redouble.bidding.meaning import HandRange

# The weight of a layout whose hands the robot would have bid otherwise: the bidder is not the only way to
# bid (people judge, and the ranges are what the system promises), so such a layout is unlikely, not
# impossible. Chosen on the lead benchmark's first 500 deals: of 1, 0.3, 0.1 and 0.03, 0.1 led best (by
# a point in notrump, within the noise in suits) and left the declaring side's tricks least understated.
MISMATCH_WEIGHT = 0.1
# Counting stops here. One is enough to tell the layouts that fit from those that do not, and stopping at
# the first call the robot would not make halves the cost of a layout (0.24 ms instead of 0.40 ms): a
# layout that fits is rare (about 11 in 700 drawn by the ranges alone, for a typical opening lead), so
# the more layouts checked in the time, the better.
MAX_MISMATCHES = 1
# With an auction, this many times the layouts wanted are dealt by the ranges (up to a floor of
# MAX_FIT_CANDIDATES), and the ones that best explain the calls are kept.
FIT_FACTOR = 24
MAX_FIT_CANDIDATES = 800
# Drawing seat by seat (the opening lead, three hands unseen): the layouts on which every seat's calls are
# checked to learn which seat's calls are hardest to meet, and how many deals of the other two hands each
# hand of that seat gets. On the lead benchmark's notrump deals (1,000 dealt, 29 layouts a lead) keeping
# every fitting completion, up to 8-32 a hand, led 71% right: a few hands of the hardest seat (often the
# declarer) filled all the layouts. One layout a hand weighed by the share of 6 that fit led 76.5%; by
# the share of 12, 73% (the noise on 336 leads is about 2 points either way).
PROBE = 12
COMPLETIONS = 6
# Seat by seat, the layouts dealt by the ranges come this many at a time as the checking walks through them
# (dealing all the candidates first took half of a lead's fitting time on a busy machine, for layouts the
# clock never reached), up to MAX_ROUNDS times the candidates (and the clock).
FIT_CHUNK = 64
MAX_ROUNDS = 6


def _robot_makes(call: Call, hand: Hand, before: Auction, vulnerability: Vulnerability,
                 system: str | tuple[str, str]) -> bool:
    """Whether the bidding robot makes ``call`` with ``hand`` after ``before``. A call it cannot bid over
    (an auction outside its system) counts as made."""
    # Lazily: importing the card player stays light. The engine's rules alone (not redouble.bidding's
    # choose_call, whose thinking deals layouts with this module).
    from redouble.bidding.engine import choose

    try:
        return choose(hand, before, vulnerability, system).call is call
    except RedoubleError:
        return True


# An auction as a cache key: the system (or each side's), the dealer, the vulnerability and the calls.
_AuctionKey = tuple[str | tuple[str, ...], int, int, tuple[int, ...]]


def _auction_key(auction: Auction, vulnerability: Vulnerability, system: str | tuple[str, str]) -> _AuctionKey:
    return (system if isinstance(system, str) else tuple(system), int(auction.dealer), int(vulnerability),
            tuple(c.index for c in auction.calls))


@lru_cache(maxsize=4096)
def _before(key: _AuctionKey, k: int) -> Auction:
    """The auction before its ``k``-th call (shared: read only)."""
    return Auction(Seat(key[1]), [Call(i) for i in key[3][:k]])


@lru_cache(maxsize=1 << 17)
def _makes(key: _AuctionKey, k: int, hand: int) -> bool:
    """:func:`_robot_makes` for the ``k``-th call of the auction ``key`` and the hand of mask ``hand``. The
    answers are kept: a board's every card asks again about its one auction, and about the same hands more
    and more often as the play leaves fewer cards unseen (over a board's play, about half the questions
    were asked before)."""
    system = key[0] if isinstance(key[0], str) else (key[0][0], key[0][1])
    return _robot_makes(Call(key[3][k]), Hand(hand), _before(key, k), Vulnerability(key[2]), system)


def _questions(auction: Auction, seats: Collection[Seat]) -> list[tuple[int, Seat]]:
    """The calls of ``seats`` in ``auction``: (position, seat), in order."""
    return [(k, s) for k in range(len(auction.calls)) if (s := Seat((auction.dealer + k) % 4)) in seats]


def _count(key: _AuctionKey, questions: Sequence[tuple[int, Seat]], deal: Deal, limit: int) -> int:
    hands = deal.hands
    count = 0
    for k, seat in questions:
        if not _makes(key, k, hands[seat].mask):
            count += 1
            if count >= limit:
                break
    return count


def mismatches(deal: Deal, auction: Auction, hidden: Collection[Seat], vulnerability: Vulnerability | str,
               system: str | tuple[str, str] = "sayc", limit: int = MAX_MISMATCHES) -> int:
    """How many calls of the ``hidden`` seats the bidding robot would not have made with ``deal``'s hands
    (counting stops at ``limit``). A call the robot cannot bid over (an auction outside its system) counts
    as made."""
    key = _auction_key(auction, Vulnerability.parse(vulnerability), system)
    return _count(key, _questions(auction, set(hidden)), deal, limit)


def fit_to_auction(deals: Sequence[Deal], auction: Auction, hidden: Collection[Seat],
                   vulnerability: Vulnerability | str, keep: int, system: str | tuple[str, str] = "sayc",
                   deadline: float | None = None,
                   clock: Callable[[], float] = time.perf_counter) -> tuple[list[int], list[int]]:
    """The indices of the ``keep`` layouts of ``deals`` that fit the auction best (fewest mismatches, the
    drawing order breaking ties) and their mismatch counts. With ``deadline`` (a ``clock`` value) the
    layouts not checked by then count as :data:`MAX_MISMATCHES`; the first ``keep`` are always checked."""
    key = _auction_key(auction, Vulnerability.parse(vulnerability), system)
    questions = _questions(auction, set(hidden))
    counts: list[int] = []
    for k, deal in enumerate(deals):
        if deadline is not None and k >= keep and clock() > deadline:
            break
        counts.append(_count(key, questions, deal, MAX_MISMATCHES))
    counts += [MAX_MISMATCHES] * (len(deals) - len(counts))
    order = sorted(range(len(deals)), key=lambda i: counts[i])[:keep]
    return order, [counts[i] for i in order]


class SeatCheck:
    """Whether a hand of ``seat`` makes every call ``seat`` made in ``auction`` (the robot's way of bidding).

    >>> from redouble import Auction, Deal, Seat
    >>> deal = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 K52.94.AQJT65.83 A964.KT2.842.Q92")
    >>> opener = SeatCheck(Auction("N", "1NT P 3NT P P P".split()), Seat.NORTH, "None")
    >>> opener(deal[Seat.NORTH]), opener(deal[Seat.EAST])
    (True, False)
    """

    def __init__(self, auction: Auction, seat: Seat, vulnerability: Vulnerability | str,
                 system: str | tuple[str, str] = "sayc") -> None:
        self.seat = seat
        self.key = _auction_key(auction, Vulnerability.parse(vulnerability), system)
        self.positions = [k for k, _ in _questions(auction, {seat})]

    @property
    def questions(self) -> list[tuple[Auction, Call]]:
        """The seat's calls, each with the auction before it (shared: read only)."""
        return [(_before(self.key, k), Call(self.key[3][k])) for k in self.positions]

    def __call__(self, hand: Hand) -> bool:
        return all(_makes(self.key, k, hand.mask) for k in self.positions)


@dataclass(frozen=True, slots=True)
class Layouts:
    """Layouts for one decision, the best fits to the auction first: ``weights`` (a layout that does not
    fit weighs :data:`MISMATCH_WEIGHT`, one that does at most 1), ``drawn`` (how many were dealt by the
    ranges), ``fitting`` (how many of ``deals`` fit every call) and ``relaxed`` (see
    :class:`~redouble.cardplay.sampling.Samples`)."""

    deals: list[Deal]
    weights: list[float]
    drawn: int
    fitting: int
    relaxed: int


def draw_layouts(view: View, count: int, *, auction: Auction | None = None,
                 vulnerability: Vulnerability | str = Vulnerability.NONE, system: str | tuple[str, str] = "sayc",
                 ranges: Mapping[Seat, HandRange] | None = None, weight: SampleWeight | None = None,
                 seed: int = 0, candidates: int | None = None, deadline: float | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> Layouts:
    """``count`` layouts of the cards ``view`` cannot see, the ones that best explain ``auction`` first
    (all of a :class:`LayoutSearch`'s layouts at once; the arguments are its).

    >>> from redouble import Deal, Play
    >>> play = Play(Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 K52.94.AQJT65.83 A964.KT2.842.Q92"), "3NT-N")
    >>> layouts = draw_layouts(View.of(play, "E"), 4, auction=Auction("N", "1NT P 3NT P P P".split()),
    ...                        candidates=200, seed=1)
    >>> len(layouts.deals), layouts.fitting, all(0 < w <= 1 for w in layouts.weights)
    (4, 4, True)
    """
    search = LayoutSearch(view, count, auction=auction, vulnerability=vulnerability, system=system, ranges=ranges,
                          weight=weight, seed=seed, candidates=candidates, deadline=deadline, clock=clock)
    found = [item for item in search if item is not None]
    return Layouts([d for d, _ in found], [w for _, w in found], search.drawn, search.fitting, search.relaxed)


class LayoutSearch:
    """``count`` layouts of the cards ``view`` cannot see, the ones that best explain ``auction`` first,
    handed over one by one as they are found: iterating gives ``(deal, weight)`` pairs, and None now and
    then while it is still looking (so that a caller solving the layouts found so far can start the next
    search meanwhile). ``drawn`` (how many layouts were dealt by the ranges), ``fitting`` (how many of
    those handed over fit every call) and ``relaxed`` (see :class:`~redouble.cardplay.sampling.Samples`)
    count as it goes.

    ``candidates`` layouts (by default :data:`FIT_FACTOR` times ``count``, at most
    :data:`MAX_FIT_CANDIDATES` unless ``count`` is more) are dealt by the auction's ranges. With two hands
    unseen each is checked against the calls and the best fits kept (:func:`fit_to_auction`). With three
    (the opening lead) the hands are found seat by seat: for each hand of the hardest seat to fit,
    :data:`COMPLETIONS` deals of the other two hands are tried; the first that fits is kept, weighed by
    the share that fit (how likely the rest of the auction is with that hand, as bidding whole layouts
    would weigh it). That finds fitting layouts several times faster, and each holds a different hand of
    the hardest seat. Layouts that do not fit fill up the count, weighing :data:`MISMATCH_WEIGHT`.
    ``deadline`` (a ``clock`` value, by default :func:`time.perf_counter`'s) bounds the checking; without one,
    or with a clock that does not move, the layouts depend on ``seed`` alone.

    >>> from redouble import Deal, Play
    >>> play = Play(Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 K52.94.AQJT65.83 A964.KT2.842.Q92"), "3NT-N")
    >>> search = LayoutSearch(View.of(play, "E"), 3, auction=Auction("N", "1NT P 3NT P P P".split()), seed=1)
    >>> found = [item for item in search if item is not None]
    >>> len(found), search.fitting, found[0][0][Seat.EAST] == play.deal[Seat.EAST]
    (3, 3, True)
    """

    def __init__(self, view: View, count: int, *, auction: Auction | None = None,
                 vulnerability: Vulnerability | str = Vulnerability.NONE, system: str | tuple[str, str] = "sayc",
                 ranges: Mapping[Seat, HandRange] | None = None, weight: SampleWeight | None = None,
                 seed: int = 0, candidates: int | None = None, deadline: float | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.view, self.count, self.auction, self.system = view, count, auction, system
        self.clock = clock
        self.vulnerability = Vulnerability.parse(vulnerability)
        self.ranges, self.weight, self.seed, self.deadline = ranges, weight, seed, deadline
        self.candidates = candidates if candidates is not None else \
            min(count * FIT_FACTOR, max(count, MAX_FIT_CANDIDATES))
        self.drawn = 0
        self.fitting = 0
        self.relaxed = 0

    def __iter__(self) -> Iterator[tuple[Deal, float] | None]:
        view, count, auction, seed = self.view, self.count, self.auction, self.seed
        bidders = list(view.hidden) if auction is not None and auction.calls else []
        if not bidders:
            drawn = sample_deals(view, count, seed=seed, ranges=self.ranges, weight=self.weight)
            self.drawn, self.relaxed = count, drawn.relaxed
            yield from zip(drawn.deals, drawn.weights, strict=True)
            return
        assert auction is not None
        if len(bidders) < 3 or self.weight is not None:
            drawn = sample_deals(view, max(count, self.candidates), seed=seed, ranges=self.ranges,
                                 weight=self.weight)
            self.drawn, self.relaxed = len(drawn.deals), drawn.relaxed
            order, misses = fit_to_auction(drawn.deals, auction, bidders, self.vulnerability, keep=count,
                                           system=self.system, deadline=self.deadline, clock=self.clock)
            self.fitting = misses.count(0)
            for i, m in zip(order, misses, strict=True):
                yield drawn.deals[i], drawn.weights[i] * MISMATCH_WEIGHT ** m
            return
        yield from self._seat_by_seat(auction, bidders)

    def _seat_by_seat(self, auction: Auction, bidders: list[Seat]) -> Iterator[tuple[Deal, float] | None]:
        view, count, seed, ranges, deadline, clock = (self.view, self.count, self.seed, self.ranges, self.deadline,
                                                      self.clock)
        drawn = sample_deals(view, max(count, min(self.candidates, FIT_CHUNK)), seed=seed, ranges=ranges)
        self.relaxed = drawn.relaxed
        checks = {s: SeatCheck(auction, s, self.vulnerability, self.system) for s in bidders}
        pool = list(drawn.deals)
        probe = [{s: checks[s](d[s]) for s in bidders} for d in pool[:PROBE]]
        rate = {s: (sum(p[s] for p in probe) + 0.5) / (len(probe) + 1) for s in bidders}
        first, *rest = sorted(bidders, key=lambda s: (rate[s], s))
        rest_ranges = {s: r for s, r in (ranges or {}).items() if s in rest}

        def rest_fits(deal: Deal) -> bool:
            return all(checks[s](deal[s]) for s in rest)

        used: set[int] = set()
        i = 0
        rounds = 1
        most = MAX_ROUNDS * max(count, self.candidates)
        while self.fitting < count:
            self.drawn = len(pool)
            if deadline is not None and clock() > deadline:
                break
            if i == len(pool):
                if len(pool) >= most:
                    break
                pool += sample_deals(view, min(FIT_CHUNK, most - len(pool)), seed=seed + rounds * 7919,
                                     ranges=ranges).deals
                rounds += 1
            deal = pool[i]
            known = probe[i] if i < len(probe) else None
            if known[first] if known is not None else checks[first](deal[first]):
                # A hand of ``first`` that fits: deal the others' hands a few times. One layout is kept per
                # hand (different hands inform more than more completions of one), weighed by the share of
                # completions that fit: how likely the rest of the auction is with this hand.
                sub_view = replace(view, known={**view.known, first: deal[first].mask}, hidden=tuple(rest))
                extra = sample_deals(sub_view, COMPLETIONS - 1, seed=seed + 104729 * (i + 1), ranges=rest_ranges,
                                     batch=64)
                fits = [d for d in extra.deals if rest_fits(d)]
                if all(known.values()) if known is not None else rest_fits(deal):
                    fits.insert(0, deal)
                    used.add(i)
                if fits:
                    self.fitting += 1
                    yield fits[0], len(fits) / COMPLETIONS
                    i += 1
                    continue
            i += 1
            yield None
        self.drawn = len(pool)
        fillers = [d for k, d in enumerate(pool) if k not in used][:count - self.fitting]
        for deal in fillers:
            yield deal, MISMATCH_WEIGHT
