"""What the trainer-adapter tests share: a recording's ground truth as model text, a byte tokenizer.

The "model" is scripted: it writes the ground-truth trajectory of ``fd-missing-3`` one assistant
turn at a time, tool calls in the Hermes ``<tool_call>`` format. The tokenizer is byte-level
(one token per byte, 256 ids), so any text round-trips; its chat template renders roles, tool
calls and a generation prompt. Neither needs a network nor a model file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Dict, Iterator, List, Tuple

from tau_shaped.evaluation.agents.replay import load_recordings
from tau_shaped.integrations.training.reward_functions import LegacyReward, ShapedReward

ROOT = Path(__file__).resolve().parents[3]
RECORDINGS = load_recordings(ROOT / "tau_shaped_domains" / "food_delivery" / "tasks" / "recordings" / "test.json")
TASK = "fd-missing-3"
GT = RECORDINGS[TASK][0]
GT_ACTIONS = [{"name": a.name, "kwargs": a.kwargs} for a in GT.actions]
EXPECTED_SHAPED = ShapedReward()({"actions": GT_ACTIONS, "user_replies": GT.user_replies}, TASK)
EXPECTED_LEGACY = LegacyReward()({"actions": GT_ACTIONS, "user_replies": GT.user_replies}, TASK)


def action_text(action: Dict[str, Any]) -> str:
    if action["name"] == "respond":
        return action["kwargs"]["content"]
    return "<tool_call>\n" + json.dumps({"name": action["name"], "arguments": action["kwargs"]}) + "\n</tool_call>"


GT_TEXTS = [action_text(a) for a in GT_ACTIONS]

CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] or '' }}"
    "{% if m['tool_calls'] %}{% for c in m['tool_calls'] %}<tool_call>{{ c['function']['name'] }}</tool_call>"
    "{% endfor %}{% endif %}<|end|>\n{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


class ByteTokenizer:
    """One token per UTF-8 byte; ``apply_chat_template`` renders ``CHAT_TEMPLATE`` (jinja2)."""

    eos_token_id = None

    def __init__(self) -> None:
        import jinja2

        self.template = jinja2.Environment().from_string(CHAT_TEMPLATE)

    def encode(self, text: str, add_special_tokens: bool = False) -> List[int]:
        return list(text.encode("utf-8"))

    def decode(self, ids: List[int], skip_special_tokens: bool = True) -> str:
        return bytes(ids).decode("utf-8", errors="replace")

    def __call__(self, text: str, add_special_tokens: bool = False, return_tensors: Any = None) -> Dict[str, Any]:
        ids = self.encode(text)
        if return_tensors == "pt":
            import torch

            return {"input_ids": torch.tensor([ids])}
        return {"input_ids": ids}

    def apply_chat_template(self, messages, tools=None, add_generation_prompt=False, tokenize=False, **kwargs):
        text = self.template.render(messages=messages, tools=tools, add_generation_prompt=add_generation_prompt)
        return self.encode(text) if tokenize else text


class ScriptedModel:
    """An async ``generate`` that writes the scripted texts in turn (``SimpleNamespace`` like verl's TokenOutput)."""

    def __init__(self, texts: List[str], tokenizer: ByteTokenizer, logprob: float = -0.5) -> None:
        self.texts = list(texts)
        self.tokenizer = tokenizer
        self.logprob = logprob
        self.calls: List[Dict[str, Any]] = []

    async def generate(self, request_id: str, *, prompt_ids: List[int], sampling_params: Dict[str, Any], **kwargs):
        self.calls.append({"request_id": request_id, "prompt_ids": list(prompt_ids), **kwargs})
        text = self.texts[len(self.calls) - 1] if len(self.calls) <= len(self.texts) else "Goodbye."
        ids = self.tokenizer.encode(text)
        return SimpleNamespace(token_ids=ids, log_probs=[self.logprob] * len(ids), routed_experts=None,
                               num_preempted=None, extra_fields={})


@contextmanager
def reward_server_process() -> Iterator[Tuple[Any, int]]:
    """OpenRLHF's reward server as its command line starts it (``python -m ...openrlhf_adapter
    --port 0``), in a process of its own: ``(process, port)``, killed on leaving."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "tau_shaped.integrations.training.openrlhf_adapter", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(ROOT))
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving http://127.0.0.1:"), line + proc.stderr.read()
        yield proc, int(line.rsplit(":", 1)[1].split("/")[0])
    finally:
        proc.kill()
        proc.wait(timeout=30)
