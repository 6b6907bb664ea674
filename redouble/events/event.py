"""An event: its configuration, its movement, and everything entered since, as a log that replays.

Every change is a log entry (a plain dict, stored as JSON by :mod:`redouble.events.store`):

- ``{"op": "result", "result": {...}}``: a table's result (see :meth:`Result.from_dict`); refused when the
  pairs are not at that table, the board is not theirs that round, or the board is already entered;
- ``{"op": "correct", "result": {...}}``: the director replaces an entered result (the old one stays in the
  history); ``{"op": "remove", "board": b, "ns": p, "ew": q}`` takes one back;
- ``{"op": "confirm", "board": b, "ns": p, "ew": q}``: East-West agree with what North entered;
- ``{"op": "names", "names": {pair: "Ann - Bo"}}``; ``{"op": "deals", "pbn": "..."}``: the boards' deals;
- online events: ``{"op": "register", "pair": p, "name": "Ann - Bo", "people": 2}`` (a pair signs up; one
  person plays with a robot partner), ``{"op": "round", "round": r, "tables": {...}}`` (the round starts at
  these web tables; a pair nobody registered is played by robots).

>>> event = Event(EventConfig("Tuesday", movement={"type": "mitchell", "tables": 3}, boards_per_round=2))
>>> event.boards_at(round=1, table=2)
[3, 4]
>>> event.apply({"op": "result", "result": {"board": 3, "ns": "2", "ew": "5", "contract": "4S",
...                                         "declarer": "N", "tricks": 10}}, who="North, table 2")
>>> event.results[3, "2", "5"].ns_score
420
>>> event.apply({"op": "result", "result": {"board": 3, "ns": "1", "ew": "5", "contract": "4S",
...                                         "declarer": "N", "tricks": 10}}, who="North, table 1")
Traceback (most recent call last):
...
redouble.errors.RedoubleError: board 3: pairs 1 and 5 do not play it (pair 1 plays it in round 2, \
at table 1 against pair 6)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from redouble import pbn
from redouble.board import Board
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.events.movements import EAST_WEST, NORTH_SOUTH, Movement, Seating, from_spec
from redouble.events.pbnfile import FileDeals, read_deals
from redouble.events.results import Result
from redouble.events.scoring import (
    PAIRS_METHODS,
    SCALES,
    TEAMS_METHODS,
    PairsScore,
    TeamsScore,
    score_pairs,
    score_teams,
)
from redouble.events.store import LogEntry

KINDS = ("pairs", "teams")


@dataclass
class EventConfig:
    """What the director chose: the movement (a :meth:`Movement.to_spec` dict), the boards per round, the
    scoring, and whether players see a board's traveller after entering their result."""

    name: str
    kind: str = "pairs"
    movement: dict[str, Any] = field(default_factory=lambda: {"type": "mitchell", "tables": 3})
    boards_per_round: int = 3
    first_board: int = 1
    scoring: str = "mp"
    scale: str = "european"
    date: str = ""
    venue: str = ""
    show_traveller: bool = True
    online: bool = False
    round_minutes: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 120:
            raise RedoubleError(f"an event needs a name of 1 to 120 characters, not {self.name!r}")
        if self.kind not in KINDS:
            raise RedoubleError(f"an event is 'pairs' or 'teams', not {self.kind!r}")
        methods = PAIRS_METHODS if self.kind == "pairs" else TEAMS_METHODS
        if self.scoring not in methods:
            raise RedoubleError(f"a {self.kind} event is scored by {', '.join(methods)}, not {self.scoring!r}")
        if self.scale not in SCALES:
            raise RedoubleError(f"the matchpoint scale is {' or '.join(SCALES)}, not {self.scale!r}")
        for what, value, high in (("boards per round", self.boards_per_round, 36),
                                  ("the first board", self.first_board, 999),
                                  ("minutes a round", self.round_minutes, 240)):
            low = 0 if what == "minutes a round" else 1
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RedoubleError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
        movement = from_spec(self.movement)
        if (self.kind == "teams") != bool(movement.teams):
            raise RedoubleError(f"a {self.kind} event needs a {'teams' if self.kind == 'teams' else 'pairs'} "
                                f"movement, not a {movement.name}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EventConfig:
        if not isinstance(data, dict):
            raise RedoubleError(f"an event's configuration must be a mapping, not {data!r}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RedoubleError(f"unknown event settings: {', '.join(unknown)}")
        try:
            return cls(**data)
        except TypeError as exc:
            raise RedoubleError(f"bad event settings: {exc}") from None


@dataclass(frozen=True, slots=True)
class Change:
    """One version of an entry: the result (None once removed), who entered it, when, and its log number."""

    result: Result | None
    who: str
    at: float
    seq: int | None


@dataclass(frozen=True, slots=True)
class Expected:
    """A result the movement expects: a board at a table in a round, between two pairs."""

    round: int
    table: int
    board: int
    ns: str
    ew: str


class Event:
    """An event's state: the configuration and movement, names, deals, results with their histories."""

    def __init__(self, config: EventConfig) -> None:
        self.config = config
        self.movement: Movement = from_spec(config.movement)
        self.names: dict[str, str] = {}
        self.deals: dict[int, Board] = {}
        self.results: dict[tuple[int, str, str], Result] = {}
        self.history: dict[tuple[int, str, str], list[Change]] = defaultdict(list)
        self.confirmed: set[tuple[int, str, str]] = set()
        self.log: list[LogEntry] = []
        self.registered: dict[str, dict[str, Any]] = {}  # online: pair -> {"name", "people"}
        self.round = 0  # online: the round being played (0: not started)
        self.tables: dict[int, dict[int, Any]] = {}  # online: round -> {table: {"id", "seats", "ns", "ew"}}

    # --- building ------------------------------------------------------------------------------------------
    @classmethod
    def replay(cls, config: dict[str, Any] | EventConfig, log: Iterable[LogEntry]) -> Event:
        """The event as its log leaves it."""
        event = cls(config if isinstance(config, EventConfig) else EventConfig.from_dict(config))
        for item in log:
            event.apply(item.entry, who=item.who, at=item.at, seq=item.seq)
        return event

    @property
    def pairs(self) -> list[str]:
        return [str(p) for p in self.movement.pairs]

    @property
    def board_numbers(self) -> list[int]:
        m = self.movement
        return [b for s in range(1, m.board_sets + 1) for b in m.boards(s, self.config.boards_per_round,
                                                                         self.config.first_board)]

    def board_set_of(self, board: int) -> int:
        offset = board - self.config.first_board
        if offset < 0 or offset >= self.movement.board_sets * self.config.boards_per_round:
            first, last = self.config.first_board, self.board_numbers[-1]
            raise RedoubleError(f"board {board} is not in this event (boards {first} to {last})")
        return offset // self.config.boards_per_round + 1

    def boards_at(self, round: int, table: int) -> list[int]:
        """The boards played at ``table`` in ``round``."""
        seat = self.movement.at(round, table)
        return list(self.movement.boards(seat.board_set, self.config.boards_per_round, self.config.first_board))

    def expected(self) -> list[Expected]:
        """Every result the movement calls for, round by round (sit-outs left out)."""
        out = []
        for s in self.movement.seatings:
            if self.movement.is_sitout(s):
                continue
            for board in self.boards_at(s.round, s.table):
                out.append(Expected(s.round, s.table, board, str(s.ns), str(s.ew)))
        return out

    def name_of(self, pair: str) -> str:
        return self.names.get(pair, "")

    # --- the log ---------------------------------------------------------------------------------------------
    def apply(self, entry: dict[str, Any], *, who: str, at: float = 0.0, seq: int | None = None) -> Any:
        """Apply one log entry, or raise :class:`RedoubleError` saying what is wrong and change nothing.

        Returns what the entry reports to its sender: a deals entry, what it read from its file
        (:class:`FileDeals`); every other entry, None."""
        if not isinstance(entry, dict):
            raise RedoubleError(f"a change must be a mapping, not {entry!r}")
        op = entry.get("op")
        handler = getattr(self, f"_op_{op}", None) if isinstance(op, str) and op.isidentifier() else None
        if handler is None:
            raise RedoubleError(f"unknown change {op!r} (expected result, correct, remove, confirm, names or deals)")
        report = handler(entry, who, at, seq)
        self.log.append(LogEntry(seq if seq is not None else len(self.log) + 1, at, who, entry))
        return report

    def _placed(self, data: Any) -> Result:
        if not isinstance(data, dict):
            raise RedoubleError(f"a result must be a mapping, not {data!r}")
        board = data.get("board")
        if isinstance(board, str) and board.strip().isdigit():
            board = int(board)
        if isinstance(board, bool) or not isinstance(board, int):
            raise RedoubleError(f"a result needs its board number, not {board!r}")
        board_set = self.board_set_of(board)
        deal = self.deals.get(board)
        result = Result.from_dict(dict(data, board=board), deal.vulnerability if deal is not None else None)
        seating = self._seating_for(result, board_set)
        return result.with_place(seating.round, seating.table)

    def _seating_for(self, result: Result, board_set: int) -> Seating:
        m = self.movement
        if result.round is not None or result.table is not None:
            if result.round is None or result.table is None:
                raise RedoubleError(f"board {result.board}: give both the round and the table, or neither")
            seat = m.at(result.round, result.table)
            if m.is_sitout(seat):
                raise RedoubleError(f"table {seat.table} sits out in round {seat.round}")
            if (str(seat.ns), str(seat.ew)) != (result.ns, result.ew):
                raise RedoubleError(f"round {seat.round}, table {seat.table} is pair {seat.ns} (North-South) "
                                    f"against pair {seat.ew} (East-West), not {result.ns} against {result.ew}")
            if seat.board_set != board_set:
                boards = self.boards_at(seat.round, seat.table)
                raise RedoubleError(f"board {result.board} is not played at table {seat.table} in round "
                                    f"{seat.round} (boards {boards[0]} to {boards[-1]})")
            return seat
        for seat in m.seatings:
            if seat.board_set == board_set and (str(seat.ns), str(seat.ew)) == (result.ns, result.ew) \
                    and not m.is_sitout(seat):
                return seat
        for pair in (result.ns, result.ew):
            for seat in m.seatings:
                if seat.board_set == board_set and pair in (str(seat.ns), str(seat.ew)) and not m.is_sitout(seat):
                    other = seat.ew if pair == str(seat.ns) else seat.ns
                    raise RedoubleError(f"board {result.board}: pairs {result.ns} and {result.ew} do not play it "
                                        f"(pair {pair} plays it in round {seat.round}, at table {seat.table} "
                                        f"against pair {other})")
        raise RedoubleError(f"board {result.board}: neither pair {result.ns} nor pair {result.ew} plays it "
                            "in this movement")

    def _op_result(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        result = self._placed(entry.get("result"))
        for key, existing in self.results.items():
            if key[0] == result.board and (result.ns in key[1:] or result.ew in key[1:]):
                raise RedoubleError(f"board {result.board} is already entered for pairs {existing.ns} and "
                                    f"{existing.ew} ({existing.text}); ask the director to correct it")
        self.results[result.key] = result
        self.history[result.key].append(Change(result, who, at, seq))

    def _op_correct(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        result = self._placed(entry.get("result"))
        if result.key not in self.results:
            raise RedoubleError(f"board {result.board} has no result for pairs {result.ns} and {result.ew} to "
                                "correct")
        self.results[result.key] = result
        self.confirmed.discard(result.key)
        self.history[result.key].append(Change(result, who, at, seq))

    def _key(self, entry: dict[str, Any]) -> tuple[int, str, str]:
        board = entry.get("board")
        if isinstance(board, str) and board.isdigit():
            board = int(board)
        key = (board, str(entry.get("ns")), str(entry.get("ew")))
        if key not in self.results:
            raise RedoubleError(f"board {board} has no result for pairs {key[1]} and {key[2]}")
        return key  # type: ignore[return-value]

    def _op_remove(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        key = self._key(entry)
        del self.results[key]
        self.confirmed.discard(key)
        self.history[key].append(Change(None, who, at, seq))

    def _op_confirm(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        self.confirmed.add(self._key(entry))

    def _op_names(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        names = entry.get("names")
        if not isinstance(names, dict):
            raise RedoubleError(f"names must map pairs to names, not {names!r}")
        known = set(self.pairs) | {str(t) for t in self.movement.teams}
        for pair, name in names.items():
            if str(pair) not in known:
                raise RedoubleError(f"there is no pair or team {pair!r} in this event")
            if not isinstance(name, str) or len(name) > 120:
                raise RedoubleError(f"the name of {pair} must be text of at most 120 characters, not {name!r}")
        for pair, name in names.items():
            self.names[str(pair)] = name.strip()

    def _op_deals(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> FileDeals:
        text = entry.get("pbn")
        if not isinstance(text, str):
            raise RedoubleError("deals come as PBN text")
        found = read_deals(text, self.board_numbers)
        if not found.deals:
            numbers = self.board_numbers
            raise RedoubleError(f"the file has none of this event's boards ({min(numbers)} to {max(numbers)}) "
                                "with all 52 cards dealt")
        self.deals.update(found.deals)
        return found

    def _op_register(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        if not self.config.online:
            raise RedoubleError("only an online event takes registrations")
        if self.round:
            raise RedoubleError("the event has started: registration is closed")
        pair, name, people = str(entry.get("pair")), entry.get("name"), entry.get("people", 2)
        if pair not in self.pairs:
            raise RedoubleError(f"there is no pair {pair!r} in this event")
        if pair in self.registered:
            raise RedoubleError(f"pair {pair} is already registered")
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 80:
            raise RedoubleError(f"a pair registers with a name of 1 to 80 characters, not {name!r}")
        if people not in (1, 2):
            raise RedoubleError(f"a pair is one or two people (a robot partner for one), not {people!r}")
        self.registered[pair] = {"name": name.strip(), "people": people}
        self.names[pair] = name.strip()

    def free_pair(self) -> str | None:
        """The next pair number nobody has registered (online events), or None when the movement is full."""
        return next((p for p in self.pairs if p not in self.registered), None)

    def _op_round(self, entry: dict[str, Any], who: str, at: float, seq: int | None) -> None:
        if not self.config.online:
            raise RedoubleError("only an online event is played round by round here")
        number = entry.get("round")
        if number != self.round + 1 or not 1 <= number <= self.movement.rounds:
            raise RedoubleError(f"the next round is {self.round + 1} of {self.movement.rounds}, not {number!r}")
        tables = entry.get("tables")
        if not isinstance(tables, dict):
            raise RedoubleError("a round needs its tables")
        self.round = number
        self.tables[number] = {int(k): v for k, v in tables.items()}

    # --- progress and scores ----------------------------------------------------------------------------------
    def progress(self) -> dict[tuple[int, int], tuple[int, int]]:
        """(round, table) -> (results entered, boards to play)."""
        out: dict[tuple[int, int], list[int]] = {}
        for e in self.expected():
            counts = out.setdefault((e.round, e.table), [0, 0])
            counts[1] += 1
            if (e.board, e.ns, e.ew) in self.results:
                counts[0] += 1
        return {k: (v[0], v[1]) for k, v in out.items()}

    def fields(self) -> dict[str, str]:
        """pair -> ``'NS'``/``'EW'`` when North-South and East-West are ranked apart, else empty."""
        if not self.movement.two_fields:
            return {}
        out: dict[str, str] = {}
        for s in self.movement.seatings:
            out.setdefault(str(s.ns), NORTH_SOUTH)
            out.setdefault(str(s.ew), EAST_WEST)
        return out

    def expected_results_per_board(self) -> int:
        return max(self.movement.times_played().values())

    def score(self) -> PairsScore:
        """The pairs ranking and travellers from the results entered so far."""
        if self.config.kind != "pairs":
            raise RedoubleError("a teams event is scored with score_teams()")
        if not self.results:
            raise RedoubleError("no results have been entered yet")
        most = max(sum(1 for k in self.results if k[0] == b) for b in {k[0] for k in self.results})
        return score_pairs(self.results.values(), method=self.config.scoring, scale=self.config.scale,
                           expected=max(self.expected_results_per_board(), most), fields=self.fields() or None)

    def score_teams(self) -> TeamsScore:
        if self.config.kind != "teams":
            raise RedoubleError("a pairs event is scored with score()")
        m = self.movement
        boards_of = {s: list(m.boards(s, self.config.boards_per_round, self.config.first_board))
                     for s in range(1, m.board_sets + 1)}
        teams = {t: (str(a), str(b)) for t, (a, b) in m.teams.items()}
        return score_teams(self.results.values(), teams, m.matches, boards_of, method=self.config.scoring)


def dealt_boards(config: EventConfig) -> str:
    """PBN with a random deal for every board of the event (Redouble deals them, for the hand records).

    >>> from redouble import pbn
    >>> [b.number for b in pbn.loads(dealt_boards(EventConfig("Night", movement={"type": "howell", "tables": 2})))]
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    movement = from_spec(config.movement)
    numbers = range(config.first_board, config.first_board + movement.board_sets * config.boards_per_round)
    return pbn.dumps(Board.from_number(n, deal=Deal.random()) for n in numbers)
