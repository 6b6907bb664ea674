"""The ``redouble`` command. Each subcommand lives in its own module here with a ``register`` function.

>>> main(["deal", "--count", "1", "--seed", "1", "--format", "json"])  # doctest: +ELLIPSIS
{"board": 1, "dealer": "N", "vulnerability": "None", "deal": "N:..."}
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import select
import sys
import traceback
from collections.abc import Sequence
from typing import NoReturn

from redouble.errors import RedoubleError

# In the order they appear in --help. A module that is not there yet is left out.
SUBCOMMANDS = ("play", "serve", "score", "event", "deal", "convert", "dd", "simulate", "bid", "suggest", "match", "tm")


#: The exit status of a command whose reader went away (``redouble deal --count 1000 | head -1``): the status a
#: shell reports for ``cat`` or any other program that SIGPIPE ended, 128 + 13, so that ``set -o pipefail``
#: sees the same from ``redouble`` as from them. Nothing is written to stderr: a closed pipe is not an error.
EXIT_CLOSED_PIPE = 141


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
    command = "redouble"
    try:
        args = parser.parse_args(words)
        command = f"redouble {args.command}"
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return 2
        result = args.func(args)
        sys.stdout.flush()  # a reader that went away shows here, not in the interpreter's teardown
    except (RedoubleError, OSError) as exc:
        if isinstance(exc, BrokenPipeError) and _output_closed():
            return EXIT_CLOSED_PIPE
        _tell(f"{command}: error: {exc}")
        return 2
    except KeyboardInterrupt:
        _tell(f"{command}: interrupted")
        return 130
    return int(result or 0)


def _tell(message: str) -> None:
    """``message`` on stderr, unless no one reads it any more."""
    try:
        print(message, file=sys.stderr)
    except BrokenPipeError:
        _output_closed()


def _output_closed() -> bool:
    """Whether stdout or stderr is a pipe whose reader went away (not, say, a socket the command used): each
    such stream is pointed at the null device, so that what is still buffered for it, flushed at exit, is
    dropped without another error."""
    closed = False
    for stream in (sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):  # no stream, or one without a descriptor (a test's)
            continue
        if not _reader_gone(fd):
            continue
        closed = True
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    return closed


def _reader_gone(fd: int) -> bool:
    """Whether writing to ``fd`` would fail for want of a reader: poll reports an error (POLLERR) on a pipe's
    write end once its read end is closed, or a hang-up (POLLHUP) on a socket's."""
    if not hasattr(select, "poll"):  # pragma: no cover - every POSIX system has poll
        return True
    poller = select.poll()
    poller.register(fd, 0)
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))


def run() -> NoReturn:
    """The ``redouble`` program: :func:`main` on the process's arguments, then exit with its status (without
    the solver's teardown once one is loaded: see :func:`redouble.dd._dds.end_process`)."""
    try:
        try:
            code = main()
        except SystemExit as exc:  # argparse's --help, --version and usage errors
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if not isinstance(exc.code, int | None):
                print(exc.code, file=sys.stderr)
            # argparse drops an error writing the help to stdout, and unbuffered, nothing is left to flush
            if code == 0 and _output_closed():
                code = EXIT_CLOSED_PIPE
        sys.stdout.flush()
    except BrokenPipeError:  # the help's text, or the output flushed here, had no reader left
        if _output_closed():
            code = EXIT_CLOSED_PIPE
        else:
            traceback.print_exc()
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    from redouble.dd._dds import end_process

    end_process(code)


if __name__ == "__main__":  # pragma: no cover
    run()
