"""Without a solver, Redouble still imports and the dd functions say what is missing."""

import os
import subprocess
import sys

CODE = """
import redouble
from redouble import Deal
import redouble.dd as dd
from redouble.errors import SolverUnavailableError
for call in (lambda: dd.solve_deal(Deal.random(seed=1)), lambda: dd.solve_deals([]), dd.solver_info):
    try:
        call()
    except SolverUnavailableError as exc:
        assert isinstance(exc, ImportError) and isinstance(exc, redouble.RedoubleError)
        print(exc)
    else:
        raise SystemExit("no error")
"""


def test_missing_solver_is_reported_clearly():
    env = dict(os.environ, REDOUBLE_DDS_LIBRARY="/nonexistent/libdds.so")
    proc = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 3
    for line in lines:
        assert line.startswith("no double-dummy solver")
        assert "pip install 'redouble[dd]'" in line and "apt install libdds0" in line
        assert "/nonexistent/libdds.so" in line


def test_import_redouble_does_not_load_the_solver():
    code = "import sys, redouble, redouble.dd; print('redouble.dd._dds' in sys.modules, 'endplay' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["False", "False"]
