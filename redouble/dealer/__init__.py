"""Deals that meet constraints, generated in bulk with NumPy.

Constraints are predicates over a deal, built in Python or written in a small language:

>>> from redouble.dealer import north, south, generate, parse
>>> strong_nt = north.hcp.between(15, 17) & north.balanced
>>> parse("north.hcp in 15..17 and north.balanced").text() == strong_nt.text()
True
>>> deals = generate(strong_nt & (south.spades >= 5), count=2, seed=1)
>>> all(strong_nt(d) and d["S"].length("S") >= 5 for d in deals)
True

See :mod:`redouble.dealer.language` for the language, :mod:`redouble.dealer.shapes` for shapes and
:mod:`redouble.dealer.generator` for how deals are made (and why it is fast).
"""

from redouble.dealer.expr import Constraint, Number, SeatView, east, north, south, west
from redouble.dealer.generator import (
    BATCH,
    DEFAULT_MAX_TRIES,
    BudgetExhaustedError,
    generate,
    iter_deals,
    iter_owner_batches,
)
from redouble.dealer.language import ConstraintSyntaxError, parse

__all__ = [
    "BATCH",
    "DEFAULT_MAX_TRIES",
    "BudgetExhaustedError",
    "Constraint",
    "ConstraintSyntaxError",
    "Number",
    "SeatView",
    "east",
    "generate",
    "iter_deals",
    "iter_owner_batches",
    "north",
    "parse",
    "south",
    "west",
]
