"""Shared by the PBN and LIN tests: random boards (hypothesis) and a full comparison of two boards."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from redouble import Board, Call, Deal, Play, Seat, Vulnerability

NOTE_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="|"),
                    max_size=30).map(str.strip)
TAG_VALUE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30).filter(
    lambda v: not v.startswith("#"))
TAG_NAME = st.from_regex(r"\A[A-Z][A-Za-z0-9_]{0,12}\Z").filter(
    lambda n: n not in {"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction",
                        "Play", "Note", "DoubleDummyTricks", "OptimumResultTable", "West", "North", "East",
                        "South", "Room"})
SECTION_WORD = st.from_regex(r"\A[A-Za-z0-9_.:+\-/]{1,8}\Z")
MARKS = st.sampled_from(["?", "!!", "??", "!?", "?!", "$13", "$20", "$2"])


def snapshot(board: Board, *, tags: bool = True) -> dict[str, Any]:
    """Everything a board holds, as plain values that compare by content."""
    play = board.play
    out: dict[str, Any] = {
        "deal": board.deal, "number": board.number, "dealer": board.dealer,
        "vulnerability": board.vulnerability, "auction_dealer": board.auction.dealer,
        "calls": list(board.auction.calls), "annotations": dict(board.auction.annotations),
        "cards": list(play.cards) if play is not None else [],
        "claimed": play.claimed_tricks if play is not None else None,
        "contract": board.contract, "tricks": board.tricks,
        "recorded_contract": board.recorded_contract, "recorded_tricks": board.recorded_tricks,
        "comments": board.comments, "sections": board.sections, "call_marks": board.call_marks,
        "card_marks": board.card_marks, "card_notes": board.card_notes, "lin_extras": board.lin_extras,
    }
    if tags:
        out["tags"] = dict(board.tags)
    return out


@st.composite
def random_boards(draw: st.DrawFn, *, pbn_extras: bool = False, lin_extras: bool = False) -> Board:
    """A random deal with a random legal auction (alerts, notes) and a random legal play, maybe claimed."""
    deal = Deal.random(seed=draw(st.integers(0, 2**32)))
    number = draw(st.none() | st.integers(1, 64))
    if number is not None:
        board = Board.from_number(number, deal=deal)
    else:
        board = Board(deal, None, draw(st.sampled_from(list(Seat))), draw(st.sampled_from(list(Vulnerability))))
    auction = board.auction
    for _ in range(draw(st.integers(0, 30))):
        legal = auction.legal_calls()
        if not legal:
            break
        call = draw(st.just(Call.PASS) | st.sampled_from(legal))
        auction.push(call, alert=draw(st.booleans()), explanation=draw(st.none() | NOTE_TEXT))
        if pbn_extras and draw(st.integers(0, 4)) == 0:
            board.call_marks[len(auction.calls) - 1] = tuple(draw(st.lists(MARKS, min_size=1, max_size=2)))
    contract = auction.contract
    if contract is not None and not contract.is_passed_out:
        play = board.play = Play(deal, contract)
        for _ in range(draw(st.just(52) | st.integers(0, 52))):  # often to the end
            cards = play.legal_cards()
            if not cards:
                break
            play.push(draw(st.sampled_from(cards)))
            index = len(play.cards) - 1
            if pbn_extras and draw(st.integers(0, 6)) == 0:
                board.card_notes[index] = draw(NOTE_TEXT)
            if pbn_extras and draw(st.integers(0, 6)) == 0:
                board.card_marks[index] = (draw(MARKS),)
        if not play.is_complete and draw(st.booleans()):
            seat = draw(st.sampled_from([play.declarer, play.declarer.lho, play.declarer.rho]))
            play.make_claim(draw(st.integers(0, play.tricks_left)), seat)
            play.accept_claim()
    if pbn_extras:
        for name, value in draw(st.dictionaries(TAG_NAME, TAG_VALUE, max_size=4)).items():
            board.tags[name] = value
        names = list(board.tags)
        if names and draw(st.booleans()):
            name = draw(st.sampled_from(names))
            board.sections[name] = draw(st.lists(st.lists(SECTION_WORD, min_size=1, max_size=4).map(" ".join),
                                                 min_size=1, max_size=3))
        for anchor in draw(st.lists(st.sampled_from([""] + names), max_size=3)):
            text = draw(st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="}"),
                                max_size=20))
            board.comments.append((anchor, "{" + text + "}" if draw(st.booleans()) else "; " + text.strip()))
        board.comments.sort(key=lambda c: -1 if c[0] == "" else names.index(c[0]))  # in file order
    if lin_extras:
        if draw(st.booleans()):  # LIN names all four players or none
            for name in ("South", "West", "North", "East"):
                board.tags[name] = draw(st.from_regex(r"\A[A-Za-z0-9_~]{0,10}\Z"))
        n_calls = len(auction.calls)
        n_cards = len(board.play.cards) if board.play is not None else 0
        spots = [(c, 0) for c in range(n_calls)] + [(n_calls, j) for j in range(n_cards + 1)] if n_calls \
            else [(0, 0)]
        picked = sorted(draw(st.lists(st.sampled_from(spots), max_size=4)))
        for calls, cards in picked:
            key = draw(st.sampled_from(["nt", "st", "rh", "sk"]))
            board.lin_extras.append((calls, cards, key, draw(st.from_regex(r"\A[A-Za-z0-9 ,.]{0,12}\Z"))))
    return board
