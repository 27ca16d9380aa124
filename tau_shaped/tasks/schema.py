"""Task files (SPEC §6.1): a tau-bench task plus ``id``, ``seed``, ``output_checks`` and
``reward_overrides``, as a pydantic model that also exports the JSON Schema
(``tau-shaped tasks schema``). The overrides themselves are ``tau_shaped.reward.overrides``.
"""

from __future__ import annotations

from typing import List, Optional

from pydantic import BaseModel, Field

from tau_shaped.env.types import Action, Task
from tau_shaped.reward.overrides import OutputCheck, RewardOverrides


class PolicyExemption(BaseModel):
    """SPEC §9: a task opts out of one of its domain's policy rules, and says why."""

    model_config = {"extra": "forbid"}

    rule: str = Field(min_length=1)
    reason: str = Field(min_length=10, description="Why the rule does not hold for this task (shown by tasks check).")


class ShapedTask(Task):
    """A task of a task file: tau-bench's four fields and SPEC §6's additions."""

    model_config = {"extra": "forbid"}

    id: str = Field(min_length=1)
    seed: int = 0
    user_id: str
    instruction: str
    actions: List[Action]
    outputs: List[str] = Field(default_factory=list)
    output_checks: Optional[List[OutputCheck]] = None
    reward_overrides: RewardOverrides = Field(default_factory=RewardOverrides)
    policy_exemptions: List[PolicyExemption] = Field(default_factory=list)
    split: Optional[str] = None
    bucket: Optional[str] = None
