"""The constraint language of ``redouble deal --where``.

::

    north.hcp in 15..17 and north.balanced
    south.spades >= 5 and (south.hcp >= 10 or south.losers <= 7)
    north.hcp + south.hcp >= 25 and not east.shape("any 4333 + any 4432")
    west.shape("5-4 in the majors") and west.controls >= 3 and north.holds("SA SK")

Seats: ``north east south west`` (or ``n e s w``), and sides ``ns ew`` for sums (``ns.hcp``). Numbers:
``hcp``, ``hcp(suit)``, ``points`` (hcp + length), ``controls``, ``losers``, ``spades hearts diamonds clubs``,
``length(suit)``; combine with ``+`` and ``-``; compare with ``< <= == != >= >``, or ``in LOW..HIGH``.
Tests: ``balanced``, ``semibalanced``, ``shape("...")``, ``holds("cards or hand")``. Join with
``and``, ``or``, ``not`` and parentheses. A mistake names the column and the token:

>>> parse("north.hcp in 15..17 and north.balanced")
Constraint('north.hcp in 15..17 and north.balanced')
>>> parse("north.hcp >= 15 adn north.balanced")
Traceback (most recent call last):
...
redouble.dealer.language.ConstraintSyntaxError: column 17, at 'adn': expected 'and', 'or' or the end
  north.hcp >= 15 adn north.balanced
                  ^
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from redouble.cards import Seat, Suit
from redouble.dealer.expr import (
    And,
    Arith,
    Const,
    Constraint,
    InRange,
    Not,
    Number,
    Or,
    SeatView,
    Truth,
    _Node,
)
from redouble.errors import RedoubleError

__all__ = ["ConstraintSyntaxError", "parse"]


class ConstraintSyntaxError(RedoubleError):
    """A constraint that does not parse; ``position`` (1-based column) and ``token`` say where."""

    def __init__(self, message: str, text: str, position: int, token: str) -> None:
        self.position = position
        self.token = token
        self.text = text
        where = f"at {token!r}" if token else "at the end"
        super().__init__(f"column {position}, {where}: {message}\n  {text}\n  {' ' * (position - 1)}^")


@dataclass(frozen=True)
class _Token:
    kind: str  # name, number, string, op, end
    value: str
    start: int  # 0-based


_TOKEN_RE = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>\d+)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<string>"[^"]*"|'[^']*')
  | (?P<op>\.\.|>=|<=|==|!=|&&|\|\||[<>=!().,+\-&|~])
""", re.VERBOSE)

_SEATS = {"north": Seat.NORTH, "n": Seat.NORTH, "east": Seat.EAST, "e": Seat.EAST, "south": Seat.SOUTH,
          "s": Seat.SOUTH, "west": Seat.WEST, "w": Seat.WEST}
_SIDES = {"ns": (Seat.NORTH, Seat.SOUTH), "ew": (Seat.EAST, Seat.WEST)}
_NUMBER_PROPS = ("hcp", "points", "controls", "losers", "spades", "hearts", "diamonds", "clubs", "length")
_TEST_PROPS = ("balanced", "semibalanced", "shape", "holds")
_COMPARE = {">=": ">=", "<=": "<=", "==": "==", "=": "==", "!=": "!=", ">": ">", "<": "<"}
_WORD_OPS = {"&&": "and", "&": "and", "||": "or", "|": "or", "!": "not", "~": "not"}


def _tokenize(text: str) -> list[_Token]:
    tokens = []
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise ConstraintSyntaxError("unexpected character", text, pos + 1, text[pos])
        kind = m.lastgroup
        assert kind is not None
        if kind != "space":
            value = m.group()
            if kind == "op" and value in _WORD_OPS:
                kind, value = "name", _WORD_OPS[value]
            tokens.append(_Token(kind, value, pos))
        pos = m.end()
    tokens.append(_Token("end", "", len(text)))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.k = 0

    # --- helpers
    @property
    def tok(self) -> _Token:
        return self.tokens[self.k]

    def fail(self, message: str, tok: _Token | None = None) -> ConstraintSyntaxError:
        t = tok or self.tok
        return ConstraintSyntaxError(message, self.text, t.start + 1, t.value)

    def word(self, *words: str) -> bool:
        t = self.tok
        return t.kind == "name" and t.value.lower() in words

    def op(self, *ops: str) -> bool:
        return self.tok.kind == "op" and self.tok.value in ops

    def take(self) -> _Token:
        t = self.tok
        self.k += 1
        return t

    def expect_op(self, value: str, what: str) -> None:
        if not self.op(value):
            raise self.fail(f"expected {what}")
        self.take()

    # --- grammar
    def parse(self) -> Constraint:
        if self.tok.kind == "end":
            raise self.fail("empty constraint: expected something like 'north.hcp >= 12'")
        node = self.or_expr()
        if self.tok.kind != "end":
            raise self.fail("expected 'and', 'or' or the end")
        return self.constraint(node, self.tokens[0])

    def constraint(self, node: _Node, tok: _Token) -> Constraint:
        if isinstance(node, Number):
            raise self.fail(f"{node.text()!r} is a number, not a test: compare it, like '{node.text()} >= 12'",
                            tok)
        assert isinstance(node, Constraint)
        return node

    def number(self, node: _Node, tok: _Token) -> Number:
        if not isinstance(node, Number):
            raise self.fail(f"{node.text()!r} is a test, not a number", tok)
        return node

    def or_expr(self) -> _Node:
        first = self.tok
        node = self.and_expr()
        while self.word("or"):
            self.take()
            right_tok = self.tok
            node = Or(self.constraint(node, first), self.constraint(self.and_expr(), right_tok))
        return node

    def and_expr(self) -> _Node:
        first = self.tok
        node = self.not_expr()
        while self.word("and"):
            self.take()
            right_tok = self.tok
            node = And(self.constraint(node, first), self.constraint(self.not_expr(), right_tok))
        return node

    def not_expr(self) -> _Node:
        if self.word("not"):
            self.take()
            tok = self.tok
            return Not(self.constraint(self.not_expr(), tok))
        return self.comparison()

    def comparison(self) -> _Node:
        first = self.tok
        left = self.additive()
        if self.tok.kind == "op" and self.tok.value in _COMPARE:
            op = _COMPARE[self.take().value]
            right_tok = self.tok
            right = self.number(self.additive(), right_tok)
            from redouble.dealer.expr import Compare

            return Compare(op, self.number(left, first), right)
        if self.word("in"):
            self.take()
            low_tok = self.tok
            low = self.number(self.additive(), low_tok)
            self.expect_op("..", "'..' between the bounds, like 'in 15..17'")
            high_tok = self.tok
            high = self.number(self.additive(), high_tok)
            return InRange(self.number(left, first), low, high)
        return left

    def additive(self) -> _Node:
        first = self.tok
        node = self.primary()
        while self.op("+", "-"):
            op = self.take().value
            right_tok = self.tok
            node = Arith(op, self.number(node, first), self.number(self.primary(), right_tok))
        return node

    def primary(self) -> _Node:
        t = self.tok
        if t.kind == "number":
            self.take()
            return Const(int(t.value))
        if self.op("-") and self.tokens[self.k + 1].kind == "number":
            self.take()
            return Const(-int(self.take().value))
        if self.op("("):
            self.take()
            node = self.or_expr()
            self.expect_op(")", "')' to close the '('")
            return node
        if self.word("true", "false"):
            self.take()
            return Truth(t.value.lower() == "true")
        if t.kind == "name":
            name = t.value.lower()
            if name in _SEATS or name in _SIDES:
                return self.seat_term()
            raise self.fail("expected a seat (north, east, south, west), a side (ns, ew), a number or '('")
        if t.kind == "end":
            raise self.fail("the constraint ends too soon: expected a seat, a number or '('")
        raise self.fail("expected a seat (north, east, south, west), a number or '('")

    def seat_term(self) -> _Node:
        who = self.take()
        name = who.value.lower()
        self.expect_op(".", f"'.' and a feature after {who.value!r}, like '{who.value}.hcp'")
        prop_tok = self.tok
        if prop_tok.kind != "name":
            raise self.fail("expected a feature: " + ", ".join(_NUMBER_PROPS + _TEST_PROPS))
        prop = self.take().value.lower()
        if name in _SIDES:
            if prop not in _NUMBER_PROPS:
                raise self.fail(f"a side adds up numbers ({', '.join(_NUMBER_PROPS)}); "
                                f"{prop!r} is not one of them", prop_tok)
            a, b = (self.feature(SeatView(s), prop, prop_tok, rewind=True) for s in _SIDES[name])
            self.feature(SeatView(_SIDES[name][0]), prop, prop_tok)  # consume any arguments once
            return Arith("+", self.number(a, prop_tok), self.number(b, prop_tok))
        return self.feature(SeatView(_SEATS[name]), prop, prop_tok)

    def feature(self, view: SeatView, prop: str, prop_tok: _Token, rewind: bool = False) -> _Node:
        start = self.k
        try:
            if prop in ("hcp", "length"):
                suit = self.optional_suit_argument(required=prop == "length")
                if prop == "length":
                    assert suit is not None
                    return view.length(suit)
                return view.hcp if suit is None else view.hcp_in(suit)
            if prop in ("points", "controls", "losers", "spades", "hearts", "diamonds", "clubs", "balanced",
                        "semibalanced"):
                return getattr(view, prop)  # type: ignore[no-any-return]
            if prop in ("shape", "holds"):
                self.expect_op("(", f"'(' and a quoted argument after {prop}, like {prop}(\"...\")")
                arg = self.tok
                if arg.kind != "string":
                    wanted = 'shape, like "any 4333"' if prop == "shape" else 'list of cards, like "SA HK"'
                    raise self.fail(f"expected a quoted {wanted}")
                self.take()
                self.expect_op(")", "')' after the argument")
                try:
                    return view.shape(arg.value[1:-1]) if prop == "shape" else view.holds(arg.value[1:-1])
                except RedoubleError as exc:
                    raise self.fail(str(exc), arg) from None
            raise self.fail("unknown feature; expected one of " + ", ".join(_NUMBER_PROPS + _TEST_PROPS),
                            prop_tok)
        finally:
            if rewind:
                self.k = start

    def optional_suit_argument(self, required: bool) -> Suit | None:
        if not self.op("("):
            if required:
                raise self.fail("expected '(' and a suit, like length(spades)")
            return None
        self.take()
        t = self.tok
        if t.kind not in ("name", "string"):
            raise self.fail("expected a suit: spades, hearts, diamonds or clubs")
        self.take()
        try:
            suit = Suit.parse(t.value.strip("\"'"))
        except RedoubleError:
            raise self.fail("expected a suit: spades, hearts, diamonds or clubs", t) from None
        self.expect_op(")", "')' after the suit")
        return suit


def parse(text: str) -> Constraint:
    """Read a constraint of the language above; raises :class:`ConstraintSyntaxError` naming where."""
    if not isinstance(text, str):
        raise RedoubleError(f"a constraint is text, not {text!r}")
    return _Parser(text).parse()
