"""The manager: its worker processes, the links that let people sit (issued, revoked, owned), and a store
that fails at any event: the table stays as its log has it and a restart resumes it exactly."""

from __future__ import annotations

import asyncio
import os
import signal
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import Player, make_client, new_table

from redouble.cards import Seat
from redouble.scoring import imps
from redouble.web.sessions import Manager
from redouble.web.store import Link, StoreError, open_store
from redouble.web.table import Table, second_table


def test_heavy_work_runs_in_another_process_and_a_broken_pool_is_replaced() -> None:
    async def scenario() -> None:
        manager = Manager(open_store(":memory:"), heavy_workers=1)
        try:
            assert await manager.heavy(os.getpid) != os.getpid()
            assert manager.workers.pids
            for pid in manager.workers.pids:
                os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.3)
            try:
                await manager.heavy(pow, 2, 3)
            except Exception as exc:  # the job caught by the dead worker fails, and says so
                assert type(exc).__name__ == "BrokenProcessPool"
            assert await manager.heavy(pow, 2, 5) == 32
        finally:
            await manager.close()

    asyncio.run(scenario())


def test_the_second_table_job_gives_the_same_event_in_a_worker_process() -> None:
    args = (0, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", 1, "N", "None", "sayc",
            True)

    async def scenario() -> dict[str, object]:
        manager = Manager(open_store(":memory:"), heavy_workers=1)
        try:
            return dict(await manager.heavy(second_table, *args))
        finally:
            await manager.close()

    assert asyncio.run(scenario()) == second_table(*args)


# --- 2. a seat's secret goes only to the one who sits there -------------------------------------------------
def test_the_creator_gets_their_own_link_and_one_per_friend_robots_none(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S", invite=["N", "S"])
    assert set(made) == {"table", "seat", "token", "invitations", "tokens"}  # "tokens": the tests' own index
    assert made["seat"] == "S" and set(made["invitations"]) == {"N"}
    store = client.app.state.store  # type: ignore[attr-defined]
    assert store.link(made["token"]) == Link(made["table"], "S", owner=True)
    assert store.link(made["invitations"]["N"]) == Link(made["table"], "N")


def test_an_invitation_is_reissued_and_revoked_by_the_owner_alone(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S", invite=["N", "E"])
    old = made["invitations"]["N"]
    with client.websocket_connect(f"/ws/{made['token']}") as ws_s, client.websocket_connect(f"/ws/{old}") as ws_n:
        owner, north = Player(ws_s), Player(ws_n)
        assert owner.state["owner"] and not north.state["owner"]
        # A friend cannot hand out or take away seats.
        assert north.request(type="invite", seat="E")["code"] == "not_owner"
        assert north.request(type="revoke", seat="E")["code"] == "not_owner"
        for seat, why in (("S", "you sit at S yourself"), ("W", "W is a robot's seat"), ("Q", "no such seat")):
            reply = owner.request(type="invite", seat=seat)
            while reply["type"] == "state":
                reply = owner.read()
            assert reply["type"] == "error" and why in reply["message"], reply
        # A new link for North: the old one stops working, and whoever holds it leaves the table.
        reply = owner.request(type="invite", seat="N")
        while reply["type"] == "state":
            reply = owner.read()
        assert reply["type"] == "invitation" and reply["seat"] == "N"
        new = reply["token"]
        assert new != old and len(new) >= 32
        gone = north.read()
        assert gone["code"] == "revoked" and "no longer valid" in gone["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            north.read()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{old}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{new}") as ws:
        assert Player(ws).state["seat"] == "N"
    # Revoked: no link opens East any more, until the owner makes a new one.
    with client.websocket_connect(f"/ws/{made['token']}") as ws_s:
        owner = Player(ws_s)
        owner.do(type="revoke", seat="E")
    with client.websocket_connect(f"/ws/{made['invitations']['E']}") as ws:
        assert ws.receive_json()["code"] == "bad_token"


def test_a_robot_seat_is_played_by_the_robot_alone(client: TestClient) -> None:
    made = new_table(client, "chicago", seat="S", invite=["N"])
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        south = Player(ws)
        assert south.board["turn"] == "N"  # North deals: a person, absent
        south.do(type="robot", seat="N", on=True)
        south.wait(lambda b: b["turn"] == "S")
        # Nothing South sends acts for another seat: not for North (a robot stands in), not for the robots.
        for seat in "NEW":
            assert south.request(type="call", call="1C", seat=seat)["code"] == "not_your_seat"
    manager = client.app.state.manager  # type: ignore[attr-defined]
    session = manager.sessions[made["table"]]
    assert all(Seat.parse(link.seat) in (Seat.SOUTH, Seat.NORTH) for link in
               [client.app.state.store.link(t) for t in made["tokens"].values()])  # type: ignore[attr-defined]
    assert session.table.is_robot(Seat.NORTH)


# --- 9. the IMPs are worked out from the log, never kept beside it ------------------------------------------
def test_imps_come_from_the_scores_not_from_a_stored_figure() -> None:
    table = Table("t", {"form": "duplicate", "seats": {s: "robot" for s in "NESW"}})
    table.apply({"type": "deal", "deal": DEAL, "number": 1, "dealer": "N", "vul": "None"})
    for seat in "NESW":
        table.apply({"type": "call", "seat": seat, "call": "Pass"})
    # A second table's result as an older server stored it, with IMPs worked out then (and stale since).
    table.apply({"type": "robot_table", "index": 0, "imps": 17,
                 "robot_table": {"contract": "4S-N", "tricks": 10, "ns_score": 420, "auction": "..."},
                 "par": {"score": 1520, "contracts": ["7NT-N"], "imps": 12}})
    row = table.view(Seat.SOUTH)["score"]["rows"][0]
    assert row["ns_score"] == 0 and row["imps"] == imps(-420) == -9
    assert row["par"] == {"score": 1520, "contracts": ["7NT-N"], "imps": imps(-1520)}
    with pytest.raises(ValueError, match="another deal"):
        table.apply({"type": "robot_table", "index": 0, "deal": DEAL.replace("N:", "E:"),
                     "robot_table": {"ns_score": 0}})


# --- 5. the fault-injection test: the store fails once at each kind of event --------------------------------
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
KINDS = ["deal", "links", "public", "robot", "call", "undo", "card", "claim", "claim_answer", "robot_table"]


class FailOnce:
    """The store fails (as a full disk would) at the first event of kind ``kind``, then works again."""

    def __init__(self, client: TestClient, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.kind = kind
        self.fired = False
        store = client.app.state.store  # type: ignore[attr-defined]
        real = store.append

        def append(table_id: str, seq: int, event: dict[str, Any], links: Any = None) -> bool:
            if event.get("type") == kind and not self.fired:
                self.fired = True
                raise StoreError(f"could not store the {kind} event (nothing was changed; try again): "
                                 "database or disk is full")
            return bool(real(table_id, seq, event, links))

        monkeypatch.setattr(store, "append", append)


def until(player: Player, done: Any, limit: int = 400) -> None:
    """Read until ``done(state)``; the robots' own store errors (they try again) are only news."""
    for _ in range(limit):
        if player.state and done(player.state):
            return
        player.read()
    raise AssertionError(f"never reached; last state {player.state}")


def act(player: Player, errors: list[dict[str, Any]], **msg: Any) -> dict[str, Any]:
    """Send an action; on a store error (the player is told), send it again, as a person would."""
    for _ in range(2):
        seq = player.state["seq"]
        player.send(**msg)
        for _ in range(100):
            reply = player.read()
            if reply["type"] == "error" and reply.get("request") == msg["type"]:
                assert reply["code"] == "store_error" and "could not be saved, so nothing changed" in reply["message"]
                errors.append(reply)
                break
            if msg["type"] == "invite":  # its answer is the new link, to the owner alone (after the state)
                if reply["type"] == "invitation":
                    return reply
            elif reply["type"] == "state" and reply["table"]["seq"] > seq:
                return reply
    raise AssertionError(f"{msg} never went through")


def scripted_game(client: TestClient, errors: list[dict[str, Any]]) -> dict[str, Any]:
    """South (the owner) and North (a friend) against robots: every kind of event, with South's moves."""
    made = new_table(client, "duplicate", seat="S", invite=["N"])
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        me = Player(ws)
        until(me, lambda st: st["board"] is not None)
        act(me, errors, type="share", on=True)
        act(me, errors, type="invite", seat="N")
        act(me, errors, type="robot", seat="N", on=True)
        # 7NT by South, whatever the robots call: South declares, and plays after West's lead.
        until(me, lambda st: st["board"]["to_act"])
        act(me, errors, type="call", call="7NT")
        for _ in range(5):  # over a double, South passes
            until(me, lambda st: st["board"]["to_act"])
            if me.board["phase"] != "auction":
                break
            act(me, errors, type="call", call="Pass")
        assert me.board["phase"] == "play" and me.board["declarer"] == "S"
        act(me, errors, type="card", card=me.board["legal"][0])
        until(me, lambda st: st["board"]["to_act"])
        act(me, errors, type="undo")
        until(me, lambda st: st["board"]["to_act"])
        act(me, errors, type="card", card=me.board["legal"][-1])
        until(me, lambda st: st["board"]["to_act"])
        act(me, errors, type="claim", tricks=0)
        until(me, lambda st: st["board"]["result"] is not None and st["board"]["result"]["robot_table"] is not None)
        act(me, errors, type="next")
        until(me, lambda st: st["board"]["index"] == 1 and st["board"]["to_act"])
        return {"made": made, "state": me.state}


@pytest.mark.parametrize("kind", KINDS)
def test_a_store_failure_at_any_event_loses_nothing(kind: str, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[dict[str, Any]] = []
    with make_client(db, seed="tests", heavy_workers=0) as client:
        fault = FailOnce(client, kind, monkeypatch)
        played = scripted_game(client, errors)
        assert fault.fired
        made, final = played["made"], played["state"]
        manager, store = client.app.state.manager, client.app.state.store  # type: ignore[attr-defined]
        live = manager.sessions[made["table"]].table
        replayed = Table.replay(made["table"], *store.load(made["table"]))
        # The table in memory is exactly its log.
        assert replayed.seq == live.seq == final["seq"]
        for seat in Seat:
            assert replayed.view(seat) == live.view(seat)
        assert [e["type"] for _, e in store.load(made["table"])[1]].count("robot_table") == 1
    if kind in ("links", "public", "undo", "claim"):  # South's own actions: South was told
        assert [e["request"] for e in errors] == [{"links": "invite", "public": "share"}.get(kind, kind)]
    monkeypatch.undo()
    # A restart resumes it exactly.
    with make_client(db, seed="tests") as client:
        with client.websocket_connect(f"/ws/{made['token']}") as ws:
            again = Player(ws)
            assert again.state["board"] == final["board"] and again.state["seq"] == final["seq"]
            assert again.state["score"] == final["score"]


def test_a_store_failure_when_the_minibridge_contract_is_named(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[dict[str, Any]] = []
    with make_client(db, seed="mini", heavy_workers=0) as client:
        fault = FailOnce(client, "mini_contract", monkeypatch)
        made = new_table(client, "minibridge", seat="S", invite=["N", "E", "W"])
        with client.websocket_connect(f"/ws/{made['token']}") as ws:
            declarer = Player(ws).board["declarer"]
        with client.websocket_connect(f"/ws/{made['tokens'][declarer]}") as ws:
            me = Player(ws)
            act(me, errors, type="mini_contract", strain="NT", game=True)
            assert me.board["phase"] == "play" and me.board["contract"] == f"3NT-{declarer}"
            final = me.state
        assert fault.fired and [e["request"] for e in errors] == ["mini_contract"]
        store = client.app.state.store  # type: ignore[attr-defined]
        assert Table.replay(made["table"], *store.load(made["table"])).view(Seat.parse(declarer)) == \
            client.app.state.manager.sessions[made["table"]].table.view(Seat.parse(declarer))  # type: ignore[attr-defined]
    monkeypatch.undo()
    with make_client(db, seed="mini") as client:
        with client.websocket_connect(f"/ws/{made['tokens'][declarer]}") as ws:
            assert Player(ws).state["board"] == final["board"]


def test_a_robot_whose_worker_fails_plays_by_rules_of_thumb(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with make_client(db, robots="strong", threaded_robots=True, heavy_workers=1) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]

        async def broken(*args: Any, **options: Any) -> Any:
            raise BrokenProcessPool("a worker died")

        monkeypatch.setattr(manager.workers, "run", broken)
        made = new_table(client, "rubber", seat="S")
        with client.websocket_connect(f"/ws/{made['token']}") as ws:
            me = Player(ws)
            me.wait(lambda b: b["to_act"])  # North and East called all the same: the table did not stall
            assert [c["seat"] for c in me.board["auction"]] == ["N", "E"]
