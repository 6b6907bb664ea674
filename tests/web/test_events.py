"""The Director area's API: create an event, enter results from the tables' links, correct, rank, export."""

from __future__ import annotations

from typing import Any

from web_helpers import TestClient, make_client

from redouble import pbn
from redouble.events.pbnfile import read_results
from redouble.events.store import open_event_store
from redouble.events.usebio import read_usebio

MITCHELL3 = {"name": "Tuesday pairs", "movement": {"type": "mitchell", "tables": 3}, "boards_per_round": 1,
             "names": {"1": "Ann - Bo", "4": "Cy - Di"}, "deal": True}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    r = client.post("/api/events", json=settings or MITCHELL3)
    assert r.status_code == 201, r.text
    return r.json()


def enter(client: TestClient, made: dict[str, Any], table: int, round_: int, board: int, ns: str, ew: str,
          contract: str, declarer: str | None, tricks: int | None, token: str | None = None) -> Any:
    token = token or made["tables"][table - 1]["token"]
    return client.post(f"/api/events/{made['id']}/entries", headers=auth(token), json={
        "op": "result", "result": {"board": board, "ns": ns, "ew": ew, "round": round_, "table": table,
                                   "contract": contract, "declarer": declarer, "tricks": tricks}})


def test_a_three_table_mitchell_through_the_api(client: TestClient) -> None:
    made = create(client)
    event_id, director = made["id"], made["director"]
    assert [t["table"] for t in made["tables"]] == [1, 2, 3]
    assert made["tables"][0]["url"].startswith("http://testserver/events/table#e=")
    assert made["tables"][0]["qr"].startswith("data:image/svg+xml;base64,")
    # Table 2's page: round 1 is pair 2 against pair 5 on board 2.
    page = client.get(f"/api/events/{event_id}/table/2", headers=auth(made["tables"][1]["token"])).json()
    assert page["current"] == 1 and page["rounds"][0]["ns"] == "2" and page["rounds"][0]["ew"] == "5"
    assert [b["board"] for b in page["rounds"][0]["boards"]] == [2]
    # Every table enters its three rounds (boards move down, East-West pairs up).
    plays = {1: ("4S", "N", 10), 2: ("3NT", "S", 9), 3: ("2H", "N", 8)}
    for round_ in (1, 2, 3):
        for table in (1, 2, 3):
            room = page_of(client, made, table)["rounds"][round_ - 1]
            board = room["boards"][0]["board"]
            contract, declarer, tricks = plays[board]
            r = enter(client, made, table, round_, board, room["ns"], room["ew"], contract, declarer,
                      tricks + (table == 1))
            assert r.status_code == 200, r.text
    view = client.get(f"/api/events/{event_id}", headers=auth(director)).json()
    assert all(p["entered"] == p["total"] == 1 for p in view["progress"])
    assert len(view["results"]) == 9 and len(view["dealt"]) == 3
    # East-West confirm; the traveller shows once entered.
    table1 = page_of(client, made, 1)
    first = table1["rounds"][0]
    r = client.post(f"/api/events/{event_id}/entries", headers=auth(made["tables"][0]["token"]),
                    json={"op": "confirm", "board": first["boards"][0]["board"], "ns": first["ns"], "ew": first["ew"]})
    assert r.status_code == 200
    assert page_of(client, made, 1)["rounds"][0]["boards"][0]["confirmed"] is True
    assert len(table1["rounds"][0]["boards"][0]["traveller"]) == 3
    results = client.get(f"/api/events/{event_id}/results", headers=auth(director)).json()
    assert {p["field"] for p in results["pairs"]} == {"NS", "EW"}
    ns_first = [p for p in results["pairs"] if p["field"] == "NS"][0]
    assert ns_first["pair"] == "1" and ns_first["percentage"] == 100.0 and ns_first["names"] == "Ann - Bo"
    # The director corrects one entry; the old one stays in the history.
    old = view["results"][0]
    r = client.post(f"/api/events/{event_id}/entries", headers=auth(director), json={
        "op": "correct", "result": {"board": old["board"], "ns": old["ns"], "ew": old["ew"], "contract": "Pass"}})
    assert r.status_code == 200 and r.json()["result"]["text"] == "Pass"
    again = client.get(f"/api/events/{event_id}", headers=auth(director)).json()
    fixed = next(x for x in again["results"] if (x["board"], x["ns"]) == (old["board"], old["ns"]))
    assert [c["who"] for c in fixed["changes"]] == ["table 1, North", "director"]
    assert fixed["changes"][0]["text"] == old["text"]
    # Exports.
    text = client.get(f"/api/events/{event_id}/export/results.pbn", headers=auth(director)).text
    assert len(read_results(pbn.loads(text)).results) == 9
    assert "table 3" in client.get(f"/api/events/{event_id}/export/tables.html", headers=auth(director)).text
    assert "Par:" in client.get(f"/api/events/{event_id}/export/results.html", headers=auth(director)).text
    assert client.get(f"/api/events/{event_id}/export/ranking.csv", headers=auth(director)).text.startswith("rank,")
    usebio = client.get(f"/api/events/{event_id}/export/results.xml", headers=auth(director))
    assert usebio.headers["content-type"].startswith("application/xml")
    assert len(read_usebio(usebio.text).results) == 9


def page_of(client: TestClient, made: dict[str, Any], table: int) -> dict[str, Any]:
    r = client.get(f"/api/events/{made['id']}/table/{table}", headers=auth(made["tables"][table - 1]["token"]))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_tables_get_clear_errors(client: TestClient) -> None:
    made = create(client)
    event_id = made["id"]
    # A pair at the wrong table, a board entered twice, an impossible result, another table's link.
    r = enter(client, made, 1, 1, 1, "2", "5", "4S", "N", 10)
    assert r.status_code == 400 and "round 1, table 1 is pair 1 (North-South) against pair 4" in r.json()["error"]
    assert enter(client, made, 1, 1, 1, "1", "4", "4S", "N", 10).status_code == 200
    r = enter(client, made, 1, 1, 1, "1", "4", "4S", "N", 9)
    assert r.status_code == 400 and "already entered" in r.json()["error"]
    r = enter(client, made, 2, 1, 2, "2", "5", "4S", "N", 14)
    assert r.status_code == 400 and "tricks must be a whole number from 0 to 13" in r.json()["error"]
    r = enter(client, made, 2, 1, 2, "2", "5", "4S", "N", 10, token=made["tables"][0]["token"])
    assert r.status_code == 403 and "this link enters table 1's results" in r.json()["error"]
    r = client.post(f"/api/events/{event_id}/entries", headers=auth(made["tables"][0]["token"]),
                    json={"op": "correct", "result": {"board": 1, "ns": "1", "ew": "4", "contract": "Pass"}})
    assert r.status_code == 403 and "corrections are the director's" in r.json()["error"]
    assert client.get(f"/api/events/{event_id}/table/2", headers=auth(made["tables"][0]["token"])).status_code == 403
    assert client.get(f"/api/events/{event_id}", headers=auth(made["tables"][0]["token"])).status_code == 403
    assert client.get(f"/api/events/{event_id}").status_code == 401
    assert client.get("/api/events/nothing", headers=auth(made["director"])).status_code == 403
    r = client.post("/api/events", json={"name": "", "movement": {"type": "mitchell", "tables": 3}})
    assert r.status_code == 400 and "needs a name" in r.json()["error"]
    r = client.post("/api/events", content=b"{}", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415


def test_events_survive_a_restart_and_see_other_writers(db, client: TestClient) -> None:
    made = create(client)
    assert enter(client, made, 1, 1, 1, "1", "4", "4S", "N", 10).status_code == 200
    # Someone else (another process, `redouble event enter`) stores a change in the same database.
    other = open_event_store(db)
    other.append(made["id"], {"op": "names", "names": {"2": "Ed - Flo"}}, who="director at home")
    other.close()
    view = client.get(f"/api/events/{made['id']}", headers=auth(made["director"])).json()
    assert view["names"]["2"] == "Ed - Flo"
    client.__exit__(None, None, None)
    with make_client(db, seed="tests") as again:
        view = again.get(f"/api/events/{made['id']}", headers=auth(made["director"])).json()
        assert len(view["results"]) == 1 and view["names"]["1"] == "Ann - Bo"


def test_teams_event(client: TestClient) -> None:
    made = create(client, {"name": "Match", "kind": "teams", "movement": {"type": "teams"}, "boards_per_round": 2,
                           "scoring": "imps"})
    for board, (c1, t1), (c2, t2) in [(1, ("4S", 10), ("4S", 11)), (2, ("3NT", 9), ("3NT", 8))]:
        assert enter(client, made, 1, 1, board, "1", "3", c1, "S", t1).status_code == 200
        assert enter(client, made, 2, 1, board, "4", "2", c2, "S", t2).status_code == 200
    results = client.get(f"/api/events/{made['id']}/results", headers=auth(made["director"])).json()
    assert [(t["team"], t["rank"]) for t in results["teams"]] == [("1", 1), ("2", 2)]
    page = client.get(f"/api/events/{made['id']}/export/results.html", headers=auth(made["director"])).text
    assert "Round 1: team 1 v team 2" in page and "<td>12-1</td>" in page
    ranking = client.get(f"/api/events/{made['id']}/export/ranking.csv", headers=auth(made["director"])).text
    assert ranking.splitlines()[1:] == ["1,1,16.9,12,1,1,", "2,2,3.1,1,12,1,"]
    assert results["matches"][0]["home_imps"] == 12 and results["scoring"] == "imps"
    usebio = client.get(f"/api/events/{made['id']}/export/results.xml", headers=auth(made["director"]))
    assert usebio.status_code == 200 and usebio.headers["content-type"].startswith("application/xml")
    back = read_usebio(usebio.text)
    assert back.kind == "teams" and [(m.home_imps, m.away_imps) for m in back.teams.score().matches] == [(12, 1)]
    assert back.places == {"1": "1", "2": "2"} and back.totals == {"1": 16.9, "2": 3.1}


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/director", "/events/table", "/events/join", "/static/director.js", "/static/entry.js",
                 "/static/join.js", "/static/events.css"):
        r = client.get(path)
        assert r.status_code == 200, path
    assert "director.js" in client.get("/director").text


def test_a_deals_file_with_problems_is_used_in_part_and_the_reply_says_what_was_not(client: TestClient) -> None:
    made = create(client, {**MITCHELL3, "deal": False})
    deal = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"
    text = (f'[Board "1"]\n[Deal "{deal}"]\n\n[Board "2"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432"]\n\n'
            f'[Board "3"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n\n[Board "9"]\n[Deal "{deal}"]\n')
    r = client.post(f"/api/events/{made['id']}/entries", headers=auth(made["director"]),
                    json={"op": "deals", "pbn": text})
    assert r.status_code == 200, r.text
    reply = r.json()
    assert (reply["deals"], reply["incomplete"], reply["unused"]) == ([1], [3], [9])
    [problem] = reply["problems"]
    assert problem.startswith("board 2, line 5: ") and "Deal" in problem
    view = client.get(f"/api/events/{made['id']}", headers=auth(made["director"])).json()
    assert view["dealt"] == [1]
