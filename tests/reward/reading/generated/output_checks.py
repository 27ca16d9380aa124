"""How a generated case is judged when its words are read by a task's output check (SPEC §5, §6.3), not a rule:
the check named by the draft's context (``rule``), on the task's look-ups and the case's words, passed or not.

``judge`` runs the task's output checks on the case's trajectory (the fast path); ``judge_scored`` the same
through the whole scorer (``score_trajectory`` replaying the look-ups and the reply). The readers ``denials``,
``told`` and ``cancel_offered`` put both in their drafts' context."""

from __future__ import annotations

from tau_shaped.reward.checks.run import Run
from tau_shaped.reward.verifier import _output_checks
from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.world import BREACH, PASS, trajectory


def judge(d: Draft, text: str) -> str:
    """The task's output check ``d.context["rule"]`` on the task's look-ups and ``text``: passed or not."""
    from tests.reward.reading.generated.runner import first_message, steps_of

    sc = d.context["scene"]
    run = Run(trajectory(steps_of(d, text), first_message(d)), sc.initial, sc.initial)
    found = [r for r in _output_checks(sc.task, run.agent_messages()) if r.id == d.context["rule"]]
    return PASS if found and found[0].passed else BREACH


def judge_scored(d: Draft, text: str) -> str:
    """The same through the whole scorer (``score_trajectory`` replaying the look-ups and the reply)."""
    from tau_shaped import score_trajectory
    from tests.reward.reading.generated.runner import first_message, steps_of
    from tests.reward.reading.generated.world import _env, _index

    sc = d.context["scene"]
    env = _env(sc.domain, sc.split)
    steps = steps_of(d, text)
    result = score_trajectory(env, _index(env, sc.task.id), [a for a, _ in steps],
                              user_replies=[o for a, o in steps if a.name == "respond"], first_user_message=first_message(d))
    found = [r for r in result.output_checks if r.id == d.context["rule"]]
    return PASS if found and found[0].passed else BREACH
