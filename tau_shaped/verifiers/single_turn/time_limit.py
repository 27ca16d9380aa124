"""Hard time limits that work from any thread: the call runs in a worker process.

``signal.alarm`` only works in the main thread, and a Python thread cannot be
stopped, so a limit that must hold inside a trainer's worker thread needs a
process. :class:`TimeLimitedWorker` keeps one warm child
(``python -m tau_shaped.verifiers.single_turn.worker_main``, a plain subprocess: nothing
of the caller's ``__main__`` is re-imported, so scripts need no main guard) and
sends it calls of module-level functions over its stdin (the limit counts from
the call, not from the worker's start); when a call overruns,
the child is killed and a fresh one is started for the next call. Round trips
cost well under a millisecond once warm.
"""

from __future__ import annotations

import atexit
import os
import pickle
import select
import struct
import subprocess
import sys
import threading
import time
import weakref
from typing import IO, Any, Callable, Optional, Tuple

_HEADER = struct.Struct(">Q")


class CallTimedOut(Exception):
    """The call did not finish within its limit (the worker was killed)."""


class WorkerFailed(Exception):
    """The worker process died or could not be started (an infrastructure fault)."""


class RemoteError(Exception):
    """The called function raised in the worker; ``kind`` is its exception type name."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind


def write_message(stream: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read_exactly(fd: int, size: int, deadline: Optional[float]) -> bytes:
    chunks, remaining = [], size
    while remaining:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise CallTimedOut("deadline")
        chunk = os.read(fd, min(remaining, 1 << 20))
        if not chunk:
            raise EOFError("the worker closed its output")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_message(fd: int, deadline: Optional[float] = None) -> Any:
    (size,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size, deadline))
    return pickle.loads(_read_exactly(fd, size, deadline))


class TimeLimitedWorker:
    """One child process that runs calls under a wall-clock limit; thread-safe.

    Only module-level functions of trusted modules are sent (by reference, as
    pickle does); their arguments and results must be picklable.
    """

    def __init__(self, memory_bytes: Optional[int] = 2 << 30, preload: Tuple[str, ...] = (), start_timeout_s: float = 120.0) -> None:
        self.memory_bytes = memory_bytes
        self.preload = tuple(preload)
        self.start_timeout_s = start_timeout_s
        self._lock = threading.Lock()
        self._process: Optional[subprocess.Popen] = None
        self.restarts = 0
        _WORKERS.add(self)

    def _start(self) -> subprocess.Popen:
        command = [sys.executable, "-m", "tau_shaped.verifiers.single_turn.worker_main", str(self.memory_bytes or 0), *self.preload]
        try:
            # the worker imports what the caller can: functions travel by reference
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True, env=env
            )
        except OSError as exc:
            raise WorkerFailed(f"cannot start a worker process: {exc}") from None
        # The start (interpreter, imports) is not the call's time: wait until the worker is ready.
        try:
            assert process.stdout is not None
            read_message(process.stdout.fileno(), time.monotonic() + self.start_timeout_s)
        except (CallTimedOut, EOFError, OSError, pickle.UnpicklingError) as exc:
            process.kill()
            process.wait()
            raise WorkerFailed(f"the worker process did not start: {exc or type(exc).__name__}") from None
        self._process = process
        return process

    def _kill(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait(timeout=5)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()

    def call(self, fn: Callable[..., Any], args: Tuple[Any, ...], seconds: float) -> Any:
        """``fn(*args)`` in the worker; raises CallTimedOut, RemoteError or WorkerFailed."""
        with self._lock:
            process = self._process
            if process is None or process.poll() is not None:
                if process is not None:
                    self.restarts += 1
                    self._kill()
                process = self._start()
            assert process.stdin is not None and process.stdout is not None
            try:
                write_message(process.stdin, (fn, args))
                ok, value = read_message(process.stdout.fileno(), time.monotonic() + seconds)
            except CallTimedOut:
                self.restarts += 1
                self._kill()
                raise CallTimedOut(f"no answer within {seconds:g} s") from None
            except (EOFError, OSError, pickle.UnpicklingError) as exc:
                self._kill()
                raise WorkerFailed(f"the worker process died: {exc or type(exc).__name__}") from None
        if not ok:
            raise RemoteError(*value)
        return value

    def close(self) -> None:
        with self._lock:
            self._kill()


_WORKERS: "weakref.WeakSet[TimeLimitedWorker]" = weakref.WeakSet()


@atexit.register
def _close_all() -> None:  # pragma: no cover - interpreter exit
    for worker in list(_WORKERS):
        worker.close()
