"""``{"read_first": {"tools": [NAME, ...], "arg": ARG, "succeeded": BOOL}, "by": [{"tool": NAME,
"arg": ARG, "of": ARG}, ...]}``: a call acting on a record that no earlier call read (SPEC §5, §9).

A policy's ordered step names the record it is about: "check its status before taking the
action" is about the order the action is on, "check the bill status to make sure it is overdue"
about the bill the payment request is for. ``unpreceded`` asks whether any read came earlier;
this form asks whether a read of *that* record did. It holds at each step that calls one of
``tools`` (only calls that succeeded with ``succeeded: true``; every call otherwise) whose
argument ``arg`` is a value no earlier step's successful call of a ``by`` tool had as its own
argument ``arg`` (compared with the acting call's argument ``of``, by default the same ``arg``:
a look-up of every bill of the customer, ``get_bills_for_customer(customer_id)``, reads the bill
a request for that customer's bill names through ``of: customer_id``). A call whose ``arg`` is
missing or not a string or number names no record and is left to the other rules.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

from pydantic import Field

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Finding, short, violations
from tau_shaped.reward.matcher_schema import _Strict


class ActingCalls(_Strict):
    tools: List[str] = Field(min_length=1)
    arg: str = Field(min_length=1)
    succeeded: Optional[bool] = None


class ReadingCall(_Strict):
    tool: str = Field(min_length=1)
    arg: str = Field(min_length=1)
    of: Optional[str] = None


class ReadFirstPredicate(_Strict):
    read_first: ActingCalls
    by: List[ReadingCall] = Field(min_length=1)


def _key(value: Any) -> Optional[str]:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return str(value).strip()


@register
class ReadFirstKind(CheckKind):
    key = "read_first"
    model = ReadFirstPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return tuple(pred.read_first.tools) + tuple(r.tool for r in pred.by)

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        acting, reads = pred.read_first, tuple(pred.by)
        tools, arg, succeeded = tuple(acting.tools), acting.arg, acting.succeeded
        compared = tuple(sorted({r.of or arg for r in reads}))

        def check(run: Any) -> Finding:
            calls = sorted((s for t in tools for s in run.calls_of(t)), key=lambda s: s.index)
            if succeeded is not None:
                calls = [s for s in calls if s.succeeded == succeeded]
            if not calls:
                return Finding(False, None, NOWHERE, "no call to judge")
            # (step, compared argument, value) of every successful read
            seen: List[Tuple[int, str, str]] = []
            for r in reads:
                for s in run.calls_of(r.tool):
                    value = _key(s.action.kwargs.get(r.arg)) if s.succeeded else None
                    if value is not None:
                        seen.append((s.index, r.of or arg, value))
            hits: List[Tuple[int, Any]] = []
            for s in calls:
                kwargs: Dict[str, Any] = s.action.kwargs
                if _key(kwargs.get(arg)) is None:
                    continue
                wanted: Set[Tuple[str, str]] = {(k, v) for k in compared if (v := _key(kwargs.get(k))) is not None}
                if not any(step < s.index and (k, v) in wanted for step, k, v in seen):
                    hits.append((s.index, lambda s=s: f"{s.action.name}({short(s.action.kwargs)}) with no earlier "
                                                      f"read of its {arg}"))
            return violations(hits, f"every call's {arg} was read first")

        return check
