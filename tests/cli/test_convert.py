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


def test_a_bad_board_is_reported_and_the_rest_converted_with_exit_3(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "eyc1998_juniors.pbn").read_text()
    (tmp_path / "bad.pbn").write_text(text.replace("1C 1S 2H 4S", "1C 1S 2H 1H", 1))
    assert main(["convert", str(tmp_path / "bad.pbn"), str(tmp_path / "x.lin")]) == 3
    err = capsys.readouterr().err
    assert f"redouble convert: {tmp_path / 'bad.pbn'}: board 1, line 26: illegal call '1H'" in err
    assert "(kept: the first 3 calls;" in err and "read 6 boards (1 in part), left out 0" in err
    assert "wrote 6 boards" in err
    assert len(lin.load(tmp_path / "x.lin")) == 6
    # PBN to PBN writes the file back as it said, the bad auction included
    assert main(["convert", str(tmp_path / "bad.pbn"), str(tmp_path / "same.pbn")]) == 3
    assert "1C 1S 2H 1H" in (tmp_path / "same.pbn").read_text()
    capsys.readouterr()
    assert main(["convert", "--strict", str(tmp_path / "bad.pbn"), str(tmp_path / "y.lin")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("redouble convert: error: board 1, line 26: illegal call '1H'")
    assert not (tmp_path / "y.lin").exists()


def test_upper_case_tags_and_a_disagreeing_contract_are_kept(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "eyc1998_juniors.pbn").read_text().replace('[Contract "5H"]', '[Contract "4H"]', 1)
    text = text.replace('[Deal "', '[DEAL "').replace("[Board ", "[BOARD ")
    (tmp_path / "easy.pbn").write_text(text)
    assert main(["convert", str(tmp_path / "easy.pbn"), str(tmp_path / "out.pbn")]) == 3
    err = capsys.readouterr().err
    assert "the auction ends in 5H-S but the file says Contract '4H'" in err and "wrote 6 boards" in err
    out = pbn.load(tmp_path / "out.pbn")
    # the file's Score tag ("NS -50") agrees with the auction's 5H made with 10 tricks: the game follows it
    assert games_of(out) == games_of(pbn.load(DATA / "eyc1998_juniors.pbn"))
    assert out[0].tags["Contract"] == "4H" and str(out[0].contract) == "5H-S" and out[0].score() == -50


def games_of(boards: list) -> list[tuple]:  # type: ignore[type-arg]
    return games(boards)


def test_a_file_with_no_board_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty.pbn").write_text("% nothing here\n")
    assert main(["convert", str(tmp_path / "empty.pbn"), str(tmp_path / "x.lin")]) == 2
    assert "no boards in the file" in capsys.readouterr().err
    (tmp_path / "junk.pbn").write_text("this is not PBN\n")
    assert main(["convert", str(tmp_path / "junk.pbn"), str(tmp_path / "x.lin")]) == 2
    assert "no board could be read" in capsys.readouterr().err
    assert not (tmp_path / "x.lin").exists()


def test_results_known_only_from_tags_are_reported_when_lin_cannot_hold_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "club.pbn"
    text = (DATA / "jfr_pary_pbntools_barometr2012.pbn").read_text()
    source.write_text("\n\n".join(text.split("\n\n")[:2]), encoding="utf-8")  # two tables of board 1
    assert main(["convert", str(source), str(tmp_path / "club.lin")]) == 3
    assert capsys.readouterr().err.splitlines() == [
        f"redouble convert: {source}: board 1: the contract 4H-S and the result (9 tricks) are in tags only: "
        "LIN keeps them only as an auction and a play (not written)",
        f"redouble convert: {source}: board 1: the contract 5D-N and the result (9 tricks) are in tags only: "
        "LIN keeps them only as an auction and a play (not written)",
        f"wrote 2 boards to {tmp_path / 'club.lin'} (2 without their tags' contract or result)"]
    assert [(b.deal, b.contract) for b in lin.load(tmp_path / "club.lin")] == [
        (b.deal, None) for b in pbn.load(source)]
    assert main(["convert", str(source), str(tmp_path / "same.pbn")]) == 0  # PBN keeps them
    assert [str(b.contract) for b in pbn.load(tmp_path / "same.pbn")] == ["4H-S", "5D-N"]
