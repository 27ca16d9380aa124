"""Values in words, end to end (SPEC §10 statements and confirmations, issue 41): a real
food-delivery task (fd-missing-3: a missing item of order FD-10045, refunded $16.90 to the card)
scored by ``score_trajectory`` from the agent's words. What wiki.md says decides each verdict:
"every price, time, amount or rule you state comes from the customer, a tool or this policy";
a refund to the card takes 3-5 business days; a write is confirmed by stating what it does.
"""

from __future__ import annotations

from typing import List, Optional

import pytest

from tau_shaped import Action, load_domain, score_trajectory

AMOUNTS = "fd.statements.amounts_supported"
FACTS = "fd.statements.facts_supported"
CONFIRM = "fd.confirm.before_write"

_ENV = load_domain("food_delivery").make_env(task_split="test")
_INDEX = next(i for i, t in enumerate(_ENV.tasks) if t.id == "fd-missing-3")
_TRUTH = list(_ENV.tasks[_INDEX].actions)
_REFUND = next(a for a in _TRUTH if a.name == "issue_refund")


def _broken(confirmation: str, after: Optional[str] = None) -> List[str]:
    """The rules broken when the agent confirms with ``confirmation``, refunds as the ground
    truth does, then (if given) says ``after``."""
    actions = [a for a in _TRUTH if a.name not in ("respond", "issue_refund")]
    actions += [Action(name="respond", kwargs={"content": confirmation}), _REFUND]
    replies = ["Yes, please go ahead."]
    if after is not None:
        actions.append(Action(name="respond", kwargs={"content": after}))
        replies.append("Thanks.")
    result = score_trajectory(_ENV, _INDEX, actions, user_replies=replies)
    return sorted({v.id for v in list(result.rule_violations) + list(result.gate_violations)}
                  | {u.id for u in result.undetermined})


def test_the_ground_truth_with_the_amount_in_digits_breaks_nothing():
    assert _REFUND.kwargs["amount"] == pytest.approx(16.9)
    assert _broken("I can refund $16.90 to your card for order FD-10045. Is that OK?") == []


@pytest.mark.parametrize("amount", ["sixteen dollars and ninety cents", "16 dollars and 90 cents",
                                    "＄１６.９０", "US$16.90", "16.90 bucks"])
def test_a_confirmation_stating_the_amount_in_any_spelling_confirms(amount):
    assert _broken(f"I can refund {amount} to your card for order FD-10045. Is that OK?") == []


@pytest.mark.parametrize("amount", ["seventeen dollars and ninety cents", "forty-one dollars and thirteen cents",
                                    "seventy-seven cents", "one dollar and one cent"])
def test_a_misstated_amount_in_words_breaks_the_amount_rule(amount):
    broken = _broken(f"I can refund {amount} to your card for order FD-10045. Is that OK?")
    assert AMOUNTS in broken and CONFIRM in broken  # it confirms a different call, and states what nothing backs


@pytest.mark.parametrize("after, wrong", [
    ("I've refunded twenty dollars to your card.", True),        # $20 is a number of the policy, not what was refunded
    ("I've refunded sixteen dollars and ninety cents to your card.", False),
    ("Done: refunded $16.90 to your card for FD-10045.", False),
    ("I've charged you $16.90.", True),                           # the write refunded it
])
def test_money_said_after_the_write_is_what_the_write_moved(after, wrong):
    broken = _broken("I can refund $16.90 to your card for order FD-10045. Is that OK?", after)
    assert (AMOUNTS in broken) is wrong, broken


@pytest.mark.parametrize("after, wrong", [
    ("I can't give you fifty dollars, but the $16.90 is on its way to your card.", False),
    ("It's $16.90, not $25.00.", False),
    ("You'll get fifty dollars back.", True),
])
def test_a_negated_amount_asserts_nothing(after, wrong):
    broken = _broken("I can refund $16.90 to your card for order FD-10045. Is that OK?", after)
    assert (AMOUNTS in broken) is wrong, broken


@pytest.mark.parametrize("after, wrong", [
    ("Your refund will be back on your card in three to five business days.", False),
    ("Your refund will be back on your card in a couple of weeks.", True),
    ("Your refund will be back on your card by Monday.", True),    # Friday 19:00 to Monday: 1 business day
    ("Your refund will be back on your card by next Friday.", False),
])
def test_refund_timing_in_words_is_the_policy_s(after, wrong):
    broken = _broken("I can refund $16.90 to your card for order FD-10045. Is that OK?", after)
    assert (FACTS in broken) is wrong, broken
