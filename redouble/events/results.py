"""Results: one line of a board's traveller.

A :class:`Result` is what happened when one North-South pair met one East-West pair on a board: a contract
played (the score comes from the library's scoring core, never typed by hand), a score the director assigned
(possibly split: each side its own), an artificial score (average, average plus, average minus, as
percentages; possibly split), or a board that was not played. ``fouled`` groups the results of a fouled
board: each group is scored on its own and then scaled to the whole field.

>>> r = Result.played(1, "1", "8", "4S", "N", 10, vulnerability="None", lead="HK")
>>> r.ns_score, r.ew_score, r.text
(420, 420, '4S N 10 = HK')
>>> Result.artificial_score(2, "3", "9", "A+", "A-").artificial
(60.0, 40.0)
>>> Result.played(1, "1", "8", "4S", "N", 14, vulnerability="None")
Traceback (most recent call last):
...
redouble.errors.RedoubleError: board 1, pairs 1 v 8: tricks must be a whole number from 0 to 13, not 14
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from redouble.calls import Contract
from redouble.cards import Card, Seat, Vulnerability
from redouble.errors import RedoubleError
from redouble.scoring.core import duplicate_score

#: Artificial scores by name, as percentages of the top (EBU and ACBL both use 60/50/40).
ARTIFICIAL = {"A": 50.0, "A=": 50.0, "AVE": 50.0, "A+": 60.0, "AVE+": 60.0, "A-": 40.0, "AVE-": 40.0}

PLAYED, ASSIGNED, ARTIFICIAL_SCORE, NOT_PLAYED = "played", "assigned", "artificial", "not played"


def _pair(value: object, what: str) -> str:
    text = str(value).strip() if value is not None else ""
    if not text or len(text) > 20 or any(ch.isspace() for ch in text):
        raise RedoubleError(f"{what} pair must be a short id without spaces, like '7' or '12', not {value!r}")
    return text


def _percent(value: str | float, where: str) -> float:
    if isinstance(value, str):
        key = value.strip().upper()
        if key in ARTIFICIAL:
            return ARTIFICIAL[key]
        try:
            number = float(key.rstrip("%"))
        except ValueError:
            raise RedoubleError(f"{where}: artificial score {value!r} is not A, A+, A- or a percentage") from None
    elif isinstance(value, bool) or not isinstance(value, int | float):
        raise RedoubleError(f"{where}: artificial score {value!r} is not A, A+, A- or a percentage")
    else:
        number = float(value)
    if not 0 <= number <= 100:
        raise RedoubleError(f"{where}: an artificial score must be 0 to 100 percent, not {value!r}")
    return number


@dataclass(frozen=True, slots=True)
class Result:
    """One pairing on one board. Scores are North-South's (positive when North-South gain).

    ``ns_score``/``ew_score``: the score each side is matchpointed or IMPed with (the same unless the
    director split an assigned score); ``artificial``: (North-South %, East-West %); ``fouled``: the group
    of a fouled board (0 when the board was not fouled).
    """

    board: int
    ns: str
    ew: str
    kind: str
    contract: Contract | None = None
    tricks: int | None = None
    lead: Card | None = None
    ns_score: int | None = None
    ew_score: int | None = None
    artificial: tuple[float, float] | None = None
    fouled: int = 0
    round: int | None = None
    table: int | None = None

    # --- making results ------------------------------------------------------------------------------------
    @staticmethod
    def _where(board: int, ns: str, ew: str) -> str:
        return f"board {board}, pairs {ns} v {ew}"

    @classmethod
    def _base(cls, board: object, ns: object, ew: object) -> tuple[int, str, str]:
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise RedoubleError(f"a board number must be a whole number of at least 1, not {board!r}")
        ns_id, ew_id = _pair(ns, "the North-South"), _pair(ew, "the East-West")
        if ns_id == ew_id:
            raise RedoubleError(f"board {board}: pair {ns_id} cannot play against itself")
        return board, ns_id, ew_id

    @classmethod
    def played(cls, board: int, ns: object, ew: object, contract: Contract | str, declarer: Seat | str | None,
               tricks: int | str | None, *, vulnerability: Vulnerability | str | None = None,
               lead: Card | str | None = None, fouled: int = 0, round: int | None = None,
               table: int | None = None) -> Result:
        """A contract played: declarer's ``tricks`` (or ``'='``, ``'+1'``, ``'-2'``); the score is computed.
        ``vulnerability`` defaults to the board number's."""
        board, ns, ew = cls._base(board, ns, ew)
        where = cls._where(board, ns, ew)
        try:
            c = Contract.parse(contract) if isinstance(contract, str) else contract
            if not isinstance(c, Contract):
                raise RedoubleError(f"not a contract: {contract!r}")
            vul = Vulnerability.for_board(board) if vulnerability is None else Vulnerability.parse(vulnerability)
            if c.is_passed_out:
                return cls(board, ns, ew, PLAYED, Contract.PASSED_OUT, None, None, 0, 0, None, fouled, round, table)
            seat = Seat.parse(declarer) if declarer is not None and str(declarer).strip() else c.declarer
            if seat is None:
                raise RedoubleError(f"contract {c.bid} needs a declarer (N, E, S or W)")
            c = c.with_declarer(seat)
            t = _tricks(tricks, c)
            card = None if lead is None or (isinstance(lead, str) and not lead.strip()) else Card.parse(str(lead))
            score = duplicate_score(c, seat, t, vul)
        except RedoubleError as exc:
            raise RedoubleError(f"{where}: {exc}") from None
        return cls(board, ns, ew, PLAYED, c, t, card, score, score, None, fouled, round, table)

    @classmethod
    def assigned(cls, board: int, ns: object, ew: object, ns_score: int, ew_score: int | None = None, *,
                 fouled: int = 0, round: int | None = None, table: int | None = None) -> Result:
        """A score the director assigned (North-South's view); ``ew_score`` differs for a split score."""
        board, ns, ew = cls._base(board, ns, ew)
        for value in (ns_score, ew_score):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value % 10
                                      or abs(value) > 7600):
                raise RedoubleError(f"{cls._where(board, ns, ew)}: an assigned score is a multiple of 10 "
                                    f"up to 7600, not {value!r}")
        return cls(board, ns, ew, ASSIGNED, None, None, None, ns_score,
                   ns_score if ew_score is None else ew_score, None, fouled, round, table)

    @classmethod
    def artificial_score(cls, board: int, ns: object, ew: object, ns_percent: str | float = "A",
                         ew_percent: str | float | None = None, *, round: int | None = None,
                         table: int | None = None) -> Result:
        """An artificial score for each side: ``'A'`` (50%), ``'A+'`` (60%), ``'A-'`` (40%) or a percentage.
        ``ew_percent`` defaults to what balances ``ns_percent`` (A+ against A-)."""
        board, ns, ew = cls._base(board, ns, ew)
        where = cls._where(board, ns, ew)
        a = _percent(ns_percent, where)
        b = 100.0 - a if ew_percent is None else _percent(ew_percent, where)
        return cls(board, ns, ew, ARTIFICIAL_SCORE, artificial=(a, b), round=round, table=table)

    @classmethod
    def not_played(cls, board: int, ns: object, ew: object, *, round: int | None = None,
                   table: int | None = None) -> Result:
        """A board the pairs did not play: it counts for neither (their tops leave it out)."""
        board, ns, ew = cls._base(board, ns, ew)
        return cls(board, ns, ew, NOT_PLAYED, round=round, table=table)

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def declarer(self) -> Seat | None:
        return None if self.contract is None else self.contract.declarer

    @property
    def has_score(self) -> bool:
        """Played or assigned: compared with the other scores on the board."""
        return self.ns_score is not None

    @property
    def key(self) -> tuple[int, str, str]:
        return self.board, self.ns, self.ew

    @property
    def text(self) -> str:
        """The result as a traveller shows it: ``'4S N 10 = HK'``, ``'Pass'``, ``'A+/A-'``, ``'not played'``."""
        if self.kind == NOT_PLAYED:
            return "not played"
        if self.kind == ARTIFICIAL_SCORE:
            assert self.artificial is not None
            return "/".join(percent_name(p) for p in self.artificial)
        if self.kind == ASSIGNED:
            same = self.ns_score == self.ew_score
            return f"assigned {self.ns_score}" + ("" if same else f" / {self.ew_score}")
        assert self.contract is not None
        if self.contract.is_passed_out:
            return "Pass"
        assert self.tricks is not None and self.declarer is not None
        over = self.tricks - self.contract.tricks_needed
        parts = [self.contract.bid, str(self.declarer), str(self.tricks), "=" if over == 0 else f"{over:+d}"]
        if self.lead is not None:
            parts.append(str(self.lead))
        return " ".join(parts)

    def with_place(self, round: int | None, table: int | None) -> Result:
        return replace(self, round=round, table=table)

    # --- to and from plain data ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form that :meth:`from_dict` reads back.

        >>> Result.from_dict(Result.played(5, "2", "7", "3NTX", "W", 7).to_dict()).ns_score
        300
        """
        out: dict[str, Any] = {"board": self.board, "ns": self.ns, "ew": self.ew, "kind": self.kind}
        if self.kind == PLAYED:
            assert self.contract is not None
            out["contract"] = self.contract.bid
            if not self.contract.is_passed_out:
                out["declarer"] = str(self.declarer)
                out["tricks"] = self.tricks
            if self.lead is not None:
                out["lead"] = str(self.lead)
        elif self.kind == ASSIGNED:
            out["ns_score"], out["ew_score"] = self.ns_score, self.ew_score
        elif self.kind == ARTIFICIAL_SCORE:
            assert self.artificial is not None
            out["ns_percent"], out["ew_percent"] = self.artificial
        if self.fouled:
            out["fouled"] = self.fouled
        for name in ("round", "table"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], vulnerability: Vulnerability | str | None = None) -> Result:
        """A result from plain data (a form, JSON); ``kind`` defaults to ``played``."""
        if not isinstance(data, dict):
            raise RedoubleError(f"a result must be a mapping, not {data!r}")
        kind = data.get("kind", PLAYED)
        place = {"round": _optional_int(data.get("round"), "round"), "table": _optional_int(data.get("table"), "table")}
        board = data.get("board")
        if isinstance(board, str) and board.strip().isdigit():
            board = int(board)
        ns, ew = data.get("ns"), data.get("ew")
        if kind == PLAYED:
            return cls.played(board, ns, ew, data.get("contract") or "", data.get("declarer"),  # type: ignore[arg-type]
                              data.get("tricks"), vulnerability=vulnerability, lead=data.get("lead"),
                              fouled=int(data.get("fouled", 0) or 0), **place)
        if kind == ASSIGNED:
            return cls.assigned(board, ns, ew, data.get("ns_score"), data.get("ew_score"),  # type: ignore[arg-type]
                                fouled=int(data.get("fouled", 0) or 0), **place)
        if kind == ARTIFICIAL_SCORE:
            return cls.artificial_score(board, ns, ew, data.get("ns_percent", "A"),  # type: ignore[arg-type]
                                        data.get("ew_percent"), **place)
        if kind == NOT_PLAYED:
            return cls.not_played(board, ns, ew, **place)  # type: ignore[arg-type]
        raise RedoubleError(f"unknown kind of result {kind!r} (expected played, assigned, artificial or "
                            "not played)")


def _optional_int(value: object, what: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RedoubleError(f"the {what} must be a whole number of at least 1, not {value!r}")
    return value


def percent_name(p: float) -> str:
    """``'A'``, ``'A+'``, ``'A-'`` or ``'55%'`` for an artificial score's percentage."""
    names = {50.0: "A", 60.0: "A+", 40.0: "A-"}
    return names.get(p, f"{p:g}%")


def _tricks(value: int | str | None, contract: Contract) -> int:
    """Declarer's tricks from a number or from ``'='``/``'+2'``/``'-1'`` relative to the contract."""
    if isinstance(value, str):
        text = value.strip()
        if text in ("=", "+0", "-0", "MADE"):
            return contract.tricks_needed
        if text[:1] in "+-" and text[1:].isdigit():
            total = contract.tricks_needed + int(text)
        elif text.isdigit():
            total = int(text)
        else:
            raise RedoubleError(f"tricks must be a number 0 to 13 or '=', '+1', '-2', not {value!r}")
        value = total
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise RedoubleError(f"tricks must be a whole number from 0 to 13, not {value!r}")
    return value
