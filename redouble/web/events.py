"""The Director area: club events in the web app, over :mod:`redouble.events`.

Pages: ``/director`` (create an event, print its cards, follow every table's progress, correct entries, see
the ranking and travellers, export) and ``/events/table`` (a table's results entry, phone-sized, opened from
its link or QR code). The API under ``/api/events`` answers the holder of a secret link, sent as
``Authorization: Bearer <link>``: the director's link may do anything at its event; a table's link may enter
and confirm that table's results and see its own page (and a board's traveller once the table has entered
it, when the event shows travellers). Links are kept hashed in the event store.

A director may also upload the USEBIO file another scoring program wrote (``POST /api/events/usebio``,
the file as the body): it becomes an event shown like one run here (its ranking and travellers, by
:mod:`redouble.events.imported`), read-only.

Online events (``/events/join``): pairs register (a name; one person gets a robot partner), the director
starts the event, and each round every table of the movement becomes a web table that plays the round's boards
(:meth:`~redouble.web.sessions.Manager.create_seated_table`), people at their seats and robots elsewhere;
each finished board's result is recorded in the event, and the next round starts when every table is done or
the round's minutes are up. A pair's page (opened with the pair's link) shows its seat links, derived from
the pair's link so that only hashes are stored and a restarted server shows the same ones, and, for the
boards it has played, their travellers. The director re-issues a pair's seat links, or its own link.

Every change is checked on a copy of the event, stored (with who made it and when), and only then becomes
the event: a store that fails changes nothing. Events live in the same database as the tables; a server
process catches up with changes other processes (or ``redouble event enter``) stored before each request.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import copy
import hashlib
import hmac
import io
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from redouble import pbn
from redouble.board import Board
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.events.cards import guide_cards, table_cards
from redouble.events.event import Event, EventConfig, dealt_boards
from redouble.events.imported import ImportedEvent, load_event
from redouble.events.movements import from_spec
from redouble.events.pbnfile import with_score_tables
from redouble.events.report import (
    rankings_csv,
    results_page,
    score_dict,
    teams_csv,
    teams_dict,
    teams_page,
    travellers_csv,
)
from redouble.events.results import Result
from redouble.events.store import EventStore, LogEntry, open_event_store
from redouble.events.usebio import write_usebio
from redouble.web.sessions import Manager

STATIC = Path(__file__).parent / "static"
DIRECTOR = "director"
TABLE_OPS = {"result", "confirm"}
EXPORTS = {"tables.html": "text/html", "guides.html": "text/html", "results.html": "text/html",
           "results.pbn": "application/x-chess-pbn", "ranking.csv": "text/csv", "travellers.csv": "text/csv",
           "results.xml": "application/xml"}
UPLOAD_TYPES = ("application/xml", "text/xml")


class Refused(RedoubleError):
    """A request this link may not make (HTTP 403), or about an event that does not exist (404)."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


def qr_data_uri(text: str) -> str:
    """``text`` as a QR code, an SVG image in a ``data:`` URI (for an ``<img>``)."""
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


@dataclass
class Room:
    """One event as this process holds it: the event replayed from its log, and a lock for its changes."""

    event: Event | ImportedEvent
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Changed(NamedTuple):
    """An event after a change, and what the change reports to its sender (see :meth:`Event.apply`)."""

    event: Event | ImportedEvent
    report: Any


def played_here(event: Event | ImportedEvent) -> Event:
    """``event``, refused (HTTP 409) when it was read from a file: it has no tables, rounds or pairs here."""
    if isinstance(event, ImportedEvent):
        raise Refused(f"{event.config.name} was read from its USEBIO file: it has no tables, rounds or pairs' "
                      "links here", 409)
    return event


class Desk:
    """The events this server process has loaded, each changed under its own lock, store first; for online
    events, the web tables of each round (through the tables' :class:`~redouble.web.sessions.Manager`)."""

    def __init__(self, store: EventStore, tables: Manager | None = None) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.tables = tables
        self.clocks: dict[str, asyncio.Task[None]] = {}
        if tables is not None:
            tables.board_listeners.append(self.board_finished)

    async def _db(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)

    async def room(self, event_id: str) -> Room:
        """The event, caught up with everything stored so far."""
        room = self.rooms.get(event_id)
        if room is None:
            try:
                config, log = await self._db(self.store.load, event_id)
            except RedoubleError:
                raise Refused(f"there is no event {event_id!r}", 404) from None
            event = load_event(config, log)
            room = Room(event, log[-1].seq if log else 0)
            self.rooms[event_id] = room
            if isinstance(event, Event):
                await self._retire_logged_links(event)
                self._resume_clock(event_id, event, log)
            return room
        newer: list[LogEntry] = await self._db(self.store.since, event_id, room.seq)
        self._catch_up(room, newer)
        return room

    async def _retire_logged_links(self, event: Event) -> None:
        """Online events played before seat links were derived kept them in their log in plain text: those
        links stop working (the pairs' pages give new ones)."""
        if self.tables is None or not event.config.online:
            return
        for tables in event.tables.values():
            for placed in tables.values():
                for token in (placed.get("seats") or {}).values():
                    with contextlib.suppress(RedoubleError):
                        await self.tables.retire_link(str(token))

    @staticmethod
    def _catch_up(room: Room, newer: list[LogEntry]) -> None:
        # Another request may have caught up while this one read the log: apply each entry once.
        for item in newer:
            if item.seq > room.seq:
                room.event.apply(item.entry, who=item.who, at=item.at, seq=item.seq)
                room.seq = item.seq

    async def role(self, event_id: str, token: str | None) -> str:
        """What the link may do at the event: ``'director'`` or ``'table:N'``."""
        found = None if not token else await self._db(self.store.link, token)
        if found is None or found[0] != event_id:
            raise Refused("this link does not open that event", 403 if token else 401)
        return str(found[1])

    async def require_director(self, event_id: str, token: str | None, refusal: str) -> None:
        """Refuse (``refusal``, HTTP 403) unless ``token`` is the director's link of the event."""
        if await self.role(event_id, token) != DIRECTOR:
            raise Refused(refusal)

    async def change(self, event_id: str, entry: dict[str, Any], who: str) -> Changed:
        room = await self.room(event_id)
        async with room.lock:
            room = await self.room(event_id)
            if isinstance(room.event, ImportedEvent):  # read-only: it refuses every change
                try:
                    room.event.apply(entry, who=who)
                except RedoubleError as exc:
                    raise Refused(str(exc), 409) from None
            trial = copy.deepcopy(room.event)
            report = trial.apply(entry, who=who)  # raises, changing nothing, when the entry is wrong
            seq = await self._db(self.store.append, event_id, entry, who)
            # Others may have stored before us: replay from the log so the event is exactly the stored one.
            # (The report is the trial's: the replay may also apply other processes' entries after ours.)
            self._catch_up(room, await self._db(self.store.since, event_id, room.seq))
            assert room.seq >= seq
            return Changed(room.event, report)

    async def create(self, config: EventConfig, names: dict[str, str], deal: bool, base_url: str) -> dict[str, Any]:
        event_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        await self._db(self.store.create, event_id, config.to_dict())
        director = await self._db(self.store.add_link, event_id, DIRECTOR)
        if names:
            await self.change(event_id, {"op": "names", "names": names}, DIRECTOR)
        if deal:
            await self.change(event_id, {"op": "deals", "pbn": dealt_boards(config)}, DIRECTOR)
        count = from_spec(config.movement).tables
        tables = [await self.table_link(event_id, table, base_url) for table in range(1, count + 1)]
        return {"id": event_id, "director": director, "tables": tables}

    async def create_imported(self, data: bytes, filename: str) -> dict[str, Any]:
        """A new event read from a USEBIO file: checked in full (read and ranked) before anything is stored."""
        event = await asyncio.to_thread(ImportedEvent.read, data, filename)
        event_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        await self._db(self.store.create, event_id, event.config.to_dict())
        director = await self._db(self.store.add_link, event_id, DIRECTOR)
        return {"id": event_id, "director": director, "tables": [], "name": event.config.name,
                "kind": event.config.kind}

    async def table_link(self, event_id: str, table: int, base_url: str) -> dict[str, Any]:
        token = await self._db(self.store.add_link, event_id, f"table:{table}")
        url = f"{base_url.rstrip('/')}/events/table#e={event_id}&n={table}&t={token}"
        return {"table": table, "token": token, "url": url, "qr": qr_data_uri(url)}


    # --- online events ----------------------------------------------------------------------------------------
    async def register(self, event_id: str, name: str, people: int) -> dict[str, Any]:
        room = await self.room(event_id)
        async with room.lock:
            pair = played_here(room.event).free_pair()
            if pair is None:
                raise Refused("the event is full: every pair of its movement has registered", 409)
        await self.change(event_id, {"op": "register", "pair": pair, "name": name, "people": people}, f"pair {pair}")
        token = await self._db(self.store.add_link, event_id, f"pair:{pair}")
        return {"pair": pair, "token": token}

    async def next_round(self, event_id: str) -> int:
        """Start the next round of an online event: a web table for each table of the movement, the pairs'
        people at their seats and robots in every other (a pair nobody registered is played by robots)."""
        if self.tables is None:
            raise Refused("this server plays no tables", 503)
        room = await self.room(event_id)
        event = played_here(room.event)
        if not event.config.online:
            raise Refused("only an online event is played here; a club event is entered from the tables' links")
        number = event.round + 1
        if number > event.movement.rounds:
            raise Refused("the event is over: every round has been played", 409)
        if not event.deals:
            await self.change(event_id, {"op": "deals", "pbn": dealt_boards(event.config)}, DIRECTOR)
            event = played_here((await self.room(event_id)).event)
        if number == 1:
            absent = {p: "(robots)" for p in event.pairs if p not in event.registered}
            if absent:  # a pair nobody registered is played by robots, and the results say so
                changed = await self.change(event_id, {"op": "names", "names": absent}, DIRECTOR)
                event = played_here(changed.event)
        tables: dict[str, Any] = {}
        for seat in event.movement.round_seatings(number):
            if event.movement.is_sitout(seat):
                continue
            ns, ew = str(seat.ns), str(seat.ew)
            people = [letter for pair, letters in ((ns, "NS"), (ew, "EW"))
                      for letter in letters[:event.registered.get(pair, {}).get("people", 0)]]
            boards = []
            for n in event.boards_at(number, seat.table):
                b = event.deals[n]
                boards.append({"deal": str(b.deal), "number": n, "dealer": b.dealer.letter,
                               "vul": str(b.vulnerability)})
            table_id = await self.tables.create_seated_table(people, {
                "boards": boards, "event": {"id": event_id, "round": number, "table": seat.table, "ns": ns, "ew": ew}})
            # No seat links here: each is derived from the pair's own link when the pair opens its page.
            tables[str(seat.table)] = {"id": table_id, "ns": ns, "ew": ew}
        await self.change(event_id, {"op": "round", "round": number, "tables": tables}, DIRECTOR)
        self._start_clock(event_id, number, event.config.round_minutes)
        return number

    def _pair_seats(self, event: Event, pair: str) -> tuple[str, list[str]] | None:
        """The web table and the people's seats of ``pair`` this round (None: it sits out, or not yet)."""
        if not event.round or pair not in event.registered:
            return None
        seat = event.movement.seating_of(int(pair), event.round)
        placed = event.tables.get(event.round, {}).get(seat.table) if seat is not None else None
        if seat is None or placed is None:
            return None
        people = int(event.registered[pair].get("people", 0))
        return str(placed["id"]), list(seat.direction(int(pair))[:people])

    async def pair_page(self, event_id: str, pair: str, pair_token: str | None, base_url: str) -> dict[str, Any]:
        """What the pair's page shows (:func:`pair_view`), with its seat links when ``pair_token`` is the
        pair's own link."""
        for _ in range(5):
            event = played_here((await self.room(event_id)).event)
            number = event.round
            seats = await self.seat_links(event, pair, pair_token) if pair_token else {}
            if event.round == number:  # the round did not move on while the links were made
                return pair_view(event, pair, seats, base_url)
        raise Refused("the event is moving on: open the page again", 409)

    async def seat_links(self, event: Event, pair: str, pair_token: str) -> dict[str, str]:
        """The seat links of the pair's people this round, derived from the pair's own link (so the pair's
        page shows the same ones again, after a restart too, while only their hashes are stored)."""
        if self.tables is None:
            return {}
        placed = self._pair_seats(event, pair)
        if placed is None:
            return {}
        table_id, letters = placed
        links = {}
        for letter in letters:
            def secret(generation: int, letter: str = letter) -> str:
                return seat_secret(pair_token, table_id, letter, generation)
            links[letter] = await self.tables.grant_seat(table_id, letter, secret)
        return links

    async def new_pair_links(self, event_id: str, pair: str, pair_link: bool) -> dict[str, Any]:
        """The director re-issues a pair's links: its seat links this round stop working (its page shows
        fresh ones), and with ``pair_link`` its own link too (the new one is returned, to hand over)."""
        event = played_here((await self.room(event_id)).event)
        if pair not in event.registered:
            raise Refused(f"pair {pair} has not registered", 404)
        out: dict[str, Any] = {"pair": pair}
        if pair_link:
            out["token"] = await self._db(self.store.replace_link, event_id, f"pair:{pair}")
        placed = self._pair_seats(event, pair)
        if placed is not None and self.tables is not None:
            for letter in placed[1]:
                await self.tables.revoke_seat(placed[0], letter)
        out["revoked"] = [] if placed is None else placed[1]
        return out

    def _start_clock(self, event_id: str, number: int, minutes: float, elapsed: float = 0.0) -> None:
        old = self.clocks.pop(event_id, None)
        if old is not None:
            old.cancel()
        if minutes > 0:
            seconds = max(minutes * 60.0 - elapsed, 0.0)
            self.clocks[event_id] = asyncio.create_task(self._clock(event_id, number, seconds))

    def _resume_clock(self, event_id: str, event: Event, log: list[LogEntry]) -> None:
        """An online event loaded mid-round (a restarted server): its round clock runs on from the round's start."""
        if self.tables is None or not event.config.online or not 0 < event.round < event.movement.rounds:
            return
        started = max((item.at for item in log if item.entry.get("op") == "round"), default=time.time())
        self._start_clock(event_id, event.round, event.config.round_minutes, time.time() - started)

    async def _clock(self, event_id: str, number: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        with contextlib.suppress(RedoubleError):
            event = (await self.room(event_id)).event
            if isinstance(event, Event) and event.round == number:
                await self.next_round(event_id)

    async def board_finished(self, table: Any, index: int) -> None:
        """A board finished at a web table: if the table belongs to an online event, record its result; when
        every table of the round is done, the next round starts."""
        where = table.config.get("event")
        if not isinstance(where, dict):
            return
        b = table.boards[index]
        c = b.contract
        if c is None:
            return
        data: dict[str, Any] = {"board": b.number, "ns": where["ns"], "ew": where["ew"], "round": where["round"],
                                "table": where["table"], "contract": c.bid}
        if not c.is_passed_out:
            data |= {"declarer": str(c.declarer), "tricks": b.tricks}
            if b.play is not None and b.play.cards:
                data["lead"] = str(b.play.cards[0])
        try:
            event = played_here((await self.change(str(where["id"]), {"op": "result", "result": data},
                                                   f"online table {where['table']}")).event)
        except RedoubleError:
            return  # entered already (a replay after a restart)
        number = int(where["round"])
        expected = [e for e in event.expected() if e.round == number]
        if event.round == number and all((e.board, e.ns, e.ew) in event.results for e in expected) \
                and number < event.movement.rounds:
            with contextlib.suppress(RedoubleError):
                await self.next_round(str(where["id"]))


def pair_view(event: Event, pair: str, seats: dict[str, str], base_url: str) -> dict[str, Any]:
    """What a pair's page shows: its table and ``seats`` (seat -> secret link) this round, and its results so
    far with each board's traveller (a board's traveller only once the pair has played it)."""
    out: dict[str, Any] = {"name": event.config.name, "pair": pair, "names": event.name_of(pair),
                           "round": event.round, "rounds": event.movement.rounds, "registered": len(event.registered),
                           "pairs": len(event.pairs), "table": None}
    if event.round:
        seat = event.movement.seating_of(int(pair), event.round)
        placed = event.tables.get(event.round, {}).get(seat.table) if seat is not None else None
        if seat is not None and placed is not None:
            out["table"] = {"table": seat.table, "direction": seat.direction(int(pair)),
                            "opponents": str(seat.opponent(int(pair))),
                            "boards": event.boards_at(event.round, seat.table),
                            "seats": {letter: f"{base_url.rstrip('/')}/#/t/{token}" for letter, token in seats.items()}}
    played = []
    for r in sorted(event.results.values(), key=lambda x: x.key):
        if pair in (r.ns, r.ew):
            item = _result(r)
            item["traveller"] = [_result(o) for k, o in sorted(event.results.items()) if k[0] == r.board]
            played.append(item)
    out["played"] = played
    return out


def seat_secret(pair_token: str, table_id: str, seat: str, generation: int) -> str:
    """The secret link of a seat at an online event's table, derived from the pair's link: only its holder
    can make it, and the store keeps only hashes of both.

    >>> first = seat_secret("pair-link", "t1", "N", 0)
    >>> len(first), first == seat_secret("pair-link", "t1", "N", 0), first == seat_secret("pair-link", "t1", "N", 1)
    (32, True, False)
    """
    digest = hmac.new(pair_token.encode(), f"seat {table_id} {seat} {generation}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


# --- what the pages receive ------------------------------------------------------------------------------------

def _result(r: Result) -> dict[str, Any]:
    out = r.to_dict()
    out["text"], out["score"] = r.text, r.ns_score
    return out


def director_view(event_id: str, event: Event | ImportedEvent) -> dict[str, Any]:
    if isinstance(event, ImportedEvent):
        return imported_view(event_id, event)
    m = event.movement
    progress = event.progress()
    results = []
    for key, r in sorted(event.results.items()):
        item = _result(r)
        item["confirmed"] = key in event.confirmed
        item["changes"] = [{"who": c.who, "at": c.at, "text": c.result.text if c.result else "removed"}
                           for c in event.history[key]]
        results.append(item)
    return {
        "id": event_id, "config": event.config.to_dict(), "movement": m.name, "notes": list(m.notes),
        "tables": m.tables, "rounds": m.rounds, "pairs": event.pairs, "names": event.names,
        "boards": event.board_numbers, "dealt": sorted(event.deals),
        "progress": [{"round": r, "table": t, "entered": e, "total": n} for (r, t), (e, n) in sorted(progress.items())],
        "results": results, "changes": len(event.log),
        "online": event.config.online, "round": event.round, "registered": event.registered,
    }


def imported_view(event_id: str, event: ImportedEvent) -> dict[str, Any]:
    """What the director's page shows of an event read from a USEBIO file: what :func:`director_view` shows of
    one run here, with no tables, rounds or progress, and every result as the file gave it."""
    boards = sorted({r.board for r in event.results.values()})
    return {
        "id": event_id, "config": event.config.summary(), "imported": event.config.summary(),
        "movement": f"read from {event.config.filename}", "notes": [], "tables": 0, "rounds": 0,
        "pairs": sorted({p for r in event.results.values() for p in (r.ns, r.ew)}), "names": event.names,
        "boards": boards, "dealt": sorted(event.deals), "progress": [],
        "results": [dict(_result(r), confirmed=False, changes=[]) for _, r in sorted(event.results.items())],
        "changes": 0, "online": False, "round": 0, "registered": {},
    }


def table_view(event: Event, table: int) -> dict[str, Any]:
    """What a table's page shows: each round's pairs and boards, what is entered, and (when the event shows
    them) the traveller of each board the table has entered."""
    m = event.movement
    if not 1 <= table <= m.tables:
        raise Refused(f"there is no table {table} in this event", 404)
    rounds = []
    current = None
    for r in range(1, m.rounds + 1):
        seat = m.at(r, table)
        if m.is_sitout(seat):
            rounds.append({"round": r, "sitout": True, "boards": event.boards_at(r, table)})
            continue
        ns, ew = str(seat.ns), str(seat.ew)
        boards = []
        for number in event.boards_at(r, table):
            key = (number, ns, ew)
            result = event.results.get(key)
            deal = event.deals.get(number)
            board = deal or Board.from_number(number, deal=Deal.from_owners(bytes([4] * 52)))
            item: dict[str, Any] = {"board": number, "dealer": str(board.dealer),
                                    "vulnerability": str(board.vulnerability),
                                    "result": None if result is None else _result(result),
                                    "confirmed": key in event.confirmed}
            if result is not None and event.config.show_traveller:
                item["traveller"] = [_result(other) for k, other in sorted(event.results.items()) if k[0] == number]
            boards.append(item)
        if current is None and any(b["result"] is None or not b["confirmed"] for b in boards):
            current = r
        rounds.append({"round": r, "ns": ns, "ew": ew, "ns_names": event.name_of(ns), "ew_names": event.name_of(ew),
                       "boards": boards})
    return {"name": event.config.name, "table": table, "show_traveller": event.config.show_traveller,
            "rounds": rounds, "current": current or m.rounds}


def export(event: Event | ImportedEvent, kind: str) -> str | bytes:
    if isinstance(event, ImportedEvent):
        if kind in ("tables.html", "guides.html"):
            raise Refused(f"{event.config.name} was played elsewhere: it has no table or guide cards", 404)
        if kind == "results.xml":
            return event.file  # the file as it was uploaded, in its own encoding
    if kind == "tables.html":
        return table_cards(played_here(event))
    if kind == "guides.html":
        return guide_cards(played_here(event))
    if event.config.kind == "teams":
        if kind == "results.html":
            return teams_page(event.config.name, event.score_teams(), names=event.names)
        if kind == "ranking.csv":
            return teams_csv(event.score_teams(), event.names)
        if kind == "results.xml":
            return write_usebio(event.config.name, event.score_teams(), names=event.names, boards=event.deals)
        raise Refused(f"a teams event exports its results as results.html, ranking.csv or results.xml, not {kind}",
                      404)
    score = event.score()
    if kind == "results.html":
        return results_page(event.config.name, score, names=event.names, boards=event.deals)
    if kind == "ranking.csv":
        return rankings_csv(score, event.names)
    if kind == "travellers.csv":
        return travellers_csv(score)
    if kind == "results.xml":
        return write_usebio(event.config.name, score, names=event.names, boards=event.deals)
    boards = [event.deals.get(n) or Board.from_number(n, deal=Deal.from_owners(bytes([4] * 52)))
              for n in sorted(score.travellers)]
    for b in boards:
        b.tags.setdefault("Event", event.config.name)
    return pbn.dumps(with_score_tables(boards, score, event.names))


# --- routes ----------------------------------------------------------------------------------------------------

JsonReader = Callable[[Request], Awaitable[Any]]
UploadReader = Callable[[Request], Awaitable["bytes | Response"]]


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def event_routes(store_url: str | Path | None, read_json: JsonReader, allow_new: Callable[[Request], bool],
                 tables: Manager | None = None, read_upload: UploadReader | None = None
                 ) -> tuple[list[Route], EventStore]:
    """The Director area's routes over the event store at ``store_url``; ``read_json`` reads a request's JSON
    body with the app's checks (returning a :class:`Response` when it refuses it), and ``read_upload`` a file
    sent as the body (without it, no uploads); ``allow_new`` rates the creation of events and registrations;
    ``tables`` plays the rounds of online events. Returns the routes and the store (for the app to close)."""
    store = open_event_store(store_url)
    desk = Desk(store, tables)

    async def json_object(request: Request, hint: str) -> dict[str, Any] | Response:
        """The request's body, a JSON object, or the response refusing it (``hint`` says what it should be)."""
        body = await read_json(request)
        if isinstance(body, Response) or isinstance(body, dict):
            return body
        return _error(hint)

    def refusal(exc: RedoubleError) -> Response:
        if isinstance(exc, Refused):
            return _error(str(exc), exc.status)
        return _error(str(exc), 400)

    async def director_page(request: Request) -> Response:
        return FileResponse(STATIC / "director.html", headers={"Cache-Control": "no-cache"})

    async def phone_page(request: Request) -> Response:
        return FileResponse(STATIC / "phone.html", headers={"Cache-Control": "no-cache"})

    async def create(request: Request) -> Response:
        body = await json_object(request, "the body must be a JSON object with the event's settings")
        if isinstance(body, Response):
            return body
        if not allow_new(request):
            return _error("too many new events from your address: wait a minute", 429)
        names = body.pop("names", {}) or {}
        deal = bool(body.pop("deal", False))
        try:
            config = EventConfig.from_dict(body)
            made = await desk.create(config, names, deal, str(request.base_url))
        except RedoubleError as exc:
            return refusal(exc)
        return JSONResponse(made, status_code=201)

    async def upload(request: Request) -> Response:
        """A USEBIO file another scoring program wrote, as the body (``?filename=`` its name): a new event,
        read-only; answered like :func:`create`, with the director's link."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if read_upload is None:
            return _error("this server takes no uploads", 404)
        if kind not in UPLOAD_TYPES:
            return _error(f"send the USEBIO file as the body (Content-Type: application/xml), not {kind or 'none'!r}",
                          415)
        data = await read_upload(request)
        if isinstance(data, Response):
            return data
        if not allow_new(request):
            return _error("too many new events from your address: wait a minute", 429)
        filename = request.query_params.get("filename", "") or "results.xml"
        try:
            made = await desk.create_imported(data, filename)
        except RedoubleError as exc:
            return _error(f"{filename[:80]}: {exc}", 400)
        return JSONResponse(made, status_code=201)

    async def show(request: Request) -> Response:
        event_id = request.path_params["event"]
        try:
            await desk.require_director(event_id, _bearer(request), "only the director's link shows the whole event")
            room = await desk.room(event_id)
        except RedoubleError as exc:
            return refusal(exc)
        return JSONResponse(director_view(event_id, room.event))

    async def table(request: Request) -> Response:
        event_id, text = request.path_params["event"], request.path_params["table"]
        try:
            role = await desk.role(event_id, _bearer(request))
            if not text.isdigit() or role not in (DIRECTOR, f"table:{text}"):
                raise Refused(f"this link is not for table {text}")
            room = await desk.room(event_id)
            return JSONResponse(table_view(played_here(room.event), int(text)))
        except RedoubleError as exc:
            return refusal(exc)

    async def enter(request: Request) -> Response:
        event_id = request.path_params["event"]
        body = await json_object(request, "the body must be a JSON object: a change such as "
                                          "{\"op\": \"result\", \"result\": {...}}")
        if isinstance(body, Response):
            return body
        try:
            role = await desk.role(event_id, _bearer(request))
            who = DIRECTOR
            if role != DIRECTOR:
                table_no = int(role.split(":")[1])
                if body.get("op") not in TABLE_OPS:
                    raise Refused("a table's link may enter and confirm its results; corrections are the director's")
                if body.get("op") == "result":
                    data = body.get("result")
                    if not isinstance(data, dict) or data.get("table") not in (table_no, str(table_no)) or \
                            data.get("round") in (None, ""):
                        raise Refused(f"this link enters table {table_no}'s results: give its round and table "
                                      f"{table_no}")
                    who = f"table {table_no}, North"
                else:
                    room = await desk.room(event_id)
                    key = (body.get("board"), str(body.get("ns")), str(body.get("ew")))
                    entered = room.event.results.get(key)  # type: ignore[arg-type]
                    if entered is None or entered.table != table_no:
                        raise Refused(f"table {table_no} has not entered that board")
                    who = f"table {table_no}, East-West"
            event, found = await desk.change(event_id, body, who)
        except RedoubleError as exc:
            return refusal(exc)
        reply: dict[str, Any] = {"ok": True, "changes": len(event.log)}
        if body.get("op") == "deals":
            # The file was read leniently: say what of it was not used, as the commands that read files do.
            reply.update(deals=sorted(found.deals), incomplete=found.incomplete, unused=found.unused,
                         problems=found.problems)
        if body.get("op") in ("result", "correct"):
            data = body["result"]
            key = (int(data["board"]), str(data["ns"]), str(data["ew"]))
            reply["result"] = _result(event.results[key])
        return JSONResponse(reply)

    async def results(request: Request) -> Response:
        event_id = request.path_params["event"]
        try:
            await desk.require_director(event_id, _bearer(request),
                                        "only the director's link shows the results before they are published")
            event = (await desk.room(event_id)).event
            if event.config.kind == "teams":
                return JSONResponse(teams_dict(event.score_teams(), event.names))
            if not event.results:
                return JSONResponse({"pairs": [], "boards": [], "names": event.names})
            data = score_dict(event.score(), event.names)
        except RedoubleError as exc:
            return refusal(exc)
        data["names"] = event.names
        return JSONResponse(data)

    async def download(request: Request) -> Response:
        event_id, kind = request.path_params["event"], request.path_params["kind"]
        if kind not in EXPORTS:
            return _error(f"no export {kind[:30]!r}: choose one of {', '.join(EXPORTS)}", 404)
        try:
            await desk.require_director(event_id, _bearer(request), "only the director's link exports the event")
            event = (await desk.room(event_id)).event
            text = await asyncio.to_thread(export, event, kind)
        except RedoubleError as exc:
            return refusal(exc)
        # Text is sent as UTF-8; a file kept as it came (a USEBIO file read here) says its own encoding.
        return Response(text, media_type=EXPORTS[kind] + ("; charset=utf-8" if isinstance(text, str) else ""),
                        headers={"Content-Disposition": f'attachment; filename="{event_id}-{kind}"'})

    async def new_link(request: Request) -> Response:
        event_id, text = request.path_params["event"], request.path_params["table"]
        try:
            await desk.require_director(event_id, _bearer(request), "only the director's link makes table links")
            room = await desk.room(event_id)
            if not text.isdigit() or not 1 <= int(text) <= played_here(room.event).movement.tables:
                raise Refused(f"there is no table {text} in this event", 404)
            made = await desk.table_link(event_id, int(text), str(request.base_url))
        except RedoubleError as exc:
            return refusal(exc)
        return JSONResponse(made, status_code=201)

    async def register(request: Request) -> Response:
        body = await json_object(request, "the body is {\"name\": \"Ann - Bo\", \"people\": 2}")
        if isinstance(body, Response):
            return body
        if not allow_new(request):
            return _error("too many registrations from your address: wait a minute", 429)
        try:
            made = await desk.register(request.path_params["event"], str(body.get("name", "")),
                                       body.get("people", 2))
        except RedoubleError as exc:
            return refusal(exc)
        return JSONResponse(made, status_code=201)

    async def pair(request: Request) -> Response:
        event_id, text = request.path_params["event"], request.path_params["pair"]
        try:
            token = _bearer(request)
            role = await desk.role(event_id, token)
            if role not in (DIRECTOR, f"pair:{text}"):
                raise Refused(f"this link is not pair {text}'s")
            # Only the pair's own link makes its seat links: the director sees where it sits, not its links.
            view = await desk.pair_page(event_id, text, token if role != DIRECTOR else None, str(request.base_url))
            return JSONResponse(view)
        except RedoubleError as exc:
            return refusal(exc)

    async def pair_links(request: Request) -> Response:
        event_id, text = request.path_params["event"], request.path_params["pair"]
        body = await json_object(request, "the body is {\"pair_link\": false} (new seat links) or true (a new pair "
                                          "link too)")
        if isinstance(body, Response):
            return body
        try:
            await desk.require_director(event_id, _bearer(request), "only the director re-issues a pair's links")
            made = await desk.new_pair_links(event_id, text, bool(body.get("pair_link", False)))
        except RedoubleError as exc:
            return refusal(exc)
        return JSONResponse(made, status_code=201)

    async def start_round(request: Request) -> Response:
        event_id = request.path_params["event"]
        try:
            await desk.require_director(event_id, _bearer(request), "only the director starts the rounds")
            number = await desk.next_round(event_id)
        except RedoubleError as exc:
            return refusal(exc)
        return JSONResponse({"round": number})

    routes = [
        Route("/events/join", phone_page),
        Route("/api/events/{event}/register", register, methods=["POST"]),
        Route("/api/events/{event}/pair/{pair}", pair),
        Route("/api/events/{event}/pair/{pair}/links", pair_links, methods=["POST"]),
        Route("/api/events/{event}/rounds", start_round, methods=["POST"]),
        Route("/director", director_page),
        Route("/events/table", phone_page),
        Route("/api/events", create, methods=["POST"]),
        Route("/api/events/usebio", upload, methods=["POST"]),
        Route("/api/events/{event}", show),
        Route("/api/events/{event}/table/{table}", table),
        Route("/api/events/{event}/entries", enter, methods=["POST"]),
        Route("/api/events/{event}/results", results),
        Route("/api/events/{event}/links/{table}", new_link, methods=["POST"]),
        Route("/api/events/{event}/export/{kind}", download),
    ]
    return routes, store
