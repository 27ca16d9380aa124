"""SPEC §5 binding to state: an ``in_state`` matcher of a tool predicate reads the state the
call acted on. The runner takes such a probe just before each call of its tool (not after
every step: a filter over a whole table at each step cost a retail conversation seconds),
and what the verifier reads is the same as if it had been taken after every step."""

from __future__ import annotations

from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.types import Action
from tau_shaped.reward.probes import before_tool, compile_probes


class Counted:
    def __init__(self, fn, tool=None):
        self.fn, self.calls = fn, 0
        if tool is not None:
            self.before_tool = tool

    def __call__(self, data):
        self.calls += 1
        return self.fn(data)


def _set(data, key, value):
    data["t"][key] = value
    return "ok"


class SetTool:
    @staticmethod
    def invoke(data, key, value):
        return _set(data, key, value)


def _run(actions, probes):
    runner = EpisodeRunner({"t": {"a": 0}}, {"set": SetTool, "other": SetTool}, 0, probes)
    runner.replay(actions)
    return runner


def test_a_tool_probe_is_taken_only_before_its_tools_calls_in_the_state_they_act_on():
    eager = Counted(lambda d: dict(d["t"]))
    lazy = Counted(lambda d: dict(d["t"]), tool="set")
    actions = [
        Action(name="other", kwargs={"key": "a", "value": 1}),
        Action(name="respond", kwargs={"content": "hi"}),
        Action(name="set", kwargs={"key": "a", "value": 2}),
        Action(name="other", kwargs={"key": "b", "value": 3}),
        Action(name="set", kwargs={"key": "a", "value": 4}),
    ]
    trace = _run(actions, [eager, lazy]).trajectory.state_trace
    assert lazy.calls == 2 and eager.calls == 4  # respond steps copy the previous entry
    # step 2 (set) reads trace[1]: the state after step 1, i.e. a == 1, as the eager probe saw
    assert trace[1][1] == trace[1][0] == {"a": 1}
    assert trace[3][1] == trace[3][0] == {"a": 2, "b": 3}
    # entries no call of the tool reads are not taken
    assert trace[0][1] is None and trace[2][1] is None and trace[4][1] is None


def test_a_call_at_step_zero_reads_s0_and_takes_nothing():
    lazy = Counted(lambda d: dict(d["t"]), tool="set")
    runner = _run([Action(name="set", kwargs={"key": "a", "value": 9})], [lazy])
    assert lazy.calls == 0 and runner.trajectory.state_trace == [(None,)]


def test_compiled_binding_probes_of_tool_predicates_wait_for_their_tool():
    """A tool predicate's binding probe waits for its tool; an event's stays taken after every
    step (an event can come from any call)."""
    from pydantic import TypeAdapter

    from tau_shaped.reward.predicate_schema import Predicate

    adapter = TypeAdapter(Predicate)
    tool = adapter.validate_python({"tool": "set", "args": {"key": {"in_state": "t.a"}}})
    event = adapter.validate_python({"event": "moved", "where": {"order": {"in_state": "t.a"}}})
    probes, slots = compile_probes(None, [tool, event])
    assert before_tool(probes[slots[id(tool)]]) == "set"
    assert before_tool(probes[slots[id(event)]]) is None
