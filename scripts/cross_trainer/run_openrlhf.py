"""OpenRLHF's two contracts on the rows read back from parquet (OpenRLHF itself does not install on
a CPU machine: its requirements build flash-attn against torch, so its own code is not run here):

- ``openrlhf_reward_server``: tau-shaped's reward server started as OpenRLHF's ``--reward.remote_url``
  reaches it, one HTTP POST of OpenRLHF's request shape (``query`` = prompt + completion,
  ``prompts``, ``labels``: each row's ``extra_info`` with its ``task_id``, the dict a dataset's
  label column holds after Arrow); ``rewards`` and ``extra_logs`` read back;
- ``openrlhf_agent``: the ``AgentInstance`` its ``MultiTurnAgentExecutor`` drives (``reset`` then
  ``step`` per model turn until ``done``), the row's turns as ``action_text``, the rewards summed as
  OpenRLHF sums them."""

from __future__ import annotations

import asyncio
import json
import math
import urllib.request
from pathlib import Path
from typing import Any, Dict, List

try:
    from scripts.cross_trainer.common import main, result
    from scripts.cross_trainer.episodes import replies, text_turns
except ImportError:  # run as a file
    from common import main, result  # type: ignore[no-redef]
    from episodes import replies, text_turns  # type: ignore[no-redef]

PROMPT = "<|user|>Hi, I need some help, please.<|end|>\n<|assistant|>"


def reward_server(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    from tau_shaped.integrations.training.openrlhf_adapter import RewardServer

    server = RewardServer(port=0).start()
    try:
        body = {"query": [PROMPT + r["completion"] for r in rows], "prompts": [PROMPT] * len(rows),
                "labels": [{**r["extra_info"], "task_id": r["task_id"]} for r in rows]}
        request = urllib.request.Request(server.url, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=600) as response:
            answer = json.loads(response.read())
    finally:
        server.stop()
    logs = answer["extra_logs"]
    return [{"score": answer["rewards"][i], **{k: v[i] for k, v in logs.items()}} for i in range(len(rows))]


def agent(row: Dict[str, Any]) -> Dict[str, float]:
    from tau_shaped.integrations.training.openrlhf_adapter import make_agent_session

    session = make_agent_session()()
    label = json.dumps({"task_id": row["task_id"], "user_replies": replies(row)})

    async def drive() -> Dict[str, float]:
        await session.reset({"observation": "", "label": label})
        total, step = 0.0, {}
        for turn in text_turns(row):
            step = await session.step({"action_text": turn, "label": label, "sampling_params": None})
            total += float(step["rewards"].item())
            if step["done"]:
                break
        logs = {k: float(v) for k, v in step["extra_logs"].items()}
        if not logs["abstain"]:
            assert math.isclose(total, float(step["scores"]), abs_tol=1e-6), (row["row_id"], total, step["scores"])
        return {"score": float(step["scores"]), **logs}

    return asyncio.run(drive())


def score(rows: List[Dict[str, Any]], parquet: Path) -> Dict[str, List[Dict[str, Any]]]:
    served = reward_server(rows)
    return {"openrlhf_reward_server": [result(r, g) for r, g in zip(rows, served)],
            "openrlhf_agent": [result(r, agent(r), "expected_episode") for r in rows]}


if __name__ == "__main__":
    main(score)
