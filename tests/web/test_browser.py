"""End to end in a real browser: Debian's headless Chromium driven by Playwright, against a real server.

Screenshots of the key screens go to ``screenshots/`` at the top of the repository (not committed).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import missing

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("REDOUBLE_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    missing(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")
sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need the playwright package")
uvicorn = pytest.importorskip("uvicorn")

from redouble import Seat  # noqa: E402
from redouble.scoring.minibridge import choose_declarer  # noqa: E402
from redouble.web import create_app  # noqa: E402

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(db: Path, seed: str) -> Iterator[str]:
    """A real server (fast robots, a short pause before each of their actions) in a thread; its address."""
    port = free_port()
    app = create_app(str(db), robot_delay=0.02, robots="fast", seed=seed)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("browser") / "tables.sqlite3", "browser") as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    p = context.new_page()
    p.set_default_timeout(15000)
    yield p
    context.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def start_game(page: Any, server: str, form: str = "rubber", seat: str = "S", invite: tuple[str, ...] = ()) -> None:
    page.goto(server + "/")
    page.check(f"input[name=form][value='{form}']")
    page.check(f"input[name=seat][value='{seat}']")
    for s in invite:
        page.check(f"input[name=invite][value='{s}']")
    page.check("input[name=robots][value='fast']")
    page.click("#start")
    page.wait_for_selector("#info")


def step(page: Any, bid: str | None, cards: bool = True) -> str:
    """Take one action if it is our turn: bid ``bid`` (if legal and not yet made), else pass; play the first
    legal card (unless ``cards`` is False). Returns what was done (or '' when waiting). After an action it
    waits, as a person would, for the table to answer (its next state, or an error): clicking again on the
    table as it was would act twice, and the second action's refusal redraws the page at a moment of its
    own."""
    done = ""
    try:
        before = page.evaluate("() => [S.state && S.state.seq, S.error]")
        if page.locator("#bidding-box").count():
            if bid and page.locator(f'#bidding-box button[data-call="{bid}"]:not([disabled])').count():
                page.click(f'#bidding-box button[data-call="{bid}"]', timeout=2000)
                done = bid
            else:
                page.click('#bidding-box button[data-call="Pass"]', timeout=2000)
                done = "Pass"
        elif cards:
            legal = page.locator("button.card:not([disabled])")
            if legal.count():
                legal.first.click(timeout=2000)
                done = "card"
    except sync_api.Error:
        return ""  # the table was redrawn under the click: look again
    if not done:
        page.wait_for_timeout(30)
        return ""
    with contextlib.suppress(sync_api.Error):
        page.wait_for_function("([seq, error]) => !S.state || S.state.seq !== seq || (S.error && S.error !== error)",
                               arg=before, timeout=5000)
    return done


def play_to_the_end(page: Any, bid: str | None = "3NT", limit: int = 1500) -> None:
    for _ in range(limit):
        if page.locator("#result").count():
            return
        if step(page, bid) == bid:
            bid = None
    raise AssertionError("the deal did not finish")


def test_whole_deal_from_the_lobby_to_the_score_sheet(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#start")
    shot(page, "01-lobby")
    start_game(page, server, "rubber")
    page.wait_for_selector("#bidding-box")
    shot(page, "02-auction")
    assert page.locator("#seat-S button.card").count() == 13 or page.locator("#seat-S .card").count() == 13
    # Only legal calls are offered.
    disabled = page.locator("#bidding-box button[disabled]").count()
    enabled = page.locator("#bidding-box button:not([disabled])").count()
    assert disabled + enabled == 38 and enabled >= 1
    bid: str | None = "3NT"
    for _ in range(400):
        if page.locator("#bidding-box").count() == 0 and page.locator("#contract").count():
            break
        if step(page, bid) == bid:
            bid = None
    page.wait_for_selector("#contract")
    # During the play: dummy is shown after the opening lead.
    for _ in range(400):
        if page.locator("#trick .card").count() or page.locator("#result").count():
            break
        step(page, None)
    shot(page, "03-play")
    play_to_the_end(page, None)
    page.wait_for_selector("#review-hands")
    shot(page, "04-deal-over")
    sheet = page.locator("#score")
    assert "WE" in sheet.inner_text() and "THEY" in sheet.inner_text()
    assert page.locator("#next").is_visible()
    page.click("#next")
    page.wait_for_function("() => document.querySelector('#info') && "
                           "document.querySelector('#info').innerText.includes('Board 2')")


def test_invite_link_in_a_second_browser(browser: Any, server: str) -> None:
    host = browser.new_context(viewport={"width": 1100, "height": 850})
    guest = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        a = host.new_page()
        start_game(a, server, "chicago", seat="S", invite=("N",))
        link = a.locator("input[data-invite=N]").input_value()
        assert "/#/t/" in link
        # The page keeps the host's own link only: the friend's is shown once, never stored.
        stored = a.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
        assert link.split("/#/t/")[1] not in stored and '"redouble.mine"' in stored
        b = guest.new_page()
        b.goto(link)
        b.wait_for_selector("#bidding-box")  # North deals the first Chicago deal
        shot(a, "05-host-waiting")
        b.click('#bidding-box button[data-call="1C"]')
        a.wait_for_function("() => document.querySelector('#auction') && "
                            "document.querySelector('#auction').innerText.includes('1')")
        assert "North" in a.locator("#seat-N h3").inner_text()
        # The host cannot see North's cards; the guest sees them.
        assert a.locator("#seat-N .card").count() == 0
        assert b.locator("#seat-N .card").count() == 13
        b.wait_for_timeout(300)
        shot(b, "06-guest-phone")
        # The meaning of a call is there on tap.
        a.locator("#auction button.call").first.click()
        assert "North" in a.locator("#meaning").inner_text()
    finally:
        host.close()
        guest.close()


def test_reconnect_finds_the_table_as_it_was(page: Any, server: str) -> None:
    start_game(page, server, "duplicate")
    page.wait_for_selector("#bidding-box")
    page.click('#bidding-box button[data-call="1S"]:not([disabled]), #bidding-box button[data-call="Pass"]')
    page.wait_for_timeout(500)
    hand = page.locator("#seat-S").inner_text()
    auction = page.locator("#auction").inner_text()
    url = page.url
    page.reload()
    page.wait_for_selector("#auction")
    assert page.locator("#seat-S").inner_text() == hand
    assert page.locator("#auction").inner_text() == auction
    other = page.context.new_page()
    other.goto(url)
    other.wait_for_selector("#auction")
    assert other.locator("#auction").inner_text() == auction


def test_undo_a_call_against_robots(page: Any, server: str) -> None:
    start_game(page, server, "rubber-no-honours")
    page.wait_for_selector("#bidding-box")
    before = page.locator("#auction button.call").count()
    page.click('#bidding-box button[data-call="Pass"]')
    page.wait_for_selector("#undo")
    page.click("#undo")
    page.wait_for_function(f"() => document.querySelectorAll('#auction button.call').length === {before} "
                           "&& document.querySelector('#bidding-box')")
    assert page.locator("#auction button.call").count() == before


def test_claim_and_review_page(page: Any, server: str) -> None:
    start_game(page, server, "duplicate")
    bid: str | None = "3NT"
    for _ in range(600):
        if page.locator("#claim").count() and page.locator("button.card:not([disabled])").count():
            break
        if page.locator("#result").count():
            break
        if step(page, bid) == bid:
            bid = None
    if page.locator("#claim").count():
        page.select_option("#claim-n", "0")
        page.click("#claim")
    page.wait_for_selector("#result")
    page.wait_for_selector("#review-hands")
    assert page.locator("#review-hands > div").count() == 4
    if page.locator("#replay").count():
        page.click("button[aria-label='Next trick']")
        assert page.locator("#replay-pos").inner_text().startswith("Trick 1")
    page.wait_for_timeout(800)
    shot(page, "07-review")
    # The export is fetched with this browser's link to the table, and saved as a file.
    with page.expect_download() as download:
        page.click("#export-pbn")
    assert download.value.suggested_filename.endswith("-1.pbn")
    assert "[Deal " in Path(download.value.path()).read_text()
    page.goto(server + "/#/history")
    page.wait_for_selector("#history-list a")
    shot(page, "08-history")
    page.locator("#history-list a").first.click()
    page.wait_for_selector("#review-hands")
    assert page.locator("#auction").count() == 1


def test_minibridge_declarer_names_the_contract(page: Any, server: str) -> None:
    start_game(page, server, "minibridge", invite=("N", "E", "W"))
    page.wait_for_selector("#info")
    titles = {s: page.locator(f"#seat-{s} h3").inner_text() for s in "NESW"}
    points = {Seat.parse(s): int(re.search(r"(\d+) points", t).group(1)) for s, t in titles.items()}  # type: ignore[union-attr]
    assert sum(points.values()) == 40
    declarer = choose_declarer(points, "N")  # the first deal: North deals
    assert declarer is not None
    if declarer != Seat.SOUTH:  # go to the declarer's seat through its invitation link
        page.goto(page.locator(f"input[data-invite={declarer.letter}]").input_value())
        page.wait_for_selector("#declare")
    assert page.locator("#declare").count() == 1
    page.check("#mini-game")
    shot(page, "09-minibridge")
    page.click("#declare button[aria-label='no trumps']")
    page.wait_for_selector("#contract")
    assert page.locator("#contract").inner_text() == f"3NT by {declarer.name.title()}"


def test_keyboard_alone_makes_a_call(page: Any, server: str) -> None:
    start_game(page, server, "duplicate")
    page.wait_for_selector("#bidding-box")
    before = page.locator("#auction button.call").count()
    page.keyboard.press("p")
    page.wait_for_function(f"() => document.querySelectorAll('#auction button.call').length > {before}")
    labels = page.locator("#auction button.call").first.get_attribute("aria-label")
    assert labels and ":" in labels
    # Tab reaches the controls, and the focus stays on its control when the table is redrawn.
    page.wait_for_selector("#hint-btn")
    page.focus("#hint-btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hint")
    assert page.evaluate("document.activeElement && document.activeElement.id") == "hint-btn"


def test_what_the_player_has_not_sent_yet_survives_a_redraw(page: Any, tmp_path: Path) -> None:
    """Each state the server sends redraws the table. A choice not sent yet stays: the explanation of a call
    being typed, the tricks chosen for a claim (a robot's card arriving as "0" is chosen redrew the claim
    at all the tricks left, and the claim of all of them was sent: the robots judged it for seconds and
    refused it, and the deal went on). The page's socket is routed through the test, which sends the
    last state again to redraw the table at a chosen moment."""
    routes: list[Any] = []
    states: list[str] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        routes.append(ws)

        def from_server(message: str | bytes) -> None:
            if isinstance(message, str) and json.loads(message).get("type") == "state":
                states.append(message)
            ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(upstream.send)

    def redrawn(selector: str) -> None:
        page.evaluate(f"document.querySelector('{selector}').dataset.old = '1'")
        routes[-1].send(states[-1])
        page.wait_for_function(f"() => document.querySelector('{selector}') && "
                               f"!document.querySelector('{selector}').dataset.old")

    with serving(tmp_path / "tables.sqlite3", "drafts") as server:
        page.route_web_socket(re.compile(r"/ws/"), route)
        start_game(page, server, "duplicate")
        page.wait_for_selector("#bidding-box")
        page.fill("#explain", "game values")
        page.check("#alert")
        redrawn("#bidding-box")
        assert page.input_value("#explain") == "game values" and page.is_checked("#alert")
        page.uncheck("#alert")
        bid: str | None = "3NT"
        for _ in range(600):
            if page.locator("#claim").count() or page.locator("#result").count():  # the play has begun
                break
            if step(page, bid, cards=False) == bid:
                bid = None
        assert page.locator("#claim").count(), "South is dummy, or the deal was passed out: choose another seed"
        page.wait_for_selector("button.card:not([disabled])")
        # South's first card: the most tricks left are offered.
        left = int(page.input_value("#claim-n"))
        assert left == int(page.locator("#claim-n option").last.inner_text()) and left >= 12
        contract = page.locator("#contract").inner_text()  # "3NT by South"
        ns, ew = (int(t) for t in page.locator("#tricks b").all_inner_texts())
        page.select_option("#claim-n", "0")
        redrawn("#controls")
        assert page.input_value("#claim-n") == "0"
        page.click("#claim")
        page.wait_for_selector("#result")
        # A claim of no more tricks by South: the declarer's side keeps what it has (all the rest if it is
        # East-West's contract).
        declarer_tricks = ns if contract.endswith(("North", "South")) else ew + left
        over = declarer_tricks - (int(contract[0]) + 6)
        assert page.locator("#result").inner_text().endswith(" =" if over == 0 else f" {over:+d}")
