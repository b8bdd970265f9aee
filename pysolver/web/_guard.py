"""What the server checks before any route sees a request: the name it is asked by, where a
computing request comes from, and the size of its body.

A local server is reachable from every web page its user opens. A page of another site can make
the browser send requests to ``127.0.0.1`` (a form, an image, a ``fetch`` in ``no-cors`` mode),
and through DNS rebinding it can read the answers too, under a name of its own that resolves to
this machine. :class:`RequestGuard`, an ASGI middleware in front of the app, refuses:

- a ``Host`` that is not one of the server's names (421): the bound address and ``localhost``
  by default, more by ``pysolver serve --allow-host``; a rebound name is not among them;
- a request to the API from another origin (403): an ``Origin`` other than the server's own, or,
  without one, a ``Sec-Fetch-Site`` other than ``same-origin`` or ``none`` (the user's own
  navigation);
- a ``POST`` whose body is not declared JSON (415): a cross-site form cannot send
  ``application/json`` without the browser asking first, and the server never says yes;
- a body longer than the limit (413): at once when ``Content-Length`` announces it, else when the
  bytes streamed so far pass it, so that no more than the limit is ever held.

Clients that are not browsers (``curl``, scripts) send neither ``Origin`` nor ``Sec-Fetch-Site``
and are served as before.

    >>> host_name("127.0.0.1:8000"), host_name("[::1]:8000"), host_name("LocalHost.")
    ('127.0.0.1', '::1', 'localhost')
"""

from __future__ import annotations

import ipaddress
import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

import numpy as np
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")
"""The names a server answers to by default, beside the address it is bound to."""
SAME_SITE = ("same-origin", "none")
"""``Sec-Fetch-Site`` values of a request the server's own pages, or the user, made."""
MAX_DEPTH = 400
"""The deepest nesting of a JSON body read (the API's bodies are flat objects)."""
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')


class BodyTooLarge(Exception):
    """A request body passed the server's limit while it streamed in."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the request's body is over {limit:,} bytes: send less (a rule text is at most 1 MiB)")


def host_name(host: str) -> str:
    """The name of a ``Host`` header or an origin's host, without its port, lower case.

    >>> host_name("evil.example:80")
    'evil.example'
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def is_address(name: str) -> bool:
    """Whether a host name is an IP address (which no DNS rebinding can be).

    >>> is_address("192.168.1.5"), is_address("::1"), is_address("evil.example")
    (True, True, False)
    """
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def json_depth(body: bytes) -> int:
    """How deep a JSON text nests (its strings skipped), counted without parsing it.

    >>> json_depth(b'{"p": ["AhKh", "[[["]}'), json_depth(b"[" * 1000)
    (2, 1000)
    """
    brackets = np.frombuffer(_STRING.sub(b"", body), dtype=np.uint8)
    steps = np.isin(brackets, (ord("["), ord("{"))).astype(np.int64) - np.isin(brackets, (ord("]"), ord("}")))
    return int(np.cumsum(steps).max(initial=0))


class RequestGuard:
    """The checks above, in front of ``app``: ``hosts`` the names the server answers to (with
    ``any_address``, every IP address too: a server bound to all of a machine's addresses),
    ``max_body`` the most bytes of a request body read, ``api`` the path prefix of the requests
    that compute."""

    def __init__(
        self, app: ASGIApp, hosts: Iterable[str], max_body: int, *, any_address: bool = False, api: str = "/api/"
    ) -> None:
        self.app = app
        self.hosts = frozenset(host_name(h) for h in hosts)
        self.any_address = any_address
        self.max_body = max_body
        self.api = api

    def answers_to(self, host: str) -> bool:
        """Whether the server answers to this ``Host``."""
        name = host_name(host)
        return name in self.hosts or (self.any_address and is_address(name))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            await _refuse(send, *refusal, as_json=scope["path"].startswith(self.api))
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge(self.max_body)
            return message

        await self.app(scope, counted, send)

    def refusal(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        """The status and the one-line reason a request is refused for, or None."""
        host = headers.get("host")
        if host is not None and not self.answers_to(host):
            return 421, (
                f"this server does not answer to the name {host_name(host)[:80]!r}: open it as "
                f"http://127.0.0.1 or http://localhost (pysolver serve --allow-host NAME adds a name)"
            )
        length = headers.get("content-length", "")
        if length.strip().isdigit() and int(length) > self.max_body:
            return 413, str(BodyTooLarge(self.max_body))
        if not scope["path"].startswith(self.api):
            return None
        origin = headers.get("origin")
        if origin is not None and not self.same_origin(origin, scope, host):
            return 403, f"a request from another site ({origin[:80]}) is refused: use this server's own pages"
        site = headers.get("sec-fetch-site")
        if origin is None and site is not None and site not in SAME_SITE:
            return 403, f"a {site[:20]} request is refused: use this server's own pages"
        if scope["method"] == "POST" and headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return 415, "a POST body must be JSON, sent as Content-Type: application/json"
        return None

    @staticmethod
    def same_origin(origin: str, scope: Scope, host: str | None) -> bool:
        """Whether an ``Origin`` is the server's own: its scheme and the request's ``Host``."""
        parts = urlsplit(origin.strip().lower())
        return host is not None and parts.scheme == scope.get("scheme", "http") and parts.netloc == host.lower()


async def _refuse(send: Send, status: int, message: str, *, as_json: bool) -> None:
    """The one-line answer of a refused request: JSON as the API's errors are, else text."""
    if as_json:
        body, kind = json.dumps({"error": message, "field": "", "line": None}).encode(), b"application/json"
    else:
        body, kind = f"{status}: {message}\n".encode(), b"text/plain; charset=utf-8"
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", kind),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),  # no more of a refused request's bytes are read
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


__all__ = [
    "LOCAL_NAMES",
    "MAX_DEPTH",
    "SAME_SITE",
    "BodyTooLarge",
    "RequestGuard",
    "host_name",
    "is_address",
    "json_depth",
]
