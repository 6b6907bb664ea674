"""Deals a second: ``redouble.dealer`` against Debian's ``dealer`` (C) on the same constraint, same run.

    python benchmarks/dealer.py [--deals 3000000] [--seed 1]

Both generate the same number of candidate deals for "north has 15-17 HCP and a balanced shape" on one
core. ``dealer`` runs with a non-printing action (``average``), its most favourable setting, and its own
"Time needed" figure is used (it leaves out start-up); Redouble builds a ``Deal`` object for every match.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from redouble.dealer import BATCH, iter_deals, parse  # noqa: E402

CONSTRAINT = "north.hcp in 15..17 and north.balanced"
DEALER_SCRIPT = """generate {deals}
produce {deals}
condition hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432 + any 5332)
action average hcp(south)
"""


def run_dealer(deals: int, seed: int) -> tuple[float, int, int] | None:
    exe = shutil.which("dealer") or ("/usr/games/dealer" if Path("/usr/games/dealer").exists() else None)
    if exe is None:
        return None
    proc = subprocess.run([exe, "-s", str(seed)], input=DEALER_SCRIPT.format(deals=deals), capture_output=True,
                          text=True, check=True)
    generated = int(re.search(r"Generated (\d+) hands", proc.stdout).group(1))  # type: ignore[union-attr]
    produced = int(re.search(r"Produced (\d+) hands", proc.stdout).group(1))  # type: ignore[union-attr]
    seconds = float(re.search(r"Time needed\s+([\d.]+) sec", proc.stdout).group(1))  # type: ignore[union-attr]
    return seconds, generated, produced


def run_redouble(deals: int, seed: int, jobs: int) -> tuple[float, int, int]:
    constraint = parse(CONSTRAINT)
    stats: dict[str, int] = {}
    matched = []
    start = time.perf_counter()
    stream = iter_deals(constraint, seed=seed, max_tries=None, stats=stats, jobs=jobs)
    for deal in stream:
        matched.append(deal)
        if stats["tried"] >= deals and len(matched) == stats["matched"]:
            break
    stream.close()
    return time.perf_counter() - start, stats["tried"], len(matched)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=3_000_000, help="candidate deals for each (default 3,000,000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes for Redouble (default 1, like dealer)")
    args = ap.parse_args()
    deals = (args.deals + BATCH - 1) // BATCH * BATCH  # whole batches, so both try exactly as many

    print(f"constraint: {CONSTRAINT}")
    run_redouble(BATCH, args.seed, args.jobs)  # warm up NumPy and the caches
    ours = run_redouble(deals, args.seed, args.jobs)
    theirs = run_dealer(deals, args.seed)
    rate_ours = ours[1] / ours[0]
    print(f"redouble.dealer: {ours[1]:>10,} deals in {ours[0]:6.2f} s = {rate_ours:>12,.0f} deals/s "
          f"({ours[2]:,} matched, {ours[2] / ours[1]:.2%})")
    if theirs is None:
        print("dealer (C):      not installed (apt install dealer)")
        return
    rate_theirs = theirs[1] / theirs[0]
    print(f"dealer (C):      {theirs[1]:>10,} deals in {theirs[0]:6.2f} s = {rate_theirs:>12,.0f} deals/s "
          f"({theirs[2]:,} matched, {theirs[2] / theirs[1]:.2%})")
    print(f"ratio redouble/dealer: {rate_ours / rate_theirs:.2f}")


if __name__ == "__main__":
    main()
