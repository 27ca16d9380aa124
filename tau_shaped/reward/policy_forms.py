"""The predicate forms that domain policy rules need (SPEC §5, §9), evaluated over a trajectory.

Each returns a ``Verdict`` whose steps are the steps at which the rule is *broken* (every form
here describes a violation), so a rule's gate or outcome condition is placed at the first one:

- ``unpreceded``: ordering over every occurrence. The steps where P holds and Q held at no
  earlier step since the start (``since: start``: identity verified before any account access)
  or since P's previous step (``since: previous``); with ``same_step``, a Q at P's own step counts
  (the user's first message, at step 0, precedes the action of step 0).
- ``unconfirmed``: each call to one of the write tools with no agent message, since the
  previous such call, that states the call (its mentioned arguments) and that the user answered
  with a yes (``said_yes``: a reply in which the ``no`` matcher finds something, once what
  ``no_unless`` finds is taken out, is no yes). A respond step with no recorded reply (an
  offline trajectory of actions alone) is not a no: only what the trajectory records is
  judged; one the recorded messages show nobody answered (the agent's next message came
  first) is no yes.
- ``event_sum``: the sum of a field over the matching events (money moved for the customer in
  the whole conversation, with or without an order); its step is the event from which the
  running sum matched and kept matching.
- ``unsupported``: typed statements. Each agent message stating an amount (or a clock time)
  that no earlier observation or user message states, within ``tolerance``, and that is not
  one of ``values`` (the policy's numbers, the task's amounts) nor the ``acted`` argument of a
  later call (an offer the agent then makes) nor, with ``rates``, one of those rates times a
  supported amount, to the cent (the policy's formula applied); for times, with
  ``observed_at_least``, also a time earlier than that field of the latest ``from_tool``
  observation that no observation states; with ``now`` too, a time stated relative to the
  policy's clock ("in about 5 minutes") earlier than that field.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, FrozenSet, List, Optional, Tuple

from tau_shaped.reward.matchers import match_text, match_value
from tau_shaped.reward.predicate_schema import (
    Confirmation,
    EventSumPredicate,
    UnconfirmedPredicate,
    UnprecededPredicate,
    UnsupportedPredicate,
)
from tau_shaped.reward.values import is_number


@dataclass(frozen=True)
class Verdict:
    holds: bool
    step: Optional[int]
    steps: FrozenSet[int]
    evidence: str
    # SPEC §8: (step, evidence) where the words did not settle the rule (a reply neither yes nor
    # no); meaningful when ``holds`` is false (a rule broken elsewhere is settled)
    undetermined: Tuple[Tuple[int, str], ...] = ()


def short(value: Any, limit: int = 80) -> str:
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _violations(hits: List[Tuple[int, str]], none: str) -> Verdict:
    if not hits:
        return Verdict(False, None, frozenset(), none)
    step, evidence = hits[0]
    more = f" (and {len(hits) - 1} more)" if len(hits) > 1 else ""
    return Verdict(True, step, frozenset(s for s, _ in hits), f"step {step}: {evidence}{more}")


def _states_value(text: str, value: Any, how: Any) -> bool:
    """Whether ``text`` states the argument ``value`` in the way ``how`` asks."""
    from tau_shaped.reward import text_matching

    if how == "number":
        return is_number(value) and text_matching.find_number(text, float(value), 0.005) is not None
    if isinstance(how, dict) and str(value) in how:
        return any(text_matching.find_phrase(text, phrase) is not None for phrase in how[str(value)])
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return False
    raw = str(value)
    return any(text_matching.find_phrase(text, form) is not None for form in dict.fromkeys((raw, raw.replace("_", " "))))


def describes(text: str, tool: str, kwargs: Any, confirmation: Confirmation, result: Any = None,
              records: Any = None) -> bool:
    """SPEC §10: the message names the kind of write (a word of the tool's ``verbs``, its kind of
    ``action_words.ACTIONS`` or its list, in any inflection), states each mentioned argument that
    the call gives, each ``mention_address`` argument's street (``records(arg, value)`` gives the
    record) and each ``mention_result`` field of the call's ``result`` (its parsed observation)
    that is a number above 0, in prose, a list, JSON or ``key=value`` lines alike
    (``action_words.confirmation_text``)."""
    from tau_shaped.reward import action_words, statements

    text = action_words.confirmation_text(text)
    verbs = confirmation.verbs.get(tool)
    if verbs and action_words.names_action(text, verbs) is None:
        return False
    for arg, how in confirmation.mention.items():
        value = kwargs.get(arg)
        if value is None:
            continue
        if not _states_value(text, value, how):
            return False
    for arg in confirmation.mention_address:
        value = kwargs.get(arg)
        record = records(arg, value) if records is not None and value is not None else None
        street = record.get("street") if isinstance(record, dict) else None
        if isinstance(street, str) and statements.states_street(text, street) is None:
            return False
    if isinstance(result, dict):
        for name, how in confirmation.mention_result.items():
            value = result.get(name)
            if is_number(value) and value > 0 and not _states_value(text, value, how):
                return False
    return True


def find_record(data: Any, key: str, value: Any, depth: int = 4) -> Optional[dict]:
    """The first dict under ``data`` (depth first, at most ``depth`` levels down) whose ``key``
    is ``value``."""
    if isinstance(data, dict):
        if data.get(key) == value:
            return data
        children: Any = data.values()
    elif isinstance(data, list):
        children = data
    else:
        return None
    if depth <= 0:
        return None
    for child in children:
        if isinstance(child, (dict, list)):
            found = find_record(child, key, value, depth - 1)
            if found is not None:
                return found
    return None


def _result(observation: Any) -> Any:
    """A call's observation as JSON, if it is a JSON object (else None)."""
    if not isinstance(observation, str) or not observation.startswith("{"):
        return None
    try:
        value = json.loads(observation)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def reply_class(reply: str, confirmation: Confirmation) -> str:
    """SPEC §10: ``yes``, ``change``, ``no`` or ``unclear`` (``replies.classify_reply``); a rule
    file that gives its own ``yes`` (and ``no``, ``no_unless``) matchers reads a reply as yes when
    ``no`` finds nothing in it once ``no_unless``'s finds are taken out and ``yes`` finds it,
    else no."""
    c = confirmation
    if c.yes is None:
        from tau_shaped.reward.replies import classify_reply

        return classify_reply(reply)
    if c.no is not None and match_text(c.no, _without(c.no_unless, reply)) is not None:
        return "no"
    return "yes" if match_text(c.yes, reply) is not None else "no"


def said_yes(reply: str, confirmation: Confirmation) -> bool:
    """Whether the reply is a ``yes`` (SPEC §10)."""
    return reply_class(reply, confirmation) == "yes"


def _without(matcher: Any, text: str) -> str:
    """``text`` with what ``matcher`` finds in it replaced by spaces (a regex: every match; any
    other text matcher: each snippet it finds, up to 50)."""
    if matcher is None:
        return text
    from tau_shaped.reward import data_regex
    from tau_shaped.reward.matcher_schema import RegexText

    if isinstance(matcher, RegexText):
        return data_regex.blank(matcher.regex, text)
    for _ in range(50):
        found = match_text(matcher, text)
        if not found:
            break
        text = text.replace(found, " ", 1)
    return text


class PolicyForms:
    """Mixed into ``PredicateEvaluator`` (which supplies ``evaluate``, ``trajectory``, ``n``)."""

    trajectory: Any
    n: int
    states: Tuple[Any, ...]

    def evaluate(self, pred: Any) -> Verdict:  # pragma: no cover - provided by the evaluator
        raise NotImplementedError

    def states_before(self, pred: Any, step: int) -> Tuple[Any, ...]:  # pragma: no cover - provided by the evaluator
        raise NotImplementedError

    def _UnprecededPredicate(self, p: UnprecededPredicate) -> Verdict:
        first, by = self.evaluate(p.unpreceded), self.evaluate(p.by)
        hits: List[Tuple[int, str]] = []
        previous = -1
        for step in sorted(first.steps):
            low = previous if p.since == "previous" else -1
            high = step + 1 if p.same_step else step
            if not any(low < q < high for q in by.steps):
                where = "since the start" if p.since == "start" or previous < 0 else f"since step {previous}"
                hits.append((step, f"not preceded {where} (first occurrence: {first.evidence}; required: {by.evidence})"))
            previous = step
        return _violations(hits, "every occurrence is preceded")

    def _UnconfirmedPredicate(self, p: UnconfirmedPredicate) -> Verdict:
        """SPEC §10: each write needs a message since the previous write that describes it and
        whose reply is a yes; the latest described message's reply counts (a later "no" takes a
        yes back), and an ``unclear`` reply is settled by the next yes or no (to any message)
        before the write, else the write is undetermined (SPEC §8)."""
        c = p.unconfirmed
        steps = self.trajectory.steps
        hits: List[Tuple[int, str]] = []
        open_: List[Tuple[int, str]] = []
        last_write = -1
        unanswered = self.trajectory.unanswered

        def records(arg: str, value: Any) -> Optional[dict]:
            table = self.initial.get(c.mention_address[arg]) if isinstance(self.initial, dict) else None
            return find_record(table, arg, value)

        for s in steps:
            if s.action.name not in c.tools or (c.succeeded and not s.succeeded):
                continue
            result = _result(s.observation) if c.mention_result else None
            state, described, unclear_text = "", False, ""
            for r in steps[last_write + 1 : s.index]:
                if r.agent_text is None:
                    continue
                reply = r.user_reply
                if describes(r.agent_text, s.action.name, s.action.kwargs, c, result, records):
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
                hits.append((s.index, f"{s.action.name}({short(s.action.kwargs)}) unconfirmed: {why}"))
            last_write = s.index
        verdict = _violations(hits, "every write was described and agreed to first")
        if not hits and open_:
            return Verdict(False, None, frozenset(), f"undetermined: step {open_[0][0]}: {open_[0][1]}", tuple(open_))
        return verdict

    def _EventSumPredicate(self, p: EventSumPredicate) -> Verdict:
        running: List[Tuple[int, float]] = []
        total = 0.0
        parts: List[float] = []
        for event in self.trajectory.events:
            if event.type != p.event_sum or event.step is None:
                continue
            states = self.states_before(p, event.step)
            if not all(k in event.fields and match_value(m, event.fields[k], states) for k, m in p.where.items()):
                continue
            value = event.fields.get(p.field)
            if not is_number(value):
                continue
            parts.append(float(value))
            total = math.fsum(parts)
            running.append((event.step, total))
        described = f"sum of {p.field} over {p.event_sum} events = {total:.2f}"
        if not match_value(p, total):
            return Verdict(False, None, frozenset(), f"{described} does not match")
        since: Optional[int] = None
        for step, value in reversed(running):
            if not match_value(p, value):
                break
            since = step
        if since is None:
            return Verdict(True, None, frozenset(range(self.n)), f"{described} matches with no event")
        return Verdict(True, since, frozenset(range(since, self.n)), f"step {since}: {described}")

    def _UnsupportedPredicate(self, p: UnsupportedPredicate) -> Verdict:
        from tau_shaped.reward import statements, text_matching

        amounts = p.unsupported == "amount"
        user_said: List[float] = []
        observed: List[float] = []  # amounts: numbers in observations; times: their clock times
        floor: Optional[float] = None
        scanned = 0  # observations are read lazily, only when a statement needs them

        def absorb_user(text: Optional[str]) -> None:
            if text:
                if amounts:
                    user_said.extend(v for v, _ in text_matching.numbers_in_text(text))
                else:
                    user_said.extend(t.value for t in statements.stated_times(text))

        def observations_until(index: int) -> None:
            nonlocal scanned, floor
            for s in self.trajectory.steps[scanned:index]:
                if s.agent_text is None and s.succeeded:
                    if amounts:
                        observed.extend(v for v, _ in text_matching.numbers_in_text(s.observation))
                    else:
                        observed.extend(statements.times_in_observation(s.observation))
                        if p.observed_at_least and s.action.name == p.from_tool:
                            floor = _observed_field_minutes(s.observation, p.observed_at_least, floor)
            scanned = max(scanned, index)  # pragma: no mutate (speed only: a rescan finds the same numbers)

        def near(value: float, pool: List[float]) -> bool:
            return any(abs(value - v) <= p.tolerance + 1e-9 for v in pool)

        def derived(value: float, pool: List[float]) -> bool:
            """``value`` is one of the policy's rates times a supported amount, to the cent."""
            return any(abs(value - round(rate * v + 1e-9, 2)) <= p.tolerance + 1e-9 for rate in p.rates for v in pool)

        absorb_user(self.trajectory.first_user_message)
        offered = [(s.index, float(s.action.kwargs[a])) for s in self.trajectory.steps for a in p.acted
                   if not s.is_respond and is_number(s.action.kwargs.get(a))]
        hits: List[Tuple[int, str]] = []
        for s in self.trajectory.steps:
            text = s.agent_text
            if text is None:
                continue
            stated = statements.stated_amounts(text) if amounts else statements.stated_times(text)
            later = [v for step, v in offered if step > s.index]
            for item in stated:
                ok = near(item.value, list(p.values)) or near(item.value, user_said) or near(item.value, later)
                if not ok or (not amounts and p.observed_at_least):
                    observations_until(s.index)
                    ok = ok or near(item.value, observed)
                if not ok and amounts and p.rates:
                    ok = derived(item.value, observed + user_said + list(p.values))
                early = (not amounts and floor is not None and item.value < floor
                         and not any(abs(item.value - v) <= 1e-9 for v in observed))
                if not ok or early:
                    why = "earlier than the observed " + str(p.observed_at_least) if ok else "stated by no tool, user or policy"
                    hits.append((s.index, f"agent stated {item.text!r}: {why}"))
                    break
            if not amounts and p.now is not None and p.observed_at_least and (not hits or hits[-1][0] != s.index):
                for item in statements.relative_times(text, p.now):  # "in 5 minutes": held to the floor only
                    observations_until(s.index)
                    if floor is None and p.from_tool and not any(
                            x.action.name == p.from_tool and x.succeeded for x in self.trajectory.steps[:s.index]):
                        hits.append((s.index, f"agent stated {item.text!r}: no {p.from_tool} looked up"))
                        break
                    if floor is not None and item.value < floor - 1e-9:
                        hits.append((s.index, f"agent stated {item.text!r} (about {_clock_text(item.value)}): "
                                              f"earlier than the observed {p.observed_at_least}"))
                        break
            absorb_user(s.user_reply)
        return _violations(hits, f"every {p.unsupported} stated is supported")


def _clock_text(minutes: float) -> str:
    whole = int(round(minutes)) % 1440
    return f"{whole // 60:02d}:{whole % 60:02d}"


def _observed_field_minutes(observation: str, field: str, default: Optional[float]) -> Optional[float]:
    from tau_shaped.reward import statements

    try:
        data = json.loads(observation)
    except ValueError:
        return default
    value = data.get(field) if isinstance(data, dict) else None
    if not isinstance(value, str):
        return default
    times = statements.times_in_observation(json.dumps(value))
    return times[0] if times else default
