"""Standard leading agreements: which card to lead from a holding, and why.

Top of a sequence (also a broken or interior one), the ace from ace-king, the king from KQx(x)(x) and the
top of QJx against notrump, fourth best from a long suit with an honour, low from three to an honour, top
of a doubleton and of nothing, never underlead an ace against a suit contract.

>>> from redouble.cards import Rank
>>> def lead(text, nt=False):
...     card, why = conventional_lead([Rank.parse(c) for c in text], notrump=nt)
...     return f"{card.letter} ({why})"
>>> lead("KQJ5"), lead("KQ74"), lead("Q874", nt=True), lead("AK72")
('K (top of a sequence)', 'K (top of a sequence)', '4 (fourth best)', 'A (ace from ace-king)')
>>> lead("KJT4"), lead("Q863"), lead("J74"), lead("982"), lead("73"), lead("A873")
('J (top of an interior sequence)', '3 (fourth best)', '4 (low from three to an honour)', '9 (top of nothing)', \
'7 (top of a doubleton)', 'A (never underlead an ace against a suit contract)')
"""

from __future__ import annotations

from collections.abc import Sequence

from redouble.cards import Card, Rank, Suit


def conventional_lead(ranks: Sequence[Rank], notrump: bool = False) -> tuple[Rank, str]:
    """The card standard agreements lead from a suit holding (``ranks``, any order), and the reason."""
    r = sorted(ranks, reverse=True)
    n = len(r)
    if n == 0:
        raise ValueError("no card to lead from an empty holding")
    if n == 1:
        return r[0], "singleton"
    run = 1
    while run < n and r[run] == r[run - 1] - 1:
        run += 1
    if r[0] == Rank.ACE and r[1] == Rank.KING and (not notrump or n <= 4):
        return r[0], "ace from ace-king"
    if n == 2:
        return r[0], "top of a doubleton"
    honour_top = r[0] >= Rank.TEN
    if notrump:
        if honour_top and (run >= 3 or (run == 2 and r[2] == r[1] - 2)):
            return r[0], "top of a sequence"
        # The king from KQ(x)(x)(x) and the top of a short suit's two touching honours (QJx): low gave
        # declarer a cheap trick (double dummy on robot-bid deals, 4,000 dealt: KQx the king 72% against the
        # low card's 47%, KQxx 70% against 52%, QJx 68% against 50%; from QJxx fourth best stays ahead).
        if honour_top and run == 2 and (r[0] == Rank.KING or n == 3):
            return r[0], "top of touching honours"
    elif honour_top and run >= 2:
        return r[0], "top of a sequence"
    # Against a suit the ace comes before an interior sequence: from AJT(x) the ace was a lead that gave
    # nothing away on 73% of 209 deals (bid by the robots, double dummy), the jack on 54%.
    if not notrump and r[0] == Rank.ACE:
        return r[0], "never underlead an ace against a suit contract"
    if n >= 3 and r[0] >= Rank.QUEEN and r[1] >= Rank.TEN and r[1] == r[2] + 1 and r[0] - r[1] >= 2:
        return r[1], "top of an interior sequence"
    if r[0] >= Rank.JACK:
        if n >= 4:
            return r[3], "fourth best"
        return r[-1], "low from three to an honour"
    if n >= 4 and notrump:
        return r[3], "fourth best"
    return r[0], "top of nothing"


def conventional_leads(cards: Sequence[Card], trump: Suit | None) -> dict[Card, str]:
    """The conventional lead in each suit of ``cards`` (a hand), with its reason.

    Trumps are led low unless from a sequence of honours.

    >>> hand = [Card(c) for c in ("SK", "SQ", "SJ", "H7", "H3", "DA", "D8", "D7", "D4", "C9", "C8", "C2", "CT")]
    >>> {str(c): why for c, why in conventional_leads(hand, trump=Suit.HEARTS).items()}
    {'SK': 'top of a sequence', 'H3': 'low in trumps', 'DA': 'never underlead an ace against a suit contract', \
'CT': 'top of a sequence'}
    """
    out: dict[Card, str] = {}
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = [c.rank for c in cards if c.suit == suit]
        if not ranks:
            continue
        rank, why = conventional_lead(ranks, notrump=trump is None)
        if suit == trump and why not in ("top of a sequence", "singleton", "ace from ace-king"):
            rank, why = min(ranks), "low in trumps"
        out[Card(suit, rank)] = why
    return out


# Against notrump the layouts' estimate of each lead is nudged towards the classic leads, the top of a
# sequence and the longest suit: with the dozen or two layouts a lead can afford, leads a tenth of a trick
# apart are a coin toss, and the classic lead was the better call (on 332 notrump leads of robot-bid deals,
# seed 7, each weighed over 8-40 layouts: 2-3 points more leads that gave nothing away, in both halves).
SEQUENCE_BONUS = 0.15
LONGEST_BONUS = 0.15
_SEQUENCES = ("top of a sequence", "top of an interior sequence")


def lead_bonus(cards: Sequence[Card], leads: dict[Card, str], trump: Suit | None) -> dict[Card, float]:
    """Tricks added to the sampled estimate of each of ``leads`` (conventional leads from the hand
    ``cards``, with their reasons) for the lead's kind: against notrump the top of a sequence and a lead
    from the longest suit; against a suit nothing.

    >>> hand = [Card(c) for c in "SK SQ SJ S4 HA H8 H7 H6 H2 D9 D8 C3 C2".split()]
    >>> bonus = lead_bonus(hand, conventional_leads(hand, trump=None), trump=None)
    >>> {str(c): b for c, b in bonus.items()}
    {'SK': 0.15, 'H6': 0.15, 'D9': 0.0, 'C3': 0.0}
    """
    if trump is not None:
        return {card: 0.0 for card in leads}
    length = {suit: sum(c.suit == suit for c in cards) for suit in Suit}
    longest = max(length.values())
    return {card: SEQUENCE_BONUS * (why in _SEQUENCES) + LONGEST_BONUS * (length[card.suit] == longest)
            for card, why in leads.items()}
