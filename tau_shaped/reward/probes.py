"""State probes: the state facts the env samples after every step.

A ``state``/``sum`` predicate at ``final`` and every capped invariant's total
are probed after each step, so the verifier can tell at which step a state
predicate became (and stayed) true and when a cap was first exceeded. A task
with no such predicate probes nothing and costs nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Sequence, Tuple

from tau_shaped.reward.matchers import sum_numbers
from tau_shaped.reward.predicate_schema import StatePredicate, SumPredicate, walk
from tau_shaped.reward.predicates import state_atom_holds, sum_atom_holds

Probe = Callable[[Any], Any]


def _atoms(pred: Any) -> Iterator[Any]:
    for node in walk(pred):
        if isinstance(node, (StatePredicate, SumPredicate)) and node.at == "final":
            yield node


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
    for inv in overrides.monetary_identity if overrides is not None else []:
        if inv.cap is not None:
            slots[id(inv)] = len(probes)
            probes.append(lambda data, paths=tuple(inv.components): sum_numbers(data, paths))
    return probes, slots
