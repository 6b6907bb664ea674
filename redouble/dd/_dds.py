"""The ctypes binding to the DDS double-dummy solver (Bo Haglund and Soren Hein), loaded on first use.

Nothing here is imported by ``import redouble``; :func:`library` finds and loads the shared library the
first time a double-dummy function needs it, and raises :class:`SolverUnavailableError` saying what is
missing when there is none. The structures follow DDS 2.9's public header ``dll.h``.

Where the library comes from, first found wins:

1. ``$REDOUBLE_DDS_LIBRARY``: a path to any ``libdds`` build (when set, nothing else is tried);
2. the copy bundled inside the ``endplay`` wheel (``pip install 'redouble[dd]'``), located on disk
   without importing endplay;
3. the system's ``libdds`` (Debian/Ubuntu: ``apt install libdds0``).

Why the endplay copy comes first (measured on a 2-core machine, 200 random deals, CalcAllTables):
both are DDS 2.9.0 and solve at the same speed within noise (about 9-10 tables/s), but Debian's
``libdds.so.0`` (OpenMP/Boost build) crashes with a segmentation fault when the process exits, even when
merely loaded, which would turn every successful command's exit status into 139. The endplay copy
(STL threads) exits cleanly, has ``SolveAllBoardsBin``, and installs with pip on a fresh machine. With
either, Redouble's command (:func:`redouble.cli.run`) and its solving worker processes
(:func:`spawn_context`) end without the library's teardown once it is loaded (:func:`end_process`).

The solver's threads: :func:`set_threads` (worker processes that share the cores ask for one each), else
``$REDOUBLE_DDS_THREADS``, else one a core.
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import importlib.util
import multiprocessing.context
import os
import sys
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NoReturn

from redouble.errors import SolverUnavailableError

# Sizes from DDS 2.9's dll.h.
DDS_HANDS = 4
DDS_SUITS = 4
DDS_STRAINS = 5
MAXNOOFBOARDS = 200
MAXNOOFTABLES = 40

c_int = ctypes.c_int
c_uint = ctypes.c_uint


class DealStruct(ctypes.Structure):
    """``struct deal``: a position, possibly mid-trick (``currentTrick*`` hold up to three played cards)."""

    _fields_ = [
        ("trump", c_int),
        ("first", c_int),
        ("currentTrickSuit", c_int * 3),
        ("currentTrickRank", c_int * 3),
        ("remainCards", (c_uint * DDS_SUITS) * DDS_HANDS),
    ]


class FutureTricks(ctypes.Structure):
    _fields_ = [
        ("nodes", c_int),
        ("cards", c_int),
        ("suit", c_int * 13),
        ("rank", c_int * 13),
        ("equals", c_int * 13),
        ("score", c_int * 13),
    ]


class Boards(ctypes.Structure):
    _fields_ = [
        ("noOfBoards", c_int),
        ("deals", DealStruct * MAXNOOFBOARDS),
        ("target", c_int * MAXNOOFBOARDS),
        ("solutions", c_int * MAXNOOFBOARDS),
        ("mode", c_int * MAXNOOFBOARDS),
    ]


class SolvedBoards(ctypes.Structure):
    _fields_ = [("noOfBoards", c_int), ("solvedBoard", FutureTricks * MAXNOOFBOARDS)]


class TableDeal(ctypes.Structure):
    """``struct ddTableDeal``: ``cards[hand][suit]``, rank r at bit r (the ace is ``1 << 14``)."""

    _fields_ = [("cards", (c_uint * DDS_SUITS) * DDS_HANDS)]


class TableDeals(ctypes.Structure):
    _fields_ = [("noOfTables", c_int), ("deals", TableDeal * (MAXNOOFTABLES * DDS_STRAINS))]


class TableResults(ctypes.Structure):
    """``struct ddTableResults``: ``resTable[strain][hand]``, strains in DDS order S H D C NT."""

    _fields_ = [("resTable", (c_int * DDS_HANDS) * DDS_STRAINS)]


class TablesRes(ctypes.Structure):
    _fields_ = [("noOfBoards", c_int), ("results", TableResults * (MAXNOOFTABLES * DDS_STRAINS))]


class ParResults(ctypes.Structure):
    _fields_ = [("parScore", (ctypes.c_char * 16) * 2), ("parContractsString", (ctypes.c_char * 128) * 2)]


class AllParResults(ctypes.Structure):
    _fields_ = [("presults", ParResults * MAXNOOFTABLES)]


class ContractType(ctypes.Structure):
    _fields_ = [("underTricks", c_int), ("overTricks", c_int), ("level", c_int), ("denom", c_int),
                ("seats", c_int)]


class ParResultsMaster(ctypes.Structure):
    _fields_ = [("score", c_int), ("number", c_int), ("contracts", ContractType * 10)]


class DDSInfo(ctypes.Structure):
    _fields_ = [
        ("major", c_int), ("minor", c_int), ("patch", c_int), ("versionString", ctypes.c_char * 10),
        ("system", c_int), ("numBits", c_int), ("compiler", c_int), ("constructor", c_int),
        ("numCores", c_int), ("threading", c_int), ("noOfThreads", c_int), ("threadSizes", ctypes.c_char * 128),
        ("systemString", ctypes.c_char * 1024),
        ("_spare", ctypes.c_char * 4096),  # room in case a build's struct is larger than 2.9's
    ]


@dataclass(frozen=True)
class Library:
    """A loaded DDS: the ctypes handle, where it came from, and whether it has ``SolveAllBoardsBin``."""

    dll: ctypes.CDLL
    path: str
    origin: str
    has_solve_all_boards_bin: bool
    version: str
    threads: int

    def check(self, code: int, what: str) -> None:
        """Turn a DDS return code into an exception naming the call and DDS's own message."""
        if code != 1:
            line = ctypes.create_string_buffer(80)
            self.dll.ErrorMessage(code, line)
            raise SolverUnavailableError(f"DDS {what} failed with code {code}: {line.value.decode()}")


_lock = threading.Lock()
_loaded: Library | None = None
_load_error: str | None = None
_threads: int | None = None  # the threads asked for (set_threads or $REDOUBLE_DDS_THREADS), once known


def _candidates() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    env = os.environ.get("REDOUBLE_DDS_LIBRARY")
    if env:
        return [(env, "$REDOUBLE_DDS_LIBRARY")]
    try:
        spec = importlib.util.find_spec("endplay")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            for name in ("libdds.so", "libdds.dylib", "dds.dll"):
                p = Path(location) / "_dds" / name
                if p.exists():
                    found.append((str(p), "endplay"))
    system = ctypes.util.find_library("dds")
    for name in ([system] if system else []) + ["libdds.so.0", "libdds.so"]:
        found.append((name, "system"))
    return found


def _open(path: str, origin: str) -> Library:
    global _threads
    dll = ctypes.CDLL(path)
    # 0: as many threads as the machine has cores; set_threads() asks for another count, else
    # $REDOUBLE_DDS_THREADS does.
    if _threads is None:
        try:
            _threads = max(int(os.environ.get("REDOUBLE_DDS_THREADS", "0")), 0)
        except ValueError:
            _threads = 0
    dll.SetMaxThreads(_threads)
    dll.CalcDDtable.argtypes = [TableDeal, ctypes.POINTER(TableResults)]
    dll.CalcAllTables.argtypes = [ctypes.POINTER(TableDeals), c_int, c_int * 5, ctypes.POINTER(TablesRes),
                                  ctypes.POINTER(AllParResults)]
    dll.SolveBoard.argtypes = [DealStruct, c_int, c_int, c_int, ctypes.POINTER(FutureTricks), c_int]
    dll.SolveAllChunksBin.argtypes = [ctypes.POINTER(Boards), ctypes.POINTER(SolvedBoards), c_int]
    has_bin = hasattr(dll, "SolveAllBoardsBin")
    if has_bin:
        dll.SolveAllBoardsBin.argtypes = [ctypes.POINTER(Boards), ctypes.POINTER(SolvedBoards)]
    dll.DealerParBin.argtypes = [ctypes.POINTER(TableResults), ctypes.POINTER(ParResultsMaster), c_int, c_int]
    dll.ErrorMessage.argtypes = [c_int, ctypes.c_char_p]
    dll.GetDDSInfo.argtypes = [ctypes.POINTER(DDSInfo)]
    for name in ("CalcDDtable", "CalcAllTables", "SolveBoard", "SolveAllChunksBin", "DealerParBin"):
        getattr(dll, name).restype = c_int
    info = _info(dll)
    version = f"{info.major}.{info.minor}.{info.patch}"
    return Library(dll, path, origin, has_bin, version, info.noOfThreads)


def _info(dll: ctypes.CDLL) -> DDSInfo:
    info = DDSInfo()
    dll.GetDDSInfo(ctypes.byref(info))
    return info


def set_threads(count: int) -> None:
    """Solve with ``count`` threads in this process (0: one a core), rather than $REDOUBLE_DDS_THREADS.

    Worker processes that share the cores among themselves (:mod:`redouble.simulate`) ask for one each.
    Before the library loads, this is the count it loads with; after, DDS re-sizes its threads and their
    memory (``SetMaxThreads``, which it allows between solves: not while another thread of this process
    is solving)."""
    global _threads, _loaded
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"the solver's threads are a whole number, 0 for one a core, not {count!r}")
    with _lock:
        if _loaded is None or count == _threads:
            _threads = count
            return
        _loaded.dll.SetMaxThreads(count)
        _threads = count
        _loaded = replace(_loaded, threads=_info(_loaded.dll).noOfThreads)


def is_loaded() -> bool:
    """Whether this process has loaded a DDS library (see :func:`end_process` for why it matters)."""
    return _loaded is not None


def end_process(code: int) -> NoReturn:
    """End this process with exit status ``code``.

    DDS 2.9 as Debian packages it (libdds0) crashes in its own teardown in any process that loaded it: its
    exit hook (``FreeMemory``) walks the per-thread memory its static destructors have already freed
    (dds-bridge/dds#91), so the process would end with a segmentation fault whatever it had done. Once a
    solver is loaded, the process therefore runs Python's exit handlers, flushes its output and ends
    without the C library's teardown; before that, it exits as usual."""
    if not is_loaded():
        sys.exit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # a closed pipe, or no stream: nothing can reach it
            pass
    os._exit(code)


class _SpawnProcess(multiprocessing.context.SpawnProcess):
    """A spawned worker that ends through :func:`end_process`, with the status its work gave it."""

    def _bootstrap(self, parent_sentinel: int | None = None) -> int:
        code: int = super()._bootstrap(parent_sentinel)  # type: ignore[misc]
        if is_loaded():
            end_process(code)
        return code


class _SpawnContext(multiprocessing.context.SpawnContext):
    Process = _SpawnProcess  # type: ignore[assignment]


def spawn_context() -> multiprocessing.context.SpawnContext:
    """A ``"spawn"`` multiprocessing context whose processes end without DDS's teardown (see
    :func:`end_process`), for worker pools that solve: ``ProcessPoolExecutor(mp_context=spawn_context())``."""
    return _SpawnContext()


def library() -> Library:
    """The DDS library, loaded on the first call.

    Raises :class:`SolverUnavailableError` with what was tried and how to install a solver.
    """
    global _loaded, _load_error
    if _loaded is not None:
        return _loaded
    with _lock:
        if _loaded is not None:
            return _loaded
        if _load_error is None:
            tried = []
            for path, origin in _candidates():
                try:
                    _loaded = _open(path, origin)
                    return _loaded
                except (OSError, AttributeError) as exc:
                    tried.append(f"{path} ({origin}): {exc}")
            _load_error = (
                "no double-dummy solver: the DDS library could not be loaded. Install it with "
                "`pip install 'redouble[dd]'` (the endplay wheel bundles DDS) or `apt install libdds0`, "
                "or point $REDOUBLE_DDS_LIBRARY at a libdds build. Tried: " + "; ".join(tried or ["nothing"])
            )
        raise SolverUnavailableError(_load_error)
