"""The web app: three pages, their static files, and the JSON API, on Starlette.

Pages: ``/equity``, ``/showdown`` and ``/rules`` (each a static HTML file of
this package that reads its inputs from the link and computes when opened
from one). API: ``/api/NAME`` for each computation of :data:`~pysolver.web._api.ANSWERS`
(``GET`` with the link's parameters, or ``POST`` with a JSON object of the
same names; rule text goes in ``text``), answered with the result's
``to_dict()``; ``/api/equity?stream=1`` answers with lines of JSON, the
progress and then the result. Bad input is 400 with ``{"error": message,
"field": name, "line": n}``; a computation never runs on the event loop.

Every request passes :class:`~pysolver.web._guard.RequestGuard` first (the names the server
answers to, the origin of a computing request, the size of a body). Computations run in two
lanes: cheap ones (:data:`CHEAP`: a range's grid, a rule book's text) in threads of their own, so
that they answer at once while slow ones queue; a client has at most :data:`SLOW_PER_CLIENT`
slow computations running or queued at once. A computation whose client goes away is cancelled
within a second (:meth:`~pysolver.web._compute.Runner.run`).

    >>> from starlette.testclient import TestClient
    >>> with TestClient(create_app(), base_url="http://127.0.0.1") as client:
    ...     answer = client.get("/api/showdown", params={"p": ["AsKs", "QhQd"], "board": "JsTs2c7h3d"})
    ...     answer.status_code, answer.json()["winners"]
    (200, [1])
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core import VARIANTS, Limits, PokerInputError
from ..evaluator import set_compile_mode
from ..odds import compile_soon
from ..rulebook import load_rules
from ._api import ANSWERS, Query, blame
from ._compute import Budget, Cancelled, Runner
from ._guard import LOCAL_NAMES, MAX_DEPTH, BodyTooLarge, RequestGuard, json_depth
from ._rulebook import RuleTexts, error_line

log = logging.getLogger("pysolver.web")

PAGES = {"equity": "Equity", "showdown": "Showdown", "rules": "Rules lab"}
"""The pages, each ``/NAME`` served from ``static/NAME.html``, with its name in the nav."""
HEADER_MARK = "<!-- header: the app writes it (pysolver.web._app.header) -->"
MAX_BODY = 2 << 20
"""The largest request body read (a rule text is at most 1 MiB)."""
CHEAP = ("range", "rules")
"""The computations of the cheap lane: a range's grid, a rule book's facts and counts."""
CHEAP_WORKERS = 4
"""Threads of the cheap lane."""
SLOW_PER_CLIENT = 16
"""The most slow computations one client (one address) may have running or queued at once."""
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Headers of every page: nothing loads from elsewhere, no inline script runs."""


def header(page: str) -> str:
    """The header of every page, written here once: the title and the nav, the page's own link
    marked for screen readers (``aria-current``) and for the eye.

    >>> 'aria-current="page">Showdown' in header("showdown")
    True
    """
    links = "".join(
        f'<a href="/{name}"' + (' class="here" aria-current="page"' if name == page else "") + f">{title}</a>"
        for name, title in PAGES.items()
    )
    return f'<header><h1>pysolver</h1>\n<nav aria-label="pages">{links}</nav>\n</header>'


def _page_text(name: str) -> str:
    text = resources.files("pysolver.web").joinpath("static").joinpath(f"{name}.html").read_text("utf-8")
    return text.replace(HEADER_MARK, header(name))


def error_answer(error: Exception, query: Query | None = None, status: int = 400) -> JSONResponse:
    """The one-line answer to bad input: the message, the field it concerns, the rule text's line.
    A body cut off (413) closes the connection: the rest of it is not read."""
    message = " ".join(str(error).split()) or type(error).__name__
    body = {"error": message, "field": blame(query, message) if query else "", "line": error_line(message)}
    return JSONResponse(body, status_code=status, headers={"Connection": "close"} if status == 413 else None)


async def _query(request: Request) -> Query:
    values: dict[str, list[str]] = {}
    for key, value in request.query_params.multi_items():
        values.setdefault(key, []).append(value)
    if request.method == "POST":
        body = await request.body()  # at most MAX_BODY bytes: RequestGuard cuts it off
        depth = json_depth(body)
        if depth > MAX_DEPTH:
            raise PokerInputError(f"the request's JSON nests {depth:,} deep: at most {MAX_DEPTH} (send an object)")
        try:
            sent = json.loads(body or b"{}")
        except ValueError:
            raise PokerInputError("the request's body is not JSON") from None
        if not isinstance(sent, dict):
            raise PokerInputError("the request's body is not a JSON object of parameters")
        for key, value in sent.items():
            values[str(key)] = (
                [str(v) for v in value]
                if isinstance(value, list)
                else ([] if value is None else [str(value).lower() if isinstance(value, bool) else str(value)])
            )
    return Query(values)


def create_app(
    *,
    workers: int | None = None,
    seconds: float = Limits.seconds,
    memory_mb: int = Limits.memory_mb,
    hosts: Sequence[str] = LOCAL_NAMES,
    any_address: bool = False,
) -> Starlette:
    """The app: slow computations in ``workers`` threads (by default one per core), each bounded
    by ``seconds``; rule texts ground under that time and ``memory_mb`` MiB. It answers to the
    names ``hosts`` (and, with ``any_address``, to every IP address)."""
    runner = Runner(workers, seconds)
    cheap = Runner(CHEAP_WORKERS, seconds)
    texts = RuleTexts(Limits(seconds, memory_mb))
    slow_by_client: Counter[str] = Counter()

    async def api(request: Request) -> Response:
        return await answer_for(request, request.path_params["name"])

    async def diff(request: Request) -> Response:
        return await answer_for(request, "diff")

    async def answer_for(request: Request, name: str) -> Response:
        if name not in ANSWERS:
            return error_answer(PokerInputError(f"no API '{name[:40]}': one of {', '.join(ANSWERS)}"), status=404)
        query = None
        try:
            query = await _query(request)
            answer = ANSWERS[name]
            if name in CHEAP:
                return await computed(request, cheap, lambda budget: answer(query, texts, budget))
            client = request.client.host if request.client else ""
            if slow_by_client[client] >= SLOW_PER_CLIENT:
                raise TooMany(
                    f"{SLOW_PER_CLIENT} computations of this client are running or waiting: "
                    "wait for one to finish, or cancel one"
                )
            slow_by_client[client] += 1
            try:
                if name == "equity" and query.flag("stream"):
                    lines = _lines(runner.stream(lambda budget: answer(query, texts, budget)), query)
                    return StreamingResponse(
                        _released(lines, lambda: slow_by_client.subtract([client])),
                        media_type="application/x-ndjson",
                    )
            except BaseException:
                slow_by_client.subtract([client])
                raise
            try:
                return await computed(request, runner, lambda budget: answer(query, texts, budget))
            finally:
                slow_by_client.subtract([client])
        except BodyTooLarge as error:
            return error_answer(error, query, 413)
        except TooMany as error:
            return error_answer(error, query, 429)
        except (PokerInputError, Cancelled) as error:
            return error_answer(error, query)
        except (ValueError, TypeError, OverflowError) as error:  # input the library let through
            log.warning("bad input: %r", error)
            return error_answer(error, query)
        except Exception as error:  # a fault: logged, one line out
            log.exception("error in /api/%s", name)
            return error_answer(RuntimeError(f"internal error ({type(error).__name__}): {error}"), query, 500)

    async def computed(request: Request, lane: Runner, work: Callable[[Budget], dict]) -> Response:
        start = time.perf_counter()
        result = await lane.run(work, gone=request.is_disconnected)
        spent = time.perf_counter() - start
        return JSONResponse(result, headers={"Server-Timing": f"compute;dur={1000 * spent:.1f}"})

    async def variants(request: Request) -> Response:
        holdem = [name for name in VARIANTS if load_rules(name).game.holdem_shape]  # what the pages play
        return JSONResponse({"variants": holdem, "games": [name for name in VARIANTS if name not in holdem]})

    async def page(request: Request) -> Response:
        name = request.url.path.strip("/")
        return Response(_page_text(name), media_type="text/html", headers=HEADERS)

    async def home(request: Request) -> Response:
        return RedirectResponse("/equity")

    async def not_found(request: Request, error: Exception) -> Response:
        status = error.status_code if isinstance(error, HTTPException) else 500
        if request.url.path.startswith("/api/"):
            return JSONResponse(
                {"error": f"{request.url.path}: not found", "field": "", "line": None}, status_code=status
            )
        return Response(
            f"{status}: {request.url.path} is not a page of pysolver's", status_code=status, media_type="text/plain"
        )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # a request never waits on a compile (unless PYSOLVER_COMPILE says otherwise): numpy answers
        # until a background process, started now where they are not compiled, has compiled the loops
        elsewhere = "PYSOLVER_COMPILE" not in os.environ
        if elsewhere:
            set_compile_mode("elsewhere")
            await asyncio.to_thread(compile_soon)
        try:
            yield
        finally:
            if elsewhere:
                set_compile_mode(None)
            runner.close()
            cheap.close()
            texts.close()

    routes = [
        Route("/", home),
        *(Route(f"/{name}", page) for name in PAGES),
        Route("/api/variants", variants),
        Route("/api/rules/diff", diff, methods=["GET", "POST"]),
        Route("/api/{name}", api, methods=["GET", "POST"]),
        Mount("/static", StaticFiles(packages=[("pysolver.web", "static")]), name="static"),
    ]
    guard = Middleware(RequestGuard, hosts=hosts, max_body=MAX_BODY, any_address=any_address)
    app = Starlette(
        routes=routes, middleware=[guard], exception_handlers={404: not_found, 405: not_found}, lifespan=lifespan
    )
    app.state.runner, app.state.cheap, app.state.texts = runner, cheap, texts
    return app


class TooMany(Exception):
    """A client asked for more slow computations at once than it may."""


async def _released(lines: AsyncIterator[bytes], release: Callable[[], object]) -> AsyncIterator[bytes]:
    """The lines of a streamed answer; ``release()`` once the stream ends or its client leaves."""
    try:
        async for line in lines:
            yield line
    finally:
        release()


async def _lines(answers: AsyncIterator[dict], query: Query) -> AsyncIterator[bytes]:
    async for line in answers:
        if "error" in line:
            line = json.loads(bytes(error_answer(PokerInputError(line["error"]), query).body))
        yield (json.dumps(line) + "\n").encode()


__all__ = [
    "CHEAP",
    "CHEAP_WORKERS",
    "HEADERS",
    "MAX_BODY",
    "PAGES",
    "SLOW_PER_CLIENT",
    "create_app",
    "error_answer",
    "header",
]
