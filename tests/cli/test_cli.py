"""The ``redouble`` command as a whole: help, exact output of ``deal``, bad arguments and errors.

Run both in-process (``redouble.cli.main``) and as the installed console script, so that the exit
status and the absence of a traceback are what a user sees.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from redouble import Deal
from redouble.cli import SUBCOMMANDS, main

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
