"""The web application: an ASGI app (Starlette) over the library, made by :func:`create_app`.

Routes: the page (``/``, ``/static/...``), ``POST /api/tables`` (a new table), ``GET /api/forms``,
``GET /api/history?q=`` (finished deals), ``GET /api/review/{table}/{index}`` (a finished deal in full,
with the double-dummy table and par when the solver is installed), ``GET /api/export/{table}/{index}.pbn``
(or ``.lin``), and the live table at ``/ws/{token}`` (a websocket; the token is the seat's secret link).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from redouble.errors import RedoubleError
from redouble.web import forms
from redouble.web import robots as robot_api
from redouble.web.messages import ErrorMsg
from redouble.web.sessions import Manager
from redouble.web.store import open_store
from redouble.web.table import ActionError

STATIC = Path(__file__).parent / "static"
INTERNAL_TAGS = {"robot_table", "imps", "par", "minibridge", "minibridge_game", "declarer"}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(store_url: str | Path | None = None, *, redis_url: str | None = None, robot_delay: float = 0.0,
               seed: str | None = None, threaded_robots: bool = True, robots: str = "strong",
               heavy_workers: int | None = None, stand_in_after: float | None = 60.0) -> Starlette:
    """The app over a store (``None``: the SQLite file in the user's data directory; a path;
    ``postgresql://...``). ``redis_url`` links several server processes; ``robot_delay`` (seconds) paces
    the robots so people can follow; ``seed`` makes the deals reproducible (for tests); ``robots`` is the
    default strength of new tables: ``"strong"`` (the library's robots) or ``"fast"`` (rules of thumb);
    ``heavy_workers`` the worker processes for the end-of-deal analysis (None: one per core but one; 0: a
    thread instead); ``stand_in_after`` the seconds a person whose connection dropped may keep the table
    waiting before a robot plays for them (None: never; they come back through their link)."""
    store = open_store(store_url)
    shared = str(store_url or "").startswith(("postgresql://", "postgres://"))
    manager = Manager(store, robot_delay=robot_delay, shared=shared, seed=seed, threaded_robots=threaded_robots,
                      robots=robots, heavy_workers=heavy_workers, stand_in_after=stand_in_after)
    analysis_cache: dict[tuple[str, int], Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bus = None
        if redis_url:
            from redouble.web.bus import RedisBus

            bus = RedisBus(redis_url)
            await bus.start(manager.remote_change)
            manager.bus = bus
        try:
            yield
        finally:
            await manager.close()
            if bus is not None:
                await bus.close()
            store.close()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def list_forms(request: Request) -> Response:
        return JSONResponse({"forms": [{"key": f.key, "title": f.title} for f in forms.FORMS.values()],
                             "solver": robot_api.has_solver(), "bidding": robot_api.bidding_module() is not None})

    async def new_table(request: Request) -> Response:
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            return _error("the body must be JSON: {\"form\": ..., \"seat\": ..., \"invite\": [...]}")
        if not isinstance(body, dict):
            return _error("the body must be a JSON object")
        invite = body.get("invite", [])
        options = body.get("options", {})
        if not isinstance(invite, list) or not all(isinstance(s, str) for s in invite) or \
                not isinstance(options, dict):
            return _error("'invite' is a list of seats (like [\"N\"]) and 'options' an object")
        try:
            made = await manager.create_table(str(body.get("form", "")), str(body.get("seat", "S")), invite, options)
        except RedoubleError as exc:
            return _error(str(exc))
        return JSONResponse(made, status_code=201)

    async def history(request: Request) -> Response:
        query = request.query_params.get("q", "")[:100]
        return JSONResponse({"deals": await asyncio.to_thread(store.history, query)})

    async def _finished_board(request: Request) -> tuple[Any, int]:
        table_id = request.path_params["table"]
        try:
            index = int(request.path_params["index"])
        except ValueError:
            raise ActionError(f"not a deal number: {request.path_params['index']!r}", "invalid") from None
        session = await manager.session(table_id)
        table = session.table
        if not 0 <= index < len(table.boards):
            raise ActionError(f"table has no deal {index}", "no_deal")
        return table, index

    async def review(request: Request) -> Response:
        try:
            table, index = await _finished_board(request)
            view = table.board_view(index, None)
        except ActionError as exc:
            return _error(str(exc), 404 if exc.code in ("no_table", "no_deal") else 403)
        b = table.boards[index]
        key = (table.id, index)
        if key not in analysis_cache:
            analysis_cache[key] = await manager.heavy(robot_api.analysis, b.deal, b.vulnerability, b.dealer)
        view["analysis"] = analysis_cache[key]
        view["form"] = table.form.key
        view["summary"] = table.summary(index)
        return JSONResponse(view)

    async def export(request: Request) -> Response:
        fmt = request.path_params["fmt"]
        try:
            table, index = await _finished_board(request)
            table.board_view(index, None)
        except ActionError as exc:
            return _error(str(exc), 404 if exc.code in ("no_table", "no_deal") else 403)
        module = robot_api._optional(f"redouble.{fmt}")
        if module is None or not hasattr(module, "dumps"):
            return _error(f"export to {fmt.upper()} needs redouble.{fmt}, which is not installed yet", 501)
        board = table.boards[index]
        # The table's own notes (the robots' second table, par, minibridge) are not PBN/LIN tags.
        board = dataclasses.replace(board, tags={k: v for k, v in board.tags.items()
                                                 if isinstance(v, str) and k not in INTERNAL_TAGS})
        try:
            text = module.dumps([board])
        except Exception as exc:
            return _error(f"export failed: {exc}", 500)
        name = f"redouble-{table.id}-{index + 1}.{fmt}"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        token = websocket.path_params["token"]
        found = await manager.seat_for_token(token)
        if found is None:
            await websocket.send_text(ErrorMsg("this link is not valid: no seat has this token", "bad_token").to_json())
            await websocket.close(code=4404)
            return
        table_id, seat = found
        session = await manager.session(table_id)
        conn = await manager.attach(session, seat, websocket)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                reply = await manager.handle_raw(session, seat, raw)
                if reply is not None:
                    conn.send(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await manager.detach(session, conn)

    routes = [
        Route("/", index),
        Route("/api/forms", list_forms),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/history", history),
        Route("/api/review/{table}/{index}", review),
        Route("/api/export/{table}/{index}.{fmt:str}", export),
        WebSocketRoute("/ws/{token}", table_socket),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.manager = manager
    app.state.store = store
    return app


def app_from_env() -> Starlette:
    """For ``uvicorn --factory redouble.web.app:app_from_env`` (several worker processes): the settings come
    from ``REDOUBLE_DB``, ``REDOUBLE_REDIS`` and ``REDOUBLE_ROBOT_DELAY``."""
    return create_app(os.environ.get("REDOUBLE_DB") or None, redis_url=os.environ.get("REDOUBLE_REDIS") or None,
                      robot_delay=float(os.environ.get("REDOUBLE_ROBOT_DELAY", "0.5")),
                      seed=os.environ.get("REDOUBLE_SEED") or None,
                      robots=os.environ.get("REDOUBLE_ROBOTS", "strong"),
                      stand_in_after=float(os.environ.get("REDOUBLE_STAND_IN_AFTER", "60")) or None)


__all__ = ["create_app", "app_from_env", "json"]
