"""The real worlds the generated cases speak of, and the one way a case is judged.

A *scene* is one real task of a bundled domain: its S0, the policy rules bound to it (the
domain's own rule file) and the ground truth's tool calls replayed in the domain's env, so that
a write's observation is the one the tool really returns. A case is judged END TO END through
the rule's check kind: its predicate is compiled once per scene (``compile_predicate``) and run
on a short trajectory (a ``Run``) holding the generated words, exactly as the scorer runs it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from tau_shaped import Action
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.reward.checks import FULL, compile_predicate
from tau_shaped.reward.checks.run import Run

# verdicts a check gives a case: a breach of the rule, none, or words that do not decide it
BREACH, PASS, UNDETERMINED = "breach", "pass", "undetermined"


@dataclass
class Scene:
    """One real task of a domain: what a case's words are judged against."""

    domain: str
    split: str
    task: Any
    initial: Dict[str, Any]
    rules: Dict[str, Any]  # rule id -> the bound predicate (``when``)
    _calls: Optional[List[Tuple[Action, str]]] = None
    _checks: Dict[str, Any] = field(default_factory=dict)

    @property
    def calls(self) -> List[Tuple[Action, str]]:
        """The ground truth's tool calls with their real observations (replayed once, when first read)."""
        if self._calls is None:
            env = _env(self.domain, self.split)
            env.reset(task_index=_index(env, self.task.id))
            self._calls = [(a, env.step(a).observation) for a in self.task.actions if a.name != "respond"]
        return self._calls

    def __repr__(self) -> str:  # S0 is large: a scene is named by its task
        return f"Scene({self.domain}:{self.split}:{self.task.id})"

    def check(self, rule: str) -> Any:
        if rule not in self._checks:
            self._checks[rule] = compile_predicate(self.rules[rule], FULL, {})
        return self._checks[rule]

    def call(self, name: str) -> Tuple[Action, str]:
        """The ground truth's first call to ``name`` and its real observation."""
        return next((a, o) for a, o in self.calls if a.name == name)


@lru_cache(maxsize=None)
def _env(domain: str, split: str) -> Any:
    from tau_shaped import load_domain

    return load_domain(domain).make_env(task_split=split)


_SCENES: Dict[Tuple[str, str, str], Scene] = {}


def _index(env: Any, task_id: str) -> int:
    return next(i for i, t in enumerate(env.tasks) if t.id == task_id)


def scene(domain: str, split: str, task_id: str) -> Scene:
    """The scene of task ``task_id`` (built once: S0, bound rules; the tool calls replayed when first read)."""
    key = (domain, split, task_id)
    if key not in _SCENES:
        env = _env(domain, split)
        task = env.tasks[_index(env, task_id)]
        seed = getattr(task, "seed", 0) or 0
        initial = env.initial_state(seed)
        rules = {b.id: b.when for b in env.bound_rules(task, seed)}
        _SCENES[key] = Scene(domain, split, task, initial, rules)
    return _SCENES[key]


def observe(sc: Scene, action: Action) -> str:
    """The real observation of ``action`` on the scene's S0 (a lookup the ground truth does not make)."""
    env = _env(sc.domain, sc.split)
    env.reset(task_index=_index(env, sc.task.id))
    return env.step(action).observation


def tasks_of(domain: str, split: str) -> List[Any]:
    return list(_env(domain, split).tasks)


def respond(content: str) -> Action:
    return Action(name="respond", kwargs={"content": content})


def trajectory(steps: Sequence[Tuple[Action, str]], first_user_message: Optional[str] = None) -> Trajectory:
    """A trajectory of ``steps`` (an action and its observation: a respond step's observation is
    the customer's reply)."""
    return Trajectory(steps=[Step(index=i, action=a, observation=o) for i, (a, o) in enumerate(steps)],
                      first_user_message=first_user_message)


def scored(sc: Scene, rule: str, steps: Sequence[Tuple[Action, str]], first_user_message: Optional[str]) -> str:
    """The verdict of rule ``rule`` when the scorer itself (``score_trajectory``) replays the
    steps' actions in the domain's env, the respond steps' observations as the customer's
    replies: the slow path that ``verdict`` stands for (a broken rule, a fired gate, or an
    undetermined rule named in the result)."""
    from tau_shaped import score_trajectory

    env = _env(sc.domain, sc.split)
    index = _index(env, sc.task.id)
    actions = [a for a, _ in steps]
    replies = [o for a, o in steps if a.name == "respond"]
    result = score_trajectory(env, index, actions, user_replies=replies, first_user_message=first_user_message)
    if any(v.id == rule for v in list(result.gate_violations) + list(result.rule_violations)):
        return BREACH
    return UNDETERMINED if any(u.id == rule for u in result.undetermined) else PASS


def verdict(sc: Scene, rule: str, traj: Trajectory) -> str:
    """The check's verdict of rule ``rule`` on ``traj``: ``breach`` (the rule's predicate holds),
    ``undetermined`` (it does not, and the words did not decide it, SPEC §8) or ``pass``."""
    found = sc.check(rule)(Run(traj, sc.initial, sc.initial))
    if found.holds:
        return BREACH
    return UNDETERMINED if found.undetermined else PASS
