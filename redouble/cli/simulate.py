"""``redouble simulate --where EXPR --count N``: double-dummy statistics over constrained deals.

Deals ``N`` hands meeting the constraint, solves each double-dummy, and shows the distribution of
tricks for the chosen declarers and strains, how often each level makes, and for ``--contract``
choices their make rates, average scores and a head-to-head comparison (``3NT-N`` against ``5C-N``).
"""

from __future__ import annotations

import argparse
import json
import sys

from redouble.cli import CommandError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("simulate", help="double-dummy statistics over deals meeting a constraint",
                       description="Deal hands that meet --where, solve each double-dummy, and report trick "
                                   "distributions, make rates and the expected score of contracts.")
    p.add_argument("--where", metavar="CONSTRAINT", help="which deals (see `redouble deal --where`); all if absent")
    p.add_argument("--count", type=int, default=1000, help="how many deals (default 1000)")
    p.add_argument("--seed", type=int, help="seed, for the same deals again")
    p.add_argument("--predeal", metavar="SEAT:CARDS", action="append", default=[],
                   help="give SEAT these cards (as in `redouble deal`); repeatable")
    p.add_argument("--declarer", help="declarers to report, like 'N' or 'N,S' (default: the seats in --where)")
    p.add_argument("--strain", help="strains to report, like 'NT,S' (default: all five)")
    p.add_argument("--contract", action="append", default=[], metavar="CONTRACT",
                   help="a contract to score, like 3NT-N (repeat to compare: --contract 3NT-N --contract 5C-N)")
    p.add_argument("--vul", default="None", help="vulnerability for the scores (default None)")
    p.add_argument("--jobs", type=int, help="worker processes (default: one a core)")
    p.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="local process pool (default) or a Dask cluster")
    p.add_argument("--address", help="with --engine dask: the scheduler's address (default: a local cluster)")
    p.add_argument("--plot", metavar="FILE.png", help="draw the trick histograms into FILE.png (matplotlib)")
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.set_defaults(func=run)


def _listed(text: str | None, parse, what: str) -> list | None:  # type: ignore[no-untyped-def,type-arg]
    if text is None:
        return None
    items = [t for t in text.replace(" ", ",").split(",") if t]
    if not items:
        raise CommandError(f"--{what} {text!r} names nothing")
    return [parse(t) for t in items]


def run(args: argparse.Namespace) -> int:
    from redouble.cards import Seat, Strain
    from redouble.cli.deal import parse_predeal
    from redouble.dealer import parse
    from redouble.simulate import simulate

    if args.count < 1:
        raise CommandError(f"--count must be 1 or more, not {args.count}")
    if args.jobs is not None and args.jobs < 1:
        raise CommandError(f"--jobs must be 1 or more, not {args.jobs}")
    if args.address and args.engine != "dask":
        raise CommandError("--address goes with --engine dask")
    if args.plot and not args.plot.lower().endswith(".png"):
        raise CommandError(f"--plot writes a PNG file: give a name ending in .png, not {args.plot!r}")
    constraint = parse(args.where) if args.where is not None else None
    declarers = _listed(args.declarer, Seat.parse, "declarer")
    strains = _listed(args.strain, Strain.parse, "strain")
    contracts = list(args.contract)
    if contracts:
        from redouble.calls import Contract

        looked_at = sorted(constraint.seats()) if constraint is not None else []
        default_declarer = (declarers or looked_at or [Seat.NORTH])[0]
        contracts = [c if c.declarer is not None else c.with_declarer(default_declarer)
                     for c in (Contract.parse(text) for text in contracts)]
    from redouble.dd import _dds

    _dds.library()  # fail now, in one line, if there is no solver

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True, disable=not sys.stderr.isatty())
    task = bar.add_task("deals", total=args.count)
    with bar:
        result = simulate(constraint, args.count, seed=args.seed, contracts=contracts, vulnerability=args.vul,
                          predeal=parse_predeal(args.predeal), jobs=args.jobs, engine=args.engine,
                          address=args.address, declarers=declarers, strains=strains,
                          on_progress=lambda n: bar.advance(task, n))
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(report(result))
    if args.plot:
        plot(result, args.plot)
        print(f"wrote the histograms to {args.plot}", file=sys.stderr)
    return 0


def report(result) -> str:  # type: ignore[no-untyped-def]
    """The results as text tables."""
    lines = [f"{result.deals} deals where {result.where}  (seed {result.seed}, {result.engine} engine, "
             f"{result.jobs} job{'s' if result.jobs != 1 else ''})", "",
             "Tricks (% of deals)  " + "".join(f"{n:>5}" for n in range(14)) + "   mean"]
    for d in result.declarers:
        for s in result.strains:
            dist = result.distribution(d, s)
            cells = "".join(f"{100 * p:5.0f}" if p else "    ." for p in dist)
            lines.append(f"{d.letter} {s.letter:<3}{'':15}{cells}  {result.mean_tricks(d, s):5.2f}")
    lines += ["", "Makes (%)            " + "".join(f"{level:>6}" for level in range(1, 8))]
    for d in result.declarers:
        for s in result.strains:
            dist = result.distribution(d, s)
            lines.append(f"{d.letter} {s.letter:<3}{'':15}" + "".join(
                f"{100 * sum(dist[level + 6:]):6.1f}" for level in range(1, 8)))
    if result.contracts:
        side = result.to_dict()["contracts"][0]["for"]
        lines += ["", f"Contracts (vulnerable: {result.vulnerability}; scores for {side})"]
        for c in result.contracts:
            makes, average = 100 * result.make_rate(c), result.expected_score(c)
            lines.append(f"  {str(c):<8} makes {makes:5.1f}%   average {average:+8.1f}")
        for k, a in enumerate(result.contracts):
            for b in result.contracts[k + 1:]:
                cmp = result.comparison(a, b)
                lines.append(f"  {a} vs {b}: {a} scores more on {100 * cmp['better']:.1f}%, less on "
                             f"{100 * cmp['worse']:.1f}%, the same on {100 * cmp['equal']:.1f}%; "
                             f"{cmp['imps_per_deal']:+.2f} IMPs a deal")
    return "\n".join(lines)


def plot(result, path: str) -> None:  # type: ignore[no-untyped-def]
    """Histograms of the tricks, one panel a declarer and strain."""
    try:
        import matplotlib
    except ImportError:
        raise CommandError("--plot needs matplotlib: pip install 'redouble[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pairs = [(d, s) for d in result.declarers for s in result.strains]
    columns = min(5, len(pairs))
    rows = (len(pairs) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(3.2 * columns, 2.6 * rows), squeeze=False, sharey=True)
    for ax in axes.flat[len(pairs):]:
        ax.set_visible(False)
    for ax, (d, s) in zip(axes.flat, pairs, strict=False):
        dist = [100 * p for p in result.distribution(d, s)]
        ax.bar(range(14), dist, color="#2f6f9f")
        ax.set_title(f"{d.letter} declares {s.letter}: mean {result.mean_tricks(d, s):.2f}")
        ax.set_xticks(range(0, 14, 2))
        ax.set_xlabel("tricks")
    for ax in axes[:, 0]:
        ax.set_ylabel("% of deals")
    fig.suptitle(f"{result.deals} deals: {result.where}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
