"""``redouble simulate`` end to end on small runs."""

import json

import pytest

from redouble.cli import main

pytestmark = pytest.mark.usefixtures("solver")


ARGS = ["simulate", "--where", "north.hcp in 15..17 and north.balanced", "--count", "12", "--seed", "4",
        "--jobs", "1", "--contract", "3NT", "--contract", "4S-N", "--strain", "NT,S"]


def test_json_run(capsys):
    assert main([*ARGS, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 12 and data["seed"] == 4 and data["where"] == "north.hcp in 15..17 and north.balanced"
    assert set(data["tricks"]) == {"N NT", "N S"}
    assert [c["contract"] for c in data["contracts"]] == ["3NT-N", "4S-N"]
    nt = data["tricks"]["N NT"]["distribution"]
    assert data["contracts"][0]["makes"] == pytest.approx(sum(nt[9:]), abs=1e-3)
    assert data["making"]["N NT"][2] == data["contracts"][0]["makes"]
    cmp = data["comparisons"][0]
    assert (cmp["first"], cmp["second"]) == ("3NT-N", "4S-N")
    assert cmp["better"] + cmp["worse"] + cmp["equal"] == pytest.approx(1, abs=1e-3)


def test_text_report_and_plot(tmp_path, capsys):
    png = tmp_path / "tricks.png"
    assert main([*ARGS, "--plot", str(png)]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert out.startswith("12 deals where north.hcp in 15..17 and north.balanced  (seed 4, local engine, 1 job)")
    assert "Tricks (% of deals)" in out and "Makes (%)" in out and "3NT-N vs 4S-N:" in out
    assert "N NT" in out and "N S" in out and "N C" not in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    assert f"wrote the histograms to {png}" in captured.err


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--where", "north.hcp >", "--count", "5"], "column 12"),
    (["simulate", "--count", "0"], "--count must be 1 or more"),
    (["simulate", "--count", "5", "--jobs", "0"], "--jobs must be 1 or more"),
    (["simulate", "--count", "5", "--plot", "out.jpg"], "ending in .png"),
    (["simulate", "--count", "5", "--address", "tcp://x:1"], "--address goes with --engine dask"),
    (["simulate", "--count", "5", "--contract", "9NT"], "not a contract"),
    (["simulate", "--count", "5", "--declarer", "Q"], "not a seat"),
])
def test_bad_input(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("redouble simulate: error:") and message in err
