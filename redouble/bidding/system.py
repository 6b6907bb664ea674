"""A bidding system: its rules in the order they are tried, and its natural fallback.

>>> from redouble.bidding.engine import get_system
>>> system = get_system("basic")
>>> system.name, len(system.rules_for(0)) > 0
('basic', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from redouble.bidding.context import Context
from redouble.bidding.meaning import Meaning
from redouble.bidding.rules import After, Pattern, Rule
from redouble.calls import Call
from redouble.deal import Hand

Chooser = Callable[[Context, Hand], tuple[Call, str, str]]
Describer = Callable[[Context, Call], tuple[Meaning, str | None]]


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
