"""A traveller's lines: scores from the scoring core, artificial scores, bad input refused with its reason."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.calls import Contract
from redouble.cards import Card
from redouble.errors import RedoubleError
from redouble.events.results import Result
from redouble.scoring import duplicate_score


def test_seed_duplicate_examples() -> None:
    # Seed 000: 2S making 10 tricks scores 170; 4S making scores 420, or 620 vulnerable.
    assert Result.played(1, "1", "2", "2S", "N", 10).ns_score == 170
    assert Result.played(1, "1", "2", "4S", "S", 10).ns_score == 420
    assert Result.played(2, "1", "2", "4S", "N", 10).ns_score == 620  # board 2: North-South vulnerable
    assert Result.played(2, "1", "2", "4S", "E", 10).ns_score == -420


def test_tricks_relative_to_the_contract_and_a_lead() -> None:
    r = Result.played(7, "3", "9", "3NT", "W", "+1", lead="♠Q")
    assert (r.tricks, r.ns_score, r.lead, r.text) == (10, -630, Card("SQ"), "3NT W 10 +1 SQ")
    assert Result.played(7, "3", "9", "4HX", "N", "-2").ns_score == -500
    assert Result.played(7, "3", "9", "4H", "N", "=").tricks == 10
    assert Result.played(7, "3", "9", "Pass", None, None).text == "Pass"
    assert Result.played(7, "3", "9", "Pass", None, None).ns_score == 0


def test_vulnerability_from_the_deal_when_given() -> None:
    assert Result.played(1, "1", "2", "4S", "N", 10, vulnerability="All").ns_score == 620


def test_assigned_and_split_scores() -> None:
    r = Result.assigned(4, "1", "2", 420, 400)
    assert (r.ns_score, r.ew_score, r.text) == (420, 400, "assigned 420 / 400")
    with pytest.raises(RedoubleError, match="multiple of 10"):
        Result.assigned(4, "1", "2", 425)


def test_artificial_scores() -> None:
    assert Result.artificial_score(1, "1", "2").artificial == (50.0, 50.0)
    assert Result.artificial_score(1, "1", "2", "A+").artificial == (60.0, 40.0)
    assert Result.artificial_score(1, "1", "2", "A+", "A+").text == "A+/A+"
    assert Result.artificial_score(1, "1", "2", "55%", 45).artificial == (55.0, 45.0)
    assert not Result.artificial_score(1, "1", "2").has_score
    assert Result.not_played(1, "1", "2").text == "not played"


@pytest.mark.parametrize(("call", "message"), [
    (lambda: Result.played(1, "1", "2", "8S", "N", 10), "board 1, pairs 1 v 2: not a contract: '8S'"),
    (lambda: Result.played(1, "1", "2", "4S", None, 10), "4S needs a declarer"),
    (lambda: Result.played(1, "1", "2", "4S", "X", 10), "not a seat"),
    (lambda: Result.played(1, "1", "2", "4S", "N", "lots"), "tricks must be a number 0 to 13"),
    (lambda: Result.played(1, "1", "2", "4S", "N", "+4"), "not 14"),
    (lambda: Result.played(1, "1", "2", "4S", "N", 10, lead="S1"), "pairs 1 v 2"),
    (lambda: Result.played(0, "1", "2", "4S", "N", 10), "at least 1, not 0"),
    (lambda: Result.played(1, "1", "1", "4S", "N", 10), "pair 1 cannot play against itself"),
    (lambda: Result.played(1, "", "2", "4S", "N", 10), "North-South pair must be a short id"),
    (lambda: Result.artificial_score(1, "1", "2", "B"), "not A, A\\+, A- or a percentage"),
    (lambda: Result.artificial_score(1, "1", "2", 120), "0 to 100 percent"),
    (lambda: Result.from_dict({"board": 1, "ns": "1", "ew": "2", "kind": "vanished"}), "unknown kind"),
    (lambda: Result.from_dict({"board": 1, "ns": "1", "ew": "2", "round": "x"}), "the round must be"),
])
def test_bad_results_are_refused(call, message: str) -> None:
    with pytest.raises(RedoubleError, match=message):
        call()


contracts = st.builds(lambda level, strain, dbl: f"{level}{strain}{dbl}", st.integers(1, 7),
                      st.sampled_from(["C", "D", "H", "S", "NT"]), st.sampled_from(["", "X", "XX"]))


@given(board=st.integers(1, 36), contract=contracts, declarer=st.sampled_from("NESW"), tricks=st.integers(0, 13),
       lead=st.none() | st.sampled_from(["SA", "H2", "DT", "CK"]))
def test_results_round_trip_and_score_as_the_core(board: int, contract: str, declarer: str, tricks: int,
                                                  lead: str | None) -> None:
    r = Result.played(board, "3", "11", contract, declarer, tricks, lead=lead, round=2, table=3)
    assert Result.from_dict(r.to_dict()) == r
    from redouble.cards import Vulnerability

    assert r.ns_score == duplicate_score(Contract.parse(contract), declarer, tricks, Vulnerability.for_board(board))
    assert r.text.startswith(f"{Contract.parse(contract).bid} {declarer} {tricks}")
