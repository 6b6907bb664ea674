"""The play: turn and dummy, following suit, trick winners, errors, undo, claims, what each seat sees."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import (
    ALL_CARDS,
    Card,
    Claim,
    Contract,
    Deal,
    IllegalCardError,
    IllegalClaimError,
    Play,
    RedoubleError,
    Seat,
    Strain,
    Suit,
    Trick,
    trick_winner,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# North (dummy to South's spade contracts) has no hearts, East one club, West no spades.
DEAL = Deal.parse("N:AKQJT98.-.AKQ.AKQ 765432.AKQ.JT9.J -.JT98765.8765.T9 -.432.432.8765432")


def cards(text: str) -> list[Card]:
    return [Card(c) for c in text.split()]


def play_cards(play: Play, text: str) -> None:
    for c in text.split():
        play.push(c)


def refused(play: Play, card: str, seat: str | None = None) -> str:
    before = snapshot(play)
    with pytest.raises(IllegalCardError) as info:
        play.push(card, seat)
    assert snapshot(play) == before  # a refused card changes nothing
    return str(info.value)


def snapshot(play: Play) -> tuple[object, ...]:
    """Everything a player can ask the play about."""
    return (tuple(play.hand(s) for s in Seat), play.turn, play.controller, play.leader, tuple(play.tricks),
            tuple(play.cards), tuple(play.current_trick), play.declarer_tricks, play.defender_tricks,
            tuple(play.legal_cards()), play.dummy_exposed, play.is_complete, play.claim, play.claimed_tricks)


# --- the start of the play ---------------------------------------------------------------------------


@pytest.mark.parametrize("declarer", list(Seat))
def test_declarers_left_hand_opponent_leads(declarer: Seat) -> None:
    play = Play(DEAL, Contract(4, Strain.SPADES, 0, declarer))
    assert play.declarer is declarer
    assert play.opening_leader is declarer.lho
    assert play.turn is declarer.lho and play.leader is declarer.lho
    assert play.dummy is declarer.partner
    assert play.cards == [] and play.tricks == [] and play.tricks_left == 13


def test_contract_from_text_and_separate_declarer() -> None:
    assert Play(DEAL, "4S-S").declarer is S
    play = Play(DEAL, "3NT", declarer="E")
    assert play.declarer is E and play.contract == Contract.parse("3NT-E") and play.trump is None
    assert Play(DEAL, "4S-S").trump is Suit.SPADES


@pytest.mark.parametrize(
    ("deal", "contract", "message"),
    [(DEAL, "Pass", "a passed-out board has no play"),
     (DEAL, "4S", "contract 4S has no declarer"),
     (Deal.parse("N:AKQJT98.-.AKQ.AKQ - - -"), "4S-S", "the play needs all four hands of the deal")],
)
def test_play_needs_a_contract_with_a_declarer_and_a_full_deal(deal: Deal, contract: str, message: str) -> None:
    with pytest.raises(RedoubleError, match=message):
        Play(deal, contract)


def test_dummy_is_exposed_after_the_opening_lead() -> None:
    play = Play(DEAL, "4S-S")
    assert not play.dummy_exposed
    assert play.visible_seats(W) == {W} and play.visible_seats(E) == {E}
    assert play.visible_seats(S) == {S} and play.visible_seats(N) == {N}
    play.push("H2")
    assert play.dummy_exposed
    assert play.visible_seats(W) == {W, N} and play.visible_seats(E) == {E, N}
    assert play.visible_seats(S) == {S, N}  # declarer sees dummy
    assert play.visible_seats(N) == {N}     # dummy's player sees only dummy
    assert play.visible_seats("E") == {E, N}
    assert play.visible_seats(None) == set()


def test_declarer_plays_dummys_cards() -> None:
    play = Play(DEAL, "4S-S")
    play.push("H2")
    assert play.turn is N and play.controller is S
    play.push("S8")
    assert play.turn is E and play.controller is E
    play.push("HA", seat="E")
    assert play.turn is S and play.controller is S


# --- following suit and winning tricks ---------------------------------------------------------------


def test_a_trick_in_a_trump_contract() -> None:
    play = Play(DEAL, "4S-S")
    play.push("H2")                                  # West leads a heart
    assert play.legal_cards() == ALL_CARDS_OF(DEAL, N)  # dummy has no heart: anything goes
    play.push("S8")                                  # dummy ruffs
    assert play.legal_cards() == cards("HA HK HQ")   # East must follow, high to low
    play_cards(play, "HA H5")
    assert play.tricks == [Trick(W, (Card("H2"), Card("S8"), Card("HA"), Card("H5")), N)]
    assert play.tricks[0].suit_led is Suit.HEARTS and play.tricks[0].card_of(E) is Card("HA")
    assert play.turn is N and play.leader is N      # the winner leads next
    assert (play.declarer_tricks, play.defender_tricks, play.tricks_left) == (1, 0, 12)
    play_cards(play, "CA CJ C9 C2")                  # North wins with the ace of the suit led
    play_cards(play, "CK S2 CT C3")                  # East ruffs the king
    assert play.tricks[-1].winner is E and play.turn is E
    play_cards(play, "S7 H6 C4 S9")                  # North overruffs... overtakes East's trump lead
    assert [t.winner for t in play.tricks] == [N, N, E, N]
    assert (play.declarer_tricks, play.defender_tricks) == (3, 1)
    assert play.tricks_won(S) == play.tricks_won(N) == 3 and play.tricks_won(E) == play.tricks_won(W) == 1


def test_a_discard_never_wins_at_no_trumps() -> None:
    play = Play(DEAL, "3NT-S")
    play_cards(play, "H2 DA HA H5")
    assert play.tricks[0].winner is E


def test_the_highest_card_of_the_suit_led_wins_when_nobody_ruffs() -> None:
    play = Play(DEAL, "4S-S")
    play_cards(play, "D2 DQ DJ D8")
    assert play.tricks[0].winner is N


@pytest.mark.parametrize(
    ("leader", "played", "trump", "winner"),
    [(W, "H2 HA S2 HK", Suit.SPADES, E),       # the only trump
     (W, "H2 HA S2 S3", Suit.SPADES, S),       # overruff
     (W, "H2 HA S2 S3", None, N),              # no trumps: the ace of the suit led
     (N, "C2 C3 D4 CA", Suit.HEARTS, W),       # a discard of another suit does not count
     (E, "DT DJ DQ DK", Suit.CLUBS, N),
     (S, "SA S2 S3 S4", Suit.SPADES, S)],
)
def test_trick_winner(leader: Seat, played: str, trump: Suit | None, winner: Seat) -> None:
    assert trick_winner(leader, cards(played), trump) is winner


# --- illegal cards -----------------------------------------------------------------------------------


def test_a_card_out_of_turn() -> None:
    play = Play(DEAL, "4S-S")
    assert refused(play, "SA", "N") == "N may not play SA: it is W's turn, not dummy's"
    assert refused(play, "HA", "E") == "E may not play HA: it is W's turn, not E's"
    assert refused(play, "H5", "S") == "S may not play H5: it is W's turn, not S's"


def test_a_card_not_held() -> None:
    play = Play(DEAL, "4S-S")
    assert refused(play, "HA") == "W may not play HA: W does not hold HA"
    play.push("H2")
    assert refused(play, "H2") == "N may not play H2: N does not hold H2"   # already played


def test_a_revoke() -> None:
    play = Play(DEAL, "4S-S")
    play_cards(play, "H2 S8")
    assert refused(play, "S7") == "E may not play S7: E must follow suit to the hearts led (revoke)"
    assert not play.is_legal("S7") and play.is_legal("HK")


def test_a_card_that_is_not_a_card() -> None:
    play = Play(DEAL, "4S-S")
    assert refused(play, "H1") == (
        "W cannot play 'H1': not a card: 'H1' (expected suit and rank, like 'SA' or 'DT')")
    assert not play.is_legal("H1")


def test_illegal_card_error_is_a_redouble_error() -> None:
    with pytest.raises(RedoubleError):
        Play(DEAL, "4S-S").push("SA")


# --- undo --------------------------------------------------------------------------------------------


def test_pop_takes_back_cards_through_completed_tricks() -> None:
    play = Play(DEAL, "4S-S")
    states = []
    sequence = "H2 S8 HA H5 CA CJ C9 C2 CK S2 CT C3 S7 H6 C4 S9".split()
    for c in sequence:
        states.append(snapshot(play))
        play.push(c)
    assert len(play.tricks) == 4
    for c in reversed(sequence):
        assert play.pop() is Card(c)
        assert snapshot(play) == states.pop()
    assert snapshot(play) == snapshot(Play(DEAL, "4S-S"))
    with pytest.raises(IllegalCardError, match="no card has been played"):
        play.pop()


def test_copy_is_independent() -> None:
    play = Play(DEAL, "4S-S")
    play_cards(play, "H2 S8 HA H5 CA")
    other = play.copy()
    assert snapshot(other) == snapshot(play)
    other.push("CJ")
    play.pop()
    assert [str(c) for c in other.cards] == "H2 S8 HA H5 CA CJ".split()
    assert [str(c) for c in play.cards] == "H2 S8 HA H5".split()


# --- claims ------------------------------------------------------------------------------------------


def test_declarer_claims_and_the_claim_is_accepted() -> None:
    play = Play(DEAL, "4S-S")
    play_cards(play, "H2 S8 HA H5")                  # declarer won the first trick
    claim = play.make_claim(11)
    assert claim == Claim(S, 11) and play.claim == claim
    assert play.accept_claim() == 12
    assert play.is_complete and play.result == 12
    assert (play.declarer_tricks, play.defender_tricks) == (12, 1)
    assert play.legal_cards() == []
    assert refused(play, "CA") == "N may not play CA: the play is over"


def test_a_rejected_claim_lets_play_continue() -> None:
    play = Play(DEAL, "4S-S")
    play.push("H2")
    play.make_claim(13)
    assert refused(play, "S8") == "N may not play S8: a claim by S is pending"
    with pytest.raises(IllegalCardError, match="settle or withdraw the claim before taking back a card"):
        play.pop()
    play.reject_claim()
    assert play.claim is None and not play.is_complete
    play.push("S8")
    assert play.cards[-1] is Card("S8")


def test_defenders_claim() -> None:
    play = Play(DEAL, "4S-S")
    play_cards(play, "H2 S8 HA H5 CA CJ C9 C2 CK S2 CT C3")  # declarer 2 tricks, defenders 1
    assert play.make_claim(2, "E") == Claim(E, 2)            # two of the ten left for the defence
    assert play.accept_claim() == 2 + 8
    assert (play.declarer_tricks, play.defender_tricks) == (10, 3)


def test_a_concession_mid_trick() -> None:
    play = Play(DEAL, "4S-S")
    play_cards(play, "H2 S8")
    play.make_claim(0)                              # declarer concedes all 13 tricks
    assert play.tricks_left == 13
    assert play.accept_claim() == 0
    assert play.result == 0


@pytest.mark.parametrize(
    ("tricks", "seat", "message"),
    [(14, None, "S cannot claim 14 tricks with 13 left to play"),
     (-1, "W", "W cannot claim -1 tricks with 13 left to play"),
     (3, "N", "dummy may not claim")],
)
def test_bad_claims_are_rejected(tricks: int, seat: str | None, message: str) -> None:
    play = Play(DEAL, "4S-S")
    with pytest.raises(IllegalClaimError, match=message):
        play.make_claim(tricks, seat)
    assert play.claim is None


def test_claims_in_the_wrong_state() -> None:
    play = Play(DEAL, "4S-S")
    with pytest.raises(IllegalClaimError, match="there is no claim to accept"):
        play.accept_claim()
    with pytest.raises(IllegalClaimError, match="there is no claim to reject"):
        play.reject_claim()
    play.make_claim(10)
    with pytest.raises(IllegalClaimError, match="a claim by S is already pending"):
        play.make_claim(3, "E")
    play.accept_claim()
    with pytest.raises(IllegalClaimError, match="the play is over"):
        play.make_claim(3, "E")
    play.undo_claim()
    assert not play.is_complete and play.claim is None
    play.push("H2")


# --- properties over random play ---------------------------------------------------------------------


def ALL_CARDS_OF(deal: Deal, seat: Seat) -> list[Card]:  # noqa: N802 - reads like a constant
    return sorted(deal[seat], reverse=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(Strain)), st.sampled_from(list(Seat)))
def test_random_playouts_obey_the_rules_and_pop_back_to_the_start(seed: int, strain: Strain,
                                                                  declarer: Seat) -> None:
    rng = random.Random(seed)
    deal = Deal.random(rng=rng)
    play = Play(deal, Contract(rng.randint(1, 7), strain, 0, declarer))
    start = snapshot(play)
    history = []
    while not play.is_complete:
        legal = play.legal_cards()
        held = sorted(play.hand(play.turn), reverse=True)
        assert legal and set(legal) <= set(held)
        assert legal == [c for c in held if play.is_legal(c)]
        led = play.current_trick[0].suit if play.current_trick else None
        if led is not None and any(c.suit == led for c in held):
            assert all(c.suit == led for c in legal)
        else:
            assert legal == held
        before = snapshot(play)
        card = rng.choice(legal)
        play.push(card)
        assert play.pop() is card and snapshot(play) == before  # push then pop changes nothing
        history.append(before)
        play.push(card)
    assert len(play.tricks) == 13 and len(play.cards) == 52
    assert play.declarer_tricks + play.defender_tricks == 13
    assert sorted(play.cards) == list(ALL_CARDS)
    for trick in play.tricks:
        assert trick.winner is trick_winner(trick.leader, trick.cards, play.trump)
    for k in range(1, 13):
        assert play.tricks[k].leader is play.tricks[k - 1].winner
    assert all(not play.hand(s) for s in Seat)
    while play.cards:
        play.pop()
        assert snapshot(play) == history.pop()
    assert snapshot(play) == start


# --- found by fuzzing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("tricks", [12.5, True, "3", None])
def test_a_claim_is_a_whole_number_of_tricks(tricks: object) -> None:
    play = Play(Deal.random(seed=4), "3NT-S")
    with pytest.raises(IllegalClaimError, match="a claim is a whole number of tricks"):
        play.make_claim(tricks)  # type: ignore[arg-type]


def test_a_claim_is_settled_once_and_plays_compare_by_content() -> None:
    deal = Deal.random(seed=4)
    play = Play(deal, "3NT-S")
    play.make_claim(9)
    assert play.accept_claim() == 9
    with pytest.raises(IllegalClaimError, match="already settled"):
        play.accept_claim()
    other = Play(deal, "3NT-S")
    assert other != play
    other.make_claim(9)
    other.accept_claim()
    assert other == play and other.copy() == play
