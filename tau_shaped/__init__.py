"""tau-shaped: a tau-bench-compatible environment with a shaped-reward verifier.

What the verifier means is specified in ``docs/SPEC.md``, in the repository; docstrings cite
its sections as ``SPEC §N``. The package is layered, each layer importing only the ones below
it (checked by import-linter, ``pyproject.toml``): ``env`` < ``reward`` < ``tasks`` <
``evaluation`` < ``verifiers`` < ``report`` < ``integrations`` < ``cli``. The public names are
re-exported here.
"""

from tau_shaped.env.episode import episode_rng, record_event
from tau_shaped.env.function_tool import ToolError, tool
from tau_shaped.env.hashing import consistent_hash, to_hashable
from tau_shaped.env.tool import Tool
from tau_shaped.env.types import (
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
from tau_shaped.reward.result import ShapedRewardResult
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.reward.shaped_env import Env, ShapedRewardMixin
from tau_shaped.tasks.domains import Domain, load_domain
from tau_shaped.tasks.files import TaskFileError, load_tasks
from tau_shaped.tasks.schema import ShapedTask
from tau_shaped.verifiers.protocol import Verdict, Verifier, VerifierOutcome, VerifierStatus
from tau_shaped.verifiers.trajectory import TrajectoryVerifier

__all__ = [
    "Action",
    "Domain",
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
    "ToolError",
    "TrajectoryVerifier",
    "Verdict",
    "Verifier",
    "VerifierOutcome",
    "VerifierStatus",
    "consistent_hash",
    "episode_rng",
    "load_domain",
    "load_tasks",
    "record_event",
    "score_trajectory",
    "to_hashable",
    "tool",
]

__version__ = "0.1.0"
