"""Invariants of the rubber and Chicago sheets over random sequences of deals (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.calls import Contract
from redouble.cards import Seat, Strain, Vulnerability
from redouble.scoring import Chicago, Rubber, duplicate_score

contracts = st.builds(lambda level, strain, doubled: Contract(level, strain, doubled),
                      st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2))
deals = st.one_of(
    st.just(None),  # passed out
    st.tuples(contracts, st.sampled_from(list(Seat)), st.integers(0, 13)),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(deals, max_size=25))
def test_rubber_invariants(sequence):
    rubber = Rubber()
    for deal in sequence:
        if rubber.is_finished:
            break
        games_before = dict(rubber.games)
        record = rubber.record("Pass") if deal is None else rubber.record(deal[0], deal[1], deal[2])
        # Vulnerability comes from the games won before the deal.
        assert record.vulnerability == Vulnerability.from_sides(games_before["NS"] >= 1, games_before["EW"] >= 1)
        if deal is not None:
            contract, seat, tricks = deal
            vul = record.vulnerability.is_vulnerable(seat)
            # Apart from game and rubber bonuses, the deal scores what duplicate would without its bonus.
            points = record.points(seat.side) - record.points("EW" if seat.is_ns else "NS")
            bonus = sum(e.points for e in record.entries if e.kind == "rubber")
            dup = duplicate_score(contract, seat, tricks, Vulnerability.from_sides(vul, vul))
            dup = dup if seat.is_ns else -dup
            if tricks >= contract.tricks_needed:
                dup -= (500 if vul else 300) if record.entries[0].points >= 100 else 50
            assert points - (bonus if record.game_won_by == seat.side else 0) == dup
    totals = rubber.finish()
    assert totals == {side: sum(e.points for e in rubber.sheet.entries if e.side == side) for side in ("NS", "EW")}
    assert max(rubber.games.values()) <= 2
    rubber_bonuses = [e for e in rubber.sheet.entries if e.kind == "rubber"]
    assert len(rubber_bonuses) == int(rubber.is_complete)
    for game in range(rubber.sheet.games_completed):
        below = {side: sum(e.points for e in rubber.sheet.below(side, game)) for side in ("NS", "EW")}
        assert max(below.values()) >= 100 and min(below.values()) < 100


@settings(max_examples=200, deadline=None)
@given(st.lists(deals, max_size=12))
def test_chicago_invariants(sequence):
    chicago = Chicago()
    played = 0
    for deal in sequence:
        if chicago.is_complete:
            break
        number = chicago.deal_number
        record = chicago.record("Pass") if deal is None else chicago.record(*deal)
        assert record.label == str(number)
        played += deal is not None
        assert chicago.deal_number == played % 4 + 1
    games = [e for e in chicago.sheet.entries if e.kind == "game"]
    assert len(games) == chicago.sheet.games_completed
    assert len([e for e in chicago.sheet.entries if e.kind == "part score"]) <= 1
    assert chicago.totals["NS"] + chicago.totals["EW"] == sum(e.points for e in chicago.sheet.entries)
