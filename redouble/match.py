"""Two-table teams matches between robots: every board at both tables with the pairs switched.

Team A (``ns``) sits North-South at table 1 and East-West at table 2; team B the other way round. A board's
IMPs for team A come from the difference between team A's scores at the two tables.

>>> result = play_match(2, seed=3, ns="basic", ew="basic", jobs=1, dd_after_lead=True)
>>> result.boards, len(result.results), result.imps_ns_team - result.imps_ew_team == sum(result.imps)
(2, 2, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from redouble.auction import Annotation
from redouble.board import Board
from redouble.cards import Seat, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.robots import Robot
from redouble.scoring.imps import imps as imps_for


@dataclass(frozen=True)
class BoardResult:
    """One board at both tables: ``table1`` has team A North-South, ``table2`` has team B there.

    ``score1``/``score2``: the North-South scores at each table; ``imps``: what team A gains (negative: loses).
    """

    number: int
    table1: Board
    table2: Board
    score1: int
    score2: int
    imps: int


@dataclass(frozen=True)
class MatchResult:
    """A finished match; ``ns``/``ew`` name the robots of team A (given as North-South) and team B."""

    ns: str
    ew: str
    results: tuple[BoardResult, ...]

    @property
    def boards(self) -> int:
        return len(self.results)

    @property
    def imps(self) -> list[int]:
        return [r.imps for r in self.results]

    @property
    def imps_ns_team(self) -> int:
        return sum(i for i in self.imps if i > 0)

    @property
    def imps_ew_team(self) -> int:
        return sum(-i for i in self.imps if i < 0)

    @property
    def imps_per_board(self) -> float:
        return sum(self.imps) / self.boards if self.boards else 0.0

    @property
    def standard_error(self) -> float:
        """The standard error of IMPs per board (sample standard deviation over the square root of n)."""
        n = self.boards
        if n < 2:
            return 0.0
        mean = self.imps_per_board
        variance = sum((i - mean) ** 2 for i in self.imps) / (n - 1)
        return math.sqrt(variance / n)

    def to_dict(self) -> dict[str, object]:
        return {"boards": self.boards, "imps_ns_team": self.imps_ns_team, "imps_ew_team": self.imps_ew_team,
                "imps_per_board": round(self.imps_per_board, 4), "standard_error": round(self.standard_error, 4)}

    def all_boards(self) -> list[Board]:
        """Every table's board, table 1 then table 2 for each board (for the PBN record)."""
        return [b for r in self.results for b in (r.table1, r.table2)]


def _dd_result_after_lead(board: Board) -> int:
    from redouble.dd import solve_position

    play = board.play
    assert play is not None
    values = solve_position(play)
    declarer_side_on_turn = play.turn % 2 == play.declarer % 2
    return max(values.values()) if declarer_side_on_turn else min(values.values())


def play_board(board: Board, robots: dict[Seat, Robot], dd_after_lead: bool = False, claims: bool = True) -> Board:
    """Bid and play ``board`` to the end with ``robots`` in the seats (with ``claims``, the declarer's claims
    that the defenders accept end the play).

    With ``dd_after_lead`` the play stops after the opening lead and the result is the double-dummy
    number of tricks from there (``board.recorded_tricks``).
    """
    while board.phase == "auction":
        seat = board.auction.turn
        choice = robots[seat].call(board, seat)
        board.push(choice.call)
        if choice.alert:
            board.auction.annotations[len(board.auction.calls) - 1] = Annotation(True, choice.reason or None)
    play = board.play
    if play is None:
        return board
    claims_allowed = claims
    while not play.is_complete:
        controller = play.controller
        robot = robots[controller]
        card_choice = robot.card(board, controller)
        if claims_allowed and card_choice.claim is not None and controller == play.declarer and play.cards:
            play.make_claim(card_choice.claim, controller)
            defenders = (play.declarer.lho, play.declarer.rho)
            if all(robots[d].accept_claim(board, d) for d in defenders):
                play.accept_claim()
                break
            play.reject_claim()
            claims_allowed = False
        board.push(card_choice.card)
        if dd_after_lead and len(play.cards) == 1:
            board.recorded_tricks = _dd_result_after_lead(board)
            break
    return board


def match_deals(boards: int, seed: int) -> list[Deal]:
    """The deals of a match: the same seed, the same deals."""
    if boards <= 0:
        raise RedoubleError(f"a match needs at least one board, not {boards}")
    rng = random.Random(seed)
    return [Deal.random(rng=rng) for _ in range(boards)]


def robot_seed(seed: int, number: int, table: int) -> int:
    """The seed of the robots at ``table`` (1 or 2) on board ``number`` of a match seeded ``seed``.

    A robot playing the same board elsewhere (e.g. through a Table Manager) with this seed decides alike.
    """
    return seed * 100_003 + number * 2 + table


def table_robots(north_south: str, east_west: str, seed: int, options: dict[str, object] | None = None
                 ) -> dict[Seat, Robot]:
    """The four robots of one table: one robot per pair, each reading the other pair's calls by its system."""
    pair_ns = Robot.named(north_south, seed=seed, **(options or {}))
    pair_ew = Robot.named(east_west, seed=seed, **(options or {}))
    pair_ns.opponents_system = pair_ew.system
    pair_ew.opponents_system = pair_ns.system
    return {Seat.NORTH: pair_ns, Seat.SOUTH: pair_ns, Seat.EAST: pair_ew, Seat.WEST: pair_ew}


def table_board(number: int, deal: Deal, table: int, north_south: str, east_west: str,
                event: str = "Redouble robot match", dealer: Seat | None = None,
                vulnerability: Vulnerability | None = None, date: str | None = None) -> Board:
    """Board ``number`` as it starts at ``table`` (1: the open room, 2: the closed room), the pairs named;
    dealer and vulnerability follow from the number unless given."""
    board = Board(deal, number, Seat.dealer_for_board(number) if dealer is None else dealer,
                  Vulnerability.for_board(number) if vulnerability is None else vulnerability)
    board.tags["Event"] = event
    if date is not None:
        board.tags["Date"] = date
    board.tags["West"] = board.tags["East"] = east_west
    board.tags["North"] = board.tags["South"] = north_south
    board.tags["Room"] = "Open" if table == 1 else "Closed"
    return board


def score_tables(number: int, table1: Board, table2: Board) -> BoardResult:
    """One board's result from its two tables (team A North-South at ``table1``)."""
    score1 = table1.score() or 0
    score2 = table2.score() or 0
    return BoardResult(number, table1, table2, score1, score2, imps_for(score1 - score2))


def _board_task(args: tuple[int, Deal, str, str, int, bool, bool, dict[str, object]]) -> BoardResult:
    number, deal, ns, ew, seed, dd_after_lead, claims, options = args
    tables = []
    for table, (north_south, east_west) in enumerate(((ns, ew), (ew, ns)), start=1):
        robots = table_robots(north_south, east_west, robot_seed(seed, number, table), options)
        board = table_board(number, deal, table, north_south, east_west)
        tables.append(play_board(board, robots, dd_after_lead, claims))
    return score_tables(number, tables[0], tables[1])


def play_match(boards: int, seed: int = 0, ns: str = "redouble", ew: str = "basic", jobs: int = 1,
               dd_after_lead: bool = False, progress: Callable[[int], None] | None = None,
               options: dict[str, object] | None = None, claims: bool = True) -> MatchResult:
    """Play a ``boards``-board teams match of robot ``ns`` (team A) against robot ``ew`` (team B).

    ``jobs`` worker processes play boards side by side; ``progress`` is called with 1 as each board ends;
    ``options`` go to every :class:`~redouble.robots.Robot` (e.g. ``{"budget": 0.3}``); without ``claims``
    every card is played out, as at a Table Manager, whose protocol has no claims.
    """
    for name in (ns, ew):
        Robot.named(name)  # fails early on an unknown robot
    if jobs < 1:
        raise RedoubleError(f"--jobs must be at least 1, not {jobs}")
    deals = match_deals(boards, seed)
    tasks = [(n, deal, ns, ew, seed, dd_after_lead, claims, dict(options or {}))
             for n, deal in enumerate(deals, start=1)]
    results: list[BoardResult] = []
    if jobs == 1 or len(tasks) == 1:
        for task in tasks:
            results.append(_board_task(task))
            if progress:
                progress(1)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_board_task, tasks, chunksize=1):
                results.append(result)
                if progress:
                    progress(1)
    return MatchResult(ns, ew, tuple(sorted(results, key=lambda r: r.number)))


def board_line(result: BoardResult) -> str:
    """One line of the match sheet: both tables' contracts and results, the IMPs for team A."""
    def table(board: Board) -> str:
        c = board.contract
        if c is None or c.is_passed_out:
            return f"{'passed out':<14}{0:>6}"
        t = board.tricks
        diff = (t or 0) - c.tricks_needed
        result = "=" if diff == 0 else f"{diff:+d}"
        return f"{str(c):<8}{result:<6}{board.score() or 0:>6}"

    return f"{result.number:>5}  {table(result.table1)}  {table(result.table2)}  {result.imps:>+4d}"


def summary_lines(result: MatchResult) -> Sequence[str]:
    return [
        f"{result.boards} boards: {result.ns} (team A, NS at table 1) {result.imps_ns_team} IMPs, "
        f"{result.ew} (team B) {result.imps_ew_team} IMPs",
        f"IMPs per board for {result.ns}: {result.imps_per_board:+.2f} ± {result.standard_error:.2f} (standard error)",
    ]
