"""One conformance suite for every trainer adapter (issue 29): the same completions, the same reward.

The ground truth of ``fd-missing-3`` is played up to its last step; then one completion is the
agent's next turn: the correct refund as a Hermes block, as structured ``tool_calls``, as JSON with
``arguments`` and with ``kwargs``, fenced, in Llama 3's and Mistral's markers, behind a ``<think>``
block; a malformed call; an empty turn; two unknown formats; a refusal; a changed mind. Each goes
through every adapter, driven by the real library where it installs here (TRL's reward signature,
skyrl-gym's ``BaseTextEnv``), else by its documented contract:

- **single-turn** (the prefix as data, the completion scored): TRL text and conversational, verl's
  ``compute_score``, OpenRLHF's reward server. Each gives what scoring the same actions offline gives.
- **episodes** (the prefix and the completion played turn by turn against the same scripted
  customer, then "Goodbye." until the customer stops): ``StepwiseEnv``, ``TextEpisode``, verl's agent
  loop, OpenRLHF's agent, SkyRL's env, verifiers' env methods. Each gives what scoring the episode's
  messages offline gives.

Where the completion is a tool call (no customer reply in play) both groups agree with each other.
An unknown format is a counted parse fault everywhere: the policy's own failure (score 0,
``parse_fault`` 1.0), never an abstention and never a message.
"""

from __future__ import annotations

import asyncio
import json
import math

import pytest

from tau_shaped.env.model_output import read_model_output
from tau_shaped.integrations.training import verifiers_adapter as va
from tau_shaped.integrations.training.openrlhf_adapter import make_agent_session, rewards_for
from tau_shaped.integrations.training.reward_functions import ShapedReward
from tau_shaped.integrations.training.skyrl_adapter import text_env_class
from tau_shaped.integrations.training.stepwise import StepwiseEnv
from tau_shaped.integrations.training.text_turns import TextEpisode, acquire_env, components, release_env, text_actions
from tau_shaped.integrations.training.trl_adapter import trl_reward_funcs
from tau_shaped.integrations.training.verl_adapter import EpisodeLoop, compute_score
from tests.integrations.training.training_kit import GT, GT_ACTIONS, GT_TEXTS, TASK, ByteTokenizer, ScriptedModel

LAST = GT_ACTIONS[-1]
NAME, ARGS = LAST["name"], LAST["kwargs"]
HERMES = "<tool_call>\n" + json.dumps({"name": NAME, "arguments": ARGS}) + "\n</tool_call>"
STRUCTURED = {"role": "assistant", "content": None,
              "tool_calls": [{"id": "call_x", "type": "function", "function": {"name": NAME, "arguments": json.dumps(ARGS)}}]}
CORRECT = {  # name -> (text for text-only stacks, message for stacks that take messages)
    "hermes": HERMES,
    "structured": (json.dumps({"tool_calls": STRUCTURED["tool_calls"]}), STRUCTURED),
    "json_arguments": json.dumps({"name": NAME, "arguments": ARGS}),
    "json_kwargs": json.dumps({"name": NAME, "kwargs": ARGS}),
    "openai_text": json.dumps({"type": "function", "function": {"name": NAME, "arguments": json.dumps(ARGS)}}),
    "fenced": "```json\n" + json.dumps({"name": NAME, "arguments": ARGS}) + "\n```",
    "llama3": "<|python_tag|>" + json.dumps({"name": NAME, "parameters": ARGS}),
    "mistral": "[TOOL_CALLS]" + json.dumps([{"name": NAME, "arguments": ARGS}]),
    "think_prefixed": "<think>\nThe customer said yes to the card refund.\n</think>\n" + HERMES,
    "reasoning_content": (HERMES, {**STRUCTURED, "reasoning_content": "The customer said yes."}),
}
OTHER = {
    "malformed": '<tool_call>{"name": "issue_refund", "arguments": {"order_id": "FD-10045", </tool_call>',
    "empty": "",
    "refusal": "I am sorry, but I cannot issue that refund.",
    "changed_mind": "Actually, I will refund $16.90 as wallet credit instead. Is that OK?",
}
UNKNOWN = {
    "tool_use_tags": '<tool_use>{"name": "issue_refund", "input": {"order_id": "FD-10045"}}</tool_use>',
    "args_key": json.dumps({"name": NAME, "args": ARGS}),
}
CASES = {**CORRECT, **OTHER, **UNKNOWN}
KEYS = ("score", "outcome", "process", "safety", "legacy", "abstain", "parse_fault")
FAILURE = {"score": 0.0, "outcome": 0.0, "process": 0.0, "safety": 1.0, "legacy": 0.0, "abstain": 0.0, "parse_fault": 1.0}


def forms(name):
    case = CASES[name]
    return case if isinstance(case, tuple) else (case, case)


def close(a, b):  # 1e-6: OpenRLHF hands float32 tensors
    if a["abstain"] or b["abstain"]:
        return a["abstain"] == b["abstain"] == 1.0
    return all(math.isclose(a[k], b[k], abs_tol=1e-6) for k in KEYS if k in a and k in b)


# -- single-turn adapters --------------------------------------------------------------------------

def offline_single(text):
    actions = GT_ACTIONS[:-1] + text_actions(text)
    return components(ShapedReward().score({"actions": actions, "user_replies": GT.user_replies}, TASK))


def trl_text(text, message):
    logged = {}
    out = trl_reward_funcs(["shaped"])[0](prompts=["p"], completions=[text], task_id=[TASK],
                                          actions=[json.dumps(GT_ACTIONS[:-1])], user_replies=[json.dumps(GT.user_replies)],
                                          log_extra=lambda k, v: logged.__setitem__(k.split("/")[-1], v[0]))
    return {"score": out[0] if out[0] is not None else 0.0, **{k: logged[k] for k in KEYS[1:]}}


def trl_conversational(text, message):
    prompt = [{"role": "user", "content": "Hi"}]
    for i, a in enumerate(GT.actions[:-1]):
        if a.name == "respond":
            prompt += [{"role": "assistant", "content": a.kwargs["content"]}, {"role": "user", "content": GT.user_replies[0]}]
        else:
            prompt += [{"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "type": "function", "function": {
                "name": a.name, "arguments": json.dumps(a.kwargs)}}]}, {"role": "tool", "tool_call_id": f"c{i}", "content": "{}"}]
    completion = [message if isinstance(message, dict) else {"role": "assistant", "content": message}]
    return trl_text_like(prompt, completion)


def trl_text_like(prompt, completion):
    logged = {}
    out = trl_reward_funcs(["shaped"])[0](prompts=[prompt], completions=[completion], task_id=[TASK],
                                          log_extra=lambda k, v: logged.__setitem__(k.split("/")[-1], v[0]))
    return {"score": out[0] if out[0] is not None else 0.0, **{k: logged[k] for k in KEYS[1:]}}


def verl_score(text, message):
    return compute_score("tau_shaped/food_delivery", text, TASK,
                         {"actions": GT_ACTIONS[:-1], "user_replies": GT.user_replies})


def openrlhf_server(text, message):
    label = json.dumps({"task_id": TASK, "actions": GT_ACTIONS[:-1], "user_replies": GT.user_replies})
    out = rewards_for(["PROMPT" + text], ["PROMPT"], [label])
    return {"score": out["rewards"][0], **{k: out["extra_logs"][k][0] for k in KEYS[1:]}}


SINGLE = {"trl_text": trl_text, "trl_conversational": trl_conversational, "verl_compute_score": verl_score,
          "openrlhf_reward_server": openrlhf_server}


# -- episode adapters ------------------------------------------------------------------------------

def turns(text, message):
    return GT_TEXTS[:-1], text, message


def stepwise(text, message):
    env = acquire_env("food_delivery", "test")
    try:
        sw = StepwiseEnv(env)
        sw.reset(TASK, options={"user_replies": GT.user_replies})
        info, done = {}, False
        for turn in GT_TEXTS[:-1] + [message] + ["Goodbye."] * 3:
            _, _, terminated, truncated, info = sw.step(turn)
            if terminated or truncated:
                done = True
                break
        if not done:
            info = sw.finish()[4]
        values = components(info["shaped"])
        values["_messages"] = list(sw.messages)
        return values
    finally:
        release_env("food_delivery", "test", env)


def text_episode(text, message):
    episode = TextEpisode()
    episode.start(TASK, user_replies=GT.user_replies)
    for turn in GT_TEXTS[:-1] + [message] + ["Goodbye."] * 3:
        if episode.act(turn).done:
            break
    values = episode.components
    episode.close()
    return values


def verl_loop(text, message):
    tokenizer = ByteTokenizer()
    model = ScriptedModel(GT_TEXTS[:-1] + [text], tokenizer)
    row = {"extra_info": {"task_id": TASK, "user_replies": GT.user_replies}}
    out = asyncio.run(EpisodeLoop().run(model.generate, tokenizer, {}, response_length=50000, row=row))
    return out["extra_fields"]["reward_extra_info"]


def openrlhf_agent(text, message):
    tokenizer = ByteTokenizer()
    session = make_agent_session(tokenizer=tokenizer)()
    label = json.dumps({"task_id": TASK, "user_replies": GT.user_replies})

    async def drive():
        await session.reset({"observation": "", "label": label})
        total, step = 0.0, {}
        for turn in GT_TEXTS[:-1] + [text] + ["Goodbye."] * 3:
            step = await session.step({"action_text": turn, "label": label, "sampling_params": None})
            total += step["rewards"].item()
            if step["done"]:
                break
        logs = {k: float(v) for k, v in step["extra_logs"].items()}
        assert math.isclose(total, float(step["scores"]), abs_tol=1e-6) or logs["abstain"]
        return {"score": float(step["scores"]), **{k: logs[k] for k in KEYS[1:]}}

    return asyncio.run(drive())


def skyrl(text, message):
    env = text_env_class()(env_config={}, extras={"extra_info": {"task_id": TASK, "user_replies": GT.user_replies}})
    env.init(None)
    rewards = []
    for turn in GT_TEXTS[:-1] + [text] + ["Goodbye."] * 3:
        out = env.step(turn)
        rewards.append(out["reward"])
        if out["done"]:
            break
    values = env.get_metrics()
    env.close()
    assert math.isclose(sum(rewards), values["score"], abs_tol=1e-6)
    return values


def verifiers_env(text, message):
    class Driver(va.EpisodeMethods):
        tau_settings = {"domain": "food_delivery", "split": "test"}

    async def run():
        env = Driver()
        state = {"info": {"task_id": TASK, "user_replies": GT.user_replies}}
        await env.setup_state(state)
        messages = []
        for turn in GT_TEXTS[:-1] + [message] + ["Goodbye."] * 3:
            messages.append(turn if isinstance(turn, dict) else {"role": "assistant", "content": turn})
            messages += await env.env_response(messages, state)
            if state.get("final_env_response") is not None:
                break
        values = va.episode_values(state)
        values["score"] = values.pop("shaped")
        return values

    return asyncio.run(run())


EPISODES = {"stepwise_env": stepwise, "text_episode": text_episode, "verl_agent_loop": verl_loop,
            "openrlhf_agent": openrlhf_agent, "skyrl_env": skyrl, "verifiers_env": verifiers_env}


@pytest.mark.parametrize("case", list(CASES))
def test_every_single_turn_adapter_gives_the_offline_reward_and_components(case):
    text, message = forms(case)
    if case in UNKNOWN:
        expected = FAILURE
        with pytest.raises(ValueError):
            read_model_output(text)
    else:
        expected = offline_single(text)
    for name, adapter in SINGLE.items():
        got = adapter(text, message)
        assert close(got, expected), (name, case, got, expected)
        assert ("parse_fault" in got) and got["parse_fault"] == expected["parse_fault"], (name, case, got)


@pytest.mark.parametrize("case", list(CASES))
def test_every_episode_adapter_gives_the_reward_of_its_messages_scored_offline(case):
    text, message = forms(case)
    reference = stepwise(text, message)
    messages = reference.pop("_messages")
    if case in UNKNOWN:
        assert {k: reference[k] for k in KEYS} == FAILURE
    else:
        offline = components(ShapedReward().score({"traj": messages}, TASK))
        assert close(reference, offline), (case, reference, offline)
    for name, adapter in EPISODES.items():
        got = adapter(text, message)
        assert close(got, reference), (name, case, got, reference)


@pytest.mark.parametrize("case", list(CORRECT))
def test_a_correct_call_in_any_format_is_the_ground_truth_in_both_groups(case):
    text, message = forms(case)
    single, episode = offline_single(text), stepwise(text, message)
    episode.pop("_messages")
    assert close(single, episode) and single["score"] == pytest.approx(1.24) and single["legacy"] == 1.0


def test_the_other_completions_rank_below_the_ground_truth():
    truth = offline_single(HERMES)["score"]
    for case in OTHER:
        assert offline_single(forms(case)[0])["score"] < truth, case


# -- what the policy sees ---------------------------------------------------------------------------

def _leaks(text, task):
    """What of the task's hidden side a prompt shows: its instruction (whole, or any clause of 40+
    characters), its actions (as JSON) or its outputs."""
    import re

    found = []
    instruction = getattr(task, "instruction", "") or ""
    clauses = [c.strip() for c in re.split(r"[;.]\s", instruction) if len(c.strip()) >= 40]
    found += [c for c in [instruction] + clauses if c and c in text]
    found += [a for a in (json.dumps(a.kwargs) for a in getattr(task, "actions", []) if a.kwargs) if a in text]
    found += [o for o in getattr(task, "outputs", []) or [] if o and o in text]
    return found


def test_no_prompt_any_adapter_builds_shows_the_tasks_instruction_actions_or_outputs():
    from tau_shaped.integrations.training.openrlhf_adapter import AgentSession
    from tau_shaped.integrations.training.trl_env import environment_dataset, tool_env_class

    env = acquire_env("food_delivery", "test")
    tasks = {str(t.id): t for t in env.tasks}
    release_env("food_delivery", "test", env)
    prompts = []  # (adapter, task id, text)
    for row in va.dataset_rows():  # verifiers
        prompts.append(("verifiers", row["answer"], json.dumps(row["prompt"])))
    env_cls = tool_env_class()
    for row in environment_dataset():  # TRL environment_factory: the row's prompt, then reset's first message
        tool_env = env_cls()
        prompts.append(("trl_env", row["task_id"], json.dumps(row["prompt"]) + tool_env.reset(**row)))
    tokenizer = ByteTokenizer()
    for task_id in tasks:
        for replies in (None, GT.user_replies):  # the persona customer, a scripted one
            episode = TextEpisode()
            prompts.append(("text_episode", task_id, json.dumps(episode.start(task_id, user_replies=replies))))
            episode.close()
            sky = text_env_class()(extras={"extra_info": {"task_id": task_id, "user_replies": replies}})
            prompts.append(("skyrl", task_id, json.dumps(sky.init(None)[0])))
            sky.episode.close()
            session = AgentSession()
            label = json.dumps({"task_id": task_id, "user_replies": replies})
            prompts.append(("openrlhf", task_id, asyncio.run(session.reset({"label": label}))["observation"]))
            session.episode.close()
        model = ScriptedModel(["Hello."], tokenizer)
        out = asyncio.run(EpisodeLoop(max_turns=1).run(model.generate, tokenizer, {}, response_length=100000,
                                                       row={"extra_info": {"task_id": task_id}}))
        prompts.append(("verl", task_id, tokenizer.decode(out["prompt_ids"])))
    assert {a for a, _, _ in prompts} == {"verifiers", "trl_env", "text_episode", "skyrl", "openrlhf", "verl"}
    assert len(prompts) >= 76 * 8
    leaks = [(a, t, _leaks(text, tasks[str(t)])) for a, t, text in prompts if _leaks(text, tasks[str(t)])]
    assert leaks == []
    # the check can fail: the instruction itself is caught
    some = next(iter(tasks.values()))
    assert _leaks("policy\n" + some.instruction, some)


def test_an_undetermined_verdict_abstains_in_every_single_turn_adapter_and_is_counted_apart():
    """SPEC §8: an unclear reply ("Maybe.") to the confirmation leaves the confirm rule
    undetermined: every adapter abstains (``abstain`` 1.0) and says why (``undetermined`` 1.0),
    counted in ``UNDETERMINED``, never in ``FAULTS``; the same completion after a yes is no
    abstention at all."""
    from tau_shaped.integrations.training.reward_functions import ShapedReward as Shaped
    from tau_shaped.integrations.training.text_turns import FAULTS, UNDETERMINED

    unclear = ["Maybe."] * len(GT.user_replies)
    reward = Shaped()
    assert reward.score({"actions": GT_ACTIONS, "user_replies": unclear}, TASK).status == "undetermined"
    assert reward({"actions": GT_ACTIONS, "user_replies": unclear}, TASK) is None
    assert (reward.undetermined, reward.faults) == (1, 0)

    logged = {}
    trl = trl_reward_funcs(["shaped"])[0](prompts=["p"], completions=[HERMES], task_id=[TASK],
                                          actions=[json.dumps(GT_ACTIONS[:-1])], user_replies=[json.dumps(unclear)],
                                          log_extra=lambda k, v: logged.__setitem__(k.split("/")[-1], v[0]))
    assert trl == [None] and (logged["abstain"], logged["undetermined"]) == (1.0, 1.0)
    counted = trl_reward_funcs(["shaped"])[0]
    counted(prompts=["p"], completions=[HERMES], task_id=[TASK], actions=[json.dumps(GT_ACTIONS[:-1])],
            user_replies=[json.dumps(unclear)])
    assert (counted.reward_function.undetermined, counted.reward_function.faults) == (1, 0)

    faults, undetermined = dict(FAULTS.by_adapter), dict(UNDETERMINED.by_adapter)
    verl = compute_score("tau_shaped/food_delivery", HERMES, TASK, {"actions": GT_ACTIONS[:-1], "user_replies": unclear})
    label = json.dumps({"task_id": TASK, "actions": GT_ACTIONS[:-1], "user_replies": unclear})
    server = rewards_for(["PROMPT" + HERMES], ["PROMPT"], [label])
    assert (verl["abstain"], verl["undetermined"]) == (1.0, 1.0)
    assert (server["extra_logs"]["abstain"][0], server["extra_logs"]["undetermined"][0]) == (1.0, 1.0)
    assert dict(FAULTS.by_adapter) == faults
    for adapter in ("verl", "openrlhf"):
        assert UNDETERMINED[adapter] == undetermined.get(adapter, 0) + 1

    sure = compute_score("tau_shaped/food_delivery", HERMES, TASK, {"actions": GT_ACTIONS[:-1], "user_replies": GT.user_replies})
    assert (sure["abstain"], sure["undetermined"], sure["score"]) == (0.0, 0.0, pytest.approx(1.24))
