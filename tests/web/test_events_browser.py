"""The Director area in a real browser: a whole 3-table Mitchell, each table entering its results from its own
phone-sized page, the director correcting one entry and the ranking following."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from test_browser import SHOTS, browser, server, shot, step  # noqa: F401 - the fixtures

from redouble.events.results import Result
from redouble.events.scoring import score_pairs
from redouble.events.usebio import read_usebio, write_usebio

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def open_director(chromium: Any, url: str) -> tuple[Any, Any, list[str]]:
    """The Director page in a desktop-sized window, and the list its script errors go to."""
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/director")
    return context, page, errors


def create_event(director: Any, name: str, *, movement: str | None = None, tables: int | None = None,
                 online: bool = False) -> None:
    """Fill the director's new-event form (one board a round) and create the event."""
    director.fill("#ev-name", name)
    if movement is not None:
        director.select_option("#ev-movement", movement)
    if tables is not None:
        director.fill("#ev-tables", str(tables))
    director.fill("#ev-bpr", "1")
    if online:
        director.check("#ev-online")
    director.click("text=Create the event")
    director.wait_for_selector(f"h1:has-text('{name}')")


def table_links(director: Any) -> dict[int, str]:
    """The event's table links by table number, once the director's page shows them."""
    director.wait_for_selector("a.table-link")
    return {int(a.get_attribute("data-table")): a.get_attribute("href")
            for a in director.locator("a.table-link").all()}


def wait_until(condition: Any, page: Any, seconds: float = 60) -> None:
    """Poll ``condition`` (the pages' security policy forbids evaluating a string in them)."""
    for _ in range(int(seconds * 4)):
        try:
            if condition():
                return
        except Exception:  # redrawn under us: look again
            pass
        page.wait_for_timeout(250)
    raise AssertionError("the page never got there")


def ranking_rows(page: Any, field: str) -> list[list[str]]:
    table = page.locator("#ranking h3", has_text=field).locator("xpath=following-sibling::table[1]")
    return [[c.strip() for c in row.locator("td").all_inner_texts()] for row in table.locator("tbody tr").all()]


def test_a_three_table_mitchell_from_the_director_and_three_phones(browser: Any, server: str) -> None:  # noqa: F811
    director_context, director, errors = open_director(browser, server)
    create_event(director, "Club night", tables=3)
    links = table_links(director)
    assert sorted(links) == [1, 2, 3] and all("#e=" in url for url in links.values())
    assert director.locator("img[alt^='QR code for table']").count() == 3
    shot(director, "events-director-new")
    # A deals file read in part: the director is told what of it was not used.
    deal = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"
    deals = f'[Board "1"]\n[Deal "{deal}"]\n\n[Board "2"]\n[Deal "N:AKQJ"]\n\n[Board "7"]\n[Deal "{deal}"]\n'
    director.locator("input[type=file]").set_input_files(
        files=[{"name": "deals.pbn", "mimeType": "text/plain", "buffer": deals.encode()}])
    wait_until(lambda: director.locator("#live").inner_text().startswith("Deals loaded for board 1; "), director)
    live = director.locator("#live").inner_text()
    assert "board 2, line 5: Deal tag: not a deal" in live and live.endswith("; board 7 not in this event")

    for table, url in links.items():
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        phone = context.new_page()
        phone.set_default_timeout(20000)
        phone.goto(url)
        phone.wait_for_selector(f"h1:has-text('table {table}')")
        for round_ in (1, 2, 3):
            phone.wait_for_selector(f"text=Round {round_} of 3")
            section = phone.locator("section.board")
            board = int(re.search(r"Board (\d+)", section.locator("h2").inner_text()).group(1))  # type: ignore[union-attr]
            phone.click("button[aria-label='level 4']")
            phone.click("button[aria-label='strain S']")
            phone.click("button[aria-label='declarer N']")
            phone.select_option(f"select[aria-label='tricks on board {board}']", "11" if table == 1 else "10")
            phone.click(f"button[aria-label='enter board {board}']")
            tricks = 11 if table == 1 else 10
            score = Result.played(board, "1", "2", "4S", "N", tricks).ns_score
            phone.wait_for_selector(f".entered:has-text('North-South +{score}')")
            phone.click(f"button[aria-label='East-West confirm board {board}']")
            phone.wait_for_selector("text=confirmed by East-West")
            # The traveller shows the board's results so far.
            assert phone.locator("details table tbody tr").count() >= 1
            if table == 1 and round_ == 1:
                shot(phone, "events-phone-entry")
            if round_ < 3:
                phone.click("text=Round ▶")
        context.close()

    director.reload()
    director.wait_for_selector("#ranking table")
    assert director.locator(".progress td.done").count() == 9
    ns = ranking_rows(director, "North-South")
    assert [row[:2] for row in ns] == [["1", "1"], ["2=", "2"], ["2=", "3"]]
    assert ns[0][-1] == "100.00" and ns[1][-1] == "25.00"

    # The director corrects pair 1's board 1: 4S went three down, not eleven tricks.
    director.click("button[aria-label='correct board 1 1 v 4']")
    director.fill("input[aria-label='corrected contract']", "4S")
    director.fill("input[aria-label='corrected declarer']", "N")
    director.fill("input[aria-label='corrected tricks']", "7")
    director.click("text=Save correction")
    director.wait_for_selector("text=2 versions")
    wait_until(lambda: director.locator("#ranking table tbody tr td").last.inner_text() != "" and
               ranking_rows(director, "North-South")[0][-1] == "66.67", director)
    ns = ranking_rows(director, "North-South")
    assert [(row[1], row[-1]) for row in ns] == [("1", "66.67"), ("2", "41.67"), ("3", "41.67")]
    assert [row[0] for row in ns] == ["1", "2=", "2="]
    shot(director, "events-director-results")
    assert "null" not in director.locator("main").inner_text()  # no section it does not have shows as "null"
    # The results as USEBIO XML, downloaded from the page, hold the corrected entry.
    with director.expect_download() as download:
        director.click("button:has-text('USEBIO XML')")
    xml = Path(download.value.path()).read_text(encoding="utf-8")
    assert read_usebio(xml).results and "<PLACE>2=</PLACE>" in xml
    assert errors == []
    director_context.close()


def test_an_online_two_table_event_with_people_and_robots(browser: Any, server: str) -> None:  # noqa: F811
    director_context, director, errors = open_director(browser, server)
    create_event(director, "Online night", movement="howell", tables=2, online=True)
    director.wait_for_selector("#join-link")
    join = director.locator("#join-link").get_attribute("href")

    people = []
    for name in ("Ann", "Bo"):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.set_default_timeout(20000)
        page.goto(join)
        page.fill("#pair-name", name)
        page.select_option("#pair-people", "1")  # a robot partner
        page.click("text=Register")
        page.wait_for_selector("text=Waiting for the director")
        people.append((context, page))
    director.click("#next-round")
    director.wait_for_selector("text=round 1 of 3 under way")
    # Bo lost the pair's link: the director gives a new one, and Bo's page opens from it.
    director.click("button.new-pair-link[data-pair='2']")
    director.wait_for_selector("input.pair-link")
    new_link = director.locator("input.pair-link").input_value()
    assert "p=2&t=" in new_link
    people[1][1].goto(new_link)

    for round_ in (1, 2, 3):
        tables = []
        for context, page in people:
            page.wait_for_selector(f"text=Round {round_} of 3", timeout=240000)  # the robots' table may be slow
            link = page.locator("a.seat-link").first.get_attribute("href")
            table = context.new_page()
            table.set_default_timeout(20000)
            table.goto(link)
            table.wait_for_selector("#info")
            tables.append(table)
        # Both people play at once (they may sit at the same table, as opponents).
        bids = ["2NT", "2NT"]
        deadline = time.monotonic() + 600
        while not all(t.locator("#result").count() for t in tables):
            if time.monotonic() > deadline:
                raise AssertionError("the round's boards did not finish: "
                                     + " / ".join(t.locator("main").inner_text()[:300] for t in tables))
            for k, t in enumerate(tables):
                if t.locator("#result").count():
                    continue
                accept = t.locator("button.primary", has_text="Accept")
                if accept.count():  # a robot declarer claimed: the people defending answer
                    accept.first.click()
                elif step(t, bids[k]) == bids[k]:
                    bids[k] = None
        if round_ == 1:
            shot(tables[0], "events-online-table")
        for t in tables:
            t.close()
    # The rounds moved on by themselves; every board has both tables' results and each person sees them.
    ann = people[0][1]
    # The robots' table may finish the last board after the people's: the page refreshes every few seconds.
    wait_until(lambda: ann.locator("section.board").count() == 3
               and ann.locator("section.board table tbody tr").count() == 6, ann, seconds=240)
    shot(ann, "events-online-pair")
    director.reload()
    director.wait_for_selector("#ranking table")
    assert director.locator("#travellers tbody tr").count() == 6
    names = director.locator("#ranking").inner_text()
    assert "Ann" in names and "Bo" in names and "(robots)" in names
    for context, _ in people:
        context.close()
    assert errors == []
    director_context.close()


def test_a_teams_match_exports_its_usebio_from_the_director(browser: Any, server: str) -> None:  # noqa: F811
    director_context, director, errors = open_director(browser, server)
    create_event(director, "Friday match", movement="teams")
    links = table_links(director)
    assert sorted(links) == [1, 2]
    for table, url in links.items():  # 4S made at table 1 (home North-South), 4S+1 at table 2
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        phone = context.new_page()
        phone.set_default_timeout(20000)
        phone.goto(url)
        phone.wait_for_selector(f"h1:has-text('table {table}')")
        phone.click("button[aria-label='level 4']")
        phone.click("button[aria-label='strain S']")
        phone.click("button[aria-label='declarer N']")
        phone.select_option("select[aria-label='tricks on board 1']", str(9 + table))
        phone.click("button[aria-label='enter board 1']")
        phone.wait_for_selector(".entered")
        context.close()
    director.reload()
    director.wait_for_selector("#ranking table")
    # A teams event exports what it has: no travellers as PBN or CSV, its matches as USEBIO XML.
    assert director.locator("button:has-text('PBN')").count() == 0
    assert director.locator("button:has-text('Travellers CSV')").count() == 0
    with director.expect_download() as download:
        director.click("button:has-text('USEBIO XML')")
    found = read_usebio(Path(download.value.path()).read_bytes())
    assert found.kind == "teams" and [r.text for r in found.results] == ["4S N 10 =", "4S N 11 +1"]
    [match] = found.teams.score().matches
    assert (match.home, match.away, match.home_imps, match.away_imps) == (1, 2, 0.0, 1.0)
    assert errors == []
    director_context.close()


def test_results_from_another_scoring_program_uploaded_and_shown_read_only(browser: Any, server: str) -> None:  # noqa: F811
    # Another program's USEBIO file (ISO-8859-1): four pairs, two boards, one field.
    results = [Result.played(1, "1", "2", "4S", "N", 10), Result.played(1, "3", "4", "4S", "N", 9),
               Result.played(2, "1", "4", "3NT", "S", 8), Result.played(2, "3", "2", "3NT", "S", 9)]
    text = write_usebio("Brontë cup", score_pairs(results), names={"1": "Anne Brontë - Bo Li", "3": "Cy - Di"})
    data = text.replace('encoding="UTF-8"', 'encoding="iso-8859-1"').encode("iso-8859-1")
    director_context, director, errors = open_director(browser, server)
    # A malformed file: the page says what and where, and no event is made.
    director.locator("#usebio-file").set_input_files(
        files=[{"name": "broken.xml", "mimeType": "text/xml", "buffer": b"<USEBIO>\n<EVENT>\n</USEBIO>"}])
    director.wait_for_selector("#import-error:not([hidden])")
    assert director.locator("#import-error").inner_text().startswith(
        "broken.xml: line 3: not a USEBIO file: mismatched tag")
    shot(director, "events-director-import-error")
    assert "null" not in director.locator("main").inner_text()
    director.locator("#usebio-file").set_input_files(
        files=[{"name": "brontë.xml", "mimeType": "text/xml", "buffer": data}])
    director.wait_for_selector("h1:has-text('Brontë cup')")
    assert director.locator("#imported").inner_text() == (
        "Pairs event read from brontë.xml, 2 boards; read-only: its results are the file's.")
    director.wait_for_selector("#ranking table")
    rows = [[c.strip() for c in row.locator("td").all_inner_texts()]
            for row in director.locator("#ranking table tbody tr").all()]
    assert [row[:3] for row in rows] == [["1", "4", ""], ["2=", "1", "Anne Brontë - Bo Li"], ["2=", "3", "Cy - Di"],
                                         ["4", "2", ""]]
    assert [row[-1] for row in rows] == ["100.00", "50.00", "50.00", "0.00"]
    assert [h.strip() for h in director.locator("#travellers thead th").all_inner_texts()] == [
        "Board", "NS", "EW", "Result", "NS score", "NS points"]  # no rounds nor tables in this file, no history
    assert [[c.strip() for c in row.locator("td").all_inner_texts()]
            for row in director.locator("#travellers tbody tr").all()] == [
        ["1", "1", "2", "4S N 10 =", "420", "2"], ["1", "3", "4", "4S N 9 -1", "-50", "0"],
        ["2", "1", "4", "3NT S 8 -1", "-100", "0"], ["2", "3", "2", "3NT S 9 =", "600", "2"]]
    # Nothing to enter or correct, no tables: only the results and the exports.
    for absent in ("button:has-text('Correct')", "button:has-text('Table cards')", "a.table-link", ".progress"):
        assert director.locator(absent).count() == 0, absent
    with director.expect_download() as download:
        director.click("button:has-text('USEBIO XML')")
    assert Path(download.value.path()).read_bytes() == data
    shot(director, "events-director-imported")
    assert "null" not in director.locator("main").inner_text()
    # The lobby lists it with the director's other events.
    director.goto(director.url.split("#")[0])
    director.wait_for_selector("a:has-text('Brontë cup')")
    assert errors == []
    director_context.close()
