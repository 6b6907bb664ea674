"""Typed messages between the page and the server: one dataclass per message, validated on the way in.

Client to server messages are JSON objects with a ``type``; :func:`parse_client` turns the raw text into
one of the dataclasses below or raises :class:`MessageError` naming what was wrong.

>>> parse_client('{"type": "call", "call": "1NT"}')
CallMsg(call='1NT', alert=False, explanation=None, seat=None)
>>> parse_client('{"type": "card"}')
Traceback (most recent call last):
...
redouble.web.messages.MessageError: message 'card' needs the field 'card'
>>> parse_client('{"type": "card", "card": 7}')
Traceback (most recent call last):
...
redouble.web.messages.MessageError: field 'card' of message 'card' must be a string, not 7
>>> ErrorMsg("it is West's turn", "out_of_turn").to_json()
'{"type": "error", "message": "it is West\\'s turn", "code": "out_of_turn", "request": null}'
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar

from redouble.errors import RedoubleError

MAX_MESSAGE_BYTES = 4096
MAX_TEXT = 300


class MessageError(RedoubleError):
    """A message from a client that is not valid JSON or not a message this server knows."""


# --- client to server --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClientMsg:
    type: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class CallMsg(ClientMsg):
    """Make a call (``"1NT"``, ``"Pass"``, ``"X"``) for your seat, optionally alerted and explained."""

    type: ClassVar[str] = "call"
    call: str
    alert: bool = False
    explanation: str | None = None
    seat: str | None = None


@dataclass(frozen=True, slots=True)
class CardMsg(ClientMsg):
    """Play a card (``"SA"``) from your hand, or from dummy's when you are the declarer."""

    type: ClassVar[str] = "card"
    card: str
    seat: str | None = None


@dataclass(frozen=True, slots=True)
class ClaimMsg(ClientMsg):
    """Claim ``tricks`` of the tricks still to be played."""

    type: ClassVar[str] = "claim"
    tricks: int


@dataclass(frozen=True, slots=True)
class ClaimAnswerMsg(ClientMsg):
    """Accept or reject the pending claim of an opponent."""

    type: ClassVar[str] = "claim_answer"
    accept: bool


@dataclass(frozen=True, slots=True)
class UndoMsg(ClientMsg):
    """Take back your own last call or card (only when the opponents are robots)."""

    type: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class HintMsg(ClientMsg):
    """Ask what the robot would do in your place, and why."""

    type: ClassVar[str] = "hint"


@dataclass(frozen=True, slots=True)
class NextDealMsg(ClientMsg):
    """Deal the next board once the current one is finished."""

    type: ClassVar[str] = "next"


@dataclass(frozen=True, slots=True)
class RobotMsg(ClientMsg):
    """Let a robot stand in for an absent human at ``seat`` (``on``), or hand the seat back."""

    type: ClassVar[str] = "robot"
    seat: str
    on: bool = True


@dataclass(frozen=True, slots=True)
class MiniContractMsg(ClientMsg):
    """Minibridge: the declarer names the trump strain (or NT) and game or part score."""

    type: ClassVar[str] = "mini_contract"
    strain: str
    game: bool


@dataclass(frozen=True, slots=True)
class PingMsg(ClientMsg):
    type: ClassVar[str] = "ping"


@dataclass(frozen=True, slots=True)
class InviteMsg(ClientMsg):
    """The table's owner: a new invitation link for a friend's ``seat`` (the seat's older links stop working)."""

    type: ClassVar[str] = "invite"
    seat: str


@dataclass(frozen=True, slots=True)
class RevokeMsg(ClientMsg):
    """The table's owner: the links of ``seat`` stop working (whoever holds one leaves the table)."""

    type: ClassVar[str] = "revoke"
    seat: str


@dataclass(frozen=True, slots=True)
class ShareMsg(ClientMsg):
    """The table's owner: show the finished deals to anyone who has the table's address (``on``), or stop."""

    type: ClassVar[str] = "share"
    on: bool


CLIENT_MESSAGES: dict[str, type[ClientMsg]] = {cls.type: cls for cls in (
    CallMsg, CardMsg, ClaimMsg, ClaimAnswerMsg, UndoMsg, HintMsg, NextDealMsg, RobotMsg, MiniContractMsg,
    PingMsg, InviteMsg, RevokeMsg, ShareMsg)}


def _check_field(msg_type: str, name: str, kind: Any, value: Any) -> Any:
    """``value`` if it fits the annotation ``kind`` (str, bool, int, or an optional of these)."""
    optional = False
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        optional = True
        kind = args[0]
    if value is None and optional:
        return None
    names = {str: "a string", bool: "true or false", int: "a whole number"}
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise MessageError(f"field {name!r} of message {msg_type!r} must be {names[kind]}, not {value!r:.60}")
    if kind is str and len(value) > MAX_TEXT:
        raise MessageError(f"field {name!r} of message {msg_type!r} is too long ({len(value)} characters)")
    return value


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[ClientMsg]) -> dict[str, Any]:
    if cls.type not in _HINTS:  # resolving the annotations compiles them: once per message type
        _HINTS[cls.type] = typing.get_type_hints(cls)
    return _HINTS[cls.type]


def parse_client(raw: str | bytes) -> ClientMsg:
    """Validate one message from a client."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise MessageError(f"message too long ({len(raw)} bytes, at most {MAX_MESSAGE_BYTES})")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise MessageError(f"message is not valid JSON: {str(raw)[:60]!r} ({exc})") from None
    if not isinstance(data, dict):
        raise MessageError(f"a message is a JSON object with a 'type', not {str(raw)[:60]!r}")
    msg_type = data.get("type")
    cls = CLIENT_MESSAGES.get(msg_type) if isinstance(msg_type, str) else None
    if cls is None or not isinstance(msg_type, str):
        raise MessageError(f"unknown message type {msg_type!r:.40}; known: {', '.join(CLIENT_MESSAGES)}")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = set(data) - set(fields) - {"type", "id"}
    if extra:
        raise MessageError(f"message {msg_type!r} has unknown field(s): {', '.join(sorted(map(str, extra)))[:80]}")
    values = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise MessageError(f"message {msg_type!r} needs the field {name!r}")
            continue
        values[name] = _check_field(msg_type, name, hints[name], data[name])
    return cls(**values)


# --- server to client --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ServerMsg:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = getattr(self, f.name)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


@dataclass(frozen=True, slots=True)
class StateMsg(ServerMsg):
    """The whole table as the receiving seat may see it (sent after every change)."""

    type: ClassVar[str] = "state"
    table: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ErrorMsg(ServerMsg):
    """A request was refused; nothing changed."""

    type: ClassVar[str] = "error"
    message: str
    code: str = "invalid"
    request: str | None = None


@dataclass(frozen=True, slots=True)
class HintReply(ServerMsg):
    """What the robot would do for the asking seat, and why."""

    type: ClassVar[str] = "hint"
    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class PongMsg(ServerMsg):
    type: ClassVar[str] = "pong"


@dataclass(frozen=True, slots=True)
class InviteReply(ServerMsg):
    """To the owner alone, once: the new invitation link's secret for ``seat`` (the page shows it as a link)."""

    type: ClassVar[str] = "invitation"
    seat: str
    token: str
