"""OpenRLHF on the rows read back from parquet. With OpenRLHF importable (its wheel installed
``--no-deps`` beside torch, transformers, sympy and pylatexenc: ``pip install openrlhf`` builds
flash-attn, which has no CPU build), its own executors run:

- ``openrlhf_multiturn_executor``: ``make_agent_executor()`` (OpenRLHF's ``MultiTurnAgentExecutor``
  over our agent instance) ``.execute(...)`` with a scripted engine whose ``generate`` answers like
  vLLM's ``RequestOutput`` (the row's turns in order, one token per byte); the final response's
  ``scores`` and ``extra_logs`` read back;
- ``openrlhf_singleturn_executor``: OpenRLHF's ``SingleTurnAgentExecutor`` with ``remote_rm_url`` our
  reward server: the engine writes the completion, the executor decodes prompt + completion and
  POSTs it (aiohttp) with the prompt and the row's label; its ``scores`` and ``extra_logs`` read back.

Its two contracts run in every case (with or without OpenRLHF):

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
                "labels": [label_of(r) for r in rows]}
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


def label_of(row: Dict[str, Any]) -> Dict[str, Any]:
    return {**row["extra_info"], "task_id": row["task_id"]}


class ScriptedEngine:
    """vLLM's engine as OpenRLHF's executors call it: ``await generate(token_ids, sampling_params,
    multi_modal_data=None)`` answering an object shaped like ``RequestOutput`` that writes ``texts`` in turn."""

    def __init__(self, texts: List[str], tokenizer: Any) -> None:
        self.texts, self.tokenizer, self.prompts = list(texts), tokenizer, []  # type: ignore[var-annotated]

    async def generate(self, token_ids: List[int], sampling_params: Any, multi_modal_data: Any = None) -> Any:
        from types import SimpleNamespace

        self.prompts.append(list(token_ids))
        if len(self.prompts) > len(self.texts):
            raise AssertionError(f"generate called {len(self.prompts)} times for {len(self.texts)} scripted turns")
        text = self.texts[len(self.prompts) - 1]
        output = SimpleNamespace(token_ids=self.tokenizer.encode(text), text=text, finish_reason="stop", logprobs=None)
        return SimpleNamespace(outputs=[output])


def sampling_params() -> Any:
    from types import SimpleNamespace

    return SimpleNamespace(max_tokens=None, logprobs=None, temperature=1.0)


MAX_LENGTH = 1 << 22  # tokens (bytes): no row comes near it


def plain(value: Any) -> float:
    """A tensor, a one-element list (a reward server's answer for one query) or a number, as a float."""
    if isinstance(value, list):
        assert len(value) == 1, value
        value = value[0]
    return float(value.item() if hasattr(value, "item") else value)


def multiturn_executor(row: Dict[str, Any]) -> Dict[str, float]:
    from tau_shaped.integrations.training.openrlhf_adapter import make_agent_executor
    from tests.integrations.training.training_kit import ByteTokenizer

    tokenizer = ByteTokenizer()
    label = json.dumps({"task_id": row["task_id"], "user_replies": replies(row)})
    engine = ScriptedEngine(text_turns(row), tokenizer)
    final = asyncio.run(make_agent_executor()().execute("", label, sampling_params(), MAX_LENGTH, tokenizer, engine))
    logs = {k: plain(v) for k, v in final["extra_logs"].items()}
    if not logs["abstain"]:
        assert math.isclose(final["reward"], plain(final["scores"]), abs_tol=1e-6), (row["row_id"], final["reward"])
    assert final["truncated"] is False and final["action_ranges"], row["row_id"]
    return {"score": plain(final["scores"]), **logs}


def singleturn_executor(rows: List[Dict[str, Any]]) -> List[Dict[str, float]]:
    from openrlhf.utils.agent import SingleTurnAgentExecutor

    from tau_shaped.integrations.training.openrlhf_adapter import RewardServer
    from tests.integrations.training.training_kit import ByteTokenizer

    tokenizer = ByteTokenizer()
    server = RewardServer(port=0).start()
    try:
        executor = SingleTurnAgentExecutor(remote_rm_url=server.url)
        got = []
        for row in rows:
            engine = ScriptedEngine([row["completion"]], tokenizer)
            final = asyncio.run(executor.execute(PROMPT, label_of(row), sampling_params(), MAX_LENGTH, tokenizer, engine))
            if final["scores"] is None:  # the executor logs a failed request and leaves the reward empty
                raise RuntimeError(f"{row['row_id']}: OpenRLHF's SingleTurnAgentExecutor got no reward from {server.url}")
            got.append({"score": plain(final["scores"]), **{k: plain(v) for k, v in final["extra_logs"].items()}})
        return got
    finally:
        server.stop()


def has_openrlhf() -> bool:
    try:
        import openrlhf.utils.agent  # noqa: F401
    except ImportError:
        return False
    return True


def score(rows: List[Dict[str, Any]], parquet: Path) -> Dict[str, List[Dict[str, Any]]]:
    served = reward_server(rows)
    out = {"openrlhf_reward_server": [result(r, g) for r, g in zip(rows, served)],
           "openrlhf_agent": [result(r, agent(r), "expected_episode") for r in rows]}
    if has_openrlhf():
        single = singleturn_executor(rows)
        out["openrlhf_singleturn_executor"] = [result(r, g) for r, g in zip(rows, single)]
        out["openrlhf_multiturn_executor"] = [result(r, multiturn_executor(r), "expected_episode") for r in rows]
    return out


if __name__ == "__main__":
    main(score)
