"""PBN: real files, leniency, errors, round trips (hypothesis)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from redouble import Annotation, Board, Call, Card, Contract, Deal, ParseError, Seat, Strain, Vulnerability, pbn
from tests.format_helpers import random_boards, snapshot

DATA = Path(__file__).parent / "data"
DEAL = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"


def game(*lines: str) -> str:
    return "\n".join(lines) + "\n"


BASIC = game('[Event "Test"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
             '[Declarer "N"]', '[Contract "7NT"]', '[Result "13"]', '[Auction "N"]', "7NT Pass Pass Pass")


# --- real files ----------------------------------------------------------------------------------------

def test_european_youth_championship_file_loads_with_inheritance_and_claims() -> None:
    boards = pbn.load(DATA / "eyc1998_juniors.pbn")
    assert [b.number for b in boards] == [1, 1, 2, 2, 3, 3]
    assert all(len(b.deal[s]) == 13 for b in boards for s in Seat)
    # "#" takes the value of the game before
    assert {b.tags["Event"] for b in boards} == {"16th European Youth Team Championships"}
    assert [b.tags["Room"] for b in boards] == ["Open", "Closed"] * 3
    assert boards[1].tags["HomeTeam"] == "J-germany" and boards[1].tags["Date"] == "1998.07.16"
    assert [str(b.contract) for b in boards] == ["5H-S", "4H-N", "4H-S", "4H-S", "2S-N", "3D-N"]
    assert [b.tricks for b in boards] == [10, 10, 9, 10, 7, 8]
    # each play stops with '*': the rest is a claim settled from the Result tag
    assert [len(b.play.cards) for b in boards] == [12, 16, 20, 36, 32, 30]
    assert all(b.play.claimed_tricks == b.tricks for b in boards)
    # the scores agree with the file's own Score tags
    assert [f"NS {b.score()}" for b in boards] == [b.tags["Score"] for b in boards]


def test_last_trick_of_a_claim_is_partly_played() -> None:
    board = pbn.load(DATA / "eyc1998_juniors.pbn")[5]  # "- CJ CQ -": South led, West followed, then claim
    assert board.play.cards[-2:] == [Card("CJ"), Card("CQ")]
    assert board.play.current_trick == [Card("CJ"), Card("CQ")]


def test_realbridge_file_with_notes_and_double_dummy_tables() -> None:
    boards = pbn.load(DATA / "realbridge2021_board11.pbn")
    assert len(boards) == 3
    passed, claimed, full = boards
    assert passed.contract == Contract.PASSED_OUT and passed.score() == 0 and passed.play is None
    assert claimed.auction.annotations == {0: Annotation(False, "11-13,17-19 or clubs"),
                                           2: Annotation(False, "9-11, no 4cM")}
    assert (claimed.contract, claimed.tricks, claimed.score()) == (Contract.parse("1NT-N"), 8, 120)
    assert len(full.play.tricks) == 13 and full.play.claimed_tricks is None and full.tricks == 7
    dd = claimed.double_dummy_tricks
    assert dd is not None and len(dd) == 20
    assert dd[Seat.NORTH, Strain.NOTRUMP] == 7 and dd[Seat.SOUTH, Strain.HEARTS] == 5
    assert dd[Seat.EAST, Strain.CLUBS] == 5 and dd[Seat.WEST, Strain.DIAMONDS] == 7
    assert claimed.sections["OptimumResultTable"][:2] == ["N NT  7", "N  S  7"]
    assert list(claimed.tags)[:4] == ["Event", "Site", "Date", "Board"]
    assert list(claimed.tags)[-3:] == ["OptimumResultTable", "OptimumScore", "Competition"]


def test_double_dummy_tricks_tag_agrees_with_the_optimum_result_table() -> None:
    for board in pbn.load(DATA / "realbridge2021_board11.pbn"):
        from_tag = pbn.double_dummy_table(Board(board.deal, tags={"DoubleDummyTricks":
                                                                  board.tags["DoubleDummyTricks"]}))
        from_table = pbn.double_dummy_table(Board(board.deal, tags={"OptimumResultTable":
                                                                    board.tags["OptimumResultTable"]},
                                                  sections=board.sections))
        assert from_tag == from_table


@pytest.mark.parametrize("name", ["eyc1998_juniors.pbn", "realbridge2021_board11.pbn"])
def test_real_files_round_trip(name: str) -> None:
    boards = pbn.load(DATA / name)
    again = pbn.loads(pbn.dumps(boards))
    assert [snapshot(b) for b in again] == [snapshot(b) for b in boards]
    assert pbn.dumps(again) == pbn.dumps(boards)


# --- leniency ------------------------------------------------------------------------------------------

def test_sloppy_input_still_reads() -> None:
    text = ('\ufeff[Event "x"]\r\n[Board  "3" ]\r\n[Dealer "s"]\r\n[Vulnerable "Both"]\r\n'
            '[Deal "n:akqj.akq.akq.akq 5432.5432.5432.5 10987.10987.109.1098 6.J6.J876.J76432"]\r\n'
            '[Auction "S"]\r\n1c!  pass   1d=1= x\r\nxx ap\r\n[Note "1:  relay "]\r\n')
    [board] = pbn.loads(text.encode("utf-8"))
    assert board.number == 3 and board.dealer == Seat.SOUTH and board.vulnerability == Vulnerability.ALL
    assert board.deal == Deal.parse(DEAL)
    assert [str(c) for c in board.auction.calls] == ["1C", "Pass", "1D", "X", "XX", "Pass", "Pass", "Pass"]
    assert board.auction.annotations == {0: Annotation(True, None), 2: Annotation(False, "relay")}
    assert board.contract == Contract.parse("1DXX-N")


def test_latin1_bytes_are_decoded() -> None:
    [board] = pbn.loads(BASIC.replace("Test", "Tournoi d'été").encode("latin-1"))
    assert board.tags["Event"] == "Tournoi d'été"


def test_missing_optional_tags_follow_the_board_number() -> None:
    [board] = pbn.loads(game('[Board "7"]', f'[Deal "{DEAL}"]'))
    assert board.dealer == Seat.SOUTH and board.vulnerability == Vulnerability.ALL
    assert board.phase == "auction"


def test_auction_columns_may_start_before_the_dealer() -> None:
    text = game('[Dealer "E"]', f'[Deal "{DEAL}"]', '[Auction "N"]', "- 1S Pass 4S", "AP")
    [board] = pbn.loads(text)
    assert board.auction.dealer == Seat.EAST and str(board.contract) == "4S-E"
    assert board.phase == "play" and board.play is not None and not board.play.cards


def test_hash_hash_value_carries_to_later_games() -> None:
    text = game('[Event "##Club night"]', '[Site "#"]') + "\n" + game(f'[Deal "{DEAL}"]') + "\n" + \
        game('[Event "Other"]', f'[Deal "{DEAL}"]', '[Site "#"]')
    first, second = pbn.loads(text)
    assert first.tags["Event"] == "Club night"
    assert second.tags["Event"] == "Other" and second.tags["Site"] == ""


def test_a_game_without_a_deal_continues_the_board_before() -> None:
    other_table = game('[West "Zak"]', '[Declarer "N"]', '[Contract "6NT"]', '[Result "12"]', '[Auction "N"]',
                       "6NT AP")
    first, second = pbn.loads(BASIC + "\n" + other_table)
    assert (second.number, second.dealer, second.deal) == (1, Seat.NORTH, first.deal)
    assert (str(second.contract), second.score()) == ("6NT-N", 990)
    assert list(second.tags)[:4] == ["Board", "Dealer", "Vulnerable", "Deal"]
    assert snapshot(pbn.loads(pbn.dumps([second]))[0]) == snapshot(second)


def test_comments_before_inside_and_after_games_are_kept() -> None:
    text = ("{ file comment }\n" + BASIC.replace('[Event "Test"]', '[Event "Test"] ; after event') +
            "{ trailing\n\ncomment }\n")
    [board] = pbn.loads(text)
    assert board.comments == [("", "{ file comment }"), ("Event", "; after event"),
                              ("Auction", "{ trailing\n\ncomment }")]
    out = pbn.dumps([board])
    assert "{ file comment }\n[Event" in out and '[Event "Test"]\n; after event' in out
    assert pbn.loads(out)[0].comments == board.comments


def test_comment_only_game_at_the_end_goes_to_the_last_board() -> None:
    [board] = pbn.loads(BASIC + "\n{ the end }\n")
    assert board.comments == [(":end", "{ the end }")]


def test_suffixes_and_nags_are_kept() -> None:
    text = BASIC.replace("7NT Pass Pass Pass", "7NT ?! $13 Pass Pass Pass") + \
        '[Play "E"]\nS2 =1= ST S6 $7 SA\n*\n[Note "1:count"]\n'
    [board] = pbn.loads(text)
    assert board.call_marks == {0: ("?!", "$13")}
    assert board.card_notes == {0: "count"} and board.card_marks == {2: ("$7",)}
    assert board.play.claimed_tricks == 13
    again = pbn.loads(pbn.dumps([board]))[0]
    assert snapshot(again) == snapshot(board)


def test_auction_notes_written_after_the_play_are_found() -> None:
    text = game(f'[Deal "{DEAL}"]', '[Dealer "N"]', '[Auction "N"]', "2C =1= Pass 2D Pass", "7NT AP",
                '[Play "E"]', "S2 ST S6 SA", "*", '[Result "13"]', '[Note "1:strong"]')
    [board] = pbn.loads(text)
    assert board.auction.annotations[0].explanation == "strong"


def test_empty_sections_are_kept_as_they_are() -> None:
    text = game('[Board "2"]', f'[Deal "{DEAL}"]', '[Auction "?"]', '[Play "?"]', '[Score "x"]')
    [board] = pbn.loads(text)
    assert board.phase == "auction" and board.dealer == Seat.EAST
    out = pbn.dumps([board])
    assert '[Auction "?"]\n[Play "?"]\n[Score "x"]' in out
    once = pbn.loads(out)[0]
    assert once.tags == {**board.tags, "Dealer": "E", "Vulnerable": "NS"}  # written as the board has them
    assert pbn.loads(pbn.dumps([once]))[0].tags == once.tags


def test_result_for_a_side() -> None:
    [board] = pbn.loads(BASIC.replace('[Result "13"]', '[Result "EW 0 NS 13"]'))
    assert board.tricks == 13


def test_table_rows_of_unknown_sections_survive() -> None:
    text = BASIC + '[ScoreTable "PairId_NS;Score_NS\\4R"]\n 1   420\n12  -50\n[Generator "x"]\n'
    [board] = pbn.loads(text)
    assert board.sections["ScoreTable"] == ["1   420", "12  -50"]
    assert board.tags["ScoreTable"] == "PairId_NS;Score_NS\\4R"
    assert pbn.loads(pbn.dumps([board]))[0].sections == board.sections


def test_play_in_progress_is_left_open() -> None:
    text = BASIC.replace('[Result "13"]\n', "") + '[Play "E"]\nS2 ST S6 SA\n+ - - DA\n'
    [board] = pbn.loads(text)
    assert board.phase == "play" and board.play.cards[-1] == Card("DA") and board.play.turn == Seat.EAST
    board.push("D2")
    assert len(board.play.cards) == 6


# --- errors --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "line", "words"), [
    (('[Deal "N:', '[Deal "N:AA'), 5, ["Deal tag", "'AAAKQJ.AKQ.AKQ.AKQ'", "appears twice"]),
    (("7NT Pass Pass Pass", "7NT 8Z"), 10, ["not a call", "'8Z'"]),
    (("7NT Pass Pass Pass", "7NT 6S"), 10, ["illegal call '6S'", "outrank"]),
    (('[Vulnerable "None"]', '[Vulnerable "Some"]'), 4, ["Vulnerable tag", "'Some'"]),
    (('[Contract "7NT"]', '[Contract "6NT"]'), 7, ["'6NT'", "the auction ends in 7NT-N"]),
    (('[Result "13"]', '[Result "15"]'), 8, ["Result tag", "'15'"]),
    (('[Event "Test"]', '[Event "Test]'), 1, ["malformed tag", "[Event"]),
])
def test_bad_input_names_the_line_and_quotes_it(change: tuple[str, str], line: int, words: list[str]) -> None:
    text = BASIC.replace(*change)
    with pytest.raises(ParseError) as info:
        pbn.loads(text, strict=True)
    assert info.value.line == line
    for w in words:
        assert w in str(info.value)
    # leniently: the board is kept, the problem reported with its line, and the file written back as it said
    loaded = pbn.loads(text)
    [problem] = loaded.problems
    assert (problem.line, problem.board, problem.dropped) == (line, "1", False) and problem.kept
    assert all(w in str(problem) for w in words) and loaded[0].problems == [problem]
    written = pbn.dumps(loaded)
    if "malformed" not in problem.message:
        assert change[1] in written
    again = pbn.loads(written)
    assert [snapshot(b) for b in again] == [snapshot(b) for b in loaded]
    # a malformed line is left out (so the text written back reads cleanly); anything else stays as it was
    assert [p.message for p in again.problems] == ([] if "malformed" in problem.message else [problem.message])


def test_last_trick_partly_unknown() -> None:
    [board] = pbn.loads(BASIC + '[Play "E"]\nS2 ST S6 SA\n- D9 - DA\n*\n')
    assert board.play.cards[-1] == Card("DA") and board.play.claimed_tricks == 13


def test_card_after_an_unknown_one_in_an_earlier_trick() -> None:
    with pytest.raises(ParseError, match="card ST for S after the play stopped"):
        pbn.loads(BASIC + '[Play "E"]\n- ST S6 SA\nD2 D9 D6 DA\n', strict=True)


def test_bad_card_in_the_play_keeps_the_cards_before_it() -> None:
    text = BASIC + '[Play "E"]\nS2 ST S6 SA\nS3 S7 D6 HJ\n'
    with pytest.raises(ParseError) as info:
        pbn.loads(text, strict=True)
    assert info.value.line == 13 and "illegal card HJ" in str(info.value) and "does not hold" in str(info.value)
    [board] = loaded = pbn.loads(text)
    # North won the first trick and leads HJ, which it does not hold: the first trick stays
    assert board.play.cards == [Card("S2"), Card("ST"), Card("S6"), Card("SA")]
    assert board.tricks == 13 and board.score() == 1520  # from the Result tag
    assert "kept: the first 4 cards" in str(loaded.problems[0])
    assert pbn.dumps(loaded).endswith('[Play "E"]\nS2 ST S6 SA\nS3 S7 D6 HJ\n')


def test_result_that_the_play_cannot_reach() -> None:
    text = BASIC.replace('[Result "13"]', '[Result "0"]') + '[Play "E"]\nS2 ST S6 SA\n*\n'
    with pytest.raises(ParseError, match="Result 0 cannot be reached: the declarer has 1 tricks"):
        pbn.loads(text, strict=True)
    [board] = loaded = pbn.loads(text)
    assert len(board.play.cards) == 4 and board.play.claim is None and board.tricks == 0
    assert loaded.problems[0].line == 8 and '[Result "0"]' in pbn.dumps(loaded)


def test_lenient_reading_keeps_the_good_boards() -> None:
    bad = BASIC.replace("7NT Pass Pass Pass", "7NT 8Z").replace('"1"]', '"2"]')
    result = pbn.loads(BASIC + "\n" + bad + "\n" + BASIC.replace('"1"]', '"3"]'))
    assert [b.number for b in result] == [1, 2, 3]
    assert [(p.board, p.line, p.dropped) for p in result.problems] == [("2", 21, False)]
    assert [str(c) for c in result[1].auction.calls] == ["7NT"] and result[1].score() == 1520
    with pytest.raises(ParseError):
        pbn.loads(BASIC + "\n" + bad, strict=True)


def test_a_malformed_tag_is_left_out_with_its_line() -> None:
    games = (DATA / "eyc1998_juniors.pbn").read_text().split("\n\n")
    games[2] = games[2].replace('[Site "#"]', '[Site "#]')
    result = pbn.loads("\n\n".join(games))
    assert [b.number for b in result] == [1, 1, 2, 2, 3, 3]
    [problem] = result.problems
    assert (problem.board, problem.line) == ("2", 66) and "malformed tag '[Site \"#]'" in str(problem)
    assert "Site" not in result[2].tags


def test_load_and_dump_take_paths_and_files(tmp_path: Path) -> None:
    boards = pbn.loads(BASIC)
    pbn.dump(boards, tmp_path / "x.pbn")
    assert snapshot(pbn.load(tmp_path / "x.pbn")[0]) == snapshot(boards[0])
    assert snapshot(pbn.load(str(tmp_path / "x.pbn"))[0]) == snapshot(boards[0])
    buffer = io.StringIO()
    pbn.dump(boards, buffer)
    assert pbn.load(io.BytesIO(buffer.getvalue().encode()))[0].tags == boards[0].tags


def test_written_board_from_scratch() -> None:
    board = Board.from_number(5, deal=Deal.parse(DEAL))
    for call in ["1C", "X", "Pass", "1S", "Pass", "Pass", "Pass"]:
        board.push(call)
    board.push("HA")
    text = pbn.dumps([board])
    assert '[Declarer "W"]\n[Contract "1S"]\n' in text
    assert '[Auction "N"]\n1C X Pass 1S\nPass Pass Pass\n[Play "N"]\nHA + - -\n' in text
    again = pbn.loads(text)[0]
    assert again.play.cards == [Card("HA")] and again.play.turn == Seat.EAST and again.tricks is None


# --- properties ----------------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st_boards=random_boards(pbn_extras=True).map(lambda b: [b]) | random_boards().map(lambda b: [b, b]))
def test_dump_then_load_is_the_identity(st_boards: list[Board]) -> None:
    text = pbn.dumps(st_boards)
    loaded = pbn.loads(text)
    assert len(loaded) == len(st_boards)
    for original, back in zip(st_boards, loaded, strict=True):
        assert snapshot(back, tags=False) == snapshot(original, tags=False)
        owned = set(pbn.OWNED_TAGS)
        assert {k: v for k, v in back.tags.items() if k not in owned} == \
            {k: v for k, v in original.tags.items() if k not in owned}
    # and from then on the text and every tag stay exactly the same
    again = pbn.loads(pbn.dumps(loaded))
    assert [snapshot(b) for b in again] == [snapshot(b) for b in loaded]
    assert pbn.dumps(again) == pbn.dumps(loaded)


@given(st_boards=random_boards())
@settings(max_examples=50, deadline=None)
def test_scores_survive_the_round_trip(st_boards: Board) -> None:
    back = pbn.loads(pbn.dumps([st_boards]))[0]
    assert back.score() == st_boards.score() and back.phase == st_boards.phase


def test_call_parse_sanity() -> None:  # the writer's spelling of calls reads back
    for call in [Call("1NT"), Call.PASS, Call.DOUBLE, Call.REDOUBLE]:
        assert Call.parse(str(call)) is call


# --- found by fuzzing ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("section", "bad"), [
    ("[Auction \"N\"]\n7NT = Pass Pass Pass\n", "'='"), ("[Auction \"N\"]\n7NT Pass P=ss Pass\n", "'='"),
    ("[Auction \"N\"]\n7NT Pass Pass Pass\n[Play \"E\"]\nS2 =\n", "'='"),
])
def test_a_bare_note_mark_is_a_problem_not_a_crash(section: str, bad: str) -> None:
    text = BASIC.split('[Auction')[0] + section
    with pytest.raises(ParseError, match=f"note reference {bad} without its number"):
        pbn.loads(text, strict=True)
    [board] = loaded = pbn.loads(text)
    assert "without its number" in loaded.problems[0].message and board.score() == 1520
    assert section.split("\n")[-2] in pbn.dumps([board])


@pytest.mark.parametrize("text", [
    game('[Dealer "N"]', '[Auction "N"]', "1NT Pass Pass Pass"),
    game('[Dealer "N"]', '[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]', '[Auction "N"]', "1NT Pass Pass Pass"),
])
def test_a_board_with_an_incomplete_deal_reads_and_says_it_cannot_be_played(text: str) -> None:
    [board] = loaded = pbn.loads(text)
    assert not loaded.problems and board.phase == "play" and board.play is None and not board.is_playable
    assert board.turn == Seat.EAST and board.legal_actions() == []
    assert snapshot(pbn.loads(pbn.dumps([board]))[0], tags=False) == snapshot(board, tags=False)


def test_tags_disagreeing_with_the_game_are_kept_and_written_as_they_were() -> None:
    # a Result the play does not reach, and a Dealer the auction does not start with
    text = BASIC.replace('[Result "13"]', '[Result "12"]').replace('[Dealer "N"]', '[Dealer "S"]') + \
        '[Play "E"]\n' + "\n".join(["S2 ST S6 SA"] + ["- - - -"] * 0) + "\n"
    [board] = loaded = pbn.loads(text + "\n")
    messages = [p.message for p in loaded.problems]
    assert "the auction starts with N but the Dealer tag says S" in messages
    written = pbn.dumps([board])
    assert '[Dealer "S"]' in written and '[Result "12"]' in written
    assert board.dealer == Seat.NORTH and board.tricks == 12
