"""The web application: an ASGI app (Starlette) over the library, made by :func:`create_app`.

Routes: the page (``/``, ``/static/...``), ``POST /api/tables`` (a new table), ``GET /api/forms``,
``POST /api/history`` (the finished deals of the tables your links open), ``GET /api/review/{table}/{index}``
(a finished deal in full, with the double-dummy table and par when the solver is installed) and
``GET /api/export/{table}/{index}.pbn`` (or ``.lin``), both for a link of that table (``Authorization:
Bearer <link>``) or a table its owner shared, and the live table at ``/ws/{token}`` (a websocket; the token
is a seat's secret link).

Every response carries a content security policy that allows only the app's own scripts, styles and
sockets and no framing; a websocket or a POST from a page of another site is refused (``allowed_origins``
names the sites a deployment serves the page from, if not the server's own address); request bodies and
websocket messages are limited in size before they are read, table creation and actions in rate.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
from collections import OrderedDict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from redouble import game, lin, pbn
from redouble.dd import solver_info
from redouble.errors import RedoubleError, SolverUnavailableError
from redouble.web.events import event_routes
from redouble.web.limits import Limits
from redouble.web.messages import ErrorMsg
from redouble.web.sessions import Manager
from redouble.web.store import StoreError, open_store
from redouble.web.table import ActionError, Table, analysis

STATIC = Path(__file__).parent / "static"
INTERNAL_TAGS = {"robot_table", "imps", "par", "minibridge", "minibridge_game", "declarer"}
EXPORTS = {"pbn": pbn.dumps, "lin": lin.dumps}
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                 b"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def _has_solver() -> bool:
    try:
        solver_info()
        return True
    except SolverUnavailableError:
        return False


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response (pages, API, static files)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class TooLarge(Exception):
    pass


def _origin_allowed(headers: Headers, allowed: set[str]) -> bool:
    """A request without an Origin is not from a browser page (a browser always sends one cross-site);
    one with an Origin must come from the server's own address or from a site the deployment names."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin.rstrip("/") in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc == headers.get("host")


def _bearer(request: Request) -> str | None:
    """The link given as ``Authorization: Bearer <link>``, if any."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def create_app(store_url: str | Path | None = None, *, redis_url: str | None = None, robot_delay: float = 0.0,
               seed: str | None = None, threaded_robots: bool = True, robots: str = "strong",
               heavy_workers: int | None = None, stand_in_after: float | None = 60.0,
               allowed_origins: list[str] | None = None, limits: Limits | None = None) -> Starlette:
    """The app over a store (``None``: the SQLite file in the user's data directory; a path;
    ``postgresql://...``). ``redis_url`` links several server processes; ``robot_delay`` (seconds) paces
    the robots so people can follow; ``seed`` makes the deals reproducible (for tests); ``robots`` is the
    default strength of new tables: ``"strong"`` (the library's robots) or ``"fast"`` (rules of thumb);
    ``heavy_workers`` the worker processes for the robots and the end-of-deal analysis (None: one per core
    but one; 0: threads instead); ``stand_in_after`` the seconds a person whose connection dropped may keep
    the table waiting before a robot plays for them (None: never; they come back through their link);
    ``allowed_origins`` the sites (``https://bridge.example.org``) besides the server's own address whose
    pages may use the API; ``limits`` the sizes and rates allowed (:class:`~redouble.web.limits.Limits`)."""
    store = open_store(store_url)
    shared = str(store_url or "").startswith(("postgresql://", "postgres://"))
    limits = limits or Limits()
    manager = Manager(store, robot_delay=robot_delay, shared=shared, seed=seed, threaded_robots=threaded_robots,
                      robots=robots, heavy_workers=heavy_workers, stand_in_after=stand_in_after, limits=limits)
    origins = {o.rstrip("/") for o in (allowed_origins or [])}
    analysis_cache: OrderedDict[tuple[str, int], Any] = OrderedDict()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bus = None
        if redis_url:
            from redouble.web.bus import RedisBus

            bus = RedisBus(redis_url)
            await bus.start(manager.remote_change)
            manager.bus = bus
        # With a shared store every process would take up the same tables at once: there a table resumes
        # when someone opens it.
        resuming = None if shared else asyncio.create_task(manager.resume())
        try:
            yield
        finally:
            if resuming is not None:
                resuming.cancel()
            await manager.close()
            if bus is not None:
                await bus.close()
            store.close()
            event_store.close()

    async def read_body(request: Request, limit: int) -> bytes:
        """The request's body, refused (:class:`TooLarge`) before more than ``limit`` bytes are read."""
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise TooLarge
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise TooLarge
        return bytes(body)

    async def read_json(request: Request) -> Any:
        """The request's JSON body, refused unless it says it is JSON and before it passes the size limit."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise ActionError(f"the body must be JSON (Content-Type: application/json), not {kind or 'none'!r}",
                              "unsupported")
        body = await read_body(request, limits.body_bytes)
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise ActionError(f"the body is not valid JSON: {body[:60]!r}", "invalid") from None

    def client_of(conn: Request | WebSocket) -> str:
        return conn.client.host if conn.client is not None else ""

    async def guarded_json(request: Request) -> Any | Response:
        if not _origin_allowed(request.headers, origins):
            return _error("requests from pages of other sites are refused", 403)
        try:
            return await read_json(request)
        except TooLarge:
            return _error(f"the body is too large (at most {limits.body_bytes} bytes)", 413)
        except ActionError as exc:
            return _error(str(exc), 415 if exc.code == "unsupported" else 400)

    async def guarded_upload(request: Request) -> bytes | Response:
        """An uploaded file, sent as the request's body: the same checks as a JSON body's, with the larger
        limit of :attr:`Limits.upload_bytes`."""
        if not _origin_allowed(request.headers, origins):
            return _error("requests from pages of other sites are refused", 403)
        try:
            return await read_body(request, limits.upload_bytes)
        except TooLarge:
            return _error(f"the file is too large (at most {limits.upload_bytes} bytes)", 413)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def list_forms(request: Request) -> Response:
        return JSONResponse({"forms": [{"key": f.key, "title": f.title} for f in game.FORMS.values()],
                             "solver": _has_solver(), "bidding": True})

    async def new_table(request: Request) -> Response:
        body = await guarded_json(request)
        if isinstance(body, Response):
            return body
        if not isinstance(body, dict):
            return _error("the body must be a JSON object: {\"form\": ..., \"seat\": ..., \"invite\": [...]}")
        invite = body.get("invite", [])
        options = body.get("options", {})
        if not isinstance(invite, list) or not all(isinstance(s, str) for s in invite) or \
                not isinstance(options, dict):
            return _error("'invite' is a list of seats (like [\"N\"]) and 'options' an object")
        if manager.table_limiter is not None and not manager.table_limiter.allow(client_of(request)):
            return _error("too many new tables from your address: wait a minute", 429)
        try:
            made = await manager.create_table(str(body.get("form", "")), str(body.get("seat", "S")), invite, options)
        except StoreError as exc:
            return _error(f"the table could not be stored: {exc}", 503)
        except RedoubleError as exc:
            return _error(str(exc))
        return JSONResponse(made, status_code=201)

    async def history(request: Request) -> Response:
        tokens: list[str] = []
        query = request.query_params.get("q", "")
        if request.method == "POST":
            body = await guarded_json(request)
            if isinstance(body, Response):
                return body
            if not isinstance(body, dict) or not isinstance(body.get("links", []), list) or \
                    not all(isinstance(t, str) for t in body.get("links", [])):
                return _error("the body is {\"q\": \"text to find\", \"links\": [your table links]}")
            tokens = list(body.get("links", []))[:200]
            query = str(body.get("q", query))
        try:
            deals = await manager.history(tokens, query[:100])
        except StoreError as exc:
            return _error(str(exc), 503)
        return JSONResponse({"deals": deals})

    async def _finished_board(request: Request) -> tuple[Table, int]:
        table_id = request.path_params["table"]
        text = request.path_params["index"]
        if not text.isdigit():
            raise ActionError(f"not a deal number: {text!r}", "no_deal")
        table = await manager.readable(table_id, _bearer(request))
        index = int(text)
        if not 0 <= index < len(table.boards):
            raise ActionError(f"table has no deal {index}", "no_deal")
        table.board_view(index, None)  # raises unless the deal is over
        return table, index

    def _refusal(exc: RedoubleError) -> Response:
        if isinstance(exc, StoreError):
            return _error(str(exc), 503)
        code = exc.code if isinstance(exc, ActionError) else "invalid"
        return _error(str(exc), 404 if code in ("no_table", "no_deal") else 403)

    async def review(request: Request) -> Response:
        try:
            table, index = await _finished_board(request)
        except RedoubleError as exc:
            return _refusal(exc)
        view = table.board_view(index, None)
        b = table.boards[index]
        key = (table.id, index)
        if key not in analysis_cache:
            analysis_cache[key] = await manager.heavy(analysis, b.deal, b.vulnerability, b.dealer, key=table.id)
            if len(analysis_cache) > 512:
                analysis_cache.popitem(last=False)
        view["analysis"] = analysis_cache[key]
        view["form"] = table.form.key
        view["summary"] = table.summary(index)
        return JSONResponse(view)

    async def export(request: Request) -> Response:
        fmt = request.path_params["fmt"]
        dumps = EXPORTS.get(fmt)
        if dumps is None:
            return _error(f"no export to {fmt[:20]!r}: choose one of {', '.join(EXPORTS)}", 404)
        try:
            table, index = await _finished_board(request)
        except RedoubleError as exc:
            return _refusal(exc)
        board = table.boards[index]
        # The table's own notes (the robots' second table, par, minibridge) are not PBN/LIN tags.
        board = dataclasses.replace(board, tags={k: v for k, v in board.tags.items()
                                                 if isinstance(v, str) and k not in INTERNAL_TAGS})
        try:
            text = dumps([board])
        except Exception as exc:
            return _error(f"export failed: {exc}", 500)
        name = f"redouble-{table.id}-{index + 1}.{fmt}"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def table_socket(websocket: WebSocket) -> None:
        if not _origin_allowed(websocket.headers, origins):
            await websocket.close(code=4403)  # before the handshake: the browser sees a refusal (403)
            return
        await websocket.accept()
        token = websocket.path_params["token"]
        try:
            session, link = await manager.open_link(token)
            conn = await manager.attach(session, link, websocket, client_of(websocket))
        except RedoubleError as exc:
            code = exc.code if isinstance(exc, ActionError) else "store_error"
            await websocket.send_text(ErrorMsg(str(exc), code).to_json())
            await websocket.close(code=4404 if code == "bad_token" else 4429 if code == "too_many" else 4500)
            return
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                if len(raw) > limits.frame_bytes:
                    conn.end(ErrorMsg(f"message too large (at most {limits.frame_bytes} bytes)", "too_large"), 1009)
                    break
                reply = await manager.handle_raw(session, conn, raw)
                if reply is not None:
                    conn.send(reply)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await manager.detach(session, conn)

    # The Director area (club events) shares the store's database and the checks on request bodies.
    def allow_new(request: Request) -> bool:
        return manager.table_limiter is None or manager.table_limiter.allow(client_of(request))

    event_api, event_store = event_routes(store_url, guarded_json, allow_new, manager, guarded_upload)
    routes = [
        *event_api,
        Route("/", index),
        Route("/api/forms", list_forms),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/history", history, methods=["GET", "POST"]),
        Route("/api/review/{table}/{index}", review),
        Route("/api/export/{table}/{index}.{fmt:str}", export),
        WebSocketRoute("/ws/{token}", table_socket),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.manager = manager
    app.state.store = store
    return app


def app_from_env() -> Starlette:
    """For ``uvicorn --factory redouble.web.app:app_from_env`` (several worker processes): the settings come
    from ``REDOUBLE_DB``, ``REDOUBLE_REDIS``, ``REDOUBLE_ROBOT_DELAY``, ``REDOUBLE_ORIGINS`` (sites
    separated by spaces) and ``REDOUBLE_TABLES_PER_MINUTE``."""
    return create_app(os.environ.get("REDOUBLE_DB") or None, redis_url=os.environ.get("REDOUBLE_REDIS") or None,
                      robot_delay=float(os.environ.get("REDOUBLE_ROBOT_DELAY", "0.5")),
                      seed=os.environ.get("REDOUBLE_SEED") or None,
                      robots=os.environ.get("REDOUBLE_ROBOTS", "strong"),
                      stand_in_after=float(os.environ.get("REDOUBLE_STAND_IN_AFTER", "60")) or None,
                      allowed_origins=os.environ.get("REDOUBLE_ORIGINS", "").split() or None,
                      limits=Limits(tables_per_minute=float(os.environ.get("REDOUBLE_TABLES_PER_MINUTE",
                                                                           Limits().tables_per_minute))))


__all__ = ["create_app", "app_from_env", "SECURITY_HEADERS"]
