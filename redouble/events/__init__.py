"""Club sessions: pairs and teams events, from the movement to the ranking.

- :mod:`~redouble.events.movements`: Mitchell, Howell, teams matches and round robins (:func:`mitchell`,
  :func:`howell`, :func:`teams_match`, :func:`team_round_robin`);
- :mod:`~redouble.events.results`: a traveller's lines (:class:`Result`: played, assigned, artificial, not
  played, fouled);
- :mod:`~redouble.events.scoring`: matchpoints with Neuberg, Butler and cross-IMPs, teams IMPs to VPs and
  board-a-match, rankings with ties shared, personal score cards (:func:`score_pairs`, :func:`score_teams`);
- :mod:`~redouble.events.event`: an event and its log of entries and corrections (:class:`Event`);
- :mod:`~redouble.events.store`: events kept in SQLite or PostgreSQL with who changed what and when;
- :mod:`~redouble.events.cards`: printable table and guide cards; :mod:`~redouble.events.pbnfile`: results in
  PBN (``ScoreTable``, ``TotalScoreTable``); :mod:`~redouble.events.teamsfile`: teams results files (match
  totals, or both tables of every board); :mod:`~redouble.events.usebio`: USEBIO 1.2 XML, pairs and teams;
  :mod:`~redouble.events.imported`: an event another scoring program ran, kept as its USEBIO file (read-only).

>>> from redouble.events import Event, EventConfig
>>> event = Event(EventConfig("Club night", movement=mitchell(3).to_spec(), boards_per_round=1))
>>> for board, ns, ew, contract, tricks in [(1, "1", "4", "4S", 10), (1, "3", "5", "4S", 9), (1, "2", "6", "3NT", 9)]:
...     event.apply({"op": "result", "result": {"board": board, "ns": ns, "ew": ew, "contract": contract,
...                                             "declarer": "S", "tricks": tricks}}, who="director")
>>> [(s.pair, s.rank_text, s.percentage) for s in event.score().by_field()["NS"]]
[('1', '1', 100.0), ('2', '2', 50.0), ('3', '3', 0.0)]
"""

from redouble.events.event import Event, EventConfig
from redouble.events.movements import Movement, Seating, from_spec, howell, mitchell, team_round_robin, teams_match
from redouble.events.results import Result
from redouble.events.scoring import PairsScore, Standing, TeamsScore, score_pairs, score_teams
from redouble.events.store import EventStore, open_event_store

__all__ = [
    "Event",
    "EventConfig",
    "EventStore",
    "Movement",
    "PairsScore",
    "Result",
    "Seating",
    "Standing",
    "TeamsScore",
    "from_spec",
    "howell",
    "mitchell",
    "open_event_store",
    "score_pairs",
    "score_teams",
    "team_round_robin",
    "teams_match",
]
