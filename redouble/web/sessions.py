"""Live tables: one lock per table, the message dispatch table, robots on turn, broadcasts, storage.

The :class:`Manager` owns the tables a server process has loaded. Every change goes through
:meth:`Manager.commit` under the table's lock, store first: the event is checked on a copy of the table,
stored (with its sequence number), and only then does the copy become the table and the players hear of
it. A store that fails leaves the table as its log has it and the player is told; nothing is lost. With a
shared store (PostgreSQL) the table first catches up with events other processes stored; a race for the
same sequence number is detected by the store and the loser catches up and tries again. A
:class:`~redouble.web.bus.Bus` tells other processes that a table changed.

Who may act: a connection holds one secret link (:class:`~redouble.web.store.Link`); it acts for the
link's seat only, while that seat is a person's and the link is of the seat's current generation; the
owner's link also manages the invitations and sharing. Robot seats have no links: the robots act for them.

The event loop never waits on the disk or on heavy work: every store call runs in a thread
(``asyncio.to_thread``), awaited under the table's lock, so one table's events are still stored and sent
in order; the robots' decisions and the end-of-deal work of duplicate practice run in worker processes
(:mod:`redouble.web.workers`), so they neither hold the interpreter lock nor delay other tables' actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from redouble import game
from redouble.cardplay.player import DEFAULT_BUDGET
from redouble.cards import Seat
from redouble.errors import RedoubleError
from redouble.robots.claims import answer_at_once
from redouble.web.limits import Limits, RateLimiter, TokenBucket
from redouble.web.messages import (
    CallMsg,
    CardMsg,
    ClaimAnswerMsg,
    ClaimMsg,
    ClientMsg,
    ErrorMsg,
    HintMsg,
    HintReply,
    InviteMsg,
    InviteReply,
    MessageError,
    MiniContractMsg,
    NextDealMsg,
    PingMsg,
    PongMsg,
    RevokeMsg,
    RobotMsg,
    ServerMsg,
    ShareMsg,
    StateMsg,
    UndoMsg,
    parse_client,
)
from redouble.web.store import Event, Link, Store, StoreError
from redouble.web.table import (
    ActionError,
    Table,
    advise,
    new_deal_event,
    phase,
    second_table,
    second_table_job,
    think,
)
from redouble.web.workers import Workers

log = logging.getLogger("redouble.web")

EventMaker = Callable[[Table], Event | None]
LinkMaker = Callable[[Table], dict[str, Link]]
PERSONAL_EVENTS = {"call", "card", "claim", "claim_answer", "mini_contract", "undo"}
# Messages that act for the sender's seat: refused while a robot plays that seat.
ACTING = {CallMsg, CardMsg, ClaimMsg, ClaimAnswerMsg, UndoMsg, MiniContractMsg, HintMsg}
OWNER_ONLY = {InviteMsg, RevokeMsg, ShareMsg}
STORE_RETRY = (0.5, 1, 2, 4, 8, 15, 30)  # seconds between a robot's tries while the store fails


def _answering_claim(table: Table) -> bool:
    """Whether a robot is to answer a claim that takes thought (it is tried on layouts of the unseen cards)."""
    b = table.board
    return table.robot_to_act() is not None and b is not None and b.play is not None and b.play.claim is not None \
        and answer_at_once(b.play) is None


def _constant(event: Event | None) -> EventMaker:
    return lambda table: event


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000) -> None: ...


class Connection:
    """One client socket holding one link; messages queue up and a writer task sends them in order."""

    def __init__(self, socket: Sender, link: Link, limits: Limits | None = None, client: str = "") -> None:
        limits = limits or Limits()
        self.socket = socket
        self.link = link
        self.client = client  # the client's address, for the cap on connections per client
        assert link.seat is not None
        self.seat = Seat.parse(link.seat)
        self.owner = link.owner
        self.bucket = TokenBucket(limits.actions_per_second, limits.actions_burst)
        self.excess = 0  # messages refused for the rate in a row
        self.queue: asyncio.Queue[str | int | None] = asyncio.Queue()
        self.task = asyncio.create_task(self._writer())

    async def _writer(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None:
                return
            try:
                if isinstance(item, int):  # the server ends the connection with this close code
                    await self.socket.close(item)
                    return
                await self.socket.send_text(item)
            except Exception:  # the client went away; the reader will notice and detach
                return

    def send(self, msg: ServerMsg | str) -> None:
        self.queue.put_nowait(msg if isinstance(msg, str) else msg.to_json())

    def end(self, msg: ServerMsg, code: int) -> None:
        """Tell the client why, then close its socket."""
        self.send(msg)
        self.queue.put_nowait(code)

    async def close(self) -> None:
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.task, 2)


@dataclass
class TableSession:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    driver: asyncio.Task[None] | None = None
    sent_seq: int = -1  # the last state the players were sent
    departed: set[Seat] = field(default_factory=set)  # people whose connection dropped
    stand_in_timer: asyncio.Task[None] | None = None
    stand_in_key: tuple[Seat, int] | None = None  # the absent seat and the table's state it is waiting on
    pending: set[int] = field(default_factory=set)  # finished boards whose second table is being played


class Bus(Protocol):
    origin: str

    async def publish(self, table_id: str, seq: int) -> None: ...


class Manager:
    """The tables of one server process over a store (and, with several processes, a bus)."""

    def __init__(self, store: Store, *, robot_delay: float = 0.0, shared: bool = False,
                 seed: str | None = None, threaded_robots: bool = True, robots: str = "strong",
                 heavy_workers: int | None = None, stand_in_after: float | None = 60.0,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        # A robot stands in for a person whose connection dropped once they keep the table waiting this long
        # (None: never). Connections are known per process: with a shared store it is left to the players.
        self.stand_in_after = None if shared else stand_in_after
        # Worker processes for the robots' thinking and the end-of-deal work (0: threads instead).
        self.workers = Workers(heavy_workers)
        self.robot_delay = robot_delay
        self.shared = shared
        self.seed = seed
        self.threaded_robots = threaded_robots
        self.robots = robots
        self.bus: Bus | None = None
        self.sessions: dict[str, TableSession] = {}
        self.table_limiter = RateLimiter(self.limits.tables_per_minute / 60, self.limits.tables_burst) \
            if self.limits.tables_per_minute > 0 else None
        self.client_connections: dict[str, int] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._created = 0
        self._background: set[asyncio.Task[None]] = set()
        # Called with (table, board index) when a board finishes (as a task: it may not hold up the table).
        self.board_listeners: list[Callable[[Table, int], Coroutine[Any, Any, None]]] = []
        self.handlers: dict[type[ClientMsg], Callable[[TableSession, Connection, Any], Awaitable[ServerMsg | None]]] = {
            CallMsg: self._on_call, CardMsg: self._on_card, ClaimMsg: self._on_claim,
            ClaimAnswerMsg: self._on_claim_answer, UndoMsg: self._on_undo, HintMsg: self._on_hint,
            NextDealMsg: self._on_next, RobotMsg: self._on_robot, MiniContractMsg: self._on_mini_contract,
            PingMsg: self._on_ping, InviteMsg: self._on_invite, RevokeMsg: self._on_revoke, ShareMsg: self._on_share,
        }

    # --- tables -----------------------------------------------------------------------------------
    async def create_table(self, form: str, seat: str, invite: list[str] | None = None,
                           options: dict[str, Any] | None = None) -> dict[str, Any]:
        """A new table with the creator at ``seat``, friends invited at ``invite``, robots elsewhere. The
        creator gets their own seat's link (which also owns the table) and one invitation link per friend's
        seat; the robots' seats have none."""
        game.get_form(form)
        me = Seat.parse(seat)
        friends = {Seat.parse(s) for s in (invite or [])} - {me}
        humans = {me} | friends
        table_id = secrets.token_urlsafe(9)
        config: dict[str, Any] = {"form": form, "seats": {s.letter: "human" if s in humans else "robot" for s in Seat}}
        config["robots"] = self.robots
        # A seed chosen by a client would let it know the deals in advance: only the server sets one.
        for key, value in (options or {}).items():
            if key == "system":
                if value not in ("sayc", "basic"):
                    raise ActionError(f"the bidding system is 'sayc' or 'basic', not {value!r}", "invalid")
                config[key] = value
            elif key == "robots":
                if value not in ("fast", "strong"):
                    raise ActionError(f"robots are 'fast' or 'strong', not {value!r}", "invalid")
                config[key] = value
        if self.seed is not None and "seed" not in config:
            self._created += 1
            config["seed"] = f"{self.seed}-{self._created}"
        mine = secrets.token_urlsafe(24)
        invitations = {s.letter: secrets.token_urlsafe(24) for s in sorted(friends)}
        links = {mine: Link(table_id, me.letter, owner=True)}
        links.update({token: Link(table_id, s) for s, token in invitations.items()})
        await self._db(self.store.create_table, table_id, config, links)
        await self.session(table_id)  # which deals the first board
        return {"table": table_id, "seat": me.letter, "token": mine, "invitations": invitations}

    async def create_seated_table(self, people: list[str], config: dict[str, Any]) -> str:
        """A table with people at ``people`` (seat letters) and robots elsewhere, its configuration extended
        by ``config`` (a club event's ``boards`` to play and who sits where). Nobody owns it (no invitations
        or sharing) and its seats have no links yet: :meth:`grant_seat` issues them."""
        seats = {Seat.parse(s) for s in people}
        table_id = secrets.token_urlsafe(9)
        full: dict[str, Any] = {"form": "duplicate", "robots": self.robots, **config,
                                "seats": {s.letter: "human" if s in seats else "robot" for s in Seat}}
        await self._db(self.store.create_table, table_id, full, {})
        await self.session(table_id)
        return table_id

    async def grant_seat(self, table_id: str, seat: str, token_for: Callable[[int], str]) -> str:
        """A link to a person's ``seat`` at the table: ``token_for(generation)`` makes its secret for the
        seat's current generation (the same secret again gives the same link, stored once, hashed)."""
        session = await self.session(table_id)
        which = Seat.parse(seat)
        if session.table.kinds[which] != "human":
            raise ActionError(f"{which} is a robot's seat: it has no links", "invalid")
        generation = session.table.link_generation[which]
        token = token_for(generation)
        await self._db(self.store.grant, {token: Link(table_id, which.letter, generation=generation)})
        return token

    async def retire_link(self, token: str) -> bool:
        """Stop a link that may have been kept in plain text somewhere (its seat moves to the next
        generation); False when it no longer opened anything."""
        link = await self._db(self.store.link, token)
        if link is None or link.seat is None or not self.holds(await self.table(link.table_id), link):
            return False
        await self.revoke_seat(link.table_id, link.seat)
        return True

    async def revoke_seat(self, table_id: str, seat: str) -> None:
        """The seat's links stop working (connections holding one are closed); the next grant is fresh."""
        session = await self.session(table_id)
        await self.commit(session, lambda t: {"type": "links", "seat": Seat.parse(seat).letter})

    async def session(self, table_id: str) -> TableSession:
        """The live table, loaded from the store (replaying its events) on first use."""
        found = self.sessions.get(table_id)
        if found is not None:
            return found
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            found = self.sessions.get(table_id)
            if found is not None:
                return found
            loaded = await self._db(self.store.load, table_id)
            if loaded is None:
                raise ActionError(f"no table {table_id!r}", "no_table")
            config, events = loaded
            session = TableSession(Table.replay(table_id, config, events))
            # After a restart nobody is connected: the people who had played here count as dropped, so a
            # robot stands in for one who does not come back (one never seen yet is waited for).
            session.departed = {Seat.parse(e["seat"]) for _, e in events
                                if e.get("type") in PERSONAL_EVENTS and session.table.kinds.get(
                                    Seat.parse(str(e.get("seat", "N")))) == "human"}
            self.sessions[table_id] = session
        self._watch_absent(session)
        await self._first_deal(session)
        self._resume_pending(session)
        self.schedule_robots(session)
        return session

    async def _first_deal(self, session: TableSession) -> None:
        """Deal a new table's first board (or, if it could not be stored, try again when the table is opened)."""
        if session.table.board is not None:
            return
        try:
            await self.commit(session, lambda t: new_deal_event(t, t.config.get("seed")) if t.board is None else None)
        except ActionError as exc:
            log.warning("table %s has no deal yet: %s", session.table.id, exc)

    async def resume(self, since_seconds: float = 7 * 86400) -> int:
        """At start-up: load the tables changed lately, so that work a stopped server left undone (a robot
        on turn, a duplicate board's second table) is derived from their logs and done. Returns how many."""
        ids = await self._db(self.store.table_ids, time.time() - since_seconds, 500)
        for table_id in ids:
            try:
                await self.session(table_id)
            except Exception:  # one table that cannot load must not stop the others
                log.exception("table %s could not be resumed", table_id)
        return len(ids)

    def _resume_pending(self, session: TableSession) -> None:
        """Duplicate boards finished without their second table (the server stopped just after): redo it."""
        table = session.table
        if table.form.family != "duplicate":
            return
        for index, b in enumerate(table.boards):
            if phase(b) == "done" and "robot_table" not in b.tags:
                self._start_second_table(session, index)

    async def open_link(self, token: str) -> tuple[TableSession, Link]:
        """The live table and link a secret token opens; ActionError ``bad_token`` if it opens none."""
        link = await self._db(self.store.link, token)
        if link is None or link.seat is None:
            raise ActionError("this link is not valid: no seat has this token", "bad_token")
        session = await self.session(link.table_id)
        if not self.holds(session.table, link):
            raise ActionError("this link is no longer valid: ask the table's owner for a new one", "bad_token")
        await self._first_deal(session)
        return session, link

    @staticmethod
    def holds(table: Table, link: Link) -> bool:
        """Whether ``link`` still opens its seat at ``table`` (a person's seat, the current generation)."""
        if link.seat is None:
            return link.owner
        seat = Seat.parse(link.seat)
        return table.kinds[seat] == "human" and table.link_generation[seat] == link.generation

    async def readable(self, table_id: str, token: str | None) -> Table:
        """The table if ``token`` (a link of one of its seats, or its owner's) may read its finished deals,
        or if its owner shared it; ActionError ``no_table`` or ``forbidden`` otherwise."""
        link = None if not token else await self._db(self.store.link, token)
        table = await self.table(table_id)
        if link is not None and link.table_id == table_id and self.holds(table, link):
            return table
        if table.public:
            return table
        raise ActionError("only the people at this table (through their links) may see its deals, unless its "
                          "owner shares them", "forbidden")

    async def table(self, table_id: str) -> Table:
        """The table as its log has it: the live one if loaded, else replayed (without starting robots)."""
        found = self.sessions.get(table_id)
        if found is not None:
            return found.table
        loaded = await self._db(self.store.load, table_id)
        if loaded is None:
            raise ActionError(f"no table {table_id!r}", "no_table")
        return await asyncio.to_thread(Table.replay, table_id, *loaded)

    async def history(self, tokens: list[str], query: str = "", limit: int = 200) -> list[dict[str, Any]]:
        """The finished deals of the tables these links open, the latest table first, worked out from the
        tables' logs (nothing is kept beside them); ``query`` filters by contract, result, form or deal."""
        found: dict[str, Table] = {}
        for token in dict.fromkeys(tokens):
            link = await self._db(self.store.link, token)
            if link is None or link.table_id in found:
                continue
            try:
                table = await self.table(link.table_id)
            except ActionError:
                continue
            if self.holds(table, link):
                found[table.id] = table
        needle = query.lower()
        deals: list[dict[str, Any]] = []
        for table in found.values():
            for index in range(len(table.boards) - 1, -1, -1):
                if phase(table.boards[index]) != "done":
                    continue
                row = table.summary(index)
                if needle in " ".join(str(v) for v in row.values() if v is not None).lower():
                    deals.append(row)
        return deals[:limit]

    # --- connections ------------------------------------------------------------------------------
    async def attach(self, session: TableSession, link: Link, socket: Sender, client: str = "") -> Connection:
        """A connection for ``link``'s seat; ActionError ``too_many`` past the caps on connections."""
        seat = Seat.parse(str(link.seat))
        on_seat = sum(1 for c in session.connections if c.seat == seat)
        if on_seat >= self.limits.connections_per_seat or \
                len(session.connections) >= self.limits.connections_per_table:
            raise ActionError(f"too many connections to this table ({on_seat} on {seat}); close another tab first",
                              "too_many")
        if self.client_connections.get(client, 0) >= self.limits.connections_per_client:
            raise ActionError("too many connections from your address", "too_many")
        conn = Connection(socket, link, self.limits, client)
        self.client_connections[client] = self.client_connections.get(client, 0) + 1
        async with session.lock:
            if self.shared:
                await self._catch_up(session)
            arrived = seat not in self.connected_seats(session)
            session.connections.append(conn)
            session.departed.discard(seat)
            # A player who comes back takes the seat back from the robot standing in.
            if seat in session.table.stand_in:
                with contextlib.suppress(ActionError):
                    await self._commit_locked(session, lambda t: {"type": "robot", "seat": seat.letter, "on": False}
                                              if seat in t.stand_in else None)
            conn.send(StateMsg(self.view(session, conn)))
        if arrived:
            self.broadcast(session, skip=conn)  # the others see that this player is here
        return conn

    async def detach(self, session: TableSession, conn: Connection) -> None:
        left = self.client_connections.get(conn.client, 1) - 1
        if left > 0:
            self.client_connections[conn.client] = left
        else:
            self.client_connections.pop(conn.client, None)
        with contextlib.suppress(ValueError):  # gone already if its link was revoked
            session.connections.remove(conn)
        gone = conn.seat not in self.connected_seats(session)
        if gone and session.table.kinds[conn.seat] == "human":
            session.departed.add(conn.seat)
        await conn.close()
        if gone:
            self.broadcast(session)

    def view(self, session: TableSession, conn: Connection) -> dict[str, Any]:
        """The table as ``conn``'s seat sees it, with who is connected to this process."""
        view = session.table.view(conn.seat)
        here = self.connected_seats(session)
        for s in Seat:
            view["seats"][s.letter]["connected"] = s in here
        view["owner"] = conn.owner
        return view

    def connected_seats(self, session: TableSession) -> set[Seat]:
        return {c.seat for c in session.connections}

    # --- messages ---------------------------------------------------------------------------------
    async def handle_raw(self, session: TableSession, conn: Connection, raw: str | bytes) -> ServerMsg | None:
        """Parse and dispatch one client message; anything wrong comes back as an :class:`ErrorMsg`."""
        if not conn.bucket.take():
            conn.excess += 1
            if conn.excess > self.limits.actions_burst:
                conn.end(ErrorMsg("too many messages: the connection is closed", "rate_limited"), 4429)
            return ErrorMsg("too many messages: slow down", "rate_limited")
        conn.excess = 0
        try:
            msg = parse_client(raw)
        except MessageError as exc:
            return ErrorMsg(str(exc), "bad_message")
        return await self.handle(session, conn, msg)

    async def handle(self, session: TableSession, conn: Connection, msg: ClientMsg) -> ServerMsg | None:
        if not self.holds(session.table, conn.link):
            conn.end(ErrorMsg("this link is no longer valid: ask the table's owner for a new one", "revoked",
                              msg.type), 4403)
            return None
        handler = self.handlers[type(msg)]
        try:
            if type(msg) in OWNER_ONLY and not conn.owner:
                raise ActionError("only the table's owner (who made it) manages its links and sharing", "not_owner")
            if type(msg) in ACTING and session.table.is_robot(conn.seat):
                raise ActionError(f"a robot plays for {conn.seat} now: open your link again to take the seat back",
                                  "not_your_seat")
            return await handler(session, conn, msg)
        except ActionError as exc:
            return ErrorMsg(str(exc), exc.code, msg.type)
        except RedoubleError as exc:
            return ErrorMsg(str(exc), "illegal", msg.type)

    @staticmethod
    def _for_seat(msg: CallMsg | CardMsg, seat: Seat, table: Table) -> None:
        """An action that names a seat must name the sender's (or, for a card, dummy's when declaring)."""
        if msg.seat is None:
            return
        try:
            named = Seat.parse(msg.seat)
        except RedoubleError:
            raise ActionError(f"no such seat {msg.seat!r}", "invalid") from None
        b = table.board
        dummy_ok = isinstance(msg, CardMsg) and b is not None and b.play is not None \
            and named == b.play.dummy and seat == b.play.declarer
        if named != seat and not dummy_ok:
            raise ActionError(f"you hold the {seat} seat, not {named}", "not_your_seat")

    async def _on_call(self, session: TableSession, conn: Connection, msg: CallMsg) -> None:
        seat = conn.seat
        self._for_seat(msg, seat, session.table)
        await self.commit(session, lambda t: {"type": "call", "seat": seat.letter, "call": msg.call,
                                              "alert": msg.alert, "explanation": msg.explanation or None})

    async def _on_card(self, session: TableSession, conn: Connection, msg: CardMsg) -> None:
        seat = conn.seat
        self._for_seat(msg, seat, session.table)
        await self.commit(session, lambda t: {"type": "card", "seat": seat.letter, "card": msg.card})

    async def _on_claim(self, session: TableSession, conn: Connection, msg: ClaimMsg) -> None:
        await self.commit(session, lambda t: {"type": "claim", "seat": conn.seat.letter, "tricks": msg.tricks})

    async def _on_claim_answer(self, session: TableSession, conn: Connection, msg: ClaimAnswerMsg) -> None:
        await self.commit(session, lambda t: {"type": "claim_answer", "seat": conn.seat.letter,
                                              "accept": msg.accept})

    async def _on_undo(self, session: TableSession, conn: Connection, msg: UndoMsg) -> None:
        await self.commit(session, lambda t: {"type": "undo", "seat": conn.seat.letter})

    async def _on_mini_contract(self, session: TableSession, conn: Connection, msg: MiniContractMsg) -> None:
        await self.commit(session, lambda t: {"type": "mini_contract", "seat": conn.seat.letter,
                                              "strain": msg.strain, "game": msg.game})

    async def _on_robot(self, session: TableSession, conn: Connection, msg: RobotMsg) -> None:
        try:
            other = Seat.parse(msg.seat)
        except RedoubleError:
            raise ActionError(f"no such seat {msg.seat!r}", "invalid") from None
        if other == conn.seat:
            raise ActionError("a robot can stand in only for another, absent player", "invalid")
        if msg.on and other in self.connected_seats(session):
            raise ActionError(f"{other} is at the table: a robot stands in only for an absent player", "invalid")
        await self.commit(session, lambda t: {"type": "robot", "seat": other.letter, "on": msg.on})

    async def _on_next(self, session: TableSession, conn: Connection, msg: NextDealMsg) -> None:
        def make(t: Table) -> Event | None:
            if t.board is not None and phase(t.board) != "done":
                raise ActionError("the current deal is not finished yet", "not_finished")
            return new_deal_event(t, t.config.get("seed"))

        await self.commit(session, make)

    async def _on_hint(self, session: TableSession, conn: Connection, msg: HintMsg) -> ServerMsg:
        """What the robot would do in the asker's place, from what the asker may see. A hint that thinks (the
        sampling player, or judging a claim on layouts of the unseen cards) does so in a worker process."""
        table = session.table
        b = table.board
        claim = b is not None and b.play is not None and b.play.claim is not None
        if not self.threaded_robots or (table.fast_robots and not claim):
            choice = table.hint(conn.seat)
        else:
            if table.actor() != conn.seat:  # said at once, without a worker
                raise ActionError("a hint is for the seat on turn: it is not your turn", "out_of_turn")
            choice = await self.workers.run(advise, table.for_thinking(), conn.seat, key=table.id)
        return HintReply(choice.action, choice.reason)

    async def _on_ping(self, session: TableSession, conn: Connection, msg: PingMsg) -> ServerMsg:
        return PongMsg()

    def _friend_seat(self, table: Table, conn: Connection, text: str) -> Seat:
        try:
            seat = Seat.parse(text)
        except RedoubleError:
            raise ActionError(f"no such seat {text!r}", "invalid") from None
        if seat == conn.seat:
            raise ActionError(f"you sit at {seat} yourself: links are for your friends' seats", "invalid")
        if table.kinds[seat] != "human":
            raise ActionError(f"{seat} is a robot's seat: it has no links", "invalid")
        return seat

    async def _on_invite(self, session: TableSession, conn: Connection, msg: InviteMsg) -> ServerMsg:
        seat = self._friend_seat(session.table, conn, msg.seat)
        token = secrets.token_urlsafe(24)
        await self.commit(session, lambda t: {"type": "links", "seat": seat.letter},
                          links=lambda t: {token: Link(t.id, seat.letter, generation=t.link_generation[seat])})
        return InviteReply(seat.letter, token)

    async def _on_revoke(self, session: TableSession, conn: Connection, msg: RevokeMsg) -> None:
        seat = self._friend_seat(session.table, conn, msg.seat)
        await self.commit(session, lambda t: {"type": "links", "seat": seat.letter})

    async def _on_share(self, session: TableSession, conn: Connection, msg: ShareMsg) -> None:
        await self.commit(session, lambda t: {"type": "public", "on": msg.on} if t.public != msg.on else None)

    # --- changes ----------------------------------------------------------------------------------
    async def _db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A store call in a thread: the event loop keeps serving other tables while the disk works."""
        return await asyncio.to_thread(fn, *args)

    async def _catch_up(self, session: TableSession) -> None:
        """Apply the events stored since the table's last one (by other processes, or by a store call that
        failed after all)."""
        newer = await self._db(self.store.events_since, session.table.id, session.table.seq)
        if not newer:
            return
        table = session.table.copy()
        for seq, event in newer:
            table.apply(event)
            table.seq = seq
        session.table = table

    async def commit(self, session: TableSession, make: EventMaker, links: LinkMaker | None = None) -> bool:
        """Check, store and announce the event ``make`` builds from the table; False if it built none."""
        async with session.lock:
            done = await self._commit_locked(session, make, links=links)
        if done:
            self.schedule_robots(session)
        return done

    async def _commit_locked(self, session: TableSession, make: EventMaker, announce: bool = True,
                             links: LinkMaker | None = None) -> bool:
        for _attempt in range(20):
            if self.shared:
                await self._catch_up(session)
            table = session.table
            event = make(table)
            if event is None:
                if table.seq != session.sent_seq:  # caught up with another process's events
                    self.broadcast(session)
                return False
            # Checked on a copy: the table itself changes only once the event is stored.
            after = table.copy()
            try:
                after.apply(event)
            except ActionError:
                raise
            except (RedoubleError, KeyError, ValueError, TypeError) as exc:
                raise ActionError(str(exc), "invalid") from None
            seq = table.seq + 1
            try:
                stored = await self._db(self.store.append, table.id, seq, event, links(after) if links else None)
            except StoreError as exc:
                log.warning("table %s: %s", table.id, exc)
                with contextlib.suppress(StoreError):
                    await self._catch_up(session)  # in case it was stored after all
                if session.table.seq >= seq:
                    stored = True
                else:
                    raise ActionError(f"the table could not be saved, so nothing changed; try again in a moment "
                                      f"({exc})", "store_error") from None
            if not stored:
                await self._catch_up(session)  # another process got there first
                continue
            if session.table is table:
                after.seq = seq
                session.table = after
            was_done = table.board is not None and phase(table.board) == "done"
            self._after(session, was_done)
            if announce:
                await self._announce(session)
            return True
        raise ActionError("the table is busy; try again", "busy")

    def _after(self, session: TableSession, was_done: bool) -> None:
        """When a duplicate board has just finished: the robots' second table; and whoever listens for
        finished boards (a club event records its result) hears of it."""
        table = session.table
        b = table.board
        if b is None or was_done or phase(b) != "done":
            return
        if table.form.family == "duplicate" and "robot_table" not in b.tags and second_table_job(
                table, len(table.boards) - 1) is not None:
            self._start_second_table(session, len(table.boards) - 1)
        for listener in self.board_listeners:
            task = asyncio.create_task(listener(table, len(table.boards) - 1))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _announce(self, session: TableSession) -> None:
        self.broadcast(session)
        if self.bus is not None:
            await self.bus.publish(session.table.id, session.table.seq)

    def _start_second_table(self, session: TableSession, index: int) -> None:
        if index in session.pending:
            return
        session.pending.add(index)
        task = asyncio.create_task(self._second_table(session, index))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _second_table(self, session: TableSession, index: int) -> None:
        """Duplicate practice: the robots play the board at a second table; the result is an event."""
        try:
            job = second_table_job(session.table, index)
            if job is None:
                return
            # In a worker process: the robots' Python would hold the interpreter lock for about 0.1 s and
            # stall every other table (see benchmarks/server_load.py --form duplicate).
            event = await self.heavy(second_table, *job, key=session.table.id, background=True)
            if event is None:
                return
            for pause in (*STORE_RETRY, None):
                try:
                    await self.commit(session, lambda t: event if "robot_table" not in t.boards[index].tags else None)
                    return
                except ActionError as exc:
                    if exc.code != "store_error" or pause is None:
                        raise
                    await asyncio.sleep(pause)
        except Exception:
            log.exception("second table failed at table %s", session.table.id)
        finally:
            session.pending.discard(index)

    async def heavy(self, fn: Callable[..., Any], *args: Any, key: str = "", background: bool = False) -> Any:
        """``fn(*args)`` in the worker processes (``fn`` and its arguments are plain, picklable values), in
        ``key``'s turn (a table's id; see :class:`~redouble.web.workers.Workers`)."""
        return await self.workers.run(fn, *args, key=key, background=background)

    def broadcast(self, session: TableSession, skip: Connection | None = None) -> None:
        session.sent_seq = session.table.seq
        self._watch_absent(session)
        views: dict[tuple[Seat, bool], str] = {}
        for conn in list(session.connections):
            if conn is skip:
                continue
            if not self.holds(session.table, conn.link):
                session.connections.remove(conn)
                conn.end(ErrorMsg("this link is no longer valid: the table's owner gave the seat a new one",
                                  "revoked"), 4403)
                continue
            key = (conn.seat, conn.owner)
            if key not in views:
                views[key] = StateMsg(self.view(session, conn)).to_json()
            conn.send(views[key])

    async def remote_change(self, table_id: str) -> None:
        """Another process changed ``table_id``: catch up and tell our players."""
        session = self.sessions.get(table_id)
        if session is None:
            return
        async with session.lock:
            await self._catch_up(session)
            if session.table.seq != session.sent_seq:
                self.broadcast(session)
        # The process that stored the event drives the robots after it; a process that loads the table
        # later (after a restart) takes over then.

    # --- absent players ---------------------------------------------------------------------------
    def _watch_absent(self, session: TableSession) -> None:
        """Start the grace period when the seat on turn is a person whose connection dropped."""
        if self.stand_in_after is None:
            return
        table = session.table
        seat = table.actor()
        waiting = seat is not None and seat in session.departed and not table.is_robot(seat) \
            and seat not in self.connected_seats(session)
        key = (seat, table.seq) if waiting and seat is not None else None
        if key == session.stand_in_key:
            return
        if session.stand_in_timer is not None:
            session.stand_in_timer.cancel()
            session.stand_in_timer = None
        session.stand_in_key = key
        if key is not None:
            session.stand_in_timer = asyncio.create_task(self._stand_in_later(session, key))

    async def _stand_in_later(self, session: TableSession, key: tuple[Seat, int]) -> None:
        assert self.stand_in_after is not None
        await asyncio.sleep(self.stand_in_after)
        seat, seq = key
        session.stand_in_timer = None  # done waiting: the commit below must not cancel this task

        def make(t: Table) -> Event | None:
            still = t.seq == seq and t.actor() == seat and seat in session.departed and not t.is_robot(seat) \
                and seat not in self.connected_seats(session)
            return {"type": "robot", "seat": seat.letter, "on": True, "auto": True} if still else None

        try:
            await self.commit(session, make)
        except Exception:
            log.exception("stand-in failed at table %s", session.table.id)

    # --- robots -----------------------------------------------------------------------------------
    def schedule_robots(self, session: TableSession) -> None:
        if session.table.robot_to_act() is None:
            return
        if session.driver is None or session.driver.done():
            session.driver = asyncio.create_task(self._drive(session))

    async def _drive(self, session: TableSession) -> None:
        """Let the robots on turn act, one after the other. A robot thinks without the table's lock (in a
        worker process for strong robots); its event is stored only if the table has not moved meanwhile."""
        failures = 0
        try:
            while session.table.robot_to_act() is not None:
                if self.robot_delay > 0:
                    await asyncio.sleep(self.robot_delay)
                try:
                    if session.table.fast_robots and self.robot_delay <= 0 and not _answering_claim(session.table):
                        await self._drive_fast(session)
                    else:
                        table = session.table
                        event = await self._think(table)
                        async with session.lock:
                            if session.table is not table:  # someone acted meanwhile: think again
                                continue
                            await self._commit_locked(session, _constant(event))
                    failures = 0
                except ActionError as exc:
                    if exc.code != "store_error":
                        raise
                    # The store fails (a full disk): the players are told, and the robot tries again later.
                    for conn in session.connections:
                        conn.send(ErrorMsg(str(exc), exc.code))
                    await asyncio.sleep(STORE_RETRY[min(failures, len(STORE_RETRY) - 1)])
                    failures += 1
        except Exception:  # keep the server up; the next action will try again
            log.exception("robot driver failed at table %s", session.table.id)

    async def _drive_fast(self, session: TableSession) -> None:
        """Fast robots with no pause: they act one after the other under the lock (each answers in a fraction
        of a millisecond) and the players get one state at the end (it shows the current and the last
        trick, so nothing is missed)."""
        async with session.lock:
            acted = False
            try:
                while session.table.robot_to_act() is not None and not _answering_claim(session.table):
                    if not await self._commit_locked(session, lambda t: t.robot_event(), announce=False):
                        break
                    acted = True
            finally:
                if acted:
                    await self._announce(session)

    async def _think(self, table: Table) -> Event | None:
        """The event of the robot on turn at ``table``: strong robots think in a worker process, within the
        budget the workers can give this table now. Should the worker fail (killed, say), the robot plays
        by rules of thumb this once rather than keep the table waiting. Fast robots decide at once, but
        answer a claim in a worker too (it is tried on many layouts)."""
        if (table.fast_robots and not _answering_claim(table)) or not self.threaded_robots:
            return table.robot_event()
        budget = self.workers.budget(table.id, DEFAULT_BUDGET)
        try:
            event: Event | None = await self.workers.run(think, table.for_thinking(), budget, key=table.id)
        except Exception:
            log.exception("a robot's thinking failed at table %s; it plays by rules of thumb", table.id)
            simple = table.for_thinking()
            simple.fast_robots = True
            return simple.robot_event()
        return event

    async def close(self) -> None:
        for session in self.sessions.values():
            if session.driver is not None:
                session.driver.cancel()
            if session.stand_in_timer is not None:
                session.stand_in_timer.cancel()
            for conn in list(session.connections):
                await conn.close()
        for task in list(self._background):
            task.cancel()
        self.workers.close()
