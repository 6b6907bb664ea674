"""Hidden information, as a property: random games of every form, people and robots mixed, with claims,
undos, hints, reconnects, stand-ins, re-issued and revoked links and sharing; every byte the server sends
to each seat's connections and every answer to anonymous HTTP requests is recorded, and no card of a hand
is ever found where the rules had not yet shown it.

The rules the recorded bytes are checked against are written here, apart from the server's: a seat sees
its own hand; once the opening lead is made, dummy's (in minibridge, dummy goes down before the contract
is named); every card played; and all four hands once the deal is over. Anyone else sees a finished deal
of a table its owner shared, and nothing else.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redouble.board import Board
from redouble.cards import Seat
from redouble.game import FORMS
from redouble.web import create_app
from redouble.web.sessions import Connection, Manager
from redouble.web.table import Table, phase

CARD = re.compile(r'"([SHDC][2-9TJQKA])"')


class Recorder:
    """A websocket as the server sees it: keeps every text sent, and whether it was closed."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed: int | None = None

    async def send_text(self, data: str) -> None:
        self.texts.append(data)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


@dataclass
class Person:
    seat: str
    token: str
    conn: Connection | None = None
    recorder: Recorder | None = None
    recorders: list[Recorder] = field(default_factory=list)

    @property
    def state(self) -> dict[str, Any] | None:
        assert self.recorder is not None
        for text in reversed(self.recorder.texts):
            msg = json.loads(text)
            if msg["type"] == "state":
                return dict(msg["table"])
        return None


def allowed_cards(board: Board, seat: Seat) -> set[str]:
    """The cards ``seat`` may know the place of now, by the rules (written apart from the server's)."""
    minibridge = board.tags.get("minibridge") == "1"
    play = board.play
    over = board.auction.is_passed_out or (play is not None and play.is_complete)
    if over:
        return {str(c) for s in Seat for c in board.deal[s]}
    out = {str(c) for c in board.deal[seat]}
    if minibridge:
        dummy = Seat.parse(board.tags["declarer"]).partner
        out |= {str(c) for c in board.deal[dummy]}
    elif play is not None and play.cards:
        out |= {str(c) for c in board.deal[play.dummy]}
    if play is not None:
        out |= {str(c) for c in play.cards}
    return out


def hidden_hands(board: Board, seat: Seat) -> list[str]:
    """The hand texts (PBN, like ``AKQ.J2.T987.654``) of the hands ``seat`` may not see now."""
    allowed = allowed_cards(board, seat)
    return [str(board.deal[s]) for s in Seat if not {str(c) for c in board.deal[s]} <= allowed]


async def settle(manager: Manager) -> None:
    """Let the connections' writers send all that is queued."""
    for _ in range(200):
        await asyncio.sleep(0)
        if all(c.queue.empty() for s in manager.sessions.values() for c in s.connections):
            return


async def random_game(db: Path, form: str, seed: int) -> tuple[list[tuple[str, Recorder]], list[dict[str, Any]],
                                                               str, list[Any], dict[str, Any]]:
    rng = random.Random(seed)
    app = create_app(str(db), seed=f"hidden-{seed}", robots="fast", threaded_robots=False, heavy_workers=0,
                     stand_in_after=None)
    manager: Manager = app.state.manager
    anonymous: list[dict[str, Any]] = []
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            me = rng.choice("NESW")
            friends = [s for s in "NESW" if s != me and rng.random() < 0.5]
            made = (await http.post("/api/tables", json={"form": form, "seat": me, "invite": friends})).json()
            table_id = made["table"]
            people = {me: Person(me, made["token"])}
            people.update({s: Person(s, t) for s, t in made["invitations"].items()})
            session = await manager.session(table_id)

            async def connect(person: Person) -> None:
                opened, link = await manager.open_link(person.token)
                person.recorder = Recorder()
                person.recorders.append(person.recorder)
                person.conn = await manager.attach(opened, link, person.recorder, "127.0.0.1")
                await settle(manager)

            async def leave(person: Person) -> None:
                if person.conn is not None:
                    await manager.detach(session, person.conn)
                    person.conn = None

            async def send(person: Person, **msg: Any) -> None:
                assert person.conn is not None
                reply = await manager.handle_raw(session, person.conn, json.dumps(msg))
                if reply is not None:
                    person.conn.send(reply)
                    if reply.type == "invitation":  # the owner gave a seat a new link: the old one is dead
                        people[reply.seat].token = reply.token  # type: ignore[attr-defined]
                await settle(manager)
                for other in people.values():  # whoever held a revoked link was cut off
                    if other.recorder is not None and other.recorder.closed is not None and other.conn is not None:
                        await leave(other)

            async def valid(person: Person) -> bool:
                link = await asyncio.to_thread(manager.store.link, person.token)
                return link is not None and manager.holds(session.table, link)

            async def probe() -> None:
                index = rng.randrange(len(session.table.boards))
                seq = session.table.seq
                for path in ("/api/history", f"/api/review/{table_id}/{index}",
                             f"/api/export/{table_id}/{index}.{rng.choice(['pbn', 'lin'])}"):
                    r = await http.get(path)
                    anonymous.append({"path": path, "status": r.status_code, "text": r.text, "seq": seq,
                                      "index": index})
                r = await http.post("/api/history", json={"q": "", "links": ["not-a-link"]})
                anonymous.append({"path": "POST /api/history", "status": r.status_code, "text": r.text, "seq": seq,
                                  "index": index})

            for person in people.values():
                await connect(person)
            await settle(manager)
            finished = 0
            for _ in range(400):
                table = session.table
                b = table.board
                assert b is not None
                if rng.random() < 0.08:
                    await probe()
                owner = people[me]
                roll = rng.random()
                if roll < 0.03 and owner.conn is not None:
                    await send(owner, type="share", on=rng.random() < 0.6)
                    continue
                if roll < 0.05 and friends and owner.conn is not None:
                    await send(owner, type=rng.choice(["invite", "invite", "revoke"]), seat=rng.choice(friends))
                    continue
                if roll < 0.10:  # someone drops out, or comes back (a reconnect)
                    person = rng.choice(list(people.values()))
                    if person.conn is not None:
                        await leave(person)
                    elif await valid(person):
                        await connect(person)
                    await settle(manager)
                    continue
                if phase(b) == "done":
                    finished += 1
                    if finished >= 2:
                        break
                    someone = next((p for p in people.values() if p.conn is not None), None)
                    if someone is None:
                        await connect(owner)
                        someone = owner
                    await send(someone, type="next")
                    continue
                actor = table.actor()
                assert actor is not None
                person = people.get(actor.letter)
                if person is None or table.is_robot(actor):
                    # A robot is on turn: the table moves by itself (or is waiting on a claim's answer).
                    await settle(manager)
                    if session.table is table:
                        manager.schedule_robots(session)
                        await asyncio.sleep(0.001)
                    continue
                if person.conn is None:
                    helper = next((p for p in people.values() if p.conn is not None), None)
                    if helper is not None and rng.random() < 0.5:
                        await send(helper, type="robot", seat=actor.letter, on=True)
                    elif await valid(person):
                        await connect(person)
                    else:
                        if owner.conn is None:
                            await connect(owner)
                        await send(owner, type="invite", seat=actor.letter)
                    continue
                state = person.state
                assert state is not None
                view = state["board"]
                choice = rng.random()
                if choice < 0.1:
                    await send(person, type="hint")
                elif choice < 0.18 and state["can_undo"]:
                    await send(person, type="undo")
                elif view["phase"] == "play" and view["claim"] is None and choice < 0.25 and \
                        view.get("dummy") != actor.letter:
                    await send(person, type="claim", tricks=rng.randint(0, view["tricks_left"]))
                elif view["phase"] == "auction":
                    legal = view["legal"] or ["Pass"]
                    call = "Pass" if rng.random() < 0.6 else rng.choice(legal)
                    await send(person, type="call", call=call)
                elif view["phase"] == "declare":
                    await send(person, type="mini_contract", strain=rng.choice(view["legal"] or ["NT"]),
                               game=rng.random() < 0.5)
                elif view["claim"] is not None:
                    await send(person, type="claim_answer", accept=rng.random() < 0.7)
                elif view["legal"]:
                    await send(person, type="card", card=rng.choice(view["legal"]))
                else:
                    await settle(manager)
            await probe()
            received = [(p.seat, r) for p in people.values() for r in p.recorders]
            # The server stops before its log is read: else work still under way (a duplicate board's second
            # table) could store and send an event after the log was read (the check found a state it had no
            # event for: KeyError 52).
            await manager.close()
            events = (await asyncio.to_thread(manager.store.load, table_id))
            return received, anonymous, table_id, list(events), made
    finally:
        await manager.close()
        manager.store.close()


def snapshots(table_id: str, config: dict[str, Any], events: list[tuple[int, dict[str, Any]]]) -> dict[int, Table]:
    """The table after each stored event, by sequence number (replayed with the library)."""
    out: dict[int, Table] = {}
    table = Table(table_id, config)
    table.replaying = True
    out[0] = table.copy()
    for seq, event in events:
        table.apply(event)
        table.seq = seq
        out[seq] = table.copy()
    return out


def check(received: list[tuple[str, Recorder]], anonymous: list[dict[str, Any]], table_id: str,
          loaded: list[Any]) -> int:
    config, events = loaded
    tables = snapshots(table_id, config, events)
    checked = 0
    for seat_letter, recorder in received:
        seat = Seat.parse(seat_letter)
        last_seq = 0
        for text in recorder.texts:
            msg = json.loads(text)
            if msg["type"] == "state":
                last_seq = msg["table"]["seq"]
            table = tables[last_seq]
            board = table.board
            if board is None:
                assert not CARD.search(text)
                continue
            allowed = allowed_cards(board, seat)
            seen = set(CARD.findall(text))
            assert seen <= allowed, f"{seat} was sent {sorted(seen - allowed)} at seq {last_seq}: {text[:300]}"
            if msg["type"] == "state":
                assert msg["table"]["board"]["index"] == len(table.boards) - 1
            for hand in hidden_hands(board, seat):
                assert hand not in text, f"{seat} was sent a hidden hand {hand} at seq {last_seq}"
            checked += 1
    for probe in anonymous:
        table = tables[probe["seq"]]
        if probe["path"].endswith("history"):
            assert probe["status"] == 200 and json.loads(probe["text"]) == {"deals": []}, probe
            continue
        board = table.boards[probe["index"]]
        shown = probe["status"] == 200
        finished = board.auction.is_passed_out or (board.play is not None and board.play.is_complete)
        if shown:
            assert table.public and finished, probe
        else:
            assert probe["status"] in (403, 404) and not CARD.search(probe["text"]), probe
        checked += 1
    return checked


@pytest.mark.parametrize("form", list(FORMS))
@given(seed=st.integers(0, 2**31 - 1))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_no_seat_and_no_stranger_sees_a_card_before_the_rules_show_it(form: str, seed: int, tmp_path: Path) -> None:
    db = tmp_path / f"hidden-{form}-{seed}.sqlite3"
    received, anonymous, table_id, loaded, made = asyncio.run(random_game(db, form, seed))
    assert sum(len(r.texts) for _, r in received) > 5
    assert check(received, anonymous, table_id, loaded) > 5
