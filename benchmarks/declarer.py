"""Declarer card error rate against double dummy, suit and notrump contracts separately.

Run from the repository root::

    python benchmarks/declarer.py                # 200 deals (about 20 minutes on two cores)
    python benchmarks/declarer.py --deals 20     # a quick look

Each seeded random deal is bid by the SAYC robot on all four seats; passed-out deals are skipped. The
sampling robot plays the declarer's and dummy's cards, seeing only what the declarer sees (the auction's
inferences narrow its samples); the defenders play double-dummy (a best card, the lowest of equals). A
declarer card is an error when, on the real deal, it gives up a trick against the best card in that
position. The rate is over all declarer cards (forced ones included, as the published figure counts them)
and, in brackets, over the cards where there was a choice. The time a card is reported too (mean, 95th
percentile, maximum, how many over a second, how many decisions the robot's hard time cap cut short).
Reference: the best neural robot reports 1.06% (suit) and 2.46% (NT).
"""

from __future__ import annotations

import argparse
import random
import time

from redouble import Board, Deal, Play
from redouble.robots import Robot

NEURAL = {"suit": 1.06, "NT": 2.46}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the deals (default 7)")
    parser.add_argument("--budget", type=float, default=None, help="seconds a card (default: the robot's 0.8)")
    args = parser.parse_args()

    from rich.progress import Progress

    from redouble.bidding import bid_deal
    from redouble.dd import solve_position

    rng = random.Random(args.seed)
    boards = []
    for number in range(1, args.deals + 1):
        board = Board.from_number(number, deal=Deal.random(rng=rng))
        try:
            board.auction = bid_deal(board.deal, board.dealer, board.vulnerability)
        except Exception:
            continue
        if board.contract is not None and not board.contract.is_passed_out:
            boards.append(board)
    options = {"budget": args.budget} if args.budget is not None else {}
    cards = {"suit": 0, "NT": 0}
    choices = {"suit": 0, "NT": 0}
    errors = {"suit": 0, "NT": 0}
    tricks_lost = {"suit": 0, "NT": 0}
    seconds: list[float] = []
    cut_short = 0  # decisions the time cap ended before every drawn layout was solved
    started = time.perf_counter()
    with Progress(transient=True) as bar:
        task = bar.add_task("declarer play", total=len(boards))
        for board in boards:
            robot = Robot.named("redouble", seed=board.number or 0, **options)  # type: ignore[arg-type]
            play = Play(board.deal, board.contract)
            board.play = play
            kind = "NT" if play.trump is None else "suit"
            while not play.is_complete:
                truth = solve_position(play)
                if play.turn % 2 != play.declarer % 2:
                    worst = min(truth.values())
                    play.push(min((c for c, v in truth.items() if v == worst), key=lambda c: (c.rank, c.suit)))
                    continue
                tick = time.perf_counter()
                choice = robot.card(board)
                seconds.append(time.perf_counter() - tick)
                cut_short += "time ran out" in choice.reason
                best = max(truth.values())
                cards[kind] += 1
                choices[kind] += len(set(truth.values())) > 1
                if truth[choice.card] < best:
                    errors[kind] += 1
                    tricks_lost[kind] += best - truth[choice.card]
                play.push(choice.card)
            bar.advance(task)
    elapsed = time.perf_counter() - started
    print(f"{len(boards)} deals with bid contracts ({args.deals} dealt, seed {args.seed}); "
          f"{elapsed / max(1, len(boards)):.1f} s a deal")
    if seconds:
        seconds.sort()
        print(f"time a declarer card: mean {sum(seconds) / len(seconds):.3f} s, 95th percentile "
              f"{seconds[int(0.95 * (len(seconds) - 1))]:.3f} s, max {seconds[-1]:.3f} s; "
              f"{sum(t > 1.0 for t in seconds)} of {len(seconds)} over 1 s; {cut_short} cut short by the time cap")
    for kind in ("suit", "NT"):
        n = cards[kind]
        if not n:
            continue
        print(f"{kind:>4}: {n:5d} declarer cards, errors {errors[kind]:3d} = {100 * errors[kind] / n:.2f}% "
              f"({100 * errors[kind] / max(1, choices[kind]):.2f}% of {choices[kind]} cards that mattered), "
              f"{tricks_lost[kind]} tricks lost   neural robot {NEURAL[kind]}%")


if __name__ == "__main__":
    main()
