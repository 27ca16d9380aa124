"""A rule set's bindings shared by the tasks that agree on a rule's facts (SPEC §9).

Binding a rule to a task reads only the facts the rule names (in ``applies`` and in its
predicate): every task with the same values of those facts gets the same predicate. Each
binding is kept by (rule, those values), so a batch's tasks that share a customer, or a
world's thresholds, match, fill and validate the rule once (``policy_rules.bind``), and share
the predicate and what is compiled from it. The values are keyed by their ``repr``, and only
plain JSON-like values of the built-in types are (a ``repr`` that tells types and float bits
apart: equal keys fill equal predicates); any other value binds for its task alone.

The bindings belong to their rule set: they live as long as it does (held beside it by a weak
reference, never keeping it alive) and are bounded.
"""

from __future__ import annotations

import weakref
from operator import is_
from typing import Any, Callable, Dict, Optional, Sequence, Tuple

_PLAIN = (str, int, float, bool, type(None))


def _plain(value: Any) -> bool:
    if type(value) in _PLAIN:
        return True
    if type(value) in (list, tuple):
        return all(_plain(v) for v in value)
    if type(value) is dict:
        return all(type(k) in _PLAIN and _plain(v) for k, v in value.items())
    return False


def fact_keys(facts: Dict[str, Any]) -> Dict[str, Optional[str]]:
    """Each fact's value as the string that keys it, or None when it is not plain data."""
    return {name: repr(value) if _plain(value) else None for name, value in facts.items()}


def fill_key(names: Tuple[str, ...], keys: Dict[str, Optional[str]]) -> Optional[Tuple[str, ...]]:
    """The key of a rule that names the facts ``names``, from ``fact_keys`` (an absent fact is
    None's), or None when one of them is not plain data (the rule is then bound for its task
    alone)."""
    out = tuple([keys.get(name, "None") for name in names])
    return None if None in out else out


class RuleFills:
    """One rule set's bindings by (rule, ``fill_key``); cleared when full."""

    MAX_ENTRIES = 1 << 16

    def __init__(self) -> None:
        self.entries: Dict[Tuple[int, Tuple[str, ...]], Tuple[Any, Any]] = {}
        self._plan: Tuple[Tuple[Any, ...], Tuple[Tuple[Any, Any], ...]] = ((), ())

    def plan(self, rules: Sequence[Any], template_of: Callable[[Any], Any]) -> Tuple[Tuple[Any, Any], ...]:
        """Each of ``rules`` with its template (``template_of``), worked out once while the rule
        set's list holds the same rules (checked by identity at each call)."""
        kept_rules, kept = self._plan
        if len(kept_rules) != len(rules) or not all(map(is_, kept_rules, rules)):
            kept = tuple((rule, template_of(rule)) for rule in rules)
            self._plan = (tuple(rules), kept)
        return kept

    def get(self, rule: Any, key: Optional[Tuple[str, ...]]) -> Any:
        """The binding kept for ``rule`` and ``key``, or None."""
        found = self.entries.get((id(rule), key)) if key is not None else None
        return found[1] if found is not None and found[0] is rule else None

    def put(self, rule: Any, key: Optional[Tuple[str, ...]], binding: Any) -> None:
        if key is None:
            return
        if len(self.entries) >= self.MAX_ENTRIES:
            self.entries.clear()
        self.entries[(id(rule), key)] = (rule, binding)  # the rule kept: its id is not reused


_BY_RULE_SET: Dict[int, Tuple[Any, RuleFills]] = {}  # by id of a live rule set: (weak reference, bindings)


def fills_of(rule_set: Any) -> RuleFills:
    """The bindings of ``rule_set`` (made on first use, dropped when the rule set is)."""
    key = id(rule_set)
    found = _BY_RULE_SET.get(key)
    if found is not None and found[0]() is rule_set:
        return found[1]

    def forget(ref: Any) -> None:
        if _BY_RULE_SET.get(key, (None,))[0] is ref:
            del _BY_RULE_SET[key]

    made = _BY_RULE_SET[key] = (weakref.ref(rule_set, forget), RuleFills())
    return made[1]
