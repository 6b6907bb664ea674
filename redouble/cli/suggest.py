"""``redouble suggest FILE.pbn [--board N] [--json]``: the robot's next call or card in a recorded board.

The robot answers for the seat on turn (the declarer for dummy's cards) from what that seat may see: its
own hand, dummy once the lead is made, the auction and the cards played. For a card the reason lists the
tricks the player's side expects with each candidate, over the sampled layouts of the unseen hands.
"""

from __future__ import annotations

import argparse
import json

from redouble.board import Board
from redouble.cli import CommandError
from redouble.cli.files import STATUS_HELP, add_strict_option, exit_status, read_boards


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("suggest", help="the robot's next call or card in a board recorded so far",
                       description="Suggest the next call or card for the seat on turn in a PBN (or LIN) board "
                                   "(auction and play so far), seeing only what that seat may see.",
                       epilog=STATUS_HELP)
    p.add_argument("file", metavar="FILE.pbn", help="a PBN (or LIN) file")
    add_strict_option(p)
    p.add_argument("--board", type=int, default=None, help="the board number (default: the first board)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--seed", type=int, default=0, help="seed for the sampled layouts (default 0)")
    p.add_argument("--samples", type=int, default=None, help="layouts to sample (default: as a second allows)")
    p.add_argument("--scoring", default="imps", choices=("total", "imps", "matchpoints"),
                   help="the form of scoring the card play aims at (default imps)")
    p.set_defaults(func=run)


def _pick_board(boards: list[Board], number: int | None, path: str) -> Board:
    if not boards:
        raise CommandError(f"{path}: no boards in the file")
    if number is None:
        return boards[0]
    for board in boards:
        if board.number == number:
            return board
    have = ", ".join(str(b.number) for b in boards[:20] if b.number is not None)
    raise CommandError(f"{path}: no board {number} (boards in the file: {have or 'unnumbered'})")


def run(args: argparse.Namespace) -> int:
    from redouble.robots import Robot

    if args.samples is not None and args.samples < 1:
        raise CommandError(f"--samples must be at least 1, not {args.samples}")
    boards = read_boards(args.file, "suggest", strict=args.strict)
    board = _pick_board(boards, args.board, args.file)
    label = board.number if board.number is not None else boards.index(board) + 1
    if not board.is_playable:
        raise CommandError(f"board {label}: {board.why_unplayable}; suggest needs all four hands "
                           "(it still uses only what the seat on turn may see)")
    phase = board.phase
    if phase == "done":
        raise CommandError(f"board {label} is finished: there is nothing to suggest")
    robot = Robot.named("redouble", seed=args.seed, samples=args.samples, scoring=args.scoring)
    out: dict[str, object] = {"board": label, "phase": phase}
    if phase == "auction":
        seat = board.auction.turn
        choice = robot.call(board)
        out.update({"seat": seat.letter, "action": str(choice.call), "reason": choice.reason, "alert": choice.alert,
                    "rule": choice.rule})
        if args.json:
            print(json.dumps(out))
        else:
            print(f"Board {label}: {seat.name.title()} to call after: {board.auction or '(no calls yet)'}")
            print(f"Suggestion: {choice.call}{' (alert)' if choice.alert else ''}")
            print(f"Meaning: {choice.reason}")
        return exit_status(boards)
    play = board.play
    assert play is not None
    if play.claim is not None:
        raise CommandError(f"board {label}: a claim by {play.claim.seat} is pending; settle it before asking")
    seat = play.controller
    card = robot.card(board)
    out.update({"seat": seat.letter, "turn": play.turn.letter, "action": str(card.card), "reason": card.reason,
                "samples": card.samples, "claim": card.claim,
                "tricks": {str(c): round(v, 3) for c, v in card.tricks.items()}})
    if args.json:
        print(json.dumps(out))
        return exit_status(boards)
    who = f"{seat.name.title()}" + (f" (for dummy, {play.turn.name.title()})" if play.turn != seat else "")
    print(f"Board {label}: contract {play.contract}, {who} to play, trick {len(play.tricks) + 1}")
    print(f"Suggestion: {card.card}")
    print(f"Reason: {card.reason}")
    if card.tricks:
        side = "declarer's side" if seat % 2 == play.declarer % 2 else "defenders"
        ranked = sorted(card.tricks.items(), key=lambda kv: (-kv[1], -kv[0].index))
        print(f"Expected tricks ({side}): " + ", ".join(f"{c} {v:.2f}" for c, v in ranked))
    if card.claim is not None:
        print(f"Claim: every sampled layout gives {card.claim} of the last {play.tricks_left} tricks")
    return exit_status(boards)
