"""The bidding engine: public API, determinism, bad input, forcing bids never passed, the basic bot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.auction import Auction
from redouble.bidding import BidChoice, bid_deal, choose_call, explain_rules
from redouble.bidding.engine import context_for
from redouble.calls import Call
from redouble.cards import Seat, Suit, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import RedoubleError


def test_choose_call_takes_a_hand_object_and_an_auction_object() -> None:
    a = Auction(Seat.EAST, ["1D", "P"])
    choice = choose_call(Hand.parse("AKQ4.J92.T8.Q765"), a)
    assert isinstance(choice, BidChoice)
    assert choice.call is Call("1S")
    assert choice.meaning.forcing.forces
    assert choice.to_dict()["call"] == "1S"


def bid(hand: str, calls: list[str], dealer: str = "N", system: str = "sayc") -> BidChoice:
    return choose_call(Hand.parse(hand), Auction(dealer, calls), system=system)


def test_dealer_and_vulnerability_arguments() -> None:
    choice = choose_call(Hand.parse("AKQ4.J92.T8.Q765"), Auction("W", ["1D", "P"]), Vulnerability.ALL)
    assert choice.call is Call("1S")


def test_same_question_same_answer() -> None:
    deal = Deal.random(seed=99)
    first = [str(c) for c in bid_deal(deal, Seat.SOUTH, Vulnerability.EW)]
    again = [str(c) for c in bid_deal(deal, Seat.SOUTH, Vulnerability.EW)]
    assert first == again


@pytest.mark.parametrize(("hand", "auction", "message"), [
    ("AKQ4.J92.T8", [], "not a hand"),
    ("AKQ4.J92.T8.Q76", [], "13 cards"),
    ("AKQ4.J92.T8.Q7Z5", [], "bad rank"),
    ("AKQ4.J92.T8.Q765", ["1D", "1C"], "must outrank"),
    ("AKQ4.J92.T8.Q765", ["1Q"], "not a call"),
    ("AKQ4.J92.T8.Q765", ["1D", "P", "P", "P"], "auction is over"),
])
def test_bad_input_is_a_clear_error(hand: str, auction: list[str], message: str) -> None:
    with pytest.raises(RedoubleError, match=message):
        bid(hand, auction)


def test_text_is_parsed_at_the_edges_not_in_the_engine() -> None:
    with pytest.raises(RedoubleError, match=r"expected Hand, not 'AKQ4.J92.T8.Q765' \(parse it first"):
        choose_call("AKQ4.J92.T8.Q765", Auction("N"))  # type: ignore[arg-type]
    with pytest.raises(RedoubleError, match=r"expected Auction, not \['1D'\]"):
        choose_call(Hand.parse("AKQ4.J92.T8.Q765"), ["1D"])  # type: ignore[arg-type]
    with pytest.raises(RedoubleError, match="expected Vulnerability"):
        choose_call(Hand.parse("AKQ4.J92.T8.Q765"), Auction("N"), "NS")  # type: ignore[arg-type]


def test_unknown_system() -> None:
    with pytest.raises(RedoubleError, match="unknown bidding system"):
        bid("AKQ4.J92.T8.Q765", [], system="acol")


def test_basic_system_uses_no_conventions() -> None:
    # Over 1NT, basic has no Stayman or transfers: it bids naturally.
    choice = bid("76.AJ85.QT76.K43", ["1NT", "P"], system="basic")
    assert choice.call is Call("3NT") and not choice.meaning.alert
    assert bid("QJ9765.84.92.Q75", ["1NT", "P"], system="basic").call is Call("2S")
    # No strong 2C, no weak twos.
    assert bid("AKQJ76.A5.AK3.94", [], system="basic").call is Call("1S")
    assert bid("KQJ975.84.K52.63", [], system="basic").call is Call.PASS


def test_bid_deal_reaches_a_contract_with_two_systems() -> None:
    deal = Deal.random(seed=7)
    a = bid_deal(deal, Seat.NORTH, Vulnerability.NONE, ("sayc", "basic"))
    assert a.is_complete and a.contract is not None
    assert all(a.annotations[i].explanation for i in a.annotations)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), dealer=st.sampled_from(list(Seat)),
       vul=st.sampled_from(list(Vulnerability)))
def test_forcing_calls_are_never_passed(seed: int, dealer: Seat, vul: Vulnerability) -> None:
    deal = Deal.random(seed=seed)
    auction = bid_deal(deal, dealer, vul)
    rules = explain_rules(auction, vul)
    partial = Auction(dealer)
    for call, rule in zip(auction.calls, rules, strict=True):
        ctx = context_for(partial, vul, "sayc")
        if ctx.forced:
            assert not call.is_pass or (rule or "").endswith("penalty-pass"), f"{auction}: passed a forcing bid"
        partial.push(call)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_bot_s_own_calls_fit_what_they_are_said_to_show(seed: int) -> None:
    """The ranges a rule claims hold for the hand that made the call (when a rule, not judgment, chose it)."""
    deal = Deal.random(seed=seed)
    a = Auction(Seat.NORTH)
    while not a.is_complete:
        hand = deal[a.turn]
        choice = choose_call(hand, a)
        if not choice.rule.startswith("natural") and not choice.rule.startswith("slam"):
            r = choice.meaning.range
            assert r.hcp_min <= hand.hcp <= r.hcp_max, (str(a), choice.rule, str(r), str(hand))
            for s in Suit:
                assert r.length_min[s] <= hand.length(s) <= r.length_max[s], (str(a), choice.rule, str(r), str(hand))
        a.push(choice.call)


def test_penalty_double_of_a_runaway_contract() -> None:
    # Partner limit-raised; they jump to 4H into our strength and our hearts.
    choice = bid("AQ763.KJ94.A5.K2", ["1S", "P", "3S", "4H"])
    assert choice.call is Call.DOUBLE and choice.rule == "natural.penalty-double"


def test_no_rule_fits_still_bids_over_a_forcing_reverse() -> None:
    # Opener's reverse forces one round; responder's minimum is not a reason to pass.
    choice = bid("KJ84.Q3.J52.T862", ["1D", "P", "1S", "P", "2H", "P"])
    assert not choice.call.is_pass


def test_explanations_of_the_bot_s_calls_agree_with_what_it_said() -> None:
    deal = Deal.random(seed=2024)
    a = Auction(Seat.WEST)
    said = []
    while not a.is_complete:
        choice = choose_call(deal[a.turn], a)
        said.append(choice.rule)
        a.push(choice.call)
    explained = explain_rules(a)
    # A rule-chosen call is read back by a rule giving the same call (the first in the table).
    for mine, read in zip(said, explained, strict=True):
        if not mine.startswith("natural"):
            assert read is not None
