"""Each step of a replay holds exactly the events its own tool call recorded, in the order it
recorded them (``EpisodeRunner.record``: the context's events sorted into their steps once), for
any mix of calls that record none, one or several events, unknown tools and replies."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped import record_event
from tau_shaped.env.episode_runner import EpisodeRunner
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tests.prop_strategies import prop_settings


class _Emitter:
    """A tool that records ``n`` events, each naming the call and its place among them."""

    def invoke(self, data, call, n):
        for k in range(n):
            record_event("emitted", call=call, k=k)
        return "ok"


TOOLS = {"emit": _Emitter()}
CALLS = st.lists(st.one_of(
    st.tuples(st.just("emit"), st.integers(0, 3)),
    st.tuples(st.just(RESPOND_ACTION_NAME), st.just(0)),
    st.tuples(st.just("no_such_tool"), st.just(0)),
), max_size=12)


@prop_settings(200)
@given(CALLS)
def test_each_step_holds_the_events_of_its_own_call_in_order(calls):
    runner = EpisodeRunner({}, TOOLS, seed=0)
    actions = [Action(name=name, kwargs={"call": i, "n": n} if name == "emit" else {"content": "hi"})
               for i, (name, n) in enumerate(calls)]
    runner.replay(actions)
    steps = runner.trajectory.steps
    assert len(steps) == len(calls)
    for i, (step, (name, n)) in enumerate(zip(steps, calls)):
        expected = [(i, k) for k in range(n)] if name == "emit" else []
        assert [(e.fields["call"], e.fields["k"]) for e in step.events] == expected
        assert all(e.step == i and e.type == "emitted" for e in step.events)
    assert sum(len(s.events) for s in steps) == len(runner.context.events)
