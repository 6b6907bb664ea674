"""``redouble event``: club events from the command line.

- ``event new NAME --movement mitchell --tables 5 --boards-per-round 3``: create an event in the store
  (the web app's database unless ``--db`` says otherwise) and print its id;
- ``event import RESULTS.xml``: keep a USEBIO file another scoring program wrote as an event (read-only: its
  results are the file's), to rank and export like the others;
- ``event list``; ``event cards EVENT``: the table and guide cards as printable HTML;
- ``event names EVENT 1="Ann - Bo" ...``; ``event deals EVENT FILE.pbn`` (or ``--random``): the pairs' names
  and the boards' deals, for the results and hand records;
- ``event enter EVENT BOARD NS EW CONTRACT DECLARER TRICKS`` (``--correct`` to replace an entry);
- ``event results EVENT``: the ranking (``--json``; ``--html FILE``, ``--csv FILE``, ``--pbn FILE`` to export);
- ``event score RESULTS.pbn``: rank an event from a results file whose boards carry travellers
  (``ScoreTable``), as club programs export them; or a teams event from its matches' IMPs or from both
  tables of every board (``--scoring teams`` or ``bam``); or a USEBIO ``.xml`` file, pairs or teams.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Any

from redouble.cli import CommandError
from redouble.errors import RedoubleError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("event", help="club events: movements, cards, results entry and rankings",
                       description="Run a club's pairs or teams event: create it with its movement, print table "
                                   "and guide cards, enter results, rank it; or rank a PBN results file.")
    actions = p.add_subparsers(dest="action", metavar="ACTION")

    def with_db(q: argparse.ArgumentParser) -> None:
        q.add_argument("--db", default=None, help="database: a file, sqlite:///path or postgresql://... "
                                                  "(default: the web app's database)")

    new = actions.add_parser("new", help="create an event")
    new.add_argument("name", help="the event's name")
    new.add_argument("--id", default=None, help="the event's id (default: made from the name)")
    new.add_argument("--movement", choices=["mitchell", "howell", "teams", "round-robin"], default="mitchell")
    new.add_argument("--tables", type=int, default=None, help="tables (Mitchell, Howell)")
    new.add_argument("--teams", type=int, default=None, help="teams (round robin)")
    new.add_argument("--segments", type=int, default=1, help="segments of a two-table teams match")
    new.add_argument("--rounds", type=int, default=None, help="play fewer rounds than the full movement")
    new.add_argument("--variant", choices=["relay", "skip"], default=None, help="even-table Mitchell variant")
    new.add_argument("--arrow-switch", type=int, default=0, help="arrow-switch the last N rounds (Mitchell)")
    new.add_argument("--phantom", type=int, default=None, help="the missing pair, for an odd number of pairs")
    new.add_argument("--boards-per-round", type=int, default=3)
    new.add_argument("--first-board", type=int, default=1)
    new.add_argument("--scoring", default=None, help="mp, butler or cross-imps (pairs); imps or bam (teams)")
    new.add_argument("--scale", choices=["european", "american"], default="european")
    with_db(new)
    new.set_defaults(func=run_new)

    imported = actions.add_parser("import", help="keep a USEBIO results file as an event (read-only)")
    imported.add_argument("file", help="a USEBIO .xml file, pairs or teams, from another scoring program")
    imported.add_argument("--id", default=None, help="the event's id (default: made from its name)")
    with_db(imported)
    imported.set_defaults(func=run_import)

    listing = actions.add_parser("list", help="list the events in the store")
    with_db(listing)
    listing.set_defaults(func=run_list)

    cards = actions.add_parser("cards", help="write the table and guide cards as printable HTML")
    cards.add_argument("event", help="the event's id")
    cards.add_argument("--paper", choices=["a4", "letter"], default="a4")
    cards.add_argument("--out", default=".", help="directory for EVENT-tables.html and EVENT-guides.html")
    with_db(cards)
    cards.set_defaults(func=run_cards)

    enter = actions.add_parser("enter", help="enter (or --correct) a table's result")
    enter.add_argument("event")
    enter.add_argument("board", type=int)
    enter.add_argument("ns", help="the North-South pair")
    enter.add_argument("ew", help="the East-West pair")
    enter.add_argument("contract", help="e.g. 4S, 3NTX or Pass; A, A+, A- for an artificial score")
    enter.add_argument("declarer", nargs="?", default=None, help="N, E, S or W")
    enter.add_argument("tricks", nargs="?", default=None, help="declarer's tricks, or =, +1, -2")
    enter.add_argument("--lead", default=None)
    enter.add_argument("--correct", action="store_true", help="replace the entered result (the old one is kept)")
    enter.add_argument("--who", default="director", help="who makes the change (default: director)")
    with_db(enter)
    enter.set_defaults(func=run_enter)

    names = actions.add_parser("names", help="name the pairs (or teams)")
    names.add_argument("event")
    names.add_argument("names", nargs="+", metavar="PAIR=NAME", help='e.g. 1="Ann Smith - Bo Li"')
    names.add_argument("--who", default="director")
    with_db(names)
    names.set_defaults(func=run_names)

    deals = actions.add_parser("deals", help="load the boards' deals (a dealing machine's PBN) or deal them")
    deals.add_argument("event")
    deals.add_argument("file", nargs="?", default=None, help="a PBN file with the event's boards")
    deals.add_argument("--random", action="store_true", help="Redouble deals every board (for the hand records)")
    deals.add_argument("--out", default=None, metavar="FILE", help="also write the deals as PBN, for a dealing "
                                                                     "machine (with --random)")
    deals.add_argument("--who", default="director")
    with_db(deals)
    deals.set_defaults(func=run_deals)

    results = actions.add_parser("results", help="rank an event in the store")
    results.add_argument("event")
    _output_options(results)
    with_db(results)
    results.set_defaults(func=run_results)

    score = actions.add_parser("score", help="rank an event from a PBN results file (ScoreTable travellers)")
    score.add_argument("file", help="a PBN file whose boards carry ScoreTable sections")
    score.add_argument("--scoring", choices=["mp", "butler", "cross-imps", "teams", "bam"], default=None,
                       help="pairs: mp, butler or cross-imps; teams: teams (IMPs, then WBF VPs a match) or bam "
                            "(board-a-match); default: from the file's Scoring tag")
    score.add_argument("--boards-per-match", type=int, default=None, metavar="N",
                       help="teams files that give only each match's IMPs: the boards a match had, to work out "
                            "its VPs (default: the file's own VPs)")
    score.add_argument("--scale", choices=["european", "american"], default="european")
    score.add_argument("--two-fields", action="store_true", help="rank North-South and East-West pairs apart")
    from redouble.cli.files import STATUS_HELP, add_strict_option

    add_strict_option(score)
    score.epilog = STATUS_HELP + "; a traveller row that cannot be read counts as a problem"
    _output_options(score)
    score.set_defaults(func=run_score)
    p.set_defaults(func=lambda args: _no_action(p))


def _output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the ranking and travellers as JSON")
    p.add_argument("--html", metavar="FILE", default=None, help="write the results as a printable page")
    p.add_argument("--csv", metavar="FILE", default=None, help="write the ranking as CSV (and FILE's "
                                                                "-travellers.csv beside it)")
    p.add_argument("--pbn", metavar="FILE", default=None, help="write the boards with ScoreTable and "
                                                                "TotalScoreTable sections")
    p.add_argument("--usebio", metavar="FILE", default=None, help="write the results as USEBIO 1.2 XML")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")


def _no_action(p: argparse.ArgumentParser) -> int:
    p.print_help(sys.stderr)
    return 2


def _store(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from redouble.events.store import open_event_store

    return open_event_store(args.db)


def _load(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from redouble.events.imported import load_event

    store = _store(args)
    try:
        config, log = store.load(args.event)
    finally:
        store.close()
    return load_event(config, log)


def _slug(name: str) -> str:
    base = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")
    base = "-".join(part for part in base.split("-") if part)[:40] or "event"
    return f"{base}-{secrets.token_hex(2)}"


def run_new(args: argparse.Namespace) -> int:
    from redouble.events.event import EventConfig
    from redouble.events.movements import from_spec

    spec: dict[str, Any] = {"type": args.movement}
    if args.movement in ("mitchell", "howell"):
        if args.tables is None:
            raise CommandError(f"a {args.movement} needs --tables")
        spec["tables"] = args.tables
        spec["rounds"] = args.rounds
        spec["phantom"] = args.phantom
        if args.movement == "mitchell":
            spec["variant"] = args.variant
            spec["arrow_switch"] = args.arrow_switch
    elif args.movement == "teams":
        spec["segments"] = args.segments
    else:
        if args.teams is None:
            raise CommandError("a round robin needs --teams")
        spec["teams"] = args.teams
        spec["rounds"] = args.rounds
    movement = from_spec({k: v for k, v in spec.items() if v is not None})
    kind = "teams" if movement.teams else "pairs"
    config = EventConfig(args.name, kind=kind, movement=movement.to_spec(), boards_per_round=args.boards_per_round,
                         first_board=args.first_board, scoring=args.scoring or ("imps" if kind == "teams" else "mp"),
                         scale=args.scale)
    event_id = args.id or _slug(args.name)
    store = _store(args)
    try:
        store.create(event_id, config.to_dict())
    finally:
        store.close()
    boards = movement.board_sets * args.boards_per_round
    print(event_id)
    print(f"{config.name}: {movement.name}, {len(movement.pairs)} pairs, {movement.rounds} rounds of "
          f"{args.boards_per_round} boards ({boards} boards)", file=sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    from redouble.events.imported import ImportedEvent

    try:
        data = Path(args.file).read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc}") from None
    try:
        event = ImportedEvent.read(data, Path(args.file).name)
    except RedoubleError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    event_id = args.id or _slug(event.config.name)
    store = _store(args)
    try:
        store.create(event_id, event.config.to_dict())
    finally:
        store.close()
    print(event_id)
    print(f"{event.config.name}: a {event.config.kind} event, {len(event.results)} results read from {args.file} "
          "(read-only)", file=sys.stderr)
    return 0


def run_list(args: argparse.Namespace) -> int:
    import time

    store = _store(args)
    try:
        for event_id, created, name in store.events():
            print(f"{event_id}\t{time.strftime('%Y-%m-%d %H:%M', time.localtime(created))}\t{name}")
    finally:
        store.close()
    return 0


def run_cards(args: argparse.Namespace) -> int:
    from redouble.events.cards import guide_cards, table_cards
    from redouble.events.imported import ImportedEvent

    event = _load(args)
    if isinstance(event, ImportedEvent):
        raise CommandError(f"{event.config.name} was played elsewhere (read from {event.config.filename}): it has "
                           "no table or guide cards")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pages = (("tables", table_cards(event, paper=args.paper)), ("guides", guide_cards(event, paper=args.paper)))
    for kind, html in pages:
        path = out / f"{args.event}-{kind}.html"
        path.write_text(html, encoding="utf-8")
        print(path)
    return 0


def run_enter(args: argparse.Namespace) -> int:
    from redouble.events.results import ARTIFICIAL

    data: dict[str, Any] = {"board": args.board, "ns": args.ns, "ew": args.ew}
    if args.contract.upper() in ARTIFICIAL:
        data |= {"kind": "artificial", "ns_percent": args.contract, "ew_percent": args.declarer}
    else:
        data |= {"contract": args.contract, "declarer": args.declarer, "tricks": args.tricks, "lead": args.lead}
    event = _change(args, {"op": "correct" if args.correct else "result", "result": data})
    result = event.results[args.board, args.ns, args.ew]
    print(f"board {result.board}, round {result.round}, table {result.table}: {result.text}, "
          f"North-South {result.ns_score if result.ns_score is not None else '-'}")
    return 0


def _change(args: argparse.Namespace, entry: dict[str, Any]):  # type: ignore[no-untyped-def]
    """Apply ``entry`` to the stored event (checked first, then stored); the event after it."""
    from redouble.events.imported import load_event

    store = _store(args)
    try:
        config, log = store.load(args.event)
        event = load_event(config, log)
        event.apply(entry, who=args.who)  # checked before it is stored
        store.append(args.event, entry, who=args.who)
    finally:
        store.close()
    return event


def run_names(args: argparse.Namespace) -> int:
    names = {}
    for item in args.names:
        pair, sep, name = item.partition("=")
        if not sep or not pair.strip():
            raise CommandError(f"give each name as PAIR=NAME (1=\"Ann Smith - Bo Li\"), not {item!r}")
        names[pair.strip()] = name
    event = _change(args, {"op": "names", "names": names})
    for pair in names:
        print(f"{pair}\t{event.names[pair.strip()]}")
    return 0


def run_deals(args: argparse.Namespace) -> int:
    from redouble import pbn
    from redouble.events.event import dealt_boards

    if (args.file is None) == (not args.random):
        raise CommandError("give a PBN file of the boards, or --random for Redouble to deal them")
    if args.random:
        text = dealt_boards(_load(args).config)
    else:
        try:
            text = Path(args.file).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise CommandError(f"cannot read {args.file}: {exc}") from None
    event = _change(args, {"op": "deals", "pbn": text})
    if args.out:
        Path(args.out).write_text(pbn.dumps(event.deals[n] for n in sorted(event.deals)), encoding="utf-8")
    missing = [n for n in event.board_numbers if n not in event.deals]
    print(f"{len(event.deals)} of {len(event.board_numbers)} boards dealt" +
          (f"; still without a deal: {', '.join(map(str, missing))}" if missing else ""))
    return 0


def run_results(args: argparse.Namespace) -> int:
    event = _load(args)
    if event.config.kind == "teams":
        _write_teams(args, event.score_teams(), event.names, event.config.name, dict(event.deals))
        return 0
    _write_outputs(args, event.score(), event.names, event.config.name, dict(event.deals))
    return 0


def run_score(args: argparse.Namespace) -> int:
    from redouble.cli.files import EXIT_PROBLEMS, read_boards
    from redouble.events.pbnfile import read_results, scoring_method
    from redouble.events.scoring import fields_as_seated, score_pairs

    if Path(args.file).suffix.lower() == ".xml":
        return _score_usebio(args)
    loaded = read_boards(args.file, "event", strict=args.strict)
    if args.scoring in ("teams", "bam") or args.scoring is None and _is_teams_file(loaded):
        return _score_teams(args, loaded)
    found = read_results(loaded)
    for problem in found.problems:
        print(f"redouble event: {args.file}: {problem}", file=sys.stderr)
    if found.problems and args.strict:
        raise CommandError(f"{args.file}: {found.problems[0]}")
    if not found.results:
        raise CommandError(f"{args.file} has no travellers (ScoreTable sections with PairId_NS, PairId_EW, "
                           "Contract, Declarer and Result)")
    method = args.scoring or scoring_method(found.scoring)
    fields = fields_as_seated(found.results) if args.two_fields else None
    score = score_pairs(found.results, method=method, scale=args.scale, fields=fields)
    title = loaded[0].tags.get("Event", Path(args.file).stem) if loaded else Path(args.file).stem
    boards = {b.number: b for b in loaded if b.number is not None}
    _write_outputs(args, score, found.names, title, boards)
    return EXIT_PROBLEMS if loaded.problems or found.problems else 0


def _score_usebio(args: argparse.Namespace) -> int:
    from redouble.events.usebio import read_usebio

    try:
        found = read_usebio(Path(args.file).read_bytes())  # in the encoding the file declares
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc}") from None
    except RedoubleError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    title = found.title or Path(args.file).stem
    if found.kind == "teams":
        if args.scoring not in (None, "teams", "bam"):
            raise CommandError(f"{args.file} is a teams event: score it as teams or bam, not {args.scoring}")
        if args.two_fields:
            raise CommandError("--two-fields ranks pairs; a teams event has one ranking")
    elif args.scoring in ("teams", "bam"):
        raise CommandError(f"{args.file} is a pairs event: score it as mp, butler or cross-imps")
    method = {"teams": "imps", None: None}.get(args.scoring, args.scoring)
    try:
        # A two-field file says each pair's DIRECTION; --two-fields takes it from where the pairs sat.
        score = found.score(method, scale=args.scale, two_fields=args.two_fields)
    except RedoubleError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    if found.kind == "teams":
        _write_teams(args, score, found.names, title, found.deals)
    else:
        _write_outputs(args, score, found.names, title, found.deals)
    return 0


def _is_teams_file(loaded) -> bool:  # type: ignore[no-untyped-def]
    from redouble.events.teamsfile import read_teams

    scoring = next((b.tags["Scoring"] for b in loaded if b.tags.get("Scoring")), "")
    return "TEAM" in scoring.upper() or "BAM" in scoring.upper() or bool(read_teams(loaded))


def _score_teams(args: argparse.Namespace, loaded) -> int:  # type: ignore[no-untyped-def]
    from redouble.cli.files import EXIT_PROBLEMS
    from redouble.events.teamsfile import read_teams

    found = read_teams(loaded)
    if not found:
        raise CommandError(f"{args.file} has no teams results: a ScoreTable of matches (TeamId_Home, TeamId_Away "
                           "and their IMPs) or games naming their HomeTeam and VisitTeam")
    if args.two_fields:
        raise CommandError("--two-fields ranks pairs; a teams event has one ranking")
    problems = list(found.problems)
    method = "bam" if args.scoring == "bam" or args.scoring is None and "BAM" in \
        next((b.tags["Scoring"] for b in loaded if b.tags.get("Scoring")), "").upper() else "imps"
    try:
        score = found.score(method, args.boards_per_match)
    except RedoubleError as exc:
        raise CommandError(f"{args.file}: {exc}" + ("" if found.has_boards or method == "bam" else
                                                    ": --boards-per-match N")) from None
    if found.totals and args.boards_per_match is not None:
        problems += found.vp_differences(args.boards_per_match)
    elif found.totals:
        print(f"redouble event: {args.file}: the VPs are the file's own; --boards-per-match N works them out "
              "from each match's IMPs", file=sys.stderr)
    for problem in problems:
        print(f"redouble event: {args.file}: {problem}", file=sys.stderr)
    if problems and args.strict:
        raise CommandError(f"{args.file}: {problems[0]}")
    boards = {b.number: b for b in loaded if b.number is not None}
    _write_teams(args, score, found.names, loaded[0].tags.get("Event", Path(args.file).stem), boards)
    return EXIT_PROBLEMS if loaded.problems or problems else 0


def _write_teams(args: argparse.Namespace, score, names: dict[str, str], title: str,  # type: ignore[no-untyped-def]
                 boards: dict) -> None:  # type: ignore[type-arg]
    from redouble.events.report import matches_csv, teams_csv, teams_dict, teams_page, teams_text

    if args.pbn:
        raise CommandError("a teams ranking is written with --json, --html, --csv or --usebio (--pbn is for pairs)")
    if args.usebio:
        from redouble.events.usebio import write_usebio

        try:
            text = write_usebio(title, score, names=names, boards=boards)
        except RedoubleError as exc:
            raise CommandError(str(exc)) from None
        Path(args.usebio).write_text(text, encoding="utf-8")
    if args.html:
        Path(args.html).write_text(teams_page(title, score, names=names, paper=args.paper), encoding="utf-8")
    if args.csv:
        path = Path(args.csv)
        path.write_text(teams_csv(score, names), encoding="utf-8")
        path.with_name(path.stem + "-matches.csv").write_text(matches_csv(score), encoding="utf-8")
    print(json.dumps(teams_dict(score, names)) if args.json else teams_text(score, names))


def _write_outputs(args: argparse.Namespace, score, names: dict[str, str], title: str,  # type: ignore[no-untyped-def]
                   boards: dict) -> None:  # type: ignore[type-arg]
    from redouble import pbn
    from redouble.events.pbnfile import with_score_tables
    from redouble.events.report import ranking_text, rankings_csv, results_page, score_dict, travellers_csv

    if args.html:
        Path(args.html).write_text(results_page(title, score, names=names, boards=boards, paper=args.paper),
                                   encoding="utf-8")
    if args.csv:
        path = Path(args.csv)
        path.write_text(rankings_csv(score, names), encoding="utf-8")
        path.with_name(path.stem + "-travellers.csv").write_text(travellers_csv(score), encoding="utf-8")
    if args.pbn:
        from redouble.board import Board
        from redouble.deal import Deal

        ordered = [boards[n] if n in boards else Board.from_number(n, deal=Deal.from_owners(bytes([4] * 52)))
                   for n in sorted(score.travellers)]
        pbn.dump(with_score_tables(ordered, score, names), args.pbn)
    if args.usebio:
        from redouble.events.usebio import write_usebio

        Path(args.usebio).write_text(write_usebio(title, score, names=names, boards=boards), encoding="utf-8")
    if args.json:
        print(json.dumps(score_dict(score, names)))
    else:
        try:
            print(ranking_text(score, names))
        except RedoubleError as exc:  # pragma: no cover - defensive
            raise CommandError(str(exc)) from None
