"""``redouble dd DEAL|FILE.pbn [--json] [--write]``: double-dummy tables and par.

A deal prints its table and par; a PBN file gets every board analysed (with a progress bar on stderr),
and ``--write`` stores the results back into the file as PBN tags.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from redouble.cli import CommandError
from redouble.cli.files import STATUS_HELP, add_strict_option, exit_status, read_boards


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("dd", help="double-dummy table and par of a deal or of every board of a PBN file",
                       description="Double-dummy analysis with the DDS solver: the tricks each seat takes in "
                                   "each strain, and the par score and contracts (score for North-South).",
                       epilog=STATUS_HELP)
    p.add_argument("source", metavar="DEAL|FILE.pbn",
                   help="a deal in PBN form (quote it: \"N:AKQ.. ... ... ...\") or a PBN file")
    p.add_argument("--json", action="store_true", help="one JSON object a board, one a line")
    p.add_argument("--write", action="store_true",
                   help="write the tables and par back into the PBN file (OptimumResultTable, "
                        "DoubleDummyTricks, OptimumScore, ParContract)")
    p.add_argument("--vul", default=None, help="vulnerability for a single DEAL (default None)")
    p.add_argument("--dealer", default=None, help="dealer for a single DEAL (default N)")
    add_strict_option(p)
    p.set_defaults(func=run)


def _boards(args: argparse.Namespace) -> tuple[list, Path | None, int]:  # type: ignore[type-arg]
    from redouble.board import Board
    from redouble.cards import Seat, Vulnerability
    from redouble.deal import Deal

    source = args.source
    looks_like_deal = len(source) > 1 and source[1] == ":" and source[0].upper() in "NESW"
    if not looks_like_deal:
        path = Path(source)
        if not path.exists():
            raise CommandError(f"{source!r} is neither a deal (like \"N:AKQ.JT9.876.5432 ...\") "
                               "nor an existing PBN file")
        if args.vul is not None or args.dealer is not None:
            raise CommandError("--vul and --dealer apply to a single DEAL; a PBN file has its own")
        if args.write and path.suffix.lower() != ".pbn":
            raise CommandError("--write writes the tables into a PBN file; convert a LIN file to PBN first")
        boards = read_boards(path, "dd", strict=args.strict)
        return boards, path, exit_status(boards)
    if args.write:
        raise CommandError("--write needs a PBN file to write into, not a deal")
    deal = Deal.parse(source)
    dealer = Seat.parse(args.dealer) if args.dealer is not None else Seat.NORTH
    vul = Vulnerability.parse(args.vul) if args.vul is not None else Vulnerability.NONE
    return [Board(deal=deal, number=1, dealer=dealer, vulnerability=vul)], None, 0


def run(args: argparse.Namespace) -> int:
    from redouble import dd

    boards, path, status = _boards(args)
    solvable = []
    skipped = 0
    for k, board in enumerate(boards, start=1):
        if board.deal.is_complete and all(len(h) == 13 for h in board.deal.hands):
            solvable.append((k, board))
        else:
            skipped += 1
            print(f"redouble dd: board {board.number if board.number is not None else k}: "
                  "no complete deal, skipped", file=sys.stderr)
    tables = dd.solve_deals([b.deal for _, b in solvable], progress=path is not None and sys.stderr.isatty())
    for (k, board), table in zip(solvable, tables, strict=True):
        result = dd.par(table, board.vulnerability, board.dealer)
        number = board.number if board.number is not None else k
        if args.json:
            print(json.dumps({"board": number, "deal": board.deal.to_pbn(), "tricks": table.to_dict(),
                              "par": result.to_dict()}))
        else:
            print(f"Board {number}  dealer {board.dealer}  vulnerable {board.vulnerability}")
            print(f"Deal {board.deal.to_pbn()}")
            print(table)
            print(f"Par {result}")
            print()
        if args.write:
            dd.write_pbn_tags(board, table, result)
    if args.write and path is not None:
        from redouble import pbn

        pbn.dump(boards, path)
        print(f"wrote tables for {len(solvable)} board{'s' if len(solvable) != 1 else ''} to {path}",
              file=sys.stderr)
    return status or (1 if skipped else 0)
