"""Worker processes end with the server, always: on SIGTERM, on kill -9, and when a test's app closes."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from web_helpers import make_client

from redouble.web.store import Link, open_store

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def children(pid: int) -> set[int]:
    """The living descendants of ``pid`` (zombies count as gone)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z":
            parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        if state[state.rindex(")") + 2] != "Z":
            out.add(pid)
    return out


def finished_duplicate_board(db: Path) -> None:
    """A duplicate table whose first board is over (passed out) and whose second table was never played."""
    store = open_store(db)
    try:
        store.create_table("dup", {"form": "duplicate", "robots": "strong",
                                   "seats": {s: "human" if s == "S" else "robot" for s in "NESW"}},
                           {"dup-S": Link("dup", "S", owner=True)})
        events = [{"type": "deal", "deal": DEAL, "number": 1, "dealer": "N", "vul": "None"}]
        events += [{"type": "call", "seat": s, "call": "Pass"} for s in "NESW"]
        for seq, event in enumerate(events, 1):
            store.append("dup", seq, event)
    finally:
        store.close()


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    proc = subprocess.Popen([sys.executable, "-m", "redouble", "play", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/forms", timeout=1).read()
            return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


def server_with_workers(db: Path) -> tuple[subprocess.Popen[bytes], set[int]]:
    """A server that has started its worker processes (it plays the second table of the board left over)."""
    finished_duplicate_board(db)
    proc, port = start_server(db)
    for _ in range(200):
        workers = children(proc.pid)
        if workers:
            return proc, workers
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server started no worker process")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "kill-9"])
def test_workers_end_with_the_server(db: Path, how: signal.Signals) -> None:
    proc, workers = server_with_workers(db)
    try:
        proc.send_signal(how)
        proc.wait(20)
        for _ in range(100):
            if not alive(workers):
                break
            time.sleep(0.1)
        assert not alive(workers), f"left behind after {how.name}: {sorted(alive(workers))}"
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in alive(workers):
            os.kill(pid, signal.SIGKILL)


def test_a_restarted_server_redoes_the_second_table_the_killed_one_left(db: Path) -> None:
    """Item 6: killed right after the last card, before the second table was stored: the next server
    derives that work from the log at start-up and does it, with nobody connected."""
    proc, workers = server_with_workers(db)
    proc.send_signal(signal.SIGKILL)
    proc.wait(20)
    raw = sqlite3.connect(db)
    assert [json.loads(d)["type"] for (d,) in raw.execute("SELECT data FROM events ORDER BY seq")][-1] == "call"
    raw.close()
    with make_client(db, robots="fast", heavy_workers=0):
        for _ in range(300):
            raw = sqlite3.connect(db)
            kinds = [json.loads(d)["type"] for (d,) in raw.execute("SELECT data FROM events ORDER BY seq")]
            raw.close()
            if kinds[-1] == "robot_table":
                break
            time.sleep(0.05)
        assert kinds == ["deal", "call", "call", "call", "call", "robot_table"]


def test_an_app_leaves_no_process_behind(db: Path) -> None:
    before = children(os.getpid())
    finished_duplicate_board(db)
    with make_client(db, heavy_workers=1) as client:
        for _ in range(300):
            if children(os.getpid()) - before:
                break
            time.sleep(0.05)
        # multiprocessing's resource tracker is this process's own: it ends with it (see the tests above).
        started = {pid for pid in children(os.getpid()) - before
                   if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()}
        assert started, "the app started no worker"
        assert client.get("/api/forms").status_code == 200
    for _ in range(100):
        if not alive(started):
            break
        time.sleep(0.05)
    assert not alive(started)


def test_tables_take_turns_for_the_workers() -> None:
    """One worker; a busy table queues five jobs, then two others one each: they do not wait behind all
    five. And the budget shrinks as more tables want the workers."""
    from redouble.web.workers import Workers

    order: list[str] = []

    def job(name: str) -> str:
        order.append(name)
        time.sleep(0.01)
        return name

    async def scenario() -> list[str]:
        workers = Workers(0)  # threads, one at a time
        assert workers.budget("a", 0.8) == 0.8
        busy = [asyncio.ensure_future(workers.run(job, f"a{i}", key="a")) for i in range(5)]
        others = [asyncio.ensure_future(workers.run(job, name, key=name)) for name in ("b", "c")]
        results = await asyncio.gather(*busy, *others)
        assert workers.budget("d", 0.8) < 0.8  # four tables asked lately: a quarter each, twice over
        workers.close()
        return list(results)

    assert asyncio.run(scenario()) == ["a0", "a1", "a2", "a3", "a4", "b", "c"]
    # a0 starts at once, a1 was next in line; then the tables take turns: b and c before a's other three.
    assert order == ["a0", "a1", "b", "c", "a2", "a3", "a4"]
