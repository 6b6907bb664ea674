"""Printable table and guide cards."""

from __future__ import annotations

import re

import pytest

from redouble.errors import RedoubleError
from redouble.events.cards import guide, guide_cards, table_cards
from redouble.events.event import Event, EventConfig
from redouble.events.movements import howell, mitchell


def event_of(movement, **settings) -> Event:
    return Event(EventConfig("Club <night>", movement=movement.to_spec(), boards_per_round=3, **settings))


def rows(html: str, card: int) -> list[list[str]]:
    section = html.split('<section class="card">')[card + 1]
    return [re.findall(r"<td>(.*?)</td>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", section) if "<td>" in tr]


def test_table_cards_say_who_plays_what_and_where_the_boards_go() -> None:
    event = event_of(mitchell(4))  # relay and bye stand
    event.apply({"op": "names", "names": {"1": "Ann & Bo"}}, who="director")
    html = table_cards(event)
    assert html.count('<section class="card">') == 4
    assert "size: A4" in html and "@media print" in html and "break-after: page" in html
    assert "Club &lt;night&gt;: table 1" in html and "1 Ann &amp; Bo" in html
    # Table 1 shares its boards with table 4 (the relay); they move down to table 3 next.
    assert rows(html, 0)[0] == ["1", "1 Ann &amp; Bo", "5", "1-3", "table 3"]
    assert rows(html, 3)[0][3:] == ["1-3", "table 3"]
    # Table 3's boards go to the bye stand for a round.
    assert rows(html, 2)[0][4] == "rest"
    assert "a bye stand between tables 2 and 3 holds one set" in html
    assert rows(html, 0)[-1][-1] == "end"


def test_guide_cards_follow_a_pair_round_by_round() -> None:
    event = event_of(howell(3))
    lines = guide(event, "1")
    assert len(lines) == 5
    assert sorted(line.opponents for line in lines) == ["2", "3", "4", "5", "6"]
    assert {line.direction for line in lines} == {"NS", "EW"}
    html = guide_cards(event, paper="letter")
    assert "size: letter" in html and html.count('<section class="card">') == 6
    assert rows(html, 0)[0][:3] == [str(lines[0].round), str(lines[0].table),
                                    {"NS": "North-South", "EW": "East-West"}[lines[0].direction]]


def test_sit_outs_are_shown() -> None:
    event = event_of(mitchell(3, phantom=6))
    html = table_cards(event)
    assert any("sits out" in cell for row in rows(html, 2) for cell in row)
    assert [line.table for line in guide(event, "3")].count(None) == 1


def test_bad_requests() -> None:
    with pytest.raises(RedoubleError, match="paper is a4 or letter"):
        table_cards(event_of(mitchell(3)), paper="A3")
    with pytest.raises(RedoubleError, match="there is no pair '9'"):
        guide(event_of(mitchell(3)), "9")
