"""``redouble bid``: the call the bidding bot makes next, with its meaning.

One question from options (``--hand``, ``--auction``, ``--dealer``, ``--vul``), or many with ``--batch``:
one JSON object a line on stdin, ``{"hand": ..., "auction": [...], "dealer": ..., "vul": ...}``, one
JSON answer a line on stdout (a bad line gets ``{"error": ...}`` and the rest are still answered).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from redouble.deal import Hand
from redouble.errors import RedoubleError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("bid", help="the bidding bot's next call and its meaning",
                       description="Print the call the bidding bot makes next and what it means.")
    p.add_argument("--hand", help="the hand, spades first: AKQ4.J92.T8.Q765")
    p.add_argument("--auction", default="", help='the calls so far, e.g. "1D P" (empty: the bot opens)')
    p.add_argument("--dealer", default="N", help="who dealt: N, E, S or W (default N)")
    p.add_argument("--vul", default="None", help="vulnerability: None, NS, EW or All (default None)")
    p.add_argument("--system", default="sayc", choices=("sayc", "basic"), help="bidding system (default sayc)")
    p.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                   help="seconds the bot may spend on a close decision, settling it by simulation as the strong "
                        "robot does (default 0: the rules alone)")
    p.add_argument("--seed", type=int, default=0, help="seed of the simulation's layouts (default 0)")
    p.add_argument("--scoring", choices=("imps", "matchpoints", "total"), default="imps",
                   help="the form of scoring a simulation aims at (default imps)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--batch", action="store_true",
                   help="read one JSON question a line on stdin, answer each on a line (exit 1 if any was bad)")
    p.set_defaults(func=run)


def _split_auction(text: str) -> list[str]:
    return text.replace(",", " ").replace("-", " ").split()


def _hand_to_bid(text: str) -> Hand:
    hand = Hand.parse(text)
    if len(hand) != 13:
        raise RedoubleError(f"a hand to bid must have 13 cards, {text!r} has {len(hand)}")
    return hand


def answer(hand: Any, auction: Any, dealer: Any, vul: Any, system: str, think: float = 0.0, seed: int = 0,
           scoring: str = "imps") -> dict[str, Any]:
    """One question answered as a JSON-ready dict (raises RedoubleError on bad input)."""
    from redouble.auction import Auction
    from redouble.bidding import choose_call
    from redouble.cards import Seat, Vulnerability

    if not isinstance(hand, str):
        raise RedoubleError(f"'hand' must be text like 'AKQ4.J92.T8.Q765', not {hand!r}")
    if isinstance(auction, str):
        calls = _split_auction(auction)
    elif isinstance(auction, list) and all(isinstance(c, str) for c in auction):
        calls = auction
    elif auction is None:
        calls = []
    else:
        raise RedoubleError(f"'auction' must be a list of calls like [\"1D\", \"P\"], not {auction!r}")
    if dealer is not None and not isinstance(dealer, str):
        raise RedoubleError(f"'dealer' must be N, E, S or W, not {dealer!r}")
    if vul is not None and not isinstance(vul, str):
        raise RedoubleError(f"'vul' must be None, NS, EW or All, not {vul!r}")
    a = Auction(Seat.parse(dealer or "N"), calls)
    choice = choose_call(_hand_to_bid(hand), a, Vulnerability.parse(vul or "None"), system, think=think, seed=seed,
                         scoring=scoring)
    return {"seat": str(a.turn), "call": str(choice.call), "rule": choice.rule, "meaning": choice.meaning.to_dict()}


def _print_one(args: argparse.Namespace) -> int:
    from redouble.cli import CommandError

    if not args.hand:
        raise CommandError("give --hand (e.g. --hand AKQ4.J92.T8.Q765), or --batch to read questions from stdin")
    result = answer(args.hand, _split_auction(args.auction), args.dealer, args.vul, args.system, args.think,
                    args.seed, args.scoring)
    if args.json:
        print(json.dumps(result))
    else:
        m = result["meaning"]
        flags = [m["forcing"]] if m["forcing"] != "non-forcing" else []
        if m["alert"]:
            flags.append("alert")
        print(f"{result['seat']} bids {result['call']}: {m['text']}" + (f" [{', '.join(flags)}]" if flags else ""))
        shown = _shows(m)
        if shown:
            print(f"  shows: {shown}")
        print(f"  rule: {result['rule']}")
    return 0


def _shows(m: dict[str, Any]) -> str:
    parts = []
    lo, hi = m["hcp"]
    if (lo, hi) != (0, 37):
        parts.append(f"{lo}+ HCP" if hi >= 37 else f"{lo}-{hi} HCP")
    for suit, (a, b) in m["lengths"].items():
        if (a, b) != (0, 13):
            parts.append(f"{suit} {a}+" if b >= 13 else f"{suit} {a}-{b}")
    return ", ".join(parts)


def run(args: argparse.Namespace) -> int:
    if not args.batch:
        return _print_one(args)
    failures = 0
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            try:
                question = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RedoubleError(f"line {number}: not JSON ({exc.msg} at column {exc.colno})") from None
            if not isinstance(question, dict):
                raise RedoubleError(f"line {number}: expected a JSON object, not {type(question).__name__}")
            unknown = set(question) - {"hand", "auction", "dealer", "vul", "system"}
            if unknown:
                raise RedoubleError(f"line {number}: unknown keys {sorted(unknown)}")
            if "hand" not in question:
                raise RedoubleError(f"line {number}: no 'hand'")
            result = answer(question["hand"], question.get("auction", []), question.get("dealer"),
                            question.get("vul"), question.get("system", args.system), args.think, args.seed,
                            args.scoring)
        except RedoubleError as exc:
            msg = str(exc)
            if not msg.startswith(f"line {number}:"):
                msg = f"line {number}: {msg}"
            result = {"error": msg}
            failures += 1
        print(json.dumps(result), flush=True)
    return 1 if failures else 0
