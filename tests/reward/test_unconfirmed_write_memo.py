"""``checks/unconfirmed``'s per-write memo (``_WRITES``, keyed by ``_window_key``): a write whose
call, messages, replies and answered / unrecorded marks since the previous write repeat another
rollout's (a GRPO group's) is read from the memo, and every finding is the one reading it afresh
gives: the same verdict, steps, evidence and undetermined steps, whatever was read before."""

from __future__ import annotations

from types import SimpleNamespace
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.env.identity_cache import OwnedLRU
from tau_shaped.env.trajectory import Step, Trajectory
from tau_shaped.env.types import RESPOND_ACTION_NAME, Action
from tau_shaped.reward.checks import unconfirmed
from tau_shaped.reward.checks.unconfirmed import Confirmation, _unconfirmed, _window_key
from tests.prop_strategies import prop_settings

RULE = Confirmation.model_validate({"tools": ["issue_refund"], "verbs": {"issue_refund": "money_to_customer"},
                                    "mention": {"amount": "number", "order_id": "id"}})
WORLD = {"customers": {"CU-1": {"customer_id": "CU-1"}},
         "orders": {f"FD-{n}": {"order_id": f"FD-{n}", "customer_id": "CU-1", "total": 20.0} for n in (1, 2)}}
TEXTS = [
    "I'll refund $5.00 for order FD-1 to your card. Shall I go ahead?",
    "I'll refund $5.00 for order FD-1 to your card.",
    "Shall I go ahead?",
    "I'll refund $7.50 for order FD-1. Is that OK?",
    "I'll refund $5.00 for order FD-2. Is that OK?",
    "I can refund $5.00 for order FD-1 either to your card or as wallet credit -- which would you like?",
    "Also, was the burger OK?",
    "Let me look that up.",
    "Refund $5.00 for FD-1 and $7.50 for FD-2 -- OK to do both?",
]
REPLIES = [None, "", "yes", "Yes please", "no", "ok thanks", "hmm, one sec", "the card please", "Actually, to my wallet instead",
           "sure, go ahead", "no wait"]
SAY = st.tuples(st.just("say"), st.sampled_from(TEXTS), st.sampled_from(REPLIES))
LOOK = st.tuples(st.just("look"), st.just(""), st.just(""))
WRITE = st.tuples(st.just("write"), st.sampled_from([5.0, 7.5]), st.sampled_from(["FD-1", "FD-2"]))
# one or two writes, each after a few messages (and look-ups): a write's window is what the memo keeps
EVENTS = st.lists(st.tuples(st.lists(st.one_of(SAY, SAY, LOOK), min_size=1, max_size=3), WRITE), min_size=1, max_size=2).map(
    lambda blocks: [e for said, write in blocks for e in said + [write]])
# a rollout and variants of it that change one thing a write's reading reads: a reply, whether a message
# went unanswered or its reply unrecorded, or a look-up between two messages (they are no longer said at once)
CHANGES = st.lists(st.tuples(st.sampled_from(["reply", "unanswered", "unrecorded", "gap"]), st.integers(0, 7),
                             st.sampled_from(REPLIES)), min_size=1, max_size=4)


def _variant(events, unanswered, unrecorded, change):
    kind, at, reply = change
    events, unanswered, unrecorded = list(events), set(unanswered), set(unrecorded)
    at = at % len(events)
    if kind == "reply" and events[at][0] == "say":
        events[at] = ("say", events[at][1], reply)
    elif kind in ("unanswered", "unrecorded"):
        marks = unanswered if kind == "unanswered" else unrecorded
        marks ^= {at}
    elif kind == "gap":
        events.insert(at, ("look", "", ""))
        unanswered = {i + (i >= at) for i in unanswered}
        unrecorded = {i + (i >= at) for i in unrecorded}
    return events, unanswered, unrecorded


def _run(events, unanswered, unrecorded):
    steps = []
    for i, (kind, a, b) in enumerate(events):
        if kind == "say":
            steps.append(Step(i, Action(name=RESPOND_ACTION_NAME, kwargs={"content": a}), b))
        elif kind == "write":
            steps.append(Step(i, Action(name="issue_refund", kwargs={"order_id": b, "amount": a, "method": "card"}),
                              '{"refunded": %s}' % a))
        else:
            steps.append(Step(i, Action(name="get_order_details", kwargs={"order_id": "FD-1"}), '{"order_id": "FD-1"}'))
    trajectory = Trajectory(steps=steps, unanswered=frozenset(unanswered))
    trajectory.unrecorded = frozenset(unrecorded)  # offline scoring's mark (reward/scoring.py)
    return SimpleNamespace(trajectory=trajectory, initial=WORLD)


def _afresh(run):
    with mock.patch.object(unconfirmed, "_WRITES", OwnedLRU(0)):  # keeps nothing: every write read afresh
        return _unconfirmed(run, RULE)


@prop_settings(300)
@given(EVENTS, st.sets(st.integers(0, 7), max_size=3), st.sets(st.integers(0, 7), max_size=2), CHANGES)
def test_a_write_read_from_the_memo_is_read_as_afresh(events, unanswered, unrecorded, changes):
    runs = [_run(events, unanswered, unrecorded)] + [_run(*_variant(events, unanswered, unrecorded, c)) for c in changes]
    unconfirmed._WRITES.clear()
    for _ in range(2):  # the second round reads every write from the memo
        for run in runs:
            assert _unconfirmed(run, RULE) == _afresh(run)


def test_the_window_key_tells_apart_what_the_reading_reads():
    say = [("say", TEXTS[1], None), ("say", TEXTS[2], "yes"), ("write", 5.0, "FD-1")]
    run = _run(say, {0}, set())
    steps = run.trajectory.steps
    window = [(r, r.agent_text) for r in steps[:2]]
    key = _window_key(window, frozenset({0}), frozenset())
    assert key == ((TEXTS[1], None, True, False, False), (TEXTS[2], "yes", False, False, True))
    assert key != _window_key(window, frozenset(), frozenset())  # nobody answered the first: split turns read together
    assert key != _window_key(window, frozenset({0}), frozenset({1}))  # a reply not recorded
    apart = [(steps[0], steps[0].agent_text), (Step(3, steps[1].action, "yes"), steps[1].agent_text)]
    assert _window_key(apart, frozenset({0}), frozenset()) != key  # not said at once after it
    odd = [(Step(0, steps[0].action, {"not": "text"}), TEXTS[1])]
    assert _window_key(odd, frozenset(), frozenset()) is None  # a reply that is no text: read every time


def test_messages_said_at_once_or_apart_are_kept_apart():
    """The same words and replies, a question the agent went on from at once (read with the next
    message: split turns) or with a look-up between (read alone: nobody answered it): two readings."""
    said = [("say", TEXTS[0], None), ("say", TEXTS[1], "yes")]
    at_once = _run(said + [("write", 5.0, "FD-1")], {0}, set())
    apart = _run(said[:1] + [("look", "", "")] + said[1:] + [("write", 5.0, "FD-1")], {0}, set())
    unconfirmed._WRITES.clear()
    for _ in range(2):
        assert _unconfirmed(at_once, RULE) == _afresh(at_once)
        assert _unconfirmed(apart, RULE) == _afresh(apart)
    assert _afresh(at_once).holds is False  # the question and the yes to the message after it
    assert _afresh(apart).holds is True and "nobody answered" in _afresh(apart).evidence
