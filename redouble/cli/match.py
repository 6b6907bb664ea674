"""``redouble match --boards N --seed S --ns BOT --ew BOT``: a two-table teams match between robots.

Each board is played at both tables with the pairs switched; the sheet shows both results and the IMPs
for the team given by ``--ns`` (North-South at table 1), then the totals and IMPs per board with its
standard error. ``--pbn OUT.pbn`` records every auction and play; ``--json`` prints only the summary.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from redouble.cli import CommandError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from redouble.robots import ROBOTS

    p = sub.add_parser("match", help="a two-table teams match between robots, scored in IMPs",
                       description="Play a teams match between two robots: each board at both tables with the "
                                   "pairs switched, robots in every seat. Robots: " + ", ".join(ROBOTS) + ".")
    p.add_argument("--boards", type=int, default=16, help="number of boards (default 16)")
    p.add_argument("--seed", type=int, default=0, help="seed for the deals and the robots (default 0)")
    p.add_argument("--ns", default="redouble", help="team A's robot, North-South at table 1 (default redouble)")
    p.add_argument("--ew", default="basic", help="team B's robot, East-West at table 1 (default basic)")
    p.add_argument("--pbn", metavar="OUT.pbn", default=None, help="write every table's auction and play here")
    p.add_argument("--json", action="store_true", help="print only a JSON summary")
    p.add_argument("--dd-after-lead", action="store_true",
                   help="score each table by the double-dummy result after the opening lead (fast)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: the number of cores)")
    p.add_argument("--budget", type=float, default=None,
                   help="seconds per card for the sampling card player (default 0.8)")
    p.add_argument("--samples", type=int, default=None,
                   help="a fixed number of layouts per card instead of a time budget: the same seed then gives "
                        "the same match on any machine, however busy")
    p.add_argument("--no-claims", action="store_true",
                   help="play every card out, as at a Table Manager (default: robots claim)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from redouble.errors import RedoubleError
    from redouble.match import board_line, play_match, summary_lines
    from redouble.robots import Robot

    if args.boards < 1:
        raise CommandError(f"--boards must be at least 1, not {args.boards}")
    for name in (args.ns, args.ew):
        try:
            Robot.named(name)
        except RedoubleError as exc:
            raise CommandError(str(exc)) from None
    if args.budget is not None and args.budget <= 0:
        raise CommandError(f"--budget must be a positive number of seconds, not {args.budget}")
    jobs = args.jobs if args.jobs is not None else max(1, min(os.cpu_count() or 1, args.boards))
    if jobs < 1:
        raise CommandError(f"--jobs must be at least 1, not {jobs}")
    if args.pbn is not None:
        with open(args.pbn, "a", encoding="utf-8"):
            pass  # fail now on an unwritable path, not after the match
    if args.samples is not None and args.samples < 1:
        raise CommandError(f"--samples must be at least 1, not {args.samples}")
    options: dict[str, object] = {}
    if args.budget is not None:
        options["budget"] = args.budget
    if args.samples is not None:
        options["samples"] = args.samples

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    bar = Progress(TextColumn("match"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console, transient=True, disable=not console.is_terminal)
    with bar:
        task = bar.add_task("boards", total=args.boards)
        result = play_match(args.boards, seed=args.seed, ns=args.ns, ew=args.ew, jobs=jobs,
                            dd_after_lead=args.dd_after_lead, progress=lambda n: bar.advance(task, n),
                            options=options, claims=not args.no_claims)
    if args.pbn is not None:
        from redouble import pbn

        pbn.dump(result.all_boards(), args.pbn)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    print(f"{'Board':>5}  {'Table 1 (' + args.ns + ' NS)':<20}  {'Table 2 (' + args.ew + ' NS)':<20}  IMPs")
    for r in result.results:
        print(board_line(r))
    for line in summary_lines(result):
        print(line)
    if args.pbn is not None:
        print(f"wrote {2 * result.boards} tables to {args.pbn}", file=sys.stderr)
    return 0
