"""Constructive SAYC rules found wanting on the Ben match boards: responder's later bidding (fourth suit
forcing, rebids after a reverse and after a new suit, answers to a jump rebid), opener's answers to fourth
suit forcing and to a 2NT invitation, the two-over-one's values and the slam try in a two-over-one minor,
notrump invitations counting a five-card suit.
Each hand is built for its rule and the explanation the opponents read is checked too."""

from __future__ import annotations

import pytest

from tests.support import assert_call, assert_explained, call_table

# (hand, auction so far, expected call, why)
CASES = [
    # The rule of 20 in first and second seat: HCP and the two longest suits reach 20, ten HCP included.
    ("AKT863.T.QJ54.52", "", "1S", "ten HCP, six spades and four diamonds: 20, open"),
    (".K652.953.AQJ863", "P", "1C", "ten HCP, six clubs and four hearts: 20, open in second seat"),
    ("QJ975.A.K7532.42", "", "1S", "ten HCP and five-five: 20, open the higher"),
    ("KT653..AQJ8.T975", "", "Pass", "ten HCP and 5-4-4-0: 19, no opening"),
    ("KJ853.Q2.K7.J932", "", "Pass", "ten HCP and 5-4: 19, no opening"),
    # Responder with fewer than six HCP and no one-level bid passes, seven cards or not (the natural layer bid
    # 2C over 1S with a 4-count, which opener reads as a two-over-one).
    ("K.T4.832.JT98532", "1S P", "Pass", "four HCP and seven clubs: pass"),
    ("Q62.93.5.Q875432", "1D P", "Pass", "four HCP and seven clubs over 1D: pass"),
    ("KQT963.84.732.54", "1C P", "1S", "five HCP and six spades: the one-level response"),
    # Two over one: 10+ HCP (a 9-count with a five-card suit bids 1NT; its 3NT later went down).
    ("QJ5.J7.853.AJ653", "1H P", "1NT", "nine HCP: not enough for two over one"),
    ("QJ5.J7.A53.AJ653", "1H P", "2C", "eleven HCP and five clubs: two over one"),
    # Fourth suit forcing when three cards of opener's minor are no fit and the fourth suit is unstopped
    # (a jump to 5D went down with 3NT cold).
    ("QJ8.K.AKT987.Q53", "1C P 1D P 1S P", "2H", "three clubs is no fit, hearts unstopped: fourth suit"),
    ("K754.A53.Q.KJ876", "1C P 1D P 1S P 2H P", "2NT", "a heart stopper for fourth suit forcing, a minimum"),
    # Opener answers fourth suit forcing: support, a stopper, length; never Blackwood (a 16-count asked for
    # aces over it, reading responder's 13+ as slam values).
    ("AQ54.K32.AQ873.2", "1D P 1H P 1S P 2C P", "2H", "three hearts: delayed support first"),
    ("Q54.A3.KQ873.Q52", "1D P 1H P 1S P 2C P", "2NT", "a club stopper and a minimum: 2NT"),
    ("K54.A3.AQ873.K52", "1D P 1H P 1S P 2C P", "3NT", "a club stopper and 16: 3NT"),
    ("AQ54.3.AQ8732.52", "1D P 1H P 1S P 2C P", "2D", "no stopper, six diamonds: rebid them"),
    ("K5.AQ873.3.KQ752", "1H P 1S P 2C P 2D P", "3C", "five-five: the second suit again"),
    ("QJ8.K.AKT987.Q53", "1C P 1D P 1S P 2H P 2NT P", "3NT", "opener has hearts stopped: game in notrump"),
    # Responder's 2NT invitation over opener's rebid of six: accept with 15+ points (length counts), else
    # three of the suit.
    ("K3.KQ6.KJ9754.87", "1D P 1H P 2D P 2NT P", "3D", "twelve HCP: decline"),
    ("AJ.53.KQ6.QJT754", "1C P 1D P 2C P 2NT P", "3NT", "thirteen HCP and six clubs: 15 points, accept"),
    ("A3.KQ6.KJ9754.K7", "1D P 1H P 2D P 2NT P", "3NT", "fifteen HCP: accept"),
    ("KJT93.KQ3.Q754.J", "1C P 1S P 2C P 2NT P 3C P", "Pass", "opener declined: the invitation was all"),
    # After a reverse, responder's six-card suit again at the two level; the stronger hand with a singleton
    # there and the other suits held tries notrump (4H went down with 3NT cold).
    ("AJ87.K76543.8.J8", "1C P 1H P 2D P", "2H", "six hearts and 9 HCP after the reverse: rebid them"),
    ("K54.T.AK96.AQ542", "1C P 1H P 2D P 2H P", "2NT", "a singleton in partner's long suit: notrump"),
    # Opener's new suit, not a reverse: six cards of my own and two of opener's major play in mine.
    ("KJT983.Q5.7.KT95", "1H P 1S P 2D P", "2S", "six spades, a doubleton heart: my suit"),
    ("KJT98.Q52.7.T953", "1H P 1S P 2D P", "2H", "five spades, three hearts: preference"),
    # A minor limit raise accepted on playing strength: six-five with five losers bids game (a Ben match board
    # passed 3C with 5C cold); a flat minimum passes.
    ("6.AK543.T.AQ9862", "1C P 3C P", "5C", "six-five, 13 HCP, four losers: game"),
    ("Q6.A543.T5.AQ986", "1C P 3C P", "Pass", "a minimum with seven losers: pass"),
    # Opener's jump rebid (16-18, six cards): a singleton in the suit needs 9 HCP to go to game.
    ("KQ82.5.J754.Q653", "1H P 1S P 3H P", "Pass", "eight HCP and a singleton heart: decline"),
    ("KQ82.5.J754.K653", "1H P 1S P 3H P", "4H", "nine HCP: accept"),
    ("KQ82.75.J754.Q53", "1H P 1S P 3H P", "4H", "eight HCP and two hearts: accept"),
    # The 18+ raise of a two-over-one minor goes on over 3NT; a minimum two-over-one signs off in five, a
    # better one cue-bids (a Ben match board stopped in 3NT with 6D cold).
    ("AKT98.3.AJ84.AQ3", "1S P 2D P 3D P 3NT P", "4D", "18+ and four diamonds: slam try"),
    ("J2.AK82.KQ75.754", "1S P 2D P 3D P 3NT P 4D P", "4H", "13 HCP and the heart ace: cue-bid"),
    ("T4.A72.KQ87.QT76", "1S P 2D P 3D P 3NT P 4D P", "5D", "a minimum two-over-one: sign off"),
    ("AKT98.3.AJ84.AQ3", "1S P 2D P 3D P 3NT P 4D P 4H P", "4NT", "partner cooperates: ask for aces"),
    # Notrump valuation: a five-card suit counts a point, inviting and accepting (1NT 2NT passed out with a
    # 9-count and five diamonds opposite 15 and five hearts; 3NT made).
    ("Q76.QT3.KQ843.42", "1NT P", "3NT", "nine HCP and a five-card suit: game"),
    ("Q76.QT3.K8743.42", "1NT P", "2NT", "seven HCP and a five-card suit: invite"),
    ("Q76.QT32.K843.42", "1NT P", "Pass", "seven HCP, no five-card suit: pass"),
    ("AK9.AJ852.97.K85", "1NT P 2NT P", "3NT", "fifteen HCP and five hearts: accept"),
    ("AK9.AJ52.976.K85", "1NT P 2NT P", "Pass", "fifteen HCP, flat: decline"),
    ("54.KJT2.75.KQT63", "1NT P 2C P 2S P", "3NT", "no fit, nine HCP and five clubs: game"),
    # Five-four in the majors with invitational values or more: Stayman first (a transfer then 3NT missed the
    # four-four spade fit).
    ("J975.KT642.86.J5", "2NT P", "3C", "five-four in the majors and game values: Stayman"),
    ("Q975.KT642.86.A5", "1NT P", "2C", "five-four in the majors, invitational: Stayman"),
    ("Q975.KT642.86.A5", "1NT P 2C P 2D P", "2H", "no major: the five hearts, invitational"),
    ("Q975.KT642.86.85", "1NT P", "2D", "five-four in the majors, weak: transfer"),
    # After opener's jump rebid in a minor, six cards of responder's major are shown before 3NT (3NT went
    # down with 4H cold on QJT opposite AK5432).
    ("A3.AK5432.T32.97", "1D P 1H P 3D P", "3H", "six hearts: show them, forcing"),
    ("KJ.QJT.AQJ654.QT", "1D P 1H P 3D P 3H P", "4H", "three hearts: raise"),
    ("KJ.Q.AQJ6542.QT3", "1D P 1H P 3D P 3H P", "3NT", "a singleton heart: 3NT"),
    # With the fit found shortness counts: a limit raise is accepted on 15 points counting a singleton.
    ("AQ876.5.KJ84.Q93", "1S P 3S P", "4S", "twelve HCP, five trumps and a singleton: accept"),
    ("AQ876.K5.J84.Q93", "1S P 3S P", "Pass", "twelve HCP, no shortness: decline"),
    # Opener's jump shift: a five-card major is rebid before notrump (3NT went down with 4S cold).
    ("A8643.J85.J5.842", "1D P 1S P 3C P", "3S", "five spades after the jump shift"),
    ("K52.A.KQT97.AKQ6", "1D P 1S P 3C P 3S P", "4S", "three spades: game in the five-three fit"),
    # The booklet's invitational sequences: the top of the range accepts, the bottom declines.
    ("J73.KQ54.9854.K2", "1H P 2H P 3H P", "4H", "a maximum single raise accepts"),
    ("J73.Q854.9854.K2", "1H P 2H P 3H P", "Pass", "a minimum single raise declines"),
    ("AQ5.KJ643.K54.Q2", "1H P 3H P", "4H", "fifteen: accepts the limit raise"),
    ("Q85.KJ643.K54.Q2", "1H P 3H P", "Pass", "eleven: declines the limit raise"),
    ("AJ42.KJ3.854.A84", "2H P", "2NT", "a fit and 13 opposite a weak two: ask, game if opener is maximum"),
    ("AJ42.KJ3.854.A84", "2H P 2NT P 3H P", "Pass", "the weak two is minimum: 3H is high enough"),
    ("AJ42.KJ3.854.A84", "2H P 2NT P 3D P", "4H", "a maximum with a diamond feature: game"),
    ("AJ42.KJ3.854.T84", "2H P", "3H", "a fit and 9: the preemptive raise"),
    ("QJ7.A854.KJ54.A5", "1NT P 2D P 2H P 3H P", "4H", "four hearts opposite six, a minimum: accept (ten trumps)"),
    ("KJ2.A52.K842.KJT", "1NT P 2D P 2H P 3H P", "Pass", "three hearts and a minimum: decline the invitation"),
    ("KJ82.A52.K84.KJT", "1NT P 2H P 2S P 3S P", "4S", "four spades opposite six, a minimum: accept"),
    ("AQ5.KJ3.K54.Q832", "1D P 3D P", "3NT", "fifteen balanced: 3NT over the minor limit raise"),
    ("85.KJ3.KQ654.Q82", "1D P 3D P", "Pass", "eleven: declines the minor limit raise"),
    ("KQ5.J3.AQ54.Q832", "1D P 1S P 1NT P 2NT P", "3NT", "fourteen, the top of the 1NT rebid: accept"),
    ("Q85.J3.AQ54.Q832", "1D P 1S P 1NT P 2NT P", "Pass", "eleven: decline"),
    ("K85.KQ54.Q54.J32", "1D P 1H P 2H P", "3H", "eleven opposite the raise: invite"),
    ("A85.KQ54.Q54.K32", "1D P 1H P 2H P", "4H", "fourteen opposite the raise: game"),
    ("85.KQ54.Q854.J32", "1D P 1H P 2H P", "Pass", "eight: no game"),
    ("A2.KJ54.AQ854.Q2", "1D P 1H P 2H P 3H P", "4H", "sixteen: accepts the invitation"),
    ("A2.KJ54.Q8654.Q2", "1D P 1H P 2H P 3H P", "Pass", "twelve: declines"),
    ("985.Q7654.K54.Q2", "1D P 1H P 3H P", "4H", "seven and five trumps: accepts the jump raise"),
    ("985.Q7654.954.J2", "1D P 1H P 3H P", "Pass", "three HCP: declines the jump raise"),
    ("985.Q765.K54.J32", "1D P 1H P 2NT P", "3NT", "six opposite 18-19: game"),
    # Their double of the response takes no room: opener rebids as it would have (a pass with four-card
    # support let them find their fit first).
    ("A732.K632.JT4.KJ", "1D P 1H X", "2H", "four hearts, a minimum: raise over the double"),
    ("A732.AK32.Q4.KJ6", "1C P 1H X", "3H", "four hearts and 17: jump raise over the double"),
    ("K4.5.AQJ842.K762", "1D P 1H X", "2D", "six diamonds, a minimum: rebid them"),
    ("AQ86.5.AKJ85.K62", "1D P 1H X", "1S", "four spades: the new suit at the one level"),
    ("K72.Q3.AJ854.K62", "1D P 1H X", "Pass", "a balanced minimum without support: pass"),
]


@call_table(CASES)
def test_constructive_call(hand: str, auction: str, expected: str, why: str) -> None:
    assert_call(hand, auction, "N", expected, why)


@pytest.mark.parametrize(("auction", "rule", "words"), [
    ("1S P 2D P 3D P 3NT P 4D", "rebid.minor-slam-try", "slam try in diamonds"),
    ("1S P 2D P 3D P 3NT P 4D P 4H", "resp2.minor-cue", "ace or king of hearts"),
    ("1S P 2D P 3D P 3NT P 4D P 5D", "resp2.minor-signoff", "minimum"),
    ("1D P 1H P 2D P 2NT P 3D", "rebid.decline-2nt", "declines"),
    ("1D P 1H P 2D P 2NT P 3NT", "rebid.accept-2nt", "accepts"),
    ("1C P 1H P 2D P 2H", "resp2.after-reverse-rebid", "six hearts"),
    ("1H P 1S P 2D P 2S", "resp2.rebid", "6+ spades"),
    ("1D P 1H P 1S P 2C P 2H", "rebid.fsf-support", "three-card support for hearts"),
    ("1D P 1H P 1S P 2C P 2NT", "rebid.fsf-nt", "clubs stopper"),
    ("1S P 2H", "resp.two-over-one", "5+ hearts"),
    ("1S P 2H P 3H P 3S", "slam.cue", "slam interest in hearts"),
    ("1NT P 2NT P 3NT", "nt.2nt-reply", "a five-card suit counts"),
    ("1D P 1H P 3D P 3H", "resp2.show-six", "six hearts, forcing"),
    ("1D P 1S P 3C P 3S", "resp2.after-jump-shift", "five spades after the jump shift"),
    ("1D P 1H X 2H", "rebid.raise", "raise: 4 hearts"),
])
def test_the_opponents_read_the_same_rule(auction: str, rule: str, words: str) -> None:
    """The web app explains each of these calls to the opponents from the same table."""
    assert_explained(auction, rule, words)
