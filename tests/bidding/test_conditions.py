"""Point-count conditions: what a rule requires of the hand and what a listener infers from it agree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Auction, Hand
from redouble.bidding import choose_call, explain
from redouble.bidding.conditions import Env, FitPoints, NTPoints, PointCount, Points
from redouble.bidding.meaning import HandRange


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Any 13 cards, half the time with one suit of seven or more (where length points pile up)."""
    if draw(st.booleans()):
        cards = draw(st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True))
    else:
        suit = draw(st.integers(0, 3))
        long = draw(st.integers(7, 13))
        ranks = draw(st.lists(st.integers(0, 12), min_size=long, max_size=long, unique=True))
        others = [i for i in range(52) if i // 13 != suit]
        rest = draw(st.lists(st.sampled_from(others), min_size=13 - long, max_size=13 - long, unique=True))
        cards = [suit * 13 + r for r in ranks] + rest
    return Hand(sum(1 << i for i in cards))


@settings(max_examples=300, deadline=None)
@given(hand=hands(), kind=st.sampled_from([Points, NTPoints, FitPoints]), lo=st.integers(0, 30),
       width=st.integers(0, 40))
def test_a_hand_holding_a_point_count_has_the_hcp_a_listener_infers(
        hand: Hand, kind: type[PointCount], lo: int, width: int) -> None:
    condition = kind(lo, lo + width)
    if condition.holds(hand, Env()):
        assert condition.narrow(HandRange(), Env()).contains(hand), (str(hand), condition)


@pytest.mark.parametrize("text, points, holds_11", [
    ("54.4.4.KQJ965432", 11, False),  # 6 HCP and nine clubs: five length points, four of which count
    ("A5.K4.4.QJ965432", 14, True),  # 10 HCP and eight clubs: all four length points count
    ("2.AKJ754.Q7643.2", 13, True),  # a 6-5 hand is untouched: their length never passes the slack
])
def test_points_count_length_up_to_what_the_listener_allows(text: str, points: int, holds_11: bool) -> None:
    hand = Hand.parse(text)
    assert hand.total_points == points
    assert Points(11).holds(hand, Env()) is holds_11


def test_a_nine_card_suit_with_six_hcp_does_not_make_a_free_bid_that_promises_seven() -> None:
    """1S (2D) ?: a new suit at the three level promises 11+ points, read as 7+ HCP; 6 HCP and nine clubs count
    ten, not eleven (the case the competition property test found), and what it bids reads as it holds."""
    hand = Hand.parse("54.4.4.KQJ965432")
    auction = Auction("N", "1S 2D".split())
    choice = choose_call(hand, auction)
    assert choice.rule != "neg.new-suit-2"
    auction.push(choice.call)
    assert explain(auction)[-1].range.contains(hand)
