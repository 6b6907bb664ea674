"""``redouble deal``: print random boards; ``--where`` keeps those that meet a constraint.

>>> from redouble.cli import main
>>> argv = ["deal", "--where", "north.hcp in 15..17 and north.balanced", "--seed", "7", "--format", "json"]
>>> main(argv)  # doctest: +ELLIPSIS
{"board": 1, "dealer": "N", "vulnerability": "None", "deal": "N:A643.AT8.A4.QJ63 KQ2.Q32.QT98.A92 ..."}
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

from redouble.cards import Seat
from redouble.deal import Deal

if TYPE_CHECKING:
    import random

    import numpy as np


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("deal", help="print random boards", description="Print random boards.")
    p.add_argument("--count", type=int, default=1, help="how many boards (default 1)")
    p.add_argument("--seed", help="seed for reproducible deals")
    p.add_argument("--format", choices=FORMAT_NAMES, default="pbn",
                   help="pbn, lin or json (a board a line), or line: the deal alone, a deal a line")
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


# The names of redouble.dealer.output.FORMATS, here so that building the parser stays light.
FORMAT_NAMES = ("pbn", "lin", "json", "line")
_RANDOM_BATCH = 4096


def owner_batches(args: argparse.Namespace) -> Iterator[np.ndarray]:
    """The deals the command line asks for, as arrays of owners (see redouble.dealer.iter_owner_batches)."""
    import random

    if args.count < 0:
        from redouble.cli import CommandError

        raise CommandError(f"--count must be 0 or more, not {args.count}")
    if getattr(args, "where", None) is not None or getattr(args, "predeal", None):
        return constrained_batches(args)
    # A numeric seed means the same as Deal.random(seed=N) in Python: the first deal is that deal.
    seed = int(args.seed) if args.seed is not None and args.seed.isdigit() else args.seed
    return _random_batches(random.Random(seed) if seed is not None else random.Random(), args.count)


def _random_batches(rng: random.Random, count: int) -> Iterator[np.ndarray]:
    from redouble.dealer.output import owners_array

    for start in range(0, count, _RANDOM_BATCH):
        yield owners_array([Deal.random(rng=rng) for _ in range(min(_RANDOM_BATCH, count - start))])


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


def constrained_batches(args: argparse.Namespace) -> Iterator[np.ndarray]:
    from redouble.cli import CommandError
    from redouble.dealer import DEFAULT_MAX_TRIES, iter_owner_batches, parse

    constraint = parse(args.where) if args.where is not None else None
    if args.max_tries is not None and args.max_tries < 1:
        raise CommandError(f"--max-tries must be 1 or more, not {args.max_tries}")
    seed: int | str | None = args.seed
    if isinstance(seed, str) and seed.isdigit():
        seed = int(seed)
    return iter_owner_batches(constraint, count=args.count, seed=seed, predeal=parse_predeal(args.predeal),
                              max_tries=args.max_tries or DEFAULT_MAX_TRIES)


def run(args: argparse.Namespace) -> int:
    from redouble.dealer.output import write_boards

    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    write_boards(owner_batches(args), args.format, buffer if buffer is not None else _TextOut(sys.stdout),
                 first_number=args.first_board)
    if buffer is not None:
        buffer.flush()
    return 0


class _TextOut:
    """Bytes written to a text stream that has no binary buffer (a doctest's, say)."""

    def __init__(self, text: TextIO) -> None:
        self.text = text

    def write(self, data: bytes) -> int:
        return self.text.write(data.decode())
