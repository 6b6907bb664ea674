"""Redouble: contract bridge in Python.

>>> from redouble import Deal, Board, Seat
>>> board = Board.from_number(1, deal=Deal.random(seed=7))
>>> board.dealer, str(board.vulnerability)
(Seat.NORTH, 'None')
"""

from redouble.auction import Annotation, Auction
from redouble.board import Board
from redouble.calls import ALL_BIDS, Call, CallKind, Contract
from redouble.cards import ALL_CARDS, SEATS, STRAINS, Card, Rank, Seat, Strain, Suit, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import (
    IllegalCallError,
    IllegalCardError,
    IllegalClaimError,
    ParseError,
    RedoubleError,
    SolverUnavailableError,
)
from redouble.play import Claim, Play, Trick, trick_winner

__version__ = "0.1.0"

__all__ = [
    "ALL_BIDS",
    "ALL_CARDS",
    "SEATS",
    "STRAINS",
    "Annotation",
    "Auction",
    "Board",
    "Call",
    "CallKind",
    "Card",
    "Claim",
    "Contract",
    "Deal",
    "Hand",
    "IllegalCallError",
    "IllegalCardError",
    "IllegalClaimError",
    "ParseError",
    "Play",
    "Rank",
    "RedoubleError",
    "Seat",
    "SolverUnavailableError",
    "Strain",
    "Suit",
    "Trick",
    "Vulnerability",
    "trick_winner",
]
