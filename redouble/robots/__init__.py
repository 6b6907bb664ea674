"""Every computer player: the :class:`Robot` (a bidder from :mod:`redouble.bidding` and a card player from
:mod:`redouble.cardplay`), its claims and its answers to claims, and the minibridge declarer.

A robot sees only what its seat may see; the web app, the match runner and the Table Manager all play
through it.

>>> from redouble import Board, Deal
>>> board = Board.from_number(1, deal=Deal.random(seed=5))
>>> choice = Robot.named("basic").call(board)
>>> choice.call in board.auction.legal_calls()
True
"""

from redouble.robots.claims import (
    answer_claim,
    certain_claim,
    claim_is_sound,
    claimable_tricks,
    judge_claim,
    rest_is_certain,
)
from redouble.robots.minibridge import MinibridgeChoice, choose_minibridge_contract
from redouble.robots.robot import CARD_PLAYERS, ROBOTS, CallChoice, Robot

__all__ = [
    "CARD_PLAYERS",
    "ROBOTS",
    "CallChoice",
    "MinibridgeChoice",
    "Robot",
    "answer_claim",
    "certain_claim",
    "choose_minibridge_contract",
    "claim_is_sound",
    "claimable_tricks",
    "judge_claim",
    "rest_is_certain",
]
