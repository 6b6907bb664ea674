"""A board: number, dealer and vulnerability; the auction then the play through one push/pop; the score."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import (
    Board,
    Call,
    Card,
    Contract,
    Deal,
    IllegalCallError,
    IllegalCardError,
    Play,
    RedoubleError,
    Seat,
    Vulnerability,
)
from redouble.scoring import duplicate_score

DEAL = Deal.parse("N:AKQJT98.-.AKQ.AKQ 765432.AKQ.JT9.J -.JT98765.8765.T9 -.432.432.8765432")


def board_after(actions: str, number: int = 2) -> Board:
    board = Board.from_number(number, deal=DEAL)
    for action in actions.split():
        board.push(action)
    return board


def test_from_number_sets_dealer_and_vulnerability() -> None:
    board = Board.from_number(2, deal=DEAL)
    assert (board.number, board.dealer, board.vulnerability) == (2, Seat.EAST, Vulnerability.NS)
    assert board.auction.dealer is Seat.EAST
    assert board.deal == DEAL
    assert Board.from_number(19).dealer is Seat.SOUTH and Board.from_number(19).deal.is_complete


def test_board_with_text_fields() -> None:
    board = Board(DEAL, dealer="W", vulnerability="EW")  # type: ignore[arg-type]
    assert (board.dealer, board.vulnerability, board.auction.dealer) == (Seat.WEST, Vulnerability.EW, Seat.WEST)
    with pytest.raises(RedoubleError, match="not a vulnerability: 'X'"):
        Board(DEAL, vulnerability="X")  # type: ignore[arg-type]


def test_phases_from_auction_to_play_to_done() -> None:
    board = Board.from_number(2, deal=DEAL)
    assert board.phase == "auction" and board.turn is Seat.EAST
    assert board.contract is None and board.tricks is None and board.score() is None and board.play is None
    for call in "P 1S P 4S P P".split():
        board.push(call)
    assert board.phase == "auction" and board.turn is Seat.WEST
    board.push("P")
    assert board.phase == "play"
    assert board.contract == Contract.parse("4S-S") and board.declarer is Seat.SOUTH
    assert isinstance(board.play, Play) and board.turn is Seat.WEST  # South's left-hand opponent leads
    assert board.legal_actions() == sorted(DEAL[Seat.WEST], reverse=True)
    board.push("D2")
    assert board.turn is Seat.NORTH and board.play.controller is Seat.SOUTH
    assert board.score() is None
    board.play.make_claim(12)
    board.play.accept_claim()
    assert board.phase == "done" and board.turn is None and board.legal_actions() == []
    assert board.tricks == 12
    assert board.score() == 680  # 4S+2, North-South vulnerable on board 2: 120 + 60 + 500


def test_a_card_during_the_auction_is_refused() -> None:
    board = board_after("P 1S")
    with pytest.raises(IllegalCallError) as info:
        board.push(Card("SA"))
    assert str(info.value) == "W may not play SA: the auction is not over, make a call"
    with pytest.raises(IllegalCallError, match="W cannot call 'SA': not a call: 'SA'"):
        board.push("SA")
    assert [str(c) for c in board.auction] == ["Pass", "1S"]


def test_a_call_during_the_play_is_refused() -> None:
    board = board_after("P 1S P 4S P P P")
    with pytest.raises(IllegalCallError) as info:
        board.push(Call.PASS)
    assert str(info.value) == "W may not call Pass: the auction is over, play a card"
    # Text that reads as a call, not a card, is refused as a call.
    with pytest.raises(IllegalCallError, match="W may not call Pass: the auction is over, play a card"):
        board.push("P")
    with pytest.raises(IllegalCardError, match="W cannot play 'ZZ': not a card"):
        board.push("ZZ")
    assert board.play is not None and board.play.cards == []


def test_nothing_after_the_board_is_finished() -> None:
    board = board_after("P P P P")
    assert board.phase == "done" and board.contract is Contract.PASSED_OUT
    assert board.score() == 0 and board.play is None and board.legal_actions() == []
    with pytest.raises(RedoubleError, match="cannot take 1C: the board is finished"):
        board.push("1C")


def test_pop_goes_back_from_the_play_into_the_auction() -> None:
    board = board_after("P 1S P 4S P P P D2 DA")
    assert board.pop() is Card("DA")
    assert board.pop() is Card("D2")
    assert board.phase == "play" and board.play is not None and board.play.cards == []
    assert board.pop() is Call.PASS
    assert board.phase == "auction" and board.play is None and board.contract is None
    board.push("X")  # the auction goes on differently
    assert board.auction.doubled == 1
    for call in "P P P".split():
        board.push(call)
    assert board.contract == Contract.parse("4SX-S")
    for _ in range(10):
        board.pop()
    assert board.auction.calls == [] and board.phase == "auction"
    with pytest.raises(IllegalCallError, match="there is no call to take back"):
        board.pop()


def test_pop_reopens_a_settled_claim() -> None:
    board = board_after("P 1S P 4S P P P D2")
    assert board.play is not None
    board.play.make_claim(10)
    board.play.accept_claim()
    assert board.phase == "done" and board.score() == 620
    assert board.pop() is None
    assert board.phase == "play" and board.play.claim is None and board.score() is None
    assert board.pop() is Card("D2")


def test_recorded_result_without_play() -> None:
    board = Board(DEAL, number=7, vulnerability=Vulnerability.ALL,
                  recorded_contract=Contract.parse("4S-S"), recorded_tricks=9)
    assert board.phase == "done"
    assert (board.contract, board.tricks, board.declarer) == (Contract.parse("4S-S"), 9, Seat.SOUTH)
    assert board.score() == -100
    board = Board(DEAL, recorded_contract=Contract.parse("5DX-W"), recorded_tricks=8, vulnerability=Vulnerability.NS)
    assert board.score() == 500  # seed 000's scorecard, board 2: West down 3 in 5D doubled


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 32))
def test_random_boards_play_to_the_end_score_and_pop_back(seed: int, number: int) -> None:
    rng = random.Random(seed)
    board = Board.from_number(number, deal=Deal.random(rng=rng))
    actions: list[Call | Card] = []
    while board.phase != "done":
        legal = board.legal_actions()
        assert legal
        # pass most of the time so that auctions end at sensible levels
        action = Call.PASS if board.phase == "auction" and rng.random() < 0.7 else rng.choice(legal)
        board.push(action)
        actions.append(action)
    contract = board.contract
    assert contract is not None
    if contract.is_passed_out:
        assert board.score() == 0 and len(actions) == 4
    else:
        assert board.play is not None and len(board.play.cards) == 52
        assert board.tricks == board.play.declarer_tricks
        assert board.score() == duplicate_score(contract, contract.declarer, board.play.declarer_tricks,
                                                board.vulnerability)
    while actions:
        assert board.pop() is actions.pop()
    assert board.phase == "auction" and board.auction.calls == [] and board.play is None


# --- taking back: nothing a player has seen can be unseen ---------------------------------------------------
def test_take_back_a_call_and_the_calls_after_it() -> None:
    board = board_after("P 1S P 4S P")  # East passes, South 1S, West passes, North 4S, East passes
    assert board.why_no_take_back("S") is None
    assert board.take_back("S") == [Call.PASS, Call("4S"), Call.PASS, Call("1S")]
    assert board.auction.calls == [Call.PASS] and board.auction.turn is Seat.SOUTH
    with pytest.raises(RedoubleError, match="S has no call or card to take back in this deal"):
        board.take_back("S")


def test_no_take_back_into_the_auction_once_the_lead_is_faced() -> None:
    board = board_after("P 1S P 4S P P P")  # 4S by South; West leads
    assert board.why_no_take_back("S") is None  # the lead is not made yet: nothing has been shown
    board.push("D2")
    for seat in "NESW":
        assert board.why_no_take_back(seat) is not None
    assert board.why_no_take_back("S") == ("the opening lead has been made and dummy seen: "
                                           "the auction cannot be taken back")
    assert board.why_no_take_back("W") == "the opening lead faced dummy: it cannot be taken back"
    with pytest.raises(RedoubleError, match="dummy seen"):
        board.take_back("N")
    assert len(board.auction.calls) == 7 and board.play is not None and board.play.cards == [Card("D2")]


def test_take_back_own_card_within_the_play_declarer_owns_dummy_s() -> None:
    board = board_after("P 1S P 4S P P P D2 DA D9 D8 SA")  # dummy wins the ace of diamonds, then leads the ace
    assert board.take_back("S") == [Card("SA")]  # dummy's card is the declarer's to take back
    assert board.take_back("S") == [Card("D8")]
    assert board.take_back("S") == [Card("D9"), Card("DA")]
    assert board.play is not None and board.play.cards == [Card("D2")]
    assert board.why_no_take_back("S") is not None  # back at the lead: no further
    assert board.why_no_take_back("E") is not None


def test_no_take_back_of_a_finished_deal() -> None:
    passed = board_after("P P P P")
    assert passed.why_no_take_back("S") == "the deal is over and every hand has been shown: it cannot be taken back"
    claimed = board_after("P 1S P 4S P P P D2")
    assert claimed.play is not None
    claimed.play.make_claim(0, "S")
    assert claimed.why_no_take_back("W") == "S's claim is pending: only they can take it back"
    claimed.play.accept_claim()
    assert claimed.phase == "done"
    with pytest.raises(RedoubleError, match="the deal is over"):
        claimed.take_back("S")
    assert claimed.play.claimed_tricks == 0


def test_a_pending_claim_is_withdrawn_by_its_claimer() -> None:
    board = board_after("P 1S P 4S P P P D2 DA")
    assert board.play is not None
    board.play.make_claim(10, "S")
    assert board.take_back("S") == [] and board.play.claim is None
    assert board.play.cards == [Card("D2"), Card("DA")]


@given(st.integers(0, 2**32 - 1), st.data())
@settings(max_examples=40, deadline=None)
def test_take_back_never_reopens_what_was_shown(seed: int, data: st.DataObject) -> None:
    """Random boards, taken back at random points: the auction never reopens after the lead, a finished
    board never reopens, and the board stays one the rules could reach."""
    rng = random.Random(seed)
    board = Board.from_number(rng.randint(1, 16), deal=Deal.random(seed=seed))
    for _ in range(rng.randint(1, 80)):
        if board.phase == "done":
            break
        board.push(rng.choice(board.legal_actions()))
    seat = data.draw(st.sampled_from(list(Seat)))
    lead_made = board.play is not None and bool(board.play.cards)
    calls, done = list(board.auction.calls), board.phase == "done"
    if board.why_no_take_back(seat) is not None:
        with pytest.raises(RedoubleError):
            board.take_back(seat)
        return
    board.take_back(seat)
    assert not done
    if lead_made:
        assert board.auction.calls == calls and board.play is not None and len(board.play.cards) >= 1


# --- found by fuzzing: boards that cannot be played, whole operations, everyday snags ---------------------

ONE_HAND = "N:AKQJ.AKQ.AKQ.AKQ - - -"


@pytest.mark.parametrize("deal", [Deal.parse(ONE_HAND), Deal.from_owners(bytes([4] * 52))])
def test_a_board_without_all_four_hands_takes_calls_but_says_why_it_cannot_be_played(deal: Deal) -> None:
    board = Board(deal, dealer=Seat.NORTH)
    assert not board.is_playable and "the deal is not complete" in board.why_unplayable
    for call in ["1NT", "Pass", "Pass"]:
        board.push(call)
    board.push("Pass")  # the last pass is taken whole: the auction is over, the play cannot start
    assert board.phase == "play" and board.play is None and board.contract == Contract.parse("1NT-N")
    assert board.turn == Seat.EAST and board.legal_actions() == []
    with pytest.raises(IllegalCardError, match="E cannot play S2: the deal is not complete"):
        board.push("S2")
    assert len(board.auction) == 4 and board.play is None
    assert board.pop() == Call.PASS and board.phase == "auction"


def test_a_refused_action_changes_nothing() -> None:
    board = Board.from_number(1, deal=Deal.random(seed=5))
    with pytest.raises(RedoubleError, match=r"push takes one call or card, not \['1NT', 'Pass'\]"):
        board.push(["1NT", "Pass"])  # type: ignore[arg-type]
    board.extend(["1NT", "Pass"])
    before = board.copy()
    with pytest.raises(IllegalCallError):
        board.extend(["3NT", "Pass", "Pass", "2C"])
    assert board == before and board.auction.calls == [Call("1NT"), Call.PASS]
    with pytest.raises(RedoubleError, match="split it"):
        board.extend("3NT P P P")  # type: ignore[arg-type]


def test_copy_is_independent_and_boards_compare_by_content() -> None:
    board = Board.from_number(3, deal=Deal.random(seed=3))
    board.extend("1NT P 3NT P P P".split())
    copy = board.copy()
    assert copy == board and copy.play == board.play and copy.play is not board.play
    copy.push(copy.legal_actions()[0])
    assert copy != board and len(board.play.cards) == 0


@pytest.mark.parametrize("number", [2.5, 2.0, True, 0, -3, "7"])
def test_board_numbers_are_whole_numbers_from_one(number: object) -> None:
    with pytest.raises(RedoubleError, match="board numbers"):
        Board(Deal.random(seed=1), number=number)  # type: ignore[arg-type]
    if not isinstance(number, str):
        with pytest.raises(RedoubleError, match="board numbers"):
            Board.from_number(number)  # type: ignore[arg-type]


def test_two_d_is_a_bid_in_the_auction_and_a_card_in_the_play() -> None:
    board = Board.from_number(1, deal=Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 "
                                                 "6.J6.J876.J76432"))
    board.extend(["1NT", "2D", "Pass", "Pass", "Pass"])
    assert board.contract == Contract.parse("2D-E") and board.turn == Seat.SOUTH
    for card in ["9D", "D6", "DA", "2D"]:  # "2D" is now East's diamond two
        board.push(card)
    assert board.play.cards == [Card("D9"), Card("D6"), Card("DA"), Card("D2")]
