"""LIN, Bridge Base Online's hand-record format: read and write boards.

A LIN file is a run of ``key|value|`` pairs. The ones that make the game:

- ``md``: the deal. The first digit is the dealer (1 South, 2 West, 3 North, 4 East), then the hands of
  South, West, North and East separated by commas, each as ``S...H...D...C...``; the fourth hand may be
  left out (it holds the other 13 cards).
- ``sv``: vulnerability, ``o`` none, ``n`` North-South, ``e`` East-West, ``b`` both.
- ``mb``: a call (``1C`` ... ``7N``, ``p``, ``d``, ``r``); a trailing ``!`` alerts it and an ``an`` pair
  that follows explains it.
- ``pc``: a card played, in playing order; ``mc``: a claim, the declarer's total number of tricks.
- ``pn``: the players, South, West, North, East (a team file's ``pn`` names eight: the open room's
  four, then the closed room's); ``qx``: the board, ``o1`` (open room, board 1) or ``c1``
  (closed room); ``ah``: the heading, ``Board 1``.

``pg`` (page breaks) are written after the auction and after each trick; every other pair (``st``, ``rh``,
``nt``, ``vg``, ``rs`` ...) is kept in ``board.lin_extras`` and written back where it was.

>>> [board] = loads("pn|Ann,Bob,Cy,Di|md|3ST987HT987DT9CT98,S5432H5432D5432C5,SAKQJHAKQDAKQCAKQ,|sv|o|"
...                 "mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|7N|mb|p|mb|p|mb|p|pc|S6|pc|ST|pc|S2|pc|SA|mc|13|")
>>> board.dealer, board.tags["North"], board.contract, board.tricks, board.score()
(Seat.NORTH, 'Cy', Contract.parse('7NT-N'), 13, 1520)
>>> board.auction.annotations[0]
Annotation(alert=True, explanation='strong')

A call or card that cannot be read stops the game there; the board keeps what came before, and the pairs
from there on are kept as written (``problems`` says so). ``strict=True`` refuses the file instead:

>>> loaded = loads("md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5,ST987HT987DT9CT98,|mb|1C|mb|8Z|mb|p|")
>>> loaded[0].auction, [str(p) for p in loaded.problems]  # doctest: +NORMALIZE_WHITESPACE
(Auction(Seat.NORTH, ['1C']), ["token 2: not a call (expected 1C ... 7N, p, d or r): 'mb|8Z|' (kept: the
first 1 call; this pair and the game's pairs after it are written back as they were)"])
>>> loads("md|3SAKQJHAKQDAKQCAKQ,S5432H5432D5432C5,ST987HT987DT9CT98,|mb|8Z|", strict=True)
Traceback (most recent call last):
...
redouble.errors.ParseError: token 1: not a call (expected 1C ... 7N, p, d or r): 'mb|8Z|'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import IO

from redouble.auction import Auction
from redouble.board import Board
from redouble.calls import Call, CallKind
from redouble.cards import Card, Rank, Seat, Suit, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import IllegalCallError, IllegalCardError, IllegalClaimError, ParseError, Problem, RedoubleError
from redouble.play import Play
from redouble.textfile import Loaded, Reporter, decode, is_number, read_source, write_text

__all__ = ["Loaded", "dump", "dumps", "load", "loads", "unwritten"]

_DEALER_OF_DIGIT = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_DIGIT_OF_DEALER = {seat: digit for digit, seat in _DEALER_OF_DIGIT.items()}
_HAND_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_NAME_TAGS = {Seat.SOUTH: "South", Seat.WEST: "West", Seat.NORTH: "North", Seat.EAST: "East"}
_VUL_OF_CODE = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
                "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.ALL}
_CODE_OF_VUL = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.ALL: "b"}
_QX_RE = re.compile(r"^([oc])([0-9]+)$", re.I)
_HEADING_RE = re.compile(r"^Board ([0-9]+)$")
_ROOMS = {"o": "Open", "c": "Closed"}
_BEFORE = -1  # lin_extras position: before the board starts
_CALL_RE = re.compile(r"[1-7][CDHSN]|P|D|R", re.I)
_CALL_RUN_RE = re.compile(r"(?:[1-7][CDHSN]|P|D|R){2,}", re.I)


def _pairs(text: str, report: Reporter) -> list[tuple[str, str]]:
    fields = text.split("|")
    if len(fields) % 2:
        tail = fields.pop()
        if tail.strip():
            report.add(Problem(f"{tail.strip()[:40]!r} has no value (expected key|value|)",
                               "the pairs before it; it is left out", token=len(fields) // 2))
    return [(fields[k].strip().lower(), fields[k + 1]) for k in range(0, len(fields), 2)]


def _parse_hand(text: str) -> Hand:
    mask = 0
    suit: Suit | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in "SHDC":
            suit = Suit.parse(ch)
            continue
        if suit is None:
            raise RedoubleError(f"hand {text!r}: rank {ch!r} before any suit letter")
        try:
            rank = Rank.parse(ch)
        except RedoubleError:
            raise RedoubleError(f"hand {text!r}: {ch!r} is not a rank") from None
        bit = 1 << Card(suit, rank).index
        if mask & bit:
            raise RedoubleError(f"hand {text!r}: {Card(suit, rank)} appears twice")
        mask |= bit
    return Hand(mask)


def _parse_md(value: str) -> tuple[Seat | None, Deal]:
    v = value.strip()
    dealer = None
    if v[:1] in _DEALER_OF_DIGIT:
        dealer, v = _DEALER_OF_DIGIT[v[0]], v[1:]
    elif is_number(v[:1]):
        raise RedoubleError(f"dealer digit {v[0]!r} is not 1 (S), 2 (W), 3 (N) or 4 (E)")
    parts = v.split(",")
    if len(parts) > 4 and any(p.strip() for p in parts[4:]):
        raise RedoubleError(f"{len(parts)} hands (expected South, West, North, East)")
    hands: dict[Seat, Hand] = {}
    for seat, part in zip(_HAND_ORDER, parts[:4], strict=False):
        if part.strip():
            hands[seat] = _parse_hand(part)
    for seat, hand in hands.items():
        if len(hand) > 13:
            raise RedoubleError(f"{seat.name.title()} has {len(hand)} cards")
    hands = {seat: hand for seat, hand in hands.items() if len(hand)}  # 'md|3S...,S...,S...,H|': no cards
    if len(hands) == 3 and all(len(h) == 13 for h in hands.values()):
        missing = next(s for s in _HAND_ORDER if s not in hands)
        used = 0
        for h in hands.values():
            used |= h.mask
        hands[missing] = Hand(((1 << 52) - 1) & ~used)
    return dealer, Deal(hands)


def _quote(key: str, value: str) -> str:
    return f"{key}|{value}|"


def _board_from(pairs: list[tuple[int, str, str]], pre: list[tuple[str, str]], team_names: list[str] | None,
                report: Reporter) -> Board:
    number: int | None = None
    room: str | None = None
    heading_number: int | None = None
    dealer: Seat | None = None
    deal: Deal | None = None
    vul: Vulnerability | None = None
    tags: dict[str, str] = {}
    extras: list[tuple[int, int, str, str]] = [(_BEFORE, _BEFORE, k, v) for k, v in pre]
    auction: Auction | None = None
    play: Play | None = None
    stopped = False  # a call or card could not be read: the game's pairs after it are kept as written
    problems: list[Problem] = []
    label = next((m.group(2) for _, k, v in pairs if k == "qx" and (m := _QX_RE.match(v.strip()))), None)

    def fail(index: int, key: str, value: str, why: str) -> ParseError:
        return ParseError(f"{why}: {_quote(key, value)!r}", token=index, board=label)

    def note(exc: ParseError, kept: str) -> None:
        problem = Problem(exc.message, kept, board=exc.board, token=exc.token)
        report.add(problem)
        problems.append(problem)

    def need_auction(index: int, key: str, value: str) -> Auction:
        nonlocal auction
        if auction is None:
            assert deal is not None
            start = dealer if dealer is not None else Seat.dealer_for_board(number or heading_number or 1)
            auction = Auction(start)
        return auction

    def need_play(index: int, key: str, value: str) -> Play:
        nonlocal play
        if play is None:
            a = auction
            if a is None or not a.is_complete or a.is_passed_out:
                raise fail(index, key, value, "play before the auction has ended in a contract")
            assert deal is not None and a.contract is not None
            try:
                play = Play(deal, a.contract)
            except RedoubleError as exc:
                raise fail(index, key, value, f"cannot play this board ({exc})") from None
        return play

    def game_pair(index: int, key: str, value: str) -> None:
        if key == "mb":
            a = need_auction(index, key, value)
            text = value.strip()
            alert = text.endswith("!")
            try:
                calls = [Call.parse(text.rstrip("!"))]
            except RedoubleError:
                # Problem files write several calls in one pair: 'mb|1nppp|' is 1NT and three passes.
                if not _CALL_RUN_RE.fullmatch(text.rstrip("!")):
                    raise fail(index, key, value, "not a call (expected 1C ... 7N, p, d or r)") from None
                calls = [Call.parse(c) for c in _CALL_RE.findall(text.rstrip("!"))]
            before = len(a.calls)
            try:
                for k, call in enumerate(calls):
                    a.push(call, alert=alert and k == len(calls) - 1)
            except IllegalCallError as exc:
                while len(a.calls) > before:  # the pair is read whole or not at all
                    a.pop()
                raise fail(index, key, value, f"illegal call ({exc})") from None
        elif key == "an":
            assert auction is not None
            auction.annotate(len(auction.calls) - 1, explanation=value.strip())
        elif key == "pc":
            p = need_play(index, key, value)
            try:
                card = Card.parse(value)
            except RedoubleError:
                raise fail(index, key, value, "not a card") from None
            try:
                p.push(card)
            except IllegalCardError as exc:
                raise fail(index, key, value, f"illegal card ({exc})") from None
        else:  # mc
            p = need_play(index, key, value)
            if not is_number(value.strip()):
                raise fail(index, key, value, "not a claim (expected the declarer's total tricks)")
            total = int(value.strip())
            try:
                p.make_claim(total - p.declarer_tricks)
                p.accept_claim()
            except IllegalClaimError as exc:
                p.claim = None
                raise fail(index, key, value, f"impossible claim ({exc})") from None

    for index, key, value in pairs:
        calls = 0 if auction is None else len(auction.calls)
        # Pairs after a settled claim are written after it: one place past the last card.
        cards = 0 if play is None else len(play.cards) + (play.claimed_tricks is not None)
        if key == "qx":
            m = _QX_RE.match(value.strip())
            if m and number is None:
                room, number = _ROOMS[m.group(1).lower()], int(m.group(2))
            else:  # before the deal it opens the board, so it must be written back before the deal
                if deal is not None:
                    extras.append((calls, cards, key, value))
                else:  # with the others written before the board, in their order (as they are read back)
                    extras.insert(sum(1 for e in extras if e[0] == _BEFORE), (_BEFORE, _BEFORE, key, value))
        elif key == "pn" and not any(name in tags for name in _NAME_TAGS.values()) and value.count(",") == 3:
            for seat, name in zip(_HAND_ORDER, value.split(","), strict=True):
                tags[_NAME_TAGS[seat]] = name
        elif key == "md" and deal is None:
            try:
                dealer, deal = _parse_md(value)
            except RedoubleError as exc:
                raise fail(index, key, value, f"not a deal ({exc})") from None
        elif key == "sv" and vul is None:
            code = value.strip().lower()
            try:
                vul = _VUL_OF_CODE[code] if code in _VUL_OF_CODE else Vulnerability.parse(code)
            except RedoubleError:
                note(fail(index, key, value, "not a vulnerability (expected o, n, e or b)"),
                     "the pair as written; the vulnerability follows the board number")
                extras.append((calls, cards, key, value))
        elif key == "ah" and heading_number is None and _HEADING_RE.match(value.strip()):
            heading_number = int(value.strip()[6:])
        elif key in ("mb", "pc", "mc") or (key == "an" and auction is not None and auction.calls):
            if deal is None:  # nothing of this board can be read (a deal after it starts the next one)
                raise fail(index, key, value, f"a {'call' if key == 'mb' else 'card'} before the deal (md)")
            if not stopped:
                try:
                    game_pair(index, key, value)
                    continue
                except ParseError as exc:
                    stopped = True
                    n = len(play.cards) if play is not None else calls
                    what = "card" if play is not None else "call"
                    note(exc, f"the first {n} {what}{'s' if n != 1 else ''}; this pair and the game's pairs after "
                              "it are written back as they were")
            extras.append((calls, cards, key, value))
        else:
            extras.append((calls, cards, key, value))
    if deal is None:
        raise ParseError("a board without a deal (md)", token=pairs[0][0] if pairs else 0, board=label)
    if number is None:
        number = heading_number
    elif heading_number is not None and heading_number != number:
        extras.append((0, 0, "ah", f"Board {heading_number}"))
    if dealer is None:
        dealer = Seat.dealer_for_board(number) if number else Seat.NORTH
    if vul is None:
        vul = Vulnerability.for_board(number) if number else Vulnerability.NONE
    if team_names is not None and not any(name in tags for name in _NAME_TAGS.values()):
        # A team file's pn names eight players: the open room's four, then the closed room's.
        names = team_names[4:8] if room == "Closed" else team_names[:4]
        for seat, name in zip(_HAND_ORDER, names, strict=True):
            tags[_NAME_TAGS[seat]] = name
    if room is not None:
        tags["Room"] = room
    if auction is None:
        auction = Auction(dealer)
    board = Board(deal=deal, number=number, dealer=dealer, vulnerability=vul, auction=auction, play=play,
                  tags=tags)
    board._start_play()
    board.lin_extras = extras
    board.problems = problems
    return board


def _team_names(value: str) -> list[str] | None:
    names = value.split(",")
    return names if len(names) == 8 else None


def loads(text: str | bytes, *, strict: bool = False) -> Loaded:
    """Read every board of LIN text. Problems name the token: the 0-based number of the ``key|value|`` pair.

    As :func:`redouble.pbn.loads`: every board that can be read is kept, as far as it can be read, and
    ``.problems`` says what was wrong and what was kept (``strict=True`` raises the first problem).
    """
    report = Reporter(strict)
    pairs = _pairs(decode(text), report)
    pre: list[tuple[str, str]] = []
    segments: list[list[tuple[int, str, str]]] = []
    team_names: list[list[str] | None] = []  # the eight-name pn in force at the start of each segment
    names: list[str] | None = None
    has_md = has_qx = has_game = has_names = False
    for index, (key, value) in enumerate(pairs):
        if not key or key == "pg":
            continue  # page breaks are written anew
        starts = key == "md" or (key == "pn" and value.count(",") == 3)  # other pn (eight names) never start one
        if key == "pn" and _team_names(value) is not None:
            names = _team_names(value)
        if not segments:
            if key != "qx" and not starts:
                pre.append((key, value))
                continue
            segments.append([])
            team_names.append(names)
        elif (key == "qx" and (has_md or has_qx)) or (starts and (has_md or has_game or (has_names and key == "pn"))):
            # (a deal after calls or cards that had none belongs to the next board, and so do four new names)
            segments.append([])
            team_names.append(names)
            has_md = has_qx = has_game = has_names = False
        has_names = has_names or (key == "pn" and value.count(",") == 3)
        has_md = has_md or key == "md"
        has_qx = has_qx or key == "qx"
        has_game = has_game or key in ("mb", "pc", "mc")
        segments[-1].append((index, key, value))
    boards: list[Board] = []
    for k, segment in enumerate(segments):
        try:
            boards.append(_board_from(segment, pre if k == 0 else [], team_names[k], report))
        except ParseError as exc:
            if strict:
                raise
            report.add(Problem(exc.message, "nothing: the board is left out", board=exc.board, token=exc.token,
                               dropped=True))
    return report.finish(boards, found_anything=bool(segments or report.problems))


def load(source: str | os.PathLike[str] | IO[str] | IO[bytes], *, strict: bool = False) -> Loaded:
    """Read a LIN file, given as a path or an open file (text or binary); see :func:`loads`."""
    return loads(read_source(source), strict=strict)


# --- writing -----------------------------------------------------------------------------------------

def _hand_text(hand: Hand) -> str:
    return "".join(s.letter + "".join(r.letter for r in hand.suit(s)) for s in reversed(Suit))


def _call_text(call: Call) -> str:
    if call.kind == CallKind.PASS:
        return "p"
    if call.kind == CallKind.DOUBLE:
        return "d"
    if call.kind == CallKind.REDOUBLE:
        return "r"
    return str(call).replace("NT", "N")


def _checked(key: str, value: str) -> str:
    if "|" in value:
        raise RedoubleError(f"LIN cannot hold '|' in a {key} value: {value!r}")
    return f"{key}|{value}|"


def _board_text(board: Board) -> str:
    out: list[str] = []
    extras = board.lin_extras

    def emit_extras(where: tuple[int, int] | None, done: set[int]) -> None:
        for k, (calls, cards, key, value) in enumerate(extras):
            if k not in done and (where is None or (calls, cards) == where):
                out.append(_checked(key, value))
                done.add(k)

    done: set[int] = set()
    emit_extras((_BEFORE, _BEFORE), done)
    room = board.tags.get("Room", "").strip().lower()
    wrote_qx = board.number is not None and room in ("open", "closed")
    if wrote_qx:
        out.append(f"qx|{room[0]}{board.number}|")
    if any(name in board.tags for name in _NAME_TAGS.values()) and not any(
            key == "pn" and value.count(",") == 3 for _, _, key, value in extras):
        # LIN separates the names with commas, so a PBN "Family, First" loses its comma.
        names = (board.tags.get(_NAME_TAGS[s], "").replace(", ", " ").replace(",", " ") for s in _HAND_ORDER)
        out.append(_checked("pn", ",".join(names)))
    hands = ",".join(_hand_text(board.deal[s]) if len(board.deal[s]) else "" for s in _HAND_ORDER)
    out.append(f"md|{_DIGIT_OF_DEALER[board.dealer]}{hands}|")
    # Read back, the first heading gives the number, unless qx does (then a heading that differs is kept
    # after md, and written instead).
    if board.number is not None and not (wrote_qx and any(
            key == "ah" and (calls, cards) == (0, 0) and _HEADING_RE.match(value.strip())
            for calls, cards, key, value in extras)):
        out.append(f"ah|Board {board.number}|")
    out.append(f"sv|{_CODE_OF_VUL[board.vulnerability]}|")
    emit_extras((0, 0), done)  # after md, so that they stay with this board when read back
    auction = board.auction
    for i, call in enumerate(auction.calls):
        if i:
            emit_extras((i, 0), done)
        ann = auction.annotations.get(i)
        out.append(f"mb|{_call_text(call)}{'!' if ann is not None and ann.alert else ''}|")
        if ann is not None and ann.explanation is not None:
            out.append(_checked("an", ann.explanation))
    n_calls = len(auction.calls)
    if n_calls:
        emit_extras((n_calls, 0), done)
        if auction.is_complete:
            out.append("pg||")
    play = board.play
    if play is not None:
        for j, card in enumerate(play.cards):
            if j:
                emit_extras((n_calls, j), done)
            out.append(f"pc|{card}|")
            if j % 4 == 3:
                out.append("pg||")
        if play.cards:
            emit_extras((n_calls, len(play.cards)), done)
        if play.claimed_tricks is not None:
            out.append(f"mc|{play.claimed_tricks}|")
    emit_extras(None, done)
    return "".join(out)


def unwritten(board: Board) -> str | None:
    """What of ``board``'s game LIN cannot hold, or None: a contract or result known only from tags
    (LIN records them through the auction and the play), which a PBN file of results often has.

    >>> from redouble import pbn
    >>> [board] = pbn.loads('[Board "1"]\\n[Declarer "S"]\\n[Contract "4H"]\\n[Result "9"]\\n'
    ...                     '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"]\\n')
    >>> unwritten(board)
    'the contract 4H-S and the result (9 tricks) are in tags only: LIN keeps them only as an auction and a play'
    """
    if board.auction.contract is not None:
        return None
    parts = []
    if board.recorded_contract is not None:
        parts.append(f"the contract {board.recorded_contract}")
    if board.recorded_tricks is not None and not (board.play is not None and board.play.is_complete):
        parts.append(f"the result ({board.recorded_tricks} tricks)")
    if not parts:
        return None
    return (f"{' and '.join(parts)} {'are' if len(parts) > 1 else 'is'} in tags only: LIN keeps "
            f"{'them' if len(parts) > 1 else 'it'} only as an auction and a play")


def dumps(boards: Iterable[Board]) -> str:
    """LIN text for ``boards``, one line each.

    >>> print(dumps([Board.from_number(1, deal=Deal.random(seed=1))]))  # doctest: +ELLIPSIS
    md|3S...,S...,S...,S...|ah|Board 1|sv|o|
    <BLANKLINE>
    """
    return "".join(_board_text(b) + "\n" for b in boards)


def dump(boards: Iterable[Board], target: str | os.PathLike[str] | IO[str]) -> None:
    """Write ``boards`` as LIN to a path or an open text file (UTF-8)."""
    write_text(target, dumps(boards))
