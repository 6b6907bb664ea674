"""What the tests share: skipping for a missing tool, except in CI, where a missing tool is a failure."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(reason: str) -> NoReturn:
    """Skip this test (or module) for a tool this machine lacks; in CI (``CI=true``) fail instead, since
    ``.ci/run`` installs everything and a skip there would hide a broken install step."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must provide this: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)
