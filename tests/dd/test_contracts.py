"""Single contracts solved from the opening lead agree with the full tables, trick for trick."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from redouble import Deal
from redouble.cards import Seat, Strain
from redouble.dd import solve_contracts, solve_contracts_until, solve_deal
from redouble.errors import RedoubleError

GRAND = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")


def test_every_contract_of_a_few_deals_matches_the_table() -> None:
    deals = [GRAND] + [Deal.random(seed=s) for s in (1, 2)]
    items = [(d, strain, seat) for d in deals for strain in Strain for seat in Seat]
    got = solve_contracts(items)
    tables = {id(d): solve_deal(d) for d in deals}
    assert got == [tables[id(d)].tricks(seat, strain) for d, strain, seat in items]
    # The first deal in clubs (North, East, South, West), then in notrump: West's clubs cost North three.
    assert got[:4] == [10, 3, 10, 3]
    assert got[16:20] == [13, 0, 13, 0]


def test_more_contracts_than_one_solver_call_takes() -> None:
    deal = Deal.random(seed=4)
    table = solve_deal(deal)
    items = [(deal, Strain(k % 5), Seat(k // 5 % 4)) for k in range(205)]
    assert solve_contracts(items) == [table.tricks(seat, strain) for _, strain, seat in items]


def test_nothing_to_solve() -> None:
    assert solve_contracts([]) == []


def test_bad_items_are_named() -> None:
    with pytest.raises(RedoubleError, match=r"expected \(deal, strain, declarer\), not 'x'"):
        solve_contracts(["x"])  # type: ignore[list-item]
    with pytest.raises(RedoubleError, match="needs all four hands"):
        solve_contracts([(Deal.parse("N:AKQJ.AKQ.AKQ.AKQ - - -"), Strain.SPADES, Seat.NORTH)])


def test_until_a_deadline() -> None:
    deals = [Deal.random(seed=s) for s in range(4)]
    items = [(d, Strain.HEARTS, Seat.SOUTH) for d in deals]
    assert solve_contracts_until(items, None) == solve_contracts(items)
    # Past the deadline already: the first search is still made and waited for (an answer of some kind),
    # no other is started.
    got = solve_contracts_until(items, time.perf_counter() - 1)
    assert got[0] == solve_contracts(items[:1])[0] and got[1:] == [None, None, None]
    fake_now = iter(range(100))  # a clock of its own: one second a reading, the deadline long past
    assert solve_contracts_until(items, -5.0, clock=lambda: float(next(fake_now)))[1:] == [None, None, None]



def test_groups_of_no_use_are_not_searched() -> None:
    """A bidding simulation needs so many whole layouts (groups of searches): what cannot give them is not
    started."""
    deals = [Deal.random(seed=s) for s in range(4)]
    items = [(d, Strain.HEARTS, Seat.SOUTH) for d in deals]

    def unread() -> float:
        raise AssertionError("the clock was read: a search was started")

    # Three groups, four needed: nothing is searched (nor the clock read).
    assert solve_contracts_until(items, 10.0, clock=unread, groups=[1, 2, 1], least=4) == [None] * 4
    # Time enough (a clock that never moves): every group, as without them.
    frozen = lambda: 0.0  # noqa: E731
    assert solve_contracts_until(items, 10.0, clock=frozen, groups=[1, 2, 1], least=3) == solve_contracts(items)
    # Past the deadline before anything ran: nothing could complete a group, so no search is started or waited
    # for (without ``least`` the first is, to have an answer of some kind).
    fake_now = iter(range(100))
    assert solve_contracts_until(items, -5.0, clock=lambda: float(next(fake_now)), groups=[2, 2],
                                 least=1) == [None] * 4
    with pytest.raises(RedoubleError, match=r"the groups \(1, 2\) must each hold a contract and add up to the 4"):
        solve_contracts_until(items, None, groups=[1, 2], least=1)


def searching_solver_processes() -> list[int]:
    """This process's solver processes (``redouble/dd/_searcher.py``) that are running, not waiting for a
    question."""
    busy = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # ended meanwhile
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == os.getpid() and b"_searcher.py" in command and state == "R":
            busy.append(int(entry.name))
    return busy


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_no_search_outlives_the_deadline() -> None:
    """A search still running at the deadline is stopped (its solver process ended), not left to run on."""
    items = [(Deal.random(seed=s), strain, Seat.NORTH) for s in range(30) for strain in (Strain.NOTRUMP,
                                                                                          Strain.CLUBS)]
    got = solve_contracts_until(items, time.perf_counter() + 0.05)
    assert any(t is not None for t in got) and None in got  # one search is always waited for; not all fit
    for _ in range(20):  # a process that has just answered goes back to waiting for the next question
        if not searching_solver_processes():
            break
        time.sleep(0.005)
    assert searching_solver_processes() == []
    # The next call starts solver processes again as it needs them, and answers as the batch solver does.
    assert solve_contracts_until(items[:4], None) == solve_contracts(items[:4])
