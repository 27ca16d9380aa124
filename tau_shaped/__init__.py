"""tau-shaped: a tau-bench-compatible environment with a shaped-reward verifier.

See SPEC.md (shared with the project) for what the verifier means.
"""

from tau_shaped.env import Env
from tau_shaped.episode import episode_rng, record_event
from tau_shaped.hashing import consistent_hash, to_hashable
from tau_shaped.result import ShapedRewardResult
from tau_shaped.scoring import score_trajectory
from tau_shaped.shaped_env import ShapedRewardMixin
from tau_shaped.task_files import TaskFileError, load_tasks
from tau_shaped.task_schema import ShapedTask
from tau_shaped.tool import Tool
from tau_shaped.trajectory_verifier import TrajectoryVerifier
from tau_shaped.types import (
    RESPOND_ACTION_FIELD_NAME,
    RESPOND_ACTION_NAME,
    Action,
    EnvInfo,
    EnvResetResponse,
    EnvResponse,
    EnvRunResult,
    RewardActionInfo,
    RewardOutputInfo,
    RewardResult,
    SolveResult,
    Task,
)
from tau_shaped.verifier_protocol import Verdict, Verifier, VerifierOutcome, VerifierStatus

__all__ = [
    "Action",
    "Env",
    "EnvInfo",
    "EnvResetResponse",
    "EnvResponse",
    "EnvRunResult",
    "RESPOND_ACTION_FIELD_NAME",
    "RESPOND_ACTION_NAME",
    "RewardActionInfo",
    "RewardOutputInfo",
    "RewardResult",
    "ShapedRewardMixin",
    "ShapedRewardResult",
    "ShapedTask",
    "SolveResult",
    "Task",
    "TaskFileError",
    "Tool",
    "TrajectoryVerifier",
    "Verdict",
    "Verifier",
    "VerifierOutcome",
    "VerifierStatus",
    "consistent_hash",
    "episode_rng",
    "load_tasks",
    "record_event",
    "score_trajectory",
    "to_hashable",
]

__version__ = "0.1.0"
