"""Shape patterns: ``"any 4333 + any 4432 - 4333"``, ``"5-4 in the majors"``, ``"55xx"``, as a lookup table.

Lengths are written spades, hearts, diamonds, clubs (as in dealer and PBN); ``x`` is any length and
``any`` allows every order of the suits. ``+`` joins patterns and ``-`` removes them.

>>> table = shape_table("any 4333")
>>> bool(table[shape_code(3, 4, 3, 3)]), bool(table[shape_code(4, 4, 3, 2)])
(True, False)
>>> majors = shape_table("5-4 in the majors")
>>> bool(majors[shape_code(4, 5, 2, 2)]), bool(majors[shape_code(5, 5, 2, 1)])
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import permutations, product

from redouble.errors import RedoubleError

__all__ = ["BALANCED", "SEMI_BALANCED", "shape_code", "shape_table", "shapes_of"]

_ALL_SHAPES = [s for s in product(range(14), repeat=4) if sum(s) == 13]
_GROUPS = {"majors": (0, 1), "minors": (2, 3), "blacks": (0, 3), "reds": (1, 2)}
_GROUP_RE = re.compile(r"^(\d{1,2})(\+?)\s*-\s*(\d{1,2})(\+?)\s+in\s+the\s+(majors|minors|blacks|reds)$")
_DIGITS_RE = re.compile(r"^(any\s+)?([0-9x]{4})$")


def shape_code(spades: int, hearts: int, diamonds: int, clubs: int) -> int:
    """Index of a shape in a table of 14**4 entries."""
    return ((spades * 14 + hearts) * 14 + diamonds) * 14 + clubs


def _term(text: str, whole: str) -> set[tuple[int, ...]]:
    t = " ".join(text.lower().split())
    m = _DIGITS_RE.match(t)
    if m:
        pattern = m.group(2)
        orders = set(permutations(pattern)) if m.group(1) else {tuple(pattern)}
        found = set()
        for order in orders:
            if "x" not in order:
                lengths = tuple(int(p) for p in order)
                found |= {lengths} if sum(lengths) == 13 else set()
                continue
            fixed = [(k, int(p)) for k, p in enumerate(order) if p != "x"]
            found |= {s for s in _ALL_SHAPES if all(s[k] == n for k, n in fixed)}
        if not found:
            raise RedoubleError(f"shape {text.strip()!r} in {whole!r} has no hand: the lengths must add up to 13")
        return found
    m = _GROUP_RE.match(t)
    if m:
        a, a_plus, b, b_plus, group = m.groups()
        i, j = _GROUPS[group]

        def fits(n: int, want: str, plus: str) -> bool:
            return n >= int(want) if plus else n == int(want)

        return {s for s in _ALL_SHAPES
                if (fits(s[i], a, a_plus) and fits(s[j], b, b_plus))
                or (fits(s[j], a, a_plus) and fits(s[i], b, b_plus))}
    raise RedoubleError(f"not a shape: {text.strip()!r} in {whole!r} (expected e.g. '4333', 'any 4432', "
                        "'55xx', '5-4 in the majors', joined with + or -)")


_JOINER_RE = re.compile(r"\s+([+-])\s*|([+-])\s*(?=any\b|[0-9x]{4}\b)")


@lru_cache(maxsize=256)
def shapes_of(text: str) -> frozenset[tuple[int, ...]]:
    """The set of (spades, hearts, diamonds, clubs) lengths that ``text`` describes.

    Patterns are joined by ``+`` and ``-`` with a space before them or a pattern right after them
    (``"any 4333 + any 4432"``, ``"any 4xxx-4333"``); in ``"5+-4+ in the majors"`` they belong to it.
    """
    terms: list[str] = []
    signs: list[str] = ["+"]
    pos = 0
    for m in _JOINER_RE.finditer(text):
        terms.append(text[pos:m.start()])
        signs.append(next(g for g in m.groups() if g))
        pos = m.end()
    terms.append(text[pos:])
    if not terms[0].strip():
        raise RedoubleError(f"not a shape: {text!r} (expected e.g. 'any 4333 + any 4432')")
    result: set[tuple[int, ...]] = set()
    for sign, term in zip(signs, terms, strict=True):
        found = _term(term, text)
        result = result | found if sign == "+" else result - found
    return frozenset(result)


@lru_cache(maxsize=256)
def shape_table(text: str):  # type: ignore[no-untyped-def]
    """A boolean NumPy table indexed by :func:`shape_code`."""
    import numpy as np

    table = np.zeros(14 ** 4, dtype=bool)
    for s in shapes_of(text):
        table[shape_code(*s)] = True
    table.setflags(write=False)
    return table


BALANCED = "any 4333 + any 4432 + any 5332"
SEMI_BALANCED = BALANCED + " + any 5422 + any 6322 + any 7222"  # no singleton or void, as Hand.is_semi_balanced
