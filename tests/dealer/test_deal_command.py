"""``redouble deal --where``: constrained boards from the command line."""

import json

from redouble import Deal, Seat
from redouble.cli import main


def run_json(capsys, *argv):
    assert main(["deal", "--format", "json", *argv]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_where_count_seed(capsys):
    boards = run_json(capsys, "--where", "north.hcp in 15..17 and north.balanced", "--count", "25", "--seed", "7")
    assert [b["board"] for b in boards] == list(range(1, 26))
    deals = [Deal.parse(b["deal"]) for b in boards]
    assert all(15 <= d[Seat.NORTH].hcp <= 17 and d[Seat.NORTH].is_balanced for d in deals)
    again = run_json(capsys, "--where", "north.hcp in 15..17 and north.balanced", "--count", "25", "--seed", "7")
    assert again == boards


def test_pbn_output_and_first_board(capsys):
    assert main(["deal", "--where", "west.spades >= 6", "--count", "2", "--seed", "1", "--first-board", "5"]) == 0
    out = capsys.readouterr().out
    assert '[Board "5"]' in out and '[Board "6"]' in out and out.count("[Deal ") == 2


def test_predeal(capsys):
    boards = run_json(capsys, "--predeal", "N:AKQ4.J92.T8.Q765", "--predeal", "S:SJ", "--count", "3", "--seed", "2")
    for b in boards:
        deal = Deal.parse(b["deal"])
        assert str(deal[Seat.NORTH]) == "AKQ4.J92.T8.Q765" and "J" in str(deal[Seat.SOUTH]).split(".")[0]


def test_without_where_the_deals_follow_the_library_seed(capsys):
    from redouble.dealer import generate

    boards = run_json(capsys, "--count", "2", "--seed", "1")
    assert [b["deal"] for b in boards] == [str(d) for d in generate(count=2, seed=1)]


def test_syntax_error_names_column_and_token(capsys):
    assert main(["deal", "--where", "north.hcp >= 15 adn north.balanced"]) == 2
    err = capsys.readouterr().err
    assert "column 17, at 'adn'" in err and "^" in err and "Traceback" not in err


def test_impossible_constraint_reports_the_budget(capsys):
    assert main(["deal", "--where", "north.hcp > 37", "--max-tries", "50000"]) == 2
    err = capsys.readouterr().err
    assert "gave up after trying 65,536 deals: 0 matched 'north.hcp > 37'" in err


def test_bad_predeal(capsys):
    assert main(["deal", "--predeal", "N"]) == 2
    assert "expected SEAT:CARDS" in capsys.readouterr().err
    assert main(["deal", "--predeal", "Q:SA"]) == 2
    assert "not a seat: 'Q'" in capsys.readouterr().err


def test_every_format_writes_the_same_boards_as_the_library(capsys):
    from redouble import Board, lin, pbn

    where = ["--where", "north.hcp in 15..17 and north.balanced", "--count", "40", "--seed", "3", "--first-board", "9"]
    assert main(["deal", "--format", "line", *where]) == 0
    lines = capsys.readouterr().out.splitlines()
    deals = [Deal.parse(line) for line in lines]
    assert len(deals) == 40 and lines == [str(d) for d in deals]  # one deal a line, North first
    assert all(15 <= d[Seat.NORTH].hcp <= 17 for d in deals)
    boards = [Board.from_number(9 + k, deal=d) for k, d in enumerate(deals)]
    for fmt, dumps in (("pbn", pbn.dumps), ("lin", lin.dumps)):
        assert main(["deal", "--format", fmt, *where]) == 0
        assert capsys.readouterr().out == dumps(boards)
    assert [b["deal"] for b in run_json(capsys, *where)] == lines


def test_line_format_without_a_constraint_follows_the_library_seed(capsys):
    from redouble.dealer import generate

    assert main(["deal", "--format", "line", "--count", "5000", "--seed", "4"]) == 0
    assert capsys.readouterr().out.splitlines() == [str(d) for d in generate(count=5000, seed=4)]


def test_errors_come_before_any_output(capsys):
    assert main(["deal", "--where", 'north.holds("SA") and south.holds("SA")', "--count", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "SA cannot be both north's and south's" in captured.err
