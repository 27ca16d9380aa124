"""A tool-calling agent through litellm: every tool call of a turn is executed."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from tau_shaped.env.llm import complete
from tau_shaped.env.model_output import read_model_output
from tau_shaped.evaluation.agents.base import Agent, Turn, message_to_actions


class ToolCallingAgent(Agent):
    def __init__(
        self,
        tools_info: List[Dict[str, Any]],
        model: str,
        provider: Optional[str] = None,
        temperature: float = 0.0,
        seed: Optional[int] = None,
        **completion_kwargs: Any,
    ) -> None:
        self.tools_info = tools_info
        self.model = model
        self.provider = provider
        self.temperature = temperature
        self.seed = seed
        self.completion_kwargs = completion_kwargs

    def next_turn(self, messages: List[Dict[str, Any]]) -> Turn:
        message, cost = complete(
            model=self.model,
            provider=self.provider,
            messages=messages,
            tools=self.tools_info,
            temperature=self.temperature,
            seed=self.seed,
            **self.completion_kwargs,
        )
        names = [t.get("function", {}).get("name") for t in self.tools_info if isinstance(t, dict)]
        read = read_model_output(message, tool_names=names)  # the one reader: text tool calls, reasoning apart
        return Turn(message=read, actions=message_to_actions(read), cost=cost)
