"""Whole sessions over loopback: the Table Manager and four (or eight) Redouble players."""

import asyncio

from redouble import Seat, lin, pbn
from redouble.auction import Annotation
from redouble.match import play_board, play_match, robot_seed, table_board, table_robots
from redouble.tm import ClientOptions, TableManager, deals, play_session
from redouble.tm.protocol import SEAT_NAMES, hand_text

N, E, S, W = SEAT_NAMES


def frozen_clock() -> float:
    return 0.0


async def session(manager, teams=("A", "B"), robot="basic", tables=1, seed=0, options=None):
    """Run ``manager`` with our players in every seat; (the session's result, each player's result)."""
    players = []

    def seat_players(address):
        host, port = address
        for table in range(1, tables + 1):
            for seat in Seat:
                team = teams[0] if seat.is_ns == (table == 1) else teams[1]
                opts = ClientOptions(robot, seed, table, dict(options or {}))
                players.append(asyncio.create_task(play_session(host, port, seat, team, opts, timeout=30,
                                                                trace=None)))

    result = await asyncio.wait_for(manager.run(port=0, started=seat_players), 120)
    return result, await asyncio.gather(*players)


def expected_transcript(seat, boards, teams=("A", "B")):
    """What the player at ``seat`` sends (``>``) and receives (``<``) in a session of ``boards``, by the
    protocol's order, written out independently of the Table Manager's code."""
    me = SEAT_NAMES[seat]
    lines = [f'> Connecting "{teams[0] if seat.is_ns else teams[1]}" as {me} using protocol version 18',
             f'< {me} ("{teams[0] if seat.is_ns else teams[1]}") seated',
             f"> {me} ready for teams",
             f'< Teams : N/S : "{teams[0]}" E/W : "{teams[1]}"',
             f"> {me} ready to start"]
    vul = {"None": "Neither", "NS": "N/S", "EW": "E/W", "All": "Both"}
    for b in boards:
        lines += ["< Start of board", f"> {me} ready for deal",
                  f"< Board number {b.number}. Dealer {SEAT_NAMES[b.dealer]}. {vul[str(b.vulnerability)]} vulnerable.",
                  f"> {me} ready for cards", f"< {me}'s cards : {hand_text(b.deal[seat])}"]
        for k, call in enumerate(b.auction.calls):
            bidder = b.auction.seat_of(k)
            words = {"Pass": "passes", "X": "doubles", "XX": "redoubles"}.get(str(call), f"bids {call}")
            note = b.auction.annotations.get(k)
            alert = f" Alert. {note.explanation}".rstrip() if note and note.alert else ""
            if bidder == seat:
                lines.append(f"> {me} {words}{alert}")
            else:
                lines += [f"> {me} ready for {SEAT_NAMES[bidder]}'s bid",
                          f"< {SEAT_NAMES[bidder]} {words}{alert if bidder.is_ns != seat.is_ns else ''}"]
        play = b.play
        if play is not None:
            leader = play.declarer.lho
            for t, trick in enumerate(play.tricks, start=1):
                for k, card in enumerate(trick.cards):
                    player = Seat((trick.leader + k) % 4)
                    controller = play.declarer if player == play.dummy else player
                    text = f"{SEAT_NAMES[player]} plays {card.rank.letter}{card.suit.letter}"
                    if controller == seat:
                        if k == 0:
                            lines.append(f"< {'Dummy' if player == play.dummy else SEAT_NAMES[player]} to lead")
                        lines.append(f"> {text}")
                    else:
                        whose = "dummy" if player == play.dummy else SEAT_NAMES[player]
                        lines += [f"> {me} ready for {whose}'s card to trick {t}", f"< {text}"]
                    if t == 1 and k == 0 and seat != play.dummy:
                        lines += [f"> {me} ready for dummy", f"< Dummy's cards : {hand_text(b.deal[play.dummy])}"]
                assert trick.leader == leader
                leader = trick.winner
        lines.append("< Timing - N/S : this board  00:00,  total  0:00:00.  E/W : this board  00:00,  total  0:00:00.")
    lines.append("< End of session")
    return lines


def test_a_session_of_four_redouble_players_byte_for_byte(tmp_path):
    manager = TableManager(deals(3, seed=11), clock=frozen_clock)
    result, players = asyncio.run(session(manager))
    boards = result.tables[0]
    assert [b.number for b in boards] == [1, 2, 3]
    for board in boards:
        assert board.phase == "done" and board.tags["North"] == "A" and board.tags["West"] == "B"
    for player in players:
        assert [b.auction.calls for b in player.boards] == [b.auction.calls for b in boards]
        assert [b.score() for b in player.boards] == [b.score() for b in boards]
    # Every line each player exchanged, exactly as the protocol orders and spells it.
    for player in players:
        assert player.transcript == expected_transcript(player.seat, boards)


def test_an_alert_and_its_explanation_reach_the_opponents_only():
    manager = TableManager(deals(1, seed=2), clock=frozen_clock)
    result, players = asyncio.run(session(manager, robot="fast"))
    board = result.tables[0][0]
    assert board.auction.annotations == {4: Annotation(True, "Jacoby transfer: 5+ spades")}
    bidder = board.auction.seat_of(4)
    for player in players:
        assert player.transcript == expected_transcript(player.seat, [board])
        said = [line for line in player.transcript if "Jacoby" in line]
        if player.seat == bidder:
            assert said == [f"> {SEAT_NAMES[bidder]} bids 2H Alert. Jacoby transfer: 5+ spades"]
        elif player.seat == bidder.partner:
            assert said == [] and f"< {SEAT_NAMES[bidder]} bids 2H" in player.transcript
        else:
            assert said == [f"< {SEAT_NAMES[bidder]} bids 2H Alert. Jacoby transfer: 5+ spades"]


def test_the_table_plays_as_the_match_does_on_the_same_deals():
    # The same robots with the same seeds, without claims (the protocol has none): the same boards.
    manager = TableManager(deals(4, seed=5), clock=frozen_clock)
    result, _ = asyncio.run(session(manager, robot="basic", seed=5))
    for played in result.tables[0]:
        board = table_board(played.number, played.deal, 1, "A", "B")
        play_board(board, table_robots("basic", "basic", robot_seed(5, played.number, 1)), claims=False)
        assert played.auction.calls == board.auction.calls
        assert played.play is None or played.play.cards == board.play.cards
        assert played.score() == board.score()


def test_two_tables_give_the_match_in_imps_as_redouble_match_does(tmp_path):
    out, lin_out = tmp_path / "m.pbn", tmp_path / "m.lin"
    recorded = []

    def record(board):
        recorded.append(board)
        pbn.dump(sorted(recorded, key=lambda b: (b.number, b.tags["Room"])), out)
        lin.dump(recorded, lin_out)

    manager = TableManager(deals(3, seed=2), teams=("A", "B"), two_tables=True, clock=frozen_clock, on_board=record)
    result, players = asyncio.run(session(manager, tables=2, seed=2))
    expected = play_match(3, seed=2, ns="basic", ew="basic", claims=False)
    assert result.match is not None
    assert result.match.imps == expected.imps
    assert [b.auction.calls for b in result.all_boards()] == [b.auction.calls for b in expected.all_boards()]
    assert len(players) == 8 and all(len(p.boards) == 3 for p in players)
    on_file = pbn.load(out)
    assert [(b.number, b.tags["Room"], b.tags["North"]) for b in on_file] == [
        (1, "Closed", "B"), (1, "Open", "A"), (2, "Closed", "B"), (2, "Open", "A"), (3, "Closed", "B"),
        (3, "Open", "A")]
    assert {(b.number, b.score()) for b in on_file} == {(b.number, b.score()) for b in result.all_boards()}
    assert len(lin.load(lin_out)) == 6


def test_boards_from_a_pbn_file_keep_their_numbers_dealers_and_vulnerability(tmp_path):
    from redouble import Board, Deal, Vulnerability

    board = Board(Deal.random(seed=8), number=7, dealer=Seat.EAST, vulnerability=Vulnerability.NONE)
    manager = TableManager([board], clock=frozen_clock)
    result, players = asyncio.run(session(manager))
    played = result.tables[0][0]
    assert (played.number, played.dealer, played.vulnerability) == (7, Seat.EAST, Vulnerability.NONE)
    assert played.auction.dealer == Seat.EAST
    assert any(line.startswith("< Board number 7. Dealer East. Neither vulnerable.") for line in players[2].transcript)


def test_the_sampling_robot_plays_through_the_table_as_in_the_match():
    manager = TableManager(deals(1, seed=4), clock=frozen_clock)
    result, _ = asyncio.run(session(manager, robot="redouble", seed=4, options={"samples": 2}))
    played = result.tables[0][0]
    board = table_board(1, played.deal, 1, "A", "B")
    play_board(board, table_robots("redouble", "redouble", robot_seed(4, 1, 1), {"samples": 2}), claims=False)
    assert played.auction.calls == board.auction.calls
    assert played.play is None or played.play.cards == board.play.cards
