"""The minibridge declarer's choice of contract (redouble.robots.minibridge)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.cards import Seat, Strain
from redouble.deal import Deal, Hand
from redouble.robots.minibridge import choose_minibridge_contract


@pytest.mark.parametrize(("hand", "dummy", "strain", "game"), [
    # An eight-card major fit is trumps; 12 + 15 points is a game.
    ("AKQ4.J92.T8.Q765", "J532.AK4.A3.K982", Strain.SPADES, True),
    # Nine clubs but both hands balanced-ish (no singleton): no trumps; 24 points is a part score.
    ("AK4.Q92.T85.AQ76", "J53.K84.Q32.J982", Strain.NOTRUMP, False),
    # Nine clubs with a singleton: the minor is trumps; 26 points plus shortness are short of 29.
    ("A4.KQ2.T85.AQ765", "J53.A8.2.KJ98432", Strain.CLUBS, False),
    # Hearts and spades both eight long: the higher-ranking major; 22 points and a singleton are no game.
    ("AK42.QJ92.8.Q76", "QJ53.K843.A32.9", Strain.SPADES, False),
])
def test_choice_of_strain_and_level(hand: str, dummy: str, strain: Strain, game: bool) -> None:
    choice = choose_minibridge_contract(Hand.parse(hand), Hand.parse(dummy))
    assert (choice.strain, choice.game) == (strain, game)
    assert "points together" in choice.reason and ("game" if game else "part score") in choice.reason


def test_shortness_counts_in_a_trump_contract() -> None:
    # 23 points and ten spades; dummy's void and singleton add 5: game in spades.
    choice = choose_minibridge_contract(Hand.parse("AKQ42.QJ9.T8.765"), Hand.parse("J9653.K8432.A.-"))
    assert (choice.strain, choice.game) == (Strain.SPADES, True)
    assert "5 for shortness" in choice.reason


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_any_deal_gets_a_strain_with_an_eight_card_fit_or_no_trumps(seed: int) -> None:
    deal = Deal.random(seed=seed)
    hand, dummy = deal[Seat.SOUTH], deal[Seat.NORTH]
    choice = choose_minibridge_contract(hand, dummy)
    if choice.strain != Strain.NOTRUMP:
        suit = choice.strain.suit
        assert suit is not None and hand.length(suit) + dummy.length(suit) >= 8
    else:  # no trumps: game exactly with 25 points together
        assert choice.game == (hand.hcp + dummy.hcp >= 25)
