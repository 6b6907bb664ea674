import pytest


@pytest.fixture(autouse=True)
def _needs_the_solver(solver: object) -> None:
    """Card play by sampling needs the double-dummy solver (the tree-wide ``solver`` fixture)."""
