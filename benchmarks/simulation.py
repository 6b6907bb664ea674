"""Throughput of close bidding decisions settled by simulation (issue 14): layouts scored a decision.

On a fixed set of close decisions (a hand, the auction so far, the vulnerability: found by bidding seeded
random deals with the rules and kept here, so that changes to the rules do not change the set), the
strong robot thinks about each (:func:`redouble.bidding.simulation.think_call`) and the benchmark
reports, for each way of thinking:

- ``--think S`` (the strong robot's 0.8 s by default): how many layouts each decision scored in its time
  (dealt, bid out and solved double-dummy), their mean, and the wall time of a decision;
- ``--all``: no time limit (every decision scores all its layouts): layouts scored per second of CPU
  (the process's, every thread's, and its solver processes': dealing, bidding out and the solver), the
  measure of the work a layout costs whatever the load.

``--against TREE`` runs the same decisions with another checkout's ``redouble`` (say an export of main
before a change) in a second process, one decision at a time in turn with this tree's, so that both see
the same load, and prints this tree's figures as a ratio to that one's. On a loaded machine the ratio of
two identical trees strays by a quarter (0.75 at load 18): run it more than once.

``--leftover`` also counts the solver's work that outlives each decision (the decisions follow each other
as at a table): the searches still running when the decision returned its call, those that started only
after it (queued behind another decision's), and the seconds they searched after it; ``--rounds N`` runs
the decisions N times (other seeds).

Usage: ``python benchmarks/simulation.py [--think 0.8 | --all] [--decisions 24] [--rounds 1] [--leftover]
[--against TREE]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

# Found by bidding Board.from_number(n, deal=Deal.random(seed=7000 + n)) with the rules of main 2174274 and
# keeping each board's first decision with more than one candidate: (board, dealer, vulnerability,
# calls so far, the bidder's hand).
DECISIONS = [
    (1, "N", "NONE", "2D Pass Pass 2H Pass Pass", "KJT932.KT8.AT.Q6"),
    (3, "S", "EW", "1S Pass", "KT2.J942.T543.J6"),
    (5, "N", "NS", "1D 1S X", "QJ97.65.T.KQT543"),
    (7, "S", "ALL", "Pass Pass 1D 1H X Pass 1NT Pass 2C", "J93.AJ2.Q52.J432"),
    (8, "W", "NONE", "Pass 1D X 3D Pass Pass X Pass 3NT", "QJ82.83.K854.AQ9"),
    (9, "N", "EW", "1S 3C X Pass 3NT Pass Pass", "QT8.8752.T54.Q95"),
    (10, "E", "ALL", "Pass Pass Pass 1S Pass", "JT865..K74.A8754"),
    (14, "E", "NONE", "Pass Pass 1D 1H 1S", "QT7.A952.9.T9743"),
    (18, "E", "NS", "2NT Pass", "T873.Q954.JT64.7"),
    (20, "W", "ALL", "Pass 1C Pass 1H Pass 3C Pass", "AJ5.AKT97.J6.T52"),
    (27, "S", "NONE", "1H Pass", "962.K64.KQ86.J93"),
    (28, "W", "NS", "Pass Pass 1D 1H X Pass 1NT", "AT7.AQT765.Q.853"),
    (29, "N", "ALL", "Pass Pass 2D 2NT", "KJT83.J9.J87.K86"),
    (30, "E", "NONE", "1H Pass 2C 2S 4H", "J76.J7.QJ98542.4"),
    (33, "N", "NONE", "Pass 1H 1S X Pass 2H", "AKQT9.T976.K74.7"),
    (34, "E", "NS", "Pass Pass Pass 1S Pass 1NT Pass", "AK853.AJT9.92.A4"),
    (35, "S", "EW", "Pass Pass 1NT Pass 2H Pass 2S Pass 2NT Pass", "K972.QJT.A2.AJ63"),
    (37, "N", "NS", "Pass Pass 1C 1NT Pass", "K76.Q92.Q32.9763"),
    (43, "S", "NONE", "1NT Pass 2C Pass 2D Pass 2NT Pass", "AK9.42.A843.KQ84"),
    (45, "N", "ALL", "1C Pass 1S Pass 3S Pass", "A632.32.QJ54.JT2"),
    (46, "E", "NONE", "Pass 1C 1NT", "Q754.7.QJT9832.4"),
    (47, "S", "NS", "Pass Pass 1H Pass", "Q94.543.A9.KJ853"),
    (51, "S", "EW", "Pass 1C 1H X Pass 2D", "J32.AQT87.Q64.K4"),
    (55, "S", "ALL", "1D Pass 1S 2H Pass", "AK3.T985.Q52.Q64"),
]


def cpu_seconds() -> float:
    """The CPU time of this process and of its children, ended or not (the solver's processes; on Linux)."""
    times = os.times()
    total = times.user + times.system + times.children_user + times.children_system
    proc = Path("/proc")
    if proc.is_dir():
        tick = os.sysconf("SC_CLK_TCK")
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # ended meanwhile
            if int(fields[1]) == os.getpid():
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


def use_tree(tree: str) -> None:
    """Import ``redouble`` from ``tree``, ahead of the editable install of this checkout (whose finder would
    win over PYTHONPATH)."""
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in getattr(f, "__module__", "")
                        and "__editable__" not in getattr(f, "__name__", "")]
    sys.path.insert(0, tree)


class Searches:
    """The solver's searches of each decision (tagged when given to the solver's worker threads), to tell how
    many outlive it. It replaces the workers :mod:`redouble.dd` makes on first use (a benchmark's view only)."""

    def __init__(self) -> None:
        import threading
        from concurrent.futures import ThreadPoolExecutor

        import redouble.dd as dd
        from redouble.dd import _dds

        self.decision = 0
        self.returned: dict[int, float] = {}
        self.done: list[tuple[int, float, float, float]] = []  # decision, start, end, thread CPU seconds
        lock = threading.Lock()
        searches = self

        class Tagged(ThreadPoolExecutor):
            def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
                tag = searches.decision

                def run():  # type: ignore[no-untyped-def]
                    start, cpu = time.perf_counter(), time.thread_time()
                    try:
                        return fn(*args, **kwargs)
                    finally:
                        with lock:
                            searches.done.append((tag, start, time.perf_counter(), time.thread_time() - cpu))
                return super().submit(run)

        self.workers = Tagged(max_workers=max(1, _dds.library().threads), thread_name_prefix="dds")
        dd._workers = self.workers

    def summary(self) -> dict[str, float]:
        self.workers.shutdown(wait=True)  # the last searches end
        after = [(t, s, e, c) for t, s, e, c in self.done if e > self.returned[t]]
        late = [x for x in after if x[1] > self.returned[x[0]]]
        # The part of each search after its decision returned, in wall time and in the thread's CPU time.
        wall = sum(e - max(s, self.returned[t]) for t, s, e, _ in after)
        cpu = sum(c * (e - max(s, self.returned[t])) / max(e - s, 1e-9) for t, s, e, c in after)
        return {"searches": len(self.done), "running": len(after) - len(late), "late": len(late),
                "after_wall": wall, "after_cpu": cpu}


def serve(think: float, leftover: bool) -> None:
    """Answer decision numbers read from stdin, one JSON line each: layouts scored, wall and CPU seconds,
    the call; at the end of stdin, with ``leftover``, a line with the searches that outlived the decisions.
    Only the public API and ``pick`` (which every version calls with the outcomes) are used, so an older
    tree answers too."""
    if os.environ.get("REDOUBLE_BENCH_TREE"):
        use_tree(os.environ["REDOUBLE_BENCH_TREE"])
    import redouble.bidding.simulation as simulation
    from redouble import Auction, Hand
    from redouble.cards import Vulnerability

    searches = Searches() if leftover else None

    seen: list[int] = []
    pick = simulation.pick

    def counting_pick(candidates, outcomes, scoring="imps"):  # type: ignore[no-untyped-def]
        seen.append(outcomes[0].layouts if outcomes else 0)
        return pick(candidates, outcomes, scoring)

    simulation.pick = counting_pick  # type: ignore[assignment]
    for asked, line in enumerate(sys.stdin):
        k, round_ = map(int, line.split())
        board, dealer, vul, calls, hand = DECISIONS[k]
        seen.clear()
        if searches is not None:
            searches.decision = asked
        wall, cpu = time.perf_counter(), cpu_seconds()
        choice = simulation.think_call(Hand.parse(hand), Auction(dealer, calls.split()), Vulnerability[vul],
                                       think=think, seed=board + 1000 * round_)
        if searches is not None:
            searches.returned[asked] = time.perf_counter()
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        print(json.dumps({"layouts": sum(seen), "wall": wall, "cpu": cpu, "call": str(choice.call),
                          "close": bool(seen)}), flush=True)
    if searches is not None:
        print(json.dumps(searches.summary()), flush=True)


class Worker:
    """A process answering decisions (see :func:`serve`) with the ``redouble`` of ``tree`` (None: this one)."""

    def __init__(self, tree: str | None, think: float, leftover: bool = False) -> None:
        env = dict(os.environ)
        if tree is not None:
            env["REDOUBLE_BENCH_TREE"] = os.path.abspath(tree)
        self.process = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--serve", str(think)]
                                        + (["--leftover"] if leftover else []),
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                                        cwd="/" if tree is not None else None)
        self.answers: list[dict[str, object]] = []
        self.leftover: dict[str, float] = {}

    def ask(self, k: int, round_: int = 0) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{k} {round_}\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        self.answers.append(answer)
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        last = self.process.stdout.readline()
        if last.strip():
            self.leftover = json.loads(last)
        self.process.wait()

    def figures(self, counted: list[int]) -> dict[str, float]:
        answers = [self.answers[k] for k in counted]
        layouts = [int(a["layouts"]) for a in answers]  # type: ignore[call-overload]
        walls = [float(a["wall"]) for a in answers]  # type: ignore[arg-type]
        cpu = sum(float(a["cpu"]) for a in answers)  # type: ignore[arg-type]
        return {"layouts": statistics.fmean(layouts), "per_cpu": sum(layouts) / cpu if cpu else 0.0,
                "wall": statistics.fmean(walls), "wall_max": max(walls), "min": min(layouts)}


def report(name: str, f: dict[str, float]) -> str:
    return (f"{name}: {f['layouts']:.1f} layouts a decision (fewest {f['min']:.0f}), {f['per_cpu']:.1f} layouts a "
            f"second of CPU, a decision {f['wall']:.2f} s of wall time (max {f['wall_max']:.2f} s)")


def leftover_report(name: str, decisions: int, f: dict[str, float]) -> str:
    return (f"{name}: {f['searches']:.0f} searches in {decisions} decisions; after a decision returned, "
            f"{f['running']:.0f} still ran and {f['late']:.0f} started, searching {f['after_wall']:.2f} s "
            f"({f['after_cpu']:.2f} s of CPU)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--think", type=float, default=None, help="seconds a decision (default: the strong robot's)")
    parser.add_argument("--all", action="store_true", help="no time limit: every layout of every decision")
    parser.add_argument("--decisions", type=int, default=len(DECISIONS))
    parser.add_argument("--against", metavar="TREE", help="a checkout or export whose redouble to compare with")
    parser.add_argument("--rounds", type=int, default=1, help="run the decisions this many times (other seeds)")
    parser.add_argument("--leftover", action="store_true", help="count the searches that outlive the decisions")
    parser.add_argument("--serve", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.leftover)
        return
    from rich.progress import Progress

    from redouble.bidding.simulation import STRONG_THINK

    think = 1000.0 if args.all else STRONG_THINK if args.think is None else args.think
    workers = {"this tree": Worker(None, think, args.leftover)}
    if args.against:
        workers["against"] = Worker(args.against, think, args.leftover)
    count = min(args.decisions, len(DECISIONS))
    with Progress(transient=True) as progress:
        task = progress.add_task("decisions", total=count * args.rounds)
        for asked in range(count * args.rounds):
            round_, k = divmod(asked, count)
            # In turn, the other first every other decision: a decision's searches left running at its deadline
            # take a core from whichever process thinks next.
            for worker in list(workers.values())[::1 if asked % 2 == 0 else -1]:
                worker.ask(k, round_)
            progress.advance(task)
    for worker in workers.values():
        worker.close()
    mode = "no time limit" if args.all else f"think {think} s"
    # A decision the rules of either tree no longer leave close (no simulation at all) is not counted.
    counted = [k for k in range(count * args.rounds) if all(w.answers[k]["close"] for w in workers.values())]
    if len(counted) < count * args.rounds:
        print(f"not close in some tree (not counted): decisions "
              f"{sorted({k % count for k in set(range(count * args.rounds)) - set(counted)})}")
    print(f"{len(counted)} close decisions, {mode}, load {os.getloadavg()[0]:.1f} at the end")
    figures = {name: w.figures(counted) for name, w in workers.items()}
    for name, f in figures.items():
        print(report(f"{name} ({args.against})" if name == "against" else name, f))
    for name, worker in workers.items():
        if worker.leftover:
            print(leftover_report(f"{name} ({args.against})" if name == "against" else name, count * args.rounds,
                                  worker.leftover))
    if "against" in figures:
        mine, theirs = figures["this tree"], figures["against"]
        print(f"ratio this tree / against: layouts a decision {mine['layouts'] / theirs['layouts']:.2f}, "
              f"layouts a second of CPU {mine['per_cpu'] / theirs['per_cpu']:.2f}")
        differ = [k for k in counted if workers["this tree"].answers[k]["call"]
                  != workers["against"].answers[k]["call"]]
        if differ:
            print(f"calls differ on decisions {differ}")


if __name__ == "__main__":
    main()
