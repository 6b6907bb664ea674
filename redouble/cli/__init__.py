"""The ``redouble`` command. Each subcommand lives in its own module here with a ``register`` function.

>>> main(["deal", "--count", "1", "--seed", "1", "--format", "json"])  # doctest: +ELLIPSIS
{"board": 1, "dealer": "N", "vulnerability": "None", "deal": "N:..."}
0
"""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
from collections.abc import Sequence
from typing import NoReturn

from redouble.errors import RedoubleError

# In the order they appear in --help. A module that is not there yet is left out.
SUBCOMMANDS = ("play", "serve", "score", "event", "deal", "convert", "dd", "simulate", "bid", "suggest", "match", "tm")


class CommandError(RedoubleError):
    """A bad command line or input, reported on stderr without a traceback."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` the one subcommand it names (importing no other)."""
    parser = argparse.ArgumentParser(prog="redouble", description="Contract bridge: play, score, analyse.")
    from redouble import __version__

    parser.add_argument("--version", action="version", version=f"redouble {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS if only is None else (only,):
        try:
            module = importlib.import_module(f"redouble.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"redouble.cli.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    # A subcommand's run needs only its own module: the others (robots, the web app) load slowly.
    parser = build_parser(words[0] if words and words[0] in SUBCOMMANDS else None)
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        result = args.func(args)
    except (RedoubleError, OSError) as exc:
        print(f"redouble {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"redouble {args.command}: interrupted", file=sys.stderr)
        return 130
    return int(result or 0)


def run() -> NoReturn:
    """The ``redouble`` program: :func:`main` on the process's arguments, then exit with its status (without
    the solver's teardown once one is loaded: see :func:`redouble.dd._dds.end_process`)."""
    try:
        code = main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if not isinstance(exc.code, int | None):
            print(exc.code, file=sys.stderr)
    except BaseException:
        traceback.print_exc()
        code = 1
    from redouble.dd._dds import end_process

    end_process(code)


if __name__ == "__main__":  # pragma: no cover
    run()
