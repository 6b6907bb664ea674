"""Calls and contracts: notation both ways, order, identity, errors."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble import ALL_BIDS, Call, CallKind, Contract, RedoubleError, Seat, Strain

ALL_CALLS = [Call(i) for i in range(38)]

# --- calls -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "printed"),
    [("1C", "1C"), ("3NT", "3NT"), ("3 NT", "3NT"), ("1N", "1NT"), ("7nt", "7NT"), ("4♥", "4H"),
     ("2♠", "2S"), ("5 diamonds", "5D"), ("P", "Pass"), ("Pass", "Pass"), ("pass ", "Pass"),
     ("NB", "Pass"), ("X", "X"), ("Dbl", "X"), ("double", "X"), ("XX", "XX"), ("Rdbl", "XX"),
     ("redouble", "XX")],
)
def test_call_parse_and_print(text: str, printed: str) -> None:
    assert str(Call(text)) == printed


def test_call_kinds_and_attributes() -> None:
    bid = Call("4H")
    assert (bid.kind, bid.level, bid.strain, bid.is_bid) == (CallKind.BID, 4, Strain.HEARTS, True)
    assert Call("P") is Call.PASS and Call.PASS.is_pass and Call.PASS.level == 0 and Call.PASS.strain is None
    assert Call("Dbl") is Call.DOUBLE and Call.DOUBLE.is_double and not Call.DOUBLE.is_bid
    assert Call("Rdbl") is Call.REDOUBLE and Call.REDOUBLE.is_redouble
    assert Call.bid(3, "NT") is Call("3NT") and Call.bid(1, Strain.CLUBS) is Call("1C")
    assert Call("4♥").symbol == "4♥" and Call("3NT").symbol == "3NT" and Call.PASS.symbol == "Pass"


def test_call_index_and_order() -> None:
    assert [c.index for c in ALL_CALLS] == list(range(38))
    assert [str(c) for c in ALL_BIDS[:6]] == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    assert str(ALL_BIDS[-1]) == "7NT" and len(ALL_BIDS) == 35
    assert (Call.PASS.index, Call.DOUBLE.index, Call.REDOUBLE.index) == (35, 36, 37)
    assert Call("1C") < Call("1D") < Call("1H") < Call("1S") < Call("1NT") < Call("2C") < Call("7NT")
    assert Call("2C") > Call("1NT") >= Call("1NT") and Call("1C") <= Call("1C")


@pytest.mark.parametrize("call", ALL_CALLS, ids=str)
def test_call_text_and_repr_round_trip(call: Call) -> None:
    assert Call(str(call)) is call
    assert Call(call.symbol) is call
    assert eval(repr(call)) is call
    assert pickle.loads(pickle.dumps(call)) is call
    assert Call(call) is call and Call(call.index) is call


def test_call_is_immutable_and_hashable() -> None:
    with pytest.raises(AttributeError):
        Call("1H").level = 2  # type: ignore[misc]
    assert len({Call("1NT"), Call("1N"), Call("1 nt")}) == 1
    assert {Call("X"): "double"}[Call("Dbl")] == "double"


@pytest.mark.parametrize("bad", ["8S", "0C", "1Z", "XXX", "4HX", "", "Dble", "1", "NT"])
def test_call_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a call: {bad!r}"):
        Call(bad)


@pytest.mark.parametrize("level", [0, 8, -1])
def test_call_bid_level_out_of_range(level: int) -> None:
    with pytest.raises(RedoubleError, match=f"bid level must be 1 to 7, not {level}"):
        Call.bid(level, "S")


@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.booleans(), st.booleans(), st.booleans())
def test_bid_parses_every_spelling(level: int, strain: Strain, symbol: bool, space: bool, lower: bool) -> None:
    name = strain.symbol if symbol else strain.letter
    text = f"{level}{' ' if space else ''}{name}"
    assert Call(text.lower() if lower else text) is Call.bid(level, strain)


# --- contracts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubled", "declarer", "printed"),
    [("4HX", 4, Strain.HEARTS, 1, None, "4HX"),
     ("3NT", 3, Strain.NOTRUMP, 0, None, "3NT"),
     ("7NTXX", 7, Strain.NOTRUMP, 2, None, "7NTXX"),
     ("4HX-N", 4, Strain.HEARTS, 1, Seat.NORTH, "4HX-N"),
     ("1c", 1, Strain.CLUBS, 0, None, "1C"),
     ("4♠X by W", 4, Strain.SPADES, 1, Seat.WEST, "4SX-W"),
     ("5D*", 5, Strain.DIAMONDS, 1, None, "5DX"),   # seed 000's scorecard writes doubled as '*'
     ("6S XX S", 6, Strain.SPADES, 2, Seat.SOUTH, "6SXX-S"),
     ("2N/E", 2, Strain.NOTRUMP, 0, Seat.EAST, "2NT-E")],
)
def test_contract_parse_and_print(text: str, level: int, strain: Strain, doubled: int,
                                  declarer: Seat | None, printed: str) -> None:
    c = Contract.parse(text)
    assert (c.level, c.strain, c.doubled, c.declarer) == (level, strain, doubled, declarer)
    assert str(c) == printed
    assert eval(repr(c)) == c
    assert Contract.parse(str(c)) == c


@pytest.mark.parametrize("text", ["Pass", "pass", "P", "Passed out", "AP"])
def test_passed_out_contract(text: str) -> None:
    c = Contract.parse(text)
    assert c is Contract.PASSED_OUT
    assert c.is_passed_out and c.level == 0 and c.strain is None and c.declarer is None
    assert str(c) == "Pass" == c.bid
    assert eval(repr(c)) == c


def test_contract_properties() -> None:
    c = Contract.parse("4HX-N")
    assert c.bid == "4HX" and c.tricks_needed == 10 and not c.is_passed_out
    assert Contract.parse("7NTXX").tricks_needed == 13
    assert c.with_declarer("E") == Contract.parse("4HX-E")
    assert c.with_declarer(None) == Contract.parse("4HX")
    assert Contract.PASSED_OUT.with_declarer("N") is Contract.PASSED_OUT
    assert Contract(4, "H", 1, "N") == c  # type: ignore[arg-type]


def test_contract_is_immutable_and_hashable() -> None:
    c = Contract.parse("3NT-S")
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.level = 4  # type: ignore[misc]
    same = {Contract.parse("3NT-S"), Contract.parse("3N by South"), Contract(3, Strain.NOTRUMP, 0, Seat.SOUTH)}
    assert len(same) == 1
    assert Contract.parse("3NT") != Contract.parse("3NT-S")


@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2), st.sampled_from([None, *Seat]))
def test_contract_text_round_trip(level: int, strain: Strain, doubled: int, declarer: Seat | None) -> None:
    c = Contract(level, strain, doubled, declarer)
    assert Contract.parse(str(c)) == c
    assert eval(repr(c)) == c


@pytest.mark.parametrize("bad", ["8H", "4HXXX", "0S", "4Z", "", "4H-Q", "four hearts"])
def test_contract_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a contract: {bad!r}"):
        Contract.parse(bad)


def test_contract_constructor_errors() -> None:
    with pytest.raises(RedoubleError, match="contract level must be 1 to 7, not 8"):
        Contract(8, Strain.HEARTS)
    with pytest.raises(RedoubleError, match="doubled must be 0, 1 or 2, not 3"):
        Contract(4, Strain.HEARTS, 3)
    with pytest.raises(RedoubleError, match="not a strain: 'Q'"):
        Contract(4, "Q")  # type: ignore[arg-type]
    with pytest.raises(RedoubleError, match="a passed-out contract has no strain"):
        Contract(0, Strain.HEARTS)


@pytest.mark.parametrize("index", [-1, 38])
def test_call_index_out_of_range(index: int) -> None:
    with pytest.raises(RedoubleError, match=f"no call has index {index} "):
        Call(index)


NOTATION = st.lists(st.sampled_from([*"1234567890CDHSNXPRAB*-/ ♠♥♦♣", "NT", "Pass", "Dbl", "by", "Rdbl"]),
                    max_size=20).map("".join)


@given(NOTATION, st.sampled_from([Call, Contract.parse]))
def test_call_and_contract_parsers_never_crash(text: str, parse: object) -> None:
    """Any text either reads as a value that prints back to the same value, or raises RedoubleError."""
    assert callable(parse)
    try:
        value = parse(text)
    except RedoubleError as exc:
        assert repr(text) in str(exc)  # the message quotes the bad input
    else:
        assert parse(str(value)) == value
