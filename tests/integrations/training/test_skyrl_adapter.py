"""SkyRL (issue 19): TauShapedTextEnv, a BaseTextEnv with per-step shaped rewards.

With skyrl-gym installed (the ``skyrl`` extra) the env is checked as a subclass of the real
``BaseTextEnv`` and made through ``skyrl_gym.make``; without it, against BaseTextEnv's documented
contract (``init(prompt) -> (messages, metadata)``, ``step(str) -> {observations, reward, done,
metadata}``, ``get_metrics``, ``close``).
"""

from __future__ import annotations

import inspect

import pytest

from tau_shaped.integrations.training import skyrl_adapter
from tau_shaped.integrations.training.text_turns import FAULTS
from tests.integrations.training.training_kit import EXPECTED_SHAPED, GT, GT_TEXTS, TASK


def row(**info):
    return {"env_class": "tau_shaped", "reward_spec": {"method": "rule", "ground_truth": TASK},
            "extra_info": {"user_replies": GT.user_replies, **info}}


def play(env, texts):
    messages, meta = env.init([{"role": "user", "content": "the dataset's prompt"}])
    rewards, out = [], None
    for text in texts + ["Goodbye."] * 5:
        out = env.step(text)
        assert set(out) >= {"observations", "reward", "done", "metadata"}
        assert all(set(m) == {"role", "content"} for m in out["observations"])
        rewards.append(out["reward"])
        if out["done"]:
            break
    return messages, meta, rewards, out


def test_episode_pays_per_step_rewards_that_sum_to_the_shaped_reward():
    env = skyrl_adapter.TauShapedTextEnv(env_config={}, extras=row())
    messages, meta, rewards, last = play(env, GT_TEXTS)
    assert messages[0]["role"] == "system" and "<tool_call>" in messages[0]["content"]
    assert messages[1]["role"] == "user" and "the dataset's prompt" not in messages[1]["content"]
    assert meta["task_id"] == TASK and meta["tools"]
    assert last["done"] and sum(rewards) == pytest.approx(EXPECTED_SHAPED)
    # the default pays it all at the last turn (SkyRL keeps a step's reward as returned: an abstention
    # found later could not take it back); turn_rewards "dense" pays process credit as it is earned
    assert rewards[:-1] == [0.0] * (len(rewards) - 1) and rewards[-1] == pytest.approx(EXPECTED_SHAPED)
    dense = skyrl_adapter.TauShapedTextEnv(env_config={"turn_rewards": "dense"}, extras=row())
    dense_rewards = play(dense, GT_TEXTS)[2]
    dense.close()
    assert any(r > 0 for r in dense_rewards[:-1]) and sum(dense_rewards) == pytest.approx(EXPECTED_SHAPED)
    components = last["metadata"]["components"]
    assert components["legacy"] == 1.0 and components["outcome"] == 1.0 and components["abstain"] == 0.0
    assert env.get_metrics() == components and env.turns == len(rewards)
    env.close()


def test_tool_results_are_user_messages_unless_asked_and_max_turns_truncates():
    env = skyrl_adapter.TauShapedTextEnv(extras=row(max_turns=2))
    env.init(None)
    first = env.step(GT_TEXTS[0])
    assert first["observations"][0]["role"] == "user" and first["observations"][0]["content"].startswith("<tool_response>")
    second = env.step("Sorry, I cannot help.")
    assert second["done"] and second["metadata"]["components"]["outcome"] == 0.0
    tool_env = skyrl_adapter.TauShapedTextEnv(env_config={"tool_role": "tool"}, extras=row())
    tool_env.init(None)
    assert tool_env.step(GT_TEXTS[0])["observations"][0]["role"] == "tool"


def test_rows_without_a_task_are_refused_and_faults_are_counted_fallbacks(monkeypatch):
    with pytest.raises(KeyError):
        skyrl_adapter.TauShapedTextEnv(extras={"extra_info": {}})
    env = skyrl_adapter.TauShapedTextEnv(extras=row(fallback=-1.0, max_turns=1))
    env.init(None)
    before = FAULTS["skyrl"]
    senv = env.episode.stepwise.env  # a pooled env: monkeypatch restores it for the tests after this one
    monkeypatch.setattr(senv, "calculate_reward_shaped", _faulty(senv.calculate_reward_shaped))
    out = env.step("Hello")
    assert out["done"] and out["reward"] == -1.0 and out["metadata"]["components"]["abstain"] == 1.0
    assert FAULTS["skyrl"] == before + 1


def _faulty(calculate):
    def wrapper(**kwargs):
        result = calculate(**kwargs)
        result.status, result.reward = "internal_error", None
        return result

    return wrapper


def test_base_text_env_contract():
    cls = skyrl_adapter.TauShapedTextEnv
    try:
        from skyrl_gym.envs.base_text_env import BaseTextEnv
    except ImportError:
        BaseTextEnv = None
    for name in ("init", "step", "close", "get_metrics"):
        assert callable(getattr(cls, name))
    assert list(inspect.signature(cls.step).parameters) == ["self", "action"]
    assert list(inspect.signature(cls.__init__).parameters)[1:3] == ["env_config", "extras"]
    if BaseTextEnv is None:
        pytest.skip("skyrl-gym is not installed: checked against the documented contract only")
    import skyrl_gym

    assert issubclass(cls, BaseTextEnv)
    skyrl_adapter.register_env()
    env = skyrl_gym.make(skyrl_adapter.ENV_ID, env_config={}, extras=row())
    assert isinstance(env, BaseTextEnv)
    _, _, rewards, _ = play(env, GT_TEXTS)
    assert sum(rewards) == pytest.approx(EXPECTED_SHAPED)
    assert BaseTextEnv.aggregate_metrics([env.get_metrics()])["legacy"] == 1.0


def test_the_envs_turn_limit_holds_or_a_clear_error_names_generator_max_turns():
    """SkyRL's generator.max_turns (default 1) ends episodes whatever the env says: a lower one is
    refused when known, and an episode the trainer cut is an error at close, never a silent reward."""
    with pytest.raises(skyrl_adapter.TurnLimitError, match="generator.max_turns=30"):
        skyrl_adapter.TauShapedTextEnv(env_config={"trainer_max_turns": 1}, extras=row())
    ok = skyrl_adapter.TauShapedTextEnv(env_config={"trainer_max_turns": 30}, extras=row())
    _, _, rewards, last = play(ok, GT_TEXTS)
    assert last["done"] and sum(rewards) == pytest.approx(EXPECTED_SHAPED)
    ok.close()  # ended by the env: no error
    cut = skyrl_adapter.TauShapedTextEnv(extras=row())
    cut.init(None)
    cut.step(GT_TEXTS[0])  # the trainer stops after one turn (generator.max_turns=1)
    with pytest.raises(skyrl_adapter.TurnLimitError, match="after 1 turn"):
        cut.close()
    cut.close()  # given back once: closing again is quiet
