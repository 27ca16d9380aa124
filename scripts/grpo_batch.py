"""A GRPO-shaped batch of rollouts for the bundled domain (issue 20's benchmark input).

    python scripts/grpo_batch.py OUT.jsonl [--tasks 1024] [--rollouts 8]

Distinct train tasks (spread over the seeded worlds, in the task file's order), each with
``rollouts`` results records, as ``tau-shaped run`` writes them (JSON lines: ``task_id``,
``trial``, ``info.task``, the chat ``traj`` with the system prompt, tool calls, tool
answers and the user's replies). The rollouts of a task, built from its ground truth:

    0 the ground truth                      4 a write's amount 5 dollars higher (a breach)
    1 a valid alternative: a refund as      5 no question before the writes (a process breach)
      wallet credit, else one more look-up  6 an apology credit nobody asked for (a breach)
    2 a failed look-up first, then the GT   7 idle (a greeting only) or, every other task, a
    3 the last write left out (a failure)     tool call whose arguments are not JSON (input_invalid)

Deterministic: the same file, byte for byte, for the same arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.env.episode_runner import EpisodeRunner  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402

WRITES = {"issue_refund", "issue_apology_credit", "cancel_order", "create_replacement_order", "change_delivery_address",
          "dispatch_replacement_courier", "plan_delivery_route", "propose_substitution", "confirm_substitution",
          "escalate_to_fraud_team"}
Step = Tuple[str, Dict[str, Any]]


def _steps(task: Any) -> List[Step]:
    return [(a.name, dict(a.kwargs)) for a in task.actions]


def _order_of(steps: List[Step]) -> Optional[str]:
    return next((kw["order_id"] for _, kw in steps if "order_id" in kw), None)


def variants(task: Any, index: int) -> List[Tuple[str, List[Step]]]:
    gt = _steps(task)
    writes = [i for i, (name, _) in enumerate(gt) if name in WRITES]
    refund = next((i for i, (name, kw) in enumerate(gt) if name == "issue_refund" and kw.get("method") == "original_payment"), None)
    if refund is not None:  # the question before it offers the wallet credit instead (asked, then done)
        alt = [(n, dict(kw, method="wallet_credit") if i == refund else
                dict(kw, content=kw["content"].replace("to your card", "as wallet credit")) if i == refund - 1 and n == "respond"
                else kw) for i, (n, kw) in enumerate(gt)]
    else:
        alt = gt[:-1] + [("get_customer_details", {"customer_id": task.user_id})] + gt[-1:]
    retry = [("get_order_details", {"order_id": "FD-00000"})] + gt
    missing = [s for i, s in enumerate(gt) if not writes or i != writes[-1]]
    money = next((i for i, (_, kw) in enumerate(gt) if isinstance(kw.get("amount"), (int, float))), None)
    wrong = [(n, dict(kw, amount=round(kw["amount"] + 5, 2)) if i == money else kw) for i, (n, kw) in enumerate(gt)]
    if money is None:
        wrong = [(n, dict(kw, order_id="FD-10001") if i in writes[:1] and "order_id" in kw else kw) for i, (n, kw) in enumerate(gt)]
    unasked = [(n, kw) for i, (n, kw) in enumerate(gt) if not (n == "respond" and i + 1 < len(gt) and gt[i + 1][0] in WRITES)]
    order = _order_of(gt) or "FD-10001"
    stray = gt + [("respond", {"content": f"I will add a $15.00 apology credit to order {order}. Is that OK?"}),
                  ("issue_apology_credit", {"customer_id": task.user_id, "order_id": order, "amount": 15.0, "reason": "sorry"})]
    last = [("respond", {"content": "Hello! How can I help you today?"})] if index % 2 else [("get_order_details", None)]
    return [("ground_truth", gt), ("valid_alternative", alt), ("failed_lookup_first", retry), ("missing_write", missing),
            ("amount_plus_5", wrong), ("no_confirmation", unasked), ("stray_credit", stray),
            ("idle" if index % 2 else "malformed_call", last)]


def traj(task: Any, wiki: str, steps: List[Step], observations: Dict[str, str]) -> List[Dict[str, Any]]:
    """The chat messages of a rollout: system prompt, the user's request, each turn."""
    messages: List[Dict[str, Any]] = [{"role": "system", "content": wiki},
                                      {"role": "user", "content": task.instruction.split(". ", 1)[-1]}]
    for n, (name, kwargs) in enumerate(steps):
        if name == "respond":
            messages.append({"role": "assistant", "content": kwargs["content"]})
            asked = kwargs["content"].rstrip().endswith("?")
            messages.append({"role": "user", "content": "Yes, please go ahead." if asked else "Thank you."})
            continue
        arguments = json.dumps(kwargs) if kwargs is not None else "{'order_id': FD-1"  # not JSON
        call_id = f"call_{n}"
        messages.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}]})
        key = json.dumps([name, kwargs], sort_keys=True)
        messages.append({"role": "tool", "tool_call_id": call_id, "name": name,
                         "content": observations.get(key, '{"error": "not found"}')})
    return messages


def records(tasks_count: int = 1024, rollouts: int = 8) -> Iterator[Dict[str, Any]]:
    domain = load_domain("food_delivery")
    tasks = domain.tasks("train")
    env = domain.make_env(tasks=tasks, task_index=0)
    for index, task in enumerate(tasks[:tasks_count]):
        runner = EpisodeRunner(env.initial_state(task.seed), env.tools_map, task.seed)
        runner.replay(task.actions)
        observations = {json.dumps([s.action.name, s.action.kwargs], sort_keys=True): s.observation
                        for s in runner.trajectory.steps if not s.is_respond}
        dumped = task.model_dump(mode="json")
        for trial, (label, steps) in enumerate(variants(task, index)[:rollouts]):
            yield {"task_id": index, "trial": trial, "reward": 0.0,
                   "info": {"task_key": task.id, "task": dumped, "rollout": label},
                   "traj": traj(task, env.wiki, steps, observations)}


def write(path: Path, tasks_count: int = 1024, rollouts: int = 8) -> int:
    count = 0
    with open(path, "w", encoding="utf-8") as handle:
        for record in records(tasks_count, rollouts):
            handle.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
            count += 1
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--tasks", type=int, default=1024)
    parser.add_argument("--rollouts", type=int, default=8)
    args = parser.parse_args()
    count = write(args.out, args.tasks, args.rollouts)
    print(f"wrote {count} rollouts to {args.out} ({args.out.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
