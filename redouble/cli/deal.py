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

if TYPE_CHECKING:

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


def owner_batches(args: argparse.Namespace) -> Iterator[np.ndarray]:
    """The deals the command line asks for, as arrays of owners (see redouble.dealer.iter_owner_batches).

    Constrained or not, the deals come from the NumPy generator: ``--seed N`` gives the same deals as
    ``redouble.dealer.generate(where, count, seed=N)`` in Python.
    """
    from redouble.cli import CommandError
    from redouble.dealer import DEFAULT_MAX_TRIES, iter_owner_batches, parse

    if args.count < 0:
        raise CommandError(f"--count must be 0 or more, not {args.count}")
    constraint = parse(args.where) if getattr(args, "where", None) is not None else None
    if getattr(args, "max_tries", None) is not None and args.max_tries < 1:
        raise CommandError(f"--max-tries must be 1 or more, not {args.max_tries}")
    seed: int | str | None = args.seed
    if isinstance(seed, str) and seed.isdigit():
        seed = int(seed)
    return iter_owner_batches(constraint, count=args.count, seed=seed,
                              predeal=parse_predeal(getattr(args, "predeal", None) or []),
                              max_tries=getattr(args, "max_tries", None) or DEFAULT_MAX_TRIES)


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
