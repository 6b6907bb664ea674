"""The fuzzers of fuzz/ run, and their targets catch what they are meant to catch."""

from __future__ import annotations

import pytest

from fuzz import run, targets


def test_each_fuzzer_runs_its_corpus_and_some_mangled_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--runs", "40"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"fuzz {name}: 40 inputs, no failure" for name in targets.TARGETS]


def test_a_target_fails_on_a_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str) -> None:
        raise KeyError(text)  # not one of the library's errors: a crash

    monkeypatch.setattr(targets, "Card", broken)
    with pytest.raises(KeyError):
        targets.values_target(b"SA")
    targets.pbn_target(b'[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n')  # reads and writes back
