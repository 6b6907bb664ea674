"""Robots at the table: a robot declarer claims when the rest are high, a robot stands in for a person
whose connection dropped, and a robot minibridge declarer names the library's contract."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_helpers import Player, make_client, new_table

from redouble.cards import Seat
from redouble.deal import Deal
from redouble.robots.minibridge import choose_minibridge_contract
from redouble.scoring.minibridge import choose_declarer
from redouble.web.store import Link
from redouble.web.table import Table

# North holds the top cards of every suit; East the next ones.
TOP_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def seven_nt_by_north(humans: str = "") -> Table:
    table = Table("t", {"form": "duplicate", "robots": "fast",
                        "seats": {s: "human" if s in humans else "robot" for s in "NESW"}})
    table.apply({"type": "deal", "deal": TOP_DEAL, "number": 1, "dealer": "N", "vul": "None"})
    for seat, call in zip("NESW", ["7NT", "Pass", "Pass", "Pass"], strict=True):
        table.apply({"type": "call", "seat": seat, "call": call})
    return table


def stored_seven_nt_by_north(client: Any, person: str) -> None:
    """Table ``claims`` in the client's store: 7NT by North on TOP_DEAL, a person at ``person`` (its link:
    ``token-<person>``, the owner's), robots elsewhere."""
    store = client.app.state.store
    store.create_table("claims", {"form": "duplicate", "robots": "fast",
                                  "seats": {s: "human" if s == person else "robot" for s in "NESW"}},
                       {f"token-{person}": Link("claims", person, owner=True)})
    events = [{"type": "deal", "deal": TOP_DEAL, "number": 1, "dealer": "N", "vul": "None"}]
    events += [{"type": "call", "seat": s, "call": c} for s, c in zip("NESW", ["7NT", "Pass", "Pass", "Pass"],
                                                                      strict=True)]
    for seq, event in enumerate(events, 1):
        store.append("claims", seq, event)


def run_robots(table: Table, limit: int = 80) -> list[dict[str, Any]]:
    events = []
    for _ in range(limit):
        event = table.robot_event()
        if event is None:
            break
        table.apply(event)
        events.append(event)
    return events


def test_robot_declarer_claims_the_rest_when_all_are_high_and_robots_accept() -> None:
    table = seven_nt_by_north()
    events = run_robots(table)
    # East leads, North wins the first trick and claims the twelve left; East (a robot) accepts at once.
    assert [e["type"] for e in events] == ["card"] * 4 + ["claim", "claim_answer"]
    assert events[4] == {"type": "claim", "seat": "N", "tricks": 12}
    assert events[5]["seat"] == "E" and events[5]["accept"] and "the rest are high" in events[5]["reason"]
    board = table.board
    assert board is not None and board.play is not None
    assert board.play.is_complete and board.play.declarer_tricks == 13 and board.score() == 1520


def test_a_person_rejects_a_robot_claim_and_the_robot_plays_on_without_claiming_again() -> None:
    table = seven_nt_by_north(humans="E")
    table.apply({"type": "card", "seat": "E", "card": "HJ"})
    events = run_robots(table)
    assert events[-1] == {"type": "claim", "seat": "N", "tricks": 12}
    assert table.actor() == Seat.EAST and table.view(Seat.EAST)["board"]["claim"] == {"seat": "N", "tricks": 12}
    table.apply({"type": "claim_answer", "seat": "E", "accept": False})
    # Play goes on: North leads a card, and never claims again in this deal.
    event = table.robot_event()
    assert event is not None and event["type"] == "card" and event["seat"] == "N"
    while table.actor() is not None:
        if table.robot_to_act() is None:  # East's turn: the lowest legal card
            b = table.board
            assert b is not None and b.play is not None
            table.apply({"type": "card", "seat": "E", "card": str(b.play.legal_cards()[-1])})
        else:
            step = table.robot_event()
            assert step is not None and step["type"] == "card"
            table.apply(step)
    assert table.board is not None and table.board.tricks == 13


def test_no_claim_while_the_defence_can_still_win_a_trick() -> None:
    table = Table("t", {"form": "duplicate", "robots": "fast", "seats": {s: "robot" for s in "NESW"}})
    table.apply({"type": "deal", "deal": str(Deal.random(seed=11)), "number": 1, "dealer": "N", "vul": "None"})
    for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True):
        table.apply({"type": "call", "seat": seat, "call": call})
    events = run_robots(table, 8)
    assert all(e["type"] == "card" for e in events)


def test_robot_minibridge_declarer_names_the_library_s_contract() -> None:
    for seed in range(40):
        table = Table("m", {"form": "minibridge", "robots": "fast", "seats": {s: "robot" for s in "NESW"}})
        deal = Deal.random(seed=seed)
        declarer = choose_declarer(deal, Seat.NORTH)
        if declarer is None:
            continue
        table.apply({"type": "deal", "deal": str(deal), "number": 1, "dealer": "N", "vul": "None",
                     "declarer": declarer.letter})
        event = table.robot_event()
        choice = choose_minibridge_contract(deal[declarer], deal[declarer.partner])
        assert event == {"type": "mini_contract", "seat": declarer.letter, "strain": str(choice.strain),
                         "game": choice.game}
        table.apply(event)
        b = table.board
        assert b is not None and b.contract is not None and b.contract.strain == choice.strain
        assert b.contract.level == ((3 if str(choice.strain) == "NT" else 4 if choice.strain in (2, 3) else 5)
                                    if choice.game else 1)


def test_a_robot_stands_in_for_a_dropped_player_after_the_grace_period(db: Path) -> None:
    with make_client(db, seed="stand-in", stand_in_after=0.2) as client:
        made = new_table(client, "chicago", seat="S", invite=["N"])
        with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws_s:
            south = Player(ws_s)
            assert south.board["turn"] == "N"  # North deals board 1
            with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws_n:
                Player(ws_n)
                south.wait(lambda b: south.state["seats"]["N"]["connected"])
            # North's connection drops while it is North's turn: after the grace period a robot calls.
            south.wait(lambda b: south.state["seats"]["N"]["stand_in"] and len(b["auction"]) >= 1)
            assert south.board["auction"][0]["seat"] == "N"
            # North comes back through the link and has the seat again.
            with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws_n:
                north = Player(ws_n)
                north.wait(lambda b: not north.state["seats"]["N"]["stand_in"])
                assert north.board["hands"]["N"]["cards"] is not None


def test_no_stand_in_while_the_player_is_connected_or_before_the_grace_period(db: Path) -> None:
    with make_client(db, seed="stand-in", stand_in_after=30) as client:
        made = new_table(client, "chicago", seat="S", invite=["N"])
        with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws_s:
            south = Player(ws_s)
            with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws_n:
                Player(ws_n)
                south.wait(lambda b: south.state["seats"]["N"]["connected"])
            south.wait(lambda b: not south.state["seats"]["N"]["connected"])
            # Thirty seconds are not up: the table still waits for North, and the manual button still works.
            assert south.board["turn"] == "N" and not south.state["seats"]["N"]["stand_in"]
            south.do(type="robot", seat="N", on=True)
            south.wait(lambda b: b["turn"] == "S")
            assert [c["seat"] for c in south.board["auction"]] == ["N", "E"]


def test_a_person_answers_a_robot_s_claim_over_the_websocket(db: Path) -> None:
    with make_client(db, seed="claims") as client:
        stored_seven_nt_by_north(client, "E")
        with client.websocket_connect("/ws/token-E") as ws:
            east = Player(ws)
            east.do(type="card", card="HJ")
            east.wait(lambda b: b["claim"] is not None)
            assert east.board["claim"] == {"seat": "N", "tricks": 12} and east.board["to_act"]
            # Only what East may see: its own hand and dummy's, never North's or West's.
            assert east.board["hands"]["N"]["cards"] is None and east.board["hands"]["W"]["cards"] is None
            east.do(type="claim_answer", accept=False)
            assert east.board["claim"] is None
            # North plays on (it does not claim again); East follows with its last legal card.
            for _ in range(300):
                if east.board["phase"] == "done":
                    break
                east.act(lambda b: {"type": "card", "card": b["legal"][-1]})
            assert east.board["phase"] == "done" and east.board["result"]["tricks"] == 13
            assert east.board["review"]["claimed"] is None


def test_after_a_restart_a_robot_stands_in_for_a_player_who_does_not_come_back(db: Path) -> None:
    with make_client(db, seed="restart-stand-in") as client:
        made = new_table(client, "chicago", seat="S", invite=["N"])
        with client.websocket_connect(f"/ws/{made['tokens']['N']}") as ws:
            north = Player(ws)
            assert north.board["turn"] == "N"
            north.do(type="call", call="Pass")
    # The server restarts; only South comes back. South bids, West (a robot) calls, then North is on turn.
    with make_client(db, seed="restart-stand-in", stand_in_after=0.2) as client:
        with client.websocket_connect(f"/ws/{made['tokens']['S']}") as ws:
            south = Player(ws)
            south.wait(lambda b: b["turn"] == "S")
            # A bid, so that the auction goes on to North whatever the robots call.
            south.do(type="call", call=next(c for c in south.board["legal"] if c[0].isdigit()))
            south.wait(lambda b: len(b["auction"]) >= 5)
            assert south.state["seats"]["N"]["stand_in"]
            assert [c["seat"] for c in south.board["auction"]][:5] == ["N", "E", "S", "W", "N"]


def test_a_fast_robot_answers_a_person_s_claim_off_the_event_loop(db: Path, monkeypatch: Any) -> None:
    # The answer tries the claim on many layouts of the cards the claimer cannot see: never in the event loop.
    import asyncio

    import redouble.web.table as table_module

    where: list[str] = []
    real = table_module.answer_claim

    def answer(play: Any) -> tuple[bool, str]:
        try:
            asyncio.get_running_loop()
            where.append("the event loop")
        except RuntimeError:
            where.append("a worker")
        return real(play)

    monkeypatch.setattr(table_module, "answer_claim", answer)
    with make_client(db, seed="claims", threaded_robots=True, heavy_workers=0) as client:
        stored_seven_nt_by_north(client, "N")
        with client.websocket_connect("/ws/token-N") as ws:
            north = Player(ws)
            north.wait(lambda b: b["to_act"] and b["trick"])  # East has led
            north.do(type="claim", tricks=13)
            north.wait(lambda b: b["phase"] == "done")
            assert north.board["result"]["tricks"] == 13
    assert where == ["a worker"]
