"""Round 16 (audit-fd): lines of wiki.md no rule judged, found by whole episodes on the test tasks.

- Transfer to a human agent: "Transfer (``transfer_to_human_agents``, with a short summary of the request and of what
  you did)": a fraud task's transfer with the summary "n/a" scored 1. Now ``fd.fraud.transfer_summary_states_request``
  (a flagged account: the request and the escalation) and ``fd.transfer.summary_given`` (any account: a summary of at
  least two words; elsewhere what it must say depends on a request outside the policy).

- Transfer to a human agent: "then make the call: the conversation ends with it": in a recorded trajectory a refund made
  after the transfer scored 1. Now ``fd.transfer.conversation_ends`` (a write after a transfer; messages, look-ups and
  a write the tool refused change nothing).

Written from wiki.md; every ground truth of the test tasks keeps these lines."""

from __future__ import annotations

from typing import List

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.tasks.consenting import consenting_replies

DOMAIN = load_domain("food_delivery")
TASKS = {t.id: t for t in DOMAIN.tasks("test")}
ENV = DOMAIN.make_env(tasks=list(TASKS.values()), task_index=0)
NEW = ("fd.fraud.transfer_summary_states_request", "fd.transfer.summary_given", "fd.transfer.conversation_ends")


def _fired(task_id: str, actions: List[Action]) -> List[str]:
    task = TASKS[task_id]
    r = score_trajectory(ENV, task, actions, user_replies=consenting_replies(actions))
    assert r.status == "ok", r.error
    return sorted({v.id for v in r.rule_violations} | {g.id for g in r.gate_violations})


def _say(text: str) -> Action:
    return Action(name="respond", kwargs={"content": text})


def _gt(task_id: str) -> List[Action]:
    return [a.model_copy(deep=True) for a in TASKS[task_id].actions]


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_every_ground_truth_keeps_the_new_lines(task_id: str) -> None:
    assert not set(NEW) & set(_fired(task_id, _gt(task_id)))


# fd-fraud-3: Chloe Rossi (CU-1081, fraud-flagged) says FD-10279 never arrived and wants her money back
def _fraud(summary: str) -> List[Action]:
    gt = _gt("fd-fraud-3")
    return gt[:-1] + [Action(name="transfer_to_human_agents", kwargs={"summary": summary})]


SUMMARY_BAD = [
    "",
    "n/a",
    "Customer transferred.",
    "Customer says FD-10279 never arrived and wants a refund.",  # the request, not what was done
    "Account escalated to the specialist team.",  # what was done, not the request
]
SUMMARY_GOOD = [
    "Customer reports order FD-10279 was not delivered; account escalated to the specialist team.",
    "Wants her money back for #10279 (says never delivered). Raised with fraud review.",
    "refund req FD-10279 -> escalated",
]


@pytest.mark.parametrize("summary", SUMMARY_BAD)
def test_a_flagged_accounts_transfer_summary_without_request_or_escalation_breaks_the_line(summary: str) -> None:
    fired = _fired("fd-fraud-3", _fraud(summary))
    assert "fd.fraud.transfer_summary_states_request" in fired
    assert ("fd.transfer.summary_given" in fired) is (summary in ("", "n/a"))  # a summary of nothing, on any account


@pytest.mark.parametrize("summary", SUMMARY_GOOD)
def test_a_flagged_accounts_transfer_summary_with_both_keeps_the_line(summary: str) -> None:
    assert "fd.fraud.transfer_summary_states_request" not in _fired("fd-fraud-3", _fraud(summary))


# fd-question-3: Rosa Usman (not flagged) asks about FD-10005; the agent then transfers her (whether a transfer was
# called for is not judged: whether a request is outside the policy is open)
def _transfer(summary: str) -> List[Action]:
    return _gt("fd-question-3") + [_say("I'm transferring you to a human agent now."),
                                   Action(name="transfer_to_human_agents", kwargs={"summary": summary})]


@pytest.mark.parametrize("summary, breaks", [
    ("", True), ("  ", True), ("n/a", True), ("-", True), ("transfer", True),
    ("Customer asked about FD-10005; told status and total.", False), ("wants a human", False),
])
def test_another_accounts_transfer_needs_a_summary_of_something(summary: str, breaks: bool) -> None:
    fired = _fired("fd-question-3", _transfer(summary))
    assert ("fd.transfer.summary_given" in fired) is breaks
    assert "fd.fraud.transfer_summary_states_request" not in fired


# fd-missing-3: Ben Novak is missing one BBQ Ribs ($16.90) of FD-10045
def _handed_over(*after: Action) -> List[Action]:
    gt = _gt("fd-missing-3")
    return gt[:2] + [_say("I'm transferring you to a human agent now."),
                     Action(name="transfer_to_human_agents", kwargs={"summary": "Missing BBQ Ribs on FD-10045; refund asked."})] + list(after)


def test_a_write_after_the_transfer_breaks_the_line() -> None:
    gt = _gt("fd-missing-3")
    assert "fd.transfer.conversation_ends" in _fired("fd-missing-3", _handed_over(gt[2], gt[3]))
    wallet = Action(name="issue_refund", kwargs={"order_id": "FD-10045", "amount": 16.9, "method": "wallet_credit", "reason": "missing"})
    assert "fd.transfer.conversation_ends" in _fired("fd-missing-3", _handed_over(_say("Adding $16.90 to your wallet for FD-10045, OK?"), wallet))


def test_words_look_ups_and_refused_writes_after_the_transfer_change_nothing() -> None:
    assert "fd.transfer.conversation_ends" not in _fired("fd-missing-3", _handed_over(_say("Please hold.")))
    assert "fd.transfer.conversation_ends" not in _fired("fd-missing-3", _handed_over(Action(name="get_order_details", kwargs={"order_id": "FD-10045"})))
    too_much = Action(name="issue_refund", kwargs={"order_id": "FD-10045", "amount": 9999.0, "method": "wallet_credit", "reason": "x"})
    assert "fd.transfer.conversation_ends" not in _fired("fd-missing-3", _handed_over(too_much))  # the tool refused it
    gt = _gt("fd-missing-3")  # the refund made before the transfer keeps it
    before = gt + [_say("I'm transferring you to a human agent now."), Action(name="transfer_to_human_agents", kwargs={"summary": "Refunded $16.90 on FD-10045."})]
    assert "fd.transfer.conversation_ends" not in _fired("fd-missing-3", before)
