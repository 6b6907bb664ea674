"""The same match two ways: through the Table Manager (``redouble tm match --two-tables``, eight client
processes talking the Blue Chip protocol over loopback) and in process (``redouble match``).

With the same deals, the same robots and the same seeds, and without claims (the protocol has none), both
must bid and play every board alike and so give the same IMPs. Prints both results, how many of the
tables match card for card, and the time each way took.

Usage: ``python benchmarks/tm_match.py [--boards 32] [--seed 1] [--ns redouble] [--ew redouble] [--samples 4]``
(``--samples``: a fixed number of layouts a card, so that a busy machine decides as an idle one).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from redouble import pbn
from redouble.match import play_match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ns", default="redouble")
    parser.add_argument("--ew", default="redouble")
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="workers for redouble match")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "tm.pbn")
        started = time.perf_counter()
        shown = subprocess.run(
            [sys.executable, "-m", "redouble", "tm", "match", "--ns", args.ns, "--ew", args.ew, "--two-tables",
             "--boards", str(args.boards), "--seed", str(args.seed), "--samples", str(args.samples),
             "--timeout", "600", "--json", "-q", "--out", out],
            capture_output=True, text=True, check=False)
        tm_seconds = time.perf_counter() - started
        if shown.returncode:
            print(shown.stderr, file=sys.stderr)
            return 1
        tm_summary = json.loads(shown.stdout)
        tm_boards = {(b.number, b.tags["Room"]): b for b in pbn.load(out)}

    started = time.perf_counter()
    direct = play_match(args.boards, seed=args.seed, ns=args.ns, ew=args.ew, jobs=args.jobs,
                        options={"samples": args.samples}, claims=False)
    match_seconds = time.perf_counter() - started

    alike = 0
    differ = []
    for r in direct.results:
        for room, board in (("Open", r.table1), ("Closed", r.table2)):
            other = tm_boards[(r.number, room)]
            same = (other.auction.calls == board.auction.calls
                    and (board.play is None or (other.play is not None and other.play.cards == board.play.cards)))
            alike += same
            if not same:
                differ.append(f"{r.number} {room}")
    tm_imps = (tm_summary["imps_ns_team"], tm_summary["imps_ew_team"])
    print(f"{args.boards} boards, seed {args.seed}, {args.ns} (team A) v {args.ew} (team B), "
          f"{args.samples} layouts a card, no claims")
    print(f"through the Table Manager: team A {tm_imps[0]} IMPs, team B {tm_imps[1]} IMPs, "
          f"{tm_summary['imps_per_board']:+.4f} IMPs/board  ({tm_seconds:.0f} s, 8 client processes)")
    print(f"redouble match:            team A {direct.imps_ns_team} IMPs, team B {direct.imps_ew_team} IMPs, "
          f"{direct.imps_per_board:+.4f} IMPs/board  ({match_seconds:.0f} s, {args.jobs} workers)")
    print(f"tables played card for card alike: {alike} of {2 * args.boards}"
          + (f" (differ: {', '.join(differ)})" if differ else ""))
    same_imps = tm_imps == (direct.imps_ns_team, direct.imps_ew_team) \
        and tm_summary["imps_per_board"] == round(direct.imps_per_board, 4)
    print("same IMPs: " + ("yes" if same_imps else "NO"))
    return 0 if same_imps and not differ else 1


if __name__ == "__main__":
    sys.exit(main())
