"""The false positives and false negatives of a results file's own reward, found by the shaped
verdict (issue 46, ``tau-shaped audit``): every record whose file reward (tau-bench's
``reward``, a tau2 run's own reward) and shaped verdict disagree, grouped by the rule that
decides the shaped verdict (SPEC §7: a gate that fired first, then a broken policy rule, SPEC
§9), each with the step, the quoted text or value that decided it and the policy line of the
rule.

The classes tau2-bench's users report by hand are named from the predicates (their ``when`` in
the domain's rules file) of the rules the shaped verdict names, the deciding one first, never
from the agent's or the rule's words:

- ``unconfirmed write``: an ``unconfirmed`` rule (a write with no yes to a confirmation
  naming it, tau2 #298);
- ``wrong amount said``: a ``money_stated`` rule or an ``unsupported: amount`` one (an amount
  the calls do not support, tau2 #320);
- ``missing transfer``: a ``not`` of a ``transfer_to_human_agents`` call (tau2 #305);
- ``refusal not said``: a ``refusal_unsaid`` rule (a request the policy denies, never denied);
- ``inaction scored 1``: the file gives 1, the shaped verdict 0, and the agent called none of
  the domain's writing tools (its confirmation targets) (tau2 #384).

Records with no shaped verdict (undetermined, a fault, SPEC §8) or that errored in the run are
counted apart, not as disagreements. The result is a plain dict, stable and sorted: the JSON
``--json`` prints and a report can read back.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Mapping, Optional, Sequence, Set, Tuple

from tau_shaped.evaluation.metrics import legacy_success, run_error, shaped_decided, shaped_success, task_key
from tau_shaped.report.verdict_words import Reason, explain, rule_sentences, without_step

__all__ = ["AUDIT_VERSION", "CLASSES", "rule_classes", "audit_records", "agent_tools", "last_said", "tasks_in"]

AUDIT_VERSION = 1
INACTION = "inaction scored 1"
UNCONFIRMED = "unconfirmed write"
WRONG_AMOUNT = "wrong amount said"
MISSING_TRANSFER = "missing transfer"
REFUSAL_UNSAID = "refusal not said"
CLASSES = (INACTION, UNCONFIRMED, WRONG_AMOUNT, MISSING_TRANSFER, REFUSAL_UNSAID)
TRANSFER_TOOL = "transfer_to_human_agents"
QUOTE_LIMIT = 300


def _predicate_classes(when: Any) -> Set[str]:
    """The known classes a rule's predicate is of, by its form (its top-level keys)."""
    if not isinstance(when, Mapping):
        return set()
    out: Set[str] = set()
    if "unconfirmed" in when:
        out.add(UNCONFIRMED)
    if "money_stated" in when or when.get("unsupported") == "amount":
        out.add(WRONG_AMOUNT)
    if when.get("refusal_unsaid") is True:
        out.add(REFUSAL_UNSAID)
    negated = when.get("not")
    if isinstance(negated, Mapping) and negated.get("tool") == TRANSFER_TOOL:
        out.add(MISSING_TRANSFER)
    return out


def rule_classes(rules: Any) -> Dict[str, List[str]]:
    """Each policy rule's known classes by rule id, for a loaded rule set (``PolicyRuleSet``;
    None: none)."""
    if rules is None:
        return {}
    return {rule.id: sorted(_predicate_classes(rule.when)) for rule in rules.rules}


@lru_cache(maxsize=16)
def _domain_facts(env: Optional[str]) -> Tuple[Mapping[str, List[str]], FrozenSet[str]]:
    """The rules' classes and the tools that write, of a registered domain (empty for a name
    that is not one, or a domain that cannot be loaded here); once per domain and process, as
    ``rule_sentences`` (a tau-bench or tau2 domain takes a few tenths of a second to build)."""
    from tau_shaped.tasks.domains import load_domain, registered_name

    if env is None:
        return {}, frozenset()
    try:
        domain = load_domain(registered_name(env, "the run's env"))
        return rule_classes(domain.policy_rules), frozenset(domain.confirmation_targets or domain.write_tools)
    except Exception:  # noqa: BLE001 - not registered, or its extra is missing here: no classes, no traceback
        return {}, frozenset()


def _call_name(call: Any) -> Optional[str]:
    if not isinstance(call, Mapping):
        return None
    function = call.get("function")
    name = function.get("name") if isinstance(function, Mapping) else call.get("name")
    return name if isinstance(name, str) else None


def agent_tools(record: Mapping[str, Any]) -> List[str]:
    """The tools the agent called in the record's trajectory (OpenAI's messages, tau2's
    converted ones, or tau-shaped's actions), in order."""
    traj = record.get("traj")
    out: List[str] = []
    for item in traj if isinstance(traj, list) else []:
        if not isinstance(item, Mapping):
            continue
        if item.get("role") == "assistant":
            calls = item.get("tool_calls")
            out += [n for n in (_call_name(c) for c in (calls if isinstance(calls, list) else [])) if n]
        elif "role" not in item and isinstance(item.get("name"), str) and item["name"] != "respond":
            out.append(item["name"])  # an Action
    return out


def last_said(record: Mapping[str, Any]) -> str:
    """The agent's last message to the customer in the record's trajectory ("" when none)."""
    traj = record.get("traj")
    for item in reversed(traj if isinstance(traj, list) else []):
        if isinstance(item, Mapping) and item.get("role") == "assistant" and isinstance(item.get("content"), str) \
                and item["content"].strip():
            return _quote(item["content"])
        if isinstance(item, Mapping) and item.get("name") == "respond" and isinstance(item.get("kwargs"), Mapping):
            content = item["kwargs"].get("content")
            if isinstance(content, str) and content.strip():
                return _quote(content)
    return ""


def _rule_id(reason: Reason) -> str:
    """The id in a reason's label (``gate air.x`` -> ``air.x``, ``policy rule air.y`` -> ``air.y``)."""
    for head in ("policy rule ", "gate ", "undetermined: "):
        if reason.label.startswith(head):
            return reason.label[len(head):].split(" (")[0]
    return reason.label


def _quote(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


def _reward(record: Mapping[str, Any]) -> Any:
    value = record.get("reward")
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def audit_records(records: Sequence[Mapping[str, Any]], env: Optional[str] = None,
                  file: Optional[str] = None) -> Dict[str, Any]:
    """The audit of ``records`` (scored: each with ``info.shaped``) of a run in domain ``env``."""
    sentences = rule_sentences(env)
    classes_of, writers = _domain_facts(env)
    groups: Dict[str, Dict[str, Any]] = {}
    counted: Counter = Counter()
    apart = {"errored": 0, "no_shaped_verdict": 0}
    agree = 0
    for index, record in enumerate(records):
        if not isinstance(record, Mapping):
            continue
        if run_error(record):
            apart["errored"] += 1
            continue
        if not shaped_decided(record):
            apart["no_shaped_verdict"] += 1
            continue
        try:
            legacy, shaped = legacy_success(record), shaped_success(record)
        except (TypeError, ValueError):  # a reward that is no number: one line naming the file, record and field
            raise ValueError(f"{file or 'results'}: record {index}: reward or info.shaped.outcome_reward is not a number") from None
        if legacy == shaped:
            agree += 1
            continue
        reasons = explain(record, sentences)
        deciding = reasons[0] if reasons else Reason("no reason recorded", "", None, "")
        rule = _rule_id(deciding)
        # the known classes of every rule the verdict names (the deciding one first), by their predicates
        classes = set() if shaped else {c for r in reasons for c in classes_of.get(_rule_id(r), [])}
        called = agent_tools(record)
        if legacy and not shaped and writers and not any(t in writers for t in called):
            classes.add(INACTION)
        ordered = [c for c in CLASSES if c in classes]
        counted.update(ordered)
        group = groups.setdefault(deciding.label, {
            "rule": rule, "label": deciding.label, "policy": deciding.says,
            "direction": "file 1, shaped 0" if legacy else "file 0, shaped 1", "classes": [], "episodes": []})
        group["episodes"].append({
            "record": index, "task": task_key(record), "trial": record.get("trial", 0) if isinstance(record.get("trial", 0), int) else 0,
            "file_reward": _reward(record), "shaped": 1 if shaped else 0, "step": deciding.step,
            "quote": _quote(without_step(deciding.evidence, deciding.step)), "agent_last_said": last_said(record),
            "classes": ordered,
            "also": [r.label for r in reasons[1:]],
        })
    out_groups = []
    for group in groups.values():
        seen = Counter(c for e in group["episodes"] for c in e["classes"])
        group["classes"] = [c for c in CLASSES if seen[c]]
        group["count"] = len(group["episodes"])
        out_groups.append(group)
    out_groups.sort(key=lambda g: (-g["count"], g["label"]))
    return {
        "audit_version": AUDIT_VERSION, "file": file, "env": env, "records": len(records), "agree": agree,
        "disagreements": sum(g["count"] for g in out_groups),
        "file_1_shaped_0": sum(g["count"] for g in out_groups if g["direction"] == "file 1, shaped 0"),
        "file_0_shaped_1": sum(g["count"] for g in out_groups if g["direction"] == "file 0, shaped 1"),
        "counted_apart": apart, "classes": {c: counted[c] for c in CLASSES if counted[c]}, "groups": out_groups,
    }


def tasks_in(audit: Mapping[str, Any], cls: str) -> List[str]:
    """The task keys of the audit's episodes of class ``cls``, in order."""
    return [e["task"] for g in audit.get("groups", []) for e in g["episodes"] if cls in e["classes"]]
