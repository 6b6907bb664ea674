"""Scoring an event: every result compared, every pair or team ranked, every figure explained.

Pairs (:func:`score_pairs`):

- ``"mp"``: matchpoints on either scale (:data:`~redouble.scoring.EUROPEAN` 2/1/0 or
  :data:`~redouble.scoring.AMERICAN` 1/½/0). A board with fewer results than the field's (played fewer times,
  artificial scores, a fouled board's groups) is scaled by Neuberg's formula; an artificial score earns its
  percentage of the top; a board not played leaves the pair's top. Ranked by percentage.
- ``"butler"``: IMPs against the board's datum (the mean without the top and bottom score, to the nearest 10).
- ``"cross-imps"``: IMPs against every other result on the board, averaged over the comparisons.

Teams (:func:`score_teams`): IMPs board by board in each match, then WBF victory points, or board-a-match.

Ties share the rank. :meth:`PairsScore.score_card` lists a pair's boards with the scores each was compared
with, so that every figure can be checked by hand.

The traveller of seed 000 (board 1, none vulnerable), scored on its own:

>>> from redouble.events.results import Result
>>> rows = [("1", "8", "4S", "N", 10), ("2", "13", "3NT", "S", 10), ("3", "11", "5CX", "E", 8),
...         ("4", "9", "4S", "N", 10), ("5", "14", "4S", "N", 11), ("6", "12", "5S", "N", 10),
...         ("7", "10", "3S", "N", 10)]
>>> event = score_pairs([Result.played(1, ns, ew, c, d, t) for ns, ew, c, d, t in rows])
>>> [(line.ns_points, line.ew_points) for line in event.travellers[1]]
[(5.0, 7.0), (8.0, 4.0), (12.0, 0.0), (5.0, 7.0), (10.0, 2.0), (0.0, 12.0), (2.0, 10.0)]
>>> [(s.pair, s.rank_text, s.total, s.percentage) for s in event.standings[:3]]
[('3', '1=', 12.0, 100.0), ('12', '1=', 12.0, 100.0), ('5', '3=', 10.0, 83.33)]
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from redouble.errors import RedoubleError
from redouble.events.movements import EAST_WEST, NORTH_SOUTH, Match
from redouble.events.results import ARTIFICIAL_SCORE, NOT_PLAYED, Result
from redouble.scoring.imps import imps
from redouble.scoring.matchpoints import AMERICAN, EUROPEAN, MatchpointScale, neuberg
from redouble.scoring.teams import board_a_match, butler_datum
from redouble.scoring.vp import wbf_vp

PAIRS_METHODS = ("mp", "butler", "cross-imps")
TEAMS_METHODS = ("imps", "bam")
SCALES = {"european": EUROPEAN, "2/1/0": EUROPEAN, "american": AMERICAN, "1/0.5/0": AMERICAN}
#: IMPs an artificial score is worth in IMP scoring, per 10 percentage points away from 50% (A+ = +3 IMPs;
#: in summed cross-IMPs, that many per comparison).
ARTIFICIAL_IMPS_PER_10_PERCENT = 3.0
_EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One result of a board with what each side earned on it (None: the board was not played).

    ``top`` is the board's matchpoint top (0 in IMP scoring); ``datum`` the Butler datum of its group.
    """

    result: Result
    ns_points: float | None
    ew_points: float | None
    top: float
    datum: int | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's (or team's) place: ``total`` matchpoints, IMPs or VPs; ``top`` the most it could have scored
    (matchpoints only); ``percentage`` of the top (matchpoints only)."""

    pair: str
    rank: int
    tied: bool
    total: float
    top: float
    percentage: float | None
    boards: int
    field: str = ""

    @property
    def rank_text(self) -> str:
        """``'3'`` or ``'3='`` when shared."""
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True, slots=True)
class ScoreCardLine:
    """One board of a pair's personal score card."""

    board: int
    round: int | None
    direction: str
    opponents: str
    result: str
    score: int | None  # from the pair's own side
    points: float | None
    top: float
    compared_with: tuple[int, ...]  # the other scores on the board (same side's view) or the datum
    datum: int | None = None


@dataclass
class PairsScore:
    """The scored event: the travellers (with each line's matchpoints/IMPs) and the standings."""

    method: str
    scale: MatchpointScale
    expected: int
    travellers: dict[int, list[TravellerLine]]
    standings: list[Standing]
    fields: dict[str, str] = field(default_factory=dict)

    def standing(self, pair: str) -> Standing:
        for s in self.standings:
            if s.pair == pair:
                return s
        raise RedoubleError(f"there is no pair {pair!r} in this event")

    def by_field(self) -> dict[str, list[Standing]]:
        """The standings of each field (``''`` for one field; ``'NS'`` and ``'EW'`` for two)."""
        out: dict[str, list[Standing]] = defaultdict(list)
        for s in self.standings:
            out[s.field].append(s)
        return dict(out)

    def score_card(self, pair: str) -> list[ScoreCardLine]:
        """``pair``'s boards in order: its score, what it earned, and the scores it was compared with.

        >>> from redouble.events.results import Result
        >>> event = score_pairs([Result.played(1, "1", "3", "4S", "N", 10), Result.played(1, "2", "4", "4S", "N", 9)])
        >>> event.score_card("4")[0]
        ScoreCardLine(board=1, round=None, direction='EW', opponents='2', result='4S N 9 -1', score=50, \
points=2.0, top=2.0, compared_with=(-420,), datum=None)
        """
        self.standing(pair)
        lines = []
        for board in sorted(self.travellers):
            traveller = self.travellers[board]
            for line in traveller:
                r = line.result
                if pair not in (r.ns, r.ew):
                    continue
                ns_side = pair == r.ns
                own = r.ns_score if ns_side else (None if r.ew_score is None else -r.ew_score)
                others = []
                for other in traveller:
                    o = other.result
                    if o is r or not o.has_score or o.fouled != r.fouled:
                        continue
                    assert o.ns_score is not None and o.ew_score is not None
                    others.append(o.ns_score if ns_side else -o.ew_score)
                datum = line.datum
                if datum is not None and not ns_side:
                    datum = -datum
                lines.append(ScoreCardLine(board, r.round, NORTH_SOUTH if ns_side else EAST_WEST,
                                           r.ew if ns_side else r.ns, r.text, own,
                                           line.ns_points if ns_side else line.ew_points, line.top,
                                           tuple(sorted(others, reverse=True)), datum))
        return lines


def _check_results(results: Iterable[Result]) -> dict[int, list[Result]]:
    boards: dict[int, list[Result]] = defaultdict(list)
    seen: dict[tuple[int, str], Result] = {}
    for r in results:
        if not isinstance(r, Result):
            raise RedoubleError(f"not a result: {r!r}")
        for p in (r.ns, r.ew):
            if (r.board, p) in seen:
                raise RedoubleError(f"board {r.board}: pair {p} has two results "
                                    f"({seen[r.board, p].text} and {r.text})")
            seen[r.board, p] = r
        boards[r.board].append(r)
    return dict(sorted(boards.items()))


def _scale(scale: MatchpointScale | str) -> MatchpointScale:
    if isinstance(scale, MatchpointScale):
        return scale
    try:
        return SCALES[str(scale).lower()]
    except KeyError:
        raise RedoubleError(f"unknown matchpoint scale {scale!r} (expected european or american)") from None


def _counted(results: Sequence[Result]) -> int:
    return sum(1 for r in results if r.kind != NOT_PLAYED)


def _artificial_imps(percent: float, per_10_percent: float = ARTIFICIAL_IMPS_PER_10_PERCENT) -> float:
    return round((percent - 50.0) / 10.0 * per_10_percent, 2)


def _scored_groups(results: Sequence[Result]) -> list[list[Result]]:
    """The played and assigned results of a board, by group: one group unless the board was fouled, when
    each group (the results with the same cards) is compared within itself."""
    groups: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        if r.has_score:
            groups[r.fouled].append(r)
    return list(groups.values())


def _matchpoint_board(results: Sequence[Result], expected: int, scale: MatchpointScale) -> list[TravellerLine]:
    top = scale.top(expected)
    unit = scale.per_pair_beaten
    points: dict[int, tuple[float, float]] = {}
    for group in _scored_groups(results):
        n = len(group)
        ns_scores = [r.ns_score for r in group]
        ew_scores = [r.ew_score for r in group]
        for r in group:
            assert r.ns_score is not None and r.ew_score is not None
            ns_mp = unit * sum(1 for s in ns_scores if s is not None and s < r.ns_score) \
                + unit / 2 * (sum(1 for s in ns_scores if s == r.ns_score) - 1)
            ew_mp = unit * sum(1 for s in ew_scores if s is not None and s > r.ew_score) \
                + unit / 2 * (sum(1 for s in ew_scores if s == r.ew_score) - 1)
            if n < expected:
                ns_mp, ew_mp = neuberg(ns_mp, n, expected, scale), neuberg(ew_mp, n, expected, scale)
            points[id(r)] = (round(ns_mp, 2), round(ew_mp, 2))
    lines = []
    for r in results:
        if r.kind == NOT_PLAYED:
            lines.append(TravellerLine(r, None, None, 0.0))
        elif r.kind == ARTIFICIAL_SCORE:
            assert r.artificial is not None
            lines.append(TravellerLine(r, round(top * r.artificial[0] / 100, 2), round(top * r.artificial[1] / 100, 2),
                                       top))
        else:
            ns_mp, ew_mp = points[id(r)]
            lines.append(TravellerLine(r, ns_mp, ew_mp, top))
    return lines


def _imp_board(results: Sequence[Result], method: str, trim: int, min_to_trim: int,
               cross_average: bool, artificial_imps: float) -> list[TravellerLine]:
    points: dict[int, tuple[float, float, int | None]] = {}
    for group in _scored_groups(results):
        if method == "butler":
            # The datum comes from the North-South view; a split score enters with its North-South figure.
            datum = butler_datum([_score(r.ns_score) for r in group], trim=trim, min_results_to_trim=min_to_trim)
            for r in group:
                points[id(r)] = (float(imps(_score(r.ns_score) - datum)), float(-imps(_score(r.ew_score) - datum)),
                                 datum)
        else:
            for r in group:
                others = [o for o in group if o is not r]
                if not others:
                    points[id(r)] = (0.0, 0.0, None)
                    continue
                divide = len(others) if cross_average else 1
                ns = sum(imps(_score(r.ns_score) - _score(o.ns_score)) for o in others) / divide
                ew = sum(-imps(_score(r.ew_score) - _score(o.ew_score)) for o in others) / divide
                points[id(r)] = (round(ns, 2), round(ew, 2), None)
    lines = []
    for r in results:
        if r.kind == NOT_PLAYED:
            lines.append(TravellerLine(r, None, None, 0.0))
        elif r.kind == ARTIFICIAL_SCORE:
            assert r.artificial is not None
            per_10 = artificial_imps
            if method == "cross-imps" and not cross_average:
                per_10 *= max(sum(1 for x in results if x.kind != NOT_PLAYED) - 1, 1)
            lines.append(TravellerLine(r, _artificial_imps(r.artificial[0], per_10),
                                       _artificial_imps(r.artificial[1], per_10), 0.0))
        else:
            ns_i, ew_i, board_datum = points[id(r)]
            lines.append(TravellerLine(r, ns_i, ew_i, 0.0, board_datum))
    return lines


def _score(value: int | None) -> int:
    assert value is not None
    return value


def rank(entries: Sequence[tuple[str, float]]) -> list[tuple[str, int, bool]]:
    """Ranks for (name, value) entries, the highest value first; equal values share the rank.

    >>> rank([("a", 55.0), ("b", 61.2), ("c", 55.0), ("d", 40.0)])
    [('b', 1, False), ('a', 2, True), ('c', 2, True), ('d', 4, False)]
    """
    ordered = sorted(entries, key=lambda e: -e[1])
    out = []
    for name, value in ordered:
        first = next(j for j, (_, v) in enumerate(ordered) if abs(v - value) < _EPSILON)
        tied = sum(1 for _, v in ordered if abs(v - value) < _EPSILON) > 1
        out.append((name, first + 1, tied))
    return out


def fields_as_seated(results: Iterable[Result]) -> dict[str, str]:
    """Each pair's field (``'NS'`` or ``'EW'``) where it first sat, for ranking a Mitchell in two fields
    (:func:`score_pairs`' ``fields``) from results that do not say so.

    >>> fields_as_seated([Result.played(1, "1", "2", "3NT", "S", 9), Result.played(2, "1", "3", "3NT", "S", 9)])
    {'1': 'NS', '2': 'EW', '3': 'EW'}
    """
    fields: dict[str, str] = {}
    for r in results:
        fields.setdefault(r.ns, "NS")
        fields.setdefault(r.ew, "EW")
    return fields


def score_pairs(results: Iterable[Result], *, method: str = "mp", scale: MatchpointScale | str = EUROPEAN,
                expected: int | None = None, fields: Mapping[str, str] | None = None,
                butler_trim: int = 1, butler_min_results_to_trim: int = 5, cross_average: bool = True,
                artificial_imps: float = ARTIFICIAL_IMPS_PER_10_PERCENT) -> PairsScore:
    """Score a pairs event from its results (any order).

    ``expected``: how many results a board should have (default: the most any board has); boards with fewer
    are scaled by Neuberg. ``fields``: pair -> ``'NS'``/``'EW'`` to rank two fields (a Mitchell without an
    arrow switch); by default one field. ``butler_trim``/``butler_min_results_to_trim``: the datum leaves out
    that many top and bottom scores when a board has at least that many results. ``cross_average``: cross-IMPs
    averaged over the comparisons (else summed). ``artificial_imps``: the IMPs an artificial score is worth
    per 10 percentage points (A+ is 60%), per comparison when cross-IMPs are summed.

    In IMP scoring a pair that played fewer boards than the event has (a sit-out) has its total factored up
    to the event's boards.
    """
    if method not in PAIRS_METHODS:
        raise RedoubleError(f"unknown pairs scoring {method!r} (expected one of {', '.join(PAIRS_METHODS)})")
    mp_scale = _scale(scale)
    boards = _check_results(results)
    if not boards:
        raise RedoubleError("there are no results to score")
    most = max(_counted(rs) for rs in boards.values())
    if expected is None:
        expected = most
    elif isinstance(expected, bool) or not isinstance(expected, int) or expected < most:
        raise RedoubleError(f"expected results per board must be a whole number of at least {most} "
                            f"(a board has {most}), not {expected!r}")
    travellers: dict[int, list[TravellerLine]] = {}
    for board, rs in boards.items():
        if method == "mp":
            travellers[board] = _matchpoint_board(rs, expected, mp_scale)
        else:
            travellers[board] = _imp_board(rs, method, butler_trim, butler_min_results_to_trim, cross_average,
                                           artificial_imps)

    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])  # points, top, boards
    for lines in travellers.values():
        for line in lines:
            r = line.result
            for pair, pts in ((r.ns, line.ns_points), (r.ew, line.ew_points)):
                entry = totals[pair]
                if pts is not None:
                    entry[0] += pts
                    entry[1] += line.top
                    entry[2] += 1
    field_of = {p: "" for p in totals}
    if fields:
        for p in totals:
            f = fields.get(p, "")
            if f not in (NORTH_SOUTH, EAST_WEST, ""):
                raise RedoubleError(f"pair {p}'s field must be 'NS' or 'EW', not {f!r}")
            field_of[p] = f
    event_boards = len(travellers)

    def value(pair: str) -> float:
        points, top, count = totals[pair]
        if method == "mp":
            return 100 * points / top if top else 50.0
        return points * event_boards / count if count else 0.0

    standings: list[Standing] = []
    for group_name in sorted(set(field_of.values()), key=("", NORTH_SOUTH, EAST_WEST).index):
        members = [p for p in totals if field_of[p] == group_name]
        for pair, place, tied in rank([(p, value(p)) for p in sorted(members, key=_pair_order)]):
            points, top, count = totals[pair]
            pct = round(value(pair), 2) if method == "mp" else None
            total = round(points, 2) if method == "mp" else round(value(pair), 2)
            standings.append(Standing(pair, place, tied, total, round(top, 2), pct, int(count), group_name))
    return PairsScore(method, mp_scale, expected, travellers, standings, field_of)


def _pair_order(pair: str) -> tuple[int, str]:
    return (int(pair), "") if pair.isdigit() else (math.inf, pair)  # type: ignore[return-value]


# --- teams ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MatchBoard:
    """A board of a teams match: the North-South score at the home team's table (home pair North-South) and at
    the away team's table, the home team's IMPs (or board-a-match points), and the two tables' results."""

    board: int
    home_table: int | None
    away_table: int | None
    home_points: float
    home_result: Result | None = None
    away_result: Result | None = None


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A teams match: the IMPs each team won (or its board-a-match points) and the victory points (WBF
    scale, from the difference; for board-a-match, the points again)."""

    round: int
    home: int
    away: int
    boards: tuple[MatchBoard, ...]
    home_imps: float
    away_imps: float
    home_vp: float
    away_vp: float


@dataclass
class TeamsScore:
    method: str
    matches: list[MatchScore]
    standings: list[Standing]

    def team_matches(self, team: int) -> list[MatchScore]:
        return [m for m in self.matches if team in (m.home, m.away)]


def score_teams(results: Iterable[Result], teams: Mapping[int, Sequence[str | int]],
                matches: Sequence[Match], boards_of: Mapping[int, Sequence[int]] | None = None, *,
                method: str = "imps") -> TeamsScore:
    """Score a teams event: each match's boards compared between its two tables.

    ``teams``: team -> its pairs (two, or more when a team fielded more); ``matches``: who played whom in which
    round; ``boards_of``: the board numbers of each board set (default: every board both tables of the match
    played). ``method``: ``'imps'`` (IMPs, then WBF VPs for the match's number of boards) or ``'bam'`` (1, ½
    or 0 a board).

    The teams-of-four example of seed 000:

    >>> from redouble.events.movements import teams_match
    >>> from redouble.events.results import Result
    >>> m = teams_match()
    >>> rows = [(1, "4S", "S", 10, "4S", "S", 11), (2, "5DX", "W", 8, "4H", "N", 10),
    ...         (3, "3NT", "W", 12, "6NT", "W", 12), (4, "2H", "N", 9, "4H", "N", 9)]
    >>> results = [r for b, c1, d1, t1, c2, d2, t2 in rows for r in
    ...            (Result.played(b, "1", "3", c1, d1, t1), Result.played(b, "4", "2", c2, d2, t2))]
    >>> score = score_teams(results, {1: ("1", "2"), 2: ("3", "4")}, m.matches)
    >>> [b.home_points for b in score.matches[0].boards], score.matches[0].home_imps, score.matches[0].away_imps
    ([-1.0, -3.0, 13.0, 6.0], 19.0, 4.0)
    """
    if method not in TEAMS_METHODS:
        raise RedoubleError(f"unknown teams scoring {method!r} (expected one of {', '.join(TEAMS_METHODS)})")
    boards = _check_results(results)
    pairs_of = {int(t): tuple(str(p) for p in pairs) for t, pairs in teams.items()}
    scored: list[MatchScore] = []
    for match in matches:
        home, away = pairs_of[match.home], pairs_of[match.away]
        numbers = boards_of[match.board_set] if boards_of is not None else sorted(boards)
        lines = []
        for board in numbers:
            at_home = at_away = None
            for r in boards.get(board, []):
                if r.ns in home and r.ew in away:
                    at_home = r
                elif r.ns in away and r.ew in home:
                    at_away = r
            if at_home is None or at_away is None or NOT_PLAYED in (at_home.kind, at_away.kind):
                continue
            lines.append(_match_board(board, at_home, at_away, method))
        if method == "bam":
            home_points = sum(b.home_points for b in lines)
            away_points = len(lines) - home_points
            vp_home, vp_away = home_points, away_points
        else:
            home_points = sum(max(b.home_points, 0.0) for b in lines)
            away_points = sum(max(-b.home_points, 0.0) for b in lines)
            vp_home, vp_away = wbf_vp(home_points - away_points, boards=len(lines)) if lines else (0.0, 0.0)
        scored.append(MatchScore(match.round, match.home, match.away, tuple(lines), round(home_points, 2),
                                 round(away_points, 2), vp_home, vp_away))
    totals: dict[int, list[float]] = {t: [0.0, 0] for t in pairs_of}  # type: ignore[misc]
    for m in scored:
        totals[m.home][0] += m.home_vp
        totals[m.away][0] += m.away_vp
        totals[m.home][1] += len(m.boards)
        totals[m.away][1] += len(m.boards)
    standings = [Standing(str(team), place, tied, round(totals[int(team)][0], 2), 0.0, None,
                          int(totals[int(team)][1]))
                 for team, place, tied in rank([(str(t), totals[t][0]) for t in sorted(totals)])]
    return TeamsScore(method, scored, standings)


def _match_board(board: int, at_home: Result, at_away: Result, method: str) -> MatchBoard:
    if at_home.kind == ARTIFICIAL_SCORE or at_away.kind == ARTIFICIAL_SCORE:
        # The home team's share of the artificial scores at its two tables.
        home_pct = ((at_home.artificial or (50.0, 50.0))[0] + (at_away.artificial or (50.0, 50.0))[1]) / 2
        points = (home_pct / 100 if method == "bam" else
                  _artificial_imps(at_home.artificial[0] if at_home.artificial else 50.0)
                  + _artificial_imps(at_away.artificial[1] if at_away.artificial else 50.0))
        return MatchBoard(board, at_home.ns_score, at_away.ns_score, points, at_home, at_away)
    assert at_home.ns_score is not None and at_away.ew_score is not None
    if method == "bam":
        return MatchBoard(board, at_home.ns_score, at_away.ew_score,
                          board_a_match(at_home.ns_score, at_away.ew_score), at_home, at_away)
    return MatchBoard(board, at_home.ns_score, at_away.ew_score, float(imps(at_home.ns_score - at_away.ew_score)),
                      at_home, at_away)
