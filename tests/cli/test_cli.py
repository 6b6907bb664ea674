"""The ``redouble`` command as a whole: help, exact output of ``deal``, bad arguments and errors.

Run both in-process (``redouble.cli.main``) and as the installed console script, so that the exit
status and the absence of a traceback are what a user sees.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from redouble import Deal
from redouble.cli import EXIT_CLOSED_PIPE, SUBCOMMANDS, main

SCRIPT = Path(sys.executable).with_name("redouble")

# `redouble deal --count 2 --seed 5 --format json`: boards 1 and 2 with their dealer and vulnerability.
# A seed means the same on the command line as in Python: redouble.dealer.generate(count=2, seed=5).
DEAL_JSON = [
    {"board": 1, "dealer": "N", "vulnerability": "None",
     "deal": "N:Q43.4.Q62.Q97643 AK75.AJ96.9853.A T.KQ8.AKJT4.K852 J9862.T7532.7.JT"},
    {"board": 2, "dealer": "E", "vulnerability": "NS",
     "deal": "N:KT2.QT42.T5.Q972 AJ94.6.AK43.AK43 765.KJ753.86.JT6 Q83.A98.QJ972.85"},
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def installed_subcommands() -> list[str]:
    import importlib.util

    return [name for name in SUBCOMMANDS if importlib.util.find_spec(f"redouble.cli.{name}") is not None]


# --- help --------------------------------------------------------------------------------------------


def test_help_lists_the_subcommands() -> None:
    result = run("--help")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("usage: redouble ")
    assert "Contract bridge" in result.stdout
    for name in installed_subcommands():
        assert f"\n    {name} " in result.stdout


@pytest.mark.parametrize("name", installed_subcommands())
def test_each_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([name, "--help"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: redouble {name}")


def test_version() -> None:
    from redouble import __version__

    result = run("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"redouble {__version__}")


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert capsys.readouterr().err.startswith("usage: redouble ")
    result = run()
    assert result.returncode == 2 and result.stderr.startswith("usage: redouble ")


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run([sys.executable, "-m", "redouble", "--help"], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and "usage: redouble " in result.stdout


# --- redouble deal -----------------------------------------------------------------------------------


def test_deal_json_exact_output() -> None:
    result = run("deal", "--count", "2", "--seed", "5", "--format", "json")
    assert result.returncode == 0 and result.stderr == ""
    assert [json.loads(line) for line in result.stdout.splitlines()] == DEAL_JSON
    assert result.stdout == "".join(json.dumps(d) + "\n" for d in DEAL_JSON)


def test_deal_json_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--count", "2", "--seed", "5", "--format", "json"]) == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == DEAL_JSON


def test_deal_output_is_valid_and_follows_the_board_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--count", "3", "--seed", "x", "--first-board", "16", "--format", "json"]) == 0
    boards = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(b["board"], b["dealer"], b["vulnerability"]) for b in boards] == [
        (16, "W", "EW"), (17, "N", "None"), (18, "E", "NS")]
    for b in boards:
        assert Deal.parse(b["deal"]).is_complete


def test_deal_count_zero_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--count", "0", "--format", "json"]) == 0
    assert capsys.readouterr().out == ""


def test_deal_pbn() -> None:
    pytest.importorskip("redouble.pbn")
    result = run("deal", "--count", "2", "--seed", "5", "--format", "pbn")
    assert result.returncode == 0, result.stderr
    assert '[Board "1"]' in result.stdout and '[Board "2"]' in result.stdout
    assert f'[Deal "{DEAL_JSON[0]["deal"]}"]' in result.stdout
    assert '[Dealer "E"]' in result.stdout and '[Vulnerable "NS"]' in result.stdout


# --- bad arguments and errors: exit status 2, a message, no traceback --------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [(["deal", "--count", "x"], "redouble deal: error: argument --count: invalid int value: 'x'"),
     (["deal", "--format", "xml"], "redouble deal: error: argument --format: invalid choice: 'xml'"),
     (["deal", "--colour", "red"], "redouble: error: unrecognized arguments: --colour red"),
     (["bogus"], "redouble: error: argument COMMAND: invalid choice: 'bogus'"),
     (["--nonsense"], "redouble: error: unrecognized arguments: --nonsense")],
)
def test_bad_arguments(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [(["deal", "--count", "-1"], "redouble deal: error: --count must be 0 or more, not -1"),
     (["deal", "--first-board", "0", "--format", "json"], "redouble deal: error: board numbers start at 1, not 0")],
)
def test_bad_input_is_reported_without_a_traceback(args: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err.strip() == message
    result = run(*args)
    assert (result.returncode, result.stderr.strip(), result.stdout) == (2, message, "")


def test_a_seed_gives_the_same_deals_as_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    from redouble.dealer import generate

    assert main(["deal", "--count", "3", "--seed", "11", "--format", "json"]) == 0
    printed = [json.loads(line)["deal"] for line in capsys.readouterr().out.splitlines()]
    assert printed == [str(d) for d in generate(count=3, seed=11)]


# --- output to a reader that went away: exit status 141 (EXIT_CLOSED_PIPE), nothing on stderr ------------

DATA = Path(__file__).resolve().parents[1] / "data"
DEAL = "N:AKQ4.J92.T8.Q765 JT98.AKQ.AKQ.AK3 7653.T876.J976.J 2.543.5432.T9842"


def run_into_closed_pipe(*args: str, stderr_too: bool = False, stdin: str = "",
                         unbuffered: bool = False) -> subprocess.CompletedProcess[str]:
    """The command with its stdout (and with ``stderr_too`` its stderr) a pipe whose reader has gone: the
    worst case of ``redouble ... | head -1``, where ``head`` exits before the command writes. Its output is
    buffered, as a user's is, unless ``unbuffered`` (PYTHONUNBUFFERED=1) makes every write reach the pipe."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    try:
        return subprocess.run([str(SCRIPT), *args], stdout=write_end,
                              stderr=write_end if stderr_too else subprocess.PIPE, input=stdin, text=True,
                              env=env, timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [
    ["--help"],
    ["deal", "--help"],
    ["deal", "--count", "300", "--seed", "1"],
    ["deal", "--count", "3", "--format", "json"],
    ["bid", "--hand", "AKQ4.J92.T8.Q765"],
    ["score", str(DATA / "pbn_standard_schiphol1995.pbn")],
    ["convert", str(DATA / "bbo_hand.lin"), "-", "--to", "pbn"],
    ["event", "score", str(DATA / "club_mp_sm2014_session1.pbn")],
], ids=" ".join)
def test_a_closed_pipe_ends_the_command_quietly(args: list[str]) -> None:
    for unbuffered in (False, True):
        result = run_into_closed_pipe(*args, unbuffered=unbuffered)
        assert (result.returncode, result.stderr) == (EXIT_CLOSED_PIPE, "")


@pytest.mark.usefixtures("solver")
@pytest.mark.parametrize("args", [
    ["dd", DEAL],
    ["simulate", "--where", "north.hcp >= 20", "--count", "2", "--seed", "1", "--jobs", "1"],
    ["match", "--boards", "1", "--seed", "1", "--ns", "basic", "--ew", "basic", "--jobs", "1"],
], ids=" ".join)
def test_a_closed_pipe_ends_a_command_that_loaded_the_solver_quietly(args: list[str]) -> None:
    result = run_into_closed_pipe(*args)
    assert (result.returncode, result.stderr) == (EXIT_CLOSED_PIPE, "")


def test_a_closed_pipe_ends_a_batch_of_questions_quietly() -> None:
    question = json.dumps({"hand": "AKQ4.J92.T8.Q765"}) + "\n"
    result = run_into_closed_pipe("bid", "--batch", stdin=question * 3)
    assert (result.returncode, result.stderr) == (EXIT_CLOSED_PIPE, "")


def test_stdout_and_stderr_both_closed() -> None:
    result = run_into_closed_pipe("deal", "--count", "300", "--seed", "1", stderr_too=True)
    assert result.returncode == EXIT_CLOSED_PIPE


def test_an_error_is_still_reported_when_stdout_is_closed() -> None:
    result = run_into_closed_pipe("deal", "--count", "-1")
    assert (result.returncode, result.stderr) == (2, "redouble deal: error: --count must be 0 or more, not -1\n")


def test_a_reader_that_takes_one_line_and_goes() -> None:
    # 2,000 boards of PBN are far more than a pipe holds, so the command is still writing when the reader goes.
    with subprocess.Popen([str(SCRIPT), "deal", "--count", "2000", "--seed", "1"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline() == b"% PBN 2.1\n"
        process.stdout.close()
        assert (process.wait(timeout=120), process.stderr.read()) == (EXIT_CLOSED_PIPE, b"")
