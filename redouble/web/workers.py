"""Worker processes for the server's heavy work, which end with the server, always.

The robots' thinking and the end-of-deal analysis are Python that would hold the interpreter lock and
stall every table, so they run in a pool of worker processes at a lower priority than the event loop.
Each worker asks the kernel to kill it when the server process dies (``PR_SET_PDEATHSIG``), so neither
a SIGTERM nor a ``kill -9`` of the server leaves workers behind; :meth:`Workers.close` ends them at once
(and with them multiprocessing's resource tracker, which exits when the last of them has).

>>> import asyncio, os
>>> workers = Workers(1)
>>> asyncio.run(workers.run(os.getpid)) != os.getpid()
True
>>> workers.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import multiprocessing
import os
import signal
from collections.abc import Callable
from typing import Any

PR_SET_PDEATHSIG = 1


def _worker_start(parent: int) -> None:
    """In a worker process: die with the server, and yield the cores to its event loop."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the server died before the line above: nobody is left to serve
        os._exit(0)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(10)


class Workers:
    """``count`` worker processes (None: one per core but one, at least one; 0: threads instead)."""

    def __init__(self, count: int | None = None) -> None:
        self.count = max(1, (os.cpu_count() or 2) - 1) if count is None else count
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _get_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # "spawn": a fork of a process with threads and a running event loop is not safe.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.count, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start,
                initargs=(os.getpid(),))
        return self._pool

    @property
    def pids(self) -> list[int]:
        """The worker processes running now."""
        pool = self._pool
        return [] if pool is None else [p.pid for p in list(getattr(pool, "_processes", {}).values())
                                        if p.pid is not None]

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker process (``fn`` and its arguments are plain, picklable values)."""
        if self.count <= 0:
            return await asyncio.to_thread(fn, *args)
        pool = self._get_pool()
        try:
            return await asyncio.wrap_future(pool.submit(fn, *args))
        except concurrent.futures.process.BrokenProcessPool:
            # A worker died (killed, out of memory): the next job gets a fresh pool.
            if self._pool is pool:
                self._pool = None
                _end(pool)
            raise

    def close(self) -> None:
        """End the workers now, whatever they are doing (their work is redone from the log if needed)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            _end(pool)


def _end(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)


__all__ = ["Workers"]
