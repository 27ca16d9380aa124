"""Binding to state (SPEC §5): the paths that ``in_state``/``not_in_state`` matchers read, and
the probe that samples them after each step (or just before a tool's calls)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.env.overlay import deep_copy
from tau_shaped.reward.checks.registry import Probe
from tau_shaped.reward.paths import select_values


def in_state_paths(matchers: Dict[str, Any]) -> List[str]:
    """The paths the ``in_state``/``not_in_state`` operators of ``matchers`` read, in order."""
    paths: List[str] = []
    for matcher in matchers.values():
        for path in (getattr(matcher, "in_state", None), getattr(matcher, "not_in_state", None)):
            if path is not None and path not in paths:
                paths.append(path)
    return paths


def binding_probe(paths: List[str], before_tool: Optional[str] = None) -> Probe:
    """A probe selecting ``paths`` (copies: the live state goes on changing after this step)."""
    selected: Tuple[str, ...] = tuple(paths)

    def probe(data: Any) -> Dict[str, List[Any]]:
        return {path: [deep_copy(v) for v in select_values(data, path)] for path in selected}

    if before_tool is not None:
        probe.before_tool = before_tool  # type: ignore[attr-defined]
    return probe
