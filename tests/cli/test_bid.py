"""``redouble bid``: one question from options, or JSON questions a line with --batch."""

from __future__ import annotations

import io
import json
import sys

import pytest

from redouble.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            code = main(argv)
        finally:
            sys.stdin = old
    else:
        code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_text_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bid", "--hand", "AKQ4.J92.T8.Q765", "--auction", "1D P"], capsys)
    assert code == 0
    assert out.splitlines()[0] == "S bids 1S: new suit: 4+ spades, 6+ points, forcing one round [forcing]"
    assert "rule: resp.one-level" in out


def test_json_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bid", "--hand", "76.AJ85.QT76.K43", "--auction", "1NT P", "--json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["call"] == "2C" and data["rule"] == "nt.stayman" and data["seat"] == "S"
    assert data["meaning"]["alert"] is True and data["meaning"]["forcing"] == "forcing"


def test_dealer_vul_and_system_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bid", "--hand", "76.AJ85.QT76.K43", "--auction", "1NT P", "--dealer", "E",
                        "--vul", "All", "--system", "basic", "--json"], capsys)
    data = json.loads(out)
    assert data["seat"] == "W" and data["call"] == "3NT"


def test_opening_when_the_auction_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bid", "--hand", "AK2.K93.QJ4.A852", "--json"], capsys)
    assert json.loads(out)["call"] == "1NT"


def test_batch_answers_each_line_and_reports_bad_ones(capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        json.dumps({"hand": "AKQ4.J92.T8.Q765", "auction": ["1D", "P"]}),
        "not json",
        json.dumps({"hand": "AKQ4.J92.T8", "auction": []}),
        json.dumps({"hand": "KQJ975.84.K52.63", "dealer": "E", "vul": "NS"}),
        json.dumps({"hand": "AKQ4.J92.T8.Q765", "auction": ["1D", "X", "X"]}),
        json.dumps(["a list"]),
        json.dumps({"auction": []}),
    ]
    code, out, _ = run(["bid", "--batch"], capsys, stdin="\n".join(lines) + "\n")
    answers = [json.loads(x) for x in out.splitlines()]
    assert len(answers) == 7
    assert answers[0]["call"] == "1S"
    assert answers[1] == {"error": "line 2: not JSON (Expecting value at column 1)"}
    assert "not a hand" in answers[2]["error"]
    assert answers[3]["call"] == "2S" and answers[3]["seat"] == "E"
    assert "may not call X" in answers[4]["error"]
    assert "expected a JSON object" in answers[5]["error"]
    assert answers[6] == {"error": "line 7: no 'hand'"}
    assert code == 1


def test_bad_options_exit_2_without_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["bid", "--hand", "AKQ4.J92.T8.Q765", "--auction", "1D P 1X"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("redouble bid: error:") and "'1X'" in err and "Traceback" not in err
    code, _, err = run(["bid"], capsys)
    assert code == 2 and "--hand" in err
    code, _, err = run(["bid", "--hand", "AKQ4.J92.T8.Q765", "--auction", "1D P P P"], capsys)
    assert code == 2 and "auction is over" in err


def test_think_settles_a_close_call_by_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bid", "--hand", "K52.KJ76.Q842.A3", "--auction", "1NT P 2C P 2H P", "--think", "30", "--seed", "3",
            "--json"]
    code, out, _ = run(argv, capsys)
    first = json.loads(out)
    assert code == 0 and first["seat"] == "S" and first["call"] in ("4H", "Pass")
    assert first["rule"].startswith(("nt.stayman-game", "nt.stayman-pass"))
    code, out, _ = run(argv, capsys)
    assert json.loads(out) == first  # the same seed, the same call and reasons


def test_think_must_be_a_sensible_time(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["bid", "--hand", "K52.KJ76.Q842.A3", "--auction", "1NT P 2C P 2H P", "--think", "-1"], capsys)
    assert code != 0 and "think is seconds from 0 to 60, not -1.0" in err
