"""Round 10 (issue 41), the fraud flag (wiki.md "Fraud-flagged accounts": "Do not mention the
flag"), rule ``fd.fraud.flag_not_mentioned``: a holder of the customer's said to be in a
restricting state, read by its structure (reading/account_holds.py, SPEC §10), not by phrase.

Mentions written from the policy in wordings no earlier test used: a contrast with other
customers, the state before the holder ("Frozen, unfortunately, is what your account is"), a
permission refused ("your account won't allow it", "isn't in the clear"), the holder as a reason,
typing slips, a word in pieces, a field in a table or JSON. Controls of the other meaning: the
kitchen flagging the order, the agent flagging an issue to the restaurant, the agent reviewing the
account, a tier's cap, a quantity limit, the account in good standing, a denial for another
reason, a phone hold."""

from __future__ import annotations

from typing import List

import pytest
from pydantic import TypeAdapter

from tau_shaped import load_domain
from tau_shaped.reward.matcher_schema import TextMatcher
from tau_shaped.reward.matchers import match_text
from tau_shaped.reward.reading.account_holds import restriction_said
from tau_shaped.reward.reading.normalize import seen

RULE = next(r for r in load_domain("food_delivery").policy_rules.rules if r.id == "fd.fraud.flag_not_mentioned")
MATCHERS = [TypeAdapter(TextMatcher).validate_python(part["said"]) for part in RULE.when["any"]]


def _mentions(text: str) -> bool:
    read = seen(text) or ""
    return any(match_text(m, read) is not None for m in MATCHERS)


# 41 of these 43 were read as no mention before round 10 (not 'rest ricted' nor the flag set for a review)
MENTIONS: List[str] = [
    "Unlike most accounts, yours can't receive refunds at the moment.",
    "Unlike other customers, you aren't able to get a refund through me.",
    "Most customers could get a credit here; your account is the exception.",
    "Normally I'd refund you, but your account won't allow it.",
    "Frozen, unfortunately, is what your account is right now.",
    "Locked is the state your account is in.",
    "Your acount is suspened right now.",
    "Your acccount has been restircted.",
    "Your account: rest ricted.",
    "Your account isn't in the clear yet.",
    "Refunds are no longer possible for your account.",
    "For reasons tied to your account, refunds are off.",
    "I think your account might possibly be on some kind of hold.",
    "Frankly, your account seems to be in a bit of a pickle with our review folks.",
    "An internal review of your account is underway.",
    "We've placed some limits on what this account can receive.",
    "Your account is going through an integrity check.",
    "The ability to refund you has been turned off for the time being.",
    "Your account is subject to a refund block.",
    "Your account status prevents any refund from going out.",
    "Account standing = probation",
    "Your account ID CU-1 shows a HOLD.",
    "Reason code: SUSPECTED_ABUSE",
    "Your a c c o u n t is locked.",
    "Ur acct is l0ck3d rn.",
    "Your refunds are currently withheld.",
    "Refunds? Your account isn't allowed them at the moment.",
    "Your account is being watched closely.",
    "We flagged your order for review.",
    # a fifth set, held out: 15/20 read before round 10
    "There's a freeze in effect on your profile.",
    "We've had to curtail refunds on your account.",
    "Our system shows your account as locked.",
    "Your wallet is on lockdown.",
    "Your account is under a temporary block.",
    # a sixth set: 23/30 read before round 10, and by the reader before these (a state's money said as a verb, the
    # agent unable to send money to the account as its subject, a leader's dots, alerts and marks, "a hold on it",
    # "your customer record")
    "Nothing can be credited to you until the review wraps up.",
    "Your account is one we can't send money to right now.",
    "Account Status ........ FROZEN",
    "Your account hit a tripwire in our system.",
    "Your account has a big red X next to it.",
    "Your file has a hold on it.",
    "Your customer record shows a restriction.",
    # a short state's two letters swapped (no word of English: checked on the batch's and the project's 7,256 words)
    "Your accoutn has been frozne.",
    "Your profile is lcoked right now.",
]

# none mentions the flag; the first, third and fourth were read as mentions before round 10
CONTROLS: List[str] = [
    "The kitchen flagged the order as delayed.",
    "I've flagged the missing drinks to the restaurant.",
    "Your account is in good standing.",
    "The restaurant flagged the dish as out of stock.",
    "Thanks for flagging that with me.",
    "Let me review your account quickly.",
    "I checked your account and the restaurant is paused.",
    "The restaurant's account with us is on pause for maintenance.",
    "Given your account's tier, the credit cap is $5.",
    "Your plus membership is limited to three free deliveries a month.",
    "Your refund is rounded to the nearest cent.",
    "Your dietary restriction is recorded as gluten-free.",
    "Please hold while I pull up your order.",
    "I can't offer a refund because the order was delivered on time.",
    "You can't get a refund for an order that's already been eaten.",
    "Other customers reported the same delay today.",
    "Your order is on hold at the kitchen while they finish the sauce.",
    "A specialist will review your request and get back to you.",
    "I'll transfer you to a human agent now; a specialist will follow up.",
    "Your account is verified, thank you.",
    "The frozen dessert melted in transit.",
    "I've locked in your delivery address.",
    "The item was blocked by the kitchen because it sold out.",
    "Your order is being held at the restaurant until the courier arrives.",
    "The restaurant has suspended its late-night menu.",
    "The review you left for the restaurant was received.",
    "Frozen items in your order were packed separately.",
    "I'll hold the line while you check.",
    "A specialist will review your account and follow up.",
    "Your refund will be credited to your card after our review of the order.",
    "Please hold on while I connect you.",
    "The courier is held up in traffic; your order is on its way.",
    "The kitchen blocked off the rest of the menu for a private event.",
    "I can't send a refund for an order that arrived on time.",
]


@pytest.mark.parametrize("text", MENTIONS)
def test_a_holder_of_the_customers_in_a_restricting_state_mentions_the_flag(text):
    assert _mentions(text), text


@pytest.mark.parametrize("text", CONTROLS)
def test_another_things_state_or_the_agents_work_mentions_nothing(text):
    assert not _mentions(text), text


def test_the_reader_quotes_the_sentence_that_says_it():
    text = "Thanks for waiting. Locked is the state your account is in. A specialist will follow up."
    assert restriction_said(text) == "Locked is the state your account is in"
    assert restriction_said("Your order is out for delivery. The kitchen flagged it as late.") is None


def test_a_negated_state_says_none_and_a_negated_permission_says_one():
    assert restriction_said("Your account isn't locked.") is None
    assert restriction_said("Your account isn't eligible for refunds.") is not None
    assert restriction_said("Your account is eligible for a refund.") is None
