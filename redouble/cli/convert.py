"""``redouble convert IN OUT``: PBN <-> LIN (and PBN -> PBN, LIN -> LIN to normalise), by file extension."""

from __future__ import annotations

import argparse
import sys

from redouble.cli import CommandError
from redouble.cli.files import (
    EXIT_PROBLEMS,
    add_strict_option,
    exit_status,
    format_module,
    read_boards,
    status_help,
)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("convert", help="convert between PBN and LIN",
                       description="Convert hand records between PBN and LIN, chosen by the file extensions "
                                   "(.pbn, .lin). The same extension on both sides rewrites the file tidily. "
                                   "Tags are written as the file gave them, also where they disagree with the "
                                   "auction or the play.",
                       epilog=status_help("to LIN: a contract or result known only from tags"))
    p.add_argument("input", metavar="IN", help="the file to read (.pbn or .lin)")
    p.add_argument("output", metavar="OUT", help="the file to write (.pbn or .lin); '-' for standard output "
                                                 "in the format of --to")
    p.add_argument("--to", choices=("pbn", "lin"), help="output format when OUT is '-'")
    add_strict_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    format_module(args.input, "input")
    if args.output == "-":
        if args.to is None:
            raise CommandError("give --to pbn or --to lin when writing to standard output")
        writer = format_module(args.output, "output", args.to)
    else:
        writer = format_module(args.output, "output")
    boards = read_boards(args.input, "convert", strict=args.strict)
    from redouble import lin

    unwritten = 0
    for k, board in enumerate(boards, start=1):
        what = lin.unwritten(board) if writer is lin else None
        if what is not None:
            unwritten += 1
            number = board.number if board.number is not None else k
            print(f"redouble convert: {args.input}: board {number}: {what} (not written)", file=sys.stderr)
    if args.output == "-":
        sys.stdout.write(writer.dumps(boards))
    else:
        writer.dump(boards, args.output)
        print(f"wrote {len(boards)} board{'s' if len(boards) != 1 else ''} to {args.output}"
              + (f" ({unwritten} without their tags' contract or result)" if unwritten else ""), file=sys.stderr)
    return exit_status(boards) or (EXIT_PROBLEMS if unwritten else 0)
