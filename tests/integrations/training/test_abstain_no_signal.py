"""An abstained episode carries no signal anywhere (issue 43; SPEC §8).

Two abstentions, played through every episode adapter:

- an undetermined verdict: the customer answers the refund's confirmation "Maybe." (SPEC §10:
  unclear), so the confirm rule is undetermined at the end, after the first turns' process credit
  was earned (before: the per-turn rewards were [0.06, 0.06, 0, -0.12]-like, summing to 0);
- the infrastructure failing: an LLM customer that cannot be reached (``LLMError``) at its first
  message or at a reply (before: the exception crashed the rollout).

Each gives 0.0 for every per-turn reward a trainer takes (verl's ``turn_scores``, OpenRLHF's step
``rewards``, SkyRL's step rewards, ``StepwiseEnv``'s ``info["step_rewards"]``,
``TextEpisode.turn_scores``) and an ``abstain`` flag where the trainer can filter; the customer's
failure is counted in ``stepwise.INFRA_FAULTS`` (never as a verifier fault). The control, the same
turns after a yes, pays per-turn credit, so each check can fail.
"""

from __future__ import annotations

import asyncio

import pytest

from tau_shaped.env.llm import LLMError
from tau_shaped.env.users import BaseUser
from tau_shaped.integrations.training.openrlhf_adapter import make_agent_session
from tau_shaped.integrations.training.skyrl_adapter import text_env_class
from tau_shaped.integrations.training.stepwise import INFRA_FAULTS, StepwiseEnv
from tau_shaped.integrations.training.text_turns import FAULTS, TextEpisode, acquire_env, release_env
from tau_shaped.integrations.training.trl_env import tool_env_class
from tau_shaped.integrations.training.verl_adapter import EpisodeLoop
from tests.integrations.training.training_kit import GT, GT_ACTIONS, GT_TEXTS, TASK, ByteTokenizer, ScriptedModel

UNCLEAR = ["Maybe."] * len(GT.user_replies)
TURNS = GT_TEXTS + ["Goodbye."] * 2


class Unreachable(BaseUser):
    """An LLM customer whose provider cannot be reached: at its first message, or at its first reply."""

    def __init__(self, at: str = "reset") -> None:
        self.at = at

    def reset(self, instruction=None):
        if self.at == "reset":
            raise LLMError("APIConnectionError: connection refused")
        return "Hi, my order FD-10045 is missing the ribs."

    def step(self, content):
        raise LLMError("APIConnectionError: connection refused")


# -- each episode adapter: (per-turn rewards a trainer takes, the abstain flag) ----------------------

def stepwise(replies, user=None):
    env = acquire_env("food_delivery", "test")
    try:
        sw = StepwiseEnv(env, user=user)
        _, info = sw.reset(TASK, options={"user_replies": replies} if replies is not None else {})
        if sw.done:
            return info["step_rewards"], info["abstain"]
        for turn in TURNS:
            _, _, terminated, truncated, info = sw.step(turn)
            if terminated or truncated:
                break
        return info["step_rewards"], info["abstain"]
    finally:
        release_env("food_delivery", "test", env)


def text_episode(replies, user=None):
    episode = TextEpisode(user=user)
    episode.start(TASK, user_replies=replies)
    for turn in TURNS:
        if episode.done or episode.act(turn).done:
            break
    out = episode.turn_scores, episode.components["abstain"] == 1.0
    episode.close()
    return out


def verl(replies, user=None):
    tokenizer = ByteTokenizer()
    extra = {"task_id": TASK} if replies is None else {"task_id": TASK, "user_replies": replies}
    out = asyncio.run(EpisodeLoop(user=user).run(ScriptedModel(GT_TEXTS, tokenizer).generate, tokenizer, {},
                                                 response_length=50000, row={"extra_info": extra}))
    scores = out["extra_fields"]["turn_scores"]
    assert len(scores) == len(out["extra_fields"]["turn_score_positions"]) and out["response_ids"]
    assert sum(scores) == pytest.approx(out["reward_score"])
    return scores, out["extra_fields"]["reward_extra_info"]["abstain"] == 1.0


def openrlhf(replies, user=None):
    session = make_agent_session(tokenizer=ByteTokenizer(), **({"user": user} if user is not None else {}))()
    label = {"task_id": TASK} if replies is None else {"task_id": TASK, "user_replies": replies}

    async def drive():
        await session.reset({"observation": "", "label": label})
        rewards = []
        for turn in TURNS:
            step = await session.step({"action_text": turn, "label": label, "sampling_params": None})
            rewards.append(step["rewards"].item())
            if step["done"]:
                return rewards, float(step["extra_logs"]["abstain"]) == 1.0
        raise AssertionError("the episode did not end")

    return asyncio.run(drive())


def skyrl(replies, user=None, **config):
    extra = {"task_id": TASK} if replies is None else {"task_id": TASK, "user_replies": replies}
    env = text_env_class()(env_config={"user": user, **config}, extras={"extra_info": extra})
    env.init(None)
    rewards = []
    for turn in TURNS:
        out = env.step(turn)
        rewards.append(out["reward"])
        if out["done"]:
            break
    abstain = env.get_metrics()["abstain"] == 1.0
    env.close()
    return rewards, abstain


def trl_env(replies, user=None):
    env = tool_env_class(**({"user": user} if user is not None else {}))()
    env.reset(task_id=TASK, user_replies=replies)
    for action in GT_ACTIONS:
        if action["name"] == "respond":
            env.send_message_to_user(message=action["kwargs"]["content"])
        else:
            getattr(env, action["name"])(**action["kwargs"])
    reward = env.get_reward()
    return [0.0 if reward is None else reward], reward is None


EPISODES = {"stepwise_env": stepwise, "text_episode": text_episode, "verl_agent_loop": verl,
            "openrlhf_agent": openrlhf, "skyrl_env": skyrl, "trl_environment": trl_env}


@pytest.mark.parametrize("adapter", list(EPISODES))
def test_an_undetermined_episode_pays_no_turn_anything(adapter):
    scores, abstain = EPISODES[adapter](UNCLEAR)
    assert abstain and scores and all(s == 0.0 for s in scores), (adapter, scores)
    control, decided = EPISODES[adapter](GT.user_replies)
    assert not decided and sum(control) == pytest.approx(1.24), (adapter, control)


def test_the_per_turn_credit_an_abstention_zeroes_was_there():
    """The premise: the undetermined episode's first turns earn process credit while it is played."""
    env = acquire_env("food_delivery", "test")
    try:
        sw = StepwiseEnv(env)
        sw.reset(TASK, options={"user_replies": UNCLEAR})
        streamed = [sw.step(turn)[1] for turn in TURNS[:2]]
    finally:
        release_env("food_delivery", "test", env)
    assert streamed[0] > 0.0 and verl(GT.user_replies)[0][0] > 0.0


def test_skyrl_dense_turn_rewards_stream_credit_and_sum_to_zero_on_an_abstention():
    """The opt-in: each turn's reward as it is earned (what SkyRL already holds cannot be recalled:
    the last turn takes it back, and the abstain flag says to drop the episode)."""
    rewards, abstain = skyrl(UNCLEAR, turn_rewards="dense")
    assert abstain and rewards[0] > 0.0 and sum(rewards) == pytest.approx(0.0, abs=1e-9)
    control, _ = skyrl(GT.user_replies, turn_rewards="dense")
    assert control[0] > 0.0 and sum(control) == pytest.approx(1.24)


@pytest.mark.parametrize("at", ["reset", "reply"])
@pytest.mark.parametrize("adapter", list(EPISODES))
def test_an_unreachable_customer_is_a_counted_abstention_not_a_crash(adapter, at):
    label = {"stepwise_env": "stepwise", "text_episode": "text", "verl_agent_loop": "verl", "openrlhf_agent": "openrlhf",
             "skyrl_env": "skyrl", "trl_environment": "trl"}[adapter]
    before, faults = INFRA_FAULTS[label], dict(FAULTS.by_adapter)
    scores, abstain = EPISODES[adapter](None, user=Unreachable(at))
    assert abstain and all(s == 0.0 for s in scores), (adapter, at, scores)
    assert INFRA_FAULTS[label] == before + 1 and dict(FAULTS.by_adapter) == faults
