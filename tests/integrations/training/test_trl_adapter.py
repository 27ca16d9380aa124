"""TRL's reward_funcs signature (issue 19), and 2 GRPO steps on CPU with a tiny local model."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.integrations.training.reward_functions import ShapedReward
from tau_shaped.env.model_text import PARSE_FAULTS
from tau_shaped.integrations.training.trl_adapter import TRLReward, trl_reward_funcs, trl_reward_weights

ROOT = Path(__file__).resolve().parents[3]
RECORDINGS = load_recordings(ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json")
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
    unknown = '{"name": "issue_refund", "args": {"order_id": "FD-10045"}}'  # a call in no known format
    before = PARSE_FAULTS["trl"]
    # the policy's own failure (issue 43): scored (safety 1.0: no gate fired; the blend 0.0), counted, never None
    assert safety(prompts=["p"], completions=[unknown], task_id=[TASK]) == [1.0] and PARSE_FAULTS["trl"] == before + 1
    failed = trl_reward_funcs(["shaped"])[0]
    assert failed(prompts=["p"], completions=[unknown], task_id=[TASK]) == [0.0] and failed.faults == 0
    invalid = safety(prompts=["p"], completions=['[{"name": ""}]'], task_id=[TASK])  # a nameless call: the policy's
    assert invalid == [1.0]  # mistake, scored (the env answers Error), not a fault


def test_conversational_completions_and_pickling():
    f = trl_reward_funcs(["outcome"])[0]
    prompt = [{"role": "system", "content": "policy"}, {"role": "user", "content": "Hi"}]
    completion, unanswered = [], []
    replies = iter(GT.user_replies)
    for i, a in enumerate(GT.actions):
        if a.name == "respond":
            said = {"role": "assistant", "content": a.kwargs["content"]}
            completion += [said, {"role": "user", "content": next(replies)}]  # the customer's recorded answer
            unanswered.append(said)
        else:
            call = {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"c{i}", "type": "function", "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}]}
            completion.append(call)
            unanswered.append(call)
    assert f(prompts=[prompt], completions=[completion], task_id=[TASK]) == [1.0]
    # SPEC §10: the refund's confirmation with no user turn after it was never answered: no yes
    assert f(prompts=[prompt], completions=[unanswered], task_id=[TASK]) == [0.0]
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


# -- one scoring per rollout, the components logged, every format read (issue 29) -------------------

HERMES_LAST = ("<tool_call>\n" + json.dumps({"name": GT_ACTIONS[-1]["name"], "arguments": GT_ACTIONS[-1]["kwargs"]})
               + "\n</tool_call>")
THINK_LAST = "<think>\nThe customer said yes to $16.90 on the card, so I refund it now.\n</think>\n" + HERMES_LAST
NOTHING = "I am sorry, I cannot help with that."
WRONG = HERMES_LAST.replace("16.9", "50.0")  # more than was lost: the refund cap's gate fires


def _columns(n):
    prefix, replies = row(GT_ACTIONS[:-1])
    return {"task_id": [TASK] * n, "actions": [prefix] * n, "user_replies": [replies] * n}


def test_each_rollout_is_scored_once_for_every_function_and_the_components_are_logged(monkeypatch):
    from tau_shaped.integrations.training import reward_functions

    calls = []
    real = reward_functions.score_trajectory
    monkeypatch.setattr(reward_functions, "score_trajectory", lambda *a, **k: calls.append(1) or real(*a, **k))
    names = ["shaped", "outcome", "process", "safety", "legacy"]
    funcs = trl_reward_funcs(names)
    metrics, extra = {}, {}
    completions = [HERMES_LAST, NOTHING, WRONG]
    prompts = ["p"] * 3
    columns = {**_columns(3), "log_metric": lambda k, v: metrics.setdefault(k, []).append(v),
               "log_extra": lambda k, v: extra.setdefault(k, []).extend(v)}
    out = {name: f(prompts=prompts, completions=completions, **columns) for name, f in zip(names, funcs)}
    assert len(calls) == 3  # one scoring per completion, not one per function
    assert out["shaped"][0] == pytest.approx(1.24) and out["outcome"] == [1.0, 0.0, 0.0]
    assert out["shaped"][0] > out["shaped"][1] > out["shaped"][2] == 0.0 and out["safety"] == [1.0, 1.0, 0.0]
    assert out["legacy"][0] == 1.0 and out["process"][0] == pytest.approx(0.8)
    assert metrics["tau_shaped/outcome"] == [pytest.approx(1 / 3)] and metrics["tau_shaped/abstain"] == [0.0]
    assert extra["tau_shaped/outcome"] == [1.0, 0.0, 0.0] and extra["tau_shaped/safety"] == [1.0, 1.0, 0.0]
    weights = trl_reward_weights(names)
    assert weights == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert [sum(w * out[n][i] for w, n in zip(weights, names)) for i in range(3)] == out["shaped"]
    # a new batch (new lists) is scored again
    funcs[1](prompts=list(prompts), completions=list(completions), **_columns(3))
    assert len(calls) == 6


def test_every_known_format_and_a_reasoning_prefix_score_as_the_plain_call():
    f = trl_reward_funcs(["shaped"])[0]
    last = GT_ACTIONS[-1]
    texts = [HERMES_LAST, THINK_LAST, json.dumps({"name": last["name"], "arguments": last["kwargs"]}),
             json.dumps({"name": last["name"], "kwargs": last["kwargs"]}),
             "```json\n" + json.dumps({"name": last["name"], "arguments": last["kwargs"]}) + "\n```",
             json.dumps({"type": "function", "function": {"name": last["name"], "arguments": json.dumps(last["kwargs"])}}),
             "<|python_tag|>" + json.dumps({"name": last["name"], "parameters": last["kwargs"]}),
             "[TOOL_CALLS]" + json.dumps([{"name": last["name"], "arguments": last["kwargs"]}]),
             "<reasoning>yes was said</reasoning>" + HERMES_LAST]
    out = f(prompts=["p"] * len(texts), completions=texts, **_columns(len(texts)))
    assert out == [pytest.approx(1.24)] * len(texts)


def test_conversational_text_completions_are_read_by_the_one_reader():
    """A tokenizer without a tool-call parser: TRL hands the assistant's text as content."""
    f = trl_reward_funcs(["shaped"])[0]
    prompt = [{"role": "system", "content": "policy"}, {"role": "user", "content": "Hi, I need some help, please."}]
    for i, a in enumerate(GT.actions[:-1]):
        if a.name == "respond":
            prompt += [{"role": "assistant", "content": a.kwargs["content"]}, {"role": "user", "content": GT.user_replies[0]}]
        else:
            prompt += [{"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "type": "function", "function": {
                "name": a.name, "arguments": json.dumps(a.kwargs)}}]}, {"role": "tool", "tool_call_id": f"c{i}", "content": "{}"}]
    completions = [[{"role": "assistant", "content": text}] for text in (HERMES_LAST, THINK_LAST, NOTHING, WRONG)]
    out = f(prompts=[prompt] * 4, completions=completions, task_id=[TASK] * 4)
    assert out[0] == out[1] == pytest.approx(1.24) and out[0] > out[2] > out[3]


def _byte_model_and_tokenizer(torch, transformers, script):
    """A byte-level tokenizer (any text round-trips) and a tiny Llama whose ``generate`` writes the
    scripted completions in turn: GRPOTrainer trains it for real, on texts we choose."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from tokenizers.pre_tokenizers import ByteLevel

    alphabet = ByteLevel.alphabet()
    vocab = {"[PAD]": 0, "[EOS]": 1, **{ch: i + 2 for i, ch in enumerate(sorted(alphabet))}}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=[]))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    tok.decoder = decoders.ByteLevel()
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="[PAD]", eos_token="[EOS]")
    tokenizer.chat_template = ("{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] or '' }}\n{% endfor %}"
                               "{% if add_generation_prompt %}<|assistant|>{% endif %}")
    scripted = [tokenizer.encode(text, add_special_tokens=False) + [1] for text in script]

    class ScriptedLlama(transformers.LlamaForCausalLM):
        written = 0

        def generate(self, input_ids=None, attention_mask=None, **kwargs):
            rows = []
            for _ in range(input_ids.size(0)):
                rows.append(scripted[ScriptedLlama.written % len(scripted)])
                ScriptedLlama.written += 1
            width = max(len(r) for r in rows)
            out = torch.tensor([r + [0] * (width - len(r)) for r in rows], dtype=input_ids.dtype)
            return torch.cat([input_ids, out], dim=1)

    torch.manual_seed(0)
    config = transformers.LlamaConfig(vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                      num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=2048,
                                      pad_token_id=0, eos_token_id=1, bos_token_id=None)
    return ScriptedLlama(config), tokenizer


@pytest.mark.parametrize("mode", ["text", "conversational"])
def test_grpo_trainer_learns_from_hermes_calls_reasoning_included(tmp_path, mode):
    """Issue 29's acceptance: inside GRPOTrainer on CPU, a group mixing the correct Hermes refund,
    the same behind a <think> block, doing nothing and a wrong amount gets rewards with std > 0,
    correct = think-prefixed > nothing > wrong, and the components reach TRL's logs."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    trl = pytest.importorskip("trl")
    datasets = pytest.importorskip("datasets")
    script = [HERMES_LAST, THINK_LAST, NOTHING, WRONG]
    model, tokenizer = _byte_model_and_tokenizer(torch, transformers, script)
    prefix, replies = row(GT_ACTIONS[:-1])
    if mode == "text":
        prompts = ["Refund the missing item.", "Help the customer."]
        data = {"prompt": prompts, "task_id": [TASK] * 2, "actions": [prefix] * 2, "user_replies": [replies] * 2}
    else:
        history = [{"role": "user", "content": "Hi, I need some help, please."}]
        for i, a in enumerate(GT.actions[:-1]):
            if a.name == "respond":
                history += [{"role": "assistant", "content": a.kwargs["content"], "tool_calls": None},
                            {"role": "user", "content": GT.user_replies[0], "tool_calls": None}]
            else:
                call = {"id": f"c{i}", "type": "function", "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}
                history += [{"role": "assistant", "content": "", "tool_calls": [call]},
                            {"role": "tool", "content": "{}", "tool_calls": None}]
        data = {"prompt": [history, history], "task_id": [TASK] * 2}
    seen = []

    class Spy:
        def __init__(self, inner):
            self.inner, self.__name__ = inner, inner.__name__

        def __call__(self, **kwargs):
            out = self.inner(**kwargs)
            seen.append(out)
            return out

    shaped = trl_reward_funcs(["shaped"])[0]
    config = trl.GRPOConfig(output_dir=str(tmp_path), max_steps=1, per_device_train_batch_size=8, num_generations=4,
                            max_completion_length=320, learning_rate=1e-3, logging_steps=1, report_to=[], seed=0,
                            use_cpu=True, save_strategy="no", bf16=False, fp16=False, disable_tqdm=True)
    trainer = trl.GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[Spy(shaped)], args=config,
                              train_dataset=datasets.Dataset.from_dict(data))
    trainer.train()
    assert trainer.state.global_step == 1 and seen
    rewards = [r for batch in seen for r in batch]
    assert len(rewards) == 8
    for group in (rewards[:4], rewards[4:]):
        correct, think, nothing, wrong = group
        assert correct == pytest.approx(1.24) and think == correct and correct > nothing > wrong
        assert torch.tensor(group).std().item() > 0
    logged = {k: v for entry in trainer.state.log_history for k, v in entry.items()}
    assert logged["tau_shaped/outcome"] == pytest.approx(0.5) and logged["tau_shaped/abstain"] == 0.0
    assert logged.get("frac_reward_zero_std", 0.0) == 0.0
