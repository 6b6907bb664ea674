"""Events scored by another program and kept as their USEBIO files say: ranked, shown and exported like an
event run in Redouble, but read-only (nothing was played here, so nothing can be entered or corrected).

A club that scores with another program (it writes USEBIO 1.2 XML, the EBU's interchange format) can show
those results next to its own: the file is read (:func:`~redouble.events.usebio.read_usebio`), checked by
ranking it, and stored whole in the event's configuration, so the event is the file and nothing of it is
lost. The ranking is Redouble's own from the file's travellers, by the file's scoring method.

>>> from redouble.events.results import Result
>>> from redouble.events.scoring import score_pairs
>>> from redouble.events.usebio import write_usebio
>>> file = write_usebio("Tuesday", score_pairs([Result.played(1, "1", "2", "4S", "N", 10),
...                                            Result.played(1, "3", "4", "4S", "N", 9)])).encode()
>>> event = ImportedEvent.read(file, "tuesday.xml")
>>> event.config.name, event.config.kind, event.config.scoring, sorted(event.results)
('Tuesday', 'pairs', 'mp', [(1, '1', '2'), (1, '3', '4')])
>>> again = load_event(event.config.to_dict(), [])   # as the event store gives it back
>>> [(s.pair, s.rank_text) for s in again.score().standings], again.file == file
([('1', '1='), ('4', '1='), ('2', '3='), ('3', '3=')], True)
>>> again.apply({"op": "names", "names": {"1": "Ann - Bo"}}, who="director")
Traceback (most recent call last):
...
redouble.errors.RedoubleError: Tuesday was read from its USEBIO file tuesday.xml: its results are the file's \
and cannot be entered, corrected or renamed here
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from redouble.board import Board
from redouble.errors import RedoubleError
from redouble.events.event import Event
from redouble.events.results import Result
from redouble.events.scoring import PairsScore, TeamsScore
from redouble.events.store import LogEntry
from redouble.events.usebio import UsebioResults, read_usebio

SOURCE = "usebio"


@dataclass(frozen=True)
class ImportedConfig:
    """What an imported event is: its name (the file's ``EVENT_DESCRIPTION``, else the file's name), pairs
    or teams, the file's scoring method, the file's name, and the file itself."""

    name: str
    kind: str
    scoring: str
    filename: str
    file: bytes
    source: str = SOURCE
    online: bool = False  # nothing is played here online

    def to_dict(self) -> dict[str, Any]:
        """The configuration as the event store keeps it (JSON: the file in base64)."""
        return {"source": self.source, "name": self.name, "kind": self.kind, "scoring": self.scoring,
                "filename": self.filename, "file": base64.b64encode(self.file).decode("ascii")}

    def summary(self) -> dict[str, Any]:
        """What a page shows of it (all but the file)."""
        return {key: value for key, value in self.to_dict().items() if key != "file"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ImportedConfig:
        try:
            return cls(str(data["name"]), str(data["kind"]), str(data["scoring"]), str(data["filename"]),
                       base64.b64decode(data["file"], validate=True))
        except (KeyError, TypeError, binascii.Error) as exc:
            raise RedoubleError(f"a stored USEBIO event is damaged: {exc}") from None


class ImportedEvent:
    """An event read from a USEBIO file: its results, names and deals, ranked by :meth:`score` (pairs) or
    :meth:`score_teams`; every change is refused."""

    def __init__(self, config: ImportedConfig) -> None:
        self.config = config
        found = read_usebio(config.file)
        self.found: UsebioResults = found
        self.names: dict[str, str] = dict(found.names)
        self.deals: dict[int, Board] = dict(found.deals)
        self.results: dict[tuple[int, str, str], Result] = {r.key: r for r in found.results}
        self.log: list[LogEntry] = []

    @classmethod
    def read(cls, data: bytes, filename: str) -> ImportedEvent:
        """The event in ``data``, a USEBIO file named ``filename``, checked by ranking it: raises
        :class:`~redouble.errors.ParseError` (with the line) for a file that cannot be read and
        :class:`RedoubleError` for one without results to rank."""
        name = filename.strip().replace("\\", "/").rsplit("/", 1)[-1][:120] or "results.xml"
        found = read_usebio(data)
        title = (found.title or name.rsplit(".", 1)[0] or name).strip()[:120]
        event = cls(ImportedConfig(title, found.kind, found.method, name, bytes(data)))
        event.found.score()  # a file that cannot be ranked is refused now, not each time it is shown
        return event

    @property
    def file(self) -> bytes:
        return self.config.file

    def score(self) -> PairsScore:
        """The pairs ranking (see :meth:`UsebioResults.score`)."""
        if self.config.kind != "pairs":
            raise RedoubleError("a teams event is scored with score_teams()")
        score = self.found.score()
        assert isinstance(score, PairsScore)
        return score

    def score_teams(self) -> TeamsScore:
        """The teams ranking, match by match."""
        if self.config.kind != "teams":
            raise RedoubleError("a pairs event is scored with score()")
        score = self.found.score()
        assert isinstance(score, TeamsScore)
        return score

    def apply(self, entry: dict[str, Any], *, who: str, at: float = 0.0, seq: int | None = None) -> Any:
        raise RedoubleError(f"{self.config.name} was read from its USEBIO file {self.config.filename}: its results "
                            "are the file's and cannot be entered, corrected or renamed here")


def load_event(config: dict[str, Any], log: list[LogEntry]) -> Event | ImportedEvent:
    """The event a stored configuration and log make: one run in Redouble (its log replayed), or one read
    from a USEBIO file."""
    if isinstance(config, dict) and config.get("source") == SOURCE:
        if log:
            raise RedoubleError(f"the USEBIO event {config.get('name')!r} has changes logged: it takes none")
        return ImportedEvent(ImportedConfig.from_dict(config))
    return Event.replay(config, log)
