"""Milliseconds per rollout inside each trainer adapter, against scoring the same trajectories offline.

Two measures on a batch of 64 (issue 29):

- **the reward call alone**: 64 completions (the last turn of 16 tasks' ground truths, as a Hermes
  call, behind a <think> block, doing nothing, a wrong call) after their ground-truth prefixes,
  scored by TRL's reward function (one call for the batch, components logged), verl's
  ``compute_score`` and OpenRLHF's reward server function (``rewards_for``), against
  ``ShapedReward`` on the same actions offline;
- **a whole episode with the persona customer**: 64 episodes (16 tasks x 4) played turn by turn
  on ``TextEpisode`` (the path of verl's agent loop, OpenRLHF's agent, SkyRL and verifiers: the
  persona answers, per-turn rewards), against scoring each episode's messages offline.

    python scripts/bench_trainer_reward.py [--batch 64] [--repeat 3]

Prints one line per measure (the best of ``--repeat`` runs, ms per rollout). The aim for TRL's
call is at most 2 ms per completion. Deterministic inputs; the timings are the machine's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.evaluation.agents.replay import load_recordings  # noqa: E402
from tau_shaped.integrations.training.openrlhf_adapter import rewards_for  # noqa: E402
from tau_shaped.integrations.training.reward_functions import ShapedReward  # noqa: E402
from tau_shaped.integrations.training.text_turns import TextEpisode, text_actions  # noqa: E402
from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs  # noqa: E402
from tau_shaped.integrations.training.verl_adapter import compute_score  # noqa: E402


def _text(action: Dict[str, Any]) -> str:
    if action["name"] == "respond":
        return action["kwargs"]["content"]
    return "<tool_call>\n" + json.dumps({"name": action["name"], "arguments": action["kwargs"]}) + "\n</tool_call>"


def rollouts(batch: int) -> List[Dict[str, Any]]:
    """``batch`` rows: task, prefix actions, replies, completion text (4 variants per task)."""
    recordings = load_recordings(ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json")
    rows = []
    tasks = sorted(t for t, rs in recordings.items() if rs and rs[0].actions)
    for task in tasks:
        gt = recordings[task][0]
        actions = [{"name": a.name, "kwargs": a.kwargs} for a in gt.actions]
        last = _text(actions[-1])
        wrong = json.dumps({"name": actions[-1]["name"], "arguments": {}})
        for completion in (last, "<think>\nnext step\n</think>\n" + last, "I cannot help with that.", wrong):
            rows.append({"task": task, "prefix": actions[:-1], "replies": list(gt.user_replies or []),
                         "completion": completion, "texts": [_text(a) for a in actions]})
            if len(rows) == batch:
                return rows
    return rows


def best_ms(run: Callable[[], Any], n: int, repeat: int) -> float:
    run()  # warm: envs built, caches filled
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return 1000.0 * best / n


def reward_calls(rows: List[Dict[str, Any]], repeat: int) -> Dict[str, float]:
    n = len(rows)
    trl = trl_reward_funcs(["shaped"])[0]
    offline = ShapedReward()
    columns = {"task_id": [r["task"] for r in rows], "actions": [json.dumps(r["prefix"]) for r in rows],
               "user_replies": [json.dumps(r["replies"]) for r in rows],
               "log_metric": lambda k, v: None, "log_extra": lambda k, v: None}
    labels = [json.dumps({"task_id": r["task"], "actions": r["prefix"], "user_replies": r["replies"]}) for r in rows]
    actions = [r["prefix"] + text_actions(r["completion"]) for r in rows]
    return {
        "offline ShapedReward": best_ms(lambda: [offline({"actions": a, "user_replies": r["replies"]}, r["task"])
                                                 for a, r in zip(actions, rows)], n, repeat),
        "TRL reward_funcs": best_ms(lambda: trl(prompts=["p"] * n, completions=[r["completion"] for r in rows],
                                                **columns), n, repeat),
        "verl compute_score": best_ms(lambda: [compute_score("tau_shaped/food_delivery", r["completion"], r["task"],
                                                             {"actions": r["prefix"], "user_replies": r["replies"]})
                                               for r in rows], n, repeat),
        "OpenRLHF rewards_for": best_ms(lambda: rewards_for([r["completion"] for r in rows], None, labels), n, repeat),
    }


def episodes(rows: List[Dict[str, Any]], repeat: int) -> Dict[str, float]:
    n = len(rows)
    episode = TextEpisode()
    played: List[Dict[str, Any]] = []

    def play() -> None:
        played.clear()
        for r in rows:
            episode.start(r["task"])  # the persona customer answers
            for text in r["texts"][:-1] + [r["completion"]] + ["Goodbye."] * 4:
                if episode.act(text).done:
                    break
            played.append({"task": r["task"], "traj": episode.messages})

    offline = ShapedReward()
    out = {"TextEpisode with the persona (every turn)": best_ms(play, n, repeat)}
    out["offline: the same episodes' messages"] = best_ms(
        lambda: [offline({"traj": p["traj"]}, p["task"]) for p in played], n, repeat)
    episode.close()
    return out


def main(argv: List[str] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rows = rollouts(args.batch)
    print(f"batch of {len(rows)} rollouts, ms per rollout (best of {args.repeat})")
    print("the reward call alone:")
    for name, ms in reward_calls(rows, args.repeat).items():
        print(f"  {name:45s} {ms:7.2f}")
    print("a whole episode:")
    for name, ms in episodes(rows, args.repeat).items():
        print(f"  {name:45s} {ms:7.2f}")


if __name__ == "__main__":
    main()
