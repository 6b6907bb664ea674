import pytest

from redouble.cards import Seat, Strain
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.scoring import Minibridge, choose_declarer, minibridge_score
from redouble.scoring.minibridge import tricks_needed


@pytest.mark.parametrize(("kind", "strain", "tricks", "declarer_points", "defender_points"), [
    ("part score", "NT", 7, 90, 0),     # seed 000
    ("part score", "NT", 10, 180, 0),
    ("part score", "NT", 5, 0, 100),
    ("game", "H", 10, 420, 0),
    ("game", "H", 11, 450, 0),
    ("game", "H", 7, 0, 150),
    ("game", "C", 11, 400, 0),
    ("game", "D", 10, 0, 50),
    ("game", "NT", 9, 400, 0),
    ("part score", "S", 13, 260, 0),
    ("part score", "C", 0, 0, 350),
])
def test_scores(kind, strain, tricks, declarer_points, defender_points):
    score = minibridge_score(kind, strain, tricks)
    assert (score.declarer_points, score.defender_points) == (declarer_points, defender_points)


def test_tricks_needed():
    assert [tricks_needed("game", s) for s in Strain] == [11, 11, 10, 10, 9]
    assert {tricks_needed("partscore", s) for s in Strain} == {7}


DEAL = Deal.parse("N:AKQ4.J92.T8.Q765 J3.AK8.AKQ2.KJ98 T987.Q76.J43.A43 652.T543.9765.T2")


def test_declarer_from_the_deal():
    # North 12, East 21, South 7, West 0: East-West have 21 and East declares.
    assert [DEAL[s].hcp for s in Seat] == [12, 21, 7, 0]
    assert choose_declarer(DEAL, "N") == Seat.EAST


def test_20_20_is_dealt_again():
    assert choose_declarer({Seat.NORTH: 10, Seat.EAST: 10, Seat.SOUTH: 10, Seat.WEST: 10}, "E") is None
    assert choose_declarer({Seat.NORTH: 20, Seat.EAST: 0, Seat.SOUTH: 0, Seat.WEST: 20}, "N") is None


@pytest.mark.parametrize(("points", "dealer", "declarer"), [
    ({"N": 10, "E": 5, "S": 15, "W": 10}, "N", Seat.SOUTH),  # the partner with more points
    ({"N": 11, "E": 9, "S": 11, "W": 9}, "N", Seat.NORTH),   # equal: the one who spoke first
    ({"N": 11, "E": 9, "S": 11, "W": 9}, "E", Seat.SOUTH),
    ({"N": 11, "E": 9, "S": 11, "W": 9}, "S", Seat.SOUTH),
    ({"N": 11, "E": 9, "S": 11, "W": 9}, "W", Seat.NORTH),
    ({"N": 2, "E": 14, "S": 2, "W": 22}, "N", Seat.WEST),
])
def test_declarer_from_announced_points(points, dealer, declarer):
    assert choose_declarer({Seat.parse(k): v for k, v in points.items()}, dealer) == declarer


def test_bad_announcements():
    with pytest.raises(RedoubleError, match="all four players"):
        choose_declarer({Seat.NORTH: 20, Seat.SOUTH: 10}, "N")
    with pytest.raises(RedoubleError, match="whole deal"):
        choose_declarer(Deal.parse("N:AKQ4.J92.T8.Q765 - - -"), "N")
    with pytest.raises(RedoubleError, match="'game' or 'part score'"):
        minibridge_score("slam", "H", 12)
    with pytest.raises(RedoubleError, match="0 to 13"):
        minibridge_score("game", "H", 14)


def test_session_totals():
    session = Minibridge()
    session.record("S", "game", "H", 10)
    session.record("W", "part score", "NT", 5)
    session.record(None)  # 20-20, dealt again
    session.record("E", "game", "S", 11)
    assert session.totals == {"NS": 420 + 100, "EW": 450}
    assert [d.label for d in session.deals] == ["1", "2", "3", "4"]
    with pytest.raises(RedoubleError, match="contract kind"):
        session.record("N", "game")
