"""Online events: pairs register, the director starts, each round seats the pairs at web tables by the movement
(robots in the empty seats and for the pairs nobody registered), the results go to the event by themselves."""

from __future__ import annotations

from web_helpers import Player, TestClient, simple_choice


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
        for _ in range(200):
            view = client.get(f"/api/events/{event_id}/pair/1", headers=auth(ann["token"])).json()
            if round_ == 3 and len(view["played"]) == 3 or round_ < 3 and view["round"] == round_ + 1:
                break
        mine = [p for p in view["played"] if p["board"] == board][0]
        assert len(mine["traveller"]) == 2  # both tables have played it
    results = client.get(f"/api/events/{event_id}/results", headers=auth(director)).json()
    assert len(results["boards"]) == 3 and all(len(b["results"]) == 2 for b in results["boards"])
    assert {p["pair"] for p in results["pairs"]} == {"1", "2", "3", "4"}
    assert results["names"]["2"] == "(robots)" and results["names"]["1"].startswith("Ann")
    full = client.get(f"/api/events/{event_id}", headers=auth(director)).json()
    assert all(c["who"].startswith("online table") for r in full["results"] for c in r["changes"])


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


