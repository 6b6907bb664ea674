"""The DDS binding: the solver's threads are set explicitly, and worker processes end without DDS's teardown."""

from __future__ import annotations

import ctypes.util
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

from redouble.dd import _dds, solve_deal
from redouble.deal import Deal


def test_the_solver_takes_the_threads_it_is_given(solver: _dds.Library) -> None:
    asked, deal = _dds._threads, Deal.random(seed=4)
    table = solve_deal(deal)
    try:
        _dds.set_threads(1)
        assert _dds.library().threads == 1 and solve_deal(deal) == table
    finally:
        _dds.set_threads(asked or 0)
    assert _dds.library().threads == solver.threads and solve_deal(deal) == table
    with pytest.raises(ValueError, match="not -1"):
        _dds.set_threads(-1)


def solved_in_a_worker(seed: int) -> int:
    return solve_deal(Deal.random(seed=seed)).tricks("N", "NT")


def debian_libdds() -> str:
    # Debian's libdds0 is the build whose teardown crashes (dds-bridge/dds#91); other builds end cleanly.
    code = "import ctypes; ctypes.CDLL('libdds.so.0')"
    if ctypes.util.find_library("dds") is None:
        pytest.skip("Debian's libdds0 is not installed")
    crashed = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60).returncode
    if crashed != -11:
        pytest.skip(f"this libdds.so.0 does not crash at exit (status {crashed})")
    return "libdds.so.0"


def worker_exit_codes(monkeypatch: pytest.MonkeyPatch, context: object) -> list[int | None]:
    # The workers load the library that $REDOUBLE_DDS_LIBRARY names; this process has its own already.
    monkeypatch.setenv("REDOUBLE_DDS_LIBRARY", debian_libdds())
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:  # type: ignore[arg-type]
        tricks = list(pool.map(solved_in_a_worker, [1, 2, 3, 4]))
        processes = list(pool._processes.values())  # type: ignore[union-attr]
    assert tricks == [solved_in_a_worker(seed) for seed in [1, 2, 3, 4]]
    for process in processes:
        process.join(30)
    return [process.exitcode for process in processes]


def test_spawned_workers_that_solved_exit_cleanly(solver: _dds.Library, monkeypatch: pytest.MonkeyPatch) -> None:
    assert worker_exit_codes(monkeypatch, _dds.spawn_context()) == [0, 0]


def test_a_command_that_solved_exits_with_its_own_status() -> None:
    env = dict(os.environ, REDOUBLE_DDS_LIBRARY=debian_libdds())
    deal = Deal.random(seed=3).to_pbn()
    for args, status in ((["dd", deal], 0), (["dd", deal, "--vul", "sideways"], 2)):
        proc = subprocess.run([sys.executable, "-m", "redouble", *args], capture_output=True, text=True, env=env,
                              timeout=120)
        assert proc.returncode == status, proc.stderr
