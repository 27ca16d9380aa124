"""An LLM user simulator (tau-bench's ``llm`` strategy): plays the customer the
task's instruction describes and says ``###STOP###`` when the conversation is
over."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from tau_shaped.llm import complete
from tau_shaped.users import STOP, BaseUser

SYSTEM_PROMPT = """You are role-playing a customer who is talking to a customer-service agent.

What you know and want:
{instruction}

How to play the role:
- Write one short message at a time, as a real customer would.
- Say only what the instruction gives you; do not invent names, numbers or ids. If asked for
  something you do not know, say you do not know it.
- Reveal details when the agent needs them, not all at once.
- Do not repeat the instruction word for word.
- When your goal is met, or the conversation cannot go further, reply with the single token
  {stop} so the conversation ends. Do not write {stop} before that.
"""


class LLMUser(BaseUser):
    def __init__(self, model: str, provider: Optional[str] = None, temperature: float = 0.0, seed: Optional[int] = None) -> None:
        self.model = model
        self.provider = provider
        self.temperature = temperature
        self.seed = seed
        self.messages: List[Dict[str, Any]] = []
        self.total_cost = 0.0

    def _generate(self) -> str:
        message, cost = complete(
            model=self.model,
            provider=self.provider,
            messages=self.messages,
            temperature=self.temperature,
            seed=self.seed,
        )
        self.total_cost += cost
        content = message.get("content") or ""
        self.messages.append({"role": "assistant", "content": content})
        return content

    def reset(self, instruction: Optional[str] = None) -> str:
        self.messages = [
            {"role": "system", "content": SYSTEM_PROMPT.format(instruction=instruction or "", stop=STOP)},
            {"role": "user", "content": "Hi! How can I help you today?"},
        ]
        return self._generate()

    def step(self, content: str) -> str:
        self.messages.append({"role": "user", "content": content})
        return self._generate()

    def get_total_cost(self) -> float:
        return self.total_cost
