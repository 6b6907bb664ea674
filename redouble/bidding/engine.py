"""The bidding engine: pick the first rule of the system whose auction and hand requirements fit,
else a natural call; explain any call of an auction by the same rules.

It takes the library's objects (:class:`~redouble.deal.Hand`, :class:`~redouble.auction.Auction`,
:class:`~redouble.cards.Vulnerability`); text is parsed at the edges (the CLI, the web server).

>>> from redouble.deal import Hand
>>> choice = choose(Hand.parse("AKQ4.J92.T8.Q765"), Auction("N", ["1D", "P"]), Vulnerability.NONE, "sayc")
>>> choice.call, choice.rule
(Call('1S'), 'resp.one-level')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from redouble.auction import Auction
from redouble.bidding.conditions import Env
from redouble.bidding.context import Context, Explained
from redouble.bidding.meaning import HandRange, Meaning
from redouble.bidding.rules import Rule
from redouble.bidding.system import System
from redouble.calls import Call
from redouble.cards import Seat, Suit, Vulnerability
from redouble.deal import Hand
from redouble.errors import RedoubleError

# A rule whose auction pattern fits, one binding of its suit variables, and the legal calls it tries
# there (None when their order depends on the hand).
FittingRule = tuple[Rule, dict[str, Suit], list[tuple[Call, Env]] | None]


@dataclass(frozen=True)
class BidChoice:
    """The call a bot makes, what it means, and the name of the rule that chose it."""

    call: Call
    meaning: Meaning
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {"call": str(self.call), "rule": self.rule, "meaning": self.meaning.to_dict()}

    def __str__(self) -> str:
        return f"{self.call}: {self.meaning}"


_SYSTEMS: dict[str, System] = {}


def get_system(name: str) -> System:
    key = name.lower().strip()
    if key not in _SYSTEMS:
        if key == "sayc":
            from redouble.bidding.sayc import build_sayc
            _SYSTEMS[key] = build_sayc()
        elif key == "basic":
            from redouble.bidding.basic import build_basic
            _SYSTEMS[key] = build_basic()
        else:
            raise RedoubleError(f"unknown bidding system {name!r} (expected 'sayc' or 'basic')")
    return _SYSTEMS[key]


def _explain_in(system: System, ctx: Context, call: Call) -> Explained:
    found: list[tuple[Rule, Meaning, tuple[tuple[str, Suit], ...]]] = []
    for r in system.rules_for(len(ctx.calls)):
        for c, env in r.candidates(ctx):
            if c is call:
                found.append((r, r.meaning(env), tuple(sorted(env.suits.items()))))
                break
    if found:
        first_rule, meaning, suits = found[0]
        rng, points = meaning.range, meaning.points
        for _, m, _ in found[1:]:  # the call may come from any of these rules: show what they share
            rng = rng.hull(m.range)
            points = None if points is None or m.points is None else (min(points[0], m.points[0]),
                                                                      max(points[1], m.points[1]))
        meaning = Meaning(meaning.text, meaning.alert, meaning.forcing, rng, points, meaning.convention)
        return Explained(call, ctx.seat, meaning, first_rule.name, suits)
    meaning, name = system.describe_natural(ctx, call)
    return Explained(call, ctx.seat, meaning, name)


Systems = str | tuple[str, str]


def side_systems(system: Systems) -> tuple[str, str]:
    """``"sayc"`` or ``("sayc", "basic")`` (North-South's, East-West's) as two checked system names."""
    ns, ew = (system, system) if isinstance(system, str) else system
    return get_system(ns).name, get_system(ew).name


@lru_cache(maxsize=20000)
def _history(systems: tuple[str, str], dealer: int, vul: int, calls: tuple[int, ...]) -> tuple[Explained, ...]:
    if not calls:
        return ()
    prev = _history(systems, dealer, vul, calls[:-1])
    auction = Auction(Seat(dealer), [Call(i) for i in calls[:-1]])
    name = systems[0] if auction.turn.is_ns else systems[1]  # each call is read by its side's system
    ctx = Context.build(auction, Vulnerability(vul), list(prev), name)
    return prev + (_explain_in(get_system(name), ctx, Call(calls[-1])),)


@dataclass
class _Point:
    """What does not depend on the hand at one point of an auction, worked out once and shared by every
    hand that bids there: the context, and per system the rules whose auction pattern fits."""

    context: Context
    fitting: dict[str, list[FittingRule]] = field(default_factory=dict)

    def fitting_rules(self, system: System) -> list[FittingRule]:
        """The rules whose auction pattern fits, each with its bindings and, unless their order depends on
        the hand, the legal calls it would try."""
        got = self.fitting.get(system.name)
        if got is None:
            ctx = self.context
            got = self.fitting[system.name] = [
                (r, env, None if r.orders_by_hand(env) else list(r.legal_calls(env, ctx)))
                for r in system.rules_for(len(ctx.calls)) for env in r.situations(ctx)]
        return got


def context_for(auction: Auction, vulnerability: Vulnerability, system: Systems) -> Context:
    """The context for the seat on turn; ``system`` may name each side's system (NS, EW). The same
    auction gives the same (shared, read-only) context."""
    return _point_for(auction, vulnerability, system).context


def _point_for(auction: Auction, vulnerability: Vulnerability, system: Systems) -> _Point:
    return _point(side_systems(system), int(auction.dealer), int(vulnerability), tuple(c.index for c in auction.calls))


@lru_cache(maxsize=4096)
def _point(systems: tuple[str, str], dealer: int, vul: int, calls: tuple[int, ...]) -> _Point:
    hist = _history(systems, dealer, vul, calls)
    auction = Auction(Seat(dealer), [Call(i) for i in calls])  # a copy of its own: the caller's may grow
    return _Point(Context.build(auction, Vulnerability(vul), list(hist),
                                systems[0] if auction.turn.is_ns else systems[1]))


def choose(hand: Hand, auction: Auction, vulnerability: Vulnerability, system: Systems) -> BidChoice:
    """The call ``system``'s bot makes with ``hand`` next in ``auction`` (see the module's example)."""
    if len(hand) != 13:
        raise RedoubleError(f"a hand to bid must have 13 cards, {str(hand)!r} has {len(hand)}")
    if auction.is_complete:
        raise RedoubleError(f"the auction is over ({auction}): there is no call to make")
    point = _point_for(auction, vulnerability, system)
    return _decide(get_system(point.context.system), point, hand)


def _decide(system: System, point: _Point, hand: Hand) -> BidChoice:
    ctx = point.context
    forced = ctx.forced
    for r, env, tries in point.fitting_rules(system):
        for call, bound in tries if tries is not None else r.legal_calls(env, ctx, hand):
            if forced and call.is_pass and not r.name.endswith("penalty-pass"):
                continue
            if r.accepts(hand, bound):
                return BidChoice(call, r.meaning(bound), r.name)
    call, name, text = system.choose_natural(ctx, hand)
    meaning, _ = system.describe_natural(ctx, call)
    if text:
        meaning = Meaning(text, meaning.alert, meaning.forcing, meaning.range, meaning.points, meaning.convention)
    return BidChoice(call, meaning, name)


def explain_auction(auction: Auction, vulnerability: Vulnerability, system: Systems) -> list[Explained]:
    systems = side_systems(system)
    return list(_history(systems, int(auction.dealer), int(vulnerability), tuple(c.index for c in auction.calls)))


def inferences_of(auction: Auction, vulnerability: Vulnerability, system: Systems) -> dict[Seat, HandRange]:
    hist = explain_auction(auction, vulnerability, system)
    ranges = {s: HandRange() for s in Seat}
    for ex in hist:
        ranges[ex.seat] = ranges[ex.seat].intersect(ex.meaning.range)
    return ranges
