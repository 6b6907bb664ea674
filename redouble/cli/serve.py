"""``redouble serve``: the deployment form of the web app, several processes sharing PostgreSQL and Redis.

Each process keeps its players' tables live; all of them store every action in PostgreSQL (``--db``) and
tell each other through Redis (``--redis``) that a table changed, so the players of one table may be
connected to different processes (behind a load balancer, or on several ports). ``--workers N`` starts N
processes on one port.
"""

from __future__ import annotations

import argparse
import os

from redouble.cli import CommandError
from redouble.cli.play import add_guard_options
from redouble.web.limits import Limits


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="serve the web app (PostgreSQL + Redis, several processes)",
                       description=__doc__.splitlines()[0])
    p.add_argument("--db", required=True, help="postgresql://user@host/dbname (or an SQLite file for one process)")
    p.add_argument("--redis", help="redis://host:port: table events between server processes")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--workers", type=int, default=1, help="server processes on this port (default 1)")
    p.add_argument("--robot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="pause before each robot action (default 0.6)")
    p.add_argument("--stand-in-after", type=float, default=60, metavar="SECONDS",
                   help="a robot plays for a person whose connection dropped once they keep the table waiting "
                        "this long; 0: never (default 60; with PostgreSQL never, as "
                        "each process knows only its own connections)")
    p.add_argument("--robots", choices=("strong", "fast"), default="strong",
                   help="default strength of the computer players (default strong)")
    add_guard_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from redouble.cli.play import serve

    shared = args.db.startswith(("postgresql://", "postgres://"))
    if args.workers < 1:
        raise CommandError(f"--workers must be 1 or more, not {args.workers}")
    if args.tables_per_minute < 0:
        raise CommandError(f"--tables-per-minute must be 0 (no limit) or more, not {args.tables_per_minute}")
    if args.workers > 1 and not (shared and args.redis):
        raise CommandError("several workers need a shared database and Redis: --db postgresql://... --redis redis://...")
    banner = (f"Redouble serving on http://{args.host}:{args.port}/ with {args.workers} process(es); "
              f"state in {'PostgreSQL' if shared else args.db}{', events via Redis' if args.redis else ''}")
    if args.workers > 1:
        try:
            import uvicorn
        except ImportError:
            raise CommandError("the web app needs its extra: pip install 'redouble[web]'") from None
        # uvicorn's worker processes build their own app: the environment is the one way to hand them the options.
        os.environ.update(REDOUBLE_DB=args.db, REDOUBLE_REDIS=args.redis or "", REDOUBLE_ROBOTS=args.robots,
                          REDOUBLE_ROBOT_DELAY=str(args.robot_delay), REDOUBLE_STAND_IN_AFTER=str(args.stand_in_after),
                          REDOUBLE_ORIGINS=" ".join(args.origin),
                          REDOUBLE_TABLES_PER_MINUTE=str(args.tables_per_minute))
        print(banner, flush=True)
        uvicorn.run("redouble.web.app:app_from_env", factory=True, host=args.host, port=args.port,
                    workers=args.workers, log_level="warning", ws_max_size=Limits().frame_bytes)
        return 0
    from redouble.web import create_app

    app = create_app(args.db, redis_url=args.redis, robot_delay=args.robot_delay, robots=args.robots,
                     stand_in_after=args.stand_in_after or None, allowed_origins=args.origin,
                     limits=Limits(tables_per_minute=args.tables_per_minute))
    return serve(app, args.host, args.port, banner)
