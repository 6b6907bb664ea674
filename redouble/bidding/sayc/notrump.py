"""SAYC notrump structure: 1NT (15-17), 2NT (20-21), 2C-2D-2NT (22-24) and 3NT (25-27) with Stayman,
Jacoby transfers, the 2S minor-suit relay, Gerber, quantitative 4NT and 5NT (forcing to 6NT, inviting 7NT);
systems on over a double of 1NT; Stayman over our 1NT overcall.

The same table serves each notrump opening, built from the opener's range and the level of the
responses, so the figures stay consistent (25 points for game, 33 for a small slam, 37 for a grand).

>>> names = {r.name for r in NOTRUMP}
>>> {"nt.stayman", "nt.transfer", "nt.gerber", "nt.quantitative"} <= names
True
"""

from __future__ import annotations

from redouble.bidding.conditions import HCP, Balanced, Len, NoFourCardMajor, NTPoints, any_of, given, test
from redouble.bidding.rules import GF, INV, NF, SO, F, Rule, rule
from redouble.cards import Suit
from redouble.deal import Hand


def _has_four_card_major(h: Hand, e: object) -> bool:
    return h.length(Suit.HEARTS) >= 4 or h.length(Suit.SPADES) >= 4


def _stayman_shape(h: Hand, e: object) -> bool:
    """A four-card major, not 4-3-3-3, and no six-card major (that hand transfers)."""
    return (_has_four_card_major(h, e) and h.pattern != "4333"
            and h.length(Suit.HEARTS) < 6 and h.length(Suit.SPADES) < 6
            and not (max(h.length(Suit.HEARTS), h.length(Suit.SPADES)) >= 5
                     and min(h.length(Suit.HEARTS), h.length(Suit.SPADES)) < 4))


four_major = test("a four-card major", _has_four_card_major,
                  lambda r, e: r)
stayman_shape = test("a four-card major (not 4-3-3-3)", _stayman_shape)
hearts_longer = test("more hearts than spades", lambda h, e: h.length(Suit.HEARTS) > h.length(Suit.SPADES))
spades_at_least = test("at least as many spades as hearts",
                       lambda h, e: h.length(Suit.SPADES) >= h.length(Suit.HEARTS))
six_minor = any_of(Len("C", 6), Len("D", 6))
unbalanced = test("unbalanced", lambda h, e: not h.is_semi_balanced)
# Opposite a notrump opening's seven losers or so, a hand with a fit and five losers makes twelve tricks
# likely (the losing-trick count): a slam try with game values, however few the high cards.
FIT_SLAM_LOSERS = 5
few_losers = test(f"{FIT_SLAM_LOSERS} losers or fewer", lambda h, e: h.losers <= FIT_SLAM_LOSERS)
not_few_losers = test(f"more than {FIT_SLAM_LOSERS} losers", lambda h, e: h.losers > FIT_SLAM_LOSERS)


def semi_balanced_when(required: bool):  # type: ignore[no-untyped-def]
    """Semi-balanced, unless the structure has no natural new suit to offer instead."""
    return test("semi-balanced, or no room for a natural new suit",
                lambda h, e: h.is_semi_balanced or not required)


def nt_structure(prefixes: list[str], lo: int, hi: int, step: int, full: bool = True) -> list[Rule]:
    """Responses to a natural notrump bid of ``lo``-``hi`` HCP; ``step`` is the level of the notrump bid.

    ``full`` adds the low-level tools only a 1NT opening has (2NT invitation, 2S relay, 3m invitations).
    """
    inv_lo, game_lo = 23 - lo, 25 - lo
    if step >= 2:
        game_lo = max(3, 25 - hi)
        inv_lo = game_lo
    quant_lo, six_lo, seven_lo = 33 - hi, 33 - lo, 37 - lo
    lvl = step + 1
    stay, to_h, to_s = f"{lvl}C", f"{lvl}D", f"{lvl}H"
    max_hcp = HCP(lo + 1, hi) if hi - lo >= 2 else HCP(hi, hi)
    min_hcp = HCP(lo, lo) if hi - lo >= 2 else HCP(lo, lo)
    # Accepting an invitation, a five-card suit counts a point: 15 with five hearts bids 1NT 2NT 3NT.
    accepts = any_of(max_hcp, (HCP(lo, hi), NTPoints(lo + 1)))
    out: list[Rule | None] = []
    for p in prefixes:
        out += [
            rule("nt.gerber", f"{p} ?", "4C", HCP(six_lo), unbalanced,
                 test("no five-card major", lambda h, e: max(h.length(Suit.HEARTS), h.length(Suit.SPADES)) < 5),
                 means="Gerber: how many aces?", forcing=F, alert=True) if step <= 2 else None,
            # A long minor and five losers opposite the notrump's seven or so make twelve tricks likely (the
            # losing-trick count), whatever the high cards: ask for aces rather than sit in 3NT.
            rule("nt.gerber", f"{p} ?", "4C", six_minor, few_losers, HCP(game_lo),
                 test("no four-card major (Stayman first)",
                      lambda h, e: max(h.length(Suit.HEARTS), h.length(Suit.SPADES)) < 4),
                 means="Gerber: how many aces? (a long minor, slam playing strength)", forcing=F,
                 alert=True) if step <= 2 else None,
            # The booklet: "3H, 3S = at least a six-card suit and slam interest (otherwise responder uses a
            # transfer bid)"; slam interest opposite 15-17 is 14 HCP or so.
            rule("nt.major-slam-try", f"{p} ?", "3M", Len("M", 6), HCP(29 - lo),
                 means="a six-card {M} suit and slam interest", forcing=GF) if full else None,
            # Opener with a minimum declines in game; with more, control cue-bids (the natural layer).
            rule("nt.major-slam-try-reply", f"{p} 3M P ?", "4M", HCP(lo, lo + 1),
                 means="a minimum: game in {M}, no slam interest") if full else None,
            # Five-four in the majors with invitational values or more: Stayman first (the booklet), so a
            # four-four fit is found; the five-card major follows over 2D.
            rule("nt.stayman", f"{p} ?", stay, HCP(inv_lo), stayman_shape,
                 means="Stayman: do you have a four-card major?", forcing=F, alert=True),
            rule("nt.transfer", f"{p} ?", to_h, Len("H", 5), hearts_longer,
                 means="Jacoby transfer: 5+ hearts", forcing=F, alert=True),
            rule("nt.transfer", f"{p} ?", to_s, Len("S", 5), spades_at_least,
                 means="Jacoby transfer: 5+ spades", forcing=F, alert=True),
        ]
        if full:
            out += [
                rule("nt.stayman", f"{p} ?", stay, HCP(0, inv_lo - 1), Len("H", 4), Len("S", 4), Len("C", 0, 1),
                     means="Stayman (weak, will pass any answer)", forcing=F, alert=True),
                rule("nt.minor-relay", f"{p} ?", "2S", HCP(0, 7), six_minor, NoFourCardMajor(),
                     means="relay to 3C: a weak hand with a long minor", forcing=F, alert=True),
                rule("nt.minor-invite", f"{p} ?", "3m", Len("m", 6), HCP(6, inv_lo + 1),
                     test("two of the top three honours",
                          lambda h, e: bin(h.holding(e.suit("m")) >> 10).count("1") >= 2),
                     means="invites 3NT: a good six-card {m} suit", forcing=INV),
                rule("nt.2nt-invite", f"{p} ?", "2NT", NTPoints(inv_lo, game_lo - 1), means="invites 3NT",
                     forcing=INV),
            ]
        out += [
            rule("nt.game", f"{p} ?", "3NT", NTPoints(game_lo), HCP(0, quant_lo - 1), means="to play"),
            rule("nt.quantitative", f"{p} ?", "4NT", HCP(quant_lo, six_lo - 1), Balanced(True),
                 means="quantitative: invites 6NT", forcing=INV),
            rule("nt.grand-invite", f"{p} ?", "5NT", HCP(seven_lo - 2, seven_lo - 1), Balanced(True),
                 means="forcing to 6NT, invites 7NT", forcing=F),
            rule("nt.small-slam", f"{p} ?", "6NT", HCP(six_lo, seven_lo - 1), means="to play"),
            rule("nt.grand-slam", f"{p} ?", "7NT", HCP(seven_lo), means="to play"),
            rule("nt.pass", f"{p} ?", "P", NTPoints(0, inv_lo - 1), means="pass: no game"),
            # --- opener answers -----------------------------------------------------------------------
            rule("nt.stayman-reply", [f"{p} {stay} P ?", f"{p} {stay} X ?"], f"{lvl}H", Len("H", 4),
                 means="four hearts",
                 alert=False),
            rule("nt.stayman-reply", [f"{p} {stay} P ?", f"{p} {stay} X ?"], f"{lvl}S", Len("S", 4), Len("H", 0, 3),
                 means="four spades, not four hearts"),
            rule("nt.stayman-reply", [f"{p} {stay} P ?", f"{p} {stay} X ?"], f"{lvl}D", Len("H", 0, 3), Len("S", 0, 3),
                 means="no four-card major", alert=True),
            rule("nt.super-accept", f"{p} {to_h} P ?", f"{lvl + 1}H", Len("H", 4), HCP(hi, hi),
                 means="super-accept: four hearts and a maximum") if full else None,
            rule("nt.accept", [f"{p} {to_h} P ?", f"{p} {to_h} X ?"], f"{lvl}H", means="accepts the transfer",
                 shows=(Len("H", 2),)),
            rule("nt.super-accept", f"{p} {to_s} P ?", f"{lvl + 1}S", Len("S", 4), HCP(hi, hi),
                 means="super-accept: four spades and a maximum") if full else None,
            rule("nt.accept", [f"{p} {to_s} P ?", f"{p} {to_s} X ?"], f"{lvl}S", means="accepts the transfer",
                 shows=(Len("S", 2),)),
            rule("nt.4nt-reply", f"{p} 4NT P ?", "6NT", accepts,
                 means="accepts: a maximum (a five-card suit counts)"),
            rule("nt.4nt-reply", f"{p} 4NT P ?", "P", min_hcp, means="declines: a minimum"),
            rule("nt.5nt-reply", f"{p} 5NT P ?", "7NT", accepts,
                 means="accepts the grand slam invitation: a maximum (a five-card suit counts)"),
            rule("nt.5nt-reply", f"{p} 5NT P ?", "6NT", means="declines the grand slam invitation: a minimum"),
        ]
        if full:
            out += [
                rule("nt.relay-reply", f"{p} 2S P ?", "3C", means="relay completed, as asked", alert=True),
                rule("nt.relay-done", f"{p} 2S P 3C P ?", "P", Len("C", 6), means="to play in clubs"),
                rule("nt.relay-done", f"{p} 2S P 3C P ?", "3D", Len("D", 6), means="to play in diamonds"),
                rule("nt.2nt-reply", f"{p} 2NT P ?", "3NT", accepts,
                     means="accepts: a maximum (a five-card suit counts)"),
                rule("nt.2nt-reply", f"{p} 2NT P ?", "P", min_hcp, means="declines: a minimum"),
                rule("nt.minor-invite-reply", f"{p} 3m P ?", "3NT", HCP(lo, hi),
                     test("a fitting honour", lambda h, e: bool(h.holding(e.suit("m")) >> 10)),
                     means="accepts: a fitting honour"),
                rule("nt.minor-invite-reply", f"{p} 3m P ?", "P", means="declines"),
            ]
        # --- responder after Stayman ----------------------------------------------------------------------
        for m_name, other in (("H", "S"), ("S", "H")):
            reply = f"{p} {stay} P {lvl}{m_name} P"
            out += [
                rule("nt.stayman-game", f"{reply} ?", f"4{m_name}", Len(m_name, 4), HCP(game_lo, quant_lo - 2),
                     not_few_losers,
                     means=f"game in {Suit.parse(m_name).name.lower()}: a fit"),
                rule("nt.stayman-invite", f"{reply} ?", f"3{m_name}", Len(m_name, 4), HCP(inv_lo, game_lo - 1),
                     means="invites game with a fit", forcing=INV) if full else None,
                rule("nt.stayman-3nt", f"{reply} ?", "3NT", NTPoints(game_lo), HCP(0, quant_lo - 1),
                     Len(m_name, 0, 3),
                     means="game in notrump: no fit"),
                rule("nt.stayman-2nt", f"{reply} ?", "2NT", NTPoints(inv_lo, game_lo - 1),
                     means="invites 3NT: no fit", forcing=INV) if full else None,
                rule("nt.stayman-pass", f"{reply} ?", "P", HCP(0, inv_lo - 1), means="pass: weak"),
                # opener, after responder's invitation or 3NT
                rule("nt.stayman-accept", f"{reply} {lvl + 1}{m_name} P ?", f"4{m_name}", max_hcp,
                     means="accepts the invitation"),
                rule("nt.stayman-accept", f"{reply} {lvl + 1}{m_name} P ?", "P", min_hcp, means="declines"),
            ]
            # The other major is an artificial slam try agreeing opener's (expert standard; a natural bid there
            # would be pointless, as Stayman with four cards in the other major only): 1NT-2C-2H-3S, 1NT-2C-2S-3H,
            # 2NT-3C-3H-3S.
            try_call = f"{lvl + 1}{other}" if step == 1 else f"{lvl}{other}"
            if m_name == "H" or step == 1:
                out += [
                    rule("nt.stayman-slam-try", f"{reply} ?", try_call, Len(m_name, 4),
                         any_of(HCP(quant_lo - 1), (HCP(game_lo), few_losers)),
                         means=f"a fit in {Suit.parse(m_name).name.lower()} and slam interest (artificial)",
                         forcing=GF, alert=True),
                    rule("nt.stayman-slam-try-reply", f"{reply} {try_call} P ?", f"4{m_name}", min_hcp,
                         means="a minimum: game, no slam interest"),
                ]
            if m_name == "H":
                out += [
                    rule("nt.stayman-other-major", f"{reply} 3NT P ?", f"4{other}", Len(other, 4),
                         means="four spades too: the fit responder showed"),
                    rule("nt.stayman-other-major", f"{reply} 3NT P ?", "P", means="pass"),
                    rule("nt.stayman-other-major", f"{reply} 2NT P ?", "4S", Len("S", 4), max_hcp,
                         means="four spades, a maximum") if full else None,
                    rule("nt.stayman-other-major", f"{reply} 2NT P ?", "3S", Len("S", 4), min_hcp,
                         means="four spades, a minimum") if full else None,
                ]
            if full:
                out += [
                    rule("nt.stayman-2nt-reply", f"{reply} 2NT P ?", "3NT", accepts, means="accepts"),
                    rule("nt.stayman-2nt-reply", f"{reply} 2NT P ?", "P", min_hcp, means="declines"),
                ]
        # A minor after Stayman's answer: five or more cards and slam interest (the booklet), no fit in a
        # major opener has shown. Opener agrees with three-card support and more than a minimum.
        for answer in ("D", "H", "S"):
            after = f"{p} {stay} P {lvl}{answer} P"
            no_fit = Len(answer, 0, 3) if answer != "D" else Len("D", 0, 13)
            out += [
                rule("nt.stayman-minor-slam-try", f"{after} ?", "3m", Len("m", 5), no_fit, HCP(quant_lo - 1),
                     means="five or more {m} and slam interest", forcing=GF),
                rule("nt.stayman-minor-slam-try-reply", f"{after} 3m P ?", "4m", Len("m", 3), HCP(lo + 1, hi),
                     means="agrees {m}: slam interest too"),
                rule("nt.stayman-minor-slam-try-reply", f"{after} 3m P ?", "3NT",
                     means="no fit or a minimum: 3NT"),
            ] if full else []
        none = f"{p} {stay} P {lvl}D P"
        out += [
            rule("nt.stayman-five", f"{none} ?", "3M", Len("M", 5), HCP(game_lo),
                 means="five {M}, forcing to game", forcing=GF),
            rule("nt.stayman-five", f"{none} ?", "2M", Len("M", 5), HCP(inv_lo, game_lo - 1),
                 means="five {M}, invitational", forcing=INV) if full else None,
            rule("nt.stayman-3nt", f"{none} ?", "3NT", NTPoints(game_lo), HCP(0, quant_lo - 1),
                 means="game in notrump"),
            rule("nt.stayman-2nt", f"{none} ?", "2NT", NTPoints(inv_lo, game_lo - 1), means="invites 3NT",
                 forcing=INV) if full else None,
            rule("nt.stayman-pass", f"{none} ?", "P", HCP(0, inv_lo - 1), means="pass: weak"),
            rule("nt.stayman-five-reply", f"{none} 3M P ?", "4M", Len("M", 3), means="three {M}: game"),
            rule("nt.stayman-five-reply", f"{none} 3M P ?", "3NT", Len("M", 0, 2), means="two {M}: 3NT"),
            rule("nt.stayman-2nt-reply", f"{none} 2NT P ?", "3NT", accepts, means="accepts") if full else None,
            rule("nt.stayman-2nt-reply", f"{none} 2NT P ?", "P", min_hcp, means="declines") if full else None,
            rule("nt.stayman-five-reply", f"{none} 2M P ?", "4M", Len("M", 3), max_hcp,
                 means="accepts with a fit") if full else None,
            rule("nt.stayman-five-reply", f"{none} 2M P ?", "3NT", Len("M", 0, 2), max_hcp,
                 means="accepts without a fit") if full else None,
            rule("nt.stayman-five-reply", f"{none} 2M P ?", "P", means="declines") if full else None,
        ]
        # --- responder after a transfer ----------------------------------------------------------------
        for t, acc, m_name in ((to_h, f"{lvl}H", "H"), (to_s, f"{lvl}S", "S")):
            base = f"{p} {t} P {acc} P"
            word = Suit.parse(m_name).name.lower()
            out += [
                rule("nt.transfer-slam", f"{base} ?", "4NT", Len(m_name, 5, 5), HCP(quant_lo, six_lo - 1),
                     Balanced(True), means="quantitative with five " + word, forcing=INV),
                # Over 2NT there is no direct 3M slam try (3H and 3S are transfers): transfer, then 4C.
                rule("nt.transfer-slam-try", f"{base} ?", "4C", Len(m_name, 6), HCP(quant_lo - 1, seven_lo - 1),
                     means=f"6+ {word} and slam interest (artificial)", forcing=GF,
                     alert=True) if not full else None,
                rule("nt.transfer-slam-try-reply", f"{base} 4C P ?", f"4{m_name}", min_hcp,
                     means="a minimum: game, no slam interest") if not full else None,
                rule("nt.transfer-game", f"{base} ?", f"4{m_name}", Len(m_name, 6), HCP(game_lo, six_lo - 1),
                     means=f"game: 6+ {word}"),
                rule("nt.transfer-game", f"{base} ?", "3NT", Len(m_name, 5, 5), HCP(game_lo, quant_lo - 1),
                     semi_balanced_when(full),
                     means=f"choice of games: five {word}"),
                rule("nt.transfer-new-suit", f"{base} ?", "3m", Len("m", 4), HCP(game_lo),
                     means="natural, forcing to game", forcing=GF) if full else None,
                rule("nt.transfer-invite", f"{base} ?", f"3{m_name}", Len(m_name, 6), HCP(inv_lo, game_lo - 1),
                     means=f"invites game: 6+ {word}", forcing=INV) if full else None,
                rule("nt.transfer-invite", f"{base} ?", "2NT", Len(m_name, 5, 5), HCP(inv_lo, game_lo - 1),
                     means=f"invites game: five {word}", forcing=INV) if full else None,
                rule("nt.transfer-pass", f"{base} ?", "P", HCP(0, inv_lo - 1), means="to play"),
                # opener's answers
                rule("nt.transfer-reply", f"{base} 2NT P ?", f"4{m_name}", Len(m_name, 3), accepts,
                     means="accepts, three-card support") if full else None,
                rule("nt.transfer-reply", f"{base} 2NT P ?", f"3{m_name}", Len(m_name, 3), min_hcp,
                     means="declines, three-card support") if full else None,
                rule("nt.transfer-reply", f"{base} 2NT P ?", "3NT", accepts, means="accepts") if full else None,
                rule("nt.transfer-reply", f"{base} 2NT P ?", "P", means="declines") if full else None,
                rule("nt.transfer-reply", f"{base} 3{m_name} P ?", f"4{m_name}", max_hcp,
                     means="accepts") if full else None,
                # Four trumps opposite six make ten: the trump length is worth the missing high cards.
                rule("nt.transfer-reply", f"{base} 3{m_name} P ?", f"4{m_name}", Len(m_name, 4),
                     means="accepts: four-card support (ten trumps)") if full else None,
                rule("nt.transfer-reply", f"{base} 3{m_name} P ?", "P", means="declines") if full else None,
                rule("nt.transfer-reply", f"{base} 3NT P ?", f"4{m_name}", Len(m_name, 3),
                     means="three-card support: the major game"),
                rule("nt.transfer-reply", f"{base} 3NT P ?", "P", means="two-card support: pass"),
                rule("nt.transfer-reply", f"{base} 4NT P ?", f"6{m_name}", Len(m_name, 3), max_hcp,
                     means="accepts, with support"),
                rule("nt.transfer-reply", f"{base} 4NT P ?", "6NT", max_hcp, means="accepts"),
                rule("nt.transfer-reply", f"{base} 4NT P ?", "P", means="declines"),
            ]
            if full:
                # Opposite a maximum with four trumps, 14 HCP or more look for slam (the natural layer asks).
                out.append(rule("nt.super-accept-reply", f"{p} {t} P {lvl + 1}{m_name} P ?", f"4{m_name}",
                                HCP(5, 13), means="game after the super-accept"))
                out.append(rule("nt.super-accept-reply", f"{p} {t} P {lvl + 1}{m_name} P ?", "P", HCP(0, 4),
                                means="pass: weak"))
    return [r for r in out if r is not None]


NOTRUMP: list[Rule] = []
NOTRUMP += nt_structure(["1NT P", "1NT X"], 15, 17, 1)
NOTRUMP += nt_structure(["2NT P"], 20, 21, 2, full=False)
NOTRUMP += nt_structure(["2C P 2D P 2NT P", "2C P 2D X 2NT P"], 22, 24, 2, full=False)
NOTRUMP += [
    rule("nt.stayman", "3NT P ?", "4C", HCP(5), stayman_shape, means="Stayman over 3NT",
         forcing=F, alert=True),
    rule("nt.transfer", "3NT P ?", "4D", Len("H", 5), hearts_longer, HCP(3), means="transfer to hearts",
         forcing=F, alert=True),
    rule("nt.transfer", "3NT P ?", "4H", Len("S", 5), spades_at_least, HCP(3), means="transfer to spades",
         forcing=F, alert=True),
    rule("nt.stayman-reply", "3NT P 4C P ?", "4H", Len("H", 4), means="four hearts"),
    rule("nt.stayman-reply", "3NT P 4C P ?", "4S", Len("S", 4), means="four spades"),
    rule("nt.stayman-reply", "3NT P 4C P ?", "4D", means="no four-card major", alert=True),
    rule("nt.accept", "3NT P 4D P ?", "4H", means="accepts the transfer"),
    rule("nt.accept", "3NT P 4H P ?", "4S", means="accepts the transfer"),
    rule("nt.pass", "3NT P ?", "P", HCP(0, 6), means="pass"),
    # Our 1NT overcall (15-18): 2C is Stayman, nothing else is conventional.
    rule("nt.overcall-stayman", "1x 1NT P ?", "2C", HCP(9), stayman_shape,
         means="Stayman over partner's 1NT overcall", forcing=F, alert=True),
    rule("nt.overcall-game", "1x 1NT P ?", "3NT", HCP(9, 15), means="to play"),
    rule("nt.overcall-invite", "1x 1NT P ?", "2NT", HCP(7, 8), means="invites 3NT", forcing=INV),
    rule("nt.overcall-weak", "1x 1NT P ?", "2y", Len("y", 5), HCP(0, 7),
         given("not clubs", lambda e: e.suit("y") != Suit.CLUBS), means="to play: 5+ {y}"),
    rule("nt.overcall-pass", "1x 1NT P ?", "P", HCP(0, 6), means="pass"),
    rule("nt.overcall-stayman-reply", "1x 1NT P 2C P ?", "2H", Len("H", 4), means="four hearts"),
    rule("nt.overcall-stayman-reply", "1x 1NT P 2C P ?", "2S", Len("S", 4), means="four spades"),
    rule("nt.overcall-stayman-reply", "1x 1NT P 2C P ?", "2D", means="no four-card major"),
]

__all__ = ["NOTRUMP", "nt_structure", "four_major", "NF", "SO"]
