"""Double-dummy simulation: deal hands that meet a constraint, solve each, and tally the tricks.

The work is cut into units of a few hundred deals. A unit deals its own hands (from the seed and its
number, so the result does not depend on how many workers there are) and solves them, and sends back
only counts: a :class:`Tally`, whatever the number of deals. Units run in this process (``jobs=1``), in a
local process pool (the default with more cores), or on a Dask cluster (``engine="dask"``, a local one
or ``address=`` of a running scheduler) for runs of millions of deals.

>>> result = simulate("north.hcp in 15..17 and north.balanced", count=8, seed=7, jobs=1,
...                   contracts=["3NT-N", "1NT-N"])
>>> result.deals, result.make_rate("1NT-N") >= result.make_rate("3NT-N")
(8, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from redouble.calls import Contract
from redouble.cards import Seat, Strain, Vulnerability
from redouble.errors import RedoubleError

if TYPE_CHECKING:
    import numpy as np

    from redouble.dealer import Constraint

__all__ = ["ENGINES", "SimulationResult", "Tally", "simulate"]

ENGINES = ("local", "dask")
UNIT = 200  # deals a unit: five calls of DDS's CalcAllTables


@dataclass
class Tally:
    """Counts from some deals, added up across units.

    ``tricks[seat, strain, n]``: deals on which ``seat`` declaring ``strain`` takes ``n`` tricks.
    For the contracts, scores are for the side of the first contract: ``score_sum[i]``; and between
    contracts ``better[i, j]`` (deals where i scores more than j) and ``imps[i, j]`` (IMPs i gains on j).
    """

    deals: int
    tricks: np.ndarray
    score_sum: np.ndarray
    better: np.ndarray
    imps: np.ndarray

    @classmethod
    def empty(cls, contracts: int) -> Tally:
        import numpy as np

        return cls(0, np.zeros((4, 5, 14), dtype=np.int64), np.zeros(contracts, dtype=np.int64),
                   np.zeros((contracts, contracts), dtype=np.int64), np.zeros((contracts, contracts), dtype=np.int64))

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.deals + other.deals, self.tricks + other.tricks, self.score_sum + other.score_sum,
                     self.better + other.better, self.imps + other.imps)


@dataclass(frozen=True)
class _Unit:
    where: Constraint | None
    predeal: tuple[tuple[int, str], ...]
    seed: int
    index: int
    size: int
    contracts: tuple[Contract, ...]
    vulnerability: Vulnerability
    dds_threads: int | None  # the solver's threads in the worker; None: as the process has them


def _score_tables(contracts: Sequence[Contract], vulnerability: Vulnerability) -> np.ndarray:
    """``table[i, t]``: the score of contract i with t tricks, for the side of the first contract."""
    import numpy as np

    from redouble.scoring.core import duplicate_score

    table = np.zeros((len(contracts), 14), dtype=np.int64)
    if not contracts:
        return table
    sign = 1 if contracts[0].declarer is None or contracts[0].declarer.is_ns else -1
    for i, c in enumerate(contracts):
        for t in range(14):
            table[i, t] = sign * duplicate_score(c, c.declarer, t, vulnerability)
    return table


def _imp_table() -> np.ndarray:
    import numpy as np

    from redouble.scoring.imps import IMP_THRESHOLDS

    return np.asarray(IMP_THRESHOLDS, dtype=np.int64)


def run_unit(unit: _Unit) -> Tally:
    """Deal and solve one unit (runs in a worker: in this process, a pool process or a Dask worker)."""
    import numpy as np

    from redouble.dd import _dds, solve_deals
    from redouble.dealer import generate

    if unit.dds_threads is not None:
        _dds.set_threads(unit.dds_threads)

    deals = generate(unit.where, unit.size, seed=f"{unit.seed}/{unit.index}", predeal=dict(unit.predeal))
    tables = solve_deals(deals)
    cells = np.asarray([t.cells for t in tables], dtype=np.int64).reshape(len(tables), 4, 5)
    tally = Tally.empty(len(unit.contracts))
    tally.deals = len(tables)
    for seat in range(4):
        for strain in range(5):
            tally.tricks[seat, strain] = np.bincount(cells[:, seat, strain], minlength=14)
    if unit.contracts:
        table = _score_tables(unit.contracts, unit.vulnerability)
        made = np.stack([cells[:, c.declarer, c.strain] for c in unit.contracts])  # type: ignore[index]
        scores = np.take_along_axis(table, made, axis=1)  # (contracts, deals)
        tally.score_sum[:] = scores.sum(axis=1)
        diff = scores[:, None, :] - scores[None, :, :]
        tally.better[:] = (diff > 0).sum(axis=2)
        magnitude = np.searchsorted(_imp_table(), np.abs(diff), side="right")
        tally.imps[:] = (np.sign(diff) * magnitude).sum(axis=2)
    return tally


@dataclass
class SimulationResult:
    """What a simulation found; percentages and averages are over ``tally.deals`` deals."""

    where: str
    seed: int
    contracts: tuple[Contract, ...]
    vulnerability: Vulnerability
    tally: Tally
    engine: str = "local"
    jobs: int = 1
    declarers: tuple[Seat, ...] = field(default=(Seat.NORTH,))
    strains: tuple[Strain, ...] = field(default=tuple(Strain))

    @property
    def deals(self) -> int:
        return self.tally.deals

    def distribution(self, declarer: Seat | str, strain: Strain | str) -> list[float]:
        """The share of deals on which ``declarer`` takes 0, 1, ... 13 tricks in ``strain``."""
        row = self.tally.tricks[Seat.parse(declarer), _strain(strain)]
        return [float(x) / max(self.deals, 1) for x in row]

    def mean_tricks(self, declarer: Seat | str, strain: Strain | str) -> float:
        return sum(n * p for n, p in enumerate(self.distribution(declarer, strain)))

    def make_rate(self, contract: Contract | str) -> float:
        """How often ``contract`` (with a declarer, like ``"3NT-N"``) makes."""
        c = _contract(contract)
        assert c.declarer is not None and c.strain is not None
        return sum(self.distribution(c.declarer, c.strain)[c.level + 6:])

    def expected_score(self, contract: Contract | str) -> float:
        """The average score of a contract given to :func:`simulate`, for the side of the first one."""
        i = self._index(contract)
        return float(self.tally.score_sum[i]) / max(self.deals, 1)

    def comparison(self, first: Contract | str, second: Contract | str) -> dict[str, float]:
        """Between two contracts given to :func:`simulate`: how often each scores more, and IMPs a deal."""
        i, j = self._index(first), self._index(second)
        n = max(self.deals, 1)
        better, worse = self.tally.better[i, j] / n, self.tally.better[j, i] / n
        return {"better": float(better), "worse": float(worse), "equal": float(1 - better - worse),
                "imps_per_deal": float(self.tally.imps[i, j]) / n}

    def _index(self, contract: Contract | str) -> int:
        c = _contract(contract)
        for k, known in enumerate(self.contracts):
            if known == c or (c.declarer is None and known.bid == c.bid):
                return k
        raise RedoubleError(f"{c} was not one of the contracts simulated ({', '.join(map(str, self.contracts))})")

    def to_dict(self) -> dict[str, Any]:
        side = "NS" if not self.contracts or self.contracts[0].declarer is None or \
            self.contracts[0].declarer.is_ns else "EW"
        return {
            "where": self.where, "deals": self.deals, "seed": self.seed, "vulnerability": str(self.vulnerability),
            "tricks": {f"{d.letter} {s.letter}": {"mean": round(self.mean_tricks(d, s), 3),
                                                   "distribution": [round(p, 4) for p in self.distribution(d, s)]}
                       for d in self.declarers for s in self.strains},
            "making": {f"{d.letter} {s.letter}": [round(sum(self.distribution(d, s)[level + 6:]), 4)
                                                  for level in range(1, 8)]
                       for d in self.declarers for s in self.strains},
            "contracts": [{"contract": str(c), "makes": round(self.make_rate(c), 4),
                           "average_score": round(self.expected_score(c), 1), "for": side}
                          for c in self.contracts],
            "comparisons": [{"first": str(a), "second": str(b), **{k: round(v, 4) for k, v in
                                                                   self.comparison(a, b).items()}}
                            for k, a in enumerate(self.contracts) for b in self.contracts[k + 1:]],
        }


def _strain(strain: Strain | str) -> Strain:
    return strain if isinstance(strain, Strain) else Strain.parse(strain)


def _contract(contract: Contract | str) -> Contract:
    c = Contract.parse(contract)
    if c.is_passed_out:
        raise RedoubleError("a passed-out board has no contract to simulate")
    return c


def _units(where: Constraint | None, predeal: Mapping[Any, str] | None, seed: int, count: int,
           contracts: tuple[Contract, ...], vulnerability: Vulnerability, dds_threads: int | None,
           unit: int) -> list[_Unit]:
    pre = tuple((int(Seat.parse(s)), str(v)) for s, v in (predeal or {}).items())
    sizes = [unit] * (count // unit) + ([count % unit] if count % unit else [])
    return [_Unit(where, pre, seed, k, size, contracts, vulnerability, dds_threads) for k, size in enumerate(sizes)]


def _local_pool(units: list[_Unit], jobs: int) -> Iterator[Tally]:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from redouble.dd._dds import spawn_context

    # Spawned (not forked) workers: the parent may already hold the solver and its threads. They end
    # without the solver's teardown, which crashes with Debian's libdds0.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=spawn_context()) as pool:
        futures = [pool.submit(run_unit, u) for u in units]
        try:
            for done in as_completed(futures):
                yield done.result()
        finally:
            for f in futures:
                f.cancel()


def _dask(units: list[_Unit], jobs: int, address: str | None) -> Iterator[Tally]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise RedoubleError("the dask engine needs Dask: pip install 'dask[distributed]' "
                            "(or pip install 'redouble[dd]')") from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        futures = client.map(run_unit, units, pure=False)
        for done in as_completed(futures):
            yield done.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def simulate(where: Constraint | str | None, count: int, *, seed: int | None = None,
             contracts: Iterable[Contract | str] = (), vulnerability: Vulnerability | str = Vulnerability.NONE,
             predeal: Mapping[Any, str] | None = None, jobs: int | None = None, engine: str = "local",
             address: str | None = None, declarers: Iterable[Seat | str] | None = None,
             strains: Iterable[Strain | str] | None = None,
             on_progress: Callable[[int], None] | None = None, unit: int = UNIT) -> SimulationResult:
    """Deal ``count`` deals meeting ``where``, solve each double-dummy and tally the results.

    ``contracts`` (each with a declarer, like ``"3NT-N"``) get make rates, average scores and
    head-to-head comparisons. ``jobs``: worker processes (default: one a core). ``engine``: ``"local"``
    or ``"dask"`` (with ``address`` of a scheduler, or a local cluster of ``jobs`` workers).
    ``on_progress(n)`` is called as each unit of ``n`` deals finishes; ``unit`` is the number of deals
    a unit (the seed and ``unit`` together fix the deals).
    """
    import random

    from redouble.dealer import parse

    if count < 1:
        raise RedoubleError(f"count must be 1 or more, not {count}")
    if unit < 1:
        raise RedoubleError(f"unit must be 1 or more, not {unit}")
    if engine not in ENGINES:
        raise RedoubleError(f"unknown engine {engine!r} (expected one of {', '.join(ENGINES)})")
    constraint = parse(where) if isinstance(where, str) else where
    chosen = tuple(_contract(c) for c in contracts)
    for c in chosen:
        if c.declarer is None:
            raise RedoubleError(f"contract {c} needs a declarer, like '{c.bid}-N'")
    vul = Vulnerability.parse(vulnerability)
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise RedoubleError(f"jobs must be 1 or more, not {jobs}")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    if declarers is None:
        seen = sorted(constraint.seats()) if constraint is not None else []
        chosen_declarers = tuple(seen) or (Seat.NORTH,)
    else:
        chosen_declarers = tuple(Seat.parse(d) for d in declarers)
    chosen_strains = tuple(_strain(s) for s in strains) if strains is not None else tuple(Strain)

    # Workers share the cores: one solver thread each. In the caller's own process the solver keeps its threads.
    dds_threads = None if engine == "local" and jobs == 1 else 1
    units = _units(constraint, predeal, seed, count, chosen, vul, dds_threads, unit)
    if engine == "dask":
        results: Iterator[Tally] = _dask(units, jobs, address)
    elif jobs == 1:
        results = (run_unit(u) for u in units)
    else:
        results = _local_pool(units, jobs)
    tally = Tally.empty(len(chosen))
    for part in results:
        tally = tally + part
        if on_progress is not None:
            on_progress(part.deals)
    text = constraint.text() if constraint is not None else "true"
    return SimulationResult(text, seed, chosen, vul, tally, engine, jobs, chosen_declarers, chosen_strains)
