"""What a card player answers: the card, why, and the evidence behind it.

>>> from redouble.cards import Card
>>> CardChoice(Card("SA"), "the only legal card").to_dict()["card"]
'SA'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from redouble.cards import Card


@dataclass(frozen=True)
class CardChoice:
    """The card chosen, why, and the evidence.

    ``tricks``: for each candidate card, the tricks the player's side expects to take in all (won so far
    plus the rest), averaged over the samples; ``scores``: the expected score of each candidate in the form
    of scoring used; ``claim``: when every sample agrees on the rest, the tricks the declarer can claim of
    those still to play (else None); ``samples``: how many layouts were solved.
    """

    card: Card
    reason: str
    tricks: Mapping[Card, float] = field(default_factory=dict)
    scores: Mapping[Card, float] = field(default_factory=dict)
    samples: int = 0
    claim: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"card": str(self.card), "reason": self.reason, "samples": self.samples,
                "tricks": {str(c): round(v, 3) for c, v in self.tricks.items()},
                "scores": {str(c): round(v, 3) for c, v in self.scores.items()}, "claim": self.claim}
