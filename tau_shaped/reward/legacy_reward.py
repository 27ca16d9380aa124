"""The legacy reward (SPEC §2): tau-bench's ``calculate_reward``, value for value.

``r_actions`` is 1 iff the legacy hashes of Sa and Sg are equal. When both
states are overlays of one S0 the hashes are compared without computing them:
the hash text of a dict is built from the hash texts of its entries, so two
states hash alike iff every changed record has the same hash text on both
sides (``hashable_text`` keeps ``10`` apart from ``10.0`` and ``1`` from
``True``, exactly as the hash does).
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Union

from tau_shaped.env.hashing import data_hash, same_hashable_text
from tau_shaped.env.overlay import ABSENT, RecordLoc, read_record, same_value, settled_record
from tau_shaped.env import types as default_types
from tau_shaped.env.types import RESPOND_ACTION_NAME


def states_equal(sa: Any, sg: Any, changed: Optional[Set[RecordLoc]], gt_hash: Union[str, Callable[[], str]]) -> bool:
    """``hash(Sa) == hash(Sg)``; ``changed`` are the records that may differ (None: unknown).
    ``gt_hash`` may be a zero-argument callable: Sg is hashed only when it is needed."""
    if changed is None:
        return data_hash(sa) == (gt_hash() if callable(gt_hash) else gt_hash)
    for rec in changed:
        a, g = read_record(sa, rec), read_record(sg, rec)
        if (a is ABSENT) != (g is ABSENT):
            return False
        if a is ABSENT:
            continue
        # a record of a settled Sg never changes: its pickle and its text are kept across rollouts
        kept = settled_record(sg, rec)
        if not same_hashable_text(a, g, same_value if kept else None, kept):
            return False
    return True


def check_outputs(outputs: Sequence[str], agent_messages: Sequence[str]) -> Tuple[float, Dict[str, bool]]:
    """tau-bench's output test: each output, lower-cased, is in some lower-cased,
    comma-stripped agent message."""
    found: Dict[str, bool] = {}
    cleaned = [m.lower().replace(",", "") for m in agent_messages]
    for output in outputs:
        found[output] = any(output.lower() in m for m in cleaned)
    return (1.0 if all(found.values()) else 0.0), found


def legacy_reward_value(r_actions: bool, outputs: Sequence[str], agent_messages: Sequence[str]) -> Tuple[float, float]:
    """tau-bench's reward and ``r_outputs`` alone (what ``legacy_result`` puts in its result):
    1 when the state matches and every output was said, else 0."""
    reward, r_outputs, _ = _legacy(r_actions, outputs, agent_messages)
    return reward, r_outputs


def _legacy(r_actions: bool, outputs: Sequence[str], agent_messages: Sequence[str]) -> Tuple[float, float, Optional[Dict[str, bool]]]:
    """(reward, r_outputs, which outputs were said; None without outputs)."""
    if len(outputs) == 0:
        return (1.0 if r_actions else 0.0), 1.0, None
    r_outputs, found = check_outputs(outputs, agent_messages)
    return (1.0 if r_actions and r_outputs != 0.0 else 0.0), r_outputs, found


def legacy_result(
    task_actions: Sequence[Any],
    outputs: Sequence[str],
    r_actions: bool,
    gt_hash: str,
    agent_messages: Sequence[str],
    types: Any = default_types,
) -> Tuple[Any, float]:
    """The RewardResult tau-bench would return, and ``r_outputs`` (1.0 without outputs).

    ``types`` is the module of the result classes (tau-bench's for its own envs).
    """
    reward, r_outputs, found = _legacy(r_actions, outputs, agent_messages)
    info: Any = (types.RewardActionInfo(r_actions=r_actions, gt_data_hash=gt_hash) if found is None
                 else types.RewardOutputInfo(r_outputs=r_outputs, outputs=found))
    actions: List[Any] = [
        types.Action(name=a.name, kwargs=dict(a.kwargs)) for a in task_actions if a.name != RESPOND_ACTION_NAME
    ]
    return types.RewardResult(reward=reward, info=info, actions=actions), r_outputs
