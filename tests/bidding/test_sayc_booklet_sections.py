"""The ACBL SAYC System Booklet (revised January 2006), section by section, as table tests.

Each row is (hand, auction so far, expected call, what the booklet states[, dealer]). The statement is a
short paraphrase of the booklet's rule the row checks; where the booklet gives an example auction
(1D-(1S)-X, 1C-(1H)-X, 2H-(X)-2S, 1H-(2D)-3D, 1H-(2S)-2NT, 2C-2D-2H-2S-3H, ...) the row uses it, and
elsewhere the hand is a minimal one that fits the statement. Dealer is North unless the row names
another. :mod:`tests.bidding.test_sayc_booklet` holds the older rows.
"""

from __future__ import annotations

import pytest

from redouble.auction import Auction
from redouble.bidding import explain, explain_rules
from tests.support import assert_call

Row = tuple[str, ...]

SECTIONS: dict[str, list[Row]] = {
    "General approach": [
        ("QJ4.AK982.K95.A3", "", "1NT", "a notrump opening may hold a five-card major"),
        ("A4.K93.AQJ85.J72", "", "1NT", "a notrump opening may hold a five-card minor"),
        ("AQ.KQJ85.AJ4.K95", "", "2NT", "2NT = 20-21 balanced, a five-card major allowed"),
        ("AK.AQJ.KQJ85.AQ5", "", "3NT", "3NT = 25-27 balanced"),
        ("AKQ.KQJ4.AQ3.K54", "", "2C", "balanced hands above 2NT open the strong 2C"),
        ("AK4.AQ3.K654.Q32", "", "1D", "18-19 balanced is too strong for 1NT, too weak for 2NT"),
        ("AKJ854.QJ9762.5.", "", "1S", "open the higher of long suits of equal length: 6-6"),
        ("AKJ54.3.42.KQJ52", "", "1S", "open the higher of long suits of equal length: 5-5"),
        ("3.42.AKJ54.KQJ52", "", "1D", "5-5 in the minors: the higher"),
        ("K4.A32.KQ54.Q632", "", "1D", "normally open 1D with 4-4 in the minors"),
        ("AQ43.K54.Q76.K32", "", "1C", "normally open 1C with 3-3 in the minors"),
        ("KJ84.AQ73.K52.J6", "", "1D", "four-four in the majors with three diamonds and two clubs opens 1D"),
        ("KJ84.AQ73.J6.K52", "", "1C", "no five-card major: the longer minor"),
        ("K54.A32.Q6.AJ832", "", "1C", "no five-card major: the longer minor"),
        ("A3.4.KQ8763.AJ42", "", "1D", "the longest suit first"),
        ("KQJ84.A5.Q942.73", "", "1S", "five-card majors in all seats"),
        ("KQJ84.A5.Q942.73", "P", "1S", "five-card majors in all seats (second seat)", "E"),
        ("AKJ974.84.A52.63", "", "1S", "a weak two is 5-11 HCP: 12 HCP opens one"),
        ("Q73.K84.QJ5.K862", "", "Pass", "a flat 11 is no opening"),
    ],
    "Weak two-bids": [
        ("AQJ974.84.952.63", "", "2S", "weak two: a good six-card suit, 5-11 HCP"),
        ("93.KQT984.J52.73", "", "2H", "weak two in hearts"),
        ("73.K4.AQJ975.852", "", "2D", "weak two in diamonds"),
        ("AKQ94.3.AK52.J84", "2H P", "2S", "a new suit by responder is forcing one round"),
        ("Q84.KQT984.52.73", "2H P 2S P", "3S", "opener raises responder's major with three-card support"),
        ("4.KQT984.J52.Q73", "2H P 2S P", "3H", "no support: opener rebids the suit"),
        ("84.AQJ976.52.K73", "2H P 2NT P", "3C", "2NT asks: a maximum shows a feature (ace or king)"),
        ("84.KQJ976.852.73", "2H P 2NT P", "3H", "2NT asks: a minimum rebids the suit"),
        ("J4.AQJ976.Q52.J3", "2H P 2NT P", "3NT", "2NT asks: a maximum with no feature bids 3NT"),
        ("84.KQJ976.852.73", "2H P 3H P", "Pass", "any raise of a weak two is to play"),
        ("AQJ974.84.952.63", "2S P 4S P", "Pass", "a raise to game is to play"),
        ("A3.AK65.A976.854", "2S P 2NT P 3D P", "4S", "after the feature, responder places the contract"),
        ("AKJ854.3.KQ52.Q2", "2H X", "2S", "over their double a new suit is still natural (2H-(X)-2S)"),
    ],
    "Preempts": [
        ("5.84.KQJ9852.Q73", "", "3D", "a three-level preempt: a good seven-card suit"),
        ("5.KQJT9853.82.73", "", "4H", "an eight-card suit preempts at the four level"),
        ("5.84.KQJ9852.Q73", "P P P", "Pass", "fourth seat: no preempt with a weak hand", "E"),
    ],
    "Responses to 1NT": [
        ("KJ984.Q732.84.62", "1NT P", "2H", "Jacoby transfer: five spades, any strength"),
        ("J954.Q853.T8632.", "1NT P", "2C", "Stayman is non-forcing: a weak hand may stop in two of a suit"),
        ("J954.Q853.T8632.", "1NT P 2C P 2D P", "Pass", "Stayman is non-forcing: responder passes 2D"),
        ("QJ973.K854.K5.62", "1NT P 2C P 2D P", "2S", "after 2D, two of a major shows five, invitational"),
        ("QJ973.K854.K5.A2", "1NT P 2C P 2D P", "3S", "three of a major after 2D forces to game"),
        ("K84.AQ3.KJ52.Q62", "1NT P 2C P 2D P 3S P", "4S", "opener raises the five-card major with three"),
        ("K4.AQ3.KJ52.Q862", "1NT P 2C P 2D P 3S P", "3NT", "with two, opener bids 3NT"),
        ("KJ84.Q973.K5.862", "1NT P 2C P 2S P", "3S", "a fit and 8-9: invite in the major"),
        ("AQ53.KJ62.K4.Q52", "1NT P 2C P 2H P 3NT P", "4S", "responder's 3NT after 2H promised spades: correct"),
        ("5.KQ973.AQ84.K62", "1NT P 2D P 2H P", "3D", "after the transfer a new suit is natural and forcing to game"),
        ("5.KJ9754.852.J62", "1NT X", "2D", "over a double of 1NT all systems are on"),
        ("KQ5.AJ3.K54.QT52", "1NT P 2H P 2S P 2NT P", "3S", "over 2NT opener returns to 3S with a minimum"),
        ("KQ5.AJ3.K54.AT52", "1NT P 2H P 2S P 2NT P", "4S", "over 2NT opener bids 4S with a maximum"),
        ("KQ5.AJ3.K54.QT52", "1NT P 2H P 2S P 3S P", "Pass", "3S invites: a minimum passes"),
        ("KQ5.AJ3.K54.AT52", "1NT P 2H P 2S P 3S P", "4S", "3S invites: a maximum bids game"),
        ("AQ42.K5.KQ976.A3", "1NT P 2C P 2D P", "3D",
         "2C followed by three of a minor: natural, forcing, slam interest with five or more"),
        ("KJ9754.84.852.62", "1NT 2H", "2S", "over their overcall bids are natural (no transfers)"),
        ("84.KQJ732.A52.62", "1NT 2S", "4H", "over their overcall a natural game bid"),
        ("KJ84.Q73.A85.K62", "1NT 2D", "3D", "over their overcall a cue-bid replaces Stayman"),
    ],
    "2NT and 3NT openings": [
        ("K84.Q73.KJ5.K962", "2NT P", "4NT", "4NT over 2NT is quantitative"),
        ("AK4.AQ3.KQ54.K32", "2NT P 4NT P", "6NT", "a maximum (21) accepts the quantitative 4NT"),
        ("AK4.AQ3.KQ54.Q32", "2NT P 4NT P", "Pass", "a minimum declines the quantitative 4NT"),
        ("J542.Q542.J6.853", "2C P 2D P 2NT P", "3C", "after 2C-2D-2NT the 2NT system is on: Stayman"),
        ("AKQ4.AK3.AJ5.KQ2", "3NT P 4C P", "4S", "4C over 3NT is Stayman: four spades"),
    ],
    "Strong 2C": [
        ("85.762.Q73.AKJ54", "2C P", "3C", "positive: a good five-card suit and 8+ points"),
        ("A5.762.KQ3.86542", "2C P", "3C", "positive: at least a five-card suit and 8 points (no quality asked)"),
        ("85.762.Q73.KJ654", "2C P 2D P 2S P", "3C", "a five-card suit after waiting: fewer than 8 points"),
        ("AJ5432.AQ.AK7.AQ", "2C P 2D P 2S P 3D P", "4S", "the second suit showed 4-7: game, no slam drive"),
        ("J8652.84.8652.73", "2C P 2D P 2H P 2NT P 3H P", "Pass",
         "a suit rebid forces only to three of a major: the second rebid may be passed"),
        ("AKQJ76.A5.AK3.94", "2C P 2D P 2S P 3S P", "4D",
         "opener carries on past 3S: a cue-bid on the way to game (clubs skipped: no control there)"),
        ("KJ852.84.8652.73", "2C P 2D P 2H P 2S P 3H P", "Pass",
         "2C-2D-2H-2S-3H is not forcing (forcing only to three of opener's major)"),
    ],
    "Responses to one of a major": [
        ("K964.86.KQ53.Q42", "1S P", "3S", "limit raise: 3+ trumps, 10-11 dummy points"),
        ("Q4.AQ3.KJ52.K862", "1S P", "3NT", "3NT: 15-17 balanced, two-card support"),
        ("A4.K3.AQ5.AKJ862", "1H P", "3C", "a jump shift is strong and forcing"),
        ("KJ4.Q73.A852.Q62", "P P 1S P", "3S", "a passed hand limit raises", "E"),
        ("4.AKJ73.KQ52.J52", "1H P 2NT P", "3S", "Jacoby 2NT: opener shows a singleton"),
        ("J4.AKJ73.K52.QJ5", "1H P 2NT P", "3NT", "Jacoby 2NT: 15-17 with no shortness"),
        ("84.QJ973.A85.962", "1S P", "1NT", "1NT: 6-10, not forcing, no better bid"),
    ],
    "Responses to one of a minor": [
        ("K4.Q73.J52.AQ862", "1D P", "2C", "a new suit at the two level: 10+ points"),
        ("KQ4.AJ3.K52.K962", "1C P", "3NT", "3NT: 16-18 balanced"),
        ("KQ4.A93.K52.J962", "1C P", "2NT", "2NT: 13-15 balanced, forcing"),
        ("K4.Q73.KJ852.962", "1D P", "3D", "limit raise: four diamonds, no four-card major"),
        ("K4.Q73.852.J9632", "1C P", "2C", "raise 1C with five clubs"),
        ("KJ4.QJ7.852.J962", "1D P", "1NT", "1NT: 6-10, no four-card major"),
    ],
    "Opener's rebids": [
        ("4.AQ73.K52.KJ852", "1C P 1D P", "1H", "a new suit at the one level"),
        ("KQ84.5.AJ852.K62", "1D P 1H P", "1S", "a new suit at the one level"),
        ("5.A62.AQJ84.KJ62", "1D P 1S P", "2C", "a new lower suit at the two level: not a reverse"),
        ("5.A62.AQJ8.KJ862", "1C P 1S P", "2D", "a reverse: 16+ points, the first suit longer"),
        ("5.A62.KJ84.KJ862", "1C P 1S P", "2C", "no reverse with a minimum: rebid the suit"),
        ("4.AKQ4.AKJ85.A62", "1D P 1S P", "3H", "a jump shift: 19+ points, forcing to game"),
        ("KQ84.AKJ73.A5.K2", "1H P 1S P", "4S", "a raise to game: four trumps, 19+ points"),
        ("AKJ74.Q83.K5.J62", "1S P 2H P", "3H", "raise the two-over-one major with three cards"),
        ("AKJ743.Q83.K5.32", "1S P 2C P", "2S", "after a two-over-one a minimum rebids its six-card suit"),
        ("KJ4.A3.K5.QJ8652", "1C P 1H P", "2C", "rebid a six-card suit with a minimum"),
    ],
    "Responder's rebids": [
        ("KJ852.Q9732.5.62", "1D P 1S P 1NT P", "2H", "after 1NT a new suit at the two level is not forcing"),
        ("KJ84.Q7.A852.Q62", "1H P 1S P 2H P", "3H", "three of opener's suit invites"),
        ("84.K73.A52.KJ962", "1S P 2C P 2S P", "2NT", "after a two-over-one responder bids again: 2NT invites"),
        ("KJ84.Q7.J852.962", "1D P 1S P 1NT P", "Pass", "6-9 passes 1NT"),
    ],
    "Slam bidding": [
        # With a suit agreed 4NT is Roman Key Card Blackwood 1430 (issue 14), not the booklet's plain Blackwood.
        ("A84.A732.A852.62", "1H P 3H P 4NT P", "5D", "RKCB 1430: 5D shows three keycards"),
        ("A84.A732.A852.A2", "1H P 3H P 4NT P", "5C", "RKCB 1430: 5C shows one or four"),
        ("K84.J732.A852.K2", "1H P 3H P 4NT P 5C P 5NT P", "6C", "5NT asks for specific kings: the cheapest"),
        ("KQ4.KQJ973.KQ5.A", "1H P 3H P 4NT P 5D P", "5H", "two aces missing: sign off in five"),
        ("K84.AQ73.A852.62", "1H P 3H P 5NT P", "7H", "Grand Slam Force: two of the top three honours bid seven"),
        ("K84.A732.A852.62", "1H P 3H P 5NT P", "6H", "Grand Slam Force: fewer bid six"),
        ("K98754.A.AKQ.AKQ", "2C P 2D P 2S P 3S P", "5NT", "a jump to 5NT asks for the top trump honours"),
        ("A54.KJ3.A54.KT52", "1NT P 4C P 4S P 5C P", "5S", "Gerber then 5C asks for kings: two"),
        ("K84.A732.A852.62", "1H P 3H P 4NT P 5D P 6H P", "Pass", "the Blackwood bidder places the contract"),
        ("AKQJT95.Q.KQ5.87", "1S P 2C P 3S P 4S P", "4NT", "Blackwood once a suit is agreed and slam is likely"),
        ("KQ84.A73.A852.32", "1S P 2NT P 3S P", "4D",
         "cue-bidding may be used to investigate slam once a trump suit is agreed"),
        ("AJ975.KQ4.K4.AK6", "1S P 2NT P 3S P 4D P", "4NT", "every suit controlled after the cue-bid: Blackwood"),
        ("AJ975.KQ4.QJ4.Q6", "1S P 2NT P 3NT P 4D P", "4S", "a minimum answers a cue-bid by signing off in game"),
        ("KQ84.A73.A852.32", "1S P 2NT P 3S P 4D P 4S P", "Pass", "partner signed off: no slam"),
        ("A3.K7653.A42.AT3", "1NT P 4NT P", "6NT", "quantitative 4NT: a good 16 with a five-card suit accepts"),
        ("A54.KJ3.A54.KT52", "1NT P 4C P 4S P 6NT P", "Pass", "any bid but 5C after Gerber is to play"),
        ("A5.KJ3.A54.KT542", "1NT P 4C P 4S P 4NT P", "Pass", "any bid but 5C after Gerber is to play, 4NT included"),
        ("KQ5.A83.KQ4.AJ52", "1C P 1H P 2NT P 4C P", "4S",
         "4C is Gerber over any 1NT or 2NT bid by partner, a rebid included: two aces"),
        ("KQ5.K83.KQ4.AJ52", "1C P 1H P 2NT P 4C P", "4H", "Gerber over a 2NT rebid: one ace"),
        ("2.AK5.AQJ9764.K3", "1C P 1S P 1NT P", "4C", "Gerber over partner's 1NT rebid"),
    ],
    "Overcalls": [
        ("AQ4.KJ3.K52.QJ84", "1H", "1NT", "1NT overcall: 15-18 balanced, a stopper"),
        ("84.73.KJ9852.Q62", "1H 1NT P", "2D", "over the 1NT overcall only 2C is conventional: 2D is natural"),
        ("KJ84.73.A852.Q62", "1H 1NT P", "2C", "over the 1NT overcall 2C is Stayman"),
        ("5.84.Q73.KQJ9852", "1D", "3C", "a jump overcall is preemptive, like an opening three-bid"),
        ("KQJ84.A5.952.K73", "1C", "1S", "overcall: 8-16 points, a good five-card suit"),
        ("84.73.KQ852.AJ62", "1S", "2D", "a two-level overcall: a good suit, opening-ish values"),
    ],
    "Takeout doubles and advances": [
        ("KJ84.5.AQ52.K962", "1H", "X", "takeout double: short in their suit, support for the others"),
        ("AKQJ84.A5.52.K62", "1D", "X", "17+ with a long suit: double first"),
        ("AKQJ84.A5.52.K62", "1D X P 1H P", "1S", "then bid the suit: the strong double"),
        ("KJ54.K72.852.Q62", "1H X P", "2S", "a jump advance invites"),
        ("AJ54.K72.852.KQ2", "1H X P", "2H", "the cue-bid is the only forcing advance"),
        ("AKQJ62.A943.A62.", "P 2D X P 3C P", "3S", "the strong double then bids its suit, over a weak two too",
         "E"),
    ],
    "Michaels and unusual 2NT": [
        ("5.KQ84.A852.Q962", "1H 2H P", "2NT", "over a major-suit Michaels 2NT asks for the minor"),
        ("AQJ85.5.KJ762.62", "1H 2H P 2NT P", "3D", "the Michaels bidder names the minor"),
        ("KQ985.AJ762.5.62", "1C", "2C", "(1C)-2C shows both majors"),
        ("62.5.AJ762.KQ985", "1S", "2NT", "the unusual 2NT: the two lowest unbid suits"),
    ],
    "Balancing": [
        ("KJ4.Q83.K952.J96", "1H P P", "1NT", "a reopening 1NT shows 10-15"),
        ("KQ984.83.Q52.962", "1D P P", "1S", "reopening bids may be lighter"),
    ],
    "Over their preempts": [
        ("AQ84.KJ73.5.AK62", "4D", "X", "a double of a partscore opening through 4D is for takeout"),
        ("AK4.KJ93.A52.Q62", "4H", "X", "a double of 4H or higher is for penalty"),
        ("AK84.5.KQ52.A962", "3H", "X", "a double of a three-bid is for takeout"),
    ],
    "Negative doubles": [
        ("85.KJ976.942.Q53", "1D 1S", "X", "1D-(1S)-X: five hearts and 5-10 points"),
        ("85.KQJ76.942.AQ5", "1D 1S", "2H", "a new major at the two level in competition: five cards, 11+"),
        ("KJ76.85.942.AQ53", "1D 1H", "X", "1m-(1H)-X shows exactly four spades"),
        ("K84.QJ73.5.AK962", "1H 2D", "3D", "responder's cue-bid: game values, usually a raise (1H-(2D)-3D)"),
        ("KJ42.Q3.A85.Q962", "1H 2S", "2NT", "1H-(2S)-2NT is natural"),
    ],
    "Over their takeout double": [
        ("84.3.KQJ852.J962", "1S X", "2D", "a new suit at the two level is not forcing"),
        ("84.3.QJT9852.962", "1S X", "3D", "a jump shift is preemptive"),
        ("84.K73.QJ52.Q962", "1S X", "1NT", "1NT is natural"),
        ("K84.Q7.J852.Q962", "1S X", "2S", "raise with three-card support"),
    ],
}

CASES = [(section, *row) for section, rows in SECTIONS.items() for row in rows]


@pytest.mark.parametrize(("section", "hand", "auction", "expected", "statement", "dealer"),
                         [(c[0], c[1], c[2], c[3], c[4], c[5] if len(c) > 5 else "N") for c in CASES],
                         ids=[f"{c[0]}|{c[2] or 'open'}|{c[1]}" for c in CASES])
def test_booklet_statement(section: str, hand: str, auction: str, expected: str, statement: str,
                           dealer: str) -> None:
    assert_call(hand, auction, dealer, expected, f"{section}: {statement}")


# What the booklet says a call means, whoever makes it: (auction, the last call's rule, words in its meaning).
MEANINGS: list[tuple[str, str, str]] = [
    ("1NT P 2S", "nt.minor-relay", "relay"),
    ("1NT P 4NT", "nt.quantitative", "quantitative"),
    ("1C P 1H P 1NT P 4C", "nt.gerber", "Gerber"),
    ("1H P 3H P 5NT", "slam.grand-slam-force", "top three"),
    ("1D 2D", "comp.michaels", "Michaels"),
    ("1H X P 2H", "advance.cue", "forcing"),
    ("1D 1S P 2D", "advance.cue-raise", "cue-bid"),
    ("1S X", "comp.double-strong", "takeout"),
    ("4H X", "comp.over-preempt-double", "penalty"),
]


@pytest.mark.parametrize(("auction", "rule", "words"), MEANINGS, ids=[m[0] for m in MEANINGS])
def test_booklet_meaning(auction: str, rule: str, words: str) -> None:
    calls = auction.split()
    assert explain_rules(Auction("N", calls))[-1] == rule
    assert words.lower() in explain(Auction("N", calls))[-1].text.lower()


def test_an_overcall_after_their_raise_is_read_with_overcall_values() -> None:
    # The booklet: overcalls show 8-16 points and a good five-card suit; at the two level, sound values.
    meaning = explain(Auction("N", ["1D", "P", "2D", "2S"]))[-1]
    assert meaning.range.length_min[3] >= 5 and 8 <= meaning.range.hcp_min <= 10 and meaning.range.hcp_max <= 17


def test_a_cue_bid_of_one_of_two_suits_they_bid_is_natural() -> None:
    # The booklet: when they have bid two suits, a cue-bid of either is natural.
    meaning = explain(Auction("N", ["1C", "P", "1H", "2C"]))[-1]
    assert "cue-bid" not in meaning.text and meaning.range.length_min[0] >= 5


def test_count_of_booklet_situations() -> None:
    assert len(CASES) >= 120
