"""TRL's reward_funcs signature (issue 19), and 2 GRPO steps on CPU with a tiny local model."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.integrations.training.reward_functions import ShapedReward
from tau_shaped.integrations.training.trl_adapter import TRLReward, trl_reward_funcs

ROOT = Path(__file__).resolve().parents[1]
RECORDINGS = load_recordings(ROOT / "tasks" / "food_delivery" / "recordings" / "test.json")
TASK, GT = next((t, rs[0]) for t, rs in RECORDINGS.items() if t == "fd-missing-3")
GT_ACTIONS = [{"name": a.name, "kwargs": a.kwargs} for a in GT.actions]


def row(prefix, replies=None):
    return json.dumps(prefix), json.dumps(replies if replies is not None else GT.user_replies)


def test_text_completions_columns_and_faults():
    shaped, safety = trl_reward_funcs(["shaped", "safety"])
    prefix, replies = row(GT_ACTIONS[:-1])
    last = json.dumps(GT_ACTIONS[-1])
    columns = {"task_id": [TASK] * 4, "actions": [prefix, prefix, prefix, "{not json"],
               "user_replies": [replies] * 4, "trainer_state": None}
    completions = [last, json.dumps([GT_ACTIONS[-1]]), "Sorry, I cannot help with that.", last]
    out = shaped(prompts=["p"] * 4, completions=completions, completion_ids=None, **columns)
    expected = ShapedReward()({"actions": GT_ACTIONS, "user_replies": GT.user_replies}, TASK)
    assert out[0] == out[1] == expected > 1.0
    assert out[2] is not None and out[2] < expected
    assert out[3] is None and shaped.faults == 1  # the unparsable actions column: a fault, as None
    assert safety(prompts=["p"], completions=['[{"name": ""}]'], task_id=[TASK]) == [None]
    fallback = trl_reward_funcs(["shaped"], allow_none=False)[0]
    assert fallback(prompts=["p"], completions=['[{"name": ""}]'], task_id=[TASK]) == [0.0] and fallback.faults == 1


def test_conversational_completions_and_pickling():
    f = trl_reward_funcs(["outcome"])[0]
    prompt = [{"role": "system", "content": "policy"}, {"role": "user", "content": "Hi"}]
    completion = []
    for i, a in enumerate(GT.actions):
        if a.name == "respond":
            completion.append({"role": "assistant", "content": a.kwargs["content"]})
        else:
            completion.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": f"c{i}", "type": "function", "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}]})
    assert f(prompts=[prompt], completions=[completion], task_id=[TASK]) == [1.0]
    g = pickle.loads(pickle.dumps(f))
    assert isinstance(g, TRLReward) and g.__name__ == "tau_shaped_OutcomeReward"
    assert g(prompts=[prompt], completions=[completion], task_id=[TASK]) == [1.0]
    with pytest.raises(KeyError):
        f(prompts=["p"], completions=["x"])


def _tiny_model_and_tokenizer(torch, transformers):
    from tokenizers import Tokenizer, models, pre_tokenizers

    words = sorted({w for a in GT_ACTIONS for w in json.dumps(a).replace('"', " ").split()} | {"hello", "refund", "yes"})
    vocab = {"[PAD]": 0, "[UNK]": 1, "[EOS]": 2, **{w: i + 3 for i, w in enumerate(words)}}
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]",
                                                     eos_token="[EOS]")
    torch.manual_seed(0)
    config = transformers.LlamaConfig(vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                      num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=128,
                                      pad_token_id=0, eos_token_id=2, bos_token_id=None)
    return transformers.LlamaForCausalLM(config), tokenizer


def test_grpo_trainer_two_steps_on_cpu(tmp_path):
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    trl = pytest.importorskip("trl")
    datasets = pytest.importorskip("datasets")
    model, tokenizer = _tiny_model_and_tokenizer(torch, transformers)
    prefix, replies = row(GT_ACTIONS[:-1])
    dataset = datasets.Dataset.from_dict({
        "prompt": ["hello refund", "refund yes", "hello yes", "yes refund"],
        "task_id": [TASK, TASK, "fd-missing-4", TASK],
        "actions": [prefix, "", "", "{not json"],  # the last row: a verifier fault
        "user_replies": [replies, "[]", "[]", replies],
    })
    seen = []

    class Spy:  # what TRL receives from the shaped reward function
        def __init__(self, inner):
            self.inner, self.__name__ = inner, inner.__name__

        def __call__(self, **kwargs):
            out = self.inner(**kwargs)
            seen.append((list(kwargs["task_id"]), list(kwargs["actions"]), out))
            return out

    shaped, safety = trl_reward_funcs(["shaped", "safety"])
    config = trl.GRPOConfig(output_dir=str(tmp_path), max_steps=2, per_device_train_batch_size=4, num_generations=2,
                            max_completion_length=6, learning_rate=1e-3, logging_steps=1, report_to=[], seed=0,
                            use_cpu=True, save_strategy="no", bf16=False, fp16=False, disable_tqdm=True)
    trainer = trl.GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[Spy(shaped), safety],
                              args=config, train_dataset=dataset)
    trainer.train()
    assert trainer.state.global_step == 2
    outputs = [(a, r) for _, actions, out in seen for a, r in zip(actions, out)]
    assert outputs and all((r is None) == (a == "{not json") for a, r in outputs)
    assert any(r is None for _, r in outputs) and shaped.faults >= 1
    assert all(isinstance(r, float) for a, r in outputs if a != "{not json")
