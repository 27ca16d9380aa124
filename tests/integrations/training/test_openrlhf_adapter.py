"""OpenRLHF (issue 19): the HTTP reward server over 127.0.0.1, and the multi-turn agent instance.

OpenRLHF itself does not install on CPU (it pins flash-attn and deepspeed; the project's
``openrlhf`` extra leaves it out), so the agent is driven here the way OpenRLHF 0.11's ``MultiTurnAgentExecutor.execute`` documents it: one instance
per prompt, ``await reset({"observation", "label"})``, then ``await step({"observation_text",
"action_text", "label", "sampling_params"})`` until ``done``, ``rewards.item()`` summed, ``scores``
and ``extra_logs`` of the last step kept. With OpenRLHF installed, the real executor runs it too.
"""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from tau_shaped.integrations.training.openrlhf_adapter import (END_TOKENS, AgentSession, RewardServer, completion_of, main,
                                                               make_agent_session)
from tau_shaped.integrations.training.text_turns import FAULTS
from tests.integrations.training.training_kit import EXPECTED_SHAPED, GT, GT_ACTIONS, GT_TEXTS, TASK, ByteTokenizer, ScriptedModel

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def server():
    srv = RewardServer("127.0.0.1", 0).start()
    yield srv
    srv.stop()


def post(url, payload):
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def label(**extra):
    return json.dumps({"task_id": TASK, "actions": GT_ACTIONS[:-1], "user_replies": GT.user_replies, **extra})


def test_reward_server_answers_openrlhfs_request_shape(server):
    prompt = "<|user|>refund please<|end|>\n<|assistant|>"
    queries = [prompt + GT_TEXTS[-1] + "<|im_end|>", prompt + "Sorry, I cannot help."]
    status, out = post(server.url, {"query": queries, "prompts": [prompt, prompt], "labels": [label(), label()]})
    assert status == 200 and set(out) == {"rewards", "scores", "extra_logs"}
    assert out["rewards"][0] == pytest.approx(EXPECTED_SHAPED) and out["scores"] == out["rewards"]
    assert out["rewards"][1] < out["rewards"][0]
    assert set(out["extra_logs"]) == {"outcome", "process", "safety", "legacy", "abstain", "undetermined", "infra_fault",
                                      "parse_fault"}
    assert out["extra_logs"]["legacy"] == [1.0, 0.0] and out["extra_logs"]["outcome"] == [1.0, 0.0]
    assert out["extra_logs"]["abstain"] == [0.0, 0.0]


def test_reward_server_fault_is_a_counted_fallback_and_bad_requests_are_400(server):
    before = FAULTS["openrlhf"]
    status, out = post(server.url, {"query": ["x"], "prompts": [""], "labels": [label(actions="{bad", fallback=-1)]})
    assert status == 200 and out["rewards"] == [-1.0] and out["extra_logs"]["abstain"] == [1.0]
    assert FAULTS["openrlhf"] == before + 1
    assert post(server.url, {"query": ["x"], "prompts": [""], "labels": ["no-such-task"]})[0] == 400
    assert post(server.url, {"query": ["x", "y"], "labels": [TASK]})[0] == 400
    assert post(server.url, ["not", "an", "object"])[0] == 400


def test_completion_is_the_query_after_its_prompt_without_end_tokens():
    assert completion_of("PROMPT hello<|im_end|></s>", "PROMPT ") == "hello"
    assert completion_of("other text", "PROMPT") == "other text"


def _completion_by_copies(query, prompt):
    """The completion as plainly written: cut the prompt, then strip white space and end tokens until none is left."""
    text = query[len(prompt):] if prompt and query.startswith(prompt) else query
    text = text.rstrip()
    while any(text.endswith(token) for token in END_TOKENS):
        token = next(t for t in END_TOKENS if text.endswith(t))
        text = text[: -len(token)].rstrip()
    return text


def test_completion_of_copies_at_most_once_and_cuts_what_the_plain_reading_cuts():
    rng = random.Random(44)  # strings of end tokens, white space (wider than the 4,096-character window too) and text
    pieces = list(END_TOKENS) + [" ", "\n", "\u2003", "\t", "a", "P", "<|", "|>", "end", "</s", ">", " " * 5000]
    for _ in range(3000):
        query = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        prompt = rng.choice([None, "", "P", "P ", query[: rng.randint(0, len(query))]])
        assert completion_of(query, prompt) == _completion_by_copies(query, prompt), (query[:80], prompt)
    query = "reply" * 1000
    assert completion_of(query, None) is query  # nothing to cut: the query itself, no copy


def test_the_server_command_refuses_a_limit_that_is_not_positive(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--port", "0", "--workers", "0"])
    assert exit_.value.code == 2 and "workers must be positive" in capsys.readouterr().err


async def drive(session_cls, texts, tokenizer, lbl, max_length=30000):
    """What OpenRLHF 0.11's MultiTurnAgentExecutor.execute does with an agent instance."""
    instance = session_cls()
    reset = await instance.reset({"observation": "the dataset's prompt", "label": lbl})
    tokens = tokenizer.encode(reset["observation"])
    model = ScriptedModel(texts, tokenizer)
    total, scores, logs, ranges = 0.0, None, {}, []
    while max_length - len(tokens) > 0:  # OpenRLHF: no budget left to generate, stop (before any step)
        params = SimpleNamespace(max_tokens=max_length - len(tokens), logprobs=None)
        out = await model.generate("r", prompt_ids=tokens, sampling_params={})
        out.token_ids = out.token_ids[: params.max_tokens]  # generation stops at the budget
        step = await instance.step({"observation_text": tokenizer.decode(tokens), "label": lbl,
                                    "action_text": tokenizer.decode(out.token_ids), "sampling_params": params})
        total += step["rewards"].item()
        scores, logs = step.get("scores", total), step.get("extra_logs", {})
        ranges.append((len(tokens), len(tokens) + len(out.token_ids)))
        tokens = tokens + out.token_ids + tokenizer.encode(step["environment_feedback"])
        if step["done"]:
            break
    return {"reward": total, "scores": float(scores), "extra_logs": {k: float(v) for k, v in logs.items()},
            "observation": tokenizer.decode(tokens), "turns": len(ranges)}


@pytest.mark.parametrize("with_tokenizer", [True, False])
def test_agent_session_plays_an_episode_as_openrlhf_drives_it(with_tokenizer):
    tokenizer = ByteTokenizer()
    cls = make_agent_session(tokenizer=tokenizer) if with_tokenizer else AgentSession
    lbl = json.dumps({"task_id": TASK, "user_replies": GT.user_replies})
    out = asyncio.run(drive(cls, GT_TEXTS, tokenizer, lbl))
    assert out["reward"] == pytest.approx(EXPECTED_SHAPED) and out["scores"] == pytest.approx(EXPECTED_SHAPED)
    assert out["extra_logs"]["legacy"] == 1.0 and out["extra_logs"]["abstain"] == 0.0
    assert out["extra_logs"]["truncated"] == 0.0
    assert GT.user_replies[0] in out["observation"] and "the dataset's prompt" not in out["observation"]
    if with_tokenizer:
        assert out["observation"].startswith("<|system|>") and "<|tool|>" in out["observation"]
    wrong = asyncio.run(drive(cls, ["Sorry, I cannot help."] * 5, tokenizer, lbl))
    assert wrong["extra_logs"]["outcome"] == 0.0 and wrong["reward"] == pytest.approx(wrong["scores"])


@pytest.mark.parametrize("with_tokenizer", [True, False])
def test_a_rollout_cut_by_the_token_budget_says_so_in_extra_logs(with_tokenizer):
    tokenizer = ByteTokenizer()
    cls = make_agent_session(tokenizer=tokenizer) if with_tokenizer else AgentSession
    lbl = json.dumps({"task_id": TASK, "user_replies": GT.user_replies})
    full = asyncio.run(drive(cls, GT_TEXTS, tokenizer, lbl))
    cut = asyncio.run(drive(cls, GT_TEXTS, tokenizer, lbl, max_length=len(full["observation"].encode()) - 400))
    assert cut["extra_logs"]["truncated"] == 1.0 and cut["extra_logs"]["abstain"] == 0.0
    assert cut["turns"] < full["turns"] and cut["extra_logs"]["outcome"] == 0.0
    if with_tokenizer:  # the session saw the budget run out: it ended and scored the episode itself
        assert cut["scores"] == pytest.approx(cut["reward"]) and cut["reward"] < EXPECTED_SHAPED
    assert cut["extra_logs"]["process"] > 0.0  # the checkpoints met before the cut


def test_the_openrlhf_extra_needs_no_gpu_package():
    import tomllib

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["openrlhf"]
    names = {e.split(">")[0].split("=")[0].split("<")[0].strip().lower() for e in extra}
    assert names and not names & {"openrlhf", "flash-attn", "flash_attn", "torch", "deepspeed", "vllm"}


def test_agent_session_settings_and_the_executor_need_openrlhf_only_when_asked():
    with pytest.raises(TypeError):
        make_agent_session(colour="blue")
    cls = make_agent_session(domain="food_delivery", lam=0.5)
    assert issubclass(cls, AgentSession) and cls.lam == 0.5
    try:
        from openrlhf.utils.agent import AgentInstanceBase, MultiTurnAgentExecutor
    except ImportError:
        from tau_shaped.integrations.training.openrlhf_adapter import make_agent_executor

        with pytest.raises(ImportError):
            make_agent_executor()
        return
    from tau_shaped.integrations.training.openrlhf_adapter import make_agent_executor

    assert issubclass(cls, AgentInstanceBase)
    executor = make_agent_executor(tokenizer=ByteTokenizer())()
    assert isinstance(executor, MultiTurnAgentExecutor)
