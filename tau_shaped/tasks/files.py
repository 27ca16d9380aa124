"""Loading task files (SPEC §6.1): a file that does not validate is refused whole.

Every error names the file, the task (its ``id``, or its position when the id
itself is missing) and the JSON path of the offending value, e.g.::

    tasks/fd.json: task 'fd-cancel-3' at $[2].reward_overrides.safety_gates[0].when: ...

A file is untrusted input (``env.json_input``): over 64 MiB, not UTF-8, not strict JSON (NaN,
a repeated key, an integer of more than 4,300 digits) or nested more than 64 levels deep, it
is refused with one line saying so, before any task is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from pydantic import ValidationError

from tau_shaped.env.json_input import MAX_DEPTH, InputError, json_problem, loads_json, one_line, read_text_file
from tau_shaped.reward.predicate_schema import FORM_TAG
from tau_shaped.tasks.schema import ShapedTask


class TaskFileError(ValueError):
    """A task file that cannot be used; ``errors`` holds one line per problem."""

    def __init__(self, path: Union[str, Path], errors: Sequence[str]) -> None:
        self.path = str(path)
        self.errors = [one_line(line) for line in errors]  # one line per problem, whatever it quotes
        if len(self.errors) == 1:
            super().__init__(f"{one_line(self.path)}: {self.errors[0]}")
            return
        shown = "\n".join(f"  {line}" for line in self.errors[:50])
        more = f"\n  ... and {len(self.errors) - 50} more" if len(self.errors) > 50 else ""
        super().__init__(f"{one_line(self.path)}: {len(self.errors)} error(s)\n{shown}{more}")


def json_path(loc: Iterable[Union[str, int]]) -> str:
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _task_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"]:
        return f"task {raw['id']!r}"
    return f"task #{index}"


def _clean_loc(loc: Sequence[Union[str, int]]) -> List[Union[str, int]]:
    # Drop pydantic's union tags ("tool", "tagged-union[...]", "LiteralMatcher") where they
    # repeat the key the author wrote, so the path reads like the JSON they wrote.
    out: List[Union[str, int]] = []
    for part in loc:
        if isinstance(part, str) and (
            part.startswith((FORM_TAG, "tagged-union[", "function-"))
            or part in {"MatchOps", "LiteralMatcher"}
        ):
            continue
        out.append(part)
    return out


def parse_tasks(raw: Any, source: Union[str, Path] = "<tasks>") -> List[ShapedTask]:
    """Validate a decoded task file; raises TaskFileError listing every problem."""
    if not isinstance(raw, list):
        raise TaskFileError(source, [f"$: a task file holds a JSON list of tasks, not {type(raw).__name__}"])
    problem = json_problem(raw, max_depth=MAX_DEPTH)
    if problem is not None:  # what read_json_file checks, for a list given as Python objects
        raise TaskFileError(source, [problem])
    return _validate(raw, source)


def validate_task(item: Any, index: int) -> Tuple[Optional[ShapedTask], List[str]]:
    """Task ``index`` of a file (a decoded item): the task, or None and its problems, one line
    each, naming the task and the JSON path (``$[index]...``) of each offending value."""
    try:
        return ShapedTask.model_validate(item), []
    except ValidationError as exc:
        label = _task_label(item, index)
        return None, [f"{label} at {json_path([index, *_clean_loc(err['loc'])])}: {err['msg']}"
                      for err in exc.errors(include_url=False)]


def _validate(raw: List[Any], source: Union[str, Path],
              known: Optional[Mapping[int, ShapedTask]] = None) -> List[ShapedTask]:
    """Every task of a decoded file; ``known``: tasks already validated (by index), kept as
    they are (the same objects), the others validated here."""
    errors: List[str] = []
    tasks: List[ShapedTask] = []
    seen: dict = {}
    for index, item in enumerate(raw):
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            if item["id"] in seen:
                errors.append(f"{_task_label(item, index)} at $[{index}].id: id repeats the task at $[{seen[item['id']]}]")
            seen.setdefault(item["id"], index)
        task = known.get(index) if known else None
        if task is None:
            task, problems = validate_task(item, index)
            errors.extend(problems)
        if task is not None:
            tasks.append(task)
    if errors:
        raise TaskFileError(source, errors)
    return tasks


def tasks_from_text(text: str, path: Union[str, Path], known: Optional[Mapping[int, ShapedTask]] = None) -> List[ShapedTask]:
    """Every task of a task file's text (``load_tasks`` once the file is read): parsed strictly
    and validated whole, every problem reported. ``known``: as ``_validate``'s."""
    try:
        raw = loads_json(text)
    except InputError as exc:
        raise TaskFileError(path, [str(exc)]) from None
    if not isinstance(raw, list):
        return parse_tasks(raw, path)  # refused there, in its words
    return _validate(raw, path, known)  # loads_json has checked the value


def load_tasks(path: Union[str, Path]) -> List[ShapedTask]:
    """Read and validate one task file (a JSON list of tasks), every task now (``tasks check``,
    ``tasks validate``); ``tau_shaped.tasks.task_list.TaskList`` validates each on first use."""
    path = Path(path)
    try:
        text = read_text_file(path)
    except InputError as exc:
        raise TaskFileError(path, [str(exc)]) from None
    return tasks_from_text(text, path)


def task_json_schema() -> dict:
    """The JSON Schema of a task file, for editors."""
    from pydantic import TypeAdapter

    schema = TypeAdapter(List[ShapedTask]).json_schema()
    schema["title"] = "tau-shaped task file"
    return schema
