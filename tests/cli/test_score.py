"""``redouble score``: PBN files written here, scored through the command line."""

import json

import pytest

from redouble.board import Board
from redouble.calls import Contract
from redouble.cli import main
from redouble.cli.score import FORMS, form_from_scoring_tag, score_boards
from redouble.deal import Deal
from redouble.errors import RedoubleError

FULL_DEAL = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T9.T98 6.J6.J876.J76432"


def game(number, contract, declarer, result, *, dealer=None, vulnerable="None", deal=None, extra=()):
    lines = [f'[Board "{number}"]', f'[Dealer "{dealer or "NESW"[(number - 1) % 4]}"]',
             f'[Vulnerable "{vulnerable}"]']
    if deal:
        lines.append(f'[Deal "{deal}"]')
    lines += list(extra)
    lines += [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]']
    return "\n".join(lines) + "\n"


def write(tmp_path, games, name="deals.pbn"):
    path = tmp_path / name
    path.write_text("\n".join(games), encoding="utf-8")
    return str(path)


def run_json(capsys, *argv):
    assert main(["score", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


SEED_RUBBER = [("2H", "N", 10), ("4SX", "E", 8), ("3NT", "E", 10), ("3S", "E", 9), ("2D", "E", 6),
               ("6HX", "N", 13), ("1NT", "E", 8), ("3C", "N", 9), ("3H", "E", 9)]
SEED_CHICAGO = [("2S", "N", 10), ("1NT", "E", 7), ("2H", "W", 9), ("1NTX", "S", 8)]


def test_seed_rubber_from_the_scoring_tag(tmp_path, capsys):
    games = [game(k, c, d, t, extra=['[Scoring "Rubber"]'] if k == 1 else [])
             for k, (c, d, t) in enumerate(SEED_RUBBER, 1)]
    path = write(tmp_path, games)
    out = run_json(capsys, path)
    assert out == {
        "deals": [{"board": 1, "ns": 120, "ew": 0}, {"board": 2, "ns": 300, "ew": 0},
                  {"board": 3, "ns": 0, "ew": 130}, {"board": 4, "ns": 0, "ew": 90},
                  {"board": 5, "ns": 200, "ew": 0}, {"board": 6, "ns": 1010, "ew": 0},
                  {"board": 7, "ns": 0, "ew": 70}, {"board": 8, "ns": 60, "ew": 0},
                  {"board": 9, "ns": 0, "ew": 590}],
        "totals": {"ns": 1690, "ew": 880},
    }
    assert main(["score", path]) == 0
    text = capsys.readouterr().out
    assert "Scoring: rubber" in text
    assert "  360 (6)     |   90 (4)" in text  # below the line, the second game
    assert "  200 (5)     |  500 (9)" in text  # above the line
    assert text.rstrip().endswith("Totals: N-S 1690  E-W 880")


def test_seed_chicago_from_the_scoring_tag(tmp_path, capsys):
    games = [game(k, c, d, t, extra=['[Scoring "Chicago"]'] if k == 1 else [])
             for k, (c, d, t) in enumerate(SEED_CHICAGO, 1)]
    out = run_json(capsys, write(tmp_path, games))
    assert [(d["ns"], d["ew"]) for d in out["deals"]] == [(120, 0), (0, 40), (0, 590), (430, 0)]
    assert out["totals"] == {"ns": 550, "ew": 630}


def test_chicago_passed_out_deal_is_redealt(tmp_path, capsys):
    games = [game(1, "Pass", "", "", extra=['[Scoring "Chicago"]'])]
    games += [game(k + 1, c, d, t) for k, (c, d, t) in enumerate(SEED_CHICAGO, 1)]
    path = write(tmp_path, games)
    out = run_json(capsys, path)
    assert out["deals"][0] == {"board": 1, "ns": 0, "ew": 0}
    assert out["totals"] == {"ns": 550, "ew": 630}  # the four deals that were played, in the same cycle
    assert main(["score", path]) == 0
    text = capsys.readouterr().out
    assert "deal 1, None vul, passed out: redealt" in text
    assert "deal 1, None vul" in text.splitlines()[3]  # board 2 is deal 1 again


def test_duplicate_is_the_default(tmp_path, capsys):
    games = [game(1, "4S", "S", 10), game(2, "5DX", "W", 8, vulnerable="NS"),
             game(3, "3NT", "W", 12, vulnerable="EW"), game(4, "2H", "N", 9, vulnerable="All")]
    out = run_json(capsys, write(tmp_path, games))
    assert [d["ns"] for d in out["deals"]] == [420, 500, -690, 140]
    assert all(d["ew"] == -d["ns"] for d in out["deals"])
    assert out["totals"] == {"ns": 370, "ew": -370}


@pytest.mark.parametrize("tag", ["IMP", "MP", "MatchPoints", "BAM", "IMP;Butler"])
def test_pairs_and_teams_tags_score_as_duplicate(tmp_path, capsys, tag):
    out = run_json(capsys, write(tmp_path, [game(1, "4S", "S", 10, extra=[f'[Scoring "{tag}"]'])]))
    assert out["totals"] == {"ns": 420, "ew": -420}


def test_form_option_overrides_the_tag(tmp_path, capsys):
    path = write(tmp_path, [game(1, "4S", "S", 10, extra=['[Scoring "Rubber"]'])])
    assert run_json(capsys, path, "--form", "duplicate")["totals"] == {"ns": 420, "ew": -420}
    # An unfinished rubber is finished where it stands: 120 + 300 for the game.
    assert run_json(capsys, path)["totals"] == {"ns": 420, "ew": 0}


def test_rubber_honours_from_the_deal(tmp_path, capsys):
    # North holds four aces: 150 at no trumps, whoever declares.
    path = write(tmp_path, [game(1, "3NT", "E", 9, deal=FULL_DEAL, extra=['[Scoring "Rubber"]'])])
    out = run_json(capsys, path)
    assert out["deals"] == [{"board": 1, "ns": 150, "ew": 100}]
    assert out["totals"] == {"ns": 150, "ew": 100 + 300}


def test_chicago_duplicate(tmp_path, capsys):
    games = [game(k, c, d, t) for k, (c, d, t) in enumerate(SEED_CHICAGO, 1)]
    out = run_json(capsys, write(tmp_path, games), "--form", "chicago-duplicate")
    assert [d["ns"] for d in out["deals"]] == [170, -90, -140, 380]
    assert out["totals"] == {"ns": 320, "ew": -320}


def test_chicago_russian(tmp_path, capsys):
    # North-South hold 37 points: targets 1300 (deal 1) and 1950 (deal 2, vulnerable).
    games = [game(1, "7NT", "N", 13, deal=FULL_DEAL), game(2, "7NT", "N", 13, deal=FULL_DEAL)]
    out = run_json(capsys, write(tmp_path, games), "--form", "chicago-russian")
    assert out["deals"] == [{"board": 1, "ns": 6, "ew": -6}, {"board": 2, "ns": 7, "ew": -7}]  # 220, 270 over
    assert out["totals"] == {"ns": 13, "ew": -13}


def test_chicago_russian_needs_the_deal(tmp_path, capsys):
    path = write(tmp_path, [game(3, "4S", "S", 10)])
    assert main(["score", path, "--form", "chicago-russian"]) == 2
    assert "board 3: Russian scoring needs the whole deal" in capsys.readouterr().err


def test_minibridge(tmp_path, capsys):
    games = [game(1, "1NT", "N", 7), game(2, "4H", "E", 10), game(3, "3NT", "S", 5), game(4, "Pass", "", "")]
    out = run_json(capsys, write(tmp_path, games), "--form", "minibridge")
    assert [(d["ns"], d["ew"]) for d in out["deals"]] == [(90, 0), (0, 420), (0, 200), (0, 0)]
    assert out["totals"] == {"ns": 90, "ew": 620}


def test_a_board_without_a_result_is_reported_and_left_out(tmp_path, capsys):
    path = write(tmp_path, [game(1, "4S", "S", 10), game(7, "3NT", "N", "")])
    assert main(["score", path, "--json"]) == 3
    captured = capsys.readouterr()
    assert [d["board"] for d in json.loads(captured.out)["deals"]] == [1]
    assert f"redouble score: {path}: board 7: no result for 3NT-N" in captured.err
    assert "(left out of the score)" in captured.err and "Traceback" not in captured.err
    assert main(["score", path, "--strict"]) == 2
    assert "error: board 7: no result for 3NT-N" in capsys.readouterr().err


def test_a_file_with_no_board_to_score_is_an_error(tmp_path, capsys):
    path = tmp_path / "auction.pbn"
    path.write_text(f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{FULL_DEAL}"]\n[Auction "N"]\n1S Pass\n')
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert "board 5: no contract" in err and "no board can be scored" in err


def test_unknown_form_and_missing_file(tmp_path, capsys):
    path = write(tmp_path, [game(1, "4S", "S", 10)])
    with pytest.raises(SystemExit) as exc:
        main(["score", path, "--form", "bridge-whist"])
    assert exc.value.code == 2
    assert "invalid choice: 'bridge-whist'" in capsys.readouterr().err
    assert main(["score", str(tmp_path / "missing.pbn")]) == 2
    assert "missing.pbn" in capsys.readouterr().err


def test_score_boards_from_python_boards():
    boards = [Board.from_number(n, deal=Deal.parse(FULL_DEAL), recorded_contract=Contract.parse(c),
                                recorded_tricks=t) for n, c, t in [(1, "4S-S", 10), (2, "3NTX-W", 7)]]
    assert [(d.ns, d.ew) for d in score_boards(boards, "duplicate").deals] == [(420, -420), (300, -300)]
    rubber = score_boards(boards, "rubber")
    # North holds four spade honours (100) and four aces (150 at no trumps); N-S end with a game (300).
    assert rubber.totals == {"ns": 120 + 100 + 300 + 150 + 300, "ew": 0}
    with pytest.raises(RedoubleError, match="unknown scoring form 'whist'"):
        score_boards(boards, "whist")


def test_scoring_tag_names():
    assert form_from_scoring_tag("Rubber") == "rubber"
    assert form_from_scoring_tag("Chicago") == "chicago"
    assert form_from_scoring_tag("Chicago;Russian") == "chicago-russian"
    assert form_from_scoring_tag("Chicago;Duplicate") == "chicago-duplicate"
    assert form_from_scoring_tag("Minibridge") == "minibridge"
    assert form_from_scoring_tag("Cavendish") == "duplicate"
    assert set(FORMS) == {"duplicate", "rubber", "chicago", "chicago-duplicate", "chicago-russian", "minibridge"}
