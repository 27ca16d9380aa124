"""tau-shaped: a tau-bench-compatible environment with a shaped-reward verifier.

What the verifier means is specified in ``docs/SPEC.md``, in the repository; docstrings cite
its sections as ``SPEC §N``. The package is layered, each layer importing only the ones below
it (checked by import-linter, ``pyproject.toml``): ``env`` < ``reward`` < ``tasks`` <
``evaluation`` < ``verifiers`` < ``report`` < ``integrations`` < ``cli``. The public names are
re-exported here, each imported when first used (``from tau_shaped import Env``), so that a
process that needs a few of them (``tau-shaped score``) does not pay for the others.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any, Dict, List

if TYPE_CHECKING:  # what a type checker and an editor see; at run time, __getattr__ below
    from tau_shaped.env.episode import episode_rng, record_event
    from tau_shaped.env.function_tool import ToolError, tool
    from tau_shaped.env.hashing import consistent_hash, to_hashable
    from tau_shaped.env.tool import Tool
    from tau_shaped.env.types import (RESPOND_ACTION_FIELD_NAME, RESPOND_ACTION_NAME, Action, EnvInfo,
                                      EnvResetResponse, EnvResponse, EnvRunResult, RewardActionInfo,
                                      RewardOutputInfo, RewardResult, SolveResult, Task)
    from tau_shaped.reward.result import ShapedRewardResult
    from tau_shaped.reward.scoring import score_trajectory
    from tau_shaped.reward.shaped_env import Env, ShapedRewardMixin
    from tau_shaped.tasks.domains import Domain, load_domain
    from tau_shaped.tasks.files import TaskFileError, load_tasks
    from tau_shaped.tasks.schema import ShapedTask
    from tau_shaped.verifiers.protocol import Verdict, Verifier, VerifierOutcome, VerifierStatus
    from tau_shaped.verifiers.trajectory import TrajectoryVerifier

#: Each public name and the module that owns it.
_EXPORTS: Dict[str, str] = {
    "episode_rng": "tau_shaped.env.episode",
    "record_event": "tau_shaped.env.episode",
    "ToolError": "tau_shaped.env.function_tool",
    "tool": "tau_shaped.env.function_tool",
    "consistent_hash": "tau_shaped.env.hashing",
    "to_hashable": "tau_shaped.env.hashing",
    "Tool": "tau_shaped.env.tool",
    **dict.fromkeys([
        "RESPOND_ACTION_FIELD_NAME", "RESPOND_ACTION_NAME", "Action", "EnvInfo", "EnvResetResponse", "EnvResponse",
        "EnvRunResult", "RewardActionInfo", "RewardOutputInfo", "RewardResult", "SolveResult", "Task",
    ], "tau_shaped.env.types"),
    "ShapedRewardResult": "tau_shaped.reward.result",
    "score_trajectory": "tau_shaped.reward.scoring",
    "Env": "tau_shaped.reward.shaped_env",
    "ShapedRewardMixin": "tau_shaped.reward.shaped_env",
    "Domain": "tau_shaped.tasks.domains",
    "load_domain": "tau_shaped.tasks.domains",
    "TaskFileError": "tau_shaped.tasks.files",
    "load_tasks": "tau_shaped.tasks.files",
    "ShapedTask": "tau_shaped.tasks.schema",
    "Verdict": "tau_shaped.verifiers.protocol",
    "Verifier": "tau_shaped.verifiers.protocol",
    "VerifierOutcome": "tau_shaped.verifiers.protocol",
    "VerifierStatus": "tau_shaped.verifiers.protocol",
    "TrajectoryVerifier": "tau_shaped.verifiers.trajectory",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept in this module)."""
    owner = _EXPORTS.get(name)
    if owner is None:
        raise AttributeError(f"module 'tau_shaped' has no attribute {name!r}")
    value = getattr(import_module(owner), name)
    globals()[name] = value
    return value


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_EXPORTS))


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
