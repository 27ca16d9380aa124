"""Every verdict in words: each reason an episode has, as the sentence of the rule or check
behind it, the step at which it was decided and the text or value that decided it.

A policy rule's sentence is the line of the policy it judges, as its domain's rules file
quotes it (``"policy"``, SPEC §9; its ``"description"`` where it has no policy line). A
task's own checks (its invariants, caps, safety gates, equivalence classes and output checks,
SPEC §4-§6) are read from the task the record carries (``info.task``): their
``description`` where the task file gives one, else a sentence built from the check's kind and
paths, never a bare id. The evidence is what the shaped result recorded (the agent's words as
written, the call, the totals).

The results file names its domain (``info.run.env``, or a rescored tau2 run's
``info.source.env``); only a registered domain is loaded for its rules, and a domain that
cannot be loaded leaves the rule sentences out, never a traceback.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Sequence

from tau_shaped.evaluation.metrics import legacy_success, shaped_result, shaped_success
from tau_shaped.report.comparison import disagreement_reason

NO_SENTENCE = "(its rules file gives no sentence for this rule)"
_INDEX = re.compile(r"\[\d+\]")


@dataclass(frozen=True)
class Reason:
    """One reason of an episode's verdict."""

    label: str  # the short form the verdict groups use: "policy rule fd.x", "gate compensation_cap (apology)"
    says: str  # the rule's or the check's plain sentence
    step: Optional[int]  # the agent's step at which it was decided (None: the final state, or not recorded)
    evidence: str  # the quoted text or the value that decided it

    def as_dict(self) -> Dict[str, Any]:
        return {"label": self.label, "says": self.says, "step": self.step, "evidence": self.evidence}


def run_env(records: Sequence[Mapping[str, Any]]) -> Optional[str]:
    """The domain a run's records name (the first record that names one)."""
    for record in records:
        info = record.get("info") if isinstance(record, Mapping) else None
        info = info if isinstance(info, Mapping) else {}
        run = info.get("run")
        if isinstance(run, Mapping) and isinstance(run.get("env"), str):
            return run["env"]
        source = info.get("source")
        if isinstance(source, Mapping) and isinstance(source.get("env"), str):
            return source["env"]
    return None


@lru_cache(maxsize=16)
def rule_sentences(env: Optional[str]) -> Mapping[str, str]:
    """Each policy rule's sentence by rule id, for a registered domain's name (empty for any
    other name, a domain with no rules, or one that cannot be loaded here)."""
    from tau_shaped.tasks.domains import load_domain, registered_name

    if env is None:
        return MappingProxyType({})
    try:
        rules = load_domain(registered_name(env, "the run's env")).policy_rules
    except Exception:  # noqa: BLE001 - not registered (DomainNotFound), or it cannot load here (its extra missing): no sentences, no traceback
        return MappingProxyType({})
    return MappingProxyType(sentences_of(rules)) if rules is not None else MappingProxyType({})


def sentences_of(rules: Any) -> Dict[str, str]:
    """Each rule's sentence by id in a loaded rule set (``PolicyRuleSet``): the policy line it
    quotes, else its description; a rule with neither is left out."""
    out: Dict[str, str] = {}
    for rule in rules.rules:
        text = " ".join((rule.policy or rule.description or "").split())
        if text:
            out[rule.id] = text
    return out


def general_path(path: str) -> str:
    """A state path with its record ids and list positions starred: a segment holding a digit
    is an id (``orders.FD-10041.ledger[0].amount`` -> ``orders.*.ledger[*].amount``)."""
    out = []
    for segment in _INDEX.sub("[*]", str(path)).split("."):
        base, bracket, rest = segment.partition("[")
        out.append(("*" if any(ch.isdigit() for ch in base) else base) + bracket + rest)
    return ".".join(out)


def invariant_label(inv: Mapping[str, Any]) -> str:
    """An invariant that does not balance, as the verdict groups name it: over or under what is owed."""
    try:
        over = float(inv.get("total")) > float(inv.get("disputed_amount"))
    except (TypeError, ValueError):
        return f"invariant {inv.get('id')} does not balance"
    return f"invariant {inv.get('id')}: {'more' if over else 'less'} than owed"


# ---- the task's own checks, read from the record's task --------------------------------------------


def _listed(value: Any) -> List[Mapping[str, Any]]:
    if isinstance(value, Mapping):
        value = [value]
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _task_part(record: Mapping[str, Any], group: str, ident: Any) -> Optional[Mapping[str, Any]]:
    """The task's check ``ident`` of ``group`` (a reward_overrides list, or output_checks)."""
    info = record.get("info") if isinstance(record.get("info"), Mapping) else {}
    task = info.get("task") if isinstance(info.get("task"), Mapping) else {}
    if group == "output_checks":
        found = _listed(task.get("output_checks"))
    else:
        overrides = task.get("reward_overrides") if isinstance(task.get("reward_overrides"), Mapping) else {}
        found = _listed(overrides.get(group))
    return next((part for part in found if part.get("id") == ident), None)


def _described(part: Optional[Mapping[str, Any]]) -> Optional[str]:
    text = part.get("description") if part is not None else None
    return text.strip() if isinstance(text, str) and text.strip() else None


def _money(value: Any) -> str:
    return f"{value:.2f}" if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)


def _paths(part: Optional[Mapping[str, Any]], key: str) -> str:
    paths = part.get(key) if part is not None else None
    return ", ".join(str(p) for p in paths) if isinstance(paths, list) and paths else ""


def _identity_says(part: Optional[Mapping[str, Any]], ident: Any) -> str:
    """A monetary identity's sentence (SPEC §4.3)."""
    if _described(part):
        return str(_described(part))
    components = _paths(part, "components")
    what = f"The money given back for {ident}" + (f" ({components})" if components else "")
    if part is None:
        return what + " must add up to what the customer is owed, and not exceed the task's cap."
    cap = part.get("cap")
    return (what + f" must add up to the {_money(part.get('disputed_amount'))} disputed"
            + (f", and never exceed {_money(cap)}" if cap is not None else "") + ".")


def _cap_says(part: Optional[Mapping[str, Any]], source: Any) -> str:
    if _described(part):
        return str(_described(part))
    components = _paths(part, "components")
    cap = part.get("cap") if part is not None else None
    return (f"The money given for {source}" + (f" ({components})" if components else "")
            + (f" may total at most {_money(cap)}." if cap is not None else " may not exceed the task's cap."))


def _predicate_words(when: Any) -> str:
    """A predicate in words where its form is plain (a tool call, a state value), else as written."""
    if isinstance(when, Mapping):
        if isinstance(when.get("tool"), str):
            args = when.get("args")
            return f"the agent calls {when['tool']}" + (f" with {json.dumps(args, ensure_ascii=False)}" if args else "")
        if isinstance(when.get("state"), str):
            tests = {k: v for k, v in when.items() if k != "state"}
            return f"the state at {when['state']} is " + (json.dumps(tests, ensure_ascii=False) if tests else "set")
    text = json.dumps(when, ensure_ascii=False, default=str)
    return text if len(text) <= 160 else text[:160] + "…"


def _gate_says(record: Mapping[str, Any], gate: Mapping[str, Any], sentences: Mapping[str, str]) -> str:
    ident, source = gate.get("id"), gate.get("source")
    if source == "policy" or (source is None and ident in sentences):
        return sentences.get(str(ident)) or f"The domain's policy rule {ident} {NO_SENTENCE}."
    if source is not None:  # a task invariant's cap (compensation_cap)
        return _cap_says(_task_part(record, "monetary_identity", source), source)
    part = _task_part(record, "safety_gates", ident)
    if _described(part):
        return str(_described(part))
    if part is not None:
        return f"The task's safety gate {ident}: it fires when {_predicate_words(part.get('when'))}."
    return f"The task's safety gate {ident} (the record does not carry the task's check)."


def _said_words(said: Any) -> str:
    """What an output check's text matcher asks the agent to say (SPEC §6.3)."""
    if not isinstance(said, Mapping):
        return "what the task expects"
    if isinstance(said.get("contains"), str):
        return repr(said["contains"]) + (" (affirmed, not negated)" if said.get("affirmed") else "")
    if "number" in said:
        tolerance = said.get("tolerance")
        return f"the number {said['number']}" + (f" (within {tolerance})" if tolerance else "")
    if isinstance(said.get("regex"), str):
        return f"text matching the pattern {said['regex']!r}" + (" (affirmed, not negated)" if said.get("affirmed") else "")
    if isinstance(said.get("math"), str):
        return f"the value of {said['math']}"
    if said.get("denies"):
        return "a refusal of the customer's request"
    if said.get("restricted"):
        return "the customer's account or money said to be restricted"
    return "what the task expects"


def _output_says(record: Mapping[str, Any], ident: Any) -> str:
    """An output check's sentence: its ``said`` check (by id, or ``output_N`` for the N-th
    without one), else a tau-bench output the task lists (the check's id is the output itself)."""
    info = record.get("info") if isinstance(record.get("info"), Mapping) else {}
    task = info.get("task") if isinstance(info.get("task"), Mapping) else {}
    checks = task.get("output_checks")
    part = _task_part(record, "output_checks", ident)
    if part is None and isinstance(checks, list) and isinstance(ident, str) and ident.startswith("output_"):
        index = ident[len("output_"):]
        part = checks[int(index)] if index.isdigit() and int(index) < len(checks) and isinstance(checks[int(index)], Mapping) else None
    if _described(part):
        return str(_described(part))
    if part is not None:
        return f"The agent must say {_said_words(part.get('said'))} in a message to the customer."
    outputs = task.get("outputs")
    if not checks and isinstance(outputs, list) and ident in outputs:
        return f"The agent must say {ident!r} to the customer (an output the task expects, found as tau-bench finds it)."
    return f"The agent must say what the task's output check {ident} expects (the record does not carry the check)."


def _class_says(part: Optional[Mapping[str, Any]], ident: Any) -> str:
    if _described(part):
        return str(_described(part))
    if part is None:
        return f"Any valid member of the equivalence class {ident} is right, not only the ground truth's choice."
    return (f"{part.get('field_path')} may be any candidate the tool recorded in {part.get('candidate_set_path')}, "
            "not only the ground truth's choice.")


def _value(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 200 else text[:200] + "…"


# ---- an episode's reasons -------------------------------------------------------------------------


def _failures(record: Mapping[str, Any], shaped: Mapping[str, Any], sentences: Mapping[str, str]) -> List[Reason]:
    out: List[Reason] = []
    for gate in _listed(shaped.get("gate_violations")):
        source = gate.get("source")
        label = f"gate {gate.get('id')}" + (f" ({source})" if source and source != "policy" else "")
        out.append(Reason(label, _gate_says(record, gate, sentences), gate.get("step"), str(gate.get("evidence") or "")))
    for rule in _listed(shaped.get("rule_violations")):
        ident = str(rule.get("id"))
        out.append(Reason(f"policy rule {ident}", sentences.get(ident) or f"The domain's policy rule {ident} {NO_SENTENCE}.",
                          rule.get("step"), str(rule.get("evidence") or "")))
    for inv in _listed(shaped.get("invariants")):
        if not inv.get("holds"):
            out.append(Reason(invariant_label(inv), _identity_says(_task_part(record, "monetary_identity", inv.get("id")), inv.get("id")),
                              None, f"{_money(inv.get('total'))} given of {_money(inv.get('disputed_amount'))} disputed"
                              + (f" (cap {_money(inv.get('cap'))})" if inv.get("cap") is not None else "")))
    for check in _listed(shaped.get("output_checks")):
        if not check.get("passed"):
            out.append(Reason(f"output check {check.get('id')} failed", _output_says(record, check.get("id")), None,
                              str(check.get("evidence") or "")))
    seen = set()
    for diff in _listed(shaped.get("canonical_diff")):
        path = general_path(str(diff.get("path", "")))
        if path in seen:
            continue
        seen.add(path)
        out.append(Reason(f"state {path}", "This part of the final state must be the ground truth's (once the task's "
                                           "equivalence classes and invariants are applied).", None,
                          f"{diff.get('path')}: expected {_value(diff.get('expected'))}, got {_value(diff.get('actual'))}"))
    return out


def explain(record: Mapping[str, Any], sentences: Mapping[str, str] = MappingProxyType({})) -> List[Reason]:
    """Every reason of the episode's verdict, in words (empty when both rewards pass): for a
    shaped 0, every gate that fired, every policy rule broken, every invariant that does not
    balance, every output check not met and every state path that differs; for a valid
    alternative, what accepted it; for an undetermined one, the rules the words did not settle."""
    shaped = shaped_result(record)
    status = shaped.get("status")
    if status == "undetermined":
        out = [Reason(f"undetermined: {u.get('id')}", sentences.get(str(u.get("id"))) or f"The domain's policy rule {u.get('id')} {NO_SENTENCE}.",
                      u.get("step"), "the words did not settle it: " + str(u.get("evidence") or ""))
               for u in _listed(shaped.get("undetermined"))]
        return out + _failures(record, shaped, sentences)
    if status not in (None, "ok"):
        return [Reason(f"not scored: {status}", "The episode could not be scored, so it is in no rate.", None,
                       str(shaped.get("error") or (record.get("info") or {}).get("error") or ""))]
    if shaped_success(record):
        if legacy_success(record):
            return []
        return _accepted(record, shaped)
    return _failures(record, shaped, sentences)


def _accepted(record: Mapping[str, Any], shaped: Mapping[str, Any]) -> List[Reason]:
    """Why a legacy 0 is a shaped 1: the classes and invariants that accepted the episode."""
    out = [Reason(f"class {c.get('id')}", _class_says(_task_part(record, "equivalence_class", c.get("id")), c.get("id")), None,
                  "this episode's choice is a valid member" + ("" if c.get("expected_valid") else " (the ground truth's is not)"))
           for c in _listed(shaped.get("equivalence_classes")) if c.get("actual_valid")]
    out += [Reason(f"invariant {i.get('id')}", _identity_says(_task_part(record, "monetary_identity", i.get("id")), i.get("id")), None,
                   f"{_money(i.get('total'))} given of {_money(i.get('disputed_amount'))} disputed: it holds")
            for i in _listed(shaped.get("invariants")) if i.get("holds")]
    if not out and isinstance((record.get("info") or {}).get("tau2"), Mapping):
        out.append(Reason("tau2's reward 0", "tau2's own reward is 0 for this episode, for the reason quoted; the shaped "
                          "verifier finds its outcome right.", None, disagreement_reason(record)))
    elif not out:
        out.append(Reason("valid alternative", "The final state differs from the ground truth's only in ways the task "
                          "declares equivalent.", None, disagreement_reason(record)))
    return out


def without_step(evidence: str, step: Optional[int]) -> str:
    """Evidence without the "step N: " it may open with, where the step is shown beside it."""
    head = f"step {step}: "
    return evidence[len(head):] if step is not None and evidence.startswith(head) else evidence


def in_group(reasons: Sequence[Reason], group_reason: str) -> List[Reason]:
    """The reasons a verdict group's reason line names (its ``; ``-separated parts), in its
    order; all of them where the line names them together (a valid alternative's)."""
    named = [next((r for r in reasons if r.label == part), None) for part in group_reason.split("; ")]
    found = [r for r in named if r is not None]
    return found or list(reasons)
