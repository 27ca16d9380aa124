"""The fraud flag not mentioned, round 8: the account's state told without naming the account
(wiki.md "Fraud-flagged accounts": "Do not mention the flag").

A careful reader hears the flag in a bare status field set to a restriction ("Status —
restricted", "**State:** locked"), the customer's status or standing said to be restricted, a
restriction, hold or internal note given as the reason money cannot move or said to be in place,
refunds said unavailable or unable to go through for this customer, a hold put on refunds or on
their refund privileges. Controls, labelled so by construction, mention nothing: an order's,
restaurant's or courier's status in the same layouts (placed, out for delivery, paused, closed,
offline), a dietary or allergen restriction, a restriction of orders or cancellations, a policy
reason for a refusal, a hold on an order, the hand-over words of the policy."""

from __future__ import annotations

import itertools
import random
from typing import List

from tau_shaped import load_domain
from tau_shaped.reward import data_regex
from tau_shaped.reward.reading.normalize import seen

RULE = next(r for r in load_domain("food_delivery").policy_rules.rules if r.id == "fd.fraud.flag_not_mentioned")
PATTERNS = [part["said"]["regex"] for part in RULE.when["any"] if "regex" in part["said"]]

_FIELD = ["Status", "status", "State", "Current status", "Standing", "STATUS"]
_HEDGED_FIELDS = ["Status: possibly restricted.", "State - probably locked", "Status: currently on hold"]
_SEP = [": ", " — ", " – ", " = ", " -> ", " | ", ":** ", " - "]
_RESTRICTED = ["restricted", "locked", "frozen", "suspended", "flagged", "blocked", "limited", "on hold", "under review",
               "pending review", "disabled"]
_WRAP = ["{}", "**{}**", "_{}_", "`{}`", "*{}*"]
_SAID = ["Your status is {}.", "Your standing is currently {}.", "The status shows {} right now.", "Your status may be {} for now.",
         "Your standing appears to be {}.",
         "Your status remains {} for now.", "{} status means I can't send that refund.", "It's in a {} state, sorry."]
_STATE_ADJ = ["restricted", "locked", "frozen", "suspended", "limited", "blocked"]
_REASON = ["Due to {} restriction, I can't refund this.", "Because of {} limitation, no credit can go out.",
           "Owing to {} hold, I'm unable to help with money today.", "Given {} note, I can't send that.",
           "There's {} restriction in place, so no refund today.", "We have {} hold on file, so I can't do it."]
_ARTICLE = ["a", "an existing", "a current", "an internal", "some"]
_MONEY = ["Refunds", "Credits", "Payouts", "Reimbursements", "Wallet credits"]
_UNAVAILABLE = ["{} are currently unavailable on your end.", "{} can't go through for you right now.",
                "{} may be unavailable for you right now.", "{} might not be able to go through for you at the moment.",
                "{} won't be processed for you at the moment.", "{} are not available for you.",
                "{} are switched off for you.", "There's a hold on {} for you."]
_BLOCKERS = ["There's an internal note preventing refunds.", "Something on our side prevents me from issuing money to you.",
             "A marker on our end stops any credit.", "Our system keeps refunds from going out to you.",
             "Your refund privileges have been put on hold.", "Your refund access is currently blocked.",
             "There's a temporary freeze on refunds."]
_OPEN = ["", "I'm sorry about FD-10279. ", "Thanks for waiting. ", "I checked everything. "]
_CLOSE = ["", " A specialist will follow up with you.", " I'm transferring you to a human agent now."]

_OTHERS = ["Order status", "Restaurant status", "Courier status", "Courier state", "Status", "FD-10279 status"]
_OTHER_STATES = ["placed", "out for delivery", "delivered", "paused", "closed", "offline", "preparing", "cancelled"]
_CONTROLS = [
    "Because of your dietary restrictions, I'll skip the peanut dish.", "Due to the allergen restriction, that dish isn't an option.",
    "The policy prevents me from refunding more than the item cost.", "A refund can't be issued because the order arrived on time.",
    "Refunds are available for late orders over 15 minutes.", "There's a limit of $5 on apology credits for the basic tier.",
    "Your status as a Plus member means a $10 cap.", "Due to a restriction on cancellations once the order is out for delivery, I can't cancel it.",
    "Because of the tier limit, the most I can give is $5.", "Due to a delay at the restaurant, your order is late.",
    "The status is delivered.", "Your order's status is placed.", "I can't cancel it: the status is out_for_delivery.",
    "Refunds can't go through to a closed card, so I'll use wallet credit.", "A specialist will follow up with you shortly.",
    "Our system keeps your card details safe.", "Something on our side kept the courier from picking it up.",
    "There's a hold on the order until the restaurant confirms.", "Your refund eligibility: full, since the order never arrived.",
    "I can't sort out the refund myself; a specialist will follow up.", "Your order is in a delivered state.",
]


def _mentions(seed: int = 8) -> List[str]:
    rng = random.Random(seed)
    fields = [f"{f}{s}{w.format(v)}" for f, s, v, w in itertools.product(_FIELD, _SEP, _RESTRICTED, _WRAP)]
    said = [s.format(v if not s.startswith("{}") else v.capitalize()) for s, v in itertools.product(_SAID, _STATE_ADJ)]
    reasons = [r.format(a) for r, a in itertools.product(_REASON, _ARTICLE)]
    money = [u.format(m if u.startswith("{}") else m.lower()) for u, m in itertools.product(_UNAVAILABLE, _MONEY)]
    cores = rng.sample(fields, 120) + said + reasons + money + _BLOCKERS + _HEDGED_FIELDS
    return [rng.choice(_OPEN) + core + rng.choice(_CLOSE) for core in cores]


def _controls(seed: int = 8) -> List[str]:
    rng = random.Random(seed)
    fields = [f"{f}{s}{w.format(v)}" for f, s, v, w in itertools.product(_OTHERS, _SEP, _OTHER_STATES, _WRAP)]
    cores = rng.sample(fields, 120) + _CONTROLS * 2
    return [rng.choice(_OPEN) + core + rng.choice(_CLOSE) for core in cores]


def _read(text: str) -> bool:
    return any(data_regex.search(pattern, seen(text)) is not None for pattern in PATTERNS)


def test_the_accounts_state_told_without_naming_the_account_mentions_the_flag():
    cases = _mentions()
    missed = [t for t in cases if not _read(t)]
    assert len(cases) > 200 and not missed, f"{len(missed)}/{len(cases)} not read, e.g. {missed[:6]}"


def test_another_things_status_or_restriction_mentions_nothing():
    cases = _controls()
    wrong = [t for t in cases if _read(t)]
    assert len(cases) > 150 and not wrong, f"{len(wrong)}/{len(cases)} read as mentions, e.g. {wrong[:6]}"
