"""``redouble convert IN OUT``: PBN <-> LIN (and PBN -> PBN, LIN -> LIN to normalise), by file extension."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import ModuleType

from redouble.cli import CommandError

FORMATS = (".pbn", ".lin")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("convert", help="convert between PBN and LIN",
                       description="Convert hand records between PBN and LIN, chosen by the file extensions "
                                   "(.pbn, .lin). The same extension on both sides rewrites the file tidily.")
    p.add_argument("input", metavar="IN", help="the file to read (.pbn or .lin)")
    p.add_argument("output", metavar="OUT", help="the file to write (.pbn or .lin); '-' for standard output "
                                                 "in the format of --to")
    p.add_argument("--to", choices=("pbn", "lin"), help="output format when OUT is '-'")
    p.add_argument("--skip-bad", action="store_true",
                   help="convert the boards that read well, report the bad ones on stderr (exit 1 if any)")
    p.set_defaults(func=run)


def _module(path: str, role: str, fmt: str | None = None) -> ModuleType:
    suffix = f".{fmt}" if fmt else Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise CommandError(f"cannot tell the format of {role} file {path!r} from its extension "
                           f"(expected {' or '.join(FORMATS)})")
    from redouble import lin, pbn

    return pbn if suffix == ".pbn" else lin


def run(args: argparse.Namespace) -> int:
    reader = _module(args.input, "input")
    if args.output == "-":
        if args.to is None:
            raise CommandError("give --to pbn or --to lin when writing to standard output")
        writer = _module(args.output, "output", args.to)
    else:
        writer = _module(args.output, "output")
    if args.skip_bad:
        boards, errors = reader.load(args.input, errors="collect")
        for exc in errors:
            print(f"redouble convert: skipped a board of {args.input}: {exc}", file=sys.stderr)
    else:
        boards, errors = reader.load(args.input), []
    if args.output == "-":
        sys.stdout.write(writer.dumps(boards))
    else:
        writer.dump(boards, args.output)
        print(f"wrote {len(boards)} board{'s' if len(boards) != 1 else ''} to {args.output}", file=sys.stderr)
    return 1 if errors else 0
