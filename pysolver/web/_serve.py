"""Running the app: uvicorn on a socket of our own, bound to 127.0.0.1 unless told otherwise.

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
(True, True, False)
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import webbrowser
from collections.abc import Sequence

import uvicorn

from ..core import Limits, PokerInputError
from ._app import create_app
from ._guard import LOCAL_NAMES

LOOPBACK_NAMES = ("localhost", "ip6-localhost")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_unspecified(host: str) -> bool:
    """Whether ``host`` means every address of the machine (``0.0.0.0``, ``::``).

    >>> is_unspecified("0.0.0.0"), is_unspecified("127.0.0.1")
    (True, False)
    """
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one); a clear error when it cannot be had."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(info[0], socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
        sock.listen(128)
    except (OSError, OverflowError) as error:
        raise PokerInputError(f"cannot listen on {host}:{port}: {getattr(error, 'strerror', None) or error}") from None
    sock.set_inheritable(True)
    return sock


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    open_browser: bool = False,
    allow_hosts: Sequence[str] = (),
    workers: int | None = None,
    seconds: float = Limits.seconds,
    memory_mb: int = Limits.memory_mb,
) -> None:
    """Serve the app until interrupted, printing its address (``port=0`` picks a free port);
    ``open_browser`` opens the equity page in the default browser. The app answers to ``host``,
    to ``localhost`` and to ``allow_hosts``; bound to every address (``0.0.0.0``, ``::``), to
    every IP address too."""
    for name in allow_hosts:
        if not name.strip() or any(c in name for c in "/ @?#"):
            raise PokerInputError(f"allowed host {name[:60]!r}: a host name or address, as in http://NAME:PORT/")
    if not is_loopback(host):
        print(
            f"pysolver serve: warning: listening on {host}: anyone who can reach this address can run "
            "computations on this machine",
            file=sys.stderr,
        )
    sock = bind(host, port)
    name = sock.getsockname()
    shown = f"[{name[0]}]" if ":" in name[0] else name[0]
    url = f"http://{shown}:{name[1]}/"
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(
                workers=workers,
                seconds=seconds,
                memory_mb=memory_mb,
                hosts=(*LOCAL_NAMES, host, *allow_hosts),
                any_address=is_unspecified(host),
            ),
            log_level="warning",
            lifespan="on",
        )
    )

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        print(f"pysolver serve: {url}  (Ctrl-C to stop)", flush=True)
        if open_browser and server.started:
            webbrowser.open(url + "equity")

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[sock])


__all__ = ["LOOPBACK_NAMES", "bind", "is_loopback", "is_unspecified", "serve"]
