"""``redouble play`` and ``redouble serve`` from the command line."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from redouble.cli import main


def test_play_rejects_bad_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "--port", "70000", "--db", str(tmp_path / "x.sqlite3")]) == 2
    assert "--port must be from 1 to 65535, not 70000" in capsys.readouterr().err
    assert main(["play", "--db", "postgresql://nobody@127.0.0.1:1/none"]) == 2
    assert "use redouble serve" in capsys.readouterr().err
    assert main(["play", "--robot-delay", "-1", "--db", str(tmp_path / "x.sqlite3")]) == 2
    assert "--robot-delay must be 0 or more" in capsys.readouterr().err
    assert main(["play", "--stand-in-after", "-5", "--db", str(tmp_path / "x.sqlite3")]) == 2
    assert "--stand-in-after must be 0 (never) or more, not -5.0" in capsys.readouterr().err


def test_the_page_loads_nothing_from_outside() -> None:
    static = Path(__file__).resolve().parents[2] / "redouble" / "web" / "static"
    for name in ("index.html", "app.js", "app.css"):
        text = (static / name).read_text()
        assert "://" not in text and "@import" not in text, name


def test_serve_needs_shared_state_for_several_workers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "tables.sqlite3", "--workers", "2"]) == 2
    assert "several workers need a shared database and Redis" in capsys.readouterr().err
    assert main(["serve", "--db", "mysql://x/y"]) == 2
    assert "unknown database URL 'mysql://x/y'" in capsys.readouterr().err


def test_serve_with_one_process_leaves_the_environment_alone(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    import os

    import redouble.cli.play

    served: list[object] = []
    monkeypatch.setattr(redouble.cli.play, "serve", lambda app, host, port, banner: served.append(app) or 0)
    for name in [n for n in os.environ if n.startswith("REDOUBLE_")]:
        monkeypatch.delenv(name)
    assert main(["serve", "--db", str(tmp_path / "t.sqlite3"), "--robots", "fast"]) == 0
    assert len(served) == 1
    assert [n for n in os.environ if n.startswith("REDOUBLE_")] == []


def test_play_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "tables.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "redouble", "play", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith(f"Redouble is at http://127.0.0.1:{port}/")
        assert str(db) in line
        for _ in range(100):
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read().decode()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the page was not served")
        assert "<title>Redouble</title>" in page and "/static/app.js" in page
        script = urllib.request.urlopen(f"http://127.0.0.1:{port}/static/app.js", timeout=2).read().decode()
        assert "new WebSocket" in script
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(10)


def test_play_refuses_a_large_websocket_message_before_reading_it(tmp_path: Path) -> None:
    ws_client = pytest.importorskip("websockets.sync.client")
    from websockets.exceptions import ConnectionClosed
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "redouble", "play", "--port", str(port), "--db",
                             str(tmp_path / "t.sqlite3"), "--robots", "fast"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/forms", timeout=2).read()
                break
            except OSError:
                time.sleep(0.05)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", method="POST",
                                         data=b'{"form": "rubber", "seat": "S"}',
                                         headers={"Content-Type": "application/json"})
        token = json.loads(urllib.request.urlopen(request, timeout=10).read())["token"]
        with ws_client.connect(f"ws://127.0.0.1:{port}/ws/{token}", max_size=2**22) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
            ws.send('{"type": "ping", "pad": "' + "x" * 100_000 + '"}')
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # "message too big"
    finally:
        proc.terminate()
        proc.wait(10)
