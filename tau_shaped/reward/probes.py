"""State probes: the state facts the env samples after every step.

A ``state``/``sum`` predicate at ``final``, every capped invariant's total and the paths
that ``in_state`` matchers read (binding to state, SPEC §5) are probed after each step, so the verifier can tell at which step a state
predicate became (and stayed) true and when a cap was first exceeded. A task
with no such predicate probes nothing and costs nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Sequence, Tuple

from tau_shaped.reward.matchers import sum_numbers
from tau_shaped.env.overlay import deep_copy
from tau_shaped.reward.paths import select_values
from tau_shaped.reward.predicate_schema import EventPredicate, EventSumPredicate, StatePredicate, SumPredicate, ToolPredicate, walk
from tau_shaped.reward.predicates import state_atom_holds, sum_atom_holds

Probe = Callable[[Any], Any]


def _atoms(pred: Any) -> Iterator[Any]:
    for node in walk(pred):
        if isinstance(node, (StatePredicate, SumPredicate)) and node.at == "final":
            yield node


def state_paths(pred: Any) -> List[str]:
    """The paths that ``in_state``/``not_in_state`` matchers of a tool or event predicate read."""
    paths: List[str] = []
    fields = getattr(type(pred), "model_fields", {})  # not getattr on the model: a missing attribute costs pydantic ~10 us
    matchers = [m for name in ("args", "where") if name in fields for m in (getattr(pred, name) or {}).values()]
    for matcher in matchers:
        for path in (getattr(matcher, "in_state", None), getattr(matcher, "not_in_state", None)):
            if path is not None and path not in paths:
                paths.append(path)
    return paths


def _binding_nodes(pred: Any) -> Iterator[Any]:
    for node in walk(pred):
        if isinstance(node, (ToolPredicate, EventPredicate, EventSumPredicate)) and state_paths(node):
            yield node


def _selected(data: Any, paths: Tuple[str, ...]) -> Dict[str, List[Any]]:
    # copies: the live state goes on changing after this step
    return {path: [deep_copy(v) for v in select_values(data, path)] for path in paths}


def _binding_probe(paths: Tuple[str, ...]) -> Probe:
    def probe(data: Any) -> Dict[str, List[Any]]:
        return _selected(data, paths)

    return probe


def before_tool(probe: Probe) -> Any:
    """The tool whose calls alone read this probe (taken just before each such call), or None:
    taken after every step."""
    return getattr(probe, "before_tool", None)


def compile_probes(overrides: Any, extra: Sequence[Any] = ()) -> Tuple[List[Probe], Dict[int, int]]:
    """The probes of a task's overrides (and of ``extra`` predicates: the domain's rules
    bound to the task) and, for each probed object, its slot."""
    probes: List[Probe] = []
    slots: Dict[int, int] = {}
    preds = list(extra)
    if overrides is not None:
        preds = [g.when for g in overrides.safety_gates] + [c.when for c in overrides.process_checkpoints] + preds
    for pred in preds:
        for atom in _atoms(pred):
            if id(atom) in slots:
                continue
            slots[id(atom)] = len(probes)
            if isinstance(atom, StatePredicate):
                probes.append(lambda data, a=atom: state_atom_holds(a, data))
            else:
                probes.append(lambda data, a=atom: sum_atom_holds(a, data))
        for node in _binding_nodes(pred):
            if id(node) in slots:
                continue
            slots[id(node)] = len(probes)
            probe = _binding_probe(tuple(state_paths(node)))
            if isinstance(node, ToolPredicate):
                # read only by a call of that tool, in the state it acted on: the runner takes it
                # just before such a call (a filter over a whole table at every step is costly)
                probe.before_tool = node.tool  # type: ignore[attr-defined]
            probes.append(probe)
    for inv in overrides.monetary_identity if overrides is not None else []:
        if inv.cap is not None:
            slots[id(inv)] = len(probes)
            probes.append(lambda data, paths=tuple(inv.components): sum_numbers(data, paths))
    return probes, slots
