"""CPU time of the strong card player's decisions, with no clock in them, and a digest of the cards chosen.

Run from the repository root::

    python benchmarks/card_cpu.py                  # 6 deals, 8 layouts a card (the budget at 50 busy tables)
    python benchmarks/card_cpu.py --samples 23     # the layouts of a card at trick one alone (0.8 s budget)

Each seeded random deal is bid and played by the rule-of-thumb robots; then, at every card of that play,
the sampling card player (``choose_card``) decides for the player on turn from what that player sees, with
the auction's inferences and its layouts fitted to the calls, and an explicit sample count: no time cap
cuts a decision short, so the same code gives the same cards on any machine. Prints the decisions, their
mean and 95th-percentile CPU time (this process and its solver threads) and a digest of the cards chosen:
two versions of the code that print the same digest chose the same cards. The server's workers pay this
for every strong robot's card (``benchmarks/server_load.py --robots strong`` measures the waits).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from redouble import Board, Deal, Play, Seat
from redouble.cardplay.player import choose_card
from redouble.match import play_board
from redouble.robots import Robot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=6, help="number of deals (default 6)")
    parser.add_argument("--seed", type=int, default=500, help="seed of the first deal (default 500)")
    parser.add_argument("--samples", type=int, default=8, help="layouts a card (default 8)")
    args = parser.parse_args()

    from rich.progress import Progress

    simple = Robot(system="sayc", player="simple")
    boards = [play_board(Board.from_number(k + 1, deal=Deal.random(seed=args.seed + k)), dict.fromkeys(Seat, simple))
              for k in range(args.deals)]
    boards = [b for b in boards if b.play is not None and b.contract is not None]
    seconds: list[float] = []
    chosen: list[str] = []
    with Progress(transient=True) as bar:
        task = bar.add_task("decisions", total=sum(len(b.play.cards) for b in boards if b.play is not None))
        for board in boards:
            assert board.play is not None and board.contract is not None
            play = Play(board.deal, board.contract)
            for card in board.play.cards:
                if play.is_complete:
                    break
                start = time.process_time()
                choice = choose_card(play, auction=board.auction, vulnerability=board.vulnerability,
                                     samples=args.samples, seed=1)
                seconds.append(time.process_time() - start)
                chosen.append(str(choice.card))
                play.push(card)
                bar.advance(task)
    seconds.sort()
    digest = hashlib.sha256(" ".join(chosen).encode()).hexdigest()[:16]
    print(f"deals {len(boards)}, decisions {len(seconds)}, {args.samples} layouts a card")
    print(f"CPU per decision: mean {statistics.fmean(seconds) * 1000:.1f} ms, "
          f"p95 {seconds[int(0.95 * (len(seconds) - 1))] * 1000:.1f} ms; cards chosen: digest {digest}")


if __name__ == "__main__":
    main()
