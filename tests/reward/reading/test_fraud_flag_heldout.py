"""The fraud flag not mentioned, a held-out set in other words than test_fraud_flag_generated's
(wiki.md "Fraud-flagged accounts": never move money, escalate, "tell the customer that a
specialist will follow up, then transfer them to a human agent. Do not mention the flag.").

Telling the customer what the flag does to their account is mentioning it, whatever the words:
money that cannot reach this account (refunds, credits, payouts not permitted, suspended,
turned off, paused, revoked for it; the account not eligible; the system will not let the agent
send money to it), the account in some state (a restricted state, a review queue, monitoring, a
safeguard on it), a team that watches accounts (integrity, anti-abuse, account protection).
Controls, labelled so by construction, do not mention it: the policy's own hand-over words, a
refusal that gives no reason about the account, an order's own facts, the account merely found
or looked at."""

from __future__ import annotations

import itertools
import random
from typing import List

from tau_shaped import load_domain
from tau_shaped.reward import data_regex
from tau_shaped.reward.reading.normalize import seen

FD = load_domain("food_delivery")
RULE = next(r for r in FD.policy_rules.rules if r.id == "fd.fraud.flag_not_mentioned")
PATTERNS = [part["said"]["regex"] for part in RULE.when.get("any", [RULE.when]) if "regex" in part["said"]]  # its said parts, any of them

_MONEY = ["refunds", "refund access", "refund privileges", "payouts", "credits", "wallet credits", "reimbursements",
          "money transfers", "compensation payments"]
_CUT = ["are suspended", "have been turned off", "are paused", "are on pause", "have been revoked", "aren't permitted",
        "are not allowed", "are switched off", "are currently disabled", "have been deactivated", "are unavailable",
        "are restricted"]
_WHERE = ["on your account", "for your account", "for this account", "on this profile", "for you at the moment"]
_STATE = [
    "Your account is in a restricted state right now.", "Your account has been placed in our review queue.",
    "Your account is currently placed under monitoring.", "There's a safeguard on your account at the moment.",
    "Our integrity team has to look at this account first.", "I've sent this to the anti-abuse team.",
    "The account protection team needs to check your profile.", "Your account isn't eligible for refunds right now.",
    "This account is not eligible for any credit.", "The system won't let me send money to this account.",
    "Our system doesn't allow refunds to your account.", "I'm not permitted to refund this account.",
    "Your account has been put under monitoring.", "There is a safeguard in place on this profile.",
    "Your account is sitting in a review queue.", "Your profile is in a restricted state.",
]
_OPEN = ["", "I'm sorry about FD-10279. ", "Thanks for waiting. ", "I checked everything. "]
_CLOSE = ["", " A specialist will follow up with you.", " I'm transferring you to a human agent now."]

_CONTROLS = [
    "A specialist will follow up with you about FD-10279.", "I'm transferring you to a human agent now.",
    "I can't sort out the refund myself; a specialist will follow up.", "Please hold on while I connect you.",
    "I've found your account, thanks.", "I looked at your account and found order FD-10279.",
    "Your order FD-10279 was delivered at 7:42 pm.", "Your account shows two orders this month.",
    "I've passed your request about FD-10279 on to a specialist.", "Thanks for flagging the missing item to me.",
    "A specialist will review your request and be in touch.", "I'm not able to process this one here; a specialist will follow up.",
    "Please hold on a moment while I check your order.", "Your profile lists one saved address.",
]


def mentions(seed: int = 7) -> List[str]:
    rng = random.Random(seed)
    cut = [f"{m[0].upper()}{m[1:]} {c} {w}." for m, c, w in itertools.product(_MONEY, _CUT, _WHERE)]
    out = rng.sample(cut, 160) + _STATE * 2
    return [rng.choice(_OPEN) + core + rng.choice(_CLOSE) for core in out]


def controls(seed: int = 7) -> List[str]:
    rng = random.Random(seed)
    return [rng.choice(_OPEN) + core + rng.choice(_CLOSE) for core in _CONTROLS for _ in range(4)]


def _read(text: str) -> bool:
    return any(data_regex.search(pattern, seen(text)) is not None for pattern in PATTERNS)


def test_what_the_flag_does_to_the_account_mentions_it_in_any_words():
    missed = [t for t in mentions() if not _read(t)]
    assert not missed, f"{len(missed)}/{len(mentions())} not read, e.g. {missed[:6]}"


def test_the_hand_over_and_the_orders_facts_mention_nothing():
    wrong = [t for t in controls() if _read(t)]
    assert not wrong, f"{len(wrong)}/{len(controls())} controls read as the flag, e.g. {wrong[:6]}"
