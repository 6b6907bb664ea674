"""``redouble play``: play bridge in the browser, against the computer or with friends.

Serves the app on http://127.0.0.1:8000 (``--host``, ``--port``), storing every table in an SQLite file in
the user's data directory (``--db`` to choose another file).
"""

from __future__ import annotations

import argparse
from typing import Any

from redouble.cli import CommandError
from redouble.web.limits import Limits


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("play", help="play bridge in the browser", description=__doc__.splitlines()[0])
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", help="SQLite file for the tables (default: redouble.sqlite3 in the user's data directory)")
    p.add_argument("--robot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="pause before each robot action so people can follow (default 0.6)")
    p.add_argument("--stand-in-after", type=float, default=60, metavar="SECONDS",
                   help="a robot plays for a person whose connection dropped once they keep the table waiting "
                        "this long; 0: never (default 60)")
    p.add_argument("--robots", choices=("strong", "fast"), default="strong",
                   help="default strength of the computer players (default strong)")
    add_guard_options(p)
    p.set_defaults(func=run)


def add_guard_options(p: argparse.ArgumentParser) -> None:
    """The options ``play`` and ``serve`` share about who may use the server and how much."""
    p.add_argument("--tables-per-minute", type=float, default=Limits().tables_per_minute, metavar="N",
                   help="new tables a client address may make a minute, after a burst of ten (default 20; 0: no "
                        "limit, for load tests)")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="a site (https://bridge.example.org) besides this server's own address whose pages may "
                        "use it, e.g. behind a proxy; repeat for several")


def serve(app: Any, host: str, port: int, banner: str) -> int:
    try:
        import uvicorn
    except ImportError:
        raise CommandError("the web app needs its extra: pip install 'redouble[web]'") from None
    if not 0 < port < 65536:
        raise CommandError(f"--port must be from 1 to 65535, not {port}")
    # Table states are small and frequent: compressing each costs more time than it saves on loopback or LAN.
    # A client's websocket message is refused past the app's limit before it is read in full.
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False,
                            ws_max_size=Limits().frame_bytes)
    server = uvicorn.Server(config)
    print(banner, flush=True)
    server.run()
    return 0


def run(args: argparse.Namespace) -> int:
    from redouble.database import default_path

    try:
        from redouble.web import create_app
    except ImportError:
        raise CommandError("the web app needs its extra: pip install 'redouble[web]'") from None
    db = args.db or str(default_path())
    if "://" in db and not db.startswith("sqlite://"):
        raise CommandError(f"redouble play keeps its tables in an SQLite file; for {db!r} use redouble serve")
    if args.robot_delay < 0:
        raise CommandError(f"--robot-delay must be 0 or more, not {args.robot_delay}")
    if args.stand_in_after < 0:
        raise CommandError(f"--stand-in-after must be 0 (never) or more, not {args.stand_in_after}")
    if args.tables_per_minute < 0:
        raise CommandError(f"--tables-per-minute must be 0 (no limit) or more, not {args.tables_per_minute}")
    app = create_app(db, robot_delay=args.robot_delay, robots=args.robots,
                     stand_in_after=args.stand_in_after or None, allowed_origins=args.origin,
                     limits=Limits(tables_per_minute=args.tables_per_minute))
    shown = "localhost" if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{shown}:{args.port}/"
    return serve(app, args.host, args.port, f"Redouble is at {url}  (tables in {db}; Ctrl-C to stop)")
