"""Double-dummy results written into PBN tags, and read back by the PBN module."""

from redouble import Board, Deal, Seat, Strain, pbn
from redouble.dd import par, solve_deal, table_from_board, write_pbn_tags


def test_tags_round_trip_through_a_pbn_file(solver):
    board = Board.from_number(5, deal=Deal.random(seed=5))
    table = solve_deal(board.deal)
    result = par(table, board.vulnerability, board.dealer)
    write_pbn_tags(board, table, result)
    text = pbn.dumps([board])
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in text
    assert f'[OptimumScore "NS {result.score}"]' in text
    [back] = pbn.loads(text)
    assert table_from_board(back) == table
    digits = back.tags["DoubleDummyTricks"]
    assert int(digits[0], 16) == table.tricks(Seat.NORTH, Strain.NOTRUMP)
    assert int(digits[19], 16) == table.tricks(Seat.WEST, Strain.CLUBS)
    side, bids = back.tags["ParContract"].split(" ")
    assert side == ("NS" if result.contracts[0].declarer.is_ns else "EW")
    assert bids.split(",")[0] == result.contracts[0].bid
    rows = back.sections["OptimumResultTable"]
    assert len(rows) == 20 and rows[5] == f"S NT {table.tricks(Seat.SOUTH, Strain.NOTRUMP)}"


def test_board_without_tables():
    assert table_from_board(Board.from_number(1, deal=Deal.random(seed=1))) is None
