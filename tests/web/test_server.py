"""The server over websockets: whole deals with robots, hidden information, bad input, restart, undo,
claims, hints, invitations and robots standing in."""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from web_helpers import Player, bearer, make_client, new_table, simple_choice

from redouble import Auction, Card, Deal
from redouble.scoring import duplicate_score

CARD = re.compile(r"^[SHDC][2-9TJQKA]$")


def play_whole_deal(player: Player, choose: Any = None) -> dict[str, Any]:
    choose = choose or simple_choice()
    for _ in range(600):
        if player.board["phase"] == "done":
            return player.board
        player.act(choose)
    raise AssertionError("the deal did not finish")


def test_whole_deal_against_robots_reaches_score_history_and_review(client: TestClient) -> None:
    made = new_table(client, "duplicate")
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        me = Player(ws)
        assert me.state["seat"] == "S" and me.board["phase"] == "auction"
        board = play_whole_deal(me)
        # The robots' second table is played just after: its result comes in the next state.
        board = me.wait(lambda b: b["result"]["robot_table"] is not None)["board"]
    auction = Auction(board["dealer"], [c["call"] for c in board["auction"]])
    assert board["contract"] == str(auction.contract)
    result = board["result"]
    assert 0 <= result["tricks"] <= 13
    assert board["tricks"]["NS"] + board["tricks"]["EW"] == 13
    assert result["tricks"] == board["tricks"]["NS"]
    # The score list has the deal, with the robots' second table and IMPs against it.
    row = me.state["score"]["rows"][0]
    assert row["contract"] == board["contract"] and row["ns_score"] == result["ns_score"]
    assert row["robot_table"] is not None and isinstance(row["imps"], int)
    # All four hands are shown once the deal is over.
    review = board["review"]
    assert sorted(len(v) for v in review["hands"].values()) == [13, 13, 13, 13]
    if auction.contract.is_passed_out:
        assert review["tricks"] == [] and result["ns_score"] == 0
    else:
        assert len(review["tricks"]) == 13 or review["claimed"] is not None
        assert duplicate_score(auction.contract, auction.contract.declarer, result["tricks"],
                               board["vulnerability"]) == result["ns_score"]
    # The history lists it, and the review API gives the whole deal.
    mine = {"links": [made["token"]]}
    hist = client.post("/api/history", json={"q": board["contract"], **mine}).json()["deals"]
    assert [(d["table"], d["contract"]) for d in hist] == [(made["table"], board["contract"])]
    full = client.get(f"/api/review/{made['table']}/0", headers=bearer(made["token"])).json()
    assert full["review"]["deal"] == review["deal"] and full["phase"] == "done"
    assert client.post("/api/history", json={"q": "no-such-thing", **mine}).json()["deals"] == []
    # Export to PBN and LIN.
    pbn = client.get(f"/api/export/{made['table']}/0.pbn", headers=bearer(made["token"]))
    assert pbn.status_code == 200 and f'[Deal "{review["deal"]}"]' in pbn.text
    lin = client.get(f"/api/export/{made['table']}/0.lin", headers=bearer(made["token"]))
    assert lin.status_code == 200 and "md|" in lin.text
    assert client.get(f"/api/export/{made['table']}/7.pbn", headers=bearer(made["token"])).status_code == 404


def allowed_cards(message_board: dict[str, Any], seat: str, deal: Deal, order: list[str],
                  dummy: str | None) -> set[str]:
    played_count = 52 - sum(h["count"] for h in message_board["hands"].values())
    allowed = {str(c) for c in deal[seat]} | set(order[:played_count])
    if played_count > 0 and dummy is not None:
        allowed |= {str(c) for c in deal[dummy]}
    return allowed


def strings_in(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in strings_in(v)] + [k for k in obj if isinstance(k, str)]
    if isinstance(obj, list):
        return [s for v in obj for s in strings_in(v)]
    return []


def test_a_seat_never_receives_a_card_it_may_not_see(client: TestClient) -> None:
    """Two people (South and West) and two robots; every message either receives is checked."""
    made = new_table(client, "duplicate", seat="S", invite=["W"])
    with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws_s, \
            client.websocket_connect(f"/ws/{made['tokens']['W']}") as ws_w:
        south, west = Player(ws_s), Player(ws_w)
        threads = [threading.Thread(target=play_whole_deal, args=(p,)) for p in (south, west)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(120)
    assert south.board["phase"] == west.board["phase"] == "done"
    review = south.board["review"]
    deal = Deal.parse(review["deal"])
    order = [c["card"] for t in review["tricks"] for c in t["cards"]]
    dummy = south.board.get("dummy")
    for player, seat in ((south, "S"), (west, "W")):
        assert len(player.received) > 10
        for msg in player.received:
            if msg["type"] != "state":
                continue
            b = msg["table"]["board"]
            if b["phase"] == "done":
                continue
            assert "review" not in b
            allowed = allowed_cards(b, seat, deal, order, dummy)
            seen = {s for s in strings_in(msg) if CARD.match(s)}
            assert seen <= allowed, f"{seat} was sent {sorted(seen - allowed)}"
            lead_made = sum(h["count"] for h in b["hands"].values()) < 52
            for other in "NESW":
                if other != seat and not (other == dummy and lead_made):
                    assert b["hands"][other]["cards"] is None, f"{seat} sees {other}'s hand"


@contextlib.contextmanager
def four_people_bid(client: TestClient) -> Iterator[tuple[dict[str, Any], dict[str, Player]]]:
    """A table of four people; North, East pass, South opens 1NT, all pass: South declares 1NT.
    East and West then leave the table."""
    made = new_table(client, "duplicate", seat="S", invite=["N", "E", "W"])
    with contextlib.ExitStack() as stack:
        sockets = {s: stack.enter_context(client.websocket_connect(f"/ws/{made['tokens'][s]}")) for s in "NESW"}
        players = {s: Player(ws) for s, ws in sockets.items()}
        for seat, call in zip("NESWNE", ["Pass", "Pass", "1NT", "Pass", "Pass", "Pass"], strict=True):
            seq = players[seat].do(type="call", call=call)["table"]["seq"]
            for p in players.values():
                p.wait(lambda b, p=p, seq=seq: p.state["seq"] == seq)
        sockets["E"].close()
        sockets["W"].close()
        yield made, players


def test_bad_input_gets_clear_errors_and_changes_nothing(client: TestClient) -> None:
    # North deals board 1; the other seats wait for people, so nothing moves but North.
    made = new_table(client, "duplicate", seat="N", invite=["E", "S", "W"])
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        me = Player(ws)
        assert me.board["to_act"] and me.board["auction"] == []
        seq = me.state["seq"]
        cases: list[tuple[Any, str, str]] = [
            ("not json", "bad_message", "not valid JSON"),
            ("[1, 2]", "bad_message", "JSON object"),
            ('{"type": "dance"}', "bad_message", "unknown message type 'dance'"),
            ('{"type": "call"}', "bad_message", "needs the field 'call'"),
            ('{"type": "call", "call": 3}', "bad_message", "must be a string"),
            ('{"type": "call", "call": "1NT", "extra": 1}', "bad_message", "unknown field(s): extra"),
            ('{"type": "claim", "tricks": true}', "bad_message", "whole number"),
            ('{"type": "call", "call": "' + "x" * 5000 + '"}', "bad_message", "too long"),
            ('{"type": "call", "call": "8NT"}', "illegal", "8NT"),
            ('{"type": "call", "call": "X"}', "illegal", "no bid to double"),
            ('{"type": "card", "card": "SA"}', "wrong_phase", "only during the play"),
            ('{"type": "call", "call": "1NT", "seat": "S"}', "not_your_seat", "not S"),
            ('{"type": "claim_answer", "accept": true}', "no_claim", "no claim"),
            ('{"type": "robot", "seat": "Q"}', "invalid", "no such seat"),
            ('{"type": "next"}', "not_finished", "not finished"),
            ('{"type": "mini_contract", "strain": "H", "game": true}', "wrong_phase", "before the play"),
        ]
        for raw, code, text in cases:
            ws.send_text(raw)
            reply = me.read()
            assert reply["type"] == "error", raw
            assert reply["code"] == code, (raw, reply)
            assert text in reply["message"], (raw, reply)
        ws.send_bytes(b"\xff\xfe binary")
        assert me.read()["code"] == "bad_message"
        assert me.request(type="ping") == {"type": "pong"}
        # Nothing changed: the table is where it was.
        me.send(type="call", call="1C")
        state = me.read()
        assert state["type"] == "state" and state["table"]["seq"] == seq + 1
    with client.websocket_connect("/ws/not-a-token") as ws:
        msg = ws.receive_json()
        assert msg == {"type": "error", "message": "this link is not valid: no seat has this token",
                       "code": "bad_token", "request": None}
    assert client.post("/api/tables", json={"form": "whist", "seat": "S"}).json()["error"].startswith(
        "unknown form of the game 'whist'")
    assert client.post("/api/tables", content=b"{", headers={"Content-Type": "application/json"}).status_code == 400
    bad = client.post("/api/tables", json={"form": "duplicate", "seat": "S", "options": {"robots": "psychic"}})
    assert bad.status_code == 400 and "robots are 'fast' or 'strong'" in bad.json()["error"]
    bad = client.post("/api/tables", json={"form": "duplicate", "seat": "Z"})
    assert bad.status_code == 400 and "Z" in bad.json()["error"]
    assert client.get("/api/review/nope/0").status_code == 404


def test_out_of_turn_and_other_seats_are_refused(client: TestClient) -> None:
    made = new_table(client, "duplicate", seat="S", invite=["N"])
    with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws_s, \
            client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws_n:
        south, north = Player(ws_s), Player(ws_n)
        south.wait(lambda b: south.state["seats"]["N"]["connected"])  # South is told North came
        # Board 1: North deals; South may not call now.
        assert north.board["turn"] == "N" and north.board["to_act"] and not south.board["to_act"]
        reply = south.request(type="call", call="1NT")
        assert reply["code"] == "out_of_turn" and "N's turn" in reply["message"]
        reply = north.request(type="call", call="1NT", seat="S")
        assert reply["code"] == "not_your_seat"
        north.do(type="call", call="1NT")
        north.wait(lambda b: b["turn"] == "S")
        south.wait(lambda b: b["turn"] == "S")
        assert [c["call"] for c in south.board["auction"]] == ["1NT", "Pass"]


def test_restart_mid_deal_resumes_exactly(db: Path) -> None:
    with make_client(db, seed="restart") as client:
        made = new_table(client, "rubber", seat="S")
        with client.websocket_connect(f"/ws/{made['token']}") as ws:
            me = Player(ws)
            choose = simple_choice("1NT")
            for _ in range(200):
                if me.board["phase"] == "play" and me.board["to_act"] and me.board["tricks_left"] <= 10 \
                        and me.board["trick"]:
                    break
                me.act(choose)
            before = me.state
    assert before["board"]["phase"] == "play"
    with make_client(db, seed="other") as client:
        with client.websocket_connect(f"/ws/{made['token']}") as ws:
            again = Player(ws)
            after = again.state
            assert after == before
            board = play_whole_deal(again)
            assert board["phase"] == "done" and board["tricks"]["NS"] + board["tricks"]["EW"] == 13
            rubber = again.state["score"]["games"][0]
            assert rubber["headings"] == {"NS": "WE", "EW": "THEY"}
            assert rubber["totals"]["NS"] + rubber["totals"]["EW"] > 0


def test_undo_takes_back_own_call_and_card_but_never_what_was_seen(client: TestClient) -> None:
    """South and North (a friend) against robots; what the robots call does not matter."""
    made = new_table(client, "duplicate", seat="S", invite=["N"])
    with client.websocket_connect(f"/ws/{made['token']}") as ws, \
            client.websocket_connect(f"/ws/{made['invitations']['N']}") as ws_n:
        me, north = Player(ws), Player(ws_n)
        north.do(type="call", call="Pass")  # North deals board 1
        me.wait(lambda b: b["to_act"] and b["phase"] == "auction")
        before_bid = me.board["auction"]
        # South bids; the auction waits on North: South may take the bid back.
        me.do(type="call", call=next(c for c in me.board["legal"] if c[0].isdigit()))
        me.wait(lambda b: b["turn"] == "N")
        assert me.state["can_undo"]
        me.do(type="undo")
        me.wait(lambda b: b["to_act"] and b["auction"] == before_bid)
        # 7NT by South: once West leads, dummy has been seen and the auction is not reopened.
        me.do(type="call", call="7NT")
        for _ in range(20):  # the people pass (South too, over a double) until the auction is over
            me.wait(lambda b: b["phase"] != "auction" or b["turn"] in ("S", "N"))
            if me.board["phase"] != "auction":
                break
            if me.board["turn"] == "S":
                me.do(type="call", call="Pass")
                continue
            north.wait(lambda b: b["to_act"])
            seq = north.do(type="call", call="Pass")["table"]["seq"]
            me.wait(lambda b, seq=seq: me.state["seq"] >= seq)
        me.wait(lambda b: b["to_act"] and b["phase"] == "play")
        assert me.board["contract"].startswith("7NT") and me.board["declarer"] == "S"
        assert len(me.board["trick"]) == 1  # West's lead
        assert not me.state["can_undo"]
        reply = me.request(type="undo")
        assert reply["code"] == "not_allowed" and "dummy seen" in reply["message"]
        assert me.request(type="call", call="Pass")["code"] == "wrong_phase"
        # Within the play the declarer takes back a card of its own (or of dummy's) and the robots' after it.
        for _ in range(200):
            if me.board["phase"] == "play" and me.board["to_act"] and me.board["tricks_left"] == 11:
                break
            me.act(simple_choice("7NT"))
        acting = me.board["acting_for"]
        hand_before = me.board["hands"][acting]["cards"]
        card = me.board["legal"][0]
        me.do(type="card", card=card)
        me.wait(lambda b: b["to_act"])
        assert me.state["can_undo"]
        me.do(type="undo")
        me.wait(lambda b: b["to_act"] and b["acting_for"] == acting and card in b["legal"])
        assert me.board["hands"][acting]["cards"] == hand_before
        # A claim the robots accept ends the deal and shows every hand: it cannot be taken back.
        me.do(type="claim", tricks=0)
        me.wait(lambda b: b["phase"] == "done")
        seq = me.state["seq"]
        assert not me.state["can_undo"]
        reply = me.request(type="undo")
        assert reply["code"] == "not_allowed" and "the deal is over" in reply["message"]
        assert me.request(type="ping") == {"type": "pong"} and me.state["seq"] == seq


def test_undo_refused_against_people_and_with_nothing_to_undo(client: TestClient) -> None:
    made = new_table(client, "duplicate", seat="S", invite=["E"])
    with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws:
        me = Player(ws)
        assert not me.state["can_undo"]
        reply = me.request(type="undo")
        assert reply["code"] == "not_allowed"
    made = new_table(client, "duplicate", seat="N")
    with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws:
        me = Player(ws)
        assert me.request(type="undo")["code"] == "nothing_to_undo"


def test_claims_are_answered_by_robots_and_settle_the_deal(client: TestClient) -> None:
    with four_people_bid(client) as (made, players):
        me = players["S"]
        me.wait(lambda b: b["phase"] == "play")
        assert me.board["contract"] == "1NT-S"
        me.do(type="robot", seat="E", on=True)
        me.do(type="robot", seat="W", on=True)
        me.wait(lambda b: b["to_act"])
        left = me.board["tricks_left"]
        won = me.board["tricks"]["NS"]
        reply = me.request(type="claim", tricks=left + 1)
        assert reply["code"] == "illegal" and "cannot claim" in reply["message"]
        # Claiming none of the tricks left is always sound: the robots accept and the deal is over.
        me.do(type="claim", tricks=0)
        me.wait(lambda b: b["phase"] == "done")
        assert me.board["result"]["tricks"] == won
        assert me.board["review"]["claimed"] == won
        # The deal is over and every hand has been shown: nothing takes it back.
        assert not me.state["can_undo"]
        assert me.request(type="undo")["code"] == "not_allowed"


def test_a_person_answers_a_claim(client: TestClient) -> None:
    with four_people_bid(client) as (made, players):
        south = players["S"]
        with client.websocket_connect(f"/ws/{made['tokens']['W']}") as ws:
            west = Player(ws)
            south.wait(lambda b: b["phase"] == "play")
            south.do(type="claim", tricks=13)
            assert south.request(type="claim_answer", accept=True)["code"] == "not_yours"
            west.wait(lambda b: b["claim"] == {"seat": "S", "tricks": 13} and b["to_act"])
            assert west.request(type="card", card=west.board["hands"]["W"]["cards"][0])["code"] == "claim_pending"
            west.do(type="claim_answer", accept=False)
            assert west.board["claim"] is None and west.board["turn"] == "W"


def test_hint_names_a_legal_action_with_a_reason(client: TestClient) -> None:
    made = new_table(client, "duplicate", seat="S")
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        me = Player(ws)
        me.wait(lambda b: b["to_act"])
        hint = me.request(type="hint")
        assert hint["type"] == "hint" and hint["action"] in me.board["legal"] and hint["reason"]
        me.do(type="call", call="3NT")
        for _ in range(100):
            if me.board["phase"] == "play" and me.board["to_act"]:
                break
            me.act(simple_choice("3NT"))
        hint = me.request(type="hint")
        assert hint["action"] in me.board["legal"] and hint["reason"]


def test_invite_links_rejoin_and_robot_stand_in(client: TestClient) -> None:
    made = new_table(client, "chicago", seat="S", invite=["N"])
    # South's own link and North's invitation: the robots' seats have none.
    assert set(made["invitations"]) == {"N"} and made["token"] not in made["invitations"].values()
    with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws_s:
        south = Player(ws_s)
        assert south.state["seats"]["N"] == {"kind": "human", "stand_in": False, "connected": False}
        # North deals board 1 and is absent: the table waits, then a robot stands in.
        assert south.board["turn"] == "N"
        south.do(type="robot", seat="N", on=True)
        south.wait(lambda b: b["turn"] == "S")
        assert south.state["seats"]["N"]["stand_in"]
        assert [c["seat"] for c in south.board["auction"]] == ["N", "E"]
        # North comes back through the link and takes the seat back, finding the table as it was.
        with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws_n:
            north = Player(ws_n)
            north.wait(lambda b: True)
            assert not north.state["seats"]["N"]["stand_in"]
            assert north.board["auction"] == south.board["auction"]
            assert north.board["hands"]["N"]["cards"] is not None and north.board["hands"]["S"]["cards"] is None
            reply = south.request(type="robot", seat="N", on=True)
            while reply["type"] == "state":
                reply = south.read()
            assert reply["code"] == "invalid" and "at the table" in reply["message"]


def test_minibridge_deal_and_sheet(client: TestClient) -> None:
    made = new_table(client, "minibridge", seat="S", invite=["N", "E", "W"])
    players = {}
    with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws:
        me = Player(ws)
        b = me.board
        assert b["phase"] == "declare" and set(b["points"]) == set("NESW") and sum(b["points"].values()) == 40
        declarer = b["declarer"]
        players[declarer] = declarer
    with client.websocket_connect(f"/ws/{made['tokens'][declarer]}") as ws:
        me = Player(ws)
        dummy = "NESW"["NESW".index(declarer) - 2]
        assert me.board["hands"][dummy]["cards"] is not None  # dummy is down before the contract is named
        assert me.board["legal"] == ["C", "D", "H", "S", "NT"]
        me.do(type="mini_contract", strain="NT", game=False)
        me.wait(lambda b: b["phase"] == "play")
        assert me.board["contract"] == f"1NT-{declarer}"
        me.send(type="robot", seat="NESW"[("NESW".index(declarer) + 1) % 4], on=True)
        me.send(type="robot", seat="NESW"[("NESW".index(declarer) + 3) % 4], on=True)
        play_whole_deal(me)
        sheet = me.state["score"]
        assert sheet["kind"] == "minibridge"
        tricks = me.board["result"]["tricks"]
        expected = (90 + 30 * (tricks - 7), 0) if tricks >= 7 else (0, 50 * (7 - tricks))
        side = "NS" if declarer in "NS" else "EW"
        other = "EW" if side == "NS" else "NS"
        assert (sheet["totals"][side], sheet["totals"][other]) == expected


def test_card_encoding_in_states_is_the_library_s(client: TestClient) -> None:
    made = new_table(client, "duplicate", seat="S")
    with client.websocket_connect(f"/ws/{made['token']}") as ws:
        me = Player(ws)
        cards = me.board["hands"]["S"]["cards"]
        assert len(cards) == 13 and all(Card(c) for c in cards)
