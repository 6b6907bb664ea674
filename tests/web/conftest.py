"""Fixtures of the web tests; the helpers themselves are in web_helpers.py (importable from the tests)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from web_helpers import TestClient, make_client  # noqa: E402


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db, seed="tests") as c:
        yield c


