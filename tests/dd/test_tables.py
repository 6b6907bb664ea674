"""Double-dummy tables: a known deal, and agreement with endplay on random deals."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from redouble import Deal, Seat, Strain
from redouble.dd import DDTable, solve_deal, solve_deals
from redouble.errors import RedoubleError

GRAND = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")
DEBIAN_DDS = Path("/usr/lib/x86_64-linux-gnu/libdds.so.0")


def test_known_deal(solver):
    table = solve_deal(GRAND)
    assert table.to_dict() == {
        "N": {"C": 10, "D": 11, "H": 12, "S": 13, "NT": 13},
        "E": {"C": 3, "D": 2, "H": 1, "S": 0, "NT": 0},
        "S": {"C": 10, "D": 11, "H": 12, "S": 13, "NT": 13},
        "W": {"C": 3, "D": 2, "H": 1, "S": 0, "NT": 0},
    }
    assert table.tricks(Seat.SOUTH, Strain.HEARTS) == 12
    assert table.tricks("E", "C") == 3


def test_rotating_the_deal_rotates_the_table(solver):
    rotated = Deal.from_owners(bytes((o + 1) % 4 for o in GRAND.owners))
    table = solve_deal(rotated)
    assert table.tricks(Seat.EAST, Strain.NOTRUMP) == 13
    assert table.tricks(Seat.NORTH, Strain.CLUBS) == 3


def test_batch_equals_single(solver):
    deals = [Deal.random(seed=s) for s in range(5)]
    assert solve_deals(deals) == [solve_deal(d) for d in deals]
    assert solve_deals([]) == []


def test_partial_deal_is_refused(solver):
    partial = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ - - -")
    with pytest.raises(RedoubleError, match="all four hands"):
        solve_deal(partial)


def test_table_round_trip_and_validation():
    table = DDTable(tuple(range(13)) + (0,) * 7)
    assert DDTable.from_dict(table.to_dict()) == table
    with pytest.raises(RedoubleError, match="20 trick counts"):
        DDTable((14,) * 20)
    with pytest.raises(RedoubleError, match="not a double-dummy table"):
        DDTable.from_dict({"N": {"C": 1}})


def _endplay_tables(deals):
    endplay_dds = pytest.importorskip("endplay.dds")
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    strains = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    out = []
    for start in range(0, len(deals), 40):
        chunk = [EDeal(d.to_pbn()) for d in deals[start:start + 40]]
        for t in endplay_dds.calc_all_tables(chunk):
            out.append({p: {s: t[denom, player] for s, denom in strains.items()} for p, player in players.items()})
    return out


@pytest.mark.slow
def test_matches_endplay_on_random_deals(solver):
    """200 random deals through our binding and through endplay's own wrapper of DDS."""
    rng = random.Random(2024)
    deals = [Deal.random(rng=rng) for _ in range(200)]
    ours = [t.to_dict() for t in solve_deals(deals)]
    assert ours == _endplay_tables(deals)


@pytest.mark.skipif(not DEBIAN_DDS.exists(), reason="Debian's libdds0 is not installed")
def test_debian_build_agrees_with_endplay():
    """A separately built DDS (Debian's libdds0) through our binding, against endplay's copy and wrapper.

    Run in a child process: Debian's library crashes when its process exits, so the child prints its
    answer and leaves with os._exit.
    """
    rng = random.Random(77)
    deals = [Deal.random(rng=rng) for _ in range(16)]
    code = (
        "import json, os, sys\n"
        "from redouble import Deal\n"
        "from redouble.dd import solve_deals, solver_info\n"
        "deals = [Deal.parse(x) for x in json.loads(sys.stdin.read())]\n"
        "print(json.dumps({'origin': solver_info()['origin'], 'tables': [t.to_dict() for t in solve_deals(deals)]}))\n"
        "sys.stdout.flush(); os._exit(0)\n"
    )
    env = dict(os.environ, REDOUBLE_DDS_LIBRARY=str(DEBIAN_DDS))
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps([str(d) for d in deals]),
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["origin"] == "$REDOUBLE_DDS_LIBRARY"
    assert answer["tables"] == _endplay_tables(deals)
