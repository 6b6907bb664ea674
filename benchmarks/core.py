"""Speed of the pure-Python core: random deals, random auctions with play, and duplicate scoring.

Run from the repository root::

    python benchmarks/core.py            # about 2 seconds a measurement
    python benchmarks/core.py --seconds 5 --seed 1
    python benchmarks/core.py --cpu       # CPU time of this process: steadier on a busy machine

Each figure is the best of three timed rounds (the least disturbed by other work on the machine).
Targets from issue 2: 50,000 deals a second and 2,000 random playouts a second.

The batched figure (issue 12) is whole games played by :class:`redouble.batch.BoardBatch`, ``--batch``
boards at once: a random deal, then at every turn an action drawn uniformly from the legal ones, to the
end of the play, and the duplicate score. OpenSpiel's bridge (C++, ``use_double_dummy_result=false``)
driven from Python does the same job game by game (dealing through its chance nodes, then uniform legal
actions, then its returns); the target is 10 times its rate. ``pip install open-spiel`` to compare.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import numpy as np

from redouble import Auction, Call, Contract, Deal, Play, Seat, Vulnerability
from redouble.scoring import duplicate_score

DEALS_TARGET = 50_000
PLAYOUTS_TARGET = 2_000
BATCH_TARGET_OVER_OPENSPIEL = 10


def random_auction(rng: random.Random, dealer: Seat) -> Auction:
    """A random legal auction that ends the way real ones do: mostly passes, bids a step or two up.

    Before anyone bids, each seat opens half the time (so about one deal in sixteen is passed out);
    after that a call is a pass 70% of the time, a double or redouble 5% when one is legal, else one
    of the six cheapest legal bids.
    """
    auction = Auction(dealer)
    while not auction.is_complete:
        legal = auction.legal_calls()
        r = rng.random()
        opened = auction.last_bid is not None
        if r < (0.7 if opened else 0.5) or len(legal) == 1:
            call = Call.PASS
        elif r < 0.75 and legal[1].index >= 36:  # legal[1] is X or XX when either is allowed
            call = legal[1]
        else:
            bids = [c for c in legal[1:8] if c.is_bid][:6]
            call = rng.choice(bids) if bids else Call.PASS
        auction.push(call)
    return auction


def random_playout(rng: random.Random) -> int:
    """Deal, bid and play one board at random; return the number of cards played (0 if passed out)."""
    deal = Deal.random(rng=rng)
    auction = random_auction(rng, Seat(rng.randrange(4)))
    contract = auction.contract
    assert contract is not None
    if contract.is_passed_out:
        return 0
    play = Play(deal, contract)
    while not play.is_complete:
        play.push(rng.choice(play.legal_cards()))
    return len(play.cards)


def batched_playouts(n: int, batch: int, rng: np.random.Generator) -> None:
    """``n`` whole games, ``batch`` at a time: uniform random legal actions, then the scores."""
    from redouble.batch import BoardBatch

    for start in range(0, n, batch):
        boards = BoardBatch.random(min(batch, n - start), rng=rng)
        while not boards.is_done.all():
            boards.step(boards.random_actions(rng))
        boards.scores()


def openspiel_playouts(n: int, rng: random.Random) -> None:
    """The same job on OpenSpiel's bridge, game by game (import pyspiel before calling)."""
    import pyspiel

    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():  # a chance node's legal actions are the cards it may deal next
            state.apply_action(rng.choice(state.legal_actions()))
        state.returns()


def rate(work: Callable[[int], object], seconds: float, batch: int,
         clock: Callable[[], float] = time.perf_counter) -> float:
    """Operations a second: ``work(n)`` does ``n`` operations; best of three rounds of ``seconds / 3``."""
    work(max(1, batch // 10))  # warm up
    best = 0.0
    for _ in range(3):
        done = 0
        start = clock()
        elapsed = 0.0
        while elapsed < seconds / 3:
            work(batch)
            done += batch
            elapsed = clock() - start
        best = max(best, done / elapsed)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each measurement")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random choices")
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU time, not the wall clock")
    parser.add_argument("--batch", type=int, default=16384, help="boards a batch for redouble.batch (default 16384)")
    args = parser.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    rng = random.Random(args.seed)

    def deals(n: int) -> None:
        for _ in range(n):
            Deal.random(rng=rng)

    played_cards = [0, 0]  # boards, cards: to report how many boards were played out

    def playouts(n: int) -> None:
        for _ in range(n):
            played_cards[0] += 1
            played_cards[1] += random_playout(rng)

    contracts = [Contract.parse(f"{level}{strain}{dbl}") for level in range(1, 8)
                 for strain in ("C", "D", "H", "S", "NT") for dbl in ("", "X", "XX")]
    score_args = [(rng.choice(contracts), Seat(rng.randrange(4)), rng.randrange(14), Vulnerability(rng.randrange(4)))
                  for _ in range(1000)]
    text_args = [(str(c), str(s), t, str(v)) for c, s, t, v in score_args]

    def scores(n: int) -> None:
        for k in range(n):
            duplicate_score(*score_args[k % 1000])

    def text_scores(n: int) -> None:
        for k in range(n):
            duplicate_score(*text_args[k % 1000])

    timing = "CPU time" if args.cpu else "wall clock"
    print(f"redouble core benchmark (Python {sys.version.split()[0]}, {args.seconds:g} s a figure, {timing})")
    deal_rate = rate(deals, args.seconds, 10_000, clock)
    print(f"  Deal.random:                     {deal_rate:>10,.0f} deals/s     (target {DEALS_TARGET:,})")
    playout_rate = rate(playouts, args.seconds, 200, clock)
    share = played_cards[1] / 52 / played_cards[0] if played_cards[0] else 0.0
    print(f"  random auction + play:           {playout_rate:>10,.0f} playouts/s  (target {PLAYOUTS_TARGET:,}; "
          f"{share:.0%} of boards played out, the rest passed out)")
    score_rate = rate(scores, args.seconds, 10_000, clock)
    print(f"  duplicate_score (value types):   {score_rate:>10,.0f} calls/s")
    text_rate = rate(text_scores, args.seconds, 10_000, clock)
    print(f"  duplicate_score (strings):       {text_rate:>10,.0f} calls/s")

    generator = np.random.default_rng(args.seed)
    batch_rate = rate(lambda n: batched_playouts(n, args.batch, generator), args.seconds, args.batch, clock)
    print(f"  batched uniform games:           {batch_rate:>10,.0f} games/s     (redouble.batch, "
          f"{args.batch:,} boards a batch)")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("  OpenSpiel bridge:                not installed (pip install open-spiel), no ratio")
        return 0
    spiel_rate = rate(lambda n: openspiel_playouts(n, rng), args.seconds, 200, clock)
    print(f"  OpenSpiel bridge (C++ from Python): {spiel_rate:>7,.0f} games/s     (same job, game by game)")
    print(f"  ratio batched/OpenSpiel:         {batch_rate / spiel_rate:>10.1f}x        "
          f"(target {BATCH_TARGET_OVER_OPENSPIEL}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
