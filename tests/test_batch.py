"""The batched boards play by the same rules as redouble.Board: same legal moves, results and scores."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Board, Call, Card, Deal, IllegalCallError, IllegalCardError, RedoubleError, Seat, Vulnerability
from redouble.batch import ACTIONS, AUCTION, DONE, FIRST_CARD_ACTION, PLAY, BoardBatch


def action_of(move: Call | Card) -> int:
    return move.index if isinstance(move, Call) else FIRST_CARD_ACTION + move.index


def replay_boards(batch: BoardBatch) -> list[Board]:
    return [Board(deal=Deal.from_owners(batch.owners[k].tobytes()), dealer=Seat(int(batch.dealer[k])),
                  vulnerability=Vulnerability(int(batch.vulnerability[k]))) for k in range(len(batch))]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 12), bidding=st.sampled_from(["uniform", "passes"]))
def test_random_games_agree_with_board(seed: int, n: int, bidding: str) -> None:
    rng = np.random.default_rng(seed)
    batch = BoardBatch.random(n, rng=rng)
    boards = replay_boards(batch)
    phases = {"auction": AUCTION, "play": PLAY, "done": DONE}
    while True:
        mask = batch.legal_actions()
        for k, board in enumerate(boards):
            assert batch.phase[k] == phases[board.phase]
            assert batch.turn[k] == (-1 if board.turn is None else board.turn)
            legal = np.zeros(ACTIONS, dtype=bool)
            if board.phase != "done":
                legal[[action_of(m) for m in board.legal_actions()]] = True
            assert (mask[k] == legal).all()
        if batch.is_done.all():
            break
        actions = batch.random_actions(rng)
        if bidding == "passes":  # shorter auctions, lower contracts: more made and doubled ones
            quiet = (batch.phase == AUCTION) & (rng.random(n) < 0.6)
            actions[quiet] = 35
        for k, board in enumerate(boards):
            if actions[k] >= FIRST_CARD_ACTION:
                board.push(Card(int(actions[k]) - FIRST_CARD_ACTION))
            elif actions[k] >= 0:
                board.push(Call(int(actions[k])))
        batch.step(actions)
    scores = batch.scores()
    for k, board in enumerate(boards):
        contract = board.contract
        assert contract is not None
        assert batch.level[k] == contract.level
        if contract.level:
            assert (batch.strain[k], batch.doubled[k], batch.declarer[k]) == \
                (contract.strain, contract.doubled, contract.declarer)
            assert batch.tricks_taken[k] == board.tricks
        assert scores[k] == board.score()
        assert batch.board(k).score() == board.score()


def test_random_actions_are_uniform_over_the_legal_ones() -> None:
    deal = Deal.random(seed=5)
    batch = BoardBatch.from_deals([deal] * 36_000)
    calls = np.bincount(batch.random_actions(np.random.default_rng(1)), minlength=38)
    assert calls[36:].sum() == 0 and calls.min(initial=1000, where=np.arange(38) < 36) > 850
    for call in (1, 35, 35, 35):  # North opens 1D, all pass: East is on lead
        batch.step(np.full(len(batch), call))
    leads = np.bincount(batch.random_actions(np.random.default_rng(2)) - FIRST_CARD_ACTION, minlength=52)
    held = [card.index for card in deal[Seat.EAST]]
    assert leads[held].min() > 2400 and leads.sum() == leads[held].sum() == 36_000


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    batch = BoardBatch.from_deals([Deal.random(seed=1), Deal.random(seed=2)], dealer=[Seat.NORTH, Seat.SOUTH])
    batch.step([4, 35])  # 1NT by North; South passes on board 1
    with pytest.raises(IllegalCallError, match=r"board 0 of the batch: E may not call 1S"):
        batch.step([3, 35])
    with pytest.raises(IllegalCallError, match=r"board 1 of the batch: W may not call X"):
        batch.step([35, 36])
    with pytest.raises(IllegalCallError, match=r"board 0 of the batch: E may not call action 40"):
        batch.step([40, 35])
    assert batch.board(0).auction.calls == [Call("1NT")] and batch.board(1).auction.calls == [Call.PASS]
    for _ in range(3):
        batch.step([35, 35])
    assert list(batch.phase) == [PLAY, DONE]
    lead = [c for c in Deal.random(seed=1)[Seat.NORTH]][0]  # North is declarer's partner: not on lead
    with pytest.raises(IllegalCardError, match=f"board 0 of the batch: E may not play {lead}"):
        batch.step([FIRST_CARD_ACTION + lead.index, 35])
    with pytest.raises(RedoubleError, match="expected one action for each of the 2 boards"):
        batch.step([35])


def test_bad_batches() -> None:
    with pytest.raises(RedoubleError, match=r"expected an \(n, 52\) array of owners"):
        BoardBatch(np.zeros((2, 13), dtype=np.uint8))
    with pytest.raises(RedoubleError, match="board 0 of the batch is not a whole deal: its seats hold 52, 0, 0, 0"):
        BoardBatch(np.zeros((1, 52), dtype=np.uint8))
    with pytest.raises(RedoubleError, match="a dealer is 0 to 3, not 4"):
        BoardBatch.from_deals([Deal.random(seed=1)], dealer=4)


def test_passed_out_boards_score_nothing() -> None:
    batch = BoardBatch.random(3, seed=4)
    for _ in range(4):
        batch.step(np.full(3, 35))
    assert batch.is_done.all() and list(batch.scores()) == [0, 0, 0] and list(batch.turn) == [-1, -1, -1]
    assert batch.legal_actions().sum() == 0 and list(batch.random_actions()) == [-1, -1, -1]
