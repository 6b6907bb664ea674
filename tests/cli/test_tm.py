"""``redouble tm serve|client|match`` on the command line."""

import asyncio
import json
import socket
import threading

import pytest

from redouble import Seat, lin, pbn
from redouble.cli import main
from redouble.match import play_match
from redouble.tm import ClientOptions, play_session


def test_tm_match_runs_a_table_manager_and_eight_client_processes(tmp_path, capsys):
    out = tmp_path / "match.pbn"
    args = ["tm", "match", "--ns", "basic", "--ew", "basic", "--boards", "2", "--seed", "3", "--two-tables",
            "--out", str(out), "--lin", str(tmp_path / "match.lin"), "-q"]
    assert main(args) == 0
    text = capsys.readouterr().out
    expected = play_match(2, seed=3, ns="basic", ew="basic", claims=False)
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["Board", "Table", "1"]
    assert [int(line.split()[-1]) for line in lines[1:3]] == expected.imps
    assert lines[3].startswith("2 boards: basic A (team A, NS at table 1)")
    assert lines[-2].startswith("table 1: think time N/S ") and lines[-1].startswith("table 2: think time N/S ")
    boards = pbn.load(out)
    assert [(b.number, b.tags["Room"]) for b in boards] == [(1, "Closed"), (1, "Open"), (2, "Closed"), (2, "Open")]
    assert [b.tags["North"] for b in boards] == ["basic B", "basic A", "basic B", "basic A"]
    assert len(lin.load(tmp_path / "match.lin")) == 4


def test_tm_match_json_summary_for_one_table(capsys):
    assert main(["tm", "match", "--ns", "fast", "--ew", "basic", "--boards", "1", "--json", "-q"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["boards"] == 1 and len(summary["scores_ns"]) == 1
    assert set(summary["think_seconds"][0]) == {"ns", "ew"}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_tm_serve_hosts_a_session_for_any_four_clients(tmp_path, capsys):
    port = _free_port()
    out = tmp_path / "served.pbn"
    codes = []
    server = threading.Thread(target=lambda: codes.append(main(
        ["tm", "serve", "--port", str(port), "--boards", "2", "--seed", "4", "--teams", "Us", "Them",
         "--out", str(out), "-q"])))
    server.start()

    async def players():
        return await asyncio.gather(*(play_session("127.0.0.1", port, seat, "anything", ClientOptions("basic"),
                                                   timeout=30) for seat in Seat))

    results = asyncio.run(players())
    server.join(60)
    assert codes == [0]
    assert all(r.teams == ("Us", "Them") for r in results)
    shown = capsys.readouterr().out.splitlines()
    assert shown[0].split() == ["Board", "Contract", "Result", "N/S"] and len(shown) == 5
    assert shown[3].startswith("total for N/S: ")
    boards = pbn.load(out)
    assert [b.number for b in boards] == [1, 2] and boards[0].tags["North"] == "Us"


@pytest.mark.parametrize(("args", "message"), [
    (["tm", "serve", "--boards", "0"], "--boards must be at least 1, not 0"),
    (["tm", "serve", "--boards", "2", "--pbn", "x.pbn"], "give --boards or --pbn, not both"),
    (["tm", "serve", "--timeout", "0"], "--timeout must be a positive number of seconds, not 0.0"),
    (["tm", "serve", "--port", "70000"], "--port must be from 0 to 65535, not 70000"),
    (["tm", "match", "--budget", "-1"], "--budget must be a positive number of seconds, not -1.0"),
    (["tm", "client", "--port", "1", "--samples", "0"], "--samples must be at least 1, not 0"),
])
def test_bad_command_lines_are_refused(args, message, capsys):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_tm_client_says_when_no_table_manager_answers(capsys):
    port = _free_port()
    assert main(["tm", "client", "--port", str(port), "--seat", "north", "--robot", "fast"]) == 2
    assert f"cannot connect to a Table Manager at 127.0.0.1:{port}" in capsys.readouterr().err


def _system_dds() -> str:
    """Debian's libdds0 (DDS 2.9.0), whose teardown crashes a process that loaded it (dds-bridge/dds#91)."""
    import ctypes.util

    name = ctypes.util.find_library("dds")
    if name is None:
        pytest.skip("Debian's libdds0 is not installed")
    return name


def _tm_match(*args: str, dds: str | None = None):
    import os
    import subprocess
    import sys

    env = {**os.environ, **({"REDOUBLE_DDS_LIBRARY": dds} if dds else {})}
    return subprocess.run([sys.executable, "-m", "redouble", "tm", "match", *args], env=env, capture_output=True,
                          text=True, timeout=600)


def test_every_strong_client_exits_0_even_with_a_solver_that_crashes_at_exit():
    # Three of four strong clients used to end with a segmentation fault once the session was over.
    done = _tm_match("--ns", "strong", "--ew", "strong", "--boards", "2", "--samples", "2", "--json", "-q",
                     dds=_system_dds())
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["boards"] == 2


def test_tm_match_says_which_player_exited_with_an_error():
    import sys

    player = f"{sys.executable} -m redouble tm client --port {{port}} --seat {{seat}} --team {{team}} --robot basic"
    done = _tm_match("--ns", "basic", "--ew", f"sh -c '{player}; exit 3'", "--teams", "Us", "Them", "--boards", "1",
                     "--json", "-q")
    assert done.returncode == 1
    assert json.loads(done.stdout)["boards"] == 1  # the session itself was played out
    lines = done.stderr.splitlines()
    assert [line.split(" (")[0] for line in lines[:2]] == ["East at table 1", "West at table 1"]
    assert all("exited with status 3: " in line for line in lines[:2])
    assert lines[2] == "redouble tm match: 2 of 4 players exited with an error"
