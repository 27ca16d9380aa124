"""Compare databases by the records a replay touched, not by hashing them whole.

One working environment per domain. Each replay of writing calls runs on a fresh
copy-on-access view of the pristine database (:mod:`.shared_db`: the one validated once a
process when the constructor offers it, else the working environment's own, never written
again), which notes every record looked up, added or removed; the touched records are dumped
as canonical JSON (what tau2 hashes). Two states reached from the same initial database are
equal exactly when they agree on the union of their touched records (every other record is the
initial one in both). A call that iterates a whole table's records marks the replay as
untracked, and the caller falls back to hashing.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tau_shaped.integrations.tau2.shared_db import SharedDatabase, Touched

__all__ = ["IncrementalDB", "Touched"]


class IncrementalDB:
    """A working environment whose replays report the records they touched."""

    def __init__(self, constructor: Callable[..., Any]) -> None:
        self.env = constructor()
        shared = getattr(constructor, "shared", None)
        self.shared: SharedDatabase = shared if shared is not None else SharedDatabase(self.env.tools.db)

    def replay(self, run: Callable[[Any], None]) -> Optional[Touched]:
        """Run ``run(env)`` on a fresh view; the touched records' final JSON, or None if untracked."""
        self.env.tools.db = self.shared.view()
        run(self.env)
        return self.shared.touched_records(self.env.tools.db)

    def same(self, a: Touched, b: Touched) -> bool:
        """Whether two replays from the initial database ended in the same state."""
        return self.shared.same(a, b)
