"""tau2 retail policy logic (issue 41): a line of tau2's retail policy.md judged on the right
record.

"At the beginning of the conversation, you have to authenticate the user identity by locating
their user id via email, or via name + zip code. This has to be done even when the user already
provides the user id." A look-up that found *another* user (a colleague's email) authenticates
that other user, not the customer whose account is then read and changed.
"""

from __future__ import annotations

from typing import Any, List

import pytest

pytest.importorskip("tau2")

from tau_shaped import Action, load_domain, score_trajectory  # noqa: E402
from tau_shaped.tasks.consenting import consenting_replies  # noqa: E402

DOMAIN = load_domain("tau2:retail")
TASK = next(t for t in DOMAIN.tasks("test") if t.id == "12")  # mia_garcia_4516, found by email in tau2's ground truth
ENV = DOMAIN.make_env(tasks=[TASK], task_index=0)
S0 = ENV.initial_state(0)


def _score(actions: List[Action]) -> Any:
    result = score_trajectory(ENV, TASK, actions, user_replies=consenting_replies(actions),
                              first_user_message=f"Hi, my user id is {TASK.user_id}.")
    assert result.status == "ok", result.error
    return result


def _with_first(action: Action) -> List[Action]:
    actions = [a.model_copy(deep=True) for a in TASK.actions]
    assert actions[0].name == "find_user_id_by_email"
    return [action] + actions[1:]


def _other_users_email() -> str:
    return next(u["email"] for uid, u in sorted(S0["users"].items()) if uid != TASK.user_id)


def test_the_ground_truth_authenticates_its_user():
    result = _score([a.model_copy(deep=True) for a in TASK.actions])
    assert not result.rule_violations and not result.gate_violations and result.reward == 1.0


def test_name_and_zip_is_the_policys_other_way_to_authenticate():
    """The allowed alternative: the same customer found by name and zip instead of email."""
    user = S0["users"][TASK.user_id]
    lookup = Action(name="find_user_id_by_name_zip", kwargs={
        "first_name": user["name"]["first_name"], "last_name": user["name"]["last_name"], "zip": user["address"]["zip"]})
    result = _score(_with_first(lookup))
    assert not result.rule_violations and not result.gate_violations and result.reward == 1.0


def test_a_look_up_that_found_another_user_authenticates_no_one_here():
    """The agent looks up another customer's email (the look-up succeeds: that user exists),
    then reads and changes the account of the user who stated their id. Breach of 'authenticate
    the user identity by locating their user id': this user was never located. Before issue 41
    any successful look-up counted, and the trajectory scored 1."""
    lookup = Action(name="find_user_id_by_email", kwargs={"email": _other_users_email()})
    result = _score(_with_first(lookup))
    assert [(v.id, v.step) for v in result.rule_violations] == [("retail.identity.authenticate_first", 1)]
    assert result.outcome_reward == 0.0 and result.reward < 1.0


@pytest.fixture(scope="module")
def cancelling():
    task = next(t for t in DOMAIN.tasks("train") + DOMAIN.tasks("test") if t.id == "38")
    return task, DOMAIN.make_env(tasks=[task], task_index=0)


@pytest.mark.parametrize("reason, breach", [("No longer needed.", False), ("ORDERED BY MISTAKE", False),
                                            ("changed my mind", True), ("no longer needed by my sister", True)])
def test_the_cancellation_reason_is_read_by_its_words(cancelling, reason, breach):
    """'either no longer needed or ordered by mistake ... Other reasons are not acceptable': the
    agent first passes the user's accepted reason with another case or a full stop (tau2's tool
    refuses that spelling), then retries with the exact words. The first call asked for nothing
    the policy forbids (before issue 41 it broke retail.cancel.reason); another reason does."""
    task, env = cancelling
    truth = [a.model_copy(deep=True) for a in task.actions]
    c = next(i for i, a in enumerate(truth) if a.name == "cancel_pending_order")
    order = truth[c].kwargs["order_id"]
    attempt = [Action(name="respond", kwargs={"content": f"I will cancel order {order} (reason: {reason}). Do you confirm?"}),
               Action(name="cancel_pending_order", kwargs={"order_id": order, "reason": reason})]
    actions = truth[:c - 1] + attempt + truth[c - 1:]
    result = score_trajectory(env, task, actions, user_replies=consenting_replies(actions),
                              first_user_message="Hi, I want to cancel an order.")
    assert result.status == "ok", result.error
    broken = [(v.id, v.step) for v in result.rule_violations if v.id == "retail.cancel.reason"]
    assert broken == ([("retail.cancel.reason", c)] if breach else [])
