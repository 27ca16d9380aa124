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


# tau-bench's user prompt semantics, in this project's own words: the model plays the customer
# of the instruction; one short message a turn; only what the current step needs; nothing
# invented (what the instruction does not give, the customer does not know); never the
# instruction word for word; the instruction's temperament kept; and the stop token alone, as
# a message of its own, once the goal is reached.
SYSTEM_PROMPT = """You are playing a customer who is chatting with a customer-service agent. Stay in the role for the whole conversation.

Your situation, what you know and what you want:
{instruction}

Rules for playing the customer:
- Write one message per turn, short and natural, the way a real customer types.
- Share a detail only when the conversation needs it now; never tell everything at once.
- Use only what your situation gives you. Never make up names, emails, numbers, ids or facts; if the agent asks for something you were not given, say that you do not have it or do not remember it.
- Say things in your own words: do not copy sentences from your situation.
- Keep the temperament and manner your situation describes.
- Answer the agent's questions honestly from your situation; agree to an action only when it is what you want.
- When what you wanted is done (or the agent has clearly said it cannot be done and you accept that), reply with {stop} alone, nothing else in the message. Never write {stop} earlier.
"""

#: What the customer is told the agent said first (tau-bench's opening line for its user).
AGENT_GREETING = "Hi! How can I help you today?"


class LLMUser(BaseUser):
    """A model plays the customer, through litellm (any provider litellm knows, or any
    OpenAI-compatible endpoint: an ``openai/`` model with ``OPENAI_API_BASE`` set). Roles are
    seen from the customer's side, as tau-bench's user sees them: the agent's messages are the
    ``user`` turns, the customer's own the ``assistant`` turns, after the system prompt and the
    agent's greeting."""

    def __init__(self, model: str, provider: Optional[str] = None, temperature: float = 0.0, seed: Optional[int] = None) -> None:
        self.model = model
        self.provider = provider
        self.temperature = temperature
        self.seed = seed
        self.messages: List[Dict[str, Any]] = []
        self.total_cost = 0.0
        self.completion_kwargs: Dict[str, Any] = {}  # more of litellm's arguments (a server's api_base, ...)

    def _generate(self) -> str:
        message, cost = complete(
            model=self.model,
            provider=self.provider,
            messages=self.messages,
            temperature=self.temperature,
            seed=self.seed,
            **self.completion_kwargs,
        )
        self.total_cost += cost
        content = message.get("content") or ""
        self.messages.append({"role": "assistant", "content": content})
        return content

    def reset(self, instruction: Optional[str] = None) -> str:
        self.messages = [
            {"role": "system", "content": SYSTEM_PROMPT.format(instruction=instruction or "", stop=STOP)},
            {"role": "user", "content": AGENT_GREETING},
        ]
        return self._generate()

    def step(self, content: str) -> str:
        self.messages.append({"role": "user", "content": content})
        return self._generate()

    def get_total_cost(self) -> float:
        return self.total_cost


# The persona customer ("persona") is built per task (tau_shaped.tasks.persona_user): it reads
# messages with the reward's reading, which this layer may not import.
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
    if user_strategy == "persona":
        raise ValueError("the persona user is built per task: tau_shaped.tasks.persona_user.persona_user(task, seed, env)")
    raise ValueError(f"unknown user strategy {user_strategy!r}: use one of {', '.join(USER_STRATEGIES)}")
