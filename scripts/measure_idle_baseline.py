"""The idle-agent baseline's figures (issue 46): for every bundled domain split, how many tasks the
idle and the stalling agent (``tau_shaped.tasks.idle_baseline``) score outcome 0 on, and how many
abstain; with ``--tau2``, also how many of tau2:airline's idle trajectories tau2-bench's own
evaluator scores 1.0 (needs the tau2 extra).

    python scripts/measure_idle_baseline.py [--tau2]
"""

from __future__ import annotations

import sys
import time
from typing import List, Tuple

from tau_shaped.tasks.domains import DomainNotFound, load_domain
from tau_shaped.tasks.idle_baseline import ABSTAINED, LOST, WON, baseline_verdicts

DOMAINS = ("food_delivery", "tau2:airline", "tau2:retail", "tau2:telecom", "tau_shaped_domains.template:DOMAIN")


def measure(name: str) -> List[Tuple[str, int, int, int, int, List[str], float]]:
    """(split, tasks, idle outcome 0, stalling outcome 0, abstained, winners, seconds) per split."""
    try:
        domain = load_domain(name)
    except (DomainNotFound, ImportError) as exc:
        print(f"{name}: skipped ({exc})", file=sys.stderr)
        return []
    rows = []
    for split in domain.splits:
        tasks = domain.tasks(split)
        if not tasks:
            continue
        start = time.perf_counter()
        env = domain.make_env(tasks=tasks, task_index=0)
        idle = stalling = abstained = 0
        winners: List[str] = []
        for task in tasks:
            verdicts = baseline_verdicts(env, task)
            idle += verdicts[0].verdict == LOST
            stalling += verdicts[1].verdict == LOST
            abstained += sum(v.verdict == ABSTAINED for v in verdicts)
            winners += [f"{task.id} ({v.agent})" for v in verdicts if v.verdict == WON]
            winners += [f"{task.id} ({v.agent} abstains: {v.why[:120]})" for v in verdicts if v.verdict == ABSTAINED]
        rows.append((split, len(tasks), idle, stalling, abstained, winners, time.perf_counter() - start))
    return rows


def tau2_own_wins(domain: str = "airline") -> Tuple[int, int, int]:
    """(tasks, idle wins, stalling wins): how many of tau2-bench's own ``domain`` tasks its own
    evaluator (``evaluate_simulation``, every reward basis of the task) scores 1.0 when the agent
    is the idle one, and the stalling one (tau2's read calls of its ground truth), played as
    tau2 conversations (``conversation_simulation``). Needs the tau2 extra."""
    from loguru import logger  # a tau2 dependency: its info lines drown the table

    logger.remove()
    logger.add(sys.stderr, level="ERROR")
    from tau2.environment.toolkit import ToolType
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation
    from tau2.registry import registry

    from tau_shaped.env.types import Action
    from tau_shaped.integrations.tau2.simulations import conversation_simulation, ground_truth_calls
    from tau_shaped.tasks.idle_baseline import CHECKING, FAREWELL, GREETING, IDLE, STALLING

    constructor = registry.get_env_constructor(domain)
    probe = constructor()
    tasks = registry.get_tasks_loader(domain)()
    wins = {IDLE: 0, STALLING: 0}
    for task in tasks:
        stalling = [Action(name="respond", kwargs={"content": GREETING})]
        for call in ground_truth_calls(task):
            if probe.tools.has_tool(call.name) and probe.tools.tool_type(call.name) == ToolType.READ:
                stalling += [Action(name=call.name, kwargs=dict(call.arguments)), Action(name="respond", kwargs={"content": CHECKING})]
        stalling.append(Action(name="respond", kwargs={"content": FAREWELL}))
        for agent, steps in ((IDLE, [Action(name="respond", kwargs={"content": GREETING})]), (STALLING, stalling)):
            sim = conversation_simulation(constructor, task, steps, f"{task.id}:{agent}", reply="Okay, I will wait.")
            reward = evaluate_simulation(sim, task, EvaluationType.ALL, False, domain).reward
            wins[agent] += reward == 1.0
    return len(tasks), wins[IDLE], wins[STALLING]


def main(argv: List[str]) -> int:
    print("| domain | split | tasks | idle outcome 0 | stalling outcome 0 | abstained | seconds |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    notes = []
    for name in DOMAINS:
        for split, n, idle, stalling, abstained, winners, secs in measure(name):
            shown = "template" if name.startswith("tau_shaped_domains.template") else name
            print(f"| {shown} | {split} | {n} | {idle} | {stalling} | {abstained} | {secs:.1f} |")
            notes += [f"{shown} [{split}]: {w}" for w in winners]
    for line in notes:
        print(line)
    if "--tau2" in argv:
        for domain in ("airline", "retail"):
            n, idle, stalling = tau2_own_wins(domain)
            print(f"tau2-bench's own evaluator, {domain}: the idle agent scores 1.0 on {idle}/{n} tasks, "
                  f"the stalling agent on {stalling}/{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
