"""Double-dummy analysis through the DDS solver: tables, par, and the value of each card mid-play.

The solver is loaded on first use (see :mod:`redouble.dd._dds`); without one, these functions raise
:class:`~redouble.errors.SolverUnavailableError` saying how to install it, and the rest of Redouble works.

>>> from redouble import Deal, Seat, Strain, Vulnerability
>>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
>>> table = solve_deal(deal)
>>> table.tricks(Seat.NORTH, Strain.NOTRUMP), table.to_dict()["E"]["C"]
(13, 3)
>>> print(par(table, Vulnerability.NONE))
+1520 7NT-N, 7NT-S
"""

from __future__ import annotations

import ctypes
import itertools
import os
import queue
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from redouble.calls import Contract
from redouble.cards import SEATS, Card, Seat, Strain, Suit, Vulnerability
from redouble.dd._searcher import ANSWER, QUESTION, read_exactly  # its questions and answers, one protocol
from redouble.deal import SUIT_MASK, Deal
from redouble.errors import RedoubleError, SolverUnavailableError

if TYPE_CHECKING:
    from redouble.board import Board
    from redouble.play import Play

__all__ = [
    "DDTable",
    "Par",
    "SolverUnavailableError",
    "iter_solve_deals",
    "opening_leads",
    "par",
    "solve_contracts",
    "solve_contracts_until",
    "solve_deal",
    "solve_deals",
    "solve_position",
    "solve_positions",
    "solve_positions_until",
    "solve_values_until",
    "solver_info",
    "table_from_board",
    "write_pbn_tags",
]


class _Slots:
    """DDS's thread slots. DDS keeps scratch memory per thread index: a search given index k owns slot k
    until it returns. The batch calls (tables, SolveAllBoards) use every index, so they take every slot;
    :func:`solve_positions_until` runs one search a slot, and may stop waiting for one that runs long."""

    def __init__(self) -> None:
        self._free: queue.Queue[int] | None = None
        self._taking_all = threading.Lock()
        self._setup = threading.Lock()
        self.count = 0

    def _queue(self) -> queue.Queue[int]:
        if self._free is None:
            with self._setup:
                if self._free is None:
                    from redouble.dd import _dds

                    self.count = max(1, _dds.library().threads)
                    free: queue.Queue[int] = queue.Queue()
                    for k in range(self.count):
                        free.put(k)
                    self._free = free
        return self._free

    @contextmanager
    def one(self) -> Iterator[int]:
        free = self._queue()
        k = free.get()
        try:
            yield k
        finally:
            free.put(k)

    @contextmanager
    def every(self) -> Iterator[None]:
        free = self._queue()
        with self._taking_all:  # two callers taking slots one by one could each wait for the other's
            taken = [free.get() for _ in range(self.count)]
        try:
            yield
        finally:
            for k in taken:
                free.put(k)


_slots = _Slots()

# DDS numbers suits spades first (0 S, 1 H, 2 D, 3 C); strains likewise with NT 4. Ours run clubs first.
_DDS_SUIT = (3, 2, 1, 0)
_DDS_STRAIN = (3, 2, 1, 0, 4)
_FROM_DDS_SUIT = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_STRAIN_KEYS = ("C", "D", "H", "S", "NT")
_SEAT_KEYS = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer in each strain.

    ``cells[seat * 5 + strain]`` holds the tricks, seats N E S W, strains C D H S NT.

    >>> t = DDTable.from_dict({"N": {"C": 7, "D": 6, "H": 9, "S": 8, "NT": 8},
    ...                        "E": {"C": 6, "D": 7, "H": 4, "S": 5, "NT": 5},
    ...                        "S": {"C": 7, "D": 6, "H": 9, "S": 8, "NT": 8},
    ...                        "W": {"C": 6, "D": 7, "H": 4, "S": 5, "NT": 5}})
    >>> t.tricks(Seat.SOUTH, Strain.HEARTS), t.to_dict()["W"]["NT"]
    (9, 5)
    """

    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != 20 or any(not 0 <= n <= 13 for n in self.cells):
            raise RedoubleError(f"a double-dummy table holds 20 trick counts from 0 to 13, not {self.cells!r}")

    def tricks(self, declarer: Seat | str, strain: Strain | str) -> int:
        """Tricks ``declarer`` takes in ``strain`` against best defence."""
        seat = Seat.parse(declarer)
        s = strain if isinstance(strain, Strain) else Strain.parse(strain)
        return self.cells[seat * 5 + s]

    def to_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 7, "D": 6, "H": 9, "S": 8, "NT": 8}, "E": {...}, "S": {...}, "W": {...}}``."""
        return {_SEAT_KEYS[seat]: {_STRAIN_KEYS[s]: self.cells[seat * 5 + s] for s in range(5)} for seat in range(4)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Mapping[str, int]]) -> DDTable:
        try:
            return cls(tuple(int(data[seat][strain]) for seat in _SEAT_KEYS for strain in _STRAIN_KEYS))
        except (KeyError, TypeError, ValueError) as exc:
            raise RedoubleError(f"not a double-dummy table: {data!r} (missing or bad {exc})") from None

    def __str__(self) -> str:
        """A grid, strains across and declarers down (hex-free, for the terminal)."""
        lines = ["     C  D  H  S NT"]
        for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
            lines.append(f"{seat.letter}  " + "".join(f"{self.cells[seat * 5 + s]:3d}" for s in range(5)))
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Par:
    """The par result: ``score`` for North-South and the contracts that reach it.

    >>> p = Par(420, (Contract.parse("4H-N"), Contract.parse("4H-S")))
    >>> p.to_dict()
    {'score': 420, 'contracts': ['4H-N', '4H-S']}
    """

    score: int
    contracts: tuple[Contract, ...]

    def to_dict(self) -> dict[str, object]:
        return {"score": self.score, "contracts": [str(c) for c in self.contracts]}

    def __str__(self) -> str:
        return f"{self.score:+d} " + ", ".join(str(c) for c in self.contracts) if self.contracts else "0 (pass)"


def solver_info() -> dict[str, object]:
    """Which DDS library is in use: path, origin, version and thread count (loads it)."""
    from redouble.dd import _dds

    lib = _dds.library()
    return {"path": lib.path, "origin": lib.origin, "version": lib.version, "threads": lib.threads}


# --- tables ---------------------------------------------------------------------------------------------

def _table_deal(deal: Deal) -> object:
    from redouble.dd import _dds

    if not isinstance(deal, Deal):
        raise RedoubleError(f"expected a Deal, not {deal!r}")
    if not deal.is_complete:
        raise RedoubleError(f"a double-dummy table needs all four hands: {deal}")
    td = _dds.TableDeal()
    for seat, hand in enumerate(deal.hands):
        if len(hand) != 13:
            raise RedoubleError(f"{Seat(seat).name.title()} has {len(hand)} cards; tables need 13 each: {deal}")
        m = hand.mask
        row = td.cards[seat]
        for suit in range(4):
            row[_DDS_SUIT[suit]] = (m >> (13 * suit) & SUIT_MASK) << 2
    return td


def _table_from_result(res: object) -> DDTable:
    rt = res.resTable  # type: ignore[attr-defined]
    return DDTable(tuple(rt[_DDS_STRAIN[s]][seat] for seat in range(4) for s in range(5)))


def solve_deal(deal: Deal) -> DDTable:
    """The full double-dummy table of one deal.

    >>> solve_deal(Deal.random(seed=1)).tricks(Seat.NORTH, Strain.NOTRUMP)
    8
    """
    from redouble.dd import _dds

    lib = _dds.library()
    td = _table_deal(deal)
    res = _dds.TableResults()
    with _slots.every():
        code = lib.dll.CalcDDtable(td, ctypes.byref(res))
    lib.check(code, "CalcDDtable")
    return _table_from_result(res)


def _chunks(items: Sequence[object], size: int) -> Iterator[Sequence[object]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _progress(total: int, description: str, enabled: bool) -> tuple[Callable[[int], None], Callable[[], None]]:
    """An (advance, close) pair driving a rich progress bar on stderr, or doing nothing."""
    if not enabled:
        return (lambda n: None), (lambda: None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True)
    task = bar.add_task(description, total=total)
    bar.start()
    return (lambda n: bar.advance(task, n)), bar.stop


def solve_deals(deals: Iterable[Deal], progress: bool = False) -> list[DDTable]:
    """Full tables for many deals, on every core (DDS ``CalcAllTables``, 40 deals a call).

    ``progress`` shows a progress bar on stderr.
    """
    from redouble.dd import _dds

    # With a progress bar, smaller calls (10 deals, still 50 tables and strains to share among the
    # threads) let the bar move; without one, DDS's largest batch.
    return list(iter_solve_deals(deals, progress, chunk=10 if progress else _dds.MAXNOOFTABLES))


def iter_solve_deals(deals: Iterable[Deal], progress: bool = False, chunk: int = 10,
                     stop: Callable[[], bool] | None = None) -> Iterator[DDTable]:
    """The tables of :func:`solve_deals`, in order, each handed over as soon as its call to the solver
    returns (``chunk`` deals a call, up to 40): a long run can write its results as they come.
    ``stop`` is asked before each call; when it says True, the tables end there.

    >>> tables = iter_solve_deals([Deal.random(seed=1), Deal.random(seed=2)])
    >>> next(tables) == solve_deal(Deal.random(seed=1))
    True
    """
    from redouble.dd import _dds

    lib = _dds.library()
    if not 1 <= chunk <= _dds.MAXNOOFTABLES:
        raise RedoubleError(f"the solver takes 1 to {_dds.MAXNOOFTABLES} deals a call, not {chunk}")
    items = list(deals)
    table_deals = [_table_deal(d) for d in items]
    advance, close = _progress(len(items), "double-dummy", progress)
    try:
        batch = _dds.TableDeals()
        res = _dds.TablesRes()
        pres = _dds.AllParResults()
        no_filter = (ctypes.c_int * 5)(0, 0, 0, 0, 0)
        for part in _chunks(table_deals, chunk):
            if stop is not None and stop():
                return
            batch.noOfTables = len(part)
            for k, td in enumerate(part):
                batch.deals[k] = td
            with _slots.every():
                code = lib.dll.CalcAllTables(ctypes.byref(batch), -1, no_filter, ctypes.byref(res),
                                             ctypes.byref(pres))
            lib.check(code, "CalcAllTables")
            tables = [_table_from_result(res.results[k]) for k in range(len(part))]
            advance(len(part))
            yield from tables
    finally:
        close()


# --- single contracts -----------------------------------------------------------------------------------

def _opening_struct(deal: Deal, strain: Strain, declarer: Seat) -> object:
    from redouble.dd import _dds

    td = _table_deal(deal)
    dl = _dds.DealStruct()
    dl.trump = _DDS_STRAIN[strain]
    dl.first = (int(declarer) + 1) % 4  # the declarer's left-hand opponent leads
    for seat in range(4):
        for suit in range(4):
            dl.remainCards[seat][suit] = td.cards[seat][suit]  # type: ignore[attr-defined]
    return dl


def _checked_contract(item: object) -> tuple[Deal, Strain, Seat]:
    if not (isinstance(item, tuple) and len(item) == 3 and isinstance(item[1], Strain) and isinstance(item[2], Seat)):
        raise RedoubleError(f"expected (deal, strain, declarer), not {item!r}")
    return item  # type: ignore[return-value]


def solve_contracts(contracts: Iterable[tuple[Deal, Strain, Seat]]) -> list[int]:
    """The declarer's double-dummy tricks for each (deal, strain, declarer): one search each, from the
    opening lead (DDS ``SolveAllBoards`` with target -1 and one solution, up to 200 a call on every core).
    A twentieth of :func:`solve_deal`'s work when one contract is all that matters.

    >>> deal = Deal.random(seed=3)
    >>> table = solve_deal(deal)
    >>> solve_contracts([(deal, Strain.SPADES, Seat.NORTH), (deal, Strain.NOTRUMP, Seat.WEST)]) == [
    ...     table.tricks(Seat.NORTH, Strain.SPADES), table.tricks(Seat.WEST, Strain.NOTRUMP)]
    True
    """
    structs = [_opening_struct(*_checked_contract(item)) for item in contracts]
    # The score is the leading side's: the declarer takes the rest.
    return [13 - answer.score[0] for answer in _solve_boards(structs, 1)]  # type: ignore[attr-defined]


def _solve_boards(structs: Sequence[object], solutions: int,
                  advance: Callable[[int], None] = lambda n: None) -> Iterator[object]:
    """DDS's answer for each position (``SolveAllBoards``, up to 200 a call on every core), in order."""
    from redouble.dd import _dds

    lib = _dds.library()
    boards = _dds.Boards()
    solved = _dds.SolvedBoards()
    for start in range(0, len(structs), _dds.MAXNOOFBOARDS):
        chunk = structs[start:start + _dds.MAXNOOFBOARDS]
        boards.noOfBoards = len(chunk)
        for k, dl in enumerate(chunk):
            boards.deals[k] = dl
            boards.target[k] = -1
            boards.solutions[k] = solutions
            boards.mode[k] = 1  # search even when only one card can be played: we want its value
        with _slots.every():
            if lib.has_solve_all_boards_bin:
                code = lib.dll.SolveAllBoardsBin(ctypes.byref(boards), ctypes.byref(solved))
            else:
                code = lib.dll.SolveAllChunksBin(ctypes.byref(boards), ctypes.byref(solved), 1)
        lib.check(code, "SolveAllBoards")
        for k in range(len(chunk)):
            answer = _dds.FutureTricks()
            ctypes.pointer(answer)[0] = solved.solvedBoard[k]  # a copy: the buffer serves the next call
            yield answer
        advance(len(chunk))


# --- positions ------------------------------------------------------------------------------------------

def _position_struct(play: Play) -> object:
    from redouble.dd import _dds

    if play.is_complete:
        raise RedoubleError("the play is over: no card left to analyse")
    dl = _dds.DealStruct()
    assert play.contract.strain is not None
    dl.trump = _DDS_STRAIN[play.contract.strain]
    dl.first = int(play.leader)
    trick = play.current_trick
    for k in range(3):
        if k < len(trick):
            dl.currentTrickSuit[k] = _DDS_SUIT[trick[k].suit]
            dl.currentTrickRank[k] = int(trick[k].rank)
        else:
            dl.currentTrickSuit[k] = 0
            dl.currentTrickRank[k] = 0
    for seat in SEATS:
        m = play.hand(seat).mask
        row = dl.remainCards[seat]
        for suit in range(4):
            row[_DDS_SUIT[suit]] = (m >> (13 * suit) & SUIT_MASK) << 2
    return dl


def _declarer_total(play: Play, score: int) -> int:
    """The declarer's side's total tricks (won so far plus the rest) when the seat on turn's side takes
    ``score`` of the tricks left (DDS scores for the side on turn)."""
    on_turn_is_declarer_side = play.turn % 2 == play.declarer % 2
    return play.declarer_tricks + (score if on_turn_is_declarer_side else play.tricks_left - score)


def _cards_from_future(play: Play, fut: object) -> dict[Card, int]:
    """Expand DDS's answer (one entry per group of equivalent cards) into declarer-side totals per card."""
    result: dict[Card, int] = {}
    for k in range(fut.cards):  # type: ignore[attr-defined]
        suit = _FROM_DDS_SUIT[fut.suit[k]]  # type: ignore[attr-defined]
        total = _declarer_total(play, fut.score[k])  # type: ignore[attr-defined]
        ranks = [fut.rank[k]] + [r for r in range(2, 15) if fut.equals[k] >> r & 1]  # type: ignore[attr-defined]
        for r in ranks:
            result[Card(suit, r)] = total
    return dict(sorted(result.items(), key=lambda kv: -kv[0].index))


def solve_position(play: Play) -> dict[Card, int]:
    """For each legal card of the seat on turn: the declarer's side's total tricks (won so far plus
    the rest, with best play by both sides) if that card is played now. Works mid-trick.

    >>> from redouble import Play
    >>> p = Play(Deal.random(seed=2), "3NT-S"); p.push(p.legal_cards()[0])
    >>> values = solve_position(p)
    >>> sorted(values) == sorted(p.legal_cards())
    True
    """
    return solve_positions([play])[0]


def solve_positions(plays: Iterable[Play], progress: bool = False) -> list[dict[Card, int]]:
    """:func:`solve_position` for many positions at once, on every core (up to 200 per solver call)."""
    items = list(plays)
    structs = [_position_struct(p) for p in items]
    advance, close = _progress(len(items), "positions", progress)
    try:
        return [_cards_from_future(play, answer)
                for play, answer in zip(items, _solve_boards(structs, 3, advance), strict=True)]
    finally:
        close()


# Workers for solve_positions_until, one per DDS slot, created on first use.
_workers: ThreadPoolExecutor | None = None
_workers_lock = threading.Lock()


def _forget_threads() -> None:
    """In a forked child (match --jobs, simulations) the parent's worker threads do not exist, and a slot
    one of them held would never come back: start afresh (and with solver processes of its own)."""
    global _workers, _workers_lock, _slots, _idle_searchers
    _workers = None
    _workers_lock = threading.Lock()
    _slots = _Slots()
    _idle_searchers = queue.SimpleQueue()


os.register_at_fork(after_in_child=_forget_threads)


def _solve_one(structure: object, solutions: int = 3,
               clock: Callable[[], float] = time.perf_counter) -> tuple[object, float]:
    """DDS's answer for one position and how long the search took by ``clock`` (the caller's: the time a
    search takes decides how many more fit before the deadline, so it is measured as the deadline is)."""
    from redouble.dd import _dds

    lib = _dds.library()
    future = _dds.FutureTricks()
    with _slots.one() as k:
        started = clock()
        code = lib.dll.SolveBoard(structure, -1, solutions, 1, ctypes.byref(future), k)
        elapsed = clock() - started
    lib.check(code, "SolveBoard")
    return future, elapsed


# --- searches that can be stopped ----------------------------------------------------------------------------

_SEARCHER = Path(__file__).with_name("_searcher.py")
# Solver processes between searches, for the next one.
_idle_searchers: queue.SimpleQueue[_Searcher] = queue.SimpleQueue()


class _Searcher:
    """A solver process (``_searcher.py``): one search at a time, and :meth:`stop` ends it mid-search."""

    def __init__(self) -> None:
        from redouble.dd import _dds

        lib = _dds.library()
        self.answer_size = ctypes.sizeof(_dds.FutureTricks)
        self.process = subprocess.Popen(
            [sys.executable, "-S", "-E", str(_SEARCHER), lib.path, str(ctypes.sizeof(_dds.DealStruct)),
             str(self.answer_size)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            bufsize=0)

    def search(self, structure: object, solutions: int) -> tuple[int, bytes] | None:
        """DDS's return code and answer (a ``futureTricks``'s bytes), or None when stopped."""
        assert self.process.stdin is not None and self.process.stdout is not None
        data = bytes(structure)  # type: ignore[call-overload]
        try:
            self.process.stdin.write(QUESTION.pack(len(data), solutions) + data)
        except OSError:
            return None
        reply = read_exactly(self.process.stdout, ANSWER.size + self.answer_size)
        if reply is None:
            return None
        return ANSWER.unpack_from(reply)[0], reply[ANSWER.size:]

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


class _GivenUp(Exception):
    """A search whose caller no longer needed it: stopped, or never started."""


class _Ticket:
    """One search that can be stopped: the solver process running it, and whether its caller gave it up."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.searcher: _Searcher | None = None
        self.given_up = False

    def give_up(self) -> None:
        """Stop the search if it runs (its process ends), or keep it from starting."""
        with self.lock:
            self.given_up = True
            searcher, self.searcher = self.searcher, None
        if searcher is not None:
            searcher.stop()


def _solve_stoppable(structure: object, solutions: int, clock: Callable[[], float],
                     ticket: _Ticket) -> tuple[object, float]:
    """:func:`_solve_one` in a solver process, which ``ticket.give_up()`` ends if the search still runs then
    (a search in this process could not be stopped: it would run on after its caller returned). Where no
    solver process can be started or one fails, the search is made here."""
    from redouble.dd import _dds

    lib = _dds.library()
    answer = None
    with _slots.one():  # as many searches at once as DDS has threads here, in whichever process
        try:
            searcher = _idle_searchers.get_nowait()
        except queue.Empty:
            try:
                searcher = _Searcher()
            except OSError:
                searcher = None
        if searcher is not None:
            with ticket.lock:
                if ticket.given_up:
                    _idle_searchers.put(searcher)
                    raise _GivenUp
                ticket.searcher = searcher
            started = clock()
            answer = searcher.search(structure, solutions)
            elapsed = clock() - started
            with ticket.lock:
                stopped, ticket.searcher = ticket.given_up, None
            if stopped:
                raise _GivenUp
            if answer is None:
                searcher.stop()  # it failed: the next search starts another
            else:
                _idle_searchers.put(searcher)
    if answer is None:
        return _solve_one(structure, solutions, clock)
    code, raw = answer
    lib.check(code, "SolveBoard")
    return _dds.FutureTricks.from_buffer_copy(raw), elapsed


def _solve_until(items: Iterable[object | None], structure: Callable[[object], object], deadline: float | None,
                 safety: float, solutions: int, clock: Callable[[], float] = time.perf_counter, block: int = 1,
                 groups: Sequence[int] = (), least: int = 0, stoppable: bool = False
                 ) -> tuple[list[object], list[object | None]]:
    """DDS's answers for ``items`` (each made a DDS structure by ``structure``), searched in order one a core
    until ``deadline`` (see :func:`solve_positions_until`, which also says how a generator of items is
    asked): the items given and, for each, the answer or None (not searched, or still running at the
    deadline). The items come in blocks of ``block`` (say the positions after each lead on one layout): one
    whole block is always solved, whatever the clock says (with blocks of one, whichever search ends
    first). With ``least``, the items also come in ``groups`` (their sizes, in order) answered in full or not
    at all, and fewer than ``least`` whole groups are of no use: see :func:`solve_contracts_until`.

    Every search given to the worker threads and not started when this returns (it may wait behind another
    caller's, left running at its deadline) is cancelled. DDS cannot stop a search once it runs: with
    ``stoppable`` each runs in a solver process instead, and one still running when this returns is stopped
    by ending its process; else it runs on in the background."""
    global _workers
    from redouble.dd import _dds

    width = max(1, _dds.library().threads)
    if _workers is None:
        with _workers_lock:
            if _workers is None:
                _workers = ThreadPoolExecutor(max_workers=width, thread_name_prefix="dds")
    source = iter(items)
    given: list[object] = []
    results: list[object | None] = []
    waiting: deque[int] = deque()  # given, not started yet
    running: dict[Future[tuple[object, float]], int] = {}
    tickets: dict[Future[tuple[object, float]], _Ticket] = {}
    spent: list[float] = []  # the time each finished search took
    exhausted = False

    whole = False  # a block is solved
    bounds = [(start - size, start) for start, size in zip(itertools.accumulate(groups), groups, strict=True)]

    def hopeless(now: float) -> bool:
        """Whether fewer than ``least`` groups can still be answered in full: those answered, and (in order,
        while the searches the start rule still allows last) those whose searches run or could still start;
        a search running is counted as answered."""
        if not least or deadline is None:
            return False
        if spent and (mean := sum(spent) / len(spent)) > 0:
            room = deadline - now - safety * mean
            starts = width * (int(room // mean) + 1) if room >= 0 else 0
        elif now > deadline:
            starts = 0
        else:
            return False  # no search has ended: nothing to judge by yet
        under_way = set(running.values())
        complete = 0
        for lo, hi in bounds:
            todo = sum(1 for k in range(lo, hi) if k >= len(results) or results[k] is None and k not in under_way)
            if todo > starts:
                break
            starts -= todo
            complete += 1
        return complete < least

    def collect(done: Iterable[Future[tuple[object, float]]]) -> None:
        nonlocal whole
        for future in done:
            k = running.pop(future)
            answer, elapsed = future.result()
            results[k] = answer
            spent.append(elapsed)
            start = k - k % block
            whole = whole or all(r is not None for r in results[start:start + block]) and len(results) >= start + block

    while True:
        now = clock()
        if hopeless(now):
            break
        while waiting and len(running) < width:
            if whole or waiting[0] >= block:
                if deadline is not None and spent and now + safety * sum(spent) / len(spent) > deadline:
                    break
                if deadline is not None and not spent and running and now > deadline:
                    break
            k = waiting.popleft()
            if stoppable:
                ticket = _Ticket()
                future = _workers.submit(_solve_stoppable, structure(given[k]), solutions, clock, ticket)
                tickets[future] = ticket
            else:
                future = _workers.submit(_solve_one, structure(given[k]), solutions, clock)
            running[future] = k
        # A few items in hand are enough to keep the cores busy; asking for more would take the time (and a
        # core) the searches need when finding an item is itself work.
        if not exhausted and len(waiting) < width and (deadline is None or now < deadline or len(given) < block):
            try:
                item = next(source)
            except StopIteration:
                exhausted = True
            else:
                if item is not None:
                    given.append(item)
                    results.append(None)
                    waiting.append(len(given) - 1)
            collect([f for f in running if f.done()])
            continue
        if not running:
            break
        # Only the real clock can be waited on; a caller's own clock passes its deadline when it is read,
        # after the next search ends.
        # Waiting for the first search to end (none has yet) stops at the deadline when what runs may not be
        # enough (``least``): it is then judged.
        timeout = None if deadline is None or not (whole or least and now < deadline) or \
            clock is not time.perf_counter else max(0.0, deadline - now)
        done, _ = wait(running, timeout=timeout, return_when=FIRST_COMPLETED)
        if not done:
            if whole:
                break  # the deadline: what still runs is abandoned
            continue
        collect(done)
        if deadline is not None and clock() > deadline and whole:
            break
    # What still runs is no longer needed: a search not started yet (behind another's left running) is cancelled,
    # one in a solver process stopped.
    for future in running:
        if not future.cancel() and future in tickets:
            tickets[future].give_up()
    return given, results


def solve_positions_until(plays: Iterable[Play | None], deadline: float | None,
                          safety: float = 1.5) -> list[dict[Card, int] | None]:
    """:func:`solve_position` for ``plays``, started in order, one search per core, until ``deadline`` (a
    :func:`time.perf_counter` value; None: solve them all). A position is started only while ``safety``
    times the mean search so far still fits before the deadline. At the deadline the searches still running
    are left to finish in the background (a search cannot be stopped, and one can take many times the
    mean) and their positions come back as None, unless nothing at all is solved yet: then the first to
    finish is waited for.

    ``plays`` may be a generator that takes its time to find each position (the card player fits layouts
    to the auction as it goes): each position is searched as soon as a core is free, and the next one is
    asked for while the cores search, as long as fewer are waiting than there are cores. The generator may
    yield None for "none yet" so that a finished search is followed by the next without waiting for it. It
    is not asked for more once the deadline has passed; the answers are for the positions it gave (a
    sequence's unasked ones come back as None).

    >>> from redouble import Deal, Play
    >>> plays = [Play(Deal.random(seed=s), "3NT-S") for s in range(3)]
    >>> [v is not None for v in solve_positions_until(plays, None)]
    [True, True, True]
    >>> solve_positions_until(plays, None)[0] == solve_position(plays[0])
    True
    >>> len(solve_positions_until((p for p in plays[:2]), None))
    2
    """
    given, answers = _solve_until(plays, _position_struct, deadline, safety, 3)  # type: ignore[arg-type]
    results = [None if a is None else _cards_from_future(p, a)  # type: ignore[arg-type]
               for p, a in zip(given, answers, strict=True)]
    if isinstance(plays, Sequence):
        results += [None] * (len(plays) - len(results))
    return results


def solve_values_until(plays: Iterable[Play | None], deadline: float | None,
                       safety: float = 1.5, block: int = 1) -> list[int | None]:
    """The value of each of ``plays`` with best play by both sides: the declarer's side's total tricks
    (won so far plus the rest), searched as :func:`solve_positions_until` does (in order, one a core, until
    ``deadline``; None for a position not solved in time; of positions in blocks of ``block``, one whole
    block is always solved). One search
    finds a position's value, where :func:`solve_position` searches every card of the seat on turn: the
    value of a few chosen cards (say each opening lead worth a look) costs less as the positions after each.

    >>> from redouble import Deal, Play
    >>> play = Play(Deal.random(seed=4), "3NT-S")
    >>> values = solve_position(play)
    >>> after = []
    >>> for card in list(values)[:3]:
    ...     p = Play(play.deal, "3NT-S"); p.push(card); after.append(p)
    >>> solve_values_until(after, None) == [values[p.cards[0]] for p in after]
    True
    """
    given, answers = _solve_until(plays, _position_struct, deadline, safety, 1,  # type: ignore[arg-type]
                                  block=block)
    results = [None if a is None else _value_from_future(p, a)  # type: ignore[arg-type]
               for p, a in zip(given, answers, strict=True)]
    if isinstance(plays, Sequence):
        results += [None] * (len(plays) - len(results))
    return results


def _value_from_future(play: Play, fut: object) -> int:
    """The declarer's side's total tricks from DDS's answer for the best card (``solutions=1``)."""
    return _declarer_total(play, int(fut.score[0]))  # type: ignore[attr-defined]


def solve_contracts_until(contracts: Sequence[tuple[Deal, Strain, Seat]], deadline: float | None,
                          safety: float = 1.5, clock: Callable[[], float] = time.perf_counter, *,
                          groups: Sequence[int] = (), least: int = 0) -> list[int | None]:
    """:func:`solve_contracts` one search a core, in order, until ``deadline`` (a ``clock`` value; None: all),
    as :func:`solve_positions_until` does: None for a contract not solved by then. Unlike it, no search
    outlives the call: each runs in a solver process of its own, ended if it still runs at the deadline.

    ``groups`` (their sizes, in order, adding up to the contracts) are runs of contracts of use only
    together, say one layout's searches in a bidding simulation, and ``least`` how many whole groups make the
    answers worth anything (a decision needs so many layouts). Once the searches that the deadline leaves
    room for (by the rule that starts them, a search running counted as answered) cannot complete that many
    groups, no more are started or waited for; none is started when there are too few groups.

    >>> four_spades = (Deal.random(seed=3), Strain.SPADES, Seat.NORTH)
    >>> solve_contracts_until([four_spades], None) == solve_contracts([four_spades])
    True
    >>> solve_contracts_until([four_spades] * 3, None, groups=[1, 2], least=3)  # two groups: not enough
    [None, None, None]
    """
    sizes = list(groups) or [1] * len(contracts)
    if sum(sizes) != len(contracts) or min(sizes, default=1) < 1:
        raise RedoubleError(f"the groups ({', '.join(map(str, groups))}) must each hold a contract and add up to "
                            f"the {len(contracts)} contracts")
    structs = [_opening_struct(*_checked_contract(item)) for item in contracts]
    if least > len(sizes):
        return [None] * len(structs)
    _, answers = _solve_until(structs, lambda s: s, deadline, safety, 1, clock, groups=sizes, least=least,
                              stoppable=True)
    answers += [None] * (len(structs) - len(answers))
    return [None if a is None else 13 - a.score[0] for a in answers]  # type: ignore[attr-defined]


def opening_leads(deal: Deal, contract: Contract | str) -> dict[Card, int]:
    """For each card the opening leader may lead: the declarer's tricks after that lead.

    ``contract`` needs a declarer, e.g. ``"4S-N"``.
    """
    from redouble.play import Play

    c = Contract.parse(contract)
    if c.declarer is None:
        raise RedoubleError(f"contract {c} needs a declarer for a lead analysis, like '{c.bid}-N'")
    return solve_position(Play(deal, c))


# --- par ------------------------------------------------------------------------------------------------

# DDS's par structures number the denomination 0 NT, 1 S, 2 H, 3 D, 4 C.
_PAR_DENOM = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_PAR_SEATS = ((Seat.NORTH,), (Seat.EAST,), (Seat.SOUTH,), (Seat.WEST,), (Seat.NORTH, Seat.SOUTH),
              (Seat.EAST, Seat.WEST))
# DDS numbers vulnerability 0 none, 1 both, 2 NS, 3 EW.
_DDS_VUL = {Vulnerability.NONE: 0, Vulnerability.ALL: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}


def par(table: DDTable, vulnerability: Vulnerability | str = Vulnerability.NONE,
        dealer: Seat | str = Seat.NORTH) -> Par:
    """The par score for North-South and the par contracts, given who deals (it can matter when
    both sides have a making contract at the same level).

    Sacrifices come out doubled (``"5DX-E"``); ``Par.score`` is 0 with no contracts when par is a pass-out.
    """
    from redouble.dd import _dds

    lib = _dds.library()
    vul = Vulnerability.parse(vulnerability)
    seat = Seat.parse(dealer)
    res = _dds.TableResults()
    for s in range(5):
        for hand in range(4):
            res.resTable[_DDS_STRAIN[s]][hand] = table.cells[hand * 5 + s]
    master = _dds.ParResultsMaster()
    with _slots.every():
        code = lib.dll.DealerParBin(ctypes.byref(res), ctypes.byref(master), int(seat), _DDS_VUL[vul])
    lib.check(code, "DealerParBin")
    contracts: list[Contract] = []
    for k in range(master.number):
        ct = master.contracts[k]
        if ct.level == 0:
            continue
        strain = _PAR_DENOM[ct.denom]
        for declarer in _PAR_SEATS[ct.seats]:
            contracts.append(Contract(ct.level, strain, 1 if ct.underTricks else 0, declarer))
    return Par(int(master.score), tuple(contracts))  # DealerParBin's score is already North-South's


# --- PBN ------------------------------------------------------------------------------------------------

_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
OPTIMUM_RESULT_TABLE_SPEC = "Declarer;Denomination\\2R;Result\\2R"


def write_pbn_tags(board: Board, table: DDTable, par_result: Par | None = None) -> None:
    """Store ``table`` (and ``par_result``) in ``board.tags`` the way PBN files carry them:
    ``DoubleDummyTricks`` (20 hex digits, N S E W, each NT S H D C), the ``OptimumResultTable``
    section, and ``OptimumScore``/``ParContract`` (North-South's score; the side and its contracts).

    >>> from redouble import Board
    >>> board = Board.from_number(1, deal=_GRAND_SLAM)
    >>> cells = tuple(13 - 10 * (k // 5 % 2) for k in range(20))  # 13 for N and S, 3 for E and W
    >>> write_pbn_tags(board, DDTable(cells), Par(1520, (Contract.parse("7NT-N"), Contract.parse("7NT-S"))))
    >>> board.tags["DoubleDummyTricks"], board.tags["OptimumScore"], board.tags["ParContract"]
    ('dddddddddd3333333333', 'NS 1520', 'NS 7NT')
    >>> board.sections["OptimumResultTable"][:2]
    ['N NT 13', 'N S 13']
    """
    board.tags["DoubleDummyTricks"] = "".join(
        f"{table.tricks(seat, strain):x}" for seat in _PBN_SEATS for strain in _PBN_STRAINS)
    board.tags["OptimumResultTable"] = OPTIMUM_RESULT_TABLE_SPEC
    board.sections["OptimumResultTable"] = [
        f"{seat.letter} {strain.letter} {table.tricks(seat, strain)}" for seat in _PBN_SEATS for strain in _PBN_STRAINS]
    if par_result is not None:
        board.tags["OptimumScore"] = f"NS {par_result.score}"
        if par_result.contracts:
            first = par_result.contracts[0].declarer
            side = "NS" if first is not None and first.is_ns else "EW"
            bids = list(dict.fromkeys(c.bid for c in par_result.contracts))
            board.tags["ParContract"] = f"{side} {','.join(bids)}"
        else:
            board.tags["ParContract"] = "Pass"


def table_from_board(board: Board) -> DDTable | None:
    """The double-dummy table a PBN board carries (see :func:`write_pbn_tags`), or None if incomplete."""
    from redouble.board import double_dummy_table

    found = double_dummy_table(board)
    if not found or len(found) < 20:
        return None
    return DDTable(tuple(found[Seat(seat), Strain(s)] for seat in range(4) for s in range(5)))


_GRAND_SLAM = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
