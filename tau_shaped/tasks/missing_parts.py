"""What a task lacks, said in words (SPEC §6.2, §9): the part of a task's spec whose absence
made a domain rule fail on the task's own ground truth, or left the task unable to tell right
from wrong.

A domain rule is bound to a task through facts (SPEC §9), and some facts are read from parts
of the task the author may leave out: ``disputed_total`` sums the ``disputed_amount`` of the
task's ``reward_overrides.monetary_identity`` (all, or those a fact selects by id), and
``output_count`` counts its ``outputs``. Left out, such a fact is 0, and a rule on money then
finds that the ground truth gives back more than was lost. ``tasks check`` reported only the
rule's id; ``missing_parts`` names the part, which rules read it, and what to add.

Read from the rule file, not from a domain's names: a domain whose rules read another task
fact gets the same lines. The one part the check itself needs (no rule involved) is what the
agent must say, for a task whose ground truth changes nothing: ``idle_hint``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.reward.rule_templates import placeholders

#: What to add for a monetary identity, with the parts the author fills in.
IDENTITY_SKELETON = ('{"id": "compensation", "disputed_amount": <what was lost>, "components": [<paths of what is '
                     'given back>], "owns": [<paths the payment changes>]}')
OUTPUT_CHECK_SKELETON = '[{"id": "answer", "said": {"contains": "<what the agent must say>"}}]'


def _facts_read(rule: Any) -> List[str]:
    """The facts a rule names (in ``applies`` and ``when``), each once, in order."""
    names = list(getattr(rule, "applies", {}) or {}) + placeholders(getattr(rule, "when", {}))
    return list(dict.fromkeys(names))


def _identities(task: Any) -> List[Any]:
    overrides = getattr(task, "reward_overrides", None)
    return list(getattr(overrides, "monetary_identity", None) or [])


def _selected(fact: Any, identities: Sequence[Any]) -> List[Any]:
    """The identities a ``disputed_total`` fact sums (``except_identities``, ``only_identities``)."""
    left_out = set(fact.except_identities or ())
    only = fact.only_identities
    return [i for i in identities if i.id not in left_out and (only is None or i.id in only)]


def _absent(task: Any, fact: Any) -> Optional[Tuple[str, str]]:
    """(the part's key, what is missing, in words) when ``fact`` reads a part the task lacks."""
    if fact.task == "disputed_total":
        identities = _identities(task)
        if _selected(fact, identities):
            return None
        if not identities:
            return "monetary_identity", "no monetary_identity"
        ids = ", ".join(repr(i.id) for i in identities)
        if fact.only_identities is not None:
            wanted = " or ".join(repr(i) for i in fact.only_identities) or "(none)"
            return f"identity:{wanted}", f"no monetary identity with id {wanted} (its identities: {ids})"
        skipped = ", ".join(repr(i) for i in fact.except_identities)
        return f"identity-not:{skipped}", f"only monetary identities left out as {skipped} (its identities: {ids})"
    if fact.task == "output_count" and not list(getattr(task, "outputs", None) or []):
        return "outputs", "no outputs"
    return None


def _what_it_does(task: Any, steps: Sequence[Optional[int]]) -> str:
    """``calls issue_refund`` when the ground truth's action at a broken rule's step is a call."""
    actions = list(getattr(task, "actions", None) or [])
    for step in steps:
        if step is not None and 0 <= step < len(actions) and getattr(actions[step], "name", "respond") != "respond":
            return f"whose ground truth calls {actions[step].name} (step {step}) "
    return ""


def changed_paths(before: Any, after: Any, depth: int = 3, at: str = "") -> List[str]:
    """The paths (``table.record.field``, at most ``depth`` keys deep) whose value differs
    between two states: what a ground truth changed, for an identity's ``owns``."""
    if depth == 0 or not isinstance(before, Mapping) or not isinstance(after, Mapping):
        return [at] if at and before != after else []
    out: List[str] = []
    for key in list(after.keys()) + [k for k in before.keys() if k not in after]:
        old, new = before.get(key, None), after.get(key, None)
        if key in before and key in after and old is new:
            continue
        if old != new:
            out.extend(changed_paths(old, new, depth - 1, f"{at}.{key}" if at else str(key)))
    return out


def _ids_apart(rule_set: Any) -> str:
    """The identity ids the domain's facts sum apart (``'apology'``: left out of lost_total, ...)."""
    said: Dict[str, List[str]] = {}
    for name, fact in rule_set.facts.items():
        for ident in fact.except_identities or ():
            said.setdefault(ident, []).append(f"left out of {name}")
        for ident in fact.only_identities or ():
            said.setdefault(ident, []).append(f"summed by {name}")
    return "; ".join(f"an identity with id {ident!r} is {' and '.join(how)}" for ident, how in said.items())


def _fix(key: str, changed: Sequence[str], rule_set: Any) -> str:
    if key == "monetary_identity":
        seen = f"; its ground truth changes {', '.join(changed[:4])}" if changed else ""
        apart = _ids_apart(rule_set)
        return (f"add reward_overrides.monetary_identity {IDENTITY_SKELETON}{seen}{'; ' + apart if apart else ''} "
                "(SPEC §4.3)")
    if key.startswith("identity:"):
        return f"give the identity of that amount the id {key[len('identity:'):]} (SPEC §9: the fact sums it by id)"
    if key.startswith("identity-not:"):
        return f"declare what was lost as an identity whose id is not {key[len('identity-not:'):]} (SPEC §4.3, §9)"
    return ('add outputs ["<what the agent must state>"] if the agent must state something; else its ground truth '
            "must keep the rule (a refusal task's says the refusal) (SPEC §6.1, §9)")


def missing_parts(env: Any, task: Any, result: Any, initial: Any = None, final: Any = None) -> List[str]:
    """One line per spec part whose absence made a domain rule fail on the ground truth
    (``result``: its score): the part, the rules that read it and the facts they read, and
    what to add. ``initial``/``final``: S0 and Sg, to name what the ground truth changes."""
    rule_set = getattr(env, "policy_rules", None)
    if rule_set is None:
        return []
    broken: Dict[str, List[Optional[int]]] = {}
    for violation in list(getattr(result, "gate_violations", [])) + list(getattr(result, "rule_violations", [])):
        if rule_set.rule(violation.id) is not None:
            broken.setdefault(violation.id, []).append(violation.step)
    found: Dict[str, Tuple[str, List[str], List[str], List[Optional[int]]]] = {}
    for rule_id, steps in broken.items():
        for name in _facts_read(rule_set.rule(rule_id)):
            fact = rule_set.facts.get(name)
            absent = _absent(task, fact) if fact is not None and fact.task is not None else None
            if absent is None:
                continue
            key, words = absent
            _words, rules, facts, at = found.setdefault(key, (words, [], [], []))
            if rule_id not in rules:
                rules.append(rule_id)
                at.extend(steps)
            if name not in facts:
                facts.append(name)
    lines = []
    for key, (words, rules, facts, steps) in found.items():
        changed = changed_paths(initial, final) if key == "monetary_identity" and initial is not None else []
        reads = "reads" if len(rules) == 1 else "read"
        source = ", how many outputs the task has" if key == "outputs" else " from the task's monetary identities"
        does = "" if key == "outputs" else _what_it_does(task, steps)  # the call that moved the money
        lines.append(f"a task {does}with {words}: rule{'s' if len(rules) > 1 else ''} "
                     f"{', '.join(rules)} {reads} {', '.join(facts)}{source} (0 here), so "
                     f"{'it cannot' if len(rules) == 1 else 'they cannot'} tell "
                     f"{'what the agent must state' if key == 'outputs' else 'how much is in dispute'}; "
                     f"{_fix(key, changed, rule_set)}")
    return lines


def idle_hint(task: Any) -> str:
    """What to add when an agent that does nothing scores outcome 1: what the agent must say
    (empty when the task has outputs or output_checks already: they are not what it lacks)."""
    if list(getattr(task, "outputs", None) or []) or getattr(task, "output_checks", None):
        return ""
    return ("; the state after its ground truth compares equal to the state before, and the task has neither "
            "outputs nor output_checks: "
            f"add output_checks {OUTPUT_CHECK_SKELETON} (SPEC §6.3)")
