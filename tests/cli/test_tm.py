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
