"""A split's tasks, each validated when it is first used (SPEC §6.1).

Scoring a file needs only the tasks its records name: a GRPO step of 64 prompts reads a few
dozen of the bundled domain's 1,216 train tasks, and validating all of them was most of a
scoring process's start-up. ``TaskList(path)`` reads the file once, finds where each task's
text is and its ``id`` with the standard library's decoder (no task is validated), and
validates a task the first time it is asked for by index: parsed strictly from its own text
(``env.json_input``: a repeated key, NaN, too deep) and checked by the schema, so an invalid
task that is used is refused with the same one-line ``TaskFileError`` as ``load_tasks``
gives, naming the file, the task and the field. A task never asked for is never validated.

What the whole file must satisfy is still checked at once: its size and encoding, that it is
one JSON list, and that no two tasks share an id (the ids name the tasks records are matched
to). A file that fails any of these, or that the decoder cannot take apart, is read the eager
way (``tasks_from_text``), which raises exactly the error ``load_tasks`` raises.

Asking for every task (iterating, ``all()``, ``+``, comparing) validates every task not yet
validated, the eager way again: the same error as ``load_tasks`` for an invalid file, every
problem listed, and the tasks already handed out kept as the same objects.
"""

from __future__ import annotations

import json
import operator
import re
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union, overload

from tau_shaped.env.json_input import MAX_DEPTH, InputError, loads_json, read_text_file
from tau_shaped.tasks.files import TaskFileError, _task_label, tasks_from_text, validate_task
from tau_shaped.tasks.schema import ShapedTask

_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's whitespace, as the json module skips it
_DECODER = json.JSONDecoder()

Span = Tuple[int, int]


def _task_spans(text: str) -> Optional[Tuple[List[Span], List[Any]]]:
    """Where each task of a file's text is, and its ``id`` as written (or None), or None when
    the text is not one JSON list the plain decoder takes (the eager read then says why)."""
    at = _SPACE.match(text, 0).end()
    if not text.startswith("[", at):
        return None
    at = _SPACE.match(text, at + 1).end()
    spans: List[Span] = []
    ids: List[Any] = []
    if text.startswith("]", at):
        at += 1
    else:
        while True:
            try:
                item, end = _DECODER.raw_decode(text, at)
            except (ValueError, RecursionError):  # not JSON, an integer too long: said by the eager read
                return None
            spans.append((at, end))
            ids.append(item.get("id") if isinstance(item, dict) else None)
            at = _SPACE.match(text, end).end()
            if text.startswith(",", at):
                at = _SPACE.match(text, at + 1).end()
            elif text.startswith("]", at):
                at += 1
                break
            else:
                return None
    return (spans, ids) if _SPACE.match(text, at).end() == len(text) else None


class TaskList(Sequence[ShapedTask]):
    """The tasks of one task file, validated one by one as they are asked for (see the module's
    docstring); ``TaskList.of(tasks)``: tasks already loaded, behind the same interface."""

    def __init__(self, path: Union[str, Path]) -> None:
        self.path = Path(path)
        try:
            text = read_text_file(self.path)
        except InputError as exc:
            raise TaskFileError(self.path, [str(exc)]) from None
        self._done: Dict[int, ShapedTask] = {}
        self._all: Optional[List[ShapedTask]] = None
        self._text: Optional[str] = text
        found = _task_spans(text)
        ids = found[1] if found is not None else []
        named = [i for i in ids if isinstance(i, str)]
        if found is None or len(set(named)) != len(named):
            self._whole(tasks_from_text(text, self.path))  # raises the file's error, or (unlikely) reads it whole
            return
        self._spans: List[Span] = found[0]
        self._ids = {key: index for index, key in enumerate(ids) if isinstance(key, str) and key}

    @classmethod
    def of(cls, tasks: Sequence[Any]) -> "TaskList":
        """Tasks already loaded (a domain that makes its own): nothing left to validate."""
        made = cls.__new__(cls)
        made.path = Path("<tasks>")
        made._whole(list(tasks))
        return made

    def _whole(self, tasks: List[Any]) -> None:
        """Every task at once: nothing left to validate."""
        self._all, self._text = tasks, None
        self._done = dict(enumerate(tasks))
        self._spans = [(0, 0)] * len(tasks)
        self._ids = {str(getattr(t, "id", i)): i for i, t in enumerate(tasks)}

    def id_index(self) -> Dict[str, int]:
        """Each task's id and its index, without validating any task. A task whose id is not a
        non-empty string is not in it (it would not validate; by index it is refused, named)."""
        return dict(self._ids)

    @property
    def validated(self) -> int:
        """How many tasks are validated so far."""
        return len(self._done)

    def __len__(self) -> int:
        return len(self._spans)

    @overload
    def __getitem__(self, index: int) -> ShapedTask: ...

    @overload
    def __getitem__(self, index: slice) -> List[ShapedTask]: ...

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = operator.index(index)  # an integer (or what stands for one), as a list takes
        if index < 0:
            index += len(self)
        task = self._done.get(index)
        if task is None:
            if not 0 <= index < len(self):
                raise IndexError(f"task index {index} is out of range ({len(self)} tasks)")
            task = self._done.setdefault(index, self._validate(index))  # another thread's, if it was first
        return task

    def _validate(self, index: int) -> ShapedTask:
        text = self._text
        if text is None:  # every task was validated meanwhile (``all`` in another thread)
            return self._done[index]
        start, end = self._spans[index]
        try:
            item = loads_json(text[start:end], max_depth=MAX_DEPTH - 1)  # the file's list is one level
        except InputError as exc:
            tasks_from_text(text, self.path)  # the file's own error, as load_tasks gives it
            raise TaskFileError(self.path, [f"{_task_label(None, index)} at $[{index}]: {exc}"]) from None
        task, problems = validate_task(item, index)
        if task is None:
            raise TaskFileError(self.path, problems)
        return task

    def all(self) -> List[ShapedTask]:
        """Every task, validated now if not yet (the eager way: every problem of the file)."""
        tasks = self._all
        if tasks is None:
            text = self._text
            if text is None:  # finished meanwhile by another thread, which set the tasks before the text went
                assert self._all is not None
                return self._all
            made = tasks_from_text(text, self.path, known=self._done)
            tasks = [self._done.setdefault(i, task) for i, task in enumerate(made)]  # one object a task, whoever asked
            self._all = tasks
            self._text = None  # every task is an object now: the file's text is not needed any more
        return tasks

    def __iter__(self) -> Iterator[ShapedTask]:
        return iter(self.all())

    def __contains__(self, task: object) -> bool:
        return task in self.all()

    def __add__(self, other: Any) -> List[ShapedTask]:
        return self.all() + list(other) if isinstance(other, (list, TaskList)) else NotImplemented

    def __radd__(self, other: Any) -> List[ShapedTask]:
        return list(other) + self.all() if isinstance(other, (list, TaskList)) else NotImplemented

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TaskList):
            return self.all() == other.all()
        return self.all() == other if isinstance(other, list) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a sequence compared by value, as a list

    def __repr__(self) -> str:
        return f"TaskList({str(self.path)!r}, {len(self)} tasks, {self.validated} validated)"
