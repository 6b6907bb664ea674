"""Slam bidding: Roman Key Card Blackwood 1430 with a suit agreed (answers, queen ask, specific kings, the
asker's decision), plain Blackwood without one, and the bad slam auctions issue 14 quotes."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from redouble import Auction, Deal, Hand, Seat, Vulnerability
from redouble.bidding import choose_call, explain, explain_rules
from redouble.bidding.engine import context_for
from redouble.bidding.natural import keycard_suit, keycards
from tests.support import assert_call, assert_explained, call_table

SPADES_AGREED = "1S P 2C P 3S P 4S P"

# (hand, auction so far, expected call, why)
CASES = [
    ("AKQJT95.Q.KQ5.87", SPADES_AGREED, "4NT", "slam values with spades agreed: ask for keycards"),
    ("AKQJT95.Q.KQ5.87", SPADES_AGREED + " 4NT P 5C P", "5S", "two keycards missing: sign off in five"),
    ("AKQJT95.Q.KQ5.87", SPADES_AGREED + " 4NT P 5D P", "5S", "none of partner's: two keycards missing"),
    ("AKQJT95.Q.KQ5.87", SPADES_AGREED + " 4NT P 5H P", "6S", "one keycard missing, the queen is mine: six"),
    ("AKJT95.Q.KQ5.A72", SPADES_AGREED + " 4NT P 5C P", "5D", "one keycard missing, the queen unknown: ask"),
    ("Q84.K73.A852.K62", SPADES_AGREED + " 4NT P 5C P 5D P", "6S", "queen ask: six with the queen"),
    ("984.K73.A852.K62", SPADES_AGREED + " 4NT P 5C P 5D P", "5S", "queen ask: five without it"),
    ("AKJT95.Q.KQ5.A72", SPADES_AGREED + " 4NT P 5C P 5D P 5S P", "Pass", "a keycard and the queen missing"),
    ("AKJT95.Q.KQ5.A72", SPADES_AGREED + " 4NT P 5C P 5D P 6S P", "Pass", "the queen is there: six is right"),
    ("Q84.K73.A852.K62", SPADES_AGREED + " 4NT P 5S P 5NT P", "6C", "specific kings: the cheapest side king"),
    ("Q84.873.A852.962", SPADES_AGREED + " 4NT P 5S P 5NT P", "6S", "specific kings: six of trumps, none"),
    # Six of the trump suit says "no side king": the asker leaves it there (it was turned into 6NT).
    ("AKJT95.Q.KQ5.A72", SPADES_AGREED + " 4NT P 5S P 5NT P 6S P", "Pass", "no side king: six of trumps stands"),
    # Over partner's natural 3NT an unbalanced hand with slam values shows its second five-card suit (forcing)
    # rather than a quantitative 4NT (6NT went down where six of a 5-4 club fit made); partner raises it.
    ("AK632.7.94.KQ975", "2C P 2S P 3NT P", "4C", "5-5, a singleton, slam values: the second suit"),
    ("AK632.72.94.AQ97", "2C P 2S P 3NT P", "4NT", "5-2-2-4: balanced enough for the quantitative 4NT"),
    (".AKQT4.KQ83.KJT2", "2C P 2S P 3NT P 4C P 4NT P 5H P", "6C", "two aces: six of the nine-card club fit"),
    # 1m 3NT shows 16-18 balanced: the opener passes with a minimum (at most 32 together), invites with 15-16
    # (quantitative 4NT) and bids the slam with 17 (33 opposite the minimum); responder accepts with the top.
    ("AJ2.QJ3.AT86.K52", "1D P 3NT P", "Pass", "14 opposite 16-18: no slam"),
    ("AJ2.KJ3.AT86.K52", "1D P 3NT P", "4NT", "15 opposite 16-18: quantitative"),
    ("AJ2.KQ3.AT86.K52", "1D P 3NT P", "6NT", "17 opposite 16-18: at least 33 together"),
    ("KQ4.A72.KQ4.KJ63", "1C P 3NT P 4NT P", "6NT", "18, the top of 16-18: accept"),
    ("KQ4.A72.KQ4.Q963", "1C P 3NT P 4NT P", "Pass", "16, the bottom: decline"),
    # A suit I opened is no second suit: a singleton and 17 opposite 16-18 still ask in notrump.
    ("2.KQ3.AQT86.AJ52", "1D P 3NT P", "4NT", "my own diamonds are no new suit"),
    # Over 1NT a long minor and five losers make twelve tricks likely opposite the notrump's seven: Gerber,
    # then six of the minor with one ace missing, 4NT to play with two (3NT left such slams unbid).
    ("4.Q3.AKQT984.K76", "1NT P", "4C", "seven diamonds, five losers: ask for aces"),
    ("4.Q3.AKQT984.K76", "1NT P 4C P 4S P", "6D", "one ace missing: six of my long suit"),
    ("4.Q3.AKQT984.K76", "1NT P 4C P 4H P", "4NT", "two aces missing: 4NT to play"),
    ("K62.832.3.AQJ752", "1NT P", "3NT", "six clubs but seven losers: game"),
    (".KQ62.AT7.QJT963", "1NT P", "2C", "a four-card major: Stayman first"),
    # Opener's cue-bid opposite my limit raise (10-12 support points): partner has counted my range, so the top
    # half of it cooperates with a cue-bid of its own and the bottom signs off.
    ("K982.73.AQ52.Q92", "1S P 3S P 4C P", "4D", "12 support points, the diamond ace: cue-bid"),
    ("Q982.A73.J852.Q2", "1S P 3S P 4C P", "4S", "10, the bottom of the limit raise: sign off"),
    # Hearts agreed, 5S (two keycards and the queen) passes 5H: an asker with one keycard asks only when that
    # answer cannot come (1H 1S 2D 4H 4NT 5S 6H went off two keycards). With the queen, partner cannot bid 5S.
    (".QJT98.AKJ8.KQJ2", "1H P 1S P 2D P 4H P", "4NT", "one keycard and the heart queen: 5S cannot come"),
    (".QJT98.AKJ8.KQJ2", "1H P 1S P 2D P 4H P 4NT P 5H P", "Pass", "one of mine and two: 5H stands"),
    (".JT987.AKJ8.KQJ2", "1H P 1S P 2D P 4H P", "Pass", "one keycard, not the queen: 5S would pass 5H, game"),
    ("AJT98.KQ7.AK4.32", "1H P 3H P 4NT P 5S P", "6H", "two keycards of mine, two and the queen: six"),
    ("AQ84.732.A852.62", "1S P 3S P 4NT P", "5S", "spades agreed: two keycards and the queen"),
    ("A84.Q732.A852.62", "1H P 3H P 4NT P", "5S", "hearts agreed: two keycards and the queen, 5S too"),
    # The hand that may not ask for want of keycards cue-bids instead (past game if need be: 4S over 4H), so
    # that partner, who may hold them, asks; every side suit is then controlled, so partner asks whenever the
    # answers can stop in five, else signs off in 5H.
    ("AT.J5.KQ532.KQ74", "1H P 2D P 3H P", "4C", "slam values, one keycard: cue-bid, not game"),
    ("8.AKQ9864.AT9.83", "1H P 2D P 3H P 4C P", "4D", "the diamond ace: cue-bid back"),
    ("AT.J5.KQ532.KQ74", "1H P 2D P 3H P 4C P 4D P", "4S", "still too few keycards: cue-bid past game"),
    ("8.AKQ9864.AT9.83", "1H P 2D P 3H P 4C P 4D P 4S P", "4NT", "three keycards: ask"),
    ("8.AKQ9864.AT9.83", "1H P 2D P 3H P 4C P 4D P 4S P 4NT P 5C P", "6H", "four keycards and the queen"),
    ("K.A976532.KQJ3.Q", "1NT P 3H P 4H P", "4S", "partner declined at 4H: cue-bid past game"),
    ("AQ72.KT4.9876.AK", "1NT P 3H P 4H P 4S P", "4NT", "partner controls the diamonds I do not: ask"),
    ("KQ72.K54.KJ76.KQ", "1NT P 3H P 4H P 4S P", "5H", "one keycard, not the queen: 5S could pass 5H"),
    ("K.A976532.KQJ3.Q", "1NT P 3H P 4H P 4S P 5H P", "Pass", "partner signed off in five"),
    # Diamonds agreed, a two-keycard answer (5H, 5S) passes 5D: the asker needs two keycards of its own.
    ("KQ5.Q8.AQJ54.KQ2", "1C P 1D P 3D P", "5D", "one keycard: 5H or 5S would pass 5D, no ask"),
    ("AK5.Q8.AQJ54.KQ2", "1C P 1D P 3D P", "4NT", "two keycards: two more make four"),
    # Game forced with slam interest short of asking, the major below game (forcing, room to cue-bid): the
    # jump to game is the weakest bid (1C 1S 3H 4S ended a 19-count opposite AKJ983 with 6S cold).
    ("AKJ983.5.82.Q543", "1C P 1S P 3H P", "3S", "game forced, six spades and slam interest: 3S"),
    ("KJ9832.5.82.Q543", "1C P 1S P 3H P", "4S", "no slam interest: the jump to game"),
    # Each of us has shown a six-card major of our own: 4NT asks for keycards in the one bid last, for both
    # hands (the answerer counted hearts while the asker read spades, and 6S went down opposite a singleton).
    ("4.AKJ9853.KT7.QT", "1S P 2H P 3S P 4H P 4NT P", "5H", "keycards for hearts, bid last: two, no queen"),
    # The 5S answer (two and the heart queen) is no spade bid: the asker still counts hearts (it bid 6S).
    ("AJT953.A8.AK.Q74", "1S P 2H P 3S P 4H P 4NT P 5S P", "6H", "hearts: three of mine, two and the queen"),
    # Issue 14: "1H P 3C P 7H holding 987.AKQT982.J.K7 without the spade ace" - now ask, and stop in five.
    ("987.AKQT982.J.K7", "1H P 3C P", "4NT", "slam values, no suit agreed: plain Blackwood first"),
    ("987.AKQT982.J.K7", "1H P 3C P 4NT P 5D P", "5H", "two aces missing: sign off"),
    # A minor-suit slam is asked for too (1S 2D 2H: a long diamond suit with playing strength to spare).
    ("A2.T.AJT9762.AQ2", "1S P 2D P 2H P", "4NT", "a minor game with strength to spare: ask for aces"),
    ("A2.T.AJT9762.AQ2", "1S P 2D P 2H P 4NT P 5D P", "6D", "one ace missing: six of my long suit"),
    ("AKT98.3.AJ84.AQ3", "1S P 2D P", "3D", "opener's raise of a two-over-one minor with 18+: forcing to game"),
    # Opener's jump rebid shows six spades: responder's cue-bid agrees them, opener cue-bids back, and 4NT
    # asks for keycards in spades (a Ben match board that stopped in 4S with 6S cold).
    ("QJ3.AT9.T86.AKJ5", "1S P 2C P 3S P", "4C", "partner's six-card major and slam values: cue-bid"),
    ("AKT972.7.AKQ.742", "1S P 2C P 3S P 4C P", "4D", "answering partner's cue-bid with a control"),
    # Void in partner's six-card suit: 4NT would ask for keycards in it, so no slam drive (3NT instead).
    (".KJ754.AQJ85.AJ2", "1S P 2H P 3S P", "3NT", "short in partner's suit: no keycard ask in it"),
    # Over a four-level preempt, strength to spare asks for keycards (rule of 2-3-4: about six losers).
    ("A82.AK.QJ8.AK872", "4S P", "4NT", "a preempt's playing tricks and my controls: ask"),
    # After a super-accept, a good hand with a fifth trump looks for slam.
    ("A63.AQJ87.AJ64.Q", "1NT P 2D P 3H P", "4NT", "super-accept opposite 18: ask for keycards"),
    # 1NT-3M: a six-card major and slam interest (the booklet); opener declines with a minimum.
    ("A2.KQJ974.K5.Q32", "1NT P", "3H", "six hearts and slam interest opposite 1NT"),
    ("KQ5.A83.QJ72.A94", "1NT P 3H P", "4H", "a minimum declines the slam try"),
    ("AQ5.A83.KJ72.K94", "1NT P 3H P", "4NT", "a maximum with every control asks"),
    ("A2.KQJ974.K5.Q32", "1NT P 3H P 4H P", "Pass", "opener declined: game"),
    # Jacoby 2NT, then opener's shortness: honours opposite it are wasted, an ace or small cards are not.
    ("AKQ4.QJ53.AT9.83", "1H P 2NT P 3C P", "4NT", "16, nothing wasted opposite the shortness, every suit "
                                                     "controlled: ask"),
    # Cue-bids go up the line from 3S (hearts agreed): the Jacoby bidder's spade ace, then opener's club ace
    # (a Ben match board stopped in 4H with 6H cold: 4D skipped the spade ace).
    ("AKQJ4.Q532.KT9.3", "1H P 2NT P 3C P", "3S", "15 and nothing wasted opposite the shortness: 3S"),
    ("T87.K9864.A876.A", "1H P 2NT P 3C P 3S P", "4C", "answering the cue-bid with the club ace"),
    # After 2C-2D-2H-3H (a raise, not the weak jump to game) the strong hand cue-bids, the weak hand shows a
    # control or signs off, and the strong hand asks for keycards in hearts.
    ("AKQ.AKJ65.A4.K32", "2C P 2D P 2H P 3H P", "3S", "2C opener raised: a cue-bid, spades first"),
    ("J97.Q974.K32.KQ4", "2C P 2D P 2H P 3H P 3S P", "4C", "a control in clubs: show it, let the 2C hand ask"),
    ("T97.Q974.832.Q54", "2C P 2D P 2H P 3H P 3S P", "4H", "no control to show: sign off"),
    # The 2C opener is the captain and counts tricks: a self-sufficient suit and two losers opposite a
    # second suit ask for aces; one loser and three aces bid the slam (partner's 3NT denied a fit, and the
    # singleton heart keeps it out of notrump); partner's 3NT after a 5-4 two-suiter does not stop it.
    ("KQT.AKQT986.A.K5", "2C P 2D P 2H P 3D P", "4NT", "2C opener, two losers opposite a second suit: ask"),
    ("KQT.AKQT986.A.K5", "2C P 2D P 2H P 3D P 4NT P 5D P", "6H", "one ace missing: six of my own suit"),
    ("KQT.AKQT986.A.K5", "2C P 2D P 2H P 3D P 4NT P 5C P", "5H", "two aces missing: sign off"),
    ("AK.6.AKQ.AKQ9653", "2C P 2D P 3C P 3NT P", "6C", "twelve tricks in hand and three aces: the slam"),
    ("AK.Q6.AKQ.AKQ965", "2C P 2D P 3C P 3NT P", "6NT", "every suit held opposite partner's notrump: 6NT"),
    ("AKQJT98.AK.K5.43", "2C P 2D P 2S P 2NT P", "4S", "three losers opposite a second negative: game"),
    ("AK95.AKJ73.6.AQ8", "2C P 2D P 2H P 2S P", "4S", "four losers opposite 4-7 and five spades: game"),
    ("QJ7.AKQT92..AQ97", "2C P 3D P", "4H", "a void in partner's suit wastes the positive's values: game"),
    ("T6.A8.AJ5.KJT832", "2C P 3C P 4H P 4NT P 5D P", "6H", "after Blackwood, the 2C opener's suit, not my clubs"),
    # Opposite a limit raise (about eight losers), opener's four losers look for slam; five accept.
    ("AKJ732.A8.3.AK73", "1S P 3S P", "4C", "four losers opposite a limit raise: a cue-bid"),
    ("AKJ73.A8.Q3.AK73", "1S P 3S P", "4S", "five losers: game"),
    # 1NT-2C-2H: a fit and five losers opposite the notrump's seven make a slam try, however few the HCP.
    (".KQ62.AT7.QJT963", "1NT P 2C P 2H P", "3S", "a fit, a void and five losers: slam try"),
    ("Q2.KQ62.AT7.J963", "1NT P 2C P 2H P", "4H", "a fit and seven losers: game"),
    (".KQ62.AT7.QJT963", "1NT P 2C P 2H P 3S P 4C P", "4NT", "a void and partner's club control: ask"),
    # After both hands cue-bid, partner's sign-off points at the suit neither of us showed: with its ace,
    # ask at 31 points together as the natural judgement counts them (a slam's 33 less the two that mutual
    # interest allows; 33 lost the slams it stopped); without, respect it.
    ("A.J84.KT82.AK832", "1H 2S 3S P 4C P 4D P 4H P", "4NT", "partner stopped for the spade control I hold"),
    ("A.J84.QT82.AK832", "1H 2S 3S P 4C P 4D P 4H P", "Pass", "30.6 together, short of 31: game"),
    ("Q.J84.KT82.AK832", "1H 2S 3S P 4C P 4D P 4H P", "Pass", "no first-round control there: game"),
    # An answer the asker cannot read (0 or 3 opposite my two: off three, or all five) is signed off at five of
    # the trump suit, and partner with the higher number bids six (Kantar); the lower passes.
    ("A.J84.KT82.AK832", "1H 2S 3S P 4C P 4D P 4H P 4NT P 5D P", "5H", "0 or 3: sign off at five"),
    ("K5.AKQ73.A5.Q974", "1H 2S 3S P 4C P 4D P 4H P 4NT P 5D P 5H P", "6H", "three: the higher number bids six"),
    ("Q5.QJT73.KQJ.KQ9", "1H 2S 3S P 4C P 4D P 4H P 4NT P 5D P 5H P", "Pass", "none: the sign-off stands"),
    # After plain Blackwood the asker plays in the fit found (a club fit is a fit: 6NT went down, 6C made).
    ("AQT84.5.82.AKT92", "1D P 1S P 2C P 4NT P 5D P", "6C", "one ace missing: six of the nine-card club fit"),
    # 2C-2NT (8+ balanced): partner's quantitative 4NT is accepted two points over the floor.
    ("Q97.QJ94.82.KQ94", "2C P 2NT P 4NT P", "6NT", "ten HCP over a floor of eight: accept"),
    ("Q97.QJ94.82.K854", "2C P 2NT P 4NT P", "Pass", "eight HCP: the minimum declines"),
    ("AKQ.AKJ65.A4.K32", "2C P 2D P 2H P 3H P 3S P 4C P", "4NT", "every suit controlled: keycards for hearts"),
    ("AKQ.AKJ65.A4.K32", "2C P 2D P 2H P 3H P 3S P 4H P", "Pass", "partner has nothing: game"),
    ("J97.Q974.K32.KQ4", "2C P 2D P 2H P 3H P 3S P 4C P 4NT P", "5D", "hearts agreed: none of the keycards"),
    # 1S 2H promises five hearts, so opener's raise agrees them: 3S then cue-bids (responder's slam interest),
    # opener shows a control or signs off, and every suit controlled asks.
    ("A2.KQJ74.K52.A43", "1S P 2H P 3H P", "3S", "18 opposite a raised two-over-one: cue-bid"),
    ("KQ942.A86.A3.K52", "1S P 2H P 3H P 3S P", "4C", "the club ace: show it"),
    ("KQ942.A86.Q3.QJ2", "1S P 2H P 3H P 3S P", "4H", "a minimum without a minor control: game"),
    ("A2.KQJ74.K52.A43", "1S P 2H P 3H P 3S P 4C P", "4NT", "every suit controlled: keycards for hearts"),
    # Responder's 18 opposite an opener with a four-four spade fit: ask (a Ben match board stopped in 4S).
    ("KQ97.A5.KQ98.A83", "1C P 1D P 1S P", "4NT", "18 and a fit opposite an opening: slam values"),
    ("AK84.QJ53.A9.KQ3", "1H P 2NT P 3C P", "4H", "king and queen wasted opposite the shortness: game"),
    # My jump rebid showed six spades: after partner's 3NT, 4NT asks for keycards in them (a bfgbidding
    # match board bid 6S straight away and went down off the club ace and king).
    ("AKJ9643.A4.AQ.J2", "1S P 2H P 3S P 3NT P", "4NT", "keycards for my six-card major, even over 3NT"),
    ("AKJ9643.A4.AQ.J2", "1S P 2H P 3S P 3NT P 4NT P 5C P", "5D", "every keycard (4 + 1): is the queen there?"),
    # Once the fit is known both ways, the long hand's shortness counts too (a Ben match board stopped in 4S).
    ("AKJ975.82.Q.AK96", "1S P 2C P 3S P 4S P", "4NT", "a singleton and six trumps opposite a known fit: ask"),
    # Partner's cue-bid skipped clubs (no control there) and I have none: sign off.
    ("AJ975.KQ4.QJ4.Q6", "1S P 2NT P 3NT P 4D P", "4S", "no club control in either hand: game"),
    # Gerber: after the answer any bid but 5C is to play, 4NT included (it was read as Blackwood).
    ("A54.KJ3.A54.KT52", "1NT P 4C P 4H P 4NT P", "Pass", "4NT after Gerber is a sign-off"),
    ("2.AK5.AQJ9764.K3", "1C P 1S P 1NT P", "4C", "Gerber over partner's 1NT rebid before a slam"),
    ("2.AK5.AQJ9764.K3", "1C P 1S P 1NT P 4C P 4D P", "4NT", "two aces missing: 4NT to play"),
    ("2.AK5.AQJ9764.A3", "1NT P 4C P 4S P", "6D", "all the aces, a singleton: six of my long suit"),
    ("A2.KQ5.KQJ976.A3", "1C P 1H P 1NT P 4C P 4S P", "6NT", "all the aces, semi-balanced: 6NT"),
    # A hand that has limited itself passes the game partner chose (a Ben match board went down in 5S).
    ("QJT94.Q4.75432.5", "2C P 2D P 2NT P 3H P 3S P 3NT P 4S P", "Pass", "partner placed the contract"),
    # After Stayman finds a fit, the other major is a slam try agreeing it; opener cue-bids or signs off.
    ("AQ54.KJ32.KJ5.Q3", "1NT P 2C P 2H P", "3S", "a heart fit and slam interest: the other major"),
    ("AQ54.KJ32.KJ5.Q3", "1NT P 2C P 2S P", "3H", "a spade fit and slam interest: the other major"),
    ("AQ54.KJ32.KJ5.Q3", "2NT P 3C P 3H P", "3S", "over 2NT too"),
    ("KQ5.AQ43.QJ5.J32", "1NT P 2C P 2H P 3S P", "4H", "a minimum declines the slam try"),
    ("AQ5.AK43.KJ5.Q32", "1NT P 2C P 2H P 3S P", "4D", "a maximum cue-bids"),
    ("AQ54.KJ32.KJ5.Q3", "1NT P 2C P 2H P 3S P 4H P", "Pass", "opener declined: game"),
    ("AQ54.KJ32.KJ5.Q3", "1NT P 2C P 2H P 3S P 4C P", "4NT", "every suit controlled: ask for keycards"),
    ("AQ54.KJ32.KJ5.Q3", "1NT P 2C P 2H P 3S P 4D P", "4H", "the cue-bid skipped clubs and mine are Qx"),
    # Over 2NT a six-card major with slam interest transfers, then bids 4C (3H and 3S are transfers there).
    ("K2.KQJ754.A52.Q3", "2NT P 3D P 3H P", "4C", "six hearts and slam interest over 2NT"),
    ("AQ5.A3.KQJ4.KJ52", "2NT P 3D P 3H P 4C P", "4H", "a minimum declines"),
    ("AQ5.A3.KJ64.KJ52", "2NT P 3D P 3H P 4C P", "4D", "a maximum cue-bids"),
    # A minor after Stayman's answer: five of them and slam interest (the booklet); opener agrees or bids 3NT.
    ("AQ42.K5.KQ976.A3", "1NT P 2C P 2D P", "3D", "five diamonds and slam interest after Stayman"),
    ("AQ42.K5.KQ976.A3", "1NT P 2C P 2H P", "3D", "no heart fit: the minor slam try"),
    ("K53.AQ4.A84.KJ52", "1NT P 2C P 2D P 3D P", "4D", "three diamonds and more than a minimum: agree"),
    ("K53.AQ4.Q84.KJ52", "1NT P 2C P 2D P 3D P", "3NT", "a minimum: 3NT"),
    ("AQ42.K5.KQ976.A3", "1NT P 2C P 2D P 3D P 4D P", "4NT", "diamonds agreed: keycards for them"),
    # 5NT over notrump: forcing to 6NT, inviting 7NT; opener bids seven with a maximum.
    ("AKJ.KQ5.KJ87.QJ2", "1NT P", "5NT", "20-21 balanced opposite 15-17: 5NT"),
    ("KQ5.AJ3.K54.AT52", "1NT P 5NT P", "7NT", "a maximum accepts the grand slam invitation"),
    ("KQ5.AJ3.K54.QT52", "1NT P 5NT P", "6NT", "a minimum settles for six"),
    ("K2.KQ5.KQJ76.A93", "1C P 1H P 2NT P", "5NT", "18-19 opposite 18-19: six is safe, seven needs a maximum"),
    # The quantitative 4NT over a limited notrump rebid: the top half accepts.
    ("KQ2.KQ5.KQJ76.A9", "1C P 1H P 1NT P", "4NT", "19-20 opposite 12-14: quantitative"),
    ("KJ4.A3.K54.QJ843", "1C P 1H P 1NT P 4NT P", "6NT", "14 with five clubs: accept"),
    ("Q54.A32.K54.QJ84", "1C P 1H P 1NT P 4NT P", "Pass", "a bare 12: decline"),
    ("KQ5.AJ3.KQ4.KJ52", "1C P 1H P 2NT P 5NT P", "7NT", "the top of 18-19 accepts the grand slam invitation"),
    ("KQ5.AJ3.K54.AJ52", "1C P 1H P 2NT P 5NT P", "6NT", "the bottom of 18-19 settles for six"),
]


@call_table(CASES)
def test_slam_call(hand: str, auction: str, expected: str, why: str) -> None:
    assert_call(hand, auction, "N", expected, why)


def test_every_slam_call_is_explained() -> None:
    auction = Auction("N", (SPADES_AGREED + " 4NT P 5C P 5D P 6S").split())
    rules = explain_rules(auction)
    assert rules[8::2] == ["slam.rkcb", "slam.rkcb.reply", "slam.queen-ask", "slam.queen-ask.reply"]
    texts = [m.text for m in explain(auction)]
    assert "spades agreed" in texts[8]
    assert texts[10] == "RKCB 1430: one or four keycards"
    assert "queen of spades" in texts[12]
    assert texts[14] == "the trump queen: yes"
    kings = explain(Auction("N", (SPADES_AGREED + " 4NT P 5S P 5NT P 6C").split()))
    assert "specific kings" in kings[12].text and "king of clubs" in kings[14].text


def test_own_suit_again_is_natural_not_a_cue_bid() -> None:
    """1S 2H 3S 4H: long hearts (no spade fit agreed), where 4C or 4D would be a cue-bid for spades; with
    hearts agreed after 2C, 3S is a cue-bid."""
    assert explain_rules(Auction("N", "1S P 2H P 3S P 4H".split()))[-1] == "natural.rebid"
    assert explain_rules(Auction("N", "1S P 2H P 3S P 4D".split()))[-1] == "slam.cue"
    cue = explain(Auction("N", "2C P 2D P 2H P 3H P 3S".split()))[-1]
    assert "control cue-bid" in cue.text and "slam interest in hearts" in cue.text


def test_the_cue_bid_past_game_is_explained() -> None:
    """Hearts agreed, 4S over our 4H is a control cue-bid, not spades; 5H over it signs off."""
    assert_explained("1NT P 3H P 4H P 4S", "slam.cue", "too few keycards to ask")
    assert_explained("1H P 2D P 3H P 4C P 4D P 4S", "slam.cue", "past game")
    assert_explained("1NT P 3H P 4H P 4S P 5H", "slam.signoff", "no keycard ask")


def test_no_grand_slam_without_asking() -> None:
    """A hand worth a grand opposite a strong jump shift still asks; no seven straight away."""
    choice = choose_call(Hand.parse("AK65.KQT53.2.AK3"), Auction("N", "1H P 3C P".split()))
    assert str(choice.call) == "4NT"


@pytest.mark.parametrize(("auction", "rule", "words"), [
    ("1NT P 4C P 4H P 4NT", "nt.gerber.placed", "to play"),
    ("1NT P 4C P 4S P 6D", "nt.gerber.placed", "to play"),
    ("1NT P 5NT", "nt.grand-invite", "invites 7NT"),
    ("P 1NT P 5NT", "nt.grand-invite", "invites 7NT"),  # the opponents' calls read the same
    ("1C P 1H P 2NT P 5NT", "natural.nt-grand-invite", "invites 7NT"),
    ("P 1C P 1H P 1NT P 4NT", "natural.nt-quantitative", "invites 6NT"),
    ("P 1C P 1H P 2NT P 4C", "nt.gerber", "Gerber"),
    ("P 1NT P 2C P 2H P 3S", "nt.stayman-slam-try", "a fit in hearts"),
    ("2C P 2D P 2H P 3D P 4NT", "slam.blackwood", "how many aces"),
    ("2C P 2NT P 4NT P 6NT", "natural.nt-accept", "accepts the quantitative 4NT"),
    ("1H 2S 3S P 4C P 4D P 4H P 4NT", "slam.rkcb", "hearts agreed"),
    ("2NT P 3D P 3H P 4C", "nt.transfer-slam-try", "slam interest"),
])
def test_notrump_slam_calls_are_explained(auction: str, rule: str, words: str) -> None:
    assert_explained(auction, rule, words)


def test_quantitative_calls_over_a_rebid_show_their_points() -> None:
    """Opposite a 12-14 1NT rebid, 4NT shows 19-20 and 5NT 23-24 (33 and 37 with partner's range)."""
    four = explain(Auction("N", "1C P 1H P 1NT P 4NT".split()))[-1]
    five = explain(Auction("N", "1C P 1H P 1NT P 5NT".split()))[-1]
    assert (four.range.hcp_min, four.range.hcp_max) == (19, 20)
    assert (five.range.hcp_min, five.range.hcp_max) == (23, 24)


def test_the_higher_number_bids_on_after_the_keycard_sign_off() -> None:
    """The asker's five of the trump suit after a 5C or 5D answer is a sign-off; six by the answerer shows the
    higher number of keycards its answer could mean."""
    assert_explained("1H P 3H P 4NT P 5C P 5H", "slam.signoff", "with the higher, partner bids six")
    assert_explained("1H P 3H P 4NT P 5C P 5H P 6H", "slam.rkcb.bid-on", "4 keycards, the higher number")
    assert_call("A5.KQ83.AQ54.A32", "1H P 3H P 4NT P 5C P 5H P", "N", "6H", "four keycards: six")
    assert_call("K5.Q983.AQ54.K32", "1H P 3H P 4NT P 5C P 5H P", "N", "Pass", "one keycard: the sign-off stands")


def _strong_deal(seed: int) -> tuple[Deal, Seat]:
    """A random deal where North-South hold 30 HCP or more, and a random dealer."""
    rng = random.Random(seed)
    while True:
        deal = Deal.random(rng=rng)
        if deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp >= 30:
            return deal, rng.choice(list(Seat))


@settings(max_examples=250, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=2**32))
@example(2729)  # 1H 1S 3D 3S 4H 4NT 5S 6H: the asker held one keycard, the answer two and the queen
def test_no_slam_off_two_keycards(seed: int) -> None:
    """Issue 14: whenever the robots bid a slam after their own keycard ask, the two hands hold four of the
    five keycards at least (all four seats bid by the robots; North-South strong)."""
    deal, dealer = _strong_deal(seed)
    auction = Auction(dealer)
    asks = []
    while not auction.is_complete:
        seat = auction.turn
        choice = choose_call(deal[seat], auction.copy(), Vulnerability.NONE)
        if choice.rule == "slam.rkcb":
            asks.append((seat, keycard_suit(context_for(auction, Vulnerability.NONE, "sayc"))))
        auction.push(choice.call)
    contract = auction.contract
    if not asks or contract is None or contract.level < 6 or contract.declarer is None:
        return
    asker, trump = asks[-1]
    if contract.declarer not in (asker, asker.partner):
        return
    held = keycards(deal[asker], trump) + keycards(deal[asker.partner], trump)
    assert held >= 4, f"{contract} with {held} keycards: {auction.calls} ({deal})"
