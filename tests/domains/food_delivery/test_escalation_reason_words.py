"""``fd.fraud.escalation_states_the_request`` (wiki.md, fraud-flagged accounts: escalate "with what
the customer asked for"): the escalation's free-text reason says the request in any of the words a
careful agent writes it in (issue 41, round 9): the money as an amount, returned or paid back, the
wallet, a top-up or voucher, the bill disputed, the food re-sent or redelivered, a new order, the
order by its number. A reason that says only what happened, or nothing, still breaks the rule."""

from __future__ import annotations

import pytest

from tau_shaped import load_domain
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.predicate_schema import MatchOps
from tests.domains.food_delivery.test_food_delivery_policy_rules import A, broken, gt, score

RULE = "fd.fraud.escalation_states_the_request"
REASON = MatchOps.model_validate(load_domain("food_delivery").policy_rules.rule(RULE).when["args"]["reason"])

SAYS_THE_REQUEST = [
    "Customer wants the order re-sent",
    "wants $48.16 returned to her card",
    "asks us to resend the meal",
    "customer wants a redelivery of order 10279",
    "Customer requests a wallet top-up for a missing meal",
    "wants to be paid for the missing food",
    "Customer disputes the bill for the order",
    "Customer wants a new order sent out free",
    "Customer is asking for a voucher",
    "Customer demands their cash be returned",
    "Customer wants the food delivered again",
    "non-delivery claim on order #10279",
]
SAYS_NO_REQUEST = [
    "suspicious account", "please review", "Customer is upset", "Account needs a look",
    "Customer says the courier was rude", "customer called about an order", "",
]


@pytest.mark.parametrize("reason", SAYS_THE_REQUEST)
def test_the_request_in_other_words_keeps_the_rule(reason):
    assert match_value(REASON, reason) is False, reason


@pytest.mark.parametrize("reason", SAYS_NO_REQUEST)
def test_a_reason_without_the_request_breaks_it(reason):
    assert match_value(REASON, reason) is True, reason


@pytest.mark.parametrize("reason, breaks", [("Customer wants $48.16 returned", False), ("Customer is upset", True)])
def test_end_to_end(reason, breaks):
    g = gt("fd-fraud-1")
    g[3] = A("escalate_to_fraud_team", customer_id="CU-1132", reason=reason)
    assert broken(score("fd-fraud-1", g)) == ([(RULE, 3)] if breaks else [])
