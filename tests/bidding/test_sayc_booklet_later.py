"""The ACBL SAYC System Booklet's later rounds, as table tests: opener's rebids (reverses, jump rebids, jump
shifts), the answers to Jacoby 2NT, responder's second call (sign off with 6-10, invite with 11-12, game with
13+) and fourth suit forcing. Each row is (hand, auction so far, expected call, what the booklet states); the
hands are built for the statement. Dealer is North. :mod:`tests.bidding.test_sayc_booklet_sections` holds the
booklet's other sections.
"""

from __future__ import annotations

import pytest

from redouble import Auction, Hand, Vulnerability
from redouble.bidding import choose_call
from tests.support import assert_call, assert_explained

Row = tuple[str, str, str, str]

SECTIONS: dict[str, list[Row]] = {
    "Opener's rebids: reverses, jump rebids, jump shifts": [
        ("AQ86.5.AKJ85.K62", "1D P 1H P", "1S", "a new suit at the one level: any strength up to 18"),
        ("4.A62.AKQJ85.K62", "1D P 1S P", "3D", "jump rebid: six diamonds, 16-18"),
        ("AKJ74.AKQ83.5.Q3", "1S P 1NT P", "3H", "jump shift over 1NT: 19+, forcing to game"),
        ("A4.AKJ73.AKQ5.J2", "1H P 1S P", "3D", "jump shift: 19+, forcing to game"),
        ("4.AQJ7.K52.AQJ85", "1C P 1S P", "2H", "reverse: 16+, clubs longer"),
        ("AK2.5.KQ75.AJ865", "1C P 1H P", "2D", "reverse: 16+, clubs longer"),
    ],
    "Jacoby 2NT": [
        ("AKJ74.K52.A52.J2", "1S P 2NT P", "3NT", "Jacoby 2NT: 15-17, no shortness"),
        ("AQJ74.K52.Q852.5", "1S P 2NT P", "3C", "Jacoby 2NT: a singleton club"),
        ("KQJ74.K52.QJ5.32", "1S P 2NT P", "4S", "Jacoby 2NT: minimum, no shortness"),
        ("AKQ74.K52.AQ5.32", "1S P 2NT P", "3S", "Jacoby 2NT: 18+, no shortness"),
        ("K84.QJ73.AQ5.J62", "1H P 2NT P 4H P", "Pass", "Jacoby 2NT: opener's minimum game ends it"),
        ("K84.QJ73.AQ5.J62", "1H P 2NT P 3C P", "4H", "Jacoby 2NT: a minimum raise signs off after the singleton"),
    ],
    "Responder's rebids after opener's new suit at the one level": [
        ("52.KJ84.Q52.KJ62", "1D P 1H P 1S P", "1NT", "6-10 balanced: 1NT"),
        ("KQ2.JT876.K53.83", "1D P 1H P 1S P", "1NT", "6-10 with clubs unstopped: 1NT still signs off"),
        ("2.JT876.K53.K832", "1D P 1H P 1S P", "2D", "6-10, a singleton spade, three diamonds: preference"),
        ("2.KJ876.Q53.K832", "1C P 1H P 1S P", "2C", "6-10, a singleton spade, four clubs: preference"),
        ("Q2.JT876.5.KQ832", "1D P 1H P 1S P", "2H", "6-10, five-five, no fit: five hearts to play, not 2NT"),
        ("Q2.AJ876.5.KQ832", "1D P 1H P 1S P", "2NT", "12, five-five, no fit: 2NT invites, not 3NT"),
        ("52.KJ84.Q52.AJ62", "1D P 1H P 1S P", "2NT", "11-12: 2NT invites"),
        ("52.KQ84.K52.AJ62", "1D P 1H P 1S P", "3NT", "13+: 3NT"),
        ("52.KJ84.Q852.J62", "1D P 1H P 1S P", "2D", "6-10 with four diamonds: preference"),
        ("52.KJ84.AQ852.J2", "1D P 1H P 1S P", "3D", "11-12 with diamonds: jump preference invites"),
        ("52.KJ8643.Q5.J62", "1D P 1H P 1S P", "2H", "six hearts, weak: rebid them"),
        ("KJ52.QJ84.852.62", "1D P 1H P 1S P", "2S", "four spades, 6-10: raise opener's second suit"),
        ("KJ52.AJ84.K52.62", "1D P 1H P 1S P", "4S", "four spades and game values: game"),
        ("AJ72.AJT8532..T2", "1D P 1H P 1S P", "4H", "seven hearts are trumps already: not the four-four fit"),
    ],
    "Responder's rebids after opener's rebid of a suit or 1NT": [
        ("AQ84.K73.J52.Q62", "1C P 1S P 2D P", "3NT", "after a reverse: 3NT with 10+ balanced and hearts stopped"),
        ("AQ852.K73.J52.Q2", "1C P 1S P 2C P", "2NT", "11-12: 2NT invites"),
        ("AQ852.K73.K52.Q2", "1C P 1S P 2C P", "3NT", "13+: 3NT"),
        ("KJ852.73.J52.Q62", "1C P 1S P 2C P", "Pass", "6-10: pass opener's rebid"),
        ("KJ852.Q73.A52.62", "1H P 1S P 2C P", "3H", "jump preference: 10-12 with three hearts"),
        ("KJ8532.73.Q52.62", "1D P 1S P 2D P", "2S", "six spades, weak: rebid them"),
        ("KJ85.73.Q52.Q962", "1D P 1S P 2D P", "Pass", "6-10, nothing more: pass"),
        ("5.AQJ974.K52.K62", "1C P 1H P 1NT P", "4H", "six hearts, game values: game"),
        ("K5.AQ97.KJ52.J62", "1C P 1H P 1NT P", "3NT", "13+ balanced: 3NT"),
        ("Q3.K73.A52.KJ962", "1S P 2C P 2S P", "3NT", "a two-over-one with 13 and the other suits held: 3NT"),
        ("J52.Q7.K843.Q952", "1S P 1NT P 2H P", "2S", "after 1NT, three of opener's major: preference"),
        ("J5.Q72.K843.Q952", "1S P 1NT P 2H P", "Pass", "after 1NT, two spades and three hearts: pass"),
        ("52.Q73.K843.Q952", "1H P 1NT P 2C P", "2H", "after 1NT, three hearts: preference to the major"),
    ],
    "Responder's rebids after 1D-1M-2C": [
        ("K52.KJ84.Q52.J62", "1D P 1H P 2C P", "2D", "6-10, three of each minor: preference to the first"),
        ("K52.QJ84.52.QJ62", "1D P 1H P 2C P", "Pass", "6-10 with longer clubs: pass"),
        ("KJ5.KJ84.Q52.J62", "1D P 1H P 2C P", "2NT", "11-12 with spades stopped: 2NT invites"),
        ("KJ5.KJ84.Q52.A62", "1D P 1H P 2C P", "3NT", "13+ with spades stopped: 3NT"),
        ("52.KJ84.AQ5.J962", "1D P 1H P 2C P", "3C", "11-12 with four clubs: the raise invites"),
        ("52.KJ84.KQ52.Q62", "1D P 1H P 2C P", "3D", "11-12 with diamonds: jump preference invites"),
        ("52.KJ8643.Q52.J6", "1D P 1H P 2C P", "2H", "six hearts, weak: rebid them"),
    ],
    "Responder's rebids after 1H-1S-2m": [
        ("T8432.KT.AJ964.Q", "1H P 1S P 2C P", "2H", "ten and two hearts: preference, not game"),
        ("AKJ932.T8.QJ87.2", "1H P 1S P 2C P", "4S", "six spades and 13 points: game"),
        ("AKJ932.T8.Q987.2", "1H P 1S P 2C P", "2S", "six spades and ten HCP: 2S to play"),
        ("KQ82.85.Q72.KJ42", "1H P 1S P 2C P", "2NT", "11-12 with diamonds stopped: 2NT invites"),
        ("KQ872.85.AJ7.KJ2", "1H P 1S P 2C P", "3NT", "13+ with diamonds stopped: 3NT"),
        ("KQ852.5.Q72.J842", "1H P 1S P 2C P", "Pass", "6-10 with clubs and no heart fit: pass"),
    ],
    "Opener's answer to responder's 2NT invitation (11-12)": [
        ("AK3.Q87.98642.QJ", "1D P 1H P 1NT P 2NT P", "Pass", "after 1NT, a minimum (12): decline"),
        ("AQ.J65.KJ652.Q87", "1D P 1H P 1NT P 2NT P", "3NT", "after 1NT, 13 and a five-card suit: accept"),
        ("AJ9.K65.KJ52.Q87", "1D P 1H P 1NT P 2NT P", "3NT", "after 1NT, the maximum (14): accept"),
        ("AJ92.J64.KQ62.Q4", "1D P 1H P 1S P 2NT P", "Pass", "after a new suit, 13 and no five-card suit: decline"),
        ("AJ92.J6.KQ9762.4", "1D P 1H P 1S P 2NT P", "3D", "after a new suit, six diamonds and a minimum: 3D"),
        ("AJ92.K6.KQ962.Q4", "1D P 1H P 1S P 2NT P", "3NT", "after a new suit, 15 and five diamonds: accept"),
        ("AK7.K.98432.QT98", "1D P 1S P 2C P 2NT P", "Pass", "after 1D-1S-2C, a minimum: decline"),
        ("Q63.AQ5.KT842.A4", "1D P 1S P 2D P 2NT P", "3NT", "after the suit rebid, 15: accept"),
    ],
    "Opener's answer to responder's invitational jump rebid (six cards, 11-12 points)": [
        ("A87.KT8.KJ3.Q965", "1C P 1S P 1NT P 3S P", "4S", "13 and three spades: accept"),
        ("A8.KT87.KJ3.Q965", "1C P 1S P 1NT P 3S P", "Pass", "13 and two spades: decline"),
        ("A8.KT87.KJ3.K965", "1C P 1S P 1NT P 3S P", "4S", "14 and two spades: accept"),
        ("AQ42.52.KQ72.K62", "1D P 1H P 1S P 3H P", "4H", "after a new suit, 14 and two hearts: accept"),
        ("A2.52.KQ72.KJ762", "1D P 1H P 2C P 3H P", "Pass", "after 1D-1H-2C, a minimum: decline"),
    ],
    "Responder's second call after a two-over-one (10+, a rebid promised): 10-11 invites, 12+ bids game": [
        ("73.AQJ742.75.K95", "1S P 2H P 2S P", "3H", "six hearts and ten: 3H invites, not 4H"),
        ("QJ.A9543.KT983.7", "1S P 2H P 2S P", "2NT", "ten, no fit, no six-card suit: 2NT invites"),
        ("K2.Q83.KQJ862.32", "1S P 2D P 2S P", "3D", "six diamonds and eleven: 3D invites"),
        ("K7.Q83.KQ862.Q32", "1S P 2D P 2S P", "3NT", "twelve opposite the minimum rebid: game"),
        ("Q74.K7.AQ52.J962", "1S P 2C P 2S P", "4S", "three spades and twelve: game in opener's major"),
        ("3.KJ72.Q95.AT962", "1S P 2C P 2H P", "3H", "four hearts and ten: the raise of the second suit invites"),
        ("3.KJ72.QJ5.AT962", "1S P 2C P 2H P", "4H", "four hearts and twelve: game"),
        ("Q73.K7.A852.KJ96", "1S P 2C P 2H P", "3S", "three spades and twelve: the jump preference forces to game"),
        ("Q3.J72.A95.KQ962", "1S P 2C P 2H P", "3NT", "twelve, diamonds stopped, no fit: 3NT"),
        ("K5.J84.Q52.AQ762", "1S P 2C P 2NT P", "3NT", "twelve opposite the 12-14 2NT: game"),
    ],
    "Opener's answer to the two-over-one's invitation (10-11)": [
        ("AQT543.764.AQ8.8", "1S P 2C P 2S P 3C P", "Pass", "a minimum and a singleton club: decline"),
        ("AQ9652.K4.Q5.K62", "1S P 2C P 2S P 3C P", "3NT", "fourteen, the red suits held: accept"),
        ("AQ962.K84.Q5.J62", "1S P 2C P 2S P 2NT P", "Pass", "twelve: decline 2NT"),
        ("AQ962.KQ84.Q5.62", "1S P 2C P 2H P 3H P", "Pass", "thirteen: decline the heart raise"),
        ("AQ962.KQ84.A5.62", "1S P 2C P 2H P 3H P", "4H", "fifteen: accept the heart raise"),
        ("AQ962.KQ84.A5.62", "1S P 2C P 2H P 3S P", "4S", "the jump preference forced to game: 4S, no slam"),
        ("AQ962.KQ84.Q5.62", "1S P 2C P 2H P 2S P", "Pass", "the preference is not forcing: pass with 12-13"),
        ("Q53.AJT73.KJ83.J", "1H P 2D P 3D P 4D P", "Pass", "the raise (12-17) did not force to game: pass 4D"),
        ("AQJ843.92.T52.K2", "1S P 2D P 2S P 3NT P", "Pass", "3NT denied three spades knowing of six: pass"),
    ],
    "1C-1D-1H-1S is natural (the booklet's exception to fourth suit forcing)": [
        ("KJ84.52.AQ852.J2", "1C P 1D P 1H P", "1S", "four spades: 1S, forcing one round (not 2NT)"),
        ("5432.Q2.AKJ84.K6", "1C P 1D P 1H P", "1S", "four small spades and game values: 1S is still natural"),
        ("AQ96.KJ84.5.Q852", "1C P 1D P 1H P 1S P", "2S", "four spades, a minimum: raise"),
        ("AQ96.KJ84.5.AK85", "1C P 1D P 1H P 1S P", "4S", "four spades and 19 support points: game"),
        ("A96.KJ84.52.AQ85", "1C P 1D P 1H P 1S P", "1NT", "no four spades, 12-14 balanced: 1NT"),
        ("A96.KJ84.5.AQ852", "1C P 1D P 1H P 1S P", "2C", "no four spades, five clubs, a minimum: 2C"),
        ("KJ84.52.AQ852.J2", "1C P 1D P 1H P 1S P 1NT P", "2NT", "eleven opposite 12-14: 2NT invites"),
    ],
    "Responder's minimum after opener's reverse (16+, forcing one round)": [
        ("J752.J8.A9852.J2", "1C P 1S P 2H P", "2NT", "seven: 2NT shows the minimum, not 3NT"),
        ("T94.A92.J4.QT763", "1D P 1NT P 2H P", "2NT", "after 1NT, seven: 2NT"),
        ("KQ8.KT73.3.AKQ65", "1C P 1S P 2H P 2NT P", "Pass", "seventeen opposite 6-8: no game"),
        ("AK8.KQT73.3.AKQ6", "1C P 1S P 2H P 2NT P", "3NT", "twenty opposite 6-8: game"),
    ],
    "Fourth suit forcing": [
        ("Q5.AKJ84.K52.862", "1D P 1H P 1S P", "2C", "fourth suit forcing: game values, no club stopper, no fit"),
        ("AQ84.Q73.KJ852.5", "1D P 1H P 1S P 2C P", "2H", "after fourth suit: three-card support first"),
        ("AQ84.5.KJ852.Q73", "1D P 1H P 1S P 2C P", "2NT", "after fourth suit: a stopper, a minimum"),
    ],
}

CASES = [(section, *row) for section, rows in SECTIONS.items() for row in rows]


@pytest.mark.parametrize(("section", "hand", "auction", "expected", "statement"), CASES,
                         ids=[f"{c[0].split(':')[0]}|{c[2]}|{c[1]}" for c in CASES])
def test_later_round(section: str, hand: str, auction: str, expected: str, statement: str) -> None:
    assert_call(hand, auction, "N", expected, f"{section}: {statement}")


# What responder's second call tells the opponents: (auction, the last call's rule, words in its meaning).
MEANINGS: list[tuple[str, str, str]] = [
    ("1D P 1H P 1S P 1NT", "resp2.1nt", "6-10"),
    ("1D P 1H P 1S P 2NT", "resp2.2nt", "11-12"),
    ("1D P 1H P 1S P 3D", "resp2.jump-preference", "invites"),
    ("1D P 1H P 1S P 3S", "resp2.raise-second", "invites"),
    ("1D P 1H P 1S P 2D", "resp2.preference", "6-10"),
    ("1D P 1S P 2C P 2NT", "resp2.2nt", "other major stopped"),
    ("1D P 1S P 2C P 2D", "resp2.preference", "as many diamonds as clubs"),
    ("1C P 1D P 1H P 1S", "resp2.natural-spades", "four spades"),
    ("1S P 2C P 2S P 2NT", "resp2.2over1-2nt", "10-11"),
    ("1S P 2C P 2H P 3S", "resp2.2over1-jump-preference", "forcing to game"),
    ("1S P 2C P 2H P 3H", "resp2.2over1-raise-second", "invites game"),
    ("1D P 1H P 1NT P 2NT P 3NT", "rebid.accept-2nt", "14+ points"),
    ("1D P 1H P 1S P 2NT P Pass", "rebid.decline-2nt", "a minimum"),
]


@pytest.mark.parametrize(("auction", "rule", "words"), MEANINGS, ids=[m[0] for m in MEANINGS])
def test_later_round_meaning(auction: str, rule: str, words: str) -> None:
    assert_explained(auction, rule, words)


@pytest.mark.parametrize(("hand", "auction"), [
    ("K.KT742.QT6.A753", "1H P 2S P 2NT P 3H P"),  # opener's answer to a jump shift's heart preference
    ("AKQJ5.K83.62.K32", "1H P 2S P 2NT P"),  # the jump shifter after opener's 2NT
])
def test_a_jump_shift_is_not_a_two_over_one(hand: str, auction: str) -> None:
    # The jump shift (19+) forced to game: the two-over-one's invitations and sign-offs do not apply.
    rule = choose_call(Hand.parse(hand), Auction("N", auction.split()), Vulnerability.NONE).rule
    assert "2over1" not in rule, rule


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("AK3.Q87.98642.QJ", "1D P 1H P 1NT P 2NT P", "3NT"),
    ("AK3.Q87.98642.J2", "1D P 1H P 1NT P 2NT P", "Pass"),
    ("AJ92.J64.KQ62.Q4", "1D P 1H P 1S P 2NT P", "3NT"),
    ("AJ92.J64.QJ62.Q4", "1D P 1H P 1S P 2NT P", "Pass"),
    ("AJ92.J6.KQ9762.4", "1D P 1H P 1S P 2NT P", "3D"),
])
def test_vulnerable_13_accepts_the_2nt_invitation(hand: str, auction: str, expected: str) -> None:
    assert_call(hand, auction, "N", expected, "24-25 together make 3NT about half the time: enough for a "
                "vulnerable game, not for a 23-24 one", Vulnerability.ALL)
