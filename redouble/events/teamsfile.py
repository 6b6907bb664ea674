"""Teams results in PBN, in the two shapes clubs and championships publish them.

- **Match totals** (Ruter and other club programs): one ``ScoreTable`` whose rows are the matches, with
  ``Round``, ``TeamId_Home``, ``TeamId_Away``, each team's IMPs (``IMP_Home``/``IMP_Away``, or Ruter's
  ``MatchDetails`` ``"segment,home,away"``) and the published ``VP_Home``/``VP_Away``; a ``TotalScoreTable``
  with ``TeamId``, ``TeamName``, ``TotalScoreVP`` and ``Rank``. The boards are not there, so the VPs come
  from each match's IMPs (WBF scale, for ``boards_per_match`` boards) and board-a-match cannot be scored.
- **Both tables of each board** (championship and vugraph records): a game per table with ``HomeTeam``,
  ``VisitTeam``, ``Room`` (``Open``: the home team sits North-South; ``Closed``: East-West; without the
  tag the first game of a board is the open room), ``Round`` and the contract, declarer and tricks. Each
  board is scored in IMPs, or board-a-match; a match's VPs from its IMPs and number of boards.

>>> from redouble import pbn
>>> text = '''[HomeTeam "Lions"][VisitTeam "Owls"][Room "Open"][Board "1"][Vulnerable "None"]
... [Contract "4S"][Declarer "S"][Result "10"]
...
... [HomeTeam "Lions"][VisitTeam "Owls"][Room "Closed"][Board "1"][Vulnerable "None"]
... [Contract "3S"][Declarer "S"][Result "10"]
... '''
>>> found = read_teams(pbn.loads(text))
>>> score = found.score("imps")
>>> found.names, [(m.home_imps, m.away_imps, m.home_vp) for m in score.matches]
({'1': 'Lions', '2': 'Owls'}, [(6.0, 0.0, 15.74)])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from redouble.board import Board
from redouble.errors import RedoubleError
from redouble.events.movements import Match
from redouble.events.pbnfile import SCORE_TABLE, TOTAL_SCORE_TABLE, readable_rows
from redouble.events.results import Result
from redouble.events.scoring import TEAMS_METHODS, MatchScore, Standing, TeamsScore, rank, score_teams
from redouble.scoring.vp import wbf_vp

# The synthetic pair ids of a team's two pairs: the one that sat North-South and the one that sat East-West.
_NS, _EW = "ns", "ew"


@dataclass(frozen=True, slots=True)
class FileMatch:
    """A match as a match-totals file gives it: the IMPs each team won and the VPs it published."""

    round: int
    table: int | None
    home: int
    away: int
    home_imps: float
    away_imps: float
    published_vp: tuple[float, float] | None


@dataclass
class TeamsFile:
    """What a teams results file holds: the teams' names (team number -> name), the matches (as totals, or
    as both tables' results of every board), the published ranking, and problems found reading it."""

    names: dict[str, str] = field(default_factory=dict)
    totals: list[FileMatch] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    matches: list[Match] = field(default_factory=list)
    boards_of: dict[int, list[int]] = field(default_factory=dict)
    published_totals: list[dict[str, str | None]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    pairs: dict[int, tuple[str, ...]] = field(default_factory=dict)  # team -> its pairs' ids in the results

    @property
    def has_boards(self) -> bool:
        """Whether the file gives each board's result at both tables (so board-a-match can be scored)."""
        return bool(self.results)

    def __bool__(self) -> bool:
        return bool(self.totals or self.results)

    def score(self, method: str = "imps", boards_per_match: int | None = None) -> TeamsScore:
        """The teams ranked by ``method``: ``'imps'`` (IMPs, then WBF VPs a match) or ``'bam'``
        (board-a-match). A match-totals file needs ``boards_per_match`` for the VPs, unless it publishes
        them: then its VPs are used as they stand (see :meth:`vp_differences`)."""
        if method not in TEAMS_METHODS:
            raise RedoubleError(f"unknown teams scoring {method!r} (expected one of {', '.join(TEAMS_METHODS)})")
        if self.results:
            teams = self.pairs or {int(t): (f"{t}{_NS}", f"{t}{_EW}") for t in self.names}
            return score_teams(self.results, teams, self.matches, self.boards_of, method=method)
        if method == "bam":
            raise RedoubleError("board-a-match needs each board's result at both tables; this file gives only "
                                "each match's IMPs")
        if boards_per_match is None and any(m.published_vp is None for m in self.totals):
            raise RedoubleError("this file gives each match's IMPs but not its VPs nor how many boards a match "
                                "had: say how many (the WBF scale depends on it)")
        scored = []
        for m in self.totals:
            if boards_per_match is None:
                assert m.published_vp is not None
                home_vp, away_vp = m.published_vp
            else:
                home_vp, away_vp = wbf_vp(m.home_imps - m.away_imps, boards=boards_per_match)
            scored.append(MatchScore(m.round, m.home, m.away, (), m.home_imps, m.away_imps, home_vp, away_vp))
        totals: dict[int, float] = {int(t): 0.0 for t in self.names}
        played: dict[int, int] = dict.fromkeys(totals, 0)
        for s in scored:
            for team, vp in ((s.home, s.home_vp), (s.away, s.away_vp)):
                totals[team] = totals.get(team, 0.0) + vp
                played[team] = played.get(team, 0) + (boards_per_match or 0)
        standings = [Standing(team, place, tied, round(totals[int(team)], 2), 0.0, None, played[int(team)])
                     for team, place, tied in rank([(str(t), v) for t, v in sorted(totals.items())])]
        return TeamsScore("imps", scored, standings)

    def vp_differences(self, boards_per_match: int) -> list[str]:
        """Each match whose published VPs are not the WBF scale's for its IMPs over ``boards_per_match``."""
        out = []
        for m in self.totals:
            if m.published_vp is None:
                continue
            ours = wbf_vp(m.home_imps - m.away_imps, boards=boards_per_match)
            if ours != m.published_vp:
                out.append(f"round {m.round}, team {m.home} v team {m.away}: {_imps(m)} IMPs give {ours[0]:.2f}-"
                           f"{ours[1]:.2f} VPs over {boards_per_match} boards, the file says "
                           f"{m.published_vp[0]:.2f}-{m.published_vp[1]:.2f}")
        return out


def _imps(m: FileMatch) -> str:
    return f"{m.home_imps:g}-{m.away_imps:g}"


def _number(value: str | None) -> float | None:
    try:
        return None if value is None else float(value.strip().replace(",", "."))
    except ValueError:
        return None


def _team(value: str | None) -> int | None:
    text = (value or "").strip()
    return int(text) if text.isdigit() else None


def read_teams(boards: Iterable[Board]) -> TeamsFile:
    """The teams results of ``boards`` (empty when the file has none); problems are collected, not raised."""
    found = TeamsFile()
    games: list[Board] = []
    for board in boards:
        for row in readable_rows(board, TOTAL_SCORE_TABLE, found.problems):
            if row.get("TeamId"):
                found.published_totals.append(row)
                found.names[str(row["TeamId"])] = row.get("TeamName") or ""
        for line, row in enumerate(readable_rows(board, SCORE_TABLE, found.problems), 1):
            if "TeamId_Home" in row:
                _match_row(row, line, found)
        games.append(board)
    if not found.totals:
        _read_games(games, found)
    return found


def _match_row(row: dict[str, str | None], line: int, found: TeamsFile) -> None:
    where = f"{SCORE_TABLE} row {line}"
    home, away, round_ = _team(row.get("TeamId_Home")), _team(row.get("TeamId_Away")), _team(row.get("Round"))
    if home is None or away is None:
        found.problems.append(f"{where}: the teams {row.get('TeamId_Home')!r} and {row.get('TeamId_Away')!r} are not "
                              "team numbers; the row is left out")
        return
    imps = (_number(row.get("IMP_Home")), _number(row.get("IMP_Away")))
    if None in imps and row.get("MatchDetails"):
        parts = (row.get("MatchDetails") or "").split(",")
        imps = (_number(parts[-2]), _number(parts[-1])) if len(parts) >= 2 else (None, None)
    if imps[0] is None or imps[1] is None:
        found.problems.append(f"{where}: team {home} v team {away} has no IMPs (IMP_Home and IMP_Away, or "
                              "MatchDetails); the row is left out")
        return
    vp = (_number(row.get("VP_Home")), _number(row.get("VP_Away")))
    found.totals.append(FileMatch(round_ or 0, _team(row.get("Table")), home, away, imps[0], imps[1],
                                  None if vp[0] is None or vp[1] is None else (vp[0], vp[1])))
    for team in (home, away):
        found.names.setdefault(str(team), "")


def _read_games(games: Sequence[Board], found: TeamsFile) -> None:
    """Both tables of each board: the games that name their teams (a tag stays in force until the next)."""
    tags = {"HomeTeam": "", "VisitTeam": "", "Round": ""}
    numbers: dict[str, int] = {}
    matches: dict[tuple[str, str, str], int] = {}
    seen: dict[tuple[int, int], int] = {}  # (match, board) -> games so far
    for game in games:
        for tag in tags:
            if game.tags.get(tag):
                tags[tag] = game.tags[tag]
        if not tags["HomeTeam"] or not tags["VisitTeam"] or game.number is None:
            continue
        key = (tags["HomeTeam"], tags["VisitTeam"], tags["Round"])
        for name in key[:2]:
            if name not in numbers:
                numbers[name] = len(numbers) + 1
                found.names[str(numbers[name])] = name
        if key not in matches:
            matches[key] = len(matches)
            found.matches.append(Match(int(key[2]) if key[2].isdigit() else 1, numbers[key[0]], numbers[key[1]],
                                       (1, 2), matches[key]))
            found.boards_of[matches[key]] = []
        index = matches[key]
        room = (game.tags.get("Room") or "").strip().lower()
        count = seen[index, game.number] = seen.get((index, game.number), 0) + 1
        home_ns = room == "open" if room in ("open", "closed") else count == 1
        home, away = numbers[key[0]], numbers[key[1]]
        ns, ew = (f"{home}{_NS}", f"{away}{_EW}") if home_ns else (f"{away}{_NS}", f"{home}{_EW}")
        where = f"board {game.number} ({key[0]} v {key[1]}, {room or f'table {count}'})"
        contract = game.contract
        if contract is None:
            found.problems.append(f"{where}: no contract; the game is left out")
            continue
        try:
            result = Result.played(game.number, ns, ew, contract, contract.declarer, game.tricks,
                                   vulnerability=game.vulnerability, round=found.matches[index].round,
                                   table=1 if home_ns else 2)
        except RedoubleError as exc:
            found.problems.append(f"{where}: {exc}; the game is left out")
            continue
        found.results.append(result)
        if game.number not in found.boards_of[index]:
            found.boards_of[index].append(game.number)
