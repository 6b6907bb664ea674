"""Generating constrained deals: correctness, reproducibility, predealing, the budget, fairness."""

import pytest

from redouble import Card, Deal, Hand, Seat
from redouble.dealer import BATCH, BudgetExhaustedError, generate, iter_deals, north, parse, south, west
from redouble.errors import RedoubleError

STRONG_NT = "north.hcp in 15..17 and north.balanced"


def whole(deal: Deal) -> bool:
    return deal.is_complete and all(len(h) == 13 for h in deal.hands)


def test_every_deal_meets_the_constraint_and_is_whole():
    constraint = parse(STRONG_NT + " and south.spades >= 5")
    deals = generate(constraint, count=300, seed=1)
    assert len(deals) == 300 and len(set(deals)) == 300
    assert all(whole(d) for d in deals)
    assert all(15 <= d[Seat.NORTH].hcp <= 17 and d[Seat.NORTH].is_balanced for d in deals)
    assert all(d[Seat.SOUTH].length("S") >= 5 for d in deals)


def test_same_seed_same_deals_and_prefixes():
    first = generate(STRONG_NT, count=50, seed=7)
    assert generate(STRONG_NT, count=50, seed=7) == first
    assert generate(STRONG_NT, count=10, seed=7) == first[:10]
    assert generate(STRONG_NT, count=50, seed=8) != first
    assert generate(STRONG_NT, count=5, seed="club night") == generate(STRONG_NT, count=5, seed="club night")


def test_processes_give_the_same_deals():
    assert generate(STRONG_NT, count=30, seed=3, jobs=2) == generate(STRONG_NT, count=30, seed=3)


def test_four_seat_constraints():
    text = "north.hcp >= 10 and east.hcp >= 10 and south.hcp >= 10 and west.hcp >= 7"
    deals = generate(text, count=20, seed=2)
    assert all(whole(d) and all(d[s].hcp >= 10 for s in (Seat.NORTH, Seat.EAST, Seat.SOUTH)) for d in deals)
    assert all(d[Seat.WEST].hcp >= 7 for d in deals)


def test_no_constraint_deals_fair_hands():
    deals = generate(None, count=4000, seed=5)
    assert all(whole(d) for d in deals)
    for seat in Seat:
        mean = sum(d[seat].hcp for d in deals) / len(deals)
        assert 9.8 < mean < 10.2, (seat, mean)
    flat = sum(d[Seat.WEST].pattern == "4333" for d in deals) / len(deals)
    assert 0.09 < flat < 0.12  # 10.5% of hands are 4333


def test_constrained_deals_leave_the_other_hands_fair():
    deals = generate(STRONG_NT, count=3000, seed=6)
    # With 16 points on average in the North hand, each other hand averages (40 - 16) / 3 = 8.
    mean_north = sum(d[Seat.NORTH].hcp for d in deals) / len(deals)
    for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST):
        mean = sum(d[seat].hcp for d in deals) / len(deals)
        assert abs(mean - (40 - mean_north) / 3) < 0.25, (seat, mean)


def test_predeal_whole_hand_and_cards():
    hand = Hand.parse("AKQ4.J92.T8.Q765")
    deals = generate(south.hcp >= 10, count=20, seed=4, predeal={"N": hand, Seat.WEST: "SJ CA"})
    assert all(d[Seat.NORTH] == hand and d[Seat.SOUTH].hcp >= 10 for d in deals)
    assert all(Card("SJ") in d[Seat.WEST] and Card("CA") in d[Seat.WEST] and whole(d) for d in deals)


def test_holds_at_the_top_level_is_dealt_directly():
    # Three given aces: rejection sampling would keep 1 deal in 20; predealing keeps them all.
    stats = {}
    deals = generate('west.holds("SA HA DA") and west.hcp >= 16', count=100, seed=3, stats=stats)
    assert all({Card("SA"), Card("HA"), Card("DA")} <= set(d[Seat.WEST]) for d in deals)
    assert stats["tried"] == BATCH  # one batch was enough
    inside_or = generate('west.holds("SA") or east.holds("SA")', count=50, seed=3)
    assert all(d.owner("SA") in (Seat.WEST, Seat.EAST) for d in inside_or)


def test_conflicting_predeals_are_refused():
    with pytest.raises(RedoubleError, match="SA cannot be both north's and south's"):
        generate('north.holds("SA") and south.holds("SA")', count=1)
    with pytest.raises(RedoubleError, match="14 cards"):
        generate(predeal={"N": "AKQJT98765432.A.-.-"}, count=1)


def test_impossible_constraint_stops_at_the_budget():
    stats = {}
    with pytest.raises(BudgetExhaustedError) as info:
        generate("north.hcp >= 38", count=5, seed=1, max_tries=100_000, stats=stats)
    err = info.value
    assert (err.tried, err.matched, err.wanted) == (4 * BATCH, 0, 5)
    assert "gave up after trying 131,072 deals: 0 matched 'north.hcp >= 38', 5 wanted" in str(err)
    assert "may be impossible" in str(err)


def test_rare_constraint_reports_partial_matches():
    with pytest.raises(BudgetExhaustedError, match=r"[1-9][\d,]* matched .*1,000,000 wanted.*it is rare"):
        generate(north.hcp >= 20, count=1_000_000, seed=1, max_tries=BATCH)


def test_iter_deals_streams_with_counts():
    stats = {}
    stream = iter_deals(west.clubs >= 6, seed=9, stats=stats)
    first = [next(stream) for _ in range(5)]
    stream.close()
    assert all(d[Seat.WEST].length("C") >= 6 for d in first)
    assert stats["tried"] == BATCH and stats["matched"] >= 5


def test_bad_arguments():
    with pytest.raises(RedoubleError, match="count must be 0 or more"):
        generate(count=-1)
    with pytest.raises(RedoubleError, match="seed"):
        generate(count=1, seed=-4)
    assert generate(north.hcp >= 0, count=0) == []
