"""Standard leading agreements, holding by holding."""

import pytest

from redouble import Card, Deal, Play, Rank, Suit
from redouble.cardplay import choose_card, conventional_lead, conventional_leads
from redouble.cardplay.leads import lead_bonus


def _ranks(text: str) -> list[Rank]:
    return [Rank.parse(c) for c in text]


@pytest.mark.parametrize(("holding", "notrump", "card", "why"), [
    ("K", False, "K", "singleton"),
    ("73", False, "7", "top of a doubleton"),
    ("AK", True, "A", "ace from ace-king"),
    ("AK72", False, "A", "ace from ace-king"),
    ("AK762", True, "6", "fourth best"),       # no honour sequence of three: fourth best against notrump
    ("KQJ5", True, "K", "top of a sequence"),
    ("KQT5", True, "K", "top of a sequence"),   # broken sequence
    ("KQ74", True, "K", "top of touching honours"),
    ("KQ742", True, "K", "top of touching honours"),
    ("QJ4", True, "Q", "top of touching honours"),
    ("QJ74", True, "4", "fourth best"),
    ("KQ74", False, "K", "top of a sequence"),
    ("QJ3", False, "Q", "top of a sequence"),
    ("JT92", True, "J", "top of a sequence"),
    ("T985", True, "T", "top of a sequence"),
    ("KJT4", True, "J", "top of an interior sequence"),
    ("AJT63", True, "J", "top of an interior sequence"),
    ("AJT63", False, "A", "never underlead an ace against a suit contract"),  # not the jack: the ace first
    ("KJT4", False, "J", "top of an interior sequence"),
    ("Q863", False, "3", "fourth best"),
    ("KT7532", True, "5", "fourth best"),
    ("J74", False, "4", "low from three to an honour"),
    ("982", True, "9", "top of nothing"),
    ("8642", False, "8", "top of nothing"),
    ("8642", True, "2", "fourth best"),
    ("A873", False, "A", "never underlead an ace against a suit contract"),
    ("A873", True, "3", "fourth best"),
])
def test_conventional_lead(holding, notrump, card, why):
    assert conventional_lead(_ranks(holding), notrump=notrump) == (Rank.parse(card), why)


def test_an_empty_holding_has_no_lead():
    with pytest.raises(ValueError):
        conventional_lead([])


def test_trumps_are_led_low_unless_from_a_sequence():
    cards = [Card(c) for c in ("SK", "SQ", "SJ", "H8", "H7", "H3", "DA", "D8", "D4", "CT", "C9", "C8", "C2")]
    leads = conventional_leads(cards, trump=Suit.HEARTS)
    assert leads[Card("H3")] == "low in trumps"
    assert leads[Card("SK")] == "top of a sequence"
    leads = conventional_leads(cards, trump=Suit.SPADES)
    assert leads[Card("SK")] == "top of a sequence"


def test_the_robot_leads_a_conventional_card():
    """The sampled opening lead is one of the conventional cards (unless another is clearly better)."""
    deal = Deal.random(seed=12)
    play = Play(deal, "4S-N")
    choice = choose_card(play, samples=8, seed=3)
    assert choice.reason.startswith("best expected tricks") and "lead: " in choice.reason
    assert choice.card in conventional_leads(play.hand(play.turn).cards, play.trump)


def test_the_lead_weighs_the_conventional_card_of_each_suit():
    """Each suit's conventional card is solved on every layout (one search after each), and the tricks it
    expects are what solving every card of those layouts gives it."""
    from redouble.cardplay.auction_fit import draw_layouts
    from redouble.cardplay.player import decision_seed
    from redouble.cardplay.sampling import View, replay
    from redouble.dd import solve_positions

    play = Play(Deal.random(seed=5), "3NT-S")
    leads = conventional_leads(play.hand(play.turn).cards, play.trump)
    choice = choose_card(play, samples=6, seed=2)
    assert set(choice.tricks) == set(leads) and choice.samples == 6
    layouts = draw_layouts(View.of(play, play.turn), 6, seed=decision_seed(2, play, play.turn))
    solved = solve_positions([replay(d, play) for d in layouts.deals])
    for card in leads:
        mean = sum(13 - v[card] for v in solved) / 6  # the defenders' tricks
        assert choice.tricks[card] == pytest.approx(mean)


def test_against_notrump_the_long_sequence_is_led():
    """1NT-3NT: West's KQJT5 of spades sets up three tricks; every other lead gives one or two away."""
    from redouble import Auction
    from redouble.dd import solve_position

    deal = Deal.parse("N:962.KQ5.AQ7.J842 843.9762.J63.KT5 A7.AT3.K984.AQ76 KQJT5.J84.T52.93")
    play = Play(deal, "3NT-S")
    truth = solve_position(play)
    assert min(truth.values()) == truth[Card("SK")] == 10
    auction = Auction("S", "1NT P 3NT P P P".split())
    for seed in range(3):
        choice = choose_card(play, auction=auction, samples=8, seed=seed)
        assert choice.card == Card("SK") and choice.reason.endswith("lead: top of a sequence")


def test_the_bonus_goes_to_sequences_and_the_longest_suits_against_notrump_only():
    hand = [Card(c) for c in "SQ SJ ST S2 HK H8 H7 H3 DA D2 C7 C5 C4".split()]
    leads = conventional_leads(hand, trump=None)
    assert {str(c): b for c, b in lead_bonus(hand, leads, None).items()} == \
        {"SQ": 0.3, "H3": 0.15, "DA": 0.0, "C7": 0.0}
    in_hearts = conventional_leads(hand, trump=Suit.HEARTS)
    assert set(lead_bonus(hand, in_hearts, Suit.HEARTS).values()) == {0.0}


@pytest.mark.parametrize("seed", range(4))
def test_the_lead_is_the_best_estimate_with_the_bonus(seed):
    """Against notrump the robot leads the card whose expected tricks plus bonus are highest."""
    play = Play(Deal.random(seed=40 + seed), "3NT-N")
    hand = play.hand(play.turn).cards
    bonus = lead_bonus(hand, conventional_leads(hand, None), None)
    choice = choose_card(play, samples=8, seed=seed)
    assert max(choice.tricks, key=lambda c: (choice.tricks[c] + bonus[c], c.index)) == choice.card
