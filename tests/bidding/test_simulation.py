"""Close decisions by simulation: the candidates, the scoring of layouts, the choice, its time bound."""

from __future__ import annotations

import itertools

import pytest

from redouble import Auction, Board, Deal, Hand
from redouble.bidding import BidChoice, choose_call
from redouble.bidding.engine import inferences_of
from redouble.bidding.meaning import Meaning
from redouble.bidding.simulation import (
    LAYOUTS,
    MARGIN,
    MIN_LAYOUTS,
    STRONG_THINK,
    Outcome,
    _view,
    bid_out,
    close_candidates,
    compare,
    pick,
    runner_escapes,
    simulate,
    think_call,
)
from redouble.calls import Call, Contract
from redouble.cardplay.auction_fit import draw_layouts
from redouble.cards import Seat, Strain, Vulnerability
from redouble.dd import solve_contracts
from redouble.errors import RedoubleError, SolverUnavailableError
from redouble.robots import Robot
from redouble.scoring import duplicate_score, imps

NONE = Vulnerability.NONE
STAYMAN = Auction("N", "1NT P 2C P 2H P".split())
GAME_HAND = Hand.parse("K52.KJ76.Q842.A3")  # 11 HCP and four hearts: the rules bid 4H


def candidates(hand: str, calls: str, dealer: str = "N", vul: Vulnerability = NONE) -> list[str]:
    return [str(c.call) for c in close_candidates(Hand.parse(hand), Auction(dealer, calls.split()), vul)]


def test_competitive_candidates_are_the_rules_call_then_pass_or_bidding_on() -> None:
    assert candidates("K2.AQJ63.KJ4.Q72", "1H P 2H 2S") == ["3H", "Pass"]
    assert candidates("K92.AQJ63.KJ4.72", "1H P 2H 2S") == ["Pass", "3H"]
    # Not a penalty double: the doubles simulation chose lost against Ben, even scored against the
    # opponents' best escape.
    assert candidates("KQ2.A953.J84.Q72", "1H P 2H 2S") == []


SAVER = Hand.parse("5.AQJ763.KJ4.Q72")
OVER_THEIR_GAME = Auction("N", "1H 1S 2H 4S".split())
# Layouts of the others' hands (drawn to fit the auction) where East's 4S makes exactly and North's 5H goes
# one down at worst: the save is worth 8 IMPs or more, and 10 if they bid on to 5S.
SAVE_PAYS = ["AKJ72..A752.J954 63.K982.T983.KT3 QT984.T54.Q6.A86",
             "AK8742.8.952.AK8 6.T94.AQT873.J93 QJT93.K52.6.T654",
             "AQT93.842.A32.J9 72.K95.T9765.KT3 KJ864.T.Q8.A8654",
             "KQJT9.T85.T9.KJ8 87.942.Q86.AT643 A6432.K.A7532.95",
             "AK974.985.A875.3 32.T42.T963.AKT4 QJT86.K.Q2.J9865",
             "AJ632.92.Q852.A4 98.T854.9.KJT963 KQT74.K.AT763.85"]
# Layouts where 4S goes down: defending is right.
DEFENCE_PAYS = ["AQ7643.94.A75.K4 8.T852.Q983.A963 KJT92.K.T62.JT85",
                "AJ843.K.AT52.843 97.9854.Q98.KT96 KQT62.T2.763.AJ5",
                "AJT74.T.Q52.AKJ5 82.K985.AT8.9843 KQ963.42.9763.T6",
                "AQ987.T54.632.A3 KJ432.982.T7.J85 T6.K.AQ985.KT964",
                "AJT93.9.T982.AT4 42.852.AQ76.J853 KQ876.KT4.53.K96",
                "QT7432.T4.AQ82.5 KJ9.K982.T5.J984 A86.5.9763.AKT63"]


def test_over_their_game_the_five_level_save_is_a_candidate() -> None:
    # Partner raised my hearts; they jumped to game in spades: defend, or save (or push) in 5H.
    assert candidates(str(SAVER), str(OVER_THEIR_GAME)) == ["Pass", "5H"]
    # Not past the five level: over their 5S, 6H is no save simulation weighs.
    assert candidates(str(SAVER), "1H 1S 2H 5S") == []


@pytest.mark.parametrize(("others", "chosen"), [(SAVE_PAYS, "5H"), (DEFENCE_PAYS, "Pass")])
def test_simulation_saves_where_their_game_makes_and_defends_where_it_fails(others: list[str], chosen: str) -> None:
    layouts = [Deal.parse(f"N:{SAVER} {hands}") for hands in others]
    cands = close_candidates(SAVER, OVER_THEIR_GAME, NONE)
    outcomes = simulate(SAVER, OVER_THEIR_GAME, cands, layouts)
    assert [o.layouts for o in outcomes] == [len(layouts)] * 2
    assert (outcomes[1].advantage >= 8) == (chosen == "5H")
    assert pick(cands, outcomes).call == Call(chosen)


def test_game_candidates_after_stayman() -> None:
    assert candidates(str(GAME_HAND), "1NT P 2C P 2H P") == ["4H", "Pass"]


def test_invitation_or_stop() -> None:
    assert candidates("K2.AQJ63.KJ4.Q72", "1H P 2H P") == ["3H", "Pass"]


def test_part_score_or_game_and_game_or_slam() -> None:
    assert candidates("AKQJ3.AK2.KQ3.32", "1S P 2S P") == ["4S", "Pass"]
    # 22 HCP opposite partner's 3NT (10 or more): the rules pass, a slam is the other call to weigh.
    assert candidates("KQ2.AK3.AQ2.KJ32", "1NT P 3NT P") == ["Pass", "6NT"]


@pytest.mark.parametrize(("hand", "calls"), [
    ("AKQ4.J92.T8.Q765", ""),                # an opening
    ("AKQ4.J92.T8.Q765", "1D P"),            # a response: system, not judgement
    ("KJ52.K76.Q842.J3", "1NT P"),           # Stayman: a convention partner must read
    ("AQ2.KQ3.A432.K32", "1NT P 2C P"),      # partner's Stayman forces an answer
    ("KQJ3.AQ2.AK5.QJ2", "1S P 3S P 4NT P"),  # partner's keycard ask
])
def test_no_candidates_where_partner_relies_on_the_system(hand: str, calls: str) -> None:
    assert candidates(hand, calls) == []


def test_bid_out_and_the_comparison_of_scores() -> None:
    deal = Deal.parse("N:AKQ2.K52.A83.KJ4 J54.Q83.KJ92.Q72 T963.AJ4.Q5.A963 87.T976.T764.T85")
    # (Stayman finds the 4-4 spade fit: South's 10 HCP bid game in it.)
    assert str(bid_out(deal, Auction("N", ["2NT", "P"]), NONE, "sayc")) == "4S-N"
    # IMPs for each candidate against the first, a layout at a time: +250 is 6 IMPs, -190 is 5.
    assert compare([[420, 170], [-50, 140]], [1.0, 1.0]) == [0.0, -0.5]
    assert compare([[420, 170], [-50, 140]], [1.0, 3.0]) == [0.0, 2.25]
    assert compare([[420, 170], [-50, 140]], [1.0, 1.0], "total") == [0.0, -30.0]
    assert compare([[420, 420], [-50, 140]], [1.0, 1.0], "matchpoints") == [0.0, 0.25]
    with pytest.raises(RedoubleError, match="unknown form of scoring 'rubber'"):
        compare([[0, 0]], [1.0], "rubber")


def _stayman_layouts() -> tuple[list[Deal], list[int]]:
    """Layouts of the three hands South cannot see after 1NT P 2C P 2H P, and North's tricks in hearts."""
    layouts = draw_layouts(_view(GAME_HAND, Seat.SOUTH), 60, auction=STAYMAN, vulnerability=NONE, seed=6,
                           ranges=None).deals
    return layouts, solve_contracts([(d, Strain.HEARTS, Seat.NORTH) for d in layouts])


def test_simulation_picks_the_call_the_layouts_favour() -> None:
    layouts, tricks = _stayman_layouts()
    cands = close_candidates(GAME_HAND, STAYMAN, NONE)
    assert [str(c.call) for c in cands] == ["4H", "Pass"]
    game_makes = [d for d, t in zip(layouts, tricks, strict=True) if t >= 10]
    game_fails = [d for d, t in zip(layouts, tricks, strict=True) if t <= 9]
    assert len(game_makes) >= MIN_LAYOUTS and len(game_fails) >= MIN_LAYOUTS
    # Where 4H fails, stopping in 2H gains 5 IMPs when 2H makes and 3 when it goes down less (the rules'
    # 4H is dropped).
    outcomes = simulate(GAME_HAND, STAYMAN, cands, game_fails)
    assert outcomes[0] == Outcome(Call("4H"), 0.0, len(game_fails))
    assert outcomes[1].advantage >= 3
    chosen = pick(cands, outcomes)
    assert chosen.call == Call.PASS
    assert chosen.rule.startswith(f"nt.stayman-pass, chosen by simulation ({len(game_fails)} layouts: Pass +")
    assert chosen.meaning == cands[1].meaning  # the explanation is the system's meaning of the call
    # Where game makes, the rules' call stays.
    outcomes = simulate(GAME_HAND, STAYMAN, cands, game_makes)
    assert outcomes[1].advantage <= -5
    assert pick(cands, outcomes) is cands[0]


def test_a_close_margin_keeps_the_rules_call() -> None:
    cands = close_candidates(GAME_HAND, STAYMAN, NONE)
    below = MARGIN["imps"] - 0.01
    assert pick(cands, [Outcome(Call("4H"), 0.0, 20), Outcome(Call.PASS, below, 20)]) is cands[0]
    assert pick(cands, [Outcome(Call("4H"), 0.0, 20), Outcome(Call.PASS, MARGIN["imps"], 20)]).call == Call.PASS
    few = MIN_LAYOUTS - 1  # too few layouts scored in the time: the rules' call
    assert pick(cands, [Outcome(Call("4H"), 0.0, few), Outcome(Call.PASS, 5.0, few)]) is cands[0]


def test_a_layout_must_hold_the_bidders_hand() -> None:
    cands = close_candidates(GAME_HAND, STAYMAN, NONE)
    with pytest.raises(RedoubleError, match="a layout must hold the bidder's hand"):
        simulate(GAME_HAND, STAYMAN, cands, [Deal.random(seed=1)])


def test_the_same_seed_gives_the_same_call() -> None:
    frozen = lambda: 0.0  # noqa: E731  -- a clock that never moves: every layout is used
    first = think_call(GAME_HAND, STAYMAN, NONE, think=1.0, seed=3, clock=frozen)
    again = think_call(GAME_HAND, STAYMAN, NONE, think=1.0, seed=3, clock=frozen)
    assert (first.call, first.rule, first.meaning) == (again.call, again.rule, again.meaning)


def test_a_fake_clock_governs_every_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock of its own that never moves, the outcome is the same however slow the machine: the real
    time is not read at all (here it runs a hundred seconds a reading, a machine under crushing load)."""
    import time

    import redouble.bidding.simulation as simulation

    seen: list[list[Outcome]] = []
    pick_outcomes = simulation.pick

    def recording_pick(cands: list[BidChoice], outcomes: list[Outcome], scoring: str = "imps") -> BidChoice:
        seen.append(list(outcomes))
        return pick_outcomes(cands, outcomes, scoring)

    monkeypatch.setattr(simulation, "pick", recording_pick)
    frozen = lambda: 0.0  # noqa: E731
    calm = think_call(GAME_HAND, STAYMAN, NONE, think=STRONG_THINK, seed=43, clock=frozen)
    readings = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: 100.0 * next(readings))
    loaded = think_call(GAME_HAND, STAYMAN, NONE, think=STRONG_THINK, seed=43, clock=frozen)
    assert (loaded.call, loaded.rule) == (calm.call, calm.rule)
    assert len(seen) == 2 and seen[0] == seen[1] and seen[0][0].layouts == LAYOUTS


class FakeClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.reads = 0
        self.step = step

    def __call__(self) -> float:
        self.reads += 1
        return self.now

    @property
    def now(self) -> float:
        # Times counted in reads, not summed: sixteen sums of 0.05 make 0.8000000000000002, past a bound of 0.8.
        return self.reads * self.step


def test_the_time_bound_cuts_the_layouts_short() -> None:
    layouts, _ = _stayman_layouts()
    cands = close_candidates(GAME_HAND, STAYMAN, NONE)
    clock = FakeClock(0.05)
    outcomes = simulate(GAME_HAND, STAYMAN, cands, layouts[:LAYOUTS], deadline=0.5, clock=clock)
    assert 1 <= outcomes[0].layouts < LAYOUTS
    # Nothing started after the deadline: a read or two to finish, and the searches still running then (one a
    # core) read the clock as they end, to time themselves.
    assert clock.now <= 0.5 + 6 * 0.05
    whole = simulate(GAME_HAND, STAYMAN, cands, layouts[:LAYOUTS])
    assert whole[0].layouts == LAYOUTS


def test_think_call_stays_within_its_time() -> None:
    clock = FakeClock(0.02)
    choice = think_call(GAME_HAND, STAYMAN, NONE, think=STRONG_THINK, seed=1, clock=clock)
    assert choice.call in (Call("4H"), Call.PASS)
    assert clock.now <= STRONG_THINK + 0.1


def test_no_thinking_is_the_rules_call() -> None:
    assert think_call(GAME_HAND, STAYMAN, NONE, think=0.0) == choose_call(GAME_HAND, STAYMAN, NONE)
    assert choose_call(GAME_HAND, STAYMAN, NONE, think=0) == choose_call(GAME_HAND, STAYMAN, NONE)


@pytest.mark.parametrize("think", [-1, 61, "1", True])
def test_bad_thinking_time(think: object) -> None:
    with pytest.raises(RedoubleError, match="think is seconds from 0 to 60"):
        choose_call(GAME_HAND, STAYMAN, NONE, think=think)  # type: ignore[arg-type]


def test_bad_scoring() -> None:
    with pytest.raises(RedoubleError, match="unknown form of scoring 'rubber'"):
        think_call(GAME_HAND, STAYMAN, NONE, think=0.5, scoring="rubber")


def test_a_thinking_robot_makes_legal_calls_through_a_whole_auction() -> None:
    board = Board.from_number(1, deal=Deal.random(seed=11))
    robot = Robot.named("redouble", think=0.3, seed=2)
    for _ in itertools.count():
        if board.phase != "auction":
            break
        choice = robot.call(board)
        assert board.auction.is_legal(choice.call)
        board.auction.push(choice.call)
    assert board.auction.is_complete


def test_without_a_solver_the_rules_call(monkeypatch: pytest.MonkeyPatch) -> None:
    import redouble.dd

    def unavailable(*args: object, **kwargs: object) -> list[int | None]:
        raise SolverUnavailableError("no double-dummy solver")

    monkeypatch.setattr(redouble.dd, "solve_contracts_until", unavailable)
    assert think_call(GAME_HAND, STAYMAN, NONE, think=0.5) == choose_call(GAME_HAND, STAYMAN, NONE)


def test_the_strong_table_manager_client_thinks_and_the_fast_one_does_not() -> None:
    from redouble.tm.client import ClientOptions

    assert ClientOptions(robot="strong").robot_for(1).think == STRONG_THINK
    assert ClientOptions(robot="fast").robot_for(1).think == 0.0
    assert ClientOptions(robot="redouble").robot_for(1).think == 0.0  # as in redouble match


def test_runner_escapes() -> None:
    deal = Deal.parse("N:AKQ2.K52.A83.KJ4 J54.Q83.KJ92.Q72 T963.AJ4.Q5.A963 87.T976.T764.T85")
    # East-West hold eight diamonds (4-4: the doubled declarer's partner runs) and seven hearts.
    assert [str(c) for c in runner_escapes(deal, Contract.parse("2HX-W"), True)] == ["3DX-E"]
    assert [str(c) for c in runner_escapes(deal, Contract.parse("1NTX-E"), True)] == ["2DX-W", "2HX-W"]
    assert runner_escapes(deal, Contract.parse("7HX-W"), True) == []  # nowhere higher to go
    assert runner_escapes(deal, Contract.parse("2HXX-W"), True) == []  # they redoubled: they stand
    assert runner_escapes(deal, Contract.parse("2SX-N"), True) == []  # our own contract


def test_a_penalty_double_is_scored_against_their_best_escape() -> None:
    hand, auction = Hand.parse("KJ92.A5.A842.Q72"), Auction("N", "1S P 2S 3H".split())
    rules = choose_call(hand, auction, NONE)
    assert rules.call == Call.PASS
    cands = [rules, BidChoice(Call.DOUBLE, Meaning("penalty double"), "natural.penalty-double")]
    shown = inferences_of(auction, NONE, "sayc")
    layouts = draw_layouts(_view(hand, Seat.NORTH), 20, auction=auction, vulnerability=NONE, seed=1,
                           ranges={s: shown[s] for s in Seat if s != Seat.NORTH}).deals
    outcomes = simulate(hand, auction, cands, layouts)
    # The same by hand: on each layout the double scores the worst for us of their contract doubled and
    # each escape; pass scores the contract the rules reach.
    gains, escaped = [], 0
    for deal in layouts:
        scores = []
        for cand in cands:
            bid = auction.copy()
            bid.push(cand.call)
            final = bid_out(deal, bid, NONE, "sayc")
            played = [final, *runner_escapes(deal, final, True)]
            escaped += len(played) > 1
            tricks = solve_contracts([(deal, c.strain, c.declarer) for c in played])  # type: ignore[misc]
            scores.append(min(duplicate_score(c, c.declarer, t, NONE) for c, t in zip(played, tricks, strict=True)))
        gains.append(imps(scores[1] - scores[0]))
    assert escaped >= 3
    assert outcomes[1].layouts == len(layouts)
    assert outcomes[1].advantage == pytest.approx(sum(gains) / len(gains))
