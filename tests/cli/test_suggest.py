"""``redouble suggest``: the robot's next call or card in a recorded board."""

import json

import pytest

from redouble import Board, Deal, pbn
from redouble.cli import main

FINESSE = Deal.parse("N:432.5432.5432.A2 KJT9.T98.T98.JT9 AQ.AKQJ.AKQJ.KQ3 8765.76.76.87654")


pytestmark = pytest.mark.usefixtures("solver")


def _write(tmp_path, *boards):
    path = tmp_path / "boards.pbn"
    path.write_text(pbn.dumps(boards))
    return str(path)


def _board(number, calls=(), cards=()):
    board = Board.from_number(number, deal=FINESSE)
    for call in calls:
        board.push(call)
    for card in cards:
        board.push(card)
    return board


AUCTION = ["2C", "P", "2H", "P", "7NT", "P", "P", "P"]  # board 3: South deals


def test_suggest_a_call_as_json(tmp_path, capsys):
    path = _write(tmp_path, _board(3, ["P", "P", "P"]))
    assert main(["suggest", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"board", "phase", "seat", "action", "reason", "alert", "rule"}
    assert (out["board"], out["phase"], out["seat"]) == (3, "auction", "E")
    assert out["action"] == "Pass"


def test_suggest_the_finesse_with_its_reason(tmp_path, capsys):
    cards = "C8 C2 C9 CK C3 C7 CA CT S2 S9".split()
    path = _write(tmp_path, _board(1, ["P", "P", "P", "P"]), _board(3, AUCTION, cards))
    assert main(["suggest", path, "--board", "3", "--samples", "16", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"board", "phase", "seat", "turn", "action", "reason", "samples", "claim", "tricks"}
    assert (out["board"], out["phase"], out["seat"], out["turn"], out["action"]) == (3, "play", "S", "S", "SQ")
    assert set(out["tricks"]) == {"SA", "SQ"} and out["tricks"]["SQ"] > out["tricks"]["SA"] == 12
    assert out["samples"] == 16


def test_suggest_in_words_for_dummy(tmp_path, capsys):
    path = _write(tmp_path, _board(3, AUCTION, ["C8"]))
    assert main(["suggest", path, "--samples", "6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Board 3: contract 7NT-S, South (for dummy, North) to play, trick 1\nSuggestion: C")
    assert "Expected tricks (declarer's side): " in out


def test_errors(tmp_path, capsys):
    path = _write(tmp_path, _board(1, ["P", "P", "P", "P"]), _board(3, ["P"]))
    assert main(["suggest", path, "--board", "7"]) == 2
    assert "no board 7 (boards in the file: 1, 3)" in capsys.readouterr().err
    assert main(["suggest", path, "--board", "1"]) == 2
    assert "board 1 is finished: there is nothing to suggest" in capsys.readouterr().err
    assert main(["suggest", str(tmp_path / "missing.pbn")]) == 2
    assert "missing.pbn" in capsys.readouterr().err
    assert main(["suggest", path, "--samples", "0"]) == 2
    assert "--samples must be at least 1" in capsys.readouterr().err
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ.x y z"]\n')
    assert main(["suggest", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "redouble suggest: error: board 1: the deal is not complete" in err and "Traceback" not in err
    assert err.startswith(f"redouble suggest: {bad}: board 1, line 2: Deal tag: not a deal")
