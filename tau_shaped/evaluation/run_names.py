"""The name of a run's results file: what the run was, as tau-bench names its files (agent
strategy, model, temperature, the tasks, the simulated user, the time), one file name, never a
folder.

The tasks are tau-bench's ``range_<start>-<end>`` for an index range, and the ids themselves
for ``--task-ids`` (``tasks-3+5``; a long list its first ids and how many more). The user is
``user-<model>-llm`` when a model plays it, else the strategy alone (``user-persona``: each
task's persona customer; ``user-scripted``): no model that played no part.
"""

from __future__ import annotations

import re
from typing import Any, List

# characters of the task-id part before it is cut to its first ids and a count
_TASKS_LIMIT = 40


def name_part(text: str, limit: int = 60) -> str:
    """A model or strategy name as part of one file name: what is not a letter, a digit, ``.``,
    ``_`` or ``-`` becomes ``-`` (``openai/stub-user``: ``openai-stub-user``, no subfolder), at
    most ``limit`` characters, never empty nor dots alone."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", text)[:limit].strip("-")
    return safe if safe.strip(".") else "x"


def task_id_list(task_ids: List[Any]) -> List[str]:
    """The ids ``--task-ids`` names, as ``run`` reads them: repeated, comma- or space-separated."""
    return [k for raw in task_ids for part in str(raw).split(",") for k in part.split()]


def _tasks(config: Any) -> str:
    if not config.task_ids:
        return f"range_{config.start_index}-{config.end_index}"
    ids = [name_part(i, 24) for i in dict.fromkeys(task_id_list(config.task_ids))]
    shown: List[str] = []
    for n, task in enumerate(ids):
        if len("+".join(shown + [task])) > _TASKS_LIMIT and shown:
            return "tasks-" + "+".join(shown) + f"-and-{len(ids) - n}-more"
        shown.append(task)
    return "tasks-" + "+".join(shown)


def _user(config: Any) -> str:
    if config.user_strategy == "llm":
        return f"user-{name_part(config.user_model)}-llm"
    return f"user-{name_part(config.user_strategy)}"


def results_name(config: Any, stamp: str) -> str:
    """``<agent strategy>-<model>-<temperature>_<tasks>_<user>_<stamp>.jsonl`` for a RunConfig."""
    model = name_part((config.model or config.agent_strategy).split("/")[-1])
    return f"{name_part(config.agent_strategy)}-{model}-{config.temperature}_{_tasks(config)}_{_user(config)}_{stamp}.jsonl"
