"""Par scores: known deals, agreement with the score of the par contract, and with endplay."""

import random

import pytest

from redouble import Contract, Deal, Seat, Vulnerability
from redouble.dd import DDTable, Par, par, solve_deal, solve_deals
from redouble.scoring.core import duplicate_score

GRAND = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")


@pytest.mark.parametrize(("vul", "score"), [("None", 1520), ("NS", 2220), ("EW", 1520), ("All", 2220)])
def test_grand_slam(solver, vul, score):
    assert par(solve_deal(GRAND), vul) == Par(score, (Contract.parse("7NT-N"), Contract.parse("7NT-S")))


def test_grand_slam_for_east_west_is_negative(solver):
    rotated = Deal.from_owners(bytes((o + 1) % 4 for o in GRAND.owners))
    result = par(solve_deal(rotated), Vulnerability.EW)
    assert result.score == -2220
    assert [str(c) for c in result.contracts] == ["7NT-E", "7NT-W"]


def test_a_sacrifice_is_doubled_and_goes_down(solver):
    # NS make 10 tricks in spades, EW 9 in hearts. Over 4S, EW must go to 5H: two down doubled.
    cells = {"N": {"C": 6, "D": 6, "H": 4, "S": 10, "NT": 7}, "S": {"C": 6, "D": 6, "H": 4, "S": 10, "NT": 7},
             "E": {"C": 7, "D": 7, "H": 9, "S": 3, "NT": 5}, "W": {"C": 7, "D": 7, "H": 9, "S": 3, "NT": 5}}
    table = DDTable.from_dict(cells)
    # Not vulnerable, 5HX-2 costs 300, less than the 420 of 4S.
    assert par(table, "None") == Par(300, (Contract.parse("5HX-E"), Contract.parse("5HX-W")))
    # Vulnerable, it would cost 500: North-South play 4S.
    assert par(table, "EW") == Par(420, (Contract.parse("4S-N"), Contract.parse("4S-S")))


def test_par_score_is_the_score_of_the_par_contract(solver):
    rng = random.Random(31)
    deals = [Deal.random(rng=rng) for _ in range(24)]
    for deal, table in zip(deals, solve_deals(deals), strict=True):
        for vul in Vulnerability:
            result = par(table, vul)
            if not result.contracts:
                assert result.score == 0
            for c in result.contracts:
                assert c.declarer is not None and c.strain is not None
                tricks = table.tricks(c.declarer, c.strain)
                assert duplicate_score(c, c.declarer, tricks, vul) == result.score, (deal, vul, c)


def test_agrees_with_endplay(solver):
    endplay_dds = pytest.importorskip("endplay.dds")
    from endplay.types import Deal as EDeal
    from endplay.types import Player, Vul

    vuls = {Vulnerability.NONE: Vul.none, Vulnerability.NS: Vul.ns, Vulnerability.EW: Vul.ew,
            Vulnerability.ALL: Vul.both}
    rng = random.Random(32)
    deals = [Deal.random(rng=rng) for _ in range(12)]
    for deal, table in zip(deals, solve_deals(deals), strict=True):
        theirs_table = endplay_dds.calc_dd_table(EDeal(deal.to_pbn()))
        for vul, evul in vuls.items():
            for seat, player in zip(Seat, (Player.north, Player.east, Player.south, Player.west), strict=True):
                assert par(table, vul, seat).score == endplay_dds.par(theirs_table, evul, player).score
