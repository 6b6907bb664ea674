"""Bulk writing of deal-only boards: byte for byte what the library's writers give, for any deals."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Board, Deal, RedoubleError, Seat, lin, pbn
from redouble.dealer.output import FORMATS, deal_texts, lin_hands, owners_array, write_boards

deal_lists = st.lists(st.integers(0, 2**64).map(lambda seed: Deal.random(seed=seed)), min_size=1, max_size=20)


@settings(max_examples=60, deadline=None)
@given(deals=deal_lists, firsts=st.lists(st.sampled_from(list(Seat)), min_size=20, max_size=20))
def test_deal_texts_are_the_pbn_deal_strings(deals: list[Deal], firsts: list[Seat]) -> None:
    texts = deal_texts(owners_array(deals), np.array(firsts[:len(deals)], dtype=np.uint8))
    assert [t.decode() for t in texts] == [d.to_pbn(f) for d, f in zip(deals, firsts, strict=False)]


@settings(max_examples=60, deadline=None)
@given(deals=deal_lists)
def test_lin_hands_are_what_lin_writes(deals: list[Deal]) -> None:
    hands = lin_hands(owners_array(deals))
    lines = lin.dumps(Board.from_number(1, deal=d) for d in deals).splitlines()
    assert [line[4:4 + 71] for line in lines] == [h.decode() for h in hands]


@settings(max_examples=40, deadline=None)
@given(deals=deal_lists, first=st.integers(1, 10**6), fmt=st.sampled_from(sorted(FORMATS)),
       split=st.integers(0, 20))
def test_boards_are_written_as_the_library_writes_them(deals: list[Deal], first: int, fmt: str, split: int) -> None:
    owners = owners_array(deals)
    out = io.BytesIO()
    assert write_boards([owners[:split], owners[split:]], fmt, out, first_number=first) == len(deals)
    boards = [Board.from_number(first + k, deal=d) for k, d in enumerate(deals)]
    assert out.getvalue().decode() == FORMATS[fmt](boards)


def test_the_files_read_back() -> None:
    deals = [Deal.random(seed=k) for k in range(20)]
    out = io.BytesIO()
    write_boards([owners_array(deals)], "pbn", out, first_number=7)
    assert [(b.number, b.deal) for b in pbn.loads(out.getvalue().decode())] == list(enumerate(deals, 7))
    out = io.BytesIO()
    write_boards([owners_array(deals)], "lin", out, first_number=7)
    assert [(b.number, b.dealer, b.deal) for b in lin.loads(out.getvalue().decode())] == \
        [(7 + k, Seat.dealer_for_board(7 + k), d) for k, d in enumerate(deals)]


def test_no_boards() -> None:
    for fmt, dumps in FORMATS.items():
        out = io.BytesIO()
        assert write_boards([], fmt, out) == 0
        assert out.getvalue().decode() == dumps([])


def test_bad_arrays_are_refused_with_the_reason() -> None:
    owners = owners_array([Deal.random(seed=1), Deal.random(seed=2)]).copy()
    with pytest.raises(RedoubleError, match=r"expected an \(n, 52\) array of owners, not one of shape \(2, 51\)"):
        deal_texts(owners[:, :51])
    owners[1, 0] = (owners[1, 0] + 1) % 4
    with pytest.raises(RedoubleError, match="deal 1 of the array is not a whole deal: its seats hold"):
        lin_hands(owners)
    owners[1, 0] = 4
    with pytest.raises(RedoubleError, match="deal 1 of the array is not a whole deal: some of its cards have no owner"):
        deal_texts(owners)
    with pytest.raises(RedoubleError, match="no bulk writer for the format 'xml'; one of: pbn, lin, json, line"):
        write_boards([], "xml", io.BytesIO())
    out = io.BytesIO()
    with pytest.raises(RedoubleError):
        write_boards([owners[:1]], "pbn", out, first_number=0)
    assert out.getvalue() == b""


def test_the_command_offers_every_format() -> None:
    from redouble.cli.deal import FORMAT_NAMES

    assert FORMAT_NAMES == tuple(FORMATS)
