"""Table events between server processes, over Redis publish/subscribe.

When a process stores an event it publishes ``"<origin> <seq>"`` on ``redouble:table:<id>``; the
other processes catch up from the shared store and update their players. The store stays the only
source of truth: a lost message only delays an update until the next action at that table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from redouble.errors import RedoubleError

log = logging.getLogger("redouble.web")
PREFIX = "redouble:table:"


class RedisBus:
    def __init__(self, url: str) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError:  # pragma: no cover - the web extra installs it
            raise RedoubleError("Redis needs the redis package: pip install 'redouble[web]'") from None
        self.url = url
        self.origin = secrets.token_hex(6)
        self._redis: Any = aioredis.from_url(url)
        self._task: asyncio.Task[None] | None = None
        self._pubsub: Any = None

    async def start(self, on_change: Callable[[str], Awaitable[None]]) -> None:
        try:
            await self._redis.ping()
        except Exception as exc:
            raise RedoubleError(f"cannot reach Redis at {self.url!r}: {exc}") from None
        self._pubsub = self._redis.pubsub()
        await self._pubsub.psubscribe(PREFIX + "*")
        self._task = asyncio.create_task(self._listen(on_change))

    async def _listen(self, on_change: Callable[[str], Awaitable[None]]) -> None:
        async for message in self._pubsub.listen():
            if message.get("type") != "pmessage":
                continue
            try:
                channel = message["channel"].decode()
                origin = message["data"].decode().split()[0]
                if origin != self.origin:
                    await on_change(channel[len(PREFIX):])
            except Exception:  # one bad message must not stop the listener
                log.exception("bad table event from Redis: %r", message)

    async def publish(self, table_id: str, seq: int) -> None:
        await self._redis.publish(PREFIX + table_id, f"{self.origin} {seq}")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._redis.aclose()
