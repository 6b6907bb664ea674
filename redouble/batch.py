"""Many boards bid and played at once, NumPy arrays in and out: for learning code and simulations.

A :class:`BoardBatch` holds ``n`` boards, each in its auction, its play or done. Every board that is not
done takes one action a :meth:`~BoardBatch.step`; actions are numbered as OpenSpiel's bridge numbers
them, apart: calls ``0..37`` by :attr:`Call.index` (1C .. 7NT, pass 35, double 36, redouble 37) and cards
``38..89``, 38 + :attr:`Card.index`. Hands are 52-bit masks, one NumPy ``uint64`` a seat, so a step is a
few whole-array operations whatever ``n`` is; the rules are those of :class:`redouble.Board` (a property
test plays the same games on both) and scores come from :func:`redouble.scoring.duplicate_score`.

>>> batch = BoardBatch.random(1000, seed=1)
>>> batch.legal_actions().shape, int(batch.legal_actions()[0].sum())  # 35 bids and a pass
((1000, 90), 36)
>>> while not batch.is_done.all():
...     batch.step(batch.random_actions())
>>> scores = batch.scores()
>>> scores.shape, int((batch.level == 0).sum()) < 10, bool((batch.tricks_taken <= 13).all())
((1000,), True, True)
>>> board = batch.board(0)  # any board as a redouble.Board, its auction and play replayed
>>> board.score() == int(scores[0]), board.tricks == int(batch.tricks_taken[0])
(True, True)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from redouble.cards import Seat, Vulnerability
from redouble.errors import IllegalCallError, IllegalCardError, RedoubleError

if TYPE_CHECKING:
    from redouble.board import Board

__all__ = ["ACTIONS", "AUCTION", "DONE", "FIRST_CARD_ACTION", "PLAY", "BoardBatch"]

AUCTION, PLAY, DONE = 0, 1, 2
FIRST_CARD_ACTION = 38
ACTIONS = FIRST_CARD_ACTION + 52
_PASS, _DOUBLE, _REDOUBLE = 35, 36, 37
_HOLDING = 0x1FFF
_SUIT_SHIFTS = np.arange(0, 52, 13, dtype=np.uint64)
_SUIT_OF = np.arange(52, dtype=np.int8) // 13
_RANK_OF = np.arange(52, dtype=np.int8) % 13


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Suit masks; the index of the k-th card held in a 13-bit holding; duplicate scores by contract.

    The scores are the library's: [level, strain, doubled, vulnerable, tricks] for the declarer's side.
    """
    from redouble.calls import Contract
    from redouble.cards import Strain
    from redouble.scoring import duplicate_score

    suits = np.array([_HOLDING << 13 * s for s in range(4)], dtype=np.uint64)
    kth = np.zeros((1 << 13, 13), dtype=np.uint8)
    for holding in range(1 << 13):
        bits = [b for b in range(13) if holding >> b & 1]
        kth[holding, :len(bits)] = bits
    scores = np.zeros((8, 5, 3, 2, 14), dtype=np.int16)
    for level in range(1, 8):
        for strain in Strain:
            for doubled in range(3):
                contract = Contract(level, strain, doubled, Seat.NORTH)
                for vulnerable, vul in ((0, Vulnerability.NONE), (1, Vulnerability.NS)):
                    for tricks in range(14):
                        scores[level, strain, doubled, vulnerable, tricks] = duplicate_score(
                            contract, Seat.NORTH, tricks, vul)
    return suits, kth, scores


class BoardBatch:
    """``n`` boards at once. Arrays of shape ``(n,)`` say where each board is:

    ``phase`` (AUCTION, PLAY, DONE), ``turn`` (the seat to act, dummy for dummy's cards; -1 when done),
    ``level`` (0 until the auction ends, and for a passed-out board), ``strain``, ``doubled`` and
    ``declarer`` of the contract, ``tricks_taken`` (by the declarer's side) and ``tricks_played``.
    ``hands`` is ``(n, 4)`` uint64: the cards each seat still holds, bit ``Card.index``.

    >>> import numpy as np
    >>> from redouble import Deal
    >>> batch = BoardBatch.from_deals([Deal.random(seed=3)], dealer=[Seat.EAST])
    >>> batch.step([2]); batch.step([35]); batch.step([35]); batch.step([35])  # 1H, all pass
    >>> int(batch.level[0]), int(batch.strain[0]), int(batch.declarer[0]), int(batch.turn[0])
    (1, 2, 1, 2)
    """

    def __init__(self, owners: np.ndarray, dealer: np.ndarray | int | Seat = Seat.NORTH,
                 vulnerability: np.ndarray | int | Vulnerability = Vulnerability.NONE) -> None:
        owners = np.asarray(owners)
        if owners.ndim != 2 or owners.shape[1] != 52:
            raise RedoubleError(f"expected an (n, 52) array of owners, not one of shape {owners.shape}")
        n = len(owners)
        held = np.stack([(owners == seat).sum(axis=1) for seat in range(4)], axis=1)
        bad = np.flatnonzero((held != 13).any(axis=1))
        if len(bad):
            raise RedoubleError(f"board {bad[0]} of the batch is not a whole deal: its seats hold "
                                f"{', '.join(str(k) for k in held[bad[0]])} cards (13 each wanted)")
        self.owners = owners.astype(np.uint8)
        self.dealer = self._seats(dealer, n, "dealer", 4)
        self.vulnerability = self._seats(vulnerability, n, "vulnerability", 4)
        # Seat by seat, the cards still held (rows, so that a seat's masks sit together in memory).
        self._hands = np.zeros((4, n), dtype=np.uint64)
        for seat in range(4):
            bits = np.packbits(self.owners == seat, axis=1, bitorder="little")  # (n, 7) bytes, card 0 first
            self._hands[seat] = np.pad(bits, ((0, 0), (0, 1))).view("<u8")[:, 0]
        self._rows = np.arange(n)
        self.phase = np.zeros(n, dtype=np.int8)
        self.turn = self.dealer.copy()
        self.level = np.zeros(n, dtype=np.int8)
        self.strain = np.zeros(n, dtype=np.int8)
        self.doubled = np.zeros(n, dtype=np.int8)
        self.declarer = np.full(n, -1, dtype=np.int8)
        self.tricks_taken = np.zeros(n, dtype=np.int8)
        self.tricks_played = np.zeros(n, dtype=np.int8)
        self._last_bid = np.full(n, -1, dtype=np.int8)
        self._last_bidder = np.zeros(n, dtype=np.int8)
        self._passes = np.zeros(n, dtype=np.int8)
        self._first_bidder = np.full((n, 2, 5), -1, dtype=np.int8)  # side, strain: who named it first
        self._trick = np.zeros((4, n), dtype=np.int8)  # the cards of the trick in play, in the order played
        self._trick_length = np.zeros(n, dtype=np.int8)
        self._leader = np.zeros(n, dtype=np.int8)
        self._history: list[np.ndarray] = []  # each step's actions, -1 for a board that was done
        self._legal: tuple[int, np.ndarray] | None = None  # (step, the legal cards of every board)

    @staticmethod
    def _seats(value: np.ndarray | int, n: int, what: str, limit: int) -> np.ndarray:
        array = np.broadcast_to(np.asarray(value), (n,)).astype(np.int8)
        if ((array < 0) | (array >= limit)).any():
            raise RedoubleError(f"a {what} is 0 to {limit - 1}, not {array[(array < 0) | (array >= limit)][0]}")
        return array.copy()

    @classmethod
    def from_deals(cls, deals: list, dealer: np.ndarray | list[int] | int = Seat.NORTH,  # type: ignore[type-arg]
                   vulnerability: np.ndarray | list[int] | int = Vulnerability.NONE) -> BoardBatch:
        """A batch of the given :class:`redouble.Deal` objects."""
        owners = np.frombuffer(b"".join(d.owners for d in deals), dtype=np.uint8).reshape(len(deals), 52)
        return cls(owners, np.asarray(dealer), np.asarray(vulnerability))

    @classmethod
    def random(cls, n: int, seed: int | None = None, rng: np.random.Generator | None = None) -> BoardBatch:
        """``n`` boards of random deals, numbered 1 to ``n`` for dealer and vulnerability."""
        if rng is None:
            rng = np.random.default_rng(seed)
        owners = rng.permuted(np.tile(np.repeat(np.arange(4, dtype=np.uint8), 13), (n, 1)), axis=1)
        numbers = np.arange(n)
        vul_cycle = np.array([Vulnerability.for_board(k + 1) for k in range(16)], dtype=np.int8)
        batch = cls(owners, numbers % 4, vul_cycle[numbers % 16])
        batch._rng = rng
        return batch

    _rng: np.random.Generator | None = None

    def __len__(self) -> int:
        return len(self.phase)

    @property
    def is_done(self) -> np.ndarray:
        return self.phase == DONE  # type: ignore[no-any-return]

    @property
    def hands(self) -> np.ndarray:
        """``(n, 4)`` uint64: the cards each seat still holds, bit ``Card.index``."""
        return self._hands.T

    # --- legal actions ----------------------------------------------------------------------------
    # Each operation runs on every board at once, a mask saying which boards it concerns: whole-array
    # arithmetic is several times cheaper than gathering and scattering the boards of one phase.
    def _call_rights(self) -> tuple[np.ndarray, np.ndarray]:
        """Whether the seat on turn may double, and redouble (meaningful for boards in their auction)."""
        opponents_bid = ((self._last_bidder ^ self.turn) & 1) == 1
        may_double = (self._last_bid >= 0) & (self.doubled == 0) & opponents_bid
        may_redouble = (self.doubled == 1) & ~opponents_bid
        return may_double, may_redouble

    def _legal_cards(self) -> np.ndarray:
        """The cards the seat on turn may play, as masks (0 for a board not in its play)."""
        if self._legal is not None and self._legal[0] == len(self._history):
            return self._legal[1]
        suits, _, _ = _tables()
        hand = self._hands.reshape(-1)[(self.turn & 3).astype(np.intp) * len(self) + self._rows]
        follow = hand & suits[self._trick[0] // 13]
        legal: np.ndarray = np.where((self._trick_length == 0) | (follow == 0), hand, follow)
        legal[self.phase != PLAY] = 0
        self._legal = (len(self._history), legal)
        return legal

    def legal_actions(self) -> np.ndarray:
        """``(n, 90)`` booleans: the legal actions of each board (none for a board that is done)."""
        mask = np.zeros((len(self), ACTIONS), dtype=bool)
        bidding = self.phase == AUCTION
        mask[:, :35] = (np.arange(35) > self._last_bid[:, None]) & bidding[:, None]
        mask[:, _PASS] = bidding
        may_double, may_redouble = self._call_rights()
        mask[:, _DOUBLE], mask[:, _REDOUBLE] = may_double & bidding, may_redouble & bidding
        bits = self._legal_cards().astype("<u8").view(np.uint8).reshape(-1, 8)
        mask[:, FIRST_CARD_ACTION:] = np.unpackbits(bits, axis=1, bitorder="little")[:, :52]
        return mask

    def random_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """One legal action for each board chosen uniformly at random (-1 for a board that is done)."""
        if rng is None:
            rng = self._rng if self._rng is not None else np.random.default_rng()
            self._rng = rng
        draws = rng.random(len(self))
        actions = np.full(len(self), -1, dtype=np.int16)
        bidding = self.phase == AUCTION
        if bidding.any():
            may_double, may_redouble = self._call_rights()
            last = self._last_bid.astype(np.int16)
            bids = 34 - last
            k = (draws * (1 + bids + (may_double | may_redouble))).astype(np.int16)
            calls = np.where(k == 0, _PASS, np.where(k <= bids, last + k, np.where(may_double, _DOUBLE, _REDOUBLE)))
            actions = np.where(bidding, calls, actions)
        playing = self.phase == PLAY
        if playing.any():
            cards = FIRST_CARD_ACTION + self._kth_card(self._legal_cards(), draws)
            actions = np.where(playing, cards, actions)
        return actions  # type: ignore[no-any-return]

    @staticmethod
    def _kth_card(cards: np.ndarray, draws: np.ndarray) -> np.ndarray:
        """Card ``floor(draw * count)`` of each mask, counting from the two of clubs (0 for an empty mask)."""
        _, kth, _ = _tables()
        counts = [np.bitwise_count((cards >> shift) & np.uint64(_HOLDING)) for shift in _SUIT_SHIFTS]  # uint8
        up_to_d = counts[0] + counts[1]
        up_to_h = up_to_d + counts[2]
        k = (draws * (up_to_h + counts[3])).astype(np.uint8)
        past_c, past_d, past_h = k >= counts[0], k >= up_to_d, k >= up_to_h
        suit = past_c.astype(np.uint8) + past_d + past_h
        before = counts[0] * past_c + counts[1] * past_d + counts[2] * past_h  # cards in the suits below
        holding = (cards >> (np.uint64(13) * suit)) & np.uint64(_HOLDING)
        return 13 * suit.astype(np.int16) + kth[holding.astype(np.intp), k - before]  # type: ignore[no-any-return]

    # --- taking actions ---------------------------------------------------------------------------
    def step(self, actions: np.ndarray | list[int]) -> None:
        """Take one action on every board that is not done (the action given for a done board is ignored).

        Raises IllegalCallError or IllegalCardError, naming the first board whose action is not legal,
        before changing anything.
        """
        actions = np.asarray(actions)
        if actions.shape != (len(self),):
            raise RedoubleError(f"expected one action for each of the {len(self)} boards, not shape {actions.shape}")
        actions = actions.astype(np.int16)
        bidding = self.phase == AUCTION
        playing = self.phase == PLAY
        any_bidding, any_playing = bool(bidding.any()), bool(playing.any())
        if any_bidding:
            self._check_calls(bidding, actions)
        cards = actions - FIRST_CARD_ACTION
        if any_playing:
            self._check_cards(playing, cards)
        self._history.append(np.where(bidding | playing, actions, -1).astype(np.int16))
        if any_bidding:
            self._call(bidding, actions)
        if any_playing:
            self._play(playing, cards)
        self.turn[self.phase == DONE] = -1

    def _check_calls(self, bidding: np.ndarray, calls: np.ndarray) -> None:
        may_double, may_redouble = self._call_rights()
        legal = (calls == _PASS) | ((calls >= 0) & (calls < 35) & (calls > self._last_bid)) \
            | ((calls == _DOUBLE) & may_double) | ((calls == _REDOUBLE) & may_redouble)
        wrong = np.flatnonzero(bidding & ~legal)
        if len(wrong):
            from redouble.calls import Call

            k = int(wrong[0])
            call = int(calls[k])
            what = str(Call(call)) if 0 <= call < 38 else f"action {call} (a card: the auction is not over)"
            raise IllegalCallError(f"board {k} of the batch: {Seat(int(self.turn[k]))} may not call {what}")

    def _check_cards(self, playing: np.ndarray, cards: np.ndarray) -> None:
        inside = (cards >= 0) & (cards < 52)
        bits = np.uint64(1) << np.where(inside, cards, 0).astype(np.uint64)
        wrong = np.flatnonzero(playing & ~(inside & ((self._legal_cards() & bits) != 0)))
        if len(wrong):
            from redouble.cards import Card

            k = int(wrong[0])
            card = int(cards[k])
            what = str(Card(card)) if 0 <= card < 52 else f"action {card + FIRST_CARD_ACTION} (not a card)"
            raise IllegalCardError(f"board {k} of the batch: {Seat(int(self.turn[k]))} may not play {what}")

    def _call(self, bidding: np.ndarray, calls: np.ndarray) -> None:
        bid = bidding & (calls < 35)
        if bid.any():
            b = np.flatnonzero(bid)
            sides, strains = self.turn[b] & 1, calls[b] % 5
            first = self._first_bidder[b, sides, strains]
            self._first_bidder[b, sides, strains] = np.where(first < 0, self.turn[b], first)
            self._last_bid = np.where(bid, calls, self._last_bid).astype(np.int8)
            self._last_bidder = np.where(bid, self.turn, self._last_bidder)
        self.doubled = np.where(bid, 0, np.where(bidding & (calls == _DOUBLE), 1,
                                                 np.where(bidding & (calls == _REDOUBLE), 2, self.doubled)))
        self.doubled = self.doubled.astype(np.int8)
        self._passes = np.where(bidding, np.where(calls == _PASS, self._passes + 1, 0), self._passes).astype(np.int8)
        self.turn = np.where(bidding, (self.turn + 1) & 3, self.turn).astype(np.int8)
        self.phase[bidding & (self._last_bid < 0) & (self._passes == 4)] = DONE
        ends = np.flatnonzero(bidding & (self._last_bid >= 0) & (self._passes == 3))
        if len(ends):
            last = self._last_bid[ends]
            self.level[ends] = last // 5 + 1
            self.strain[ends] = last % 5
            self.declarer[ends] = self._first_bidder[ends, self._last_bidder[ends] & 1, last % 5]
            self._leader[ends] = self.turn[ends] = (self.declarer[ends] + 1) & 3
            self.phase[ends] = PLAY

    def _play(self, playing: np.ndarray, cards: np.ndarray) -> None:
        n = len(self)
        cards = np.where(playing, cards, 0).astype(np.int8)
        seats = self.turn & 3
        at = seats.astype(np.intp) * n + self._rows  # the seat's row of each board in the flat (4, n) arrays
        hands = self._hands.reshape(-1)
        hands[at] &= ~np.where(playing, np.uint64(1) << cards.astype(np.uint64), np.uint64(0))
        # A board not in its play writes a card it will overwrite: its trick is empty.
        self._trick.reshape(-1)[(self._trick_length & 3).astype(np.intp) * n + self._rows] = cards
        self._trick_length += playing
        self.turn = np.where(playing, (seats + 1) & 3, self.turn).astype(np.int8)
        full = self._trick_length == 4
        if not full.any():
            return
        # Each card's power: its rank, 16 more in the suit led, 32 more in trumps; the highest wins.
        suits = _SUIT_OF[self._trick]
        power = _RANK_OF[self._trick] + np.int8(16) * (suits == suits[0]) + np.int8(32) * (suits == self.strain)
        best, winner = power[0], np.zeros(n, dtype=np.int8)
        for k in (1, 2, 3):
            higher = power[k] > best
            best = np.maximum(best, power[k])
            winner = np.where(higher, np.int8(k), winner)
        winners = (self._leader + winner) & 3
        self.tricks_taken += full & (((winners ^ self.declarer) & 1) == 0)
        self.tricks_played += full
        self._leader = np.where(full, winners, self._leader)
        self.turn = np.where(full, winners, self.turn)
        self._trick_length[full] = 0
        self.phase[full & (self.tricks_played == 13)] = DONE

    # --- results ----------------------------------------------------------------------------------
    def scores(self) -> np.ndarray:
        """The duplicate score of each board for North-South (0 for a passed-out board or one not done)."""
        _, _, table = _tables()
        played = self.phase == DONE
        declarer = np.where(self.declarer >= 0, self.declarer, 0)
        vulnerable = ((self.vulnerability >> (declarer & 1)) & 1).astype(np.intp)
        points = table[self.level, np.where(self.level > 0, self.strain, 0), self.doubled, vulnerable,
                       self.tricks_taken].astype(np.int32)
        return np.where(played, np.where(declarer & 1, -points, points), 0)  # type: ignore[no-any-return]

    def board(self, k: int) -> Board:
        """Board ``k`` as a :class:`redouble.Board`, its calls and cards replayed."""
        from redouble.board import Board
        from redouble.calls import Call
        from redouble.cards import Card
        from redouble.deal import Deal

        board = Board(deal=Deal.from_owners(self.owners[k].tobytes()), dealer=Seat(int(self.dealer[k])),
                      vulnerability=Vulnerability(int(self.vulnerability[k])))
        for step in self._history:
            action = int(step[k])
            if action >= FIRST_CARD_ACTION:
                board.push(Card(action - FIRST_CARD_ACTION))
            elif action >= 0:
                board.push(Call(action))
        return board
