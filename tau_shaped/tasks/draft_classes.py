"""Equivalence classes (SPEC §4.1) drafted from the candidate sets the ground truth's writes
recorded (``tau-shaped tasks draft``, issue 45).

A write that stores a list of at least two values in a record and, in the same record, a value
that is one of them (``orders.O.courier_candidates`` and ``orders.O.driver_id``; a route
planner's ``route_candidates`` and ``route``) is a choice among candidates. Its linked paths are
the fields of the chosen value's own record (``drivers.{value}.active_orders``) that the write
changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Dict, List, Sequence, Set, Tuple

from tau_shaped.reward.paths import format_location
from tau_shaped.reward.values import values_equal
from tau_shaped.tasks.draft_play import Play, is_list, record_of, value_at


def equivalence_classes(play: Play, writes: Sequence[int]) -> List[Tuple[int, Dict[str, Any]]]:
    """(step, class) of each choice among candidates a write recorded."""
    out: List[Tuple[int, Dict[str, Any]]] = []
    seen: Set[str] = set()
    for i in writes:
        after = play.after[i]
        changed = play.changed(i)
        records = sorted({loc[:-1] for loc in changed if len(loc) >= 2} | {loc[:-2] for loc in changed if len(loc) >= 3},
                         key=lambda loc: [str(k) for k in loc])
        for record_loc in records:
            record = value_at(after, record_loc)
            if not isinstance(record, Mapping):
                continue
            touched = {loc[len(record_loc)] for loc in changed if loc[:len(record_loc)] == record_loc and len(loc) > len(record_loc)}
            for list_key in sorted(touched, key=str):
                candidates = record.get(list_key)
                if not is_list(candidates) or len(candidates) < 2:
                    continue
                for field_key in sorted(touched - {list_key}, key=str):
                    chosen = record.get(field_key)
                    if chosen is None or not any(values_equal(chosen, c) for c in candidates):
                        continue
                    field_path = format_location(record_loc + (field_key,))
                    if field_path in seen:
                        continue
                    seen.add(field_path)
                    linked = []
                    home = record_of(after, chosen)
                    if home is not None:
                        for loc in changed:
                            if loc[:2] == home and len(loc) >= 3:
                                template = format_location((home[0], "{value}", loc[2]))
                                if template not in linked:
                                    linked.append(template)
                    stem = str(list_key)
                    name = stem[:-len("_candidates")] if stem.endswith("_candidates") and len(stem) > len("_candidates") else str(field_key)
                    cls: Dict[str, Any] = {"id": name, "field_path": field_path,
                                           "candidate_set_path": format_location(record_loc + (list_key,))}
                    if linked:
                        cls["linked_paths"] = sorted(linked)
                    cls["description"] = (f"drafted: step {i} ({play.actions[i].name}) recorded {len(candidates)} candidates "
                                          f"and chose one of them")
                    out.append((i, cls))
    return out
