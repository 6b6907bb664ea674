"""Tune opening leads offline: solve many layouts per benchmark deal once, then score selection rules fast.

Run from the repository root::

    python benchmarks/leads_offline.py collect --deals 500 --layouts 64 --out leads.pkl   # ~25 min, 2 cores
    python benchmarks/leads_offline.py evaluate leads.pkl

``collect`` deals and bids the same seeded deals as ``benchmarks/leads.py``, draws the opening leader's
layouts the way the card player does (``draw_layouts``: the best fits to the auction, found seat by seat,
but with no clock), solves each double-dummy for every lead and stores them with the real deal's values.
``evaluate`` prints, for suit and notrump contracts, the share of accurate leads when ranking by expected
tricks or by the share of layouts where a lead is best, over the first n layouts, with the misfit weight
and conventional-lead margin varied. Differences under about 3 points on 160 notrump deals are noise.
"""

from __future__ import annotations

import argparse
import pickle
import random

import numpy as np


def collect(deals: int, layouts: int, out: str, seed: int, only: str | None = None) -> None:
    from rich.progress import track

    from redouble import Board, Deal, Play, Strain
    from redouble.bidding import bid_deal
    from redouble.cardplay.auction_fit import draw_layouts
    from redouble.cardplay.leads import conventional_leads
    from redouble.cardplay.player import decision_seed
    from redouble.cardplay.sampling import View, replay
    from redouble.dd import solve_positions
    from redouble.robots import Robot

    rng = random.Random(seed)
    boards = []
    for number in range(1, deals + 1):
        board = Board.from_number(number, deal=Deal.random(rng=rng))
        try:
            board.auction = bid_deal(board.deal, board.dealer, board.vulnerability)
        except Exception:  # a bidder error: benchmarks/leads.py skips such deals too
            continue
        if board.contract is None or board.contract.is_passed_out:
            continue
        if only is None or (board.contract.strain is Strain.NOTRUMP) == (only == "NT"):
            boards.append(board)
    truths = solve_positions([Play(b.deal, b.contract) for b in boards])
    robot = Robot.named("redouble")
    records = []
    for board, truth in track(list(zip(boards, truths, strict=True)), description="layouts"):
        play = Play(board.deal, board.contract)
        leader = play.turn
        ranges = dict(robot.ranges(board))
        ranges.pop(leader, None)
        view = View.of(play, leader)
        drawn = draw_layouts(view, layouts, auction=board.auction, vulnerability=board.vulnerability,
                             ranges=ranges, seed=decision_seed(board.number or 0, play, leader))
        solved = solve_positions([replay(d, play) for d in drawn.deals])
        legal = play.legal_cards()
        records.append({
            "notrump": play.trump is None, "legal": [str(c) for c in legal],
            "conventional": {str(c) for c in conventional_leads(play.hand(leader).cards, play.trump)},
            "values": np.array([[v[c] for c in legal] for v in solved], dtype=np.int8),
            # Layouts that fit keep their weight; the rest are stored at weight 1 with one miss, so that
            # evaluate can try other misfit weights.
            "misses": np.asarray([0] * drawn.fitting + [1] * (len(drawn.deals) - drawn.fitting)),
            "weights": np.asarray(drawn.weights[:drawn.fitting] + [1.0] * (len(drawn.deals) - drawn.fitting)),
            "truth": np.array([truth[c] for c in legal], dtype=np.int8)})
    with open(out, "wb") as f:
        pickle.dump(records, f)
    print(f"{len(records)} leads with {layouts} layouts each written to {out}")


def pick(record: dict, n: int, misfit: float, rule: str, margin: float) -> int:  # type: ignore[type-arg]
    """The lead (an index into ``legal``) a rule picks from the first ``n`` layouts: the best conventional
    lead unless another card beats it by ``margin``; ties go to the conventional card."""
    values = record["values"][:n].astype(float)
    w = record["weights"][:n] * misfit ** record["misses"][:n].astype(float)
    w = w / w.sum()
    tricks = -(values.T @ w)  # the defenders' view: fewer declarer tricks is better
    best_share = (values == values.min(axis=1, keepdims=True)).T @ w
    score = tricks + 1e-6 * best_share if rule == "tricks" else best_share + 1e-6 * tricks
    legal, conventional = record["legal"], record["conventional"]
    conv = [i for i, c in enumerate(legal) if c in conventional]
    best_conv, best_any = max(conv, key=lambda i: score[i]), int(np.argmax(score))
    if legal[best_any] not in conventional and score[best_any] - score[best_conv] < margin:
        return best_conv
    tied = [i for i in range(len(legal)) if score[i] >= score.max() - 1e-9]
    return next((i for i in tied if legal[i] in conventional), tied[0])


def evaluate(path: str) -> None:
    with open(path, "rb") as f:
        records = pickle.load(f)
    most = min(len(r["values"]) for r in records)
    counts = sorted({n for n in (16, 24, 32, 48, 64, most) if n <= most})
    for rule in ("tricks", "best-share"):
        for misfit in (1.0, 0.3, 0.1):
            for margin in (0.0, 0.1, 0.25):
                cells = []
                for n in counts:
                    hits: dict[bool, list[bool]] = {False: [], True: []}
                    for r in records:
                        i = pick(r, n, misfit, rule, margin if rule == "tricks" else margin / 10)
                        hits[r["notrump"]].append(bool(r["truth"][i] == r["truth"].min()))
                    cells.append(f"n={n}: " + " ".join(f"{'NT' if nt else 'suit'} {100 * np.mean(h):.1f}"
                                                       for nt, h in hits.items() if h))
                print(f"{rule:10} misfit {misfit:<4} margin {margin:<4}", " | ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="solve the layouts of each deal's opening lead once")
    c.add_argument("--deals", type=int, default=500)
    c.add_argument("--layouts", type=int, default=64)
    c.add_argument("--seed", type=int, default=2024, help="seed of the deals (default: benchmarks/leads.py's)")
    c.add_argument("--out", default="leads.pkl")
    c.add_argument("--only", choices=("suit", "NT"), default=None, help="these contracts' leads only")
    e = sub.add_parser("evaluate", help="score the selection rules on collected layouts")
    e.add_argument("path")
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.deals, args.layouts, args.out, args.seed, args.only)
    else:
        evaluate(args.path)


if __name__ == "__main__":
    main()
