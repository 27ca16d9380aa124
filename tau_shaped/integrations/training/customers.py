"""Who answers the policy in a training episode: the customer simulator each episode gets.

What the policy sees is the policy, the tools and the customer's words, never the task's
instruction, actions or outputs (the instruction is what the customer knows; they reveal it
when asked). So the first user message always comes from a customer simulator, never from the
task file: tau-bench's ``ScriptedUser`` with no first message says the instruction itself, and
is never used as is here.

``customer_for(env, task, user=..., replies=...)`` picks the episode's customer:

1. ``replies`` (a scripted run: ``user_replies`` of a row or a recording): a ``ScriptedCustomer``
   playing them in order after the task's opening line;
2. ``user``: a user simulator object (``reset(instruction) -> first message``, ``step(text) ->
   reply``: ``tau_shaped.env.users``'s interface, e.g. ``LLMUser``), or a factory called with the
   task (the adapters give each episode its own copy of an object: ``episode_user``);
3. else the task's persona customer when the task declares one (``persona_customer``:
   ``tasks.persona_user``), else the env's own user, unless it is a ``ScriptedUser`` that would
   say the instruction: then a ``ScriptedCustomer`` with its replies.

``opening_line(task)``: what a scripted customer says first, the persona's first words when the
task declares them, else ``DEFAULT_OPENING`` (a request for help that gives nothing away).
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional, Sequence, Union

from tau_shaped.env.users import STOP, BaseUser, ScriptedUser
from tau_shaped.tasks.persona_user import persona_user

DEFAULT_OPENING = "Hi, I need some help, please."

UserSpec = Union[None, BaseUser, Callable[[Any], BaseUser]]


class ScriptedCustomer(BaseUser):
    """Plays fixed replies in order after an opening line (never the instruction), then stops."""

    def __init__(self, replies: Sequence[Optional[str]] = (), opening: str = DEFAULT_OPENING) -> None:
        self.replies = [r if isinstance(r, str) else "" for r in replies]
        self.opening = opening
        self._next = 0

    def reset(self, instruction: Optional[str] = None) -> str:
        self._next = 0
        return self.opening

    def step(self, content: str) -> str:
        if self._next < len(self.replies):
            self._next += 1
            return self.replies[self._next - 1]
        return STOP


def _field(obj: Any, *names: str) -> Any:
    for name in names:
        value = obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)
        if value is not None:
            return value
    return None


def opening_line(task: Any) -> str:
    """The first words of the task's persona, else ``DEFAULT_OPENING``."""
    persona = _field(task, "persona")
    said = _field(persona, "first_message", "opening", "says_first", "opener") if persona is not None else None
    return said if isinstance(said, str) and said.strip() else DEFAULT_OPENING


def persona_customer(task: Any, seed: Optional[int] = None, env: Any = None) -> Optional[BaseUser]:
    """The task's deterministic persona customer (``tasks.persona_user``: it answers a confirmation
    yes only for an action the persona accepts, answers questions from its facts, and ends when
    its request is met or refused; same seed, same conversation), when the task declares a
    persona; else None."""
    if _field(task, "persona") is None:
        return None
    return persona_user(task, seed=seed, env=env)


def is_user(user: Any) -> bool:
    """Whether ``user`` is a user simulator object (not a class or factory)."""
    return not isinstance(user, type) and hasattr(user, "reset") and hasattr(user, "step")


def episode_user(user: UserSpec) -> UserSpec:
    """The spec one episode of an adapter uses: its own copy of a simulator object (episodes run
    concurrently and a simulator keeps the conversation), a factory as it is."""
    return copy.deepcopy(user) if is_user(user) else user


def _leaks(user: Any) -> bool:
    """A user whose first message is the instruction itself (tau-bench's scripted user)."""
    return isinstance(user, ScriptedUser) and user.first_message is None


def customer_for(env: Any, task: Any, *, user: UserSpec = None, replies: Optional[Sequence[Optional[str]]] = None,
                 seed: Optional[int] = None) -> Any:
    """The episode's customer (see the module docstring)."""
    if replies is not None:
        return ScriptedCustomer(list(replies), opening_line(task))
    if is_user(user):
        chosen = user
    elif callable(user):
        chosen = user(task)
    else:
        chosen = persona_customer(task, seed, env) or getattr(env, "user", None)
    if _leaks(chosen):
        return ScriptedCustomer(list(chosen.replies), opening_line(task))
    return chosen
