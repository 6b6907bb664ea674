"""Reading hand-record files for the commands: PBN or LIN by extension, and one way to report problems.

Every command that reads a file keeps the boards it can read and lists each problem on stderr (board,
line or token, what was wrong, what was kept); it then ends with exit status :data:`EXIT_PROBLEMS` (3)
instead of 0, so that a script notices. ``--strict`` refuses the file at its first problem (exit 2), and
so does a file in which no board could be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import ModuleType

from redouble.cli import CommandError
from redouble.textfile import Loaded

#: Exit status of a run that left out or read in part some boards of its input (listed on stderr).
EXIT_PROBLEMS = 3
FORMATS = (".pbn", ".lin")
STATUS_HELP = ("exit status: 0 every board read, 2 an error (nothing done), 3 done, but some boards were left "
               "out or read only in part (each is listed on stderr)")


def status_help(unusable: str) -> str:
    """The exit statuses of a command that also leaves out the boards it cannot use (``unusable`` says which).

    >>> status_help("no contract").split("3 done, ")[1]
    'but some boards were left out or read only in part, or could not be used (no contract): each is listed on stderr'
    """
    return STATUS_HELP.replace(" (each is", f", or could not be used ({unusable}): each is").removesuffix(")")


def add_strict_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--strict", action="store_true",
                        help="refuse the file at its first problem, instead of keeping every board that can be "
                             "read and listing the problems on stderr (exit status 3)")


def format_module(path: str | Path, role: str = "input", fmt: str | None = None) -> ModuleType:
    """``redouble.pbn`` or ``redouble.lin``, from ``fmt`` or else the file's extension."""
    suffix = f".{fmt}" if fmt else Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise CommandError(f"cannot tell the format of {role} file {str(path)!r} from its extension "
                           f"(expected {' or '.join(FORMATS)})")
    from redouble import lin, pbn

    return pbn if suffix == ".pbn" else lin


def read_boards(path: str | Path, command: str, *, strict: bool = False) -> Loaded:
    """The boards of a PBN or LIN file, each problem reported on stderr as ``redouble COMMAND: FILE: ...``.

    An empty result is an error: there is nothing for the command to do.
    """
    loaded: Loaded = format_module(path).load(path, strict=strict)
    for problem in loaded.problems:
        print(f"redouble {command}: {path}: {problem}", file=sys.stderr)
    if not loaded:
        raise CommandError(f"{path}: no boards in the file")
    if loaded.problems:
        partly = len({id(b) for b in loaded if b.problems})
        print(f"redouble {command}: {path}: read {len(loaded)} board{'s' if len(loaded) != 1 else ''}"
              f" ({partly} in part), left out {loaded.dropped}", file=sys.stderr)
    return loaded


def exit_status(loaded: Loaded) -> int:
    """0, or :data:`EXIT_PROBLEMS` when the file had problems."""
    return EXIT_PROBLEMS if loaded.problems else 0
