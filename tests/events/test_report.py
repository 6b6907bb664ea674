"""Results as people read them: ranking, travellers, score cards, hand records with double dummy and par."""

from __future__ import annotations

import csv
import io

from redouble.board import Board
from redouble.deal import Deal
from redouble.events.report import (
    hand_record_html,
    ranking_html,
    results_page,
    score_card_html,
    score_dict,
    travellers_csv,
)
from redouble.events.results import Result
from redouble.events.scoring import score_pairs

GRAND = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432")


def event():
    return score_pairs([Result.played(1, "1", "3", "7NT", "N", 13, vulnerability="None", lead="S5"),
                        Result.played(1, "2", "4", "6NT", "N", 13, vulnerability="None"),
                        Result.artificial_score(2, "1", "4", "A+", "A-"), Result.played(2, "2", "3", "1NT", "S", 7)])


def test_hand_record_has_the_double_dummy_table_and_par(solver: object) -> None:
    html = hand_record_html(Board(GRAND, number=1))
    assert "♠ A K Q J" in html and "<td>13</td>" in html
    assert "Par: +1520 7NT-N, 7NT-S" in html


def test_results_page_and_score_cards(solver: object) -> None:
    score = event()
    page = results_page("Club <night>", score, names={"1": "Ann - Bo"},
                        boards={1: Board(GRAND, number=1)})
    assert "<title>Club &lt;night&gt;</title>" in page and page.count("<h2>Board ") == 2
    assert "Par: +1520" in page and "Ann - Bo" in page
    card = score_card_html(score, "1", {"1": "Ann - Bo"})
    assert "Pair 1 Ann - Bo" in card and "7NT N 13 = S5" in card and "A+/A-" in card
    assert "<td>1520</td>" in card and "<td class=left>1020</td>" in card  # its score, and the one beside it
    assert ranking_html(score).count("<tr>") == 5


def test_csv_and_json() -> None:
    score = event()
    rows = list(csv.DictReader(io.StringIO(travellers_csv(score))))
    assert [(r["board"], r["ns"], r["result"], r["ns_score"], r["ns_mp"]) for r in rows] == [
        ("1", "1", "7NT N 13 = S5", "1520", "2"), ("1", "2", "6NT N 13 +1", "1020", "0"),
        ("2", "1", "A+/A-", "", "1.2"), ("2", "2", "1NT S 7 =", "90", "1")]
    data = score_dict(score)
    assert data["boards"][1]["results"][0]["ns_matchpoints"] == 1.2
    assert {p["pair"] for p in data["pairs"]} == {"1", "2", "3", "4"}
