import pytest

from redouble.cards import Seat, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring import Chicago, DuplicateChicago, RussianChicago, russian_imps, russian_target
from redouble.scoring.chicago import ORIGINAL_CYCLE, RUSSIAN_TARGETS

SEED_CHICAGO = [("2S", "N", 10), ("1NT", "E", 7), ("2H", "W", 9), ("1NTX", "S", 8)]


def test_seed_chicago():
    chicago = Chicago()
    records = [chicago.record(*deal) for deal in SEED_CHICAGO]
    assert chicago.totals == {"NS": 550, "EW": 630}  # so E-W win by 80
    assert chicago.is_complete
    entries = [[(e.side, e.points, "below" if e.below else "above", e.kind) for e in r.entries] for r in records]
    assert entries == [
        [("NS", 60, "below", "contract"), ("NS", 60, "above", "overtricks")],
        [("EW", 40, "below", "contract")],
        # 40 + 60 below makes a game; E-W are vulnerable on deal 3: 500 at once.
        [("EW", 60, "below", "contract"), ("EW", 30, "above", "overtricks"), ("EW", 500, "above", "game")],
        # N-S's 60 no longer counts; 80 is a part score on deal 4: 100.
        [("NS", 80, "below", "contract"), ("NS", 200, "above", "overtricks"), ("NS", 50, "above", "insult"),
         ("NS", 100, "above", "part score")],
    ]
    assert [str(r.vulnerability) for r in records] == ["None", "NS", "EW", "All"]
    assert records[2].game_won_by == "EW"
    sheet = chicago.render().splitlines()
    assert sheet[0].split() == ["N-S", "|", "E-W"]
    assert sheet[-1].split() == ["550", "|", "630"]


def test_dealers_and_vulnerability_cycle():
    chicago = Chicago()
    seen = []
    for contract in ("1C", "1D", "1H", "1S"):
        seen.append((chicago.deal_number, chicago.dealer, chicago.vulnerability))
        chicago.record(contract, "N", 6)
    assert seen == [(1, Seat.NORTH, Vulnerability.NONE), (2, Seat.EAST, Vulnerability.NS),
                    (3, Seat.SOUTH, Vulnerability.EW), (4, Seat.WEST, Vulnerability.ALL)]
    with pytest.raises(RedoubleError, match="four deals"):
        chicago.record("1C", "N", 7)


def test_passed_out_deal_is_redealt_by_the_same_dealer():
    chicago = Chicago()
    chicago.record("2S", "N", 8)
    assert chicago.deal_number == 2 and chicago.dealer == Seat.EAST
    record = chicago.record("Pass")
    assert record.passed_out and record.entries == ()
    assert chicago.deal_number == 2 and chicago.dealer == Seat.EAST and chicago.vulnerability == Vulnerability.NS
    assert chicago.record("Pass").label == "2"
    chicago.record("1NT", "E", 7)
    assert chicago.deal_number == 3
    assert len(chicago.deals) == 4 and not chicago.is_complete


def test_game_from_carried_part_scores_scores_its_bonus_at_once():
    chicago = Chicago()
    chicago.record("2S", "N", 8)
    record = chicago.record("2H", "S", 8)  # 60 + 60: game on deal 2, N-S vulnerable
    assert [(e.points, e.kind) for e in record.entries] == [(60, "contract"), (500, "game")]
    assert chicago.part_scores == {"NS": 0, "EW": 0}


def test_deal_4_bonus_only_for_a_part_score_made():
    chicago = Chicago()
    for deal in [("1C", "N", 7), ("1C", "N", 7), ("1C", "N", 7)]:
        chicago.record(*deal)
    assert all(e.kind != "part score" for e in chicago.sheet.entries)  # none before deal 4
    assert chicago.record("2S", "E", 7).points("NS") == 100  # failed on deal 4: no bonus for E-W
    chicago = Chicago()
    for deal in [("1C", "N", 7), ("1C", "N", 7), ("1C", "N", 7), ("2C", "N", 8)]:
        chicago.record(*deal)
    # 20 + 20 + 20 + 40 = 100: game on deal 4, vulnerable, instead of the part-score bonus.
    assert [(e.points, e.kind) for e in chicago.deals[-1].entries] == [(40, "contract"), (500, "game")]


def test_chicago_honours_from_the_deal():
    deal = Deal.parse("N:AKQJT.AKQ.AK.AKQ 98765.JT9.QJT.JT 432.8765.9876.98 -.432.5432.765432")
    chicago = Chicago()
    record = chicago.record("3NT", "N", 9, deal=deal)
    assert ("NS", 150, "honours") in [(e.side, e.points, e.kind) for e in record.entries]
    assert Chicago(honours=False).record("3NT", "N", 9, deal=deal).points("NS") == 400


def test_duplicate_chicago_any_multiple_of_four():
    chicago = DuplicateChicago()
    results = [chicago.record(*deal) for deal in SEED_CHICAGO]
    assert [r.ns for r in results] == [170, -90, -140, 380]  # each deal on its own, with 50 for a part score
    assert chicago.is_complete and chicago.totals == {"NS": 320, "EW": -320}
    chicago.record("Pass")
    assert chicago.deal_number == 1 and chicago.is_complete
    chicago.record("4S", "E", 10)
    assert not chicago.is_complete and chicago.deal_number == 2
    for deal in [("3NT", "N", 9), ("3NT", "N", 9), ("3NT", "N", 9)]:
        chicago.record(*deal)
    assert chicago.is_complete and chicago.deals_played == 8
    assert [r.ns for r in chicago.deals[-3:]] == [600, 400, 600]  # deals 6, 7, 8: NS vul, EW vul, both


def test_russian_target_table():
    assert russian_target(20, False) == 0 and russian_target(24, True) == 290 and russian_target(40, True) == 1950
    assert len(RUSSIAN_TARGETS) == 21
    with pytest.raises(RedoubleError, match="20 to 40"):
        russian_target(19, False)


def test_russian_seed_examples():
    # We are East-West, vulnerable, with 24 points; 3H made with an overtrick: 170 against a target of 290.
    assert russian_imps(-170, 40 - 24, "EW") == 3  # -3 IMPs for East-West
    # 4S made with 18 points, nobody vulnerable: the opponents' target of 70 against our 420.
    assert russian_imps(420, 18, "None") == 10


def test_russian_chicago_seed_examples():
    # Example 1 needs East-West vulnerable on deal 2: the original cycle (the dealing side vulnerable).
    chicago = RussianChicago(cycle=ORIGINAL_CYCLE)
    chicago.record("Pass")
    first = chicago.record("4S", "N", 10, ns_hcp=18)
    assert first.ns == 10 and first.target == -70 and first.ns_score == 420
    second = chicago.record("3H", "W", 10, ns_hcp=16)
    assert second.vulnerability == Vulnerability.EW and second.target == -290 and second.ew == -3
    # On the modern cycle East-West are not vulnerable on deal 2: target 200, -1 IMP.
    modern = RussianChicago()
    modern.record("1C", "N", 7, ns_hcp=20)
    assert modern.record("3H", "W", 10, ns_hcp=16).ew == -1


def test_russian_needs_the_points():
    deal = Deal.parse("N:AKQJT.AKQ.AK.AKQ 98765.JT9.QJT.JT 432.8765.9876.98 -.432.5432.765432")
    chicago = RussianChicago()
    result = chicago.record("7NT", "N", 13, deal=deal)
    # North-South hold 35: target 1100 not vulnerable; 7NT scores 1520, 420 more: 9 IMPs.
    assert result.target == 1100 and result.ns_score == 1520 and result.ns == 9
    with pytest.raises(RedoubleError, match="high-card points"):
        chicago.record("1NT", "N", 7)
    with pytest.raises(RedoubleError, match="0 to 40"):
        chicago.record("1NT", "N", 7, ns_hcp=41)
    assert chicago.record("Pass").ns == 0 and chicago.deal_number == 2
