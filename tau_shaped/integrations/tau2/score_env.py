"""The shaped env a process scores tau2 runs in: one S0 and one ground-truth cache per domain.

``tau-shaped score`` builds an env per file; a process that scores several files (a trainer's
reward, a service, the tests) would load S0 (a copy of tau2's whole database), replay each
task's ground truth and bind its rules again for every file. Here each domain keeps its first
scoring env as the prototype, and every later env adopts its caches (SPEC §7's S0, the ground
truths and the task set-ups), as the runner's episodes do. That is safe across files: S0 is
frozen (episodes work on overlays), a ground truth is keyed by the fingerprint of its task's
actions and by S0, and a task's set-up by the task object itself. The set-ups of a prototype are
dropped with it once it has held ``MAX_TASK_SETUPS`` (a long process scoring files of ever new
tasks stays bounded).
"""

from __future__ import annotations

import threading
from typing import Any, Dict, List, Tuple

MAX_TASK_SETUPS = 4096

_PROTOTYPES: Dict[int, Tuple[Any, Any]] = {}  # id(domain) -> (domain, env): the domain kept, so its id is not reused
_LOCK = threading.Lock()


def scoring_env(domain: Any, tasks: List[Any]) -> Any:
    """``domain``'s env over ``tasks`` (scripted user, first task), sharing the domain's caches."""
    env = domain.make_env(user_strategy="scripted", tasks=tasks, task_index=0)
    if not hasattr(env, "adopt_caches"):  # an env of its own kind: nothing to share
        return env
    with _LOCK:
        hit = _PROTOTYPES.get(id(domain))
        if hit is not None and hit[0] is domain and len(getattr(hit[1], "_task_setups", ())) < MAX_TASK_SETUPS:
            env.adopt_caches(hit[1])
        else:
            env.adopt_caches(env)  # its caches set up now, for the envs that adopt them
            _PROTOTYPES[id(domain)] = (domain, env)
    return env


def forget() -> None:
    """Drop every prototype (the next env of each domain starts cold)."""
    with _LOCK:
        _PROTOTYPES.clear()
