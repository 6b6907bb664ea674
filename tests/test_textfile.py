"""Every real file in tests/data loads (problems reported, never raised), writes back what it said, and
round-trips; see tests/data/PROVENANCE.md for where each file comes from."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble import Contract, Seat, Strain, lin, pbn
from redouble.textfile import Loaded
from tests.format_helpers import snapshot

DATA = Path(__file__).parent / "data"
FILES = sorted(p.name for p in DATA.iterdir() if p.suffix in (".pbn", ".lin"))

# file: (boards kept, problems reported, boards left out)
EXPECTED = {
    "bba_bidding_analyser_bergen.pbn": (2, 2, 0),  # a second Room tag in each game
    "bcdd_bigdeal_double_dummy2016.pbn": (3, 0, 0),
    "bbo_hand.lin": (1, 0, 0),
    "bbo_handviewer_two_boards.lin": (2, 0, 0),
    "bbo_helper_daylong2024.pbn": (2, 0, 0),
    "bbo_myhands_3381671193.lin": (1, 0, 0),
    "bbo_myhands_pbntools2021.pbn": (2, 0, 0),
    "bbo_problem_movie_pl.lin": (2, 1, 1),  # one problem's deal has a hand without suit letters
    "bbo_tourney.lin": (1, 0, 0),
    "bbo_vugraph_spingold2016.lin": (4, 0, 0),
    "ben_bbo_robot_6d.pbn": (1, 0, 0),
    "bigdeal_generator.pbn": (2, 0, 0),
    "bridgecomposer_club_scoretable2025.pbn": (2, 0, 0),
    "club_butler_h6_2013.pbn": (28, 0, 0),
    "club_crossimp_mean_liiga.pbn": (16, 0, 0),
    "club_crossimp_silver_2011.pbn": (42, 0, 0),
    "club_mp_sm2014_session1.pbn": (66, 0, 0),
    "club_teams_salo_2013.pbn": (1, 0, 0),
    "bridgenz_edr2pbn_individual.pbn": (2, 0, 0),
    "bridgenz_txt2pbn_trophy2015.pbn": (2, 0, 0),
    "dealer_debian_printpbn.pbn": (3, 0, 0),
    "dealmaster_bridgecomposer_dd2016.pbn": (2, 0, 0),
    "eyc1998_juniors.pbn": (6, 0, 0),
    "jfr_pary_pbntools_barometr2012.pbn": (80, 0, 0),
    "lin2pbn_bbo_movie.lin": (1, 0, 0),
    "pbn_standard_schiphol1995.pbn": (1, 0, 0),
    "realbridge2021_board11.pbn": (3, 0, 0),
    "rpbridge_wc2012_final.pbn": (4, 6, 0),  # auctions without the leading passes, two garbled plays
    "ruter_club_butler2012.pbn": (3, 0, 0),
}


def module(name: str):  # type: ignore[no-untyped-def]
    return pbn if name.endswith(".pbn") else lin


def test_every_file_is_listed() -> None:
    assert set(FILES) == set(EXPECTED)


@pytest.mark.parametrize("name", FILES)
def test_real_file_loads_round_trips_and_keeps_every_tag(name: str) -> None:
    fmt = module(name)
    loaded = fmt.load(DATA / name)
    assert isinstance(loaded, Loaded)
    assert (len(loaded), len(loaded.problems), loaded.dropped) == EXPECTED[name]
    assert all(p.kept and (p.line or p.token is not None) for p in loaded.problems)
    text = fmt.dumps(loaded)
    again = fmt.loads(text)
    assert [snapshot(b) for b in again] == [snapshot(b) for b in loaded]
    # what was kept as written is read the same way again; what was left out is gone
    assert [p.message for p in again.problems] == [p.message for p in loaded.problems if "left out" not in p.kept]
    for original, back in zip(loaded, again, strict=True):
        # every tag of the original survives, in its order (the writer may add the mandatory ones)
        assert [kv for kv in back.tags.items() if kv[0] in original.tags] == list(original.tags.items())
    assert fmt.dumps(again) == text


@pytest.mark.parametrize("name", [n for n in FILES if n.endswith(".pbn")])
def test_pbn_files_convert_to_lin_and_back_with_the_same_games(name: str) -> None:
    # (LIN holds a contract and result only as an auction and a play: lin.unwritten names what it drops)
    boards = [b for b in pbn.load(DATA / name) if not b.problems and b.deal.is_complete and not lin.unwritten(b)]
    back = pbn.loads(pbn.dumps(lin.loads(lin.dumps(boards))))
    assert [(b.deal, b.number, b.dealer, b.vulnerability, b.auction.calls, b.contract, b.tricks, b.score())
            for b in back] == \
        [(b.deal, b.number, b.dealer, b.vulnerability, b.auction.calls, b.contract, b.tricks, b.score())
         for b in boards]


def test_club_results_keep_their_score_tables_for_ranking() -> None:
    ruter = pbn.load(DATA / "ruter_club_butler2012.pbn")
    assert ruter[0].tags["TotalScoreTable"].startswith("Rank\\2R;RankTie\\2R;PairId\\2R")
    assert len(ruter[0].sections["TotalScoreTable"]) == 16 and len(ruter[0].sections["ScoreTable"]) == 8
    assert ruter[0].sections["ScoreTable"][0] == '2 1  3  4 1N  N  8 ST   "120"      -   5  -5  -90'
    composer = pbn.load(DATA / "bridgecomposer_club_scoretable2025.pbn")
    assert [len(b.sections["ScoreTable"]) for b in composer] == [15, 15]
    assert composer[1].tags["Event"] == "Alpine Club Championship"  # "#": the game before's
    assert composer[0].double_dummy_tricks[Seat.EAST, Strain.NOTRUMP] == 11


def test_team_vugraph_names_each_room_from_the_eight_name_pn() -> None:
    boards = lin.load(DATA / "bbo_vugraph_spingold2016.lin")
    assert [(b.number, b.tags["Room"], b.tags["South"], b.tags["East"]) for b in boards] == [
        (16, "Open", "Quantin", "Martens"), (16, "Closed", "Helgemo", "Bessis"),
        (17, "Open", "Quantin", "Martens"), (17, "Closed", "Helgemo", "Bessis")]
    # the file's own results line: 3HS=, 4DE=, 1NW=, 2CN=
    assert [(str(b.contract), b.tricks) for b in boards] == [("3H-S", 9), ("4D-E", 10), ("1NT-W", 7),
                                                             ("2C-N", 8)]
    assert [k for _, _, k, v in boards[3].lin_extras if k == "nt"] == ["nt"] * 3  # the commentary is kept


def test_a_contract_tag_that_disagrees_with_the_auction() -> None:
    boards = pbn.load(DATA / "rpbridge_wc2012_final.pbn")
    # rpbridge.net leaves out the passes before the opening bid: the auction seems to end in 5C-N, the
    # tags (and the opening lead) say 5C by East; the tags are scored and the auction written as it was
    assert boards[0].contract == Contract.parse("5C-E") and boards[0].score() == -420
    assert "1NT X XX 4H\nX 4S 4NT X\n5C AP" in pbn.dumps(boards[:1])
    assert "the auction ends in 5C-N but the file says Contract '5C', Declarer 'E'" in str(boards.problems[0])


def test_problem_movie_with_calls_run_together() -> None:
    boards = lin.load(DATA / "bbo_problem_movie_pl.lin")
    assert [str(b.contract) for b in boards] == ["1NT-E", "1NT-E"]  # 'mb|1nppp|': 1NT and three passes
    assert all(len(b.deal[s]) == len(b.deal[Seat.NORTH]) for b in boards for s in Seat)  # end positions
    [problem] = boards.problems
    assert problem.dropped and problem.token == 62 and "rank 'J' before any suit letter" in problem.message


def test_upper_case_tag_names_and_stray_end_marks_are_read() -> None:
    text = (DATA / "eyc1998_juniors.pbn").read_text()
    shouting = text.replace("[Deal ", "[DEAL ").replace("[Auction ", "[AUCTION ").replace("[Play ", "[play ")
    shouting = shouting.replace("\n*\n", "\n*\n*\n")  # some programs end the game with a second '*'
    loaded = pbn.loads(shouting)
    assert not loaded.problems
    assert [snapshot(b) for b in loaded] == [snapshot(b) for b in pbn.load(DATA / "eyc1998_juniors.pbn")]


def test_a_bbo_movie_and_pbntools_pbn_of_it_hold_the_same_game() -> None:
    [movie] = lin.load(DATA / "bbo_myhands_3381671193.lin")
    converted = pbn.load(DATA / "bbo_myhands_pbntools2021.pbn")[0]
    assert (movie.deal, movie.auction.calls, movie.play.cards if movie.play else None) == (
        converted.deal, converted.auction.calls, converted.play.cards if converted.play else None)
    # 11 tricks played, then the claim of the rest (LIN 'mc|11|'; PBN two '- - - -' rows and Result 11)
    assert (str(movie.contract), movie.tricks, movie.score()) == (str(converted.contract), converted.tricks,
                                                                  converted.score()) == ("5D-E", 11, -400)
    assert movie.auction.annotations[1].explanation == converted.auction.annotations[1].explanation == "gesthem"
    assert movie.auction.annotations[1].alert  # 'mb|2N!|': PBN has no '!' here, only the note
    assert converted.tags["DealId"] == "3381671193.lin"


def test_one_game_a_table_from_jfr_pary_with_passed_out_tables() -> None:
    games = pbn.load(DATA / "jfr_pary_pbntools_barometr2012.pbn")
    board_10 = [(b.tags["North"], str(b.contract), b.score()) for b in games if b.number == 10]
    assert board_10[:3] == [("Para-8", "Pass", 0), ("Para-1", "1NT-E", 100), ("Para-5", "1NT-E", 100)]
    assert len(board_10) == 8 and len({b.deal for b in games if b.number == 10}) == 1
    # a passed-out table had no Declarer tag and gets none written back
    assert '[Contract "Pass"]\n[Result ""]' in pbn.dumps(games) and '[Declarer ""]' not in pbn.dumps(games)


def test_bcdd_double_dummy_tables_agree_with_dds() -> None:
    from redouble import dd

    boards = pbn.load(DATA / "bcdd_bigdeal_double_dummy2016.pbn")
    for board in boards:
        table = dd.solve_deal(board.deal)
        assert {k: v for k, v in board.double_dummy_tricks.items()} == {
            (seat, strain): table.tricks(seat, strain) for seat in Seat for strain in Strain}
        # JFR's Ability: each seat's tricks as hex digits, no trumps down to clubs
        ability = " ".join(f"{seat}:" + "".join(f"{table.tricks(seat, s):X}" for s in reversed(Strain))
                           for seat in Seat)
        assert board.tags["Ability"] == ability
        par = dd.par(table, board.vulnerability, board.dealer)
        assert board.tags["OptimumScore"] == f"NS {par.score}"
