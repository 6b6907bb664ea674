"""Rules as data: in which auction a rule applies, what the hand holds, the call, and what it means.

An auction pattern is written as the calls from the opening bid on, with ``?`` for the call to make.
Passes before the opening are left out (``seats`` and ``passed`` say where a rule applies instead).
Suits may be variables: ``M``/``N`` a major, ``m``/``n`` a minor, ``o`` a suit other than clubs
(a weak two), ``x y z w`` any suit. One letter is
one suit; different letters are different suits. ``*`` matches any call.

The call may use the variables too, and a variable not bound by the pattern is tried for every suit
(``order`` says in which order); ``>x`` is the cheapest bid in ``x``, ``>>x`` a single jump in ``x``.

>>> from redouble.bidding.conditions import Len, Support
>>> r = rule("raise", "1M P ?", "2M", Len("M", 3), Support("M", 6, 10), means="simple raise of {M}")
>>> r.when[0].tokens
('1M', 'P', '?')
>>> [str(c) for c, env in r.calls_in(("1H", "P"))]
['2H']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from redouble.bidding.conditions import MAJORS, MINORS, Condition, Env, Given
from redouble.bidding.meaning import Forcing, HandRange, Meaning
from redouble.calls import Call
from redouble.cards import Strain, Suit
from redouble.deal import Hand

if TYPE_CHECKING:
    from redouble.bidding.context import Context

_VARIABLES = {"M": MAJORS, "N": MAJORS, "m": MINORS, "n": MINORS, "o": (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
              "x": tuple(Suit), "y": tuple(Suit), "z": tuple(Suit), "w": tuple(Suit)}
_HAND_ORDERS = frozenset({"longest", "longest-up", "majors-first"})


def _bind(letter: str, suit: Suit, env: dict[str, Suit]) -> bool:
    """Bind ``letter`` to ``suit`` in ``env`` if allowed; False if it clashes."""
    if suit not in _VARIABLES[letter]:
        return False
    if letter in env:
        return env[letter] == suit
    if suit in env.values():
        return False
    env[letter] = suit
    return True


@dataclass(frozen=True)
class Pattern:
    """An auction pattern like ``"1M P 2M P ?"``."""

    text: str
    tokens: tuple[str, ...] = ()
    fixed: tuple[Call | None, ...] = field(default=(), repr=False, compare=False)  # None: '*' or a variable

    def __post_init__(self) -> None:
        tokens = tuple(self.text.split())
        if not tokens or tokens[-1] != "?":
            raise ValueError(f"an auction pattern ends with '?': {self.text!r}")
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "fixed", tuple(
            None if t == "*" or (t[-1] in _VARIABLES and t[0].isdigit()) else Call(t) for t in tokens[:-1]))

    def match(self, calls: Sequence[Call]) -> dict[str, Suit] | None:
        if len(calls) != len(self.tokens) - 1:
            return None
        env: dict[str, Suit] = {}
        for token, fixed, call in zip(self.tokens, self.fixed, calls, strict=False):
            if fixed is not None:
                if fixed is not call:
                    return None
                continue
            if token != "*":
                if not call.is_bid or call.level != int(token[0]) or call.strain == Strain.NOTRUMP:
                    return None
                assert call.strain is not None and call.strain.suit is not None
                if not _bind(token[-1], call.strain.suit, env):
                    return None
        return env


@dataclass(frozen=True)
class After:
    """Applies wherever partner's last call was made by the rule named ``name`` (e.g. an ace-asking bid)
    and the opponent after it passed."""

    name: str

    def match_ctx(self, ctx: Context) -> dict[str, Suit] | None:
        if ctx.partner_last_rule != self.name or not ctx.calls or not ctx.calls[-1].is_pass:
            return None
        return dict(ctx.partner_last_env)


Situation = Pattern | After


@dataclass(frozen=True)
class Rule:
    """One rule of a system table."""

    name: str
    when: tuple[Situation, ...]
    call: str
    hand: tuple[Condition, ...] = ()
    means: str = ""
    forcing: Forcing = Forcing.NONFORCING
    alert: bool = False
    order: str = "longest"
    seats: tuple[int, ...] | None = None
    passed: bool | None = None
    shows: tuple[Condition, ...] = field(default=())

    def situations(self, ctx: Context) -> Iterator[dict[str, Suit]]:
        if self.seats is not None and ctx.position not in self.seats:
            return
        if self.passed is not None and ctx.passed_hand != self.passed:
            return
        for sit in self.when:
            env = sit.match(ctx.calls) if isinstance(sit, Pattern) else sit.match_ctx(ctx)
            if env is not None:
                yield env

    def calls_in(self, calls: Sequence[Call | str], ctx: Context | None = None,
                 hand: Hand | None = None) -> Iterator[tuple[Call, Env]]:
        """The calls this rule may make after ``calls`` (for doctests and tools; no legality check)."""
        cs = [Call(c) for c in calls]
        for sit in self.when:
            if isinstance(sit, Pattern):
                env = sit.match(cs)
                if env is not None:
                    yield from self._expand(env, ctx, hand, cs)

    def candidates(self, ctx: Context, hand: Hand | None = None) -> Iterator[tuple[Call, Env]]:
        """Every legal (call, bindings) this rule may make now; with ``hand``, longest suits first."""
        for env in self.situations(ctx):
            yield from self.legal_calls(env, ctx, hand)

    def legal_calls(self, env: dict[str, Suit], ctx: Context, hand: Hand | None = None) -> Iterator[tuple[Call, Env]]:
        """The legal (call, bindings) of one situation ``env`` this rule matched, where its requirements on
        the auction alone hold."""
        for call, e in self._expand(env, ctx, hand, ctx.calls):
            if ctx.is_legal(call) and self.applies(e):
                yield call, e

    def applies(self, env: Env) -> bool:
        """Whether the rule's requirements on the auction alone (:class:`Given`) hold for these bindings."""
        return all(c.fn(env) for c in self.hand if isinstance(c, Given))

    @property
    def _letter(self) -> str | None:
        """The suit variable the call names (``"M"`` in ``"2M"``), if any."""
        spec = self.call
        return spec[-1] if spec[-1] in _VARIABLES and spec != "XX" else None

    def orders_by_hand(self, env: dict[str, Suit]) -> bool:
        """Whether the calls this rule tries in situation ``env`` come in an order that depends on the hand
        (its suit is free and taken longest first); otherwise they are the same for every hand."""
        letter = self._letter
        return letter is not None and letter not in env and self.order in _HAND_ORDERS

    def _expand(self, env: dict[str, Suit], ctx: Context | None, hand: Hand | None,
                calls: Sequence[Call]) -> Iterator[tuple[Call, Env]]:
        spec = self.call
        letter = self._letter
        last = next((c for c in reversed(calls) if c.is_bid), None)
        if letter is None:
            if spec.startswith(">"):  # cheapest (or jump) notrump
                level = 1 if last is None else last.level + (1 if last.strain == Strain.NOTRUMP else 0)
                level += spec.count(">") - 1
                if level <= 7:
                    yield Call.bid(level, Strain.NOTRUMP), Env(dict(env), ctx)
                return
            yield Call(spec), Env(dict(env), ctx)
            return
        if letter in env:
            options: list[Suit] = [env[letter]]
        else:
            options = [s for s in _VARIABLES[letter] if s not in env.values()]
            if hand is not None and self.order == "longest":
                options.sort(key=lambda s: (-hand.length(s), -s))
            elif hand is not None and self.order == "longest-up":  # longest first, equal lengths up the line
                options.sort(key=lambda s: (-hand.length(s), s))
            elif hand is not None and self.order == "majors-first":  # longest first, a major before a minor
                options.sort(key=lambda s: (-hand.length(s), -s.is_major, -s))
            elif self.order == "up":
                options.sort()
            else:
                options.sort(reverse=True)
        for suit in options:
            e = dict(env)
            e[letter] = suit
            if spec[0].isdigit():
                call = Call.bid(int(spec[0]), suit.strain)
            else:
                level = 1
                if last is not None:
                    level = last.level + (1 if suit.strain <= (last.strain or 0) else 0)
                level += spec.count(">") - 1
                if level > 7:
                    continue
                call = Call.bid(level, suit.strain)
            yield call, Env(e, ctx)

    def accepts(self, hand: Hand, env: Env) -> bool:
        return all(c.holds(hand, env) for c in self.hand)

    def meaning(self, env: Env) -> Meaning:
        rng = HandRange()
        for c in self.hand + self.shows:
            rng = c.narrow(rng, env)
        words = {k: v.name.lower() for k, v in env.suits.items()}
        try:
            text = self.means.format(**words) if self.means else self.name
        except (KeyError, IndexError):
            text = self.means
        points = None
        for c in self.hand:
            lo, hi = getattr(c, "lo", None), getattr(c, "hi", None)
            if type(c).__name__ in ("Points", "Support", "HCP") and lo is not None and hi is not None:
                points = (lo, min(hi, 37))
                break
        return Meaning(text, self.alert, self.forcing, rng, points, self.name)


def rule(name: str, when: str | Sequence[str] | After, call: str, *hand: Condition, means: str = "",
         forcing: Forcing = Forcing.NONFORCING, alert: bool = False, order: str = "longest",
         seats: Sequence[int] | None = None, passed: bool | None = None,
         shows: Sequence[Condition] = ()) -> Rule:
    """Make a :class:`Rule`; ``when`` is one pattern, a list of them, or an :class:`After`."""
    if isinstance(when, After):
        sits: tuple[Situation, ...] = (when,)
    elif isinstance(when, str):
        sits = (Pattern(when),)
    else:
        sits = tuple(Pattern(w) for w in when)
    return Rule(name, sits, call, tuple(hand), means, forcing, alert, order,
                None if seats is None else tuple(seats), passed, tuple(shows))


F = Forcing.FORCING
GF = Forcing.GAME_FORCING
INV = Forcing.INVITATIONAL
NF = Forcing.NONFORCING
SO = Forcing.SIGNOFF
