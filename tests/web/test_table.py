"""A table's hints use only what the asking seat may see (issue 10, item 3), and a robot's answer to a claim
tells the claimer nothing about the cards it cannot see."""

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


def swapped(deal: Deal, a: Card, b: Card, one: Seat = Seat.SOUTH, other: Seat = Seat.EAST) -> Deal:
    """``deal`` with cards ``a`` (``one``'s) and ``b`` (``other``'s) changing hands."""
    owners = bytearray(4 for _ in range(52))
    for seat in Seat:
        for card in deal[seat]:
            owners[card.index] = int(seat)
    owners[a.index], owners[b.index] = int(other), int(one)
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


def two_deals_south_cannot_tell_apart() -> tuple[Deal, Deal]:
    """Two deals that differ only in East's and West's unplayed cards (the diamond 8 and ten change hands;
    South, the claimer, sees neither hand) while South's claim of nine is sound double-dummy in one and not
    in the other (found by swapping such cards in random deals, as above)."""
    first = Deal.parse("N:AKT8.J43.QJ954.6 Q7.QT76.K87.T875 J654.82.A632.QJ2 932.AK95.T.AK943")
    second = swapped(first, Card.parse("D8"), Card.parse("DT"), Seat.EAST, Seat.WEST)
    plays = [claim_after_one_trick(deal, humans="S").board.play for deal in (first, second)]
    assert [claimable_tricks(play, Seat.SOUTH) >= 9 for play in plays] == [True, False]  # type: ignore[arg-type]
    return first, second


def test_a_robot_s_answer_to_a_claim_is_the_same_whatever_the_cards_the_claimer_cannot_see() -> None:
    # Before, the robots judged a claim on the actual deal: a person could claim, be refused, claim one trick
    # fewer... and so learn double-dummy where the missing cards lie before playing on.
    first, second = two_deals_south_cannot_tell_apart()
    one, two = claim_after_one_trick(first, humans="S"), claim_after_one_trick(second, humans="S")
    assert one.view(Seat.SOUTH)["board"] == two.view(Seat.SOUTH)["board"]  # South sees the same table
    answer_one, answer_two = one.robot_event(), two.robot_event()
    assert answer_one is not None and answer_one["type"] == "claim_answer" and answer_one["seat"] == "W"
    assert answer_one == answer_two
    assert "layouts of the cards the claimer cannot see" in answer_one["reason"]


def test_robots_accept_a_claim_of_the_tricks_the_claimer_is_sure_of() -> None:
    first, _ = two_deals_south_cannot_tell_apart()
    table = claim_after_one_trick(first, humans="S")
    play = table.board.play  # type: ignore[union-attr]
    play.reject_claim()
    table.apply({"type": "claim", "seat": "S", "tricks": 0})
    answer = table.robot_event()
    assert answer is not None and answer["accept"] is True
    table.apply(answer)
    assert table.view(Seat.SOUTH)["board"]["phase"] == "done"


def test_the_workers_share_of_time_bounds_a_strong_robots_thinking_on_calls_as_on_cards() -> None:
    from redouble.bidding.simulation import STRONG_THINK

    seats = {"N": "robot", "E": "robot", "S": "human", "W": "robot"}
    strong = Table("t", {"form": "duplicate", "seats": seats, "robots": "strong"})
    assert (strong.robot().think, strong.robot(None).budget) == (STRONG_THINK, 0.8)
    busy = strong.robot(0.05)  # many tables want the workers at once
    assert (busy.think, busy.budget) == (0.05, 0.05)
    assert strong.robot(5.0).think == STRONG_THINK  # never more than a call's own limit
    fast = Table("t", {"form": "duplicate", "seats": seats, "robots": "fast"})
    assert fast.robot(0.05).think == 0.0
