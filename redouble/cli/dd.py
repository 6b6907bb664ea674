"""``redouble dd DEAL|FILE.pbn [--json] [--write] [--output OUT [--resume]]``: double-dummy tables and par.

A deal prints its table and par; a PBN file gets every board analysed on every core (with a progress bar
on stderr), each board's result written as soon as it is solved, and ``--write`` stores the results back
into the file as PBN tags. A long run can be stopped and resumed: with ``--output OUT`` the results go
to OUT as they come, and ``--resume`` keeps those OUT holds (checked against the file, board by board)
and solves only the boards after them, so no board is solved twice. A board without all 52 cards dealt is
listed on stderr and left out (exit status 3), as the other commands that read files do; ``--strict``
refuses the file instead.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from redouble.cli import CommandError
from redouble.cli.files import EXIT_PROBLEMS, add_strict_option, exit_status, read_boards, status_help

if TYPE_CHECKING:
    from redouble.board import Board
    from redouble.dd import DDTable


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("dd", help="double-dummy table and par of a deal or of every board of a PBN or LIN file",
                       description="Double-dummy analysis with the DDS solver: the tricks each seat takes in "
                                   "each strain, and the par score and contracts (score for North-South).",
                       epilog=status_help("not all 52 cards dealt"))
    p.add_argument("source", metavar="DEAL|FILE",
                   help="a deal in PBN form (quote it: \"N:AKQ.. ... ... ...\") or a PBN or LIN file")
    p.add_argument("--json", action="store_true", help="one JSON object a board, one a line")
    p.add_argument("--write", action="store_true",
                   help="write the tables and par back into the PBN file (OptimumResultTable, "
                        "DoubleDummyTricks, OptimumScore, ParContract)")
    p.add_argument("--output", "-o", metavar="OUT", type=Path,
                   help="write the results to OUT as each board is solved, so that a stopped run can be resumed")
    p.add_argument("--resume", action="store_true",
                   help="with --output: keep the results OUT holds already and solve only the boards after them")
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
                               "nor an existing PBN or LIN file")
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

    if args.resume and args.output is None:
        raise CommandError("--resume goes with --output OUT, the results to go on from")
    boards, path, status = _boards(args)
    solvable = _solvable(boards, path, args.strict)
    if args.output is not None:
        done = _previous_results(args.output, args.json, args.resume, [(n, b.deal.to_pbn()) for n, b in solvable])
        out: TextIO = args.output.open("a", encoding="utf-8")
    else:
        done, out = [], sys.stdout
    tables = list(done)
    todo = solvable[len(done):]
    if done:
        print(f"redouble dd: {len(done)} of {len(solvable)} boards are in {args.output} already; "
              f"solving the other {len(todo)}", file=sys.stderr)
    # Ctrl-C lets the solver's call in progress finish and its results be written, then stops.
    interrupted: list[int] = []
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(signum)) if main_thread else None
    try:
        solving = dd.iter_solve_deals([b.deal for _, b in todo], progress=path is not None and sys.stderr.isatty(),
                                      stop=lambda: bool(interrupted))
        for (number, board), table in zip(todo, solving, strict=False):
            out.write(_result_text(number, board, table, args.json))
            out.flush()
            tables.append(table)
    finally:
        if main_thread and previous is not None:
            signal.signal(signal.SIGINT, previous)
        if out is not sys.stdout:
            out.close()
    if interrupted:
        where = f"; the results are in {args.output}: add --resume to go on" if args.output is not None else ""
        print(f"redouble dd: interrupted after {len(tables)} of {len(solvable)} boards{where}", file=sys.stderr)
        return 130
    if args.output is not None:
        print(f"redouble dd: {len(tables) - len(done)} boards solved, {len(done)} were in {args.output} already",
              file=sys.stderr)
    if args.write and path is not None:
        from redouble import pbn

        for (_, board), table in zip(solvable, tables, strict=True):
            dd.write_pbn_tags(board, table, dd.par(table, board.vulnerability, board.dealer))
        pbn.dump(boards, path)
        print(f"wrote tables for {len(solvable)} board{'s' if len(solvable) != 1 else ''} to {path}",
              file=sys.stderr)
    return status or (EXIT_PROBLEMS if len(solvable) < len(boards) else 0)


def _solvable(boards: list[Board], path: Path | None, strict: bool) -> list[tuple[int, Board]]:
    """(number, board) for each board with all 52 cards dealt; each other one is reported on stderr and left
    out (``strict``: refused), as ``score`` does with the boards it cannot score."""
    solvable = []
    for k, board in enumerate(boards, start=1):
        number = board.number if board.number is not None else k
        if board.deal.is_complete and all(len(h) == 13 for h in board.deal.hands):
            solvable.append((number, board))
            continue
        why = board.why_unplayable or "the hands are not 13 cards each"
        if strict:
            raise CommandError(f"{path}: board {number}: {why}; the solver needs all 52 cards")
        print(f"redouble dd: {path}: board {number}: {why} (left out)", file=sys.stderr)
    if not solvable:
        raise CommandError(f"{path}: no board can be solved (none has all 52 cards dealt)")
    return solvable


def _result_text(number: int, board: Board, table: DDTable, as_json: bool) -> str:
    from redouble import dd

    result = dd.par(table, board.vulnerability, board.dealer)
    if as_json:
        return json.dumps({"board": number, "deal": board.deal.to_pbn(), "tricks": table.to_dict(),
                           "par": result.to_dict()}) + "\n"
    return (f"Board {number}  dealer {board.dealer}  vulnerable {board.vulnerability}\n"
            f"Deal {board.deal.to_pbn()}\n{table}\nPar {result}\n\n")


def _previous_results(out: Path, as_json: bool, resume: bool, boards: list[tuple[int, str]]) -> list[DDTable]:
    """The tables ``out`` holds for the first of ``boards`` (number, deal), checked; [] for a new file.

    A result cut short (the run was killed while writing it) is dropped from the file.
    """
    if not out.exists() or out.stat().st_size == 0:
        return []
    if not resume:
        raise CommandError(f"{out} holds results already: add --resume to go on from them, or remove it")
    try:
        text = out.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CommandError(f"{out} is not the output of redouble dd: {exc}") from None
    ending = "\n" if as_json else "\n\n"
    kind = "--json results (one JSON object a line)" if as_json else "results (without --json)"
    records = text.split(ending)
    tail = records.pop()  # "" after a whole result; else the start of one, cut short when the run was killed
    line = 1
    tables = []
    for k, record in enumerate(records):
        try:
            number, deal, table = _read_json_result(record) if as_json else _read_text_result(record)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise CommandError(f"{out}, line {line}: not one of redouble dd's {kind}: {exc}") from None
        if k >= len(boards) or boards[k] != (number, deal):
            expected = f"board {boards[k][0]} ({boards[k][1]})" if k < len(boards) else "no more boards"
            raise CommandError(f"{out}, line {line}: board {number} ({deal}) does not follow the file, "
                               f"which has {expected} there; is it the output of another file?")
        tables.append(table)
        line += record.count("\n") + ending.count("\n")
    if tail:
        start = '{"board": ' if as_json else "Board "
        if not (tail.startswith(start) or start.startswith(tail)) or tail.count("\n") >= 8:
            raise CommandError(f"{out}, line {line}: not one of redouble dd's {kind}: {tail.splitlines()[0]!r}")
        with out.open("r+", encoding="utf-8") as f:  # solve that board again
            f.truncate(len(text.encode("utf-8")) - len(tail.encode("utf-8")))
    return tables


def _read_json_result(record: str) -> tuple[int, str, DDTable]:
    from redouble.dd import DDTable

    data = json.loads(record)
    return int(data["board"]), str(data["deal"]), DDTable.from_dict(data["tricks"])


def _read_text_result(record: str) -> tuple[int, str, DDTable]:
    from redouble.dd import DDTable

    lines = record.split("\n")
    if len(lines) != 8 or not lines[0].startswith("Board ") or not lines[1].startswith("Deal "):
        raise ValueError(f"expected 'Board', 'Deal', a table and 'Par' lines, found {lines[0]!r}")
    rows = {line[0]: [int(n) for n in line[1:].split()] for line in lines[3:7]}
    return int(lines[0].split()[1]), lines[1][5:], DDTable(tuple(n for seat in "NESW" for n in rows[seat]))
