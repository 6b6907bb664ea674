"""Bidding benchmark: the final contracts of our bots, scored double-dummy, against par.

On a fixed seeded set of deals (board numbers 1.. give dealer and vulnerability), each system bids every
deal with all four seats; the contract is scored double-dummy and compared with the par score in IMPs.

- ``|IMPs| vs par``: the mean IMPs per board lost to par (by whichever side strayed): lower is better.
- ``IMPs vs par (NS)``: the signed mean for North-South (about 0 when the same bot sits everywhere).
- head to head: sayc NS against basic EW at one table, basic NS against sayc EW at the other,
  IMPs per board for the sayc team with its standard error.
- the time of each call, mean, 95th percentile and max: the fast robot's (the rules alone) on every deal,
  and the strong robot's (close decisions settled by simulation, ``--strong N`` deals, sayc on every
  seat) with how many of its calls simulation changed and its IMPs against par on those deals beside the
  rules' own.

The match against Ben's bidding network (issue 14) is played by ``../shared/tools/strength/ben_match.py``
with Ben built outside the project (``../shared/tools/ben/README.md``); Ben is GPL and is only run as a
separate process, never imported here.

Usage: ``python benchmarks/bidding.py [--deals 1000] [--seed 2026] [--systems sayc basic] [--show N] [--strong 100]``
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from collections import Counter

from rich.progress import Progress

from redouble.auction import Auction
from redouble.bidding import choose_call
from redouble.bidding.engine import get_system
from redouble.bidding.simulation import STRONG_THINK
from redouble.board import Board
from redouble.calls import Contract
from redouble.deal import Deal
from redouble.scoring import duplicate_score, imps


def dd_score(contract: Contract | None, table, vulnerability) -> int:  # type: ignore[no-untyped-def]
    if contract is None or contract.is_passed_out:
        return 0
    assert contract.declarer is not None and contract.strain is not None
    tricks = table.tricks(contract.declarer, contract.strain)
    return duplicate_score(contract, contract.declarer, tricks, vulnerability)


def bid_timed(board: Board, systems: tuple[str, str], seconds: list[float], think: float = 0.0,
              changed: list[str] | None = None) -> Auction:
    """Bid ``board`` with the rule bots, timing every call; ``think``: the strong robot's seconds for a
    close decision (0: the fast robot, the rules alone). Calls simulation chose go to ``changed``."""
    auction = Auction(board.dealer)
    while not auction.is_complete:
        tick = time.perf_counter()
        choice = choose_call(board.deal[auction.turn], auction, board.vulnerability, systems, think=think,
                             seed=board.number or 0)
        seconds.append(time.perf_counter() - tick)
        if changed is not None and "chosen by simulation" in choice.rule:
            changed.append(f"board {board.number}: {auction} {choice.call} ({choice.rule})")
        auction.push(choice.call)
    return auction


def timing(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"a call: mean {1000 * statistics.fmean(seconds):.2f} ms, p95 {1000 * p95:.2f} ms, "
            f"max {1000 * ordered[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--systems", nargs="+", default=["sayc", "basic"])
    parser.add_argument("--show", type=int, default=0, help="print the N boards that lose most to par")
    parser.add_argument("--cache", help="a JSON file to keep the double-dummy tables in between runs")
    parser.add_argument("--strong", type=int, default=100, metavar="N",
                        help="bid the first N deals with the strong robot too (simulation on close calls; 0: not)")
    args = parser.parse_args()

    from redouble.dd import DDTable, par, solve_deals

    rng = random.Random(args.seed)
    boards = [Board.from_number(i + 1, deal=Deal.random(rng=rng)) for i in range(args.deals)]
    t0 = time.perf_counter()
    key = f"{args.seed}:{args.deals}"
    cached = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cached = json.load(f)
    if key in cached:
        tables = [DDTable.from_dict(t) for t in cached[key]]
    else:
        tables = solve_deals([b.deal for b in boards], progress=True)
        if args.cache:
            cached[key] = [t.to_dict() for t in tables]
            with open(args.cache, "w") as f:
                json.dump(cached, f)
    pars = [par(t, b.vulnerability, b.dealer).score for t, b in zip(tables, boards, strict=True)]
    print(f"double-dummy: {len(boards)} deals solved in {time.perf_counter() - t0:.1f} s")

    for system in args.systems:
        get_system(system)  # built once a process, as a Robot does: not a call's time
    scores: dict[object, list[int]] = {}
    runs = [(s, s) for s in args.systems]
    if "sayc" in args.systems and "basic" in args.systems:
        runs += [("sayc", "basic"), ("basic", "sayc")]
    with Progress() as progress:
        for ns, ew in runs:
            task = progress.add_task(f"bidding {ns} v {ew}", total=len(boards))
            t0 = time.perf_counter()
            out: list[int] = []
            seconds: list[float] = []
            for b, table in zip(boards, tables, strict=True):
                auction = bid_timed(b, (ns, ew), seconds)
                out.append(dd_score(auction.contract, table, b.vulnerability))
                if args.show and ns == ew:
                    b.tags.setdefault("auctions", {})[ns] = auction
                progress.advance(task)
            scores[(ns, ew)] = out
            progress.console.print(f"{ns} v {ew}: {len(seconds)} calls in {time.perf_counter() - t0:.1f} s; "
                                   f"{timing(seconds)} (the fast robot)")
        strong = boards[:args.strong] if "sayc" in args.systems else []
        if strong:
            task = progress.add_task("bidding sayc, strong", total=len(strong))
            t0 = time.perf_counter()
            seconds, changed, strong_scores = [], [], []
            for b, table in zip(strong, tables, strict=False):
                auction = bid_timed(b, ("sayc", "sayc"), seconds, think=STRONG_THINK, changed=changed)
                strong_scores.append(dd_score(auction.contract, table, b.vulnerability))
                progress.advance(task)
            progress.console.print(f"sayc strong ({STRONG_THINK} s to think): {len(seconds)} calls in "
                                   f"{time.perf_counter() - t0:.1f} s; {timing(seconds)}; "
                                   f"{len(changed)} calls chosen by simulation")

    print(f"\n{len(boards)} deals, seed {args.seed}")
    print(f"{'system':<8} {'|IMPs| vs par':>14} {'IMPs vs par (NS)':>17} {'boards at par':>14}")
    for system in args.systems:
        diffs = [imps(s - p) for s, p in zip(scores[(system, system)], pars, strict=True)]
        absolute = [abs(d) for d in diffs]
        print(f"{system:<8} {statistics.fmean(absolute):>14.2f} {statistics.fmean(diffs):>17.2f} "
              f"{sum(1 for d in diffs if d == 0) / len(diffs):>14.1%}")
    if strong:
        rules = [abs(imps(s - p)) for s, p in zip(scores[("sayc", "sayc")], pars[:len(strong)], strict=False)]
        thought = [abs(imps(s - p)) for s, p in zip(strong_scores, pars, strict=False)]
        print(f"sayc on the first {len(strong)} deals: |IMPs| vs par {statistics.fmean(rules):.2f} by the rules, "
              f"{statistics.fmean(thought):.2f} by the strong robot")
        for line in changed:
            print("  " + line)
    if ("sayc", "basic") in scores:
        h2h = [imps(a - b) for a, b in zip(scores[("sayc", "basic")], scores[("basic", "sayc")], strict=True)]
        mean = statistics.fmean(h2h)
        se = statistics.stdev(h2h) / math.sqrt(len(h2h)) if len(h2h) > 1 else float("nan")
        print(f"head to head, double dummy: sayc team {mean:+.2f} IMPs/board against basic (s.e. {se:.2f})")
    if args.show:
        system = args.systems[0]
        worst = sorted(range(len(boards)), key=lambda i: -abs(imps(scores[(system, system)][i] - pars[i])))
        for i in worst[: args.show]:
            b = boards[i]
            auction = b.tags["auctions"][system]
            got = scores[(system, system)][i]
            print(f"\nboard {b.number} dealer {b.dealer} vul {b.vulnerability}: {auction} -> {auction.contract} "
                  f"= {got}, par {pars[i]} ({imps(got - pars[i])} IMPs)")
            print(b.deal.diagram())
        kinds = Counter(str(b.tags["auctions"][system].contract.bid if b.tags["auctions"][system].contract else "")
                        for b in boards)
        print("\nmost frequent contracts:", kinds.most_common(12))


if __name__ == "__main__":
    main()
