"""The Robot façade: calls, cards, claims, for the web app and the match runner."""

import pytest

from redouble import Board, Call, Deal, Hand, Seat
from redouble.errors import RedoubleError
from redouble.robots import Robot

pytestmark = pytest.mark.usefixtures("solver")


def test_named_robots():
    assert (Robot.named("redouble").system, Robot.named("redouble").player) == ("sayc", "sampling")
    assert (Robot.named("BASIC").system, Robot.named("basic").player) == ("basic", "simple")
    with pytest.raises(RedoubleError, match="unknown robot 'gib'"):
        Robot.named("gib")
    with pytest.raises(RedoubleError, match="unknown card player"):
        Robot(player="neural")
    with pytest.raises(RedoubleError, match="unknown form of scoring"):
        Robot(scoring="rubber")


def test_each_side_reads_its_own_calls_by_its_system():
    robot = Robot(system="sayc", opponents_system="basic")
    assert robot.systems(Seat.NORTH) == robot.systems(Seat.SOUTH) == ("sayc", "basic")
    assert robot.systems(Seat.EAST) == ("basic", "sayc")
    assert Robot.named("redouble").systems(Seat.WEST) == ("sayc", "sayc")


def _deal_with_north(hand: str) -> Deal:
    """``hand`` for North, the other cards dealt round to East, South and West in order."""
    north = Hand.parse(hand)
    owners, k = [], 0
    for index in range(52):
        if north.mask >> index & 1:
            owners.append(0)
        else:
            owners.append(1 + k % 3)
            k += 1
    return Deal.from_owners(owners)


def test_call_opens_1nt_with_a_strong_notrump():
    board = Board.from_number(1, deal=_deal_with_north("AKQ4.KJ2.QT8.765"))
    choice = Robot.named("redouble").call(board)
    assert choice.call == Call("1NT")
    assert "15-17" in choice.reason


def test_call_refuses_the_wrong_seat_and_a_finished_auction():
    board = Board.from_number(1, deal=Deal.random(seed=1))
    robot = Robot.named("basic")
    with pytest.raises(RedoubleError, match="N's turn to call, not E's"):
        robot.call(board, Seat.EAST)
    for call in ("P", "P", "P", "P"):
        board.push(call)
    with pytest.raises(RedoubleError, match="auction is over"):
        robot.call(board)


def test_card_from_each_player_is_legal():
    board = Board.from_number(1, deal=Deal.random(seed=2))
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        board.push(call)
    for name in ("redouble", "basic"):
        choice = Robot.named(name, samples=6).card(board)
        assert choice.card in board.play.legal_cards()
    with pytest.raises(RedoubleError, match="E's card to choose, not N's"):
        Robot.named("basic").card(board, Seat.NORTH)


def test_the_robot_reads_each_side_by_its_system():
    board = Board.from_number(1, deal=Deal.random(seed=2))
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        board.push(call)
    ranges = Robot.named("redouble").ranges(board)
    assert ranges[Seat.NORTH].hcp == (15, 17)


def test_accept_claim_needs_a_claim():
    board = Board.from_number(1, deal=Deal.random(seed=2))
    for call in ("1NT", "P", "3NT", "P", "P", "P"):
        board.push(call)
    with pytest.raises(RedoubleError, match="no claim"):
        Robot.named("redouble").accept_claim(board)
    from redouble.robots import claimable_tricks

    sound = claimable_tricks(board.play, Seat.NORTH)
    board.play.make_claim(sound, Seat.NORTH)
    assert Robot.named("redouble").accept_claim(board)
    board.play.reject_claim()
    if sound < 13:
        board.play.make_claim(sound + 1, Seat.NORTH)
        assert not Robot.named("basic").accept_claim(board)


def test_a_robot_names_an_unknown_system_when_it_is_made() -> None:
    with pytest.raises(RedoubleError, match="unknown bidding system 'acol'"):
        Robot(system="acol")
    with pytest.raises(RedoubleError, match="unknown bidding system 'precision'"):
        Robot(system="sayc", opponents_system="precision")
