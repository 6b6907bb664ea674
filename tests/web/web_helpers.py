"""Helpers for the server tests: an app on a SQLite file, and a player that keeps what it receives."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

warnings.filterwarnings("ignore", message=".*httpx.*")

from starlette.testclient import TestClient  # noqa: E402

from redouble.web import create_app  # noqa: E402


def make_client(db: Path | str, **options: Any) -> TestClient:
    options.setdefault("threaded_robots", False)
    options.setdefault("robots", "fast")
    return TestClient(create_app(str(db), **options))


class Player:
    """One websocket seat: keeps every message received, and the latest state."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.read()

    def read(self) -> dict[str, Any]:
        msg = self.ws.receive_json()
        self.received.append(msg)
        if msg["type"] == "state":
            self.state = msg["table"]
        return msg

    def send(self, **msg: Any) -> None:
        self.ws.send_json(msg)

    def do(self, **msg: Any) -> dict[str, Any]:
        """Send an action and read until the table has changed (or an error comes back)."""
        seq = self.state["seq"]
        self.send(**msg)
        for _ in range(50):
            reply = self.read()
            if reply["type"] == "error":
                raise AssertionError(f"{msg} refused: {reply}")
            if reply["type"] == "state" and reply["table"]["seq"] > seq:
                return reply
        raise AssertionError(f"no change after {msg}")

    def request(self, **msg: Any) -> dict[str, Any]:
        """Send and return the reply (an error, a hint, a pong) or the next state."""
        self.send(**msg)
        return self.read()

    @property
    def board(self) -> dict[str, Any]:
        return self.state["board"]

    def wait(self, predicate: Any, limit: int = 400) -> dict[str, Any]:
        """Read states until ``predicate(board)`` holds."""
        for _ in range(limit):
            if self.state and predicate(self.state["board"]):
                return self.state
            self.read()
        raise AssertionError(f"condition never reached; last board: {self.board}")

    def act(self, choose: Any) -> None:
        """When on turn, send the action ``choose(board)`` returns; then read the next message."""
        b = self.board
        if b["to_act"]:
            self.send(**choose(b))
        self.read()


def simple_choice(bid: str = "3NT") -> Any:
    """Bid ``bid`` at the first chance, then pass; play the first legal card; accept claims."""

    def choose(b: dict[str, Any]) -> dict[str, Any]:
        if b["phase"] == "auction":
            mine = [c for c in b["auction"] if c["seat"] == b["turn"]]
            return {"type": "call", "call": bid if not mine and bid in b["legal"] else "Pass"}
        if b["phase"] == "declare":
            return {"type": "mini_contract", "strain": "NT", "game": False}
        if b["claim"] is not None:
            return {"type": "claim_answer", "accept": True}
        return {"type": "card", "card": b["legal"][-1]}

    return choose


def new_table(client: TestClient, form: str = "duplicate", seat: str = "S", invite: list[str] | None = None,
              **options: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"form": form, "seat": seat, "invite": invite or [], "options": options})
    assert r.status_code == 201, r.text
    made = dict(r.json())
    # For the tests' convenience: every person's link by seat (the creator's own and the invitations).
    made["tokens"] = {made["seat"]: made["token"], **made["invitations"]}
    return made


def bearer(token: str) -> dict[str, str]:
    """The header that shows a link to the review, export and history API."""
    return {"Authorization": f"Bearer {token}"}
