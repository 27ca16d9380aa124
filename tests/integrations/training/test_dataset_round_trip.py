"""Rows that really went through ``datasets.Dataset.from_list`` and a parquet file (issue 43).

Arrow gives a list of actions one struct type: each action's ``kwargs`` gains the other actions'
keys as null, and a row's missing key comes back as ``None``. Before ``dataset_rows`` the correct
trajectories scored 0.0 after the round trip (``find_customer_by_email(email=..., order_id=None,
content=None)`` is refused by the tool), without abstaining. Here eight rows of eight tasks (their
recordings up to the last step; the last step is the completion) are scored as Python lists, as JSON
text, after ``Dataset.from_list`` and after a parquet file, through TRL's reward function, verl's
``compute_score`` and OpenRLHF's reward server; each gives what the original list gives offline.
The episode adapters (verl's agent loop, OpenRLHF's agent, SkyRL's env, TRL's environment) play a row
read back from parquet and pay the ground truth's reward.
"""

from __future__ import annotations

import asyncio
import json

import pytest

datasets = pytest.importorskip("datasets", reason="needs datasets (the trl or ray extra)")

from tau_shaped.integrations.training.dataset_rows import list_column, present, restore_actions, tool_schemas  # noqa: E402
from tau_shaped.integrations.training.openrlhf_adapter import make_agent_session, rewards_for  # noqa: E402
from tau_shaped.integrations.training.reward_functions import ShapedReward  # noqa: E402
from tau_shaped.integrations.training.skyrl_adapter import text_env_class  # noqa: E402
from tau_shaped.integrations.training.text_turns import acquire_env, release_env  # noqa: E402
from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs  # noqa: E402
from tau_shaped.integrations.training.trl_env import tool_env_class  # noqa: E402
from tau_shaped.integrations.training.verl_adapter import EpisodeLoop, compute_score  # noqa: E402
from tests.integrations.training.training_kit import (GT, GT_ACTIONS, GT_TEXTS, RECORDINGS, TASK, ByteTokenizer,  # noqa: E402
                                                      ScriptedModel, action_text)

TASKS = ["fd-missing-3", "fd-missing-4", "fd-cancel-3", "fd-courier-5", "fd-cap-6", "fd-route-3", "fd-fraud-4",
         "fd-question-3"]


def _actions(task):
    return [{"name": a.name, "kwargs": dict(a.kwargs)} for a in RECORDINGS[task][0].actions]


def _row(task):
    rec = RECORDINGS[task][0]
    actions = _actions(task)
    return {"prompt": "p", "task_id": task, "completion": action_text(actions[-1]), "actions": actions[:-1],
            "user_replies": list(rec.user_replies),
            "extra_info": {"actions": actions[:-1], "user_replies": list(rec.user_replies)}}


ROWS = [_row(t) for t in TASKS]


@pytest.fixture(scope="module")
def expected():
    reward = ShapedReward()
    return [reward({"actions": _actions(r["task_id"]), "user_replies": r["user_replies"]}, r["task_id"]) for r in ROWS]


@pytest.fixture(scope="module")
def round_trips(tmp_path_factory):
    """The rows as lists, after Dataset.from_list, after a parquet file; and the same with JSON text columns."""
    path = tmp_path_factory.mktemp("rows") / "rows.parquet"
    arrow = datasets.Dataset.from_list(ROWS)
    arrow.to_parquet(str(path))
    parquet = datasets.load_dataset("parquet", data_files=str(path), split="train")
    as_text = [{**r, "actions": json.dumps(r["actions"]), "user_replies": json.dumps(r["user_replies"]),
                "extra_info": {k: json.dumps(v) for k, v in r["extra_info"].items()}} for r in ROWS]
    text_path = tmp_path_factory.mktemp("rows") / "text.parquet"
    datasets.Dataset.from_list(as_text).to_parquet(str(text_path))
    text_parquet = datasets.load_dataset("parquet", data_files=str(text_path), split="train")
    return {"list": ROWS, "arrow": [arrow[i] for i in range(len(ROWS))],
            "parquet": [parquet[i] for i in range(len(ROWS))], "json_text": as_text,
            "json_text_parquet": [text_parquet[i] for i in range(len(ROWS))]}


def test_arrow_really_fills_the_other_actions_keys_with_null(round_trips):
    """The premise: after the round trip an action holds keys of other actions, as null."""
    first = round_trips["parquet"][0]["actions"][0]
    assert first["name"] == "find_customer_by_email"
    assert first["kwargs"]["email"] and "order_id" in first["kwargs"] and first["kwargs"]["order_id"] is None


@pytest.mark.parametrize("form", ["list", "arrow", "parquet", "json_text", "json_text_parquet"])
def test_every_single_turn_adapter_scores_a_row_the_same_after_any_round_trip(round_trips, expected, form):
    rows = round_trips[form]
    assert expected[0] == pytest.approx(1.24) and len({round(e, 6) for e in expected}) > 1  # not all alike
    trl = trl_reward_funcs(["shaped"])[0](prompts=[r["prompt"] for r in rows], completions=[r["completion"] for r in rows],
                                          task_id=[r["task_id"] for r in rows], actions=[r["actions"] for r in rows],
                                          user_replies=[r["user_replies"] for r in rows])
    verl = [compute_score("tau_shaped/food_delivery", r["completion"], r["task_id"], r["extra_info"])["score"] for r in rows]
    labels = [{"task_id": r["task_id"], **r["extra_info"]} for r in rows]  # a dataset's label column of dicts
    server = rewards_for(["P" + r["completion"] for r in rows], ["P"] * len(rows), labels)["rewards"]
    for name, got in (("trl", trl), ("verl", verl), ("openrlhf", server)):
        assert got == pytest.approx(expected, abs=1e-6), (name, form)


def test_a_row_without_user_replies_after_the_round_trip_abstains(tmp_path):
    """Arrow gives the row that lacks the column a null: no replies recorded (SPEC §10), so the
    refund's confirmation is undetermined: never the 1.24 of the row with its replies."""
    rows = [ROWS[0], {k: v for k, v in ROWS[0].items() if k != "user_replies"}]
    rows[1]["extra_info"] = {"actions": ROWS[0]["extra_info"]["actions"]}
    path = tmp_path / "rows.parquet"
    datasets.Dataset.from_list(rows).to_parquet(str(path))
    back = datasets.load_dataset("parquet", data_files=str(path), split="train")
    assert back[1]["user_replies"] is None and back[1]["extra_info"]["user_replies"] is None
    func = trl_reward_funcs(["shaped"])[0]
    out = func(prompts=["p", "p"], completions=[back[0]["completion"], back[1]["completion"]],
               task_id=[TASK, TASK], actions=back["actions"], user_replies=back["user_replies"])
    assert out[0] == pytest.approx(1.24) and out[1] is None and func.reward_function.undetermined == 1
    verl = compute_score("tau_shaped/food_delivery", back[1]["completion"], TASK, back[1]["extra_info"])
    server = rewards_for(["P" + back[1]["completion"]], ["P"], [{"task_id": TASK, **back[1]["extra_info"]}])
    assert (verl["abstain"], verl["undetermined"], verl["score"]) == (1.0, 1.0, 0.0)
    assert server["extra_logs"]["undetermined"] == [1.0] and server["rewards"] == [0.0]


def test_the_episode_adapters_play_a_row_read_back_from_parquet(tmp_path):
    """Every key the other rows have and this one lacks is null here (lam, seed, domain): each takes
    its default, and the replies play as recorded."""
    rows = [{"task_id": TASK, "extra_info": {"task_id": TASK, "user_replies": GT.user_replies, "lam": None, "seed": None,
                                             "domain": None}, "reward_spec": {"method": "rule", "ground_truth": TASK}},
            {"task_id": "fd-cancel-3", "extra_info": {"task_id": "fd-cancel-3", "user_replies": ["Yes."], "lam": 0.3,
                                                      "seed": 7, "domain": "food_delivery"},
             "reward_spec": {"method": "rule", "ground_truth": "fd-cancel-3"}}]
    path = tmp_path / "rows.parquet"
    datasets.Dataset.from_list(rows).to_parquet(str(path))
    row = datasets.load_dataset("parquet", data_files=str(path), split="train")[0]
    assert row["extra_info"]["lam"] is None and row["extra_info"]["domain"] is None

    tokenizer = ByteTokenizer()
    model = ScriptedModel(GT_TEXTS, tokenizer)
    verl = asyncio.run(EpisodeLoop().run(model.generate, tokenizer, {}, response_length=50000, row=row))
    assert verl["reward_score"] == pytest.approx(1.24)

    sky = text_env_class()(env_config={}, extras=row)
    sky.init(None)
    rewards = [sky.step(text)["reward"] for text in GT_TEXTS + ["Goodbye."]]
    assert sum(rewards) == pytest.approx(1.24) and sky.get_metrics()["score"] == pytest.approx(1.24)
    sky.close()

    session = make_agent_session(tokenizer=tokenizer)()
    label = {"task_id": TASK, **row["extra_info"]}

    async def drive():
        await session.reset({"observation": "", "label": label})
        total = 0.0
        for text in GT_TEXTS + ["Goodbye."]:
            step = await session.step({"action_text": text, "label": label, "sampling_params": None})
            total += step["rewards"].item()
            if step["done"]:
                return total
        return total

    assert asyncio.run(drive()) == pytest.approx(1.24, abs=1e-6)

    env = tool_env_class()()
    env.reset(task_id=row["task_id"], user_replies=row["extra_info"]["user_replies"])
    for action in GT_ACTIONS:
        if action["name"] == "respond":
            env.send_message_to_user(message=action["kwargs"]["content"])
        else:
            getattr(env, action["name"])(**action["kwargs"])
    assert env.get_reward() == pytest.approx(1.24)


# -- restore_actions: the tools' declared parameters decide -----------------------------------------

def _schemas():
    env = acquire_env("food_delivery", "test")
    try:
        return tool_schemas(env.tools_info)
    finally:
        release_env("food_delivery", "test", env)


def test_a_parameter_that_may_be_null_keeps_its_null_and_an_undeclared_null_is_dropped():
    schemas = _schemas()
    courier = schemas["dispatch_replacement_courier"]["properties"]["courier_id"]
    assert "null" in json.dumps(courier)  # the premise: courier_id is declared nullable
    actions = [{"name": "dispatch_replacement_courier", "kwargs": {"order_id": "FD-1", "courier_id": None, "email": None}},
               {"name": "respond", "kwargs": {"content": "Done.", "order_id": None}},
               {"name": "find_customer_by_email", "kwargs": {"email": None}}]  # required: a wrong call stays wrong
    assert restore_actions(actions, schemas) == [
        {"name": "dispatch_replacement_courier", "kwargs": {"order_id": "FD-1", "courier_id": None}},
        {"name": "respond", "kwargs": {"content": "Done."}},
        {"name": "find_customer_by_email", "kwargs": {"email": None}}]


def test_an_optional_null_outside_the_types_is_dropped_and_a_widened_integer_restored():
    schemas = {"get_bills": {"type": "object", "required": ["customer_id"], "properties": {
        "customer_id": {"type": "string"}, "limit": {"type": "integer", "default": 12},
        "lines": {"type": "array", "items": {"type": "object", "required": ["sku"], "properties": {
            "sku": {"type": "string"}, "qty": {"type": "integer"}, "note": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}},
        "amount": {"type": "number"}}}}
    actions = [{"name": "get_bills", "kwargs": {"customer_id": "c1", "limit": None, "amount": 5.0, "other": None,
                                                "lines": [{"sku": "a", "qty": 2.0, "note": None, "extra": None}]}}]
    assert restore_actions(actions, schemas) == [{"name": "get_bills", "kwargs": {
        "customer_id": "c1", "amount": 5.0, "lines": [{"sku": "a", "qty": 2, "note": None}]}}]
    assert isinstance(restore_actions(actions, schemas)[0]["kwargs"]["lines"][0]["qty"], int)
    assert restore_actions("not a list", schemas) == "not a list"  # the scorer refuses it, as before


def test_list_columns_and_null_keys_are_read_the_same_in_every_form():
    numpy = pytest.importorskip("numpy")
    assert list_column(None) is None and list_column("") == [] and list_column('["a"]') == ["a"]
    assert list_column(numpy.array(["a", "b"], dtype=object)) == ["a", "b"]
    assert list_column(numpy.array([{"k": numpy.array([1, 2])}], dtype=object)) == [{"k": [1, 2]}]
    assert list_column('{"a": 1}') is not None and not isinstance(list_column('{"a": 1}'), list)  # malformed
    assert present({"lam": None, "split": "test"}) == {"split": "test"}
