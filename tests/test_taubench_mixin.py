"""ShapedRewardMixin on tau-bench's own envs (SPEC §2, §3 backward compatibility).

Runs only where ``tau_bench`` imports: it is not on PyPI, so CI skips these
with the reason shown. To run them: ``pip install --no-deps -e <tau-bench checkout>``
plus ``litellm``.
"""

import pytest

tau_bench = pytest.importorskip(
    "tau_bench.envs.retail",
    reason="tau_bench is not installed (not on PyPI; install a tau-bench checkout to run these)",
)

from tau_bench.envs.retail import MockRetailDomainEnv  # noqa: E402

from tau_shaped import ShapedRewardMixin  # noqa: E402
from tau_shaped.users import ScriptedUser  # noqa: E402

N_TASKS = 12


class ShapedRetail(ShapedRewardMixin, MockRetailDomainEnv):
    pass


def _make(cls):
    env = cls(user_strategy="human", user_model="none", task_split="test", task_index=0)
    env.user = ScriptedUser(["ok"] * 50)  # no LLM calls
    return env


@pytest.fixture(scope="module")
def shaped():
    return _make(ShapedRetail)


@pytest.fixture(scope="module")
def original():
    return _make(MockRetailDomainEnv)


def _play(env, index, actions):
    env.reset(task_index=index)
    for action in actions:
        env.step(action)
    return env.calculate_reward()


@pytest.mark.parametrize("index", range(N_TASKS))
def test_ground_truth_scores_like_taubench(shaped, original, index):
    actions = list(shaped.tasks[index].actions)
    ours, theirs = _play(shaped, index, actions), _play(original, index, actions)
    assert ours.reward == theirs.reward
    assert ours.info.model_dump() == theirs.info.model_dump()
    result = shaped.calculate_reward_shaped()
    assert result.legacy_reward == theirs.reward
    assert result.outcome_reward == result.legacy_reward  # SPEC §3: no overrides
    assert result.safety_passed and result.process_reward == 0.0


@pytest.mark.parametrize("index", range(N_TASKS))
def test_truncated_trajectory_scores_like_taubench(shaped, original, index):
    actions = [a for a in shaped.tasks[index].actions if a.name != "transfer_to_human_agents"][:-1]
    ours, theirs = _play(shaped, index, actions), _play(original, index, actions)
    assert ours.reward == theirs.reward
    assert shaped.calculate_reward_shaped().outcome_reward == theirs.reward


def test_mixin_fixes_replay_defect(shaped):
    shaped.reset(task_index=0)
    before = shaped.get_data_hash()
    shaped.calculate_reward()
    assert shaped.actions == [] and shaped.get_data_hash() == before
