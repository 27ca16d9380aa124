"""TRL's own reward path on the rows read back from parquet: ``GRPOTrainer._calculate_rewards`` (what
``GRPOTrainer`` runs on each generated batch: the dataset's columns as keyword arguments, ``None`` as
NaN, ``log_extra``/``log_metric``) with tau-shaped's reward functions, on the text rows (``prompt``
text, ``completion`` text, the ``actions`` column) and on conversational rows (``prompt_messages``
then ``completion_messages``). The trainer object holds only what that method reads (no model)."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Dict, List

try:
    from scripts.cross_trainer.common import main, result
except ImportError:  # run as a file
    from common import main, result  # type: ignore[no-redef]

NAMES = ["shaped", "outcome", "process", "safety", "legacy"]
SKIP = ("prompt", "completion", "prompt_messages", "completion_messages", "expected", "expected_episode")


def _trainer(funcs: List[Any], logged: Dict[str, List[float]]) -> Any:
    import torch

    def log_extra(key: str, values: List[Any]) -> None:
        logged.setdefault(key.split("/")[-1], []).extend(values)

    return SimpleNamespace(accelerator=SimpleNamespace(device=torch.device("cpu"), is_main_process=True),
                           args=SimpleNamespace(report_to=[]), reward_funcs=funcs,
                           reward_processing_classes=[None] * len(funcs), reward_func_names=list(NAMES),
                           state=SimpleNamespace(global_step=0), environments=None,
                           _log_completion_extra=log_extra, _log_metric=lambda key, value: None)


def calculate(inputs: List[Dict[str, Any]], prompts: List[Any], completions: List[Any],
              trainer_path: bool = True) -> List[Dict[str, float]]:
    """Each completion's values through ``GRPOTrainer._calculate_rewards`` (``trainer_path``; else the
    functions called as that method calls them, without importing trl: the test suite's quick
    path): the five functions' columns, the flags from the completions table (``log_extra``)."""
    from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs

    logged: Dict[str, List[float]] = {}
    funcs = trl_reward_funcs(NAMES)
    if trainer_path:
        from accelerate import PartialState
        from trl import GRPOTrainer

        PartialState()  # what GRPOTrainer's Accelerator sets up: one CPU process (its gather, its logger)
        rewards = GRPOTrainer._calculate_rewards(_trainer(funcs, logged), inputs, prompts, completions,
                                                 [[0]] * len(prompts)).tolist()
    else:
        columns = {k: [row[k] for row in inputs] for k in inputs[0] if k not in ("prompt", "completion", "completion_ids")}
        columns.update(trainer_state=None, log_metric=lambda key, value: None,
                       log_extra=lambda key, values: logged.setdefault(key.split("/")[-1], []).extend(values))
        outputs = [f(prompts=prompts, completions=completions, completion_ids=[[0]] * len(prompts), **columns)
                   for f in funcs]
        rewards = [[math.nan if out[i] is None else out[i] for out in outputs] for i in range(len(prompts))]
    out = []
    for i in range(len(prompts)):
        values = {name: float(rewards[i][j]) for j, name in enumerate(NAMES)}
        got = {"score": values.pop("shaped"), **values}
        got.update({k: float(logged[k][i]) for k in ("abstain", "undetermined", "parse_fault") if k in logged})
        if got.get("abstain") == 1.0:  # NaN: TRL leaves the completion out of the advantage
            assert all(math.isnan(v) for v in values.values()) and math.isnan(got["score"]), (i, got)
            got["score"] = 0.0
        out.append(got)
    return out


def score(rows: List[Dict[str, Any]], parquet: Path, trainer_path: bool = True) -> Dict[str, List[Dict[str, Any]]]:
    text_inputs = [{k: v for k, v in r.items() if k not in SKIP} | {"prompt": "p", "completion": r["completion"]}
                   for r in rows]
    text = calculate(text_inputs, ["p"] * len(rows), [r["completion"] for r in rows], trainer_path)
    chat_rows = [r for r in rows if r["user_replies"] is not None]  # a conversation shows what the customer said
    chat_inputs = [{"task_id": r["task_id"], "prompt": r["prompt_messages"], "completion": r["completion_messages"]}
                   for r in chat_rows]
    chat = calculate(chat_inputs, [r["prompt_messages"] for r in chat_rows], [r["completion_messages"] for r in chat_rows],
                     trainer_path)
    return {"trl_text": [result(r, g) for r, g in zip(rows, text)],
            "trl_conversational": [result(r, g) for r, g in zip(chat_rows, chat)]}


if __name__ == "__main__":
    main(score)
