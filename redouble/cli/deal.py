"""``redouble deal``: print random boards (``--where`` filters them, when the deal generator is there)."""

from __future__ import annotations

import argparse
import json
import sys

from redouble.board import Board
from redouble.deal import Deal


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("deal", help="print random boards", description="Print random boards.")
    p.add_argument("--count", type=int, default=1, help="how many boards (default 1)")
    p.add_argument("--seed", help="seed for reproducible deals")
    p.add_argument("--format", choices=("pbn", "lin", "json"), default="pbn")
    p.add_argument("--first-board", type=int, default=1, help="number of the first board (default 1)")
    p.set_defaults(func=run)


def boards(args: argparse.Namespace) -> list[Board]:
    import random

    if args.count < 0:
        from redouble.cli import CommandError

        raise CommandError(f"--count must be 0 or more, not {args.count}")
    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    return [Board.from_number(args.first_board + k, deal=Deal.random(rng=rng)) for k in range(args.count)]


def run(args: argparse.Namespace) -> int:
    result = boards(args)
    if args.format == "json":
        for b in result:
            print(json.dumps({"board": b.number, "dealer": str(b.dealer),
                              "vulnerability": str(b.vulnerability), "deal": str(b.deal)}))
    elif args.format == "pbn":
        from redouble import pbn

        sys.stdout.write(pbn.dumps(result))
    else:
        from redouble import lin

        sys.stdout.write(lin.dumps(result))
    return 0
