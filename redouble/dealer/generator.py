"""Vectorised generation of deals that meet a constraint.

How: deals are made in batches of ``BATCH`` with NumPy, and only the hands the constraint looks at are
dealt at first. Going through the free cards once, each card goes to a seat with probability
(cards that seat still needs) / (cards left), which deals those hands uniformly at random, 52 whole-array
steps for a whole batch. The constraint is evaluated on the batch; only the deals that pass get their
other hands dealt (a uniform shuffle of the cards left), so a rare constraint costs little per try.

Cards that a top-level ``holds(...)`` requires (and ``predeal``) are given to their seat before dealing.

Reproducible: batch ``k`` draws from ``SeedSequence(seed, spawn_key=(k,))``, so a seed gives the same
deals in the same order on every run, platform and number of processes.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redouble.cards import Seat
from redouble.deal import Deal, Hand
from redouble.dealer.expr import And, Constraint, Context, Holds, Truth
from redouble.errors import RedoubleError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BATCH", "DEFAULT_MAX_TRIES", "BudgetExhaustedError", "generate", "iter_deals", "iter_owner_batches"]

BATCH = 32768
DEFAULT_MAX_TRIES = 10_000_000


class BudgetExhaustedError(RedoubleError):
    """The constraint matched too rarely (or never) within the budget of deals to try."""

    def __init__(self, tried: int, matched: int, wanted: int, constraint: Constraint) -> None:
        self.tried, self.matched, self.wanted = tried, matched, wanted
        hint = "it may be impossible" if matched == 0 else "it is rare"
        super().__init__(
            f"gave up after trying {tried:,} deals: {matched:,} matched {constraint.text()!r}"
            + (f", {wanted:,} wanted" if wanted >= 0 else "")
            + f" ({hint}; allow more tries with max_tries / --max-tries)")


@dataclass(frozen=True)
class _Plan:
    """What to deal first: which seats are looked at, their predealt cards, and the free cards."""

    seats: tuple[Seat, ...]  # looked at by the constraint, in seat order
    predealt: tuple[int, int, int, int]  # card masks by seat
    constraint: Constraint

    @property
    def free_cards(self) -> list[int]:
        taken = self.predealt[0] | self.predealt[1] | self.predealt[2] | self.predealt[3]
        return [i for i in range(52) if not taken >> i & 1]


def _conjuncts(c: Constraint) -> list[Constraint]:
    if isinstance(c, And):
        return _conjuncts(c.left) + _conjuncts(c.right)
    return [c]


def _plan(constraint: Constraint | None, predeal: Mapping[Any, Hand | str] | None) -> _Plan:
    masks = [0, 0, 0, 0]
    if predeal:
        for seat, cards in predeal.items():
            s = Seat.parse(seat)
            if isinstance(cards, Hand):
                masks[s] |= cards.mask
            else:
                from redouble.dealer.expr import parse_cards

                masks[s] |= parse_cards(cards)
    rest: list[Constraint] = []
    for part in _conjuncts(constraint if constraint is not None else Truth(True)):
        if isinstance(part, Holds):
            masks[part.seat] |= part.mask
        else:
            rest.append(part)
    for a in range(4):
        n = masks[a].bit_count()
        if n > 13:
            raise RedoubleError(f"{Seat(a).name.lower()} is given {n} cards; a hand has 13")
        for b in range(a):
            both = masks[a] & masks[b]
            if both:
                cards = " ".join(str(c) for c in Hand(both))
                raise RedoubleError(f"{cards} cannot be both {Seat(b).name.lower()}'s and {Seat(a).name.lower()}'s")
    remaining = rest[0] if rest else Truth(True)
    for part in rest[1:]:
        remaining = And(remaining, part)
    return _Plan(tuple(sorted(remaining.seats())), (masks[0], masks[1], masks[2], masks[3]), remaining)


def _seed_sequence(seed: int | str | None) -> np.random.SeedSequence:
    import hashlib

    import numpy as np

    if seed is None:
        return np.random.SeedSequence()
    if isinstance(seed, str):
        seed = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:16], "little")
    if not isinstance(seed, int) or seed < 0:
        raise RedoubleError(f"a seed is a whole number 0 or more (or text), not {seed!r}")
    return np.random.SeedSequence(seed)


def _batch(plan: _Plan, entropy: int | Sequence[int], index: int, size: int) -> np.ndarray:
    """Deal batch ``index``: returns the owners (n_matched, 52) uint8 of the deals that pass."""
    import numpy as np

    bits = np.random.PCG64DXSM(np.random.SeedSequence(entropy, spawn_key=(index,)))
    rng = np.random.Generator(bits)
    free = plan.free_cards
    seats = plan.seats
    holds: dict[Seat, np.ndarray] = {}
    needs = []
    for seat in seats:
        m = np.zeros((52, size), dtype=bool)
        for i in range(52):
            if plan.predealt[seat] >> i & 1:
                m[i] = True
        holds[seat] = m
        needs.append(np.full(size, 13 - plan.predealt[seat].bit_count(), dtype=np.uint32))
    if seats:
        # 31-bit uniform integers; card i (rem free cards left) goes to the k-th looked-at seat when
        # r < (needs of seats 0..k) * unit, unit = 2**31 // rem + 1 (so rem * unit exceeds every r:
        # a seat that needs all the cards left gets them; otherwise the bias is below 3e-8).
        # Raw generator output is the cheapest uniform source: two 32-bit halves per 64-bit draw, less a bit.
        draws = bits.random_raw((len(free) * size + 1) // 2).view(np.uint32)[:len(free) * size]
        np.right_shift(draws, 1, out=draws)
        draws = draws.reshape(len(free), size)
        below = np.empty(size, dtype=np.uint32)
        if len(seats) == 1:
            need, rows = needs[0], holds[seats[0]]
            for k, card in enumerate(free):
                unit = (1 << 31) // (len(free) - k) + 1
                np.multiply(need, unit, out=below)
                np.less(draws[k], below, out=rows[card])
                need -= rows[card]
        else:
            taken = np.empty(size, dtype=bool)
            got = np.empty(size, dtype=bool)
            cumulative = np.empty(size, dtype=np.uint32)
            for k, card in enumerate(free):
                unit = (1 << 31) // (len(free) - k) + 1
                r = draws[k]
                taken[:] = False
                cumulative[:] = 0
                for need, seat in zip(needs, seats, strict=True):
                    cumulative += need
                    np.multiply(cumulative, unit, out=below)
                    np.less(r, below, out=got)
                    got &= ~taken
                    holds[seat][card] = got
                    taken |= got
                    need -= got
    ctx = Context(holds, size)
    passed = plan.constraint.evaluate(ctx)
    picked = np.flatnonzero(passed)
    n = len(picked)
    owners = np.full((n, 52), 255, dtype=np.uint8)
    for number in range(4):
        if Seat(number) in holds:
            owners[holds[Seat(number)][:, picked].T] = number
        else:
            for i in range(52):
                if plan.predealt[number] >> i & 1:
                    owners[:, i] = number
    others = [s for s in range(4) if Seat(s) not in holds]
    if n and others:
        # Deal the cards nobody has yet to the other seats: a uniform shuffle of them for each deal.
        _, cols = np.nonzero(owners == 255)
        left = cols.reshape(n, -1)
        order = np.argsort(rng.random(left.shape), axis=1)
        shuffled = np.take_along_axis(left, order, axis=1)
        labels = np.concatenate([np.full(13 - plan.predealt[s].bit_count(), s, dtype=np.uint8) for s in others])
        np.put_along_axis(owners, shuffled, np.broadcast_to(labels, shuffled.shape), axis=1)
    return owners


def iter_owner_batches(where: Constraint | str | None = None, *, count: int | None = None,
                       seed: int | str | None = None, predeal: Mapping[Any, Hand | str] | None = None,
                       max_tries: int | None = DEFAULT_MAX_TRIES, jobs: int = 1,
                       stats: dict[str, int] | None = None) -> Generator[np.ndarray, None, None]:
    """The deals of :func:`iter_deals` as NumPy arrays, a batch at a time, for work on many deals at once.

    Each array is ``(k, 52)`` uint8: row ``r``, column ``i`` is the seat (0 N, 1 E, 2 S, 3 W) that holds
    the card of index ``i`` (``Card.index``) in the ``r``-th deal, as :meth:`Deal.from_owners` reads it.
    With ``count``, stops after that many deals (the last batch is cut short).

    >>> batches = list(iter_owner_batches("north.hcp >= 20", count=3, seed=7))
    >>> [b.shape for b in batches]
    [(3, 52)]
    >>> [Deal.from_owners(row.tobytes()) for row in batches[0]] == generate("north.hcp >= 20", 3, seed=7)
    True
    """
    if count is not None and count < 0:
        raise RedoubleError(f"count must be 0 or more, not {count}")
    if jobs < 1:
        raise RedoubleError(f"jobs must be 1 or more, not {jobs}")
    if isinstance(where, str):
        from redouble.dealer.language import parse

        where = parse(where)
    plan = _plan(where, predeal)
    entropy = _seed_sequence(seed).entropy
    assert entropy is not None
    counts = stats if stats is not None else {}
    counts["tried"] = counts["matched"] = 0
    # Checked above, before the first batch is asked for: bad input is reported before any output.
    return _counted_batches(plan, entropy, count, max_tries, jobs, counts, where)


def _counted_batches(plan: _Plan, entropy: int | Sequence[int], count: int | None, max_tries: int | None,
                     jobs: int, counts: dict[str, int], where: Constraint | None) -> Generator[np.ndarray, None, None]:
    if count == 0:
        return
    left = count
    batches = _owner_batches(plan, entropy, jobs)
    try:
        for owners in batches:
            counts["tried"] += BATCH
            counts["matched"] += len(owners)
            if left is not None and len(owners) >= left:
                yield owners[:left]
                return
            if len(owners):
                yield owners
            if left is not None:
                left -= len(owners)
            if max_tries is not None and counts["tried"] >= max_tries:
                raise BudgetExhaustedError(counts["tried"], counts["matched"], -1 if count is None else count,
                                           where if where is not None else Truth(True))
    finally:
        batches.close()


def iter_deals(where: Constraint | str | None = None, *, seed: int | str | None = None,
               predeal: Mapping[Any, Hand | str] | None = None,
               max_tries: int | None = DEFAULT_MAX_TRIES, jobs: int = 1,
               stats: dict[str, int] | None = None) -> Generator[Deal, None, None]:
    """Deals meeting ``where`` (a Constraint or text of the language), endlessly, until ``max_tries``.

    ``stats`` (a dict) is updated with ``tried`` and ``matched`` as batches go. Past ``max_tries``
    candidate deals, raises :class:`BudgetExhaustedError`. ``jobs`` > 1 deals batches in that many
    processes (same deals, same order).
    """
    batches = iter_owner_batches(where, seed=seed, predeal=predeal, max_tries=max_tries, jobs=jobs, stats=stats)
    try:
        for owners in batches:
            for row in owners:
                yield Deal.from_owners(row.tobytes())
    finally:
        batches.close()


def _owner_batches(plan: _Plan, entropy: int | Sequence[int], jobs: int) -> Generator[np.ndarray, None, None]:
    if jobs <= 1:
        index = 0
        while True:
            yield _batch(plan, entropy, index, BATCH)
            index += 1
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Spawned workers: forking a process that runs threads (a web server, the solver) is not safe.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        index = 0
        pending = [pool.submit(_batch, plan, entropy, index + k, BATCH) for k in range(2 * jobs)]
        index += 2 * jobs
        while True:
            done = pending.pop(0)
            pending.append(pool.submit(_batch, plan, entropy, index, BATCH))
            index += 1
            yield done.result()


def generate(where: Constraint | str | None = None, count: int = 1, *, seed: int | str | None = None,
             predeal: Mapping[Any, Hand | str] | None = None, max_tries: int | None = DEFAULT_MAX_TRIES,
             jobs: int = 1, stats: dict[str, int] | None = None) -> list[Deal]:
    """``count`` deals meeting ``where``, reproducible from ``seed``.

    >>> from redouble.dealer import north
    >>> deals = generate(north.hcp.between(15, 17) & north.balanced, count=3, seed=7)
    >>> [d[Seat.NORTH].hcp for d in deals], all(d[Seat.NORTH].is_balanced for d in deals)
    ([15, 17, 15], True)
    >>> generate("north.hcp in 15..17", count=3, seed=7) == generate("north.hcp in 15..17", count=3, seed=7)
    True
    """
    batches = iter_owner_batches(where, count=count, seed=seed, predeal=predeal, max_tries=max_tries, jobs=jobs,
                                 stats=stats)
    return [Deal.from_owners(row.tobytes()) for owners in batches for row in owners]


def default_jobs() -> int:
    return os.cpu_count() or 1
