"""Online events: pairs register, the director starts, each round seats the pairs at web tables by the movement
(robots in the empty seats and for the pairs nobody registered), the results go to the event by themselves."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from web_helpers import Player, TestClient, make_client, simple_choice

from redouble.events.store import open_event_store
from redouble.web.store import Link, open_store


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


HOWELL2 = {"name": "Online Howell", "movement": {"type": "howell", "tables": 2}, "boards_per_round": 1,
           "online": True, "deal": True}


def play_my_board(client: TestClient, link: str) -> None:
    token = link.rsplit("/", 1)[1]
    with client.websocket_connect(f"/ws/{token}") as ws:
        me = Player(ws)
        for _ in range(400):
            if me.board["phase"] == "done":
                return
            me.act(simple_choice("2NT"))
    raise AssertionError("the board never finished")


def test_an_online_two_table_howell_with_people_and_robots(client: TestClient) -> None:
    made = client.post("/api/events", json=HOWELL2).json()
    event_id, director = made["id"], made["director"]
    ann = client.post(f"/api/events/{event_id}/register", json={"name": "Ann (with a robot partner)", "people": 1})
    assert ann.status_code == 201, ann.text
    ann = ann.json()
    assert ann["pair"] == "1"
    before = client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json()
    assert before["round"] == 0 and before["table"] is None and before["registered"] == 1
    for round_ in (1, 2, 3):
        r = client.post(f"/api/events/{event_id}/rounds", headers=auth(director), json={}) if round_ == 1 else None
        assert r is None or r.json() == {"round": 1}
        view = client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json()
        assert view["round"] == round_, view
        seats = view["table"]["seats"]
        assert len(seats) == 1  # one person: a robot partner
        # Before playing the round's board, its traveller is not shown.
        board = view["table"]["boards"][0]
        assert all(p["board"] != board for p in view["played"])
        play_my_board(client, next(iter(seats.values())))
        # The other table is all robots; once both have finished, the next round starts by itself.
        view = pair_view_when(
            client, event_id, ann["token"],
            lambda v, r=round_: len(v["played"]) == 3 if r == 3 else v["round"] == r + 1,
            f"round {round_} finished at both tables")
        mine = [p for p in view["played"] if p["board"] == board][0]
        assert len(mine["traveller"]) == 2  # both tables have played it
    results = client.get(f"/api/events/{event_id}/results", headers=auth(director)).json()
    assert len(results["boards"]) == 3 and all(len(b["results"]) == 2 for b in results["boards"])
    assert {p["pair"] for p in results["pairs"]} == {"1", "2", "3", "4"}
    assert results["names"]["2"] == "(robots)" and results["names"]["1"].startswith("Ann")
    full = client.get(f"/api/events/{event_id}", headers=auth(director)).json()
    assert all(c["who"].startswith("online table") for r in full["results"] for c in r["changes"])


def seat_tokens(view: dict) -> dict[str, str]:
    return {seat: url.rsplit("/", 1)[1] for seat, url in view["table"]["seats"].items()}


def pair_view_when(client: TestClient, event_id: str, token: str, ready: Callable[[dict], bool], what: str,
                   seconds: float = 240.0) -> dict:
    """Pair 1's page once ``ready`` holds. A finished board reaches the event just after the table announces
    it (and the robots' table finishes in a worker process), so the page is asked again until then. The
    deadline is generous because a loaded machine has taken more than 60 s for the robots' table."""
    deadline = time.monotonic() + seconds
    while True:
        view = client.get(f"/api/events/{event_id}/pair/1", headers=auth(token)).json()
        if ready(view):
            return view
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds:.0f} s: {view}")
        time.sleep(0.02)


def wait_for_round(client: TestClient, event_id: str, token: str, number: int) -> dict:
    return pair_view_when(client, event_id, token, lambda v: v["round"] == number, f"round {number} started")


def stored_bytes(db: Path) -> bytes:
    return b"".join(f.read_bytes() for f in db.parent.iterdir() if f.name.startswith(db.name))


def test_online_links_are_kept_hashed_survive_a_restart_and_are_reissued(db: Path) -> None:
    with make_client(db, seed="online-links") as client:
        made = client.post("/api/events", json=HOWELL2).json()
        event_id, director = made["id"], made["director"]
        ann = client.post(f"/api/events/{event_id}/register", json={"name": "Ann", "people": 1}).json()
        assert client.post(f"/api/events/{event_id}/rounds", headers=auth(director), json={}).json() == {"round": 1}
        view = client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json()
        first = seat_tokens(view)
        assert len(first) == 1
        # The page asked again shows the same link; the director sees where the pair sits, not its links.
        assert seat_tokens(client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json()) == first
        as_director = client.get(f"/api/events/{event_id}/pair/1", headers=auth(director)).json()
        assert as_director["table"]["table"] == view["table"]["table"] and as_director["table"]["seats"] == {}
        play_my_board(client, view["table"]["seats"][next(iter(first))])
        second = seat_tokens(wait_for_round(client, event_id, ann["token"], 2))
        assert second != first
    # A whole round later, no live link of any kind is in the database's bytes.
    secrets_ = [director, ann["token"], *first.values(), *second.values(), *(t["token"] for t in made["tables"])]
    data = stored_bytes(db)
    assert data and not [s for s in secrets_ if s.encode() in data]

    # The server restarts: the pair's page shows the same, still valid link, and the event goes on.
    with make_client(db, seed="online-links") as client:
        view = client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json()
        assert view["round"] == 2 and seat_tokens(view) == second
        play_my_board(client, view["table"]["seats"][next(iter(second))])
        third = seat_tokens(wait_for_round(client, event_id, ann["token"], 3))
        (seat, old), = third.items()
        # The director re-issues the pair's seat links: the old one stops working, the page shows a new one.
        r = client.post(f"/api/events/{event_id}/pair/1/links", headers=auth(director), json={})
        assert r.status_code == 201 and r.json() == {"pair": "1", "revoked": [seat]}
        with client.websocket_connect(f"/ws/{old}") as ws:
            assert ws.receive_json()["code"] == "bad_token"
        fresh = seat_tokens(client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json())
        assert fresh.keys() == third.keys() and fresh[seat] != old
        # And a new pair link: the old one no longer opens the pair's page.
        r = client.post(f"/api/events/{event_id}/pair/1/links", headers=auth(director), json={"pair_link": True})
        new_pair = r.json()["token"]
        assert client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).status_code == 403
        newest = seat_tokens(client.get(f"/api/events/{event_id}/pair/1", headers=auth(new_pair)).json())
        assert newest[seat] not in (old, fresh[seat])
        play_my_board(client, f"/#/t/{newest[seat]}")
        pair_view_when(client, event_id, new_pair, lambda v: len(v["played"]) == 3, "the third board recorded")
        # Only the director re-issues links, and only a registered pair's.
        r = client.post(f"/api/events/{event_id}/pair/1/links", headers=auth(new_pair), json={})
        assert r.status_code == 403 and "only the director" in r.json()["error"]
        r = client.post(f"/api/events/{event_id}/pair/2/links", headers=auth(director), json={})
        assert r.status_code == 404 and "pair 2 has not registered" in r.json()["error"]


def test_a_pair_of_two_people_gets_a_link_for_each(client: TestClient) -> None:
    made = client.post("/api/events", json=HOWELL2).json()
    pair = client.post(f"/api/events/{made['id']}/register", json={"name": "Ann - Bo", "people": 2}).json()
    client.post(f"/api/events/{made['id']}/rounds", headers=auth(made["director"]), json={})
    view = client.get(f"/api/events/{made['id']}/pair/1", headers=auth(pair["token"])).json()
    links = seat_tokens(view)
    assert "".join(sorted(links)) == "".join(sorted(view["table"]["direction"])) and len(set(links.values())) == 2


def test_registration_errors(client: TestClient) -> None:
    made = client.post("/api/events", json=HOWELL2).json()
    event_id = made["id"]
    r = client.post(f"/api/events/{event_id}/register", json={"name": "", "people": 2})
    assert r.status_code == 400 and "a name of 1 to 80 characters" in r.json()["error"]
    r = client.post(f"/api/events/{event_id}/register", json={"name": "Bo", "people": 3})
    assert r.status_code == 400 and "one or two people" in r.json()["error"]
    for k in range(4):
        assert client.post(f"/api/events/{event_id}/register", json={"name": f"P{k}"}).status_code == 201
    r = client.post(f"/api/events/{event_id}/register", json={"name": "Late"})
    assert r.status_code == 409 and "the event is full" in r.json()["error"]
    club = client.post("/api/events", json={**HOWELL2, "online": False}).json()
    r = client.post(f"/api/events/{club['id']}/register", json={"name": "X"})
    assert r.status_code == 400 and "only an online event takes registrations" in r.json()["error"]
    r = client.post(f"/api/events/{club['id']}/rounds", headers=auth(club["director"]), json={})
    assert r.status_code == 403 and "only an online event" in r.json()["error"]
    r = client.post(f"/api/events/{event_id}/rounds", headers=auth(made["tables"][0]["token"]), json={})
    assert r.status_code == 403




def test_links_an_older_server_logged_in_plain_text_stop_working(db: Path) -> None:
    with make_client(db, seed="old-links") as client:
        made = client.post("/api/events", json=HOWELL2).json()
        pair = client.post(f"/api/events/{made['id']}/register", json={"name": "Ann", "people": 1}).json()
    # What an older server stored: a round whose tables carry their seat links in the event's log.
    tables, events = open_store(db), open_event_store(db)
    seats = dict.fromkeys("NESW", "human")
    tables.create_table("oldtable", {"form": "duplicate", "seats": seats}, {"plain-link": Link("oldtable", "N")})
    events.append(made["id"], {"op": "round", "round": 1, "tables": {
        "1": {"id": "oldtable", "seats": {"N": "plain-link"}, "ns": "1", "ew": "2"}}}, who="director")
    tables.close()
    events.close()
    with make_client(db, seed="old-links") as client:
        assert client.get(f"/api/events/{made['id']}/pair/1", headers=auth(pair["token"])).status_code == 200
        with client.websocket_connect("/ws/plain-link") as ws:
            assert ws.receive_json()["code"] == "bad_token"
