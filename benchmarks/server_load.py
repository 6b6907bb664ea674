"""Load test of the web server: many tables at once over websockets against one server process.

Starts ``redouble play`` (SQLite, no robot delay) with ``--robots fast`` (rules of thumb, the default here)
or ``--robots strong`` (the library's sampling card player, as people get by default) on a loopback port
and opens ``--tables`` tables of ``--form`` (rubber by default; duplicate practice also plays each deal at
a robots' second table and solves it double-dummy), each with one simulated person in the South seat and
robots elsewhere. For ``--seconds`` the person passes in the auction, plays its last legal card, and deals
again when a deal is over, pausing ``--think`` seconds (on average) before each action. With ``--think 0``
it is a stress test: every table always has an action waiting.

The latency of an action (its acknowledgement) is the time from sending it to receiving the table's state
with that action in it. The robots' wait is the time from that state to the next one where the person is
on turn again (the robots on the way have thought and played). Prints the actions per second (the
person's, and all stored events including the robots'), the 50th/95th/99th percentile latency, the
robots' wait, and how fairly the robots' time was shared: the events each table got (least, median,
most) and the tables that waited more than 30 s for the robots.

    python benchmarks/server_load.py --tables 200 --seconds 30 --think 1
    python benchmarks/server_load.py --tables 50 --seconds 60 --robots strong
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: Path, robots: str = "fast") -> subprocess.Popen[bytes]:
    # Every table comes from this one address: the limit on new tables per address is lifted.
    proc = subprocess.Popen([sys.executable, "-m", "redouble", "play", "--port", str(port), "--db", str(db),
                             "--robots", robots, "--robot-delay", "0", "--tables-per-minute", "0"],
                            stdout=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/forms", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def create_table(port: int, form: str, robots: str = "fast") -> str:
    body = json.dumps({"form": form, "seat": "S", "options": {"robots": robots}}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                 headers={"Content-Type": "application/json"})
    return str(json.loads(urllib.request.urlopen(req, timeout=30).read())["token"])


def progress(state: dict[str, Any]) -> tuple[Any, ...]:
    """Where the current deal stands: changes with every call, card, claim and new deal."""
    b = state["board"]
    if b is None:
        return ()
    return (b["index"], len(b["auction"]), sum(h["count"] for h in b["hands"].values()), b["phase"],
            json.dumps(b["claim"]), b["result"] is not None and b["result"]["tricks"])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.robot_waits: list[float] = []
        self.mean_wait_by_table: list[float] = []
        self.events = 0
        self.events_by_table: list[int] = []
        self.errors = 0
        self.error_kinds: dict[str, int] = {}
        self.deals = 0


async def player(port: int, token: str, stop_at: float, stats: Stats, think: float, rng: random.Random) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"ws://127.0.0.1:{port}/ws/{token}", max_size=2**22) as ws:
        state = json.loads(await ws.recv())["table"]
        first_seq = state["seq"]
        waiting_since: float | None = time.perf_counter()  # for the robots
        my_waits: list[float] = []
        while time.monotonic() < stop_at:
            board = state["board"]
            msg = None
            if board["phase"] == "done" or state["can_next"]:
                msg = {"type": "next"}
                stats.deals += 1
            elif board["to_act"]:
                if board["phase"] == "auction":
                    msg = {"type": "call", "call": "Pass"}
                elif board["claim"] is not None:
                    msg = {"type": "claim_answer", "accept": True}
                else:
                    msg = {"type": "card", "card": board["legal"][-1]}
            if msg is not None:
                if waiting_since is not None:
                    my_waits.append(time.perf_counter() - waiting_since)
                    waiting_since = None
                if think > 0:  # a person takes a moment (uniform around --think seconds)
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    if time.monotonic() >= stop_at:
                        break
                seq = state["seq"]
                sent = time.perf_counter()
                await ws.send(json.dumps(msg))
                while True:
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if reply["type"] == "error":
                        stats.errors += 1
                        stats.error_kinds[reply["code"]] = stats.error_kinds.get(reply["code"], 0) + 1
                        break
                    if reply["type"] == "state":
                        before = progress(state)
                        state = reply["table"]
                        # Done when the table has moved on (a state for the robots' second table is not it).
                        if state["seq"] > seq and progress(state) != before:
                            stats.latencies.append(time.perf_counter() - sent)
                            waiting_since = time.perf_counter()
                            break
            else:  # the robots are on turn: wait for the next state
                left = stop_at - time.monotonic()
                try:
                    reply = json.loads(await asyncio.wait_for(ws.recv(), max(left, 0.01)))
                except TimeoutError:
                    break
                if reply["type"] == "state":
                    state = reply["table"]
        if waiting_since is not None and time.perf_counter() - waiting_since > 30:
            my_waits.append(time.perf_counter() - waiting_since)
        stats.robot_waits.extend(my_waits)
        if my_waits:
            stats.mean_wait_by_table.append(statistics.fmean(my_waits))
        stats.events += state["seq"] - first_seq
        stats.events_by_table.append(state["seq"] - first_seq)


async def run(port: int, tables: int, seconds: float, form: str, think: float = 0.0, robots: str = "fast") -> Stats:
    tokens = await asyncio.gather(*(asyncio.to_thread(create_table, port, form, robots) for _ in range(tables)))
    stats = Stats()
    stop_at = time.monotonic() + seconds
    rng = random.Random(1)
    await asyncio.gather(*(player(port, t, stop_at, stats, think, random.Random(rng.random())) for t in tokens))
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="simultaneous tables (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="how long to play (default 30)")
    parser.add_argument("--form", default="rubber",
                        help="form of the game (default rubber; duplicate adds a robot table and the solver)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds the simulated person pauses before each action (default 0: flat out)")
    parser.add_argument("--robots", choices=("fast", "strong"), default="fast",
                        help="the robots' strength: fast (rules of thumb, default) or strong (the sampling player)")
    parser.add_argument("--port", type=int, help="use a server already running on this loopback port")
    args = parser.parse_args()
    if args.port:
        started = time.monotonic()
        stats = asyncio.run(run(args.port, args.tables, args.seconds, args.form, args.think, args.robots))
        elapsed = time.monotonic() - started
        report(args, stats, elapsed)
        return 0
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(port, Path(tmp) / "load.sqlite3", args.robots)
        try:
            started = time.monotonic()
            stats = asyncio.run(run(port, args.tables, args.seconds, args.form, args.think, args.robots))
            elapsed = time.monotonic() - started
        finally:
            server.terminate()
            server.wait(30)
    report(args, stats, elapsed)
    return 0


def report(args: argparse.Namespace, stats: Stats, elapsed: float) -> None:
    lat = sorted(stats.latencies)
    if not lat:
        raise SystemExit("no action completed")

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(p / 100 * len(values)))]

    waits = sorted(stats.robot_waits) or [0.0]
    per_table = sorted(stats.events_by_table) or [0]
    long_waits = sum(1 for w in waits if w > 30)
    print(f"robots: {args.robots}, form: {args.form}, think: {args.think:g} s, tables: {args.tables}, "
          f"seconds: {args.seconds:g} (wall {elapsed:.1f}), cores: {os.cpu_count()}")
    print(f"person actions: {len(lat)} ({len(lat) / args.seconds:.0f}/s); all stored events incl. robots: "
          f"{stats.events} ({stats.events / args.seconds:.0f}/s); deals started: {stats.deals}; "
          f"errors: {stats.errors} {stats.error_kinds or ''}")
    print(f"latency ms: p50 {pct(lat, 50) * 1000:.1f}  p95 {pct(lat, 95) * 1000:.1f}  "
          f"p99 {pct(lat, 99) * 1000:.1f}  mean {statistics.fmean(lat) * 1000:.1f}  max {lat[-1] * 1000:.1f}")
    means = sorted(stats.mean_wait_by_table) or [0.0]
    print(f"robots' wait s: p50 {pct(waits, 50):.2f}  p95 {pct(waits, 95):.2f}  max {waits[-1]:.2f}; "
          f"waits over 30 s: {long_waits}")
    print(f"fairness: a table's mean wait s: least {means[0]:.2f}, median {statistics.median(means):.2f}, "
          f"most {means[-1]:.2f}; events per table: least {per_table[0]}, median "
          f"{statistics.median(per_table):g}, most {per_table[-1]}")


if __name__ == "__main__":
    sys.exit(main())
