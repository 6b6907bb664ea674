"""A simple card player by rules of thumb, without looking ahead: the baseline for the sampling player.

Leads by the standard agreements (against a suit contract, not a trump unless that is all there is),
second hand low, third hand high, win as cheaply as possible, ruff when a trick cannot be won otherwise,
discard the lowest card of the weakest suit.

>>> from redouble import Deal, Play
>>> play = Play(Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"), "7NT-N")
>>> choice = simple_card(play)
>>> choice.card, choice.reason
(Card('S2'), 'lead: fourth best')
"""

from __future__ import annotations

from redouble.cardplay.choice import CardChoice
from redouble.cardplay.leads import conventional_leads
from redouble.cards import Card, Rank
from redouble.play import Play, trick_winner


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def simple_card(play: Play) -> CardChoice:
    """The rule-of-thumb card for the player on turn (dummy's cards: the declarer's choice)."""
    legal = play.legal_cards()
    if len(legal) == 1:
        return CardChoice(legal[0], "the only legal card")
    seat = play.turn
    trick = play.current_trick
    if not trick:
        if not play.cards or seat % 2 != play.declarer % 2:
            leads = conventional_leads(legal, play.trump)
            side = {c: why for c, why in leads.items() if c.suit != play.trump} or leads
            # The longest side suit, stronger holdings first on equal length.
            card = max(side, key=lambda c: (sum(1 for x in legal if x.suit == c.suit), c.rank))
            return CardChoice(card, f"lead: {side[card]}")
        # Declarer: cash the highest card of the longest suit, else lead low.
        card = max(legal, key=lambda c: (sum(1 for x in legal if x.suit == c.suit), c.rank))
        return CardChoice(card, "declarer leads from the longest suit")
    leader = play.leader
    winner_now = trick_winner(leader, trick, play.trump)
    winning = [c for c in legal if trick_winner(leader, [*trick, c], play.trump) == seat]
    position = len(trick) + 1
    if winner_now == seat.partner and position >= 3:
        return CardChoice(_lowest(legal), "partner is winning the trick")
    follows = legal[0].suit == trick[0].suit
    if position == 2 and follows and not (winning and max(legal, key=lambda c: c.rank).rank == Rank.ACE
                                          and play.trump is not None):
        return CardChoice(_lowest(legal), "second hand low")
    if winning:
        if position == 3 and follows:
            return CardChoice(max(winning, key=lambda c: c.rank), "third hand high")
        return CardChoice(_lowest(winning), "win as cheaply as possible")
    discards = [c for c in legal if c.suit != play.trump] or legal
    return CardChoice(_lowest(discards), "cannot win: lowest card")
