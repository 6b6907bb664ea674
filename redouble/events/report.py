"""An event's results as people read them: rankings, travellers, personal score cards and hand records,
as printable HTML, as CSV, and as plain text for the terminal.

>>> from redouble.events.results import Result
>>> from redouble.events.scoring import score_pairs
>>> score = score_pairs([Result.played(1, "1", "3", "4S", "N", 10), Result.played(1, "2", "4", "4S", "N", 9)])
>>> print(ranking_text(score, {"1": "Ann - Bo"}))
Rank  Pair   Score    Top      %  Names
1=    1        2.0    2.0 100.00  Ann - Bo
1=    4        2.0    2.0 100.00
3=    2        0.0    2.0   0.00
3=    3        0.0    2.0   0.00
>>> print(rankings_csv(score, {"1": "Ann - Bo"}).splitlines()[1])
1=,1,,2.0,2.0,100.0,1,Ann - Bo
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from html import escape
from typing import Any

from redouble.board import Board
from redouble.cards import Seat, Strain, Suit
from redouble.events.cards import page
from redouble.events.scoring import PairsScore, Standing, TeamsScore

_FIELD_NAMES = {"": "", "NS": "North-South", "EW": "East-West"}


def _points(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"


def _unit(score: PairsScore) -> str:
    return "MP" if score.method == "mp" else "IMPs"


# --- plain data ----------------------------------------------------------------------------------------------

def standing_dict(s: Standing, score: PairsScore, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A standing as ``redouble event score --json`` prints it."""
    out: dict[str, Any] = {"pair": s.pair, "rank": s.rank, "tied": s.tied}
    if score.method == "mp":
        out |= {"matchpoints": s.total, "top": s.top, "percentage": s.percentage}
    else:
        out |= {"imps": s.total}
    out["boards"] = s.boards
    if s.field:
        out["field"] = s.field
    if names and names.get(s.pair):
        out["names"] = names[s.pair]
    return out


def score_dict(score: PairsScore, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The whole scored event as JSON-able data: ``{"pairs": [...], "boards": [...]}``."""
    key = "matchpoints" if score.method == "mp" else "imps"
    boards = []
    for board, lines in sorted(score.travellers.items()):
        rows = []
        for line in lines:
            r = line.result
            row: dict[str, Any] = {"ns": r.ns, "ew": r.ew, "result": r.text}
            if r.contract is not None:
                row["contract"] = r.contract.bid
                if r.declarer is not None:
                    row |= {"declarer": str(r.declarer), "tricks": r.tricks}
            if r.lead is not None:
                row["lead"] = str(r.lead)
            row["score"] = r.ns_score
            if r.ew_score != r.ns_score:
                row["ew_score"] = r.ew_score
            row[f"ns_{key}"], row[f"ew_{key}"] = line.ns_points, line.ew_points
            if line.datum is not None:
                row["datum"] = line.datum
            rows.append(row)
        entry: dict[str, Any] = {"board": board, "results": rows}
        if score.method == "mp":
            entry["top"] = lines[0].top if lines else 0
        boards.append(entry)
    return {"scoring": score.method, "pairs": [standing_dict(s, score, names) for s in score.standings],
            "boards": boards}


# --- text ----------------------------------------------------------------------------------------------------

def ranking_text(score: PairsScore, names: Mapping[str, str] | None = None) -> str:
    """The ranking (each field under its name) as a plain-text table."""
    names = names or {}
    out = []
    mp = score.method == "mp"
    for field_name, standings in score.by_field().items():
        if field_name:
            out.append(_FIELD_NAMES[field_name])
        header = f"{'Rank':<5} {'Pair':<5} {'Score':>6} {'Top':>6} {'%':>6}  Names" if mp else \
            f"{'Rank':<5} {'Pair':<5} {'IMPs':>8}  Names"
        out.append(header)
        for s in standings:
            if mp:
                line = f"{s.rank_text:<5} {s.pair:<5} {s.total:>6.1f} {s.top:>6.1f} {s.percentage or 0:>6.2f}"
            else:
                line = f"{s.rank_text:<5} {s.pair:<5} {s.total:>8.2f}"
            out.append(f"{line}  {names.get(s.pair, '')}".rstrip())
    return "\n".join(out)


def teams_text(score: TeamsScore, names: Mapping[str, str] | None = None) -> str:
    names = names or {}
    unit = "BAM" if score.method == "bam" else "VPs"
    out = [f"{'Rank':<5} {'Team':<5} {unit:>7}  Name"]
    out += [f"{s.rank_text:<5} {s.pair:<5} {s.total:>7.2f}  {names.get(s.pair, '')}".rstrip() for s in score.standings]
    out += ["", "Matches"]
    for m in score.matches:
        unit = "points" if score.method == "bam" else "IMPs"
        out.append(f"round {m.round}: team {m.home} v team {m.away}  {_points(m.home_imps)}-{_points(m.away_imps)} "
                   f"{unit}" + ("" if score.method == "bam" else f"  {m.home_vp:.2f}-{m.away_vp:.2f} VPs"))
    return "\n".join(out)


# --- CSV -----------------------------------------------------------------------------------------------------

def rankings_csv(score: PairsScore, names: Mapping[str, str] | None = None) -> str:
    """One line per pair: rank, pair, field, total, top, percentage, boards, names."""
    names = names or {}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "pair", "field", "total", "top", "percentage", "boards", "names"])
    for s in score.standings:
        writer.writerow([s.rank_text, s.pair, s.field, s.total, s.top if score.method == "mp" else "",
                         "" if s.percentage is None else s.percentage, s.boards, names.get(s.pair, "")])
    return buffer.getvalue()


def travellers_csv(score: PairsScore) -> str:
    """One line per result: board, round, table, pairs, contract, declarer, tricks, lead, scores, points."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    unit = "mp" if score.method == "mp" else "imps"
    writer.writerow(["board", "round", "table", "ns", "ew", "result", "contract", "declarer", "tricks", "lead",
                     "ns_score", "ew_score", f"ns_{unit}", f"ew_{unit}"])
    for board, lines in sorted(score.travellers.items()):
        for line in lines:
            r = line.result
            writer.writerow([board, r.round or "", r.table or "", r.ns, r.ew, r.text,
                             "" if r.contract is None else r.contract.bid,
                             "" if r.declarer is None else str(r.declarer), "" if r.tricks is None else r.tricks,
                             "" if r.lead is None else str(r.lead), "" if r.ns_score is None else r.ns_score,
                             "" if r.ew_score is None else r.ew_score, _points(line.ns_points),
                             _points(line.ew_points)])
    return buffer.getvalue()


# --- HTML ----------------------------------------------------------------------------------------------------

def _html_table(headers: list[str], rows: list[list[str]], *, left: tuple[int, ...] = ()) -> str:
    head = "".join(f'<th{" class=left" if k in left else ""}>{escape(h)}</th>' for k, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f'<td{" class=left" if k in left else ""}>{escape(c)}</td>'
                                    for k, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def ranking_html(score: PairsScore, names: Mapping[str, str] | None = None) -> str:
    names = names or {}
    parts = []
    for field_name, standings in score.by_field().items():
        if field_name:
            parts.append(f"<h2>{escape(_FIELD_NAMES[field_name])}</h2>")
        if score.method == "mp":
            rows = [[s.rank_text, s.pair, names.get(s.pair, ""), _points(s.total), _points(s.top),
                     f"{s.percentage:.2f}"] for s in standings]
            parts.append(_html_table(["Rank", "Pair", "Names", "MP", "Top", "%"], rows, left=(2,)))
        else:
            rows = [[s.rank_text, s.pair, names.get(s.pair, ""), f"{s.total:.2f}", str(s.boards)] for s in standings]
            parts.append(_html_table(["Rank", "Pair", "Names", "IMPs", "Boards"], rows, left=(2,)))
    return "".join(parts)


def traveller_html(score: PairsScore, board: int) -> str:
    unit = _unit(score)
    rows = []
    for line in score.travellers.get(board, []):
        r = line.result
        plus = "" if r.ns_score is None or r.ns_score <= 0 else str(r.ns_score)
        minus = "" if r.ns_score is None or r.ns_score >= 0 else str(-r.ns_score)
        rows.append([r.ns, r.ew, r.text, plus, minus, _points(line.ns_points), _points(line.ew_points)])
    return _html_table(["NS", "EW", "Result", "NS +", "NS -", f"NS {unit}", f"EW {unit}"], rows, left=(2,))


def score_card_html(score: PairsScore, pair: str, names: Mapping[str, str] | None = None) -> str:
    names = names or {}
    rows = []
    for line in score.score_card(pair):
        compared = f"datum {line.datum}" if line.datum is not None else \
            " ".join(str(s) for s in line.compared_with)
        rows.append([str(line.board), "" if line.round is None else str(line.round),
                     {"NS": "N-S", "EW": "E-W"}[line.direction], line.opponents, line.result,
                     "" if line.score is None else str(line.score), _points(line.points),
                     _points(line.top) if score.method == "mp" else "", compared])
    standing = score.standing(pair)
    total = f"{_points(standing.total)} {_unit(score)}" + (
        f", {standing.percentage:.2f}%" if standing.percentage is not None else "")
    title = f"Pair {pair} {names.get(pair, '')}".strip()
    return (f"<h2>{escape(title)}</h2><p class=note>{escape(total)}, rank {escape(standing.rank_text)}</p>"
            + _html_table(["Board", "Round", "Dir", "Against", "Result", "Score", _unit(score), "Top",
                           "Compared with"], rows, left=(4, 8)))


def hand_record_html(board: Board) -> str:
    """A board's four hands, its double-dummy table and par (when the board carries or can get them)."""
    deal = board.deal
    if not deal.is_complete:
        return ""

    def hand(seat: Seat) -> str:
        h = deal[seat]
        lines = "".join(f"<div>{s.symbol} {escape(' '.join(r.letter for r in h.suit(s)) or '—')}</div>"
                        for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
        return f"<div class=hand><b>{seat.letter}</b>{lines}</div>"

    info = f"Board {board.number}<br>Dealer {board.dealer.letter}<br>{escape(str(board.vulnerability))}"
    grid = (f"<div class=deal><div></div>{hand(Seat.NORTH)}<div></div>{hand(Seat.WEST)}"
            f"<div class=info>{info}</div>{hand(Seat.EAST)}<div></div>{hand(Seat.SOUTH)}<div></div></div>")
    table = _dd_html(board)
    return f'<div class="board">{grid}{table}</div>'


def _dd_html(board: Board) -> str:
    from redouble.dd import DDTable, SolverUnavailableError, par, solve_deal, table_from_board

    found: DDTable | None = table_from_board(board)
    try:
        if found is None:
            found = solve_deal(board.deal)
        par_result = par(found, board.vulnerability, board.dealer)
    except SolverUnavailableError:
        return '<p class="note">(double-dummy analysis needs the DDS solver)</p>' if found is None else ""
    strains = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
    rows = [[seat.letter] + [str(found.tricks(seat, s)) for s in strains]
            for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)]
    return (_html_table(["", "NT", "♠", "♥", "♦", "♣"], rows)
            + f'<p class="note">Par: {escape(str(par_result))}</p>')


RESULTS_STYLE = """<style>
.deal { display: grid; grid-template-columns: repeat(3, 9rem); gap: .3rem; margin: .5rem 0; }
.hand div, .info { font-family: ui-monospace, monospace; }
</style>"""


def results_page(title: str, score: PairsScore, *, names: Mapping[str, str] | None = None,
                 boards: Mapping[int, Board] | None = None, score_cards: bool = True, paper: str = "a4") -> str:
    """The whole event on one printable page: ranking, then each board's hand record and traveller, then each
    pair's score card."""
    parts = [RESULTS_STYLE, f"<h1>{escape(title)}</h1>", ranking_html(score, names)]
    for number in sorted(score.travellers):
        record = hand_record_html(boards[number]) if boards and number in boards else ""
        parts.append(f'<section class="card"><h2>Board {number}</h2>{record}{traveller_html(score, number)}</section>')
    if score_cards:
        for s in score.standings:
            parts.append(f'<section class="card">{score_card_html(score, s.pair, names)}</section>')
    return page(title, "\n".join(parts), paper=paper)
