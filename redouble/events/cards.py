"""Printable cards: a table card for each table and a guide card for each pair, as HTML pages that print
cleanly (one card a page) on A4 or Letter paper.

A table card lists, round by round, the pairs at the table, the boards it plays and where the boards go next;
a guide card tells a pair, round by round, which table and direction it goes to, its opponents and boards.

>>> from redouble.events.event import Event, EventConfig
>>> event = Event(EventConfig("Tuesday", movement={"type": "mitchell", "tables": 3}, boards_per_round=2))
>>> page = table_cards(event, paper="letter")
>>> "size: letter" in page, page.count('class="card"')
(True, 3)
>>> [(line.round, line.table, line.direction, line.opponents) for line in guide(event, "4")][:2]
[(1, 1, 'EW', '1'), (2, 2, 'EW', '2')]
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from redouble.errors import RedoubleError
from redouble.events.event import Event

PAPERS = {"a4": "A4", "letter": "letter"}


def page(title: str, body: str, *, paper: str = "a4") -> str:
    """A whole HTML page for printing: ``body`` under ``title``, each ``.card`` on a page of its own."""
    size = PAPERS.get(paper.lower())
    if size is None:
        raise RedoubleError(f"paper is a4 or letter, not {paper!r}")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>
@page {{ size: {size}; margin: 15mm; }}
body {{ font-family: system-ui, sans-serif; color: #111; margin: 1rem; }}
h1 {{ font-size: 1.4rem; margin: 0 0 .3rem; }}
h2 {{ font-size: 1.2rem; margin: .8rem 0 .3rem; }}
table {{ border-collapse: collapse; margin: .4rem 0 1rem; }}
th, td {{ border: 1px solid #888; padding: .25rem .6rem; text-align: center; }}
td.left, th.left {{ text-align: left; }}
.card {{ break-inside: avoid; margin-bottom: 2rem; }}
.note {{ color: #444; font-size: .9rem; margin: .2rem 0; }}
@media print {{
  body {{ margin: 0; }}
  .card {{ break-after: page; margin: 0; }}
  .card:last-child {{ break-after: auto; }}
  .noprint {{ display: none; }}
}}
</style></head>
<body>
{body}
</body></html>
"""


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    lines = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table>"


def _boards(boards: list[int]) -> str:
    return f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])


def _pair_label(event: Event, pair: int | str) -> str:
    name = event.name_of(str(pair))
    return f"{pair} {name}".strip()


def table_cards(event: Event, *, paper: str = "a4") -> str:
    """One card per table: round, North-South, East-West, boards, and where the boards go next."""
    m = event.movement
    cards = []
    for table in range(1, m.tables + 1):
        rows = []
        for r in range(1, m.rounds + 1):
            seat = m.at(r, table)
            if m.is_sitout(seat):
                sitting = seat.ew if seat.ns in m.phantoms else seat.ns
                rows.append([str(r), f"{sitting} sits out", "", _boards(event.boards_at(r, table)), ""])
                continue
            after = m.next_tables(r, table) if r < m.rounds else []
            to = ", ".join(f"table {t}" for t in after) if after else ("end" if r == m.rounds else "rest")
            rows.append([str(r), _pair_label(event, seat.ns), _pair_label(event, seat.ew),
                         _boards(event.boards_at(r, table)), to])
        notes = "".join(f'<p class="note">{escape(n)}</p>' for n in m.notes)
        cards.append(f'<section class="card"><h1>{escape(event.config.name)}: table {table}</h1>'
                     f'<p class="note">{escape(m.name)}, {event.config.boards_per_round} boards a round</p>'
                     + _table(["Round", "North-South", "East-West", "Boards", "Boards go to"], rows) + notes
                     + "</section>")
    return page(f"{event.config.name}: table cards", "\n".join(cards), paper=paper)


@dataclass(frozen=True, slots=True)
class GuideLine:
    """Where a pair goes in one round (``table`` None: it sits out)."""

    round: int
    table: int | None
    direction: str
    opponents: str
    boards: list[int]


def guide(event: Event, pair: str) -> list[GuideLine]:
    """``pair``'s rounds: table, direction (``'NS'``/``'EW'``), opponents and boards."""
    if pair not in event.pairs:
        raise RedoubleError(f"there is no pair {pair!r} in this event")
    m = event.movement
    lines = []
    for seat in m.rounds_of(int(pair)):
        boards = event.boards_at(seat.round, seat.table)
        if m.is_sitout(seat):
            lines.append(GuideLine(seat.round, None, "", "", boards))
        else:
            lines.append(GuideLine(seat.round, seat.table, seat.direction(int(pair)),
                                   str(seat.opponent(int(pair))), boards))
    return lines


def guide_cards(event: Event, *, paper: str = "a4") -> str:
    """One card per pair: where it sits each round."""
    cards = []
    names = {"NS": "North-South", "EW": "East-West"}
    for pair in event.pairs:
        rows = [[str(g.round), "sit out" if g.table is None else str(g.table), names.get(g.direction, ""),
                 _pair_label(event, g.opponents) if g.opponents else "", _boards(g.boards)]
                for g in guide(event, pair)]
        cards.append(f'<section class="card"><h1>{escape(event.config.name)}: pair {escape(_pair_label(event, pair))}'
                     "</h1>" + _table(["Round", "Table", "Direction", "Against", "Boards"], rows) + "</section>")
    return page(f"{event.config.name}: guide cards", "\n".join(cards), paper=paper)
