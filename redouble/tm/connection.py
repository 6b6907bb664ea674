"""One end of a Table Manager conversation: lines out with CR LF, lines in with a time limit, a transcript.

Both the Table Manager and the player program talk through a :class:`LineConnection`; the transcript keeps
every line as sent or received (``">"`` out, ``"<"`` in), which the tests compare byte for byte.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from redouble.errors import RedoubleError
from redouble.tm.protocol import CANONICAL, Dialect, Message

# A line longer than this is not a protocol message: the reader stops there instead of buffering forever.
MAX_LINE = 4096
# How long a closing end waits for the other to close too.
LINGER = 2.0


class ConnectionLost(RedoubleError):
    """The other end closed the connection, broke it, or said nothing within the time limit."""


@dataclass(eq=False)
class LineConnection:
    """A line-based connection; ``timeout`` (seconds, None: none) bounds every wait for a line."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    name: str = "peer"
    timeout: float | None = 60.0
    dialect: Dialect = CANONICAL
    transcript: list[str] = field(default_factory=list)
    trace: Callable[[str], None] | None = None  # called with each transcript line as it happens

    def _note(self, line: str) -> None:
        self.transcript.append(line)
        if self.trace is not None:
            self.trace(line)

    async def send(self, message: Message | str) -> None:
        """Send one message (a :class:`Message` in this connection's dialect, or raw text)."""
        text = message if isinstance(message, str) else message.text(self.dialect)
        self._note("> " + text)
        try:
            self.writer.write(text.encode("ascii", "replace") + b"\r\n")
            await self.writer.drain()
        except (ConnectionError, OSError) as exc:
            raise ConnectionLost(f"{self.name}: the connection broke while sending {text!r} ({exc})") from None

    async def receive(self, timeout: float | None = None) -> str:
        """The next line without its line ending; :class:`ConnectionLost` at its end or after ``timeout``
        (default: the connection's) seconds of silence."""
        limit = self.timeout if timeout is None else timeout
        try:
            raw = await asyncio.wait_for(self.reader.readuntil(b"\n"), limit)
        except TimeoutError:
            raise ConnectionLost(f"{self.name} said nothing for {limit:g} seconds") from None
        except asyncio.IncompleteReadError as exc:
            if exc.partial.strip():
                raw = exc.partial  # a last line without its line ending still counts
            else:
                raise ConnectionLost(f"{self.name} closed the connection") from None
        except asyncio.LimitOverrunError:
            raise ConnectionLost(f"{self.name} sent a line longer than {MAX_LINE} bytes") from None
        except (ConnectionError, OSError) as exc:
            raise ConnectionLost(f"{self.name}: the connection broke ({exc})") from None
        line = raw.decode("ascii", "replace").rstrip("\r\n")
        self._note("< " + line)
        return line

    async def close(self) -> None:
        """Close this end: say so, read what the other end still sends until it closes too (at most
        ``LINGER`` seconds), then close. Closing with its lines unread would reset the connection, and a
        reset can destroy the lines sent last (a session's reason for ending) before the other end reads them."""
        try:
            if self.writer.can_write_eof() and not self.writer.is_closing():
                self.writer.write_eof()
                await asyncio.wait_for(self._discard_input(), LINGER)
        except (ConnectionError, OSError, TimeoutError, RuntimeError):
            pass  # RuntimeError: another task is reading; it will see the end itself
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        except (ConnectionError, OSError, TimeoutError):
            pass

    async def _discard_input(self) -> None:
        while await self.reader.read(MAX_LINE):
            pass
