"""The HTTP side of the app, tried as an attacker would: who may read the history, reviews and exports,
pages of other sites, bodies and messages too large, floods, odd paths; and the headers every response
carries."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import Player, bearer, make_client, new_table

from redouble.web.limits import Limits
from redouble.web.store import StoreError


def pass_out(client: TestClient, made: dict[str, Any]) -> None:
    """Four people at ``made``'s table pass in turn: the first deal is over."""
    with contextlib.ExitStack() as stack:
        players = {s: Player(stack.enter_context(client.websocket_connect(f"/ws/{token}")))
                   for s, token in made["tokens"].items()}
        for _ in range(4):
            dealer = next(p for p in players.values() if p.board["to_act"])
            dealer.do(type="call", call="Pass")
            for p in players.values():
                p.wait(lambda b, p=p, seq=dealer.state["seq"]: p.state["seq"] == seq)
        assert all(p.board["phase"] == "done" for p in players.values())


# --- 4. history and review belong to the people at the table --------------------------------------------
def test_history_review_and_export_only_for_the_table_s_links(client: TestClient) -> None:
    mine = new_table(client, "rubber", seat="S", invite=["N", "E", "W"])
    theirs = new_table(client, "rubber", seat="S", invite=["N", "E", "W"])
    pass_out(client, mine)
    pass_out(client, theirs)
    table = mine["table"]
    # Anyone: nothing (before, every table and deal of every player was listed to anyone).
    assert client.get("/api/history").json() == {"deals": []}
    assert client.post("/api/history", json={"q": ""}).json() == {"deals": []}
    for path in (f"/api/review/{table}/0", f"/api/export/{table}/0.pbn", f"/api/export/{table}/0.lin"):
        refused = client.get(path)
        assert refused.status_code == 403 and "only the people at this table" in refused.json()["error"]
        assert client.get(path, headers=bearer(theirs["token"])).status_code == 403  # another table's link
        assert client.get(path, headers=bearer("made-up")).status_code == 403
        assert client.get(path, headers=bearer(mine["token"])).status_code == 200
        assert client.get(path, headers=bearer(mine["invitations"]["N"])).status_code == 200  # the friend's
    # Each player's history lists their own tables only.
    deals = client.post("/api/history", json={"q": "", "links": [mine["token"]]}).json()["deals"]
    assert [(d["table"], d["index"], d["result"]) for d in deals] == [(table, 0, "Passed out")]
    both = client.post("/api/history", json={"links": [mine["token"], theirs["token"], "made-up"]}).json()["deals"]
    assert {d["table"] for d in both} == {table, theirs["table"]}
    bad = client.post("/api/history", json={"links": "everything"})
    assert bad.status_code == 400 and "links" in bad.json()["error"]


def test_sharing_is_the_owner_s_explicit_choice(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S", invite=["N", "E", "W"])
    pass_out(client, made)
    review = f"/api/review/{made['table']}/0"
    assert client.get(review).status_code == 403
    with client.websocket_connect(f"/ws/{made['invitations']['N']}") as ws:
        friend = Player(ws)
        assert friend.request(type="share", on=True)["code"] == "not_owner"
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        owner = Player(ws)
        assert owner.state["owner"] and not owner.state["public"]
        owner.do(type="share", on=True)
        assert owner.state["public"]
        assert client.get(review).status_code == 200  # anyone with the address, now
        owner.do(type="share", on=False)
    assert client.get(review).status_code == 403


def test_an_unfinished_deal_is_never_reviewed_even_when_shared(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S")
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        owner = Player(ws)
        owner.do(type="share", on=True)
        assert owner.board["phase"] != "done"
    for headers in ({}, bearer(made["token"])):
        refused = client.get(f"/api/review/{made['table']}/0", headers=headers)
        assert refused.status_code == 403 and "only once it is finished" in refused.json()["error"]
        assert client.get(f"/api/export/{made['table']}/0.pbn", headers=headers).status_code == 403


# --- 10. pages of other sites ------------------------------------------------------------------------------
def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/static/app.js", "/api/forms", "/api/review/nope/0"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_page_of_another_site_can_neither_open_a_seat_nor_make_a_table(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S")
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"/ws/{made['token']}", headers={"Origin": "http://evil.example"}):
            pass
    assert refused.value.code == 4403
    # The server's own page (the Origin is the Host) is welcome.
    with client.websocket_connect(f"/ws/{made['token']}", headers={"Origin": "http://testserver"}) as ws:
        assert Player(ws).state["seat"] == "S"
    # A cross-site form can post form or text bodies without a preflight: only JSON is accepted.
    form = client.post("/api/tables", data={"form": "rubber", "seat": "S"})
    assert form.status_code == 415 and "must be JSON" in form.json()["error"]
    text = client.post("/api/tables", content=b'{"form": "rubber"}', headers={"Content-Type": "text/plain"})
    assert text.status_code == 415
    evil = client.post("/api/tables", json={"form": "rubber", "seat": "S"}, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and "other sites" in evil.json()["error"]
    ours = client.post("/api/tables", json={"form": "rubber", "seat": "S"}, headers={"Origin": "http://testserver"})
    assert ours.status_code == 201


def test_a_deployment_names_the_sites_its_page_comes_from(db: Path) -> None:
    with make_client(db, allowed_origins=["https://bridge.example.org"]) as client:
        made = client.post("/api/tables", json={"form": "rubber", "seat": "S"},
                           headers={"Origin": "https://bridge.example.org"})
        assert made.status_code == 201
        with client.websocket_connect(f"/ws/{made.json()['token']}",
                                      headers={"Origin": "https://bridge.example.org"}) as ws:
            assert Player(ws).state["seat"] == "S"
        assert client.post("/api/tables", json={"form": "rubber", "seat": "S"},
                           headers={"Origin": "https://bridge.example.org.evil.example"}).status_code == 403


# --- 11. sizes and rates -----------------------------------------------------------------------------------
def test_a_large_body_is_refused_before_it_is_read(client: TestClient) -> None:
    big = b'{"form": "rubber", "seat": "S", "pad": "' + b"x" * 70_000 + b'"}'
    r = client.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "at most 65536 bytes" in r.json()["error"]

    def chunks() -> object:  # no Content-Length: the body is counted as it comes
        yield b'{"pad": "'
        for _ in range(20):
            yield b"x" * 8192
        yield b'"}'

    r = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})  # type: ignore[arg-type]
    assert r.status_code == 413


def test_a_large_websocket_message_closes_the_connection(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S")
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        me = Player(ws)
        ws.send_text('{"type": "ping", "pad": "' + "x" * 70_000 + '"}')
        reply = me.read()
        assert reply["code"] == "too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            me.read()
        assert closed.value.code == 1009


def test_table_creation_is_rate_limited_per_client(db: Path) -> None:
    with make_client(db, limits=Limits(tables_per_minute=1, tables_burst=3)) as client:
        codes = [client.post("/api/tables", json={"form": "rubber", "seat": "S"}).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        assert "too many new tables" in client.post("/api/tables", json={"form": "rubber"}).json()["error"]


def test_a_flood_of_messages_is_slowed_then_cut(db: Path) -> None:
    with make_client(db, limits=Limits(actions_per_second=1, actions_burst=5)) as client:
        made = new_table(client, "rubber", seat="S")
        with client.websocket_connect(f"/ws/{made['token']}") as ws:
            me = Player(ws)
            replies = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(30):
                    ws.send_text('{"type": "ping"}')
                    replies.append(me.read())
            assert closed.value.code == 4429
            assert replies[:5] == [{"type": "pong"}] * 5
            assert {r["code"] for r in replies[5:]} == {"rate_limited"}


def test_connections_are_capped_and_arrivals_are_not_rebroadcast(db: Path) -> None:
    with make_client(db, limits=Limits(connections_per_seat=2, connections_per_table=3)) as client:
        made = new_table(client, "rubber", seat="S", invite=["N", "E"])
        with client.websocket_connect(f"/ws/{made['invitations']['N']}") as ws_n:
            north = Player(ws_n)
            with client.websocket_connect(f"/ws/{made['token']}") as one:
                Player(one)
                north.read()  # North is told South came
                with client.websocket_connect(f"/ws/{made['token']}") as two:
                    Player(two)
                    # A second tab of South changes nothing North sees: North gets no state for it.
                    assert north.request(type="ping") == {"type": "pong"}
                    with client.websocket_connect(f"/ws/{made['token']}") as three:
                        refused = three.receive_json()
                        assert refused["code"] == "too_many" and "too many connections" in refused["message"]
                    with client.websocket_connect(f"/ws/{made['invitations']['E']}") as east:
                        assert east.receive_json()["code"] == "too_many"  # the table is full (3)


# --- 12. odd paths -------------------------------------------------------------------------------------------
def test_export_formats_are_a_fixed_table_and_odd_paths_are_not_found(client: TestClient) -> None:
    made = new_table(client, "rubber", seat="S", invite=["N", "E", "W"])
    pass_out(client, made)
    auth = bearer(made["token"])
    sys.modules.pop("redouble.simulate", None)
    r = client.get(f"/api/export/{made['table']}/0.simulate", headers=auth)
    assert r.status_code == 404 and "choose one of pbn, lin" in r.json()["error"]
    assert "redouble.simulate" not in sys.modules  # nothing is imported by the name a client gives
    assert client.get(f"/api/review/{made['table']}/abc", headers=auth).status_code == 404
    assert client.get("/api/review/x/abc").status_code == 404
    assert client.get("/api/review/x/0").status_code == 404
    assert client.get(f"/api/review/{made['table']}/9", headers=auth).status_code == 404


def test_a_store_error_on_a_new_table_is_a_json_503(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]

    def full(*args: object) -> None:
        raise StoreError("could not store the new table (nothing was changed; try again): database or disk is full")

    monkeypatch.setattr(store, "create_table", full)
    r = client.post("/api/tables", json={"form": "rubber", "seat": "S"})
    assert r.status_code == 503 and "disk is full" in r.json()["error"]
