"""Run the fuzzers: ``python fuzz/run.py [--seconds N] [--seed S] [pbn|lin|values ...]``.

Each target starts from its seed corpus (the real files in tests/data, and fuzz/corpus/values.txt) and
tries mutations of it (bytes flipped, inserted, deleted; lines repeated, dropped and spliced from other
files) for its share of the time. With the same seed the same inputs are tried. An input that makes a
target fail is saved under fuzz/crashes/ and the run exits 1. With ``--atheris`` (``pip install atheris``)
the coverage-guided fuzzer runs one target instead, as long as it is let.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from fuzz import targets  # noqa: E402
from fuzz.targets import TARGETS  # noqa: E402


def corpus(target: str) -> list[bytes]:
    data = HERE.parent / "tests" / "data"
    if target in ("pbn", "lin"):
        files = sorted(data.glob(f"*.{target}"))
        return [f.read_bytes() for f in files]
    lines = (HERE / "corpus" / "values.txt").read_bytes().splitlines()
    return [line for line in lines if line.strip()]


def mutate(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        pos = rng.randrange(len(out) + 1)
        if kind == 0 and out:  # flip a byte
            out[min(pos, len(out) - 1)] = rng.randrange(256)
        elif kind == 1:  # insert bytes that mean something to the formats
            out[pos:pos] = rng.choice([b"*", b"=", b"=1=", b"-", b"+", b"!", b"?", b"$", b"{", b"}", b";",
                                       b"[", b"]", b'"', b"|", b"||", b"\n", b"\n\n", b" ", b"#", b"^",
                                       b"mb|", b"pc|", b"md|", b"pn|", b"qx|o1|", b"1NT", b"AP", b"X", b"SA"])
        elif kind == 2 and out:  # delete a run
            del out[pos:pos + rng.randint(1, 16)]
        else:  # work on lines: repeat, drop, swap, or splice one from another file
            lines = bytes(out).split(b"\n")
            k = rng.randrange(len(lines))
            if kind == 3:
                lines.insert(k, lines[k])
            elif kind == 4 and len(lines) > 1:
                del lines[k]
            elif kind == 5:
                j = rng.randrange(len(lines))
                lines[k], lines[j] = lines[j], lines[k]
            else:
                other = rng.choice(pool).split(b"\n")
                lines.insert(k, rng.choice(other))
            out = bytearray(b"\n".join(lines))
    return bytes(out[:20000])


def run(target: str, check: Callable[[bytes], None], seconds: float, runs: int | None,
        rng: random.Random) -> tuple[int, bytes | None]:
    pool = corpus(target)
    tried = 0
    deadline = time.monotonic() + seconds
    inputs = iter(pool)  # the corpus itself first
    while (tried < runs) if runs is not None else (time.monotonic() < deadline):
        data = next(inputs, None)
        if data is None:
            data = mutate(rng, rng.choice(pool), pool)
        tried += 1
        try:
            check(data)
        except Exception:  # noqa: BLE001 - any failure of a target is what we look for
            traceback.print_exc()
            return tried, data
    return tried, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET", help=f"some of {', '.join(TARGETS)} (default all)")
    parser.add_argument("--seconds", type=float, default=30.0, help="time for all the targets together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=None,
                        help="inputs for each target instead of a time (the same inputs on every machine: CI)")
    parser.add_argument("--atheris", action="store_true", help="coverage-guided, with atheris (one target)")
    parser.add_argument("--round-trip", action="store_true",
                        help="also check that what was read reads back the same (see fuzz/targets.py)")
    args, rest = parser.parse_known_args(argv)
    args.targets = args.targets or list(TARGETS)
    targets.ROUND_TRIP = args.round_trip
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        parser.error(f"no target {unknown[0]!r} (there are {', '.join(TARGETS)})")
    if args.atheris:
        import atheris  # type: ignore[import-not-found]

        [name] = args.targets[:1]
        atheris.Setup([sys.argv[0], *rest], TARGETS[name])
        atheris.Fuzz()
        return 0
    failed = False
    for name in args.targets:
        tried, bad = run(name, TARGETS[name], args.seconds / len(args.targets), args.runs, random.Random(
            f"{args.seed}:{name}"))
        if bad is not None:
            crashes = HERE / "crashes"
            crashes.mkdir(exist_ok=True)
            path = crashes / f"{name}-{args.seed}-{tried}"
            path.write_bytes(bad)
            print(f"fuzz {name}: input {tried} fails; saved to {path}", file=sys.stderr)
            failed = True
        else:
            print(f"fuzz {name}: {tried} inputs, no failure")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
