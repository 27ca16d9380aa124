"""``tau-shaped score``: add the shaped result to every record of a results file,
offline, by replaying each trajectory (tau-bench's files and this project's)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Union

from tau_shaped.tasks.domains import load_domain
from tau_shaped.evaluation.results_file import ResultsFileError, read_results
from tau_shaped.reward.result import check_blend
from tau_shaped.reward.scoring import score_trajectory


def _actions(actions: Any) -> List[Any]:
    out = []
    for a in actions if isinstance(actions, list) else []:
        name = a.get("name") if isinstance(a, dict) else getattr(a, "name", None)
        kwargs = a.get("kwargs") if isinstance(a, dict) else getattr(a, "kwargs", None)
        out.append([name, kwargs])
    return out


def task_fingerprint(task: Any) -> str:
    """What identifies a task across files: its instruction and its ground-truth actions."""
    if isinstance(task, dict):
        instruction, actions = task.get("instruction"), task.get("actions")
    else:
        instruction, actions = getattr(task, "instruction", None), getattr(task, "actions", None)
    blob = json.dumps([instruction, _actions(actions)], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _task_for(record: Dict[str, Any], tasks: List[Any], by_id: Dict[str, int], where: str, prints: Dict[int, str]) -> int:
    info = record.get("info") or {}
    key = info.get("task_key")
    if key is not None and str(key) in by_id:
        index = by_id[str(key)]
    else:
        index = record["task_id"]
        if not 0 <= index < len(tasks):
            raise ResultsFileError(f"{where}: task_id {index} is not a task of this split ({len(tasks)} tasks)")
    # the record must be of this env's task: a file of another domain or split would be scored
    # against unrelated tasks whose ids happen to be in range
    recorded = info.get("task")
    if not isinstance(recorded, dict):
        raise ResultsFileError(f"{where}: info.task is missing, so the record cannot be matched to a task of this env")
    if index not in prints:  # each env task fingerprinted once, not once per record
        prints[index] = task_fingerprint(tasks[index])
    if task_fingerprint(recorded) != prints[index]:
        name = getattr(tasks[index], "id", index)
        what = "instruction" if recorded.get("instruction") != getattr(tasks[index], "instruction", None) else "ground-truth actions"
        raise ResultsFileError(f"{where}: info.task is not task {name!r} of this env and split (its {what} differ): "
                               "wrong --env or --task-split?")
    return index


def rescore(
    path: Union[str, Path],
    env: str,
    task_split: str = "test",
    blend: str = "shaped",
    lam: float = 0.3,
    output: Optional[Union[str, Path]] = None,
    on_record: Optional[Callable[[int, int], None]] = None,
) -> Path:
    """Write ``output`` (default ``<file>.shaped.json``) with ``info.shaped`` on every record:
    JSON lines when its name ends in ``.jsonl``, else a JSON list."""
    check_blend(blend, lam)
    path = Path(path)
    records = read_results(path)
    domain = load_domain(env)
    tasks = domain.tasks(task_split)
    by_id = {str(getattr(t, "id", i)): i for i, t in enumerate(tasks)}
    prints: Dict[int, str] = {}
    scorer = domain.make_env(user_strategy="scripted", tasks=tasks, task_index=0)
    out: List[Dict[str, Any]] = []
    for n, record in enumerate(records):
        index = _task_for(record, tasks, by_id, f"{path}: record {n}", prints)
        result = score_trajectory(scorer, index, traj=record.get("traj") or [], blend=blend, lam=lam)
        info = dict(record.get("info") or {})
        info.setdefault("task_key", str(getattr(tasks[index], "id", index)))
        info["shaped"] = result.to_dict()
        out.append({**record, "info": info})
        if on_record:
            on_record(n + 1, len(records))
    target = Path(output) if output else path.with_name(path.name.rsplit(".", 1)[0] + ".shaped.json")
    write_records(target, out)
    return target


def write_records(target: Path, records: List[Dict[str, Any]]) -> None:
    """The format the name says: ``.jsonl`` JSON lines, one record a line as ``run`` writes
    them; anything else a JSON list, as tau-bench writes."""
    if target.suffix.lower() == ".jsonl":
        text = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records)
    else:
        text = json.dumps(records, indent=1, ensure_ascii=False)
    target.write_text(text, encoding="utf-8")
