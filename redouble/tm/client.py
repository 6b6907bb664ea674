"""A player program: connects a Redouble robot to any Table Manager and plays the session it is dealt.

The client writes in the dialect the Table Manager uses (judged by how it names the seat it gives:
``NORTH`` is WBridge5's spelling, which some Table Managers expect to the letter) and reads any. Robot
decisions run in a worker thread so that the connection stays responsive while the robot thinks.

Each board's robot is seeded as ``redouble match --seed S`` seeds the robots of table ``T`` on that
board (:func:`redouble.match.robot_seed`), so a client given the same seed and table decides alike.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from redouble.auction import Annotation
from redouble.bidding.simulation import STRONG_THINK
from redouble.board import Board
from redouble.cards import Seat
from redouble.errors import ParseError, RedoubleError
from redouble.match import robot_seed
from redouble.robots import Robot
from redouble.tm.connection import MAX_LINE, ConnectionLost, LineConnection
from redouble.tm.protocol import (
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
    dialect_of,
    parse,
)
from redouble.tm.view import SeatView

M = TypeVar("M", bound=Message)


class TableManagerError(RedoubleError):
    """The Table Manager said something the client cannot go on from (an error, or out of order)."""


class _Restart(Exception):
    """The Table Manager started the board again."""


class _SessionOver(Exception):
    pass


# ``strong``: the library's robot (SAYC, card play by sampling); ``fast``: SAYC with rules-of-thumb card
# play, as the web app's strengths; or any name :meth:`Robot.named` knows.
ROBOTS = ("strong", "fast", "redouble", "basic")


@dataclass
class ClientOptions:
    """``robot``: one of :data:`ROBOTS`; ``seed``/``table``: as in ``redouble match``;
    ``robot_options``: passed to :class:`~redouble.robots.Robot` (``budget``, ``samples``, ...);
    ``opponents_system``: how the robot reads the opponents' calls (default: like its own)."""

    robot: str = "redouble"
    seed: int = 0
    table: int = 1
    robot_options: dict[str, object] = field(default_factory=dict)
    opponents_system: str | None = None

    def robot_for(self, number: int) -> Robot:
        seed = robot_seed(self.seed, number, self.table)
        if self.robot == "fast":
            robot = Robot(system="sayc", player="simple", name="fast", seed=seed,
                          **self.robot_options)  # type: ignore[arg-type]
        else:
            options = dict(self.robot_options)
            if self.robot == "strong":
                options.setdefault("think", STRONG_THINK)
            robot = Robot.named("redouble" if self.robot == "strong" else self.robot, seed=seed, **options)
        if self.opponents_system is not None:
            robot.opponents_system = self.opponents_system
        return robot


@dataclass
class ClientResult:
    """The boards the client played, as its seat saw them, the Table Manager's last timing, and every
    line sent (``"> ..."``) and received (``"< ..."``)."""

    seat: Seat
    teams: tuple[str, str]
    boards: list[Board] = field(default_factory=list)
    timing: Timing | None = None
    transcript: list[str] = field(default_factory=list)


class Player:
    """One seat's program on an open :class:`~redouble.tm.connection.LineConnection`."""

    def __init__(self, conn: LineConnection, seat: Seat | None, team: str, options: ClientOptions | None = None,
                 log: Callable[[str], None] | None = None) -> None:
        self.conn = conn
        self.asked_seat = seat
        self.team = team
        self.options = options or ClientOptions()
        self.log = log or (lambda line: None)
        self.seat: Seat = seat if seat is not None else Seat.NORTH

    async def run(self) -> ClientResult:
        """Sit down and play until the Table Manager ends the session."""
        await self._send(Connect(self.team, self.asked_seat))
        line = await self.conn.receive()
        seated = self._read(line)
        if not isinstance(seated, Seated):
            raise TableManagerError(f"asked for a seat, the Table Manager answered {line!r}")
        if self.asked_seat is not None and seated.seat != self.asked_seat:
            raise TableManagerError(f"asked for {self.asked_seat.name.title()}, was seated {line!r}")
        self.seat = seated.seat
        self.conn.dialect = dialect_of(line)
        await self._send(Ready(self.seat, "teams"))
        teams = await self._expect(Teams)
        result = ClientResult(self.seat, (teams.ns, teams.ew), transcript=self.conn.transcript)
        await self._send(Ready(self.seat, "start"))
        message: Message | None = None
        try:
            while True:
                message = message or await self._next()
                if isinstance(message, Timing):
                    result.timing = message
                    message = None
                elif isinstance(message, StartOfBoard):
                    try:
                        result.boards.append(await self._board())
                        message = None
                    except _Restart:
                        message = StartOfBoard()
                else:
                    raise TableManagerError(f"expected 'Start of board' or 'End of session', not '{message}'")
        except _SessionOver:
            self.log(f"{self.seat.name.title()}: end of session after {len(result.boards)} boards")
        return result

    async def _send(self, message: Message) -> None:
        try:
            await self.conn.send(message)
        except ConnectionLost as lost:
            # A Table Manager that ends the session says why and hangs up: the reason may be waiting while our
            # line could no longer go out, and it is the news the player should get.
            try:
                line = await self.conn.receive(timeout=1.0)
                said = parse(line)
            except (ConnectionLost, ParseError):
                raise lost from None
            if isinstance(said, ErrorMessage):
                self._read(line)  # raises the Table Manager's reason
            raise

    # --- reading ----------------------------------------------------------------------------------
    def _read(self, line: str) -> Message:
        try:
            message = parse(line)
        except ParseError as exc:
            raise TableManagerError(str(exc)) from None
        if isinstance(message, ErrorMessage):
            raise TableManagerError(f"the Table Manager refused the last message: {message.reason}")
        return message

    async def _next(self) -> Message:
        """The next message, with the session's end and a restarted board handled."""
        message = self._read(await self.conn.receive())
        if isinstance(message, EndOfSession):
            raise _SessionOver()
        return message

    async def _expect(self, kind: type[M]) -> M:
        message = await self._next()
        if isinstance(message, StartOfBoard):
            raise _Restart()
        if not isinstance(message, kind):
            raise TableManagerError(f"expected a {kind.__name__} message, not '{message}'")
        return message

    # --- a board ----------------------------------------------------------------------------------
    async def _board(self) -> Board:
        me = self.seat
        await self._send(Ready(me, "deal"))
        info = await self._expect(BoardInfo)
        await self._send(Ready(me, "cards"))
        cards = await self._expect(Cards)
        if cards.owner not in (None, me):
            raise TableManagerError(f"{me.name.title()} was given {cards.owner.name.title()}'s cards: '{cards}'")
        view = SeatView(info.number, info.dealer, info.vulnerability, me, cards.hand)
        robot = self.options.robot_for(info.number)
        while view.board().phase == "auction":
            bidder = view.board().auction.turn
            if bidder == me:
                choice = await asyncio.to_thread(robot.call, view.board(), me)
                made = CallMade(me, choice.call, choice.alert, choice.reason if choice.alert else "")
                await self._send(made)
            else:
                await self._send(ReadyForCall(me, bidder))
                made = await self._expect(CallMade)
                if made.seat != bidder:
                    raise TableManagerError(f"expected {bidder.name.title()}'s call, not '{made}'")
            self._push(view, made.call, Annotation(made.alert, made.explanation or None)
                       if made.alert or made.explanation else None)
        while view.board().phase == "play":
            await self._card(view, robot)
        return view.board()

    async def _card(self, view: SeatView, robot: Robot) -> None:
        me = self.seat
        play = view.board().play
        assert play is not None
        player, controller, dummy = play.turn, play.controller, play.dummy
        if controller == me:
            if not play.current_trick:
                await self._expect(ToLead)
            choice = await asyncio.to_thread(robot.card, view.board(), me)
            await self._send(CardPlayed(player, choice.card))
            card = choice.card
        else:
            trick = len(play.tricks) + 1
            await self._send(ReadyForCard(me, None if player == dummy else player, trick))
            played = await self._expect(CardPlayed)
            if played.seat not in (player, None if player == dummy else player):
                raise TableManagerError(f"expected {player.name.title()}'s card, not '{played}'")
            card = played.card
        self._push(view, card)
        if len(view.cards) == 1 and me != dummy:
            await self._send(Ready(me, "dummy"))
            shown = await self._expect(Cards)
            view.show_dummy(shown.hand)

    def _push(self, view: SeatView, action: object, annotation: Annotation | None = None) -> None:
        try:
            view.push(action, annotation)  # type: ignore[arg-type]
        except RedoubleError as exc:
            raise TableManagerError(f"board {view.number}: the Table Manager relayed what the table cannot "
                                    f"take: {exc}") from None


async def play_session(host: str, port: int, seat: Seat | None, team: str, options: ClientOptions | None = None,
                       timeout: float | None = 600.0, log: Callable[[str], None] | None = None,
                       connect_timeout: float = 10.0, trace: Callable[[str], None] | None = None) -> ClientResult:
    """Connect to the Table Manager at ``host``:``port`` as ``seat`` (None: any) of ``team`` and play.

    ``timeout``: seconds to wait for any one message from the Table Manager; ``connect_timeout``:
    seconds to keep trying to connect (the Table Manager may still be starting); ``trace`` is called
    with every line sent (``"> ..."``) and received (``"< ..."``)."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + connect_timeout
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port, limit=MAX_LINE)
            break
        except OSError as exc:
            if loop.time() >= give_up:
                raise TableManagerError(f"cannot connect to a Table Manager at {host}:{port}: {exc}") from None
            await asyncio.sleep(0.2)
    conn = LineConnection(reader, writer, name="the Table Manager", timeout=timeout, trace=trace)
    try:
        return await Player(conn, seat, team, options, log).run()
    finally:
        await conn.close()
