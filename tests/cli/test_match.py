"""``redouble match``: a teams match between robots from the command line."""

import json

import pytest

from redouble import pbn
from redouble.cli import main

pytestmark = pytest.mark.usefixtures("solver")


def test_json_summary_and_pbn_record(tmp_path, capsys):
    out_file = tmp_path / "match.pbn"
    args = ["match", "--boards", "3", "--seed", "4", "--ns", "redouble", "--ew", "basic", "--dd-after-lead",
            "--jobs", "1", "--samples", "8", "--json", "--pbn", str(out_file)]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert list(summary) == ["boards", "imps_ns_team", "imps_ew_team", "imps_per_board", "standard_error"]
    assert summary["boards"] == 3
    assert summary["imps_per_board"] == pytest.approx((summary["imps_ns_team"] - summary["imps_ew_team"]) / 3,
                                                      abs=1e-3)
    boards = pbn.load(out_file)
    assert len(boards) == 6
    assert [b.number for b in boards] == [1, 1, 2, 2, 3, 3]
    assert [b.tags["Room"] for b in boards[:2]] == ["Open", "Closed"]
    assert boards[0].tags["North"] == "redouble" and boards[1].tags["North"] == "basic"
    assert all(b.auction.is_complete for b in boards)
    # The same seed gives the same match.
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == summary


def test_text_sheet(capsys):
    assert main(["match", "--boards", "2", "--seed", "1", "--ns", "basic", "--ew", "basic", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[0] == "Board" and len(lines) == 5
    assert lines[-1] == "IMPs per board for basic: +0.00 ± 0.00 (standard error)"


@pytest.mark.parametrize(("args", "message"), [
    (["--boards", "0"], "--boards must be at least 1, not 0"),
    (["--ns", "gib"], "unknown robot 'gib'"),
    (["--jobs", "0"], "--jobs must be at least 1, not 0"),
    (["--budget", "-1"], "--budget must be a positive number"),
    (["--samples", "0"], "--samples must be at least 1"),
])
def test_bad_arguments(args, message, capsys):
    assert main(["match", "--boards", "1", *args] if "--boards" not in args else ["match", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_unwritable_pbn_path(tmp_path, capsys):
    assert main(["match", "--boards", "1", "--pbn", str(tmp_path / "no" / "dir" / "m.pbn")]) == 2
    assert "redouble match: error:" in capsys.readouterr().err
