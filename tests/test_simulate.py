"""Simulation: tallies agree with solving the same deals directly; engines agree with each other."""

import os

import pytest

from redouble import Seat, Strain, Vulnerability
from redouble.dd import solve_deals
from redouble.dealer import generate
from redouble.errors import RedoubleError
from redouble.scoring.core import duplicate_score
from redouble.scoring.imps import imps
from redouble.simulate import simulate

WHERE = "north.hcp in 15..17 and north.balanced and south.hcp in 8..9"




@pytest.fixture(scope="module")
def small_run(solver):
    return simulate(WHERE, 16, seed=11, jobs=1, contracts=["3NT-N", "2NT-N"], vulnerability="NS")


def test_tally_matches_the_deals_solved_directly(small_run):
    # A unit deals its hands from "<seed>/<unit number>": the same deals, solved here one by one.
    deals = generate(WHERE, 16, seed="11/0")
    tables = solve_deals(deals)
    for seat in Seat:
        for strain in Strain:
            counts = [0] * 14
            for t in tables:
                counts[t.tricks(seat, strain)] += 1
            assert small_run.distribution(seat, strain) == [c / 16 for c in counts]
    nt = [t.tricks(Seat.NORTH, Strain.NOTRUMP) for t in tables]
    assert small_run.make_rate("3NT-N") == sum(n >= 9 for n in nt) / 16
    three = [duplicate_score("3NT-N", None, n, Vulnerability.NS) for n in nt]
    two = [duplicate_score("2NT-N", None, n, Vulnerability.NS) for n in nt]
    assert small_run.expected_score("3NT-N") == pytest.approx(sum(three) / 16)
    comparison = small_run.comparison("3NT-N", "2NT-N")
    assert comparison["better"] == sum(a > b for a, b in zip(three, two, strict=True)) / 16
    assert comparison["imps_per_deal"] == pytest.approx(sum(imps(a - b) for a, b in zip(three, two, strict=True)) / 16)
    assert small_run.mean_tricks("N", "NT") == pytest.approx(sum(nt) / 16)


def test_report_shape(small_run):
    data = small_run.to_dict()
    assert data["deals"] == 16 and data["seed"] == 11 and data["vulnerability"] == "NS"
    assert set(data["tricks"]) == {f"{d} {s}" for d in "NS" for s in ("C", "D", "H", "S", "NT")}
    assert [c["contract"] for c in data["contracts"]] == ["3NT-N", "2NT-N"]
    assert data["comparisons"][0]["first"] == "3NT-N"
    assert all(abs(sum(v["distribution"]) - 1) < 1e-3 for v in data["tricks"].values())


def test_same_seed_same_result_with_a_process_pool(solver, small_run):
    again = simulate(WHERE, 16, seed=11, jobs=2, contracts=["3NT-N", "2NT-N"], vulnerability="NS")
    assert again.to_dict() == small_run.to_dict()
    # Other unit sizes deal other hands, but the pool still adds every unit up.
    split = simulate(WHERE, 16, seed=11, jobs=2, unit=5)
    assert split.deals == 16 and split.tally.tricks.sum() == 16 * 20


def test_a_run_in_the_callers_process_leaves_its_environment_and_solver_alone(solver, monkeypatch):
    # With one job the units run here: the solver keeps the threads this process gave it, and no setting
    # is left behind in the caller's environment for later solves (or child processes) to pick up.
    from redouble.dd import _dds

    monkeypatch.delenv("REDOUBLE_DDS_THREADS", raising=False)
    before, threads = dict(os.environ), _dds.library().threads
    result = simulate(WHERE, 4, seed=3, jobs=1)
    assert result.deals == 4
    assert dict(os.environ) == before and _dds.library().threads == threads


def test_dask_local_cluster_gives_the_same_result(solver):
    pytest.importorskip("distributed")
    count = 16  # two units of 8, so both workers of the cluster get one
    local = simulate("west.spades >= 6", count, seed=5, jobs=1, contracts=["4S-W"], unit=8)
    on_dask = simulate("west.spades >= 6", count, seed=5, jobs=2, engine="dask", contracts=["4S-W"], unit=8)
    assert on_dask.to_dict() == local.to_dict()
    assert on_dask.engine == "dask" and on_dask.deals == count


def test_progress_and_errors(solver):
    seen = []
    simulate("east.hcp >= 20", 3, seed=1, jobs=1, on_progress=seen.append)
    assert seen == [3]
    with pytest.raises(RedoubleError, match="needs a declarer"):
        simulate(WHERE, 5, contracts=["3NT"])
    with pytest.raises(RedoubleError, match="unknown engine 'spark'"):
        simulate(WHERE, 5, engine="spark")
    with pytest.raises(RedoubleError, match="count must be 1 or more"):
        simulate(WHERE, 0)
    result = simulate(None, 2, seed=2, jobs=1)
    with pytest.raises(RedoubleError, match="was not one of the contracts simulated"):
        result.expected_score("4H-S")
