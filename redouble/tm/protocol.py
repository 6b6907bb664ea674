"""The messages of the Blue Chip Bridge Table Manager protocol, version 18: read leniently, written exactly.

Every message is one line of ASCII ending in CR LF. :func:`parse` reads a line into a small immutable
message and tolerates what real programs send: any case, extra spaces and dots, ``PASSES``, cards as
``kc`` or ``ck``, ``as ANYPL``, ``Teams: N/S "a" E/W "b"``, ``Infos.`` after a call. ``str(message)``
writes the canonical form; :meth:`Message.text` with :data:`WBRIDGE5` writes the spellings WBridge5
uses (seats in capitals, ``PASSES``, ``plays kc``), which some Table Managers expect to the letter.

>>> m = parse("north BIDS 1nt  Alert.  15-17")
>>> m, str(m)
(CallMade(seat=Seat.NORTH, call=Call('1NT'), alert=True, explanation='15-17'), 'North bids 1NT Alert. 15-17')
>>> str(parse("Board number 3. Dealer South. E/W vulnerable."))
'Board number 3. Dealer South. E/W vulnerable.'
>>> CardPlayed(Seat.WEST, Card("CK")).text(WBRIDGE5)
'WEST plays kc'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from redouble.calls import Call, CallKind
from redouble.cards import Card, Seat, Suit, Vulnerability
from redouble.deal import Hand
from redouble.errors import ParseError, RedoubleError

VERSION = 18
SEAT_NAMES = ("North", "East", "South", "West")
_VULNERABLE = ("Neither", "N/S", "E/W", "Both")
_CALL_VERBS = {CallKind.PASS: "passes", CallKind.DOUBLE: "doubles", CallKind.REDOUBLE: "redoubles"}


@dataclass(frozen=True, slots=True)
class Dialect:
    """How seats, call words and cards are spelled on the wire (the grammar is the same)."""

    name: str
    capital_seats: bool = False
    capital_call_words: bool = False
    small_cards: bool = False

    def seat(self, seat: Seat | None) -> str:
        """``North`` (``NORTH``); None is dummy."""
        word = "Dummy" if seat is None else SEAT_NAMES[seat]
        return word.upper() if self.capital_seats else word


CANONICAL = Dialect("canonical")
WBRIDGE5 = Dialect("wbridge5", capital_seats=True, capital_call_words=True, small_cards=True)
DIALECTS = {d.name: d for d in (CANONICAL, WBRIDGE5)}


class Message:
    """Base of the protocol's messages; ``str()`` is the canonical text."""

    def text(self, dialect: Dialect = CANONICAL) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


def _card_text(card: Card, dialect: Dialect) -> str:
    text = f"{card.rank.letter}{card.suit.letter}"
    return text.lower() if dialect.small_cards else text


def hand_text(hand: Hand) -> str:
    """``S A K 7 3. H -. D Q J 9 8 4. C T 6 3.``

    >>> hand_text(Hand.parse("AK73..QJ984.T63"))
    'S A K 7 3. H -. D Q J 9 8 4. C T 6 3.'
    """
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = " ".join(r.letter for r in hand.suit(suit)) or "-"
        parts.append(f"{suit.letter} {ranks}.")
    return " ".join(parts)


# --- the messages --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Connect(Message):
    """A player program asks for a seat; ``seat`` None is ``ANYPL`` (any free seat)."""

    team: str
    seat: Seat | None
    version: int = VERSION

    def text(self, dialect: Dialect = CANONICAL) -> str:
        seat = ("ANYPL" if self.seat is None else dialect.seat(self.seat))
        return f'Connecting "{self.team}" as {seat} using protocol version {self.version}'


@dataclass(frozen=True, slots=True)
class Seated(Message):
    seat: Seat
    team: str

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f'{dialect.seat(self.seat)} ("{self.team}") seated'


@dataclass(frozen=True, slots=True)
class Teams(Message):
    ns: str
    ew: str

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f'Teams : N/S : "{self.ns}" E/W : "{self.ew}"'


@dataclass(frozen=True, slots=True)
class Ready(Message):
    """``North ready for teams`` / ``ready to start`` / ``ready for deal`` / ``ready for cards`` /
    ``ready for dummy``: ``what`` is one of :data:`READY_WORDS`."""

    seat: Seat
    what: str

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f"{dialect.seat(self.seat)} {READY_WORDS[self.what]}"


READY_WORDS = {"teams": "ready for teams", "start": "ready to start", "deal": "ready for deal",
               "cards": "ready for cards", "dummy": "ready for dummy"}


@dataclass(frozen=True, slots=True)
class StartOfBoard(Message):
    def text(self, dialect: Dialect = CANONICAL) -> str:
        return "Start of board"


@dataclass(frozen=True, slots=True)
class BoardInfo(Message):
    number: int
    dealer: Seat
    vulnerability: Vulnerability

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return (f"Board number {self.number}. Dealer {dialect.seat(self.dealer)}. "
                f"{_VULNERABLE[self.vulnerability]} vulnerable.")


@dataclass(frozen=True, slots=True)
class Cards(Message):
    """A player's own cards, or dummy's (``owner`` None) once the opening lead is made."""

    owner: Seat | None
    hand: Hand

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f"{dialect.seat(self.owner)}'s cards : {hand_text(self.hand)}"


@dataclass(frozen=True, slots=True)
class CallMade(Message):
    """``North bids 1NT``, ``passes``, ``doubles``, ``redoubles``; an alert may carry an explanation."""

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str = ""

    def text(self, dialect: Dialect = CANONICAL) -> str:
        if self.call.is_bid:
            words = f"bids {self.call}"
        else:
            verb = _CALL_VERBS[self.call.kind]
            words = verb.upper() if dialect.capital_call_words else verb
        tail = ""
        if self.alert:
            tail = " Alert." + (f" {self.explanation}" if self.explanation else "")
        return f"{dialect.seat(self.seat)} {words}{tail}"

    def without_alert(self) -> CallMade:
        return CallMade(self.seat, self.call)


@dataclass(frozen=True, slots=True)
class ReadyForCall(Message):
    seat: Seat
    bidder: Seat

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f"{dialect.seat(self.seat)} ready for {dialect.seat(self.bidder)}'s bid"


@dataclass(frozen=True, slots=True)
class ToLead(Message):
    """The Table Manager tells a player to lead (``leader`` None: the declarer, to lead from dummy)."""

    leader: Seat | None

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f"{dialect.seat(self.leader)} to lead"


@dataclass(frozen=True, slots=True)
class CardPlayed(Message):
    """``North plays 5C``; ``seat`` None is ``Dummy plays 5C`` (the table names dummy's seat)."""

    seat: Seat | None
    card: Card

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f"{dialect.seat(self.seat)} plays {_card_text(self.card, dialect)}"


@dataclass(frozen=True, slots=True)
class ReadyForCard(Message):
    """``East ready for North's card to trick 3``; ``player`` None: ``dummy's card``."""

    seat: Seat
    player: Seat | None
    trick: int

    def text(self, dialect: Dialect = CANONICAL) -> str:
        whose = "dummy" if self.player is None else dialect.seat(self.player)
        return f"{dialect.seat(self.seat)} ready for {whose}'s card to trick {self.trick}"


@dataclass(frozen=True, slots=True)
class Timing(Message):
    """Think time in seconds, each side's on this board and in all: sent after every board."""

    ns_board: int
    ns_total: int
    ew_board: int
    ew_total: int

    def text(self, dialect: Dialect = CANONICAL) -> str:
        def board(s: int) -> str:
            return f"{s // 60:02d}:{s % 60:02d}"

        def total(s: int) -> str:
            return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"

        return (f"Timing - N/S : this board  {board(self.ns_board)},  total  {total(self.ns_total)}.  "
                f"E/W : this board  {board(self.ew_board)},  total  {total(self.ew_total)}.")


@dataclass(frozen=True, slots=True)
class EndOfSession(Message):
    def text(self, dialect: Dialect = CANONICAL) -> str:
        return "End of session"


@dataclass(frozen=True, slots=True)
class ErrorMessage(Message):
    """What the Table Manager says when a message is refused (not in version 18, which has no errors)."""

    reason: str

    def text(self, dialect: Dialect = CANONICAL) -> str:
        return f"Error : {self.reason}"


# --- reading -------------------------------------------------------------------------------------
_SEAT = r"(north|east|south|west)"
_WHO = r"(north|east|south|west|dummy)"
_NAME = r'"([^"]*)"|(\S+)'
_CARD = r"([2-9tjqka]|10)\s*([cdhs])|([cdhs])\s*([2-9tjqka]|10)"
_TIME = r"(\d+(?::\d+)*)"


def _seat(word: str) -> Seat:
    return Seat.parse(word)


def _who(word: str) -> Seat | None:
    return None if word.lower() == "dummy" else Seat.parse(word)


def _name(quoted: str | None, bare: str | None) -> str:
    return quoted if quoted is not None else (bare or "")


def _seconds(text: str) -> int:
    total = 0
    for part in text.split(":"):
        total = total * 60 + int(part)
    return total


def parse_hand(text: str) -> Hand:
    """Read ``S A K 7 3. H -. D Q J 9 8 4. C T 6 3.`` and its variants (``D.`` or ``D -`` for a void,
    ``10`` for the ten, suits in any order).

    >>> parse_hand("S J 8 5.H A K T 8.D.C A K T 7")
    Hand.parse('J85.AKT8..AKT7')
    """
    cleaned = text.upper().replace("10", "T")
    found = re.findall(r"([SHDC])\s*((?:[AKQJT2-9]\s*)*|-)\s*\.?", cleaned)
    letters = "".join(suit for suit, _ in found)
    if sorted(letters) != sorted("SHDC"):
        raise RedoubleError(f"not a hand: {text!r} (expected the four suits, e.g. 'S A K 7 3. H -. D Q J 9. C T 6.')")
    holdings = {suit: ranks.replace(" ", "").replace("-", "") for suit, ranks in found}
    return Hand.parse(".".join(holdings[s] for s in "SHDC"))


def _call(words: str) -> Call:
    w = words.strip().lower()
    for kind, verb in _CALL_VERBS.items():
        if w == verb:
            return Call(kind + 34)
    m = re.fullmatch(r"bids\s+(.+)", w)
    if m:
        return Call(m.group(1).replace(" ", "").rstrip("."))
    raise RedoubleError(f"not a call: {words!r}")


def _explanation(tail: str | None) -> tuple[bool, str]:
    """(alerted, explanation) from the words after a call: ``Alert. text`` or ``Infos. text``."""
    if not tail or not tail.strip(" ."):
        return False, ""
    m = re.fullmatch(r"\s*\.?\s*(alert|infos?)\s*\.?\s*(.*)", tail, re.IGNORECASE | re.DOTALL)
    if not m:
        return False, tail.strip()
    return m.group(1).lower() == "alert", m.group(2).strip()


def _card(groups: tuple[str | None, ...]) -> Card:
    rank, suit, suit2, rank2 = groups
    return Card(Suit.parse(suit or suit2 or ""), (rank or rank2 or "").upper().replace("10", "T"))


_Reader = Callable[[re.Match[str]], Message]
_PATTERNS: list[tuple[re.Pattern[str], _Reader]] = []


def _rule(pattern: str) -> Callable[[_Reader], _Reader]:
    def register(reader: _Reader) -> _Reader:
        _PATTERNS.append((re.compile(pattern + r"\s*\.?", re.IGNORECASE), reader))
        return reader
    return register


@_rule(rf"connecting\s+(?:{_NAME})\s+as\s+({_SEAT[1:-1]}|anypl|any)\s+using\s+protocol\s+version\s+(\d+)(?:\s.*)?")
def _(m: re.Match[str]) -> Message:
    seat = None if m.group(3).lower() in ("anypl", "any") else _seat(m.group(3))
    return Connect(_name(m.group(1), m.group(2)), seat, int(m.group(4)))


@_rule(rf"{_SEAT}\s+\(?\s*(?:{_NAME})\s*\)?\s+seated")
def _(m: re.Match[str]) -> Message:
    return Seated(_seat(m.group(1)), _name(m.group(2), m.group(3)))


@_rule(rf"teams\s*:?\s*n/s\s*:?\s*(?:{_NAME})\s*\.?\s*e/w\s*:?\s*(?:{_NAME})(?:[\s.].*)?")
def _(m: re.Match[str]) -> Message:
    return Teams(_name(m.group(1), m.group(2)), _name(m.group(3), m.group(4)))


@_rule(rf"{_SEAT}\s+ready\s+(for\s+teams|to\s+start|for\s+deal|for\s+cards|for\s+dummy)")
def _(m: re.Match[str]) -> Message:
    return Ready(_seat(m.group(1)), m.group(2).split()[-1].lower())


@_rule(r"start\s+of\s+board")
def _(m: re.Match[str]) -> Message:
    return StartOfBoard()


@_rule(rf"board\s+number\s+(\d+)\s*\.\s*dealer\s+{_SEAT}\s*\.\s*(neither|none|n/s|e/w|both|all)\s+vulnerable")
def _(m: re.Match[str]) -> Message:
    vul = {"neither": "None", "none": "None", "n/s": "NS", "e/w": "EW", "both": "All", "all": "All"}
    return BoardInfo(int(m.group(1)), _seat(m.group(2)), Vulnerability.parse(vul[m.group(3).lower()]))


@_rule(rf"{_WHO}'s\s+cards\s*:\s*(.*)")
def _(m: re.Match[str]) -> Message:
    return Cards(_who(m.group(1)), parse_hand(m.group(2)))


@_rule(rf"{_SEAT}\s+ready\s+for\s+{_SEAT}'s\s+bid")
def _(m: re.Match[str]) -> Message:
    return ReadyForCall(_seat(m.group(1)), _seat(m.group(2)))


@_rule(rf"{_SEAT}\s+((?:passes|doubles|redoubles|bids\s+[1-7]\s*(?:nt|n|[cdhs])))\b(.*)")
def _(m: re.Match[str]) -> Message:
    alert, explanation = _explanation(m.group(3))
    return CallMade(_seat(m.group(1)), _call(m.group(2)), alert, explanation)


@_rule(rf"{_WHO}\s+to\s+lead")
def _(m: re.Match[str]) -> Message:
    return ToLead(_who(m.group(1)))


@_rule(rf"{_WHO}\s+plays\s+(?:{_CARD})(?:[\s.].*)?")
def _(m: re.Match[str]) -> Message:
    return CardPlayed(_who(m.group(1)), _card(m.groups()[1:5]))


@_rule(rf"{_SEAT}\s+ready\s+for\s+{_WHO}'s\s+card\s+to\s+trick\s+(\d+)")
def _(m: re.Match[str]) -> Message:
    return ReadyForCard(_seat(m.group(1)), _who(m.group(2)), int(m.group(3)))


@_rule(rf"timing\s*-?\s*n/s\s*:?\s*this\s+board\s*\[?{_TIME}\]?\s*,\s*total\s*\[?{_TIME}\]?\s*\.?\s*"
       rf"e/w\s*:?\s*this\s+board\s*\[?{_TIME}\]?\s*,\s*total\s*\[?{_TIME}\]?")
def _(m: re.Match[str]) -> Message:
    return Timing(*(_seconds(m.group(k)) for k in range(1, 5)))


@_rule(r"end\s+of\s+session")
def _(m: re.Match[str]) -> Message:
    return EndOfSession()


@_rule(r"error\s*:?\s*(.*)")
def _(m: re.Match[str]) -> Message:
    return ErrorMessage(m.group(1).strip())


def parse(line: str) -> Message:
    """Read one line of the protocol; :class:`~redouble.errors.ParseError` quotes a line it cannot read.

    >>> parse('Connecting "WBridge5" as ANYPL using protocol version 18')
    Connect(team='WBridge5', seat=None, version=18)
    >>> parse("WEST ready for  NORTH's bid"), parse("Dummy plays ck")
    (ReadyForCall(seat=Seat.WEST, bidder=Seat.NORTH), CardPlayed(seat=None, card=Card('CK')))
    """
    # Spaces are collapsed outside quotes only: a team name keeps its spelling.
    parts = line.strip().split('"')
    text = '"'.join(part if k % 2 else re.sub(r"\s+", " ", part) for k, part in enumerate(parts))
    for pattern, reader in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            try:
                return reader(m)
            except RedoubleError as exc:
                raise ParseError(f"cannot read {line.strip()!r}: {exc}") from None
    raise ParseError(f"not a Table Manager message: {line.strip()!r}")


def dialect_of(line: str) -> Dialect:
    """The dialect a line is written in, judged by its first word (``NORTH`` is WBridge5's)."""
    word = line.strip().split(" ", 1)[0]
    return WBRIDGE5 if len(word) > 1 and word.isupper() else CANONICAL
