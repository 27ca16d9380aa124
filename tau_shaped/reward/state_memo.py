"""Rollouts of one task that leave the same state share the verdicts read from it.

Part of ``verify`` reads the final state Sa alone, against S0 and Sg: tau-bench's state
comparison (SPEC §2), the invariants (§3.3), the canonical diff (§3.2) and the equivalence
classes (``verifier._StateVerdicts``). A GRPO group's rollouts often reach the same state by
different paths: a look-up more or less, a failed call first, the question asked or not, or
nothing changed at all; on the bundled GRPO batch, more than half of the rollouts left a state
an earlier rollout of their task had left.

Two overlays of the same S0 hold the same state exactly when their changed records hold the
same values in the same key order (``Overlay.changed_records(content)``: the pickles of the
changed records, and the key order of a table whose keys were added or moved; every other
record is S0's own, or a copy of it that pickles the same). So an env keeps, for the last
``MAX_STATES`` such contents of each task set-up, S0 and ground truth, the verdicts the first
rollout to leave it worked out; the next rollout to leave it reads them instead. A record that
does not pickle makes a content equal to no other: never shared.
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, Tuple

from tau_shaped.env.identity_cache import OwnedLRU

MAX_STATES = 16  # contents kept, the least recently used forgotten first (a group's states)
MAX_CONTENT_BYTES = 64 << 10  # a state whose changed records pickle to more is not kept (memory bound)


class StateMemo(OwnedLRU[Dict[str, Any]]):
    """The verdicts of the states rollouts left, by their ``owners`` (the task's set-up, S0 and
    the ground truth: held by the entry, compared by identity), the seed and the state's
    content (a frozenset of what ``Overlay.changed_records`` appended)."""

    __slots__ = ()

    def __init__(self, size: int = MAX_STATES) -> None:
        super().__init__(size)

    def verdicts(self, owners: Tuple[Any, ...], seed: int, content: FrozenSet[Any]) -> Dict[str, Any]:
        """The verdicts kept for this state (filled by whichever rollout first asks for each),
        a new empty dict kept for it if it is new (not kept if its content is over
        ``MAX_CONTENT_BYTES``: at most ``size`` times that is held)."""
        if sum(len(part[-1]) for part in content if type(part) is tuple and type(part[-1]) is bytes) > MAX_CONTENT_BYTES:
            return {}
        kept = self.get(owners, (seed, content))
        return kept if kept is not None else self.put(owners, (seed, content), {})
