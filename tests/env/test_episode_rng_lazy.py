"""An episode's generator is made only when a tool draws, and draws what the seed says."""

from __future__ import annotations

import random

from tau_shaped import Action
from tau_shaped.env.episode import episode_rng
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.function_tool import tool


@tool
def draw(data: dict, n: int) -> list:
    """Draw n numbers from the episode's generator.

    Args:
        n: How many.
    """
    return [episode_rng().random() for _ in range(n)]


@tool
def look(data: dict) -> str:
    """Draw nothing."""
    return "ok"


def test_the_generator_is_made_on_the_first_draw_and_continues_across_calls():
    runner = EpisodeRunner({"t": {}}, {"draw": draw, "look": look}, seed=7)
    runner.run_tool(Action(name="look", kwargs={}), runner.overlay.data)
    assert runner.context.rng is None
    first = runner.run_tool(Action(name="draw", kwargs={"n": 2}), runner.overlay.data)[0]
    second = runner.run_tool(Action(name="draw", kwargs={"n": 1}), runner.overlay.data)[0]
    expected = random.Random("tau-shaped-episode:7")
    assert first == str([expected.random(), expected.random()]).replace("'", '"')
    assert second == f"[{expected.random()!r}]"
    other = EpisodeRunner({"t": {}}, {"draw": draw}, seed=8)
    assert other.run_tool(Action(name="draw", kwargs={"n": 1}), other.overlay.data)[0] != second
