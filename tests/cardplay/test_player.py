"""The sampling card player on classic positions, its determinism, scoring forms and claims."""

import pytest

from redouble import Auction, Board, Card, Deal, Play, Seat, Suit
from redouble.cardplay import choose_card, equivalent_groups, samples_for
from redouble.cardplay.player import DEFAULT_BUDGET, LEAD_BUDGET
from redouble.errors import RedoubleError
from redouble.robots import Robot, claimable_tricks

# 7NT by South: twelve top tricks; dummy's club ace is the entry to lead a spade towards South's ace-queen,
# East plays low and the finesse of the queen is the only way to a thirteenth trick.
FINESSE = Deal.parse("N:432.5432.5432.A2 KJT9.T98.T98.JT9 AQ.AKQJ.AKQJ.KQ3 8765.76.76.87654")
# South in 4S: dummy is void in hearts, so a heart led from hand is ruffed.
RUFF = Deal.parse("N:5432.-.5432.65432 T98.AKQJT.QJT.QJ AKQJ.5432.AK.AK7 76.9876.9876.T98")
# South in 4S with eleven tricks once trumps are drawn; the defenders hold five trumps.
TRUMPS = Deal.parse("N:432.432.432.7654 765.765.8765.T98 AKQJT.AKQ.AKQ.32 98.JT98.JT9.AKQJ")
# 7NT by South: twelve top tricks and a simple squeeze for the thirteenth (East guards both red suits).
SQUEEZE = Deal.parse("N:AKQJ.AQ.AK2.5432 T987.K3.QT9.9876 5432.2.J43.AKQJT 6.JT987654.8765.-")


FINESSE_PLAY = "C8 C2 C9 CK C3 C7 CA CT S2 S9"


def _play(deal: Deal, contract: str, cards: str) -> Play:
    play = Play(deal, contract)
    for card in cards.split():
        play.push(card)
    return play


def test_finesse_the_queen():
    play = _play(FINESSE, "7NT-S", FINESSE_PLAY)
    choice = choose_card(play, samples=24, seed=1)
    assert choice.card == Card("SQ")
    assert choice.tricks[Card("SQ")] > choice.tricks[Card("SA")] == pytest.approx(12)
    assert "sampled layouts" in choice.reason


def test_ruff_a_loser_in_dummy():
    play = _play(RUFF, "4S-S", "D9 D2 DT DA H2 H6")
    assert play.controller == Seat.SOUTH and play.turn == Seat.NORTH
    choice = choose_card(play, samples=16, seed=2)
    assert choice.card.suit == Suit.SPADES


def test_draw_trumps_before_cashing_side_winners():
    play = _play(TRUMPS, "4S-S", "CA C4 C8 C2 CK C5 C9 C3 DJ D2 D5 DA")
    assert play.turn == Seat.SOUTH
    choice = choose_card(play, samples=24, seed=3)
    assert choice.card.suit == Suit.SPADES


@pytest.mark.parametrize("seed", [0, 1])
def test_simple_squeeze_reached_by_sampling(seed):
    """East has shown at least 5 points (so both red honours): played to the end against double-dummy
    defence, the robot cashes its winners, squeezes East and makes all thirteen tricks."""
    from redouble.bidding.meaning import HandRange
    from redouble.dd import solve_position

    play = _play(SQUEEZE, "7NT-S", "S6")
    while not play.is_complete:
        if play.controller == Seat.SOUTH:
            play.push(choose_card(play, samples=12, seed=seed, ranges={Seat.EAST: HandRange(5, 37)}).card)
        else:
            values = solve_position(play)
            play.push(min(values, key=lambda c: (values[c], c.rank)))
    assert play.declarer_tricks == 13


def test_the_same_seed_gives_the_same_decisions():
    deal = Deal.random(seed=21)
    first = choose_card(Play(deal, "4H-S"), samples=10, seed=9)
    again = choose_card(Play(deal, "4H-S"), samples=10, seed=9)
    assert first == again


def test_only_legal_card_and_equivalent_cards_need_no_samples():
    play = _play(SQUEEZE, "7NT-S", "S6 SA S7")
    choice = choose_card(play, samples=8)
    assert choice.card == Card("S2") and choice.samples == 0  # South's spades are all equal: the lowest
    groups = equivalent_groups(play, play.legal_cards())
    assert [[str(c) for c in g] for g in groups] == [["S5", "S4", "S3", "S2"]]


@pytest.mark.parametrize("scoring", ["total", "imps", "matchpoints"])
def test_every_form_of_scoring_gives_a_legal_card_with_scores(scoring):
    play = _play(FINESSE, "7NT-S", FINESSE_PLAY)
    choice = choose_card(play, samples=12, seed=1, scoring=scoring)
    assert choice.card in play.legal_cards()
    assert set(choice.scores) == set(play.legal_cards())
    assert choice.card == Card("SQ")


def test_bad_requests_are_refused():
    play = Play(FINESSE, "3NT-S")
    with pytest.raises(RedoubleError, match="unknown form of scoring 'rubber'"):
        choose_card(play, scoring="rubber")
    with pytest.raises(RedoubleError, match="W's card to choose"):
        choose_card(play, seat="N")


def test_samples_follow_the_time_budget():
    assert samples_for(13) < samples_for(10) < samples_for(6)
    assert samples_for(13, budget=10) > samples_for(13)


def test_time_cap_cuts_the_solving_short():
    """With no time left only the first layout is solved; the card still comes from it."""
    play = Play(Deal.random(seed=11), "3NT-S")
    capped = choose_card(play, seed=4, time_cap=0.0)
    assert capped.samples == 1
    assert f"(of {samples_for(13, DEFAULT_BUDGET * LEAD_BUDGET)}: the time ran out)" in capped.reason
    assert capped.card in play.legal_cards()
    # An explicit sample count is never cut: the same seed gives the same card on any machine.
    exact = choose_card(play, seed=4, samples=6, time_cap=0.0)
    assert exact.samples == 6 and "time ran out" not in exact.reason


def test_defender_uses_the_auction():
    """South opened 1NT (15-17) and North raised to 3NT: West's lead is sampled with those ranges."""
    board = Board.from_number(1, deal=FINESSE)
    for call in ("P", "P", "1NT", "P", "3NT", "P", "P", "P"):
        board.push(call)
    robot = Robot.named("redouble", samples=10)
    ranges = robot.ranges(board)
    assert ranges and ranges[Seat.SOUTH].hcp == (15, 17)
    choice = robot.card(board)
    assert choice.card in board.play.legal_cards()
    assert choice.reason.startswith("best expected") and "lead:" in choice.reason


def test_claim_when_every_sample_agrees():
    """Played on, the declarer offers a claim once every layout agrees, and the claim is sound."""
    play = _play(FINESSE, "7NT-S", FINESSE_PLAY)
    while True:
        assert not play.is_complete, "no claim before the end"
        choice = choose_card(play, samples=10, seed=1)
        if choice.claim is not None and play.controller == Seat.SOUTH:
            break
        play.push(choice.card)
    assert choice.claim == claimable_tricks(play, Seat.SOUTH)
    assert play.tricks_left >= 2


def test_claims_are_accepted_when_sound_and_rejected_otherwise():
    # South took the ace instead of finessing: East's king takes a trick, nine of the last ten are South's.
    play = _play(FINESSE, "7NT-S", FINESSE_PLAY + " SA S5")
    robot = Robot.named("basic")
    sound = claimable_tricks(play, Seat.SOUTH)
    assert (sound, play.tricks_left) == (9, 10)
    play.make_claim(sound, Seat.SOUTH)
    assert robot.accept_claim(play, Seat.WEST)
    play.reject_claim()
    play.make_claim(sound + 1, Seat.SOUTH)
    assert not robot.accept_claim(play, Seat.WEST)
    play.reject_claim()
    with pytest.raises(RedoubleError, match="no claim"):
        robot.accept_claim(play, Seat.WEST)


OLD_FINESSE = Deal.parse("N:432.AK2.AKQ2.432 KJ6.9876.JT9.T98 AQ5.543.543.AKQJ T987.QJT.876.765")


def test_defenders_signal_attitude_and_count():
    from redouble.cardplay import signal_card

    # West leads the heart queen, dummy plays low: East, without a heart honour, discourages.
    play = _play(OLD_FINESSE, "3NT-S", "HQ H2")
    card, why = signal_card(play, [Card("H9"), Card("H8"), Card("H7"), Card("H6")])
    assert card == Card("H6") and why.startswith("attitude: low")
    # Declarer's side leads clubs for the first time: East, with three, plays low (odd count).
    play = _play(OLD_FINESSE, "3NT-S", "HQ HA H6 H3 C2")
    card, why = signal_card(play, [Card("CT"), Card("C9"), Card("C8")])
    assert card == Card("C8") and why.startswith("count: low")
    # With four diamonds East would play high.
    play = _play(Deal.parse("N:432.AK2.AKQ2.432 KJ6.987.JT98.T98 AQ5.543.543.AKQJ T987.QJT6.76.765"), "3NT-S",
                 "HQ HA H7 H3 D2")
    card, why = signal_card(play, [Card("D9"), Card("D8")])
    assert card == Card("D9") and why.startswith("count: high")


def test_auction_is_optional_and_used_when_given():
    auction = Auction(Seat.NORTH, ["P", "P", "1NT", "P", "3NT", "P", "P", "P"])
    play = Play(FINESSE, "3NT-S")
    choice = choose_card(play, auction=auction, samples=6, seed=2)
    assert choice.card in play.legal_cards()


def test_level_cards_are_split_by_layouts_dealt_without_the_auction():
    """Declarer's ace and queen, were they level on the auction's layouts, are told apart on layouts dealt
    from the play alone: East played second with the king out, so the finesse gains on average."""
    from redouble.cardplay.player import _wider_tie_break
    from redouble.cardplay.sampling import View

    play = _play(FINESSE, "7NT-S", FINESSE_PLAY)
    view = View.of(play, Seat.SOUTH)
    groups = equivalent_groups(play, play.legal_cards())
    kept, why = _wider_tie_break(play, view, [Card("SA"), Card("SQ")], groups, None, 1, None, 24)
    assert kept == [Card("SQ")]
    assert why == "level on those; better on 24 layouts dealt without the auction's ranges"
    # Cards of one equivalent group are never split.
    hearts = [c for c in play.legal_cards() if c.suit == Suit.HEARTS]
    assert _wider_tie_break(play, view, hearts, groups, None, 1, None, 24) == (hearts, "")
