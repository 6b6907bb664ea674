"""Scoring a club event end to end from a PBN results file: 30 tables, 27 boards, 15 results a board.

    python benchmarks/events.py [--repeat 5] [--seed 1] [--keep FILE.pbn]

The event is two sections of 15 tables, 9 rounds of 3 boards, East-West pairs moving as in a Mitchell and every
table playing the round's boards (duplicated boards, as in a barometer), so that each of the 27 boards has 15
results in each section (810 results in all). It is written as a PBN file whose boards carry their deals and
travellers (``ScoreTable``), as a club program exports them. Each run reads the file, recomputes every score
from its contract, matchpoints each section, ranks the pairs and builds the JSON that ``redouble event score
--json`` prints. The figure is the best of ``--repeat`` runs; the target is well under a second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from redouble import pbn  # noqa: E402
from redouble.board import Board  # noqa: E402
from redouble.deal import Deal  # noqa: E402
from redouble.events.movements import mitchell  # noqa: E402
from redouble.events.pbnfile import Column, format_table, read_results  # noqa: E402
from redouble.events.report import score_dict  # noqa: E402
from redouble.events.results import Result  # noqa: E402
from redouble.events.scoring import score_pairs  # noqa: E402

TABLES_PER_SECTION = 15
SECTIONS = ("A", "B")
ROUNDS = 9
BOARDS_PER_ROUND = 3
CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "3C", "5D", "6NT", "2HX", "3DX", "Pass"]
COLUMNS = [Column("Section", 1), Column("Table", 2), Column("Round", 2), Column("PairId_NS", 3),
           Column("PairId_EW", 3), Column("Contract", 4, "L"), Column("Declarer", 1), Column("Result", 2),
           Column("Lead", 2, "L"), Column("Score_NS", 5), Column("Score_EW", 5)]


def make_file(path: Path, seed: int) -> int:
    """Write the event's PBN file; returns the number of results in it."""
    rng = random.Random(seed)
    movement = mitchell(TABLES_PER_SECTION, rounds=ROUNDS)
    rows: dict[int, list[list[object]]] = {}
    for k, section in enumerate(SECTIONS):
        for seat in movement.seatings:
            for offset in range(BOARDS_PER_ROUND):
                board = (seat.round - 1) * BOARDS_PER_ROUND + offset + 1  # every table plays the round's boards
                contract = rng.choice(CONTRACTS)
                declarer = rng.choice("NESW")
                level = 0 if contract == "Pass" else int(contract[0])
                tricks = min(13, max(0, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
                ns, ew = 100 * k + seat.ns, 100 * k + seat.ew
                if contract == "Pass":
                    rows.setdefault(board, []).append([section, seat.table, seat.round, ns, ew, "Pass", None, None,
                                                       None, "0", None])
                    continue
                r = Result.played(board, ns, ew, contract, declarer, tricks)
                score = r.ns_score or 0
                rows.setdefault(board, []).append(
                    [section, seat.table, seat.round, ns, ew, contract, declarer, tricks, "SA",
                     str(score) if score >= 0 else None, str(-score) if score < 0 else None])
    boards = []
    for number in sorted(rows):
        board = Board.from_number(number, deal=Deal.random(seed=seed * 1000 + number))
        board.tags["Event"] = "Benchmark pairs"
        board.tags["Scoring"] = "MatchPoints"
        board.tags["ScoreTable"], board.sections["ScoreTable"] = format_table(COLUMNS, rows[number])
        boards.append(board)
    pbn.dump(boards, path)
    return sum(len(r) for r in rows.values())


def score_file(path: Path) -> tuple[dict[str, object], int]:
    found = read_results(pbn.load(path))
    out = {section: score_dict(score_pairs(results)) for section, results in found.by_section().items()}
    json.dumps(out)
    return out, len(found.results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", default=None, help="write the generated PBN file here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.keep) if args.keep else Path(tmp) / "event.pbn"
        results = make_file(path, args.seed)
        size = path.stat().st_size
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            scored, read = score_file(path)
            times.append(time.perf_counter() - start)
        assert read == results
    per_board = {s: len(data["boards"][0]["results"]) for s, data in scored.items()}  # type: ignore[index]
    print(f"event: {len(SECTIONS) * TABLES_PER_SECTION} tables in {len(SECTIONS)} sections, "
          f"{ROUNDS * BOARDS_PER_ROUND} boards, {per_board} results a board, {results} results, {size} bytes of PBN")
    print(f"read, score and rank end to end: best {min(times) * 1000:.0f} ms, median "
          f"{sorted(times)[len(times) // 2] * 1000:.0f} ms over {args.repeat} runs (target: well under 1000 ms)")


if __name__ == "__main__":
    main()
