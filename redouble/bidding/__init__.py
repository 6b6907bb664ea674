"""Computer bidding: Standard American Yellow Card written as rule tables, and a simpler ``basic`` bot.

Every function takes the library's objects; parse text first (``Hand.parse``, ``Auction("N", "1D P".split())``).

>>> from redouble import Auction, Hand
>>> choice = choose_call(Hand.parse("AKQ4.J92.T8.Q765"), Auction("N", ["1D", "P"]))
>>> choice.call, choice.rule
(Call('1S'), 'resp.one-level')
>>> str(choice.meaning)
'new suit: 4+ spades, 6+ points, forcing one round (2+ HCP, ♠4+) [forcing]'
>>> [m.text for m in explain(Auction("N", ["1NT", "P", "2C", "P"]))]
['15-17 balanced', 'pass', 'Stayman: do you have a four-card major?', 'pass']
>>> inferences(Auction("N", ["1NT", "P", "2C", "P", "2H"]))[Seat.NORTH]
HandRange(hcp_min=15, hcp_max=17, length_min=(2, 2, 4, 2), length_max=(5, 5, 5, 5))
"""

from __future__ import annotations

from redouble.auction import Auction
from redouble.bidding.engine import BidChoice, Systems, choose, explain_auction, inferences_of
from redouble.bidding.meaning import Forcing, HandRange, Meaning
from redouble.cards import Seat, Vulnerability
from redouble.deal import Deal, Hand
from redouble.errors import RedoubleError

SYSTEMS = ("sayc", "basic")


def _check(value: object, kind: type, example: str) -> None:
    """Text belongs at the edges: a clear error when a string or list reaches the engine."""
    if not isinstance(value, kind):
        raise RedoubleError(f"expected {kind.__name__}, not {value!r} (parse it first: {example})")


def choose_call(hand: Hand, auction: Auction, vulnerability: Vulnerability = Vulnerability.NONE,
                system: Systems = "sayc", think: float = 0.0, seed: int = 0, scoring: str = "imps") -> BidChoice:
    """The call the bot makes next with ``hand`` in ``auction``, with its meaning and the rule used.

    ``system`` is ``"sayc"``, ``"basic"``, or a pair (North-South's, East-West's) when the sides differ.
    ``think``: seconds the bot may spend on a close decision, bidding the candidates out on layouts dealt
    to fit the auction and scoring them double-dummy for ``scoring`` (``"imps"`` or ``"matchpoints"``;
    see :mod:`redouble.bidding.simulation`); 0 (the default) follows the rules alone. The same ``seed``
    gives the same call.
    """
    _check(hand, Hand, "Hand.parse('AKQ4.J92.T8.Q765')")
    _check(auction, Auction, "Auction('N', ['1D', 'P'])")
    _check(vulnerability, Vulnerability, "Vulnerability.parse('NS')")
    if isinstance(think, bool) or not isinstance(think, int | float) or not 0 <= think <= 60:
        raise RedoubleError(f"think is seconds from 0 to 60, not {think!r}")
    if think > 0:
        from redouble.bidding.simulation import think_call

        return think_call(hand, auction, vulnerability, system, think=float(think), seed=seed, scoring=scoring)
    return choose(hand, auction, vulnerability, system)


def explain(auction: Auction, vulnerability: Vulnerability = Vulnerability.NONE,
            system: Systems = "sayc") -> list[Meaning]:
    """What every call of ``auction`` shows in ``system`` (or each side's, as a pair), whoever made it."""
    _check(auction, Auction, "Auction('N', ['1NT', 'P', '2C'])")
    return [ex.meaning for ex in explain_auction(auction, vulnerability, system)]


def explain_rules(auction: Auction, vulnerability: Vulnerability = Vulnerability.NONE,
                  system: Systems = "sayc") -> list[str | None]:
    """The name of the rule behind each call of ``auction`` (None when read as natural)."""
    _check(auction, Auction, "Auction('N', ['1NT', 'P', '2C'])")
    return [ex.rule for ex in explain_auction(auction, vulnerability, system)]


def inferences(auction: Auction, vulnerability: Vulnerability = Vulnerability.NONE,
               system: Systems = "sayc") -> dict[Seat, HandRange]:
    """What the auction shows of each hand: HCP and suit-length ranges, accumulated over its calls."""
    _check(auction, Auction, "Auction('N', ['1NT', 'P', '2C'])")
    return inferences_of(auction, vulnerability, system)


def bid_deal(deal: Deal, dealer: Seat = Seat.NORTH, vulnerability: Vulnerability = Vulnerability.NONE,
             systems: Systems = "sayc") -> Auction:
    """Bid a whole deal with the bot on every seat; ``systems`` is one system or (NS system, EW system)."""
    _check(deal, Deal, "Deal.parse('N:...')")
    a = Auction(Seat.parse(dealer))
    while not a.is_complete:
        choice = choose(deal[a.turn], a, vulnerability, systems)
        a.push(choice.call, alert=choice.meaning.alert, explanation=choice.meaning.text)
    return a


__all__ = ["choose_call", "explain", "explain_rules", "inferences", "bid_deal", "BidChoice", "Meaning",
           "HandRange", "Forcing", "SYSTEMS"]
