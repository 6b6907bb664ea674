"""duplicate_score against an independent formula written from the rules text (seed 000, RULES-NOTES.md),
for every contract, declarer, trick count, doubling and vulnerability."""

import itertools

import pytest

from redouble.calls import Contract
from redouble.cards import Seat, Strain, Vulnerability
from redouble.scoring import MODERN, PRE_1987, duplicate_score


def reference_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int,
                    pre_1987: bool = False) -> int:
    """The declaring side's duplicate score, straight from the tables of the rules text."""
    needed = level + 6
    per_trick = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    if tricks >= needed:
        below = per_trick * level + (10 if strain == "NT" else 0)
        below *= (1, 2, 4)[doubled]
        over = tricks - needed
        if doubled == 0:
            over_points = over * per_trick
        else:
            over_points = over * (200 if vulnerable else 100) * doubled
        insult = (0, 50, 50 if pre_1987 else 100)[doubled]
        bonus = (500 if vulnerable else 300) if below >= 100 else 50
        slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(level, 0)
        return below + over_points + insult + bonus + slam
    down = needed - tricks
    if doubled == 0:
        return -(100 if vulnerable else 50) * down
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    elif pre_1987:
        penalty = 100 + 200 * (down - 1)
    else:
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -penalty * doubled


ALL_CASES = list(itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], range(3), list(Seat),
                                   range(14), list(Vulnerability)))


def test_every_contract_declarer_result_doubling_and_vulnerability():
    assert len(ALL_CASES) == 7 * 5 * 3 * 4 * 14 * 4
    for level, strain, doubled, seat, tricks, vul in ALL_CASES:
        contract = Contract(level, Strain.parse(strain), doubled)
        expected = reference_score(level, strain, doubled, vul.is_vulnerable(seat), tricks)
        if not seat.is_ns:
            expected = -expected
        assert duplicate_score(contract, seat, tricks, vul) == expected, (contract, seat, tricks, vul)


def test_every_case_under_pre_1987_rules():
    for level, strain, doubled, seat, tricks, vul in ALL_CASES:
        if seat not in (Seat.NORTH, Seat.EAST):
            continue
        contract = Contract(level, Strain.parse(strain), doubled)
        expected = reference_score(level, strain, doubled, vul.is_vulnerable(seat), tricks, pre_1987=True)
        got = duplicate_score(contract, seat, tricks, vul, rules=PRE_1987)
        assert got == (expected if seat.is_ns else -expected), (contract, seat, tricks, vul)


@pytest.mark.parametrize(("contract", "declarer", "tricks", "vul", "ns"), [
    ("2S", "N", 10, "None", 170),      # seed 000: 60 + 60 + 50
    ("4S", "S", 10, "None", 420),      # 120 + 300
    ("4S", "S", 10, "NS", 620),        # 120 + 500
    ("5DX", "W", 8, "NS", 500),        # teams example, board 2: three down doubled, not vulnerable
    ("3NT", "W", 12, "EW", -690),      # board 3: 100 + 90 + 500
    ("6NT", "W", 12, "EW", -1440),     # 190 + 500 + 750
    ("2H", "N", 9, "All", 140),
    ("4H", "N", 9, "All", -100),
    ("5CX", "E", 8, "None", 500),      # the pairs traveller, pair 3
    ("7NTXX", "N", 13, "All", 2980),   # 880 + 500 + 100 + 1500
    ("1CXX", "E", 0, "None", 3400),    # seven down redoubled, not vulnerable: 2 x (100+200+200+4x300)
    ("Pass", None, 0, "All", 0),
])
def test_worked_examples(contract, declarer, tricks, vul, ns):
    assert duplicate_score(contract, declarer, tricks, vul) == ns


def test_modern_is_the_default():
    assert duplicate_score("1CXX", "N", 3, "None") == duplicate_score("1CXX", "N", 3, "None", rules=MODERN) == -1600


def test_a_declarer_given_twice_must_agree() -> None:
    from redouble.errors import RedoubleError

    assert duplicate_score("4S-N", "N", 10, "NS") == duplicate_score("4S-N", None, 10, "NS") == 620
    with pytest.raises(RedoubleError, match="contract 4S-N is played by N, not E"):
        duplicate_score("4S-N", "E", 10, "NS")
