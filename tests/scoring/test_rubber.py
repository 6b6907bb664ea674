import pytest

from redouble.cards import Seat, Strain, Vulnerability
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring import PRE_1987, Honours, Rubber, honours_in

# Seed 000's rubber: (label, contract, declarer, tricks). WE are North-South, THEY East-West.
SEED_RUBBER = [
    ("a", "2H", "N", 10), ("b", "4SX", "E", 8), ("c", "3NT", "E", 10), ("d", "3S", "E", 9), ("e", "2D", "E", 6),
    ("f", "6HX", "N", 13), ("g", "1NT", "E", 8), ("h", "3C", "N", 9), ("i", "3H", "E", 9),
]

SEED_SHEET = """\
      WE      |     THEY
  500 (f)     |
   50 (f)     |
  100 (f)     |
  200 (e)     |  500 (i)
  300 (b)     |   30 (g)
   60 (a)     |   30 (c)
--------------+--------------
   60 (a)     |  100 (c)
--------------+--------------
  360 (f)     |   90 (d)
--------------+--------------
   60 (h)     |   40 (g)
              |   90 (i)
==============+==============
 1690         |  880"""

# Spades: East holds A K Q J (a defender's honours against a spade contract); hearts: North holds A K Q J.
DEAL_FOUR_HONOURS = Deal.parse("N:T987.AKQJ.AKQ.AK AKQJ.T98.JT9.QJT 654.765.8765.987 32.432.432.65432")
# North holds A K Q J 10 of spades and all four aces.
DEAL_FIVE_HONOURS = Deal.parse("N:AKQJT.AKQ.AK.AKQ 98765.JT9.QJT.JT 432.8765.9876.98 -.432.5432.765432")


def play_seed_rubber(**kwargs):
    rubber = Rubber(**kwargs)
    records = [rubber.record(contract, declarer, tricks, label=label)
               for label, contract, declarer, tricks in SEED_RUBBER]
    return rubber, records


def test_seed_rubber_totals_and_sheet():
    rubber, _ = play_seed_rubber()
    assert rubber.totals == {"NS": 1690, "EW": 880}
    assert rubber.is_complete and rubber.is_finished
    assert rubber.winner == "NS"  # by 810 points, though THEY won the rubber
    assert rubber.games == {"NS": 1, "EW": 2}
    assert rubber.render() == SEED_SHEET


def test_seed_rubber_every_entry_in_its_place():
    rubber, records = play_seed_rubber()
    by_label = {r.label: [(e.side, e.points, "below" if e.below else "above", e.kind) for e in r.entries]
                for r in records}
    assert by_label == {
        "a": [("NS", 60, "below", "contract"), ("NS", 60, "above", "overtricks")],
        "b": [("NS", 300, "above", "undertricks")],
        "c": [("EW", 100, "below", "contract"), ("EW", 30, "above", "overtricks")],
        "d": [("EW", 90, "below", "contract")],
        "e": [("NS", 200, "above", "undertricks")],
        "f": [("NS", 360, "below", "contract"), ("NS", 100, "above", "overtricks"), ("NS", 50, "above", "insult"),
              ("NS", 500, "above", "slam")],
        "g": [("EW", 40, "below", "contract"), ("EW", 30, "above", "overtricks")],
        "h": [("NS", 60, "below", "contract")],
        "i": [("EW", 90, "below", "contract"), ("EW", 500, "above", "rubber")],
    }
    # Lines: after c (THEY's game), f (WE's game), i (THEY's second game).
    assert [r.game_won_by for r in records] == [None, None, "EW", None, None, "NS", None, None, "EW"]
    # The 90 of deal d belonged to the second game: it does not help the 40 of deal g.
    assert [e.points for e in rubber.sheet.below("EW", game=1)] == [90]
    assert [e.points for e in rubber.sheet.below("EW", game=2)] == [40, 90]
    # Vulnerability: THEY from deal d on, WE from deal g on.
    assert [str(r.vulnerability) for r in records] == ["None", "None", "None", "EW", "EW", "EW", "All", "All", "All"]


def test_we_can_be_east_west():
    rubber = Rubber(we="EW")
    rubber.record("4S", "E", 10)
    assert rubber.sheet.headings == {"EW": "WE", "NS": "THEY"}
    assert rubber.render().splitlines()[0].split() == ["THEY", "|", "WE"]  # North-South's column is first
    assert rubber.totals == {"NS": 0, "EW": 120}


def test_rubber_two_games_to_none_is_700():
    rubber = Rubber()
    rubber.record("3NT", "N", 9)
    assert rubber.vulnerability == Vulnerability.NS
    rubber.record("1S", "E", 7)
    rubber.record("5C", "S", 11)
    assert rubber.is_complete
    assert rubber.totals == {"NS": 100 + 100 + 700, "EW": 30}
    with pytest.raises(RedoubleError, match="rubber is over"):
        rubber.record("1S", "E", 7)


def test_part_scores_add_up_to_game():
    rubber = Rubber()
    rubber.record("2S", "N", 8)
    rubber.record("1NT", "E", 7)
    assert rubber.part_scores == {"NS": 60, "EW": 40}
    rubber.record("2C", "S", 8)
    assert rubber.games == {"NS": 1, "EW": 0}
    assert rubber.part_scores == {"NS": 0, "EW": 0}  # EW's 40 no longer counts towards game


def test_vulnerable_undertricks_after_a_game():
    rubber = Rubber()
    rubber.record("4H", "S", 10)
    record = rubber.record("2H", "N", 7)
    assert record.points("EW") == 100  # one down vulnerable
    record = rubber.record("2HX", "N", 5)
    assert record.points("EW") == 800  # three down doubled vulnerable: 200 + 300 + 300


def test_finish_unfinished_rubber():
    rubber = Rubber()
    rubber.record("4H", "S", 10)
    rubber.record("2D", "W", 8)
    assert rubber.finish() == {"NS": 120 + 300, "EW": 40 + 100}
    assert rubber.is_finished and not rubber.is_complete
    assert rubber.finish() == {"NS": 420, "EW": 140}  # once only
    kinds = [(e.side, e.points, e.kind) for e in rubber.sheet.entries if e.kind.startswith("unfinished")]
    assert kinds == [("NS", 300, "unfinished game"), ("EW", 100, "unfinished part score")]
    with pytest.raises(RedoubleError, match="rubber is over"):
        rubber.record("1S", "E", 7)


def test_finish_one_game_each_and_part_scores_both_sides():
    rubber = Rubber()
    for contract, declarer, tricks in [("4H", "S", 10), ("4S", "E", 10), ("1NT", "N", 7), ("1C", "W", 7)]:
        rubber.record(contract, declarer, tricks)
    assert rubber.finish() == {"NS": 120 + 40 + 300 + 100, "EW": 120 + 20 + 300 + 100}


def test_pre_1987_rules():
    modern, old = Rubber(), Rubber(rules=PRE_1987)
    for r in (modern, old):
        r.record("1NTXX", "N", 7)  # 160 below: a game
        r.record("4SX", "N", 6)    # vulnerable now: 200 + 300 + 300 + 300 either way
        r.record("3SX", "E", 5)    # not vulnerable, four down doubled: 800 modern, 700 before 1987
        r.record("1C", "E", 7)     # a part score in the unfinished game
    assert modern.deals[0].points("NS") == 160 + 100 and old.deals[0].points("NS") == 160 + 50
    assert modern.deals[1].points("EW") == old.deals[1].points("EW") == 1100
    assert modern.deals[2].points("NS") == 800 and old.deals[2].points("NS") == 700
    assert modern.finish()["EW"] - old.finish()["EW"] == 100 - 50


def test_passed_out_deal_writes_nothing():
    rubber = Rubber()
    record = rubber.record("Pass")
    assert record.passed_out and record.entries == () and rubber.totals == {"NS": 0, "EW": 0}
    assert rubber.record("1S", "N", 7).label == "2"


def test_honours_computed_from_the_deal_whoever_holds_them():
    assert honours_in(DEAL_FOUR_HONOURS, Strain.SPADES) == (Seat.EAST, 100)
    assert honours_in(DEAL_FOUR_HONOURS, Strain.HEARTS) == (Seat.NORTH, 100)
    assert honours_in(DEAL_FOUR_HONOURS, Strain.DIAMONDS) is None
    assert honours_in(DEAL_FOUR_HONOURS, Strain.NOTRUMP) is None
    assert honours_in(DEAL_FIVE_HONOURS, Strain.SPADES) == (Seat.NORTH, 150)
    assert honours_in(DEAL_FIVE_HONOURS, Strain.NOTRUMP) == (Seat.NORTH, 150)

    rubber = Rubber()
    # Declarer's side: North holds four heart honours.
    record = rubber.record("4H", "S", 10, deal=DEAL_FOUR_HONOURS)
    assert [(e.side, e.points, e.kind) for e in record.entries] == [
        ("NS", 120, "contract"), ("NS", 100, "honours")]
    # A defender: East holds four spade honours; they count even though North makes the contract.
    record = rubber.record("2S", "N", 8, deal=DEAL_FOUR_HONOURS)
    assert ("EW", 100, "honours") in [(e.side, e.points, e.kind) for e in record.entries]
    # Honours count when the contract fails, too; four aces at no trumps 150.
    record = rubber.record("3NT", "E", 8, deal=DEAL_FIVE_HONOURS)
    assert [(e.side, e.points, e.kind) for e in record.entries] == [
        ("NS", 50, "undertricks"), ("NS", 150, "honours")]


def test_honours_claimed_explicitly_or_not_at_all():
    rubber = Rubber()
    record = rubber.record("4S", "N", 10, honours=("W", 100))
    assert ("EW", 100, "honours") in [(e.side, e.points, e.kind) for e in record.entries]
    record = rubber.record("2S", "N", 8, deal=DEAL_FOUR_HONOURS, honours=0)
    assert "honours" not in [e.kind for e in record.entries]
    record = rubber.record("1D", "N", 7, honours=Honours("NS", 150))
    assert record.points("NS") == 20 + 150
    plain = Rubber(honours=False)
    record = plain.record("4H", "S", 10, deal=DEAL_FOUR_HONOURS, honours=("N", 100))
    assert record.points("NS") == 120


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"contract": "4S", "declarer": None, "tricks": 10}, "needs a declarer"),
    ({"contract": "4S-N", "declarer": "E", "tricks": 10}, "names declarer N, not E"),
    ({"contract": "4S", "declarer": "N", "tricks": None}, "number of tricks"),
    ({"contract": "4S", "declarer": "N", "tricks": 14}, "0 to 13"),
    ({"contract": "4Z", "declarer": "N", "tricks": 10}, "not a contract"),
    ({"contract": "4S", "declarer": "N", "tricks": 10, "honours": ("N", 120)}, "100 or 150"),
    ({"contract": "4S", "declarer": "N", "tricks": 10, "honours": "N"}, "seat or side, points"),
])
def test_bad_records(kwargs, message):
    with pytest.raises(RedoubleError, match=message):
        Rubber().record(**kwargs)


def test_contract_may_name_its_declarer():
    rubber = Rubber()
    assert rubber.record("4S-N", tricks=10).points("NS") == 120
    with pytest.raises(RedoubleError, match="'NS' or 'EW'"):
        Rubber(we="NE")
