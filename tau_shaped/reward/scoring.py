"""Scoring a recorded trajectory offline (``score_trajectory``).

The trajectory is replayed on a fresh overlay of the cached S0 through the
same runner as a live episode, and compared with the cached ground truth: the
cost grows with the trajectory, not with the database.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple, Union

from tau_shaped.env.call_memo import CallMemo, call_memo_of
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.overlay import changed_between
from tau_shaped.reward.probes import compile_probes
from tau_shaped.reward.replay_memo import Replayed, ReplayMemo
from tau_shaped.reward.state_memo import StateMemo
from tau_shaped.reward.result import ShapedRewardResult, check_blend, failed_result
from tau_shaped.reward.shaped_env import task_seed
from tau_shaped.env.types import RESPOND_ACTION_NAME
from tau_shaped.env.traj_format import ParsedTrajectory, TrajectoryError, parse_actions, parse_replies, parse_traj
from tau_shaped.reward.verifier import VerifyInput, task_overrides, verify

_ENVS: "OrderedDict[Any, Any]" = OrderedDict()
_MAX_ENVS = 8


def _resolve_env(env_or_factory: Any) -> Any:
    if hasattr(env_or_factory, "tools_map") and hasattr(env_or_factory, "ground_truth"):
        return env_or_factory
    if not callable(env_or_factory):
        raise TypeError("score_trajectory needs an env or a zero-argument env factory")
    env = _ENVS.get(env_or_factory)
    if env is None:
        env = env_or_factory()
        _ENVS[env_or_factory] = env
        while len(_ENVS) > _MAX_ENVS:
            _ENVS.popitem(last=False)
    else:
        _ENVS.move_to_end(env_or_factory)
    return env


def score_trajectory(
    env: Union[Any, Callable[[], Any]],
    task: Union[int, Any],
    actions: Optional[Sequence[Any]] = None,
    *,
    traj: Optional[Sequence[Any]] = None,
    user_replies: Optional[Sequence[Optional[str]]] = None,
    first_user_message: Optional[str] = None,
    seed: Optional[int] = None,
    blend: str = "shaped",
    lam: float = 0.3,
) -> ShapedRewardResult:
    """Score a recorded trajectory of ``task`` (an index into ``env.tasks``, or a task).

    Give either ``actions`` (``Action``s or ``{"name", "kwargs"}`` dicts, with
    optional ``user_replies`` to the respond actions) or ``traj`` (tau-bench's
    chat messages with ``tool_calls``). A malformed trajectory gives
    ``status = input_invalid``, a verifier fault ``internal_error``; both
    with ``reward = None`` (SPEC §8).
    """
    check_blend(blend, lam)
    environment = _resolve_env(env)
    if isinstance(task, int):
        if not 0 <= task < len(environment.tasks):
            raise IndexError(f"task {task} is out of range: the env has {len(environment.tasks)} tasks")
        task = environment.tasks[task]
    try:
        if (actions is None) == (traj is None):
            raise TrajectoryError("give exactly one of actions or traj")
        if traj is not None:
            parsed = parse_traj(traj)
        else:
            parsed = ParsedTrajectory(parse_actions(actions), parse_replies(user_replies, first_user_message),
                                      first_user_message)
    except TrajectoryError as exc:
        return failed_result("input_invalid", str(exc), blend, lam)
    try:
        return _score(environment, task, parsed, seed, blend, lam)
    except Exception as exc:  # noqa: BLE001 - SPEC §8: a fault abstains, never a silent 0
        return failed_result("internal_error", f"{type(exc).__name__}: {exc}", blend, lam)


def _score(env: Any, task: Any, parsed: ParsedTrajectory, seed: Optional[int], blend: str, lam: float) -> ShapedRewardResult:
    seed = task_seed(task) if seed is None else seed
    if hasattr(env, "task_setup"):  # rules, probes and ignored paths, cached per (task, seed)
        setup = env.task_setup(task, seed)
        rules, probes, slots, ignore, checks = setup.rules, setup.probes, setup.slots, setup.ignore, setup.checks
    else:
        probes, slots = compile_probes(task_overrides(task))
        rules, ignore, checks, setup = [], (), None, None
    initial = env.initial_state(seed)
    truth = env.ground_truth(task, seed)
    memo = replay_memo(env) if parsed.replay_key is not None and setup is not None else None
    owners = (setup, initial, truth)  # what the verdicts read of Sa depend on, besides Sa
    replay_owners = owners + (env.tools_map,)  # and what a replay depends on, besides the calls
    replayed = memo.get(replay_owners, seed, parsed.replay_key) if memo is not None else None
    if replayed is None:
        runner = EpisodeRunner(initial, env.tools_map, seed, probes, parsed.first_user_message)
        calls = call_memo(env) if parsed.replay_key is not None else None
        runner.replay(parsed.actions, user_replies=parsed.user_replies,
                      calls=None if calls is None else (calls, calls.root(initial, env.tools_map, seed), parsed.replay_key))
        trajectory = runner.trajectory
        states = state_memo(env) if setup is not None else None
        content: Optional[List[Any]] = [] if states is not None else None
        changed = changed_between(runner.overlay, truth.overlay, content)
        verdicts: Dict[str, Any] = {}
        if states is not None and changed is not None:  # content is whole only when changed is known
            verdicts = states.verdicts(owners, seed, frozenset(content or ()))
        replayed = Replayed(trajectory.steps, trajectory.state_trace, runner.overlay.data, changed, verdicts,
                            runner.overlay.touched)
        if memo is not None:
            memo.put(replay_owners, seed, parsed.replay_key, replayed)
    else:
        trajectory = replayed.trajectory(parsed.actions, parsed.user_replies, parsed.first_user_message)
    trajectory.combined_turns = dict(parsed.combined_turns)  # one step per action: the same indices
    trajectory.unanswered, trajectory.unrecorded = reply_gaps(parsed)
    inp = VerifyInput(
        task=task,
        trajectory=trajectory,
        initial=initial,
        final=replayed.final,
        expected=truth.data,
        gt_hash=lambda: truth.data_hash,  # hashed only if the changed records are unknown
        changed=replayed.changed,
        probe_slots=slots,
        rules=rules,
        ignore=ignore,
        checks=checks,
        state_verdicts=replayed.state_verdicts,
    )
    return verify(inp, blend=blend, lam=lam)


def reply_gaps(parsed: ParsedTrajectory) -> Tuple[FrozenSet[int], FrozenSet[int]]:
    """The respond steps recorded as answered by nobody (SPEC §10: no yes): those the messages
    show the agent went on from, and, in a list of replies, a reply recorded as null or empty; and
    those whose reply was not recorded at all (no ``user_replies`` given, or fewer replies than
    respond actions: an offline trajectory of actions alone), which leave a confirmation rule
    undetermined (SPEC §8). A trajectory of chat messages records every reply it holds."""
    responds = [i for i, a in enumerate(parsed.actions) if a.name == RESPOND_ACTION_NAME]
    unanswered = set(parsed.unanswered)
    unrecorded = set()
    if not parsed.from_messages:
        replies = parsed.user_replies
        for n, step in enumerate(responds):
            if n >= len(replies):
                unrecorded.add(step)
            elif replies[n] is None or not replies[n].strip():
                unanswered.add(step)
    return frozenset(unanswered), frozenset(unrecorded)


def replay_memo(env: Any) -> Optional[ReplayMemo]:
    """The env's kept replays (``replay_memo``), made on first use; None for an env that
    cannot keep them (no instance dict)."""
    return _kept(env, "_replay_memo", ReplayMemo)


def call_memo(env: Any) -> Optional[CallMemo]:
    """The env's kept calls that left S0 as it was (``call_memo``), made on first use; None as above."""
    return call_memo_of(env)


def state_memo(env: Any) -> Optional[StateMemo]:
    """The env's kept state verdicts (``state_memo``), made on first use; None as above."""
    return _kept(env, "_state_memo", StateMemo)


def _kept(env: Any, name: str, make: Callable[[], Any]) -> Any:
    attrs = getattr(env, "__dict__", None)
    if not isinstance(attrs, dict):
        return None
    kept = attrs.get(name)
    if kept is None:
        kept = attrs[name] = make()
    return kept
