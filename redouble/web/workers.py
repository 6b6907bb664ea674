"""Worker processes for the server's heavy work, shared fairly between tables, ending with the server.

The robots' thinking and the end-of-deal work are Python that would hold the interpreter lock and stall
every table, so they run in a pool of worker processes at a lower priority than the event loop. The
pool is shared fairly: jobs wait in a queue per table and the tables take turns (round robin), so one busy
table cannot starve the others; and each table's robots are given a think-time budget that shrinks as
more tables want the workers at once (:meth:`Workers.budget`), so a turn comes round soon. Background
jobs (a duplicate board's second table) wait while robots are thinking for people, but one always runs.

Each worker asks the kernel to kill it when the server process dies (``PR_SET_PDEATHSIG``), so neither a
SIGTERM nor a ``kill -9`` of the server leaves workers behind; :meth:`Workers.close` ends them at once
(and with them multiprocessing's resource tracker, which exits when the last of them has).

>>> import asyncio, os
>>> workers = Workers(1)
>>> asyncio.run(workers.run(os.getpid, key="t1")) != os.getpid()
True
>>> workers.close()
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import ctypes
import functools
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PR_SET_PDEATHSIG = 1
WORKER_NICENESS = 10  # below the event loop, whose players are waiting
ACTIVE_FOR = 10.0  # seconds: a table that asked for a worker this recently shares the budget


def _worker_start(parent: int) -> None:
    """In a worker process: die with the server, and yield the cores to its event loop."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the server died before the line above: nobody is left to serve
        os._exit(0)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    background: bool


class Workers:
    """``count`` worker processes (None: one per core but one, for the event loop, at least one; 0: threads
    instead) shared fairly by key (a table's id)."""

    def __init__(self, count: int | None = None) -> None:
        self.count = max(1, (os.cpu_count() or 2) - 1) if count is None else count
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._waiting: dict[str, collections.deque[_Job]] = {}
        self._turns: collections.deque[str] = collections.deque()  # the tables with jobs waiting, in turn
        self._asked: dict[str, float] = {}  # when each table last asked for a worker
        self._busy = 0
        self._busy_background = 0
        self._closed = False

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

    def budget(self, key: str, most: float) -> float:
        """The think time (up to ``most`` seconds) for a decision of ``key``'s robots: each table that wants
        the workers now gets an equal share of them, so a decision waits for about one round of the others."""
        now = time.monotonic()
        active = sum(1 for k, at in self._asked.items() if k == key or now - at < ACTIVE_FOR) or 1
        share = max(1, self.count) / active
        return max(min(most, most * share * 2), min(most, 0.05))

    async def run(self, fn: Callable[..., Any], *args: Any, key: str = "", background: bool = False) -> Any:
        """``fn(*args)`` in a worker process (``fn`` and its arguments are plain, picklable values), when
        ``key``'s turn comes (see the module's docstring)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if key not in self._waiting:
            self._waiting[key] = collections.deque()
            self._turns.append(key)
        self._waiting[key].append(_Job(fn, args, future, background))
        self._asked[key] = time.monotonic()
        self._dispatch()
        return await future

    def _next(self) -> tuple[str, _Job] | None:
        """The next job: the tables take turns (round robin), each its oldest job, so a busy table that asks
        again and again goes to the back of the line each time and cannot starve the others."""
        people_waiting = any(not j.background for q in self._waiting.values() for j in q)
        for _ in range(len(self._turns)):
            key = self._turns[0]
            self._turns.rotate(-1)
            queue = self._waiting[key]
            if queue[0].background and people_waiting and self._busy_background > 0:
                continue  # robots thinking for people first, but one background job always runs
            job = queue.popleft()
            if not queue:
                del self._waiting[key]
                self._turns.remove(key)
            return key, job
        return None

    def _dispatch(self) -> None:
        slots = max(1, self.count)
        while self._busy < slots and not self._closed:
            found = self._next()
            if found is None:
                return
            key, job = found
            if job.future.cancelled():
                continue
            self._busy += 1
            self._busy_background += job.background
            pool = None
            if self.count <= 0:
                done: asyncio.Future[Any] = asyncio.ensure_future(asyncio.to_thread(job.fn, *job.args))
            else:
                pool = self._get_pool()
                try:
                    done = asyncio.wrap_future(pool.submit(job.fn, *job.args))
                except (RuntimeError, concurrent.futures.process.BrokenProcessPool) as exc:
                    done = asyncio.get_running_loop().create_future()
                    done.set_exception(exc)
            done.add_done_callback(functools.partial(self._finished, job=job, pool=pool))

    def _finished(self, done: asyncio.Future[Any], job: _Job,
                  pool: concurrent.futures.ProcessPoolExecutor | None) -> None:
        now = time.monotonic()
        self._busy -= 1
        self._busy_background -= job.background
        for k in [k for k, at in self._asked.items() if k not in self._waiting and now - at > ACTIVE_FOR]:
            del self._asked[k]
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif done.exception() is not None:
                exc = done.exception()
                if isinstance(exc, concurrent.futures.process.BrokenProcessPool) and pool is self._pool:
                    self._reset()  # a worker died (killed, out of memory): the next job gets a fresh pool
                job.future.set_exception(exc)  # type: ignore[arg-type]
            else:
                job.future.set_result(done.result())
        self._dispatch()

    def _reset(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            _end(pool)

    def close(self) -> None:
        """End the workers now, whatever they are doing (their work is redone from the log if needed)."""
        self._closed = True
        for queue in self._waiting.values():
            for job in queue:
                job.future.cancel()
        self._waiting.clear()
        self._turns.clear()
        self._reset()


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
