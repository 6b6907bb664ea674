"""``redouble deal`` against Debian's ``dealer`` (C): whole processes on the same job, in the same run.

    python benchmarks/dealer.py [--count 100000] [--repeat 3] [--seed 1]

Two jobs: COUNT deals where "north has 15-17 HCP and a balanced shape", and COUNT deals with no condition,
written to /dev/null. ``dealer`` prints one line per deal (``printoneline``); ``redouble deal`` runs once
for each of its output formats.
Each command runs REPEAT times, interleaved, and its best wall-clock time counts (the CPU time, user +
system, is shown too: on a busy machine it is the steadier figure). ratio = dealer's time / redouble's:
above 1, redouble is faster.

A second part compares the generators alone, inside one process: candidate deals a second for
``redouble.dealer.iter_owner_batches`` against ``dealer`` with a non-printing action and its own
"Time needed" figure.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from redouble.dealer import BATCH, iter_owner_batches  # noqa: E402

CONSTRAINT = "north.hcp in 15..17 and north.balanced"
DEALER_CONDITION = "hcp(north) >= 15 and hcp(north) <= 17 and shape(north, any 4333 + any 4432 + any 5332)"
FORMATS = ("pbn", "lin", "json", "line")


def dealer_exe() -> str | None:
    return shutil.which("dealer") or ("/usr/games/dealer" if Path("/usr/games/dealer").exists() else None)


def timed(argv: list[str], stdin: str | None = None) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one whole process, its output thrown away."""
    before = os.times()
    start = time.perf_counter()
    subprocess.run(argv, input=stdin, stdout=subprocess.DEVNULL, text=True, check=True)
    wall = time.perf_counter() - start
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def whole_processes(count: int, seed: int, repeat: int, constrained: bool = True) -> None:
    exe = dealer_exe()
    where = ["--where", CONSTRAINT] if constrained else []
    commands: dict[str, tuple[list[str], str | None]] = {
        fmt: ([sys.executable, "-m", "redouble", "deal", "--count", str(count), *where,
               "--seed", str(seed), "--format", fmt], None) for fmt in FORMATS}
    if exe is not None:
        condition = f"condition {DEALER_CONDITION}\n" if constrained else ""
        script = f"produce {count}\n{condition}action printoneline\n"
        commands["dealer"] = ([exe, "-s", str(seed)], script)
    best: dict[str, tuple[float, float]] = {}
    for _ in range(repeat):
        for name, (argv, stdin) in commands.items():
            wall, cpu = timed(argv, stdin)
            old = best.get(name, (float("inf"), float("inf")))
            best[name] = (min(old[0], wall), min(old[1], cpu))
    job = f"where {CONSTRAINT!r}" if constrained else "with no condition"
    print(f"{count:,} deals {job}, whole processes, best of {repeat}:")
    reference = best.get("dealer")
    for name in commands:
        wall, cpu = best[name]
        label = "dealer (C), one line a deal" if name == "dealer" else f"redouble deal --format {name}"
        line = f"  {label:<32} {wall:6.2f} s wall {cpu:6.2f} s CPU"
        if reference is not None and name != "dealer":
            line += f"   ratio {reference[0] / wall:5.2f} (CPU {reference[1] / cpu:5.2f})"
        print(line)
    if reference is None:
        print("  dealer (C): not installed (apt install dealer)")


def generators(deals: int, seed: int) -> None:
    deals = (deals + BATCH - 1) // BATCH * BATCH  # whole batches, so both try exactly as many
    for _ in iter_owner_batches(CONSTRAINT, count=1, seed=seed):  # warm up NumPy and the caches
        pass
    stats: dict[str, int] = {}
    start = time.perf_counter()
    for _ in iter_owner_batches(CONSTRAINT, seed=seed, max_tries=None, stats=stats):
        if stats["tried"] >= deals:
            break
    ours = time.perf_counter() - start
    rate_ours = stats["tried"] / ours
    print(f"generators alone, {deals:,} candidate deals:")
    print(f"  redouble.dealer  {rate_ours:>12,.0f} deals/s ({stats['matched']:,} matched)")
    exe = dealer_exe()
    if exe is None:
        print("  dealer (C):      not installed (apt install dealer)")
        return
    script = f"generate {deals}\nproduce {deals}\ncondition {DEALER_CONDITION}\naction average hcp(south)\n"
    proc = subprocess.run([exe, "-s", str(seed)], input=script, capture_output=True, text=True, check=True)
    generated = int(re.search(r"Generated (\d+) hands", proc.stdout).group(1))  # type: ignore[union-attr]
    seconds = float(re.search(r"Time needed\s+([\d.]+) sec", proc.stdout).group(1))  # type: ignore[union-attr]
    rate_theirs = generated / seconds
    print(f"  dealer (C)       {rate_theirs:>12,.0f} deals/s   ratio {rate_ours / rate_theirs:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000, help="deals to print (default 100,000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each command; the best counts (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--candidates", type=int, default=3_000_000,
                    help="candidate deals for the generators' comparison (default 3,000,000; 0 skips it)")
    args = ap.parse_args()
    whole_processes(args.count, args.seed, args.repeat)
    whole_processes(args.count, args.seed, args.repeat, constrained=False)
    if args.candidates:
        generators(args.candidates, args.seed)


if __name__ == "__main__":
    main()
