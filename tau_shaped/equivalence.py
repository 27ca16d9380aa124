"""Equivalence classes (SPEC §4.1): a valid choice collapses to its candidate set.

For a state S with ``v = S[field_path]`` and ``C = S[candidate_set_path]``:
if ``v ∈ C`` the field becomes ``sorted(C)`` and every linked path filled with
``v`` is restored to its S0 value (the side effects of the choice are judged
through the class); if ``v ∉ C`` nothing is rewritten, so the states differ.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

from tau_shaped.overlay import ABSENT, RecordLoc, deep_copy, read_record
from tau_shaped.paths import Location, delete_locations, fill, parse_path, select, set_at
from tau_shaped.task_schema import EquivalenceClass
from tau_shaped.values import sort_key, values_equal


def locate(path: str, *states: Any) -> Optional[Location]:
    """The location a one-location path names in the first state where it resolves."""
    for state in states:
        found = select(state, path)
        if found:
            return found[0][0]
    return None


def read_path(state: Any, path: str) -> Any:
    found = select(state, path)
    return found[0][1] if found else ABSENT


def chosen_values(value: Any) -> List[Any]:
    """The values a linked template is filled with: each stop of a sequence, else the value."""
    return list(value) if isinstance(value, list) else [value]


def is_valid_choice(state: Any, cls: EquivalenceClass) -> bool:
    value = read_path(state, cls.field_path)
    candidates = read_path(state, cls.candidate_set_path)
    return (
        value is not ABSENT
        and isinstance(candidates, list)
        and any(values_equal(value, c) for c in candidates)
    )


def linked_locations(state: Any, initial: Any, cls: EquivalenceClass) -> List[Location]:
    """The locations of the linked paths filled with the state's chosen value."""
    value = read_path(state, cls.field_path)
    if value is ABSENT:
        return []
    out = []
    for template in cls.linked_paths:
        for chosen in chosen_values(value):
            loc = locate(str(fill(parse_path(template), chosen)), state, initial)
            if loc is not None:
                out.append(loc)
    return out


def collapse(view: Any, state: Any, initial: Any, cls: EquivalenceClass) -> None:
    """Apply one class to ``view``, a private copy of (part of) ``state``."""
    if not is_valid_choice(state, cls):
        return
    candidates = read_path(state, cls.candidate_set_path)
    field_loc = locate(cls.field_path, state)
    if field_loc is not None and _has_parent(view, field_loc):
        set_at(view, field_loc, sorted(deep_copy(candidates), key=sort_key))
    for loc in linked_locations(state, initial, cls):
        if not _has_parent(view, loc):
            continue
        original = read_record(initial, loc)
        if original is ABSENT:
            delete_locations(view, [loc])
        else:
            set_at(view, loc, deep_copy(original))


def _has_parent(view: Any, loc: Sequence[Any]) -> bool:
    node = view
    for key in loc[:-1]:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node):
            node = node[key]
        else:
            return False
    return isinstance(node, (dict, list))


def class_records(state: Any, initial: Any, cls: EquivalenceClass) -> List[RecordLoc]:
    """The records a class reads or rewrites in ``state`` (they must be compared)."""
    locs = [locate(cls.field_path, state, initial), locate(cls.candidate_set_path, state, initial)]
    locs += linked_locations(state, initial, cls)
    return [loc for loc in locs if loc is not None]
