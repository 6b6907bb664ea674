"""Scoring: one contract-score core (:mod:`redouble.scoring.core`) and a small module per form.

>>> from redouble.scoring import duplicate_score
>>> duplicate_score("3NT", "S", 10, "None")
430
"""

from redouble.scoring.core import (
    MODERN,
    PRE_1987,
    ContractScore,
    ScoringRules,
    duplicate_points,
    duplicate_score,
    score_contract,
    trick_score,
    undertrick_penalty,
)

__all__ = [
    "MODERN",
    "PRE_1987",
    "ContractScore",
    "ScoringRules",
    "duplicate_points",
    "duplicate_score",
    "score_contract",
    "trick_score",
    "undertrick_penalty",
]
