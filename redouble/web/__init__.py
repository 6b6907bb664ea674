"""Redouble in the browser: ``redouble play`` (SQLite) and ``redouble serve`` (PostgreSQL + Redis).

The server is an app factory over the library; the rules are the library's, and the page only draws
what the server sends and sends back what the player means to do. The web framework is imported only
when the app is made, so ``import redouble.web`` stays light.

>>> from redouble.web import create_app   # doctest: +SKIP
>>> app = create_app(":memory:")           # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette


def create_app(store_url: Any = None, **options: Any) -> Starlette:
    """The ASGI app; see :func:`redouble.web.app.create_app` for the options."""
    from redouble.web.app import create_app as make

    return make(store_url, **options)


__all__ = ["create_app"]
