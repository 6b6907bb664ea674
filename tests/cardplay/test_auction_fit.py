"""Weighing sampled layouts by how well they explain the auction."""

from redouble import Auction, Board, Deal, Play, Seat
from redouble.cardplay import choose_card
from redouble.cardplay.auction_fit import MAX_MISMATCHES, fit_to_auction, mismatches

AUCTION = Auction("N", "1NT P 3NT P P P".split())
EAST_LEADS = {"hidden": (Seat.NORTH, Seat.SOUTH, Seat.WEST), "vulnerability": "None"}
# North 15 balanced, South 11 with no four-card major: 1NT-3NT is what the robot bids.
FITS = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 K52.94.AQJT65.83 A964.KT2.842.Q92")
# South and West swapped: South (9 points, four spades) would have used Stayman.
SWAPPED = Deal.parse("N:Q873.AQ53.K9.A74 JT.J876.73.KJT65 A964.KT2.842.Q92 K52.94.AQJT65.83")
# North 5 points would not open 1NT, and South (four spades) would have used Stayman.
WRONG = Deal.parse("N:JT.J876.73.KJT65 Q873.AQ53.K9.A74 A964.KT2.842.Q92 K52.94.AQJT65.83")


def test_counts_the_calls_the_robot_would_not_make():
    assert mismatches(FITS, AUCTION, **EAST_LEADS) == 0
    assert mismatches(SWAPPED, AUCTION, **EAST_LEADS) == 1
    assert mismatches(WRONG, AUCTION, **EAST_LEADS) == MAX_MISMATCHES == 1  # it stops at the first
    assert mismatches(WRONG, AUCTION, **EAST_LEADS, limit=9) == 2


def test_the_known_hands_are_not_asked():
    # Only North's calls are checked: South and West are taken as seen.
    hidden_north = {"hidden": (Seat.NORTH,), "vulnerability": "None"}
    assert mismatches(SWAPPED, AUCTION, **hidden_north) == 0
    assert mismatches(WRONG, AUCTION, **hidden_north) == 1  # the 1NT opening only


def test_keeps_the_best_fitting_layouts_in_drawing_order():
    order, misses = fit_to_auction([WRONG, SWAPPED, FITS, SWAPPED], AUCTION, keep=3, **EAST_LEADS)
    assert order == [2, 0, 1]
    assert misses == [0, 1, 1]


def test_with_no_time_the_first_layouts_are_still_checked():
    order, misses = fit_to_auction([WRONG, FITS, SWAPPED], AUCTION, keep=1, deadline=0.0, **EAST_LEADS)
    # The first (keep=1) layout is always checked; the others count as the worst fit.
    assert order == [0] and misses == [MAX_MISMATCHES]


def test_the_card_player_keeps_the_layouts_that_fit():
    board = Board.from_number(1, deal=FITS)  # North deals
    for call in AUCTION.calls:
        board.push(call)
    choice = choose_card(board.play, auction=board.auction, samples=6, seed=3)
    assert choice.samples == 6
    assert "the 6 of 144 drawn that best fit the auction" in choice.reason
    # Deterministic: an explicit sample count is checked and solved in full.
    assert choose_card(board.play, auction=board.auction, samples=6, seed=3) == choice


def test_without_an_auction_nothing_is_filtered():
    choice = choose_card(Play(FITS, "3NT-N"), samples=6, seed=3)
    assert "fit the auction" not in choice.reason
