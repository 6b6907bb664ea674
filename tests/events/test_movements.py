"""Movements: every generated movement checked for what clubs rely on."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.errors import RedoubleError
from redouble.events.movements import (
    HOWELL_STARTERS,
    Movement,
    comparison_counts,
    from_spec,
    howell,
    mitchell,
    search_howell_starter,
    team_round_robin,
    teams_match,
)


def played(m: Movement):
    return [s for s in m.seatings if not m.is_sitout(s)]


def assert_sound(m: Movement, *, meet_once: bool = True) -> None:
    """No pair plays a board set twice, sits twice in a round, or (pairs events) meets a pair twice."""
    sets = Counter((p, s.board_set) for s in played(m) for p in (s.ns, s.ew))
    assert max(sets.values()) == 1
    for r in range(1, m.rounds + 1):
        seated = [p for s in m.round_seatings(r) for p in (s.ns, s.ew)]
        assert len(seated) == len(set(seated))
        assert sorted(s.table for s in m.round_seatings(r)) == list(range(1, m.tables + 1))
    if meet_once:
        meetings = Counter(frozenset((s.ns, s.ew)) for s in played(m))
        assert max(meetings.values()) == 1
    assert m.rounds == max(s.round for s in m.seatings)
    assert all(1 <= s.board_set <= m.board_sets for s in m.seatings)


even = st.sampled_from([4, 6, 8, 10, 12, 14])


@given(tables=st.integers(3, 15), data=st.data())
@settings(max_examples=60, deadline=None)
def test_every_mitchell_is_sound(tables: int, data: st.DataObject) -> None:
    variant = None if tables % 2 else data.draw(st.sampled_from(["relay", "skip"]))
    most = tables - 1 if variant == "skip" else tables
    rounds = data.draw(st.integers(1, most))
    switch = data.draw(st.integers(0, rounds))
    phantom = data.draw(st.none() | st.integers(1, 2 * tables))
    m = mitchell(tables, rounds=rounds, variant=variant, arrow_switch=switch, phantom=phantom)
    assert_sound(m)
    assert m.two_fields == (switch == 0)
    # A complete Mitchell plays every board set the same number of times.
    if rounds == most and phantom is None:
        assert set(m.times_played().values()) == {most}
    # North-South pairs never move (they sit East-West in the arrow-switched rounds only).
    for s in m.seatings:
        home = s.ns if s.ns <= tables else s.ew
        assert home == s.table
        assert (s.ns > tables) == (s.round > rounds - switch)
    assert from_spec(m.to_spec()) == m


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 11, 13, 15])
def test_odd_mitchell_moves_pairs_up_and_boards_down(tables: int) -> None:
    m = mitchell(tables)
    for r in range(1, tables):
        for t in range(1, tables + 1):
            now, then = m.at(r + 1, t), m.at(r, t % tables + 1)
            assert now.board_set == then.board_set  # the boards came down from the next table
            assert now.ew == m.at(r, (t - 2) % tables + 1).ew  # the East-West pair came up
    assert mitchell(tables).at(1, 2).board_set == 2


@given(even)
def test_relay_and_bye_stand(tables: int) -> None:
    m = mitchell(tables, variant="relay")
    assert m.rounds == m.board_sets == tables
    half = tables // 2
    for r in range(1, tables + 1):
        by_table = {s.table: s.board_set for s in m.round_seatings(r)}
        assert by_table[1] == by_table[tables]  # the relay
        assert len(set(by_table.values())) == tables - 1  # one set on the bye stand
    # Every pair plays every set once.
    for pair in m.pairs:
        assert sorted(s.board_set for s in m.rounds_of(pair)) == list(range(1, tables + 1))
    assert f"between tables {half} and {half + 1}" in " ".join(m.notes)


@given(even)
def test_skip_mitchell_skips_half_way(tables: int) -> None:
    m = mitchell(tables, variant="skip")
    assert m.rounds == tables - 1
    east_west = tables + 1
    visited = [m.seating_of(east_west, r).table for r in range(1, m.rounds + 1)]  # type: ignore[union-attr]
    steps = [(b - a) % tables for a, b in zip(visited, visited[1:], strict=False)]
    assert steps.count(2) == 1 and steps.index(2) == tables // 2 - 1 and set(steps) <= {1, 2}


def test_arrow_switch_turns_the_last_round() -> None:
    m = mitchell(5, arrow_switch=1)
    last = m.round_seatings(5)
    assert all(s.ns > 5 and s.ew <= 5 for s in last)
    assert not m.two_fields and mitchell(5).two_fields


def test_phantom_pair_sits_out() -> None:
    m = mitchell(4, phantom=8)
    assert 8 not in m.pairs and len(m.pairs) == 7
    sitouts = [s for s in m.seatings if m.is_sitout(s)]
    assert len(sitouts) == 4 and sorted(s.ns for s in sitouts) == [1, 2, 3, 4]
    assert m.seating_of(8, 1) is None and m.seating_of(4, 1) is None


@pytest.mark.parametrize("tables", range(2, 9))
def test_complete_howell(tables: int) -> None:
    m = howell(tables)
    pairs = 2 * tables
    assert m.pairs == tuple(range(1, pairs + 1))
    assert m.rounds == m.board_sets == pairs - 1
    assert_sound(m)
    # Everyone meets everyone once and plays every board set once.
    meetings = {frozenset((s.ns, s.ew)) for s in m.seatings}
    assert len(meetings) == pairs * (pairs - 1) // 2
    for pair in m.pairs:
        assert sorted(s.board_set for s in m.rounds_of(pair)) == list(range(1, pairs))
    # Every board is played at the same number of tables, and the moving pairs sit each way in turn.
    assert set(m.times_played().values()) == {tables}
    for pair in m.pairs[:-1]:
        directions = Counter(s.direction(pair) for s in m.rounds_of(pair))
        assert (directions["NS"], directions["EW"]) == (tables - 1, tables)
    assert all(s.table == 1 and s.ns == pairs for s in m.rounds_of(pairs))


@pytest.mark.parametrize(("tables", "spread"), [(2, 0), (3, 2), (4, 0), (5, 2), (6, 0), (7, 2), (8, 0)])
def test_howell_balance_as_published(tables: int, spread: int) -> None:
    # How many boards each two pairs are compared on (same board, same direction): the same for every two
    # pairs at 4, 6 and 8 tables (balanced Howells); within 2 where an odd number of moving pairs rules it out.
    counts = comparison_counts(howell(tables)).values()
    assert max(counts) - min(counts) == spread


@pytest.mark.parametrize("tables", range(2, 9))
def test_the_kept_howells_are_the_searched_ones(tables: int) -> None:
    assert search_howell_starter(tables) == HOWELL_STARTERS[tables]


def test_three_quarter_howell_and_phantom() -> None:
    m = howell(5, rounds=7)
    assert m.rounds == 7 and "7 of 9 rounds" in m.name
    assert_sound(m)
    odd = howell(4, phantom=8)
    assert odd.pairs == tuple(range(1, 8))
    assert all(odd.is_sitout(s) == (s.table == 1) for s in odd.seatings)


def test_teams_match() -> None:
    m = teams_match(segments=2)
    assert_sound(m, meet_once=False)
    assert m.teams == {1: (1, 2), 2: (3, 4)}
    for r in (1, 2):
        one, two = m.round_seatings(r)
        assert one.board_set == two.board_set == r
        assert m.team_of(one.ns) == 1 and m.team_of(two.ew) == 1  # home North-South at table 1, East-West at 2
    # The away pairs change tables between segments.
    assert m.at(1, 1).ew != m.at(2, 1).ew


@pytest.mark.parametrize("teams", range(3, 11))
def test_team_round_robin(teams: int) -> None:
    m = team_round_robin(teams)
    assert_sound(m)
    games = Counter(frozenset((x.home, x.away)) for x in m.matches)
    assert len(games) == teams * (teams - 1) // 2 and set(games.values()) == {1}
    for match in m.matches:
        a, b = (m.at(match.round, t) for t in match.tables)
        assert m.team_of(a.ns) == match.home == m.team_of(b.ew)
        assert m.team_of(a.ew) == match.away == m.team_of(b.ns)
        assert a.board_set == b.board_set == match.board_set
    if teams % 2:
        assert sum(1 for s in m.seatings if m.is_sitout(s)) == 2 * m.rounds


@pytest.mark.parametrize(("call", "message"), [
    (lambda: mitchell(2), "from 3 to 15, not 2"),
    (lambda: mitchell(16), "from 3 to 15, not 16"),
    (lambda: mitchell(5, variant="skip"), "odd number of tables"),
    (lambda: mitchell(6, variant="hop"), "not 'hop'"),
    (lambda: mitchell(6, variant="skip", rounds=6), "from 1 to 5, not 6"),
    (lambda: mitchell(5, arrow_switch=6), "arrow-switch rounds must be a whole number from 0 to 5"),
    (lambda: mitchell(5, phantom=11), "the phantom must be one of the pairs 1 to 10"),
    (lambda: howell(9), "from 2 to 8, not 9"),
    (lambda: team_round_robin(2), "from 3 to 40"),
    (lambda: from_spec({"type": "scrambled"}), "unknown movement 'scrambled'"),
    (lambda: from_spec({"type": "howell", "tables": 3, "colour": 1}), "bad howell movement"),
    (lambda: mitchell(3).at(4, 1), "there is no table 1 in round 4"),
    (lambda: mitchell(3).boards(4, 2), "board set 4 is not in this"),
])
def test_bad_movements_are_refused(call, message: str) -> None:
    with pytest.raises(RedoubleError, match=message):
        call()
