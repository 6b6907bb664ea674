"""A solver process: DDS searches one at a time, asked on stdin and answered on stdout, for a caller that may
have to stop one (DDS cannot stop a search: the caller ends this process instead, and starts another).

Run by :mod:`redouble.dd` as ``python -S -E _searcher.py LIBRARY DEAL_BYTES ANSWER_BYTES``. It imports
nothing of ``redouble`` (it starts in a few milliseconds): a question is the size of the position, the
number of solutions asked for and the position (a ``struct deal``, as bytes); the answer is DDS's return
code and its ``struct futureTricks``, as bytes. At the end of its input it ends without the library's
teardown (which crashes in Debian's libdds0, dds-bridge/dds#91).
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys
from typing import IO

QUESTION = struct.Struct("<ii")  # the position's size in bytes, the solutions asked for
ANSWER = struct.Struct("<i")  # DDS's return code, before the answer's bytes


def read_exactly(stream: IO[bytes], size: int) -> bytes | None:
    """``size`` bytes from ``stream``, or None if it ends first (the other side went away)."""
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main() -> None:
    path, deal_size, answer_size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    dll = ctypes.CDLL(path)
    dll.SetMaxThreads(1)

    # The position goes by value as DDS's SolveBoard takes it: a structure of its size (larger than two
    # words, so every calling convention copies it whole, whatever its fields).
    class Deal(ctypes.Structure):
        _fields_ = [("raw", ctypes.c_char * deal_size)]

    answer = (ctypes.c_char * answer_size)()
    dll.SolveBoard.argtypes = [Deal, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    dll.SolveBoard.restype = ctypes.c_int
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        head = read_exactly(stdin, QUESTION.size)
        if head is None:
            break
        size, solutions = QUESTION.unpack(head)
        body = read_exactly(stdin, size)
        if body is None or size != deal_size:
            break
        deal = Deal.from_buffer_copy(body)
        code = dll.SolveBoard(deal, -1, solutions, 1, ctypes.cast(answer, ctypes.c_void_p), 0)
        stdout.write(ANSWER.pack(code) + bytes(answer))
        stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
