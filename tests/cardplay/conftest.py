import pytest


@pytest.fixture(autouse=True)
def solver():
    """Card play by sampling needs the double-dummy solver; without one these tests are skipped."""
    from redouble.dd import _dds
    from redouble.errors import SolverUnavailableError

    try:
        return _dds.library()
    except SolverUnavailableError as exc:
        pytest.skip(str(exc))
