"""The agent contract and the episode loop every agent shares.

An agent proposes the next actions from the chat so far; ``play_episode``
steps them through the env, keeps tau-bench's ``traj`` (OpenAI chat messages
with ``tool_calls``) and stops when the env says done or at ``max_steps``
(then the episode is marked truncated; it is still scored).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional

from tau_shaped.env.model_output import message_actions, read_model_output, visible_text
from tau_shaped.env.model_text import ReadLimits
from tau_shaped.env.traj_format import combined_turn
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action


@dataclass
class Turn:
    """What the agent says in one turn: the assistant message and its actions."""

    message: Dict[str, Any]
    actions: List[Action]
    cost: float = 0.0


@dataclass
class EpisodeOutcome:
    messages: List[Dict[str, Any]]
    done: bool
    truncated: bool
    steps: int
    cost: float
    info: Dict[str, Any] = field(default_factory=dict)


class Agent:
    """Override ``start`` (optional) and ``next_turn``."""

    def start(self, env: Any, task_index: int) -> None:
        return None

    def next_turn(self, messages: List[Dict[str, Any]]) -> Turn:
        raise NotImplementedError


def message_to_actions(message: Any, limits: Optional[ReadLimits] = None, *,
                       tool_names: Optional[Iterable[str]] = None) -> List[Action]:
    """Every tool call of an assistant turn, or one respond action: the turn read by the one
    reader of model output (``env.model_output.read_model_output``: structured ``tool_calls``,
    tool calls written as text in any known format, reasoning kept out of the message).
    ``ModelTextFault`` past the reading limits or in an unknown tool-call format (a parse fault:
    ``run`` records the episode's error naming it)."""
    read = read_model_output(message, limits, tool_names=tool_names)
    return [Action(name=name, kwargs=kwargs) for name, kwargs in message_actions(read)]


def play_episode(agent: Agent, env: Any, task_index: int, max_steps: int = 30, seed: Optional[int] = None) -> EpisodeOutcome:
    """Reset the env for the task and let the agent act until done or ``max_steps`` actions."""
    reset = env.reset(task_index=task_index, seed=seed)
    agent.start(env, task_index)
    messages: List[Dict[str, Any]] = [
        {"role": "system", "content": env.wiki},
        {"role": "user", "content": reset.observation},
    ]
    steps, cost, done = 0, 0.0, False
    while not done and steps < max_steps:
        turn = agent.next_turn(messages)
        cost += turn.cost
        if not turn.actions:
            break
        message = dict(turn.message)
        calls = message.get("tool_calls") or []
        messages.append(message)
        first = len(getattr(env, "actions", None) or [])
        for i, action in enumerate(turn.actions):
            if steps >= max_steps:
                break
            response = env.step(action)
            steps += 1
            done = response.done
            if action.name == RESPOND_ACTION_NAME:
                messages.append({"role": "user", "content": response.observation})
            else:
                call_id = calls[i].get("id") if i < len(calls) else f"call_{steps}"
                messages.append({"role": "tool", "tool_call_id": call_id, "name": action.name, "content": response.observation})
            if done:
                break
        why = combined_turn(visible_text(message.get("content")), len(calls))  # reasoning is no text (SPEC §1)
        if why is not None and hasattr(env, "note_combined_turn"):  # "one step a turn": judged as in a traj
            env.note_combined_turn(first, f"the turn from step {first}: {why}")
    return EpisodeOutcome(messages=messages, done=done, truncated=not done and steps >= max_steps, steps=steps, cost=cost)
