"""Competitive bidding: advancing doubles of preempts (direct and balancing), action over a four-level
preempt, balancing over their raise or weak two, never leaving an artificial bid doubled, penalty doubles
judged by defensive tricks, and the bad auctions issue 14 quotes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Auction, Deal, Hand, Seat
from redouble.bidding import choose_call, explain, explain_rules
from tests.support import assert_call

# (hand, auction so far, dealer, expected call, why)
CASES = [
    # The balancing doubler's rebid: a strong hand with its own six-card suit bids it (a Ben match board
    # that stopped in 3D with 3NT cold).
    ("A9.AQT632.A.KT97", "2S P P X P 3D P", "N", "3H", "a balancing double then a suit: 17+ and five hearts"),
    # Opener competes after their raise of an overcall: a playing hand does not sell out at the two level.
    ("73.KQ862.AKQ965.", "1D 2C P 3C", "N", "3H", "6-5 with three losers: the second suit"),
    ("73.K8.AKQ965.K62", "1D 2C P 3C", "N", "3D", "six good diamonds and six losers: compete"),
    ("73.K82.AKJ96.K62", "1D 2C P 3C", "N", "Pass", "a plain opening sells out at the three level"),
    ("KQT3.AJT543.A4.J", "1H P P X P 2D P 3D", "N", "3H", "six hearts and five losers: not sold out at 3D"),
    ("Q8762.87.7.Q9864", "1S X 3S 4H P P", "N", "Pass", "a preemptive raise has said it all: partner decides"),
    # The overcaller raised by partner: six spades and five losers bid game (a Ben match board stopped in 3S).
    ("AQJ743.9.KQJ2.43", "P 1H 1S 2H 2S P", "N", "4S", "a playing hand opposite the raise: game"),
    ("AQ9743.92.K52.43", "P 1H 1S 2H 2S P", "N", "Pass", "seven losers: the raise is enough"),
    # 17 HCP and six clubs over their 3D (a void in spades: no double): bid the clubs (a bfgbidding board
    # passed with game on).
    (".KQJ3.AQ7.A76542", "3D", "N", "4C", "a strong hand with six clubs does not sell out to the preempt"),
    # My penalty double of their 1NT showed my values: when they run, partner silent, no notrump again.
    ("K96.AK86.A5.KJ63", "1NT X 2H P 2S", "N", "Pass", "the double said it: no 2NT opposite a silent partner"),
    # Our 1NT overcalled and partner doubled for penalty: opener leaves it in (a Ben match board bid 4S).
    ("J64.KQJ3.Q82.AK4", "1NT 2S X P", "N", "Pass", "partner's double of their overcall is for penalty"),
    # Negative doubles through 3S (the expert standard over the booklet's 2S), with values; opener answers.
    ("KJ84.Q73.A852.62", "1H 3C", "N", "X", "four spades over their jump to 3C: negative double"),
    ("A4.KQ73.K852.962", "1S 3D", "N", "X", "four hearts over their 3D: negative double"),
    ("AQ3.K852.KQ4.J52", "1D 3C X P", "N", "3H", "opener shows four hearts"),
    ("A3.K82.KQJ54.KJ2", "1D 3C X P", "N", "3NT", "no major, a club stopper: 3NT"),
    ("A3.K8.KJ542.KQT9", "1D 3C X P", "N", "Pass", "a club stack: the double is converted"),
    # Over their raised weak two: four hearts, short spades and six good diamonds double (a Ben match board
    # passed 3S with 4H cold); the double is for takeout, the minor a place to correct to.
    ("85.A753.AKQJ85.9", "2S P 3S", "N", "X", "four hearts and six diamonds: takeout double"),
    # They run from our redouble: opener's pass is forcing, the redoubler doubles with four of their suit.
    ("K97.J983.AQ.Q843", "1C X XX 1S", "N", "Pass", "partner's redouble took charge: a forcing pass"),
    ("AQ97.J983.Q4.Q84", "1C X XX 1S P P", "N", "X", "four spades: penalty double"),
    # Their 1NT overcall of our opening: the points are ours; 9+ doubles for penalty, a balanced opener passes
    # (a Ben match board bid 2NT and went down where 1NT doubled went for 500).
    ("AQT7.QJ2.Q976.74", "1C 1NT", "N", "X", "penalty double of their 1NT overcall"),
    ("J964.A4.AK5.T952", "1C 1NT X P", "N", "Pass", "balanced: leave the penalty double in"),
    # 17 balanced with four hearts and no spade stopper over their weak 2S: double (it passed; 3NT was cold).
    ("JT5.QJ83.AKQ9.A7", "2S", "N", "X", "16+ and the other major: double, three spades or not"),
    # Five trumps and shortness opposite a major: ten trumps, the four level at once (the law of total tricks).
    ("Q8762.87.7.Q9864", "1S X", "N", "4S", "over their double: five trumps and a singleton, game at once"),
    ("Q8762.87.7.Q9864", "1S 2D", "N", "4S", "over their overcall: the same preemptive game raise"),
    ("Q876.872.7.Q9864", "1S X", "N", "3S", "four trumps: the three level"),
    ("T4.KQJ9852.54.93", "3H 4S P P", "N", "Pass", "a preemptor does not bid twice"),
    ("AK98762.942.54.J", "1C 1D 1S P 3C P", "N", "4S", "seven spades opposite the jump in clubs: 4S"),
    ("KT987.KQJ94.QJ.Q", "1D 2D P 3H P", "N", "4H", "Michaels accepts partner's invitation: 5-5 with shortness"),
    # Advancing the unusual 2NT (hearts and clubs over 1D): game with a fit and values, else compete.
    ("AJ975.J52.J.K763", "1D 2NT 3D", "N", "4H", "a fit and 10+ support points opposite the 5-5: game"),
    ("AJ975.J52.J.K763", "1D 2NT P", "N", "4H", "game when they pass too"),
    ("97.J52.J75.K7632", "1D 2NT 3D", "N", "4C", "ten clubs together: compete at the four level"),
    # Reopening doubles and penalty passes (a Ben match board: 1H (2H) P (2S) X passed out, 2SX making).
    ("A.QJ98762.AJ5.KJ", "P 1H 2H P 2S", "E", "3H", "seven hearts: rebid them rather than a reopening double"),
    ("KJ96.3.Q872.9764", "P 1H 2H P 2S X P", "E", "Pass", "trump tricks and some values: penalty pass"),
    ("J.J642.QJ985.AJT", "P P 1S X XX 2H X P", "E", "Pass", "after my redouble, four trumps pass for penalty"),
    ("942.QT2.9876.T94", "3H X P", "N", "4D", "issue 14: a takeout double of 3H is not passed with nothing"),
    ("942.QT2.9876.T94", "3H P P X P", "N", "4D", "nor a balancing double of 3H"),
    ("KQ42.T2.9876.T94", "2H P P X P", "N", "2S", "a balancing double of a weak two: the cheapest major"),
    ("AKQJT95.94.AJ2.A", "4H", "N", "4S", "issue 14: over a 4H opening a strong hand with long spades bids 4S"),
    ("A5.2.KQJ75.AQ862", "4S", "N", "4NT", "4NT over their 4S: the minors"),
    ("K942.3.Q9876.T94", "4H 4NT P", "N", "5D", "advancing 4NT: the better minor"),
    ("KQ952.A32.QJ7.94", "1H P 2H P P", "N", "2S", "balancing over their raise: a five-card suit"),
    ("KQ92.3.QJ76.A942", "1H P 2H P P", "N", "X", "balancing double over their raise: short in their suit"),
    ("AQJ92.432.QJ7.94", "2H P P", "N", "2S", "balancing over a weak two: a five-card suit"),
    # 1C (2S) 3C cue-bid doubled: neither partner leaves it there.
    ("AKT764.832.84.86", "1C 2S P 3C X", "E", "3S", "an artificial cue-bid doubled: the overcaller bids his suit"),
    ("532.JT96.AK93.A9", "1C 2S P 3C X P P", "E", "3S", "the cue-bidder does not pass his own cue doubled"),
    # A raise doubled is no artificial bid: two cards opposite a weak two's six, three opposite a preempt's
    # seven are a fit, and the preempter leaves the doubled game alone (it ran to 4S, 5D and 3NT).
    ("8.KQT953.K953.63", "P 2H 3D 4H X", "W", "Pass", "partner's raise of my weak two doubled: pass"),
    ("8.KQT953.K953.63", "P 2H 3D 3H X", "W", "Pass", "the competitive raise doubled: pass"),
    ("84.93.J2.KQJT862", "1H 3C 3H 5C X", "N", "Pass", "partner's raise of my preempt doubled: pass"),
    ("AKJ.T73.AT.Q8652", "2H P P X P", "N", "3H", "advancing a double of a weak two with 13+: cue-bid"),
    ("J9543..K93.AJ854", "1H P 2H", "N", "X", "over their raise: a void and two five-card suits double"),
    ("T4.954.A2.AKQ643", "2H 2S P", "N", "4S", "partner's overcall of a weak two: game in the major, not 5C"),
    ("5.J862.KQJT42.QT", "1S P 2D P 3S P", "N", "4S", "partner's jump rebid: his six spades, not my diamonds"),
    # Responder's preference and raises after opener's second suit.
    ("K972.T92.AQ63.A5", "1H P 1S P 2C P", "N", "4H", "three-card support and game values: game in the major"),
    ("K972.Q92.Q763.85", "1H P 1S P 2C P", "N", "2H", "three-card preference at the two level"),
    ("K972.Q92.KJ63.85", "1H P 1S P 2C P", "N", "3H", "jump preference invites game"),
    # Partner silent, an overcall is not repeated on five cards at the three level or with a poor suit
    # (bfgbidding boards four down in 2S and 3S).
    ("AJ853.KT.J32.JT8", "P 1C P 1H 1S P P 2H", "S", "Pass", "a poor five-card suit already shown: pass"),
    ("AKQT8.Q74.J97.J8", "1H 1S 2NT P 3H", "E", "Pass", "five spades shown: not again at the three level"),
    ("AKQT87.Q7.J97.J8", "1H 1S 2NT P 3H", "E", "3S", "a sixth spade: compete"),
    # Opposite a takeout double, 7 HCP and Kx of their suit is no 3NT (a Ben match board, 3NT two down).
    ("J9.K9.JT853.QT64", "2H X 3H", "W", "Pass", "the doubler has about 15: no game opposite seven"),
    # Partner's second takeout double passed with KJT97 behind declarer's spades (3NT went down instead).
    ("KJT97.987.765.85", "1S P P X 3S P P X P", "W", "Pass", "trump tricks over declarer: penalty pass"),
    # Partner's penalty double of 4S taken out with a void and eight hearts (4SX made; 5H made).
    (".KJT86432.A3.J98", "1C 2S 3H 4S X P", "S", "5H", "a void in their trumps and eight hearts: pull"),
    ("5.KJT864.A32.J98", "1C 2S 3H 4S X P", "S", "Pass", "a singleton and six hearts: leave it in"),
    # Opener with four losers competes at the four level, in the second suit partner let stand.
    ("73.KQ862.AKQ965.", "P P 1D 2C P 3C 3H P P 4C", "S", "4H", "6-5, three losers: not sold out at 4C"),
    # Seven cards and a top honour preempt at the three level over their opening (a Ben match board).
    ("KT76543.K.T93.J6", "1H", "N", "3S", "seven spades, 7 HCP: a three-level jump overcall"),
    ("6.K3.T93.KJ76543", "1S", "N", "3C", "seven clubs below their spades: the single jump is the three level"),
    ("KQJ876.3.T93.J62", "1H", "N", "2S", "six good spades: the weak jump at the two level"),
    # Partner's two-level minor overcall is raised to the four level only with five trumps (4C went down).
    ("T987.Q8.Q62.9762", "P P 1D 2C P", "N", "Pass", "four trumps and 4 HCP: no jump to the four level"),
    ("T98.Q8.Q62.97642", "P P 1D 2C P", "N", "4C", "five trumps: the jump to four"),
    # Balancing over a three-bid (a bfgbidding board passed 3C out with game on).
    ("Q975.K96.AKT76.8", "3C P P", "N", "X", "12 HCP, short clubs: balancing double"),
    ("KT83.AQ7.J98.542", "3C P P", "N", "Pass", "nine HCP: let them play"),
    ("K83.AQ7.KJ9.AJ42", "3C P P", "N", "3NT", "18 balanced, clubs stopped: 3NT"),
    # After our redouble the opener passes: the doubler must bid (3NT was bid and went four down).
    ("KQJT7.K4.J764.J3", "P 1S X XX P", "E", "Pass", "partner's redouble: pass and let them run"),
    # The doubler of a weak two with 18+ balanced and their suit stopped bids game over partner's answer.
    ("AKJ.JT5.KJ5.AQ93", "P P 2S X P 3D P", "S", "3NT", "19 balanced, spades stopped: 3NT"),
    # Opener's notrump rebid after they overcall partner's response: the usual ranges, their suit stopped.
    ("KJ4.A62.KQ73.J82", "1D P 1H 1S", "N", "1NT", "13 balanced with a spade stopper"),
    ("KJ4.A62.AKQ7.J82", "1D P 1H 1S", "N", "2NT", "18 balanced with a spade stopper"),
    # Advancing a takeout double after they raise: a bid is free, so it shows something.
    ("K854.82.Q742.J85", "1H X 2H", "N", "2S", "four spades and 6 HCP: compete at the two level"),
    ("8542.82.Q742.J85", "1H X 2H", "N", "Pass", "a yarborough passes: the raise freed me"),
    ("KJ54.82.A742.J85", "1H X 2H", "N", "3S", "four spades and 10: the jump invites"),
    ("KJ854.82.A742.K5", "1H X 2H", "N", "4S", "five spades and 11: game"),
    ("82.K854.QJ742.J5", "1S X 2S", "N", "3D", "five diamonds and 7: compete at the three level"),
    ("Q2.K854.QJ742.J5", "2S X 3S", "N", "Pass", "no major above their spades: pass"),
    ("K854.82.QJ74.J85", "2H X 3H", "N", "3S", "four spades and 7 over their raised weak two: 3S"),
    ("KJ54.AQ2.8742.85", "2H X 3H", "N", "3NT", "10 HCP with hearts stopped: 3NT"),
    # A weak hand with a good six-card suit jumps rather than make a simple overcall (the booklet).
    ("KQJ852.4.82.Q963", "1C", "N", "2S", "8 HCP and six good spades: a weak jump overcall"),
    ("AQJ852.K4.Q2.963", "1C", "N", "1S", "12 HCP: too good for a weak jump, a simple overcall"),
    # They bid over partner's overcall: raise to the level of the fit (a Ben match board passed with five
    # trumps and they bid a slam).
    ("T96.T9653.J92.T8", "P 1D 1H 1S", "S", "4H", "five trumps: ten together, the four level"),
    ("T96.K965.J92.T87", "P 1D 1H 1S", "S", "3H", "four trumps: nine together, the three level"),
    ("T96.K95.QJ92.T87", "P 1D 1H 1S", "S", "2H", "three trumps and 6 HCP: the cheapest raise"),
    ("AQJ9.K95.A92.T87", "P 1D 1H 1S", "S", "4H", "support and opening values: game"),
    # The overcaller answers partner's cue-bid raise even when they double it.
    ("Q9.KJT2.AQT853.2", "P 1H 2D P 2H X", "N", "3D", "a minimum overcall: three of the suit"),
    ("A9.K2.AKT853.Q72", "P 1H 2D P 2H X", "N", "3NT", "16 HCP, hearts stopped: 3NT"),
    # 17 HCP with five of their suit is no takeout double: pass and wait (1D doubled came back as 1S).
    (".KQJ6.AQJT3.A932", "1D", "N", "Pass", "five diamonds behind the opener: no takeout double"),
    # Partner's natural 1NT does not make notrump right with a void (3NT went two down; 3D was the spot).
    ("KJ7.AK73.AJ9762.", "P 1D 1S 1NT P", "W", "3D", "a void in clubs: diamonds, not notrump"),
    # The jump raise of a two-level major overcall is in partner's suit (a side suit was jumped to before).
    ("98.KJ952.KT74.42", "1S 2H P", "N", "4H", "five trumps and a weak hand: the preemptive raise"),
    ("3.K432.8532.9872", "P 1H 2S P", "N", "Pass", "no spade fit: no jump into a suit of my own"),
    # Michaels and the unusual 2NT with interference: the fit is known, so compete to its level; a doubled
    # 2NT is never left in.
    ("Q84.65.K8752.J96", "1H 2H 3H", "N", "3S", "three spades opposite five: compete at three"),
    ("Q984.65.K872.QJ6", "1H 2H 3H", "N", "4S", "four spades, 8 HCP: nine trumps, game"),
    ("84.Q53.K8752.J96", "1D 2D 2S", "N", "3H", "three hearts opposite five: compete"),
    ("84.Q753.K872.KJ6", "1C 2C 3C", "N", "4H", "four hearts and 9 HCP opposite both majors: game"),
    ("84.Q53.K8752.J96", "1H 2NT X", "N", "3D", "the unusual 2NT doubled: the better minor"),
    # Partner's penalty double of 1NT stands (3NT on 7 HCP opposite it went down), bar a weak hand with a suit.
    ("K53.QT82.T32.Q94", "1NT X P", "E", "Pass", "7 HCP: leave the penalty double in"),
    ("9532.T8652.T3.94", "1NT X P", "E", "2H", "a yarborough with five hearts: take it out"),
    ("AJT7.AK73.4.KJ52", "1NT P P", "E", "X", "16 HCP in the pass-out seat: penalty double"),
    ("K53.QT82.T32.Q94", "1NT X 2D", "E", "Pass", "they ran: partner's double showed the values"),
    ("K53.QT82.KT32.94", "1NT X 2D", "E", "X", "four diamonds with the king: double their runout"),
    # Advancer's cue-bid forces to game; the doubler shows a four-card major up the line, not 3NT with a
    # singleton in their suit.
    ("KQ82.AJ82.74.K85", "1D X P", "N", "2D", "12+ opposite the double: the cue-bid"),
    ("AQ84.KJ73.5.Q982", "1D X P 2D P", "N", "2H", "both majors: hearts first"),
    ("AQ84.KJ7.5.KQJ82", "1D X P 2D P", "N", "2S", "four spades"),
    ("KQ82.AJ82.74.K85", "1D X P 2D P 2H P", "N", "4H", "the fit found: game"),
    # Partner's reopening double answered like a takeout double: a major first, notrump only with a stopper.
    ("T84.KJ73.Q52.982", "1D 1S P P X P", "N", "2H", "four hearts: bid them, no notrump without a stopper"),
    ("K42.Q73.Q52.9863", "1D 1S P P X P", "N", "1NT", "spades stopped, balanced: 1NT"),
    ("K842.Q73.Q52.982", "1H P P X P", "N", "1S", "four spades: the major, not 1NT"),
    # A good five-card minor beside takeout shape doubles rather than overcall (the major fit was lost).
    ("T43.A543.Q.AKT52", "1D", "N", "X", "four hearts, short diamonds: double, not 2C"),
    ("T43.AK543.Q.AT52", "1D", "N", "1H", "a good five-card major: overcall it"),
    # Forced to bid over their doubled game, 4NT would ask for aces: the five-card suit instead.
    ("953.K2.T9854.JT4", "3H X 4H P P X P", "W", "5D", "forced at the four level: five diamonds, not 4NT"),
    # bfgbidding boards: a 16-count opener reopens with a double holding two of their suit (2C missed game),
    # and a 19-count doubler with six spades bids them over their 4H (4S was cold).
    ("Q32.QJ.A98.AKQ32", "P 1C 1H P P", "N", "X", "16 HCP and two hearts: a reopening double"),
    ("AKT954.A5.QJ.AJ5", "P P 2H X 4H P P", "W", "4S", "the strong double with six spades: 4S"),
    # More bfgbidding boards: a sound 13-count overcalls a weak two in a five-card major whatever its quality;
    # a good suit and shortness balance with 8 HCP; six clubs and 9 HCP force over their overcall of our 1NT;
    # six hearts and four losers bid game when partner raises the two-level overcall; four spades and a
    # singleton heart bid game over their jump to 4H; JT764 behind the declarer passes partner's second double.
    ("AT982.T5.A764.KQ", "P 2H", "N", "2S", "13 HCP and five spades over their weak two"),
    ("KQ543.8.QJT85.83", "P 2H P P", "N", "2S", "balancing with a good suit and a singleton heart"),
    ("Q85.Q42.9.KQT943", "1NT 2D", "N", "3C", "six clubs and 9 HCP: forcing"),
    ("3.KQ6543.KQ95.K3", "P P 1S 2H P 3H 3S", "E", "4H", "six hearts, four losers, partner raised: game"),
    ("QJ65.4.9832.QJ43", "P 2H X 4H", "N", "4S", "four spades, a singleton heart: game over their 4H"),
    ("JT764.7.T85.KJ95", "P P 1D 1S P P X 2S P P X P", "W", "Pass", "five trumps behind declarer: penalty pass"),
    # Over their takeout double a new suit shows 6-9 (10+ redoubles first): a 13-count opener does not invite
    # (2NT then 3NT went down; a Ben match board).
    ("K4.QT94.AK76.J64", "P 1D X 1S X", "E", "Pass", "partner has 6-9: no invitation with 13"),
    # The Michaels bidder after partner's preference: four losers bid game, five and extras invite.
    ("AKJ84.KQJ75.A.96", "1C 2C P 2H P", "N", "4H", "four losers: game opposite the preference"),
    ("AKJ84.KQJ75.5.96", "1C 2C P 2H P", "N", "3H", "five losers and 14 HCP: invite"),
    ("QJ984.KQ975.52.9", "1C 2C P 2H P", "N", "Pass", "a minimum Michaels: pass the preference"),
    # In the pass-out seat a five-card suit balances at the one level whatever its quality.
    ("T63.AT753.75.A75", "1D P P", "N", "1H", "8 HCP and five hearts: balance at the one level"),
    ("T63.75.A75.AT753", "1D P P", "N", "Pass", "a poor five-card suit at the two level: pass"),
    # A jump in the pass-out seat is intermediate: a good six-card suit and opening values.
    ("AQJT84.K3.K52.93", "1C P P", "N", "2S", "13 HCP and six good spades: the intermediate jump"),
    ("AQJT84.83.952.93", "1C P P", "N", "1S", "7 HCP: the simple balancing bid"),
    # Both majors double a minor opening even with three of their suit.
    ("AQ84.KJ73.QJ5.82", "1D", "N", "X", "4-4 in the majors and 13 HCP: double 1D"),
    # 4-3-3-3 with three of their suit and opening values doubles too (every unbid suit supported; Ben doubles
    # every such 13-14 count, and passing lets them bid unopposed); eleven HCP or a doubleton beside it passes.
    ("AQ84.KJ7.QJ5.832", "1D", "N", "X", "13 HCP, 4-3-3-3 with three diamonds: double 1D"),
    ("K83.K52.Q642.A85", "1S", "N", "X", "12 HCP, 3-3-4-3 with three spades: double 1S"),
    ("Q95.KT94.A83.A32", "P 1S", "N", "X", "13 HCP and three spades in second seat: double"),
    ("Q95.KT94.J83.Q32", "1S", "N", "Pass", "eight HCP: no double"),
    ("Q95.KT94.A83.J32", "1S", "N", "Pass", "eleven HCP and three spades: pass"),
    ("Q95.KT94.A8.A532", "1S", "N", "Pass", "three spades and a doubleton diamond: no takeout shape"),
    ("KQ5.KT94.A83.A32", "1S", "N", "1NT", "16 HCP with spades stopped: the 1NT overcall first"),
    # Answering the unusual 2NT over a major: game with a fit and values, a preemptive jump with length.
    ("Q4.A53.K8752.K96", "1S 2NT P", "N", "5D", "five diamonds and 12 HCP: game in the minor"),
    ("Q4.753.QJ8752.96", "1S 2NT P", "N", "4D", "six diamonds and 5 HCP: the preemptive jump"),
    ("Q4.7532.Q875.962", "1S 2NT P", "N", "3D", "a plain preference"),
    # Partner's reopening double is converted on trump tricks and defence, not on length alone: five small
    # hearts and a yarborough behind the overcaller let 2HX make with overtricks.
    ("83.J9432.Q532.93", "1S 2H P P X P", "N", "3D", "five poor hearts and 3 HCP: answer the double"),
    ("83.T9432.Q532.93", "1C 1H P P X P", "N", "2D", "five small hearts at the one level: answer the double"),
    # Partner overcalled after they bid two suits: advanced as a direct overcall.
    ("AK76.Q82.873.QT2", "1C P 1D 1H P", "N", "2C", "three hearts and 11: the cue-bid raise in opener's suit"),
    ("AK76.Q82.8732.T2", "1C P 1D 1H P", "N", "2H", "three hearts and 7: the simple raise"),
    ("A76.Q82.8732.T32", "1C P 1S 2D P", "N", "Pass", "three diamonds and 6: no raise to the three level"),
    # They found a fit and stopped at two: with eight trumps of ours (the law of total tricks: sixteen total
    # tricks) we compete to three rather than sell out; without the points, not.
    ("72.A6.AT86543.KT", "1D 2H X P 2S P P", "W", "3H", "two hearts opposite a weak jump, they have eight spades"),
    ("72.A6.86543.K432", "1D 2H X P 2S P P", "W", "Pass", "6 HCP opposite a weak jump overcall: let them play"),
    # Over their bid, seven trumps (a doubleton opposite an overcall) raise no higher than the two level.
    ("T864.QJ.J9.AQ983", "1D 1H 1S", "N", "2H", "a doubleton in partner's suit: seven trumps, two level"),
    # Their overcall of our 1NT: a balanced 9 with three of their suit doubles for penalty.
    ("876.KT6.Q985.A83", "1NT 2S", "N", "X", "9 balanced, three spades: the points are ours"),
    ("876.KT6.Q985.832", "1NT 2S", "N", "Pass", "5 HCP: pass"),
    # Balancing over a weak two: any five-card suit when short in theirs.
    ("93.QT872.KJ643.A", "2S P P", "N", "3H", "10 HCP, five hearts and two spades: balance"),
    ("932.QT872.KJ64.A", "2S P P", "N", "Pass", "three spades and a poor suit: pass"),
    # Opener without the shortness to reopen with a double bids a six-card suit again.
    ("K4.Q73.AQT654.84", "1D 1H P P", "N", "2D", "six diamonds and a doubleton heart: 2D, not a double"),
    ("K4.Q73.AKT654.84", "1D 2H P P", "N", "3D", "six diamonds and six losers: 3D over their 2H"),
    ("K4.Q73.AJT654.84", "1D 2H P P", "N", "Pass", "six diamonds but seven losers: not at the three level"),
    # Their raise to three over partner's weak jump: eight trumps of ours against their fit compete to three.
    ("AQ.J543.9.KQ8742", "1H 2S 3H", "N", "3S", "two spades opposite six, they have nine hearts: 3S"),
    ("Q2.J543.9.K98742", "1H 2S 3H", "N", "Pass", "8 HCP opposite a weak jump: too few points to compete"),
    # The negative doubler doubles again when they raise and opener passes, with values and shortness.
    ("J.Q542.AJT96.A82", "1C 1S X 3S P P", "N", "X", "12 HCP and a singleton spade: double again"),
    ("J.Q542.AJT96.982", "1C 1S X 3S P P", "N", "Pass", "8 HCP: the negative double said it all"),
    # A strong opener short in their suit reopens with a double, not a six-card suit.
    ("AQ.KQT4.A.A98752", "1C 2D P P", "N", "X", "19 HCP and a singleton diamond: double"),
    # Opener answers partner's limit raise of a major over their overcall as without it (1M P 3M P ?): game
    # with 14+ points, else pass.
    ("A2.KQ953.A87.J52", "1H 1S 3H P", "N", "4H", "14 points opposite the limit raise: game"),
    ("72.KQ953.A87.J52", "1H 1S 3H P", "N", "Pass", "a minimum: declines"),
    ("A2.KQ953.A87.J52", "1H 2C 3H P", "N", "4H", "14 points over their two-level overcall: game"),
    # Over 1m (2y) where the jump raise would pass 3NT (1C 2S 4C), the cue-bid is the limit raise or better and
    # opener answers: 3NT with their suit stopped, game with extras, else four of the minor.
    ("54.K32.AJ3.QT872", "1C 2S", "N", "3S", "11 HCP and five clubs: the cue-bid, not 4C past 3NT"),
    ("Q4.K32.K43.QJ872", "1C 2S", "N", "3S", "12 HCP and five clubs: the cue-bid limit raise"),
    ("Q4.K32.K43.QJ872", "1C 1S", "N", "3C", "over a one-level overcall the jump to 3C is still the limit raise"),
    ("A3.K85.Q84.KJ852", "1C 2S 3S P", "N", "3NT", "a spade stopper opposite the limit raise: 3NT"),
    ("83.K85.AQ4.KJ852", "1C 2S 3S P", "N", "4C", "a minimum without a spade stopper: 4C"),
    ("3.AK52.AQJ84.KJ5", "1D 2S 3S P", "N", "5D", "extras and no spade stopper: game in the minor"),
    ("AQ4.K32.K43.QJ87", "1C 2S 3S P 4C P", "N", "5C", "game values with the cue-bid: on to game over the minimum"),
    ("54.K32.AJ3.QT872", "1C 2S 3S P 4C P", "N", "Pass", "a limit raise opposite the minimum: pass"),
    # They found a fit and stopped at the two level: in the pass-out seat, short in their suit, we compete (the
    # law of total tricks: partner holds their length and values, and we have a fit too).
    ("QJ932.5.T92.KJ65", "1H P 2H P P", "N", "2S", "a singleton heart and five spades: balance"),
    ("KJ2.92.985.K7652", "1H P 2H P P", "N", "3C", "two hearts and five clubs: balance at the three level"),
    ("T6.KQT97.T642.A8", "1D P 1S P 2S P P", "N", "3H", "opener raised responder: five hearts balance"),
    ("KJ8.73.AT82.J952", "1D P 1H P 2H P P", "N", "X", "short in hearts with spades and clubs: a balancing double"),
    ("K7.84.QJ64.J9875", "1D P 1S P 2S P P X P", "N", "3C", "partner doubled: my longest suit they have not bid"),
    ("KJ8.732.AT8.J952", "1D P 1H P 2H P P", "N", "Pass", "three of their hearts: partner is short, no fit of ours"),
    ("QJ932.5.T92.J765", "1H P 2H P P", "N", "Pass", "4 HCP: too weak to balance at the two level"),
]


@pytest.mark.parametrize(("hand", "auction", "dealer", "expected", "why"), CASES,
                         ids=[f"{c[1]}|{c[0]}" for c in CASES])
def test_competitive_call(hand: str, auction: str, dealer: str, expected: str, why: str) -> None:
    assert_call(hand, auction, dealer, expected, why)


def test_no_limit_raise_of_a_minor_past_3nt() -> None:
    """1C (2S) 4C is no limit raise (the cue-bid is); over a one-level overcall the jump to 3C still is."""
    from tests.support import assert_explained

    assert not explain_rules(Auction("N", "1C 2S 4C".split()))[-1].startswith("neg.")
    assert_explained("1C 2S 3S", "neg.cue-limit", "limit raise or better in clubs")
    assert_explained("1C 1S 3C", "neg.limit-raise", "limit raise")
    assert_explained("1H 2C 3H", "neg.limit-raise", "limit raise")


def test_the_balancing_double_over_their_fit_says_what_it_holds() -> None:
    """1D P 1S P 2S P P X: short in spades, three or more hearts and clubs (the suits they have not bid)."""
    from redouble.cards import Suit

    read = explain(Auction("N", "1D P 1S P 2S P P X".split()))[-1]
    assert "balancing takeout double" in read.text
    assert read.range.length(Suit.SPADES) == (0, 2)
    assert read.range.length(Suit.HEARTS)[0] == 3 and read.range.length(Suit.CLUBS)[0] == 3


def test_penalty_double_with_defensive_tricks() -> None:
    """1C (2S) 3H (4S): trump tricks and aces double them."""
    strong = choose_call(Hand.parse("KJ94.A2.AQ.KQT74"), Auction("N", "1C 2S 3H 4S".split()))
    assert str(strong.call) == "X", f"chose {strong.call} by {strong.rule}"


def test_competitive_double_after_our_overcall_reads_as_takeout() -> None:
    """1C (1S) X (P) 2H: the overcaller's double, partner silent, is for takeout; partner must bid."""
    calls = "P P 1C 1S X P 2H X".split()
    assert "takeout" in explain(Auction("S", calls))[-1].text
    choice = choose_call(Hand.parse("983.KQ4.J96.9843"), Auction("S", calls + ["P"]))
    assert choice.call.is_bid, f"chose {choice.call} by {choice.rule}"


def test_new_calls_are_explained() -> None:
    assert explain_rules(Auction("N", "4S 4NT".split()))[1] == "comp.over-preempt-4nt"
    assert explain_rules(Auction("N", "1H P 2H P P X".split()))[5] == "comp.balance-double"
    assert explain_rules(Auction("N", "1H P 1S P 2C P 4H".split()))[6] == "resp2.game-raise"
    assert explain_rules(Auction("N", "1H 3S".split()))[1] == "comp.preempt-overcall"
    assert explain_rules(Auction("N", "1H X 2H 2S".split()))[3] == "advance.over-raise"
    assert explain_rules(Auction("N", "1H X 2H 3S".split()))[3] == "advance.over-raise-jump"
    assert explain(Auction("N", "1D 1H 1S 4H".split()))[3].text.startswith("preemptive raise to game: 5+ hearts")
    # Interference over our 1NT is answered as the booklet has it, not Lebensohl: the meanings say so.
    assert "no Lebensohl" in explain(Auction("N", "1NT 2H 3H".split()))[2].text
    assert "penalty" in explain(Auction("N", "1NT 2H X".split()))[2].text
    assert explain_rules(Auction("N", "1NT P P X".split()))[3] == "comp.balance-double-1nt"
    assert explain(Auction("N", "1D X 1S".split()))[2].range.hcp == (6, 9)
    assert "forcing to game" in explain(Auction("N", "1D X P 2D".split()))[3].text
    assert explain_rules(Auction("N", "3C P P X".split()))[3] == "comp.balance-double"
    assert explain_rules(Auction("N", "1D P 1H 1S 1NT".split()))[4] == "rebid-comp.1nt"
    assert explain(Auction("N", "1H 3S".split()))[1].text.startswith("preemptive jump overcall: seven spades")


@pytest.mark.parametrize(("hand", "auction", "vulnerability", "expected", "why"), [
    ("87652.7.J876.984", "1H 1S 4H", "EW", "4S", "ten spades, they are vulnerable and we are not: sacrifice"),
    ("87652.7.J876.984", "1H 1S 4H", "None", "Pass", "equal vulnerability: a yarborough lets them play"),
    ("87652.7.J876.984", "1H 1S 4H", "NS", "Pass", "we are vulnerable: no sacrifice"),
    ("8765.72.J876.984", "1H 1S 4H", "EW", "Pass", "nine spades: not enough trumps to sacrifice"),
])
def test_sacrifice_at_favourable_vulnerability(hand: str, auction: str, vulnerability: str, expected: str,
                                               why: str) -> None:
    from redouble import Vulnerability

    choice = choose_call(Hand.parse(hand), Auction("E", auction.split()), Vulnerability.parse(vulnerability))
    assert str(choice.call) == expected, f"{why}: chose {choice.call} by {choice.rule}"


def test_no_sacrifice_over_their_keycard_answer() -> None:
    """Their 5H answers an ace ask: they are bound for slam, so a save in 5S only pushes them there (a Ben match
    board went on to 6H). At favourable vulnerability with ten spades, the sacrifice waits for their contract."""
    from redouble import Vulnerability

    auction = Auction("N", "P 1H 2S 3S 4S 4NT P 5H".split())
    assert explain_rules(auction)[-1] == "slam.rkcb.reply"
    choice = choose_call(Hand.parse("Q865.7.J8762.984"), auction, Vulnerability.parse("EW"))
    assert str(choice.call) == "Pass", f"chose {choice.call} by {choice.rule}"


@pytest.mark.parametrize(("vulnerability", "expected"), [("None", "3C"), ("EW", "3C"), ("NS", "Pass"), ("All", "Pass")])
def test_a_weak_jump_to_the_three_level_is_made_not_vulnerable(vulnerability: str, expected: str) -> None:
    """The rule of 2-3-4: six clubs and 9 HCP jump to 3C over 1D only when we are not vulnerable."""
    from redouble import Vulnerability

    choice = choose_call(Hand.parse("QT7.T32.3.AQJT32"), Auction("E", ["1D"]), Vulnerability.parse(vulnerability))
    assert str(choice.call) == expected, f"{vulnerability}: chose {choice.call} by {choice.rule}"


@pytest.mark.parametrize(("auction", "index", "rule"), [
    ("1H 3S", 1, "comp.preempt-overcall"), ("3C P P 3NT", 3, "comp.balance-3nt"),
    ("3C P P 3S", 3, "comp.balance-overcall"), ("2S X P 3D P 3NT", 5, "doubler.nt"),
    ("1S X XX P P", 4, "xx.penalty-pass"), ("1D P 1H 1S 2NT", 4, "rebid-comp.2nt"),
    ("1H X 2H 2S", 3, "advance.over-raise"), ("1H X 2H 3S", 3, "advance.over-raise-jump"),
    ("1H X 2H P", 3, "advance.over-raise-pass"), ("2H X 3H 3NT", 3, "advance.over-raise-3nt"),
    ("2H X 4H 4S", 3, "advance.over-raise-game"), ("1D 1H 1S 3H", 3, "advance.jump-raise"),
    ("1D 1H 1S 2H", 3, "advance.raise"), ("1H 2D P 2H X 3D", 5, "advance.after-cue"),
    ("1H 2H 3H 3S", 3, "advance.michaels-compete"), ("1D 2D 2S 4H", 3, "advance.michaels-compete"),
    ("1H 2NT X 3C", 3, "advance.unusual"), ("1NT X P P", 3, "advance.double-1nt"),
    ("1NT X P 2H", 3, "advance.double-1nt"), ("1NT X 2D X", 3, "advance.double-1nt-run"),
    ("1D X P 2D P 2H", 5, "doubler.after-cue"), ("1D 1S P P X P 2H", 6, "neg.after-reopen"),
    ("2H X 4H P P 4S", 5, "doubler.own-major"), ("1D 1S P P X", 4, "neg.reopen"),
    ("1C 2C P 2H P 3H", 5, "comp.michaels-rebid"), ("1C P P 2S", 3, "comp.balance-jump"),
    ("1S 2NT P 5D", 3, "advance.unusual-game"), ("1S 2NT P 4D", 3, "advance.unusual-jump"),
    ("1S 2H P P X P P", 6, "neg.penalty-pass"), ("1C P 1D 1H P 2C", 5, "advance.cue-raise"),
    ("1C P 1D 1H P 2H", 5, "advance.raise"), ("1C P 1D 1H P 2C P 2H", 7, "advance.after-cue"),
    ("1NT 2S X", 2, "nt-comp.penalty"), ("2S P P 3H", 3, "comp.balance-overcall"),
    ("1H 1S 3H P 4H", 4, "rebid.accept-limit"),
    ("1D 1H P P 2D", 4, "neg.reopen-suit"), ("1C 1S X 3S P P X", 6, "neg.double-again"),
    ("1C 2S 3S", 2, "neg.cue-limit"), ("1D 2H 3H", 2, "neg.cue-limit"), ("1D 2C 3C", 2, "neg.cue-raise"),
    ("1C 2S 3S P 4C", 4, "rebid.cue-limit-min"), ("1C 2S 3S P 3NT", 4, "rebid.cue-limit-3nt"),
    ("1D P 1S P 2S P P 3H", 7, "comp.balance-fit"), ("1D P 1S P 2S P P X", 7, "comp.balance-fit"),
    ("1D P 1S P 2S P P X P 3C", 9, "advance.balance-fit"), ("1C P 1H P 1NT P 2C P P 2S", 9, "comp.balance-fit"),
])
def test_competitive_calls_read_back(auction: str, index: int, rule: str) -> None:
    """Every call the competitive rules make is explained to the other side by the same rule."""
    assert explain_rules(Auction("N", auction.split()))[index] == rule


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), dealer=st.sampled_from(list(Seat)))
def test_the_other_side_reads_each_rule_call_as_the_hand_holds(seed: int, dealer: Seat) -> None:
    """What explain() tells the opponents about a call a rule made covers the hand that made it (the
    competitive rules' auction-only conditions are checked when reading, not only when bidding)."""
    deal = Deal.random(seed=seed)
    auction, made = Auction(dealer), []
    while not auction.is_complete:
        hand = deal[auction.turn]
        choice = choose_call(hand, auction)
        made.append((hand, choice))
        auction.push(choice.call)
    for (hand, choice), read in zip(made, explain(auction), strict=True):
        if choice.rule.split(".")[0] not in ("natural", "slam"):
            assert read.range.contains(hand), (str(auction), str(choice.call), choice.rule, str(read.range), str(hand))


def test_a_strong_hand_with_their_suit_passes_and_the_pass_says_so() -> None:
    """21 HCP with AQJT9 of their diamonds waits (no takeout double with five of their suit); the pass then caps
    nothing, so the hand still fits what the other side is told (a case the property test above found)."""
    hand = Hand.parse("AK.QJ3.AQJT9.K64")
    auction = Auction("N", "P P 1D".split())
    assert choose_call(hand, auction).call.is_pass
    auction.push("P")
    assert explain(auction)[-1].range.contains(hand)
