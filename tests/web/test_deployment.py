"""``redouble serve`` with PostgreSQL and Redis: two server processes, one table, players on both.

The tests start their own PostgreSQL (initdb/pg_ctl from Debian's postgresql package) and Redis
(redis-server) on loopback ports in a temporary directory, and stop them afterwards.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support import free_port, missing, postgres_server

pytest.importorskip("psycopg")
pytest.importorskip("redis")
ws_client = pytest.importorskip("websockets.sync.client")

REDIS = shutil.which("redis-server")
if REDIS is None:
    missing("needs Debian's redis-server package")


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    import redis

    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


class ServerProcess:
    def __init__(self, db: str, redis_url: str) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "redouble", "serve", "--db", db, "--redis", redis_url, "--port", str(self.port),
             "--robot-delay", "0", "--robots", "fast"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url + "/api/forms", timeout=1).read()
                return
            except OSError:
                if self.proc.poll() is not None:
                    output = self.proc.stdout.read() if self.proc.stdout else ""
                    raise AssertionError(f"server died: {output}") from None
                time.sleep(0.05)
        raise AssertionError("server did not start")

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        return dict(json.loads(urllib.request.urlopen(req, timeout=10).read()))

    def ws(self, token: str) -> Any:
        return ws_client.connect(f"ws://127.0.0.1:{self.port}/ws/{token}", open_timeout=10)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture
def two_servers(postgres: str, redis_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    a = ServerProcess(postgres, redis_url)
    b = ServerProcess(postgres, redis_url)
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


class Remote:
    """A player on a real websocket; keeps the latest state."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.state: dict[str, Any] = {}
        self.read()

    def read(self, timeout: float = 10) -> dict[str, Any]:
        msg = json.loads(self.socket.recv(timeout=timeout))
        if msg["type"] == "state":
            self.state = msg["table"]
        return dict(msg)

    def wait(self, predicate: Any, limit: int = 500) -> None:
        for _ in range(limit):
            if self.state and predicate(self.state["board"]):
                return
            self.read()
        raise AssertionError(f"never reached; board {self.state['board']}")


def test_two_processes_one_table(two_servers: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = two_servers
    made = a.post("/api/tables", {"form": "duplicate", "seat": "S", "invite": ["N"], "options": {"robots": "fast"}})
    with a.ws(made["token"]) as ws_s, b.ws(made["invitations"]["N"]) as ws_n:
        south, north = Remote(ws_s), Remote(ws_n)
        # North (on process B) deals and opens; South (on process A) sees it through Redis.
        assert north.state["board"]["to_act"] and north.state["board"]["turn"] == "N"
        ws_n.send(json.dumps({"type": "call", "call": "1NT"}))
        south.wait(lambda bd: bd["auction"] and bd["auction"][0]["call"] == "1NT" and bd["to_act"])
        # South plays the rest of the deal, North answers when it is its turn, each on its own process.
        for _ in range(2000):
            if south.state["board"]["phase"] == "done":
                break
            for p, ws in ((south, ws_s), (north, ws_n)):
                bd = p.state["board"]
                if bd["to_act"]:
                    if bd["phase"] == "auction":
                        ws.send(json.dumps({"type": "call", "call": "Pass"}))
                    elif bd["claim"] is not None:
                        ws.send(json.dumps({"type": "claim_answer", "accept": True}))
                    else:
                        ws.send(json.dumps({"type": "card", "card": bd["legal"][-1]}))
            try:
                south.read(timeout=0.5)
            except TimeoutError:
                pass
            try:
                while True:
                    north.read(timeout=0.05)
            except TimeoutError:
                pass
        else:
            raise AssertionError("the deal did not finish across two processes")
        north.wait(lambda bd: bd["phase"] == "done")
        # Both end at the last event (the robots' second table is stored just after the last card).
        for _ in range(20):
            if south.state["seq"] == north.state["seq"]:
                break
            behind = south if south.state["seq"] < north.state["seq"] else north
            behind.read()
        assert south.state["board"]["review"] == north.state["board"]["review"]
        assert south.state["board"]["auction"] == north.state["board"]["auction"]
        assert south.state["seq"] == north.state["seq"]
        assert south.state["board"]["contract"] is not None


def test_a_restarted_process_resumes_from_postgres(postgres: str, redis_url: str) -> None:
    a = ServerProcess(postgres, redis_url)
    try:
        made = a.post("/api/tables", {"form": "chicago", "seat": "S", "options": {"robots": "fast"}})
        with a.ws(made["token"]) as ws:
            me = Remote(ws)
            me.wait(lambda bd: bd["to_act"])
            ws.send(json.dumps({"type": "call", "call": "Pass"}))
            me.read()
            me.wait(lambda bd: bd["to_act"] or bd["phase"] == "done")
            before = me.state
    finally:
        a.stop()
    b = ServerProcess(postgres, redis_url)
    try:
        with b.ws(made["token"]) as ws:
            again = Remote(ws)
            assert again.state["board"] == before["board"] and again.state["seq"] == before["seq"]
    finally:
        b.stop()


def test_postgres_store_detects_a_race_for_the_same_event(postgres: str) -> None:
    from redouble.web.store import Link, open_store

    one, two = open_store(postgres), open_store(postgres)
    try:
        one.create_table("race-table", {"form": "duplicate"}, {"race-token-n": Link("race-table", "N")})
        assert one.append("race-table", 1, {"type": "deal", "by": "one"}) is True
        assert two.append("race-table", 1, {"type": "deal", "by": "two"}) is False
        loaded = two.load("race-table")
        assert loaded is not None and loaded[1] == [(1, {"type": "deal", "by": "one"})]
        assert two.link("race-token-n") == Link("race-table", "N")
    finally:
        one.close()
        two.close()
