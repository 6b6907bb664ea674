"""The Table Manager protocol's messages: canonical text, lenient reading, round trips."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble import Call, Card, Hand, Seat, Vulnerability
from redouble.errors import ParseError
from redouble.tm.protocol import (
    CANONICAL,
    WBRIDGE5,
    BoardInfo,
    CallMade,
    CardPlayed,
    Cards,
    Connect,
    EndOfSession,
    ErrorMessage,
    Ready,
    ReadyForCall,
    ReadyForCard,
    Seated,
    StartOfBoard,
    Teams,
    Timing,
    ToLead,
    dialect_of,
    parse,
    parse_hand,
)

HAND = Hand.parse("AK73..QJ984.T63")

# The canonical text of every message, as the protocol (version 18) spells it.
CANONICAL_TEXTS = [
    (Connect("team", Seat.NORTH), 'Connecting "team" as North using protocol version 18'),
    (Connect("WBridge5", None), 'Connecting "WBridge5" as ANYPL using protocol version 18'),
    (Seated(Seat.NORTH, "team"), 'North ("team") seated'),
    (Ready(Seat.NORTH, "teams"), "North ready for teams"),
    (Teams("a", "b"), 'Teams : N/S : "a" E/W : "b"'),
    (Ready(Seat.EAST, "start"), "East ready to start"),
    (StartOfBoard(), "Start of board"),
    (Ready(Seat.SOUTH, "deal"), "South ready for deal"),
    (BoardInfo(1, Seat.NORTH, Vulnerability.NONE), "Board number 1. Dealer North. Neither vulnerable."),
    (BoardInfo(14, Seat.EAST, Vulnerability.NS), "Board number 14. Dealer East. N/S vulnerable."),
    (BoardInfo(3, Seat.SOUTH, Vulnerability.EW), "Board number 3. Dealer South. E/W vulnerable."),
    (BoardInfo(4, Seat.WEST, Vulnerability.ALL), "Board number 4. Dealer West. Both vulnerable."),
    (Ready(Seat.WEST, "cards"), "West ready for cards"),
    (Cards(Seat.NORTH, HAND), "North's cards : S A K 7 3. H -. D Q J 9 8 4. C T 6 3."),
    (CallMade(Seat.NORTH, Call("1NT")), "North bids 1NT"),
    (CallMade(Seat.EAST, Call("7C")), "East bids 7C"),
    (CallMade(Seat.SOUTH, Call("P")), "South passes"),
    (CallMade(Seat.WEST, Call("X")), "West doubles"),
    (CallMade(Seat.NORTH, Call("XX")), "North redoubles"),
    (CallMade(Seat.NORTH, Call("2C"), True, "strong, artificial"), "North bids 2C Alert. strong, artificial"),
    (CallMade(Seat.NORTH, Call("2D"), True), "North bids 2D Alert."),
    (ReadyForCall(Seat.EAST, Seat.NORTH), "East ready for North's bid"),
    (ToLead(Seat.WEST), "West to lead"),
    (ToLead(None), "Dummy to lead"),
    (CardPlayed(Seat.NORTH, Card("C5")), "North plays 5C"),
    (CardPlayed(Seat.WEST, Card("DT")), "West plays TD"),
    (ReadyForCard(Seat.EAST, Seat.WEST, 1), "East ready for West's card to trick 1"),
    (ReadyForCard(Seat.EAST, None, 12), "East ready for dummy's card to trick 12"),
    (Ready(Seat.NORTH, "dummy"), "North ready for dummy"),
    (Cards(None, HAND), "Dummy's cards : S A K 7 3. H -. D Q J 9 8 4. C T 6 3."),
    (Timing(75, 683, 78, 3723),
     "Timing - N/S : this board  01:15,  total  0:11:23.  E/W : this board  01:18,  total  1:02:03."),
    (EndOfSession(), "End of session"),
    (ErrorMessage("illegal call"), "Error : illegal call"),
]


@pytest.mark.parametrize(("message", "text"), CANONICAL_TEXTS, ids=[t for _, t in CANONICAL_TEXTS])
def test_canonical_text_and_back(message, text):
    assert str(message) == text
    assert parse(text) == message
    assert parse(text + "\r\n") == message


# What real programs send: other spellings, cases, spaces and dots.
VARIANTS = [
    ("WEST PASSES", CallMade(Seat.WEST, Call("P"))),
    ("west passes.", CallMade(Seat.WEST, Call("P"))),
    ("NORTH DOUBLES", CallMade(Seat.NORTH, Call("X"))),
    ("south  bids  1nt", CallMade(Seat.SOUTH, Call("1NT"))),
    ("South bids 3N", CallMade(Seat.SOUTH, Call("3NT"))),
    ("East bids 1NT Infos. 15-17 balanced", CallMade(Seat.EAST, Call("1NT"), False, "15-17 balanced")),
    ("East bids 2C Alert. Strong. Rescue.", CallMade(Seat.EAST, Call("2C"), True, "Strong. Rescue.")),
    ("NORTH plays kc", CardPlayed(Seat.NORTH, Card("CK"))),
    ("north plays ck", CardPlayed(Seat.NORTH, Card("CK"))),
    ("North plays 10H", CardPlayed(Seat.NORTH, Card("HT"))),
    ("Dummy plays 8C", CardPlayed(None, Card("C8"))),
    ("North plays 5C. Forced", CardPlayed(Seat.NORTH, Card("C5"))),
    ('Connecting "WBridge5" as ANYPL using protocol version 18', Connect("WBridge5", None)),
    ('connecting "my great team" as south using protocol version 18', Connect("my great team", Seat.SOUTH)),
    ('Connecting "BEN" as North using protocol version 18 GIB-BBO 0.8 conf', Connect("BEN", Seat.NORTH)),
    ('WEST ("WBridge5") seated', Seated(Seat.WEST, "WBridge5")),
    ("south emanon seated", Seated(Seat.SOUTH, "emanon")),
    ('Teams: N/S "north-south" E/W "east-west"', Teams("north-south", "east-west")),
    ('Teams : N/S : "Ben" E/W : "WBridge5". Playing IMP', Teams("Ben", "WBridge5")),
    ("start of board", StartOfBoard()),
    ("Board number 8. Dealer WEST. Neither vulnerable.", BoardInfo(8, Seat.WEST, Vulnerability.NONE)),
    ("board number 801 . dealer north . Neither vulnerable", BoardInfo(801, Seat.NORTH, Vulnerability.NONE)),
    ("WEST's cards: S A T 9 5. H K 6 5. D Q J 8 7 6. C 7.",
     Cards(Seat.WEST, Hand.parse("AT95.K65.QJ876.7"))),
    ("North's cards : S J 8 5.H A K T 8.D.C A K T 3 2 9.", Cards(Seat.NORTH, Hand.parse("J85.AKT8..AKT932"))),
    ("WEST ready for  NORTH's bid", ReadyForCall(Seat.WEST, Seat.NORTH)),
    ("WEST ready for Dummy's card to trick 2", ReadyForCard(Seat.WEST, None, 2)),
    ("Timing - N/S : this board  01:36,  total  0:01:36.  E/W : this board  01:34,  total  0:01:34",
     Timing(96, 96, 94, 94)),
    ("Timing - N/S : this board  [1:15],  total  [0:11:23].  E/W : this board  [1:18],  total  [0:10:23]",
     Timing(75, 683, 78, 623)),
    ("END OF SESSION", EndOfSession()),
]


@pytest.mark.parametrize(("text", "message"), VARIANTS, ids=[t for t, _ in VARIANTS])
def test_variants_real_programs_send(text, message):
    assert parse(text) == message


def test_the_wbridge5_dialect_is_what_the_open_spiel_adapter_reads():
    assert CallMade(Seat.WEST, Call("P")).text(WBRIDGE5) == "WEST PASSES"
    assert CallMade(Seat.WEST, Call("1H")).text(WBRIDGE5) == "WEST bids 1H"
    assert CardPlayed(Seat.NORTH, Card("CK")).text(WBRIDGE5) == "NORTH plays kc"
    assert ReadyForCall(Seat.WEST, Seat.NORTH).text(WBRIDGE5) == "WEST ready for NORTH's bid"
    assert Ready(Seat.WEST, "teams").text(WBRIDGE5) == "WEST ready for teams"
    assert dialect_of('WEST ("x") seated') is WBRIDGE5 and dialect_of('West ("x") seated') is CANONICAL


@pytest.mark.parametrize("line", ["", "hello", "North bids 8NT", "North bids 1NX", "North plays 1C",
                                  "North's cards : S A K. H Q.", "Board number x. Dealer North.",
                                  "Middle ready for teams", "North plays ZZ"])
def test_lines_that_are_not_messages_are_refused_with_the_line_quoted(line):
    with pytest.raises(ParseError) as info:
        parse(line)
    assert repr(line.strip()) in str(info.value)


def test_a_hand_with_a_card_twice_is_refused():
    with pytest.raises(ParseError, match="appears twice"):
        parse("North's cards : S A A. H K Q J T 9 8 7. D 2. C 3 4 5.")
    assert parse_hand("C 2. D 3. H 4. S 5.") == Hand.parse("5.4.3.2")


seats = st.sampled_from(list(Seat))
cards = st.sampled_from([Card(i) for i in range(52)])
calls = st.sampled_from([Call(i) for i in range(38)])
# Runs of spaces are read as one (programs pad their lines), but not inside quotes: a name keeps its spelling.
names = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABC0123456789 -_."), min_size=1, max_size=20).map(
    lambda s: s.strip() or "x")
hands = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True).map(lambda cs: Hand([Card(c) for c in cs]))
messages = st.one_of(
    st.builds(Connect, names, st.one_of(st.none(), seats)),
    st.builds(Seated, seats, names),
    st.builds(Teams, names, names),
    st.builds(Ready, seats, st.sampled_from(["teams", "start", "deal", "cards", "dummy"])),
    st.builds(BoardInfo, st.integers(1, 9999), seats, st.sampled_from(list(Vulnerability))),
    st.builds(Cards, st.one_of(st.none(), seats), hands),
    st.builds(CallMade, seats, calls),
    # An explanation is read with its spaces collapsed, as all free text but quoted names.
    st.builds(CallMade, seats, calls, st.just(True),
              st.text(st.sampled_from("abc -+=15"), max_size=12).map(lambda t: " ".join(t.split()))),
    st.builds(ReadyForCall, seats, seats),
    st.builds(ToLead, st.one_of(st.none(), seats)),
    st.builds(CardPlayed, st.one_of(st.none(), seats), cards),
    st.builds(ReadyForCard, seats, st.one_of(st.none(), seats), st.integers(1, 13)),
    st.builds(Timing, st.integers(0, 3599), st.integers(0, 99999), st.integers(0, 3599), st.integers(0, 99999)),
)


@given(messages, st.sampled_from([CANONICAL, WBRIDGE5]))
def test_every_message_reads_back_as_written(message, dialect):
    assert parse(message.text(dialect)) == message


@given(messages, st.randoms())
def test_case_and_extra_spaces_do_not_matter(message, rnd):
    text = str(message)
    if isinstance(message, (Connect, Seated, Teams)) or (isinstance(message, CallMade) and message.explanation):
        return  # names and explanations keep their spelling
    mangled = "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in text).replace(" ", "  ")
    assert parse("  " + mangled + " ") == message
