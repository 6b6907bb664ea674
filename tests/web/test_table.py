"""A table's hints use only what the asking seat may see (issue 10, item 3)."""

from __future__ import annotations

import functools
import itertools

from redouble.cards import Card, Seat
from redouble.deal import Deal
from redouble.robots import claimable_tricks
from redouble.web.table import Table


def claim_after_one_trick(deal: Deal, humans: str = "W") -> Table:
    """3NT by South; one trick played; South claims nine: West (a person) answers."""
    table = Table("t", {"form": "duplicate", "robots": "fast",
                        "seats": {s: "human" if s in humans else "robot" for s in "NESW"}})
    table.apply({"type": "deal", "deal": str(deal), "number": 1, "dealer": "S", "vul": "None"})
    for seat, call in zip("SWNE", ["3NT", "Pass", "Pass", "Pass"], strict=True):
        table.apply({"type": "call", "seat": seat, "call": call})
    for _ in range(4):
        play = table.board.play  # type: ignore[union-attr]
        table.apply({"type": "card", "seat": play.controller.letter, "card": str(play.legal_cards()[-1])})
    table.apply({"type": "claim", "seat": "S", "tricks": 9})
    return table


def swapped(deal: Deal, a: Card, b: Card) -> Deal:
    """``deal`` with cards ``a`` (South's) and ``b`` (East's) changing hands."""
    owners = bytearray(4 for _ in range(52))
    for seat in Seat:
        for card in deal[seat]:
            owners[card.index] = int(seat)
    owners[a.index], owners[b.index] = int(Seat.EAST), int(Seat.SOUTH)
    return Deal.from_owners(owners)


@functools.cache
def two_deals_west_cannot_tell_apart() -> tuple[Deal, Deal]:
    """Two deals that differ only in South's and East's unplayed cards (West sees neither hand, nor any
    void either has shown) while the claim's double-dummy fate differs between them."""
    for seed in range(200):
        deal = Deal.random(seed=seed)
        table = claim_after_one_trick(deal)
        play = table.board.play  # type: ignore[union-attr]
        for a, b in itertools.product(play.hand(Seat.SOUTH), play.hand(Seat.EAST)):
            if a.suit != b.suit:
                continue  # same suit: no void shown in the first trick can tell them apart
            other = swapped(deal, a, b)
            mirror = claim_after_one_trick(other).board.play  # type: ignore[union-attr]
            if (claimable_tricks(play, Seat.SOUTH) >= 9) != (claimable_tricks(mirror, Seat.SOUTH) >= 9):
                return deal, other
    raise AssertionError("no pair of deals found")


def test_a_claim_hint_is_the_same_whatever_the_unseen_cards() -> None:
    first, second = two_deals_west_cannot_tell_apart()
    one, two = claim_after_one_trick(first), claim_after_one_trick(second)
    assert one.view(Seat.WEST)["board"] == two.view(Seat.WEST)["board"]  # West sees the same table
    hint_one, hint_two = one.hint(Seat.WEST), two.hint(Seat.WEST)
    assert hint_one == hint_two  # before: "double-dummy the claimer's side takes N", N from the hidden hands
    assert hint_one.action in ("accept", "reject")
    assert "layouts of the cards you cannot see" in hint_one.reason
    assert "double-dummy the claimer" not in hint_one.reason


def test_a_card_hint_is_the_same_whatever_the_unseen_cards() -> None:
    first, second = two_deals_west_cannot_tell_apart()
    one, two = claim_after_one_trick(first), claim_after_one_trick(second)
    for table in (one, two):
        table.apply({"type": "claim_answer", "seat": "W", "accept": False})
    assert one.actor() == two.actor()
    seat = one.actor()
    assert seat is not None and one.view(seat)["board"] == two.view(seat)["board"]
    assert one.hint(seat) == two.hint(seat)
