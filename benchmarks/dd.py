"""Double-dummy tables a second: ``redouble.dd.solve_deals`` against the raw DDS call and endplay.

    python benchmarks/dd.py [--deals 200] [--repeats 1] [--seed 1]

For the same random deals, in turns (so that machine load hits all alike):

* raw: ``CalcAllTables`` of the same library called directly through ctypes, 40 deals a call, with the
  input structures built before the clock starts: the solver's own speed;
* redouble: ``solve_deals(deals)`` from ``Deal`` objects to ``DDTable`` objects;
* endplay: ``endplay.dds.calc_all_tables`` on endplay ``Deal`` objects (built before the clock), 40 a call;
* the command: ``redouble dd FILE.pbn --json -o OUT`` on the same deals written as a PBN file, a whole
  process (start-up, reading the file, writing each result as it comes), then the same command stopped
  with SIGINT half-way and resumed with ``--resume``: both runs together should cost one run.

Prints tables/s for each, our overhead against raw, and the time our Python side adds per table.
"""

from __future__ import annotations

import argparse
import ctypes
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from redouble import Deal  # noqa: E402
from redouble.dd import (  # noqa: E402
    _dds,  # noqa: E402
    _table_deal,
    _table_from_result,
    solve_deals,
    solver_info,
)


def raw_solver(table_deals: list) -> float:  # type: ignore[type-arg]
    lib = _dds.library()
    batch, res, pres = _dds.TableDeals(), _dds.TablesRes(), _dds.AllParResults()
    no_filter = (ctypes.c_int * 5)(0, 0, 0, 0, 0)
    start = time.perf_counter()
    for k in range(0, len(table_deals), _dds.MAXNOOFTABLES):
        chunk = table_deals[k:k + _dds.MAXNOOFTABLES]
        batch.noOfTables = len(chunk)
        for i, td in enumerate(chunk):
            batch.deals[i] = td
        lib.check(lib.dll.CalcAllTables(ctypes.byref(batch), -1, no_filter, ctypes.byref(res), ctypes.byref(pres)),
                  "CalcAllTables")
    return time.perf_counter() - start


def ours(deals: list[Deal]) -> float:
    start = time.perf_counter()
    solve_deals(deals)
    return time.perf_counter() - start


def endplay_tables(edeals: list) -> float:  # type: ignore[type-arg]
    from endplay.dds import calc_all_tables

    start = time.perf_counter()
    for k in range(0, len(edeals), 40):
        calc_all_tables(edeals[k:k + 40])
    return time.perf_counter() - start


def command_seconds(deals: list[Deal]) -> tuple[float, float, int]:
    """Seconds of a whole ``redouble dd`` run, and of a run stopped half-way plus its resumption."""
    from redouble import Board, pbn

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "boards.pbn"
        pbn.dump([Board.from_number(k + 1, deal=d) for k, d in enumerate(deals)], path)
        command = [sys.executable, "-m", "redouble", "dd", str(path), "--json"]
        start = time.perf_counter()
        subprocess.run([*command, "-o", str(Path(tmp) / "whole.jsonl")], check=True, stderr=subprocess.DEVNULL)
        whole = time.perf_counter() - start
        part = Path(tmp) / "part.jsonl"
        start = time.perf_counter()
        run = subprocess.Popen([*command, "-o", str(part)], stderr=subprocess.DEVNULL)
        while run.poll() is None and (not part.exists() or part.read_text().count("\n") < len(deals) // 2):
            time.sleep(0.01)
        run.send_signal(signal.SIGINT)
        run.wait()
        stopped_at = part.read_text().count("\n")
        subprocess.run([*command, "-o", str(part), "--resume"], check=True, stderr=subprocess.DEVNULL)
        resumed = time.perf_counter() - start
        if part.read_text() != (Path(tmp) / "whole.jsonl").read_text():
            raise SystemExit("the resumed run's results differ from the whole run's")
    return whole, resumed, stopped_at


def python_side_seconds(deals: list[Deal]) -> float:
    """What solve_deals does besides the solver: building the input and reading the results back."""
    res = _dds.TablesRes()
    start = time.perf_counter()
    for d in deals:
        _table_deal(d)
    for k in range(len(deals)):
        _table_from_result(res.results[k % (_dds.MAXNOOFTABLES * 5)])
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-command", action="store_true", help="leave out the whole `redouble dd` runs")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    deals = [Deal.random(rng=rng) for _ in range(args.deals)]
    table_deals = [_table_deal(d) for d in deals]
    try:
        from endplay.types import Deal as EndplayDeal

        edeals = [EndplayDeal(d.to_pbn()) for d in deals]
    except ImportError:
        edeals = None
    info = solver_info()
    print(f"DDS {info['version']} from {info['origin']} ({info['path']}), {info['threads']} threads; "
          f"{args.deals} random deals, seed {args.seed}")
    solve_deals(deals[:4])  # load and warm up
    times: dict[str, list[float]] = {"raw": [], "redouble": [], "endplay": []}
    for _ in range(args.repeats):
        times["raw"].append(raw_solver(table_deals))
        times["redouble"].append(ours(deals))
        if edeals is not None:
            times["endplay"].append(endplay_tables(edeals))
    rate = {name: args.deals / statistics.median(t) for name, t in times.items() if t}
    print(f"raw DDS CalcAllTables:        {rate['raw']:7.2f} tables/s")
    print(f"redouble.dd.solve_deals:      {rate['redouble']:7.2f} tables/s")
    print(f"overhead against raw:         {100 * (rate['raw'] / rate['redouble'] - 1):+7.2f} %")
    python_ms = 1000 * python_side_seconds(deals) / args.deals
    print(f"Python side per table:        {python_ms:7.3f} ms "
          f"({100 * python_ms / (1000 / rate['raw']):.3f} % of a table's solving time)")
    if "endplay" in rate:
        print(f"endplay.dds.calc_all_tables:  {rate['endplay']:7.2f} tables/s "
              f"(redouble/endplay = {rate['redouble'] / rate['endplay']:.2f})")
    else:
        print("endplay: not installed")
    if not args.no_command:
        whole, resumed, stopped_at = command_seconds(deals)
        print(f"redouble dd FILE -o OUT:      {args.deals / whole:7.2f} boards/s, the whole process "
              f"({100 * (rate['raw'] * whole / args.deals - 1):+.1f} % against raw)")
        print(f"stopped at {stopped_at}, resumed:    {args.deals / resumed:7.2f} boards/s over both runs "
              f"({100 * (resumed / whole - 1):+.1f} % against one run; same results)")


if __name__ == "__main__":
    main()
