"""What the Table Manager does when a player goes wrong: it says what happened and never hangs."""

import asyncio
import re

import pytest

from redouble import Seat
from redouble.tm import ClientOptions, SessionAborted, TableManager, TableManagerError, deals, play_session
from redouble.tm.client import Player
from redouble.tm.connection import MAX_LINE, ConnectionLost, LineConnection


class Faulty(LineConnection):
    """A player's connection that misbehaves once, just before it would send the ``nth`` line ``when`` matches:
    it sends ``junk`` lines first (reading the refusal of each), or ``closes``, or falls ``silent``."""

    def __init__(self, *args, when, nth=1, junk=(), closes=False, silent=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.when, self.junk, self.closes, self.silent = re.compile(when), junk, closes, silent
        self.countdown = nth
        self.refusals = []

    async def send(self, message):
        text = message if isinstance(message, str) else message.text(self.dialect)
        if self.countdown and self.when.search(text):
            self.countdown -= 1
        if self.countdown == 0 and self.when.search(text):
            self.countdown = -1
            if self.closes:
                self.writer.close()
                raise ConnectionLost("closed on purpose")
            if self.silent:
                await self.reader.read()  # says nothing until the Table Manager hangs up
                raise ConnectionLost("silent to the end")
            for line in self.junk(text) if callable(self.junk) else self.junk:
                await super().send(line)
                self.refusals.append(await self.receive())
        await super().send(message)


async def run(manager, faulty_seat, **fault):
    """The session with our players, the one at ``faulty_seat`` on a :class:`Faulty` connection.

    Returns (the session's result or the SessionAborted, each player's result or error, the faulty connection)."""
    tasks = {}
    holder = {}

    def seat_players(address):
        host, port = address
        for seat in Seat:
            team = "A" if seat.is_ns else "B"
            if seat == faulty_seat:
                async def faulty(seat=seat, team=team):
                    reader, writer = await asyncio.open_connection(host, port, limit=MAX_LINE)
                    conn = Faulty(reader, writer, name="the Table Manager", timeout=30, **fault)
                    holder["conn"] = conn
                    try:
                        return await Player(conn, seat, team, ClientOptions("basic")).run()
                    finally:
                        await conn.close()
                tasks[seat] = asyncio.create_task(faulty())
            else:
                tasks[seat] = asyncio.create_task(play_session(host, port, seat, team, ClientOptions("basic"),
                                                               timeout=30))

    try:
        outcome = await asyncio.wait_for(manager.run(port=0, started=seat_players), 60)
    except SessionAborted as exc:
        outcome = exc
    _, pending = await asyncio.wait(tasks.values(), timeout=20)
    for task in pending:  # a player silent on purpose never notices the end
        task.cancel()
    players = await asyncio.gather(*tasks.values(), return_exceptions=True)
    return outcome, dict(zip(tasks, players, strict=True)), holder.get("conn")


def test_garbage_is_refused_and_the_table_goes_on():
    manager = TableManager(deals(1, seed=1), max_errors=3)
    outcome, players, conn = asyncio.run(run(manager, Seat.NORTH, when="ready for teams", junk=["hello there"]))
    assert conn.refusals == ["Error : not a Table Manager message: 'hello there'; expected 'North ready for teams'"]
    assert len(outcome.tables[0]) == 1 and all(len(p.boards) == 1 for p in players.values())


def test_an_illegal_call_is_refused_and_the_player_asked_again():
    manager = TableManager(deals(1, seed=1))  # board 1: North deals
    outcome, players, conn = asyncio.run(run(manager, Seat.NORTH, when=r"^North (bids|passes)",
                                             junk=["North redoubles"]))
    assert conn.refusals == ["Error : illegal call: N may not call XX to open the auction: there is no bid to redouble"]
    board = outcome.tables[0][0]
    assert board.phase == "done" and str(board.auction.calls[0]) != "XX"


def test_a_card_out_of_turn_is_refused():
    manager = TableManager(deals(1, seed=1))
    outcome, players, conn = asyncio.run(run(manager, Seat.EAST, when=r"ready for \w+'s card to trick 1",
                                             junk=["East plays 2C"]))
    assert len(conn.refusals) == 1
    assert re.fullmatch(r"Error : 'East plays 2C' is not due now: expected 'East ready for \w+'s card to trick 1'",
                        conn.refusals[0])
    assert outcome.tables[0][0].phase == "done"


def test_a_card_not_held_is_refused():
    deal = deals(1, seed=1)[0].deal

    def not_held(text):
        seat = Seat.parse(text.split()[0])
        card = deal[seat.lho].cards[0]
        return [f"{text.split()[0]} plays {card.rank.letter}{card.suit.letter}"]

    manager = TableManager(deals(1, seed=1))
    outcome, players, conn = asyncio.run(run(manager, Seat.SOUTH, when=r"^\w+ plays", junk=not_held))
    assert len(conn.refusals) == 1
    assert re.fullmatch(r"Error : illegal card: [NESW] may not play [SHDC][2-9TJQKA]: [NESW] does not hold "
                        r"[SHDC][2-9TJQKA]", conn.refusals[0])
    assert outcome.tables[0][0].phase == "done"


def test_too_many_mistakes_drop_the_player_and_end_the_session():
    manager = TableManager(deals(2, seed=1), max_errors=1)
    outcome, players, conn = asyncio.run(run(manager, Seat.WEST, when="ready for deal", junk=["x", "y"]))
    assert isinstance(outcome, SessionAborted)
    assert str(outcome) == "board 1: West made 2 mistakes (more than 1); the session ends"
    assert outcome.boards == []
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
        assert isinstance(players[seat], TableManagerError)
        assert "West made 2 mistakes" in str(players[seat])


def test_a_player_that_drops_mid_board_ends_the_session_and_the_others_are_told():
    manager = TableManager(deals(2, seed=1))
    outcome, players, _ = asyncio.run(run(manager, Seat.SOUTH, when=r"ready for \w+'s card to trick 2", closes=True))
    assert isinstance(outcome, SessionAborted)
    assert re.fullmatch(r"board 1: South closed the connection \(expected 'South ready for \w+'s card to trick 2'\); "
                        r"the session ends", str(outcome))
    for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
        assert isinstance(players[seat], TableManagerError) and "South closed the connection" in str(players[seat])


def test_a_silent_player_is_dropped_after_the_timeout_and_finished_boards_are_kept():
    recorded = []
    manager = TableManager(deals(3, seed=1), timeout=0.5, on_board=recorded.append)
    outcome, players, _ = asyncio.run(run(manager, Seat.WEST, when="ready for deal", nth=2, silent=True))
    assert isinstance(outcome, SessionAborted)
    assert str(outcome) == ("board 2: West said nothing for 0.5 seconds (expected 'West ready for deal'); "
                            "the session ends")
    assert [b.number for b in outcome.boards] == [1] and [b.number for b in recorded] == [1]


async def _raw(address, *lines, read=1):
    reader, writer = await asyncio.open_connection(*address)
    for line in lines:
        writer.write(line.encode() + b"\r\n")
    await writer.drain()
    got = [(await asyncio.wait_for(reader.readline(), 10)).decode().strip() for _ in range(read)]
    writer.close()
    return got


def test_seating_refusals():
    async def go():
        manager = TableManager(deals(1), seating_timeout=1.0)
        answers = []

        async def started(address):
            answers.append(await _raw(address, "hello"))
            answers.append(await _raw(address, 'Connecting "A" as North using protocol version 17'))
            reader, writer = await asyncio.open_connection(*address)
            writer.write(b'Connecting "A" as North using protocol version 18\r\n')
            answers.append([(await reader.readline()).decode().strip()])
            answers.append(await _raw(address, 'Connecting "A" as North using protocol version 18'))
            answers.append(await _raw(address, 'Connecting "C" as South using protocol version 18'))
            answers.append(await _raw(address, 'Connecting "B" as ANYPL using protocol version 18'))
            keep.append(writer)

        keep = []
        with pytest.raises(SessionAborted) as info:
            await manager.run(port=0, started=started)
        return answers, str(info.value)

    answers, aborted = asyncio.run(go())
    assert answers == [
        ["Error : expected 'Connecting \"team\" as North using protocol version 18', not 'hello'"],
        ["Error : this Table Manager speaks protocol version 18, not 17"],
        ['North ("A") seated'],
        ["Error : North is taken"],
        ["Error : team name mismatch: North is seated for 'A', not 'C'"],
        ['East ("B") seated'],
    ]
    assert aborted == "table 1: not all players connected within 1 seconds (seated: North, East)"


def test_two_tables_seat_by_team_name():
    async def go():
        manager = TableManager(deals(1), teams=("A", "B"), two_tables=True, seating_timeout=1.0)
        answers = []

        async def started(address):
            for line in ('Connecting "B" as North using protocol version 18',
                         'Connecting "A" as ANYPL using protocol version 18',
                         'Connecting "C" as East using protocol version 18'):
                answers.append(await _raw(address, line))

        with pytest.raises(SessionAborted):
            await manager.run(port=0, started=started)
        return answers

    assert asyncio.run(go()) == [['North ("B") seated'], ['North ("A") seated'],
                                 ["Error : team 'C' is not in this match, which is between 'A' and 'B'"]]


def test_the_client_gives_up_on_a_silent_table_manager():
    async def go():
        server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            with pytest.raises(Exception) as info:
                await play_session("127.0.0.1", port, Seat.NORTH, "A", timeout=0.3)
        return str(info.value)

    assert asyncio.run(go()) == "the Table Manager said nothing for 0.3 seconds"


def test_the_client_reports_a_table_manager_it_cannot_reach():
    async def go():
        server = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        server.close()
        await server.wait_closed()
        with pytest.raises(TableManagerError, match=f"cannot connect to a Table Manager at 127.0.0.1:{port}"):
            await play_session("127.0.0.1", port, Seat.NORTH, "A", connect_timeout=0.3)

    asyncio.run(go())



def test_a_dropped_player_cannot_come_back_the_session_is_over():
    # Version 18 has no way back into a board: a player dropped mid-board ends the session, and the Table
    # Manager stops listening, so a program that reconnects is told at once that nobody answers.
    manager = TableManager(deals(2, seed=1))
    outcome, _, _ = asyncio.run(run(manager, Seat.SOUTH, when=r"ready for \w+'s card to trick 2", closes=True))
    assert isinstance(outcome, SessionAborted)
    assert manager.address is not None
    with pytest.raises(ConnectionRefusedError):
        asyncio.run(_raw(manager.address, 'Connecting "A" as South using protocol version 18'))

    async def rejoin():
        return await play_session(*manager.address, Seat.SOUTH, "A", ClientOptions("basic"), connect_timeout=0.5)

    with pytest.raises(TableManagerError, match="cannot connect to a Table Manager at 127.0.0.1"):
        asyncio.run(rejoin())


class _HungUp:
    """The writing half of a connection whose other end has gone: every line fails to go out."""

    def write(self, data):
        pass

    async def drain(self):
        raise ConnectionResetError("Connection reset by peer")

    def close(self):
        pass

    async def wait_closed(self):
        pass


async def _play_after_hang_up(waiting: bytes):
    """A player whose first line fails to go out, with ``waiting`` already sent by the Table Manager."""
    reader = asyncio.StreamReader()
    reader.feed_data(waiting)
    reader.feed_eof()
    conn = LineConnection(reader, _HungUp(), name="the Table Manager", timeout=5)
    return await Player(conn, Seat.EAST, "B", ClientOptions("basic")).run()


def test_the_reason_the_table_manager_gave_before_hanging_up_reaches_a_player_whose_line_failed():
    # The others' lines can fail to go out when a dropped player ends the session: the reason is still theirs.
    with pytest.raises(TableManagerError) as caught:
        asyncio.run(_play_after_hang_up(b"Error : board 1: South closed the connection; the session ends\r\n"
                                        b"End of session\r\n"))
    assert str(caught.value) == ("the Table Manager refused the last message: board 1: South closed the "
                                 "connection; the session ends")


def test_a_line_that_fails_with_nothing_said_is_a_lost_connection():
    with pytest.raises(ConnectionLost) as caught:
        asyncio.run(_play_after_hang_up(b""))
    assert str(caught.value) == ("the Table Manager: the connection broke while sending "
                                 "'Connecting \"B\" as East using protocol version 18' (Connection reset by peer)")
