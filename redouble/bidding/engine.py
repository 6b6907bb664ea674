"""The bidding engine: pick the first rule of the system whose auction and hand requirements fit,
else a natural call; explain any call of an auction by the same rules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from redouble.auction import Auction
from redouble.bidding.context import Context, Explained
from redouble.bidding.meaning import HandRange, Meaning
from redouble.bidding.rules import After, Pattern, Rule
from redouble.calls import Call
from redouble.cards import Seat, Vulnerability
from redouble.deal import Hand
from redouble.errors import RedoubleError

if TYPE_CHECKING:
    from redouble.bidding.context import FittingRule

Chooser = Callable[[Context, Hand], tuple[Call, str, str]]
Describer = Callable[[Context, Call], tuple[Meaning, str | None]]


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


@dataclass
class System:
    """A bidding system: its rules in priority order and its natural fallback."""

    name: str
    rules: tuple[Rule, ...]
    choose_natural: Chooser
    describe_natural: Describer
    _by_length: dict[int, tuple[Rule, ...]] = field(default_factory=dict)

    def rules_for(self, n_calls: int) -> tuple[Rule, ...]:
        """The rules that can apply after ``n_calls`` calls since the opening (in priority order)."""
        got = self._by_length.get(n_calls)
        if got is None:
            got = tuple(r for r in self.rules
                        if any(isinstance(s, After) or (isinstance(s, Pattern) and len(s.tokens) == n_calls + 1)
                               for s in r.when))
            self._by_length[n_calls] = got
        return got


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
    found: list[tuple[Rule, Meaning, tuple]] = []
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


def context_for(auction: Auction, vulnerability: Vulnerability, system: Systems) -> Context:
    """The context for the seat on turn; ``system`` may name each side's system (NS, EW). The same
    auction gives the same (shared, read-only) context."""
    return _context(side_systems(system), int(auction.dealer), int(vulnerability),
                    tuple(c.index for c in auction.calls))


@lru_cache(maxsize=4096)
def _context(systems: tuple[str, str], dealer: int, vul: int, calls: tuple[int, ...]) -> Context:
    hist = _history(systems, dealer, vul, calls)
    auction = Auction(Seat(dealer), [Call(i) for i in calls])  # a copy of its own: the caller's may grow
    return Context.build(auction, Vulnerability(vul), list(hist), systems[0] if auction.turn.is_ns else systems[1])


def _fitting_rules(system: System, ctx: Context) -> list[FittingRule]:
    """The rules whose auction pattern fits, each with its bindings and, unless their order depends on the
    hand, the legal calls it would try: the same for every hand."""
    got = ctx.fitting_rules.get(system.name)
    if got is None:
        got = ctx.fitting_rules[system.name] = [
            (r, env, None if r.orders_by_hand(env) else list(r.legal_calls(env, ctx)))
            for r in system.rules_for(len(ctx.calls)) for env in r.situations(ctx)]
    return got


def decide(system: System, ctx: Context, hand: Hand) -> BidChoice:
    forced = ctx.forced
    for r, env, tries in _fitting_rules(system, ctx):
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


def as_hand(hand: Hand | str) -> Hand:
    if isinstance(hand, Hand):
        h = hand
    elif isinstance(hand, str):
        h = Hand.parse(hand)
    else:
        raise RedoubleError(f"not a hand: {hand!r} (expected a Hand or text like 'AKQ4.J92.T8.Q765')")
    if len(h) != 13:
        raise RedoubleError(f"a hand to bid must have 13 cards, {str(h)!r} has {len(h)}")
    return h


def as_auction(auction: Auction | Sequence[str | Call] | str | None, dealer: Seat | str | None) -> Auction:
    if isinstance(auction, Auction):
        if dealer is not None and Seat.parse(dealer) != auction.dealer:
            raise RedoubleError(f"dealer {dealer!r} does not match the auction's dealer {auction.dealer}")
        return auction
    d = Seat.NORTH if dealer is None else Seat.parse(dealer)
    if auction is None:
        return Auction(d)
    calls = auction.split() if isinstance(auction, str) else list(auction)
    return Auction(d, calls)


def as_vulnerability(vulnerability: Vulnerability | str | None) -> Vulnerability:
    if vulnerability is None:
        return Vulnerability.NONE
    return Vulnerability.parse(vulnerability)


def explain_auction(auction: Auction, vulnerability: Vulnerability, system: Systems) -> list[Explained]:
    systems = side_systems(system)
    return list(_history(systems, int(auction.dealer), int(vulnerability), tuple(c.index for c in auction.calls)))


def inferences_of(auction: Auction, vulnerability: Vulnerability, system: Systems) -> dict[Seat, HandRange]:
    hist = explain_auction(auction, vulnerability, system)
    ranges = {s: HandRange() for s in Seat}
    for ex in hist:
        ranges[ex.seat] = ranges[ex.seat].intersect(ex.meaning.range)
    return ranges
