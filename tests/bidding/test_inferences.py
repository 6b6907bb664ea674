"""What the auction tells of each hand: explain() and inferences()."""

from __future__ import annotations

import pytest

from redouble.auction import Auction
from redouble.bidding import HandRange, explain, explain_rules, inferences
from redouble.bidding.meaning import Forcing
from redouble.cards import Seat, Suit
from redouble.deal import Hand


def test_1nt_opening_shows_15_to_17_balanced() -> None:
    r = inferences(Auction("N", ["1NT"]))[Seat.NORTH]
    assert r.hcp == (15, 17)
    assert all(r.length(s) == (2, 5) for s in Suit)


def test_stayman_answer_adds_four_hearts_to_opener() -> None:
    r = inferences(Auction("N", ["1NT", "P", "2C", "P", "2H"]))[Seat.NORTH]
    assert r.hcp == (15, 17)
    assert r.length(Suit.HEARTS) == (4, 5)


def test_stayman_2d_denies_both_majors() -> None:
    r = inferences(Auction("N", ["1NT", "P", "2C", "P", "2D"]))[Seat.NORTH]
    assert r.length(Suit.HEARTS) == (2, 3) and r.length(Suit.SPADES) == (2, 3)


def test_transfer_shows_five_of_the_major_above() -> None:
    ranges = inferences(Auction("N", ["1NT", "P", "2D", "P"]))
    assert ranges[Seat.SOUTH].length(Suit.HEARTS) == (5, 13)
    meanings = explain(Auction("N", ["1NT", "P", "2D"]))
    assert meanings[2].alert and meanings[2].forcing is Forcing.FORCING


def test_one_of_a_major_shows_five_and_opening_values() -> None:
    r = inferences(Auction("N", ["1S"]))[Seat.NORTH]
    assert r.length(Suit.SPADES) == (5, 13)
    assert r.hcp_min >= 9 and r.hcp_max == 21


def test_one_diamond_shows_three_and_no_six_card_major() -> None:
    # A five-card major is opened unless a longer minor outranks it (6-5), so 1D allows five.
    r = inferences(Auction("N", ["1D"]))[Seat.NORTH]
    assert r.length(Suit.DIAMONDS)[0] == 3
    assert r.length(Suit.HEARTS)[1] == 5 and r.length(Suit.SPADES)[1] == 5


def test_one_of_a_major_allows_six_of_the_other() -> None:
    # Six-six in the majors opens 1S and seven-six the seven: the reading must cover those hands (a 6-6 1S was
    # read as at most five hearts).
    for opening, other in (("1S", Suit.HEARTS), ("1H", Suit.SPADES)):
        assert inferences(Auction("N", [opening]))[Seat.NORTH].length(other)[1] == 6
    assert explain(Auction("N", ["1S"]))[0].range.contains(Hand.parse("AK9754.QT7432.6."))


def test_ranges_accumulate_over_a_seat_s_calls() -> None:
    # 1H - 1S - 2H: opener rebids hearts (six, or a five-card suit with nothing better) with a minimum.
    ranges = inferences(Auction("N", ["1H", "P", "1S", "P", "2H"]))
    assert ranges[Seat.NORTH].length(Suit.HEARTS) == (5, 13)
    assert ranges[Seat.NORTH].hcp_max <= 15
    assert ranges[Seat.SOUTH].length(Suit.SPADES)[0] == 4


def test_limit_raise_and_simple_raise_differ_in_strength() -> None:
    simple = inferences(Auction("N", ["1H", "P", "2H"]))[Seat.SOUTH]
    limit = inferences(Auction("N", ["1H", "P", "3H"]))[Seat.SOUTH]
    assert simple.length(Suit.HEARTS)[0] == 3 and limit.length(Suit.HEARTS)[0] == 3
    assert simple.hcp_max < limit.hcp_max


def test_weak_two_range() -> None:
    r = inferences(Auction("N", ["2S"]))[Seat.NORTH]
    assert r.hcp == (5, 11) and r.length(Suit.SPADES) == (6, 6)


def test_takeout_double_shows_opening_values_and_forces() -> None:
    # A takeout double is either shapely (short in diamonds) or any strong hand: values are what is sure.
    r = inferences(Auction("N", ["1D", "X"]))[Seat.EAST]
    assert r.hcp_min >= 11
    assert explain(Auction("N", ["1D", "X"]))[1].forcing is Forcing.FORCING


def test_balancing_1nt_is_10_to_15() -> None:
    # The booklet: a reopening 1NT shows 10-15.
    r = inferences(Auction("N", ["1H", "P", "P", "1NT"]))[Seat.WEST]
    assert r.hcp == (10, 15)


def test_michaels_shows_both_majors() -> None:
    r = inferences(Auction("N", ["1C", "2C"]))[Seat.EAST]
    assert r.length(Suit.HEARTS)[0] == 5 and r.length(Suit.SPADES)[0] == 5
    assert explain(Auction("N", ["1C", "2C"]))[1].alert


def test_unusual_2nt_shows_the_minors_over_a_major() -> None:
    r = inferences(Auction("N", ["1S", "2NT"]))[Seat.EAST]
    assert r.length(Suit.CLUBS)[0] == 5 and r.length(Suit.DIAMONDS)[0] == 5


def test_negative_double_after_1c_1h_shows_four_spades() -> None:
    r = inferences(Auction("N", ["1C", "1H", "X"]))[Seat.SOUTH]
    assert r.length(Suit.SPADES)[0] == 4


def test_opening_pass_caps_strength() -> None:
    r = inferences(Auction("N", ["P"]))[Seat.NORTH]
    assert r.hcp_max == 12


def test_blackwood_is_recognised_and_answered() -> None:
    rules = explain_rules(Auction("N", ["1H", "P", "3H", "P", "4NT", "P", "5D"]))
    assert rules[4] == "slam.rkcb" and rules[6] == "slam.rkcb.reply"
    assert "none or three keycards" in explain(Auction("N", ["1H", "P", "3H", "P", "4NT", "P", "5D"]))[6].text
    assert "hearts agreed" in explain(Auction("N", ["1H", "P", "3H", "P", "4NT"]))[4].text
    # No suit agreed: plain Blackwood.
    rules = explain_rules(Auction("N", ["1S", "P", "2H", "P", "3D", "P", "4NT", "P", "5D"]))
    assert rules[6] == "slam.blackwood" and rules[8] == "slam.blackwood.reply"
    # Opener's jump rebid shows six spades that responder has not denied two of: keycards for spades.
    auction = Auction("N", ["1S", "P", "2H", "P", "3S", "P", "4NT", "P", "5D"])
    assert explain_rules(auction)[6] == "slam.rkcb" and "king of spades" in explain(auction)[6].text


def test_gerber_over_notrump_and_quantitative_4nt() -> None:
    assert explain_rules(Auction("N", ["1NT", "P", "4C"]))[2] == "nt.gerber"
    assert explain_rules(Auction("N", ["1NT", "P", "4NT"]))[2] == "nt.quantitative"


def test_every_call_gets_a_meaning_even_off_script() -> None:
    calls = ["1C", "2H", "X", "4H", "4S", "5H", "X", "P", "P", "P"]
    meanings = explain(Auction("N", calls))
    assert len(meanings) == len(calls)
    assert all(m.text for m in meanings)


def test_explain_dealer_changes_who_made_each_call() -> None:
    ranges = inferences(Auction("W", ["1NT"]))
    assert ranges[Seat.WEST].hcp == (15, 17) and ranges[Seat.NORTH].is_unknown


def test_intersect_keeps_the_newer_statement_when_they_contradict() -> None:
    a = HandRange().narrow_hcp(15, 17)
    assert a.intersect(HandRange().narrow_hcp(20, 21)).hcp == (20, 21)


def test_hull_and_contains() -> None:
    from redouble.deal import Hand

    a = HandRange().narrow_hcp(6, 9).narrow_length(Suit.SPADES, 4, 13)
    b = HandRange().narrow_hcp(10, 12).narrow_length(Suit.SPADES, 5, 13)
    h = a.hull(b)
    assert h.hcp == (6, 12) and h.length(Suit.SPADES) == (4, 13)
    assert h.contains(Hand.parse("KJ84.Q73.J85.962")) and not h.contains(Hand.parse("K84.Q73.J852.962"))


@pytest.mark.parametrize("auction", [["1H", "P", "2H", "P", "P", "P"], ["P", "P", "P", "P"]])
def test_complete_auctions_can_be_explained(auction: list[str]) -> None:
    assert len(explain(Auction("N", auction))) == len(auction)


def test_each_side_read_by_its_own_system() -> None:
    # North-South play SAYC (2C is Stayman), East-West basic (their 2C over our 1NT would be natural).
    assert explain_rules(Auction("N", ["1NT", "P", "2C"]), system=("sayc", "basic"))[2] == "nt.stayman"
    assert explain_rules(Auction("N", ["1NT", "P", "2C"]), system=("basic", "sayc"))[2] != "nt.stayman"
    assert explain_rules(Auction("N", ["P", "1NT", "P", "2C"]), system=("basic", "sayc"))[3] == "nt.stayman"


@pytest.mark.parametrize(("auction", "rule", "forcing"), [
    ("1D P 1H P 2C", "rebid.new-suit-2", False),
    ("1H P 1S P 2C", "rebid.new-suit-2", False),
    ("1S P 1NT P 2C", "rebid.new-suit-2", False),
    ("1C P 1H P 2D", "rebid.reverse", True),
    ("1C P 1NT P 2D", "rebid.reverse", True),
])
def test_a_new_lower_suit_is_not_read_as_a_reverse(auction: str, rule: str, forcing: bool) -> None:
    """How the bound suits rank is part of the auction: explanations check it (1D-1H-2C was read as a
    forcing 16+ reverse, and responder bid on with nothing)."""
    calls = auction.split()
    assert explain_rules(Auction("N", calls))[-1] == rule
    assert explain(Auction("N", calls))[-1].forcing.forces is forcing
