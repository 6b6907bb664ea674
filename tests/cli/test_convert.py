"""``redouble convert IN OUT``: PBN <-> LIN by extension, normalising, and clear errors (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble import lin, pbn
from redouble.cli import main

DATA = Path(__file__).parent.parent / "data"


def games(boards: list) -> list[tuple]:  # type: ignore[type-arg]
    return [(b.deal, b.number, b.dealer, b.vulnerability, b.auction.calls, dict(b.auction.annotations),
             b.contract, b.tricks, b.score()) for b in boards]


def test_pbn_to_lin_and_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = DATA / "eyc1998_juniors.pbn"
    assert main(["convert", str(source), str(tmp_path / "out.lin")]) == 0
    assert capsys.readouterr().err == f"wrote 6 boards to {tmp_path / 'out.lin'}\n"
    text = (tmp_path / "out.lin").read_text()
    assert text.count("\n") == 6 and text.startswith("qx|o1|pn|Balschun R,Gloyer A,Linde J,Saurer B|md|3")
    assert main(["convert", str(tmp_path / "out.lin"), str(tmp_path / "back.pbn")]) == 0
    assert games(pbn.load(tmp_path / "back.pbn")) == games(pbn.load(source))


def test_lin_to_pbn(tmp_path: Path) -> None:
    assert main(["convert", str(DATA / "bbo_hand.lin"), str(tmp_path / "hand.PBN")]) == 0
    [board] = pbn.load(tmp_path / "hand.PBN")
    assert (str(board.contract), board.tricks, board.score()) == ("3NT-N", 11, 460)
    assert board.tags["South"] == "domtp"
    assert board.auction.annotations[2].explanation.startswith("Major suit opening")


@pytest.mark.parametrize(("name", "module"), [("realbridge2021_board11.pbn", pbn), ("bbo_tourney.lin", lin)])
def test_same_format_normalises(tmp_path: Path, name: str, module) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / ("x" + Path(name).suffix)
    assert main(["convert", str(DATA / name), str(out)]) == 0
    assert games(module.load(out)) == games(module.load(DATA / name))
    if module is pbn:
        assert [b.tags for b in pbn.load(out)] == [b.tags for b in pbn.load(DATA / name)]


def test_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(DATA / "bbo_hand.lin"), "-", "--to", "pbn"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("% PBN 2.1\n[Board \"1\"]\n") and '[Contract "3NT"]' in out


@pytest.mark.parametrize(("args", "message"), [
    (["in.txt", "out.pbn"], "cannot tell the format of input file 'in.txt'"),
    (["IN", "out.doc"], "cannot tell the format of output file 'out.doc'"),
    (["IN", "-"], "give --to pbn or --to lin"),
    (["missing.pbn", "out.lin"], "No such file"),
])
def test_bad_arguments(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = [str(DATA / "bbo_hand.lin") if a == "IN" else a for a in args]
    assert main(["convert", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("redouble convert: error: ") and message in err and "Traceback" not in err


def test_bad_file_exits_2_and_skip_bad_converts_the_rest(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "eyc1998_juniors.pbn").read_text()
    (tmp_path / "bad.pbn").write_text(text.replace("1C 1S 2H 4S", "1C 1S 2H 1H", 1))
    assert main(["convert", str(tmp_path / "bad.pbn"), str(tmp_path / "x.lin")]) == 2
    err = capsys.readouterr().err
    assert "board 1, line 26: illegal call '1H'" in err and not (tmp_path / "x.lin").exists()
    assert main(["convert", "--skip-bad", str(tmp_path / "bad.pbn"), str(tmp_path / "x.lin")]) == 1
    err = capsys.readouterr().err
    assert "skipped a board" in err and "line 26" in err and "wrote 5 boards" in err
    assert len(lin.load(tmp_path / "x.lin")) == 5
