"""The step-wise environment (issue 19): per-step shaped rewards that sum to the offline score."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tau_shaped.env.users import ScriptedUser
from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.integrations.training.stepwise import StepwiseEnv
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.domains import load_domain

ROOT = Path(__file__).resolve().parents[2]
RECORDINGS = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json"


@pytest.fixture(scope="module")
def env():
    return load_domain("food_delivery").make_env(task_split="test")


@pytest.fixture(scope="module")
def recordings():
    recs = load_recordings(RECORDINGS)
    return [(task_id, rec) for task_id, items in recs.items() for rec in items]


def turn(action, i):
    if action.name == "respond":
        return {"role": "assistant", "content": action.kwargs["content"]}
    call = {"id": f"call_{i}", "type": "function", "function": {"name": action.name, "arguments": json.dumps(action.kwargs)}}
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def play(senv, task_id, rec, **reset):
    """Replay ``rec`` one action per turn; the per-step rewards and the last info."""
    senv.reset(task_id, options={"recording": rec}, **reset)
    rewards, info, played = [], {}, 0
    for i, action in enumerate(rec.actions):
        _, reward, terminated, truncated, info = senv.step(turn(action, i))
        rewards.append(reward)
        played += 1
        if terminated or truncated:
            break
    if not senv.done:
        _, reward, terminated, truncated, info = senv.finish()
        assert truncated and not terminated
        rewards.append(reward)
    assert played == len(rec.actions), "the user stopped before the recording ended"
    return rewards, info


def test_every_recording_step_rewards_sum_to_the_offline_score(env, recordings):
    assert len(recordings) == 232
    senv = StepwiseEnv(env, max_steps=200)
    dense_before_end = 0
    for task_id, rec in recordings:
        rewards, info = play(senv, task_id, rec)
        offline = score_trajectory(env, env.task_index, rec.actions, user_replies=rec.user_replies)
        assert offline.status == "ok"
        assert abs(math.fsum(rewards) - offline.reward) <= 1e-9, (task_id, rec.label, rewards, offline.reward)
        assert info["shaped"].reward == pytest.approx(offline.reward, abs=1e-12)
        assert info["step_rewards"] == rewards and info["abstain"] is False
        dense_before_end += any(r > 0 for r in rewards[:-1])
    assert dense_before_end > 100  # process credit arrives before the end, not all at once


def test_a_fired_gate_takes_back_earlier_credit(env, recordings):
    task_id, rec = next((t, r) for t, r in recordings if r.label == "refunded a fraud-flagged account")
    rewards, info = play(StepwiseEnv(env, max_steps=200), task_id, rec)
    assert not info["shaped"].safety_passed and info["shaped"].reward == 0.0
    assert any(r > 0 for r in rewards[:-1]) and rewards[-1] < 0
    assert math.fsum(rewards) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("blend", ["outcome", "gated"])
def test_blends_without_a_process_term_pay_only_at_the_end(env, recordings, blend):
    task_id, rec = next((t, r) for t, r in recordings if r.label == "ground truth")
    rewards, info = play(StepwiseEnv(env, blend=blend, max_steps=200), task_id, rec)
    assert all(r == 0.0 for r in rewards[:-1])
    assert rewards[-1] == info["shaped"].reward == score_trajectory(
        env, env.task_index, rec.actions, user_replies=rec.user_replies, blend=blend).reward


def test_terminal_mode_and_truncation(env, recordings):
    task_id, rec = next((t, r) for t, r in recordings if r.label == "ground truth" and len(r.actions) >= 3)
    rewards, info = play(StepwiseEnv(env, reward_mode="terminal", max_steps=200), task_id, rec)
    assert all(r == 0.0 for r in rewards[:-1]) and rewards[-1] == info["shaped"].reward
    senv = StepwiseEnv(env, max_steps=2)
    senv.reset(task_id, options={"recording": rec})
    _, _, terminated, truncated, _ = senv.step(turn(rec.actions[0], 0))
    assert not (terminated or truncated)
    _, _, terminated, truncated, info = senv.step(turn(rec.actions[1], 1))
    assert truncated and not terminated and "shaped" in info
    assert math.fsum(info["step_rewards"]) == pytest.approx(info["shaped"].reward, abs=1e-12)
    with pytest.raises(RuntimeError):
        senv.step(turn(rec.actions[2], 2))


def test_observation_and_pluggable_user(env):
    index = next(i for i, t in enumerate(env.tasks) if t.id == "fd-missing-3")
    senv = StepwiseEnv(env, user=ScriptedUser(["Yes, please go ahead."], first_message="Hi, an item is missing."))
    obs, info = senv.reset(index, seed=None)
    assert info["task_id"] == "fd-missing-3" and obs["task_id"] == "fd-missing-3"
    assert [m["role"] for m in obs["messages"]] == ["system", "user"]
    assert obs["messages"][0]["content"].startswith(env.wiki[:40])
    assert obs["messages"][1]["content"] == "Hi, an item is missing."
    assert {t["function"]["name"] for t in obs["tools"]} == set(env.tools_map)
    obs, _, terminated, _, _ = senv.step({"role": "assistant", "content": "Can you confirm?"})
    assert obs["new_messages"] == [{"role": "user", "content": "Yes, please go ahead."}] and not terminated
    obs, _, _, _, _ = senv.step({"role": "assistant", "content": None, "tool_calls": [
        {"id": "x1", "type": "function", "function": {"name": "get_order_details", "arguments": "{not json"}}]})
    assert obs["new_messages"][0]["role"] == "tool" and obs["new_messages"][0]["tool_call_id"] == "x1"
    obs, _, terminated, _, info = senv.step({"role": "assistant", "content": "Anything else?"})
    assert terminated and "###STOP###" in obs["new_messages"][0]["content"]
    assert math.fsum(info["step_rewards"]) == pytest.approx(info["shaped"].reward, abs=1e-12)


def test_the_llm_user_plugs_in_through_litellm(monkeypatch):
    pytest.importorskip("litellm", reason="litellm is not installed")
    from tau_shaped.env.users import LLMUser
    from tests.stub_openai_server import StubServer

    env = load_domain("tests.mini_domain:DOMAIN").make_env()
    with StubServer() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "stub-key")
        monkeypatch.setenv("OPENAI_API_BASE", server.url)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        senv = StepwiseEnv(env, user=LLMUser("openai/stub-user", seed=7))
        obs, _ = senv.reset("refund")
        assert obs["messages"][1]["content"] == "My order O1 was missing a dish worth 12.50."
        calls = [{"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": '{"order_id": "O1"}'}},
                 {"id": "c2", "type": "function", "function": {"name": "issue_refund", "arguments": json.dumps(
                     {"order_id": "O1", "amount": 12.5, "method": "wallet_credit"})}}]
        obs, r1, terminated, _, _ = senv.step({"role": "assistant", "content": None, "tool_calls": calls})
        assert [m["tool_call_id"] for m in obs["new_messages"]] == ["c1", "c2"] and not terminated
        obs, r2, terminated, _, info = senv.step({"role": "assistant", "content": "I refunded 12.50 to your wallet."})
    assert terminated and "###STOP###" in obs["new_messages"][0]["content"]
    assert info["shaped"].outcome_reward == 1.0 and info["shaped"].legacy_reward == 0.0
    assert r1 + r2 == pytest.approx(info["shaped"].reward, abs=1e-12)


def test_a_live_turn_that_does_two_things_is_judged_as_in_a_recorded_traj(env, recordings):
    """wiki.md "Each turn, either call one tool or write to the customer, never both": a live
    turn with two tool calls breaks fd.turn.one_step_at_a_time, as the same turns scored from a
    recorded traj do; one call a turn keeps it."""
    task_id, rec = next((t, r) for t, r in recordings if r.label == "ground truth"
                        and len(r.actions) > 2 and r.actions[0].name != "respond" and r.actions[1].name != "respond")
    first, second = turn(rec.actions[0], 0), turn(rec.actions[1], 1)
    both = dict(first, tool_calls=first["tool_calls"] + second["tool_calls"])
    senv = StepwiseEnv(env, max_steps=200)
    senv.reset(task_id, options={"recording": rec})
    traj = [{"role": "user", "content": senv.messages[1]["content"]}, both]
    senv.step(both)
    for i, action in enumerate(rec.actions[2:], start=2):
        message = turn(action, i)
        traj.append(message)
        _, _, terminated, truncated, info = senv.step(message)
        if action.name == "respond":
            traj.append({"role": "user", "content": senv.messages[-1]["content"]})
        if terminated or truncated:
            break
    if not senv.done:
        _, _, _, _, info = senv.finish()
    live = [(v.id, v.step) for v in info["shaped"].rule_violations]
    assert live == [("fd.turn.one_step_at_a_time", 0)] and info["shaped"].outcome_reward == 0.0
    offline = score_trajectory(env, env.task_index, traj=traj)
    assert [(v.id, v.step) for v in offline.rule_violations] == live
    _, info = play(StepwiseEnv(env, max_steps=200), task_id, rec)  # one call a turn
    assert "fd.turn.one_step_at_a_time" not in [v.id for v in info["shaped"].rule_violations]
