"""Sampling of unseen hands: what is seen stays put, voids shown and auction ranges hold, seeds repeat."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Deal, Play, Seat, Suit
from redouble.bidding.meaning import HandRange
from redouble.cardplay import View, sample_deals
from redouble.errors import RedoubleError

SQUEEZE = Deal.parse("N:AKQJ.AQ.AK2.5432 T987.K3.QT9.9876 5432.2.J43.AKQJT 6.JT987654.8765.-")


def _played_by(play: Play, seat: Seat) -> set:
    out = set()
    for t in play.tricks:
        out.add(t.card_of(seat))
    for k, c in enumerate(play.current_trick):
        if (play.leader + k) % 4 == seat:
            out.add(c)
    return out


def test_view_at_the_opening_lead_hides_three_hands():
    play = Play(SQUEEZE, "7NT-S")
    view = View.of(play, Seat.WEST)
    assert view.hidden == (Seat.NORTH, Seat.EAST, Seat.SOUTH)
    assert view.known == {Seat.WEST: SQUEEZE[Seat.WEST].mask}
    assert view.unseen.bit_count() == 39


def test_declarer_sees_dummy_after_the_lead_and_the_defenders_voids():
    play = Play(SQUEEZE, "7NT-S")
    # West leads a spade to North's ace; North leads a club to South's ace and West shows out.
    for card in ("S6", "SA", "S7", "S2", "C2", "C6", "CA", "D5"):
        play.push(card)
    view = View.of(play, Seat.SOUTH)
    assert set(view.hidden) == {Seat.EAST, Seat.WEST}
    assert view.voids[Seat.WEST] == 1 << Suit.CLUBS
    samples = sample_deals(view, 40, seed=3)
    for deal in samples.deals:
        assert deal[Seat.WEST].length(Suit.CLUBS) == 0  # the void shown holds in every layout
        assert deal[Seat.SOUTH] == SQUEEZE[Seat.SOUTH] and deal[Seat.NORTH] == SQUEEZE[Seat.NORTH]
        assert Play(deal, "7NT-S").deal.is_complete
        for seat in (Seat.EAST, Seat.WEST):
            assert _played_by(play, seat) <= set(deal[seat].cards)


SQUEEZE_RANGES = {Seat.NORTH: HandRange(15, 17, (2, 2, 2, 2), (5, 5, 5, 5)),
                  Seat.EAST: HandRange(10, 18, (0, 0, 0, 0), (13, 13, 13, 13)),
                  Seat.SOUTH: HandRange(6, 9, (0, 0, 0, 5), (13, 13, 13, 13))}


def test_samples_respect_the_auction_ranges():
    play = Play(SQUEEZE, "7NT-S")
    samples = sample_deals(View.of(play, Seat.WEST), 60, seed=1, ranges=SQUEEZE_RANGES, loose_share=0)
    assert samples.relaxed == 0
    for deal in samples.deals:
        north, east, south = deal[Seat.NORTH], deal[Seat.EAST], deal[Seat.SOUTH]
        assert 15 <= north.hcp <= 17 and all(2 <= n <= 5 for n in north.shape)
        assert 10 <= east.hcp <= 18
        assert 6 <= south.hcp <= 9 and south.length(Suit.SPADES) >= 5


def test_a_share_of_the_samples_comes_from_loosened_ranges():
    """15% of 60 layouts (9) are drawn with the ranges widened by 3 points and a card of length, spread
    evenly, so a hand the auction misdescribes (North with 14 points) can be dealt."""
    play = Play(SQUEEZE, "7NT-S")
    samples = sample_deals(View.of(play, Seat.WEST), 60, seed=1, ranges=SQUEEZE_RANGES)
    assert samples.relaxed == 0 and len(samples.deals) == 60

    def fits(deal: Deal) -> bool:
        north, east, south = deal[Seat.NORTH], deal[Seat.EAST], deal[Seat.SOUTH]
        return (15 <= north.hcp <= 17 and all(2 <= n <= 5 for n in north.shape) and 10 <= east.hcp <= 18
                and 6 <= south.hcp <= 9 and south.length(Suit.SPADES) >= 5)

    def fits_loosely(deal: Deal) -> bool:
        north, east, south = deal[Seat.NORTH], deal[Seat.EAST], deal[Seat.SOUTH]
        return (12 <= north.hcp <= 20 and all(1 <= n <= 6 for n in north.shape) and 7 <= east.hcp <= 21
                and 3 <= south.hcp <= 12 and south.length(Suit.SPADES) >= 4)

    outside = [k for k, deal in enumerate(samples.deals) if not fits(deal)]
    assert 1 <= len(outside) <= 9 and all(fits_loosely(deal) for deal in samples.deals)
    assert outside[0] < 20  # spread through the list, not all at its end
    strict = sample_deals(View.of(play, Seat.WEST), 60, seed=1, ranges=SQUEEZE_RANGES, loose_share=0)
    assert all(fits(deal) for deal in strict.deals)


def test_impossible_ranges_are_widened_not_fatal():
    play = Play(SQUEEZE, "7NT-S")
    ranges = {Seat.NORTH: HandRange(36, 37), Seat.EAST: HandRange(36, 37)}  # cannot both hold
    samples = sample_deals(View.of(play, Seat.WEST), 10, seed=1, ranges=ranges, max_draws=2000)
    assert len(samples.deals) == 10 and samples.relaxed == 3


def test_the_same_seed_gives_the_same_deals():
    play = Play(Deal.random(seed=11), "4H-E")
    view = View.of(play, Seat.SOUTH)
    first = sample_deals(view, 20, seed=5).deals
    assert first == sample_deals(view, 20, seed=5).deals
    assert first != sample_deals(view, 20, seed=6).deals


def test_a_bad_count_is_refused():
    with pytest.raises(RedoubleError, match="positive"):
        sample_deals(View.of(Play(SQUEEZE, "7NT-S"), Seat.WEST), 0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 40))
def test_samples_agree_with_the_play_so_far(seed, cards):
    """Random deals and random plays: every sample holds the viewer's and dummy's cards, the cards each
    seat played, and no card of a suit a seat has shown out of."""
    import random

    rng = random.Random(seed)
    play = Play(Deal.random(seed=seed), "3NT-S")
    for _ in range(cards):
        play.push(rng.choice(play.legal_cards()))
    viewer = play.controller
    view = View.of(play, viewer)
    for deal in sample_deals(view, 5, seed=seed).deals:
        for seat in Seat:
            assert _played_by(play, seat) <= set(deal[seat].cards)
            if seat not in view.hidden:
                assert deal[seat] == play.deal[seat]
            remaining = set(deal[seat].cards) - _played_by(play, seat)
            for suit in Suit:
                if view.voids[seat] >> suit & 1:
                    assert not any(c.suit == suit for c in remaining)
