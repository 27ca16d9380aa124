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
from tau_shaped.env.users import ScriptedUser  # noqa: E402

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


def _record(index, task, played, opening):
    """A tau-bench results record of ``played`` (actions; a respond is the agent's message, answered
    yes), for tau-bench's task ``task``."""
    import json

    from tau_shaped.tasks.consenting import YES

    traj = [{"role": "system", "content": "wiki"}, {"role": "user", "content": opening}]
    for n, action in enumerate(played):
        if action.name == "respond":
            traj += [{"role": "assistant", "content": action.kwargs["content"]}, {"role": "user", "content": YES}]
            continue
        call = {"id": f"c{n}", "type": "function", "function": {"name": action.name, "arguments": json.dumps(action.kwargs)}}
        traj += [{"role": "assistant", "content": None, "tool_calls": [call]},
                 {"role": "tool", "tool_call_id": f"c{n}", "name": action.name, "content": "ok"}]
    info_task = {"user_id": task.user_id, "instruction": task.instruction, "outputs": list(task.outputs),
                 "actions": [{"name": a.name, "kwargs": a.kwargs} for a in task.actions]}
    return {"task_id": index, "reward": 1.0, "info": {"task": info_task}, "traj": traj, "trial": 0}


def test_score_taubench_results_file_for_retail(tmp_path):
    """`tau-shaped score --env retail` reads tau-bench's JSON list and adds the shaped result: the
    ground truth played as the check plays it (a yes asked before each write) scores 1; where the
    tau2 extra gives the domain its rules, the same calls with no question break the confirmation
    rule (without it, the domain has no rules and they score 1 too)."""
    import json

    from tau_shaped.evaluation.batch import score_file
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain("retail")
    tasks, played = domain.tasks("test"), domain.check_tasks("test")
    records = [_record(i, tasks[i], played[i].actions, tasks[i].instruction) for i in (0, 1)]
    records += [_record(i, tasks[i], tasks[i].actions, tasks[i].instruction) for i in (0, 1)]
    path = tmp_path / "taubench.json"
    path.write_text(json.dumps(records))
    out = [r["info"]["shaped"] for r in json.loads(score_file(path, "retail").read_text())]
    assert [r["legacy_reward"] for r in out] == [1.0] * 4
    assert [r["outcome_reward"] for r in out[:2]] == [1.0, 1.0]
    bare = [[v["id"] for v in r["rule_violations"]] for r in out[2:]]
    if domain.policy_rules is None:
        assert [r["outcome_reward"] for r in out[2:]] == [1.0, 1.0] and bare == [[], []]
    else:
        assert [r["outcome_reward"] for r in out[2:]] == [0.0, 0.0]
        assert bare == [["retail.confirm.before_write"]] * 2
