"""Equivalence classes (SPEC §4.1): a valid choice collapses to its candidate set.

For a state S with ``v = S[field_path]`` and ``C = S[candidate_set_path]``:
if ``v ∈ C`` the field becomes ``sorted(C)`` and every linked path filled with
``v`` is judged through the class, not by value; if ``v ∉ C`` nothing is
rewritten, so the states differ.

"Judged through the class": each linked path is restored to its S0 value,
and *its change relative to S0* (``linked_change``) is kept in the collapsed
field, next to the sorted candidates. Two valid choices with the same side
effect on their chosen candidate (the order appended to that courier's
``active_orders``) are then equal, while a double assignment to the chosen
candidate (the order appended twice) is a different change and stays a
difference, as §4.1 requires; restoring S0 alone would erase it.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Union

from tau_shaped.env.overlay import ABSENT, RecordLoc, deep_copy, read_record
from tau_shaped.reward.paths import Location, Path, delete_locations, fill_value, parse_path, select, set_at
from tau_shaped.reward.overrides import EquivalenceClass
from tau_shaped.reward.values import Collapsed, canonical_json, canonical_number, is_number, sort_key, values_equal


def locate(path: Union[str, Path], *states: Any) -> Optional[Location]:
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
            # The filled Path is used as is: re-parsing its text would misread a value
            # containing '.', '[' or ']' (or an empty one) as path syntax.
            loc = locate(fill_value(parse_path(template), chosen), state, initial)
            if loc is not None:
                out.append(loc)
    return out


def collapse(view: Any, state: Any, initial: Any, cls: EquivalenceClass) -> None:
    """Apply one class to ``view``, a private copy of (part of) ``state``."""
    if not is_valid_choice(state, cls):
        return
    candidates = read_path(state, cls.candidate_set_path)
    effects = []
    for loc in linked_locations(state, initial, cls):
        original = read_record(initial, loc)
        effects.append(linked_change(original, read_record(state, loc)))
        if not _has_parent(view, loc):
            continue
        if original is ABSENT:
            delete_locations(view, [loc])
            _prune_created_parents(view, initial, loc)
        else:
            set_at(view, loc, deep_copy(original))
    field_loc = locate(cls.field_path, state)
    if field_loc is not None and _has_parent(view, field_loc):
        collapsed = Collapsed(candidates=sorted(deep_copy(candidates), key=sort_key), linked_effects=effects)
        set_at(view, field_loc, collapsed)


def linked_change(before: Any, after: Any) -> Any:
    """A canonical description of how a linked value changed from S0.

    Lists compare as multisets of added and removed items, numbers by their
    difference, dicts key by key, other values by what they became.
    """
    if before is ABSENT and after is ABSENT:
        return {"unchanged": True}
    if before is ABSENT:
        return {"created": deep_copy(after)}
    if after is ABSENT:
        return {"deleted": True}
    if canonical_json(before) == canonical_json(after):
        return {"unchanged": True}
    if isinstance(before, list) and isinstance(after, list):
        remaining = [canonical_json(x) for x in before]
        added = []
        for item in after:
            key = canonical_json(item)
            if key in remaining:
                remaining.remove(key)
            else:
                added.append(key)
        return {"added": sorted(added), "removed": sorted(remaining)}
    if is_number(before) and is_number(after):
        return {"delta": canonical_number(after - before)}
    if isinstance(before, dict) and isinstance(after, dict):
        keys = sorted(before.keys() | after.keys(), key=str)
        changes = {str(k): linked_change(before.get(k, ABSENT), after.get(k, ABSENT)) for k in keys}
        return {"fields": {k: v for k, v in changes.items() if v != {"unchanged": True}}}
    return {"became": deep_copy(after)}


def _prune_created_parents(view: Any, initial: Any, loc: Sequence[Any]) -> None:
    """Restoring S0 also removes the containers the choice created and that are now empty."""
    for depth in range(len(loc) - 1, 0, -1):
        parent = tuple(loc[:depth])
        if read_record(initial, parent) is not ABSENT:
            return
        node = read_record(view, parent)
        if node is ABSENT or node:
            return
        delete_locations(view, [parent])


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
