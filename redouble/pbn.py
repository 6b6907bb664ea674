"""PBN, the Portable Bridge Notation (version 2.1): read and write boards.

``loads``/``load`` read every game of a file into :class:`~redouble.board.Board` objects; ``dumps``/``dump``
write them back. Every tag is kept in ``board.tags`` in file order (``"#"`` and ``"##"`` inheritance
resolved); the game itself goes into the board's fields: the ``Deal``, the ``Auction`` section (with its
notes, ``!`` alerts and other annotations), the ``Play`` section (a claim is settled from the ``Result``
tag when the play stops early), and the recorded ``Contract``/``Result`` when there is no auction or play.
Supplemental sections (``OptimumResultTable`` ...) keep their rows in ``board.sections`` and comments in
``board.comments``, so that ``loads(dumps(boards))`` gives the same boards back.

In the auction, a note reference ``=n=`` gives the call the explanation of ``[Note "n:..."]``, and the
suffix ``!`` marks it alerted (as the files of most programs use it; the standard's reading, "good call",
has no home here). The other suffixes and NAGs (``?``, ``!!``, ``$13`` ...) are kept in
``board.call_marks`` (``board.card_marks`` for cards). The tag values ``"#"`` and ``"##..."`` are read as
the standard says (inherit from the game before / from here on), so a value cannot start with ``#``.

>>> text = '''[Event "Club night"]
... [Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"]
... [Declarer "N"]
... [Contract "7NT"]
... [Result "13"]
... [Auction "N"]
... 2C =1= Pass 2D Pass
... 7NT Pass Pass Pass
... [Note "1:strong"]
... '''
>>> [board] = loads(text)
>>> board.tags["Event"], board.contract, board.tricks, board.score()
('Club night', Contract.parse('7NT-N'), 13, 1520)
>>> board.auction.annotations[0].explanation
'strong'
>>> loads(dumps([board]))[0].auction.annotations == board.auction.annotations
True

Real files are sloppy. Every board that can be read is kept, as far as it can be read, and the result's
``problems`` say what was wrong, where, and what was kept; a tag that disagrees with the auction or the
play is kept as written (and written back so), while the game follows the auction and the play.
``strict=True`` refuses the file at the first problem:

>>> bad = loads(text.replace('7NT Pass', '7NT 6S'))
>>> [str(c) for c in bad[0].auction.calls], bad[0].contract, bad[0].score()
(['2C', 'Pass', '2D', 'Pass', '7NT'], Contract.parse('7NT-N'), 1520)
>>> print(bad.problems[0])  # doctest: +NORMALIZE_WHITESPACE
board 1, line 11: illegal call '6S': E may not call 6S after 2C Pass 2D Pass 7NT: a bid must outrank the last
bid, 7NT (kept: the first 5 calls; the section is written back as it was)
>>> '7NT 6S Pass Pass' in dumps(bad)
True
>>> loads(text.replace('7NT Pass', '7NT 6S'), strict=True)
Traceback (most recent call last):
...
redouble.errors.ParseError: board 1, line 11: illegal call '6S': E may not call 6S after 2C Pass 2D Pass 7NT: \
a bid must outrank the last bid, 7NT
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from redouble.auction import Auction
from redouble.board import Board, double_dummy_table
from redouble.calls import Call, Contract
from redouble.cards import Card, Seat, Vulnerability
from redouble.deal import Deal
from redouble.errors import IllegalCallError, IllegalCardError, IllegalClaimError, ParseError, Problem, RedoubleError
from redouble.play import Play
from redouble.textfile import Loaded, Reporter, decode, is_number, read_source, write_text

__all__ = ["Loaded", "MANDATORY_TAGS", "OWNED_TAGS", "Problem", "STANDARD_TAGS", "double_dummy_table", "dump", "dumps",
           "load", "loads"]

#: The Mandatory Tag Set, in export order.
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                  "Deal", "Scoring", "Declarer", "Contract", "Result")
#: Tags whose value ``dumps`` takes from the board's fields (the raw value is kept when it means the same).
OWNED_TAGS = ("Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction", "Play")
#: The tags PBN 2.1 defines (and a few every program writes); a file may spell their names in any case.
STANDARD_TAGS = MANDATORY_TAGS + (
    "Auction", "Play", "Note", "Annotator", "AnnotatorNA", "Application", "BidSystemEW", "BidSystemNS",
    "Competition", "DealId", "Description", "EastNA", "EastType", "EventDate", "EventSponsor", "FrenchMP",
    "Generator", "Hidden", "HomeTeam", "Mode", "NorthNA", "NorthType", "OptimumScore", "PairEW", "PairNS",
    "ParContract", "Room", "Round", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber",
    "ScoreRubberHistory", "Section", "SouthNA", "SouthType", "Stage", "Table", "Termination", "Time",
    "TimeCall", "TimeCard", "TimeControl", "UTCDate", "UTCTime", "VisitTeam", "WestNA", "WestType",
    "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable", "OptimumResultTable",
    "PlayTimeTable", "ScoreTable", "TotalScoreTable", "DoubleDummyTricks", "BCFlags")
_CANONICAL = {name.lower(): name for name in STANDARD_TAGS}
_ORDER_RANK = {name: k for k, name in enumerate(MANDATORY_TAGS + ("Auction", "Play"))}
_END = ":end"  # comment anchor: after the game


# --- lexer -------------------------------------------------------------------------------------------

@dataclass
class _Token:
    kind: str  # tag, word, string, comment, blank, error
    value: str
    line: int
    name: str = ""
    start: int = 0
    end: int = 0


_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_LOOSE_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*\]')
_OWN_ESCAPE_RE = re.compile(r"%\s*(PBN\s+[0-9.]+|EXPORT|IMPORT)?\s*$")  # the version line the writer writes itself
_TAG_NAME_RE = re.compile(r"\[\s*([A-Za-z0-9_]+)")
_STRING_RE = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_WORD_RE = re.compile(r'[^\s\[\]{};"]+')
_UNESCAPE_RE = re.compile(r'\\(["\\])')


def _unescape(value: str) -> str:
    return _UNESCAPE_RE.sub(r"\1", value)


def _escape(value: str) -> str:
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def _lex(text: str) -> list[_Token]:
    """Split PBN text into tokens; semi-empty lines (game separators) become ``blank`` tokens."""
    tokens: list[_Token] = []
    pos, line, n = 0, 1, len(text)
    at_line_start = True

    def eol_of(p: int) -> int:
        e = text.find("\n", p)
        return n if e < 0 else e

    while pos < n:
        if at_line_start:
            eol = eol_of(pos)
            content = text[pos:eol]
            if not content.strip() or content.startswith("%"):
                if not content.strip() and (not tokens or tokens[-1].kind != "blank"):
                    tokens.append(_Token("blank", "", line))
                elif content.startswith("%") and not _OWN_ESCAPE_RE.match(content):
                    # A program's own line (%Creator:, %Font: ...): kept like a comment, written back in place.
                    raw = content.rstrip("\r")
                    tokens.append(_Token("comment", raw, line, start=pos, end=pos + len(raw)))
                pos, line = eol + 1, line + 1
                continue
            at_line_start = False
        c = text[pos]
        if c == "\n":
            pos, line, at_line_start = pos + 1, line + 1, True
        elif c in " \t\r\f\v\ufeff":
            pos += 1
        elif c == "[":
            m = _TAG_RE.match(text, pos) or _LOOSE_TAG_RE.match(text, pos)
            if m is None:
                eol = eol_of(pos)
                snippet = text[pos:eol].strip()
                named = _TAG_NAME_RE.match(snippet)
                tokens.append(_Token("error", f"malformed tag {snippet!r} (expected [Name \"value\"])", line,
                                     named.group(1) if named else ""))
                pos = eol
                continue
            tokens.append(_Token("tag", _unescape(m.group(2)), line, m.group(1), pos, m.end()))
            line += m.group(0).count("\n")
            pos = m.end()
        elif c == "{":
            end = text.find("}", pos)
            if end < 0:
                # Taken to the end of the file it would swallow every board after it: read it to the line's end.
                eol = eol_of(pos)
                tokens.append(_Token("error", f"comment {text[pos:eol].strip()!r} is never closed (expected '}}')",
                                     line))
                tokens.append(_Token("comment", text[pos:eol].rstrip("\r"), line, start=pos, end=eol))
                pos = eol
                continue
            raw = text[pos:end + 1]
            tokens.append(_Token("comment", raw, line, start=pos, end=end + 1))
            line += raw.count("\n")
            pos = end + 1
        elif c == ";":
            eol = eol_of(pos)
            tokens.append(_Token("comment", text[pos:eol].rstrip("\r"), line, start=pos, end=eol))
            pos = eol
        elif c == '"':
            m = _STRING_RE.match(text, pos)
            if m is None:
                eol = eol_of(pos)
                tokens.append(_Token("error", f"string {text[pos:eol].strip()!r} is never closed", line))
                pos = eol
                continue
            tokens.append(_Token("string", m.group(0), line, start=pos, end=m.end()))
            pos = m.end()
        else:
            m = _WORD_RE.match(text, pos)
            if m is None:
                tokens.append(_Token("error", f"unexpected {c!r}", line))
                pos += 1
                continue
            tokens.append(_Token("word", m.group(0), line, start=pos, end=m.end()))
            pos = m.end()
    return tokens


# --- reading -----------------------------------------------------------------------------------------

_SECTION_TOKEN_RE = re.compile(r"=[0-9]+=|\$[0-9]+|[!?]{1,2}|\^.?|\*|\+|[A-Za-z0-9]+|-|.")
_NOTE_RE = re.compile(r"^\s*([0-9]+)\s*:(.*)$", re.S)
_RESULT_RE = re.compile(r"^(NS|EW)\s+([0-9]+)(?:\s+(NS|EW)\s+([0-9]+))?$")


@dataclass
class _State:
    """What one game passes to the next: tag values for "#" and "##" inheritance, pending comments."""

    last_value: dict[str, str] = field(default_factory=dict)
    sticky: dict[str, str] = field(default_factory=dict)
    comments: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list[_Token] = field(default_factory=list)
    raw: str = ""


def _is_unknown(value: str | None) -> bool:
    return value is None or value.strip() in ("", "?")


def _parse_result(value: str, declarer: Seat | None) -> int | None:
    """Declarer's tricks from a Result tag value (``"9"``, ``"NS 9"``, ``"EW 4 NS 9"``, ``"^9"``)."""
    v = value.strip().lstrip("^").strip()
    if v in ("", "?"):
        return None
    if is_number(v):
        tricks = int(v)
    else:
        m = _RESULT_RE.match(v.upper())
        if m is None:
            raise RedoubleError(f"not a result: {value!r} (expected tricks like '9' or 'NS 9')")
        if declarer is None:
            raise RedoubleError(f"result {value!r} names a side but the declarer is not known")
        side = declarer.side
        if m.group(1) == side:
            tricks = int(m.group(2))
        elif m.group(3) == side:
            tricks = int(m.group(4))
        else:
            tricks = 13 - int(m.group(2))
    if not 0 <= tricks <= 13:
        raise RedoubleError(f"not a result: {value!r} (tricks must be 0 to 13)")
    return tricks


def _split_section(tokens: list[_Token]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for t in tokens:
        if t.kind == "string":
            raise ParseError(f"unexpected string {t.value} here", line=t.line)
        out.extend((piece, t.line) for piece in _SECTION_TOKEN_RE.findall(t.value))
    return out


def _note_number_of(tag: _Tag) -> int | None:
    m = _NOTE_RE.match(tag.value)
    return int(m.group(1)) if m else None


def _first_seat(tag: _Tag, fallback: Seat) -> Seat:
    if _is_unknown(tag.value):
        return fallback
    try:
        return Seat.parse(tag.value)
    except RedoubleError:
        raise ParseError(f"{tag.name} tag {tag.value!r} is not a seat (expected N, E, S or W)",
                         line=tag.line) from None


def _note_number(tok: str, line: int) -> int:
    if len(tok) < 3 or not tok.endswith("=") or not is_number(tok[1:-1]):
        raise ParseError(f"note reference {tok!r} without its number (expected =1=, =2= ...)", line=line)
    return int(tok[1:-1])


def _parse_auction(board: Board, tag: _Tag, first: Seat, notes: dict[str, dict[int, str]]) -> None:
    """Read the Auction section into ``board.auction``, call by call: when a call cannot be read, the
    calls before it stay (with their annotations) and the ParseError goes up."""
    dashes = 0
    started = False
    end: str | None = None
    note_refs: dict[int, int] = {}
    marks: dict[int, list[str]] = {}
    alerts: set[int] = set()
    try:
        for tok, line in _split_section(tag.data):
            auction = board.auction
            if end is not None:
                if tok == end:
                    continue  # a second end mark says nothing more
                raise ParseError(f"{tok!r} after the end of the auction ({end!r})", line=line)
            last = len(auction.calls) - 1 if started else -1
            if tok == "-":
                if started:
                    raise ParseError("'-' in the middle of the auction (it may only stand before the dealer)",
                                     line=line)
                dashes += 1
                continue
            if tok in ("*", "+"):
                end = tok
                continue
            if tok[0] in "=$!?":
                if last < 0:
                    raise ParseError(f"annotation {tok!r} before any call", line=line)
                if tok.startswith("="):
                    note_refs[last] = _note_number(tok, line)
                elif tok == "!":
                    alerts.add(last)
                else:
                    marks.setdefault(last, []).append(tok)
                continue
            if tok.startswith("^"):
                raise ParseError(f"irregular call {tok!r} (insufficient bid or call out of rotation) is not "
                                 "supported", line=line)
            if not started:
                board.auction = auction = Auction(Seat((first + dashes) % 4))
                started = True
            if tok.upper() == "AP":
                if auction.is_complete:
                    raise ParseError("'AP' after the auction is over", line=line)
                while not auction.is_complete:
                    auction.push(Call.PASS)
                continue
            try:
                call = Call.parse(tok)
            except RedoubleError:
                raise ParseError(f"not a call: {tok!r} (expected Pass, X, XX, AP or a bid like 1NT)",
                                 line=line) from None
            try:
                auction.push(call)
            except IllegalCallError as exc:
                raise ParseError(f"illegal call {tok!r}: {exc}", line=line) from None
    finally:
        calls = len(board.auction.calls) if started else 0
        for index in sorted(alerts | set(note_refs)):
            if index >= calls:
                continue
            explanation = None
            if index in note_refs:
                n = note_refs[index]
                explanation = notes["auction"].get(n, notes["play"].get(n, ""))
            board.auction.annotate(index, alert=index in alerts, explanation=explanation)
        board.call_marks = {k: tuple(v) for k, v in marks.items() if k < calls}


def _parse_play(board: Board, tag: _Tag, notes: dict[str, dict[int, str]]) -> bool:
    """Play the cards of the Play section into ``board.play`` (which is set up). Returns whether the
    section ends with '+' (the play goes on). When a card cannot be read or played, the cards before
    it stay and the ParseError goes up."""
    play = board.play
    assert play is not None
    first = _first_seat(tag, play.opening_leader)
    slots: list[list[Any]] = []  # [token, line, note, marks]
    end: str | None = None
    for tok, line in _split_section(tag.data):
        if end is not None:
            if tok == "*":
                continue  # a second '*' (some programs end the game with one as well) says nothing more
            raise ParseError(f"{tok!r} after the end of the play ('*')", line=line)
        if tok == "*":
            end = tok
        elif tok[0] in "=$!?":
            if not slots:
                raise ParseError(f"annotation {tok!r} before any card", line=line)
            if tok.startswith("="):
                slots[-1][2] = _note_number(tok, line)
            else:
                slots[-1][3].append(tok)
        elif tok.startswith("^"):
            raise ParseError(f"irregular card {tok!r} (revoke or lead out of turn) is not supported", line=line)
        elif tok in ("-", "+"):
            slots.append([tok, line, None, []])
        else:
            try:
                card = Card.parse(tok)
            except RedoubleError:
                raise ParseError(f"not a card: {tok!r} (expected suit and rank like SA, or '-')",
                                 line=line) from None
            slots.append([card, line, None, []])
    plus = any(s[0] == "+" for s in slots)
    while slots and len(slots) % 4:
        slots.append(["-", slots[-1][1], None, []])
    card_notes: dict[int, str] = {}
    card_marks: dict[int, tuple[str, ...]] = {}
    stopped = False
    try:
        for r in range(0, len(slots), 4):
            by_seat = {Seat((first + k) % 4): slots[r + k] for k in range(4)}
            leader = play.turn
            for k in range(4):
                seat = Seat((leader + k) % 4)
                token, line, note, marks = by_seat[seat]
                if not isinstance(token, Card):
                    stopped = True
                    continue
                if stopped or play.is_complete:
                    if r == len(slots) - 4 and not play.is_complete:
                        continue  # the last trick, partly unknown ("C6 - S9 C8"): the known cards after are lost
                    raise ParseError(f"card {token} for {seat} after the play stopped (an earlier card is '-')",
                                     line=line)
                try:
                    play.push(token, seat)
                except IllegalCardError as exc:
                    raise ParseError(f"illegal card {token}: {exc}", line=line) from None
                index = len(play.cards) - 1
                if note is not None:
                    card_notes[index] = notes["play"].get(note, notes["auction"].get(note, ""))
                if marks:
                    card_marks[index] = tuple(marks)
    finally:
        board.card_notes, board.card_marks = card_notes, card_marks
    return plus


def _play_reads(board: Board, tag: _Tag | None, contract: Contract, notes: dict[str, dict[int, str]]) -> bool:
    """Whether the Play section reads without a fault as the play of ``contract``."""
    if tag is None or not tag.data or not board.is_playable or contract.declarer is None:
        return False
    scratch = Board(deal=board.deal, dealer=board.dealer)
    scratch.play = Play(board.deal, contract)
    try:
        _parse_play(scratch, tag, notes)
    except ParseError:
        return False
    return True


_SCORE_RE = re.compile(r"^(NS|EW)\s+(-?[0-9]+)$")


def _score_says(board: Board, contract: Contract, tags: dict[str, str]) -> bool | None:
    """Whether the Score tag agrees with ``contract`` made with the Result tag's tricks (None: it says nothing)."""
    m = _SCORE_RE.match((tags.get("Score") or "").strip().upper())
    if m is None or contract.declarer is None:
        return None
    try:
        tricks = _parse_result(tags.get("Result") or "", contract.declarer)
    except RedoubleError:
        return None
    if tricks is None:
        return None
    from redouble.scoring import duplicate_score

    ns = int(m.group(2)) if m.group(1) == "NS" else -int(m.group(2))
    return bool(duplicate_score(contract, contract.declarer, tricks, board.vulnerability) == ns)


def _tags_win(board: Board, play: _Tag | None, final: Contract, stated: Contract, tags: dict[str, str],
              notes: dict[str, dict[int, str]]) -> bool:
    """Whether a Contract/Declarer that disagrees with the auction is the better record of the game.

    A Score tag that agrees with one of them decides. Else the tags are the scorer's record (the Result
    tag counts tricks for their declarer) and win, unless they lack a declarer, or the play reads as the
    play of the auction's contract and not of theirs.
    """
    if stated.declarer is None or stated.is_passed_out:
        return False
    by_auction, by_tags = _score_says(board, final, tags), _score_says(board, stated, tags)
    if by_auction != by_tags and None not in (by_auction, by_tags):
        return bool(by_tags)
    return not (_play_reads(board, play, final, notes) and not _play_reads(board, play, stated, notes))


def _resolve_tags(items: list[_Tag], state: _State) -> None:
    present = {t.name for t in items}
    for t in items:
        if t.value == "#":
            t.value = state.last_value.get(t.name, "")
        elif t.value.startswith("##"):
            t.value = t.value[2:]
            state.sticky[t.name] = t.value
    for name, value in reversed(list(state.sticky.items())):
        if name not in present:
            items.insert(0, _Tag(name, value, items[0].line if items else 0))


Note = Callable[[str, str, "int | None"], None]


def _parse_game(tokens: list[_Token], text: str, state: _State, report: Reporter) -> Board | None:
    """One game (the tokens between two semi-empty lines) as a Board; None for a filler game."""
    label = next((t.value.strip() for t in tokens if t.kind == "tag" and t.name.lower() == "board"), None)
    if label == "#":
        label = state.last_value.get("Board")
    problems: list[Problem] = []

    def note(message: str, kept: str, line: int | None) -> None:
        problem = Problem(message, kept, board=label or None, line=line)
        report.add(problem)
        problems.append(problem)

    items: list[_Tag] = []
    note_tags: list[tuple[_Tag, str]] = []
    comments: list[tuple[str, str]] = []
    current: _Tag | None = None
    seen: dict[str, _Tag] = {}
    broken: set[str] = set()  # names of tags that could not be read at all
    context = "auction"  # a note belongs to the Auction or Play section it follows
    stray: list[_Token] = []
    for t in tokens:
        if t.kind == "error":
            note(t.value, "the rest of the board; this line is left out", t.line)
            if t.name:
                broken.add(_CANONICAL.get(t.name.lower(), t.name))
            continue
        if t.kind == "tag":
            name = _CANONICAL.get(t.name.lower(), t.name)
            if name == "Note":
                raw = text[t.start:t.end]
                note_tags.append((_Tag(name, t.value, t.line, raw=raw), context))
                current = None
                continue
            if name in seen:  # the standard: a tag that already occurred is ignored
                if t.value != seen[name].value:
                    note(f"a second {name} tag, {t.value!r} (the first said {seen[name].value!r})",
                         "the first; the second and its section are left out", t.line)
                current = _Tag(name, t.value, t.line)  # its section goes nowhere
                continue
            current = seen[name] = _Tag(name, t.value, t.line)
            items.append(current)
            if name in ("Auction", "Play"):
                context = name.lower()
        elif t.kind == "comment":
            comments.append((items[-1].name if items else "", t.value))
        elif current is not None:
            current.data.append(t)
        else:
            stray.append(t)
    if stray:
        words = " ".join(t.value for t in stray[:5]) + (" ..." if len(stray) > 5 else "")
        note(f"{words!r} outside any section (expected a tag like [Event \"...\"])", "the board without it",
             stray[0].line)
    if not items:
        state.comments.extend(comments)
        return None
    has_game = any(item.name in ("Deal", "Board", "Auction", "Play", "Contract") for item in items)
    names = {item.name for item in items}
    if has_game and "Deal" not in names | broken and state.last_value.get("Deal"):
        # Another table of the same board: some published files (rpbridge.net's, for one) leave out
        # the deal and what goes with it after the first table.
        carried = [n for n in ("Board", "Dealer", "Vulnerable", "Deal") if n not in names and n in state.last_value]
        items[0:0] = [_Tag(n, state.last_value[n], items[0].line) for n in carried]
    _resolve_tags(items, state)
    for item in items:
        state.last_value[item.name] = item.value
    if not has_game:  # its comments go before the next game's first tag
        state.comments.extend(("", c) for _, c in comments)
        return None
    by_name = {t.name: t for t in items}
    tags = {t.name: t.value for t in items}
    board = _build_board(by_name, tags, note_tags, comments, text, state, note)
    board.problems = problems
    return board


def _build_board(by_name: dict[str, _Tag], tags: dict[str, str], note_tags: list[tuple[_Tag, str]],
                 comments: list[tuple[str, str]], text: str, state: _State, note: Note) -> Board:
    kept: set[str] = set()  # tags kept as written though the game says otherwise

    def parsed(name: str, parse, instead: str):  # type: ignore[no-untyped-def]
        value = tags.get(name)
        if _is_unknown(value):
            return None
        try:
            return parse(value)
        except RedoubleError as exc:
            note(f"{name} tag: {exc}", f"the tag as written; {instead}", by_name[name].line)
            kept.add(name)
            return None

    raw_number = (tags.get("Board") or "").strip()
    number = int(raw_number) if is_number(raw_number) and int(raw_number) > 0 else None
    dealer = parsed("Dealer", Seat.parse, "the dealer follows the board number or the auction")
    vulnerability = parsed("Vulnerable", Vulnerability.parse, "the vulnerability follows the board number")
    if vulnerability is None:
        vulnerability = Vulnerability.for_board(number) if number else Vulnerability.NONE
    deal = parsed("Deal", Deal.parse, "the board has no deal")
    if deal is None:
        deal = Deal.from_owners(bytes([4] * 52))
    declarer = parsed("Declarer", lambda v: Seat.parse(v.strip().lstrip("^")), "the declarer follows the auction")
    recorded = parsed("Contract", Contract.parse, "the contract follows the auction")
    if recorded is not None and not recorded.is_passed_out:
        recorded = recorded.with_declarer(declarer)

    notes: dict[str, dict[int, str]] = {"auction": {}, "play": {}}
    for note_tag, context in note_tags:
        m = _NOTE_RE.match(note_tag.value)
        if m is None:
            note(f"not a note: {note_tag.value!r} (expected 'n:text')", "the note as written",
                 note_tag.line)
            continue
        notes[context].setdefault(int(m.group(1)), m.group(2).strip())

    default_dealer = dealer if dealer is not None else (Seat.dealer_for_board(number) if number else Seat.NORTH)
    board = Board(deal=deal, number=number, dealer=default_dealer, vulnerability=vulnerability, tags=tags)
    board.comments = state.comments + comments
    state.comments = []

    def cited_by(rows: list[str]) -> set[int]:
        return {int(n) for n in re.findall(r"=([0-9]+)=", " ".join(rows))}

    def keep_raw(name: str, context: str) -> None:
        # An auction kept as written keeps every note of the game (it may cite those written after the
        # play); a play kept as written, the play's notes that the auction did not take already, nor cites
        # (the auction writes its notes itself).
        rows = _raw_rows(by_name[name].data, text)
        taken = set(board.sections.get("Auction", ()))
        cited = cited_by(rows)
        own = {n for t, c in note_tags if c == context and (n := _note_number_of(t)) is not None}
        by_auction = cited_by(_raw_rows(by_name["Auction"].data, text)) if name == "Play" and "Auction" in by_name \
            else set()
        lines = [t.raw for t, c in note_tags if t.raw and t.raw not in taken and (
            (c == context and (_note_number_of(t) in cited or _note_number_of(t) not in by_auction))
            or (name == "Auction" and _note_number_of(t) in cited - own))]
        board.sections[name] = rows + lines

    if "Auction" in by_name and by_name["Auction"].data:  # an empty section says nothing
        tag = by_name["Auction"]
        try:
            _parse_auction(board, tag, _first_seat(tag, default_dealer), notes)
        except ParseError as exc:
            n = len(board.auction.calls)
            note(exc.message, f"the first {n} call{'s' if n != 1 else ''}; the section is written back as it was",
                 exc.line)
            keep_raw("Auction", "auction")
        start = board.auction.dealer
        if dealer is not None and dealer != start:
            note(f"the auction starts with {start} but the Dealer tag says {dealer}",
                 "the Dealer tag as written; the board's dealer follows the auction", by_name["Auction"].line)
            kept.add("Dealer")
        board.dealer = start
    auction = board.auction
    final = auction.contract
    contract: Contract | None
    if final is not None:
        contract = final
        stated = recorded if recorded is not None else (
            None if declarer is None or final.is_passed_out else final.with_declarer(declarer))
        if stated is not None and (stated.bid != final.bid or (stated.declarer is not None and
                                                               stated.declarer != final.declarer)):
            said = ", ".join(f"{n} {tags[n]!r}" for n in ("Contract", "Declarer") if n in tags)
            line = by_name["Contract" if "Contract" in by_name else "Declarer"].line
            if _tags_win(board, by_name.get("Play"), final, stated, tags, notes):
                # The file's record of the result (which the Result tag counts for) and the play agree
                # with each other, not with the auction: the auction is what was written wrong.
                note(f"the auction ends in {final} but the file says {said}",
                     "the auction as written, unread; the game follows the Contract and Declarer tags", line)
                keep_raw("Auction", "auction")
                board.auction = Auction(board.dealer)
                board.recorded_contract = contract = stated
                final = None
            else:
                note(f"the auction ends in {final} but the file says {said}",
                     "the tags as written; the game follows the auction", line)
                kept.update(n for n in ("Contract", "Declarer") if n in tags)
    else:
        board.recorded_contract = recorded
        contract = recorded
    result = None
    if contract is None or not contract.is_passed_out:
        result = parsed("Result", lambda v: _parse_result(v, contract.declarer if contract else declarer),
                        "the result follows the play")

    def unplayed() -> None:
        board.play = None
        if result is not None:
            board.recorded_tricks = result
        elif final is not None and board.is_playable:
            board.play = Play(deal, final)

    if "Play" in by_name and by_name["Play"].data:
        tag = by_name["Play"]
        if contract is None or contract.is_passed_out or contract.declarer is None:
            note("a Play section needs the contract and its declarer (Contract and Declarer tags or a complete "
                 "auction)", "the section as written, unread", tag.line)
            keep_raw("Play", "play")
            board.recorded_tricks = result
        elif not board.is_playable:
            note(f"cannot play this board: {board.why_unplayable}", "the section as written, unread", tag.line)
            keep_raw("Play", "play")
            board.recorded_tricks = result
        else:
            play = board.play = Play(deal, contract)
            try:
                plus = _parse_play(board, tag, notes)
            except ParseError as exc:
                n = len(play.cards)
                note(exc.message, f"the first {n} card{'s' if n != 1 else ''}; the section is written back as it "
                                  "was", exc.line)
                keep_raw("Play", "play")
                if not play.is_complete:  # else the play counts the tricks (checked below)
                    board.recorded_tricks = result
            else:
                if not play.cards and (plus or result is None):
                    # Nothing played, nothing claimed: the section says no more than an empty one.
                    unplayed()
                elif not play.is_complete and not plus and result is not None:
                    # The play stopped early ('*', or a file that forgot it): the rest went by claim.
                    try:
                        play.make_claim(result - play.declarer_tricks)
                        play.accept_claim()
                    except IllegalClaimError:
                        play.claim = None
                        note(f"Result {result} cannot be reached: the declarer has {play.declarer_tricks} tricks "
                             f"with {play.tricks_left} still to play", "the Result tag as written; the play as far "
                             "as it goes", by_name["Result"].line)
                        kept.add("Result")
                        board.recorded_tricks = result
            if play.is_complete and result is not None and result != play.declarer_tricks:
                note(f"Result {tags['Result']!r} but the declarer won {play.declarer_tricks} tricks in the play",
                     "the tag as written; the tricks follow the play", by_name["Result"].line)
                kept.add("Result")
    elif contract is not None and not contract.is_passed_out:
        unplayed()
    if contract is not None and contract.is_passed_out and not _is_unknown(tags.get("Result")):
        note(f"Result {tags['Result']!r} for a board that was passed out", "the tag as written",
             by_name["Result"].line)
        kept.add("Result")
    for name, tag in by_name.items():
        if name in ("Auction", "Play") or not tag.data:
            continue
        board.sections[name] = _raw_rows(tag.data, text)
    try:
        double_dummy_table(board)
    except RedoubleError as exc:
        name = "OptimumResultTable" if "OptimumResultTable" in str(exc) else "DoubleDummyTricks"
        note(str(exc), "the table as written", by_name[name].line if name in by_name else None)
    # An unknown value ('?', '') stays unknown in the file even where the game tells it.
    kept.update(name for name in ("Dealer", "Vulnerable", "Declarer", "Contract", "Result", "Auction", "Play")
                if name in tags and _is_unknown(tags[name]))
    if kept:
        values = _owned_values(board)
        board.kept_tags = {name: values.get(name) for name in kept if name in OWNED_TAGS}
    return board


def _raw_rows(data: list[_Token], text: str) -> list[str]:
    """The section's data lines as written (inner spacing kept)."""
    rows: list[str] = []
    line = None
    start = end = 0
    for t in data:
        if t.line != line:
            if line is not None:
                rows.append(text[start:end])
            line, start = t.line, t.start
        end = t.end
    if line is not None:
        rows.append(text[start:end])
    # A row whose first word is '%' followed something on its line; at the start of a line it would be
    # read as an escape line.
    return [" " + row if row.startswith("%") else row for row in rows]


def loads(text: str | bytes, *, strict: bool = False) -> Loaded:
    """Read every game of PBN text (bytes are decoded: UTF-8, else Latin-1).

    Every board that can be read is kept, as far as it can be read; ``.problems`` of the result (and
    ``board.problems``) say what was wrong, where, and what was kept. ``strict=True`` raises the first
    problem as a :class:`ParseError` instead. Text in which games were found but no board could be read
    raises :class:`ParseError`.
    """
    source = decode(text)
    tokens = _lex(source)
    games: list[list[_Token]] = [[]]
    for t in tokens:
        if t.kind == "blank":
            if games[-1]:
                games.append([])
        else:
            games[-1].append(t)
    boards: list[Board] = []
    report = Reporter(strict)
    state = _State()
    for game in games:
        if not game:
            continue
        try:
            board = _parse_game(game, source, state, report)
        except ParseError as exc:
            if strict:
                raise
            report.add(Problem(exc.message, "nothing: the board is left out", board=exc.board, line=exc.line,
                               dropped=True))
            state.comments = []
            continue
        if board is not None:
            boards.append(board)
    if state.comments and boards:
        boards[-1].comments.extend((_END, c) for _, c in state.comments)
    return report.finish(boards, found_anything=bool(report.problems))


def load(source: str | os.PathLike[str] | IO[str] | IO[bytes], *, strict: bool = False) -> Loaded:
    """Read a PBN file, given as a path or an open file (text or binary); see :func:`loads`."""
    return loads(read_source(source), strict=strict)


# --- double-dummy tables -----------------------------------------------------------------------------

# --- writing -----------------------------------------------------------------------------------------

def _same(raw: str | None, parse, value: object) -> bool:  # type: ignore[no-untyped-def]
    if raw is None:
        return False
    try:
        return bool(parse(raw) == value)
    except (RedoubleError, ValueError):
        return False


def _owned_values(board: Board) -> dict[str, str | None]:
    raw = board.tags
    values: dict[str, str | None] = {}
    if board.number is not None:
        values["Board"] = raw["Board"] if raw.get("Board", "").strip() == str(board.number) else str(board.number)
    else:
        values["Board"] = raw.get("Board")
    values["Dealer"] = raw["Dealer"] if _same(raw.get("Dealer"), Seat.parse, board.dealer) else str(board.dealer)
    vul = board.vulnerability
    values["Vulnerable"] = raw["Vulnerable"] if _same(raw.get("Vulnerable"), Vulnerability.parse, vul) \
        else str(vul)
    if any(o != 4 for o in board.deal.owners):
        values["Deal"] = raw["Deal"] if _same(raw.get("Deal"), Deal.parse, board.deal) \
            else board.deal.to_pbn(board.dealer)
    else:
        values["Deal"] = raw.get("Deal")
    contract = board.contract
    tricks = board.tricks
    if contract is None:
        for name in ("Declarer", "Contract", "Result"):
            values[name] = raw.get(name)
    elif contract.is_passed_out:
        # A passed-out board has no declarer or result; keep whatever the file said there (a file that
        # wrote its Contract tag without a Declarer tag gets none).
        values["Declarer"] = raw.get("Declarer", None if "Contract" in raw else "")
        values["Contract"] = raw["Contract"] if _same(raw.get("Contract"), Contract.parse, contract) else "Pass"
        values["Result"] = raw["Result"] if _same(raw.get("Result"), _is_unknown, True) else ""
    else:
        decl = contract.declarer
        if decl is None:
            values["Declarer"] = raw.get("Declarer")
        else:
            same = _same(raw.get("Declarer"), lambda v: Seat.parse(v.strip().lstrip("^")), decl)
            values["Declarer"] = raw["Declarer"] if same else str(decl)
        same = _same(raw.get("Contract"), lambda v: Contract.parse(v).bid, contract.bid)
        values["Contract"] = raw["Contract"] if same else contract.bid
        if tricks is not None:
            same = _same(raw.get("Result"), lambda v: _parse_result(v, decl), tricks)
            values["Result"] = raw["Result"] if same else str(tricks)
        else:
            values["Result"] = raw.get("Result") if board.play is not None and board.play.cards else None
    values["Auction"] = _as_written(raw.get("Auction"), _auction_first(board)) \
        if board.auction.calls and "Auction" not in board.sections else raw.get("Auction")
    play = board.play
    values["Play"] = _as_written(raw.get("Play"), _play_columns(board)[0]) \
        if play is not None and "Play" not in board.sections and (play.cards or play.claimed_tricks is not None) \
        else raw.get("Play")
    for name, then in board.kept_tags.items():
        # A tag the reader kept as written, though the game says otherwise: as written while the game
        # still says what it said then.
        if name in raw and values.get(name) == then:
            values[name] = raw[name]
            if name == "Contract" and "Declarer" not in raw:
                # A declarer taken from the auction would turn the tag into the record of another contract.
                values["Declarer"] = None
    return values


def _tag_order(board: Board, values: dict[str, str | None]) -> list[str]:
    order = [name for name in board.tags if name != "Note"]
    for name in MANDATORY_TAGS + ("Auction", "Play"):
        if name in order or name not in values or values[name] is None:
            continue
        rank = _ORDER_RANK[name]
        at = 0
        for k, other in enumerate(order):
            if _ORDER_RANK.get(other, -1) < rank and other in _ORDER_RANK:
                at = k + 1
        order.insert(at, name)
    return order


def _note_numbers(texts: Iterable[str]) -> dict[str, int]:
    numbers: dict[str, int] = {}
    for t in texts:
        numbers.setdefault(t, len(numbers) + 1)
    return numbers


def _as_written(value: str | None, seat: Seat) -> str:
    """The file's value for ``seat`` (``'E '`` stays ``'E '``), else the seat's letter."""
    return value if value is not None and _same(value, Seat.parse, seat) else str(seat)


def _auction_first(board: Board) -> Seat:
    """The seat the Auction tag names: the file's (the calls then follow a '-' for each seat that had none
    before the dealer), else the dealer."""
    try:
        return Seat.parse(board.tags.get("Auction", ""))
    except RedoubleError:
        return board.auction.dealer


def _auction_lines(board: Board) -> list[str]:
    auction = board.auction
    if not auction.calls:
        return []
    notes = _note_numbers(a.explanation for _, a in sorted(auction.annotations.items())
                          if a.explanation is not None)
    cells = ["-"] * ((auction.dealer - _auction_first(board)) % 4)
    for i, call in enumerate(auction.calls):
        cell = str(call)
        ann = auction.annotations.get(i)
        if ann is not None and ann.alert:
            cell += "!"
        if ann is not None and ann.explanation is not None:
            cell += f" ={notes[ann.explanation]}="
        for mark in board.call_marks.get(i, ()):
            cell += f" {mark}"
        cells.append(cell)
    if not auction.is_complete:
        cells.append("*" if board.recorded_contract is not None else "+")
    lines = [" ".join(cells[k:k + 4]) for k in range(0, len(cells), 4)]
    lines += [f'[Note "{_escape(f"{n}:{text}")}"]' for text, n in notes.items()]
    return lines


def _play_columns(board: Board) -> list[Seat]:
    """The seats of the Play section's columns: from the opening leader, or from the seat the file's Play
    tag names (the standard lets the columns start anywhere; a file that does so is written back so)."""
    assert board.play is not None
    try:
        first = Seat.parse(board.tags.get("Play", ""))
    except RedoubleError:
        first = board.play.opening_leader
    return [Seat((first + k) % 4) for k in range(4)]


def _play_lines(board: Board) -> list[str]:
    play = board.play
    if play is None or not (play.cards or play.claimed_tricks is not None):
        return []
    columns = _play_columns(board)
    # Numbered after those an auction kept as written cites, which would take the play's for its own.
    first = max((int(n) for row in board.sections.get("Auction", ()) for n in re.findall(r"=([0-9]+)=", row)),
                default=0)
    notes = {text: first + n for text, n in _note_numbers(text for _, text in sorted(board.card_notes.items())).items()}

    def cell(index: int) -> str:
        text = str(play.cards[index])
        if index in board.card_notes:
            text += f" ={notes[board.card_notes[index]]}="
        for mark in board.card_marks.get(index, ()):
            text += f" {mark}"
        return text

    rows: list[str] = []
    start = 0
    for trick in play.tricks:
        by_seat = {Seat((trick.leader + k) % 4): cell(start + k) for k in range(4)}
        rows.append(" ".join(by_seat[s] for s in columns))
        start += 4
    partial = play.current_trick
    going_on = not play.is_complete and play.claimed_tricks is None
    # A play that stopped short of a Result it cannot reach ends in '*' as it did: '+' would say it goes on.
    stopped = going_on and board.recorded_tricks is not None
    if partial or (going_on and not stopped):
        by_seat = {Seat((play.leader + k) % 4): cell(start + k) for k in range(len(partial))}
        if going_on and not stopped:
            by_seat[play.turn] = "+"
        rows.append(" ".join(by_seat.get(s, "-") for s in columns))
    if (play.claimed_tricks is not None and len(play.tricks) < 13) or stopped:
        rows.append("*")
    rows += [f'[Note "{_escape(f"{n}:{text}")}"]' for text, n in notes.items()]
    return rows


def _game_lines(board: Board, after_a_deal: bool = False) -> tuple[list[str], str | None]:
    """The game's lines, and the value of the Deal tag it has."""
    values = _owned_values(board)
    if after_a_deal and values.get("Deal") is None:
        # Without it, reading would take this game for another table of the board before (see _parse_game).
        values["Deal"] = f"{board.dealer}:- - - -"
    order = _tag_order(board, values)
    lines = [raw for anchor, raw in board.comments if anchor == ""]
    written: set[str] = {""}
    for name in order:
        value = values[name] if name in OWNED_TAGS else board.tags.get(name)
        if value is None:
            continue
        lines.append(f'[{name} "{_escape(value)}"]')
        written.add(name)
        if name in board.sections:  # a supplemental section, or an Auction or Play kept as written
            lines += board.sections[name]
        elif name == "Auction":
            lines += _auction_lines(board)
        elif name == "Play":
            lines += _play_lines(board)
        lines += [raw for anchor, raw in board.comments if anchor == name]
    lines += [raw for anchor, raw in board.comments if anchor not in written and anchor != _END]
    after = [raw for anchor, raw in board.comments if anchor == _END]
    return (lines + ["", *after] if after else lines), values.get("Deal")


def dumps(boards: Iterable[Board]) -> str:
    """PBN text for ``boards``, one game each.

    >>> print(dumps([Board.from_number(2, deal=Deal.random(seed=2))]))  # doctest: +ELLIPSIS
    % PBN 2.1
    [Board "2"]
    [Dealer "E"]
    [Vulnerable "NS"]
    [Deal "E:..."]
    <BLANKLINE>
    """
    games = []
    deal_before: str | None = None  # the last Deal tag written: a game without one is read as its next table
    for board in boards:
        lines, deal = _game_lines(board, bool(deal_before))
        games.append("\n".join(lines) + "\n")
        deal_before = deal if deal is not None else deal_before
    return "% PBN 2.1\n" + "\n".join(games)


def dump(boards: Iterable[Board], target: str | os.PathLike[str] | IO[str]) -> None:
    """Write ``boards`` as PBN to a path or an open text file (UTF-8)."""
    write_text(target, dumps(boards))
