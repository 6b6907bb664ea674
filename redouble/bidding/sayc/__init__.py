"""Standard American Yellow Card as rule tables, one per area, in the order they are tried.

>>> from redouble.bidding.sayc import TABLES
>>> [name for name, _ in TABLES]
['slam', 'notrump', 'openings', 'two-bids', 'responses', 'opener-rebids', 'responder-rebids', 'competition']
"""

from __future__ import annotations

from redouble.bidding import natural
from redouble.bidding.rules import Rule
from redouble.bidding.sayc.competition import COMPETITION
from redouble.bidding.sayc.notrump import NOTRUMP
from redouble.bidding.sayc.openings import OPENINGS
from redouble.bidding.sayc.rebids import OPENER_REBIDS
from redouble.bidding.sayc.responder import RESPONDER_REBIDS
from redouble.bidding.sayc.responses import RESPONSES
from redouble.bidding.sayc.slam import SLAM
from redouble.bidding.sayc.twos import TWO_BIDS
from redouble.bidding.system import System

TABLES: list[tuple[str, list[Rule]]] = [
    ("slam", SLAM),
    ("notrump", NOTRUMP),
    ("openings", OPENINGS),
    ("two-bids", TWO_BIDS),
    ("responses", RESPONSES),
    ("opener-rebids", OPENER_REBIDS),
    ("responder-rebids", RESPONDER_REBIDS),
    ("competition", COMPETITION),
]


def build_sayc() -> System:
    """The SAYC system: every table's rules in order, then natural bidding."""
    rules = tuple(r for _, table in TABLES for r in table)
    return System("sayc", rules, natural.choose, natural.describe)
