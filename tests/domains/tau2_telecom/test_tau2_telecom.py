"""tau2:telecom (issue 32): dual control. The customer's phone in the state, the customer's tools as
``user:<tool>`` steps, the persona customer who acts on their phone, and ``score`` on tau2 runs.

Needs the tau2 extra; without it the module skips, saying so.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("tau2", reason="tau2:telecom needs the tau2 extra (pip install -e '.[tau2]')")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tau_shaped.env.types import Action  # noqa: E402
from tau_shaped.integrations.tau2.device_requests import request_text, requested  # noqa: E402
from tau_shaped.integrations.tau2.telecom_persona import TelecomPersonaUser  # noqa: E402
from tau_shaped.integrations.tau2.telecom_state import (  # noqa: E402
    TelecomDataError,
    build_world,
    tool_names,
)
from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tau_shaped.tasks.persona_check import check_persona, play_against  # noqa: E402
from tau_shaped.tasks.persona_user import PersonaUser  # noqa: E402


@pytest.fixture(scope="module")
def domain():
    return load_domain("tau2:telecom")


@pytest.fixture(scope="module")
def env(domain):
    return domain.make_env(tasks=domain.tasks("test") + domain.tasks("train"), task_index=0)


def _agent_side(actions):
    return [a for a in actions if not a.name.startswith("user:")]


def test_splits_are_tau2s_and_full_holds_every_task(domain):
    assert domain.splits == ["test", "train"]
    assert (len(domain.tasks("test")), len(domain.tasks("train"))) == (40, 74)
    assert len(domain.tau2_task_models()) == 2285


def test_agent_is_offered_its_tools_only(env):
    offered = {t["function"]["name"] for t in env.tools_info}
    assert "refuel_data" in offered and "get_customer_by_phone" in offered
    assert not any(name.startswith("user:") for name in offered)
    assert {"user:" + n for n in tool_names("user")} <= set(env.tools_map)


def test_world_holds_the_problem_and_the_ground_truth_fixes_it(domain, env):
    for task in domain.tasks("test")[:10]:
        start = domain.load_data(task.seed)
        assert start["env_assertions"], task.id
        truth = env.ground_truth(task)
        assert all(a["met"] for a in truth.data["env_assertions"]), task.id
        if any(a.name.startswith("user:") for a in task.actions):  # the customer's phone is what changes
            assert truth.data["user"]["device"] != start["user"]["device"]


def test_every_base_ground_truth_scores_shaped_one_against_its_persona(domain, env):
    for task in domain.tasks("test") + domain.tasks("train"):
        problems, notes = [], []
        check_persona(env, task, problems, notes)
        assert problems == [], (task.id, problems)


def test_a_sample_of_the_full_task_set_too(domain, env):
    full = domain.tasks("full")
    assert len(full) == 2285
    sample = full[::97]
    for task in sample:
        problems = []
        check_persona(env, task, problems, [])
        assert problems == [], (task.id, problems)


def test_persona_does_on_its_phone_what_the_agent_asks(domain, env):
    task = next(t for t in domain.tasks("test") if sum(a.name.startswith("user:") for a in t.actions) >= 3)
    user = PersonaUser.for_task(task, env=env)
    assert isinstance(user, TelecomPersonaUser)
    played = play_against(user, _agent_side(task.actions))
    assert [a.name for a in played.actions] == [a.name for a in task.actions]
    assert [a.kwargs for a in played.actions] == [a.kwargs for a in task.actions]
    again = play_against(PersonaUser.for_task(task, env=env), _agent_side(task.actions))
    assert again.replies == played.replies and again.opening == played.opening


def test_persona_left_unasked_does_nothing_and_the_outcome_says_so(domain, env):
    task = next(t for t in domain.tasks("test") if any(a.name.startswith("user:") for a in t.actions))
    silent = [a for a in _agent_side(task.actions) if not (a.name == "respond" and "on your phone" in a.kwargs["content"])]
    played = play_against(PersonaUser.for_task(task, env=env), silent)
    assert not any(a.name.startswith("user:") for a in played.actions)
    result = score_trajectory(env, task, played.actions, user_replies=played.replies)
    assert result.status == "ok" and result.outcome_reward == 0.0


def test_live_episode_records_the_customers_calls_and_scores_one(domain, env):
    tasks = domain.tasks("test")
    index = next(i for i, t in enumerate(tasks) if "refuel_data" in {a.name for a in t.actions})
    live = domain.make_env(tasks=tasks, task_index=index)
    live.user = PersonaUser.for_task(tasks[index], seed=3, env=live)
    live.reset(task_index=index)
    for action in _agent_side(tasks[index].actions):
        live.step(action)
    steps = [s.action.name for s in live._runner.trajectory.steps]
    assert steps == [a.name for a in tasks[index].actions]
    replies = [s.observation for s in live._runner.trajectory.steps if s.action.name == "respond"]
    assert any("My phone shows" in r for r in replies)
    result = live.calculate_reward_shaped()
    assert result.status == "ok" and result.outcome_reward == 1.0 and result.reward == 1.0


def test_agent_cannot_touch_the_customers_phone(domain):
    tasks = domain.tasks("test")
    live = domain.make_env(tasks=tasks, task_index=0)
    live.reset(task_index=0)
    before = json.dumps(live.data["user"], sort_keys=True)
    response = live.step(Action(name="user:toggle_airplane_mode", kwargs={}))
    assert response.observation.startswith("Unknown action")
    assert json.dumps(live.data["user"], sort_keys=True) == before


def test_device_requests_read_back_every_ground_truth_call(domain):
    seen = set()
    for task in domain.tasks("full")[::5]:
        for a in task.actions:
            if a.name.startswith("user:"):
                tool = a.name[len("user:"):]
                assert requested(request_text(tool, a.kwargs), tool_names("user")) == [(tool, a.kwargs)], a
                seen.add(tool)
    assert len(seen) >= 10


@pytest.mark.parametrize("text", ["Your roaming is enabled on our side now.", "Thanks for waiting.",
                                  "What is your phone number?"])
def test_a_message_that_asks_nothing_of_the_phone(text):
    assert requested(text) == []


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_device_reading_never_raises_and_names_only_customer_tools(text):
    for tool, args in requested(text):
        assert tool in tool_names("user") and isinstance(args, dict)


@pytest.mark.parametrize("func", ["__init__", "_get_line_by_phone", "update_db", "use_tool", "nonexistent"])
def test_data_names_only_the_toolkits_own_functions(func):
    state = {"initialization_actions": [{"env_type": "user", "func_name": func, "arguments": {}}]}
    with pytest.raises(TelecomDataError, match="is not a function of tau2's telecom user toolkit"):
        build_world(state, [], "task X")


def test_an_assertion_data_names_must_be_one():
    state = {"initialization_actions": []}
    world = build_world(state, [{"env_type": "user", "func_name": "toggle_data", "arguments": {},
                                 "assert_value": True}], "task Y")
    assert world["env_assertions"][0]["met"] is False  # not an assertion: never met, never run
