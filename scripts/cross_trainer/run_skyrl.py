"""skyrl-gym's own path on the rows read back from parquet: ``skyrl_gym.make("tau_shaped", extras=row)``
(the env registered by ``register_env``), ``init`` then ``step`` per model turn until ``done``, the
rewards summed as SkyRL sums them, ``get_metrics()`` for the components."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Dict, List

try:
    from scripts.cross_trainer.common import main, result
    from scripts.cross_trainer.episodes import text_turns
except ImportError:  # run as a file
    from common import main, result  # type: ignore[no-redef]
    from episodes import text_turns  # type: ignore[no-redef]


def episode(row: Dict[str, Any]) -> Dict[str, float]:
    import skyrl_gym

    from tau_shaped.integrations.training.skyrl_adapter import register_env

    env = skyrl_gym.make(register_env(), env_config={}, extras={
        "env_class": "tau_shaped", "reward_spec": {"method": "rule", "ground_truth": row["task_id"]},
        "extra_info": row["extra_info"]})
    env.init(row["prompt"])
    rewards = []
    for turn in text_turns(row):
        out = env.step(turn)
        rewards.append(out["reward"])
        if out["done"]:
            break
    values = env.get_metrics()
    env.close()
    if not values["abstain"]:
        assert math.isclose(math.fsum(rewards), values["score"], abs_tol=1e-6), (row["row_id"], rewards, values)
    return values


def score(rows: List[Dict[str, Any]], parquet: Path) -> Dict[str, List[Dict[str, Any]]]:
    return {"skyrl_gym": [result(r, episode(r), "expected_episode") for r in rows]}


if __name__ == "__main__":
    main(score)
