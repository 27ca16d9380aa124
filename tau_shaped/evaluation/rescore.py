"""``tau-shaped score``: add the shaped result to every record of a results file,
offline, by replaying each trajectory (tau-bench's files and this project's)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Union

from tau_shaped.tasks.domains import load_domain
from tau_shaped.evaluation.results_file import ResultsFileError, read_results
from tau_shaped.reward.scoring import score_trajectory


def _task_for(record: Dict[str, Any], tasks: List[Any], by_id: Dict[str, int], where: str) -> int:
    key = (record.get("info") or {}).get("task_key")
    if key is not None and str(key) in by_id:
        return by_id[str(key)]
    index = record["task_id"]
    if not 0 <= index < len(tasks):
        raise ResultsFileError(f"{where}: task_id {index} is not a task of this split ({len(tasks)} tasks)")
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
    """Write ``output`` (default ``<file>.shaped.json``) with ``info.shaped`` on every record."""
    path = Path(path)
    records = read_results(path)
    domain = load_domain(env)
    tasks = domain.tasks(task_split)
    by_id = {str(getattr(t, "id", i)): i for i, t in enumerate(tasks)}
    scorer = domain.make_env(user_strategy="scripted", tasks=tasks, task_index=0)
    out: List[Dict[str, Any]] = []
    for n, record in enumerate(records):
        index = _task_for(record, tasks, by_id, f"{path}: record {n}")
        result = score_trajectory(scorer, index, traj=record.get("traj") or [], blend=blend, lam=lam)
        info = dict(record.get("info") or {})
        info.setdefault("task_key", str(getattr(tasks[index], "id", index)))
        info["shaped"] = result.to_dict()
        out.append({**record, "info": info})
        if on_record:
            on_record(n + 1, len(records))
    target = Path(output) if output else path.with_name(path.name.rsplit(".", 1)[0] + ".shaped.json")
    target.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")
    return target
