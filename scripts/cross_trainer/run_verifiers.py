"""verifiers 0.4's own path on the rows read back from parquet (run in a venv with the verifiers extra,
``uv`` on PATH): its ``EvalConfig`` narrowed to tau-shaped's taskset (``register()``), then ``run_eval``
(what ``vf-eval`` runs: ``vf.load_environment``, the ``null`` chat harness in a subprocess, the
interception server, the MCP tool server), against a local OpenAI-compatible model server that
writes each row's turns (the prefix's texts, the completion, then "Goodbye.").

One ``run_eval`` per task and replies (the taskset's ``user_replies`` is per task): its rollouts, one
per row, run one at a time (``max_concurrent`` 1), so the k-th conversation the model server
opens is the k-th row; the k-th trace is checked to be that conversation's (its task id and the
row's completion among the model's replies)."""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any, Dict, List

try:
    from scripts.cross_trainer.common import result
    from scripts.cross_trainer.episodes import message_turns
except ImportError:  # run as a file
    from common import result  # type: ignore[no-redef]
    from episodes import message_turns  # type: ignore[no-redef]

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout: its tests' stub server
from tests.stub_openai_server import StubServer, completion  # noqa: E402


class ScriptedServer:
    """Chat completions (streamed as server-sent events, as verifiers' harness asks: the tests'
    :class:`~tests.stub_openai_server.StubServer`) that play ``rows`` in turn: a request with no
    assistant message opens the next row's conversation; the n-th assistant turn is the row's
    n-th turn ("Goodbye." past the last)."""

    def __init__(self, rows: List[Dict[str, Any]]) -> None:
        self.rows, self.opened, self.lock = rows, 0, threading.Lock()
        self.server = StubServer(respond=lambda body: completion(self.reply(body.get("messages") or [])))
        self.url = self.server.url

    def reply(self, messages: List[Dict[str, Any]]) -> Dict[str, Any]:
        said = sum(1 for m in messages if m.get("role") == "assistant")
        with self.lock:
            if said == 0:
                self.opened += 1
            row = self.rows[min(self.opened, len(self.rows)) - 1]
        turns = message_turns(row)
        turn = turns[said] if said < len(turns) else "Goodbye."
        if isinstance(turn, str):
            return {"role": "assistant", "content": turn}
        return {"role": "assistant", "content": turn.get("content"), "tool_calls": turn.get("tool_calls")}

    def __enter__(self) -> "ScriptedServer":
        self.server.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.__exit__(*exc)


def run_group(rows: List[Dict[str, Any]], out: Path) -> List[Dict[str, float]]:
    import os

    from verifiers.v1.cli.eval.runner import run_eval
    from verifiers.v1.configs.cli.eval import EvalConfig

    from tau_shaped.integrations.training import verifiers_adapter as va

    task = rows[0]["task_id"]
    replies = rows[0]["extra_info"].get("user_replies")
    taskset = {"id": va.register(), "domain": "food_delivery", "split": "test", "task_ids": [task]}
    if replies is not None:
        taskset["user_replies"] = {task: list(replies)}
    os.environ.setdefault("TAU_SHAPED_STUB_KEY", "scripted")
    with ScriptedServer(rows) as server:
        config = EvalConfig.model_validate({
            "env": {"taskset": taskset}, "model": "scripted",
            "client": {"type": "eval", "base_url": server.url, "api_key_var": "TAU_SHAPED_STUB_KEY"},
            "num_rollouts": len(rows), "max_concurrent": 1, "push": False, "rich": None, "output_dir": str(out)})
        episodes = asyncio.run(run_eval(config))
        assert server.opened == len(rows), (task, server.opened, len(rows))
    traces = [t for e in episodes for t in e.traces]
    assert len(traces) == len(rows), (task, len(traces))
    values = []
    for row, trace in zip(rows, traces):
        info = trace.info.get("tau_shaped") or {}
        assert info.get("task_id") in (None, task), (row["row_id"], info)
        shaped = trace.rewards.get("shaped")
        got = {k: v for k, v in trace.metrics.items() if v is not None}
        got["score"] = shaped.score if shaped is not None else float(trace.reward or 0.0)
        if not trace.ok:
            got["abstain"] = 1.0
            got["why"] = "; ".join(f"{e.type}: {e.message}" for e in trace.errors)[:300]
        values.append(got)
    return values


def groups_of(rows: List[Dict[str, Any]]) -> List[List[int]]:
    """The rows' indices by (task, replies): one ``run_eval`` each."""
    groups: Dict[str, List[int]] = {}
    for i, row in enumerate(rows):
        key = json.dumps([row["task_id"], row["extra_info"].get("user_replies")])
        groups.setdefault(key, []).append(i)
    return list(groups.values())


def shard_of(groups: List[List[int]], shard: int, shards: int) -> List[List[int]]:
    """The groups shard ``shard`` of ``shards`` runs (largest first, each to the least loaded shard)."""
    loads, mine = [0] * shards, []
    for group in sorted(groups, key=len, reverse=True):
        k = loads.index(min(loads))
        loads[k] += len(group)
        if k == shard:
            mine.append(group)
    return mine


def score(rows: List[Dict[str, Any]], parquet: Path, shard: int = 0, shards: int = 1,
          out_file: Path = None) -> Dict[str, List[Dict[str, Any]]]:
    """The rows of this shard's groups (all of them by default); with ``out_file``, the results so far
    are written there after each group (a run cut short keeps what it measured)."""
    results: List[Dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as out:
        for n, indices in enumerate(shard_of(groups_of(rows), shard, shards)):
            group = [rows[i] for i in indices]
            for row, values in zip(group, run_group(group, Path(out) / str(n))):
                entry = result(row, values, "expected_episode")
                if "why" in values:
                    entry["why"] = values["why"]
                results.append(entry)
            if out_file is not None:
                out_file.write_text(json.dumps({"verifiers": results}))
    return {"verifiers": results}


def cli() -> None:
    """``--parquet P --out O [--shard K/N]``: shard K of N runs its groups (N processes side by side)."""
    import argparse

    from tests.integrations.training.completion_set import read_parquet

    parser = argparse.ArgumentParser()
    parser.add_argument("--parquet", required=True, type=Path)
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--shard", default="0/1")
    args = parser.parse_args()
    shard, shards = (int(x) for x in args.shard.split("/"))
    score(read_parquet(args.parquet), args.parquet, shard, shards, args.out)


if __name__ == "__main__":
    cli()
