"""``{"tool": NAME, "args": {ARG: MATCHER}, "succeeded": BOOL}``: holds at each step that calls
the tool with matching arguments (SPEC §5)."""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional

from pydantic import Field

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, Probe, register
from tau_shaped.reward.checks.state_binding import binding_probe, in_state_paths
from tau_shaped.reward.checks.finding import NOWHERE, Finding, short
from tau_shaped.reward.matcher_schema import Matcher, _MatcherMap
from tau_shaped.reward.matchers import match_value


class ToolPredicate(_MatcherMap):
    tool: str
    args: Dict[str, Matcher] = Field(default_factory=dict)
    succeeded: Optional[bool] = None


@register
class ToolKind(CheckKind):
    key = "tool"
    model = ToolPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return (pred.tool,)

    def needs_call(self, pred: Any) -> Optional[str]:
        return pred.tool  # no call of it: ``miss``

    def probe(self, pred: Any) -> Optional[Probe]:
        paths = in_state_paths(pred.args)
        if not paths:
            return None
        # read only by a call of that tool, in the state it acted on: the runner takes it just
        # before such a call (a filter over a whole table at every step is costly)
        return binding_probe(paths, before_tool=pred.tool)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        tool, succeeded, key = pred.tool, pred.succeeded, id(pred)
        args = tuple(pred.args.items())
        miss = Finding(False, None, NOWHERE, f"no matching {tool} call")  # one for every miss: findings are never changed

        if not args:  # every call of the tool (that succeeded, or failed) holds: no argument to read
            def calls(run: Any) -> Finding:
                found = run.calls_that(tool, succeeded)
                if not found:
                    return miss
                first = found[0]
                return Finding(True, first.index, frozenset([s.index for s in found]), lambda s=first: (
                    f"step {s.index}: {tool}({short(s.action.kwargs)}) {'succeeded' if s.succeeded else 'failed'}"))

            return calls

        def check(run: Any) -> Finding:
            steps = []
            first = None
            for s in run.calls_that(tool, succeeded):
                kwargs = s.action.kwargs
                states = run.states_before(key, s.index)
                if not all(arg in kwargs and match_value(m, kwargs[arg], states) for arg, m in args):
                    continue
                if first is None:
                    first = s
                steps.append(s.index)
            if first is None:
                return miss
            return Finding(True, first.index, frozenset(steps), lambda s=first: (
                f"step {s.index}: {tool}({short(s.action.kwargs)}) {'succeeded' if s.succeeded else 'failed'}"))

        return check
