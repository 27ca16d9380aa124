"""A replay takes a call from the kept calls (``env/call_memo``) only where running it would give
the same observation, events and state: the calls before it are the same (with their steps),
the state is still S0's, and the call, when it ran, left it so, drew nothing and did not fault.

Each test replays the same calls on a runner that shares kept calls and on one that shares none
and compares what the replays left; the tools below break each condition in turn (a tool that
changes the state without declaring it, one that draws, one that faults, a look-up after a
write), so a memo that skipped any of them would give another observation or state."""

from __future__ import annotations

import json
import pickle
from typing import Any, Dict, List, Optional, Tuple

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import record_event
from tau_shaped.env.call_memo import CallMemo, CallNode, unchanged
from tau_shaped.env.episode import episode_rng
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.overlay import Overlay
from tau_shaped.env.tool import ToolCodeError
from tau_shaped.env.tool_effects import ToolEffects
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tests.prop_strategies import prop_settings


def _base() -> Dict[str, Any]:
    return {"items": {f"k{i}": {"v": i, "tags": [i]} for i in range(4)}, "log": [], "clock": {"now": 0}}


class _Tool:
    effects = None

    def __init__(self, body: Any, writes: bool = False) -> None:
        self.body = body
        self.calls = 0
        if writes:
            self.effects = ToolEffects(reads=frozenset(), writes=frozenset({"items"}), events=frozenset(), confirm=True)

    def invoke(self, data: Any, **kwargs: Any) -> str:
        self.calls += 1
        return self.body(data, **kwargs)


def _peek(data: Any, key: str) -> str:
    record_event("peeked", key=key)
    return json.dumps(data["items"][key])


def _sneak(data: Any, key: str) -> str:  # changes the state and declares nothing
    data["items"][key]["v"] += 100
    return "done"


def _touch_same(data: Any, key: str) -> str:  # writes the value it read: no change
    data["items"][key] = dict(data["items"][key])
    return "same"


def _roll(data: Any, key: str) -> str:
    return str(episode_rng().random())


def _fault(data: Any, key: str) -> str:  # a fault of the tool's code (a @tool function's KeyError)
    raise ToolCodeError("fault", KeyError(key))


def _append(data: Any, key: str) -> str:  # changes a top-level list, declaring nothing
    data["log"].append(key)
    return "logged"


def _tools() -> Dict[str, _Tool]:
    return {"peek": _Tool(_peek), "sneak": _Tool(_sneak), "same": _Tool(_touch_same), "roll": _Tool(_roll),
            "fault": _Tool(_fault), "append": _Tool(_append), "write": _Tool(_sneak, writes=True)}


Calls = List[Tuple[str, str]]


def _replay(base: Any, tools: Any, calls: Calls, memo: Optional[CallMemo], seed: int = 0) -> EpisodeRunner:
    actions = [Action(name=RESPOND_ACTION_NAME, kwargs={"content": "hi"}) if name == RESPOND_ACTION_NAME
               else Action(name=name, kwargs={"key": key}) for name, key in calls]
    key = tuple(RESPOND_ACTION_NAME if name == RESPOND_ACTION_NAME else (name, json.dumps({"key": k}))
                for name, k in calls)
    runner = EpisodeRunner(base, tools, seed, _probes())
    runner.replay(actions, user_replies=["ok"] * len(calls),
                  calls=None if memo is None else (memo, memo.root(base, tools, seed), key))
    return runner


def _probes() -> List[Any]:
    """A probe read after every step and one read before each ``peek`` call (``before_tool``):
    the trace of a taken call must hold what reading them would."""
    def after(data: Any) -> Any:
        return [dict.get(r, "v") for r in dict.values(dict.get(data, "items", {}))]

    def before(data: Any) -> Any:
        return len(dict.get(data, "log", []))

    before.before_tool = "peek"  # type: ignore[attr-defined]
    return [after, before]


class _NoSharing(CallMemo):
    def root(self, base: Any, tools_map: Any, seed: Any) -> CallNode:
        return CallNode()


def _left(runner: EpisodeRunner) -> Tuple[Any, ...]:
    steps = [(s.index, s.observation, s.known_tool, s.code_error, [e.to_dict() for e in s.events])
             for s in runner.trajectory.steps]
    state = json.loads(json.dumps(runner.overlay.data))
    return steps, state, runner.context.rng.getstate() if runner.context.rng is not None else None, \
        runner.trajectory.state_trace


NAMES = ["peek", "sneak", "same", "roll", "fault", "append", "write", "no_such_tool", RESPOND_ACTION_NAME]
CALLS = st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(["k0", "k1", "k2"])), max_size=6)


@prop_settings(300)
@given(st.lists(CALLS, min_size=1, max_size=6), st.integers(0, 2))
def test_replays_sharing_kept_calls_leave_what_their_own_calls_leave(sequences, prefix):
    base, tools, memo = _base(), _tools(), CallMemo()
    first = sequences[0]
    for calls in sequences + [first[:prefix] + c for c in sequences]:  # openings repeated
        shared = _left(_replay(base, tools, calls, memo))
        own = _left(_replay(base, _tools(), calls, None))  # every call run
        assert shared == own
    assert json.loads(json.dumps(base)) == _base()  # S0 untouched


def test_a_look_up_opening_is_taken_from_the_kept_calls():
    base, tools, memo = _base(), _tools(), CallMemo()
    calls = [("peek", "k1"), (RESPOND_ACTION_NAME, ""), ("peek", "k2"), ("write", "k2"), ("peek", "k2")]
    first = _left(_replay(base, tools, calls, memo))
    assert tools["peek"].calls == 3 and tools["write"].calls == 1
    again = _left(_replay(base, tools, calls, memo))
    assert again == first
    # the two look-ups on S0 were taken; the write and the look-up after it ran again
    assert tools["peek"].calls == 4 and tools["write"].calls == 2
    assert again[0][0][4] == [{"type": "peeked", "step": 0, "key": "k1"}]  # its events, at its step


def test_a_call_is_taken_only_after_the_same_calls_at_the_same_steps():
    base, tools, memo = _base(), _tools(), CallMemo()
    _replay(base, tools, [("peek", "k1"), ("peek", "k2")], memo)
    _replay(base, tools, [(RESPOND_ACTION_NAME, ""), ("peek", "k1")], memo)  # another step
    _replay(base, tools, [("peek", "k2")], memo)  # another opening
    _replay(base, tools, [("peek", "k1")], memo, seed=1)  # another seed
    _replay(_base(), tools, [("peek", "k1")], memo)  # another S0
    assert tools["peek"].calls == 6


def test_calls_that_change_draw_or_fault_are_never_taken():
    for name in ("sneak", "roll", "fault", "append"):
        base, tools, memo = _base(), _tools(), CallMemo()
        calls = [(name, "k1"), ("peek", "k1")]
        first = _left(_replay(base, tools, calls, memo))
        assert _left(_replay(base, tools, calls, memo)) == first
        assert tools[name].calls == 2 and tools["peek"].calls == 2, name


def test_a_write_of_the_same_value_is_no_change():
    base, tools, memo = _base(), _tools(), CallMemo()
    for _ in range(2):
        _replay(base, tools, [("same", "k1"), ("peek", "k1")], memo)
    assert tools["same"].calls == 1 and tools["peek"].calls == 1


OPS = st.lists(st.tuples(st.sampled_from(["read", "set", "same", "add", "delete", "pop", "setdefault", "top", "readd"]),
                         st.sampled_from(["k0", "k1", "k9"])), max_size=8)


@prop_settings(400)
@given(OPS)
def test_an_overlay_found_unchanged_holds_its_base_value_for_value(ops):
    base = _base()
    overlay = Overlay(base)
    data = overlay.data
    for op, key in ops:
        items = data["items"]
        if op == "read":
            items.get(key)
        elif op == "set" and key in items:
            items[key]["v"] = -1
        elif op == "same" and key in items:
            items[key] = dict(items[key])
        elif op == "add":
            items[key + "x"] = {"v": 0, "tags": []}
        elif op == "delete" and key in items:
            del items[key]
        elif op == "pop":
            items.pop(key, None)
        elif op == "setdefault":
            items.setdefault(key, {"v": 0, "tags": []})
        elif op == "readd" and key in items:  # the same value put back: at the end now
            items[key] = items.pop(key)
        elif op == "top":
            data["log"].append(key)
    if unchanged(overlay):
        assert pickle.dumps(json.loads(json.dumps(data))) == pickle.dumps(json.loads(json.dumps(base)))
        assert list(data["items"]) == list(base["items"])


def test_the_grpo_batch_scores_the_same_with_its_calls_shared(grpo_batch):
    from tau_shaped.evaluation.results_file import read_results
    from tau_shaped.reward.replay_memo import ReplayMemo
    from tau_shaped.reward.scoring import call_memo, score_trajectory
    from tau_shaped.reward.state_memo import StateMemo
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain("food_delivery")
    tasks = domain.tasks("train")
    shared, own = (domain.make_env(tasks=tasks, task_index=0) for _ in range(2))
    for env in (shared, own):  # every rollout replayed, none given another's replay or verdicts
        env.__dict__["_replay_memo"], env.__dict__["_state_memo"] = ReplayMemo(0), StateMemo(0)
    own.__dict__["_call_memo"] = _NoSharing()
    for record in read_results(grpo_batch):
        task = tasks[record["task_id"]]
        got = score_trajectory(shared, task, traj=record["traj"]).to_dict()
        assert got == score_trajectory(own, task, traj=record["traj"]).to_dict()
    assert call_memo(shared).taken > 50 and call_memo(own).taken == 0


def test_a_ground_truths_opening_is_keyed_as_a_rollouts_messages_write_it():
    from tau_shaped.env.call_memo import actions_key

    def act(name, **kwargs):
        return Action(name=name, kwargs=kwargs)

    assert actions_key([act("peek", key="k1"), act(RESPOND_ACTION_NAME, content="hi"), act("peek", key="é", n=1.5)]) == (
        ("peek", '{"key": "k1"}'), RESPOND_ACTION_NAME, ("peek", '{"key": "\\u00e9", "n": 1.5}'))
    for odd in ({"key": ("k1",)}, {"key": float("nan")}, {"key": {1: "a"}}, {"key": {"k1"}}):
        assert actions_key([act("peek", key="k0"), Action.model_construct(name="peek", kwargs=odd),
                            act("peek", key="k2")]) == (("peek", '{"key": "k0"}'),)  # ends at the first unsure one
    for key in [("peek", '{"key": "k1"}'), ("peek", '{"key": "\\u00e9", "n": 1.5}')]:
        assert json.loads(key[1]) == dict(json.loads(key[1]))


@prop_settings(200)
@given(st.lists(CALLS, min_size=1, max_size=4), st.sampled_from([(), ("peek",), ("write", "sneak")]))
def test_a_replay_that_skips_actions_takes_kept_calls_only_before_the_first_skipped(sequences, skip):
    base, tools, memo = _base(), _tools(), CallMemo()
    for calls in sequences + sequences:
        actions = [Action(name=n, kwargs={"content": "hi"} if n == RESPOND_ACTION_NAME else {"key": k}) for n, k in calls]
        key = tuple(RESPOND_ACTION_NAME if n == RESPOND_ACTION_NAME else (n, json.dumps({"key": k})) for n, k in calls)
        shared, own = EpisodeRunner(base, tools, 0, _probes()), EpisodeRunner(base, _tools(), 0, _probes())
        shared.replay(actions, skip=skip, calls=(memo, memo.root(base, tools, 0), key[:len(key) // 2 + 1]))
        own.replay(actions, skip=skip)
        assert _left(shared) == _left(own)


def test_ground_truths_replayed_with_the_kept_calls_are_the_same():
    from tau_shaped.reward.ground_truth import GroundTruthCache
    from tau_shaped.tasks.domains import load_domain

    domain = load_domain("food_delivery")
    env = domain.make_env(tasks=domain.tasks("train")[:40], task_index=0)
    memo = CallMemo()
    for task in env.tasks:
        base = env.initial_state(task.seed)
        for _ in range(2):  # the second replay takes what the first kept
            got = GroundTruthCache().get(task, task.seed, base, env.tools_map, list(env.terminate_tools), memo)
        want = GroundTruthCache().get(task, task.seed, base, env.tools_map, list(env.terminate_tools))
        assert got.data_hash == want.data_hash and got.failed_steps == want.failed_steps
        assert [(s.index, s.observation, [e.to_dict() for e in s.events]) for s in got.trajectory.steps] == \
            [(s.index, s.observation, [e.to_dict() for e in s.events]) for s in want.trajectory.steps]
    assert memo.taken > 0


def test_the_kept_calls_are_bounded_and_forgotten_at_once():
    base, tools = _base(), _tools()
    memo = CallMemo(max_bytes=1000)  # two kept calls at most (a peek counts ~420)
    for key in ("k0", "k1", "k2", "k3"):
        _replay(base, tools, [("peek", key)], memo)
    assert memo.bytes < 1000 and tools["peek"].calls == 4
    _replay(base, tools, [("peek", "k3")], memo)  # kept after the trees were forgotten: taken
    assert tools["peek"].calls == 4
    _replay(base, tools, [("peek", "k0")], memo)  # forgotten: run again
    assert tools["peek"].calls == 5
    small = CallMemo(max_calls=2)
    for _ in range(3):
        _replay(base, tools, [("peek", "k1"), ("peek", "k2")], small)
    assert small.calls <= 2
