"""Computer bidding: Standard American Yellow Card written as rule tables, and a simpler ``basic`` bot.

>>> choice = choose_call("AKQ4.J92.T8.Q765", ["1D", "P"])
>>> choice.call, choice.rule
(Call('1S'), 'resp.one-level')
>>> str(choice.meaning)
'new suit: 4+ spades, 6+ points, forcing one round (2+ HCP, ♠4+) [forcing]'
>>> [m.text for m in explain(["1NT", "P", "2C", "P"])]
['15-17 balanced', 'pass', 'Stayman: do you have a four-card major?', 'pass']
>>> inferences(["1NT", "P", "2C", "P", "2H"])[Seat.NORTH]
HandRange(hcp_min=15, hcp_max=17, length_min=(2, 2, 4, 2), length_max=(5, 5, 5, 5))
"""

from __future__ import annotations

from collections.abc import Sequence

from redouble.auction import Auction
from redouble.bidding.engine import (
    BidChoice,
    Systems,
    as_auction,
    as_hand,
    as_vulnerability,
    context_for,
    decide,
    explain_auction,
    get_system,
    inferences_of,
)
from redouble.bidding.meaning import Forcing, HandRange, Meaning
from redouble.calls import Call
from redouble.cards import Seat, Vulnerability
from redouble.deal import Hand
from redouble.errors import RedoubleError

SYSTEMS = ("sayc", "basic")


def choose_call(hand: Hand | str, auction: Auction | Sequence[str | Call] | str | None = None,
                dealer: Seat | str | None = None, vulnerability: Vulnerability | str | None = None,
                system: Systems = "sayc") -> BidChoice:
    """The call the bot makes next with ``hand``, with its meaning and the rule used.

    ``auction`` is an :class:`Auction` or the calls so far (``dealer`` says who dealt, North by default).
    ``system`` is ``"sayc"``, ``"basic"``, or a pair (North-South's, East-West's) when the sides differ.
    """
    h = as_hand(hand)
    a = as_auction(auction, dealer)
    if a.is_complete:
        raise RedoubleError(f"the auction is over ({a}): there is no call to make")
    vul = as_vulnerability(vulnerability)
    ctx = context_for(a, vul, system)
    return decide(get_system(ctx.system), ctx, h)


def explain(auction: Auction | Sequence[str | Call] | str, vulnerability: Vulnerability | str | None = None,
            system: Systems = "sayc", dealer: Seat | str | None = None) -> list[Meaning]:
    """What every call of ``auction`` shows in ``system`` (or each side's, as a pair), whoever made it."""
    a = as_auction(auction, dealer)
    return [ex.meaning for ex in explain_auction(a, as_vulnerability(vulnerability), system)]


def explain_rules(auction: Auction | Sequence[str | Call] | str, vulnerability: Vulnerability | str | None = None,
                  system: Systems = "sayc", dealer: Seat | str | None = None) -> list[str | None]:
    """The name of the rule behind each call of ``auction`` (None when read as natural)."""
    a = as_auction(auction, dealer)
    return [ex.rule for ex in explain_auction(a, as_vulnerability(vulnerability), system)]


def inferences(auction: Auction | Sequence[str | Call] | str, vulnerability: Vulnerability | str | None = None,
               system: Systems = "sayc", dealer: Seat | str | None = None) -> dict[Seat, HandRange]:
    """What the auction shows of each hand: HCP and suit-length ranges, accumulated over its calls."""
    a = as_auction(auction, dealer)
    return inferences_of(a, as_vulnerability(vulnerability), system)


def bid_deal(deal: object, dealer: Seat | str = Seat.NORTH, vulnerability: Vulnerability | str | None = None,
             systems: tuple[str, str] | str = "sayc") -> Auction:
    """Bid a whole deal with the bot on every seat; ``systems`` is one system or (NS system, EW system)."""
    from redouble.deal import Deal

    if not isinstance(deal, Deal):
        raise RedoubleError(f"not a deal: {deal!r}")
    vul = as_vulnerability(vulnerability)
    a = Auction(Seat.parse(dealer))
    while not a.is_complete:
        choice = choose_call(deal[a.turn], a, vulnerability=vul, system=systems)
        a.push(choice.call, alert=choice.meaning.alert, explanation=choice.meaning.text)
    return a


__all__ = ["choose_call", "explain", "explain_rules", "inferences", "bid_deal", "BidChoice", "Meaning",
           "HandRange", "Forcing", "SYSTEMS"]
