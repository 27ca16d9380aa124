"""tau-bench's public data types (SPEC §2), field for field.

These mirror ``tau_bench.types`` so that code written against tau-bench reads
and writes them unchanged; results files written by one load in the other.
Task files of this project add fields to ``Task``: see ``tau_shaped.tasks.schema``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from pydantic import BaseModel

RESPOND_ACTION_NAME = "respond"
RESPOND_ACTION_FIELD_NAME = "content"


class Action(BaseModel):
    name: str
    kwargs: Dict[str, Any]


class Task(BaseModel):
    """tau-bench's task: who the user is, what they ask, the ground truth."""

    user_id: str
    actions: List[Action]
    instruction: str
    outputs: List[str]


class RewardOutputInfo(BaseModel):
    r_outputs: float
    outputs: Dict[str, bool]


class RewardActionInfo(BaseModel):
    r_actions: float
    gt_data_hash: str


class RewardResult(BaseModel):
    reward: float
    info: Union[RewardOutputInfo, RewardActionInfo]
    actions: List[Action]


class SolveResult(BaseModel):
    reward: float
    messages: List[Dict[str, Any]]
    info: Dict[str, Any]
    total_cost: Optional[float] = None


class EnvInfo(BaseModel):
    task: Task
    source: Optional[str] = None
    user_cost: Optional[float] = None
    reward_info: Optional[RewardResult] = None


class EnvResponse(BaseModel):
    observation: str
    reward: float
    done: bool
    info: EnvInfo


class EnvResetResponse(BaseModel):
    observation: str
    info: EnvInfo


class EnvRunResult(BaseModel):
    task_id: int
    reward: float
    info: Dict[str, Any]
    traj: List[Dict[str, Any]]
    trial: int


def types_for(env: object):
    """The module whose types an env returns: tau-bench's own for a tau-bench env
    (so its agents and run loop get the classes they check for), else this one."""
    import sys

    base = sys.modules.get("tau_bench.envs.base")
    if base is not None and isinstance(env, base.Env):
        import tau_bench.types as taubench_types

        return taubench_types
    return sys.modules[__name__]
