"""The auction: legality of every kind of call, the end of the auction, the declarer, push/pop."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redouble import Annotation, Auction, Call, Contract, IllegalCallError, RedoubleError, Seat, Strain

ALL_CALLS = [Call(i) for i in range(38)]


def auction(dealer: str, calls: str) -> Auction:
    return Auction(dealer, calls.split())


def refused(dealer: str, calls: str, call: str) -> str:
    """The message of the IllegalCallError that ``call`` raises after ``calls``."""
    a = auction(dealer, calls)
    before = list(a.calls)
    with pytest.raises(IllegalCallError) as info:
        a.push(call)
    assert a.calls == before  # a refused call changes nothing
    return str(info.value)


# --- the worked examples of the seed texts -----------------------------------------------------------


def test_seed_000_north_declares_four_spades_and_the_double_is_cancelled() -> None:
    # Seed 000, "Example of an auction (North dealt)": N pass, E 1H, S double, W 3H, N 3S, E pass,
    # S 4S, then three passes. North named spades first; West's 3H cancelled South's double.
    a = auction("N", "P 1H X 3H 3S P 4S P P P")
    assert a.is_complete and not a.is_passed_out
    assert a.contract == Contract.parse("4S-N")
    assert a.declarer is Seat.NORTH
    assert a.contract.doubled == 0


def test_seed_001_auction_as_printed_has_an_insufficient_bid() -> None:
    # Seed 001's bidding example (South deals): P 1C P 1D / P 2NT X P / 2S ... South's 2S does not
    # outrank West's 2NT, so the printed auction is illegal at that point, and is refused.
    message = refused("S", "P 1C P 1D P 2NT X P", "2S")
    assert message == "S may not call 2S after Pass 1C Pass 1D Pass 2NT X Pass: a bid must outrank the last bid, 2NT"


def test_seed_001_auction_declarer_with_west_bidding_1nt() -> None:
    # The same auction with West's rebid at 1NT, so that every call is legal. The text gives North
    # as declarer "as the first of his partnership to declare spades", but South bid 2S before
    # North's 3S: by its own rule (and Law 53's definition) South is the declarer.
    a = auction("S", "P 1C P 1D P 1NT X P 2S 3D 3S P P P")
    assert a.contract == Contract.parse("3S-S")
    assert a.doubled == 0  # South's 2S cancelled North's double of 1NT


def test_seed_001_north_declares_when_he_names_spades_first() -> None:
    # North is the declarer of 3S when South's rebid is in another suit (2H instead of 2S).
    a = auction("S", "P 1C P 1D P 1NT X P 2H 3D 3S P P P")
    assert a.contract == Contract.parse("3S-N")


# Seed 003: Mike deals; Bill is on his left, then Lisa, then You. Mike and Lisa are partners against
# Bill and You. Seated as North (Mike), East (Bill), South (Lisa), West (You).
MIKE, BILL, LISA, YOU = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_seed_003_bill_declares_three_hearts() -> None:
    a = auction("N", "1C 1H 1S 2D P 3H P P P")
    assert a.contract == Contract.parse("3H-E")
    assert a.declarer is BILL


def test_seed_003_you_cannot_go_back_to_one_diamond() -> None:
    message = refused("N", "1C 1H 1S", "1D")
    assert message == "W may not call 1D after 1C 1H 1S: a bid must outrank the last bid, 1S"
    assert auction("N", "1C 1H 1S").is_legal("2D")


def test_seed_003_you_raise_to_four_hearts_and_bill_still_declares() -> None:
    a = auction("N", "1C 1H 1S 2D P 3H P 4H P P P")
    assert a.contract == Contract.parse("4H-E")
    assert a.declarer is BILL


def test_seed_003_bill_bids_four_diamonds_and_you_declare() -> None:
    a = auction("N", "1C 1H 1S 2D P 4D P P P")
    assert a.contract == Contract.parse("4D-W")
    assert a.declarer is YOU


def test_seed_003_bill_bids_spades_first_and_declares_your_raise() -> None:
    # "If Bill calls 1S and you later win the auction with a bid of 2S, Bill becomes the declarer."
    a = auction("E", "1S P 2S P P P")
    assert a.contract == Contract.parse("2S-E")


# --- declarer ----------------------------------------------------------------------------------------


def test_declarer_ignores_the_opponents_bids_of_the_strain() -> None:
    # East names hearts first, but the final 4H is North-South's: North named hearts first for them.
    a = auction("N", "1C 1H P P 2H P 4H P P P")
    assert a.contract == Contract.parse("4H-N")


def test_declarer_is_by_strain_not_by_level() -> None:
    a = auction("W", "1NT P 2C P 2D P 3NT P P P")
    assert a.declarer is Seat.WEST
    a = auction("W", "P P 1C 1NT P 3NT P P P")  # South's 1NT overcall, raised by North
    assert a.declarer is Seat.SOUTH


def test_declarer_before_the_auction_ends() -> None:
    a = auction("N", "P")
    assert a.declarer is None and a.contract is None and a.last_bid is None
    assert a.current_contract is Contract.PASSED_OUT
    a.push("1S")
    assert a.declarer is Seat.EAST and a.contract is None
    assert a.current_contract == Contract.parse("1S-E")


# --- the end of the auction --------------------------------------------------------------------------


def test_four_passes_pass_the_board_out() -> None:
    a = auction("E", "P P P")
    assert not a.is_complete
    a.push("P")
    assert a.is_complete and a.is_passed_out
    assert a.contract is Contract.PASSED_OUT
    assert a.declarer is None


def test_a_bid_in_fourth_seat_keeps_the_auction_open() -> None:
    a = auction("N", "P P P 1C")
    assert not a.is_complete and a.turn is Seat.NORTH
    for _ in range(3):
        a.push("P")
    assert a.contract == Contract.parse("1C-W")


def test_three_passes_after_a_bid_end_the_auction() -> None:
    a = auction("N", "1H P P")
    assert not a.is_complete
    a.push("P")
    assert a.is_complete and not a.is_passed_out
    assert a.contract == Contract.parse("1H-N")


def test_three_passes_after_a_double_or_redouble_end_it() -> None:
    assert auction("N", "1H X P P P").contract == Contract.parse("1HX-N")
    assert auction("N", "1H X XX P P P").contract == Contract.parse("1HXX-N")
    assert auction("N", "1NT P P X P P XX P P P").contract == Contract.parse("1NTXX-N")


@pytest.mark.parametrize("call", ["P", "1C", "7NT", "X", "XX"])
def test_nothing_after_the_end(call: str) -> None:
    assert refused("N", "1H P P P", call).endswith(": the auction is over")
    assert refused("N", "P P P P", call).endswith(": the auction is over")
    assert auction("N", "1H P P P").legal_calls() == []


# --- legality of each kind of call -------------------------------------------------------------------


def test_bids_must_outrank_the_last_bid() -> None:
    a = auction("N", "1H")
    assert a.is_legal("1S") and a.is_legal("1NT") and a.is_legal("2C")
    assert not a.is_legal("1H") and not a.is_legal("1D")
    assert refused("N", "1H", "1H") == "E may not call 1H after 1H: a bid must outrank the last bid, 1H"
    assert refused("N", "1H X", "1C") == "S may not call 1C after 1H X: a bid must outrank the last bid, 1H"
    # doubling does not change the rank of a bid
    assert refused("N", "2H X XX", "2H").endswith("a bid must outrank the last bid, 2H")
    assert refused("N", "7NT", "7NT").endswith("a bid must outrank the last bid, 7NT")


def test_double_only_the_opponents_undoubled_last_bid() -> None:
    assert auction("N", "1H").is_legal("X")          # East doubles North
    assert auction("N", "1H P P").is_legal("X")      # West doubles North in the pass-out seat
    assert refused("N", "", "X") == "N may not call X to open the auction: there is no bid to double"
    assert refused("N", "P P", "X") == "S may not call X after Pass Pass: there is no bid to double"
    assert refused("N", "1H P", "X") == "S may not call X after 1H Pass: you may double only the opponents' bid"
    assert refused("N", "1H X", "X") == "S may not call X after 1H X: you may double only the opponents' bid"
    assert refused("N", "1H X P", "X") == "W may not call X after 1H X Pass: the last bid is already doubled"
    assert refused("N", "1H X XX", "X") == "W may not call X after 1H X XX: the last bid is already doubled"


def test_redouble_only_your_sides_doubled_bid() -> None:
    assert auction("N", "1H X").is_legal("XX")       # South redoubles partner's bid
    assert auction("N", "1H X P P").is_legal("XX")   # North redoubles own bid
    assert refused("N", "", "XX") == "N may not call XX to open the auction: there is no bid to redouble"
    assert refused("N", "1H", "XX") == "E may not call XX after 1H: you may redouble only your own side's bid"
    assert refused("N", "1H P", "XX") == "S may not call XX after 1H Pass: the last bid is not doubled"
    assert refused("N", "1H X P", "XX") == (
        "W may not call XX after 1H X Pass: you may redouble only your own side's bid")
    assert refused("N", "1H X XX P", "XX") == (
        "N may not call XX after 1H X XX Pass: the last bid is already redoubled")


def test_a_new_bid_cancels_double_and_redouble() -> None:
    a = auction("N", "1H X XX")
    assert a.doubled == 2
    a.push("1S")
    assert a.doubled == 0
    assert a.is_legal("X") and not a.is_legal("XX")


def test_bad_call_text_is_an_illegal_call_naming_the_seat() -> None:
    with pytest.raises(IllegalCallError) as info:
        auction("N", "1H").push("8C")
    assert str(info.value) == (
        "E cannot call '8C': not a call: '8C' (expected a bid like '1H' or '3NT', 'Pass', 'X' or 'XX')")
    assert not auction("N", "").is_legal("nonsense")


def test_illegal_call_error_is_a_redouble_error() -> None:
    with pytest.raises(RedoubleError):
        Auction("N", ["X"])


# --- turn, legal calls, push and pop -----------------------------------------------------------------


def test_turn_goes_clockwise_from_the_dealer() -> None:
    a = Auction("W")
    assert [a.turn for _ in range(1)] == [Seat.WEST]
    turns = []
    for c in "1C P 1H P 1S".split():
        turns.append(a.turn)
        a.push(c)
    assert turns == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert [a.seat_of(i) for i in range(5)] == turns
    assert a.turn is Seat.NORTH


def test_legal_calls_order_and_content() -> None:
    assert Auction("N").legal_calls() == [Call.PASS, *ALL_CALLS[:35]]
    assert [str(c) for c in auction("E", "1D X").legal_calls()[:4]] == ["Pass", "XX", "1H", "1S"]
    assert [str(c) for c in auction("N", "6NT").legal_calls()] == ["Pass", "X", "7C", "7D", "7H", "7S", "7NT"]
    assert [str(c) for c in auction("N", "7NT X").legal_calls()] == ["Pass", "XX"]
    assert [str(c) for c in auction("N", "7NT P").legal_calls()] == ["Pass"]


def test_push_and_pop_round_trip() -> None:
    calls = "1C 1H 1S 2D P 3H P 4H X XX P P P".split()
    a = Auction("N")
    states = []
    for c in calls:
        states.append((list(a.calls), a.turn, a.legal_calls(), a.current_contract))
        a.push(c)
    assert a.contract == Contract.parse("4HXX-E")
    for c in reversed(calls):
        assert a.pop() is Call(c)
        assert (list(a.calls), a.turn, a.legal_calls(), a.current_contract) == states.pop()
    assert a == Auction("N")
    with pytest.raises(IllegalCallError, match="there is no call to take back"):
        a.pop()


def test_annotations_follow_their_calls() -> None:
    a = Auction("N")
    a.push("1NT")
    a.push("2C", alert=True, explanation="majors")
    a.push("P")
    assert a.annotations == {1: Annotation(alert=True, explanation="majors")}
    a.annotate(0, explanation="15-17")
    assert a.annotations[0] == Annotation(alert=False, explanation="15-17")
    a.annotate(1, alert=False)
    assert a.annotations[1] == Annotation(alert=False, explanation="majors")
    a.pop()
    a.pop()
    assert a.annotations == {0: Annotation(alert=False, explanation="15-17")}


def test_copy_equality_text_and_repr() -> None:
    a = auction("S", "1NT P 3NT")
    b = a.copy()
    b.push("P")
    assert len(a) == 3 and len(b) == 4 and a != b
    assert str(a) == "1NT Pass 3NT"
    assert [str(c) for c in a] == ["1NT", "Pass", "3NT"]
    assert eval(repr(a)) == a
    assert a != auction("N", "1NT P 3NT")


def test_rounds_and_first_bid_of() -> None:
    a = auction("S", "P 1C P 1D P")
    assert a.rounds() == [[None, None, Call.PASS, Call("1C")], [Call.PASS, Call("1D"), Call.PASS]]
    assert a.first_bid_of(Strain.CLUBS, "EW") is Seat.WEST
    assert a.first_bid_of(Strain.CLUBS, "NS") is None


# --- properties over random auctions -----------------------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(list(Seat)))
def test_random_legal_auctions_end_and_legal_calls_agree_with_is_legal(data: st.DataObject, dealer: Seat) -> None:
    a = Auction(dealer)
    # Each step may bid: at most 35 bids, each followed by at most X, XX and passes (319 calls).
    for _ in range(320):
        legal = a.legal_calls()
        assert legal == [c for c in (Call.PASS, Call.DOUBLE, Call.REDOUBLE, *ALL_CALLS[:35]) if a.is_legal(c)]
        assert set(legal) == {c for c in ALL_CALLS if a.why_illegal(c) is None}
        if a.is_complete:
            break
        # Pass most of the time, so that auctions of every length come up.
        call = data.draw(st.sampled_from(legal) if data.draw(st.booleans()) else st.just(Call.PASS))
        a.push(call)
    assert a.is_complete
    assert a.legal_calls() == []
    contract = a.contract
    assert contract is not None
    if contract.is_passed_out:
        assert [str(c) for c in a] == ["Pass"] * 4
    else:
        last = a.last_bid
        assert last is not None and (contract.level, contract.strain) == (last.level, last.strain)
        declarer = contract.declarer
        assert declarer is not None and declarer.side == a.seat_of(a.calls.index(last)).side
        first = next(i for i, c in enumerate(a.calls) if c.strain == last.strain and a.seat_of(i).side == declarer.side)
        assert a.seat_of(first) is declarer
    # pop everything: back to the empty auction
    while len(a):
        a.pop()
    assert a == Auction(dealer) and a.legal_calls() == [Call.PASS, *ALL_CALLS[:35]]


def test_an_auction_from_one_text() -> None:
    assert Auction("N", "1NT P 3NT P P P").contract == Contract.parse("3NT-N")
    assert Auction("E", "1D, X").calls == [Call("1D"), Call.DOUBLE]
