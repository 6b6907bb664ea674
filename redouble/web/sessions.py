"""Live tables: one lock per table, the message dispatch table, robots on turn, broadcasts, storage.

The :class:`Manager` owns the tables a server process has loaded. Every change goes through
:meth:`Manager.commit` under the table's lock: the event is checked by replaying it on the table, stored
(with its sequence number) and only then sent to the players. With a shared store (PostgreSQL) the table
first catches up with events other processes stored; a race for the same sequence number is detected by
the store and the loser rebuilds the table and tries again. A :class:`~redouble.web.bus.Bus` tells other
processes that a table changed.

The event loop never waits on the disk or on heavy work: every store call runs in a thread
(``asyncio.to_thread``), awaited under the table's lock, so one table's events are still stored and sent
in order; the end-of-deal work of duplicate practice (the robots' second table and the double-dummy
analysis, about 0.1 s of CPU in Python) runs in a pool of worker processes, so it neither holds the
interpreter lock nor delays other tables' actions.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from redouble.cards import Seat
from redouble.errors import RedoubleError
from redouble.web import forms
from redouble.web.messages import (
    CallMsg,
    CardMsg,
    ClaimAnswerMsg,
    ClaimMsg,
    ClientMsg,
    ErrorMsg,
    HintMsg,
    HintReply,
    MessageError,
    MiniContractMsg,
    NextDealMsg,
    PingMsg,
    PongMsg,
    RobotMsg,
    ServerMsg,
    StateMsg,
    UndoMsg,
    parse_client,
)
from redouble.web.store import Event, Store
from redouble.web.table import (
    ActionError,
    Table,
    new_deal_event,
    phase,
    second_table,
    second_table_job,
)

log = logging.getLogger("redouble.web")

EventMaker = Callable[[Table], Event | None]
PERSONAL_EVENTS = {"call", "card", "claim", "claim_answer", "mini_contract", "undo"}


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...


class Connection:
    """One client socket; messages queue up and a writer task sends them in order."""

    def __init__(self, socket: Sender, seat: Seat) -> None:
        self.socket = socket
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.task = asyncio.create_task(self._writer())

    async def _writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.socket.send_text(text)
            except Exception:  # the client went away; the reader will notice and detach
                return

    def send(self, msg: ServerMsg | str) -> None:
        self.queue.put_nowait(msg if isinstance(msg, str) else msg.to_json())

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


class Bus(Protocol):
    origin: str

    async def publish(self, table_id: str, seq: int) -> None: ...


def _background_priority() -> None:
    """In a worker process: yield the cores to the event loop, whose players are waiting."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


class Manager:
    """The tables of one server process over a store (and, with several processes, a bus)."""

    def __init__(self, store: Store, *, robot_delay: float = 0.0, shared: bool = False,
                 seed: str | None = None, threaded_robots: bool = True, robots: str = "strong",
                 heavy_workers: int | None = None, stand_in_after: float | None = 60.0) -> None:
        self.store = store
        # A robot stands in for a person whose connection dropped once they keep the table waiting this long
        # (None: never). Connections are known per process: with a shared store it is left to the players.
        self.stand_in_after = None if shared else stand_in_after
        # Worker processes for the end-of-deal work (None: one per core but one, at least one; 0: a thread).
        self.heavy_workers = max(1, (os.cpu_count() or 2) - 1) if heavy_workers is None else heavy_workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self.robot_delay = robot_delay
        self.shared = shared
        self.seed = seed
        self.threaded_robots = threaded_robots
        self.robots = robots
        self.bus: Bus | None = None
        self.sessions: dict[str, TableSession] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._created = 0
        self._background: set[asyncio.Task[None]] = set()
        self.handlers: dict[type[ClientMsg], Callable[[TableSession, Seat, Any], Awaitable[ServerMsg | None]]] = {
            CallMsg: self._on_call, CardMsg: self._on_card, ClaimMsg: self._on_claim,
            ClaimAnswerMsg: self._on_claim_answer, UndoMsg: self._on_undo, HintMsg: self._on_hint,
            NextDealMsg: self._on_next, RobotMsg: self._on_robot, MiniContractMsg: self._on_mini_contract,
            PingMsg: self._on_ping,
        }

    # --- tables -----------------------------------------------------------------------------------
    async def create_table(self, form: str, seat: str, invite: list[str] | None = None,
                           options: dict[str, Any] | None = None) -> dict[str, Any]:
        """A new table with the creator at ``seat``, people invited at ``invite``, robots elsewhere."""
        forms.get_form(form)
        me = Seat.parse(seat)
        humans = {me} | {Seat.parse(s) for s in (invite or [])}
        table_id = secrets.token_urlsafe(9)
        tokens = {s.letter: secrets.token_urlsafe(18) for s in Seat}
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
        await self._db(self.store.create_table, table_id, config, tokens)
        session = await self.session(table_id)
        await self.commit(session, lambda t: new_deal_event(t, t.config.get("seed")))
        return {"table": table_id, "seat": me.letter, "token": tokens[me.letter],
                "tokens": {s: tok for s, tok in tokens.items()}}

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
        self.schedule_robots(session)
        return session

    async def seat_for_token(self, token: str) -> tuple[str, Seat] | None:
        found = await self._db(self.store.seat_for_token, token)
        return None if found is None else (found[0], Seat.parse(found[1]))

    async def attach(self, session: TableSession, seat: Seat, socket: Sender) -> Connection:
        conn = Connection(socket, seat)
        async with session.lock:
            if self.shared:
                await self._catch_up(session)
            session.connections.append(conn)
            session.departed.discard(seat)
            # A player who comes back takes the seat back from the robot standing in.
            if seat in session.table.stand_in:
                await self._commit_locked(session, lambda t: {"type": "robot", "seat": seat.letter, "on": False}
                                          if seat in t.stand_in else None)
            conn.send(StateMsg(self.view(session, seat)))
        self.broadcast(session, skip=conn)  # the others see that this player is here
        return conn

    async def detach(self, session: TableSession, conn: Connection) -> None:
        with contextlib.suppress(ValueError):
            session.connections.remove(conn)
        if conn.seat not in self.connected_seats(session) and session.table.kinds[conn.seat] == "human":
            session.departed.add(conn.seat)
        await conn.close()
        self.broadcast(session)

    def view(self, session: TableSession, seat: Seat) -> dict[str, Any]:
        """The table as ``seat`` sees it, with who is connected to this process."""
        view = session.table.view(seat)
        here = self.connected_seats(session)
        for s in Seat:
            view["seats"][s.letter]["connected"] = s in here
        return view

    def connected_seats(self, session: TableSession) -> set[Seat]:
        return {c.seat for c in session.connections}

    # --- messages ---------------------------------------------------------------------------------
    async def handle_raw(self, session: TableSession, seat: Seat, raw: str | bytes) -> ServerMsg | None:
        """Parse and dispatch one client message; anything wrong comes back as an :class:`ErrorMsg`."""
        try:
            msg = parse_client(raw)
        except MessageError as exc:
            return ErrorMsg(str(exc), "bad_message")
        return await self.handle(session, seat, msg)

    async def handle(self, session: TableSession, seat: Seat, msg: ClientMsg) -> ServerMsg | None:
        handler = self.handlers[type(msg)]
        try:
            return await handler(session, seat, msg)
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

    async def _on_call(self, session: TableSession, seat: Seat, msg: CallMsg) -> None:
        self._for_seat(msg, seat, session.table)
        await self.commit(session, lambda t: {"type": "call", "seat": seat.letter, "call": msg.call,
                                              "alert": msg.alert, "explanation": msg.explanation or None})

    async def _on_card(self, session: TableSession, seat: Seat, msg: CardMsg) -> None:
        self._for_seat(msg, seat, session.table)
        await self.commit(session, lambda t: {"type": "card", "seat": seat.letter, "card": msg.card})

    async def _on_claim(self, session: TableSession, seat: Seat, msg: ClaimMsg) -> None:
        await self.commit(session, lambda t: {"type": "claim", "seat": seat.letter, "tricks": msg.tricks})

    async def _on_claim_answer(self, session: TableSession, seat: Seat, msg: ClaimAnswerMsg) -> None:
        await self.commit(session, lambda t: {"type": "claim_answer", "seat": seat.letter, "accept": msg.accept})

    async def _on_undo(self, session: TableSession, seat: Seat, msg: UndoMsg) -> None:
        await self.commit(session, lambda t: {"type": "undo", "seat": seat.letter})

    async def _on_mini_contract(self, session: TableSession, seat: Seat, msg: MiniContractMsg) -> None:
        await self.commit(session, lambda t: {"type": "mini_contract", "seat": seat.letter, "strain": msg.strain,
                                              "game": msg.game})

    async def _on_robot(self, session: TableSession, seat: Seat, msg: RobotMsg) -> None:
        try:
            other = Seat.parse(msg.seat)
        except RedoubleError:
            raise ActionError(f"no such seat {msg.seat!r}", "invalid") from None
        if other == seat:
            raise ActionError("a robot can stand in only for another, absent player", "invalid")
        if msg.on and other in self.connected_seats(session):
            raise ActionError(f"{other} is at the table: a robot stands in only for an absent player", "invalid")
        await self.commit(session, lambda t: {"type": "robot", "seat": other.letter, "on": msg.on})

    async def _on_next(self, session: TableSession, seat: Seat, msg: NextDealMsg) -> None:
        def make(t: Table) -> Event | None:
            if t.board is not None and phase(t.board) != "done":
                raise ActionError("the current deal is not finished yet", "not_finished")
            return new_deal_event(t, t.config.get("seed"))

        await self.commit(session, make)

    async def _on_hint(self, session: TableSession, seat: Seat, msg: HintMsg) -> ServerMsg:
        async with session.lock:
            if self.shared:
                await self._catch_up(session)
            if session.table.fast_robots:
                choice = session.table.hint(seat)
            else:
                choice = await self._robot_call(session.table.hint, seat)
        return HintReply(choice.action, choice.reason)

    async def _on_ping(self, session: TableSession, seat: Seat, msg: PingMsg) -> ServerMsg:
        return PongMsg()

    async def _robot_call(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self.threaded_robots:
            return await asyncio.to_thread(fn, *args)
        return fn(*args)

    # --- changes ----------------------------------------------------------------------------------
    async def _db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A store call in a thread: the event loop keeps serving other tables while the disk works."""
        return await asyncio.to_thread(fn, *args)

    async def _catch_up(self, session: TableSession) -> None:
        table = session.table
        for seq, event in await self._db(self.store.events_since, table.id, table.seq):
            table.apply(event)
            table.seq = seq

    async def _rebuild(self, session: TableSession) -> None:
        loaded = await self._db(self.store.load, session.table.id)
        assert loaded is not None
        config, events = loaded
        session.table = Table.replay(session.table.id, config, events)

    async def commit(self, session: TableSession, make: EventMaker) -> bool:
        """Check, store and announce the event ``make`` builds from the table; False if it built none."""
        async with session.lock:
            done = await self._commit_locked(session, make)
        if done:
            self.schedule_robots(session)
        return done

    async def _commit_locked(self, session: TableSession, make: EventMaker, robot: bool = False,
                             announce: bool = True) -> bool:
        for _attempt in range(20):
            if self.shared:
                await self._catch_up(session)
            table = session.table
            # Fast robots answer in a fraction of a millisecond: a thread would cost more than it saves.
            event = await self._robot_call(make, table) if robot and not table.fast_robots else make(table)
            if event is None:
                if table.seq != session.sent_seq:  # caught up with another process's events
                    self.broadcast(session)
                return False
            before = table.board
            was_done = before is not None and phase(before) == "done"
            try:
                table.apply(event)
            except ActionError:
                raise
            except (RedoubleError, KeyError, ValueError, TypeError) as exc:
                # The table may be half changed: rebuild it from the store before reporting.
                await self._rebuild(session)
                raise ActionError(str(exc), "invalid") from None
            seq = table.seq + 1
            if not await self._db(self.store.append, table.id, seq, event):
                await self._rebuild(session)  # another process got there first
                continue
            table.seq = seq
            await self._after(session, was_done)
            if announce:
                await self._announce(session)
            return True
        raise ActionError("the table is busy; try again", "busy")

    async def _after(self, session: TableSession, was_done: bool) -> None:
        """Bookkeeping when a board has just finished: the history, and duplicate's second table."""
        table = session.table
        b = table.board
        if b is None or was_done or phase(b) != "done" or len(table.boards) == 0:
            return
        index = len(table.boards) - 1
        if table.form.family == "duplicate" and "robot_table" not in b.tags:
            # The robots' second table and the solver take a while: not under the table's lock.
            task = asyncio.create_task(self._second_table(session, index))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        summary = table.summary(index)
        search = " ".join(str(v) for v in summary.values() if v is not None)
        await self._db(self.store.record_deal, table.id, index, summary, search)

    async def _announce(self, session: TableSession) -> None:
        self.broadcast(session)
        if self.bus is not None:
            await self.bus.publish(session.table.id, session.table.seq)

    async def _second_table(self, session: TableSession, index: int) -> None:
        """Duplicate practice: the robots play the board at a second table; the result is an event."""
        try:
            job = second_table_job(session.table, index)
            if job is None:
                return
            # In a worker process: the robots' Python would hold the interpreter lock for about 0.1 s and
            # stall every other table (see benchmarks/server_load.py --form duplicate).
            event = await self.heavy(second_table, *job)
            if event is not None:
                await self.commit(session, lambda t: event if "robot_table" not in t.boards[index].tags else None)
        except Exception:
            log.exception("second table failed at table %s", session.table.id)

    async def heavy(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the worker processes (``fn`` and its arguments are plain, picklable values)."""
        if self.heavy_workers <= 0:
            return await asyncio.to_thread(fn, *args)
        if self._pool is None:
            # "spawn": a fork of a process with threads and a running event loop is not safe.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.heavy_workers, mp_context=multiprocessing.get_context("spawn"), initializer=_background_priority)
        pool = self._pool
        try:
            return await asyncio.wrap_future(pool.submit(fn, *args))
        except concurrent.futures.process.BrokenProcessPool:
            # A worker died (killed, out of memory): the next job gets a fresh pool.
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def broadcast(self, session: TableSession, skip: Connection | None = None) -> None:
        session.sent_seq = session.table.seq
        self._watch_absent(session)
        views: dict[Seat, str] = {}
        for conn in session.connections:
            if conn is skip:
                continue
            if conn.seat not in views:
                views[conn.seat] = StateMsg(self.view(session, conn.seat)).to_json()
            conn.send(views[conn.seat])

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
        try:
            if self.robot_delay <= 0:
                # No pause wanted: the robots on turn act one after the other and the players get one state
                # at the end (it shows the current and the last trick, so nothing is missed).
                async with session.lock:
                    acted = False
                    try:
                        while session.table.robot_to_act() is not None:
                            if not await self._commit_locked(session, lambda t: t.robot_event(), robot=True,
                                                             announce=False):
                                break
                            acted = True
                    finally:
                        if acted:
                            await self._announce(session)
                return
            while session.table.robot_to_act() is not None:
                await asyncio.sleep(self.robot_delay)
                async with session.lock:
                    acted = await self._commit_locked(session, lambda t: t.robot_event(), robot=True)
                if not acted:
                    break
        except Exception:  # keep the server up; the next action will try again
            log.exception("robot driver failed at table %s", session.table.id)

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
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
