"""Scoring: one contract-score core (:mod:`redouble.scoring.core`) and a small module per form.

- duplicate: :func:`duplicate_score` (core);
- rubber bridge: :class:`Rubber` (:mod:`~redouble.scoring.rubber`);
- Chicago: :class:`Chicago`, :class:`DuplicateChicago`, :class:`RussianChicago` (:mod:`~redouble.scoring.chicago`);
- minibridge: :class:`Minibridge`, :func:`minibridge_score` (:mod:`~redouble.scoring.minibridge`);
- comparisons: :func:`imps`, victory points (:func:`vp_24_boards`, :func:`wbf_vp`), :func:`matchpoints` with
  Neuberg, :func:`imp_match`, :func:`board_a_match`, :func:`cross_imps`, :func:`butler`.

>>> from redouble.scoring import duplicate_score, imps
>>> duplicate_score("3NT", "S", 10, "None")
430
>>> imps(duplicate_score("4S", "N", 10, "NS") - duplicate_score("2S", "N", 10, "NS"))
10
"""

from redouble.scoring.chicago import (
    Chicago,
    DuplicateChicago,
    RussianChicago,
    russian_imps,
    russian_target,
)
from redouble.scoring.core import (
    MODERN,
    PRE_1987,
    SCORING_FORMS,
    ContractScore,
    ScoringRules,
    check_scoring_form,
    duplicate_points,
    duplicate_score,
    score_contract,
    trick_score,
    undertrick_penalty,
)
from redouble.scoring.imps import imps
from redouble.scoring.matchpoints import (
    AMERICAN,
    EUROPEAN,
    MatchpointScale,
    matchpoints,
    neuberg,
    neuberg_matchpoints,
    opponents_matchpoints,
    percentage,
)
from redouble.scoring.minibridge import Minibridge, choose_declarer, minibridge_score
from redouble.scoring.rubber import Honours, Rubber, honours_in
from redouble.scoring.sheet import ScoreSheet
from redouble.scoring.teams import ImpMatch, board_a_match, butler, butler_datum, cross_imps, imp_match
from redouble.scoring.vp import vp_24_boards, wbf_vp, wbf_vp_table

__all__ = [
    "AMERICAN",
    "EUROPEAN",
    "MODERN",
    "PRE_1987",
    "SCORING_FORMS",
    "Chicago",
    "ContractScore",
    "DuplicateChicago",
    "Honours",
    "ImpMatch",
    "MatchpointScale",
    "Minibridge",
    "Rubber",
    "RussianChicago",
    "ScoreSheet",
    "ScoringRules",
    "board_a_match",
    "butler",
    "butler_datum",
    "check_scoring_form",
    "choose_declarer",
    "cross_imps",
    "duplicate_points",
    "duplicate_score",
    "honours_in",
    "imp_match",
    "imps",
    "matchpoints",
    "minibridge_score",
    "neuberg",
    "neuberg_matchpoints",
    "opponents_matchpoints",
    "percentage",
    "russian_imps",
    "russian_target",
    "score_contract",
    "trick_score",
    "undertrick_penalty",
    "vp_24_boards",
    "wbf_vp",
    "wbf_vp_table",
]
