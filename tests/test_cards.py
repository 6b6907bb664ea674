"""Suits, ranks, cards, seats, strains and vulnerability: notation both ways, identity, errors."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble import ALL_CARDS, SEATS, STRAINS, Card, Rank, RedoubleError, Seat, Strain, Suit, Vulnerability

# --- suits and ranks ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [("C", Suit.CLUBS), ("d", Suit.DIAMONDS), ("H", Suit.HEARTS), ("S", Suit.SPADES),
     ("♣", Suit.CLUBS), ("♦", Suit.DIAMONDS), ("♥", Suit.HEARTS), ("♠", Suit.SPADES),
     ("spades", Suit.SPADES), (" Hearts ", Suit.HEARTS)],
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


def test_suit_order_letters_and_symbols() -> None:
    assert list(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert [str(s) for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.is_major for s in Suit] == [False, False, True, True]
    assert [s.strain for s in Suit] == [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES]


@pytest.mark.parametrize(
    ("text", "rank"),
    [("A", Rank.ACE), ("k", Rank.KING), ("Q", Rank.QUEEN), ("J", Rank.JACK), ("T", Rank.TEN),
     ("10", Rank.TEN), ("9", Rank.NINE), ("2", Rank.TWO)],
)
def test_rank_parse(text: str, rank: Rank) -> None:
    assert Rank.parse(text) is rank


def test_rank_values_letters_and_points() -> None:
    assert [int(r) for r in Rank] == list(range(2, 15))
    assert "".join(str(r) for r in Rank) == "23456789TJQKA"
    assert [r.hcp for r in Rank] == [0] * 9 + [1, 2, 3, 4]


@pytest.mark.parametrize("bad", ["1", "11", "X", "", "0"])
def test_rank_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a rank: {bad!r}"):
        Rank.parse(bad)


@pytest.mark.parametrize("bad", ["N", "NT", "Z", ""])
def test_suit_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a suit: {bad!r}"):
        Suit.parse(bad)


# --- cards -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [("SA", Suit.SPADES, Rank.ACE), ("TD", Suit.DIAMONDS, Rank.TEN), ("10D", Suit.DIAMONDS, Rank.TEN),
     ("D10", Suit.DIAMONDS, Rank.TEN), ("AS", Suit.SPADES, Rank.ACE), ("sa", Suit.SPADES, Rank.ACE),
     ("♠A", Suit.SPADES, Rank.ACE), ("A♠", Suit.SPADES, Rank.ACE), ("♥Q", Suit.HEARTS, Rank.QUEEN),
     ("♦10", Suit.DIAMONDS, Rank.TEN), ("♣2", Suit.CLUBS, Rank.TWO), ("HJ", Suit.HEARTS, Rank.JACK)],
)
def test_card_parse(text: str, suit: Suit, rank: Rank) -> None:
    card = Card(text)
    assert (card.suit, card.rank) == (suit, rank)
    assert card is Card(suit, rank)
    assert card.index == suit * 13 + rank - 2


def test_card_prints_suit_then_rank_with_t_for_ten() -> None:
    assert str(Card("10D")) == "DT"
    assert str(Card("♠A")) == "SA"
    assert Card("HT").symbol == "♥10"
    assert Card("SA").symbol == "♠A"
    assert repr(Card("TD")) == "Card('DT')"


def test_card_other_constructors() -> None:
    assert Card("S", "A") is Card("SA")
    assert Card(Suit.HEARTS, 10) is Card("HT")
    assert Card(3, 14) is Card("SA")
    assert Card(0) is Card("C2") and Card(51) is Card("SA")
    assert Card(Card("D7")) is Card("D7")


def test_the_52_cards_are_shared_and_ordered() -> None:
    assert len(ALL_CARDS) == 52 == len(set(ALL_CARDS))
    assert [c.index for c in ALL_CARDS] == list(range(52))
    assert sorted(ALL_CARDS, reverse=True)[0] is Card("SA")
    assert Card("HA") < Card("S2") and Card("C2") <= Card("C2") and Card("DK") > Card("DQ") >= Card("DQ")


@pytest.mark.parametrize("card", ALL_CARDS)
def test_card_text_and_repr_round_trip(card: Card) -> None:
    assert Card(str(card)) is card
    assert Card(card.symbol) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card


def test_card_is_immutable_and_hashable() -> None:
    card = Card("SA")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert {Card("SA"): 1}[Card("AS")] == 1
    assert len({Card("SA"), Card("♠A"), Card("as")}) == 1
    assert Card("QH").hcp == 2 and Card("H9").hcp == 0


@pytest.mark.parametrize("bad", ["XA", "S1", "S", "", "SAK", "10", "1S0", "S11", "ZZ"])
def test_card_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a card: {bad!r}"):
        Card(bad)


@given(st.sampled_from(ALL_CARDS), st.sampled_from(["{s}{r}", "{r}{s}"]), st.booleans(), st.booleans())
def test_card_parses_every_spelling(card: Card, order: str, symbol: bool, lower: bool) -> None:
    suit = card.suit.symbol if symbol else card.suit.letter
    rank = "10" if card.rank == Rank.TEN else card.rank.letter
    text = order.format(s=suit, r=rank)
    assert Card(text.lower() if lower else text) is card


# --- seats -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seat"), [("N", Seat.NORTH), ("e", Seat.EAST), ("South", Seat.SOUTH), (" WEST ", Seat.WEST)],
)
def test_seat_parse(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


def test_seat_relations() -> None:
    n, e, s, w = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
    assert [x.lho for x in SEATS] == [e, s, w, n]
    assert [x.next for x in SEATS] == [e, s, w, n]
    assert [x.rho for x in SEATS] == [w, n, e, s]
    assert [x.partner for x in SEATS] == [s, w, n, e]
    assert [x.is_ns for x in SEATS] == [True, False, True, False]
    assert [x.side for x in SEATS] == ["NS", "EW", "NS", "EW"]
    assert [str(x) for x in SEATS] == ["N", "E", "S", "W"]
    for x in SEATS:
        assert x.lho.rho is x and x.partner.partner is x and x.lho.lho is x.partner
        assert eval(repr(x)) is x


@pytest.mark.parametrize("bad", ["X", "", "NE", "north-east"])
def test_seat_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a seat: {bad!r}"):
        Seat.parse(bad)


# --- strains -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "strain"),
    [("C", Strain.CLUBS), ("♦", Strain.DIAMONDS), ("h", Strain.HEARTS), ("♠", Strain.SPADES),
     ("NT", Strain.NOTRUMP), ("N", Strain.NOTRUMP), ("nt", Strain.NOTRUMP), ("No Trumps", Strain.NOTRUMP)],
)
def test_strain_parse(text: str, strain: Strain) -> None:
    assert Strain.parse(text) is strain


def test_strains_in_bidding_order() -> None:
    assert list(STRAINS) == [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP]
    assert [str(s) for s in STRAINS] == ["C", "D", "H", "S", "NT"]
    assert [s.suit for s in STRAINS] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None]
    assert [s.is_major for s in STRAINS] == [False, False, True, True, False]
    assert [s.is_minor for s in STRAINS] == [True, True, False, False, False]
    for s in STRAINS:
        assert eval(repr(s)) is s and Strain.parse(str(s)) is s


def test_strain_parse_error_quotes_the_input() -> None:
    with pytest.raises(RedoubleError, match="not a strain: 'Z'"):
        Strain.parse("Z")


# --- vulnerability and the 16-board cycle ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "vul"),
    [("None", Vulnerability.NONE), ("NS", Vulnerability.NS), ("EW", Vulnerability.EW),
     ("All", Vulnerability.ALL), ("Both", Vulnerability.ALL), ("love", Vulnerability.NONE),
     ("N-S", Vulnerability.NS), ("e/w", Vulnerability.EW), ("-", Vulnerability.NONE)],
)
def test_vulnerability_parse(text: str, vul: Vulnerability) -> None:
    assert Vulnerability.parse(text) is vul


def test_vulnerability_print_and_repr() -> None:
    assert [str(v) for v in Vulnerability] == ["None", "NS", "EW", "All"]
    for v in Vulnerability:
        assert Vulnerability.parse(str(v)) is v and eval(repr(v)) is v


def test_vulnerability_by_seat() -> None:
    table = {v: [v.is_vulnerable(s) for s in SEATS] for v in Vulnerability}
    assert table == {
        Vulnerability.NONE: [False, False, False, False],
        Vulnerability.NS: [True, False, True, False],
        Vulnerability.EW: [False, True, False, True],
        Vulnerability.ALL: [True, True, True, True],
    }
    assert Vulnerability.EW.is_vulnerable("W")
    assert Vulnerability.from_sides(ns=True, ew=False) is Vulnerability.NS
    assert (Vulnerability.ALL.ns, Vulnerability.ALL.ew, Vulnerability.NS.ew) == (True, True, False)


@pytest.mark.parametrize("bad", ["N", "x", "", "North"])
def test_vulnerability_parse_errors_quote_the_input(bad: str) -> None:
    with pytest.raises(RedoubleError, match=f"not a vulnerability: {bad!r}"):
        Vulnerability.parse(bad)


# Seed 000, "Boards": the marking of the 16 duplicate boards.
BOARDS = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "All"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}


@pytest.mark.parametrize("number", sorted(BOARDS))
def test_board_number_gives_dealer_and_vulnerability(number: int) -> None:
    dealer, vul = BOARDS[number]
    assert Seat.dealer_for_board(number) is Seat.parse(dealer)
    assert Vulnerability.for_board(number) is Vulnerability.parse(vul)


@given(st.integers(min_value=1, max_value=10_000))
def test_the_board_cycle_repeats_every_16(number: int) -> None:
    first = (number - 1) % 16 + 1
    assert Seat.dealer_for_board(number) is Seat.dealer_for_board(first)
    assert Vulnerability.for_board(number) is Vulnerability.for_board(first)


def test_board_17_is_like_board_1() -> None:
    assert (Seat.dealer_for_board(17), Vulnerability.for_board(17)) == (Seat.NORTH, Vulnerability.NONE)
    assert (Seat.dealer_for_board(34), Vulnerability.for_board(34)) == (Seat.EAST, Vulnerability.NS)


@pytest.mark.parametrize("number", [0, -1])
def test_board_numbers_start_at_1(number: int) -> None:
    with pytest.raises(RedoubleError, match=f"board numbers start at 1, not {number}"):
        Seat.dealer_for_board(number)
    with pytest.raises(RedoubleError, match=f"board numbers start at 1, not {number}"):
        Vulnerability.for_board(number)


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_card_index_out_of_range(index: int) -> None:
    with pytest.raises(RedoubleError, match=f"no card has index {index} "):
        Card(index)


# Text made of the characters of card, hand and seat notation, and some that are not.
NOTATION = st.lists(st.sampled_from([*"AKQJT98765432SHDCNEWXPx-.:♠♥♦♣/* \n", "10", "NT", "Pass"]),
                    max_size=40).map("".join)


@given(NOTATION, st.sampled_from([Card, Suit.parse, Rank.parse, Seat.parse, Strain.parse, Vulnerability.parse]))
def test_parsers_never_crash(text: str, parse: object) -> None:
    """Any text either reads as a value that prints back to the same value, or raises RedoubleError."""
    assert callable(parse)
    try:
        value = parse(text)
    except RedoubleError as exc:
        assert repr(text) in str(exc)  # the message quotes the bad input
    else:
        assert parse(str(value)) == value


# --- found by fuzzing: wrong types get the library's errors ---------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: Card(Suit.SPADES, 1), lambda: Card(1.5), lambda: Card(Suit.SPADES, 2.0), lambda: Card(True),
    lambda: Card(None), lambda: Suit.parse(None), lambda: Rank.parse(1), lambda: Strain.parse(5),
    lambda: Seat.parse(4), lambda: Seat.parse(True), lambda: Vulnerability.parse(2.0),
    lambda: Seat.dealer_for_board(2.5), lambda: Vulnerability.for_board(True),
])
def test_values_of_the_wrong_type_raise_the_librarys_error(make) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RedoubleError):
        make()


def test_enums_parse_their_own_numbers() -> None:
    assert [Seat.parse(k) for k in range(4)] == list(SEATS)
    assert Suit.parse(3) is Suit.SPADES and Rank.parse(12) is Rank.QUEEN and Strain.parse(4) is Strain.NOTRUMP
    assert Vulnerability.parse(2) is Vulnerability.EW and Card(Suit.SPADES, 14) is Card("SA")


@pytest.mark.parametrize("enum", [Suit, Rank, Seat, Strain, Vulnerability])
def test_every_enum_parses_each_value_from_its_number_a_numpy_integer_and_its_text(enum) -> None:  # type: ignore[no-untyped-def]
    import numpy

    for member in enum:
        assert enum.parse(int(member)) is member
        assert enum.parse(numpy.int64(member)) is member and enum.parse(numpy.uint8(member)) is member
        assert enum.parse(str(member)) is member and enum.parse(member) is member
    low, high = int(min(enum)), int(max(enum))
    for number in (high + 1, numpy.int64(low - 1)):
        with pytest.raises(RedoubleError, match=rf"\(as a number, expected {low} to {high}\)$"):
            enum.parse(number)
    for not_a_number in (numpy.True_, True, float(low), str(low) + ".0"):
        with pytest.raises(RedoubleError, match=r"^not a .*\(expected [^0-9]"):
            enum.parse(not_a_number)


def test_cards_and_calls_from_their_index_as_an_int_or_a_numpy_integer() -> None:
    import numpy

    from redouble.calls import Call

    assert Card(numpy.int64(51)) is Card(51) is Card("SA") and Card(numpy.uint8(0)) is Card("C2")
    assert Call(numpy.int16(36)) is Call(36) is Call("X") and Call.bid(numpy.int64(3), numpy.int8(4)) is Call("3NT")
    with pytest.raises(RedoubleError, match=r"^no card has index 52 "):
        Card(numpy.int64(52))
    with pytest.raises(RedoubleError, match=r"^no call has index -1"):
        Call(numpy.int32(-1))
    with pytest.raises(RedoubleError, match=r"^not a card: 1.0"):
        Card(1.0)  # type: ignore[arg-type]
    with pytest.raises(RedoubleError, match=r"^bid level must be 1 to 7, not True"):
        Call.bid(True, "S")


def test_board_numbers_from_numpy_integers() -> None:
    import numpy

    from redouble.cards import board_number

    assert board_number(numpy.int32(7)) == 7 and Seat.dealer_for_board(numpy.int64(2)) is Seat.EAST
    with pytest.raises(RedoubleError, match="start at 1"):
        board_number(numpy.int64(0))
