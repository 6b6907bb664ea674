"""``redouble deal --format pbn|lin``: the boards read back as the same deals as ``--format json``."""

from __future__ import annotations

import json

import pytest

from redouble import Deal, Seat, Vulnerability, lin, pbn
from redouble.cli import main


def deal_output(capsys: pytest.CaptureFixture[str], fmt: str) -> str:
    assert main(["deal", "--count", "3", "--seed", "1", "--format", fmt]) == 0
    return capsys.readouterr().out


def expected(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in deal_output(capsys, "json").splitlines()]


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_formats_read_back_as_the_json_deals(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    module = pbn if fmt == "pbn" else lin
    boards = module.loads(deal_output(capsys, fmt))
    want = expected(capsys)
    assert [(b.number, str(b.dealer), str(b.vulnerability), b.deal) for b in boards] == \
        [(w["board"], w["dealer"], w["vulnerability"], Deal.parse(str(w["deal"]))) for w in want]
    assert [b.dealer for b in boards] == [Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert [b.vulnerability for b in boards] == [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW]
    assert all(b.phase == "auction" and not b.auction.calls for b in boards)


def test_pbn_layout(capsys: pytest.CaptureFixture[str]) -> None:
    out = deal_output(capsys, "pbn")
    games = out.split("\n\n")
    assert len(games) == 3 and out.startswith("% PBN 2.1\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n")
    assert games[1].splitlines()[:3] == ['[Board "2"]', '[Dealer "E"]', '[Vulnerable "NS"]']
    assert games[2].splitlines()[3].startswith('[Deal "S:')  # the deal starts with the dealer


def test_lin_layout(capsys: pytest.CaptureFixture[str]) -> None:
    lines = deal_output(capsys, "lin").splitlines()
    assert len(lines) == 3
    assert [line[:4] for line in lines] == ["md|3", "md|4", "md|1"]  # dealers N, E, S in BBO digits
    assert [line.split("|")[-3:-1] for line in lines] == [["sv", "o"], ["sv", "n"], ["sv", "e"]]
    assert "ah|Board 2|" in lines[1]
