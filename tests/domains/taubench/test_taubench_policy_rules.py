"""tau2's policy rules on tau-bench's own retail and airline (issue 18, SPEC §9).

The wrapper that reports tau-bench's tool calls to a tau2 domain's watch is tested here with
tau-bench-style tools (state changed in place, errors answered as text). The rule sets on
tau-bench's own tasks need ``tau_bench`` (not on PyPI) and the tau2 extra: those tests skip
elsewhere, saying so.
"""

from __future__ import annotations

import importlib.util
import random

import pytest

from tau_shaped.env.episode import EpisodeContext, running
from tau_shaped.env.tool import Tool
from tau_shaped.integrations.taubench import _watched


class CancelTool(Tool):
    @staticmethod
    def invoke(data, reservation_id):
        reservation = data["reservations"].get(reservation_id)
        if reservation is None:
            return "Error: reservation not found"
        reservation["status"] = "cancelled"  # in place, as tau-bench's tools do
        return "cancelled"

    @staticmethod
    def get_info():
        return {"type": "function", "function": {"name": "cancel_reservation", "parameters": {}}}


def _wrapped(seen):
    def watch(tool, kwargs, before, db, result):
        seen.append((tool, kwargs, before["reservations"]["R1"]["status"], result))

    return _watched([CancelTool], watch, frozenset({"cancel_reservation"}))[0]


def test_the_watch_sees_the_state_before_a_write_and_only_successful_calls():
    seen = []
    tool = _wrapped(seen)
    data = {"reservations": {"R1": {"status": None}}}
    ctx = EpisodeContext(rng=random.Random(0))
    with running(ctx, 3):
        assert tool.invoke(data, reservation_id="NOPE") == "Error: reservation not found"
        assert tool.invoke(data, reservation_id="R1") == "cancelled"
    assert data["reservations"]["R1"]["status"] == "cancelled"
    assert seen == [("cancel_reservation", {"reservation_id": "R1"}, None, "cancelled")]


def test_outside_an_episode_nothing_is_watched():
    seen = []
    data = {"reservations": {"R1": {"status": None}}}
    assert _wrapped(seen).invoke(data, reservation_id="R1") == "cancelled"
    assert seen == []


needs_both = pytest.mark.skipif(
    importlib.util.find_spec("tau_bench") is None or importlib.util.find_spec("tau2") is None,
    reason="needs tau_bench (not on PyPI: install a tau-bench checkout) and the tau2 extra",
)


@needs_both
@pytest.mark.parametrize("name", ["retail", "airline"])
def test_taubench_domains_carry_the_tau2_rules(name):
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain(name)
    assert domain.policy_rules is not None
    assert {r.id for r in domain.policy_rules.rules} == {r.id for r in load_domain(f"tau2:{name}").policy_rules.rules}


@needs_both
@pytest.mark.parametrize("name", ["retail", "airline"])
def test_taubench_ground_truths_asked_to_the_letter_keep_the_confirmation_rule(name):
    """tau-bench's ground truths, with a confirmation stating each write put before it (as tau2's
    converted ones have), keep the confirmation rule; without it, the first write breaks it."""
    from tau_shaped.env.types import Action
    from tau_shaped.integrations.tau2.domain import toolkit
    from tau_shaped.integrations.tau2.tasks import confirmation_text
    from tau_shaped.reward.scoring import score_trajectory
    from tau_shaped.tasks.domains import load_domain

    env = load_domain(name).make_env(task_split="test")
    kit = toolkit(name)
    rule = {"retail": "retail.confirm.before_write", "airline": "air.confirm.before_write"}[name]
    checked = 0
    for index, task in enumerate(env.tasks[:10]):
        if not any(kit.writes(a.name) for a in task.actions):
            continue
        asked = []
        for action in task.actions:
            if kit.writes(action.name):
                asked.append(Action(name="respond", kwargs={"content": confirmation_text(action.name, action.kwargs)}))
            asked.append(action)
        broken = {v.id for v in score_trajectory(env, index, asked).rule_violations}
        assert rule not in broken, task.instruction
        bare = {v.id for v in score_trajectory(env, index, list(task.actions)).rule_violations}
        checked += rule in bare  # a write the tool refused asks for no confirmation
    assert checked
