"""A ground-truth step whose tool's *code* raised (an exception other than ``ToolError``:
``KeyError('rx_id')``), told apart from a step the tool refused: the first is a fault of the
domain's code, the second an answer of its tool. ``tasks check`` and ``tasks draft`` word it
alike."""

from __future__ import annotations

from typing import Any, Dict

__all__ = ["code_errors", "crashed_step_line"]


def code_errors(truth: Any) -> Dict[int, str]:
    """The ground truth's steps whose tool's code raised (``GroundTruth.code_errors``: replayed,
    or kept by a ground-truth store), by index; none for a ground truth that knows none."""
    found = getattr(truth, "code_errors", None)
    return dict(found) if isinstance(found, dict) else {}


def crashed_step_line(step: int, name: str, error: str) -> str:
    """One line naming such a step, its tool and the error."""
    return (f"ground-truth step {step}: tool {name} raised {error}: a fault in the tool's code, "
            "not a refusal (a tool refuses with raise ToolError(...))")
