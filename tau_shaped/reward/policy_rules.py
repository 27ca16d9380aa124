"""Domain policy rules (SPEC §9): declared once per domain, as data, bound per task.

A rule file is JSON validated by pydantic (``tau-shaped rules schema`` prints its JSON
Schema)::

    {"domain": "food_delivery",
     "facts": {"user_id": {"task": "user_id"},
               "tier": {"state": "customers.{user_id}.loyalty_tier"},
               "apology_cap": {"state": "policy.apology_credit_cap.{tier}", "type": "number"}},
     "canonical_ignore": ["quotes"],
     "rules": [{"id": "fd.apology.tier_cap", "kind": "gate", "policy": "...",
                "applies": {"user_id": {"regex": "^CU-"}},
                "when": {"event_sum": "money_moved", "where": {"kind": "apology",
                         "customer_id": "{user_id}"}, "gt": "{apology_cap}"}}]}

- A **fact** is read from the task (``user_id``, ``id``, ``disputed_total``: the sum of the
  task's disputed amounts, all or ``except_identities`` / ``only_identities``, ``gt_amounts``: every number in the ground truth's arguments and
  messages, ``gt_tools``: the tools its ground truth calls, one space apart, ``output_count``: how
  many outputs it has) or from S0 by a path template filled with earlier facts; ``default`` when absent.
- ``{name}`` in any string of a rule's ``when`` is replaced by the fact: a string that is
  exactly ``{name}`` takes the fact's typed value (a number, a list), elsewhere its text
  (``\\p{Nd}``, a regex's Unicode class, is not a placeholder).
- ``applies`` maps facts to MATCHERs; the rule binds to a task only if all hold (an absent
  fact never matches). A rule that does not apply is silent.
- ``kind``: ``gate`` (fires: reward 0, §3.1), ``outcome`` (broken: outcome 0, §3.3) or
  ``checkpoint`` (met: ``weight``, §3.4). ``when`` holds when a gate or outcome rule is
  broken, and when a checkpoint is met.
- A task opts out of a rule only by ``policy_exemptions: [{"rule": id, "reason": text}]``.
- ``canonical_ignore``: paths a look-up writes (a recorded quote) or free text (a fraud
  escalation's reason), left out of both canonical states unless the task's own overrides
  name a path under them (§4): a rule judges them instead of byte equality.
"""

from __future__ import annotations

import json
import math
from pathlib import Path as FilePath
from typing import Any, Dict, List, Literal, Optional, Sequence, Union

from pydantic import Field, ValidationError, field_validator, model_validator

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.env.json_input import InputError, one_line, read_json_file
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.paths import select_values
from tau_shaped.reward.rule_fills import fact_keys, fill_key, fills_of
from tau_shaped.reward.rule_templates import PLACEHOLDER, PREDICATE, Template, fill_facts, placeholders  # noqa: F401 - fill_facts: the rules' name for it
from tau_shaped.reward.predicate_schema import Matcher, _as_matcher, _check_path, _Strict

_PLACEHOLDER, _PREDICATE, _placeholders = PLACEHOLDER, PREDICATE, placeholders
TASK_FACTS = ("user_id", "id", "disputed_total", "gt_amounts", "gt_tools", "output_count")
_SAMPLES = {"string": "X", "number": 1.0, "list": [1.0], "bool": True, "any": "X"}


class PolicyRuleError(ValueError):
    """A rule file or a rule that cannot be bound: the message names the file, rule and field."""


class Fact(_Strict):
    task: Optional[Literal["user_id", "id", "disputed_total", "gt_amounts", "gt_tools", "output_count"]] = None
    state: Optional[str] = None
    default: Any = None
    type: Literal["string", "number", "list", "bool", "any"] = "any"
    # disputed_total only: the monetary identities (by id) left out of the sum (what an
    # apology owes is no loss: {"task": "disputed_total", "except_identities": ["apology"]})
    except_identities: List[str] = Field(default_factory=lambda: [])
    # disputed_total only: the monetary identities (by id) summed, the others left out (what
    # the task owes as an apology: {"task": "disputed_total", "only_identities": ["apology"]})
    only_identities: Optional[List[str]] = None

    @model_validator(mode="after")
    def _one_source(self) -> "Fact":
        if (self.task is None) == (self.state is None):
            raise ValueError("a fact reads exactly one of: task, state")
        if (self.except_identities or self.only_identities is not None) and self.task != "disputed_total":
            raise ValueError("except_identities and only_identities are for a disputed_total fact")
        if self.except_identities and self.only_identities is not None:
            raise ValueError("a fact takes except_identities or only_identities, not both")
        return self


class PolicyRule(_Strict):
    id: str = Field(min_length=1)
    description: str = ""
    policy: str = Field(default="", description="The policy line the rule judges, quoted.")
    kind: Literal["gate", "outcome", "checkpoint"]
    weight: float = Field(default=0.0, ge=0, le=1)
    applies: Dict[str, Matcher] = Field(default_factory=dict)
    when: Dict[str, Any]

    @field_validator("applies", mode="before")
    @classmethod
    def _matchers(cls, value: Any) -> Any:
        return {k: _as_matcher(v) for k, v in value.items()} if isinstance(value, dict) else value

    @model_validator(mode="after")
    def _weight(self) -> "PolicyRule":
        if self.kind != "checkpoint" and self.weight:
            raise ValueError("only a checkpoint rule has a weight")
        return self


class PolicyRuleSet(_Strict):
    domain: str = ""
    facts: Dict[str, Fact] = Field(default_factory=dict)
    canonical_ignore: List[str] = Field(default_factory=lambda: [])
    rules: List[PolicyRule] = Field(default_factory=lambda: [])

    @field_validator("canonical_ignore")
    @classmethod
    def _paths(cls, value: List[str]) -> List[str]:
        return [_check_path(p) for p in value]

    @model_validator(mode="after")
    def _consistent(self) -> "PolicyRuleSet":
        ids = [r.id for r in self.rules]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"rule ids repeat: {', '.join(dupes)}")
        known = set(self.facts)
        for name, fact in self.facts.items():
            for used in _PLACEHOLDER.findall(fact.state or ""):
                if used not in known or list(self.facts).index(used) >= list(self.facts).index(name):
                    raise ValueError(f"fact {name!r} uses {{{used}}}, which is not an earlier fact")
        samples = {name: _SAMPLES[f.type] for name, f in self.facts.items()}
        for rule in self.rules:
            unknown = sorted((set(_placeholders(rule.when)) | set(rule.applies)) - known)
            if unknown:
                raise ValueError(f"rule {rule.id!r} names unknown facts: {', '.join(unknown)}")
            try:  # through the rule's template (kept for binding): its fact-free parts validated once
                _PREDICATE.validate_python(_template(rule).fill(samples))
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(x) for x in first["loc"] if not str(x).startswith("form:"))
                raise ValueError(f"rule {rule.id!r}: {'when.' + where if where else 'when'}: {first['msg']}") from None
        return self

    def rule(self, rule_id: str) -> Optional[PolicyRule]:
        return next((r for r in self.rules if r.id == rule_id), None)


class BoundRule:
    """A rule bound to one task: its predicate with the task's facts filled in.

    ``compiled``: what is made from the predicate alone (its typed check, its probes), kept
    for every task the rule binds to with the same facts: the predicate is shared by them (a
    validated predicate is never changed), so it is compiled once, not once per task.
    ``id`` and ``kind``: the rule's (a frozen model's), kept as plain slots (read per rollout)."""

    __slots__ = ("rule", "when", "facts", "compiled", "id", "kind")

    def __init__(self, rule: PolicyRule, when: Any, facts: Dict[str, Any],
                 compiled: Optional[Dict[str, Any]] = None) -> None:
        self.rule = rule
        self.when = when
        self.facts = facts
        self.compiled = compiled if compiled is not None else {}
        self.id: str = rule.id
        self.kind: str = rule.kind


def _numbers(value: Any) -> List[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [float(value)] if math.isfinite(value) else []
    if isinstance(value, str):
        from tau_shaped.reward.reading.text_matching import numbers_in_text

        return [v for v, _ in numbers_in_text(value)]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, (list, tuple)):
        return [n for v in value for n in _numbers(v)]
    return []


def _task_fact(task: Any, name: str, left_out: Sequence[str] = (), only: Optional[Sequence[str]] = None) -> Any:
    if name == "user_id":
        return getattr(task, "user_id", None)
    if name == "id":
        return getattr(task, "id", None)
    if name == "disputed_total":
        overrides = getattr(task, "reward_overrides", None)
        identities = overrides.monetary_identity if overrides is not None else []
        return round(math.fsum(inv.disputed_amount for inv in identities
                               if inv.id not in left_out and (only is None or inv.id in only)), 6)
    actions = getattr(task, "actions", []) or []
    if name == "gt_tools":  # the tools the ground truth calls, in order, one space apart
        return " ".join(getattr(a, "name", "") for a in actions if getattr(a, "name", "") != "respond")
    if name == "output_count":
        return len(getattr(task, "outputs", []) or [])
    found = _numbers([getattr(a, "kwargs", {}) for a in actions]) + _numbers(list(getattr(task, "outputs", []) or []))
    return sorted(set(found))


def task_facts(rule_set: PolicyRuleSet, task: Any, initial: Any) -> Dict[str, Any]:
    """The facts of one task, in declared order (a fact's path may use earlier facts)."""
    facts: Dict[str, Any] = {}
    for name, fact in rule_set.facts.items():
        if fact.task is not None:
            value = _task_fact(task, fact.task, fact.except_identities, fact.only_identities)
        else:
            path = fill_facts(fact.state, facts)
            values = select_values(initial, path) if not _PLACEHOLDER.search(path) else []
            value = values[0] if len(values) == 1 else (values if len(values) > 1 else None)
        facts[name] = fact.default if value is None else value
    return facts


def exemptions(task: Any) -> Dict[str, str]:
    """The rules the task opts out of, with the written reason (SPEC §9)."""
    return {e.rule: e.reason for e in getattr(task, "policy_exemptions", None) or []}


def bind(rule_set: Optional[PolicyRuleSet], task: Any, initial: Any) -> List[BoundRule]:
    """The rules that apply to ``task`` (opted-out ones left out), facts filled in.

    A rule's binding depends on the facts it names alone (in ``applies`` and ``when``): tasks
    that agree on them (a customer's tasks, a world's thresholds) share it, so each rule is
    matched, filled and validated once per distinct set of those facts and rule set, not once
    per task (``rule_fills``)."""
    if rule_set is None or not rule_set.rules:
        return []
    facts = task_facts(rule_set, task, initial)
    skip = exemptions(task)
    fills, keys = fills_of(rule_set), fact_keys(facts)
    bound: List[BoundRule] = []
    for rule, template in fills.plan(rule_set.rules, _template):
        if skip and rule.id in skip:
            continue
        key = fill_key(template.used, keys)
        found = fills.get(rule, key)
        if found is None:
            found = _bind_rule(rule, template, facts, task)
            fills.put(rule, key, found)
        if found is not _SILENT:
            bound.append(BoundRule(rule, found[0], facts, found[1]))
    return bound


_SILENT = ("silent",)  # a rule that does not apply to the facts


def _bind_rule(rule: PolicyRule, template: Template, facts: Dict[str, Any], task: Any) -> Any:
    """(predicate, its compiled parts) of ``rule`` bound to ``facts``, or ``_SILENT``."""
    if not all(facts.get(name) is not None and match_value(m, facts[name]) for name, m in rule.applies.items()):
        return _SILENT
    missing = sorted(name for name in template.names if facts.get(name) is None)
    if missing:
        raise PolicyRuleError(f"rule {rule.id!r} does not bind to task {getattr(task, 'id', '?')!r}: "
                              f"fact {', '.join(missing)} is absent from the task or S0")
    if template.constant is not None:  # no placeholder: validated once, shared (predicates are never changed)
        return template.constant, template.compiled
    try:  # the parts that name no fact come validated (``rule_templates``)
        when = _PREDICATE.validate_python(template.fill(facts))
    except ValidationError as exc:
        raise PolicyRuleError(f"rule {rule.id!r} does not bind to task {getattr(task, 'id', '?')!r}: "
                              f"{exc.errors()[0]['msg']}") from None
    return when, {"nodes": template.node_checks}


# per rule, by identity
_TEMPLATES: "IdentityCache[Template]" = IdentityCache(4096)


def _template(rule: PolicyRule) -> Template:
    found = _TEMPLATES.get(rule)
    return found if found is not None else _TEMPLATES.put(rule, Template(rule))


def load_rules(path: Union[str, FilePath], *, confirm_tools: Optional[Sequence[str]] = None) -> PolicyRuleSet:
    """Load and validate a rule file; a one-line ``PolicyRuleError`` naming the file otherwise.

    ``confirm_tools``: the domain's tools that declare ``confirm`` (``@effects``), given to
    every ``unconfirmed`` predicate that names no tools of its own (a domain loading its rules
    passes them: the rule file then need not list its write tools by name)."""
    try:
        raw = read_json_file(path)  # size, encoding, strict JSON, nesting: untrusted input
    except InputError as exc:
        raise PolicyRuleError(one_line(f"{path}: cannot read rules: {str(exc).removeprefix('cannot read: ')}")) from None
    if confirm_tools:
        _give_confirm_tools(raw, list(confirm_tools))
    try:
        return PolicyRuleSet.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        raise PolicyRuleError(one_line(f"{path}: {where + ': ' if where else ''}{message}")) from None


def _give_confirm_tools(raw: Any, tools: List[str]) -> None:
    """Each ``unconfirmed`` predicate in the rules' ``when`` that names no tools gets ``tools``
    (the raw JSON, before validation: what is not a rule list is left to the validator)."""
    rules = raw.get("rules") if isinstance(raw, dict) else None
    pending = [r["when"] for r in rules if isinstance(r, dict) and "when" in r] if isinstance(rules, list) else []
    while pending:  # iterative: the reader already bounds the nesting, this adds no recursion
        node = pending.pop()
        if isinstance(node, dict):
            confirmation = node.get("unconfirmed")
            if isinstance(confirmation, dict) and "tools" not in confirmation:
                confirmation["tools"] = list(tools)
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)


def rules_json_schema() -> Dict[str, Any]:
    """The rule file's JSON Schema. A rule's ``when`` is a predicate written with ``{fact}``
    placeholders (a number's place may hold ``"{cap}"``), so its schema says only which forms it
    may take: exactly one key of a registered check kind (read at each call: a kind a domain
    registered is listed once its domain is loaded)."""
    from tau_shaped.reward.checks import form_keys

    schema = PolicyRuleSet.model_json_schema()
    keys = form_keys()
    when = schema.get("$defs", {}).get("PolicyRule", {}).get("properties", {}).get("when")
    if isinstance(when, dict):
        when["description"] = ("A predicate (SPEC §5) with {fact} placeholders: exactly one of the forms "
                               + ", ".join(keys) + ".")
        when["oneOf"] = [{"required": [key]} for key in keys]
    return schema


def ignored_paths(rule_set: Optional[PolicyRuleSet], overrides: Any) -> Sequence[str]:
    """``canonical_ignore`` less the paths the task's own overrides name (it then owns them)."""
    if rule_set is None or not rule_set.canonical_ignore:
        return ()
    if overrides is None:
        return tuple(rule_set.canonical_ignore)  # json.dumps({}) names no path
    # ``"path`` in json.dumps' text (ASCII-escaped, ", " and ": ") is in pydantic's compact
    # UTF-8 JSON of the same dump too, for a path of printable ASCII with no space, quote or
    # backslash (``_plain``): such a text right after a quote is a string's literal characters,
    # written alike by both. Only where the compact text names a path is json.dumps' text made.
    compact = overrides.model_dump_json()
    if not any(f'"{p}' in compact or not _plain(p) for p in rule_set.canonical_ignore):
        return tuple(rule_set.canonical_ignore)
    named = json.dumps(overrides.model_dump(mode="json"))
    return tuple(p for p in rule_set.canonical_ignore if f'"{p}' not in named)


def _plain(path: str) -> bool:
    return path.isascii() and path.isprintable() and not any(c in path for c in ' "\\')
