"""Robot against robot over the Blue Chip Bridge Table Manager protocol (version 18), both sides.

- :mod:`redouble.tm.protocol`: the messages, read leniently and written exactly (the protocol's text
  lives there and nowhere else);
- :mod:`redouble.tm.server`: :class:`TableManager`, which seats four player programs (eight with two
  tables), deals, relays, enforces the rules and the order of the messages, and records every board;
- :mod:`redouble.tm.client`: :func:`play_session`, a Redouble robot as a player program for any Table
  Manager;
- ``redouble tm serve|client|match`` on the command line.

>>> from redouble.tm import parse
>>> str(parse("east ready for north's BID"))
"East ready for North's bid"
"""

from redouble.tm.client import ClientOptions, ClientResult, TableManagerError, play_session
from redouble.tm.protocol import CANONICAL, WBRIDGE5, Dialect, Message, parse
from redouble.tm.server import SessionAborted, SessionResult, TableManager, deals

__all__ = [
    "CANONICAL",
    "WBRIDGE5",
    "ClientOptions",
    "ClientResult",
    "Dialect",
    "Message",
    "SessionAborted",
    "SessionResult",
    "TableManager",
    "TableManagerError",
    "deals",
    "parse",
    "play_session",
]
