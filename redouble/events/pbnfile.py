"""Club results in PBN: the ``ScoreTable`` (a board's traveller) and ``TotalScoreTable`` (the ranking) sections.

The PBN reader keeps a supplemental section's rows in ``board.sections`` and its column list in the tag's
value, e.g. ``Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R``: each
column a name and an optional width and alignment. Values are separated by spaces; a value with spaces in it
is quoted; ``-`` is an empty value.

:func:`read_results` turns the travellers of a file into :class:`~redouble.events.results.Result` objects
(the scores recomputed from contract, declarer and tricks; a row whose score disagrees is reported);
:func:`read_deals` takes an event's deals from a hand-record file (what it could not use is reported);
:func:`with_score_tables` writes an event's travellers and ranking back into boards, as clubs publish them.

>>> from redouble import pbn
>>> text = '''[Board "1"]
... [Vulnerable "None"]
... [ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Contract\\\\4L;Declarer\\\\1R;Result\\\\2R"]
...  1  8 4S   N 10
...  2  7 3NT  S 10
... '''
>>> found = read_results(pbn.loads(text))
>>> [(r.ns, r.ew, r.ns_score) for r in found.results], found.problems
([('1', '8', 420), ('2', '7', 430)], [])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from redouble import pbn
from redouble.board import Board
from redouble.calls import Contract
from redouble.errors import RedoubleError
from redouble.events.results import ARTIFICIAL, Result, percent_name
from redouble.events.scoring import PairsScore

SCORE_TABLE = "ScoreTable"
TOTAL_SCORE_TABLE = "TotalScoreTable"
_TOKEN_RE = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_COLUMN_RE = re.compile(r"^\s*([+-]?)([A-Za-z0-9_]+)\s*(?:\\(\d+)([LR]?))?\s*$")


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a PBN table: name, width (0: none given) and alignment (``'L'``/``'R'``)."""

    name: str
    width: int = 0
    align: str = "R"

    def __str__(self) -> str:
        return self.name + (f"\\{self.width}{self.align}" if self.width else "")


def parse_columns(spec: str) -> list[Column]:
    """The columns of a table tag's value.

    >>> parse_columns("PairId_NS\\\\2R;Contract\\\\4L;Names")
    [Column(name='PairId_NS', width=2, align='R'), Column(name='Contract', width=4, align='L'), \
Column(name='Names', width=0, align='R')]
    """
    columns = []
    for k, part in enumerate(spec.split(";")):
        if not part.strip():
            continue
        m = _COLUMN_RE.match(part)
        if m is None:
            raise RedoubleError(f"column {k + 1} of {spec!r} is not a name with an optional \\width and L/R")
        columns.append(Column(m.group(2), int(m.group(3) or 0), m.group(4) or "R"))
    return columns


def split_row(row: str) -> list[str | None]:
    """The values of a table row; ``-`` and ``""`` are None.

    >>> split_row(' 1 "Ann Smith - Bo Li" - 4S "420"')
    ['1', 'Ann Smith - Bo Li', None, '4S', '420']
    """
    out: list[str | None] = []
    for m in _TOKEN_RE.finditer(row):
        if m.group(1) is not None:
            value = m.group(1).replace('\\"', '"')
            out.append(value if value.strip() else None)
        else:
            out.append(None if m.group(2) == "-" else m.group(2))
    return out


def table_rows(board: Board, name: str) -> list[dict[str, str | None]]:
    """The rows of ``board``'s ``name`` table as column -> value (missing trailing values are None)."""
    spec, rows = board.tags.get(name), board.sections.get(name)
    if not spec or not rows:
        return []
    columns = parse_columns(spec)
    out = []
    for row in rows:
        values = split_row(row)
        if len(values) > len(columns):
            raise RedoubleError(f"board {board.number}: {name} row {row.strip()!r} has {len(values)} values for "
                                f"{len(columns)} columns")
        values += [None] * (len(columns) - len(values))
        out.append({c.name: v for c, v in zip(columns, values, strict=True)})
    return out


def readable_rows(board: Board, name: str, problems: list[str]) -> list[dict[str, str | None]]:
    """:func:`table_rows`, or none when the table cannot be read (the reason goes to ``problems``)."""
    try:
        return table_rows(board, name)
    except RedoubleError as exc:
        problems.append(str(exc))
        return []


@dataclass
class FileResults:
    """What a club results file holds: the results, the pair names, the published figures, and problems
    (rows that could not be read or whose published score disagrees with the contract's)."""

    results: list[Result] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    published_mp: dict[tuple[int, str], float] = field(default_factory=dict)
    published_totals: list[dict[str, str | None]] = field(default_factory=list)
    scoring: str | None = None
    problems: list[str] = field(default_factory=list)
    section_of: dict[tuple[int, str, str], str] = field(default_factory=dict)

    def by_section(self) -> dict[str, list[Result]]:
        """The results of each section (``Section`` column), for scoring sections apart; one section
        ``''`` when the file has no such column."""
        out: dict[str, list[Result]] = {}
        for r in self.results:
            out.setdefault(self.section_of.get(r.key, ""), []).append(r)
        return out


@dataclass
class FileDeals:
    """What a hand-record file gives an event: ``deals`` (board number -> board, all 52 cards dealt), the
    event's boards whose deal is not complete (``incomplete``), the boards that are not the event's
    (``unused``), and what the reader found wrong (``problems``)."""

    deals: dict[int, Board] = field(default_factory=dict)
    incomplete: list[int] = field(default_factory=list)
    unused: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def read_deals(text: str | bytes, board_numbers: Iterable[int]) -> FileDeals:
    """The deals of ``board_numbers`` in PBN ``text``, read leniently: a hand record needs all 52 cards, and
    what was not used is said (a board the reader's problems already name is not named again).

    >>> deal = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"
    >>> text = f'[Board "1"]\\n[Deal "{deal}"]\\n\\n[Board "2"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\\n\\n[Board "9"]\\n'
    >>> found = read_deals(text, [1, 2, 3])
    >>> sorted(found.deals), found.incomplete, found.unused, found.problems
    ([1], [2], [9], [])
    """
    wanted = set(board_numbers)
    loaded = pbn.loads(text)
    found = FileDeals(problems=[str(problem) for problem in loaded.problems])
    incomplete: set[int] = set()
    for board in loaded:
        number = board.number
        if number is None:
            continue
        if number not in wanted:
            found.unused.append(number)
        elif board.deal.is_complete:
            found.deals[number] = board
        elif not board.problems:
            incomplete.add(number)
    found.incomplete = sorted(incomplete - set(found.deals))
    found.unused = sorted(set(found.unused))
    return found


def _int(value: str | None) -> int | None:
    if value is None:
        return None
    text = value.strip()
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def _artificial(cell: str) -> bool:
    return cell in ARTIFICIAL or re.fullmatch(r"\d+(\.\d+)?%", cell) is not None


def _contract_text(text: str) -> str:
    # Club programs write no trumps as N ("3N", "2NX"); Contract.parse wants NT.
    m = re.fullmatch(r"([1-7])N((?:XX?)?)", text.strip().upper())
    return f"{m.group(1)}NT{m.group(2)}" if m else text


def read_results(boards: Iterable[Board]) -> FileResults:
    """Every traveller row of ``boards`` as a result; problems are collected, not raised."""
    found = FileResults()
    for board in boards:
        if found.scoring is None and board.tags.get("Scoring"):
            found.scoring = board.tags["Scoring"]
        for row in readable_rows(board, TOTAL_SCORE_TABLE, found.problems):
            found.published_totals.append(row)
            pair = row.get("PairId") or row.get("TeamId")
            if pair and row.get("Names"):
                found.names[pair] = row["Names"] or ""
        if board.number is None:
            continue
        for k, row in enumerate(readable_rows(board, SCORE_TABLE, found.problems)):
            result = _row_result(board, row, k + 1, found)
            if result is not None:
                found.results.append(result)
                if row.get("Section"):
                    found.section_of[result.key] = row["Section"] or ""
    return found


def _row_result(board: Board, row: dict[str, str | None], line: int, found: FileResults) -> Result | None:
    number = board.number
    assert number is not None
    ns, ew = row.get("PairId_NS"), row.get("PairId_EW")
    if ns is None or ew is None:
        return None  # a sit-out ("Bye") row
    where = f"board {number}, {SCORE_TABLE} row {line}"
    round_, table = _int(row.get("Round")), _int(row.get("Table"))
    place: dict[str, int | None] = {"round": round_ if round_ and round_ > 0 else None,
                                    "table": table if table and table > 0 else None}
    contract = (row.get("Contract") or "").strip()
    score_ns, score_ew = _int(row.get("Score_NS")), _int(row.get("Score_EW"))
    published = score_ns if score_ns is not None else (-score_ew if score_ew is not None else None)
    raw_ns, raw_ew = (row.get("Score_NS") or "").strip().upper(), (row.get("Score_EW") or "").strip().upper()
    try:
        if _artificial(raw_ns) or _artificial(raw_ew):
            # Artificial scores stand in the score columns ("A+" "A+": both sides given average plus).
            result = Result.artificial_score(number, ns, ew, raw_ns or "A", raw_ew or None, **place)
        elif contract:
            result = Result.played(number, ns, ew, _contract_text(contract), row.get("Declarer"),
                                   row.get("Result"), vulnerability=board.vulnerability, lead=row.get("Lead"),
                                   round=place["round"], table=place["table"])
            if published is not None and published != result.ns_score:
                found.problems.append(f"{where}: the file's score {published} for {contract} "
                                      f"{row.get('Declarer') or ''} {row.get('Result') or ''} is not the "
                                      f"contract's score, {result.ns_score}; the contract's is used")
        elif published is not None:
            result = Result.assigned(number, ns, ew, published, round=place["round"], table=place["table"])
        else:
            result = Result.not_played(number, ns, ew, **place)
    except RedoubleError as exc:
        found.problems.append(f"{where}: {exc}; the row is left out")
        return None
    for side, pair in (("NS", ns), ("EW", ew)):
        value = row.get(f"MP_{side}")
        if value is not None:
            try:
                found.published_mp[number, pair] = float(value)
            except ValueError:
                pass
    return result


def scoring_method(scoring_tag: str | None) -> str:
    """The pairs scoring a PBN ``Scoring`` tag names: ``'mp'``, ``'butler'`` or ``'cross-imps'``.

    >>> [scoring_method(v) for v in ("MatchPoints;MP1", "IMP;Butler-2;Mean", "IMP;Cross", None)]
    ['mp', 'butler', 'cross-imps', 'mp']
    """
    words = (scoring_tag or "").upper().replace(";", " ").replace(",", " ").split()
    if any(w.startswith("BUTLER") for w in words):
        return "butler"
    if any(w.startswith("CROSS") for w in words) or "IMP" in words or "IMPS" in words:
        return "cross-imps"
    return "mp"


# --- writing -------------------------------------------------------------------------------------------------

_SCORE_COLUMNS = (Column("Table", 2), Column("Round", 2), Column("PairId_NS", 3), Column("PairId_EW", 3),
                  Column("Contract", 5, "L"), Column("Declarer", 1), Column("Result", 2), Column("Lead", 3, "L"),
                  Column("Score_NS", 6), Column("Score_EW", 6))


Cell = str | float | int | None


def format_table(columns: Sequence[Column], rows: Iterable[Sequence[Cell]]) -> tuple[str, list[str]]:
    """A table tag's value and its rows, each value padded to its column's width (strings with spaces quoted).

    >>> format_table([Column("PairId", 2), Column("Names", 12, "L")], [[3, "Ann - Bo"]])
    ('PairId\\\\2R;Names\\\\12L', [' 3 "Ann - Bo"  '])
    """
    lines = []
    for row in rows:
        cells = []
        for column, value in zip(columns, row, strict=True):
            if value is None or value == "":
                text = "-"
            elif isinstance(value, float):
                text = f"{value:.2f}"
            else:
                text = str(value)
                if any(ch.isspace() for ch in text) or text.startswith('"'):
                    text = '"' + text.replace('"', '\\"') + '"'
            cells.append(text.ljust(column.width) if column.align == "L" else text.rjust(column.width))
        lines.append(" ".join(cells))
    return ";".join(str(c) for c in columns), lines


def with_score_tables(boards: Sequence[Board], score: PairsScore, names: dict[str, str] | None = None,
                      *, percentages: bool = True) -> list[Board]:
    """Copies of ``boards`` carrying the event's traveller (``ScoreTable``) on each board and its ranking
    (``TotalScoreTable``) on the first, as club programs export them. Boards without results get none."""
    imp = score.method != "mp"
    value = "IMP" if imp else "MP"
    columns = list(_SCORE_COLUMNS) + [Column(f"{value}_NS", 6), Column(f"{value}_EW", 6)]
    if not imp and percentages:
        columns += [Column("Percentage_NS", 3), Column("Percentage_EW", 3)]
    out = []
    for k, board in enumerate(boards):
        copy = replace(board, tags=dict(board.tags), sections=dict(board.sections), comments=list(board.comments))
        traveller = score.travellers.get(board.number or -1, [])
        rows = []
        for line in traveller:
            r = line.result
            contract = None if r.contract is None else r.contract.bid
            ns_score = r.ns_score if r.ns_score is not None and r.ns_score >= 0 else None
            ew_score = -r.ns_score if r.ns_score is not None and r.ns_score < 0 else None
            ns_cell = None if ns_score is None else str(ns_score)
            ew_cell = None if ew_score is None else str(ew_score)
            if r.artificial is not None:
                # As club programs write them: no contract, the artificial score in each side's column.
                ns_cell, ew_cell = (percent_name(p) for p in r.artificial)
            row: list[str | float | int | None] = [
                r.table, r.round, r.ns, r.ew, contract, None if r.declarer is None else str(r.declarer),
                r.tricks, None if r.lead is None else str(r.lead),
                ns_cell, ew_cell, line.ns_points, line.ew_points]
            if not imp and percentages:
                row += [None if line.ns_points is None or not line.top else round(100 * line.ns_points / line.top),
                        None if line.ew_points is None or not line.top else round(100 * line.ew_points / line.top)]
            rows.append(row)
        if rows:
            copy.tags[SCORE_TABLE], copy.sections[SCORE_TABLE] = format_table(columns, rows)
        if k == 0:
            copy.tags[TOTAL_SCORE_TABLE], copy.sections[TOTAL_SCORE_TABLE] = total_score_table(score, names)
        out.append(copy)
    return out


def total_score_table(score: PairsScore, names: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The ``TotalScoreTable`` tag value and rows for ``score``'s standings."""
    names = names or {}
    imp = score.method != "mp"
    columns = [Column("Rank", 3), Column("PairId", 3), Column("Direction", 5)]
    columns += [Column("TotalScoreIMP", 7)] if imp else [Column("TotalScoreMP", 7), Column("TotalPercentage", 6)]
    columns += [Column("NrBoards", 3), Column("Names", 30, "L")]
    rows: list[list[str | float | int | None]] = []
    for s in score.standings:
        direction = {"NS": "N-S", "EW": "E-W"}.get(s.field, "")
        row: list[str | float | int | None] = [s.rank_text, s.pair, direction or None, s.total]
        if not imp:
            row.append(s.percentage)
        row += [s.boards, names.get(s.pair)]
        rows.append(row)
    return format_table(columns, rows)


def contract_of(text: str) -> Contract:
    """A contract as club files write it (``3N``, ``2NX``, ``4S``, ``Pass``)."""
    return Contract.parse(_contract_text(text))
