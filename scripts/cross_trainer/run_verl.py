"""verl's own paths on the parquet file (run in a venv with verl, ``pip install -e ".[verl]"``):

- ``verl_compute_score``: verl's ``RLHFDataset`` reads the parquet file (its own ``datasets`` load,
  Arrow's nulls and all) and each item's ``data_source``, ``completion``, ``reward_model.ground_truth``
  and ``extra_info`` go to tau-shaped's ``compute_score`` as verl's reward manager passes them;
- ``verl_agent_loop``: verl's ``AgentLoopWorker._run_agent_loop`` with its trainer config composed by
  hydra (``default_agent_loop=tau_shaped_agent``, the README's setting), the agent looked up in
  verl's registry, a scripted model (``training_kit.ScriptedModel``) writing the row's turns."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Dict, List

try:
    from scripts.cross_trainer.common import main, result
    from scripts.cross_trainer.episodes import text_turns
except ImportError:  # run as a file
    from common import main, result  # type: ignore[no-redef]
    from episodes import text_turns  # type: ignore[no-redef]


def dataset_items(parquet: Path) -> List[Dict[str, Any]]:
    from omegaconf import OmegaConf
    from verl.utils.dataset.rl_dataset import RLHFDataset

    from tests.integrations.training.training_kit import ByteTokenizer

    with tempfile.TemporaryDirectory() as cache:
        config = OmegaConf.create({"filter_overlong_prompts": False, "cache_dir": cache})
        dataset = RLHFDataset(str(parquet), ByteTokenizer(), config)
        return [dataset[i] for i in range(len(dataset))]


def trainer_config() -> Any:
    import verl
    from hydra import compose, initialize_config_dir

    config_dir = os.path.join(os.path.dirname(verl.__file__), "trainer", "config")
    with initialize_config_dir(config_dir=config_dir, version_base=None):
        return compose(config_name="ppo_trainer", overrides=[
            "actor_rollout_ref.rollout.agent.default_agent_loop=tau_shaped_agent",
            "actor_rollout_ref.rollout.response_length=400000"])


def agent_loop(config: Any, item: Dict[str, Any], row: Dict[str, Any]) -> Dict[str, float]:
    from verl.experimental.agent_loop import agent_loop as loop

    from tests.integrations.training.training_kit import ByteTokenizer, ScriptedModel

    tokenizer = ByteTokenizer()

    async def postprocess(output: Any, validate: Any, **kwargs: Any) -> Any:
        return output

    worker = SimpleNamespace(config=config, llm_client=ScriptedModel(text_turns(row)[:-3], tokenizer),
                             tokenizer=tokenizer, processor=None, hf_model_type=None, dataset_cls=None, tools=[],
                             _agent_loop_postprocess=postprocess)
    trajectory = {"step": 0, "sample_index": 0, "rollout_n": 0, "validate": False}
    out = asyncio.run(loop.AgentLoopWorker._run_agent_loop(
        worker, {"temperature": 1.0}, trajectory, agent_name=config.actor_rollout_ref.rollout.agent.default_agent_loop,
        extra_info=item["extra_info"], data_source=item["data_source"]))
    info = dict(out.extra_fields["reward_extra_info"])
    info["score"] = float(out.reward_score) if not info.get("abstain") else info.get("score", 0.0)
    return info


def score(rows: List[Dict[str, Any]], parquet: Path) -> Dict[str, List[Dict[str, Any]]]:
    from tau_shaped.integrations.training.verl_adapter import compute_score

    items = dataset_items(parquet)
    assert [i["extra_info"]["task_id"] for i in items] == [r["task_id"] for r in rows]
    scored = [compute_score(i["data_source"], i["completion"], i["reward_model"]["ground_truth"], i["extra_info"])
              for i in items]
    config = trainer_config()
    return {"verl_compute_score": [result(r, s) for r, s in zip(rows, scored)],
            "verl_agent_loop": [result(r, agent_loop(config, i, r), "expected_episode") for r, i in zip(rows, items)]}


if __name__ == "__main__":
    main(score)
