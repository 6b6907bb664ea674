"""The one door from the web server to the robots and the analysis tools.

Everything the server asks a computer player (a call, a card, a claim, a hint) or the analysis
(double-dummy table, par, the meaning of a call) goes through here. Each function uses the library's
module when it is installed (``redouble.bidding``, a card-play robot, ``redouble.dd``) and otherwise a
simple, clearly marked fallback so that the server works on its own:

- calls: the fallback robot passes (it makes no claim to bid);
- cards: the fallback robot plays by rules of thumb: lead the top of touching honours or the lowest of
  the longest suit, second hand low, third hand high, win as cheaply as possible, otherwise the lowest card;
- claims: with the solver, a claim is accepted when it is sound double-dummy; without it, the fallback
  plays the rest out with the rule-of-thumb robot and accepts when the claimer gets what was claimed.

Robots see only what their seat may see: their own hand, dummy after the opening lead, cards played.

>>> from redouble import Board, Deal
>>> board = Board.from_number(1, deal=Deal.random(seed=5))
>>> choice = choose_action(board)
>>> choice.action in {str(c) for c in board.legal_actions()}
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from redouble import minibridge_robot
from redouble.auction import Auction
from redouble.board import Board
from redouble.calls import Call
from redouble.cards import Card, Seat, Suit
from redouble.claims import rest_is_certain
from redouble.deal import Deal
from redouble.play import Play, trick_winner

FALLBACK_CALL_REASON = "fallback robot (no bidding module installed): it always passes"
FALLBACK_CARD_NOTE = "fallback robot (rules of thumb, no card-play module installed)"


@dataclass(frozen=True, slots=True)
class Choice:
    """What a robot would do (``action`` is a call like ``"1NT"`` or a card like ``"SA"``) and why."""

    action: str
    reason: str


def _optional(name: str) -> ModuleType | None:
    """The module ``name`` if it is installed; None if it (not one of its own imports) is missing."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def bidding_module() -> ModuleType | None:
    module = _optional("redouble.bidding")
    return module if module is not None and hasattr(module, "choose_call") else None


def dd_module() -> ModuleType | None:
    module = _optional("redouble.dd")
    return module if module is not None and hasattr(module, "solve_deal") else None


def card_module() -> ModuleType | None:
    """A card-play robot module with ``choose_card(play, seat=...)``, if one has landed."""
    for name in ("redouble.cardplay", "redouble.robots", "redouble.bidding.cardplay"):
        module = _optional(name)
        if module is not None and hasattr(module, "choose_card"):
            return module
    return None


# --- calls ------------------------------------------------------------------------------------------
def choose_call(board: Board, system: str = "sayc") -> Choice:
    """The call the robot on turn makes in ``board``'s auction, with its meaning."""
    auction = board.auction
    seat = auction.turn
    module = bidding_module()
    if module is not None:
        try:
            choice = module.choose_call(board.deal[seat], auction.copy(), dealer=board.dealer,
                                        vulnerability=board.vulnerability, system=system)
            call = Call(getattr(choice, "call", choice))
            if auction.is_legal(call):
                return Choice(str(call), str(getattr(choice, "meaning", "") or ""))
        except Exception as exc:  # a robot's failure must never stop the table: it passes instead
            return Choice("Pass", f"the bidding robot failed ({exc}); it passes")
    return Choice("Pass", FALLBACK_CALL_REASON)


def explain_calls(auction: Auction) -> list[str | None]:
    """The system meaning of every call made so far (None where unknown or no bidding module)."""
    module = bidding_module()
    out: list[str | None] = [None] * len(auction.calls)
    if module is None or not hasattr(module, "explain"):
        return out
    try:
        meanings = module.explain(auction.copy())
    except Exception:
        return out
    for i, m in enumerate(list(meanings)[: len(out)]):
        text = getattr(m, "meaning", m)
        out[i] = str(text) if text else None
    return out


# --- cards ------------------------------------------------------------------------------------------
def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def _lead(hand: list[Card], trump: Suit | None) -> tuple[Card, str]:
    by_suit: dict[Suit, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)
    for cards in by_suit.values():
        cards.sort(key=lambda c: -c.rank)
    # Top of two or more touching honours (AK, KQ, QJ, JT) is the safest lead.
    for cards in sorted(by_suit.values(), key=lambda cs: -len(cs)):
        if len(cards) >= 2 and cards[0].rank >= 11 and cards[0].rank - cards[1].rank == 1:
            return cards[0], "top of touching honours"
    side = {s: cs for s, cs in by_suit.items() if s != trump} or by_suit
    suit, cards = max(side.items(), key=lambda kv: (len(kv[1]), -kv[0]))
    return cards[-1], "lowest card of the longest suit"


def _fallback_card(play: Play) -> Choice:
    seat = play.turn
    legal = play.legal_cards()
    if len(legal) == 1:
        return Choice(str(legal[0]), f"{FALLBACK_CARD_NOTE}: the only legal card")
    trick = play.current_trick
    if not trick:
        card, why = _lead(legal, play.trump)
        return Choice(str(card), f"{FALLBACK_CARD_NOTE}: {why}")
    leader = play.leader
    winner = trick_winner(leader, trick, play.trump)
    partner_winning = winner == seat.partner
    position = len(trick) + 1
    winning = [c for c in legal if trick_winner(leader, [*trick, c], play.trump) == seat]
    if partner_winning and (position == 4 or position == 3):
        return Choice(str(_lowest(legal)), f"{FALLBACK_CARD_NOTE}: partner is winning the trick")
    if position == 2 and trick[0].suit in {c.suit for c in legal} and not (legal[0].rank == 14 and winning):
        return Choice(str(_lowest(legal)), f"{FALLBACK_CARD_NOTE}: second hand low")
    if winning:
        if position == 3:
            following = [c for c in winning if c.suit == trick[0].suit]
            if following:
                return Choice(str(max(following, key=lambda c: c.rank)), f"{FALLBACK_CARD_NOTE}: third hand high")
        return Choice(str(_lowest(winning)), f"{FALLBACK_CARD_NOTE}: win as cheaply as possible")
    discards = [c for c in legal if c.suit != play.trump] or legal
    return Choice(str(_lowest(discards)), f"{FALLBACK_CARD_NOTE}: cannot win, lowest card")


def choose_card(play: Play, fast: bool = False, board: Board | None = None, scoring: str = "imps") -> Choice:
    """The card the robot on turn plays (for dummy, the declarer's choice); ``fast`` uses the rules of
    thumb (the library's ``redouble.cardplay.simple`` when installed) rather than the sampling player."""
    if fast:
        simple = _optional("redouble.cardplay.simple")
        if simple is not None and hasattr(simple, "simple_card"):
            try:
                choice = simple.simple_card(play.copy())
                if play.is_legal(choice.card):
                    return Choice(str(choice.card), f"rules of thumb: {choice.reason}")
            except Exception:
                pass
        return _fallback_card(play)
    module = card_module()
    if module is not None:
        try:
            extra: dict[str, Any] = {}
            if board is not None:  # the auction's inferences narrow the layouts the robot imagines
                extra = {"auction": board.auction.copy(), "vulnerability": board.vulnerability, "scoring": scoring}
            choice = module.choose_card(play.copy(), seat=play.controller, **extra)
            card = Card(getattr(choice, "card", choice))
            if play.is_legal(card):
                return Choice(str(card), str(getattr(choice, "reason", "") or ""))
        except Exception as exc:  # fall back rather than stall the table
            fallback = _fallback_card(play)
            return Choice(fallback.action, f"the card-play robot failed ({exc}); {fallback.reason}")
    return _fallback_card(play)


def choose_action(board: Board, system: str = "sayc", fast: bool = False, scoring: str = "imps") -> Choice:
    """The robot's call or card for the seat on turn in ``board`` (``scoring``: total, imps, matchpoints)."""
    if board.phase == "auction":
        return choose_call(board, system)
    assert board.play is not None
    return choose_card(board.play, fast, board if board.auction.is_complete else None, scoring)


# --- claims -----------------------------------------------------------------------------------------
def _dd_remaining_for_claimer(play: Play, claimer: Seat) -> int | None:
    """Tricks still to come that the claimer's side takes double-dummy (None without the solver)."""
    façade = _optional("redouble.robots")
    if façade is not None and hasattr(façade, "claimable_tricks") and dd_module() is not None:
        try:
            trial = play.copy()
            trial.claim = None
            return int(façade.claimable_tricks(trial, claimer))
        except Exception:
            pass
    module = dd_module()
    if module is None or not hasattr(module, "solve_position"):
        return None
    try:
        values = module.solve_position(play.copy())
    except Exception:
        return None
    if not values:
        return None
    turn_is_declarer_side = play.turn % 2 == play.declarer % 2
    total = max(values.values()) if turn_is_declarer_side else min(values.values())
    declarer_more = total - play.declarer_tricks
    if claimer % 2 == play.declarer % 2:
        return int(declarer_more)
    return int(play.tricks_left - declarer_more)


def _playout_remaining_for_claimer(play: Play, claimer: Seat) -> int:
    trial = play.copy()
    trial.claim = None
    before = trial.tricks_won(claimer)
    while not trial.is_complete:
        trial.push(_fallback_card(trial).action)
    return trial.tricks_won(claimer) - before


def claim_is_sound(play: Play) -> tuple[bool, str]:
    """Whether a robot defender accepts the pending claim, and why."""
    claim = play.claim
    assert claim is not None
    trial = play.copy()
    trial.claim = None
    if claim.seat.side == play.declarer.side and claim.tricks <= trial.tricks_left and rest_is_certain(trial):
        return True, f"the rest are high: the declarer's side takes all the last {play.tricks_left}"
    remaining = _dd_remaining_for_claimer(play, claim.seat)
    if remaining is not None:
        ok = remaining >= claim.tricks
        return ok, f"double-dummy the claimer's side takes {remaining} of the last {play.tricks_left}"
    remaining = _playout_remaining_for_claimer(play, claim.seat)
    ok = remaining >= claim.tricks
    return ok, (f"fallback check (no solver): played out by the rule-of-thumb robot the claimer's side "
                f"takes {remaining} of the last {play.tricks_left}")


# --- whole boards and analysis ----------------------------------------------------------------------
def play_out(board: Board, system: str = "sayc", fast: bool = False) -> Board:
    """``board`` played to the end by robots in every seat (the second table of duplicate practice)."""
    for _ in range(400):
        if board.phase == "done":
            break
        board.push(choose_action(board, system, fast).action)
    return board


def analysis(deal: Deal, vulnerability: Any, dealer: Seat) -> dict[str, Any] | None:
    """The double-dummy table and par of ``deal``, or None when the solver is not installed."""
    module = dd_module()
    if module is None:
        return None
    try:
        table = module.solve_deal(deal)
        out: dict[str, Any] = {"table": table.to_dict()}
        if hasattr(module, "par"):
            out["par"] = module.par(table, vulnerability, dealer).to_dict()
        return out
    except Exception as exc:
        return {"error": f"double-dummy analysis failed: {exc}"}


def has_solver() -> bool:
    return dd_module() is not None


def choose_minibridge_contract(deal: Deal, declarer: Seat) -> tuple[str, bool, str]:
    """Minibridge: the strain (``"S"``, ``"NT"``...) and game-or-part-score a robot declarer names after
    seeing dummy, with the reason: the library's :func:`redouble.minibridge_robot.choose_minibridge_contract`."""
    choice = minibridge_robot.choose_minibridge_contract(deal[declarer], deal[declarer.partner])
    return str(choice.strain), choice.game, choice.reason
