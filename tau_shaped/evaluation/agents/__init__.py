"""Agents that play episodes in an env: through an LLM (litellm) or from a recording."""

from tau_shaped.evaluation.agents.base import Agent, EpisodeOutcome
from tau_shaped.evaluation.agents.replay import ReplayAgent
from tau_shaped.evaluation.agents.tool_calling import ToolCallingAgent

__all__ = ["Agent", "EpisodeOutcome", "ReplayAgent", "ToolCallingAgent"]
