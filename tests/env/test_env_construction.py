"""Env construction (issue 33): ``run`` makes an env per episode and has it adopt the
prototype's caches; the S0 it needs is the prototype's, never built again. Before ``reset``
``env.data`` is still an overlay of the constructing task's S0, as tau-bench's is."""

from __future__ import annotations

import json

from tau_shaped.reward.shaped_env import Env
from tau_shaped.tasks.domains import load_domain


def _counting_env(calls, tasks, domain, task_index=0):
    def load(seed=0):
        calls.append(seed)
        return domain.load_data(seed=seed)

    env = Env(data_load_func=load, tools=list(domain.tools), tasks=tasks, wiki=domain.wiki, rules=list(domain.rules),
              user_strategy="scripted", task_index=task_index, policy_rules=domain.policy_rules)
    env.terminate_tools = list(domain.terminate_tools)
    return env


def test_an_env_that_adopts_a_prototypes_caches_builds_no_world():
    domain = load_domain("food_delivery")
    tasks = domain.tasks("test")
    calls: list = []
    prototype = _counting_env(calls, tasks, domain)
    seeds = sorted({t.seed for t in tasks})
    for seed in seeds:
        prototype.initial_state(seed)
    assert sorted(calls) == seeds
    for index in range(len(tasks)):
        env = _counting_env(calls, tasks, domain, task_index=index)
        env.adopt_caches(prototype)
        env.reset(task_index=index)
        assert env.initial_state(tasks[index].seed) is prototype.initial_state(tasks[index].seed)
    assert sorted(calls) == seeds  # one build per world, whatever the number of episodes


def test_data_before_reset_is_the_constructing_tasks_world_and_writes_stay_private():
    domain = load_domain("food_delivery")
    tasks = domain.tasks("test")
    env = domain.make_env(task_index=3, tasks=tasks)
    seed = tasks[3].seed
    expected = domain.load_data(seed=seed)
    assert json.dumps(env.data, sort_keys=True) == json.dumps(expected, sort_keys=True)
    table = next(name for name, value in env.data.items() if isinstance(value, dict) and value)
    key = next(iter(env.data[table]))
    env.data[table][key] = {"changed": True}
    assert env.initial_state(seed)[table][key] != {"changed": True}  # S0 untouched
    fresh = domain.make_env(task_index=3, tasks=tasks)
    fresh.adopt_caches(env)
    assert fresh.data[table][key] != {"changed": True}  # another env's working state is its own
    env.data = {"replaced": {}}
    assert env.data == {"replaced": {}}
