"""One table: its boards, built by replaying an event log over the library, and what each seat may see.

A :class:`Table` does no input or output. Its state is exactly the replay of its events (``apply``), each
checked by the library (``Auction``, ``Play``), so an illegal event raises and changes nothing.
``view(seat)`` is all a seat may know: its own hand, dummy once the opening lead is made, the cards played,
and all four hands only once the deal is over.

>>> t = Table("t", {"form": "duplicate", "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}})
>>> t.apply({"type": "deal", "deal": str(Deal.random(seed=1)), "number": 1, "dealer": "N", "vul": "None"})
>>> t.apply({"type": "call", "seat": "S", "call": "1NT"})
Traceback (most recent call last):
...
redouble.web.table.ActionError: it is N's turn to call, not S's
>>> t.view(Seat.SOUTH)["board"]["hands"]["N"]
{'cards': None, 'count': 13}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from redouble import game
from redouble.auction import Auction
from redouble.bidding import explain
from redouble.bidding.simulation import STRONG_THINK
from redouble.board import Board, card_seats
from redouble.calls import Call, Contract
from redouble.cards import Card, Seat, Strain, Vulnerability
from redouble.deal import Deal
from redouble.errors import IllegalUndoError, RedoubleError, SolverUnavailableError
from redouble.match import play_board
from redouble.play import Play
from redouble.robots import (
    CallChoice,
    Robot,
    answer_claim,
    certain_claim,
    choose_minibridge_contract,
    judge_claim,
)

Event = dict[str, Any]
SEAT_LETTERS = "NESW"


@dataclass(frozen=True, slots=True)
class Hint:
    """What a robot would do for the asking seat (``action``: a call, a card, accept/reject...) and why."""

    action: str
    reason: str


class ActionError(RedoubleError):
    """An action that is not allowed now (out of turn, not your seat, illegal); ``code`` says which kind."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code


def is_minibridge(board: Board) -> bool:
    return board.tags.get("minibridge") == "1"


def phase(board: Board) -> str:
    """``auction``, ``declare`` (minibridge: the declarer names the contract), ``play`` or ``done``."""
    if is_minibridge(board):
        if board.play is None:
            return "declare"
        return "done" if board.play.is_complete else "play"
    return board.phase


def _seat(text: Any) -> Seat:
    try:
        return Seat.parse(str(text))
    except RedoubleError:
        raise ActionError(f"no such seat {text!r}", "invalid") from None


class Table:
    """The state of one table: configuration, seats, and the boards played so far."""

    def __init__(self, table_id: str, config: dict[str, Any]) -> None:
        self.id = table_id
        self.config = config
        self.form = game.get_form(str(config.get("form", "")))
        seats = config.get("seats", {})
        self.kinds: dict[Seat, str] = {s: str(seats.get(s.letter, "robot")) for s in Seat}
        self.stand_in: set[Seat] = set()
        # Boards where a robot's claim was rejected: it plays on rather than claim again and again.
        self.claims_refused: set[int] = set()
        self.boards: list[Board] = []
        self.seq = 0
        # Each human seat's links are of one generation; issuing a new invitation revokes the older ones.
        self.link_generation: dict[Seat, int] = {s: 0 for s in Seat}
        self.public = False  # the owner's choice: finished deals shown to anyone
        # True while the stored log is replayed: what was stored happened, even if today's rules refuse it.
        self.replaying = False
        self._meanings: dict[tuple[int, tuple[Call, ...]], list[str | None]] = {}
        self.fast_robots = config.get("robots") == "fast"
        # What the card-play robot maximises: IMPs at duplicate, total points at rubber and Chicago.
        self.scoring = "imps" if self.form.family == "duplicate" else "total"

    @classmethod
    def replay(cls, table_id: str, config: dict[str, Any], events: list[tuple[int, Event]]) -> Table:
        table = cls(table_id, config)
        table.replaying = True
        for seq, event in events:
            table.apply(event)
            table.seq = seq
        table.replaying = False
        return table

    def copy(self) -> Table:
        """A copy that events can change without touching this table (the current board is copied; the
        finished ones are shared, as events never change a board in place once it is finished)."""
        other = Table.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.kinds = dict(self.kinds)
        other.stand_in = set(self.stand_in)
        other.claims_refused = set(self.claims_refused)
        other.link_generation = dict(self.link_generation)
        other.boards = list(self.boards)
        b = self.board
        if b is not None and phase(b) != "done":
            other.boards[-1] = _copy_board(b)
        return other

    # --- seats and turns --------------------------------------------------------------------------
    @property
    def board(self) -> Board | None:
        return self.boards[-1] if self.boards else None

    def is_robot(self, seat: Seat) -> bool:
        return self.kinds[seat] == "robot" or seat in self.stand_in

    def opponents_are_robots(self, seat: Seat) -> bool:
        """Both opponents are the table's robots (not people, even with a robot standing in for them)."""
        return self.kinds[seat.lho] == "robot" and self.kinds[seat.rho] == "robot"

    def actor(self) -> Seat | None:
        """The seat that must act now (for dummy's card, the declarer), or None."""
        b = self.board
        if b is None:
            return None
        ph = phase(b)
        if ph == "auction":
            return b.auction.turn
        if ph == "declare":
            return self.mini_declarer(b)
        if ph == "play":
            assert b.play is not None
            if b.play.claim is not None and b.play.claimed_tricks is None:
                return self.claim_answerer(b.play)
            return b.play.controller
        return None

    def claim_answerer(self, play: Play) -> Seat:
        """Who answers a claim: a human opponent of the claimer if there is one, else the claimer's LHO."""
        assert play.claim is not None
        claimer = play.claim.seat
        for s in (claimer.lho, claimer.rho):
            if not self.is_robot(s) and s != play.dummy:
                return s
        return claimer.lho

    def mini_declarer(self, board: Board) -> Seat:
        return Seat.parse(board.tags["declarer"])

    def robot_to_act(self) -> Seat | None:
        seat = self.actor()
        return seat if seat is not None and self.is_robot(seat) else None

    def robot_event(self, budget: float | None = None) -> Event | None:
        """The event the robot on turn makes now (None if no robot is on turn); ``budget``: its think time
        (seconds a card; None: the robot's own)."""
        seat = self.robot_to_act()
        b = self.board
        if seat is None or b is None:
            return None
        ph = phase(b)
        if ph == "declare":
            mini = choose_minibridge_contract(b.deal[seat], b.deal[seat.partner])
            return {"type": "mini_contract", "seat": seat.letter, "strain": str(mini.strain), "game": mini.game}
        if ph == "play" and b.play is not None and b.play.claim is not None:
            # From what the claimer may see, never the actual deal: else claiming again and again would tell a
            # person where the hidden cards lie.
            ok, reason = answer_claim(b.play)
            return {"type": "claim_answer", "seat": seat.letter, "accept": ok, "reason": reason}
        if ph == "play" and b.play is not None and seat == b.play.declarer \
                and len(self.boards) - 1 not in self.claims_refused:
            # The rest are high: a robot declarer claims them rather than play them out.
            tricks = certain_claim(b.play)
            if tricks:
                return {"type": "claim", "seat": seat.letter, "tricks": tricks}
        choice = self.robot(budget).action(b)
        if isinstance(choice, CallChoice):
            # The meaning of a robot's call comes from the system (``meanings``), shown to everyone alike.
            return {"type": "call", "seat": seat.letter, "call": str(choice.call)}
        return {"type": "card", "seat": seat.letter, "card": str(choice.card)}

    def robot(self, budget: float | None = None) -> Robot:
        """The table's computer player: its system, its strength (fast: rules of thumb), its scoring;
        ``budget`` (the seconds the workers can give this table now) bounds its thinking on a call as on a
        card: at fifty tables a call that took its full 0.8 s kept every other table waiting."""
        think = 0.0 if self.fast_robots else STRONG_THINK if budget is None else min(STRONG_THINK, budget)
        robot = Robot(system=str(self.config.get("system", "sayc")),
                      player="simple" if self.fast_robots else "sampling", scoring=self.scoring, think=think)
        return robot if budget is None else dataclasses.replace(robot, budget=budget)

    def for_thinking(self) -> Table:
        """A copy with the current board alone: all a robot's decision or a hint needs, and small to send to
        a worker process."""
        other = self.copy()
        index = len(self.boards) - 1
        other.boards = other.boards[-1:]
        other.claims_refused = {0} if index in self.claims_refused else set()
        other._meanings = {}
        return other

    def hint(self, seat: Seat) -> Hint:
        b = self.board
        if b is None or self.actor() != seat:
            raise ActionError("a hint is for the seat on turn: it is not your turn", "out_of_turn")
        ph = phase(b)
        if ph == "declare":
            mini = choose_minibridge_contract(b.deal[seat], b.deal[seat.partner])
            return Hint(f"{mini.strain} {'game' if mini.game else 'part score'}", mini.reason)
        if b.play is not None and b.play.claim is not None:
            # From what this seat may see (layouts of the unseen cards), never from the actual deal.
            ok, reason = judge_claim(b.play, seat)
            return Hint("accept" if ok else "reject", reason)
        choice = self.robot().action(b)
        return Hint(str(choice.call if isinstance(choice, CallChoice) else choice.card), choice.reason)

    # --- events -----------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Apply one event; raise :class:`ActionError` (changing nothing) if it is not allowed."""
        kind = event.get("type")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise ActionError(f"unknown event {kind!r}", "invalid")
        handler(event)

    def _current(self) -> Board:
        b = self.board
        if b is None:
            raise ActionError("no deal is on the table yet", "no_deal")
        return b

    def _on_deal(self, e: Event) -> None:
        if self.board is not None and phase(self.board) != "done":
            raise ActionError("the current deal is not finished yet", "not_finished")
        board = Board(deal=Deal.parse(e["deal"]), number=int(e["number"]), dealer=Seat.parse(e["dealer"]),
                      vulnerability=Vulnerability.parse(e["vul"]))
        if self.form.family == "minibridge":
            board.tags["minibridge"] = "1"
            board.tags["declarer"] = str(e["declarer"])
        self.boards.append(board)

    def _on_call(self, e: Event) -> None:
        b = self._current()
        seat = _seat(e.get("seat"))
        if phase(b) != "auction":
            raise ActionError("the auction is over", "wrong_phase")
        if b.auction.turn != seat:
            raise ActionError(f"it is {b.auction.turn}'s turn to call, not {seat}'s", "out_of_turn")
        explanation = e.get("explanation")
        try:
            b.auction.push(str(e.get("call")), alert=bool(e.get("alert")), explanation=explanation or None)
        except RedoubleError as exc:
            raise ActionError(str(exc)) from None
        b._start_play()

    def _on_card(self, e: Event) -> None:
        b = self._current()
        seat = _seat(e.get("seat"))
        if phase(b) != "play":
            raise ActionError("cards are played only during the play", "wrong_phase")
        play = b.play
        assert play is not None
        if play.claim is not None:
            raise ActionError(f"{play.claim.seat}'s claim is pending: accept or reject it first", "claim_pending")
        if play.controller != seat:
            whose = f"{play.turn}'s" if play.turn == play.controller else f"{play.controller}'s (for dummy)"
            raise ActionError(f"it is {whose} turn to play, not {seat}'s", "out_of_turn")
        try:
            play.push(str(e.get("card")))
        except RedoubleError as exc:
            raise ActionError(str(exc)) from None

    def _on_claim(self, e: Event) -> None:
        b = self._current()
        seat = _seat(e.get("seat"))
        if phase(b) != "play":
            raise ActionError("you can claim only during the play", "wrong_phase")
        assert b.play is not None
        try:
            b.play.make_claim(int(e.get("tricks", -1)), seat)
        except (RedoubleError, ValueError, TypeError) as exc:
            raise ActionError(str(exc)) from None

    def _on_claim_answer(self, e: Event) -> None:
        b = self._current()
        seat = _seat(e.get("seat"))
        play = b.play
        if play is None or play.claim is None:
            raise ActionError("there is no claim to answer", "no_claim")
        if seat.side == play.claim.seat.side:
            raise ActionError("the claimer's opponents answer a claim, not the claimer's side", "not_yours")
        if e.get("accept"):
            play.accept_claim()
        else:
            if self.is_robot(play.claim.seat):
                self.claims_refused.add(len(self.boards) - 1)
            play.reject_claim()

    def _on_mini_contract(self, e: Event) -> None:
        b = self._current()
        seat = _seat(e.get("seat"))
        if phase(b) != "declare":
            raise ActionError("the contract is named only before the play", "wrong_phase")
        declarer = self.mini_declarer(b)
        if seat != declarer:
            raise ActionError(f"{declarer} is the declarer and names the contract, not {seat}", "out_of_turn")
        try:
            strain = Strain.parse(str(e.get("strain")))
        except RedoubleError as exc:
            raise ActionError(str(exc), "invalid") from None
        contract = game.minibridge_contract(strain, bool(e.get("game")), declarer)
        b.recorded_contract = contract
        b.play = Play(b.deal, contract)
        b.tags["minibridge_game"] = "1" if e.get("game") else "0"

    def _on_undo(self, e: Event) -> None:
        b = self._current()
        seat = _seat(e.get("seat"))
        if not self.opponents_are_robots(seat):
            raise ActionError("undo is only for play against robots: your opponents here are people", "not_allowed")
        if self.replaying and b.why_no_take_back(seat) is not None:
            _replay_old_undo(b, seat)  # a log stored before the rule: it happened, so it replays
            return
        try:
            b.take_back(seat)
        except IllegalUndoError as exc:
            code = "nothing_to_undo" if str(exc).endswith("to take back in this deal") else "not_allowed"
            raise ActionError(str(exc), code) from None

    def _on_robot(self, e: Event) -> None:
        seat = _seat(e.get("seat"))
        if self.kinds[seat] != "human":
            raise ActionError(f"{seat} is a robot's seat already", "invalid")
        if e.get("on"):
            self.stand_in.add(seat)
        else:
            self.stand_in.discard(seat)

    def _on_robot_table(self, e: Event) -> None:
        index = int(e["index"])
        if not 0 <= index < len(self.boards) or phase(self.boards[index]) != "done":
            raise ActionError(f"deal {index} is not finished: no second table yet", "not_finished")
        b = self.boards[index]
        if e.get("deal") is not None and e["deal"] != str(b.deal):
            raise ActionError(f"the second table's result is for another deal than deal {index}", "invalid")
        # A finished board is shared with copies of the table: it is replaced, never changed in place. The
        # IMPs are worked out from the two scores when shown (a stored "imps" is not read).
        tags = dict(b.tags)
        for key in ("robot_table", "par"):
            if e.get(key) is not None:
                tags[key] = e[key]
        self.boards[index] = dataclasses.replace(b, tags=tags)

    def _on_links(self, e: Event) -> None:
        """The seat's links issued so far stop working (a new invitation may come with this event)."""
        seat = _seat(e.get("seat"))
        if self.kinds[seat] != "human":
            raise ActionError(f"{seat} is a robot's seat: it has no links", "invalid")
        self.link_generation[seat] += 1

    def _on_public(self, e: Event) -> None:
        self.public = bool(e.get("on"))

    # --- what a seat may see ----------------------------------------------------------------------
    def meanings(self, index: int, auction: Auction) -> list[str | None]:
        key = (index, tuple(auction.calls))
        if key not in self._meanings:
            self._meanings[key] = _meanings(auction)
        return self._meanings[key]

    def can_undo(self, seat: Seat) -> bool:
        b = self.board
        return b is not None and not self.is_robot(seat) and self.opponents_are_robots(seat) \
            and b.why_no_take_back(seat) is None

    def view(self, seat: Seat) -> dict[str, Any]:
        b = self.board
        out: dict[str, Any] = {
            "table": self.id, "seat": seat.letter, "form": self.form.key, "form_title": self.form.title,
            "seq": self.seq,
            "seats": {s.letter: {"kind": self.kinds[s], "stand_in": s in self.stand_in} for s in Seat},
            "board": None if b is None else self.board_view(len(self.boards) - 1, seat),
            "score": game.score_sheet(self.form, self.boards),
            "can_next": b is None or phase(b) == "done",
            "can_undo": self.can_undo(seat),
            "public": self.public,
        }
        return out

    def board_view(self, index: int, seat: Seat | None) -> dict[str, Any]:
        """Board ``index`` as ``seat`` sees it (``None``: a finished board for anyone, in full)."""
        b = self.boards[index]
        ph = phase(b)
        play = b.play
        done = ph == "done"
        if seat is None and not done:
            raise ActionError("a deal can be reviewed only once it is finished", "not_finished")
        visible: set[Seat]
        if done:
            visible = set(Seat)
        elif ph == "play":
            assert play is not None
            visible = play.visible_seats(seat)
            if is_minibridge(b):
                visible.add(play.dummy)  # minibridge: dummy goes down before the contract is named
        elif ph == "declare":
            visible = {seat, self.mini_declarer(b).partner} if seat is not None else set()
        else:
            visible = {seat} if seat is not None else set()
        hands: dict[str, Any] = {}
        for s in Seat:
            remaining = play.hand(s) if play is not None else b.deal[s]
            cards = [str(c) for c in sorted(remaining, key=lambda c: (-c.suit, -c.rank))]
            hands[s.letter] = {"cards": cards if s in visible else None, "count": len(cards)}
        actor = self.actor()
        to_act = seat is not None and actor == seat and not done
        meanings = self.meanings(index, b.auction)
        auction = []
        for i, call in enumerate(b.auction.calls):
            note = b.auction.annotations.get(i)
            auction.append({"seat": b.auction.seat_of(i).letter, "call": str(call),
                            "alert": bool(note and note.alert),
                            "explanation": note.explanation if note else None, "meaning": meanings[i]})
        contract = b.contract
        view: dict[str, Any] = {
            "index": index, "number": b.number, "dealer": b.dealer.letter, "vulnerability": str(b.vulnerability),
            "phase": ph, "turn": None if actor is None else actor.letter, "to_act": to_act,
            "hands": hands, "auction": auction,
            "contract": None if contract is None else str(contract),
            "declarer": None if contract is None or contract.declarer is None else contract.declarer.letter,
            "legal": [], "trick": [], "last_trick": None, "tricks": {"NS": 0, "EW": 0}, "claim": None,
            "acting_for": None, "result": None,
        }
        if ph == "auction" and to_act:
            view["legal"] = [str(c) for c in b.auction.legal_calls()]
        if ph == "declare":
            declarer = self.mini_declarer(b)
            view["declarer"] = declarer.letter
            view["points"] = {s.letter: b.deal[s].hcp for s in Seat}
            if to_act:
                view["legal"] = ["C", "D", "H", "S", "NT"]
        if play is not None:
            view["dummy"] = play.dummy.letter
            leader = play.leader
            view["trick"] = [{"seat": Seat((leader + k) % 4).letter, "card": str(c)}
                             for k, c in enumerate(play.current_trick)]
            if play.tricks:
                t = play.tricks[-1]
                view["last_trick"] = {"leader": t.leader.letter, "winner": t.winner.letter,
                                      "cards": [{"seat": Seat((t.leader + k) % 4).letter, "card": str(c)}
                                                for k, c in enumerate(t.cards)]}
            decl_side = "NS" if play.declarer.is_ns else "EW"
            other = "EW" if decl_side == "NS" else "NS"
            view["tricks"] = {decl_side: play.declarer_tricks, other: play.defender_tricks}
            view["tricks_left"] = play.tricks_left
            if play.claim is not None and play.claimed_tricks is None:
                view["claim"] = {"seat": play.claim.seat.letter, "tricks": play.claim.tricks}
            if ph == "play" and play.claim is None:
                view["acting_for"] = play.turn.letter
                if to_act:
                    view["legal"] = [str(c) for c in play.legal_cards()]
        if done:
            view["result"] = self.result(b)
            view["review"] = self.review(b)
        return view

    def result(self, b: Board) -> dict[str, Any]:
        c = b.contract
        ns = game.ns_score(b)
        if c is None or c.is_passed_out:
            text = "Passed out"
        else:
            t = b.tricks or 0
            over = t - c.tricks_needed
            if is_minibridge(b):
                kind = game.minibridge_kind(b)
                text = f"{c.strain} {kind} by {c.declarer}: {t} tricks"
            else:
                text = f"{c} {'=' if over == 0 else f'{over:+d}'}"
        return {"text": text, "tricks": b.tricks, "ns_score": ns, **game.compared(b)}

    def review(self, b: Board) -> dict[str, Any]:
        """All four hands as dealt and every trick, for the after-deal review (finished boards only)."""
        tricks: list[dict[str, Any]] = []
        if b.play is not None:
            for t in b.play.tricks:
                tricks.append({"leader": t.leader.letter, "winner": t.winner.letter,
                               "cards": [{"seat": Seat((t.leader + k) % 4).letter, "card": str(c)}
                                         for k, c in enumerate(t.cards)]})
            if b.play.current_trick:
                tricks.append({"leader": b.play.leader.letter, "winner": None,
                               "cards": [{"seat": Seat((b.play.leader + k) % 4).letter, "card": str(c)}
                                         for k, c in enumerate(b.play.current_trick)]})
        out: dict[str, Any] = {
            "deal": str(b.deal),
            "hands": {s.letter: [str(c) for c in sorted(b.deal[s], key=lambda c: (-c.suit, -c.rank))]
                          for s in Seat},
                "tricks": tricks, "claimed": None if b.play is None else b.play.claimed_tricks}
        return out

    def summary(self, index: int) -> dict[str, Any]:
        """One line of the history for finished board ``index``."""
        b = self.boards[index]
        r = self.result(b)
        return {"table": self.id, "index": index, "form": self.form.key, "number": b.number,
                "dealer": b.dealer.letter, "vulnerability": str(b.vulnerability), "deal": str(b.deal),
                "contract": None if b.contract is None else str(b.contract), "result": r["text"],
                "ns_score": r["ns_score"], "auction": str(b.auction)}


def _copy_board(b: Board) -> Board:
    return dataclasses.replace(b, auction=b.auction.copy(), play=None if b.play is None else b.play.copy(),
                               tags=dict(b.tags))


def _replay_old_undo(b: Board, seat: Seat) -> None:
    """An undo as stored before the rule that nothing seen can be unseen: a settled claim reopened, else
    back to the seat's own last action (across the end of the auction if need be)."""
    play = b.play
    if play is not None and (play.claim is not None or play.claimed_tricks is not None):
        play.undo_claim()
        return
    own = [i for i in range(len(b.auction.calls)) if b.auction.seat_of(i) == seat]
    if play is not None:
        base = len(b.auction.calls)
        own += [base + k for k, s in enumerate(card_seats(play))
                if s == seat or (s == play.dummy and seat == play.declarer)]
    while own and len(b.auction.calls) + (len(b.play.cards) if b.play is not None else 0) > own[-1]:
        if b.play is not None and b.play.cards:
            b.play.pop()
        elif is_minibridge(b):
            break
        else:
            b.play = None
            b.auction.pop()


def new_deal_event(table: Table, rng_seed: str | None = None) -> Event:
    """The event that deals the next board (the deal itself is stored, so a replay is exact). A table of a
    club event plays the boards its configuration gives (``boards``), then no more."""
    given = table.config.get("boards")
    if given is not None:
        if len(table.boards) >= len(given):
            raise ActionError("this table has played all its boards for the round", "no_more_boards")
        return {"type": "deal", **given[len(table.boards)]}
    seed = None if rng_seed is None else f"{rng_seed}-{len(table.boards)}"
    board = game.Session(table.form, table.boards).next_board(seed=seed)
    event: Event = {"type": "deal", "deal": str(board.deal), "number": board.number, "dealer": board.dealer.letter,
                    "vul": str(board.vulnerability)}
    if "declarer" in board.tags:
        event["declarer"] = board.tags["declarer"]
    return event


def think(table: Table, budget: float | None = None) -> Event | None:
    """The robot on turn's event at ``table`` (for a worker process: see :meth:`Table.for_thinking`)."""
    return table.robot_event(budget)


def advise(table: Table, seat: Seat) -> Hint:
    """``seat``'s hint at ``table`` (for a worker process)."""
    return table.hint(seat)


def second_table_job(table: Table, index: int) -> tuple[Any, ...] | None:
    """What :func:`second_table` needs, as plain values (it may run in another process)."""
    b = table.boards[index]
    if table.form.family != "duplicate" or phase(b) != "done" or "boards" in table.config:
        return None  # a club event's table is compared with the event's other tables, not with robots
    return (index, str(b.deal), b.number, b.dealer.letter, str(b.vulnerability),
            table.config.get("system", "sayc"), table.fast_robots)


def second_table(index: int, deal: str, number: int | None, dealer: str, vulnerability: str, system: str,
                 fast: bool) -> Event:
    """Duplicate practice: the same board played by four robots at a second table, and par; the page
    compares the first table's score with both in IMPs."""
    b = Board(deal=Deal.parse(deal), number=number, dealer=Seat.parse(dealer),
              vulnerability=Vulnerability.parse(vulnerability))
    robot = Robot(system=system, player="simple" if fast else "sampling", think=0.0 if fast else STRONG_THINK)
    other = play_board(Board(deal=b.deal, number=b.number, dealer=b.dealer, vulnerability=b.vulnerability),
                       dict.fromkeys(Seat, robot))
    theirs = other.score() or 0
    # The IMPs are not stored: they are worked out from the two scores whenever they are shown.
    event: Event = {"type": "robot_table", "index": index, "deal": deal,
                    "robot_table": {"contract": str(other.contract), "tricks": other.tricks, "ns_score": theirs,
                                    "auction": str(other.auction)}}
    found = analysis(b.deal, b.vulnerability, b.dealer)
    if found and "par" in found:
        event["par"] = {"score": int(found["par"]["score"]), "contracts": found["par"]["contracts"]}
    return event


def analysis(deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> dict[str, Any] | None:
    """The double-dummy table and par of ``deal`` as JSON, or None when the solver is not installed."""
    from redouble import dd

    try:
        table = dd.solve_deal(deal)
        return {"table": table.to_dict(), "par": dd.par(table, vulnerability, dealer).to_dict()}
    except SolverUnavailableError:
        return None
    except RedoubleError as exc:
        return {"error": f"double-dummy analysis failed: {exc}"}


def _meanings(auction: Auction) -> list[str | None]:
    """What each call of ``auction`` means in SAYC, as the players are told it (None where unknown)."""
    try:
        return [str(m) or None for m in explain(auction)]
    except RedoubleError:
        return [None] * len(auction.calls)


def robot_table_event(table: Table, index: int) -> Event | None:
    """The second table's event for finished board ``index`` of a duplicate table (None otherwise)."""
    job = second_table_job(table, index)
    return None if job is None else second_table(*job)


__all__ = ["ActionError", "Table", "new_deal_event", "robot_table_event", "phase", "Call", "Card", "Contract"]
