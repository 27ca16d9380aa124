"""Reward functions for trainers (issue 19): per component and per blend, picklable, None on a fault."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.integrations.training.reward_functions import (
    REWARD_FUNCTIONS,
    GatedReward,
    LegacyReward,
    OutcomeBlendReward,
    OutcomeReward,
    ProcessReward,
    SafetyReward,
    ShapedReward,
    env_for,
)
from tau_shaped.reward.scoring import score_trajectory

ROOT = Path(__file__).resolve().parents[3]
RECORDINGS = load_recordings(ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json")


def find(label, task_prefix="fd-missing"):
    return next((t, r) for t, rs in RECORDINGS.items() for r in rs if r.label == label and t.startswith(task_prefix))


def as_messages(rec):
    """A recording as OpenAI-style chat messages (tau-bench's traj)."""
    messages, replies = [{"role": "user", "content": "Hi"}], list(rec.user_replies)
    for i, a in enumerate(rec.actions):
        if a.name == "respond":
            messages.append({"role": "assistant", "content": a.kwargs["content"]})
            messages.append({"role": "user", "content": replies.pop(0) if replies else ""})
        else:
            messages.append({"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "type": "function",
                             "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}]})
            messages.append({"role": "tool", "tool_call_id": f"c{i}", "content": "..."})
    return messages


CORRECT = find("ground truth")
UNSAFE = find("refunded a fraud-flagged account", "fd-fraud")
WRONG = find("never dispatched", "fd-courier")  # safe, some process credit, wrong outcome


def offline(case, blend="shaped"):
    task_id, rec = case
    env = env_for("food_delivery", "test")
    index = next(i for i, t in enumerate(env.tasks) if t.id == task_id)
    return score_trajectory(env, index, rec.actions, user_replies=rec.user_replies, blend=blend)


@pytest.mark.parametrize("case", [CORRECT, UNSAFE, WRONG], ids=["correct", "unsafe", "wrong"])
def test_each_component_and_blend_matches_the_offline_score(case):
    task_id, rec = case
    trajectory = {"actions": rec.actions, "user_replies": rec.user_replies}
    shaped = offline(case)
    assert OutcomeReward()(trajectory, task_id) == shaped.outcome_reward
    assert ProcessReward()(trajectory, task_id) == shaped.process_reward
    assert SafetyReward()(trajectory, task_id) == (1.0 if shaped.safety_passed else 0.0)
    assert LegacyReward()(trajectory, task_id) == shaped.legacy_reward
    assert ShapedReward()(rec.actions, task_id, user_replies=rec.user_replies) == shaped.reward
    assert ShapedReward(lam=0.0)(trajectory, task_id) == shaped.outcome_reward
    assert OutcomeBlendReward()(trajectory, task_id) == offline(case, "outcome").reward
    assert GatedReward()(trajectory, task_id) == offline(case, "gated").reward


def test_the_three_trajectories_tell_apart():
    values = {}
    for name, (task_id, rec) in {"correct": CORRECT, "unsafe": UNSAFE, "wrong": WRONG}.items():
        t = {"actions": rec.actions, "user_replies": rec.user_replies}
        values[name] = tuple(f(t, task_id) for f in (OutcomeReward(), SafetyReward(), GatedReward(), ShapedReward()))
    assert values["correct"][:3] == (1.0, 1.0, 1.0) and values["correct"][3] > 1.0
    assert values["unsafe"] == (0.0, 0.0, 0.0, 0.0)
    assert values["wrong"][:3] == (0.0, 1.0, 0.0) and 0.0 < values["wrong"][3] < 1.0  # process credit only


def test_chat_messages_score_like_actions():
    task_id, rec = CORRECT
    assert ShapedReward()(as_messages(rec), task_id) == pytest.approx(offline(CORRECT).reward)
    assert ShapedReward()({"traj": as_messages(rec)}, CORRECT[0]) == pytest.approx(offline(CORRECT).reward)


@pytest.mark.parametrize("name", sorted(REWARD_FUNCTIONS))
def test_every_function_pickles_with_its_settings_and_counter(name):
    task_id, rec = CORRECT
    f = REWARD_FUNCTIONS[name](lam=0.5, allow_none=False, fallback=-1.0)
    f([{"name": ""}], task_id)
    g = pickle.loads(pickle.dumps(f))
    assert type(g) is type(f) and (g.lam, g.allow_none, g.fallback, g.faults) == (0.5, False, -1.0, 1)
    assert g.__name__ == type(f).__name__
    t = {"actions": rec.actions, "user_replies": rec.user_replies}
    assert g(t, task_id) == f(t, task_id)


MALFORMED = [
    [{"name": "", "kwargs": {}}],  # an action without a name
    [{"name": "respond", "kwargs": {"content": 3}}],  # a respond without text
    [{"role": "assistant", "content": None, "tool_calls": [{"function": {"name": "x", "arguments": "{oops"}}]}],
    "not a list",
]


@pytest.mark.parametrize("trajectory", MALFORMED)
@pytest.mark.parametrize("cls", [OutcomeReward, ProcessReward, SafetyReward, LegacyReward, ShapedReward, GatedReward])
def test_a_malformed_trajectory_is_none_or_the_counted_fallback(cls, trajectory):
    f = cls()
    assert f(trajectory, CORRECT[0]) is None and f.faults == 1
    g = cls(allow_none=False, fallback=0.0)
    assert g(trajectory, CORRECT[0]) == 0.0 and g.faults == 1
    assert g(trajectory, CORRECT[0]) == 0.0 and g.faults == 2


def test_an_unknown_task_is_the_callers_mistake():
    with pytest.raises(KeyError):
        ShapedReward()([], "fd-no-such-task")
    with pytest.raises(IndexError):
        ShapedReward()([], 10_000)
    with pytest.raises(ValueError):
        ShapedReward(lam=-1)
