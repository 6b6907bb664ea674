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


def _team_totals(score: TeamsScore) -> dict[str, tuple[float, float, int]]:
    """Each team's IMPs (or board-a-match points) won and lost, and its matches."""
    out: dict[str, tuple[float, float, int]] = {}
    for m in score.matches:
        for team, won, lost in ((m.home, m.home_imps, m.away_imps), (m.away, m.away_imps, m.home_imps)):
            was = out.get(str(team), (0.0, 0.0, 0))
            out[str(team)] = (was[0] + won, was[1] + lost, was[2] + 1)
    return out


def teams_dict(score: TeamsScore, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A scored teams event as JSON-able data: ``{"scoring", "teams": [...], "matches": [...]}``; each team with
    its rank, VPs (``"points"`` for board-a-match) and IMPs won and lost, each match with both teams' IMPs
    and VPs and, when the boards are known, each board's score at both tables."""
    names = names or {}
    totals = _team_totals(score)
    bam = score.method == "bam"
    teams = []
    for s in score.standings:
        won, lost, played = totals.get(s.pair, (0.0, 0.0, 0))
        team: dict[str, Any] = {"team": s.pair, "rank": s.rank, "tied": s.tied, "points" if bam else "vp": s.total}
        if not bam:
            team |= {"imps_won": round(won, 2), "imps_lost": round(lost, 2)}
        team["matches"] = played
        if names.get(s.pair):
            team["name"] = names[s.pair]
        teams.append(team)
    matches = []
    for m in score.matches:
        match: dict[str, Any] = {"round": m.round, "home": str(m.home), "away": str(m.away)}
        if bam:
            match |= {"home_points": m.home_imps, "away_points": m.away_imps}
        else:
            match |= {"home_imps": m.home_imps, "away_imps": m.away_imps, "home_vp": m.home_vp, "away_vp": m.away_vp}
        if m.boards:
            match["boards"] = [{"board": b.board, "home_table": b.home_table, "away_table": b.away_table,
                                "home_points" if bam else "home_imps": b.home_points} for b in m.boards]
        matches.append(match)
    return {"scoring": score.method, "teams": teams, "matches": matches}


def teams_text(score: TeamsScore, names: Mapping[str, str] | None = None) -> str:
    """The teams ranking, then every match, for the terminal."""
    names = names or {}
    bam = score.method == "bam"
    totals = _team_totals(score)
    out = [f"{'Rank':<5} {'Team':<5} {'BAM' if bam else 'VPs':>7} {'' if bam else 'IMPs +/-':>11}  Name".rstrip()]
    for s in score.standings:
        won, lost, _ = totals.get(s.pair, (0.0, 0.0, 0))
        imps = "" if bam else f"{_points(won)}/{_points(lost)}"
        out.append(f"{s.rank_text:<5} {s.pair:<5} {s.total:>7.2f} {imps:>11}  {names.get(s.pair, '')}".rstrip())
    out += ["", "Matches"]
    for m in score.matches:
        unit = "points" if bam else "IMPs"
        out.append(f"round {m.round}: team {m.home} v team {m.away}  {_points(m.home_imps)}-{_points(m.away_imps)} "
                   f"{unit}" + ("" if bam else f"  {m.home_vp:.2f}-{m.away_vp:.2f} VPs"))
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


def teams_csv(score: TeamsScore, names: Mapping[str, str] | None = None) -> str:
    """One line per team: rank, team, VPs (or board-a-match points), IMPs won and lost, matches, name."""
    names = names or {}
    totals = _team_totals(score)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["rank", "team", "points" if score.method == "bam" else "vp", "imps_won", "imps_lost",
                     "matches", "name"])
    for s in score.standings:
        won, lost, matches = totals.get(s.pair, (0.0, 0.0, 0))
        bam = score.method == "bam"
        writer.writerow([s.rank_text, s.pair, s.total, "" if bam else _points(won), "" if bam else _points(lost),
                         matches, names.get(s.pair, "")])
    return buffer.getvalue()


def matches_csv(score: TeamsScore) -> str:
    """One line per match: round, home and away teams, their IMPs (or points) and VPs."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["round", "home", "away", "home_imps", "away_imps", "home_vp", "away_vp", "boards"])
    for m in score.matches:
        writer.writerow([m.round, m.home, m.away, _points(m.home_imps), _points(m.away_imps), _points(m.home_vp),
                         _points(m.away_vp), len(m.boards) or ""])
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


def _team_label(team: int | str, names: Mapping[str, str]) -> str:
    name = names.get(str(team))
    return f"team {team}" + (f" ({name})" if name else "")


def teams_page(title: str, score: TeamsScore, *, names: Mapping[str, str] | None = None, paper: str = "a4") -> str:
    """A teams event on one printable page: the ranking, then each match (with its boards when known)."""
    names = names or {}
    bam = score.method == "bam"
    unit = "points" if bam else "IMPs"
    totals = _team_totals(score)
    rows = []
    for s in score.standings:
        won, lost, matches = totals.get(s.pair, (0.0, 0.0, 0))
        rows.append([s.rank_text, s.pair, names.get(s.pair, ""), f"{s.total:.2f}"]
                    + ([] if bam else [_points(won), _points(lost)]) + [str(matches)])
    headers = ["Rank", "Team", "Name", "Points" if bam else "VPs"] + ([] if bam else ["IMPs won", "IMPs lost"])
    parts = [f"<h1>{escape(title)}</h1>", _html_table(headers + ["Matches"], rows, left=(2,)), "<h2>Matches</h2>"]
    match_rows = [[str(m.round), f"{m.home} {names.get(str(m.home), '')}".strip(),
                   f"{m.away} {names.get(str(m.away), '')}".strip(), f"{_points(m.home_imps)}-{_points(m.away_imps)}"]
                  + ([] if bam else [f"{m.home_vp:.2f}-{m.away_vp:.2f}"]) for m in score.matches]
    parts.append(_html_table(["Round", "Home", "Away", unit] + ([] if bam else ["VPs"]), match_rows, left=(1, 2)))
    for m in score.matches:
        if not m.boards:
            continue
        board_rows = [[str(b.board), "" if b.home_table is None else str(b.home_table),
                       "" if b.away_table is None else str(b.away_table), _points(b.home_points)] for b in m.boards]
        parts.append(f'<section class="card"><h2>Round {m.round}: {escape(_team_label(m.home, names))} v '
                     f'{escape(_team_label(m.away, names))}</h2>'
                     + _html_table(["Board", "Home NS", "Away NS", f"Home {unit}"], board_rows) + "</section>")
    return page(title, "\n".join(parts), paper=paper)


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
