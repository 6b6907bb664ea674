"""The forms of the game and how a session of deals goes on, over :mod:`redouble.scoring`.

A form says which deal comes next (its number, dealer and vulnerability) and what the score sheet
shows. The scoring is the library's: rubbers (:class:`~redouble.scoring.Rubber`), Chicagos (standard,
duplicate-scored, Russian), minibridge, and for duplicate practice ``duplicate_score`` and ``imps``.
Games follow one another: when a rubber or a Chicago is over, the next deal starts a new one. The web
app, the command line and the robots' matches all go through here.

>>> form = get_form("chicago")
>>> form.next_deal([])
(1, Seat.NORTH, Vulnerability.NONE)
>>> session = Session(get_form("rubber"))
>>> board = session.next_board(seed=1)
>>> board.number, board.dealer, board.vulnerability
(1, Seat.NORTH, Vulnerability.NONE)
>>> get_form("nonsense")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
redouble.errors.RedoubleError: unknown form of the game 'nonsense'; choose one of: rubber, ..., minibridge
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from redouble.board import Board
from redouble.calls import Contract
from redouble.cards import Seat, Strain, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring import Chicago, DuplicateChicago, Minibridge, Rubber, RussianChicago, duplicate_score, imps
from redouble.scoring.core import GAME_THRESHOLD, trick_score
from redouble.scoring.minibridge import GAME, PART_SCORE, choose_declarer, minibridge_score
from redouble.scoring.sheet import ScoreSheet


@dataclass(frozen=True, slots=True)
class Form:
    key: str
    title: str
    family: str  # rubber, chicago, duplicate, minibridge
    variant: str = ""

    def new_game(self) -> Any:
        """A fresh score keeper for one rubber / Chicago / minibridge session (None for duplicate)."""
        if self.family == "rubber":
            return Rubber(honours=self.variant == "honours")
        if self.family == "chicago":
            return {"standard": Chicago, "duplicate": DuplicateChicago, "russian": RussianChicago}[self.variant]()
        if self.family == "minibridge":
            return Minibridge()
        return None

    def games(self, boards: list[Board]) -> list[Any]:
        """The score keepers of every game so far, each finished board recorded in order."""
        done = [b for b in boards if board_done(b)]
        out = [self.new_game()]
        for b in done:
            if game_over(out[-1]):
                out.append(self.new_game())
            record(out[-1], b)
        return out

    def next_deal(self, boards: list[Board]) -> tuple[int, Seat, Vulnerability]:
        """Number, dealer and vulnerability of the next deal after ``boards``."""
        n = len(boards) + 1
        if self.family == "duplicate":
            return n, Seat.dealer_for_board(n), Vulnerability.for_board(n)
        game = self.games(boards)[-1]
        if game_over(game):
            game = self.new_game()
        if self.family == "chicago":
            # A passed-out deal is dealt again by the same dealer (the Chicago's cycle does not move on).
            return n, game.dealer, game.vulnerability
        if self.family == "rubber":
            return n, Seat((n - 1) % 4), game.vulnerability
        return n, Seat((n - 1) % 4), Vulnerability.NONE


FORMS: dict[str, Form] = {f.key: f for f in (
    Form("rubber", "Rubber bridge (with honours)", "rubber", "honours"),
    Form("rubber-no-honours", "Rubber bridge (no honours)", "rubber", "no-honours"),
    Form("chicago", "Chicago", "chicago", "standard"),
    Form("chicago-duplicate", "Chicago, duplicate scoring", "chicago", "duplicate"),
    Form("chicago-russian", "Chicago, Russian scoring", "chicago", "russian"),
    Form("duplicate", "Duplicate practice (against par and a robot table, in IMPs)", "duplicate"),
    Form("minibridge", "Minibridge", "minibridge"),
)}


def get_form(key: str) -> Form:
    try:
        return FORMS[key]
    except KeyError:
        raise RedoubleError(f"unknown form of the game {key!r}; choose one of: {', '.join(FORMS)}") from None


def board_done(board: Board) -> bool:
    if board.tags.get("minibridge") == "1":
        return board.play is not None and board.play.is_complete
    return board.phase == "done"


def game_over(game: Any) -> bool:
    """Whether the rubber or the Chicago ``game`` is over (a new one starts with the next deal)."""
    if isinstance(game, Rubber):
        return game.is_finished
    if isinstance(game, (Chicago, DuplicateChicago, RussianChicago)):
        return game.is_complete
    return False


def record(game: Any, board: Board, label: str | None = None) -> Any:
    """Write finished ``board`` on the score keeper ``game`` and return what it scored (the keeper's own
    record: a sheet deal, a Chicago deal, a minibridge deal). Honours and points come from the deal when all
    52 cards are known."""
    c = board.contract
    if c is None:
        raise RedoubleError(f"board {board.number}: no contract to score")
    deal = board.deal if board.deal.is_complete else None
    if isinstance(game, Rubber | Chicago | RussianChicago):
        return game.record(c, c.declarer, board.tricks, deal=deal, label=label)
    if isinstance(game, DuplicateChicago):
        return game.record(c, c.declarer, board.tricks, label=label)
    if isinstance(game, Minibridge):
        if c.is_passed_out:
            return game.record(None, label=label)
        return game.record(c.declarer, minibridge_kind(board), c.strain, board.tricks, label=label)
    raise RedoubleError(f"not a score keeper: {game!r}")


# --- minibridge -------------------------------------------------------------------------------------
def minibridge_kind(board: Board) -> str:
    """``"game"`` when the contract played is at game level (as :func:`minibridge_contract` names a game),
    else ``"part score"``."""
    c = board.contract
    if c is None or c.strain is None:
        raise RedoubleError(f"board {board.number}: no minibridge contract")
    return GAME if trick_score(c.level, c.strain) >= GAME_THRESHOLD else PART_SCORE


def minibridge_contract(strain: Strain, game: bool, declarer: Seat) -> Contract:
    """The contract played: a game level (3NT, 4 of a major, 5 of a minor) or a part score (one).

    >>> minibridge_contract(Strain.HEARTS, True, Seat.SOUTH), minibridge_contract(Strain.CLUBS, False, Seat.WEST)
    (Contract.parse('4H-S'), Contract.parse('1C-W'))
    """
    level = (3 if strain == Strain.NOTRUMP else 4 if strain.is_major else 5) if game else 1
    return Contract(level, strain, 0, declarer)


# --- score sheets -----------------------------------------------------------------------------------
def ns_score(board: Board) -> int | None:
    """North-South's score for one finished deal (minibridge: its own scale; else duplicate points)."""
    c = board.contract
    if c is None:
        return None
    if c.is_passed_out:
        return 0
    if board.tricks is None or c.declarer is None:
        return None
    if board.tags.get("minibridge") == "1":
        assert c.strain is not None
        s = minibridge_score(minibridge_kind(board), c.strain, board.tricks)
        ours = s.declarer_points - s.defender_points
        return ours if c.declarer.is_ns else -ours
    return duplicate_score(c, c.declarer, board.tricks, board.vulnerability)


def compared(board: Board) -> dict[str, Any]:
    """Duplicate practice: the robots' second table and par of finished ``board``, with North-South's IMPs
    against each, worked out from the scores (never stored beside them)."""
    ours = ns_score(board)
    robot_table = board.tags.get("robot_table")
    par: Any = board.tags.get("par")
    imps_robots = None
    if isinstance(robot_table, dict) and ours is not None:
        imps_robots = imps(ours - int(robot_table["ns_score"]))
    if isinstance(par, dict):
        par = {"score": par["score"], "contracts": par.get("contracts", []),
               "imps": None if ours is None else imps(ours - int(par["score"]))}
    return {"robot_table": robot_table, "imps": imps_robots, "par": par}


def deal_rows(boards: list[Board]) -> list[dict[str, Any]]:
    rows = []
    for i, b in enumerate(boards):
        c = b.contract
        rows.append({
            "index": i, "number": b.number, "dealer": b.dealer.letter, "vulnerability": str(b.vulnerability),
            "contract": None if c is None else str(c), "tricks": b.tricks, "ns_score": ns_score(b),
            **compared(b),
        })
    return rows


def _sheet_dict(sheet: ScoreSheet) -> dict[str, Any]:
    return {"headings": sheet.headings, "games_completed": sheet.games_completed,
            "entries": [{"side": e.side, "points": e.points, "below": e.below, "label": e.label, "kind": e.kind,
                         "game": e.game} for e in sheet.entries],
            "totals": {"NS": sheet.total("NS"), "EW": sheet.total("EW")}, "text": sheet.render()}


def _game_dict(game: Any) -> dict[str, Any]:
    if isinstance(game, Rubber | Chicago):
        out = _sheet_dict(game.sheet)
        out["over"] = game_over(game)
        if isinstance(game, Rubber):
            out["games"] = game.games
            out["vulnerability"] = str(game.vulnerability)
        return out
    deals = []
    for d in getattr(game, "deals", []):
        deals.append({k: (str(v) if v is not None and not isinstance(v, int) else v)
                      for k, v in vars(d).items()} if hasattr(d, "__dict__") else
                     {f: _plain(getattr(d, f)) for f in d.__slots__})
    return {"deals": deals, "totals": game.totals, "over": game_over(game)}


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, int | str):
        return value
    if isinstance(value, Seat):
        return value.letter
    return str(value)


def score_sheet(form: Form, boards: list[Board]) -> dict[str, Any]:
    """What the page shows as the score: a JSON-ready dict; ``kind`` says how to draw it."""
    done = [b for b in boards if board_done(b)]
    rows = deal_rows(done)
    sheet: dict[str, Any] = {"form": form.key, "title": form.title, "rows": rows, "kind": form.family}
    if form.family == "duplicate":
        got = [int(r["imps"]) for r in rows if r["imps"] is not None]
        sheet["imps_total"] = sum(got)
        sheet["par_imps_total"] = sum(int(r["par"]["imps"]) for r in rows if r["par"] and r["par"].get("imps")
                                      is not None)
        sheet["totals"] = {"NS": sum(r["ns_score"] or 0 for r in rows)}
    else:
        games = form.games(done)
        sheet["games"] = [_game_dict(g) for g in games]
        sheet["totals"] = games[-1].totals
    return sheet


# --- a session -------------------------------------------------------------------------------------
@dataclass
class Session:
    """A run of deals in one form of the game: what comes next, and the score so far.

    >>> session = Session(get_form("minibridge"))
    >>> board = session.next_board(seed=3)
    >>> board.tags["minibridge"], board.tags["declarer"] in "NESW"
    ('1', True)
    """

    form: Form
    boards: list[Board] = field(default_factory=list)

    def next_board(self, deal: Deal | None = None, seed: str | int | None = None) -> Board:
        """The next deal as a board (not yet added to ``boards``): number, dealer and vulnerability by the
        form; ``deal`` as given, else dealt at random (from ``seed``). Minibridge names the declarer from the
        points and deals again when the sides hold 20 each."""
        number, dealer, vulnerability = self.form.next_deal(self.boards)
        attempt = 0
        while True:
            dealt = deal if deal is not None else Deal.random(seed=None if seed is None else f"{seed}-{attempt}")
            board = Board(deal=dealt, number=number, dealer=dealer, vulnerability=vulnerability)
            if self.form.family != "minibridge":
                return board
            declarer = choose_declarer(dealt, dealer)
            if declarer is not None:
                board.tags["minibridge"] = "1"
                board.tags["declarer"] = declarer.letter
                return board
            if deal is not None:
                raise RedoubleError(f"minibridge: the sides hold 20 points each in {deal}; deal again")
            attempt += 1

    @property
    def games(self) -> list[Any]:
        """The score keepers of every game so far (none for duplicate practice)."""
        return self.form.games(self.boards)

    def score_sheet(self) -> dict[str, Any]:
        """What the score shows, JSON-ready (see :func:`score_sheet`)."""
        return score_sheet(self.form, self.boards)


__all__ = ["FORMS", "Form", "Session", "get_form", "imps", "score_sheet", "minibridge_contract", "ns_score"]
