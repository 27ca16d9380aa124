"""SPEC §5 / §9: the predicate forms that domain policy rules need, over hand-built trajectories.

Every expectation below is derived from the SPEC text and the forms' own docstrings
(``predicate_schema.py``, ``policy_forms.py``), never copied from what the code returns. The
hypothesis properties compare the evaluator with small reference models written here.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from tau_shaped.env.episode import Event
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import Action
from tau_shaped.reward.predicate_schema import (
    EventSumPredicate,
    Predicate,
    UnconfirmedPredicate,
    UnprecededPredicate,
    UnsupportedPredicate,
)
from tau_shaped.reward.predicates import PredicateEvaluator

PRED = TypeAdapter(Predicate)

PROPS = settings(max_examples=200, deadline=None, derandomize=True, database=None)


# ---- building trajectories by hand ---------------------------------------------------------

Spec = Tuple[Any, ...]  # (name, kwargs, observation[, [(event_type, fields), ...]])


def call(name: str, obs: str = "ok", events: Sequence[Tuple[str, Dict[str, Any]]] = (), **kwargs: Any) -> Spec:
    return (name, kwargs, obs, list(events))


def say(text: str, reply: str = "") -> Spec:
    """A respond step: the agent's message and the user's reply ("" = recorded as empty)."""
    return ("respond", {"content": text}, reply, [])


def traj(*specs: Spec, first: Optional[str] = None) -> Trajectory:
    steps = []
    for index, (name, kwargs, obs, events) in enumerate(specs):
        steps.append(
            Step(index, Action(name=name, kwargs=kwargs), obs, events=[Event(t, index, dict(f)) for t, f in events])
        )
    return Trajectory(steps=steps, first_user_message=first)


def ev(pred: Dict[str, Any], trajectory: Trajectory, initial: Any = None, final: Any = None):
    initial = {} if initial is None else initial
    final = initial if final is None else final
    return PredicateEvaluator(trajectory, initial, final).evaluate(PRED.validate_python(pred))


def broken(verdict) -> Tuple[bool, Optional[int], List[int]]:
    return verdict.holds, verdict.step, sorted(verdict.steps)


# ==== 1. unpreceded ===========================================================================

P = {"tool": "p"}
Q = {"tool": "q"}


def unpreceded(since: Optional[str] = None, p: Dict[str, Any] = P, q: Dict[str, Any] = Q) -> Dict[str, Any]:
    pred: Dict[str, Any] = {"unpreceded": p, "by": q}
    if since is not None:
        pred["since"] = since
    return pred


def tools(*names: str) -> Trajectory:
    return traj(*(call(n) for n in names))


def test_unpreceded_since_start_example():
    """SPEC §5: ordering over every occurrence: with since=start, every P needs a Q at some
    earlier step; the P before the first Q breaks it, every P after it is preceded."""
    verdict = ev(unpreceded("start"), tools("x", "p", "q", "p", "x", "p"))
    assert broken(verdict) == (True, 1, [1])
    assert verdict.evidence


def test_unpreceded_since_defaults_to_start():
    """SPEC §5: ``since`` defaults to ``start`` (the form's docstring)."""
    pred = PRED.validate_python(unpreceded())
    assert isinstance(pred, UnprecededPredicate) and pred.since == "start"
    assert broken(ev(unpreceded(), tools("q", "p", "p"))) == (False, None, [])


def test_unpreceded_since_previous_example():
    """SPEC §5: ordering over every occurrence: "every step matching P has a step matching Q
    before it since the previous P": one Q does not cover two later Ps."""
    t = tools("q", "p", "p", "q", "x", "p", "p")
    assert broken(ev(unpreceded("previous"), t)) == (True, 2, [2, 6])
    # the same trajectory is kept with since=start (a Q precedes every P)
    assert broken(ev(unpreceded("start"), t)) == (False, None, [])


def test_unpreceded_p_at_step_zero():
    """SPEC §5: a P at step 0 has no earlier step at all, so nothing can precede it."""
    for since in ("start", "previous"):
        assert broken(ev(unpreceded(since), tools("p", "q", "p"))) == (True, 0, [0])


def test_unpreceded_no_p_is_kept():
    """SPEC §5: with no occurrence of P there is nothing unpreceded."""
    verdict = ev(unpreceded("previous"), tools("x", "q", "x"))
    assert broken(verdict) == (False, None, [])


def test_unpreceded_q_at_same_step_does_not_count():
    """SPEC §5: Q must hold at a step *before* P; a Q at P's own step does not precede it
    (here P and Q are both the same call, so the first call is its own Q)."""
    same = {"tool": "w"}
    assert broken(ev(unpreceded("start", same, same), tools("w", "x", "w"))) == (True, 0, [0])


def test_unpreceded_q_event_at_same_step_does_not_count():
    """SPEC §5: an event (Q) recorded at P's own step is not earlier than P."""
    t = traj(call("x"), call("refund", events=[("verified", {})]), call("refund"))
    verdict = ev(unpreceded("start", {"tool": "refund"}, {"event": "verified"}), t)
    assert broken(verdict) == (True, 1, [1])


def test_unpreceded_user_first_message_is_step_zero():
    """SPEC §5: the user's first message is step 0, so a user statement there does not precede
    a P at step 0, but it precedes a P at step 1."""
    q = {"user_said": {"contains": "my email"}}
    first = "Hi, my email is a@b.c"
    assert broken(ev(unpreceded("start", P, q), traj(call("p"), call("p"), first=first))) == (True, 0, [0])
    assert broken(ev(unpreceded("start", P, q), traj(call("x"), call("p"), first=first))) == (False, None, [])


def test_unpreceded_failed_calls_with_succeeded():
    """SPEC §5: a failed tool call satisfies no ``tool`` predicate with ``succeeded: true``: a
    failed verification does not precede an access."""
    t = traj(call("verify", obs="Error: not found"), call("get"), call("verify"), call("get"))
    pred = unpreceded("start", {"tool": "get", "succeeded": True}, {"tool": "verify", "succeeded": True})
    assert broken(ev(pred, t)) == (True, 1, [1])


def test_unpreceded_step_is_first_and_steps_all_violations():
    """SPEC §5 / §9: the verdict's step is the first violating step (where a rule's verdict is
    placed) and its steps are all the violating ones."""
    t = tools("p", "x", "p", "q", "p", "p", "x", "p")
    verdict = ev(unpreceded("previous"), t)
    assert broken(verdict) == (True, 0, [0, 2, 5, 7])


def _reference_unpreceded(names: Sequence[str], since: str) -> set:
    out, previous = set(), -1
    for i, name in enumerate(names):
        if name == "p":
            if "q" not in names[(previous if since == "previous" else -1) + 1 : i]:
                out.add(i)
            previous = i
    return out


@PROPS
@given(names=st.lists(st.sampled_from(["p", "q", "x"]), max_size=14), since=st.sampled_from(["start", "previous"]))
def test_unpreceded_matches_reference_model(names, since):
    """SPEC §5: ordering over every occurrence, property-tested against a reference model: the
    violating steps are the Ps with no Q strictly between the start (or the previous P) and them."""
    expected = _reference_unpreceded(names, since)
    verdict = ev(unpreceded(since), tools(*names))
    assert verdict.steps == frozenset(expected)
    assert verdict.holds == bool(expected)
    assert verdict.step == (min(expected) if expected else None)


# ==== 2. unconfirmed ==========================================================================

YES = {"regex": r"(?i)^\s*(yes|yeah|sure|ok|go ahead)\b"}
MENTION = {
    "amount": "number",
    "method": {"original_payment": ["original payment", "card"], "wallet_credit": ["wallet", "store credit"]},
}
VERBS = {"issue_refund": ["refund"], "cancel_order": ["cancel"]}
CONFIRM = {"unconfirmed": {"tools": ["issue_refund", "cancel_order"], "mention": MENTION, "verbs": VERBS, "yes": YES}}
REFUND = dict(order_id="FD-1001", amount=12.5, method="original_payment")
DESCRIBE = "I will refund $12.50 to your card. Shall I go ahead?"


def refund(obs: str = "ok", **kwargs: Any) -> Spec:
    return call("issue_refund", obs=obs, **{**REFUND, **kwargs})


def test_unconfirmed_described_and_yes_is_kept():
    """SPEC §9: confirm before each write: a message stating the write, answered yes, keeps it."""
    t = traj(call("get_order_details", order_id="FD-1001"), say(DESCRIBE, "Yes, please"), refund())
    assert broken(ev(CONFIRM, t)) == (False, None, [])


def test_unconfirmed_answered_no_is_broken():
    """SPEC §9 / SPEC §5 (every write preceded by a confirmation and the user's yes): a "no" is
    not a yes, so the write is broken at its own step."""
    t = traj(call("get_order_details", order_id="FD-1001"), say(DESCRIBE, "No, don't"), refund())
    verdict = ev(CONFIRM, t)
    assert broken(verdict) == (True, 2, [2])
    assert verdict.evidence


def test_unconfirmed_reply_recorded_as_empty_is_no_yes():
    """SPEC §10: a reply recorded as empty is no yes: the write is broken at its own step."""
    t = traj(say(DESCRIBE, ""), refund())
    verdict = ev(CONFIRM, t)
    assert broken(verdict) == (True, 1, [1])
    assert "empty" in verdict.evidence


def test_unconfirmed_unrecorded_reply_is_undetermined():
    """SPEC §10, the form's docstring: a reply not recorded at all (an offline trajectory of
    actions alone) shows consent neither way: the rule is undetermined (SPEC §8), neither kept
    as a pass nor broken."""
    t = traj(say(DESCRIBE, ""), refund())
    t.unrecorded = frozenset({0})  # as offline scoring marks it (reward/scoring.reply_gaps)
    verdict = ev(CONFIRM, t)
    assert broken(verdict) == (False, None, [])
    assert [step for step, _ in verdict.undetermined] == [1]
    assert verdict.evidence.startswith("undetermined")


def test_unconfirmed_different_amount_is_broken():
    """SPEC §5 statements / §9: the describing message must state the call's amount: "$15.00"
    does not state a refund of 12.50 (a yes covers only the action described)."""
    t = traj(say("I will refund $15.00 to your card. OK?", "Yes, please"), refund())
    assert broken(ev(CONFIRM, t)) == (True, 1, [1])


def test_unconfirmed_no_message_at_all_is_broken():
    """SPEC §9: a write with no message before it is unconfirmed."""
    assert broken(ev(CONFIRM, traj(refund()))) == (True, 0, [0])


def test_unconfirmed_second_write_needs_its_own_yes():
    """SPEC §5: every write preceded by a confirmation *since the previous* write: one yes
    covers one write, the second is broken at its own step."""
    t = traj(say(DESCRIBE, "Yes, please"), refund(), call("get_order_details", order_id="FD-1001"), refund())
    verdict = ev(CONFIRM, t)
    assert broken(verdict) == (True, 3, [3])


def test_unconfirmed_reconfirmed_second_write_is_kept():
    """SPEC §5: a second write with its own confirmation since the first is kept."""
    t = traj(say(DESCRIBE, "Yes"), refund(), say(DESCRIBE, "Sure, go ahead"), refund())
    assert broken(ev(CONFIRM, t)) == (False, None, [])


def test_unconfirmed_failed_write_is_ignored():
    """SPEC §5 (``succeeded``): by default only writes that succeeded count; a failed write
    (observation "Error...") is neither judged nor consumes the confirmation."""
    t = traj(refund(obs="Error: card declined"), say(DESCRIBE, "Yes, please"), refund(obs="Error: timeout"), refund())
    assert broken(ev(CONFIRM, t)) == (False, None, [])


def test_unconfirmed_failed_write_judged_when_succeeded_false():
    """SPEC §5: with ``succeeded: false`` every call to a write tool is judged, failed or not."""
    pred = {"unconfirmed": {**CONFIRM["unconfirmed"], "succeeded": False}}
    t = traj(refund(obs="Error: card declined"), say(DESCRIBE, "Yes"), refund())
    assert broken(ev(pred, t)) == (True, 0, [0])


def test_unconfirmed_confirmation_defaults():
    """SPEC §5: ``succeeded`` defaults to true and ``mention`` to nothing (the docstring)."""
    pred = PRED.validate_python({"unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}}})
    assert isinstance(pred, UnconfirmedPredicate)
    assert pred.unconfirmed.succeeded is True and pred.unconfirmed.mention == {}


@pytest.mark.parametrize(
    "message, kept",
    [
        ("I will refund $12.50 to your card. Shall I?", True),
        ("I will refund $12.50 to your original payment method. Shall I?", True),
        ("I will refund $12.50 to your wallet. Shall I?", False),
        ("I will refund $12.50 as store credit. Shall I?", False),
        ("I will refund $12.50. Shall I?", False),
        ("I will refund you to your card. Shall I?", False),
    ],
)
def test_unconfirmed_mention_by_phrase_table(message, kept):
    """SPEC §9 / Confirmation docstring: an argument mentioned by a phrase table ({VALUE:
    [phrases]}) is stated by one of its value's phrases ("card" states original_payment),
    never by another value's ("wallet"); the amount must be stated too."""
    verdict = ev(CONFIRM, traj(say(message, "Yes"), refund()))
    assert broken(verdict) == ((False, None, []) if kept else (True, 1, [1]))


def test_unconfirmed_mention_phrase_table_other_value():
    """SPEC §9 / Confirmation docstring: for a wallet_credit refund, "wallet" states the method
    and "card" does not."""
    wallet = refund(method="wallet_credit")
    assert broken(ev(CONFIRM, traj(say("Refund $12.50 to your wallet?", "Yes"), wallet))) == (False, None, [])
    assert broken(ev(CONFIRM, traj(say("Refund $12.50 to your card?", "Yes"), wallet))) == (True, 1, [1])


@pytest.mark.parametrize(
    "message, kept",
    [
        ("I will cancel order FD-1001 because of late delivery. Confirm?", True),
        ("I will cancel order FD-1001 because of late_delivery. Confirm?", True),
        ("I will cancel order FD-1002 because of late delivery. Confirm?", False),
        ("I will cancel order FD-10011 because of late delivery. Confirm?", False),
        ("I will cancel order FD-1001 now. Confirm?", False),
    ],
)
def test_unconfirmed_mention_text(message, kept):
    """SPEC §9 / Confirmation docstring: "text" mentions the value itself, "_" read as a space,
    on word boundaries (SPEC §5: "10" is not found in "100")."""
    pred = {"unconfirmed": {"tools": ["cancel_order"], "mention": {"order_id": "text", "reason": "text"}, "yes": YES}}
    t = traj(say(message, "Yes"), call("cancel_order", order_id="FD-1001", reason="late_delivery"))
    assert broken(ev(pred, t)) == ((False, None, []) if kept else (True, 1, [1]))


def test_unconfirmed_only_listed_tools():
    """SPEC §9: only calls to the listed write tools are judged."""
    t = traj(call("get_order_details", order_id="FD-1001"), call("issue_apology_credit", amount=5))
    assert broken(ev(CONFIRM, t)) == (False, None, [])


def test_unconfirmed_message_before_previous_write_does_not_count():
    """SPEC §5: the confirmation must come *since the previous write*: a describing yes given
    before the first write does not cover a second, even a different, write."""
    t = traj(
        say(DESCRIBE, "Yes"),
        say("I will also refund $3.00 to your card. OK?", "Yes"),
        refund(),
        refund(amount=3.0),
    )
    assert broken(ev(CONFIRM, t)) == (True, 3, [3])


def test_unconfirmed_yes_to_another_write_does_not_confirm():
    """SPEC §5: "every write preceded by a confirmation *of that write* and the user's yes"
    (SPEC §9: confirm before each write): a yes to a described refund is not a confirmation of
    a cancellation the message never mentions."""
    t = traj(say(DESCRIBE, "Yes, please"), call("cancel_order", order_id="FD-1001"))
    assert broken(ev(CONFIRM, t)) == (True, 1, [1])
    asked = traj(say("I can cancel order FD-1001. Shall I?", "Yes, please"), call("cancel_order", order_id="FD-1001"))
    assert broken(ev(CONFIRM, asked))[0] is False


# property: random interleavings of confirmations and writes

_KINDS = ["confirm_yes", "confirm_no", "other_yes", "write", "write_failed", "x"]


def _unconfirmed_spec(kind: str) -> Spec:
    return {
        "confirm_yes": say(DESCRIBE, "Yes, please"),
        "confirm_no": say(DESCRIBE, "No, don't"),
        "other_yes": say("Refund $99.00 to your wallet?", "Yes"),
        "write": refund(),
        "write_failed": refund(obs="Error: declined"),
        "x": call("get_order_details", order_id="FD-1001"),
    }[kind]


def _reference_unconfirmed(kinds: Sequence[str]) -> set:
    # SPEC §10: the latest reply to a message describing the write counts (a later no takes a
    # yes back)
    out, confirmed = set(), False
    for i, kind in enumerate(kinds):
        if kind in ("confirm_yes", "confirm_no"):
            confirmed = kind == "confirm_yes"
        elif kind == "write":
            if not confirmed:
                out.add(i)
            confirmed = False
    return out


@PROPS
@given(kinds=st.lists(st.sampled_from(_KINDS), max_size=14))
def test_unconfirmed_matches_reference_model(kinds):
    """SPEC §5 (every write preceded by a confirmation of that write and the user's yes, since
    the previous write), property-tested: the violating steps are exactly the successful writes
    with no describing, agreed message since the previous successful write."""
    expected = _reference_unconfirmed(kinds)
    verdict = ev(CONFIRM, traj(*(_unconfirmed_spec(k) for k in kinds)))
    assert verdict.steps == frozenset(expected)
    assert verdict.holds == bool(expected)
    assert verdict.step == (min(expected) if expected else None)


# ==== 3. event_sum ============================================================================


def money(amount: Any = None, kind: str = "apology", customer: str = "CU-1", **extra: Any) -> Spec:
    fields: Dict[str, Any] = {"kind": kind, "customer_id": customer, **extra}
    if amount is not None:
        fields["amount"] = amount
    return call("move_money", events=[("money_moved", fields)])


def test_event_sum_over_matching_events():
    """SPEC §5 (events are the environment's log) / EventSumPredicate docstring: the sum of
    ``field`` over the events of the type matching ``where``; other kinds, other customers and
    other event types are left out."""
    t = traj(
        money(5.0),
        money(100.0, kind="refund"),
        money(7.5),
        money(50.0, customer="CU-2"),
        call("other", events=[("other_event", {"kind": "apology", "customer_id": "CU-1", "amount": 40})]),
        money(2.5),
    )
    where = {"kind": "apology", "customer_id": "CU-1"}
    assert ev({"event_sum": "money_moved", "where": where, "eq": 15.0}, t).holds
    assert not ev({"event_sum": "money_moved", "where": where, "gt": 15.0}, t).holds
    assert ev({"event_sum": "money_moved", "where": where, "ge": 15.0}, t).holds


def test_event_sum_field_option():
    """SPEC §5 (the form's docstring): ``field`` names the summed field (default ``amount``)."""
    pred = PRED.validate_python({"event_sum": "m"})
    assert isinstance(pred, EventSumPredicate) and pred.field == "amount"
    t = traj(call("a", events=[("m", {"amount": 1, "fee": 2})]), call("b", events=[("m", {"amount": 1, "fee": 3})]))
    assert ev({"event_sum": "m", "field": "fee", "eq": 5}, t).holds
    assert ev({"event_sum": "m", "eq": 2}, t).holds


def test_event_sum_cap_step_is_where_it_went_over_and_stayed():
    """SPEC §9 (never exceed the tier's apology cap) / policy_forms docstring: the step is the
    event from which the running sum matched and kept matching; a rule's verdict is placed there."""
    t = traj(money(5.0), call("x"), money(4.0), call("x"), money(3.0), say("Done."))
    verdict = ev({"event_sum": "money_moved", "where": {"kind": "apology"}, "gt": 10.0}, t)
    assert verdict.holds and verdict.step == 4
    assert verdict.steps == frozenset({4, 5})


def test_event_sum_running_sum_that_comes_back_is_placed_where_it_stayed():
    """SPEC §5 (policy_forms docstring): "the event from which the running sum matched and *kept*
    matching": a total that dips back in range then out again is placed at the last crossing."""
    t = traj(
        call("a", events=[("m", {"amount": 12})]),
        call("b", events=[("m", {"amount": -5})]),
        call("c", events=[("m", {"amount": 4})]),
    )
    verdict = ev({"event_sum": "m", "gt": 10}, t)
    assert verdict.holds and verdict.step == 2


def test_event_sum_under_cap_is_kept():
    """SPEC §9: a sum at or under the cap does not break a ``gt`` cap."""
    t = traj(money(5.0), money(5.0))
    verdict = ev({"event_sum": "money_moved", "gt": 10.0}, t)
    assert broken(verdict) == (False, None, [])


def test_event_sum_ignores_missing_and_non_numbers():
    """SPEC §5 (EventSumPredicate docstring, the sum of a field): an event without the field, or with a
    non-number there (a string, a bool, null), adds nothing."""
    null = call("x", events=[("money_moved", {"kind": "apology", "amount": None})])
    t = traj(money(4.0), money(None), money("50"), money(True), null, money(1.5))
    assert ev({"event_sum": "money_moved", "eq": 5.5}, t).holds


def test_event_sum_where_in():
    """SPEC §5: a ``where`` matcher may be ``in``: only refunds, credits and replacements count."""
    t = traj(money(10, kind="refund"), money(3, kind="apology"), money(6, kind="credit"), money(4, kind="replacement"))
    where = {"kind": {"in": ["refund", "credit", "replacement"]}}
    assert ev({"event_sum": "money_moved", "where": where, "eq": 20}, t).holds
    verdict = ev({"event_sum": "money_moved", "where": where, "gt": 15}, t)
    assert verdict.holds and verdict.step == 2


def test_event_sum_where_field_missing_excludes_event():
    """SPEC §5: an event lacking a ``where`` field does not match it."""
    t = traj(call("a", events=[("m", {"amount": 10})]), call("b", events=[("m", {"amount": 1, "kind": "apology"})]))
    assert ev({"event_sum": "m", "where": {"kind": "apology"}, "eq": 1}, t).holds


def test_event_sum_numbers_canonical():
    """SPEC §5 (a matcher compares canonically, SPEC §4.4): a float artifact is not a
    difference: 0.1 + 0.2 does not exceed a 0.30 cap."""
    t = traj(call("a", events=[("m", {"amount": 0.1})]), call("b", events=[("m", {"amount": 0.2})]))
    assert not ev({"event_sum": "m", "gt": 0.3}, t).holds
    assert ev({"event_sum": "m", "eq": 0.3}, t).holds


@st.composite
def _money_log(draw):
    """Positive amounts in cents, each at a step (several may share one), among noise steps."""
    cents = draw(st.lists(st.integers(min_value=1, max_value=5000), max_size=10))
    specs: List[Spec] = []
    where_steps: List[int] = []
    for c in cents:
        for _ in range(draw(st.integers(min_value=0, max_value=2))):
            specs.append(call("noise", events=[("money_moved", {"kind": "refund", "amount": 9999})]))
        same_step = specs and specs[-1][0] == "pay" and draw(st.booleans())
        event = ("money_moved", {"kind": "apology", "amount": c / 100})
        if same_step:
            specs[-1][3].append(event)
        else:
            specs.append(call("pay", events=[event]))
        where_steps.append(len(specs) - 1)
    specs.extend(call("tail") for _ in range(draw(st.integers(min_value=0, max_value=2))))
    cap = draw(st.integers(min_value=0, max_value=sum(cents) + 100))
    return specs, cents, where_steps, cap


@PROPS
@given(log=_money_log())
def test_event_sum_cap_matches_reference_model(log):
    """SPEC §9 (never exceed the cap) / SPEC §4.4: for positive amounts, ``{"event_sum": T,
    "gt": cap}`` holds iff the total exceeds the cap (in exact cents, so a float artifact is no
    difference), and its step is the first event at which the running total exceeds the cap."""
    specs, cents, steps, cap = log
    verdict = ev({"event_sum": "money_moved", "where": {"kind": "apology"}, "gt": cap / 100}, traj(*specs))
    running, first_over = 0, None
    for c, step in zip(cents, steps):
        running += c
        if running > cap and first_over is None:
            first_over = step
    assert verdict.holds == (sum(cents) > cap)
    assert verdict.step == first_over
    assert verdict.steps == (frozenset(range(first_over, len(specs))) if first_over is not None else frozenset())


# ==== 4. unsupported ==========================================================================

ORDER_OBS = '{"order_id": "FD-1001", "total": 12.5, "status": "delivered"}'


def test_unsupported_amount_from_earlier_observation():
    """SPEC §5 statements: an amount stated after an observation that states it is supported."""
    t = traj(call("get_order_details", obs=ORDER_OBS, order_id="FD-1001"), say("Your order total was $12.50."))
    assert broken(ev({"unsupported": "amount"}, t)) == (False, None, [])


def test_unsupported_amount_stated_before_observation():
    """SPEC §5 statements (UnsupportedPredicate docstring): only an *earlier*
    observation supports an amount: stating
    it first is a guess, even if a later tool result agrees."""
    t = traj(say("Your order total was $12.50."), call("get_order_details", obs=ORDER_OBS, order_id="FD-1001"))
    verdict = ev({"unsupported": "amount"}, t)
    assert broken(verdict) == (True, 0, [0])
    assert "12.50" in verdict.evidence


def test_unsupported_amount_from_user_messages():
    """SPEC §5 statements (an amount the customer supports): amounts in the user's first message
    and in the user's replies support what the agent later states."""
    t = traj(
        say("I see a charge of $23.40 on your order."),
        say("How much was the second charge?", "It was 18.75 dollars."),
        say("I can refund $18.75 then."),
        first="I was charged $23.40 twice!",
    )
    assert broken(ev({"unsupported": "amount"}, t)) == (False, None, [])
    # without the user's first message, the first statement is a guess
    t.first_user_message = None
    assert broken(ev({"unsupported": "amount"}, t)) == (True, 0, [0])


def test_unsupported_amount_user_reply_supports_only_later_messages():
    """SPEC §5 statements (UnsupportedPredicate docstring): a user reply comes
    after the agent message it answers, so
    it supports later messages only."""
    t = traj(say("Was it $18.75?", "Yes, 18.75."), say("Then I refund $18.75."))
    assert broken(ev({"unsupported": "amount"}, t)) == (True, 0, [0])


def test_unsupported_amount_values():
    """SPEC §5 statements (amounts the policy supports): an amount in ``values`` is supported."""
    t = traj(say("I can offer a $5.00 apology credit."))
    assert broken(ev({"unsupported": "amount", "values": [5.0]}, t)) == (False, None, [])
    assert broken(ev({"unsupported": "amount"}, t)) == (True, 0, [0])


@pytest.mark.parametrize(
    "stated, tolerance, kept",
    [
        ("$12.504", None, True),
        ("$12.51", None, False),
        ("$12.51", 0.02, True),
        ("$12.53", 0.02, False),
    ],
)
def test_unsupported_amount_tolerance(stated, tolerance, kept):
    """SPEC §5 statements (UnsupportedPredicate docstring): supported "within
    ``tolerance``" (default 0.005)."""
    pred: Dict[str, Any] = {"unsupported": "amount"}
    if tolerance is not None:
        pred["tolerance"] = tolerance
    t = traj(call("get_order_details", obs=ORDER_OBS), say(f"The total is {stated}."))
    assert broken(ev(pred, t)) == ((False, None, []) if kept else (True, 1, [1]))


def test_unsupported_amount_values_flattened():
    """SPEC §9 (a rule bound to the task's facts: a list of the task's amounts inside the
    policy's numbers): a list inside ``values`` is flattened and each item supports."""
    pred = PRED.validate_python({"unsupported": "amount", "values": [1.0, [2.5, 3.0]]})
    assert isinstance(pred, UnsupportedPredicate) and sorted(pred.values) == [1.0, 2.5, 3.0]
    t = traj(say("A $3.00 credit and a $2.50 fee."))
    assert broken(ev({"unsupported": "amount", "values": [1.0, [2.5, 3.0]]}, t)) == (False, None, [])


def test_unsupported_amount_steps_are_the_guessing_messages():
    """SPEC §5 / §9: each agent message stating an unsupported amount is a violation; the first
    is the rule's step."""
    t = traj(
        say("That will be $7.00."),
        call("get_order_details", obs=ORDER_OBS),
        say("Your total is $12.50."),
        say("And $8.25 back to you."),
    )
    assert broken(ev({"unsupported": "amount"}, t)) == (True, 0, [0, 3])


def test_unsupported_amount_needs_a_currency_marker():
    """SPEC §5 statements: amounts are typed values ("$12.50"), not any number: an order
    number or a count is not an amount."""
    t = traj(say("Order 10005 has 2 items and will arrive in 15 minutes."))
    assert broken(ev({"unsupported": "amount"}, t)) == (False, None, [])


ETA_OBS = '{"order_id": "FD-1001", "earliest": "2026-03-13T19:40:00", "latest": "2026-03-13T20:10:00"}'
TIME_RULE = {"unsupported": "time", "from_tool": "get_order_eta", "observed_at_least": "earliest"}


def eta(earliest: str, latest: str = "2026-03-13T21:00:00") -> Spec:
    obs = '{"order_id": "FD-1001", "earliest": "%s", "latest": "%s"}' % (earliest, latest)
    return call("get_order_eta", obs=obs, order_id="FD-1001")


def test_unsupported_time_from_observation():
    """SPEC §5 statements: a time an earlier observation states is supported (as minutes since
    midnight: "7:40 pm" is 19:40)."""
    t = traj(call("get_order_eta", obs=ETA_OBS), say("It should arrive between 7:40 pm and 8:10 pm."))
    assert broken(ev({"unsupported": "time"}, t)) == (False, None, [])
    assert broken(ev(TIME_RULE, t)) == (False, None, [])


def test_unsupported_time_guessed():
    """SPEC §5 statements: a time no observation or user message states is unsupported."""
    t = traj(call("get_order_eta", obs=ETA_OBS), say("It should arrive by 7:30 pm."))
    assert broken(ev({"unsupported": "time"}, t)) == (True, 1, [1])


def test_unsupported_time_earlier_than_eta_earliest():
    """SPEC §9 (never promise a time earlier than the ETA's
    earliest; UnsupportedPredicate docstring): with ``from_tool``/``observed_at_least``, a time
    the user asked for (so supported) but earlier than get_order_eta's earliest, and stated by
    no observation, is broken."""
    t = traj(call("get_order_eta", obs=ETA_OBS), say("Yes, it will be there by 7 pm."), first="Can it arrive by 7 pm?")
    assert broken(ev({"unsupported": "time"}, t)) == (False, None, [])
    assert broken(ev(TIME_RULE, t)) == (True, 1, [1])


def test_unsupported_time_earlier_but_observed_is_kept():
    """SPEC §5 statements (policy_forms docstring): an early time is broken only
    if "no observation states" it: the
    time the order was placed, read from a tool, may be stated."""
    placed = call("get_order_details", obs='{"order_id": "FD-1001", "placed_at": "2026-03-13T18:55:00"}')
    t = traj(placed, call("get_order_eta", obs=ETA_OBS), say("You ordered at 6:55 pm; it arrives from 7:40 pm."))
    assert broken(ev(TIME_RULE, t)) == (False, None, [])


def test_unsupported_time_floor_is_the_latest_eta():
    """SPEC §9 (UnsupportedPredicate docstring): the floor is the field of the *latest* get_order_eta
    observation: an ETA that slipped raises it, an ETA that improved lowers it."""
    asked = "Can it come by 7:10 pm?"
    slipped = traj(eta("2026-03-13T19:00:00"), eta("2026-03-13T19:40:00"), say("It will come by 7:10 pm."), first=asked)
    improved = traj(eta("2026-03-13T19:40:00"), eta("2026-03-13T19:00:00"), say("It will come by 7:10 pm."), first=asked)
    assert broken(ev(TIME_RULE, slipped)) == (True, 2, [2])
    assert broken(ev(TIME_RULE, improved)) == (False, None, [])


def test_unsupported_time_floor_only_from_from_tool():
    """SPEC §9 (UnsupportedPredicate docstring): the floor comes from ``from_tool``'s observation only."""
    other = call("get_order_details", obs='{"order_id": "FD-1001", "earliest": "2026-03-13T19:40:00"}')
    t = traj(other, say("Yes, by 7 pm."), first="By 7 pm?")
    assert broken(ev(TIME_RULE, t)) == (False, None, [])


def test_unsupported_time_user_reply_supports():
    """SPEC §5 statements (a time the customer supports): a time in a user reply is supported."""
    t = traj(say("When would suit you?", "Around 18:30 would be great."), say("Noted: 6:30 pm."))
    assert broken(ev({"unsupported": "time"}, t)) == (False, None, [])


# ==== 5. in_state / not_in_state ==============================================================

INITIAL = {
    "customers": {
        "CU-1": {"orders": ["FD-1", "FD-2"], "email": "a@b.c"},
        "CU-2": {"orders": ["FD-3"]},
    },
    "session": {"verified": "CU-1"},
}
FINAL = {
    "customers": {
        "CU-1": {"orders": ["FD-1", "FD-2", "FD-7"], "email": "a@b.c"},  # FD-7: a replacement made in the episode
        "CU-2": {"orders": ["FD-3"]},
    },
    "session": {"verified": "CU-1"},
}


def _act(order_id: str, **kwargs: Any) -> Trajectory:
    return traj(call("create_replacement_order", order_id="FD-1"), call("cancel_order", order_id=order_id, **kwargs))


@pytest.mark.parametrize(
    "order_id, path, holds",
    [
        ("FD-1", "customers.CU-1.orders", True),
        ("FD-2", "customers.CU-1.orders", True),
        ("FD-7", "customers.CU-1.orders", True),
        ("FD-3", "customers.CU-1.orders", False),
        ("FD-3", "customers.*.orders", True),
        ("FD-9", "customers.*.orders", False),
        ("FD-1", "customers.CU-9.orders", False),
        ("FD-1", "nothing.here", False),
    ],
)
def test_in_state_list(order_id, path, holds):
    """SPEC §5 binding to state / MatchOps docstring: a tool argument is in the values the path
    selects in S0 or the final state, a selected list counting its items: an order appended to
    the customer's orders during the episode counts; a path selecting nothing holds nothing."""
    pos = ev({"tool": "cancel_order", "args": {"order_id": {"in_state": path}}}, _act(order_id), INITIAL, FINAL)
    neg = ev({"tool": "cancel_order", "args": {"order_id": {"not_in_state": path}}}, _act(order_id), INITIAL, FINAL)
    assert (pos.holds, pos.step) == ((True, 1) if holds else (False, None))
    assert (neg.holds, neg.step) == ((False, None) if holds else (True, 1))


@pytest.mark.parametrize(
    "customer, holds",
    [("CU-1", True), ("CU-2", False), ("CU", False)],
)
def test_in_state_scalar(customer, holds):
    """SPEC §5 binding to state ("the customer looked up is the task's user"): a scalar
    selected value is compared for equality."""
    t = traj(call("get_customer_details", customer_id=customer))
    def pred(op: str) -> Dict[str, Any]:
        return {"tool": "get_customer_details", "args": {"customer_id": {op: "session.verified"}}}

    assert ev(pred("in_state"), t, INITIAL, FINAL).holds == holds
    assert ev(pred("not_in_state"), t, INITIAL, FINAL).holds != holds


def test_in_state_canonical_numbers():
    """SPEC §5 binding to state (compared canonically, SPEC §4.4): 10 and 10.0 are one number."""
    state = {"ids": [10, 11]}
    t = traj(call("w", order_id=10.0))
    assert ev({"tool": "w", "args": {"order_id": {"in_state": "ids"}}}, t, state, state).holds


def test_in_state_with_other_operators():
    """SPEC §5: several operators must all hold."""
    pred = {"tool": "cancel_order", "args": {"order_id": {"in_state": "customers.CU-1.orders", "ne": "FD-1"}}}
    assert not ev(pred, _act("FD-1"), INITIAL, FINAL).holds
    assert ev(pred, _act("FD-2"), INITIAL, FINAL).holds


def test_in_state_in_event_where():
    """SPEC §5: ``where`` takes the same matchers, state binding included."""
    t = traj(call("x"), call("refund", events=[("money_moved", {"order_id": "FD-3"})]))
    def pred(op: str) -> Dict[str, Any]:
        return {"event": "money_moved", "where": {"order_id": {op: "customers.CU-1.orders"}}}

    assert ev(pred("not_in_state"), t, INITIAL, FINAL).step == 1
    assert not ev(pred("in_state"), t, INITIAL, FINAL).holds


def _with_trace(pred_obj: Any, t: Trajectory, states_after: Sequence[Any]):
    """The trace the env's probes record after each step (SPEC §5 binding to state)."""
    from tau_shaped.reward.probes import compile_probes

    probes, slots = compile_probes(None, [pred_obj])
    t.state_trace = [tuple(probe(s) for probe in probes) for s in states_after]
    return slots


def test_in_state_reads_the_state_at_that_step():
    """SPEC §5 binding to state: "a matcher may compare an argument with a value read from the
    state at that step". FD-2 is moved off CU-1 at step 0; at step 1 (acting on the state after
    step 0) FD-2 is not CU-1's, though it was in S0."""
    initial = {"customers": {"CU-1": {"orders": ["FD-1", "FD-2"]}, "CU-2": {"orders": []}}}
    final = {"customers": {"CU-1": {"orders": ["FD-1"]}, "CU-2": {"orders": ["FD-2"]}}}
    t = traj(call("transfer_order", order_id="FD-2", to="CU-2"), call("get_order_details", order_id="FD-2"))
    pred = PRED.validate_python({"tool": "get_order_details", "args": {"order_id": {"not_in_state": "customers.CU-1.orders"}}})
    slots = _with_trace(pred, t, [final, final])
    assert PredicateEvaluator(t, initial, final, slots).evaluate(pred).step == 1


def test_in_state_at_a_step_ignores_what_changes_later():
    """SPEC §5 binding to state: the order read at step 0 was the customer's then (in S0), so
    the call at step 0 is on their own order, even if the order leaves them later."""
    initial = {"customers": {"CU-1": {"orders": ["FD-1", "FD-2"]}}}
    later = {"customers": {"CU-1": {"orders": ["FD-1"]}}}
    t = traj(call("get_order_details", order_id="FD-2"), call("transfer_order", order_id="FD-2"))
    pred = PRED.validate_python({"tool": "get_order_details", "args": {"order_id": {"not_in_state": "customers.CU-1.orders"}}})
    slots = _with_trace(pred, t, [initial, later])
    assert not PredicateEvaluator(t, initial, later, slots).evaluate(pred).holds
    # and the probe copied the list: a later change to the live state does not rewrite step 0
    live = {"customers": {"CU-1": {"orders": ["FD-1"]}}}
    t2 = traj(call("get_order_details", order_id="FD-1"), call("get_order_details", order_id="FD-9"))
    slots = _with_trace(pred, t2, [live, live])
    live["customers"]["CU-1"]["orders"].append("FD-9")
    assert PredicateEvaluator(t2, live, live, slots).evaluate(pred).step == 1


# ==== 6. schema ===============================================================================


@pytest.mark.parametrize(
    "pred",
    [
        {"unpreceded": {"tool": "a"}, "by": {"tool": "b"}, "since": "always"},
        {"unpreceded": {"tool": "a"}, "by": {"tool": "b"}, "since": "Start"},
        {"unpreceded": {"tool": "a"}, "by": {"tool": "b"}, "extra": 1},
        {"unpreceded": {"tool": "a"}},
        {"unpreceded": {"tool": "a", "bogus": 1}, "by": {"tool": "b"}},
        {"unpreceded": {"tool": "a"}, "by": {"nope": 1}},
        {"unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}, "extra": 1}},
        {"unconfirmed": {"tools": [], "yes": {"contains": "yes"}}},
        {"unconfirmed": {"tools": ["w"], "no": {"contains": "no"}}},
        {"unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}, "mention": {"amount": "numeric"}}},
        {"unconfirmed": {"tools": ["w"], "yes": {"nope": "yes"}}},
        {"unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}}, "extra": 1},
        {"event_sum": "m", "gt": 5, "extra": 1},
        {"event_sum": "m", "gt": "five"},
        {"event_sum": "m", "where": {"k": {"in_state": "a["}}},
        {"unsupported": "date"},
        {"unsupported": "amounts"},
        {"unsupported": "amount", "extra": 1},
        {"unsupported": "amount", "tolerance": -1},
        {"unsupported": "amount", "values": ["x"]},
        {"unsupported": "amount", "values": [1.0, ["x"]]},
        {"tool": "a", "args": {"x": {"in_state": "a..b"}}},
        {"tool": "a", "args": {"x": {"not_in_state": ""}}},
        {"tool": "a", "said": {"contains": "x"}},
        {"unpreceded": {"tool": "a"}, "by": {"tool": "b"}, "event_sum": "m"},
        {"unsupported": "amount", "unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}}},
        {"event_sum": "m", "state": "a.b"},
        {"all": [{"unsupported": "time", "since": "start"}]},
        {},
    ],
)
def test_schema_refuses(pred):
    """SPEC §5: predicates are data validated on load: unknown keys are refused; ``since`` is
    start|previous; ``unsupported`` is amount|time; a predicate has exactly one form."""
    with pytest.raises(ValidationError):
        PRED.validate_python(pred)


@pytest.mark.parametrize(
    "pred, model",
    [
        ({"unpreceded": {"tool": "a"}, "by": {"tool": "b"}, "since": "previous"}, UnprecededPredicate),
        ({"unconfirmed": {"tools": ["w"], "yes": {"contains": "yes"}, "mention": MENTION}}, UnconfirmedPredicate),
        ({"event_sum": "m", "where": {"kind": {"in": ["a"]}}, "gt": 5}, EventSumPredicate),
        ({"unsupported": "time", "from_tool": "get_order_eta", "observed_at_least": "earliest"}, UnsupportedPredicate),
        ({"unsupported": "amount", "values": [1, [2, 3]], "tolerance": 0}, UnsupportedPredicate),
    ],
)
def test_schema_accepts(pred, model):
    """SPEC §5: each documented form validates to its model."""
    assert isinstance(PRED.validate_python(pred), model)
