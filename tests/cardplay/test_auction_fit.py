"""Weighing sampled layouts by how well they explain the auction."""

from redouble import Auction, Board, Deal, Hand, Play, Seat
from redouble.cardplay import choose_card
from redouble.cardplay.auction_fit import (
    MAX_MISMATCHES,
    MISMATCH_WEIGHT,
    LayoutSearch,
    SeatCheck,
    draw_layouts,
    fit_to_auction,
    mismatches,
)
from redouble.cardplay.sampling import View, sample_deals
from redouble.cards import Suit, Vulnerability

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
    assert "the 6 of 64 drawn that best fit the auction" in choice.reason
    # Deterministic: an explicit sample count is checked and solved in full.
    assert choose_card(board.play, auction=board.auction, samples=6, seed=3) == choice


def test_without_an_auction_nothing_is_filtered():
    choice = choose_card(Play(FITS, "3NT-N"), samples=6, seed=3)
    assert "fit the auction" not in choice.reason


def test_a_seat_check_asks_only_that_seats_calls():
    opener = SeatCheck(AUCTION, Seat.NORTH, "None")
    responder = SeatCheck(AUCTION, Seat.SOUTH, "None")
    assert [str(call) for _, call in opener.questions] == ["1NT", "Pass"]
    assert opener(FITS[Seat.NORTH]) and responder(FITS[Seat.SOUTH])
    assert not responder(SWAPPED[Seat.SOUTH])  # nine points and four spades: Stayman, not 3NT
    assert not opener(WRONG[Seat.NORTH])  # five points do not open 1NT


def _east_view():
    board = Board.from_number(1, deal=FITS)
    for call in AUCTION.calls:
        board.push(call)
    return board, View.of(board.play, Seat.EAST)


def test_opening_leader_layouts_fit_every_call_and_keep_what_is_seen():
    board, view = _east_view()
    layouts = draw_layouts(view, 12, auction=board.auction, vulnerability="None", candidates=300, seed=5)
    assert layouts.fitting == 12 and all(0 < w <= 1 for w in layouts.weights)
    for deal in layouts.deals:
        assert deal[Seat.EAST] == FITS[Seat.EAST]
        assert mismatches(deal, board.auction, hidden=view.hidden, vulnerability="None", limit=9) == 0
    again = draw_layouts(view, 12, auction=board.auction, vulnerability="None", candidates=300, seed=5)
    assert again.deals == layouts.deals  # no clock: the seed alone decides


def test_layouts_that_do_not_fit_fill_up_the_count():
    board, view = _east_view()
    layouts = draw_layouts(view, 12, auction=board.auction, vulnerability="None", candidates=12, seed=5)
    assert len(layouts.deals) == 12
    assert layouts.weights[layouts.fitting:] == [MISMATCH_WEIGHT] * (12 - layouts.fitting)
    assert layouts.fitting < 12  # twelve hands drawn without the ranges rarely fit 1NT-3NT


def test_without_an_auction_the_layouts_are_the_sampler_s():
    _, view = _east_view()
    layouts = draw_layouts(view, 5, seed=2)
    assert layouts.deals == sample_deals(view, 5, seed=2).deals and layouts.fitting == 0


def test_a_layout_search_hands_over_each_layout_as_it_is_found():
    board, view = _east_view()
    search = LayoutSearch(view, 8, auction=board.auction, vulnerability="None", candidates=300, seed=5)
    items = list(search)
    found = [item for item in items if item is not None]
    # None while it looks at hands that do not fit; the layouts themselves are draw_layouts's.
    assert None in items and len(found) == 8 and search.fitting == 8
    layouts = draw_layouts(view, 8, auction=board.auction, vulnerability="None", candidates=300, seed=5)
    assert [d for d, _ in found] == layouts.deals and [w for _, w in found] == layouts.weights
    assert search.drawn == layouts.drawn >= 64


# What notrump auctions tell the opening leader, as the robot bids them, holds in every fitting layout.

def _leader_layouts(deal: Deal, calls: str, count: int = 40) -> tuple[Board, list[Deal]]:
    board = Board.from_number(1, deal=deal)  # North deals, nobody vulnerable
    for call in calls.split():
        board.push(call)
    layouts = draw_layouts(View.of(board.play, board.play.turn), count, auction=board.auction,
                           vulnerability="None", candidates=600, seed=11)
    assert layouts.fitting >= 20  # the rest fill up the count and fit less: not asked here
    return board, layouts.deals[:layouts.fitting]


def _majors(hand: Hand) -> tuple[int, int]:
    return hand.length(Suit.SPADES), hand.length(Suit.HEARTS)


def _shape(hand: Hand) -> tuple[int, ...]:
    return tuple(sorted((hand.length(s) for s in Suit), reverse=True))


def test_after_1nt_3nt_dummy_has_no_five_card_major_and_a_four_card_one_only_when_flat():
    _, layouts = _leader_layouts(FITS, "1NT P 3NT P P P")
    with_major = [d[Seat.SOUTH] for d in layouts if max(_majors(d[Seat.SOUTH])) >= 4]
    assert all(max(_majors(d[Seat.SOUTH])) <= 4 for d in layouts)
    assert all(_shape(hand) == (4, 3, 3, 3) for hand in with_major)  # 4-3-3-3 skips Stayman
    # The robot itself raised 1NT to 3NT holding a four-card major with 69 of 400 hands (17%), all 4-3-3-3.
    assert 2 <= len(with_major) <= 14
    assert all(15 <= d[Seat.NORTH].hcp <= 17 and min(_shape(d[Seat.NORTH])) >= 2 for d in layouts)


def test_after_stayman_and_2d_dummy_holds_a_four_card_major_and_declarer_none():
    deal = Deal.parse("N:Q87.AQ5.K93.A742 JT.J876.72.KJT65 K952.94.AQJT6.83 A643.KT32.854.Q9")
    _, layouts = _leader_layouts(deal, "1NT P 2C P 2D P 3NT P P P")
    assert all(max(_majors(d[Seat.SOUTH])) >= 4 for d in layouts)
    assert all(max(_majors(d[Seat.NORTH])) <= 3 for d in layouts)


def test_after_stayman_and_2h_3nt_dummy_holds_four_spades_and_no_heart_fit():
    deal = Deal.parse("N:Q8.AQ53.K93.A742 JT.J876.72.KJT65 K952.94.AQJT6.83 A7643.KT2.854.Q9")
    _, layouts = _leader_layouts(deal, "1NT P 2C P 2H P 3NT P P P")
    assert all(d[Seat.NORTH].length(Suit.HEARTS) >= 4 for d in layouts)
    assert all(_majors(d[Seat.SOUTH])[0] == 4 and _majors(d[Seat.SOUTH])[1] <= 3 for d in layouts)


def test_partner_who_passed_over_the_opening_holds_a_hand_the_robot_passes_with():
    from redouble.bidding.engine import choose

    deal = Deal.parse("N:AQ8.83.KJ4.A9752 JT63.J76.973.KJ4 K952.AKQ4.T62.Q3 74.T952.AQ85.T86")
    board, layouts = _leader_layouts(deal, "1C P 1H P 1NT P 3NT P P P")
    assert board.play.turn == Seat.EAST  # West, the leader's partner, passed over 1H
    over_1h = Auction("N", "1C P 1H".split())
    passes = [str(choose(d[Seat.WEST], over_1h, Vulnerability.NONE, "sayc").call) == "Pass" for d in layouts]
    assert all(passes)
    # The ranges alone do not know it: some of the hands they deal West would have overcalled.
    ranged = sample_deals(View.of(board.play, Seat.EAST), 40, seed=11).deals
    assert not all(str(choose(d[Seat.WEST], over_1h, Vulnerability.NONE, "sayc").call) == "Pass" for d in ranged)
