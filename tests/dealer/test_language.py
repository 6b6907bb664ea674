"""The constraint language: every operator and feature, and the errors for bad syntax."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Deal, Seat, Suit
from redouble.dealer import ConstraintSyntaxError, east, north, parse, south, west

DEALS = [Deal.random(seed=k) for k in range(60)]


def check(text, expected):
    """The parsed constraint agrees, deal by deal, with a plain-Python test of the same thing."""
    constraint = parse(text)
    assert constraint.evaluate_deals(DEALS) == [bool(expected(d)) for d in DEALS], text
    assert [constraint(d) for d in DEALS[:5]] == [bool(expected(d)) for d in DEALS[:5]]


N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize(("text", "expected"), [
    ("north.hcp >= 12", lambda d: d[N].hcp >= 12),
    ("north.hcp > 12", lambda d: d[N].hcp > 12),
    ("north.hcp <= 9", lambda d: d[N].hcp <= 9),
    ("north.hcp < 9", lambda d: d[N].hcp < 9),
    ("north.hcp == 10", lambda d: d[N].hcp == 10),
    ("north.hcp = 10", lambda d: d[N].hcp == 10),
    ("north.hcp != 10", lambda d: d[N].hcp != 10),
    ("east.hcp in 6..10", lambda d: 6 <= d[E].hcp <= 10),
    ("not east.hcp in 6..10", lambda d: not 6 <= d[E].hcp <= 10),
    ("south.points >= 13", lambda d: d[S].total_points >= 13),
    ("west.controls >= 3", lambda d: d[W].controls >= 3),
    ("west.losers <= 7", lambda d: d[W].losers <= 7),
    ("north.spades >= 4 and north.hearts < 4", lambda d: d[N].length(Suit.SPADES) >= 4 > d[N].length(Suit.HEARTS)),
    ("north.diamonds + north.clubs >= 8", lambda d: d[N].length(Suit.DIAMONDS) + d[N].length(Suit.CLUBS) >= 8),
    ("n.length(spades) - s.length(s) >= 2", lambda d: d[N].length(Suit.SPADES) - d[S].length(Suit.SPADES) >= 2),
    ("north.hcp(hearts) >= 4", lambda d: sum(max(0, r - 10) for r in d[N].suit(Suit.HEARTS)) >= 4),
    ("ns.hcp >= 24", lambda d: d[N].hcp + d[S].hcp >= 24),
    ("ew.spades >= 8", lambda d: d[E].length(Suit.SPADES) + d[W].length(Suit.SPADES) >= 8),
    ("north.balanced", lambda d: d[N].is_balanced),
    ("north.semibalanced", lambda d: d[N].is_semi_balanced),
    ('east.shape("any 4432 + any 5332")', lambda d: d[E].pattern in ("4432", "5332")),
    ('east.shape("any 4xxx - any 4333")', lambda d: "4" in d[E].pattern and d[E].pattern != "4333"),
    ('south.shape("5-4 in the majors")', lambda d: sorted(d[S].shape[:2]) == [4, 5]),
    ('south.shape("4+-4+ in the minors")', lambda d: min(d[S].shape[2:]) >= 4),
    ('west.shape("xx3x")', lambda d: d[W].length(Suit.DIAMONDS) == 3),
    ('north.holds("SA")', lambda d: d.owner("SA") == N),
    ('north.holds("SA HK")', lambda d: d.owner("SA") == N and d.owner("HK") == N),
    ("north.hcp >= 10 or south.hcp >= 10", lambda d: d[N].hcp >= 10 or d[S].hcp >= 10),
    ("north.hcp >= 10 && south.hcp >= 10", lambda d: d[N].hcp >= 10 and d[S].hcp >= 10),
    ("north.hcp >= 10 || !south.balanced", lambda d: d[N].hcp >= 10 or not d[S].is_balanced),
    ("not (north.hcp >= 10 and south.hcp >= 10)", lambda d: not (d[N].hcp >= 10 and d[S].hcp >= 10)),
    ("north.hcp >= 8 and south.hcp >= 8 or east.hcp >= 15",
     lambda d: (d[N].hcp >= 8 and d[S].hcp >= 8) or d[E].hcp >= 15),
    ("north.hcp >= 8 and (south.hcp >= 8 or east.hcp >= 15)",
     lambda d: d[N].hcp >= 8 and (d[S].hcp >= 8 or d[E].hcp >= 15)),
    ("true", lambda d: True),
    ("false or NORTH.HCP >= 20", lambda d: d[N].hcp >= 20),
    ("north.hcp - south.hcp >= -3", lambda d: d[N].hcp - d[S].hcp >= -3),
])
def test_operators_and_features(text, expected):
    check(text, expected)


@pytest.mark.parametrize(("text", "column", "token", "message"), [
    ("north.hcp >= 15 adn north.balanced", 17, "adn", "expected 'and', 'or' or the end"),
    ("north.hcp >=", 13, "", "ends too soon"),
    ("north.hcp", 1, "north", "is a number, not a test"),
    ("north.balanced >= 3", 1, "north", "is a test, not a number"),
    ("(north.hcp > 3", 15, "", "expected ')'"),
    ("north.foo > 3", 7, "foo", "unknown feature"),
    ("north hcp > 3", 7, "hcp", "expected '.'"),
    ("nort.hcp > 3", 1, "nort", "expected a seat"),
    ("north.hcp in 15 17", 17, "17", "expected '..'"),
    ('north.shape("any 4334")', 13, '"any 4334"', "lengths must add up to 13"),
    ('north.shape("5-4 in the wrongs")', 13, '"5-4 in the wrongs"', "not a shape"),
    ("north.shape(4333)", 13, "4333", "expected a quoted shape"),
    ('north.holds("SZ")', 13, '"SZ"', "not a card"),
    ("north.length(bananas) > 3", 14, "bananas", "expected a suit"),
    ("ns.balanced", 4, "balanced", "a side adds up numbers"),
    ("north.hcp > 3 $", 15, "$", "unexpected character"),
    ("", 1, "", "empty constraint"),
])
def test_syntax_errors_name_position_and_token(text, column, token, message):
    with pytest.raises(ConstraintSyntaxError) as info:
        parse(text)
    err = info.value
    assert (err.position, err.token) == (column, token)
    assert message in str(err)
    lines = str(err).splitlines()
    assert lines[1] == f"  {text}" and lines[2] == "  " + " " * (column - 1) + "^"


def test_python_api_builds_the_same_trees():
    assert (north.hcp.between(15, 17) & north.balanced).text() == "north.hcp in 15..17 and north.balanced"
    built = (north.hcp + south.hcp >= 25) | ~east.shape("any 4333")
    assert built.text() == 'north.hcp + south.hcp >= 25 or not east.shape("any 4333")'
    assert parse(built.text()).text() == built.text()
    assert west.holds("HK SA").text() == 'west.holds("SA HK")'


def test_constraint_on_a_hand():
    from redouble import Hand

    hand = Hand.parse("AKQ4.J92.T8.Q765")
    assert (north.hcp >= 12)(hand) is True
    assert north.balanced(Hand.parse("AKQ42.J9.T8.Q765")) is False
    assert (north.hcp(hand), north.losers(hand), north.controls(hand)) == (12, 7, 3)
    with pytest.raises(Exception, match="looks at 2 seats"):
        (north.hcp + south.hcp >= 20)(hand)


# --- property tests -----------------------------------------------------------------------------------

_numbers = st.sampled_from(["north.hcp", "east.losers", "south.controls", "west.spades", "ns.hcp",
                            "north.points", "east.length(diamonds)", "south.hcp(clubs)"])
_atoms = st.one_of(
    st.builds(lambda n, op, k: f"{n} {op} {k}", _numbers, st.sampled_from([">=", "<=", "==", "!=", ">", "<"]),
              st.integers(0, 20)),
    st.builds(lambda n, a, b: f"{n} in {a}..{b}", _numbers, st.integers(0, 10), st.integers(5, 25)),
    st.sampled_from(["north.balanced", "south.semibalanced", 'east.shape("any 5431 + 4333")',
                     'west.shape("5-5 in the majors")', 'south.holds("CA")']),
)
_constraints = st.recursive(
    _atoms,
    lambda inner: st.one_of(
        st.builds(lambda a, b: f"({a}) and ({b})", inner, inner),
        st.builds(lambda a, b: f"({a}) or ({b})", inner, inner),
        st.builds(lambda a: f"not ({a})", inner),
    ),
    max_leaves=6,
)


@settings(max_examples=80, deadline=None)
@given(_constraints)
def test_text_round_trip_keeps_meaning(text):
    first = parse(text)
    again = parse(first.text())
    assert again.text() == first.text()
    assert again.evaluate_deals(DEALS[:20]) == first.evaluate_deals(DEALS[:20])


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="northsuaeiwhcp.()<>=!&|~ 0123456789\"'", max_size=30))
def test_garbage_never_crashes(text):
    try:
        parse(text)
    except ConstraintSyntaxError as exc:
        assert 1 <= exc.position <= len(text) + 1


def test_features_match_hand_properties_on_random_deals():
    rng = random.Random(4)
    deals = [Deal.random(rng=rng) for _ in range(300)]
    for seat, view in zip(Seat, (north, east, south, west), strict=True):
        for number, attribute in ((view.hcp, "hcp"), (view.losers, "losers"), (view.controls, "controls"),
                                  (view.points, "total_points")):
            from redouble.dealer.expr import Context

            values = number.evaluate(Context.from_deals(deals)).tolist()
            assert values == [getattr(d[seat], attribute) for d in deals], attribute
        assert view.balanced.evaluate_deals(deals) == [d[seat].is_balanced for d in deals]
