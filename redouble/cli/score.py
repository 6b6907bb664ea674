"""``redouble score FILE.pbn``: score the deals of a file in order, in any scoring form.

Forms: ``duplicate`` (each board on its own; North-South's score and its negation), ``rubber`` (the WE/THEY
sheet, WE = North-South; a new rubber starts when one ends, and the last is finished where it stands),
``chicago`` (four-deal sheets, vulnerability by the Chicago cycle), ``chicago-duplicate``, ``chicago-russian``
(IMPs against the target for the points held: needs full deals) and ``minibridge`` (a contract at game level
or above counts as 'game', anything lower as 'part score'). The form defaults to the file's ``Scoring`` tag.

>>> from redouble.board import Board
>>> from redouble.calls import Contract
>>> from redouble.deal import Deal
>>> boards = [Board.from_number(n, deal=Deal.random(seed=n), recorded_contract=Contract.parse(c), recorded_tricks=t)
...           for n, c, t in [(1, "4S-S", 10), (2, "3NTX-W", 7)]]
>>> report = score_boards(boards, "duplicate")
>>> [(d.board, d.ns, d.ew) for d in report.deals], report.totals
([(1, 420, -420), (2, 300, -300)], {'ns': 720, 'ew': -720})
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from redouble import game
from redouble.board import Board
from redouble.calls import Contract
from redouble.cli import CommandError
from redouble.cli.files import EXIT_PROBLEMS, add_strict_option, exit_status, read_boards, status_help
from redouble.errors import RedoubleError
from redouble.scoring.chicago import ChicagoDeal, RussianChicago
from redouble.scoring.core import duplicate_score
from redouble.scoring.minibridge import Minibridge, MinibridgeDeal
from redouble.scoring.rubber import Rubber, SheetDeal

FORMS = ("duplicate", "rubber", "chicago", "chicago-duplicate", "chicago-russian", "minibridge")
# Words of a PBN Scoring tag (e.g. "IMP", "MP;Butler", "Rubber", "Chicago") that choose a form;
# anything else (MP, MatchPoints, IMP, BAM, Butler, Cavendish, Instant ...) is scored as duplicate.
_TAG_WORDS = {"RUBBER": "rubber", "CHICAGO": "chicago", "MINIBRIDGE": "minibridge", "MINI-BRIDGE": "minibridge"}
_CHICAGO_VARIANTS = {"RUSSIAN": "chicago-russian", "DUPLICATE": "chicago-duplicate", "IMP": "chicago-duplicate",
                     "MP": "chicago-duplicate"}


def form_from_scoring_tag(value: str | None) -> str:
    """The form for a PBN ``Scoring`` tag value.

    >>> [form_from_scoring_tag(v) for v in ("IMP", "MP;Butler", "Rubber", "Chicago", "Chicago;Russian", None)]
    ['duplicate', 'duplicate', 'rubber', 'chicago', 'chicago-russian', 'duplicate']
    """
    if not value:
        return "duplicate"
    words = value.upper().replace(";", " ").replace(",", " ").replace("_", " ").split()
    forms = [_TAG_WORDS[w] for w in words if w in _TAG_WORDS]
    if not forms:
        return "duplicate"
    if forms[0] == "chicago":
        for w in words:
            if w in _CHICAGO_VARIANTS:
                return _CHICAGO_VARIANTS[w]
    return forms[0]


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal's score for each side: points (IMPs for chicago-russian)."""

    board: int
    contract: str
    tricks: int | None
    ns: int
    ew: int
    note: str = ""


@dataclass
class ScoreReport:
    form: str
    deals: list[DealScore] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: {"ns": 0, "ew": 0})
    sheets: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"deals": [{"board": d.board, "ns": d.ns, "ew": d.ew} for d in self.deals],
                           "totals": {"ns": self.totals["ns"], "ew": self.totals["ew"]}})

    def to_text(self) -> str:
        unit = "IMPs" if self.form == "chicago-russian" else "points"
        out = [f"Scoring: {self.form} ({unit})", f"{'Board':>5}  {'Contract':<9} {'Tricks':>6} {'N-S':>7} {'E-W':>7}"]
        signed = self.form in ("duplicate", "chicago-duplicate", "chicago-russian")
        for d in self.deals:
            tricks = "" if d.tricks is None else str(d.tricks)
            line = f"{d.board:>5}  {d.contract:<9} {tricks:>6} {_points(d.ns, signed):>7} {_points(d.ew, signed):>7}"
            out.append(f"{line}  {d.note}".rstrip())
        for k, sheet in enumerate(self.sheets):
            title = "Rubber" if self.form == "rubber" else "Chicago"
            out += ["", f"{title} {k + 1}", sheet]
        ns, ew = (_points(self.totals[side], signed) for side in ("ns", "ew"))
        out += ["", f"Totals: N-S {ns}  E-W {ew}"]
        return "\n".join(out)


def _points(value: int, signed: bool) -> str:
    return f"{value:+d}" if signed and value else str(value)


def _result(board: Board, index: int) -> tuple[int, Contract, int | None]:
    """The board's number, its contract and the declarer's tricks (None when passed out)."""
    number = board.number if board.number is not None else index + 1
    contract = board.contract
    if contract is None:
        raise CommandError(f"board {number}: no contract (the auction is unfinished and no Contract tag)")
    if contract.is_passed_out:
        return number, contract, None
    if contract.declarer is None:
        raise CommandError(f"board {number}: contract {contract} has no declarer")
    tricks = board.tricks
    if tricks is None:
        raise CommandError(f"board {number}: no result for {contract} (no Result tag and the play is unfinished)")
    return number, contract, tricks


def score_boards(boards: Sequence[Board], form: str) -> ScoreReport:
    """Score ``boards`` in order in ``form`` (one of ``FORMS``), one game after another as
    :mod:`redouble.game` plays them."""
    if form not in FORMS:
        raise CommandError(f"unknown scoring form {form!r} (expected one of {', '.join(FORMS)})")
    report = ScoreReport(form)
    results = [_result(b, k) for k, b in enumerate(boards)]
    if form == "duplicate":
        for board, (number, c, tricks) in zip(boards, results, strict=True):
            ns = 0 if tricks is None else duplicate_score(c, c.declarer, tricks, board.vulnerability)
            report.deals.append(DealScore(number, str(c), tricks, ns, -ns))
        report.totals = {"ns": sum(d.ns for d in report.deals), "ew": sum(d.ew for d in report.deals)}
        return report
    rules = game.get_form(form)
    keepers = [rules.new_game()]
    for board, (number, c, tricks) in zip(boards, results, strict=True):
        if game.game_over(keepers[-1]):
            keepers.append(rules.new_game())
        keeper = keepers[-1]
        if isinstance(keeper, RussianChicago) and tricks is not None and not board.deal.is_complete:
            raise CommandError(f"board {number}: Russian scoring needs the whole deal to count the points")
        rubber = isinstance(keeper, Rubber)
        before = "" if rubber or isinstance(keeper, Minibridge) else \
            f"deal {keeper.deal_number}, {keeper.vulnerability} vul"
        try:
            r = game.record(keeper, board, label=str(number))
        except RedoubleError as exc:
            raise CommandError(f"board {number}: {exc}") from None
        if isinstance(r, SheetDeal):
            ns, ew = r.points("NS"), r.points("EW")
        else:
            ns, ew = r.ns, r.ew
        report.deals.append(DealScore(number, str(c), tricks, ns, ew, _note(r, before, rubber)))
    if rules.family == "rubber" or rules.key == "chicago":
        for keeper in keepers:
            if isinstance(keeper, Rubber):
                keeper.finish()  # an unfinished rubber: 300 for a game, 100 for a part score
            report.sheets.append(keeper.render())
        report.totals = {"ns": sum(k.sheet.total("NS") for k in keepers),
                         "ew": sum(k.sheet.total("EW") for k in keepers)}
    else:
        report.totals = {"ns": sum(d.ns for d in report.deals), "ew": sum(d.ew for d in report.deals)}
    return report


def _note(r: SheetDeal | ChicagoDeal | MinibridgeDeal, before: str, rubber: bool) -> str:
    """What the report says beside a deal: where the Chicago stood, games won, deals passed out (dealt
    again, except at rubber bridge where the next dealer deals)."""
    notes = [before] if before else []
    if isinstance(r, MinibridgeDeal):
        notes.append("passed out: redealt" if r.declarer is None else f"{r.kind} in {r.strain} by {r.declarer}")
    elif r.contract.is_passed_out:
        notes.append("passed out" if rubber else "passed out: redealt")
    elif isinstance(r, SheetDeal) and r.game_won_by:
        notes.append(f"game to {'N-S' if r.game_won_by == 'NS' else 'E-W'}")
    elif isinstance(r, ChicagoDeal) and r.target is not None:
        notes.append(f"N-S target {r.target:+d}, N-S score {r.ns_score:+d}")
    return ", ".join(notes)




def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("score", help="score the deals of a PBN or LIN file",
                       description="Score the deals of a PBN or LIN file in order: per deal the score of each "
                                   "side, and the totals.", epilog=status_help("no contract or no result"))
    p.add_argument("file", metavar="FILE.pbn", help="the PBN (or LIN) file")
    add_strict_option(p)
    p.add_argument("--form", choices=FORMS, help="scoring form (default: from the file's Scoring tag, "
                                                 "else duplicate)")
    p.add_argument("--json", action="store_true", help="print JSON: deals (board, ns, ew) and totals")
    p.set_defaults(func=run)


def _scorable(boards: Sequence[Board], path: str, strict: bool) -> list[Board]:
    """The boards with a contract and a result; each other one is reported on stderr and left out."""
    kept = []
    for k, board in enumerate(boards):
        try:
            _result(board, k)
        except CommandError as exc:
            if strict:
                raise
            print(f"redouble score: {path}: {exc} (left out of the score)", file=sys.stderr)
            continue
        kept.append(board)
    if not kept:
        raise CommandError(f"{path}: no board can be scored (each lacks a contract or a result)")
    return kept


def run(args: argparse.Namespace) -> int:
    loaded = read_boards(args.file, "score", strict=args.strict)
    boards = _scorable(loaded, args.file, args.strict)
    form = args.form
    if form is None:
        tag = next((b.tags["Scoring"] for b in boards if b.tags.get("Scoring")), None)
        form = form_from_scoring_tag(tag)
    report = score_boards(boards, form)
    sys.stdout.write((report.to_json() if args.json else report.to_text()) + "\n")
    return exit_status(loaded) or (EXIT_PROBLEMS if len(boards) < len(loaded) else 0)
