"""``{"unconfirmed": {"tools": [...], "mention": {...}, ...}}``: each write with no agent message
describing it, answered yes, since the previous write (SPEC §9, §10).

Each call to one of the write tools with no agent message, since the previous such call, that
states the call (its mentioned arguments) and that the user answered with a yes (``said_yes``:
a reply in which the ``no`` matcher finds something, once what ``no_unless`` finds is taken
out, is no yes). A respond step with no recorded reply (an offline trajectory of actions alone)
is not a no: only what the trajectory records is judged; one the recorded messages show nobody
answered (the agent's next message came first) is no yes. The latest described message's reply
counts (a later "no" takes a yes back), and an ``unclear`` reply is settled by the next yes or
no (to any message) before the write, else the write is undetermined (SPEC §8).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple, Union

from pydantic import Field, field_validator, model_validator

from tau_shaped.reward.checks.registry import Check, CheckKind, Compiler, register
from tau_shaped.reward.checks.finding import NOWHERE, Evidence, Finding, short, violations
from tau_shaped.reward.reading.confirmations import _result, describes, record_in_s0
from tau_shaped.reward.reply_matchers import reply_class
from tau_shaped.reward.matcher_schema import TextMatcher, _Strict
from tau_shaped.reward.reading.normalize import seen


class Confirmation(_Strict):
    # the tools whose calls need a yes; left out, the domain's tools that declare ``confirm``
    # (``@effects``), which the domain gives when it loads its rules (``load_rules(confirm_tools=)``)
    tools: Optional[List[str]] = Field(default=None, min_length=1)
    # ARG -> how the describing message must state the call's value of ARG: "number" (the
    # amount), "text" (the value itself, "_" read as a space) or {VALUE: [phrases]}
    mention: Dict[str, Union[Literal["number", "text"], Dict[str, List[str]]]] = Field(default_factory=dict)
    # TOOL -> the kind of action (a key of ``action_words.ACTIONS``: "cancel",
    # "money_to_customer") or the words of which the describing message must say one, in any
    # inflection: a yes to one kind of write is no yes to another
    verbs: Dict[str, Union[str, List[str]]] = Field(default_factory=dict)
    # ARG -> the top-level table of S0 holding the record whose ARG is the call's value (an
    # address id): the describing message states that record's ``street`` (number and name)
    mention_address: Dict[str, str] = Field(default_factory=dict)
    # FIELD -> "number": a field of the call's result (a JSON object) that the describing message
    # must state when it is a number above 0: what a tool computes, such as a cancellation's
    # refund, is part of "exactly what you are about to do" too
    mention_result: Dict[str, Literal["number"]] = Field(default_factory=dict)
    # A reply is classified by ``replies.classify_reply`` (SPEC §10: the vocabulary is kept once);
    # a rule file may still give its own ``yes`` matcher, read as before (yes or no, never unclear)
    yes: Optional[TextMatcher] = None
    # a reply in which ``no`` finds something is never a yes, whatever ``yes`` finds in it ("No,
    # wait", "I'm not sure"); what ``no_unless`` finds is taken out of the reply first ("No
    # problem, go ahead", "why not"): RE2 has no lookaround to say "a no, but not this one"
    no: Optional[TextMatcher] = None
    no_unless: Optional[TextMatcher] = None
    succeeded: bool = True

    @field_validator("verbs")
    @classmethod
    def _known_kinds(cls, value: Dict[str, Any]) -> Dict[str, Any]:
        from tau_shaped.reward.reading.action_words import ACTIONS

        for tool, kind in value.items():
            if isinstance(kind, str) and kind not in ACTIONS:
                raise ValueError(f"verbs of {tool}: unknown kind of action {kind!r} (one of {', '.join(sorted(ACTIONS))})")
        return value

    @model_validator(mode="after")
    def _unless_needs_no(self) -> "Confirmation":
        if self.no_unless is not None and self.no is None:
            raise ValueError("no_unless qualifies no: give no as well")
        if self.no is not None and self.yes is None:
            raise ValueError("no qualifies a yes matcher: give yes as well, or neither (the shared reply classifier)")
        return self


class UnconfirmedPredicate(_Strict):
    """Holds at each call to one of ``tools`` (that succeeded, by default) with no agent
    message since the previous such call that states the call's mentioned arguments and
    whose user reply is a yes (an unrecorded reply, in an offline trajectory, is not a no)."""

    unconfirmed: Confirmation




@register
class UnconfirmedKind(CheckKind):
    key = "unconfirmed"
    model = UnconfirmedPredicate
    event_like = True

    def tools(self, pred: Any) -> Iterable[str]:
        return tuple(pred.unconfirmed.tools or ())

    def compile(self, pred: Any, compiler: Compiler, demand: int) -> Check:
        c = pred.unconfirmed
        if c.tools is None:
            raise ValueError("unconfirmed names no tools, and no domain gave the tools that declare confirm "
                             "(load the rules through their domain, or name the tools)")
        return lambda run: _unconfirmed(run, c)


def _result_fields(observation: Any, names: Tuple[str, ...]) -> Optional[dict]:
    """What ``describes`` reads of a write's result: its fields ``names`` (a new dict), or None
    when the result is no JSON object; a short result's are read once and kept (bounded)."""
    if not isinstance(observation, str) or len(observation) > 2048:
        return _result(observation)
    kept = _kept_fields(observation, names)
    return None if kept is None else dict(kept)


@lru_cache(maxsize=2048)
def _kept_fields(observation: str, names: Tuple[str, ...]) -> Optional[Tuple[Tuple[str, Any], ...]]:
    value = _result(observation)
    return None if value is None else tuple((n, value[n]) for n in names if n in value)


def _unconfirmed(run: Any, c: Any) -> Finding:
    trajectory = run.trajectory
    steps = trajectory.steps
    hits: List[Tuple[int, Evidence]] = []
    open_: List[Tuple[int, str]] = []
    last_write = -1
    unanswered = trajectory.unanswered
    initial = run.initial

    def records(arg: str, value: Any) -> Optional[dict]:
        table = initial.get(c.mention_address[arg]) if isinstance(initial, dict) else None
        return record_in_s0(table, arg, value)

    for s in steps:
        if s.action.name not in c.tools or (c.succeeded and not s.succeeded):
            continue
        result = _result_fields(s.observation, tuple(c.mention_result)) if c.mention_result else None
        state, described, unclear_text = "", False, ""
        for r in steps[last_write + 1 : s.index]:
            if r.agent_text is None:
                continue
            reply = seen(r.user_reply)
            if describes(seen(r.agent_text), s.action.name, s.action.kwargs, c, result, records):
                described = True
                if reply == "":
                    state = "no" if r.index in unanswered else "yes"  # unrecorded (offline): not a no
                else:
                    state = reply_class(reply, c)
                unclear_text = reply
            elif state == "unclear" and reply:
                answer = reply_class(reply, c)
                if answer != "unclear":
                    state = "yes" if answer == "yes" else "no"
        if state == "unclear":
            open_.append((s.index, f"{s.action.name}({short(s.action.kwargs)}): the reply {short(unclear_text)} "
                                   "neither agrees nor refuses"))
        elif state != "yes":
            why = ("no message states it" if not described
                   else "the user asked for a change" if state == "change" else "the user did not say yes")
            hits.append((s.index, lambda s=s, why=why: f"{s.action.name}({short(s.action.kwargs)}) unconfirmed: {why}"))
        last_write = s.index
    verdict = violations(hits, "every write was described and agreed to first")
    if not hits and open_:
        return Finding(False, None, NOWHERE, f"undetermined: step {open_[0][0]}: {open_[0][1]}", tuple(open_))
    return verdict
