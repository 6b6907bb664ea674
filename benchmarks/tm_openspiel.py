"""Cross-check: open-spiel's Blue Chip adapter plays the Table Manager's side against ``redouble tm client``.

OpenSpiel (Apache-2.0) ships ``open_spiel/python/bots/bluechip_bridge.py``, which drives any program that
speaks the Blue Chip Table Manager protocol as a player (it was written against WBridge5). Here four of
its bots, one a seat, each talk over loopback to its own ``redouble tm client`` process; OpenSpiel's own
bridge game deals, checks every action and scores. Afterwards each deal is replayed in Redouble and its
score compared with OpenSpiel's.

Not a CI test: it needs open-spiel, installed outside the project, e.g.
``python3 -m venv /work/scratch/ospiel && /work/scratch/ospiel/bin/pip install open-spiel -e .``, then
``/work/scratch/ospiel/bin/python benchmarks/tm_openspiel.py --deals 4 --robot fast``.
Each client's command is ``--client-cmd`` (default: this Python's ``-m redouble tm client``).

The adapter's Table Manager side never says ``End of session``: this harness sends it when it closes a
connection, so that the clients end cleanly.
"""

from __future__ import annotations

import argparse
import shlex
import socket
import subprocess
import sys
import time


class Controller:
    """What the adapter calls a controller: one ``redouble tm client`` process on its own socket."""

    def __init__(self, command: list[str], timeout: float) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        port = self.listener.getsockname()[1]
        self.process = subprocess.Popen([part.format(port=port) for part in command], stdin=subprocess.DEVNULL)
        self.listener.settimeout(timeout)
        self.conn, _ = self.listener.accept()
        self.conn.settimeout(timeout)
        self.buffer = b""
        self.lines: list[str] = []

    def read_line(self) -> str:
        while b"\n" not in self.buffer:
            data = self.conn.recv(4096)
            if not data:
                raise EOFError("the client closed the connection")
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        text = " ".join(line.decode("ascii").split())
        self.lines.append("< " + text)
        return text

    def send_line(self, line: str) -> None:
        self.lines.append("> " + line)
        self.conn.sendall(line.encode("ascii") + b"\r\n")

    def terminate(self) -> None:
        try:
            self.send_line("End of session")
            self.conn.close()
        finally:
            self.process.wait(timeout=30)


def replay(history: list[int]):  # type: ignore[no-untyped-def]
    """The OpenSpiel deal as a Redouble board (OpenSpiel deals with North dealing, nobody vulnerable)."""
    from redouble import Board, Call, Card, Deal, Hand, Rank, Seat, Suit

    def card(action: int) -> Card:
        return Card(Suit(action % 4), Rank(action // 4 + 2))

    hands = {seat: Hand([card(a) for a in history[seat:52:4]]) for seat in Seat}
    board = Board(Deal(hands), number=1, dealer=Seat.NORTH)
    for action in history[52:]:
        if board.phase == "auction":
            board.push(Call(35 + action - 52) if action < 55 else Call(action - 55))
        else:
            board.push(card(action))
    return board


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--robot", default="fast", help="the clients' robot (strong, fast, ...)")
    parser.add_argument("--client-cmd", default=None,
                        help="command for one client, {port} filled in (default: -m redouble tm client)")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--transcript", action="store_true", help="print West's conversation")
    args = parser.parse_args()

    import numpy as np
    import pyspiel
    from open_spiel.python.bots import bluechip_bridge

    command = shlex.split(args.client_cmd) if args.client_cmd else [
        sys.executable, "-m", "redouble", "tm", "client", "--port", "{port}", "--seat", "any",
        "--team", "Redouble", "--robot", args.robot, "--timeout", str(args.timeout)]
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    controllers: list[Controller] = []

    def factory() -> Controller:
        controllers.append(Controller(command, args.timeout))
        return controllers[-1]

    bots = [bluechip_bridge.BlueChipBridgeBot(game, seat, factory) for seat in range(4)]
    rng = np.random.default_rng(args.seed)
    agree = 0
    started = time.perf_counter()
    for number in range(1, args.deals + 1):
        for bot in bots:
            bot.restart()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                continue
            player = state.current_player()
            action = bots[player].step(state)
            state.apply_action(action)
        for bot in bots:
            bot.inform_state(state)
        board = replay(state.history())
        ours, theirs = board.score() or 0, int(state.returns()[0])
        agree += ours == theirs
        print(f"deal {number}: {board.contract or 'passed out'}"
              + (f", {board.tricks} tricks" if board.tricks is not None else "")
              + f"; N/S score: OpenSpiel {theirs:+d}, Redouble {ours:+d}", flush=True)
    elapsed = time.perf_counter() - started
    for bot in bots:
        bot.terminate()
    failed = [c.process.returncode for c in controllers if c.process.returncode]
    if failed:
        print(f"client exit statuses: {[c.process.returncode for c in controllers]}")
    print(f"{args.deals} deals in {elapsed:.1f} s; scores agree on {agree} of {args.deals}; "
          f"{len(controllers)} clients, {len(failed)} exited with an error")
    if args.transcript and controllers:
        print("\n".join(controllers[-1].lines))
    return 0 if agree == args.deals and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
