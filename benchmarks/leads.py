"""Opening-lead accuracy against double dummy, suit and notrump contracts separately.

Run from the repository root::

    python benchmarks/leads.py                 # 1,000 deals (about 17 minutes on two busy cores)
    python benchmarks/leads.py --deals 100     # a quick look
    python benchmarks/leads.py --only NT       # the notrump leads of the same 1,000 deals
    python benchmarks/leads.py --only NT --ceiling 32   # and the best any lead could do on them

Each seeded random deal is bid by the SAYC robot on all four seats (dealer and vulnerability by board
number); passed-out deals are skipped. The robot's opening lead (standard agreements tested over sampled
layouts) is compared with the double-dummy value of every lead on the real deal: a lead is accurate when
it gives away nothing against the best lead. "random" is the share of legal leads that give away nothing
(what a uniformly random lead scores). Reference: the best neural robot reports 81.8% (suit) and 76.4% (NT);
random leads score about 67% and 64%.

``--ceiling N`` also estimates the most any leader could score on the same deals knowing what the auction
says: for each lead, N layouts that fit the auction are dealt and every card is solved on each; each fitting
layout in turn plays the real deal, and the conventional lead with the best mean over the other layouts
is chosen (the choice that is best on average over the hands the auction allows). With layouts that match
the real hands (tests/cardplay/test_auction_fit.py; their honours, points and lengths are calibrated on
the real deals) the share of those choices that give nothing away is what a perfect leader scores.
Measured (main 26c7495, ``--only NT --ceiling 32``, seed 2024): ceiling 76.0% of 308 notrump leads (seed 11:
73.7%, seed 7: 75.5%, each 32 layouts; suit, seed 7: 82.6% with 23): above ~30 layouts it no longer grows, and
the robot's leads at 24-32 layouts score within a point of it (seed 11: 74.7-75.3%).

Measured (main e114e69, 1,000 deals, seed 2024, nice, load average 15-18 on two cores): suit 78.4% of 676
leads, NT 73.7% of 312 (random 67.6% and 61.1%), 0.91 s a lead, 1.02 s at the 95th percentile, 6.7 layouts
a lead. Side by side on the same deals and load, the card play before each suit's conventional card was
solved alone and notrump leads got the classic leads' bonus (fd4a9fb): 78.1% and 71.2%, 4.8 layouts a lead.
Accuracy follows the layouts, and they follow the load: at load 2-4 (cbfa95f, an older bidder: 660 and 328
leads) the code before scored 81.5% and 71.0% in 0.85 s a lead.
"""

from __future__ import annotations

import argparse
import random
import time

from redouble import Board, Deal, Play, Strain
from redouble.cardplay import choose_card, conventional_leads
from redouble.cardplay.auction_fit import draw_layouts
from redouble.cardplay.player import decision_seed
from redouble.cardplay.sampling import View, replay
from redouble.robots import Robot

NEURAL = {"suit": 81.8, "NT": 76.4}


def ceiling(board: Board, count: int, robot: Robot) -> float:
    """The share of ``count`` layouts fitting ``board``'s auction (weighted as the card player weighs them)
    on which the conventional lead with the best mean over the other layouts gives nothing away."""
    import numpy as np

    from redouble.dd import solve_positions

    play = Play(board.deal, board.contract)
    leader = play.turn
    ranges = dict(robot.ranges(board))
    ranges.pop(leader, None)
    drawn = draw_layouts(View.of(play, leader), count, auction=board.auction, vulnerability=board.vulnerability,
                         ranges=ranges, seed=decision_seed(board.number or 0, play, leader))
    legal = play.legal_cards()
    agreed = conventional_leads(play.hand(leader).cards, play.trump)
    conventional = [k for k, card in enumerate(legal) if card in agreed]
    values = np.array([[v[c] for c in legal] for v in solve_positions([replay(d, play) for d in drawn.deals])])
    weights = np.asarray(drawn.weights)
    hits = total = 0.0
    for j in range(drawn.fitting):
        others = np.arange(len(values)) != j
        mean = values[others][:, conventional].T @ weights[others]  # the declarer's tricks: fewest best
        lead = conventional[int(np.argmin(mean))]
        hits += weights[j] * (values[j, lead] == values[j].min())
        total += weights[j]
    return hits / total if total else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="number of deals (default 1000)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the deals (default 2024)")
    parser.add_argument("--samples", type=int, default=None, help="layouts a lead (default: the 1-second budget)")
    parser.add_argument("--only", choices=("suit", "NT"), default=None, help="lead against these contracts only")
    parser.add_argument("--ceiling", type=int, default=0, metavar="N",
                        help="also estimate the best any lead can do, with N layouts a lead (slow: every card solved)")
    args = parser.parse_args()

    from rich.progress import Progress

    from redouble.bidding import bid_deal
    from redouble.dd import solve_positions

    rng = random.Random(args.seed)
    items = []
    skipped = 0
    for number in range(1, args.deals + 1):
        board = Board.from_number(number, deal=Deal.random(rng=rng))
        try:
            auction = bid_deal(board.deal, board.dealer, board.vulnerability)
        except Exception:
            skipped += 1
            continue
        board.auction = auction
        if auction.contract is None or auction.contract.is_passed_out:
            continue
        if args.only is not None and (auction.contract.strain is Strain.NOTRUMP) != (args.only == "NT"):
            continue
        items.append(board)
    truths = solve_positions([Play(b.deal, b.contract) for b in items], progress=True)
    hits = {"suit": 0, "NT": 0}
    count = {"suit": 0, "NT": 0}
    random_share = {"suit": 0.0, "NT": 0.0}
    robot = Robot.named("redouble")
    seconds: list[float] = []
    layouts: list[int] = []
    with Progress(transient=True) as bar:
        task = bar.add_task("leads", total=len(items))
        for board, truth in zip(items, truths, strict=True):
            play = Play(board.deal, board.contract)
            started = time.perf_counter()
            choice = choose_card(play, auction=board.auction, vulnerability=board.vulnerability,
                                 ranges=robot.ranges(board), samples=args.samples, seed=board.number or 0)
            seconds.append(time.perf_counter() - started)
            layouts.append(choice.samples)
            best = min(truth.values())  # the defenders want the fewest tricks for the declarer
            kind = "NT" if play.trump is None else "suit"
            count[kind] += 1
            hits[kind] += truth[choice.card] == best
            random_share[kind] += sum(v == best for v in truth.values()) / len(truth)
            bar.advance(task)
    ceilings: dict[str, list[float]] = {"suit": [], "NT": []}
    if args.ceiling:
        with Progress(transient=True) as bar:
            task = bar.add_task("ceiling", total=len(items))
            for board in items:
                share = ceiling(board, args.ceiling, robot)
                if share == share:  # no layout fitted the auction: nothing to learn from this one
                    ceilings["NT" if board.contract.strain is Strain.NOTRUMP else "suit"].append(share)
                bar.advance(task)
    seconds.sort()
    mean = sum(seconds) / max(1, len(seconds))
    p95 = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))] if seconds else 0.0
    print(f"{len(items)} deals with bid contracts ({args.deals} dealt, seed {args.seed}"
          f"{f', {skipped} not bid: bidder error' if skipped else ''}); {mean:.2f} s a lead (95th percentile "
          f"{p95:.2f} s), {sum(layouts) / max(1, len(layouts)):.1f} layouts a lead")
    for kind in ("suit", "NT"):
        n = count[kind]
        if not n:
            continue
        accurate, at_random = 100 * hits[kind] / n, 100 * random_share[kind] / n
        best = f"   ceiling {100 * sum(ceilings[kind]) / len(ceilings[kind]):5.1f}% ({len(ceilings[kind])} leads, " \
            f"{args.ceiling} layouts)" if ceilings[kind] else ""
        print(f"{kind:>4}: {n:4d} leads, accurate {accurate:5.1f}%   random {at_random:5.1f}%"
              f"   neural robot {NEURAL[kind]}%{best}")


if __name__ == "__main__":
    main()
