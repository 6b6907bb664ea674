"""The manager's worker processes for the end-of-deal work: results come back, a dead worker is replaced."""

from __future__ import annotations

import asyncio
import os
import signal

from redouble.web.sessions import Manager
from redouble.web.store import open_store
from redouble.web.table import second_table


def test_heavy_work_runs_in_another_process_and_a_broken_pool_is_replaced() -> None:
    async def scenario() -> None:
        manager = Manager(open_store(":memory:"), heavy_workers=1)
        try:
            assert await manager.heavy(os.getpid) != os.getpid()
            assert manager.workers.pids
            for pid in manager.workers.pids:
                os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.3)
            try:
                await manager.heavy(pow, 2, 3)
            except Exception as exc:  # the job caught by the dead worker fails, and says so
                assert type(exc).__name__ == "BrokenProcessPool"
            assert await manager.heavy(pow, 2, 5) == 32
        finally:
            await manager.close()

    asyncio.run(scenario())


def test_the_second_table_job_gives_the_same_event_in_a_worker_process() -> None:
    args = (0, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432", 1, "N", "None", "sayc",
            True)

    async def scenario() -> dict[str, object]:
        manager = Manager(open_store(":memory:"), heavy_workers=1)
        try:
            return dict(await manager.heavy(second_table, *args))
        finally:
            await manager.close()

    assert asyncio.run(scenario()) == second_table(*args)
