"""LIN: BBO files, seat order and hand encoding, errors with token numbers, round trips (hypothesis)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from redouble import Annotation, Board, Card, Contract, Deal, ParseError, Seat, Vulnerability, lin, pbn
from tests.format_helpers import random_boards, snapshot

DATA = Path(__file__).parent / "data"
# South, West, North (East left out): North holds the top cards.
MD = "md|3ST987HT987DT9CT98,S5432H5432D5432C5,SAKQJHAKQDAKQCAKQ,|"
GRAND = MD + "sv|b|mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|ST|pc|S2|pc|SA|mc|13|"


def test_bbo_hand_with_explanations() -> None:
    [board] = lin.load(DATA / "bbo_hand.lin")
    assert board.number == 1 and board.dealer == Seat.NORTH and board.vulnerability == Vulnerability.NONE
    assert board.deal == Deal.parse("N:AJ9.9.65432.AQ63 2.7532.AT87.8742 T43.AKQT84.K.KJT KQ8765.J6.QJ9.95")
    assert board.tags == {"South": "domtp", "West": "~~M11299v7", "North": "~~M16050uz", "East": "~~M16162vx"}
    assert [str(c) for c in board.auction.calls] == ["Pass", "Pass", "1H", "2S", "X", "Pass", "3H", "Pass",
                                                     "3NT", "Pass", "Pass", "Pass"]
    assert board.auction.annotations[4] == Annotation(False, "Negative double -- 4+ !C; 4+ !D; 11- HCP; 9-12 "
                                                             "total points")
    assert len(board.auction.annotations) == 5
    assert board.contract == Contract.parse("3NT-N") and len(board.play.tricks) == 13
    assert board.tricks == 11 and board.score() == 460
    assert board.lin_extras == [(0, 0, "st", ""), (0, 0, "rh", "")]


def test_bbo_tourney_with_header_room_and_claim() -> None:
    [board] = lin.load(DATA / "bbo_tourney.lin")
    assert board.number == 1 and board.tags["Room"] == "Open" and board.tags["South"] == "wlodawa"
    assert board.contract == Contract.parse("4H-N")
    assert len(board.play.cards) == 28 and board.play.claimed_tricks == 11 and board.score() == 450
    assert [k for _, _, k, _ in board.lin_extras] == ["vg", "rs", "pw", "mp", "bn", "st", "rh"]
    assert board.lin_extras[0][:2] == (-1, -1)
    # the file's own result line says 4HN+1
    assert board.lin_extras[1][3].startswith("4HN+1")


@pytest.mark.parametrize("name", ["bbo_hand.lin", "bbo_tourney.lin"])
def test_real_files_round_trip(name: str) -> None:
    boards = lin.load(DATA / name)
    again = lin.loads(lin.dumps(boards))
    assert [snapshot(b) for b in again] == [snapshot(b) for b in boards]


def test_grand_slam() -> None:
    [board] = lin.loads(GRAND)
    assert board.deal[Seat.EAST] == Deal.parse("N:- 6.J6.J876.J76432 - -")[Seat.EAST]
    assert board.auction.annotations == {0: Annotation(True, "strong")}
    assert board.vulnerability == Vulnerability.ALL and board.tricks == 13 and board.score() == 2220


def test_output_format() -> None:
    [board] = lin.loads(GRAND)
    text = lin.dumps([board])
    assert text.startswith("md|3ST987HT987DT9CT98,S5432H5432D5432C5,SAKQJHAKQDAKQCAKQ,S6HJ6DJ876CJ76432|sv|b|")
    assert "mb|2C!|an|strong|mb|p|" in text
    assert text.endswith("pc|S6|pc|ST|pc|S2|pc|SA|pg||mc|13|\n")


def test_lenient_reading() -> None:
    text = "PN|a,b,c,d|\r\n" + MD.replace("SAKQJ", "sakqj").replace("DT9", "D109") + "SV|Both|mb|1n|mb|X|mb|xx|" \
        "mb|P|\n"
    [board] = lin.loads(text.encode("latin-1"))
    assert board.tags["North"] == "c" and board.vulnerability == Vulnerability.ALL
    assert [str(c) for c in board.auction.calls] == ["1NT", "X", "XX", "Pass"]


def test_board_number_from_heading_and_qx() -> None:
    boards = lin.loads(f"qx|c12|{MD}\n{MD}ah|Board 7|")
    assert [b.number for b in boards] == [12, 7]
    assert boards[0].tags["Room"] == "Closed" and "Room" not in boards[1].tags
    assert boards[1].dealer == Seat.NORTH  # md's digit wins over the board number


def test_several_boards_one_per_line() -> None:
    text = "\n".join(f"pn|s,w,n,e|st||{MD}ah|Board {n}|sv|o|mb|p|mb|p|mb|p|mb|p|pg||" for n in (1, 2, 3))
    boards = lin.loads(text)
    assert [b.number for b in boards] == [1, 2, 3]
    assert all(b.contract == Contract.PASSED_OUT for b in boards)


@pytest.mark.parametrize(("text", "token", "words"), [
    (MD + "mb|1C|mb|8Z|", 2, ["not a call", "'mb|8Z|'"]),
    (MD + "mb|1C|mb|1C|", 2, ["illegal call", "outrank"]),
    (MD + "mb|7N|mb|p|mb|p|mb|p|pc|HA|", 5, ["illegal card", "'pc|HA|'", "does not hold"]),
    (MD + "mb|1C|pc|S6|", 2, ["play before the auction has ended"]),
    (MD + "mb|7N|mb|p|mb|p|mb|p|mc|14|", 5, ["impossible claim", "'mc|14|'"]),
    ("md|3SAAKQJ,,,|", 0, ["not a deal", "appears twice"]),
    ("md|9SAKQJ,,,|", 0, ["not a deal", "'9'"]),
    (MD + "sv|q|", 1, ["not a vulnerability", "'sv|q|'"]),
    (MD + "mb|1C", 1, []),
    (MD + "mb", 1, ["has no value"]),
])
def test_errors_name_the_token(text: str, token: int, words: list[str]) -> None:
    if not words:  # a last pair without its closing bar is fine
        assert lin.loads(text)[0].auction.calls[0].level == 1
        return
    with pytest.raises(ParseError) as info:
        lin.loads(text, strict=True)
    assert info.value.token == token
    for w in words:
        assert w in str(info.value)
    # leniently, the same problem is reported, and the board is kept unless its deal cannot be read
    if token == 0:
        with pytest.raises(ParseError, match="no board could be read"):
            lin.loads(text)
        return
    loaded = lin.loads(text)
    [problem] = loaded.problems
    assert problem.token == token and all(w in problem.message for w in words) and not problem.dropped
    trailing = "has no value" in words  # the file's, not the board's
    assert len(loaded) == 1 and loaded[0].problems == ([] if trailing else [problem])
    assert snapshot(lin.loads(lin.dumps(loaded))[0]) == snapshot(loaded[0])  # written back as it was


def test_lenient_reading_keeps_the_good_boards_and_the_rest_of_a_bad_one() -> None:
    good = f"qx|o1|{MD}mb|p|"
    bad = f"qx|o2|{MD}mb|1C|mb|1C|mb|p|"
    broken = "qx|o4|md|3SAAKQJ,,,|mb|p|"
    loaded = lin.loads(good + bad + good.replace("o1", "o3") + broken)
    assert [b.number for b in loaded] == [1, 2, 3, 4][:3]
    assert [(p.board, p.token, p.dropped) for p in loaded.problems] == [("2", 6, False), ("4", 12, True)]
    assert loaded.dropped == 1
    assert [str(c) for c in loaded[1].auction.calls] == ["1C"]
    assert loaded[1].lin_extras == [(1, 0, "mb", "1C"), (1, 0, "mb", "p")]
    assert "mb|1C|mb|1C|mb|p|" in lin.dumps([loaded[1]])
    with pytest.raises(ParseError) as info:
        lin.loads(good + bad, strict=True)
    assert info.value.token == 6 and info.value.board == "2"


def test_load_and_dump_files(tmp_path: Path) -> None:
    boards = lin.loads(GRAND)
    lin.dump(boards, tmp_path / "x.lin")
    assert snapshot(lin.load(tmp_path / "x.lin")[0]) == snapshot(boards[0])
    buffer = io.StringIO()
    lin.dump(boards, buffer)
    assert snapshot(lin.load(io.BytesIO(buffer.getvalue().encode()))[0]) == snapshot(boards[0])


def test_names_with_commas_lose_them() -> None:
    [board] = lin.loads(GRAND)
    board.tags.update({"South": "Smith, John", "West": "W", "North": "N", "East": "E"})
    assert "pn|Smith John,W,N,E|" in lin.dumps([board])
    assert lin.loads(lin.dumps([board]))[0].tags["South"] == "Smith John"


def test_bar_in_an_explanation_cannot_be_written() -> None:
    [board] = lin.loads(GRAND)
    board.auction.annotate(0, explanation="a|b")
    with pytest.raises(ValueError, match="LIN cannot hold"):
        lin.dumps([board])


def test_pbn_to_lin_to_pbn_keeps_the_game() -> None:
    boards = pbn.load(DATA / "realbridge2021_board11.pbn")
    back = pbn.loads(pbn.dumps(lin.loads(lin.dumps(boards))))
    for original, b in zip(boards, back, strict=True):
        assert (b.deal, b.number, b.dealer, b.vulnerability) == \
            (original.deal, original.number, original.dealer, original.vulnerability)
        assert b.auction.calls == original.auction.calls
        assert b.auction.annotations == original.auction.annotations
        assert (b.contract, b.tricks, b.score()) == (original.contract, original.tricks, original.score())
        assert {b.tags[s] for s in ("West", "North", "East", "South")} == \
            {original.tags[s] for s in ("West", "North", "East", "South")}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=random_boards(lin_extras=True))
def test_dump_then_load_is_the_identity(board: Board) -> None:
    [back] = lin.loads(lin.dumps([board]))
    assert snapshot(back) == snapshot(board)


@settings(max_examples=30, deadline=None)
@given(first=random_boards(), second=random_boards())
def test_several_boards_round_trip(first: Board, second: Board) -> None:
    back = lin.loads(lin.dumps([first, second]))
    assert [snapshot(b) for b in back] == [snapshot(first), snapshot(second)]


def test_card_spelling() -> None:
    assert Card.parse("s10") is Card("ST")


# --- found by fuzzing ---------------------------------------------------------------------------------

def test_north_dealing_is_read_as_north() -> None:
    [board] = lin.loads("qx|o2|md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5,ST987HT987DT9CT98,|mb|1C|mb|p|mb|p|mb|p|"
                        "pc|HJ|")
    assert board.dealer == board.auction.dealer == Seat.NORTH and str(board.contract) == "1C-N"
    assert board.play.cards == [Card("HJ")] and not board.problems  # East led: the play could be written back
    assert snapshot(lin.loads(lin.dumps([board]))[0]) == snapshot(board)


def test_a_deal_with_two_hands_gives_a_board_that_says_it_cannot_be_played() -> None:
    [board] = lin.loads("md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5,,|mb|1N|mb|p|mb|p|mb|p|")
    assert board.phase == "play" and not board.is_playable and board.play is None
    assert board.turn == Seat.EAST and board.legal_actions() == []


def test_an_eight_name_pn_names_both_rooms_and_survives_a_round_trip() -> None:
    text = f"pn|S1,W1,N1,E1,S2,W2,N2,E2|qx|o1|{MD}mb|p|mb|p|mb|p|mb|p|qx|c1|{MD}mb|p|mb|p|mb|p|mb|p|"
    boards = lin.loads(text)
    assert [(b.tags["Room"], b.tags["South"], b.tags["East"]) for b in boards] == [("Open", "S1", "E1"),
                                                                                 ("Closed", "S2", "E2")]
    again = lin.loads(lin.dumps(boards))
    assert [snapshot(b) for b in again] == [snapshot(b) for b in boards]
    # a board on its own with an eight-name pn among its pairs
    [one] = lin.loads(f"qx|o3|{MD}pn|a,b,c,d,e,f,g,h|mb|p|")
    assert [snapshot(b) for b in lin.loads(lin.dumps([one]))] == [snapshot(one)]
