"""The ``tau-shaped run`` command that plays a results file's run again, from what its records
hold: the settings the runner records in each (``info.run``), the tasks it ran and how many
trials. Pasted in a shell it runs: every value quoted, every option one ``run`` takes.

Only settings that differ from ``run``'s defaults are spelled, besides the ones a reader
looks for first (env, split, agent and user strategies, blend, λ). The tasks are an index
range (``--start-index``/``--end-index``) when they are one, else ``--task-ids`` with their
ids. Where the results go (``--log-dir``) is left to the default.
"""

from __future__ import annotations

import shlex
from typing import Any, Dict, List, Mapping, Optional, Sequence

from tau_shaped.evaluation.runner import RUN_SETTINGS, RunConfig, option_name

ALWAYS = ("env", "task_split", "agent_strategy", "user_strategy", "blend", "lam")
# a task id these characters would split in two (--task-ids takes "1,2" and "1 2")
_SPLITS_IDS = (",", " ", "\t", "\n")


def _tasks(records: Sequence[Mapping[str, Any]]) -> List[str]:
    """The task selection options for the tasks the records ran."""
    indices: List[int] = []
    keys: List[str] = []
    for record in records:
        index = record.get("task_id")
        info = record.get("info") if isinstance(record.get("info"), Mapping) else {}
        key = info.get("task_key", index)
        if isinstance(index, int) and not isinstance(index, bool) and index >= 0 and index not in indices:
            indices.append(index)
            keys.append(str(key) if isinstance(key, (str, int)) and not any(c in str(key) for c in _SPLITS_IDS) else str(index))
    if not indices:
        return []
    ordered = sorted(indices)
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return ([f"--start-index {ordered[0]}"] if ordered[0] else []) + [f"--end-index {ordered[-1] + 1}"]
    return ["--task-ids " + " ".join(shlex.quote(k) for k in keys)]


def _trials(records: Sequence[Mapping[str, Any]]) -> Optional[int]:
    trials = [r.get("trial") for r in records]
    numbers = [t for t in trials if isinstance(t, int) and not isinstance(t, bool) and t >= 0]
    return max(numbers) + 1 if numbers else None


def rerun_command(records: Sequence[Mapping[str, Any]]) -> Optional[str]:
    """``tau-shaped run ...`` for the run the records are of; None when they record no run
    settings (``info.run``: a file of another tool, or rescored)."""
    first = records[0] if records else {}
    info = first.get("info") if isinstance(first, Mapping) else None
    settings = info.get("run") if isinstance(info, Mapping) else None
    if not isinstance(settings, Mapping):
        return None
    defaults: Dict[str, Any] = {name: field.default for name, field in RunConfig.model_fields.items()}
    words = ["tau-shaped run"]
    for name in RUN_SETTINGS:
        value = settings.get(name)
        if value is None or isinstance(value, (dict, list)):
            continue
        if name not in ALWAYS and value == defaults.get(name):
            continue
        words.append(f"{option_name(name)} {shlex.quote(str(value))}")
    words += _tasks(records)
    trials = _trials(records)
    if trials and trials != defaults["num_trials"]:
        words.append(f"--num-trials {trials}")
    return " ".join(words)
