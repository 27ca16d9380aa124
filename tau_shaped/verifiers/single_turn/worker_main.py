"""The worker process of :mod:`.time_limit`: reads calls on stdin, answers on stdout.

Run as ``python -m tau_shaped.verifiers.single_turn.worker_main MEMORY_BYTES [MODULE...]``:
it imports the modules, answers ``"ready"``, then serves calls. Each
message is a length-prefixed pickle of ``(function, args)``; each answer is
``(True, result)`` or ``(False, (exception type name, message))``. Anything the
called code prints goes to stderr, never into the answer stream.
"""

from __future__ import annotations

import importlib
import os
import sys


def main() -> None:
    from tau_shaped.verifiers.single_turn.time_limit import read_message, write_message

    memory = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    if memory:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr  # stray prints must not corrupt the answer stream
    for module in sys.argv[2:]:
        importlib.import_module(module)
    write_message(answers, "ready")
    requests = sys.stdin.fileno()
    while True:
        try:
            fn, args = read_message(requests)
        except EOFError:
            return
        try:
            answer = (True, fn(*args))
        except MemoryError:
            answer = (False, ("MemoryError", "out of memory"))
        except Exception as exc:  # noqa: BLE001 - reported to the caller
            answer = (False, (type(exc).__name__, str(exc)))
        write_message(answers, answer)


if __name__ == "__main__":
    main()
