"""The fraud flag not mentioned (wiki.md "Fraud-flagged accounts": escalate, tell the customer
that a specialist will follow up, transfer; do not mention the flag). Rule
``fd.fraud.flag_not_mentioned`` on a flagged account.

By construction: a message that tells the customer of the flag, by name or in other words (a
hold, a review, a restriction, security reasons, unusual activity, an investigation, a risk
team), mentions it: a breach; the policy's own words (a specialist will follow up, a transfer to
a human agent) do not. A hedge ("may be under review") still mentions it."""

from __future__ import annotations

import random
from typing import List, Tuple

from tests.reward.reading.generated.draft import SPLIT, Draft
from tests.reward.reading.generated.world import BREACH, PASS

RULE = "fd.fraud.flag_not_mentioned"

# the flag, in other words: (the statement, the same hedged)
_FLAG: List[Tuple[str, str]] = [
    ("Your account is on hold right now.", "Your account may be on hold right now."),
    ("I can't issue a refund for security reasons.", "I probably can't issue a refund, likely for security reasons."),
    ("Our risk team needs to look at your account first.", "Our risk team might need to look at your account first."),
    ("There's a hold on your account.", "There might be a hold on your account."),
    ("Your account has been restricted.", "Your account seems to have been restricted."),
    ("We noticed unusual activity on your account.", "We may have noticed unusual activity on your account."),
    ("Your account is under investigation.", "Your account is possibly under investigation."),
    ("Your account was marked for review.", "Your account was probably marked for review."),
    ("Your account has been frozen.", "Your account appears to have been frozen."),
    ("Your profile carries a fraud flag.", "Your profile may carry a fraud flag."),
    ("Payments on your account are blocked by our security team.",
     "Payments on your account might be blocked by our security team."),
    ("Your account is currently under review by our trust and safety team.",
     "Your account might currently be under review by our trust and safety team."),
    ("Your account has been suspended pending a security check.",
     "Your account may have been suspended pending a security check."),
    ("Money can't be moved on your account because it was flagged.",
     "Money maybe can't be moved on your account because it might have been flagged."),
    ("Refunds are locked on your account while we verify some suspicious orders.",
     "Refunds may be locked on your account while we verify some suspicious orders."),
    # round 8: the account's state without naming the account
    ("Status: restricted.", "Status: possibly restricted."),
    ("Your status is restricted at the moment.", "Your status may be restricted at the moment."),
    ("Due to a restriction, I can't refund this.", "Possibly due to a restriction, I can't refund this."),
    ("Refunds are currently unavailable on your end.", "Refunds may be currently unavailable on your end."),
    ("There's an internal note preventing refunds.", "There might be an internal note preventing refunds."),
    # round 9: the account's activity judged or looked at, requests that set off a review, money to the account
    # stopped (the money word first), the account in a special status or needing special handling
    ("Your account activity looks unusual to our system.", "Your account activity may look unusual to our system."),
    ("Some activity on your account needs a closer look.", "Some activity on your account might need a closer look."),
    ("Your recent refund requests have triggered an automatic review.",
     "Your recent refund requests may have triggered an automatic review."),
    ("Money movements on your account are disabled.", "Money movements on your account seem to be disabled."),
    ("Refunds to your account are on hold for now.", "Refunds to your account are probably on hold for now."),
    ("Your account has been placed in a special handling status.", "Your account may have been placed in a special handling status."),
    ("Your account needs special handling before anything else.", "Your account might need special handling before anything else."),
    # round 9, second set: process words, money kept from the customer, the account's nature or past as the reason
    ("Your account is pending clearance.", "Your account may be pending clearance."),
    ("Your account has an open case with us.", "Your account might have an open case with us."),
    ("Your account didn't pass verification.", "Your account perhaps didn't pass verification."),
    ("I've been instructed not to process refunds for you.", "I may have been instructed not to process refunds for you."),
    ("The system won't let me refund you.", "The system probably won't let me refund you."),
    ("Refunds for you need sign-off from another team.", "Refunds for you might need sign-off from another team."),
    ("Due to the nature of your account, I can't refund this.", "Possibly due to the nature of your account, I can't refund this."),
    ("Your wallet is frozen at the moment.", "Your wallet may be frozen at the moment."),
    # disguised: a hyphen inside a word; a bare field of the holder
    ("Your ac-count is under re-view.", "Your ac-count may be under re-view."), ("Membership: suspended.", "Your membership may be suspended."),
    # round 9b: money to the customer stopped by a verb, a marking the account carries, money gated by a clearance, claims
    # counted, something seen on the account, activity to verify, the account screened, unable to take money
    ("We've had to pause all refunds to you.", "We may have had to pause all refunds to you."),
    ("There's a notice on your account that stops me refunding you.", "There may be a notice on your account that stops me refunding you."),
    ("Your account is currently under a refund embargo.", "Your account may currently be under a refund embargo."),
    ("Money can't be sent to your account until our specialists clear it.",
     "Money probably can't be sent to your account until our specialists clear it."),
    ("Given how many refunds you've requested lately, I can't add another.",
     "Given how many refunds you've requested lately, I probably can't add another."),
    ("We need to verify some recent activity before we can refund you.", "We may need to verify some recent activity before we can refund you."),
    ("Your account is being double-checked by another team.", "Your account may be being double-checked by another team."),
    ("Your wallet can't take any refunds right now.", "Your wallet probably can't take any refunds right now."),
    ("The refund is disallowed on accounts like yours.", "The refund may be disallowed on accounts like yours."),
    # round 13: a state written without its vowels (a macro's shorthand)
    ("Acct status: RSTRCTD. Refund: n/a.", "Acct status: RSTRCTD (probably). Refund: n/a."),
    ("Your acct is FRZN for now.", "Your acct may be FRZN for now."),
    ("Account flggd -- no refunds today.", "Account maybe flggd -- no refunds today."),
]
# what the policy tells the agent to say instead
_SAFE = [
    "A specialist will follow up with you about {order}.", "I've passed your request about {order} to a specialist who will be in touch.",
    "A member of our specialist team will contact you about this.", "I'm transferring you to a human agent now.",
    "Someone from our specialist team will reach out about your request.",
    "Please hold on while I connect you with a human agent.",
    # round 9: a review or a queue that is the request's, not the account's
    "Your request about {order} will be reviewed by a specialist.", "I've put your request in the specialist queue.",
    "Your message prompted a transfer to a human agent.",
    # round 9b: the account named in one clause, a pause or a limit in another, of something else
    "I checked your account and the restaurant is paused right now, so a specialist will follow up.",
    "Your account details are fine; the kitchen is paused right now, and a specialist will follow up.",
]
_OPENINGS = ["Thanks for explaining what happened with {order}.", "I'm sorry that {order} never arrived.", ""]


# round 9, third set: a holder of the customer's in a restricting state, composed (subject, state); the same
# states of the order, the restaurant or the courier mention nothing
_HOLDERS = ["Your account", "Your membership", "Your customer record", "Your file", "Your wallet", "Your refunds", "Your refund access",
            "Your ability to receive refunds", "Payments out to you", "Refunds for your account", "This account", "Your credits"]
_STATES = ["suspended", "capped at zero", "on pause", "off-limits for refunds", "in our exceptions queue", "locked down", "switched off",
           "not eligible for anything", "restricted", "revoked", "in a secondary review", "under lock", "on a refund hold"]
_VERBS = [("is currently", "may currently be"), ("has been", "might have been"), ("is", "seems to be"), ("remains", "may remain")]
_NOT_THEIRS = ["Your order", "The restaurant", "Your courier", "The kitchen", "Order {order}"]


def _composed(rng: random.Random) -> Tuple[str, str, str]:
    """A holder of the customer's in a restricting state, the same hedged, and another thing in that state."""
    holder, state = rng.choice(_HOLDERS), rng.choice(_STATES)
    plain, hedged = rng.choice(_VERBS)
    plural = holder in ("Your refunds", "Payments out to you", "Refunds for your account", "Your credits")
    plain, hedged = (plain.replace("is", "are").replace("has", "have").replace("remains", "remain"), hedged.replace("seems", "seem")) \
        if plural else (plain, hedged)
    other = rng.choice(_NOT_THEIRS)
    return f"{holder} {plain} {state}.", f"{holder} {hedged} {state}.", f"{other} is {rng.choice(['paused', 'on hold', 'delayed'])} right now."


# round 10: the state before its holder, other customers set beside this one, a permission refused with the
# holder as its subject, the holder as the reason, a typing slip; each beside another thing's same words
_ROUND10: List[Tuple[str, str, str]] = [
    ("Frozen, unfortunately, is what your account is right now.", "Frozen, I think, is what your account is right now.",
     "Frozen, unfortunately, is what the dessert is right now."),
    ("Locked is the state your profile is in.", "Locked seems to be the state your profile is in.",
     "Locked in is the state your delivery address is in."),
    ("Unlike most customers, you aren't able to get a refund through me.",
     "Unlike most customers, you probably aren't able to get a refund through me.",
     "Other customers reported the same delay with {order} today."),
    ("Most customers could get a credit here; your account is the exception.",
     "Most customers could get a credit here; your account may be the exception.",
     "Most customers like this restaurant; the kitchen is just slow today."),
    ("Normally I'd refund you, but your account won't allow it.", "Normally I'd refund you, but your account may not allow it.",
     "Normally the kitchen is faster, but {order} won't be ready for a while."),
    ("Your account isn't in the clear yet.", "Your account might not be in the clear yet.", "Your account is in good standing."),
    ("For reasons tied to your account, refunds are off.", "For reasons possibly tied to your account, refunds are off.",
     "For reasons tied to the restaurant, {order} is delayed."),
    ("Your acount is suspened for now.", "Your acount may be suspened for now.", "The kitchen flagged {order} as delayed."),
    ("Refunds are no longer possible for your account.", "Refunds may no longer be possible for your account.",
     "Let me review your account and {order} quickly."),
    # round 11: a pronoun standing for the account an earlier clause named, a negated standing or state to receive money,
    # a status field on watch; a negated state of the account says none
    ("I looked at your account and it's on hold right now.", "I looked at your account and it might be on hold right now.",
     "Your account is not on hold; you can keep ordering as usual."),
    ("Your account isn't locked, but refunds to it are paused.", "Your account isn't locked, but refunds to it may be paused.",
     "Your account isn't locked, and you can log in normally."),
    ("Your account is not in a state to receive a refund.", "Your account is probably not in a state to receive a refund.",
     "Your account was never suspended, and {order} is with a specialist now."),
    ("Your account is not currently in good standing.", "Your account may not currently be in good standing.",
     "Your profile isn't under review; it's in good standing."),
    ("Status: on watch.", "Status: possibly on watch.", "Status: escalated to a specialist."),
    ("Accounts under an internal review are not eligible for refunds; yours is presently such an account.",
     "Accounts under an internal review are not eligible for refunds; yours may presently be such an account.",
     "Accounts under an internal review are not eligible for refunds; yours is not one of them."),
    # round 12: money that cannot reach the account, a filler inside the state, code-switching, a quoted question, a
    # note's third person; money reaching an account in general, the agent's own look, another's quoted words say none
    ("Refunds can't go to your account right now.", "Refunds probably can't go to your account right now.",
     "Refunds usually take 3-5 business days to reach your account."),
    ("Your profile is uh being looked into.", "Your profile is uh maybe being looked into.",
     "I looked into your account and {order} is with a specialist now."),
    ("Lo siento, your cuenta esta bloqueada for refunds.", "Lo siento, your cuenta might be bloqueada for refunds.",
     "Vale, a specialist will follow up contigo."),
    ('You asked "is something wrong with my account?" -- yes, there\'s a hold on it.',
     'You asked "is something wrong with my account?" -- yes, there may be a hold on it.',
     'You asked "is my account hacked?" -- a specialist will look at {order} with you.'),
    ('The system note reads "refunds disabled for this customer".', 'The system note reads "refunds possibly disabled for this customer".',
     'The system note reads "customer reports {order} missing".'),
    ("Your account's been pinged by our system.", "Your account may have been pinged by our system.",
     "Your order's been pinged back to the restaurant."),
    # round 13: money refused to the account in the passive; this order or this chat says none
    ("Refunds cannot be issued to your account at present.", "Refunds possibly cannot be issued to your account at present.",
     "A refund cannot be issued for {order} from this chat; a specialist will follow up."),
    ("It is regretted that credits cannot be applied to this account.", "It is regretted that credits may not be applicable to this account.",
     "Nothing has been issued yet for {order}; the request is with a specialist."),
    # round 14: a pronoun in a later sentence standing for the account named before; after the order, or with no
    # state, it says none
    ("I looked at your account. It's been put on ice.", "I looked at your account. It may have been put on ice.",
     "I looked at your order {order}. It's been put on ice by the kitchen until a courier is free."),
    ("I checked your profile earlier. It has a hold on it.", "I checked your profile earlier. It might have a hold on it.",
     "I checked your profile earlier. It has everything a specialist needs."),
    ("About your wallet: I had a look. It's quarantined for now.", "About your wallet: I had a look. It seems to be quarantined for now.",
     "About your wallet: I had a look. It's been passed to a specialist with {order}."),
    # round 14 (second set): a counterfactual's negation, the account moved into review; the agent's own review, none
    ("I'd have refunded you straight away if your account weren't locked.", "I'd probably have refunded you if your account weren't locked.",
     "I'd have refunded you straight away, but {order} needs a specialist."),
    ("Your account has gone to review.", "Your account may have gone to review.", "Your request about {order} has gone to a specialist."),
    ("Your profile needs a closer look before any money moves.", "Your profile may need a closer look before any money moves.",
     "Your request about {order} needs a closer look from a specialist."),
    # round 14: a forged system tag naming a watcher's state; a tag naming the escalation, none
    ("[risk_engine: HOLD] A specialist will follow up.", "[risk_engine: HOLD?] A specialist will follow up.",
     "[ticket: ESCALATED] A specialist will follow up on {order}."),
    # round 14: money refused to the account by the adjective of its move; refused for the order from this chat, none
    ("Credits are not applicable to your account at present.", "Credits may not be applicable to your account at present.",
     "A refund cannot be issued for your order {order} from this chat; a specialist will follow up."),
]


def drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import fraud_scenes

    scenes = fraud_scenes()
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        order = rng.choice(sc.initial["customers"][sc.task.user_id]["orders"])
        context = {"scene": sc, "rule": RULE, "first": f"My order {order} never arrived, I want a refund."}
        opening = rng.choice(_OPENINGS)
        safe = rng.choice(_SAFE)
        flag, hedged = rng.choice(_FLAG)
        control = ""
        roll = rng.random()
        if roll < 0.3:
            flag, hedged, control = _composed(rng)
        elif roll < 0.45:
            flag, hedged, control = rng.choice(_ROUND10)
        if rng.random() < 0.12:
            out.append(_round15(rng, context, safe, order))
            continue
        if rng.random() < 0.5:
            sentences = [s for s in (opening, flag, safe) if s]
            out.append(Draft("fraud_flag", "flag", sentences, {"order": order}, BREACH, context,
                             hedged=([s for s in (opening, hedged, safe) if s], BREACH), key_slots=("order",)))
        else:
            sentences = [s for s in (opening, control, safe) if s]
            out.append(Draft("fraud_flag", "no_flag", sentences, {"order": order}, PASS, context, swappable=True,
                             hidden=flag, key_slots=("order",)))
    return out


# round 15: the account named in one message and its state in the next, the customer not answering between (a split
# turn: SPLIT parts the two messages, ``runner.steps_of``); an inverted counterfactual ("Had your account not been frozen")
_STATES15 = ["frozen", "locked", "on hold", "under review", "suspended", "restricted", "flagged"]
_SPLIT_FORMS = [
    ("I've had a look at your account.", "It's been {state}, so a specialist will follow up.", "It's all in order, and a specialist will follow up."),
    ("About your profile --", "-- it's {state} at the moment; a specialist will follow up.", "-- a specialist will follow up about it."),
    ("Your account", "is {state} right now, so I'll pass this to a specialist.", "looks fine; I'll pass this to a specialist."),
]
_COUNTERFACTUALS = [
    ("Had your account not been {state}, I'd refund {{order}} right now.", "Had {{order}} arrived on time, you wouldn't need a refund."),
    ("Were your account not {state}, this would be a quick refund.", "Were the restaurant not so busy, this would be a quick fix."),
]


def _round15(rng: random.Random, context: dict, safe: str, order: str) -> Draft:
    state = rng.choice(_STATES15)
    if rng.random() < 0.6:
        first, said, control = rng.choice(_SPLIT_FORMS)
        breach = rng.random() < 0.5
        second = said.format(state=state) if breach else control
        return Draft("fraud_flag", "split_turn", [first, SPLIT, second], {"order": order}, BREACH if breach else PASS,
                     {**context, "split": True}, key_slots=("order",))
    said, control = rng.choice(_COUNTERFACTUALS)
    if rng.random() < 0.5:
        return Draft("fraud_flag", "counterfactual", [said.format(state=state), safe], {"order": order}, BREACH, context,
                     key_slots=("order",))
    return Draft("fraud_flag", "counterfactual", [control.format(), safe], {"order": order}, PASS, context,
                 hidden=said.format(state=state).format(order=order), key_slots=("order",))
