"""Card play by the computer: sampling of unseen hands, double-dummy evaluation, leads, signals, claims.

>>> from redouble import Deal, Play
>>> play = Play(Deal.random(seed=7), "4S-S")
>>> choose_card(play, samples=8).card in play.legal_cards()
True
"""

from __future__ import annotations

from redouble.cardplay.auction_fit import fit_to_auction, mismatches
from redouble.cardplay.choice import CardChoice
from redouble.cardplay.leads import conventional_lead, conventional_leads
from redouble.cardplay.player import choose_card, equivalent_groups, samples_for
from redouble.cardplay.sampling import Samples, View, replay, sample_deals
from redouble.cardplay.signals import Signal, read_signals, signal_card
from redouble.cardplay.simple import simple_card
from redouble.scoring.core import SCORING_FORMS

__all__ = [
    "SCORING_FORMS",
    "CardChoice",
    "Samples",
    "Signal",
    "View",
    "choose_card",
    "conventional_lead",
    "conventional_leads",
    "equivalent_groups",
    "fit_to_auction",
    "mismatches",
    "read_signals",
    "replay",
    "sample_deals",
    "samples_for",
    "signal_card",
    "simple_card",
]
