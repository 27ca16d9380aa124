"""Ending ``python -m tau_shaped.cli`` once a command's work is whole, without tearing the
interpreter down.

A scoring process holds its worlds, ground truths, bound rules and the readers' kept answers
(a few million objects) until it ends; the interpreter's own ending frees each of them and
clears every module, 0.15-0.2 CPU-s after a GRPO batch's output was already written (1.5% of
the batch). A command whose output is whole and closed says so (``work_done``: ``score`` on the
local backend, after its output was renamed into place and its last line printed), and ``run`` then ends the
process as the interpreter would (the exit functions registered with ``atexit`` run, the
standard streams are flushed, the exit status is the command's) but without the teardown.

Anything else ends as before: a command that did not say so, an exit status that is not a
number (printed by the interpreter), an exception, or a thread other than a daemon one still
running (the interpreter would wait for it). Only ``__main__`` calls ``run``: a command
invoked in a process that goes on (a test's ``CliRunner``) never ends it.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import Any, Callable, Optional

_done = False


def work_done() -> None:
    """The running command's output is whole and closed: nothing is left for the interpreter's
    teardown to do that anyone would see."""
    global _done
    _done = True


def _status(code: Any) -> Optional[int]:
    """The exit status ``sys.exit(code)`` gives, where the interpreter prints nothing for it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return int(code)
    return None


def _threads_done() -> bool:
    main = threading.main_thread()
    return all(t is main or t.daemon or not t.is_alive() for t in threading.enumerate())


def run(app: Callable[[], Any]) -> None:
    """Call ``app`` (which ends in ``sys.exit``, as a Click app does); end the process at once
    where its command said its work was done (see the module)."""
    try:
        app()
        code: Any = None
    except SystemExit as exc:
        code = exc.code
        if not _done or _status(code) is None or not _threads_done():
            raise
    if not _done or not _threads_done():
        return
    status = _status(code)
    assert status is not None
    atexit._run_exitfuncs()  # what the interpreter runs at its end, in its order (errors printed, as it does)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except Exception:  # noqa: BLE001 - the interpreter's own rule: a stream that cannot be flushed ends with 120
            status = 120
    os._exit(status)
