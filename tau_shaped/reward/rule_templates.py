"""A domain rule's predicate as a template (SPEC §9): ``{name}`` placeholders filled with a task's
facts, and what of it no fact changes, prepared once per rule.

``fill_facts`` replaces placeholders: a string that is exactly ``{name}`` takes the fact's
typed value (a number, a list), elsewhere its text (``\\p{Nd}``, a regex's Unicode class, is
not a placeholder).

A ``Template`` keeps, for each predicate nested in the rule's (``any``'s alternatives,
``unpreceded``'s parts ...) that names no fact, the predicate validated once: ``fill`` puts it,
already validated, where the task's filled data goes, so validating a task's predicate
validates only the parts that name facts, and the parts that do not are the same objects for
every task: their checks are compiled once (``node_checks``). A validated predicate is never
changed, so sharing it is safe (as a rule with no placeholder at all always was).
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from pydantic import TypeAdapter, ValidationError

from tau_shaped.reward.checks import walk
from tau_shaped.reward.checks.registry import kind_of_data, predicate_fields
from tau_shaped.reward.predicate_schema import Predicate

# not a regex's Unicode class, \p{Nd} or \P{Greek}
PLACEHOLDER = re.compile(r"(?<!\\[pP])\{([A-Za-z_][A-Za-z0-9_]*)\}")
PREDICATE = TypeAdapter(Predicate)


def placeholders(value: Any) -> List[str]:
    """The fact names ``value`` refers to, in keys and values at any depth."""
    if isinstance(value, str):
        return PLACEHOLDER.findall(value)
    if isinstance(value, dict):
        return [n for k, v in value.items() for n in placeholders(k) + placeholders(v)]
    if isinstance(value, list):
        return [n for v in value for n in placeholders(v)]
    return []


def fill_facts(value: Any, facts: Dict[str, Any]) -> Any:
    """Replace ``{name}`` placeholders by facts: typed where a string is exactly one."""
    if isinstance(value, str):
        if "{" not in value:  # every placeholder opens with one: most of a predicate's strings hold none
            return value
        whole = PLACEHOLDER.fullmatch(value)
        if whole and whole.group(1) in facts:
            return facts[whole.group(1)]
        return PLACEHOLDER.sub(lambda m: _text(facts[m.group(1)]) if m.group(1) in facts else m.group(0), value)
    if isinstance(value, dict):
        return {fill_facts(k, facts): fill_facts(v, facts) for k, v in value.items()}
    if isinstance(value, list):
        return [fill_facts(v, facts) for v in value]
    return value


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def compiled_fill(value: Any) -> Callable[[Dict[str, Any]], Any]:
    """``lambda facts: fill_facts(value, facts)``, with what no placeholder can change worked out
    once: a string with no ``{`` is itself (as ``fill_facts`` gives it), an object or list of such
    strings and other scalars is copied as it is, and only the strings that may hold a
    placeholder are filled per call (by ``fill_facts``). Every object and list is a new one at
    each call, as ``fill_facts`` makes them. ``value`` is not changed after (a rule's data)."""
    if isinstance(value, str):
        return (lambda facts: value) if "{" not in value else (lambda facts: fill_facts(value, facts))
    if isinstance(value, dict):
        if all(_fixed(k) and _fixed(v) for k, v in value.items()):
            return lambda facts: dict(value)
        items = [(compiled_fill(k), compiled_fill(v)) for k, v in value.items()]
        return lambda facts: {k(facts): v(facts) for k, v in items}
    if isinstance(value, list):
        if all(_fixed(v) for v in value):
            return lambda facts: list(value)
        fills = [compiled_fill(v) for v in value]
        return lambda facts: [f(facts) for f in fills]
    return lambda facts: value


def _fixed(value: Any) -> bool:
    """``fill_facts`` gives ``value`` itself: neither an object, a list, nor a string with ``{``."""
    return not isinstance(value, (dict, list)) and not (isinstance(value, str) and "{" in value)


Filler = Callable[[Dict[str, Any]], Any]


class Template:
    """What binding a rule needs that no task changes: the facts its predicate names, those it
    names anywhere (``applies`` too: they alone decide its binding), its predicate validated
    once when it names none, and the filler of its data with its fact-free parts validated."""

    __slots__ = ("rule", "names", "used", "constant", "compiled", "fill", "node_checks")

    def __init__(self, rule: Any) -> None:
        self.rule = rule
        self.names = frozenset(placeholders(rule.when))
        self.used = tuple(sorted(self.names | set(rule.applies)))
        self.constant = None if self.names else PREDICATE.validate_python(fill_facts(rule.when, {}))
        self.compiled: Dict[str, Any] = {}  # the constant's compiled parts, shared by every task
        kept: List[Any] = []
        self.fill: Filler = _filler(rule.when, kept) if self.names else (lambda facts: self.constant)
        self.node_checks = NodeChecks(kept)


def _filler(data: Any, kept: List[Any]) -> Filler:
    """A function of the facts giving ``data`` (a predicate written as data) filled, with each
    nested predicate that names no fact given validated (appended to ``kept``)."""
    if not placeholders(data):
        try:
            done = PREDICATE.validate_python(data)
        except ValidationError:  # refused as a whole when filled, as before: the error is the task's
            return lambda facts: data
        kept.append(done)
        return lambda facts: done
    kind = kind_of_data(data)
    fields = predicate_fields(kind.model) if kind is not None else {}
    parts: List[Tuple[Any, Any, Optional[Any]]] = []  # (key, value or its filler, its filler or fillers)
    for key, value in data.items():
        many = fields.get(key) if not placeholders(key) else None
        if many is True and isinstance(value, list):
            parts.append((key, value, [_filler(v, kept) for v in value]))
        elif many is False:
            parts.append((key, value, _filler(value, kept)))
        else:
            parts.append((compiled_fill(key), compiled_fill(value), None))

    def fill(facts: Dict[str, Any]) -> Any:
        out = {}
        for key, value, inner in parts:
            if inner is None:
                out[key(facts)] = value(facts)
            elif isinstance(inner, list):
                out[key] = [f(facts) for f in inner]
            else:
                out[key] = inner(facts)
        return out

    return fill


class NodeChecks:
    """The checks compiled for a template's fact-free predicates (by node and demand: the
    ``memo`` of ``compile_predicate``), kept across the tasks that share those nodes. Only
    those nodes' are kept: the template keeps them alive, so their ids are never reused."""

    def __init__(self, kept: List[Any]) -> None:
        self.ids: FrozenSet[int] = frozenset(id(node) for pred in kept for node in walk(pred))
        self.checks: Dict[Tuple[int, int], Any] = {}

    def memo(self) -> Dict[Tuple[int, int], Any]:
        """A compile memo seeded with the kept checks."""
        return dict(self.checks)

    def keep(self, memo: Dict[Tuple[int, int], Any]) -> None:
        """Keep what a compile made for the template's fact-free nodes."""
        for key, check in memo.items():
            if key[0] in self.ids:
                self.checks[key] = check
