"""Issue 46: an agent that does nothing never scores outcome 1 (tau2-bench issue #384: tau2's
own evaluator gives an idle agent 1.0 on many airline tasks).

Every shipped task of food_delivery's test split, tau2:airline (all 50) and the template, and
every 5th task of tau2:retail and tau2:telecom, are scored in-process, one env per domain split,
for the idle agent (greets, ends) and the stalling agent (the ground truth's reads, asks the
customer to wait, ends): each scores outcome 0. The whole set (food_delivery's 1216 train tasks
build twelve worlds: some 35 s in all) is ``tasks check``'s: CI runs ``tau-shaped tasks check``
on every food-delivery task, train and test, which refuses a task either agent wins
(``scripts/measure_idle_baseline.py`` measures every domain). The tau2 domains skip without the
``tau2`` extra.
"""

from __future__ import annotations

import pytest

from tau_shaped.env.types import RESPOND_ACTION_NAME
from tau_shaped.tasks.check import check_task
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.files import parse_tasks
from tau_shaped.tasks.idle_baseline import (ABSTAINED, IDLE, LOST, STALLING, WON, BaselineVerdict, baseline_verdicts,
                                            idle_actions, stalling_actions, summary_line)

# (domain, split, stride): every ``stride``-th task, from the first
SAMPLES = [
    ("food_delivery", "test", 1),
    ("tau_shaped_domains.template:DOMAIN", "test", 1),
    ("tau2:airline", "test", 1),
    ("tau2:airline", "train", 1),
    ("tau2:retail", "test", 5),
    ("tau2:retail", "train", 5),
    ("tau2:telecom", "test", 5),
    ("tau2:telecom", "train", 5),
]

_ENVS: dict = {}


def _env_and_tasks(name, split):
    if name.startswith("tau2:"):
        pytest.importorskip("tau2", reason="needs the tau2 extra (pip install tau-shaped[tau2])")
    key = (name, split)
    if key not in _ENVS:
        domain = load_domain(name)
        tasks = domain.tasks(split)
        _ENVS[key] = (domain.make_env(tasks=tasks, task_index=0), tasks)
    return _ENVS[key]


def _failed_write(env, task) -> bool:
    """The task's own ground truth has a write that errors (tau2 retail train 105): its state is
    S0's, and ``tasks check`` refuses it on that line already."""
    reads = set(env.read_tools)
    return any(name not in reads for _step, name, _obs in env.ground_truth(task).failed_steps)


@pytest.mark.parametrize("name, split, stride", SAMPLES, ids=[f"{n.split('.')[0]}-{s}" for n, s, _ in SAMPLES])
def test_no_do_nothing_agent_wins_a_shipped_task(name, split, stride):
    env, tasks = _env_and_tasks(name, split)
    sample = tasks[::stride]
    assert sample
    won, lost = [], 0
    for task in sample:
        verdicts = baseline_verdicts(env, task)
        assert [v.agent for v in verdicts] == [IDLE, STALLING]
        assert all(v.verdict in (LOST, WON, ABSTAINED) for v in verdicts)
        lost += sum(v.verdict == LOST for v in verdicts)
        won += [(task.id, v.agent) for v in verdicts if v.won and not _failed_write(env, task)]
    assert won == []
    assert lost >= len(sample)  # most verdicts are a loss, not an abstention


def test_the_agents_never_write_and_the_stalling_one_reads_what_the_ground_truth_reads():
    env, tasks = _env_and_tasks("food_delivery", "test")
    reads = set(env.read_tools)
    task = next(t for t in tasks if any(a.name in reads for a in t.actions) and any(a.name not in reads | {RESPOND_ACTION_NAME} for a in t.actions))
    assert [a.name for a in idle_actions(task)] == [RESPOND_ACTION_NAME]
    stalling = stalling_actions(env, task)
    called = [a for a in stalling if a.name != RESPOND_ACTION_NAME]
    assert called and all(a.name in reads for a in called)
    assert [(a.name, a.kwargs) for a in called] == [(a.name, a.kwargs) for a in task.actions if a.name in reads]
    assert stalling_actions(env, task) == stalling  # deterministic
    assert stalling[0].name == stalling[-1].name == RESPOND_ACTION_NAME


def test_tasks_check_fails_a_task_the_stalling_agent_wins():
    """A task whose only demand is that the agent says it is still looking into it: the idle agent
    loses it, the stalling agent wins it, and the check names that agent."""
    env, tasks = _env_and_tasks("food_delivery", "test")
    base = tasks[0]
    raw = {"id": "stall-wins", "user_id": base.user_id, "instruction": "Tell me you are still looking into it.",
           "seed": getattr(base, "seed", 0) or 0,
           "actions": [{"name": RESPOND_ACTION_NAME, "kwargs": {"content": "I am still looking into this."}}],
           "output_checks": [{"id": "answer", "said": {"contains": "still looking into this"}}]}
    task = parse_tasks([raw])[0]
    check = check_task(env, task)
    assert [(v.agent, v.verdict) for v in check.baseline] == [(IDLE, LOST), (STALLING, WON)]
    assert any(p.startswith("the stalling agent") and "outcome 1" in p for p in check.problems), check.problems
    assert not any(p.startswith("the idle agent") for p in check.problems)


def test_summary_line_counts_losses_and_abstentions():
    rows = [(BaselineVerdict(IDLE, LOST), BaselineVerdict(STALLING, LOST)),
            (BaselineVerdict(IDLE, LOST), BaselineVerdict(STALLING, ABSTAINED, "undetermined: c")),
            (BaselineVerdict(IDLE, WON), BaselineVerdict(STALLING, LOST)), ()]
    assert summary_line(rows) == ("idle agent: outcome 0 on 2/3 tasks; "
                                  "stalling agent: outcome 0 on 2/3 tasks (1 abstained)")
