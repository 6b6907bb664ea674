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


def test_boards_without_a_full_deal_are_reported_and_left_out(tmp_path, capsys):
    path = tmp_path / "partial.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n\n'
                    f'[Board "2"]\n[Deal "{GRAND}"]\n\n[Board "3"]\n[Deal "E:- - - -"]\n', encoding="utf-8")
    assert main(["dd", str(path), "--json"]) == 3  # done, but boards were left out (as score and convert)
    captured = capsys.readouterr()
    assert [json.loads(x)["board"] for x in captured.out.splitlines()] == [2]
    assert captured.err.splitlines() == [
        f"redouble dd: {path}: board 1: the deal is not complete (East, South, West: not known) (left out)",
        f"redouble dd: {path}: board 3: the deal is not complete (North, East, South, West: not known) (left out)"]

    assert main(["dd", str(path), "--write"]) == 3
    written = pbn.load(path)
    assert [b.number for b in written] == [1, 2, 3] and [("OptimumScore" in b.tags) for b in written] == [
        False, True, False]

    assert main(["dd", str(path), "--strict"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"redouble dd: error: {path}: board 1: the deal is not complete (East, South, West: not known); "
        "the solver needs all 52 cards")


def test_a_file_without_any_full_deal_is_an_error(tmp_path, capsys):
    path = tmp_path / "problems.lin"
    path.write_text("md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5,,|mb|1N|mb|p|mb|p|mb|p|\n", encoding="utf-8")
    assert main(["dd", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"redouble dd: error: {path}: no board can be solved (none has all 52 cards dealt)" in err


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


def many_boards(tmp_path, count):
    path = tmp_path / "many.pbn"
    pbn.dump([Board.from_number(n, deal=Deal.random(seed=n)) for n in range(1, count + 1)], path)
    return path


@pytest.mark.parametrize("stop", ["SIGINT", "SIGKILL"])
def test_a_stopped_run_resumes_without_solving_a_board_twice(tmp_path, capsys, monkeypatch, stop):
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from redouble import dd

    path = many_boards(tmp_path, 24)
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    assert main(["dd", str(path), "--json", "--output", str(whole)]) == 0
    assert capsys.readouterr().err.strip() == f"redouble dd: 24 boards solved, 0 were in {whole} already"

    # The command in a process of its own, stopped once some results are written: 10 boards go to the
    # solver at a time, so it stops with boards still to solve.
    script = Path(sys.executable).with_name("redouble")
    run = subprocess.Popen([str(script), "dd", str(path), "--json", "-o", str(part)], stderr=subprocess.PIPE,
                           text=True)
    deadline = time.monotonic() + 120
    while (not part.exists() or not part.read_text()) and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    run.send_signal(getattr(signal, stop))
    _, err = run.communicate(timeout=120)
    written = part.read_text().count("\n")
    assert 1 <= written < 24
    if stop == "SIGINT":  # the solver's call in progress is finished and written: whole calls of 10
        assert run.returncode == 130 and written % 10 == 0
        assert err.strip() == (f"redouble dd: interrupted after {written} of 24 boards; "
                               f"the results are in {part}: add --resume to go on")
    else:
        assert run.returncode == -signal.SIGKILL

    solved = []
    solve = dd.iter_solve_deals

    def counting(deals, *args, **kwargs):
        deals = list(deals)
        solved.extend(deals)
        return solve(deals, *args, **kwargs)

    monkeypatch.setattr(dd, "iter_solve_deals", counting)
    assert main(["dd", str(path), "--json", "--output", str(part), "--resume"]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"redouble dd: {written} of 24 boards are in {part} already; solving the other {24 - written}",
        f"redouble dd: {24 - written} boards solved, {written} were in {part} already"]
    assert solved == [Deal.random(seed=n) for n in range(written + 1, 25)]  # each board once, in order
    assert part.read_text() == whole.read_text()


def test_resume_drops_a_result_cut_short_and_writes_the_tables_back(tmp_path, capsys):
    path = many_boards(tmp_path, 12)
    whole, part = tmp_path / "whole.txt", tmp_path / "part.txt"
    assert main(["dd", str(path), "-o", str(whole)]) == 0
    records = whole.read_text().split("\n\n")
    assert len(records) == 13 and records[0].startswith("Board 1  dealer N  vulnerable None\nDeal N:")
    part.write_text("\n\n".join(records[:5]) + "\n\n" + records[5][:40])  # killed while writing board 6
    capsys.readouterr()
    assert main(["dd", str(path), "-o", str(part), "--resume", "--write"]) == 0
    assert part.read_text() == whole.read_text()
    err = capsys.readouterr().err
    assert f"redouble dd: 7 boards solved, 5 were in {part} already" in err and "wrote tables for 12 boards" in err
    tables = [dd_table_of(board) for board in pbn.load(path)]
    assert [f"{t.tricks('N', 'NT'):3d}" for t in tables] == [r.split("\n")[3][-3:] for r in records[:12]]


def dd_table_of(board):
    from redouble.dd import table_from_board

    table = table_from_board(board)
    assert table is not None
    return table


def test_resume_refuses_results_it_cannot_trust(tmp_path, capsys):
    path = many_boards(tmp_path, 3)
    out = tmp_path / "out.jsonl"
    assert main(["dd", str(path), "--json", "-o", str(out)]) == 0
    first = out.read_text()
    capsys.readouterr()
    assert main(["dd", str(path), "--json", "-o", str(out)]) == 2
    assert f"{out} holds results already: add --resume to go on from them, or remove it" in capsys.readouterr().err
    assert main(["dd", str(path), "--json", "--resume"]) == 2
    assert "--resume goes with --output OUT" in capsys.readouterr().err
    other = many_boards(tmp_path / "x", 3) if (tmp_path / "x").mkdir() is None else None
    pbn.dump([Board.from_number(n, deal=Deal.random(seed=n + 10)) for n in (1, 2, 3)], other)
    assert main(["dd", str(other), "--json", "-o", str(out), "--resume"]) == 2
    assert f"{out}, line 1: board 1 (N:" in capsys.readouterr().err
    assert main(["dd", str(path), "-o", str(out), "--resume"]) == 2
    assert f"{out}, line 1: not one of redouble dd's results (without --json)" in capsys.readouterr().err
    assert out.read_text() == first


def _system_dds() -> str:
    """Debian's libdds0 (DDS 2.9.0), whose teardown crashes any process that loaded it (dds-bridge/dds#91)."""
    import ctypes.util

    name = ctypes.util.find_library("dds")
    if name is None:
        pytest.skip("Debian's libdds0 is not installed")
    return name


def test_a_command_that_loaded_a_solver_which_crashes_at_exit_still_exits_0(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "REDOUBLE_DDS_LIBRARY": _system_dds()}
    done = subprocess.run([sys.executable, "-m", "redouble", "dd", GRAND, "--json"], env=env, capture_output=True,
                          text=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["tricks"] == GRAND_TRICKS
    failed = subprocess.run([sys.executable, "-m", "redouble", "dd", str(tmp_path / "none.pbn")], env=env,
                            capture_output=True, text=True, timeout=120)
    assert failed.returncode == 2 and "none.pbn" in failed.stderr
