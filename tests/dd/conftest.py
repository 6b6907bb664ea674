import pytest

from redouble.errors import SolverUnavailableError


@pytest.fixture(scope="session")
def solver():
    """Skip the test when no DDS library can be loaded on this machine."""
    from redouble.dd import _dds

    try:
        return _dds.library()
    except SolverUnavailableError as exc:
        pytest.skip(str(exc))
