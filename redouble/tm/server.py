"""A Table Manager: four player programs (eight with two tables) connect over TCP and play a session.

The Table Manager deals, relays every call and card to the players who may see it, enforces the laws
and the protocol's order, keeps each side's think time and records every board as played.

What it does when a player goes wrong (the protocol itself has no errors):

- a line it cannot read, or a message that is not the one due from that player now (out of turn, the
  wrong seat, the wrong trick), gets ``Error : <what was wrong and what was expected>`` and is ignored;
- an illegal call or card gets ``Error : illegal call|card: <why>`` and the same player is asked again;
- a player with more than ``max_errors`` such mistakes in the session, one that says nothing for
  ``timeout`` seconds when a message is due from it, or one that disconnects, is dropped: the session
  ends for everyone (``Error : ...`` then ``End of session`` to the others), the boards finished so far
  stay recorded and scored, and :meth:`TableManager.run` raises :class:`SessionAborted` saying which
  seat, which board and why.

>>> tm = TableManager(deals(2, seed=1))
>>> [b.number for b in tm.boards], tm.tables
([1, 2], 1)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from redouble.auction import Annotation
from redouble.board import Board
from redouble.cards import SEATS, Seat
from redouble.errors import IllegalCallError, IllegalCardError, ParseError, RedoubleError
from redouble.match import MatchResult, match_deals, score_tables, table_board
from redouble.tm.connection import MAX_LINE, ConnectionLost, LineConnection
from redouble.tm.protocol import (
    SEAT_NAMES,
    BoardInfo,
    CallMade,
    CardPlayed,
    Cards,
    Connect,
    EndOfSession,
    ErrorMessage,
    Message,
    Ready,
    ReadyForCall,
    ReadyForCard,
    Seated,
    StartOfBoard,
    Teams,
    Timing,
    ToLead,
    parse,
)

T = TypeVar("T")
SEAT_NAME = dict(zip(SEATS, SEAT_NAMES, strict=True))
EVENT = "Redouble Table Manager"


class SessionAborted(RedoubleError):
    """A player was dropped and the session ended early; ``boards`` holds the boards finished before."""

    def __init__(self, message: str, boards: Sequence[Board] = ()) -> None:
        super().__init__(message)
        self.boards = list(boards)


class _Dropped(Exception):
    """A player had to leave (``seat`` None: the session never started)."""

    def __init__(self, seat: Seat | None, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


def deals(boards: int, seed: int = 0) -> list[Board]:
    """``boards`` boards dealt as ``redouble match --seed`` deals them, numbered from 1."""
    return [Board.from_number(n, deal=d) for n, d in enumerate(match_deals(boards, seed), start=1)]


@dataclass
class _Table:
    number: int
    ns: str = ""
    ew: str = ""
    players: dict[Seat, LineConnection] = field(default_factory=dict)
    errors: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(SEATS, 0))
    full: asyncio.Event = field(default_factory=asyncio.Event)
    think: list[float] = field(default_factory=lambda: [0.0, 0.0])  # N/S, E/W seconds in all
    boards: list[Board] = field(default_factory=list)

    @property
    def room(self) -> str:
        return "Open" if self.number == 1 else "Closed"


@dataclass
class SessionResult:
    """What a session produced: each table's boards as played, each side's think time (seconds) at each
    table, and with two tables the match in IMPs (team A North-South at table 1)."""

    tables: list[list[Board]]
    think: list[tuple[float, float]]
    match: MatchResult | None = None

    def all_boards(self) -> list[Board]:
        return sorted((b for boards in self.tables for b in boards),
                      key=lambda b: (b.number or 0, b.tags.get("Room", "")))


class TableManager:
    """Plays ``boards`` (their deals, numbers, dealers and vulnerability) at one table, or with
    ``two_tables`` at two, team A North-South at the first and East-West at the second.

    ``teams``: the names announced (default: the names the players connect with; with two tables, team A
    is the first to connect); ``timeout``: seconds a player may take over any message due from it;
    ``seating_timeout``: seconds to wait for all players to connect (None: for ever); ``on_board`` is
    called with each board as it ends (to record it); ``log`` with a line on each event; ``clock`` gives
    the seconds that think time is measured in.
    """

    def __init__(self, boards: Sequence[Board], *, teams: tuple[str, str] | None = None, two_tables: bool = False,
                 timeout: float = 60.0, seating_timeout: float | None = 300.0, max_errors: int = 3,
                 event: str = EVENT, on_board: Callable[[Board], None] | None = None,
                 log: Callable[[str], None] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        if not boards:
            raise RedoubleError("a session needs at least one board")
        self.boards = list(boards)
        self.teams = teams
        self.tables = 2 if two_tables else 1
        self.timeout = timeout
        self.seating_timeout = seating_timeout
        self.max_errors = max_errors
        self.event = event
        self.on_board = on_board
        self.log = log or (lambda line: None)
        self.clock = clock
        self._tables = [_Table(k + 1) for k in range(self.tables)]
        self._team_names: list[str] = list(teams) if teams else []
        self._connections: set[LineConnection] = set()
        self._finished = asyncio.Event()
        self.address: tuple[str, int] | None = None

    # --- the session ------------------------------------------------------------------------------
    async def run(self, host: str = "127.0.0.1", port: int = 2000,
                  started: Callable[[tuple[str, int]], Awaitable[None] | None] | None = None) -> SessionResult:
        """Listen on ``host``:``port`` (0: any free port), play the session, return its result.

        ``started`` is called with the address once the Table Manager listens."""
        server = await asyncio.start_server(self._greet, host, port, limit=MAX_LINE)
        self.address = server.sockets[0].getsockname()[:2]
        self.log(f"Table Manager listening on {self.address[0]}:{self.address[1]}")
        try:
            if started is not None:
                maybe = started(self.address)
                if maybe is not None:
                    await maybe
            async with server:
                await self._together(*(self._run_table(t) for t in self._tables))
        except _Dropped as dropped:
            raise SessionAborted(dropped.reason, [b for t in self._tables for b in t.boards]) from None
        finally:
            self._finished.set()
            await asyncio.gather(*(conn.close() for conn in list(self._connections)))
        return self._result()

    def _result(self) -> SessionResult:
        tables = [list(t.boards) for t in self._tables]
        think = [(t.think[0], t.think[1]) for t in self._tables]
        match = None
        if self.tables == 2:
            closed = {b.number: b for b in tables[1]}
            results = tuple(score_tables(b.number or 0, b, closed[b.number]) for b in tables[0] if b.number in closed)
            match = MatchResult(self._tables[0].ns, self._tables[0].ew, results)
        return SessionResult(tables, think, match)

    async def _run_table(self, table: _Table) -> None:
        try:
            await asyncio.wait_for(table.full.wait(), self.seating_timeout)
        except TimeoutError:
            seated = ", ".join(SEAT_NAME[s] for s in table.players) or "nobody"
            await self._end(table, f"not all players connected within {self.seating_timeout:g} seconds "
                                   f"(seated at table {table.number}: {seated})")
            raise _Dropped(None, f"table {table.number}: not all players connected within "
                                       f"{self.seating_timeout:g} seconds (seated: {seated})") from None
        try:
            await self._each_ready(table, "teams")
            await self._broadcast(table, Teams(table.ns, table.ew))
            await self._each_ready(table, "start")
            for template in self.boards:
                board = await self._play_board(table, template)
                table.boards.append(board)
                if self.on_board is not None:
                    self.on_board(board)
            await self._broadcast(table, EndOfSession())
        except _Dropped as dropped:
            where = f"table {table.number}, board {len(table.boards) + 1}" if self.tables == 2 \
                else f"board {len(table.boards) + 1}"
            who = "a player" if dropped.seat is None else SEAT_NAME[dropped.seat]
            reason = f"{where}: {who} {dropped.reason}; the session ends"
            self.log(reason)
            await self._end(table, reason, skip=dropped.seat)
            raise _Dropped(dropped.seat, reason) from None
        except asyncio.CancelledError:
            await self._end(table, "the session ends: a player at the other table was dropped")
            raise

    async def _end(self, table: _Table, reason: str, skip: Seat | None = None) -> None:
        """Tell everyone still there why the session ends, then that it has."""
        for seat, conn in table.players.items():
            if seat == skip:
                continue
            try:
                await conn.send(ErrorMessage(reason))
                await conn.send(EndOfSession())
            except ConnectionLost:
                pass

    # --- seating ----------------------------------------------------------------------------------
    async def _greet(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A new connection: it must ask for a seat, then stays open until the session ends."""
        peer = writer.get_extra_info("peername")
        conn = LineConnection(reader, writer, name=f"the player at {peer[0]}:{peer[1]}" if peer else "a player",
                          timeout=self.timeout)
        self._connections.add(conn)
        try:
            line = await conn.receive()
            try:
                message = parse(line)
            except ParseError as exc:
                message = ErrorMessage(str(exc))
            if not isinstance(message, Connect):
                await conn.send(ErrorMessage(f'expected \'Connecting "team" as North using protocol version 18\', '
                                             f"not {line!r}"))
                return
            seated = self._seat(message)
            if isinstance(seated, str):
                await conn.send(ErrorMessage(seated))
                self.log(f"refused {line!r}: {seated}")
                return
            table, seat = seated
            conn.name = SEAT_NAME[seat] if self.tables == 1 else f"{SEAT_NAME[seat]} at table {table.number}"
            table.players[seat] = conn
            await conn.send(Seated(seat, message.team))
            self.log(f"{conn.name} seated: {message.team!r}")
            if len(table.players) == 4:
                table.full.set()
            await self._finished.wait()
        except ConnectionLost as exc:
            self.log(str(exc))
        finally:
            if not any(conn is c for t in self._tables for c in t.players.values()):
                await conn.close()
                self._connections.discard(conn)

    def _seat(self, ask: Connect) -> tuple[_Table, Seat] | str:
        """The table and seat for a player that asks for ``ask.seat`` (None: any) in team ``ask.team``,
        or why it cannot sit."""
        if ask.version != 18:
            return f"this Table Manager speaks protocol version 18, not {ask.version}"
        if self.tables == 2:
            if ask.team not in self._team_names:
                if len(self._team_names) == 2:
                    return (f"team {ask.team!r} is not in this match, which is between "
                            f"{self._team_names[0]!r} and {self._team_names[1]!r}")
                self._team_names.append(ask.team)
            team_a = ask.team == self._team_names[0]
            # Team A sits North-South at table 1 and East-West at table 2; team B the other way round.
            slots = [(t, s) for t in self._tables for s in SEATS if (s.is_ns == (t.number == 1)) == team_a]
        else:
            slots = [(self._tables[0], s) for s in SEATS]
        wanted = [(t, s) for t, s in slots if ask.seat is None or s == ask.seat]
        if not wanted:
            return f"team {ask.team!r} does not sit {SEAT_NAME[ask.seat]} at either table" if ask.seat is not None \
                else f"team {ask.team!r} has no seat left"
        free = [(t, s) for t, s in wanted if s not in t.players]
        if not free:
            where = SEAT_NAME[ask.seat] if ask.seat is not None else "every seat"
            return f"{where} is taken" + (f" for team {ask.team!r}" if self.tables == 2 else "")
        table, seat = free[0]
        side_name = self.teams[0 if seat.is_ns else 1] if self.teams and self.tables == 1 else ask.team
        current = table.ns if seat.is_ns else table.ew
        if current and current != side_name:
            return f"team name mismatch: {SEAT_NAME[seat.partner]} is seated for {current!r}, not {ask.team!r}"
        if seat.is_ns:
            table.ns = side_name
        else:
            table.ew = side_name
        return table, seat

    # --- talking ----------------------------------------------------------------------------------
    async def _together(self, *steps: Awaitable[T]) -> list[T]:
        """Run ``steps`` side by side; the first player dropped stops them all."""
        tasks: list[asyncio.Task[T]] = []
        try:
            async with asyncio.TaskGroup() as group:
                for step in steps:
                    tasks.append(group.create_task(step))  # type: ignore[arg-type]
        except BaseExceptionGroup as group:
            first = group.exceptions[0]
            while isinstance(first, BaseExceptionGroup):
                first = first.exceptions[0]
            raise first from None
        return [t.result() for t in tasks]

    async def _send(self, table: _Table, seat: Seat, message: Message) -> None:
        try:
            await table.players[seat].send(message)
        except ConnectionLost as exc:
            raise _Dropped(seat, f"could not be reached ({exc})") from None

    async def _broadcast(self, table: _Table, message: Message) -> None:
        for seat in SEATS:
            await self._send(table, seat, message)

    async def _refuse(self, table: _Table, seat: Seat, reason: str) -> None:
        table.errors[seat] += 1
        await self._send(table, seat, ErrorMessage(reason))
        self.log(f"{table.players[seat].name}: {reason}")
        if table.errors[seat] > self.max_errors:
            raise _Dropped(seat, f"made {table.errors[seat]} mistakes (more than {self.max_errors})")

    async def _expect(self, table: _Table, seat: Seat, accept: Callable[[Message], bool], expected: str) -> Message:
        """The next message from ``seat`` that ``accept`` takes; others are refused."""
        conn = table.players[seat]
        while True:
            try:
                line = await conn.receive()
            except ConnectionLost as exc:
                reason = str(exc).removeprefix(conn.name).strip()
                raise _Dropped(seat, f"{reason} (expected '{expected}')") from None
            try:
                message = parse(line)
            except ParseError as exc:
                await self._refuse(table, seat, f"{exc}; expected '{expected}'")
                continue
            if accept(message):
                return message
            await self._refuse(table, seat, f"{line.strip()!r} is not due now: expected '{expected}'")

    async def _action(self, table: _Table, seat: Seat, accept: Callable[[Message], bool], expected: str,
                      take: Callable[[Message], None], what: str, spent: list[float]) -> Message:
        """The next call or card from ``seat``, taken by ``take``; an illegal one is refused and asked again.
        The time it took goes to the seat's side in ``spent``."""
        start = self.clock()
        while True:
            message = await self._expect(table, seat, accept, expected)
            try:
                take(message)
            except (IllegalCallError, IllegalCardError) as exc:
                await self._refuse(table, seat, f"illegal {what}: {exc}")
                continue
            spent[seat % 2] += self.clock() - start
            return message

    async def _each_ready(self, table: _Table, what: str) -> None:
        await self._together(*(self._expect(table, s, _equal(Ready(s, what)), str(Ready(s, what))) for s in SEATS))

    # --- one board --------------------------------------------------------------------------------
    async def _play_board(self, table: _Table, template: Board) -> Board:
        assert template.number is not None
        board = table_board(template.number, template.deal, table.number, table.ns, table.ew, self.event,
                            template.dealer, template.vulnerability, time.strftime("%Y.%m.%d"))
        if self.tables == 1:
            del board.tags["Room"]
        else:
            board.tags["Scoring"] = "IMP"
        spent = [0.0, 0.0]
        await self._broadcast(table, StartOfBoard())
        await self._each_ready(table, "deal")
        await self._broadcast(table, BoardInfo(template.number, board.dealer, board.vulnerability))
        await self._each_ready(table, "cards")
        for seat in SEATS:
            await self._send(table, seat, Cards(seat, board.deal[seat]))
        while board.phase == "auction":
            await self._next_call(table, board, spent)
        while board.phase == "play":
            await self._next_card(table, board, spent)
        for side in (0, 1):
            table.think[side] += spent[side]
        await self._broadcast(table, Timing(round(spent[0]), round(table.think[0]), round(spent[1]),
                                            round(table.think[1])))
        contract = board.contract
        self.log(f"{'table ' + str(table.number) + ' ' if self.tables == 2 else ''}board {board.number}: "
                 f"{contract if contract else '?'}"
                 + (f", {board.tricks} tricks, N/S {board.score():+d}" if board.tricks is not None else ""))
        return board

    async def _next_call(self, table: _Table, board: Board, spent: list[float]) -> None:
        bidder = board.auction.turn
        expected = f"{SEAT_NAME[bidder]} bids / passes / doubles / redoubles"

        def take(message: Message) -> None:
            assert isinstance(message, CallMade)
            board.push(message.call)
            if message.alert or message.explanation:
                board.auction.annotations[len(board.auction.calls) - 1] = Annotation(
                    message.alert, message.explanation or None)

        call = self._action(table, bidder, lambda m: isinstance(m, CallMade) and m.seat == bidder, expected,
                            take, "call", spent)
        others = [s for s in SEATS if s != bidder]
        made, *_ = await self._together(call, *(
            self._expect(table, s, _equal(ReadyForCall(s, bidder)), str(ReadyForCall(s, bidder))) for s in others))
        assert isinstance(made, CallMade)
        for seat in others:
            # An alert and its explanation are for the opponents, not for the bidder's partner.
            await self._send(table, seat, made if seat.is_ns != bidder.is_ns else made.without_alert())

    async def _next_card(self, table: _Table, board: Board, spent: list[float]) -> None:
        play = board.play
        assert play is not None
        player, controller, dummy = play.turn, play.controller, play.dummy
        trick = len(play.tricks) + 1
        if not play.current_trick:
            await self._send(table, controller, ToLead(None if player == dummy else player))
        expected_card = f"{SEAT_NAME[player]} plays <card>"

        def is_card(m: Message) -> bool:
            return isinstance(m, CardPlayed) and (m.seat == player or (m.seat is None and player == dummy))

        def take(message: Message) -> None:
            assert isinstance(message, CardPlayed)
            play.push(message.card)

        card = self._action(table, controller, is_card, expected_card, take, "card", spent)

        def ready(seat: Seat) -> Awaitable[Message]:
            def accept(m: Message) -> bool:
                return (isinstance(m, ReadyForCard) and m.seat == seat and m.trick == trick
                        and (m.player == player or (m.player is None and player == dummy)))
            whose = "dummy" if player == dummy else SEAT_NAME[player]
            return self._expect(table, seat, accept, f"{SEAT_NAME[seat]} ready for {whose}'s card to trick {trick}")

        others = [s for s in SEATS if s != controller]
        played, *_ = await self._together(card, *(ready(s) for s in others))
        assert isinstance(played, CardPlayed)
        for seat in others:
            await self._send(table, seat, CardPlayed(player, played.card))
        if len(play.cards) == 1:
            dummy_cards = Cards(None, play.hand(dummy))

            async def show_dummy(seat: Seat) -> None:
                await self._expect(table, seat, _equal(Ready(seat, "dummy")), str(Ready(seat, "dummy")))
                await self._send(table, seat, dummy_cards)

            await self._together(*(show_dummy(s) for s in SEATS if s != dummy))


def _equal(expected: Message) -> Callable[[Message], bool]:
    return lambda message: message == expected
