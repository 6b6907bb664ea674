"""``redouble tm serve|client|match``: robot against robot over the Blue Chip Table Manager protocol.

- ``serve`` is a Table Manager: it waits for four player programs (eight with ``--two-tables``), deals
  ``--boards N`` seeded deals (as ``redouble match --seed`` deals them) or the boards of ``--pbn FILE``,
  runs the session, writes every board as played to ``--out`` (PBN) and ``--lin``, and prints the results
  (with two tables, the match in IMPs).
- ``client`` connects a Redouble robot to any Table Manager.
- ``match`` starts a Table Manager and its players (Redouble robots, or any command line that is a Table
  Manager client: ``{host}``, ``{port}``, ``{seat}`` and ``{team}`` in it are filled in) and prints the result.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shlex
import subprocess
import sys
import tempfile
from typing import Any

from redouble.cli import CommandError

SEATS_WORDS = ("north", "east", "south", "west", "any")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("tm", help="robot matches over the Blue Chip Table Manager protocol",
                       description=__doc__.split("\n\n")[0])
    tm = p.add_subparsers(dest="tm_command", metavar="serve|client|match")
    p.set_defaults(func=lambda args: p.print_help(sys.stderr) or 2)

    serve = tm.add_parser("serve", help="a Table Manager for four player programs (eight with --two-tables)",
                          description="Host a session for player programs speaking the Blue Chip Table Manager "
                                      "protocol, version 18.")
    _session_options(serve)
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=2000, help="port (default 2000)")
    serve.add_argument("--seating-timeout", type=float, default=300, metavar="SECONDS",
                       help="how long to wait for all players to connect; 0: for ever (default 300)")
    serve.set_defaults(func=run_serve)

    client = tm.add_parser("client", help="connect a Redouble robot to a Table Manager",
                           description="Play for one seat at a Table Manager with a Redouble robot.")
    client.add_argument("--host", default="127.0.0.1", help="the Table Manager's address (default 127.0.0.1)")
    client.add_argument("--port", type=int, default=2000, help="its port (default 2000)")
    client.add_argument("--seat", default="any", type=str.lower, choices=SEATS_WORDS,
                        help="the seat to ask for; any: whichever is free (ANYPL)")
    client.add_argument("--team", default="Redouble", help="team name (default Redouble)")
    _robot_options(client)
    client.add_argument("--table", type=int, default=1, choices=(1, 2),
                        help="with --seed: seed the robot as redouble match seeds table 1 or 2 (default 1)")
    client.add_argument("--timeout", type=float, default=600, metavar="SECONDS",
                        help="give up when the Table Manager is silent this long (default 600)")
    client.add_argument("-v", "--verbose", action="store_true", help="print every line sent and received")
    client.set_defaults(func=run_client)

    match = tm.add_parser("match", help="start a Table Manager and its players, print the result",
                          description="Start a Table Manager and the players of both teams. A team is a robot "
                                      "(strong, fast, redouble, basic) or the command line of any Table Manager "
                                      "client, with {host}, {port}, {seat} and {team} filled in.")
    match.add_argument("--ns", default="redouble", metavar="ROBOT|CMD",
                       help="team A, North-South (at table 1) (default redouble)")
    match.add_argument("--ew", default="basic", metavar="ROBOT|CMD",
                       help="team B, East-West (at table 1) (default basic)")
    _session_options(match)
    match.add_argument("--port", type=int, default=0, help="port for the Table Manager (default: any free one)")
    _robot_options(match, with_robot=False)
    match.set_defaults(func=run_match)


def _session_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--boards", type=int, default=None, help="seeded random boards (default 16)")
    p.add_argument("--pbn", metavar="FILE", help="play the boards of this PBN file instead")
    p.add_argument("--seed", type=int, default=0, help="seed for the deals (and the robots' seeds; default 0)")
    p.add_argument("--teams", nargs=2, metavar=("NS", "EW"), help="team names (default: as the players connect)")
    p.add_argument("--two-tables", action="store_true",
                   help="play each board at a second table with the pairs swapped; print the match in IMPs")
    p.add_argument("--timeout", type=float, default=60, metavar="SECONDS",
                   help="drop a player silent this long when a message is due from it (default 60)")
    p.add_argument("--max-errors", type=int, default=3,
                   help="drop a player after more refused messages than this (default 3)")
    p.add_argument("--out", metavar="OUT.pbn", help="write every board as played (PBN), after each board")
    p.add_argument("--lin", metavar="OUT.lin", help="write every board as played (LIN), after each board")
    p.add_argument("--json", action="store_true", help="print a JSON summary instead of the table")
    p.add_argument("-q", "--quiet", action="store_true", help="do not log seating and boards on stderr")


def _robot_options(p: argparse.ArgumentParser, with_robot: bool = True) -> None:
    from redouble.tm.client import ROBOTS

    if with_robot:
        p.add_argument("--robot", default="strong", choices=ROBOTS,
                       help="strong: SAYC, card play by sampling; fast: SAYC, rules-of-thumb card play; "
                            "or a robot name as in redouble match (default strong)")
        p.add_argument("--seed", type=int, default=0, help="the robot's seed, as redouble match --seed (default 0)")
        p.add_argument("--opponents-system", choices=("sayc", "basic"),
                       help="how the robot reads the opponents' calls (default: by its own system)")
    p.add_argument("--budget", type=float, help="seconds a card for the sampling card player (default 0.8)")
    p.add_argument("--samples", type=int, help="a fixed number of layouts a card instead (the same on any machine)")


def _robot_settings(args: argparse.Namespace) -> dict[str, object]:
    options: dict[str, object] = {}
    if args.budget is not None:
        if args.budget <= 0:
            raise CommandError(f"--budget must be a positive number of seconds, not {args.budget}")
        options["budget"] = args.budget
    if args.samples is not None:
        if args.samples < 1:
            raise CommandError(f"--samples must be at least 1, not {args.samples}")
        options["samples"] = args.samples
    return options


def _boards(args: argparse.Namespace) -> list[Any]:
    from redouble.tm import deals

    if args.pbn and args.boards is not None:
        raise CommandError("give --boards or --pbn, not both")
    if args.pbn:
        from redouble import pbn

        boards = [b for b in pbn.load(args.pbn) if b.deal.is_complete]
        if not boards:
            raise CommandError(f"{args.pbn}: no board with all four hands")
        for k, b in enumerate(boards, start=1):
            if b.number is None:
                b.number = k
        return boards
    count = 16 if args.boards is None else args.boards
    if count < 1:
        raise CommandError(f"--boards must be at least 1, not {count}")
    return deals(count, args.seed)


def _manager(args: argparse.Namespace, log: Any) -> Any:
    from redouble import lin, pbn
    from redouble.tm import TableManager

    if args.timeout <= 0:
        raise CommandError(f"--timeout must be a positive number of seconds, not {args.timeout}")
    if args.max_errors < 0:
        raise CommandError(f"--max-errors must be 0 or more, not {args.max_errors}")
    for path in (args.out, args.lin):
        if path:
            with open(path, "w", encoding="utf-8"):
                pass  # fail now on an unwritable path, not after the first board
    played: list[Any] = []

    def record(board: Any) -> None:
        played.append(board)
        ordered = sorted(played, key=lambda b: (b.number, b.tags.get("Room", "")))
        if args.out:
            pbn.dump(ordered, args.out)
        if args.lin:
            lin.dump(ordered, args.lin)

    seating = getattr(args, "seating_timeout", 300)
    return TableManager(_boards(args), teams=tuple(args.teams) if args.teams else None, two_tables=args.two_tables,
                        timeout=args.timeout, seating_timeout=seating or None, max_errors=args.max_errors,
                        on_board=record, log=log)


def _log(args: argparse.Namespace) -> Any:
    if args.quiet:
        return None
    return lambda line: print(line, file=sys.stderr, flush=True)


def _report(result: Any, as_json: bool) -> None:
    from redouble.match import board_line, summary_lines

    think = [{"ns": round(ns, 1), "ew": round(ew, 1)} for ns, ew in result.think]
    if as_json:
        out: dict[str, Any] = {"boards": len(result.tables[0]), "think_seconds": think}
        if result.match is not None:
            out.update(result.match.to_dict())
        else:
            out["scores_ns"] = [b.score() for b in result.tables[0]]
        print(json.dumps(out))
        return
    if result.match is not None:
        m = result.match
        print(f"{'Board':>5}  {'Table 1 (' + m.ns + ' NS)':<20}  {'Table 2 (' + m.ew + ' NS)':<20}  IMPs")
        for r in m.results:
            print(board_line(r))
        for line in summary_lines(m):
            print(line)
    else:
        print(f"{'Board':>5}  {'Contract':<9}{'Result':<7}{'N/S':>6}")
        for b in result.tables[0]:
            c = b.contract
            if c is None or c.is_passed_out:
                print(f"{b.number:>5}  {'passed out':<16}{0:>6}")
                continue
            diff = (b.tricks or 0) - c.tricks_needed
            print(f"{b.number:>5}  {str(c):<9}{'=' if diff == 0 else f'{diff:+d}':<7}{b.score() or 0:>6}")
        print(f"total for N/S: {sum(b.score() or 0 for b in result.tables[0]):+d}")
    for k, (ns, ew) in enumerate(result.think, start=1):
        where = f"table {k}: " if len(result.think) > 1 else ""
        print(f"{where}think time N/S {ns:.1f} s, E/W {ew:.1f} s")


def run_serve(args: argparse.Namespace) -> int:
    from redouble.tm import SessionAborted

    if not 0 <= args.port < 65536:
        raise CommandError(f"--port must be from 0 to 65535, not {args.port}")
    manager = _manager(args, _log(args))
    try:
        result = asyncio.run(manager.run(args.host, args.port))
    except SessionAborted as exc:
        raise CommandError(f"{exc} ({len(exc.boards)} boards finished and recorded)") from None
    _report(result, args.json)
    return 0


def run_client(args: argparse.Namespace) -> int:
    from redouble.cards import Seat
    from redouble.tm import ClientOptions, play_session

    seat = None if args.seat == "any" else Seat.parse(args.seat)
    options = ClientOptions(args.robot, args.seed, args.table, _robot_settings(args), args.opponents_system)
    trace = (lambda line: print(line, file=sys.stderr, flush=True)) if args.verbose else None
    result = asyncio.run(play_session(args.host, args.port, seat, args.team, options, args.timeout,
                                      log=lambda line: print(line, file=sys.stderr), trace=trace))
    scores = [b.score() for b in result.boards]
    print(f"{result.seat.name.title()} ({args.team}) played {len(result.boards)} boards: "
          f"N/S {sum(s or 0 for s in scores):+d}")
    return 0


def _player_command(robot_or_cmd: str, args: argparse.Namespace, seat: str, table: int,
                    host: str, port: int, name: str) -> list[str]:
    from redouble.tm.client import ROBOTS

    if robot_or_cmd in ROBOTS:
        cmd = [sys.executable, "-m", "redouble", "tm", "client", "--host", host, "--port", str(port),
               "--seat", seat, "--team", name, "--robot", robot_or_cmd, "--seed", str(args.seed),
               "--table", str(table), "--timeout", str(max(args.timeout * 10, 600))]
        if args.budget is not None:
            cmd += ["--budget", str(args.budget)]
        if args.samples is not None:
            cmd += ["--samples", str(args.samples)]
        return cmd
    text = robot_or_cmd.format(host=shlex.quote(host), port=port, seat=seat.title(), team=shlex.quote(name))
    return shlex.split(text)


def run_match(args: argparse.Namespace) -> int:
    from redouble.tm import SessionAborted
    from redouble.tm.client import ROBOTS

    _robot_settings(args)
    names = list(args.teams) if args.teams else [
        t if t in ROBOTS else f"team {letter}" for t, letter in ((args.ns, "A"), (args.ew, "B"))]
    if names[0] == names[1]:
        names = [f"{names[0]} A", f"{names[1]} B"]
    args.teams = names
    args.seating_timeout = 120
    log = _log(args)
    manager = _manager(args, log)
    players: list[tuple[str, subprocess.Popen[bytes], Any]] = []

    def start_players(address: tuple[str, int]) -> None:
        host, port = address
        for table in range(1, 3 if args.two_tables else 2):
            for seat in ("north", "east", "south", "west"):
                team_a = (seat in ("north", "south")) == (table == 1)
                team, name = (args.ns, names[0]) if team_a else (args.ew, names[1])
                cmd = _player_command(team, args, seat, table, host, port, name)
                errors = tempfile.TemporaryFile()  # a pipe could fill up and stall a chatty player
                try:
                    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors)
                except OSError as exc:
                    raise CommandError(f"cannot start {shlex.join(cmd)!r}: {exc}") from None
                players.append((f"{seat.title()} at table {table} ({shlex.join(cmd[:6])}...)", proc, errors))

    try:
        result = asyncio.run(manager.run("127.0.0.1", args.port, started=start_players))
    except SessionAborted as exc:
        _stop(players, show_errors=True)
        raise CommandError(f"{exc} ({len(exc.boards)} boards finished)") from None
    failed = _stop(players, show_errors=True)
    _report(result, args.json)
    if failed:
        print(f"redouble tm match: {failed} of {len(players)} players exited with an error", file=sys.stderr)
        return 1
    return 0


def _stop(players: list[tuple[str, subprocess.Popen[bytes], Any]], show_errors: bool) -> int:
    """Wait a little for the players to leave after the session, then stop the ones that do not; say which
    exited with an error (a status, or a signal), with the end of what they wrote, and return how many."""
    failed = 0
    for label, proc, errors in players:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            label += " did not leave after the session and was stopped;"
        errors.seek(0)
        err = errors.read()
        errors.close()
        if proc.returncode:
            failed += 1
            if show_errors:
                code = proc.returncode
                how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
                tail = err.decode(errors="replace").strip().splitlines()[-3:]
                print(f"{label} {how}" + (": " + " | ".join(tail) if tail else ""), file=sys.stderr)
    return failed
