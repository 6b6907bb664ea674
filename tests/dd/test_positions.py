"""Card values mid-play, checked against an exhaustive search of our own on small endings."""

import random

import pytest

from redouble import Card, Contract, Deal, Play, Seat, Strain
from redouble.dd import (
    opening_leads,
    solve_deal,
    solve_position,
    solve_positions,
    solve_positions_until,
    solve_values_until,
)
from redouble.errors import RedoubleError


def exhaustive(play: Play) -> dict[Card, int]:
    """Declarer's final tricks for each legal card, by trying every line (fine for 2-3 tricks left)."""

    def value(p: Play) -> int:
        if p.is_complete:
            return p.declarer_tricks
        declarer_side = p.turn % 2 == p.declarer % 2
        best = None
        for card in p.legal_cards():
            p.push(card)
            v = value(p)
            p.pop()
            if best is None or (v > best if declarer_side else v < best):
                best = v
        assert best is not None
        return best

    out = {}
    p = play.copy()
    for card in p.legal_cards():
        p.push(card)
        out[card] = value(p)
        p.pop()
    return out


def random_ending(rng: random.Random, tricks_left: int) -> Play:
    strain = rng.choice(list(Strain))
    contract = Contract(rng.randint(1, 7), strain, 0, rng.choice(list(Seat)))
    play = Play(Deal.random(rng=rng), contract)
    for _ in range(4 * (13 - tricks_left) + rng.randrange(4)):
        play.push(rng.choice(play.legal_cards()))
    return play


def test_matches_exhaustive_search_in_endings(solver):
    rng = random.Random(99)
    plays = [random_ending(rng, 3) for _ in range(60)]
    assert solve_positions(plays) == [exhaustive(p) for p in plays]


def test_single_position_and_keys(solver):
    rng = random.Random(5)
    play = random_ending(rng, 2)
    values = solve_position(play)
    assert set(values) == set(play.legal_cards())
    assert values == exhaustive(play)


def test_batches_larger_than_one_solver_call(solver):
    rng = random.Random(8)
    plays = [random_ending(rng, 1) for _ in range(230)]
    assert solve_positions(plays) == [exhaustive(p) for p in plays]


def test_opening_leads_agree_with_the_table(solver):
    deal = Deal.random(seed=11)
    table = solve_deal(deal)
    leads = opening_leads(deal, "4S-N")
    assert set(leads) == set(deal[Seat.EAST])
    # The defence's best lead holds the declarer to exactly the table's figure.
    assert min(leads.values()) == table.tricks(Seat.NORTH, Strain.SPADES)


def test_first_card_values_agree_with_the_table(solver):
    deal = Deal.random(seed=12)
    table = solve_deal(deal)
    play = Play(deal, "3NT-W")
    lead = max(opening_leads(deal, "3NT-W").items(), key=lambda kv: -kv[1])[0]
    play.push(lead)
    # After the best lead, the declarer's side (dummy, North, plays next) still makes the table's figure.
    assert max(solve_position(play).values()) == table.tricks(Seat.WEST, Strain.NOTRUMP)


def test_errors(solver):
    with pytest.raises(RedoubleError, match="needs a declarer"):
        opening_leads(Deal.random(seed=1), "4S")
    play = random_ending(random.Random(3), 1)
    while not play.is_complete:
        play.push(play.legal_cards()[0])
    with pytest.raises(RedoubleError, match="play is over"):
        solve_position(play)




def test_solving_until_a_deadline_agrees_and_leaves_the_rest_unsolved(solver):
    plays = [Play(Deal.random(seed=s), "3NT-S") for s in range(12)]
    everything = solve_positions_until(plays, None)
    assert everything == solve_positions(plays)
    # Past the deadline already: the first position is still solved (a card needs one), nothing else is.
    hurried = solve_positions_until(plays, 0.0)
    assert hurried[0] == everything[0] and hurried[1:] == [None] * 11


def test_searches_left_running_give_their_slots_back(solver):
    import time

    plays = [Play(Deal.random(seed=s), "3NT-S") for s in range(40)]
    solve_positions_until(plays, time.perf_counter() + 0.01)  # leaves searches running in the background
    # The batch solver needs every slot: it waits for those searches, then answers as usual.
    assert solve_positions(plays[:3]) == solve_positions_until(plays[:3], None)


def test_positions_from_a_generator_are_solved_as_they_come(solver):
    plays = [Play(Deal.random(seed=s), "4S-N") for s in range(5)]
    asked = []

    def slowly():
        for k, play in enumerate(plays):
            asked.append(k)
            yield None  # still looking: the solver checks its searches and asks again
            yield play

    assert solve_positions_until(slowly(), None) == solve_positions(plays)
    assert asked == [0, 1, 2, 3, 4]
    # Past the deadline the generator is asked only until it gives one position, which is solved.
    asked.clear()
    hurried = solve_positions_until(slowly(), 0.0)
    assert hurried == solve_positions(plays[:1]) and asked == [0]


def test_the_value_after_each_lead_is_that_lead_s_value(solver):
    """One search after a card gives what the search of every card says that card is worth, mid-trick too."""
    plays = []
    expected = []
    for s in range(4):
        play = Play(Deal.random(seed=s), "4H-N")
        if s % 2:
            play.push(play.legal_cards()[0])
        values = solve_position(play)
        for card in list(values)[::3]:
            after = play.copy()
            after.push(card)
            plays.append(after)
            expected.append(values[card])
    assert solve_values_until(plays, None) == expected


def test_a_whole_block_of_values_is_solved_whatever_the_clock(solver):
    plays = []
    for s in range(4):
        play = Play(Deal.random(seed=s), "3NT-S")
        play.push(play.legal_cards()[0])
        plays.append(play)
    hurried = solve_values_until(plays * 3, 0.0, block=4)
    # Past the deadline already: the first block's searches start, nothing after them.
    assert hurried[:4] == solve_values_until(plays, None)
    assert hurried[4:] == [None] * 8
