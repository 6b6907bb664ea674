"""The fuzzers of fuzz/ run, and their targets catch what they are meant to catch."""

from __future__ import annotations

import pytest

from fuzz import run, targets
from redouble import Board, Deal, lin, pbn


def test_each_fuzzer_runs_its_corpus_and_some_mangled_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--runs", "40"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"fuzz {name}: 40 inputs, no failure" for name in targets.TARGETS]


def test_a_target_fails_on_a_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str) -> None:
        raise KeyError(text)  # not one of the library's errors: a crash

    monkeypatch.setattr(targets, "Card", broken)
    with pytest.raises(KeyError):
        targets.values_target(b"SA")
    targets.pbn_target(b'[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n')  # reads and writes back


DEAL = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"
GAME = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
AUCTION = '[Auction "N"]\n1NT Pass Pass Pass\n'
LIN_DEAL = "md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5,ST987HT987DT9CT98,"

# Shapes of the mangled files on which `fuzz/run.py --round-trip` found dump-then-load changing a board or a tag.
ROUND_TRIP_FINDINGS = {
    "pbn: '%' in a section, not at the start of its line": GAME + '[Declarer "N"]\n[Contract "1NT"]\n' + AUCTION
    + '[Play "E"]\n % note\nS5 ST S6 SA\n',
    "pbn: a comment after the last game": GAME + "\n% the end\n",
    "pbn: '?' and '' for what the auction tells": GAME
    + '[Declarer "?"]\n[Contract ""]\n[Result "?"]\n[Auction ""]\n1NT Pass Pass Pass\n',
    "pbn: the play stops short of a Result it cannot reach": GAME + '[Declarer "N"]\n[Contract "1NT"]\n[Result "0"]\n'
    + AUCTION + '[Play "E"]\nS5 ST S6 SA\nH2 - - -\n*\n',
    "pbn: nothing played, the contract from the tags": GAME + '[Declarer "N"]\n[Contract "4S"]\n[Play "E"]\n*\n',
    "pbn: a Contract tag against the auction, no Declarer tag": GAME + '[Contract "5C"]\n' + AUCTION,
    "pbn: the Auction after the Play, each with its notes": GAME + '[Declarer "N"]\n[Contract "1NT"]\n[Play "E"]\n'
    'S5 =1= ST S6 SA\n[Note "1:low"]\n[Auction "N"]\n1NT =1= Pass Pass Pass\nX\n[Note "1:strong"]\n',
    "pbn: no Deal tag after one that is not a deal": '[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AK$ - - -"]\n\n'
    '[Board "2"]\n[Deal "N:AKQ\n[Auction "N"]\n1NT Pass Pass Pass\n',
    "pbn: a Result on a passed-out board": GAME + '[Contract "Pass"]\n[Result "9"]\n',
    "pbn: the Auction tag names the seat before the dealer": GAME.replace('"N"]\n[Vul', '"E"]\n[Vul')
    + '[Auction "N"]\n- 1NT Pass Pass\nPass\n',
    "pbn: the comments of a game without a board": '[Vulnerable "None"]\n% a\n\n% b\n' + GAME,
    "pbn: a space after the Auction's and the Play's seat": GAME + '[Declarer "N"]\n[Contract "1NT"]\n'
    '[Auction "N "]\n1NT Pass Pass Pass\n[Play "E "]\nS5 ST S6 SA\n*\n',
    "lin: an empty fourth hand": LIN_DEAL + "H|",
    "lin: a heading after a call that cannot be read": LIN_DEAL + "|ah|Board 5|mb|1C|mb|8Z|ah|Board 8|",
    "lin: a call before the deal": f"pn|a,b,c,d|mb|p|{LIN_DEAL}|mb|1C|",
    "lin: calls run together, the second illegal": LIN_DEAL + "|mb|pd|mb|p|",
    "lin: four names, then four others before the deal": f"pn|a,b,c,d|st||pn|e,f,g,h|{LIN_DEAL}|mb|1C|",
    "lin: a qx that is no board's, after other pairs before the deal": f"pn|a,b,c,d|st||qx|A3|{LIN_DEAL}|mb|1C|",
}


@pytest.mark.parametrize("name", ROUND_TRIP_FINDINGS)
def test_what_the_round_trip_fuzzer_found_reads_back_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(targets, "ROUND_TRIP", True)
    target = targets.pbn_target if name.startswith("pbn") else targets.lin_target
    target(ROUND_TRIP_FINDINGS[name].encode())


def test_a_result_that_disagrees_with_a_whole_play_kept_in_part_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.from_number(1, deal=Deal.parse(DEAL))
    for call in ("1NT", "Pass", "Pass", "Pass"):
        board.push(call)
    while board.play is not None and not board.play.is_complete:
        board.push(board.legal_actions()[0])
    made = board.tricks
    assert made is not None
    text = pbn.dumps([board]).replace(f'[Result "{made}"]', f'[Result "{(made + 1) % 14}"]') + "S2\n"
    [problem, disagreement] = pbn.loads(text).problems
    assert "after the end of the play" in problem.message or "after the play" in problem.message
    assert disagreement.message == f"Result '{(made + 1) % 14}' but the declarer won {made} tricks in the play"
    monkeypatch.setattr(targets, "ROUND_TRIP", True)
    targets.pbn_target(text.encode())


def test_what_the_readers_now_say_about_those_files() -> None:
    passed_out = pbn.loads(ROUND_TRIP_FINDINGS["pbn: a Result on a passed-out board"])
    assert [str(p) for p in passed_out.problems] == [
        "board 1, line 6: Result '9' for a board that was passed out (kept: the tag as written)"]
    unknown = pbn.loads(ROUND_TRIP_FINDINGS["pbn: '?' and '' for what the auction tells"])
    assert str(unknown[0].contract) == "1NT-N" and '[Declarer "?"]' in pbn.dumps(unknown)
    before_deal = lin.loads(ROUND_TRIP_FINDINGS["lin: a call before the deal"])
    assert [str(p) for p in before_deal.problems] == [
        "token 1: a call before the deal (md): 'mb|p|' (kept: nothing: the board is left out)"]
    assert [str(c) for c in before_deal[0].auction.calls] == ["1C"]
    # the names in force at the deal are the last ones; the board before them had no deal
    renamed = lin.loads(ROUND_TRIP_FINDINGS["lin: four names, then four others before the deal"])
    assert [str(p) for p in renamed.problems] == ["token 0: a board without a deal (md) (kept: nothing: the board is "
                                                  "left out)"]
    assert renamed[0].tags["South"] == "e" and [str(c) for c in renamed[0].auction.calls] == ["1C"]
    run_together = lin.loads(ROUND_TRIP_FINDINGS["lin: calls run together, the second illegal"])
    assert run_together[0].auction.calls == []  # 'pd' is read whole or not at all
    # East's 'H' holds no card: as when it is left out, East has the 13 cards the others do not
    assert lin.loads(ROUND_TRIP_FINDINGS["lin: an empty fourth hand"])[0].deal.is_complete
