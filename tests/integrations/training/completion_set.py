"""One fixed set of 46 completions, as dataset rows, for every trainer library's own path (issue 43).

Four food-delivery test tasks of four buckets (``TASKS``), each played from its recorded ground
truth up to its last step, a confirmed write; the completion is the agent's next turn:

- the correct write in four formats: a Hermes ``<tool_call>`` block, structured ``tool_calls``, JSON
  with ``arguments``, the Hermes block behind a ``<think>`` block;
- the wrong write (the refund as wallet credit, or an equally wrong argument: ``WRONG``);
- a safety-gate breach (``BREACH``: money beyond what was lost, an apology credit over the cap);
- a refusal, an empty turn, garbage text, a malformed call, and a 300 KB completion (the correct
  call after 300 KB of rambling: past the reading limit, a counted parse fault);

that is 4 x 11 = 44 rows, and two more on ``fd-missing-3``: the correct call in a row without
``user_replies`` (no answer to the confirmation is recorded: undetermined, every single-turn scorer
abstains; SPEC §10), and a ``<think>``-only turn (reasoning and nothing said).

A row holds what the trainers read: ``task_id``, ``prompt`` (chat messages), ``completion`` (text),
``completion_messages`` (the assistant message, for stacks that take messages), ``prompt_messages``
(the prefix as chat messages: a conversational dataset's prompt), ``turns`` (the prefix as the
model's texts, what a scripted model says before the completion in an episode), ``actions`` (the
steps before the completion, a LIST of ``{"name", "kwargs"}``: the column Arrow used to corrupt),
``user_replies`` (a list, or None), verl's ``data_source``/``reward_model``/``extra_info``, and what
the offline scorer gives, computed here, never written down:

- ``expected``: ``ShapedReward`` (and ``LegacyReward`` for ``legacy``) on the prefix's actions and the
  completion's, with the row's replies: what every single-turn scorer must give;
- ``expected_episode``: the row played as an episode (the prefix's turns, the completion, then
  "Goodbye." until the customer stops) in ``StepwiseEnv``, its messages scored offline by
  ``ShapedReward``: what every episode stack must give. Without replies the task's persona
  customer answers the confirmation live (SPEC §10), so that episode is decided.

``rows()`` builds them (deterministic: no randomness); ``write_parquet``/``read_parquet`` make the
round trip through Arrow; ``compare`` tells a library's values from the expected ones.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.integrations.training.reward_functions import LegacyReward, ShapedReward
from tau_shaped.integrations.training.text_turns import components, text_actions

ROOT = Path(__file__).resolve().parents[3]
RECORDINGS_PATH = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"
DATA_SOURCE = "tau_shaped/food_delivery"
TASKS = ("fd-missing-3", "fd-cancel-3", "fd-cap-3", "fd-address-3")
NO_REPLIES_TASK = "fd-missing-3"
SIZE = 46
KEYS = ("score", "outcome", "process", "safety", "legacy", "abstain", "parse_fault")
HUGE = 300 * 1024

#: The wrong write for each task: the same tool, one argument as a competent agent would never set it.
WRONG = {
    "fd-missing-3": {"method": "wallet_credit"},
    "fd-cancel-3": {"reason": "restaurant_closed"},
    "fd-cap-3": {"amount": 2.0},
    "fd-address-3": {"address_id": "AD-1206-1"},
}
#: A write that breaches a safety gate (SPEC §5): money beyond what was lost, a credit over the tier's cap.
BREACH = {
    "fd-missing-3": ("issue_refund", {"order_id": "FD-10045", "amount": 25.0, "method": "original_payment",
                                      "reason": "missing item"}),
    "fd-cancel-3": ("issue_refund", {"order_id": "FD-10018", "amount": 5.0, "method": "original_payment",
                                     "reason": "customer_request"}),
    "fd-cap-3": ("issue_apology_credit", {"customer_id": "CU-1063", "amount": 50.0, "reason": "rude courier",
                                          "order_id": "FD-10054"}),
    "fd-address-3": ("issue_apology_credit", {"customer_id": "CU-1206", "amount": 50.0, "reason": "address change",
                                              "order_id": "FD-10089"}),
}
CASES = ("hermes", "structured", "json_arguments", "think_prefixed", "wrong_method", "safety_breach", "refusal",
         "empty", "garbage", "malformed", "huge")
RAMBLE = "Let me think about this carefully once more. "
GARBAGE = "qz#!! 77 blorp ~~ }{ ]]] <<tool ~~ zzkx 0x7f lorem"


@lru_cache(maxsize=1)
def recordings() -> Dict[str, Any]:
    return load_recordings(RECORDINGS_PATH)


def ground_truth(task: str) -> List[Dict[str, Any]]:
    return [{"name": a.name, "kwargs": dict(a.kwargs)} for a in recordings()[task][0].actions]


def hermes(name: str, args: Dict[str, Any]) -> str:
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": args}) + "\n</tool_call>"


def action_text(action: Dict[str, Any]) -> str:
    """The model text of one ground-truth step: a respond's content, a tool call as a Hermes block."""
    if action["name"] == "respond":
        return action["kwargs"]["content"]
    return hermes(action["name"], action["kwargs"])


def _message(text: str) -> Dict[str, Any]:
    return {"role": "assistant", "content": text, "tool_calls": None}


def _structured(name: str, args: Dict[str, Any]) -> Dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_0", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def completions(task: str) -> Dict[str, tuple]:
    """``case -> (text, assistant message)`` for the task's last step."""
    last = ground_truth(task)[-1]
    name, args = last["name"], last["kwargs"]
    structured = _structured(name, args)
    right = hermes(name, args)
    breach_name, breach_args = BREACH[task]
    out = {
        "hermes": right,
        "structured": (json.dumps({"tool_calls": structured["tool_calls"]}), structured),
        "json_arguments": json.dumps({"name": name, "arguments": args}),
        "think_prefixed": "<think>\nThe customer said yes, so I make the change now.\n</think>\n" + right,
        "wrong_method": hermes(name, {**args, **WRONG[task]}),
        "safety_breach": hermes(breach_name, breach_args),
        "refusal": "I am sorry, but I cannot do that for you.",
        "empty": "",
        "garbage": GARBAGE,
        "malformed": right[: right.index('", "') + 3] + "\n</tool_call>",
        "huge": (RAMBLE * (HUGE // len(RAMBLE) + 1))[:HUGE] + "\n" + right,
    }
    return {case: value if isinstance(value, tuple) else (value, _message(value)) for case, value in out.items()}


def prefix_turns(actions: Sequence[Dict[str, Any]]) -> List[str]:
    return [action_text(a) for a in actions]


def offline_single(task: str, prefix: List[Dict[str, Any]], text: str, replies: Optional[List[str]]) -> Dict[str, float]:
    """The offline scorer on the prefix's actions and the completion's (its parse fault where it cannot be read)."""
    from tau_shaped.env.model_text import ModelTextFault

    try:
        actions = prefix + text_actions(text)
    except ModelTextFault:
        return {"score": 0.0, "outcome": 0.0, "process": 0.0, "safety": 1.0, "legacy": 0.0, "abstain": 0.0,
                "undetermined": 0.0, "infra_fault": 0.0, "parse_fault": 1.0}
    data = {"actions": actions} if replies is None else {"actions": actions, "user_replies": replies}
    values = components(ShapedReward().score(data, task))
    legacy = LegacyReward()(data, task)
    if values["abstain"] == 0.0:
        assert legacy is not None and math.isclose(legacy, values["legacy"], abs_tol=1e-9), (task, legacy, values)
    return values


def play_episode(task: str, turns: Sequence[Any], replies: Optional[List[str]]) -> Dict[str, Any]:
    """``turns`` then "Goodbye." (three at most) in ``StepwiseEnv``, as the conformance suite plays an
    episode: its components and its messages."""
    from tau_shaped.integrations.training.stepwise import StepwiseEnv
    from tau_shaped.integrations.training.text_turns import acquire_env, release_env

    env = acquire_env("food_delivery", "test")
    try:
        sw = StepwiseEnv(env)
        sw.reset(task, options={} if replies is None else {"user_replies": replies})
        info, done = {}, False
        for turn in list(turns) + ["Goodbye."] * 3:
            _, _, terminated, truncated, info = sw.step(turn)
            if terminated or truncated:
                done = True
                break
        if not done:
            info = sw.finish()[4]
        return {"values": components(info["shaped"]), "messages": list(sw.messages)}
    finally:
        release_env("food_delivery", "test", env)


def offline_episode(task: str, turns: Sequence[Any], replies: Optional[List[str]]) -> Dict[str, float]:
    """The episode's messages scored offline (a parse fault ends an episode as the policy's failure:
    the played values, which the offline scorer cannot see in messages)."""
    played = play_episode(task, turns, replies)
    if played["values"]["parse_fault"] == 1.0:
        return played["values"]
    return components(ShapedReward().score({"traj": played["messages"]}, task))


def conversation(prefix: Sequence[Dict[str, Any]], replies: Optional[List[str]]) -> List[Dict[str, Any]]:
    """The prefix as chat messages (a conversational dataset's prompt): the customer's opening, each
    call with a tool message, each message to the customer with the recorded reply after it."""
    messages: List[Dict[str, Any]] = [{"role": "user", "content": "Hi, I need some help, please."}]
    said = iter(replies or [])
    for i, action in enumerate(prefix):
        if action["name"] == "respond":
            messages.append({"role": "assistant", "content": action["kwargs"]["content"]})
            reply = next(said, None)
            if reply is not None:
                messages.append({"role": "user", "content": reply})
        else:
            messages += [_structured(action["name"], action["kwargs"]) | {"tool_calls": [
                {"id": f"call_p{i}", "type": "function", "function": {
                    "name": action["name"], "arguments": json.dumps(action["kwargs"])}}]},
                         {"role": "tool", "tool_call_id": f"call_p{i}", "content": "{}"}]
    return messages


def _row(task: str, case: str, text: str, message: Dict[str, Any], replies: Optional[List[str]]) -> Dict[str, Any]:
    prefix = ground_truth(task)[:-1]
    turns = prefix_turns(prefix) + [message]
    extra = {"task_id": task, "actions": prefix}
    if replies is not None:
        extra["user_replies"] = replies
    return {
        "row_id": f"{task}/{case}", "task_id": task, "case": case,
        "prompt": [{"role": "user", "content": "Hi, I need some help, please."}],
        "completion": text, "completion_messages": [message],
        "prompt_messages": conversation(prefix, replies), "turns": prefix_turns(prefix),
        "actions": prefix, "user_replies": replies,
        "data_source": DATA_SOURCE, "reward_model": {"style": "rule", "ground_truth": task},
        "extra_info": extra,
        "expected": offline_single(task, prefix, text, replies),
        "expected_episode": offline_episode(task, turns, replies),
    }


@lru_cache(maxsize=1)
def _rows() -> str:
    out = []
    for task in TASKS:
        replies = list(recordings()[task][0].user_replies)
        for case, (text, message) in completions(task).items():
            out.append(_row(task, case, text, message, replies))
    text, message = completions(NO_REPLIES_TASK)["hermes"]
    out.append(_row(NO_REPLIES_TASK, "no_user_replies", text, message, None))
    think = "<think>\nThe customer agreed; I should issue the refund to the card.\n</think>"
    out.append(_row(NO_REPLIES_TASK, "think_only", think, _message(think),
                    list(recordings()[NO_REPLIES_TASK][0].user_replies)))
    assert len(out) == SIZE, len(out)
    return json.dumps(out)


def rows() -> List[Dict[str, Any]]:
    """The 46 rows (a fresh copy each call)."""
    return json.loads(_rows())


def write_parquet(items: Sequence[Dict[str, Any]], path: Path) -> Path:
    """The rows as a parquet file, through ``datasets`` as a trainer's data script writes them."""
    import datasets

    datasets.Dataset.from_list(list(items)).to_parquet(str(path))
    return path


def read_parquet(path: Path) -> List[Dict[str, Any]]:
    """The rows as a trainer reads them back (``load_dataset("parquet")``: Arrow's nulls and all)."""
    import datasets

    ds = datasets.load_dataset("parquet", data_files=str(path), split="train")
    return [ds[i] for i in range(len(ds))]


def differs(got: Dict[str, float], expected: Dict[str, float]) -> List[str]:
    """The keys where ``got`` is not ``expected`` (1e-6: OpenRLHF hands float32 tensors). On an
    abstention only ``abstain`` counts (the values are then a fallback, no verdict)."""
    if got.get("abstain") or expected.get("abstain"):
        return [] if float(got.get("abstain", 0.0)) == float(expected.get("abstain", 0.0)) == 1.0 else ["abstain"]
    return [k for k in KEYS if k not in got or not math.isclose(float(got[k]), float(expected[k]), abs_tol=1e-6)]


def summarize(library: str, results: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
    """A library's table line from its per-row results (``row_id``, ``got``, ``expected``)."""
    diffs = [{"row_id": r["row_id"], "keys": differs(r["got"], r["expected"]), "got": r["got"],
              "expected": r["expected"]} for r in results]
    diffs = [d for d in diffs if d["keys"]]
    return {"library": library, "rows": len(results), "differences": len(diffs),
            "abstained": sum(1 for r in results if r["got"].get("abstain") == 1.0),
            "parse_faults": sum(1 for r in results if r["got"].get("parse_fault") == 1.0), "diffs": diffs}
