"""``redouble deal``: print random boards; ``--where`` keeps those that meet a constraint.

>>> from redouble.cli import main
>>> argv = ["deal", "--where", "north.hcp in 15..17 and north.balanced", "--seed", "7", "--format", "json"]
>>> main(argv)  # doctest: +ELLIPSIS
{"board": 1, "dealer": "N", "vulnerability": "None", "deal": "N:A643.AT8.A4.QJ63 KQ2.Q32.QT98.A92 ..."}
0
"""

from __future__ import annotations

import argparse
import json
import sys

from redouble.board import Board
from redouble.cards import Seat
from redouble.deal import Deal


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("deal", help="print random boards", description="Print random boards.")
    p.add_argument("--count", type=int, default=1, help="how many boards (default 1)")
    p.add_argument("--seed", help="seed for reproducible deals")
    p.add_argument("--format", choices=("pbn", "lin", "json"), default="pbn")
    p.add_argument("--first-board", type=int, default=1, help="number of the first board (default 1)")
    p.add_argument("--where", metavar="CONSTRAINT",
                   help="only deals that meet CONSTRAINT, e.g. \"north.hcp in 15..17 and north.balanced\" "
                        "(see redouble.dealer.language)")
    p.add_argument("--predeal", metavar="SEAT:CARDS", action="append", default=[],
                   help="give SEAT these cards, a hand (\"N:AKQ4.J92.T8.Q765\") or some cards (\"S:SA HK\"); "
                        "repeatable")
    p.add_argument("--max-tries", type=int, default=None,
                   help="with --where or --predeal, give up after this many candidate deals "
                        "(default 10,000,000)")
    p.set_defaults(func=run)


def boards(args: argparse.Namespace) -> list[Board]:
    import random

    if args.count < 0:
        from redouble.cli import CommandError

        raise CommandError(f"--count must be 0 or more, not {args.count}")
    if getattr(args, "where", None) is not None or getattr(args, "predeal", None):
        return [Board.from_number(args.first_board + k, deal=d) for k, d in enumerate(constrained_deals(args))]
    # A numeric seed means the same as Deal.random(seed=N) in Python: the first deal is that deal.
    seed = int(args.seed) if args.seed is not None and args.seed.isdigit() else args.seed
    rng = random.Random(seed) if seed is not None else random.Random()
    return [Board.from_number(args.first_board + k, deal=Deal.random(rng=rng)) for k in range(args.count)]


def parse_predeal(items: list[str]) -> dict[Seat, str]:
    """``["N:AKQ4.J92.T8.Q765", "S:SA HK"]`` -> cards by seat (checked later, with the constraint)."""
    from redouble.cli import CommandError

    out: dict[Seat, str] = {}
    for item in items:
        seat_text, sep, cards = item.partition(":")
        if not sep or not cards.strip():
            raise CommandError(f"--predeal {item!r}: expected SEAT:CARDS, like 'N:AKQ4.J92.T8.Q765' or 'S:SA HK'")
        seat = Seat.parse(seat_text)
        out[seat] = (out[seat] + " " if seat in out else "") + cards if "." not in cards else cards
    return out


def constrained_deals(args: argparse.Namespace) -> list[Deal]:
    from redouble.cli import CommandError
    from redouble.dealer import DEFAULT_MAX_TRIES, generate, parse

    constraint = parse(args.where) if args.where is not None else None
    if args.max_tries is not None and args.max_tries < 1:
        raise CommandError(f"--max-tries must be 1 or more, not {args.max_tries}")
    seed: int | str | None = args.seed
    if isinstance(seed, str) and seed.isdigit():
        seed = int(seed)
    return generate(constraint, args.count, seed=seed, predeal=parse_predeal(args.predeal),
                    max_tries=args.max_tries or DEFAULT_MAX_TRIES)


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
