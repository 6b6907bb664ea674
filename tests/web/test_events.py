"""The Director area's API: create an event, enter results from the tables' links, correct, rank, export."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_helpers import TestClient, make_client

from redouble import pbn
from redouble.events.pbnfile import read_results
from redouble.events.report import score_dict, teams_dict
from redouble.events.scoring import score_pairs
from redouble.events.store import open_event_store
from redouble.events.teamsfile import read_teams
from redouble.events.usebio import read_usebio, write_usebio
from redouble.web.limits import Limits

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


# --- results another scoring program wrote: a USEBIO file uploaded, shown read-only ----------------------------

DATA = Path(__file__).parent.parent / "data"


def club_usebio() -> tuple[bytes, dict[str, Any]]:
    """A real club session's USEBIO file (ISO-8859-1, as clubs' programs write it) and its ranking as JSON."""
    boards = pbn.load(DATA / "club_mp_sm2014_session1.pbn")
    found = read_results(boards)
    score = score_pairs(found.results)
    text = write_usebio("SM 2014", score, names=dict(found.names, **{"1": "Anne Brontë"}),
                        boards={b.number: b for b in boards})
    return text.replace('encoding="UTF-8"', 'encoding="iso-8859-1"').encode("iso-8859-1"), score_dict(score)


def upload(client: TestClient, data: bytes, filename: str = "session.xml", **headers: str) -> Any:
    return client.post(f"/api/events/usebio?filename={filename}", content=data,
                       headers={"Content-Type": "application/xml", **headers})


def event_count(db: Path) -> int:
    store = open_event_store(db)
    try:
        return len(store.events())
    finally:
        store.close()


def test_a_pairs_usebio_file_becomes_a_read_only_event(db: Path, client: TestClient) -> None:
    data, ranking = club_usebio()
    r = upload(client, data)
    assert r.status_code == 201, r.text
    made = r.json()
    assert (made["name"], made["kind"], made["tables"]) == ("SM 2014", "pairs", [])
    director = auth(made["director"])
    view = client.get(f"/api/events/{made['id']}", headers=director).json()
    assert view["imported"] == {"source": "usebio", "name": "SM 2014", "kind": "pairs", "scoring": "mp",
                                "filename": "session.xml"}
    assert len(view["results"]) == 1188 and len(view["boards"]) == 66 and len(view["dealt"]) == 66
    assert (view["tables"], view["rounds"], view["progress"]) == (0, 0, [])
    results = client.get(f"/api/events/{made['id']}/results", headers=director).json()
    assert [(p["pair"], p["rank"], p["percentage"]) for p in results["pairs"]] == [
        (p["pair"], p["rank"], p["percentage"]) for p in ranking["pairs"]]
    assert results["names"]["1"] == "Anne Brontë"
    # Exported like an event run here; its USEBIO XML is the file as uploaded, byte for byte.
    export = f"/api/events/{made['id']}/export/"
    xml = client.get(export + "results.xml", headers=director)
    assert xml.content == data and xml.headers["content-type"] == "application/xml"
    assert client.get(export + "results.html", headers=director).text.count("<h2>Board ") == 66
    assert len(read_results(pbn.loads(client.get(export + "results.pbn", headers=director).text)).results) == 1188
    assert client.get(export + "ranking.csv", headers=director).text.startswith("rank,pair,")
    r = client.get(export + "tables.html", headers=director)
    assert r.status_code == 404 and "has no table or guide cards" in r.json()["error"]
    # Read-only: nothing is entered, corrected or named, and it has no tables.
    r = client.post(f"/api/events/{made['id']}/entries", headers=director, json={"op": "names", "names": {"1": "X"}})
    assert r.status_code == 409 and "its results are the file's" in r.json()["error"]
    assert client.get(f"/api/events/{made['id']}/table/1", headers=director).status_code == 409
    assert client.post(f"/api/events/{made['id']}/links/1", headers=director, json={}).status_code == 409
    assert client.post(f"/api/events/{made['id']}/rounds", headers=director, json={}).status_code == 409
    # After a restart it is the same event.
    client.__exit__(None, None, None)
    with make_client(db, seed="tests") as again:
        assert again.get(f"/api/events/{made['id']}/results", headers=director).json()["pairs"] == results["pairs"]


def test_a_teams_usebio_file_becomes_a_read_only_event(client: TestClient) -> None:
    boards = pbn.load(DATA / "rpbridge_wc2012_final.pbn")
    found = read_teams(boards)
    score = found.score("imps")
    made = upload(client, write_usebio("Final", score, names=found.names).encode(), "final.xml").json()
    director = auth(made["director"])
    assert made["kind"] == "teams"
    results = client.get(f"/api/events/{made['id']}/results", headers=director).json()
    assert results == teams_dict(score, found.names)
    view = client.get(f"/api/events/{made['id']}", headers=director).json()
    assert len(view["results"]) == len(found.results) and {r["table"] for r in view["results"]} == {1, 2}
    page = client.get(f"/api/events/{made['id']}/export/results.html", headers=director).text
    assert "Round 1: team 1 (Poland) v team 2 (Sweden)" in page


@pytest.mark.parametrize(("data", "message"), [
    (b"<USEBIO>\n<EVENT>\n<BOARD>", "bad.xml: line 3: not a USEBIO file: no element found"),
    (b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n'
     b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n"
     b"<CONTRACT>8S</CONTRACT></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
     "bad.xml: line 3: a traveller line of board 1 is not a result"),
    (b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"></EVENT></USEBIO>', "bad.xml: the file has no travellers"),
])
def test_a_file_that_cannot_be_read_is_refused_and_stores_nothing(db: Path, client: TestClient, data: bytes,
                                                                   message: str) -> None:
    before = event_count(db)
    r = upload(client, data, "bad.xml")
    assert r.status_code == 400 and r.json()["error"].startswith(message)
    assert event_count(db) == before


def test_an_upload_too_big_of_the_wrong_type_or_from_another_site_is_refused(db: Path) -> None:
    data, _ = club_usebio()
    with make_client(db, seed="tests", limits=Limits(upload_bytes=len(data) - 1)) as client:
        before = event_count(db)
        r = upload(client, data)
        assert r.status_code == 413 and r.json()["error"] == f"the file is too large (at most {len(data) - 1} bytes)"
        r = client.post("/api/events/usebio", content=data, headers={"Content-Type": "text/plain"})
        assert r.status_code == 415 and "Content-Type: application/xml" in r.json()["error"]
        assert upload(client, data[:1000], Origin="https://elsewhere.example").status_code == 403
        assert event_count(db) == before
    with make_client(db, seed="tests") as client:  # the default limit takes a big club's file
        assert upload(client, data).status_code == 201
        assert Limits().upload_bytes == 4 * 1024 * 1024
        r = upload(client, b" " * (4 * 1024 * 1024 + 1))
        assert r.status_code == 413


def test_only_the_uploading_directors_link_opens_an_uploaded_event(client: TestClient) -> None:
    data, _ = club_usebio()
    made = upload(client, data).json()
    other = create(client)  # another event's director, and one of its tables
    for headers, status in (({}, 401), (auth(other["director"]), 403), (auth(other["tables"][0]["token"]), 403)):
        for path in ("", "/results", "/export/results.xml", "/export/ranking.csv"):
            r = client.get(f"/api/events/{made['id']}{path}", headers=headers)
            assert r.status_code == status, (path, headers)
        r = client.post(f"/api/events/{made['id']}/entries", headers=headers, json={"op": "names", "names": {}})
        assert r.status_code == status
