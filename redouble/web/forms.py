"""The forms of the game a table can play, and their score sheets, over the library's scoring modules.

A form says which board comes next (its number, dealer and vulnerability), when a game (a rubber, a
Chicago) is over, and what the score sheet shows. The scoring itself is the library's
(``redouble.scoring.*``); where one of those modules is not installed yet, the sheet falls back to a
plain list of duplicate scores per deal and says so.

>>> form = get_form("duplicate")
>>> form.next_deal([])
(1, Seat.NORTH, Vulnerability.NONE)
>>> get_form("chicago").next_deal([]), get_form("nonsense")
Traceback (most recent call last):
...
redouble.errors.RedoubleError: unknown form of the game 'nonsense'; choose one of: rubber, rubber-no-honours, chicago, chicago-duplicate, chicago-russian, duplicate, minibridge
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redouble.board import Board
from redouble.calls import Contract
from redouble.cards import Seat, Strain, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring import duplicate_score, trick_score
from redouble.web.robots import _optional


@dataclass(frozen=True, slots=True)
class Form:
    key: str
    title: str
    family: str  # rubber, chicago, duplicate, minibridge
    variant: str = ""

    def next_deal(self, boards: list[Board]) -> tuple[int, Seat, Vulnerability]:
        """Number, dealer and vulnerability of the next deal after the finished ``boards``."""
        n = len(boards)
        if self.family == "duplicate":
            return n + 1, Seat.dealer_for_board(n + 1), Vulnerability.for_board(n + 1)
        if self.family == "chicago":
            # A passed-out deal is redealt by the same dealer: it does not count.
            played = sum(1 for b in _current_game(self, boards) if not _passed_out(b))
            k = played % 4 + 1
            return n + 1, Seat.dealer_for_board(k), Vulnerability.for_board(k)
        if self.family == "rubber":
            return n + 1, Seat((n) % 4), rubber_vulnerability(self, boards)
        if self.family == "minibridge":
            return n + 1, Seat(n % 4), Vulnerability.NONE
        raise AssertionError(self.family)  # pragma: no cover


FORMS: dict[str, Form] = {f.key: f for f in (
    Form("rubber", "Rubber bridge (with honours)", "rubber", "honours"),
    Form("rubber-no-honours", "Rubber bridge (no honours)", "rubber", "no-honours"),
    Form("chicago", "Chicago", "chicago", "standard"),
    Form("chicago-duplicate", "Chicago, duplicate scoring", "chicago", "duplicate"),
    Form("chicago-russian", "Chicago, Russian scoring", "chicago", "russian"),
    Form("duplicate", "Duplicate practice (vs par and a robot table, IMPs)", "duplicate"),
    Form("minibridge", "Minibridge", "minibridge"),
)}


def get_form(key: str) -> Form:
    try:
        return FORMS[key]
    except KeyError:
        raise RedoubleError(f"unknown form of the game {key!r}; choose one of: {', '.join(FORMS)}") from None


def _passed_out(board: Board) -> bool:
    c = board.contract
    return c is not None and c.is_passed_out


def _current_game(form: Form, boards: list[Board]) -> list[Board]:
    """The boards of the rubber or Chicago in progress (earlier complete games are left out)."""
    if form.family == "chicago":
        start = 0
        played = 0
        for i, b in enumerate(boards):
            if not _passed_out(b):
                played += 1
                if played % 4 == 0:
                    start = i + 1
        return boards[start:]
    return boards


def rubber_vulnerability(form: Form, boards: list[Board]) -> Vulnerability:
    module = _optional("redouble.scoring.rubber")
    if module is not None and hasattr(module, "Rubber"):
        try:
            sheet = _rubber_sheet(module, form, boards)
            current = getattr(sheet, "current", sheet)
            vul = getattr(current, "vulnerability", None)
            if vul is not None:
                return Vulnerability.parse(vul)
        except Exception:
            pass
    return Vulnerability.NONE


def _rubber_sheet(module: Any, form: Form, boards: list[Board]) -> Any:
    sheet = module.Rubber(honours=form.variant == "honours")
    for b in boards:
        sheet.record(b)
    return sheet


# --- minibridge (fallback rules until redouble.scoring.minibridge lands) ----------------------------
def minibridge_declarer(deal: Deal, dealer: Seat) -> Seat | None:
    """Minibridge: the side with more high-card points declares, by its stronger hand (on a tie, the one
    who spoke first); None when each side holds 20 (a redeal by the same dealer).

    >>> minibridge_declarer(Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"), Seat.NORTH)
    Seat.NORTH
    """
    module = _optional("redouble.scoring.minibridge")
    if module is not None and hasattr(module, "declarer"):
        return module.declarer(deal, dealer)  # type: ignore[no-any-return]
    points = [deal[s].hcp for s in Seat]
    ns, ew = points[0] + points[2], points[1] + points[3]
    if ns == ew:
        return None
    pair = (Seat.NORTH, Seat.SOUTH) if ns > ew else (Seat.EAST, Seat.WEST)
    # Speaking order from the dealer breaks a tie within the pair.
    order = sorted(pair, key=lambda s: ((s - dealer) % 4))
    return max(order, key=lambda s: (points[s], -((s - dealer) % 4)))


def minibridge_score(contract: Contract, game: bool, tricks: int) -> tuple[int, int]:
    """(declaring side, defending side) points for a minibridge deal.

    >>> minibridge_score(Contract.parse("1NT-S"), False, 10), minibridge_score(Contract.parse("4H-S"), True, 7)
    ((180, 0), (0, 150))
    """
    module = _optional("redouble.scoring.minibridge")
    if module is not None and hasattr(module, "score"):
        return module.score(contract, game, tricks)  # type: ignore[no-any-return]
    assert contract.strain is not None
    over = tricks - 6
    points = trick_score(over, contract.strain) if over > 0 else 0
    if game:
        needed = next(k for k in range(1, 8) if trick_score(k, contract.strain) >= 100) + 6
        return (points + 300, 0) if tricks >= needed else (0, 50 * (needed - tricks))
    return (points + 50, 0) if tricks >= 7 else (0, 50 * (7 - tricks))


def minibridge_contract(strain: Strain, game: bool, declarer: Seat) -> Contract:
    """The contract played: a game level (3NT, 4 of a major, 5 of a minor) or a part score (one)."""
    level = (3 if strain == Strain.NOTRUMP else 4 if strain.is_major else 5) if game else 1
    return Contract(level, strain, 0, declarer)


# --- score sheets -----------------------------------------------------------------------------------
def _ns_score(board: Board) -> int | None:
    if board.tags.get("minibridge_game") is not None:
        c = board.contract
        if c is None or board.tricks is None:
            return None
        decl, defs = minibridge_score(c, board.tags["minibridge_game"] == "1", board.tricks)
        assert c.declarer is not None
        return decl - defs if c.declarer.is_ns else defs - decl
    return board.score()


def deal_rows(boards: list[Board]) -> list[dict[str, Any]]:
    rows = []
    for i, b in enumerate(boards):
        c = b.contract
        rows.append({
            "index": i, "number": b.number, "dealer": str(b.dealer), "vulnerability": str(b.vulnerability),
            "contract": None if c is None else str(c), "tricks": b.tricks, "ns_score": _ns_score(b),
            "robot_table": b.tags.get("robot_table"), "imps": b.tags.get("imps"), "par": b.tags.get("par"),
        })
    return rows


def imps(diff: int) -> int | None:
    module = _optional("redouble.scoring.imps")
    if module is None or not hasattr(module, "imps"):
        return None
    return int(module.imps(diff))


def score_sheet(form: Form, boards: list[Board]) -> dict[str, Any]:
    """What the page shows as the score: a JSON-ready dict with ``kind`` telling how to draw it."""
    done = [b for b in boards if b.phase == "done"]
    rows = deal_rows(done)
    sheet: dict[str, Any] = {"form": form.key, "title": form.title, "rows": rows, "kind": "list"}
    if form.family == "rubber":
        module = _optional("redouble.scoring.rubber")
        if module is not None and hasattr(module, "Rubber"):
            try:
                rubber = _rubber_sheet(module, form, done)
                sheet.update(kind="rubber", rubber=rubber.to_dict())
            except Exception as exc:
                sheet["note"] = f"rubber sheet unavailable: {exc}"
        else:
            sheet["note"] = "the rubber WE/THEY sheet needs redouble.scoring.rubber (not installed yet): duplicate scores per deal"
    elif form.family == "chicago":
        module = _optional("redouble.scoring.chicago")
        if module is not None and hasattr(module, "Chicago"):
            try:
                chicago = module.Chicago(variant=form.variant)
                for b in done:
                    chicago.record(b)
                sheet.update(kind="chicago", chicago=chicago.to_dict())
            except Exception as exc:
                sheet["note"] = f"Chicago sheet unavailable: {exc}"
        else:
            sheet["note"] = "the Chicago sheet needs redouble.scoring.chicago (not installed yet): duplicate scores per deal"
    elif form.family == "duplicate":
        sheet["kind"] = "duplicate"
        total = [r["imps"] for r in rows if r["imps"] is not None]
        sheet["imps_total"] = sum(int(x) for x in total) if total else None
        if imps(0) is None:
            sheet["note"] = "IMPs need redouble.scoring.imps (not installed yet)"
    elif form.family == "minibridge":
        sheet["kind"] = "minibridge"
    totals = {"ns": 0, "ew": 0}
    for r in rows:
        s = r["ns_score"] or 0
        totals["ns" if s > 0 else "ew"] += abs(s)
    sheet["totals"] = totals
    return sheet
