"""One process's scorer of results records: the domain, its tasks and an env loaded once,
each record matched to its task and given its shaped result (``info.shaped``).

``tau-shaped score`` and ``score_batch`` use it in the calling process (one worker) or in
each worker process; a record's output depends on the record alone, never on what the
process scored before (the caches only save time), so any split of a file over workers
writes the same bytes.
"""

from __future__ import annotations

import gc
import hashlib
import json
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union

from tau_shaped.env.sized_memo import SizedMemo
from tau_shaped.evaluation.line_scan import spliced_info
from tau_shaped.evaluation.results_file import ResultsFileError, finite_json
from tau_shaped.evaluation.results_file import _validate as validate_record
from tau_shaped.reward.result import ShapedRewardResult, check_blend
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.reward.shaped_env import task_seed
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.task_list import TaskList


def _actions(actions: Any) -> List[Any]:
    out = []
    for a in actions if isinstance(actions, list) else []:
        name = a.get("name") if isinstance(a, dict) else getattr(a, "name", None)
        kwargs = a.get("kwargs") if isinstance(a, dict) else getattr(a, "kwargs", None)
        out.append([name, kwargs])
    return out


_FINGERPRINT = json.JSONEncoder(sort_keys=True, default=str, ensure_ascii=False)


def _fingerprint_text(task: Any) -> str:
    """What ``task_fingerprint`` hashes."""
    if isinstance(task, dict):
        instruction, actions = task.get("instruction"), task.get("actions")
    else:
        instruction, actions = getattr(task, "instruction", None), getattr(task, "actions", None)
    return _FINGERPRINT.encode([instruction, _actions(actions)])  # json.dumps with these options


def task_fingerprint(task: Any) -> str:
    """What identifies a task across files: its instruction and its ground-truth actions."""
    return hashlib.sha256(_fingerprint_text(task).encode("utf-8")).hexdigest()


def dump_record(record: Dict[str, Any], form: str, nulled: Optional[List[str]] = None) -> str:
    """A record as the output file holds it: ``jsonl`` one line (as ``run`` writes them),
    ``list`` one item of a JSON list exactly as ``json.dumps(records, indent=1)`` lays it out
    (without the separating ``,``). Valid JSON always: no bare NaN or Infinity (``finite_json``;
    the path of each written as null appended to ``nulled``)."""
    if form == "jsonl":
        return finite_json(record, nulled, ensure_ascii=False, sort_keys=True) + "\n"
    text = finite_json(record, nulled, indent=1, ensure_ascii=False)
    return " " + text.replace("\n", "\n ")  # JSON strings hold no raw line ends


def dump_line(record: Dict[str, Any], text: Union[str, bytes], spans: Dict[str, Tuple[int, int]],
              changed: Sequence[str], nulled: Optional[List[str]] = None) -> bytes:
    """``dump_record(record, "jsonl")`` for a record read from the line ``text`` (``spans``: where
    each of its top-level values is): the values not in ``changed`` are written as the line had
    them, which for a line ``run`` wrote is the same text (a rollout's ``traj`` is most of it,
    and encoding it again was a tenth of the cost of scoring). A line that may hold a bare NaN or
    Infinity (Python's json reads them) is encoded whole, as ``dump_record``: valid JSON.
    ``text`` may be the line's bytes (``spans`` then in bytes); the line is returned UTF-8."""
    if _may_hold_nan(text, getattr(spans, "clean", None) if isinstance(text, bytes) else None):
        return dump_record(record, "jsonl", nulled).encode("utf-8")
    if isinstance(text, bytes) and _splices(record, text, spans, changed):
        # laid out as run writes it (line_scan.split_record: ', "key": ' between members, keys
        # sorted): the new info spliced into the line as read, the rest of its bytes as they were
        info = spliced_info(text, spans, record["info"])  # its unchanged members as the line had them
        if info is None:
            info = finite_json(record["info"], ensure_ascii=False, sort_keys=True).encode("utf-8")
        return b"".join((_INFO, info, memoryview(text)[spans["info"][1]:len(text.rstrip(b" \t\r\n"))], b"\n"))
    parts = []
    for key in sorted(record):
        if key in spans and key not in changed:
            start, end = spans[key]
            value = text[start:end]
            value = value if isinstance(value, bytes) else value.encode("utf-8")
        else:
            value = finite_json(record[key], ensure_ascii=False, sort_keys=True).encode("utf-8")
        parts.append(json.dumps(key, ensure_ascii=False).encode("utf-8") + b": " + value)
    return b"{" + b", ".join(parts) + b"}\n"


_INFO = b'{"info": '


def _mentions(text: bytes, head: bytes, rest: bytes, lo: int = 0, hi: Optional[int] = None) -> bool:
    """Whether ``head + rest`` (``head`` one byte) is in ``text`` with its ``head`` in
    ``text[lo:hi]``: each ``head`` found by memchr and what follows it compared, several times
    faster than ``in`` for a word of a few letters in prose, as long as its first letter is not
    common (an upper-case one)."""
    hi = len(text) if hi is None else hi
    at = text.find(head, lo, hi)
    while at >= 0:
        if text.startswith(rest, at + 1):
            return True
        at = text.find(head, at + 1, hi)
    return False


def _may_hold_nan(text: Union[str, bytes], clean: Optional[Tuple[int, int]] = None) -> bool:
    """Whether the line's text has ``NaN`` or ``Infinity`` anywhere (a bare one Python's json
    reads). ``clean``: (start, end) of a part of ``text`` (bytes) known to have neither, and
    bounded by other characters than letters (a word found is found whole on one side)."""
    if isinstance(text, bytes):
        if clean is not None:
            return any(_mentions(text, head, rest, lo, hi) for head, rest in ((b"N", b"aN"), (b"I", b"nfinity"))
                       for lo, hi in ((0, clean[0]), (clean[1], len(text))))
        return _mentions(text, b"N", b"aN") or _mentions(text, b"I", b"nfinity")
    return "NaN" in text or "Infinity" in text


def _splices(record: Dict[str, Any], text: bytes, spans: Dict[str, Tuple[int, int]], changed: Sequence[str]) -> bool:
    """Whether the line (read by ``split_record``, whose spans are in the line's order) can take
    its new ``info`` by a splice: only ``info`` changed, no member added, the keys sorted."""
    keys = list(spans)
    return (spans.get("info", (0, 0))[0] == len(_INFO) and text.startswith(_INFO) and all(key == "info" for key in changed)
            and len(record) == len(keys) and all(key in record for key in keys) and keys == sorted(keys))


def _task_number(value: Any) -> Optional[int]:
    """A record's ``task_id`` as the index it names: an int, or a string of digits (``"3"``, as
    a file converted by another tool writes tau-bench's int); None for anything else."""
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 10:
        return int(value.strip())
    return None


_REPEATS_BYTES = 16 << 20  # the repeated-rollout memo's budget (``SizedMemo``: emptied when full; a group's repeats are near)
_RESULT_BYTES = 8 << 10  # what one kept result is counted as, besides its key's text


_EDGE = 64  # the bytes of a ``traj`` text's end in its repeated-rollout key


def _repeat_key(index: int, traj_text: Optional[Union[str, bytes]]) -> Optional[Tuple[int, int, Union[str, bytes]]]:
    """The repeated-rollout memo's key: the task, the ``traj`` text's length and its last bytes
    (a task's rollouts share their opening, the system prompt, and part at their end). Cheap: no
    pass over the whole text (hashing it was one). It names a bucket; a kept result is taken
    only for a text equal to the one it was scored for, compared whole (no digest to collide)."""
    return None if traj_text is None else (index, len(traj_text), traj_text[-_EDGE:])


def _kept(bucket: Optional[Tuple[Tuple[Union[str, bytes], ShapedRewardResult], ...]],
          traj_text: Union[str, bytes]) -> Optional[ShapedRewardResult]:
    """The result kept in ``bucket`` for this very text, or None."""
    if bucket is not None:
        for text, result in bucket:
            if text == traj_text:
                return result
    return None


class RecordScorer:
    """Scores records of one env and split, each against its own task.

    Long-lived: a trainer (or a loop calling ``score_batch`` every step) keeps one and pays
    each task's set-up once per process, not once per call: the worlds (S0), the ground
    truths (Sg and its legacy hash; on disk too with ``TAU_SHAPED_GT_CACHE``) and the rules
    bound to the task with their probes stay in its env. ``score_rollout`` scores one rollout
    of a task, ``score`` a results record, ``prepare`` sets tasks up ahead of their rollouts.
    """

    def __init__(self, env: str, task_split: str = "test", blend: str = "shaped", lam: float = 0.3,
                 tasks: Optional[Union[str, Path]] = None) -> None:
        """The records' tasks: ``env``'s ``task_split``, or the task file ``tasks`` instead (``score
        --tasks FILE``: its tasks named by id; kept as its absolute path, for a worker process or
        a Ray actor elsewhere in the tree)."""
        check_blend(blend, lam)
        self.env_name, self.task_split, self.blend, self.lam = env, task_split, blend, lam
        domain = load_domain(env)
        self.task_file = Path(tasks).resolve() if tasks is not None else None
        # each task validated when a record first names it
        self.tasks = TaskList(self.task_file) if self.task_file is not None else domain.task_list(task_split)
        self.by_id = self.tasks.id_index()
        self._prints: Dict[int, Tuple[str, str]] = {}  # task index -> (fingerprint, the text hashed)
        # task index -> the last ``info.task`` text (a line's bytes) found to be that task: the same
        # bytes read again are the same value, so the same fingerprint (a GRPO group repeats it)
        self._matched: Dict[int, bytes] = {}
        self._domain = domain
        self._env: Optional[Any] = None  # made on first use: a worker process makes its own
        self._worlds: Set[int] = set()  # the seeds whose S0 this scorer has built (or found) and frozen
        # (task index, a line's ``traj`` text) -> its result: a GRPO group often holds the
        # same rollout more than once (a short episode, a policy near-greedy on a task), and a
        # result is a function of the task and the trajectory alone (``score``)
        # (``_repeat_key`` names a bucket of (text, result) pairs)
        self._repeats: "SizedMemo[Tuple[Tuple[Union[str, bytes], ShapedRewardResult], ...]]" = SizedMemo(_REPEATS_BYTES)

    @property
    def env(self) -> Any:
        if self._env is None:
            self._env = self._domain.make_env(user_strategy="scripted", tasks=self.tasks, task_index=0)
        return self._env

    def world(self, seed: int) -> Dict[str, Any]:
        """S0 of ``seed`` (the env's, built once). Built with the cyclic garbage collector paused
        (a world is a few hundred thousand objects allocated and none freed: each pass over them
        would be pure cost), then moved out of its sight (``gc.freeze``, together with what else
        the process holds then): a world lives as long as the scorer, and every later full
        collection walked it again, a sixth of a batch's CPU time. Reference counting still frees
        anything frozen that is let go."""
        if seed in self._worlds:
            return self.env.initial_state(seed)
        enabled = gc.isenabled()
        gc.disable()
        try:
            state = self.env.initial_state(seed)
            gc.freeze()
        finally:
            if enabled:
                gc.enable()
        self._worlds.add(seed)
        return state

    def task_index(self, record: Dict[str, Any], where: str, notes: Optional[List[str]] = None,
                   task_text: Optional[bytes] = None) -> int:
        """The env task a record is of; ResultsFileError naming ``where`` if none is. ``task_text``:
        the text ``info.task`` was read from (a line's member, when known)."""
        info = record.get("info") or {}
        key = info.get("task_key")
        if self.task_file is not None:
            index = self._by_file_id(info, where)
        elif key is not None and str(key) in self.by_id:
            index = self.by_id[str(key)]
        else:
            index = _task_number(record["task_id"])
            if index is None:
                raise ResultsFileError(f"{where}: task_id: {record['task_id']!r} is not a task index (a whole number)")
            if not 0 <= index < len(self.tasks):
                raise ResultsFileError(f"{where}: task_id {index} is not a task of this split ({len(self.tasks)} tasks)")
        # the record must be of this env's task: a file of another domain or split would be scored
        # against unrelated tasks whose ids happen to be in range
        recorded = info.get("task")
        if not isinstance(recorded, dict):
            raise ResultsFileError(f"{where}: info.task is missing, so the record cannot be matched to a task of this env")
        if task_text is not None and self._matched.get(index) == task_text:
            return index  # these bytes were found to be this task before: the same fingerprint text
        if index not in self._prints:  # each env task fingerprinted once, not once per record
            text = _fingerprint_text(self.tasks[index])
            self._prints[index] = (hashlib.sha256(text.encode("utf-8")).hexdigest(), text)  # task_fingerprint's
        # the same text is the same fingerprint; another text is hashed (as a text that is not
        # UTF-8, a lone surrogate, fails to be)
        if _fingerprint_text(recorded) == self._prints[index][1]:
            if task_text is not None:
                self._matched[index] = task_text
        elif task_fingerprint(recorded) != self._prints[index][0]:
            name = getattr(self.tasks[index], "id", index)
            task = self.tasks[index]
            if recorded.get("instruction") == getattr(task, "instruction", None):
                what = "ground-truth actions"
            elif self._same_ground_truth(recorded, task):
                # the task's wording was edited since the run (tau-bench's historical files): the
                # reward is its ground truth's, which is the same, and is not trivial
                if notes is not None:
                    notes.append(f"{where}: info.task's instruction differs from task {name!r}'s (an edited wording; "
                                 "the same user and ground truth): scored against the env's task")
                return index
            else:
                what = "instruction"
            if self.task_file is not None:
                raise ResultsFileError(f"{where}: info.task is not task {name!r} of the task file {self.task_file} (its "
                                       f"{what} differ): wrong --tasks?")
            raise ResultsFileError(f"{where}: info.task is not task {name!r} of this env and split (its {what} differ): "
                                   "wrong --env or --task-split?")
        return index

    def _by_file_id(self, info: Dict[str, Any], where: str) -> int:
        """A record's task in a task file (``score --tasks``): by id, ``info.task_key`` or else
        ``info.task.id``; a record naming none, or an id the file does not hold, is refused."""
        key = info.get("task_key")
        if key is None and isinstance(info.get("task"), dict):
            key = info["task"].get("id")
        if key is None:
            raise ResultsFileError(f"{where}: the record names no task id (info.task_key or info.task.id), and "
                                   f"--tasks looks tasks up by id in {self.task_file}")
        if str(key) not in self.by_id:
            ids = sorted(self.by_id)
            shown = ", ".join(ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
            raise ResultsFileError(f"{where}: task {str(key)[:80]!r} is not in the task file {self.task_file} "
                                   f"(its ids: {shown or 'none'})")
        return self.by_id[str(key)]

    @staticmethod
    def _same_ground_truth(recorded: Dict[str, Any], task: Any) -> bool:
        """The same user, ground-truth actions and outputs, and either an action that is not a
        message or an output (a ground truth no other task shares by chance) or a task with
        nothing else to judge by (no reward overrides, no output checks: tau-bench's own, whose
        verdict those three decide)."""
        actions = _actions(recorded.get("actions"))
        mine = _actions(list(getattr(task, "actions", []) or []))
        outputs = list(getattr(task, "outputs", []) or [])
        substantive = any(name != "respond" for name, _ in mine) or bool(outputs)
        plain = getattr(task, "reward_overrides", None) is None and not getattr(task, "output_checks", None)
        user = getattr(task, "user_id", None)
        return ((substantive or plain) and actions == mine and recorded.get("outputs", []) == outputs
                and isinstance(user, str) and bool(user) and recorded.get("user_id") == user)

    def route_key(self, record: Any) -> Any:
        """Which records share a worker's caches: those of one task (and so one world). A
        hint only: a record that names no task of this env routes anywhere and fails there."""
        if not isinstance(record, dict):
            return None
        info = record.get("info")
        key = info.get("task_key") if isinstance(info, dict) else None
        if key is not None and str(key) in self.by_id:
            return self.by_id[str(key)]
        index = _task_number(record.get("task_id"))
        return index if index is not None and 0 <= index < len(self.tasks) else None

    def seed_of(self, index: Any) -> Any:
        return getattr(self.tasks[index], "seed", 0) if index is not None else None

    def task_of(self, task: Any) -> int:
        """The index of ``task``: its id (a string) or its index in the split."""
        if isinstance(task, str) and task in self.by_id:
            return self.by_id[task]
        if type(task) is int and 0 <= task < len(self.tasks):
            return task
        source = f"the task file {self.task_file}" if self.task_file else f"{self.env_name}'s {self.task_split} split"
        raise KeyError(f"{task!r} is not a task of {source}")

    def prepare(self, tasks: Iterable[Any]) -> int:
        """Set ``tasks`` up (ids or indices) before their rollouts come: each world, ground truth
        and bound rule set built now (the first rollout then costs what the others do). The
        number of tasks prepared."""
        env = self.env
        count = 0
        for task in tasks:
            chosen = self.tasks[self.task_of(task)]
            self.world(task_seed(chosen))
            env.task_setup(chosen, task_seed(chosen))
            env.ground_truth(chosen, task_seed(chosen))
            count += 1
        return count

    def score_rollout(self, task: Any, traj: Optional[Sequence[Any]] = None, actions: Optional[Sequence[Any]] = None,
                      user_replies: Optional[Sequence[Optional[str]]] = None) -> ShapedRewardResult:
        """One rollout of ``task`` (an id or an index): tau-bench's chat ``traj``, or ``actions``
        with the user's ``user_replies``; as ``score_trajectory`` scores it with this scorer's
        blend and lambda. A malformed rollout is ``input_invalid``, never an exception."""
        index = self.task_of(task)
        self.world(task_seed(self.tasks[index]))
        if traj is not None:
            return score_trajectory(self.env, index, traj=traj, blend=self.blend, lam=self.lam)
        return score_trajectory(self.env, index, list(actions or []), user_replies=user_replies, blend=self.blend,
                                lam=self.lam)

    def score(self, record: Any, where: str, validate: bool = True, notes: Optional[List[str]] = None,
              traj_text: Optional[Union[str, bytes]] = None, task_text: Optional[bytes] = None) -> Dict[str, Any]:
        """The record with ``info.shaped`` (and ``info.task_key``) set; what was noted on the way
        (an edited instruction) appended to ``notes``. An episode that errored in the run
        (``info.error``: tau-bench's run.py and ``run`` record one with no trajectory, often no
        task) is no episode to score: kept as it is, noted (compare counts it apart, in no rate).
        ``traj_text``: the JSON text the record's ``traj`` was parsed from (a line's span), when
        known: a rollout of the same task with the same text (so the same trajectory) takes the
        result scored for it before, as scoring it again would give. ``task_text``: the text
        ``info.task`` was read from (a line's member), when known (``task_index``)."""
        if validate:
            validate_record(record, where)
        if (record.get("info") or {}).get("error"):
            if notes is not None:
                notes.append(f"{where}: errored in the run (info.error): kept as it is, not scored")
            return record
        index = self.task_index(record, where, notes, task_text)
        key = _repeat_key(index, traj_text)
        result = _kept(self._repeats.get(key), traj_text) if key is not None else None  # type: ignore[arg-type]
        if result is None:
            self.world(task_seed(self.tasks[index]))
            result = score_trajectory(self.env, index, traj=record.get("traj") or [], blend=self.blend, lam=self.lam)
            if key is not None:
                self._repeats.add(key, (traj_text, result), len(traj_text) + _RESULT_BYTES)  # type: ignore[arg-type]
        info = dict(record.get("info") or {})
        info.setdefault("task_key", str(getattr(self.tasks[index], "id", index)))
        info["shaped"] = result.to_dict()
        return {**record, "info": info}
