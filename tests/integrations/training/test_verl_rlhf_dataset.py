"""Rows as verl's own ``RLHFDataset`` hands them to the reward (issue 43).

verl reads its parquet files with ``datasets``: ``extra_info.actions`` (a list of actions) comes
back with every action's ``kwargs`` holding the other actions' keys as null. Before ``dataset_rows``
the eight rows below scored 0.0 (six) or 0.06 (two) through ``compute_score`` instead of their offline reward,
without abstaining. Needs the ``verl`` extra (not installed in CI: skipped, naming it).
"""

from __future__ import annotations

import pytest

pytest.importorskip("verl.utils.dataset.rl_dataset", reason='needs verl: pip install -e ".[verl]"')

from omegaconf import OmegaConf  # noqa: E402
from verl.utils.dataset.rl_dataset import RLHFDataset  # noqa: E402

from tau_shaped.integrations.training.reward_functions import ShapedReward  # noqa: E402
from tau_shaped.integrations.training.verl_adapter import compute_score  # noqa: E402
from tests.integrations.training.test_dataset_round_trip import ROWS, _actions, datasets  # noqa: E402
from tests.integrations.training.training_kit import ByteTokenizer  # noqa: E402


def test_every_row_from_verls_rlhf_dataset_scores_its_offline_reward(tmp_path):
    rows = [{"data_source": "tau_shaped/food_delivery", "prompt": [{"role": "user", "content": "hi"}],
             "reward_model": {"style": "rule", "ground_truth": r["task_id"]},
             "extra_info": r["extra_info"], "completion": r["completion"]} for r in ROWS]
    path = tmp_path / "train.parquet"
    datasets.Dataset.from_list(rows).to_parquet(str(path))
    config = OmegaConf.create({"filter_overlong_prompts": False, "cache_dir": str(tmp_path / "cache")})
    dataset = RLHFDataset(str(path), ByteTokenizer(), config)
    items = [dataset[i] for i in range(len(dataset))]
    first = items[0]["extra_info"]["actions"][0]["kwargs"]
    assert "order_id" in first and first["order_id"] is None  # the premise: Arrow's null-filled keys

    reward = ShapedReward()
    expected = [reward({"actions": _actions(r["task_id"]), "user_replies": r["user_replies"]}, r["task_id"]) for r in ROWS]
    scored = [compute_score(item["data_source"], item["completion"], item["reward_model"]["ground_truth"],
                            item["extra_info"]) for item in items]
    assert [s["score"] for s in scored] == pytest.approx(expected, abs=1e-9)
    assert all(s["abstain"] == 0.0 for s in scored) and expected[0] == pytest.approx(1.24)
