"""State probes: the state facts the env samples after every step.

A ``state``/``sum`` predicate at ``final``, every capped invariant's total and the paths
that ``in_state`` matchers read (binding to state, SPEC §5) are probed after each step, so the verifier can tell at which step a state
predicate became (and stayed) true and when a cap was first exceeded. A task
with no such predicate probes nothing and costs nothing. Which node needs which probe is
its kind's to say (``CheckKind.probe``).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Sequence, Tuple

from tau_shaped.reward.checks import kind_of, walk
from tau_shaped.reward.matchers import sum_numbers

Probe = Callable[[Any], Any]


def before_tool(probe: Probe) -> Any:
    """The tool whose calls alone read this probe (taken just before each such call), or None:
    taken after every step."""
    return getattr(probe, "before_tool", None)


def predicate_probes(pred: Any) -> List[Tuple[int, Probe]]:
    """The probes ``pred``'s nodes need, each with its node's id, in walk order (a node once)."""
    out: List[Tuple[int, Probe]] = []
    seen = set()
    for node in walk(pred):
        if id(node) in seen:
            continue
        probe = kind_of(node).probe(node)
        if probe is not None:
            seen.add(id(node))
            out.append((id(node), probe))
    return out


def compile_probes(overrides: Any, extra: Sequence[Any] = (), rules: Sequence[Any] = ()) -> Tuple[List[Probe], Dict[int, int]]:
    """The probes of a task's overrides (and of ``extra`` predicates, then of ``rules``: the
    domain's rules bound to the task) and, for each probed object, its slot. A bound rule's
    probes are made once for every task its predicate is bound to (``BoundRule.compiled``)."""
    probes: List[Probe] = []
    slots: Dict[int, int] = {}
    preds = list(extra)
    if overrides is not None:
        preds = [g.when for g in overrides.safety_gates] + [c.when for c in overrides.process_checkpoints] + preds
    found = [predicate_probes(pred) for pred in preds]
    for rule in rules:
        compiled = getattr(rule, "compiled", None)
        made = compiled.get("probes") if compiled is not None else None
        if made is None:
            made = predicate_probes(rule.when)
            if compiled is not None:
                compiled["probes"] = made
        found.append(made)
    for made in found:
        for node, probe in made:
            if node not in slots:
                slots[node] = len(probes)
                probes.append(probe)
    for inv in overrides.monetary_identity if overrides is not None else []:
        if inv.cap is not None:
            slots[id(inv)] = len(probes)
            probes.append(lambda data, paths=tuple(inv.components): sum_numbers(data, paths))
    return probes, slots
