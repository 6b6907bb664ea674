"""The score sheet of rubber bridge and Chicago: two columns, entries above and below the line.

Entries below the line are trick scores that count towards game; a new line is ruled under them when a
game is won. Everything else (overtricks, penalties, bonuses, honours) goes above the line.

>>> sheet = ScoreSheet({"NS": "WE", "EW": "THEY"})
>>> sheet.add("NS", 60, below=True, label="a", kind="contract")
>>> sheet.add("NS", 60, below=False, label="a", kind="overtricks")
>>> sheet.total("NS"), sheet.total("EW")
(120, 0)
>>> print(sheet.render())
      WE      |     THEY
   60 (a)     |
--------------+--------------
   60 (a)     |
==============+==============
  120         |    0
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.errors import RedoubleError

SIDES = ("NS", "EW")
COLUMN_WIDTH = 14


def other_side(side: str) -> str:
    return "EW" if side == "NS" else "NS"


@dataclass(frozen=True, slots=True)
class Entry:
    """One figure on the sheet: who scored it, where, for which deal and why.

    ``kind`` is one of ``contract`` (below the line), ``overtricks``, ``insult``, ``slam``, ``undertricks``,
    ``honours``, ``game``, ``part score``, ``rubber``, ``unfinished game``, ``unfinished part score``.
    ``game`` is the number of the game (from 0) in progress when it was written.
    """

    side: str
    points: int
    below: bool
    label: str
    kind: str
    game: int

    def __str__(self) -> str:
        return f"{self.points} ({self.label})" if self.label else str(self.points)


class ScoreSheet:
    """A two-column sheet; ``headings`` names the columns for North-South and East-West."""

    def __init__(self, headings: dict[str, str] | None = None) -> None:
        self.headings = dict(headings or {"NS": "N-S", "EW": "E-W"})
        self.entries: list[Entry] = []
        self.games_completed = 0

    def add(self, side: str, points: int, *, below: bool, label: str, kind: str) -> None:
        if side not in SIDES:
            raise RedoubleError(f"a side is 'NS' or 'EW', not {side!r}")
        if points:
            self.entries.append(Entry(side, points, below, label, kind, self.games_completed))

    def draw_line(self) -> None:
        """Rule a line under the game just won; below-the-line scores start again from zero."""
        self.games_completed += 1

    def total(self, side: str) -> int:
        return sum(e.points for e in self.entries if e.side == side)

    def above(self, side: str) -> list[Entry]:
        return [e for e in self.entries if e.side == side and not e.below]

    def below(self, side: str, game: int | None = None) -> list[Entry]:
        return [e for e in self.entries if e.side == side and e.below and (game is None or e.game == game)]

    def render(self) -> str:
        """The sheet as text: headings, above-the-line entries rising from the line, then each game's
        entries below the line with a rule under every completed game, then the totals."""
        w = COLUMN_WIDTH

        def row(left: str, right: str) -> str:
            return f"{' ' + left if left else '':<{w}}|{' ' + right if right else '':<{w}}".rstrip()

        def rows(left: list[Entry], right: list[Entry], *, from_bottom: bool) -> list[str]:
            height = max(len(left), len(right))
            cols = []
            for col in (left, right):
                cells = [_fmt(e) for e in col]
                blank = [""] * (height - len(cells))
                cols.append(blank + cells if from_bottom else cells + blank)
            return [row(a, b) for a, b in zip(cols[0], cols[1], strict=True)]

        rule = "-" * w + "+" + "-" * w
        out = [f"{self.headings['NS']:^{w}}|{self.headings['EW']:^{w}}".rstrip()]
        # Above the line the first entries sit next to the line and later ones rise above them.
        out += rows(self.above("NS")[::-1], self.above("EW")[::-1], from_bottom=True)
        out.append(rule)
        last_game = max((e.game for e in self.entries if e.below), default=-1)
        games = max(last_game, self.games_completed - 1) + 1
        for game in range(games):
            out += rows(self.below("NS", game), self.below("EW", game), from_bottom=False)
            if game < self.games_completed and game < games - 1:  # the last rule is the totals' double one
                out.append(rule)
        out.append(rule.replace("-", "="))
        out.append(row(f"{self.total('NS'):>4}", f"{self.total('EW'):>4}"))
        return "\n".join(out)


def _fmt(entry: Entry) -> str:
    return f"{entry.points:>4} ({entry.label})" if entry.label else f"{entry.points:>4}"
