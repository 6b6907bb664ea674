"""Minibridge: the contract a declarer names after seeing dummy (the robot's choice, by the usual advice).

Declarer and dummy's hands are both known, so the choice is simple counting:

- trumps: an eight-card or longer major fit; else no trumps when neither hand has a singleton or void;
  else an eight-card minor fit; else no trumps;
- game or part score: the points together, with dummy's short suits counted when there are trumps (void 3,
  singleton 2, doubleton 1); game needs 25 in no trumps or a major and 29 in a minor (eleven tricks).

>>> from redouble.deal import Hand
>>> choice = choose_minibridge_contract(Hand.parse("AKQ4.J92.T8.Q765"), Hand.parse("J532.AK4.A3.K982"))
>>> choice.strain, choice.game
(Strain.SPADES, True)
>>> choose_minibridge_contract(Hand.parse("AK4.Q92.T85.Q765"), Hand.parse("J53.K84.A32.J982")).game
False
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.cards import Strain, Suit
from redouble.deal import Hand

GAME_POINTS = {"notrump": 25, "major": 25, "minor": 29}
SHORTNESS_POINTS = {0: 3, 1: 2, 2: 1}


@dataclass(frozen=True, slots=True)
class MinibridgeChoice:
    """The contract named: ``strain``, ``game`` (else a part score), and the reasons in words."""

    strain: Strain
    game: bool
    reason: str


def _fit(hand: Hand, dummy: Hand, suits: tuple[Suit, ...]) -> Suit | None:
    """The longest combined suit of eight or more among ``suits`` (the higher-ranking on equal length)."""
    best = max(suits, key=lambda s: (hand.length(s) + dummy.length(s), s))
    return best if hand.length(best) + dummy.length(best) >= 8 else None


def choose_minibridge_contract(hand: Hand, dummy: Hand) -> MinibridgeChoice:
    """The strain and game-or-part-score a declarer holding ``hand`` names on seeing ``dummy``."""
    points = hand.hcp + dummy.hcp
    major = _fit(hand, dummy, (Suit.HEARTS, Suit.SPADES))
    minor = _fit(hand, dummy, (Suit.CLUBS, Suit.DIAMONDS))
    short = any(h.length(s) <= 1 for h in (hand, dummy) for s in Suit)
    trump = major if major is not None else minor if minor is not None and short else None
    if trump is None:
        strain, kind = Strain.NOTRUMP, "notrump"
        why = "no eight-card major fit" + ("" if minor is None else " and no shortness: no trumps rather than a minor")
        total = points
    else:
        strain, kind = Strain(int(trump)), "major" if trump in (Suit.HEARTS, Suit.SPADES) else "minor"
        length = hand.length(trump) + dummy.length(trump)
        why = f"{length} {trump.name.lower()} together"
        # Short suits in the hand with fewer trumps (usually dummy) make extra tricks by ruffing.
        ruffer = dummy if dummy.length(trump) <= hand.length(trump) else hand
        extra = sum(SHORTNESS_POINTS.get(ruffer.length(s), 0) for s in Suit if s != trump)
        total = points + extra
        if extra:
            why += f", {extra} for shortness"
    game = total >= GAME_POINTS[kind]
    reason = f"{points} points together, {why}: {'game' if game else 'part score'} (needs {GAME_POINTS[kind]})"
    return MinibridgeChoice(strain, game, reason)
