"""A child process that ends with its parent, however the parent ends.

A worker process left running after its parent is gone (killed by SIGKILL, out of
memory, a closed terminal) would run its task to the end at full CPU for nobody.
:func:`end_with_parent`, called first thing in a child, makes it end within a
second or so of its parent:

* on Linux, the kernel sends it SIGKILL when the parent ends
  (``prctl(PR_SET_PDEATHSIG)``, through :mod:`ctypes`);
* everywhere, a watchdog thread ends it when the parent's end of a pipe closes
  (a ``lifeline``: the read end of a pipe only the parent writes to, closed by the
  kernel when the parent ends), or, without one, when the parent's process id is
  no longer its parent's.

A parent that ended before the child called this (a race at fork) is noticed at once.

    >>> lifeline = Lifeline()
    >>> lifeline.read_end > 2 and lifeline.write_end > 2
    True
    >>> lifeline.close()
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1
#: How often the watchdog without a lifeline looks for its parent (seconds).
POLL_SECONDS = 0.5


class Lifeline:
    """A pipe whose write end the parent keeps open: its children watch the read end."""

    def __init__(self) -> None:
        self.read_end, self.write_end = os.pipe()
        self.parent = os.getpid()

    def close(self) -> None:
        """Close both ends (in the parent: its children end; in a child, after it took its end)."""
        for fd in (self.read_end, self.write_end):
            try:
                os.close(fd)
            except OSError:
                pass


def _death_signal() -> None:
    """On Linux, ask the kernel for SIGKILL when the parent ends (nothing elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # no prctl here: the watchdog still runs


#: Python code that asks the kernel for the death signal first thing, before any import, and
#: ends at once if the parent (``sys.argv[1]``) is already gone: the start of a ``-c`` program
#: whose imports take seconds.
EARLY = (
    "import os, sys\n"
    "if sys.platform.startswith('linux'):\n"
    "    import ctypes; ctypes.CDLL(None).prctl(1, 9, 0, 0, 0)\n"
    "if os.getppid() != int(sys.argv[1]): os._exit(1)\n"
)


def end_with_parent(parent: int, lifeline: Lifeline | None = None, *, kernel: bool = True) -> None:
    """End this process (``os._exit``) as soon as ``parent`` is no longer its parent.

    ``lifeline`` (made by the parent before the fork) is watched if given: its write end
    is closed here at once, so only the parent holds it open. ``kernel=False`` skips the
    Linux death signal, which comes when the parent's *thread* that started this process
    ends: for a process started from a helper thread (a Dask nanny's)."""
    if kernel:
        _death_signal()
    if os.getppid() != parent:  # the parent ended before the signal was asked for
        os._exit(1)
    if lifeline is not None:
        os.close(lifeline.write_end)
        threading.Thread(target=_watch_pipe, args=(lifeline.read_end,), daemon=True).start()
    else:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_pipe(fd: int) -> None:
    try:
        while os.read(fd, 1):
            pass
    except OSError:
        pass
    os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(1)


__all__ = ["EARLY", "Lifeline", "POLL_SECONDS", "end_with_parent"]
