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
no published file showed one.

A teams event is an ``EVENT EVENT_TYPE="TEAMS"`` with ``BOARD_SCORING_METHOD`` ``IMPS`` (board-a-match:
``MATCH_POINTS``) and ``MATCH_SCORING_METHOD`` ``VPS`` (board-a-match: ``MATCH_POINTS``); ``PARTICIPANTS``
holds a ``TEAM`` for each team (attributes ``TEAM_ID`` and ``TEAM_NAME``; ``PLACE``, ``TOTAL_SCORE`` in VPs,
and a ``PAIR`` with its ``PAIR_NUMBER`` for each pair that played for it); then a ``MATCH`` for each match
(``ROUND_NUMBER``, ``TEAM`` the home team, ``OPPOSING_TEAM``, ``START_BOARD_NUMBER``, ``END_BOARD_NUMBER``,
``TEAM_SCORE`` and ``OPPOSING_TEAM_SCORE`` in VPs or board-a-match points) with a ``BOARD`` for each board
(``BOARD_NUMBER``, ``IMPS``: the home team's net IMPs) holding both tables' ``TRAVELLER_LINE``: its
``DIRECTION`` is where the home team sat (``NS`` or ``EW``), then the pair numbers and the result as in a
pairs file. The readers take any ``EVENT_TYPE`` naming teams (``TEAMS``, ``SWISS_TEAMS``,
``TEAMS_OF_FOUR``...) or an event whose ``MATCH`` names its ``TEAM``. The element names are those of the
USEBIO 1.2 DTD as the published readers and writers use them (usebio.org; marcshearer/ImportUsebio's
``Usebio Parser.swift`` and others): see ``docs/events.md``.

>>> from redouble.events.results import Result
>>> from redouble.events.scoring import score_pairs
>>> score = score_pairs([Result.played(1, "1", "3", "4S", "N", 10), Result.played(1, "2", "4", "4S", "N", 9)])
>>> text = write_usebio("Club night", score, names={"1": "Ann Smith - Bo Li"})
>>> found = read_usebio(text)
>>> [(r.ns, r.ew, r.ns_score) for r in found.results], found.names["1"], found.places["1"]
([('1', '3', 420), ('2', '4', -50)], 'Ann Smith - Bo Li', '1=')

A teams match, written and read back (board 1: 420 at one table, 450 at the other):

>>> from redouble.events.movements import teams_match
>>> from redouble.events.scoring import score_teams
>>> results = [Result.played(1, "1", "3", "4S", "S", 10), Result.played(1, "4", "2", "4S", "S", 11)]
>>> score = score_teams(results, {1: ("1", "2"), 2: ("3", "4")}, teams_match().matches)
>>> found = read_usebio(write_usebio("Match", score, names={"1": "Lions", "2": "Owls"}))
>>> found.kind, found.places, [(m.home_imps, m.away_imps) for m in found.teams.score().matches]
('teams', {'2': '1', '1': '2'}, [(0.0, 1.0)])
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from xml.parsers import expat

from redouble.board import Board
from redouble.cards import Seat, Suit
from redouble.deal import Deal, Hand
from redouble.errors import ParseError, RedoubleError
from redouble.events.movements import Match
from redouble.events.results import ARTIFICIAL_SCORE, NOT_PLAYED, Result
from redouble.events.scoring import PairsScore, TeamsScore, fields_as_seated, score_pairs
from redouble.events.teamsfile import TeamsFile

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'
_DIRECTIONS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SUITS = {Suit.SPADES: "SPADES", Suit.HEARTS: "HEARTS", Suit.DIAMONDS: "DIAMONDS", Suit.CLUBS: "CLUBS"}
_NAME_SEPARATOR = " - "
_SEAT_NAMES = {name.lower() for name in _DIRECTIONS.values()}
# EVENT_TYPE values of events between teams that are not spelt with TEAM.
_TEAMS_EVENT_TYPES = {"HEAD_TO_HEAD", "KO", "LADDER"}


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _sub(parent: ET.Element, tag: str, text: object = None) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if text is not None:
        element.text = str(text)
    return element


def write_usebio(title: str, score: PairsScore | TeamsScore, *, names: Mapping[str, str] | None = None,
                 boards: Mapping[int, Board] | None = None, club: str | None = None,
                 date: datetime.date | None = None) -> str:
    """A scored pairs or teams event as a USEBIO 1.2 document (UTF-8 text); ``names`` are the pairs' names
    (``"Ann Smith - Bo Li"``: one ``PLAYER`` each) or the teams' names, ``boards`` the deals for the
    ``HANDSET``. A teams event is written board by board: a match known only by its totals is refused, one
    not played yet left out."""
    names = names or {}
    root = ET.Element("USEBIO", Version="1.2")
    if club:
        _sub(_sub(root, "CLUB"), "CLUB_NAME", club)
    event = _sub(root, "EVENT")
    event.set("EVENT_TYPE", "TEAMS" if isinstance(score, TeamsScore) else "PAIRS")
    _sub(event, "PROGRAM_NAME", "Redouble")
    _sub(event, "EVENT_DESCRIPTION", title)
    _sub(event, "DATE", (date or datetime.date.today()).strftime("%d/%m/%Y"))
    if isinstance(score, TeamsScore):
        numbers = _write_teams(event, score, names)
    else:
        numbers = _write_pairs(event, score, names)
    dealt = [boards[n] for n in numbers if boards and n in boards and boards[n].deal.is_complete]
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


def _write_pairs(event: ET.Element, score: PairsScore, names: Mapping[str, str]) -> list[int]:
    mp = score.method == "mp"
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
            if line.result.kind == NOT_PLAYED:
                continue
            row = _traveller_line(board, line.result)
            if line.ns_points is not None and line.ew_points is not None:
                _sub(row, ns_key, _number(line.ns_points))
                _sub(row, ew_key, _number(line.ew_points))
    return sorted(score.travellers)


def _traveller_line(board: ET.Element, r: Result, direction: str | None = None) -> ET.Element:
    """A ``TRAVELLER_LINE`` with the result of ``r`` (``direction``: where a teams match's home team sat)."""
    row = _sub(board, "TRAVELLER_LINE")
    if direction is not None:
        _sub(row, "DIRECTION", direction)
    _sub(row, "NS_PAIR_NUMBER", r.ns)
    _sub(row, "EW_PAIR_NUMBER", r.ew)
    if r.kind == ARTIFICIAL_SCORE and r.artificial is not None:
        ns_pct, ew_pct = r.artificial
        _sub(row, "SCORE", f"A{_number(ns_pct)}" + ("" if ns_pct + ew_pct == 100 else f"/{_number(ew_pct)}"))
        return row
    if r.contract is not None:
        _sub(row, "CONTRACT", "PASS" if r.contract.is_passed_out else r.contract.bid)
        if r.declarer is not None:
            _sub(row, "PLAYED_BY", r.declarer.letter)
        if r.lead is not None:
            _sub(row, "LEAD", str(r.lead))
        if r.tricks is not None and not r.contract.is_passed_out:
            _sub(row, "TRICKS", r.tricks)
    _sub(row, "SCORE", r.ns_score)
    return row


def _write_teams(event: ET.Element, score: TeamsScore, names: Mapping[str, str]) -> list[int]:
    bam = score.method == "bam"
    _sub(event, "BOARD_SCORING_METHOD", "MATCH_POINTS" if bam else "IMPS")
    _sub(event, "MATCH_SCORING_METHOD", "MATCH_POINTS" if bam else "VPS")
    _sub(event, "WINNER_TYPE", 1)
    numbers = sorted({b.board for m in score.matches for b in m.boards})
    _sub(event, "BOARDS_PLAYED", len(numbers))
    pairs: dict[int, list[str]] = {}
    # A match without boards nor points has not been played yet (an event under way): it is left out.
    played = [m for m in score.matches if m.boards or m.home_vp or m.away_vp]
    for m in played:
        if not m.boards:
            raise RedoubleError(f"round {m.round}, team {m.home} v team {m.away} is known only by its totals: "
                                "USEBIO teams results are written board by board")
        for b in m.boards:
            for r, home_ns in ((b.home_result, True), (b.away_result, False)):
                if r is None:
                    continue
                for team, pair in ((m.home, r.ns if home_ns else r.ew), (m.away, r.ew if home_ns else r.ns)):
                    if pair not in pairs.setdefault(team, []):
                        pairs[team].append(pair)
    participants = _sub(event, "PARTICIPANTS")
    for s in score.standings:
        entry = ET.SubElement(participants, "TEAM", TEAM_ID=s.pair)
        if names.get(s.pair):
            entry.set("TEAM_NAME", names[s.pair])
        _sub(entry, "PLACE", s.rank_text)
        _sub(entry, "TOTAL_SCORE", _number(s.total))
        _sub(entry, "BOARDS_PLAYED", s.boards)
        for pair in pairs.get(int(s.pair), []):
            _sub(_sub(entry, "PAIR"), "PAIR_NUMBER", pair)
    for m in played:
        match = _sub(event, "MATCH")
        _sub(match, "ROUND_NUMBER", m.round)
        _sub(match, "TEAM", m.home)
        _sub(match, "OPPOSING_TEAM", m.away)
        _sub(match, "START_BOARD_NUMBER", min(b.board for b in m.boards))
        _sub(match, "END_BOARD_NUMBER", max(b.board for b in m.boards))
        _sub(match, "TEAM_SCORE", _number(m.home_vp))
        _sub(match, "OPPOSING_TEAM_SCORE", _number(m.away_vp))
        for b in m.boards:
            board = _sub(match, "BOARD")
            _sub(board, "BOARD_NUMBER", b.board)
            if not bam:
                _sub(board, "IMPS", _number(b.home_points))
            for r, direction in ((b.home_result, "NS"), (b.away_result, "EW")):
                if r is not None:
                    _traveller_line(board, r, direction)
    return numbers


@dataclass
class UsebioResults:
    """What a USEBIO file holds: its travellers as results, the pairs' (or teams') names, the places, totals and
    percentages it publishes, and its description and scoring method. A teams file (``kind`` ``'teams'``,
    ``method`` ``'imps'`` or ``'bam'``) also gives its matches as ``teams``, ready to score."""

    title: str = ""
    method: str = "mp"
    results: list[Result] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    places: dict[str, str] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)
    percentages: dict[str, float] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)
    kind: str = "pairs"
    teams: TeamsFile = field(default_factory=TeamsFile)
    deals: dict[int, Board] = field(default_factory=dict)

    def score(self, method: str | None = None, *, scale: str = "european",
              two_fields: bool = False) -> PairsScore | TeamsScore:
        """The event ranked by Redouble from the file's travellers: a pairs event by ``method`` (``mp``,
        ``butler`` or ``cross-imps``; by default the file's own) on the matchpoint ``scale``, in the two fields
        the file's ``DIRECTION`` gives the pairs (or, with ``two_fields``, where they sat); a teams event by
        ``imps`` (then VPs) or ``bam`` (by default the file's own). Raises :class:`RedoubleError` when the file
        has no results to rank.

        >>> from redouble.events.scoring import score_pairs
        >>> written = write_usebio("Club", score_pairs([Result.played(1, "1", "2", "3NT", "S", 9),
        ...                                           Result.played(1, "3", "4", "3NT", "S", 10)]))
        >>> [(s.pair, s.rank_text) for s in read_usebio(written).score(two_fields=True).by_field()["NS"]]
        [('3', '1'), ('1', '2')]
        """
        if self.kind == "teams":
            if not self.results:
                raise RedoubleError("the file has no matches (MATCH elements with their BOARDs)")
            return self.teams.score(method or self.method)
        if not self.results:
            raise RedoubleError("the file has no travellers (BOARD elements with TRAVELLER_LINEs)")
        fields = dict(self.fields) or (fields_as_seated(self.results) if two_fields else None)
        return score_pairs(self.results, method=method or self.method, scale=scale, fields=fields)


def _text(element: ET.Element, tag: str) -> str:
    found = element.find(tag)
    return "" if found is None or found.text is None else found.text.strip()


class _Document:
    """A parsed USEBIO document and the line of each element's start tag, read in one pass: expat reports
    where each start tag is as it builds ElementTree's elements (ElementTree's own parser keeps no
    positions)."""

    def __init__(self, text: str | bytes) -> None:
        builder = ET.TreeBuilder()
        self._lines: dict[ET.Element, int] = {}
        # No namespaces and no external entities: the DTD is not fetched, nor any file it names.
        parser = expat.ParserCreate()
        parser.buffer_text = True

        def start(tag: str, attributes: dict[str, str]) -> None:
            self._lines[builder.start(tag, attributes)] = parser.CurrentLineNumber

        parser.StartElementHandler = start
        parser.EndElementHandler = builder.end
        parser.CharacterDataHandler = builder.data
        try:
            parser.Parse(text, True)
        except expat.ExpatError as exc:
            raise ParseError(f"not a USEBIO file: {exc}", line=exc.lineno) from None
        self.root = builder.close()

    def line(self, element: ET.Element) -> int | None:
        return self._lines.get(element)

    def number(self, element: ET.Element, tag: str, what: str) -> int:
        """The whole number in ``element``'s ``tag``, or a :class:`ParseError` at its line."""
        text = _text(element, tag)
        if not text.isdigit():
            found = element.find(tag)
            raise ParseError(f"{what} must be a number, not {text!r}",
                             line=self.line(found if found is not None else element))
        return int(text)


def read_usebio(text: str | bytes) -> UsebioResults:
    """The results of a USEBIO document: a pairs event (the boards of every ``SESSION`` and ``SECTION``
    together) or a teams event (its matches, both tables of each board). Given bytes, the document's own
    encoding is used (clubs' programs often write ``iso-8859-1``). Raises
    :class:`~redouble.errors.ParseError`, naming the line, for XML that cannot be read or a traveller line
    that is not a result."""
    document = _Document(text)
    root = document.root
    if root.tag != "USEBIO":
        raise ParseError(f"not a USEBIO file: the root element is <{root.tag}>, not <USEBIO>", line=1)
    event = root.find("EVENT")
    if event is None:
        raise ParseError("the USEBIO file has no <EVENT>", line=1)
    found = UsebioResults(title=_text(event, "EVENT_DESCRIPTION"))
    found.deals = _handset(document, event)
    kind = (event.get("EVENT_TYPE") or "").strip().upper()
    if "TEAM" in kind or kind in _TEAMS_EVENT_TYPES or event.find(".//MATCH/TEAM") is not None:
        _read_teams(document, event, found)
        return found
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
        _published(document, pair, number, found)
    for board in event.iter("BOARD"):
        if board.find("TRAVELLER_LINE") is None:
            continue  # a HANDSET board
        board_number = document.number(board, "BOARD_NUMBER", "a BOARD_NUMBER")
        for line in board.findall("TRAVELLER_LINE"):
            found.results.append(_line_result(board_number, line, document.line(line)))
    return found


def _handset(document: _Document, event: ET.Element) -> dict[int, Board]:
    """The boards of the event's ``HANDSET`` (each ``HAND``'s ``DIRECTION`` and its four suits, ``10`` or
    ``T`` for the ten), with the dealer and vulnerability of their numbers; a board not dealt in full is
    left out."""
    boards: dict[int, Board] = {}
    for entry in (b for handset in event.iter("HANDSET") for b in handset.findall("BOARD")):
        number = document.number(entry, "BOARD_NUMBER", "a BOARD_NUMBER")
        hands: dict[Seat, Hand] = {}
        for hand in entry.findall("HAND"):
            direction = _text(hand, "DIRECTION")
            try:
                seat = Seat.parse(direction[:1] if direction.lower() in _SEAT_NAMES else direction)
                hands[seat] = Hand.parse(".".join(_text(hand, tag) or "-" for tag in _SUITS.values()))
            except RedoubleError as exc:
                raise ParseError(f"board {number}'s HAND is not a hand: {exc}", line=document.line(hand)) from None
        try:
            deal = Deal(hands)
        except RedoubleError as exc:
            raise ParseError(f"board {number}'s hands are not a deal: {exc}", line=document.line(entry)) from None
        if deal.is_complete:
            boards[number] = Board.from_number(number, deal=deal)
    return boards


def _published(document: _Document, participant: ET.Element, number: str, found: UsebioResults) -> None:
    for key, values in (("TOTAL_SCORE", found.totals), ("PERCENTAGE", found.percentages)):
        text = _text(participant, key)
        if text:
            try:
                values[number] = float(text)
            except ValueError:
                element = participant.find(key)
                raise ParseError(f"{number}'s {key} must be a number, not {text!r}",
                                 line=document.line(participant if element is None else element)) from None


def _line_result(board: int, line: ET.Element, where: int | None, *, round: int | None = None,
                 table: int | None = None, ns: str | None = None, ew: str | None = None) -> Result:
    ns = _text(line, "NS_PAIR_NUMBER") if ns is None else ns
    ew = _text(line, "EW_PAIR_NUMBER") if ew is None else ew
    contract, score = _text(line, "CONTRACT"), _text(line, "SCORE")
    try:
        if score.upper().startswith("A") and not contract:
            ns_pct, _, ew_pct = score[1:].partition("/")
            return Result.artificial_score(board, ns, ew, float(ns_pct or 50), float(ew_pct) if ew_pct else None,
                                           round=round, table=table)
        if contract:
            if contract.upper() in ("PASS", "P", "PASSED OUT"):
                return Result.played(board, ns, ew, "Pass", None, None, round=round, table=table)
            return Result.played(board, ns, ew, contract, _text(line, "PLAYED_BY"), _text(line, "TRICKS"),
                                 lead=_text(line, "LEAD") or None, round=round, table=table)
        return Result.assigned(board, ns, ew, int(score), round=round, table=table)
    except (ValueError, RedoubleError) as exc:
        raise ParseError(f"a traveller line of board {board} is not a result: {exc}", line=where) from None


# --- teams -----------------------------------------------------------------------------------------------------

@dataclass
class _Room:
    """One table of a teams match's board, as the file gives it: table 1 is where the home team sat North-South."""

    round: int
    board: int
    table: int
    ns_team: int
    ew_team: int
    line: ET.Element
    ns_pair: str
    ew_pair: str


def _read_teams(document: _Document, event: ET.Element, found: UsebioResults) -> None:
    found.kind = "teams"
    found.method = "bam" if _text(event, "BOARD_SCORING_METHOD").upper() == "MATCH_POINTS" else "imps"
    ids: list[str] = []  # the teams' ids in the file, in order
    participants = [t for p in event.iter("PARTICIPANTS") for t in p.findall("TEAM")]
    for entry in participants:
        team_id = (entry.get("TEAM_ID") or _text(entry, "TEAM_ID") or _text(entry, "TEAM_NUMBER")).strip()
        if not team_id:
            raise ParseError("a TEAM must give its TEAM_ID", line=document.line(entry))
        ids.append(team_id)
        name = (entry.get("TEAM_NAME") or _text(entry, "TEAM_NAME")).strip()
        if name:
            found.names[team_id] = name
        if _text(entry, "PLACE"):
            found.places[team_id] = _text(entry, "PLACE")
        _published(document, entry, team_id, found)
    matches = list(event.iter("MATCH"))
    for m in matches:
        for tag in ("TEAM", "OPPOSING_TEAM"):
            if _text(m, tag) and _text(m, tag) not in ids:
                ids.append(_text(m, tag))
    # Redouble numbers teams: the file's own numbers when they are numbers, else 1, 2, ... in the file's order.
    numbered = {i: int(i) if all(t.isdigit() for t in ids) else k for k, i in enumerate(ids, 1)}
    if any(str(n) != i for i, n in numbered.items()):
        found.names = {str(numbered[i]): found.names.get(i) or i for i in ids}
        found.places = {str(numbered[i]): p for i, p in found.places.items()}
        found.totals = {str(numbered[i]): v for i, v in found.totals.items()}
    teams = found.teams
    teams.names = {str(numbered[i]): found.names.get(str(numbered[i]), "") for i in ids}
    rooms: list[_Room] = []
    for index, m in enumerate(matches):
        home_id, away_id = _text(m, "TEAM"), _text(m, "OPPOSING_TEAM")
        if not home_id or not away_id:
            raise ParseError("a MATCH must name its TEAM and OPPOSING_TEAM", line=document.line(m))
        round_text = _text(m, "ROUND_NUMBER")
        round_ = document.number(m, "ROUND_NUMBER", "a ROUND_NUMBER") if round_text else 1
        home, away = numbered[home_id], numbered[away_id]
        teams.matches.append(Match(round_, home, away, (1, 2), index))
        teams.boards_of[index] = []
        boards = m.findall("BOARD")
        if not boards:
            raise ParseError(f"round {round_}, team {home_id} v team {away_id} has no BOARD: Redouble reads a teams "
                             "match board by board", line=document.line(m))
        for board in boards:
            number = document.number(board, "BOARD_NUMBER", "a BOARD_NUMBER")
            teams.boards_of[index].append(number)
            for k, line in enumerate(board.findall("TRAVELLER_LINE")):
                direction = _text(line, "DIRECTION").upper().replace("-", "")
                if direction not in ("", "NS", "EW"):
                    raise ParseError(f"a teams traveller line's DIRECTION is NS or EW (where team {home_id} sat), "
                                     f"not {_text(line, 'DIRECTION')!r}", line=document.line(line))
                home_ns = direction == "NS" if direction else k == 0
                rooms.append(_Room(round_, number, 1 if home_ns else 2, *((home, away) if home_ns else (away, home)),
                                   line, _text(line, "NS_PAIR_NUMBER"), _text(line, "EW_PAIR_NUMBER")))
    team_of_pair: dict[str, int] = {}
    own_numbers = all(room.ns_pair and room.ew_pair for room in rooms)
    for room in rooms:
        for pair, team in ((room.ns_pair, room.ns_team), (room.ew_pair, room.ew_team)):
            if team_of_pair.setdefault(pair, team) != team:
                own_numbers = False  # a pair number used by two teams: the pairs are told apart by team
    for room in rooms:
        ns, ew = (room.ns_pair, room.ew_pair) if own_numbers else (f"{room.ns_team}ns", f"{room.ew_team}ew")
        result = _line_result(room.board, room.line, document.line(room.line), round=room.round, table=room.table,
                              ns=ns, ew=ew)
        found.results.append(result)
        for team, pair in ((room.ns_team, ns), (room.ew_team, ew)):
            if pair not in teams.pairs.setdefault(team, ()):
                teams.pairs[team] += (pair,)
    teams.results = found.results
    for team_number in (numbered[i] for i in ids):
        teams.pairs.setdefault(team_number, (f"{team_number}ns", f"{team_number}ew"))
