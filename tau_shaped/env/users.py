"""User simulators (scripted and LLM): the party the agent's ``respond`` actions talk to.

Same contract as tau-bench's users: ``reset(instruction) -> first message``,
``step(content) -> reply`` (a reply containing ``###STOP###`` ends the
episode) and ``get_total_cost()``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from tau_shaped.env.llm import complete

STOP = "###STOP###"


class BaseUser:
    def reset(self, instruction: Optional[str] = None) -> str:
        raise NotImplementedError

    def step(self, content: str) -> str:
        raise NotImplementedError

    def get_total_cost(self) -> float:
        return 0.0


class ScriptedUser(BaseUser):
    """Plays fixed replies in order, then stops: deterministic and offline.

    The first message is ``first_message`` if given, else the instruction.
    """

    def __init__(self, replies: Sequence[str] = (), first_message: Optional[str] = None) -> None:
        self.replies: List[str] = list(replies)
        self.first_message = first_message
        self._next = 0

    def reset(self, instruction: Optional[str] = None) -> str:
        self._next = 0
        return self.first_message if self.first_message is not None else (instruction or "")

    def step(self, content: str) -> str:
        if self._next < len(self.replies):
            reply = self.replies[self._next]
            self._next += 1
            return reply
        return STOP


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


USER_STRATEGIES = ("scripted", "llm")


def load_user(user_strategy: Any, model: Optional[str] = None, provider: Optional[str] = None) -> BaseUser:
    """A user from a strategy name, or the given user object itself."""
    if not isinstance(user_strategy, str):
        strategy = getattr(user_strategy, "value", user_strategy)
        if isinstance(strategy, str):
            return load_user(strategy, model, provider)
        return user_strategy
    if user_strategy == "scripted":
        return ScriptedUser()
    if user_strategy == "llm":
        if not model:
            raise ValueError("the llm user strategy needs a user model")
        return LLMUser(model=model, provider=provider)
    raise ValueError(f"unknown user strategy {user_strategy!r}: use one of {', '.join(USER_STRATEGIES)}")
