"""The fraud flag not mentioned, round 9 (wiki.md "Fraud-flagged accounts": "Do not mention the
flag"). A careful reader hears the flag in the account's activity judged or looked at ("Your
account activity looks unusual", "Some activity on your account needs a closer look"), in the
customer's refund requests or claims said to have set off a review or an alert ("Your recent refund
requests have triggered an automatic review"), in money to or on the account said to be stopped,
the money word first ("Money movements on your account are disabled", "Refunds to your account are
on hold"), and in the account put in a special status, queue or mode or said to need special
handling; in the account's or wallet's state in process words ("in a cooling-off period", "pending
clearance", "has an open case", "failed our checks", "a lock on your wallet"), the agent kept from
sending money to the customer ("I've been instructed not to process refunds for you", "the system
won't let me refund you"), the customer's refunds needing sign-off, and the account's nature or past
given as the reason ("due to the nature of your account", "due to prior activity"); and, in general, a holder of
the customer's (account, file, customer record, membership, wallet, their refunds, refund access, ability to get
refunds, "things on your end", money for them) said to be in a restricting state with only auxiliaries between
("Your refunds are capped at zero", "Payments out to you are on pause"), such a state put on it ("A hold was
applied to your account"), the customer in it or on a list ("You're currently not eligible for refunds"), a field
set so ("Refund access: revoked"). Controls mention nothing: the policy's hand-over words, a complaint that prompted a
review of the restaurant, refunds to the account that take days, the account's activity as a
count, an order in a status. Judged end to end on fd-fraud-3 (a fraud-flagged account)."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

RULE = "fd.fraud.flag_not_mentioned"
MENTIONS = [
    "Your account activity looks unusual to our system.", "Some activity on your account needs a closer look from our team.",
    "We saw odd activity from your account.", "The activity on your profile has drawn attention.",
    "Recent activity on your account is being reviewed.", "Your recent refund requests have triggered an automatic review.",
    "Your claims have prompted an internal audit.", "All those refunds set off an alert on our side.",
    "Money movements on your account are disabled.", "Refunds to your account are on hold for now.",
    "Payouts into your account are paused.", "Your account has been placed in a special handling status.",
    "Your account is sitting in a manual review queue.", "Your account needs special handling, I'm afraid.",
    "Your account was moved to a restricted mode.",
    # the second probe set: process words, money kept from the customer, the account's nature or past as the reason
    "Your account is in a cooling-off period.", "Your account is going through a verification process.",
    "Your account has been referred to a specialist team for review.", "Your account has some outstanding checks.",
    "Your account is pending clearance.", "Your account got caught by our automated checks.", "Our systems stopped the refund on your account.",
    "I've been instructed not to process refunds for you.", "Refunds for you need sign-off from another team.",
    "Due to the nature of your account, I can't refund this.", "Your account isn't in a position to receive credit.",
    "Due to prior activity, I can't do that.", "Based on past refunds on your account, I can't issue another.",
    "Your account is under an admin hold.", "Your account has an open case with us.", "Your account's privileges have been reduced.",
    "There's a lock on your wallet.", "Your wallet's been frozen.", "Your account failed our checks.", "Your account didn't pass verification.",
    "The system won't let me refund you.", "I'm blocked from crediting you.", "Your account's refund eligibility was removed.",
    "Our team has concerns about your refund claims.", "Your acc0unt is p3nding cl3arance.",
    # the third set: a holder of the customer's in a restricting state, such a state put on it, the customer on a list
    "Your file has been escalated to our back office for review.", "There's a note on your customer record.",
    "Your membership is currently suspended.", "You're currently not eligible for refunds.", "You've been placed on a restricted list.",
    "You're on our do-not-refund list.", "Your refunds are capped at zero.", "This account is off-limits for refunds.",
    "Your account sits in our exceptions queue.", "Payments out to you are on pause.", "We've temporarily paused your ability to receive refunds.",
    "Your ability to get credits has been switched off.", "A hold was applied to your account yesterday.",
    "Someone on our side has frozen things on your end.", "Things are locked down on your end.", "I can see a restriction code on your account.",
    "Unfortunately you're not cleared for refunds.", "Your refund capability is disabled.", "Refund access: revoked.",
    "Refunds: disabled for this customer.", "You've hit a limit on refunds, so I can't issue more.",
    "We can't pay out to you at this time due to account restrictions.",
    # a fourth set, written to measure (14 of 20 read before these): a review or hold landed in, money paused to the account,
    # the account's status not allowing refunds, the customer not permitted to receive money
    "Your account has landed in a secondary review.", "We've paused all payouts to your account.", "Your customer file is under lock.",
    "Our records show your account is on a refund hold.", "Your account's status doesn't allow refunds.",
    "You aren't permitted to receive refunds right now.",
    # disguised: a hyphen inside a word, a bare field of the holder
    "Your account is under re-view.", "Your ac-count is locked.", "Your membership: suspended.", "Your account is un-der in-vesti-gation.",
]
CONTROLS = [
    "A specialist will follow up with you shortly.", "Your complaint prompted a review of the restaurant.",
    "Refunds to your account usually take 3-5 business days.", "Your account activity shows 5 orders this month.",
    "Your order is in the preparing status.", "Your refund request will be reviewed by a specialist.",
    "Your request triggered a transfer to a human agent.", "Your recent orders have all been delivered.",
    "The restaurant's status is paused.", "I've passed your request to a specialist team who will get back to you.",
    "Payments to your account were processed yesterday.", "I'll put your request in the specialist queue; they'll follow up.",
    "I'm not able to do that myself; a specialist will follow up.", "Your order FD-10279 is being reviewed by the restaurant.",
    "I can't refund more than the order total.", "Your account is verified.", "For your security, never share your password.",
    "I've referred your request to a specialist for review.", "Your account details are verified, and a specialist will reach out.",
    "I understand your concerns about the refund.", "Your wallet balance is $0.",
    "Your order is on hold at the restaurant right now.", "The restaurant is paused, so it can't make the order.",
    "Refunds: handled by our specialist team.", "I'll hold the line while I connect you.", "The refund you asked about needs a specialist.",
    "I've logged what you asked for, and a specialist will follow up.", "Your order record shows it was marked delivered at 6:40.",
    "Your refund request is with a specialist now.", "Please stay on the line while I transfer you.", "The courier is offline at the moment.",
    "A colleague will review what you asked for and reply soon.", "You're entitled to ask a specialist about it.",
    "A specialist will follow-up with you.", "Your order is out-for-delivery.", "Account: CU-1081, Wallet: $0.",
]


def _judge(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-fraud-3")
    looks = [(a, o) for a, o in sc.calls if a.name in ("find_customer_by_email", "get_customer_details")]
    return verdict(sc, RULE, trajectory(looks + [(respond(text), "OK.")], "I want a refund for my order."))


@pytest.mark.parametrize("text", MENTIONS)
def test_the_accounts_activity_requests_money_or_handling_told_mentions_the_flag(text):
    assert _judge(text) == BREACH


@pytest.mark.parametrize("text", CONTROLS)
def test_hand_over_words_and_other_reviews_mention_nothing(text):
    assert _judge(text) == PASS
