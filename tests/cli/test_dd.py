"""``redouble dd``: a deal on the command line, and every board of a PBN file."""

import json

import pytest

from redouble import Deal, pbn
from redouble.board import Board
from redouble.cli import main

GRAND = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"
GRAND_TRICKS = {"N": {"C": 10, "D": 11, "H": 12, "S": 13, "NT": 13}, "E": {"C": 3, "D": 2, "H": 1, "S": 0, "NT": 0},
                "S": {"C": 10, "D": 11, "H": 12, "S": 13, "NT": 13}, "W": {"C": 3, "D": 2, "H": 1, "S": 0, "NT": 0}}


pytestmark = pytest.mark.usefixtures("solver")


def test_deal_as_json(capsys):
    assert main(["dd", GRAND, "--json", "--vul", "NS"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert json.loads(line) == {"board": 1, "deal": GRAND, "tricks": GRAND_TRICKS,
                                "par": {"score": 2220, "contracts": ["7NT-N", "7NT-S"]}}


def test_deal_as_text(capsys):
    assert main(["dd", GRAND]) == 0
    out = capsys.readouterr().out
    assert "N   10 11 12 13 13" in out and "W    3  2  1  0  0" in out
    assert "Par +1520 7NT-N, 7NT-S" in out


def test_file_json_and_write_back(tmp_path, capsys):
    boards = [Board.from_number(n, deal=Deal.random(seed=n)) for n in (1, 2, 3)]
    path = tmp_path / "three.pbn"
    pbn.dump(boards, path)
    assert main(["dd", str(path), "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["board"] for x in lines] == [1, 2, 3]
    assert [x["deal"] for x in lines] == [b.deal.to_pbn() for b in boards]
    assert all(set(x) == {"board", "deal", "tricks", "par"} for x in lines)
    assert "DoubleDummyTricks" not in path.read_text()

    assert main(["dd", str(path), "--write"]) == 0
    written = pbn.load(path)
    for board, line in zip(written, lines, strict=True):
        assert board.tags["OptimumScore"] == f"NS {line['par']['score']}"
        assert len(board.sections["OptimumResultTable"]) == 20
        assert board.deal == Deal.parse(line["deal"])
    assert "wrote tables for 3 boards" in capsys.readouterr().err


def test_board_without_full_deal_is_skipped(tmp_path, capsys):
    path = tmp_path / "partial.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n\n'
                    f'[Board "2"]\n[Deal "{GRAND}"]\n', encoding="utf-8")
    assert main(["dd", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    assert [json.loads(x)["board"] for x in captured.out.splitlines()] == [2]
    assert "board 1: no complete deal, skipped" in captured.err


@pytest.mark.parametrize(("argv", "message"), [
    (["dd", "nosuchfile.pbn"], "neither a deal"),
    (["dd", "N:AKQ.JT9 x y z"], "not a hand: 'AKQ.JT9'"),
    (["dd", GRAND, "--write"], "--write needs a PBN file"),
    (["dd", GRAND, "--vul", "sideways"], "not a vulnerability"),
])
def test_bad_input(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("redouble dd: error:") and message in err
