"""What the tests share: skipping for a missing tool, except in CI, where a missing tool is a failure; the
check of a bidding table row."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from redouble import Auction, Hand, Vulnerability
from redouble.bidding import choose_call, explain, explain_rules


def missing(reason: str) -> NoReturn:
    """Skip this test (or module) for a tool this machine lacks; in CI (``CI=true``) fail instead, since
    ``.ci/run`` installs everything and a skip there would hide a broken install step."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must provide this: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the 'postgres' user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A PostgreSQL of our own (Debian's initdb/pg_ctl) on a loopback port; yields its URL, then stops it."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not bins:
        missing("needs Debian's postgresql package (initdb, pg_ctl)")
    pg_bin = Path(bins[-1]).parent
    # Our own directory under /tmp (pytest's are private to root, and PostgreSQL runs as 'postgres').
    base = Path(tempfile.mkdtemp(prefix="redouble-pg-"))
    data = base / "data"
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
    port = free_port()
    subprocess.run(as_postgres([str(pg_bin / "initdb"), "-D", str(data), "-A", "trust", "-U", "redouble",
                                "--no-sync"]), check=True, capture_output=True)
    subprocess.run(as_postgres([str(pg_bin / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-w", "-t", "30",
                                "-o", f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql://redouble@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_postgres([str(pg_bin / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def call_table(cases: list[tuple[str, str, str, str]]) -> pytest.MarkDecorator:
    """Parametrize a test over rows of (hand, auction so far, expected call, why), each named by its auction
    and hand."""
    return pytest.mark.parametrize(("hand", "auction", "expected", "why"), cases,
                                   ids=[f"{c[1]}|{c[0]}" for c in cases])


def assert_call(hand: str, auction: str, dealer: str, expected: str, why: str,
                vulnerability: Vulnerability = Vulnerability.NONE) -> None:
    """The SAYC robot holding ``hand`` after ``auction`` (calls from ``dealer``, at ``vulnerability``) makes
    ``expected``; the failure says why it should and what the robot chose by which rule."""
    choice = choose_call(Hand.parse(hand), Auction(dealer, auction.split()), vulnerability)
    assert str(choice.call) == expected, f"{why}: chose {choice.call} by {choice.rule} ({choice.meaning.text})"


def assert_explained(auction: str, rule: str, words: str, dealer: str = "N") -> None:
    """The last call of ``auction`` reads, for the opponents, as ``rule`` with ``words`` in its meaning."""
    calls = Auction(dealer, auction.split())
    assert explain_rules(calls)[-1] == rule
    assert words in explain(calls)[-1].text
