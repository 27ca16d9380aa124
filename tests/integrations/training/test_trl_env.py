"""TRL's environment_factory (issue 19): the domain's tools as typed, documented methods.

Checked against TRL 1.x's documented contract (``GRPOTrainer(environment_factory=...)``: public
methods found with ``inspect.getmembers(cls, inspect.isfunction)`` are tools, ``reset(**row)``
returns a string appended to the prompt, ``get_reward()`` a float or None, tools called with
keyword arguments) and, where transformers is installed, its real ``get_json_schema`` (how the
methods are rendered as tools) on every method. A full GRPOTrainer run with an environment needs a
tool-calling chat template TRL knows how to parse; that is not built here.
"""

from __future__ import annotations

import inspect
import json

import pytest

from tau_shaped.integrations.training.text_turns import FAULTS
from tau_shaped.integrations.training.trl_env import (OVER, env_component_reward, environment_dataset,
                                                      tool_env_class)
from tau_shaped.tasks.domains import load_domain
from tests.integrations.training.training_kit import EXPECTED_SHAPED, GT, GT_ACTIONS, TASK

ENV_CLS = tool_env_class("food_delivery", "test")
TOOLS = {t["function"]["name"]: t for t in load_domain("food_delivery").make_env(task_split="test").tools_info}


def public_methods(cls):
    """What TRL 1.16's GRPOTrainer does to find an environment's tools."""
    found = dict(inspect.getmembers(cls, predicate=inspect.isfunction))
    return {n: f for n, f in found.items() if not n.startswith("_") and n not in ("reset", "get_reward")}, found


def test_public_methods_are_the_tools_plus_talking_to_the_user():
    tools, found = public_methods(ENV_CLS)
    assert "reset" in found and "get_reward" in found
    assert set(tools) == set(TOOLS) | {"send_message_to_user"}
    for name, method in tools.items():
        assert method.__doc__ and "Returns:" in method.__doc__
        sig = inspect.signature(method)
        if name in TOOLS:
            params = TOOLS[name]["function"]["parameters"]
            assert set(sig.parameters) - {"self"} == set(params.get("properties", {}))
            assert all(p.annotation is not inspect.Parameter.empty for n, p in sig.parameters.items() if n != "self")


def test_transformers_renders_every_method_as_the_domains_tool_schema():
    utils = pytest.importorskip("transformers.utils")
    env = ENV_CLS()
    for name in public_methods(ENV_CLS)[0]:
        schema = utils.get_json_schema(getattr(env, name))
        assert schema["function"]["name"] == name
        if name in TOOLS:
            params = TOOLS[name]["function"]["parameters"]
            assert set(schema["function"]["parameters"].get("required", [])) == set(params.get("required", []))
            for pname, spec in params.get("properties", {}).items():
                rendered = schema["function"]["parameters"]["properties"][pname]
                assert json_type(rendered) == json_type(spec), (name, pname, rendered, spec)


def json_type(spec):
    if "type" in spec:
        kinds = spec["type"] if isinstance(spec["type"], list) else [spec["type"]]
        return [k for k in kinds if k != "null"][0]
    return json_type([b for b in spec["anyOf"] if b.get("type") != "null"][0])


def play(env, actions):
    for a in actions:
        if a["name"] == "respond":
            env.send_message_to_user(message=a["kwargs"]["content"])
        else:
            getattr(env, a["name"])(**a["kwargs"])  # TRL calls tools with the model's arguments as keywords


def test_an_episode_through_the_methods_pays_the_shaped_reward_and_reports_legacy():
    env = ENV_CLS()
    first = env.reset(task_id=TASK, user_replies=json.dumps(GT.user_replies), prompt=[{"role": "user", "content": ""}])
    assert isinstance(first, str) and first
    play(env, GT_ACTIONS)
    assert env.get_reward() == pytest.approx(EXPECTED_SHAPED)
    assert env_component_reward("legacy")(environments=[env], prompts=["p"]) == [1.0]
    env.reset(task_id=TASK, user_replies=GT.user_replies)  # the pooled instance is reused: a fresh episode
    observation = env.get_order_details(order_id="FD-00000")
    assert observation.startswith("Error")
    assert env.send_message_to_user(message="Sorry, I cannot help.") == GT.user_replies[0]
    assert env.get_reward() == 0.0 and env.components["legacy"] == 0.0
    assert env.send_message_to_user(message="Hello?") == OVER


def test_faults_abstain_with_none_or_a_counted_fallback(monkeypatch):
    for allow_none, expected in ((True, None), (False, -1.0)):
        env = tool_env_class("food_delivery", "test", allow_none=allow_none, fallback=-1.0)()
        env.reset(task_id=TASK)
        senv = env._episode.stepwise.env
        calculate = senv.calculate_reward_shaped

        def faulty(calculate=calculate, **kwargs):
            result = calculate(**kwargs)
            result.status, result.reward = "internal_error", None
            return result

        monkeypatch.setattr(senv, "calculate_reward_shaped", faulty)  # pooled: restored after the test
        before = FAULTS["trl"]
        assert env.get_reward() == expected and FAULTS["trl"] == before + 1
        assert env_component_reward("legacy")(environments=[env]) == [None]
    with pytest.raises(KeyError):
        ENV_CLS().reset(prompt=[])
    with pytest.raises(TypeError):
        tool_env_class(colour="blue")


def test_environment_dataset_rows():
    rows = environment_dataset(user_replies={TASK: GT.user_replies})
    row = next(r for r in rows if r["task_id"] == TASK)
    assert row["prompt"][0]["role"] == "system" and row["prompt"][-1] == {"role": "user", "content": ""}
    assert json.loads(row["user_replies"]) == GT.user_replies and len(rows) == 76
