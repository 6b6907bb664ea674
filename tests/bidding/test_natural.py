"""The natural judgement's invitations: a natural bid below game at the three level shows the points that made
the bidder invite (or compete), and partner accepts with the top of its own range."""

from __future__ import annotations

import pytest

from redouble import Auction, Vulnerability
from redouble.bidding.engine import context_for
from redouble.bidding.natural import natural_values
from redouble.calls import Call
from tests.support import assert_call, assert_explained, call_table

CASES = [
    # Partner's natural 3C after our 1NT in competition invites game (a 10-count passed it, 3NT cold).
    ("AJ72.KQ8.643.876", "1C 1S 1NT P 3C P", "3NT", "ten HCP, the top of the 1NT: accept"),
    ("J972.KQ8.643.876", "1C 1S 1NT P 3C P", "Pass", "six HCP, the bottom of the 1NT: decline"),
    # The raise of our overcall of their weak two invites: a 16-count with a five-five shape passed it.
    (".KT852.KJ972.A95", "2D 2H P 3H P", "4H", "fourteen HCP, five-five and a void: accept"),
    ("3.KT852.KJ97.A95", "2D 2H P 3H P", "Pass", "eleven HCP and a singleton: decline"),
]


@call_table(CASES[:2])
def test_accepting_after_1nt(hand: str, auction: str, expected: str, why: str) -> None:
    assert_call(hand, auction, "S", expected, why)


@call_table(CASES[2:])
def test_accepting_the_raise(hand: str, auction: str, expected: str, why: str) -> None:
    assert_call(hand, auction, "E", expected, why)


def test_game_values_leave_a_doubled_ask_for_game() -> None:
    # They doubled opener's artificial 2D answer to Stayman: with 15 opposite 15-17, 3NT (2NT was passed).
    assert_call("AKJ2.Q75.53.AJT5", "1NT P 2C P 2D X", "N", "3NT", "fifteen opposite a 1NT: game")
    assert_call("KJ32.Q75.53.QT95", "1NT P 2C P 2D X", "N", "2NT", "eight opposite a 1NT: no game, 2NT")


def test_the_invitation_reads_with_its_points() -> None:
    assert_explained("2D 2H P 3H", "natural.raise", "about 10-11 points", dealer="E")


@pytest.mark.parametrize(("auction", "dealer", "call", "values"), [
    ("2D 2H P", "E", "3H", (10, 11)),       # an invitation: two short of game with the overcall's 12
    ("1H 1S 3H", "N", "3S", (6, 13)),       # competing over their bid with a fit: 17 together
    ("1H 1S 2H", "N", "3S", (12, 13)),      # a jump over their bid: an invitation
    ("2D 2H P", "E", "2S", None),           # below the three level: no reading of strength
    ("2D 2H P", "E", "4H", None),           # game
    ("1H", "N", "3S", None),                # a first action: partner silent
])
def test_natural_values(auction: str, dealer: str, call: str, values: tuple[int, int] | None) -> None:
    ctx = context_for(Auction(dealer, auction.split()), Vulnerability.NONE, "sayc")
    assert natural_values(ctx, Call(call)) == values


def test_3nt_counts_one_long_suit() -> None:
    # (Unpassed, the same hand after 1S-2D-2S invites by the booklet's 3D: tests/bidding/test_sayc_booklet_later.py.)
    assert_call("K2.Q83.KQJ862.32", "P P 1S P 2D P 2S P", "N", "3NT", "eleven HCP and six diamonds opposite a "
                "minimum rebid: the six-card suit counts one in notrump, so 24 bids the vulnerable game",
                Vulnerability.ALL)


def test_game_with_a_minor_fit_is_3nt_when_balanced() -> None:
    # Fifteen, four diamonds and the clubs held after 1H-1S-2D: game, and 3NT takes two tricks fewer than 5D
    # for the same score; with a singleton heart (not balanced) the minor game.
    assert_call("AQ72.43.KJ53.KQ8", "1H P 1S P 2D P", "N", "3NT", "balanced with a diamond fit: 3NT")
    assert_call("AQ72.4.KJ53.KQ83", "1H P 1S P 2D P", "N", "5D", "a singleton heart: the minor game")
