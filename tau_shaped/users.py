"""User simulators: the party the agent's ``respond`` actions talk to.

Same contract as tau-bench's users: ``reset(instruction) -> first message``,
``step(content) -> reply`` (a reply containing ``###STOP###`` ends the
episode) and ``get_total_cost()``.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

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
        from tau_shaped.llm_user import LLMUser

        return LLMUser(model=model, provider=provider)
    raise ValueError(f"unknown user strategy {user_strategy!r}: use one of {', '.join(USER_STRATEGIES)}")
