"""SPEC §2: the env behaves as tau-bench's, value for value, with its defects fixed."""

import pytest

from tau_shaped import Action, RewardActionInfo, RewardOutputInfo
from tau_shaped.env.hashing import consistent_hash, to_hashable
from tau_shaped.tasks.files import parse_tasks
from tau_shaped.env.users import ScriptedUser
from tests.mini_domain import TOOLS, load_data, make_env


def A(name, **kwargs):
    return Action(name=name, kwargs=kwargs)


TOOLS_MAP = {t.get_info()["function"]["name"]: t for t in TOOLS}


def taubench_way_reward(task, agent_actions, seed=0):
    """An independent re-statement of tau-bench's calculate_reward: two fresh loads,
    two full hashes. (The random dispatcher is always given a courier here.)"""
    data = load_data(seed)
    for a in agent_actions:
        if a.name in TOOLS_MAP:
            try:
                TOOLS_MAP[a.name].invoke(data=data, **a.kwargs)
            except Exception:
                pass
    gt = load_data(seed)
    for a in task.actions:
        if a.name in TOOLS_MAP and a.name != "transfer_to_human_agents":
            TOOLS_MAP[a.name].invoke(data=gt, **a.kwargs)
    reward = 1.0 if consistent_hash(to_hashable(data)) == consistent_hash(to_hashable(gt)) else 0.0
    if task.outputs:
        texts = [a.kwargs["content"].lower().replace(",", "") for a in agent_actions if a.name == "respond"]
        if not all(any(o.lower() in t for t in texts) for o in task.outputs):
            reward = 0.0
    return reward


TASKS = parse_tasks(
    [
        {
            "id": "t-refund",
            "user_id": "C1",
            "instruction": "refund",
            "actions": [
                {"name": "issue_refund", "kwargs": {"order_id": "O1", "amount": 12.5, "method": "wallet_credit"}},
                {"name": "dispatch_courier", "kwargs": {"order_id": "O1", "courier_id": "D3"}},
            ],
            "outputs": ["12.50"],
        },
        {"id": "t-noop", "user_id": "C1", "instruction": "nothing", "actions": [], "outputs": []},
    ]
)

TRAJECTORIES = [
    [A("issue_refund", order_id="O1", amount=12.5, method="wallet_credit"), A("dispatch_courier", order_id="O1", courier_id="D3"), A("respond", content="Refunded $12.50.")],
    [A("issue_refund", order_id="O1", amount=12.5, method="wallet_credit"), A("dispatch_courier", order_id="O1", courier_id="D3"), A("respond", content="Refunded 12.5.")],
    [A("issue_refund", order_id="O1", amount=12.5, method="wallet_credit"), A("dispatch_courier", order_id="O1", courier_id="D4"), A("respond", content="12.50")],
    [A("issue_refund", order_id="O1", amount=12.50, method="original_payment"), A("respond", content="12.50")],
    [A("get_order", order_id="O1"), A("nope"), A("issue_refund", order_id="O1", amount="x", method="wallet_credit")],
    [],
]


@pytest.mark.parametrize("task_index", [0, 1])
@pytest.mark.parametrize("traj_index", range(len(TRAJECTORIES)))
def test_legacy_reward_equals_taubench_way(task_index, traj_index):
    env = make_env(tasks=TASKS, user=ScriptedUser(["ok"] * 10))
    env.reset(task_index=task_index)
    for action in TRAJECTORIES[traj_index]:
        env.step(action)
    expected = taubench_way_reward(TASKS[task_index], TRAJECTORIES[traj_index])
    assert env.calculate_reward().reward == expected
    assert env.calculate_reward_shaped().legacy_reward == expected


def test_reward_info_shapes_match_taubench():
    env = make_env(tasks=TASKS)
    env.reset(task_index=0)
    info = env.calculate_reward().info
    assert isinstance(info, RewardOutputInfo) and info.outputs == {"12.50": False}
    env.reset(task_index=1)
    result = env.calculate_reward()
    assert isinstance(result.info, RewardActionInfo) and result.info.r_actions == 1.0
    assert result.info.gt_data_hash == consistent_hash(to_hashable(load_data(0)))


def test_reward_twice_and_state_untouched():
    """SPEC §2 fixes: the replay neither logs actions nor leaves the env in Sg."""
    env = make_env(tasks=TASKS)
    env.reset(task_index=0)
    env.step(A("get_order", order_id="O1"))
    before = env.get_data_hash()
    first, second = env.calculate_reward(), env.calculate_reward()
    assert first == second and first.reward == 0.0
    assert len(env.actions) == 1 and env.get_data_hash() == before
    assert env.calculate_reward_shaped().model_dump() == env.calculate_reward_shaped().model_dump()


def test_step_observations_and_done():
    env = make_env(tasks=TASKS, user=ScriptedUser(["fine", "bye ###STOP###"], first_message="hello"))
    assert env.reset(task_index=1).observation == "hello"
    assert env.step(A("nope")).observation == "Unknown action nope"
    assert env.step(A("get_order", order_id="O9")).observation.startswith("Error")
    assert env.step(A("get_order", bogus=1)).observation.startswith("Error: ")  # the tool raised
    r = env.step(A("respond", content="hi"))
    assert (r.observation, r.done, r.info.source) == ("fine", False, "user")
    r = env.step(A("respond", content="more?"))
    assert r.done and r.info.reward_info is not None and r.reward == r.info.reward_info.reward
    r = env.step(A("transfer_to_human_agents", summary="x"))
    assert r.done and r.info.source == "transfer_to_human_agents"


def test_reset_selection_in_range_and_seeded():
    env = make_env(tasks=TASKS)
    picks = {env.reset(seed=s).info.task.id for s in range(30)}
    assert picks == {"t-refund", "t-noop"}
    assert [make_env(tasks=TASKS).reset(seed=7).info.task.id for _ in range(3)] == [env.reset(seed=7).info.task.id] * 3
    with pytest.raises(IndexError):
        env.reset(task_index=2)


def test_seed_drives_initial_state_and_rng():
    env = make_env()
    env.reset(task_index=0, seed=3)
    assert env.data["customers"]["C1"]["wallet_balance"] == 13.0
    picks = set()
    for seed in range(12):
        env.reset(task_index=0, seed=seed)
        env.step(A("dispatch_courier", order_id="O1"))
        picks.add(env.data["orders"]["O1"]["driver_id"])
    assert len(picks) > 1


def test_same_actions_as_ground_truth_score_legacy_1_whatever_the_seed():
    env = make_env()
    for seed in range(5):
        env.reset(task_index=0, seed=seed)
        for action in env.task.actions:
            env.step(action)
        assert env.calculate_reward().reward == 1.0
        assert env.calculate_reward_shaped().outcome_reward == 1.0


def test_ground_truth_cached_once_per_task_and_seed():
    env = make_env()
    cache = env.ground_truth_cache
    for _ in range(3):
        env.reset(task_index=0)
        env.calculate_reward_shaped()
    assert cache.misses == 1 and cache.hits >= 2
    env.reset(task_index=0, seed=1)
    env.calculate_reward()
    assert cache.misses == 2


def test_initial_state_never_mutated_by_episodes():
    env = make_env()
    s0 = env.initial_state(0)
    before = consistent_hash(to_hashable(s0))
    for index in range(len(env.tasks)):
        env.reset(task_index=index)
        for action in env.task.actions:
            env.step(action)
        env.step(A("issue_refund", order_id="O1", amount=3, method="wallet_credit"))
        env.calculate_reward_shaped()
    assert consistent_hash(to_hashable(s0)) == before
    assert s0 == load_data(0)


def test_verifier_fault_abstains(monkeypatch):
    """SPEC §8: a verifier fault is internal_error with reward None, never a silent 0."""
    import tau_shaped.reward.shaped_env as shaped_env

    def broken(*args, **kwargs):
        raise KeyError("boom")

    env = make_env()
    env.reset(task_index=0)
    monkeypatch.setattr(shaped_env, "verify", broken)
    result = env.calculate_reward_shaped()
    assert result.status == "internal_error" and result.reward is None and "boom" in result.error


def test_canonical_hash_ignores_valid_choice():
    env = make_env()
    hashes = set()
    for courier in ["D2", "D3", "D4"]:
        env.reset(task_index=0)
        env.step(A("dispatch_courier", order_id="O1", courier_id=courier))
        hashes.add(env.get_data_hash_canonical())
    assert len(hashes) == 1
    env.reset(task_index=0)
    assert env.get_data_hash_canonical() not in hashes
