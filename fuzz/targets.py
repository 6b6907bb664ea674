"""What the fuzzers check: bad input of any kind gets the library's errors, never a crash; a lenient read
and a strict one agree on whether there was a problem; what was read can be written and read again. With
``ROUND_TRIP`` set (``run.py --round-trip``) they also check that the boards read again are the same and keep
every tag, as they must for every input the reader accepts (CI checks it on its 300 mangled inputs a target).

Each target takes the fuzzer's bytes. It raises AssertionError (or lets any other exception out) only for
a fault in Redouble.
"""

from __future__ import annotations

import numpy

from redouble import Auction, Call, Card, Contract, Deal, Hand, Rank, Seat, Strain, Suit, Vulnerability, lin, pbn
from redouble.errors import ParseError, RedoubleError
from redouble.textfile import Loaded

ROUND_TRIP = False


def _state(board):  # type: ignore[no-untyped-def]
    play = board.play
    return (board.deal, board.number, board.dealer, board.vulnerability, board.auction.dealer,
            list(board.auction.calls), dict(board.auction.annotations), None if play is None else list(play.cards),
            None if play is None else play.claimed_tricks, board.contract, board.tricks, board.recorded_contract,
            board.recorded_tricks, board.comments, board.sections, board.call_marks, board.card_marks,
            board.card_notes, board.lin_extras)


def _file_target(module, data: bytes) -> None:  # type: ignore[no-untyped-def]
    try:
        loaded = module.loads(data)
    except ParseError:
        return  # nothing in it could be read: the one error a lenient read may raise
    assert isinstance(loaded, Loaded)
    try:
        module.loads(data, strict=True)
    except ParseError:
        assert loaded.problems, "strict reading refused a file that had no problem"
    else:
        assert not loaded.problems, "strict reading accepted a file with problems"
    try:
        text = module.dumps(loaded)
    except RedoubleError:
        return  # a value the format cannot hold (a '|' in a LIN value, say), refused by name
    again = module.loads(text)
    if not ROUND_TRIP:
        return
    assert [_state(b) for b in again] == [_state(b) for b in loaded], "dump then load changed a board"
    for before, after in zip(loaded, again, strict=True):
        assert [kv for kv in after.tags.items() if kv[0] in before.tags] == list(before.tags.items()), \
            "dump then load lost or changed a tag"
    assert module.dumps(again) == text, "a second round trip changed the text"


def pbn_target(data: bytes) -> None:
    """PBN: read leniently and strictly, write back, read again."""
    _file_target(pbn, data)


def lin_target(data: bytes) -> None:
    """LIN: read leniently and strictly, write back, read again."""
    _file_target(lin, data)


def _numbers_target(data: bytes) -> None:
    """Every enum, Card and Call read a number (an int or a NumPy integer alike) as its own, or refuse it
    with RedoubleError."""
    number = int.from_bytes(data[:2], "little", signed=True) % 64 - 8  # mostly near the enums' ranges
    for parse, number_of in ((Suit.parse, int), (Rank.parse, int), (Seat.parse, int), (Strain.parse, int),
                             (Vulnerability.parse, int), (Card, _index), (Call, _index)):
        answers = []
        for given in (number, numpy.int64(number), numpy.int16(number)):
            try:
                answers.append(parse(given))  # type: ignore[operator]
            except RedoubleError as exc:
                answers.append(str(exc))  # the same message for each type: it quotes the number
        assert answers[1:] == answers[:1] * 2, f"{parse} read {number} as an int and a NumPy integer differently"
        assert isinstance(answers[0], str) or number_of(answers[0]) == number, f"{parse} read {number} as another"


def _index(value: Card | Call) -> int:
    return value.index


def values_target(data: bytes) -> None:
    """The value parsers: each refuses bad text with RedoubleError and reads its own writing back; numbers
    are read alike whatever their integer type."""
    _numbers_target(data)
    text = data.decode("utf-8", errors="replace")
    for parse in (Card, Call, Contract.parse, Deal.parse, Hand.parse, Hand, Seat.parse, Vulnerability.parse):
        try:
            value = parse(text)  # type: ignore[operator]
        except RedoubleError:
            continue
        assert parse(str(value)) == value, f"{parse} read {text!r} as {value!r} but not {str(value)!r}"
    try:
        auction = Auction(Seat.NORTH, text)
    except RedoubleError:
        return
    assert Auction(Seat.NORTH, str(auction)) == auction


TARGETS = {"pbn": pbn_target, "lin": lin_target, "values": values_target}
