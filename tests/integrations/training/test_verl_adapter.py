"""verl (issue 19): compute_score's dict, and the agent loop that owns the user and the database.

The agent loop is tested on ``EpisodeLoop`` (what ``TauShapedAgentLoop.run`` runs) with a scripted
model and a byte tokenizer, against verl's documented ``AgentLoopOutput`` fields; when verl is
installed, also as a subclass of verl's real ``AgentLoopBase`` returning a real ``AgentLoopOutput``.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from types import SimpleNamespace

import pytest

from tau_shaped.integrations.training import verl_adapter
from tau_shaped.integrations.training.text_turns import FAULTS
from tau_shaped.integrations.training.verl_adapter import token_level_scores
from tau_shaped.integrations.training.verl_adapter import EpisodeLoop, compute_score
from tests.integrations.training.training_kit import (EXPECTED_LEGACY, EXPECTED_SHAPED, GT, GT_ACTIONS, GT_TEXTS, TASK, ByteTokenizer,
                                ScriptedModel)

KEYS = {"score", "outcome", "process", "safety", "legacy", "abstain", "undetermined", "infra_fault", "parse_fault"}
# verl 0.9's AgentLoopOutput: the required fields and the optional ones this loop fills
AGENT_LOOP_OUTPUT_REQUIRED = {"prompt_ids", "response_ids", "response_mask", "metrics"}
AGENT_LOOP_OUTPUT_OPTIONAL = {"response_logprobs", "reward_score", "num_turns", "extra_fields", "routed_experts",
                              "multi_modal_data", "mm_processor_kwargs", "mm_processor_output"}


def test_compute_score_signature_is_verls():
    params = list(inspect.signature(compute_score).parameters)
    assert params[:4] == ["data_source", "solution_str", "ground_truth", "extra_info"]


def test_compute_score_returns_score_and_every_component():
    extra = {"actions": json.dumps(GT_ACTIONS[:-1]), "user_replies": GT.user_replies}
    out = compute_score("tau_shaped/food_delivery", GT_TEXTS[-1], TASK, extra)
    assert set(out) == KEYS and all(isinstance(v, float) for v in out.values())
    assert out["score"] == pytest.approx(EXPECTED_SHAPED) and out["legacy"] == EXPECTED_LEGACY == 1.0
    assert out["outcome"] == 1.0 and out["safety"] == 1.0 and out["abstain"] == 0.0
    assert out["score"] == pytest.approx(out["outcome"] + 0.3 * out["process"])
    wrong = compute_score("tau_shaped/food_delivery", "Sorry, I cannot help.", TASK, extra)
    assert wrong["outcome"] == 0.0 and wrong["legacy"] == 0.0 and wrong["score"] < out["score"]
    gated = compute_score("tau_shaped/food_delivery", GT_TEXTS[-1], TASK, {**extra, "blend": "gated"})
    assert gated["score"] == 1.0


def test_compute_score_fault_is_a_counted_fallback_never_none():
    before = FAULTS["verl"]
    out = compute_score("tau_shaped/food_delivery", "hi", TASK, {"actions": "{not json", "fallback": -1.0})
    assert out == {"score": -1.0, "outcome": -1.0, "process": -1.0, "safety": -1.0, "legacy": -1.0, "abstain": 1.0,
                   "undetermined": 0.0, "infra_fault": 0.0, "parse_fault": 0.0}
    assert FAULTS["verl"] == before + 1
    with pytest.raises(KeyError):
        compute_score("tau_shaped/food_delivery", "hi", "no-such-task", {})


def _row(**extra):
    return {"raw_prompt": [{"role": "user", "content": "ignored"}], "data_source": "tau_shaped/food_delivery",
            "reward_model": {"ground_truth": TASK}, "extra_info": {"user_replies": GT.user_replies, **extra}}


def run_loop(texts, response_length=20000, **extra):
    tokenizer = ByteTokenizer()
    model = ScriptedModel(texts, tokenizer)
    out = asyncio.run(EpisodeLoop().run(model.generate, tokenizer, {"temperature": 1.0},
                                        response_length=response_length, row=_row(**extra)))
    return out, model, tokenizer


def test_episode_loop_plays_the_ground_truth_and_pays_its_shaped_reward():
    out, model, tokenizer = run_loop(GT_TEXTS)
    assert AGENT_LOOP_OUTPUT_REQUIRED <= set(out) <= AGENT_LOOP_OUTPUT_REQUIRED | AGENT_LOOP_OUTPUT_OPTIONAL
    assert out["reward_score"] == pytest.approx(EXPECTED_SHAPED)
    assert sum(out["extra_fields"]["turn_scores"]) == pytest.approx(EXPECTED_SHAPED)
    assert out["extra_fields"]["tau_shaped"]["legacy"] == 1.0 and out["extra_fields"]["tau_shaped"]["task_id"] == TASK
    assert len(out["response_ids"]) == len(out["response_mask"]) == len(out["response_logprobs"])
    # the model's tokens are masked in, the env's (tool results, user replies) out
    model_tokens = [t for t, m in zip(out["response_ids"], out["response_mask"]) if m == 1]
    said = GT_TEXTS + ["Goodbye."] * (len(model.calls) - len(GT_TEXTS))  # after the script: "Goodbye.", the user stops
    assert tokenizer.decode(model_tokens) == "".join(said)
    env_text = tokenizer.decode([t for t, m in zip(out["response_ids"], out["response_mask"]) if m == 0])
    assert "<|tool|>" in env_text and GT.user_replies[0] in env_text
    # each generation sees the prompt plus everything so far: a growing prefix
    assert all(a["prompt_ids"] == b["prompt_ids"][: len(a["prompt_ids"])] for a, b in zip(model.calls, model.calls[1:]))
    prompt = tokenizer.decode(out["prompt_ids"])
    assert prompt.startswith("<|system|>") and prompt.endswith("<|assistant|>") and "ignored" not in prompt
    assert set(out["metrics"]) == {"generate_sequences", "tool_calls"} and out["num_turns"] >= 2 * len(GT_TEXTS)


def test_episode_loop_truncates_at_the_response_length_and_still_scores():
    out, model, _ = run_loop(GT_TEXTS, response_length=200)
    assert len(out["response_ids"]) <= 200 and len(model.calls) < len(GT_TEXTS)
    assert out["reward_score"] < 1.0 and out["extra_fields"]["tau_shaped"]["abstain"] == 0.0
    assert sum(out["extra_fields"]["turn_scores"]) == pytest.approx(out["reward_score"])
    assert out["extra_fields"]["reward_extra_info"]["truncated"] == 1.0


def test_per_turn_scores_sit_at_each_turns_last_generated_token_and_components_are_extra_info():
    """verl makes each key of ``extra_fields["reward_extra_info"]`` a column of its reward_extra_info;
    ``token_level_scores`` puts each turn's reward at the turn's last model token."""
    out, _, _ = run_loop(["<think>look the customer up</think>" + GT_TEXTS[0]] + GT_TEXTS[1:])
    fields = out["extra_fields"]
    info = fields["reward_extra_info"]
    assert set(info) == KEYS | {"truncated"}
    assert info["score"] == pytest.approx(EXPECTED_SHAPED) and info["outcome"] == 1.0 and info["truncated"] == 0.0
    positions, scores = fields["turn_score_positions"], fields["turn_scores"]
    assert len(positions) == len(scores) and positions == sorted(positions)
    mask = out["response_mask"]
    assert all(mask[p] == 1 and (p + 1 == len(mask) or mask[p + 1] == 0) for p in positions[:-1])
    row = token_level_scores(len(out["response_ids"]), positions, scores)
    assert sum(row) == pytest.approx(out["reward_score"]) and scores[0] > 0  # process credit paid at turn 1
    assert [i for i, v in enumerate(row) if v] == [p for p, v in zip(positions, scores) if v]
    with pytest.raises(ValueError):
        token_level_scores(10, [1], [])


def test_episode_loops_run_concurrently_on_separate_databases():
    tokenizer = ByteTokenizer()

    async def both():
        loops = [EpisodeLoop().run(ScriptedModel(texts, tokenizer).generate, tokenizer, {}, response_length=20000,
                                   row=_row()) for texts in (GT_TEXTS, ["Sorry, I cannot help."] * 3)]
        return await asyncio.gather(*loops)

    good, bad = asyncio.run(both())
    assert good["reward_score"] == pytest.approx(EXPECTED_SHAPED) and bad["reward_score"] == 0.0


def test_agent_loop_class_needs_verl_only_when_asked_for():
    try:
        import verl.experimental.agent_loop.agent_loop  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError):
            verl_adapter.TauShapedAgentLoop
        return
    cls = verl_adapter.TauShapedAgentLoop
    from verl.experimental.agent_loop.agent_loop import AgentLoopBase, _agent_loop_registry

    assert issubclass(cls, AgentLoopBase) and not inspect.isabstract(cls)
    target = _agent_loop_registry[verl_adapter.AGENT_NAME]["_target_"]
    assert target == f"{verl_adapter.__name__}.TauShapedAgentLoop"
    import hydra.utils

    assert hydra.utils.get_class(target) is cls  # how verl's worker instantiates a registered loop


def test_agent_loop_run_returns_verls_agent_loop_output():
    agent_loop = pytest.importorskip("verl.experimental.agent_loop.agent_loop", reason="verl is not installed")
    cls = verl_adapter.TauShapedAgentLoop
    tokenizer = ByteTokenizer()
    loop = cls.__new__(cls)  # AgentLoopBase.__init__ wants a whole trainer config and a live tokenizer builder
    loop.episode_loop = EpisodeLoop()
    loop.server_manager = ScriptedModel(GT_TEXTS, tokenizer)
    loop.tokenizer = tokenizer
    loop.rollout_config = SimpleNamespace(response_length=20000)
    out = asyncio.run(loop.run({"temperature": 1.0}, **_row()))
    assert isinstance(out, agent_loop.AgentLoopOutput)
    assert out.reward_score == pytest.approx(EXPECTED_SHAPED)
    assert out.extra_fields["tau_shaped"]["legacy"] == 1.0
