"""A toy check kind, registered from a test module (issue 30: adding a kind is one new file).

``{"wordy": N, "before_call": NAME}``: holds at each agent message of more than N words that comes
right before a call of NAME (a wall of text before acting). Everything about the kind is here:
its schema, the tool it names (so ``tasks check`` can refuse an unknown one) and how it
evaluates; nothing else in the project changes for it."""

from __future__ import annotations

from typing import Any, Iterable, List

from pydantic import Field

from tau_shaped.reward.checks import Check, CheckKind, Compiler, Finding, register
from tau_shaped.reward.matcher_schema import StrictModel


class WordyPredicate(StrictModel):
    wordy: int = Field(ge=1)
    before_call: str


@register
class WordyKind(CheckKind):
    key = "wordy"
    model = WordyPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return (pred.before_call,)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        limit, tool = pred.wordy, pred.before_call

        def check(run: Any) -> Finding:
            steps = run.trajectory.steps
            hits: List[int] = [s.index for s, after in zip(steps, steps[1:])
                               if s.agent_text is not None and len(s.agent_text.split()) > limit
                               and after.action.name == tool]
            if not hits:
                return Finding(False, None, frozenset(), f"no message of more than {limit} words before {tool}")
            return Finding(True, hits[0], frozenset(hits), lambda: f"step {hits[0]}: more than {limit} words before {tool}")

        return check
