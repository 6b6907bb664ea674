"""Fixtures shared by the whole test tree."""

from __future__ import annotations

import pytest

from tests.support import missing


@pytest.fixture(scope="session")
def solver() -> object:
    """The DDS library; tests that use this fixture are skipped without it (failed in CI)."""
    from redouble.dd import _dds
    from redouble.errors import SolverUnavailableError

    try:
        return _dds.library()
    except SolverUnavailableError as exc:
        missing(str(exc))
