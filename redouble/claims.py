"""Claims a player can make for certain: the rest of the tricks are the declarer's side's against any defence.

A claim here is certain, not merely sound double-dummy: it holds however the unseen cards lie, so a robot
declarer may make it knowing only its own hand and dummy. The rule is the table's "the rest are high":
at the start of a trick, the declarer's side is on lead and every card left in the leading hand is the
highest left in its suit, and (in a suit contract) unless the leading hand holds only trumps, nobody else
has a trump left. Leading them one by one then wins every trick, whatever the others play.

>>> from redouble.calls import Contract
>>> from redouble.deal import Deal
>>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> play = Play(deal, Contract.parse("7NT-W"))
>>> rest_is_certain(play)
False
>>> play = Play(deal, Contract.parse("7NT-S"))
>>> for card in ("H5", "HA", "H9", "H6"):
...     play.push(card)
>>> rest_is_certain(play), play.turn
(True, Seat.NORTH)
"""

from __future__ import annotations

from redouble.cards import Card, Seat
from redouble.play import Play


def _remaining(play: Play, seat: Seat) -> list[Card]:
    return list(play.hand(seat))


def rest_is_certain(play: Play) -> bool:
    """Whether the declarer's side takes every trick left against any defence and any lie of the cards
    (only at the start of a trick with the declarer's side on lead; False otherwise)."""
    if play.is_complete or play.claim is not None or play.current_trick:
        return False
    leader = play.turn
    if leader.side != play.declarer.side:
        return False
    leading = _remaining(play, leader)
    others = [c for s in Seat if s != leader for c in _remaining(play, s)]
    for card in leading:
        if any(o.suit == card.suit and o.rank > card.rank for o in others):
            return False
    trump = play.trump
    if trump is not None and any(c.suit != trump for c in leading):
        # A side-suit winner could be ruffed (or overruffed by partner, moving the lead).
        if any(o.suit == trump for o in others):
            return False
    return True


def certain_claim(play: Play) -> int | None:
    """The tricks the declarer can claim for certain now (all those left), or None.

    >>> from redouble.calls import Contract
    >>> from redouble.deal import Deal
    >>> certain_claim(Play(Deal.random(seed=1), Contract.parse("3NT-S"))) is None
    True
    """
    return play.tricks_left if rest_is_certain(play) else None
