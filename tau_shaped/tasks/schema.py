"""Task files (SPEC §6.1): a tau-bench task plus ``id``, ``seed``, ``output_checks`` and
``reward_overrides`` (and the customer the persona user plays, ``persona``:
``tau_shaped.tasks.persona``), as a pydantic model that also exports the JSON Schema
(``tau-shaped tasks schema``). The overrides themselves are ``tau_shaped.reward.overrides``.

Refused by the schema (issue 27: each gave ``tasks check`` a traceback or an internal error):

- a ``seed`` outside ``0 .. SEED_MAX`` (2**63 - 1, a signed 64-bit integer: every domain's
  world loader takes it; a seed names a world, and there is no negative world);
- a path with an unfilled ``{value}`` placeholder anywhere but an equivalence class's
  ``linked_paths`` (the only paths filled before use, SPEC §4.1): in ``owns``, ``components``,
  a predicate's ``state``, ``sum``, ``in_state`` or ``not_in_state``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from pydantic import BaseModel, Field, model_validator

from tau_shaped.env.types import Action, Task
from tau_shaped.reward.overrides import OutputCheck, RewardOverrides
from tau_shaped.reward.paths import PLACEHOLDER, PathError, parse_path
from tau_shaped.tasks.persona import Persona

SEED_MAX = 2**63 - 1
_PATH_FIELDS = {"owns", "components", "state", "sum", "in_state", "not_in_state", "field_path", "candidate_set_path"}


def _paths(node: Any, where: str, field: str = "") -> Iterator[Tuple[str, str]]:
    """(JSON path, path text) of every path of ``node`` that is used as written (not a template)."""
    if isinstance(node, BaseModel):
        for name, info in type(node).model_fields.items():
            key = info.alias or name
            yield from _paths(getattr(node, name), f"{where}.{key}", name)
    elif isinstance(node, (list, tuple)):
        for i, item in enumerate(node):
            yield from _paths(item, f"{where}[{i}]", field)
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from _paths(item, f"{where}.{key}", "")
    elif isinstance(node, str) and field in _PATH_FIELDS:
        yield where, node


_FIELD_NAMES: Dict[type, Tuple[str, ...]] = {}


def _may_hold_placeholder(node: Any) -> bool:
    """Whether a string ``_paths`` could reach from ``node`` (every string it walks over, in any
    field) holds ``{value}``: a path parses to a placeholder only from a step that is exactly
    ``{value}`` (``paths._step``), so where this is False no path ``_paths`` yields has one.
    One walk without generators or JSON paths: the validator's own walk runs only after a True."""
    stack = [node]
    pop, push = stack.pop, stack.extend
    while stack:
        node = pop()
        if isinstance(node, str):
            if PLACEHOLDER in node:
                return True
        elif isinstance(node, BaseModel):
            cls = type(node)
            names = _FIELD_NAMES.get(cls)
            if names is None:
                names = _FIELD_NAMES[cls] = tuple(cls.model_fields)
            push([getattr(node, name) for name in names])
        elif isinstance(node, (list, tuple)):
            push(node)
        elif isinstance(node, dict):
            push(node.values())
    return False


class PolicyExemption(BaseModel):
    """SPEC §9: a task opts out of one of its domain's policy rules, and says why."""

    model_config = {"extra": "forbid"}

    rule: str = Field(min_length=1)
    reason: str = Field(min_length=10, description="Why the rule does not hold for this task (shown by tasks check).")


class ShapedTask(Task):
    """A task of a task file: tau-bench's four fields and SPEC §6's additions."""

    model_config = {"extra": "forbid"}

    id: str = Field(min_length=1)
    seed: int = Field(default=0, ge=0, le=SEED_MAX, description="The world the task is played in (0 .. 2**63 - 1).")
    user_id: str
    instruction: str
    actions: List[Action]
    outputs: List[str] = Field(default_factory=lambda: [])
    output_checks: Optional[List[OutputCheck]] = None
    reward_overrides: RewardOverrides = Field(default_factory=RewardOverrides)
    policy_exemptions: List[PolicyExemption] = Field(default_factory=lambda: [])
    split: Optional[str] = None
    bucket: Optional[str] = None
    persona: Optional[Persona] = Field(default=None, description="The customer the persona user simulator plays "
                                       "(tau_shaped.tasks.persona): opening, facts, accepted actions, what ends it.")

    @model_validator(mode="after")
    def _no_unfilled_placeholder(self) -> "ShapedTask":
        if not _may_hold_placeholder([self.reward_overrides, self.output_checks]):
            return self  # no text holds "{value}": no path parses to a placeholder (every task of a file pays this walk)
        for where, text in _paths([self.reward_overrides, self.output_checks], "$"):
            try:
                unfilled = parse_path(text).has_placeholder
            except PathError:
                continue  # refused by its own field's check
            if unfilled:
                field = where.replace("$[0]", "reward_overrides", 1).replace("$[1]", "output_checks", 1)
                raise ValueError(f"{field}: path {text!r} has an unfilled {{value}} placeholder (only an equivalence "
                                 "class's linked_paths are filled before use)")
        return self

