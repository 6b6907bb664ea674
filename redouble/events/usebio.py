"""USEBIO 1.2: the results interchange format of the English Bridge Union (and the ABF, ACBL), in XML.

A pairs event is written as clubs' scoring programs write it: the root ``USEBIO Version="1.2"``, an
optional ``CLUB``, then one ``EVENT EVENT_TYPE="PAIRS"`` with its ``EVENT_DESCRIPTION``, ``DATE``
(dd/mm/yyyy), ``BOARD_SCORING_METHOD`` (``MATCH_POINTS`` or ``IMPS``), ``WINNER_TYPE`` (1: one field, 2:
North-South and East-West apart) and ``BOARDS_PLAYED``; ``PARTICIPANTS`` with a ``PAIR`` for each pair
(``PAIR_NUMBER``, ``DIRECTION``, ``PLACE`` such as ``2=``, ``TOTAL_SCORE``, ``PERCENTAGE``, ``BOARDS_PLAYED``,
a ``PLAYER`` with its ``PLAYER_NAME`` for each player); a ``BOARD`` for each board (``BOARD_NUMBER`` and a
``TRAVELLER_LINE`` per table: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``,
``TRICKS``, ``SCORE`` and ``NS_MATCH_POINTS``/``EW_MATCH_POINTS``, or ``NS_CROSS_IMP_POINTS``/
``EW_CROSS_IMP_POINTS`` for IMPs); and a ``HANDSET`` with each board's four ``HAND`` (``DIRECTION``,
``SPADES``, ``HEARTS``, ``DIAMONDS``, ``CLUBS``). An artificial score's ``SCORE`` is ``A`` and North-South's
percentage (``A60``), and East-West's when they do not add up to 100 (``A60/60``): Redouble's notation, as
no published file showed one. The element names are those of the USEBIO 1.2 DTD as the published readers use them
(usebio.org; marcshearer/ImportUsebio's ``Usebio Parser.swift``): see ``docs/events.md``.

>>> from redouble.events.results import Result
>>> from redouble.events.scoring import score_pairs
>>> score = score_pairs([Result.played(1, "1", "3", "4S", "N", 10), Result.played(1, "2", "4", "4S", "N", 9)])
>>> text = write_usebio("Club night", score, names={"1": "Ann Smith - Bo Li"})
>>> found = read_usebio(text)
>>> [(r.ns, r.ew, r.ns_score) for r in found.results], found.names["1"], found.places["1"]
([('1', '3', 420), ('2', '4', -50)], 'Ann Smith - Bo Li', '1=')
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field

from redouble.board import Board
from redouble.cards import Seat, Suit
from redouble.errors import ParseError, RedoubleError
from redouble.events.results import ARTIFICIAL_SCORE, NOT_PLAYED, Result
from redouble.events.scoring import PairsScore

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'
_DIRECTIONS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SUITS = {Suit.SPADES: "SPADES", Suit.HEARTS: "HEARTS", Suit.DIAMONDS: "DIAMONDS", Suit.CLUBS: "CLUBS"}
_NAME_SEPARATOR = " - "


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _sub(parent: ET.Element, tag: str, text: object = None) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if text is not None:
        element.text = str(text)
    return element


def write_usebio(title: str, score: PairsScore, *, names: Mapping[str, str] | None = None,
                 boards: Mapping[int, Board] | None = None, club: str | None = None,
                 date: datetime.date | None = None) -> str:
    """A scored pairs event as a USEBIO 1.2 document (UTF-8 text); ``names`` are the pairs' names
    (``"Ann Smith - Bo Li"``: one ``PLAYER`` each), ``boards`` the deals for the ``HANDSET``."""
    names = names or {}
    mp = score.method == "mp"
    root = ET.Element("USEBIO", Version="1.2")
    if club:
        _sub(_sub(root, "CLUB"), "CLUB_NAME", club)
    event = _sub(root, "EVENT")
    event.set("EVENT_TYPE", "PAIRS")
    _sub(event, "PROGRAM_NAME", "Redouble")
    _sub(event, "EVENT_DESCRIPTION", title)
    _sub(event, "DATE", (date or datetime.date.today()).strftime("%d/%m/%Y"))
    _sub(event, "BOARD_SCORING_METHOD", "MATCH_POINTS" if mp else "IMPS")
    two_fields = any(s.field for s in score.standings)
    _sub(event, "WINNER_TYPE", 2 if two_fields else 1)
    _sub(event, "BOARDS_PLAYED", len(score.travellers))
    participants = _sub(event, "PARTICIPANTS")
    for s in score.standings:
        pair = _sub(participants, "PAIR")
        _sub(pair, "PAIR_NUMBER", s.pair)
        if s.field:
            _sub(pair, "DIRECTION", s.field)
        _sub(pair, "PLACE", s.rank_text)
        _sub(pair, "TOTAL_SCORE", _number(s.total))
        if s.percentage is not None:
            _sub(pair, "PERCENTAGE", f"{s.percentage:.2f}")
        _sub(pair, "BOARDS_PLAYED", s.boards)
        for player in (names.get(s.pair) or "").split(_NAME_SEPARATOR):
            if player.strip():
                _sub(_sub(pair, "PLAYER"), "PLAYER_NAME", player.strip())
    ns_key, ew_key = ("NS_MATCH_POINTS", "EW_MATCH_POINTS") if mp else ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")
    for number, lines in sorted(score.travellers.items()):
        board = _sub(event, "BOARD")
        _sub(board, "BOARD_NUMBER", number)
        for line in lines:
            r = line.result
            if r.kind == NOT_PLAYED:
                continue
            row = _sub(board, "TRAVELLER_LINE")
            _sub(row, "NS_PAIR_NUMBER", r.ns)
            _sub(row, "EW_PAIR_NUMBER", r.ew)
            if r.kind == ARTIFICIAL_SCORE and r.artificial is not None:
                ns_pct, ew_pct = r.artificial
                _sub(row, "SCORE", f"A{_number(ns_pct)}" + ("" if ns_pct + ew_pct == 100 else f"/{_number(ew_pct)}"))
            else:
                if r.contract is not None:
                    _sub(row, "CONTRACT", "PASS" if r.contract.is_passed_out else r.contract.bid)
                    if r.declarer is not None:
                        _sub(row, "PLAYED_BY", r.declarer.letter)
                    if r.lead is not None:
                        _sub(row, "LEAD", str(r.lead))
                    if r.tricks is not None and not r.contract.is_passed_out:
                        _sub(row, "TRICKS", r.tricks)
                _sub(row, "SCORE", r.ns_score)
            if line.ns_points is not None and line.ew_points is not None:
                _sub(row, ns_key, _number(line.ns_points))
                _sub(row, ew_key, _number(line.ew_points))
    dealt = [boards[n] for n in sorted(score.travellers) if boards and n in boards and boards[n].deal.is_complete]
    if dealt:
        handset = _sub(event, "HANDSET")
        for b in dealt:
            entry = _sub(handset, "BOARD")
            _sub(entry, "BOARD_NUMBER", b.number)
            for seat, direction in _DIRECTIONS.items():
                hand = _sub(entry, "HAND")
                _sub(hand, "DIRECTION", direction)
                for suit, tag in _SUITS.items():
                    _sub(hand, tag, "".join(rank.letter for rank in b.deal[seat].suit(suit)))
    ET.indent(root)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{ET.tostring(root, encoding="unicode")}\n'


@dataclass
class UsebioResults:
    """What a USEBIO pairs file holds: its travellers as results, the pairs' names, the places, totals and
    percentages it publishes, and its description and scoring method."""

    title: str = ""
    method: str = "mp"
    results: list[Result] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    places: dict[str, str] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)
    percentages: dict[str, float] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)


def _text(element: ET.Element, tag: str) -> str:
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


def read_usebio(text: str) -> UsebioResults:
    """The pairs results of a USEBIO document (the events of every ``SESSION`` and ``SECTION`` together).
    Raises :class:`~redouble.errors.ParseError`, naming the line, for XML that cannot be read or a traveller
    line that is not a result."""
    try:
        # The DTD is not fetched: the reader never follows an external reference.
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise ParseError(f"not a USEBIO file: {exc}", line=exc.position[0]) from None
    if root.tag != "USEBIO":
        raise ParseError(f"not a USEBIO file: the root element is <{root.tag}>, not <USEBIO>", line=1)
    found = UsebioResults()
    event = root.find("EVENT")
    if event is None:
        raise ParseError("the USEBIO file has no <EVENT>", line=1)
    found.title = _text(event, "EVENT_DESCRIPTION")
    found.method = "mp" if _text(event, "BOARD_SCORING_METHOD").upper() in ("", "MATCH_POINTS") else "cross-imps"
    for pair in event.iter("PAIR"):
        number = _text(pair, "PAIR_NUMBER")
        if not number:
            continue
        players = [_text(p, "PLAYER_NAME") for p in pair.findall("PLAYER")]
        if any(players):
            found.names[number] = _NAME_SEPARATOR.join(p for p in players if p)
        for key, target in (("PLACE", found.places), ("DIRECTION", found.fields)):
            if _text(pair, key):
                target[number] = _text(pair, key)
        for key, values in (("TOTAL_SCORE", found.totals), ("PERCENTAGE", found.percentages)):
            if _text(pair, key):
                values[number] = float(_text(pair, key))
    # ElementTree keeps no positions: the k-th traveller line of the document is on the k-th such tag's line.
    lines: list[int] = []
    line_number, last = 1, 0
    for at in _positions(text, "<TRAVELLER_LINE"):
        line_number += text.count("\n", last, at)
        lines.append(line_number)
        last = at
    k = 0
    for board in event.iter("BOARD"):
        if board.find("TRAVELLER_LINE") is None:
            continue  # a HANDSET board
        number_text = _text(board, "BOARD_NUMBER")
        if not number_text.isdigit():
            raise ParseError(f"a BOARD_NUMBER must be a number, not {number_text!r}",
                             line=lines[k] if k < len(lines) else None)
        for line in board.findall("TRAVELLER_LINE"):
            found.results.append(_line_result(int(number_text), line, lines[k] if k < len(lines) else None))
            k += 1
    return found


def _positions(text: str, tag: str) -> list[int]:
    out, at = [], text.find(tag)
    while at >= 0:
        out.append(at)
        at = text.find(tag, at + 1)
    return out


def _line_result(board: int, line: ET.Element, where: int | None) -> Result:
    ns, ew = _text(line, "NS_PAIR_NUMBER"), _text(line, "EW_PAIR_NUMBER")
    contract, score = _text(line, "CONTRACT"), _text(line, "SCORE")
    try:
        if score.upper().startswith("A") and not contract:
            ns_pct, _, ew_pct = score[1:].partition("/")
            return Result.artificial_score(board, ns, ew, float(ns_pct or 50), float(ew_pct) if ew_pct else None)
        if contract:
            if contract.upper() in ("PASS", "P", "PASSED OUT"):
                return Result.played(board, ns, ew, "Pass", None, None)
            return Result.played(board, ns, ew, contract, _text(line, "PLAYED_BY"), _text(line, "TRICKS"),
                                 lead=_text(line, "LEAD") or None)
        return Result.assigned(board, ns, ew, int(score))
    except (ValueError, RedoubleError) as exc:
        raise ParseError(f"a traveller line of board {board} is not a result: {exc}", line=where) from None
