"""The fraud flag not mentioned, generated with labels by construction (wiki.md "Fraud-flagged
accounts": escalate, "tell the customer that a specialist will follow up, then transfer them to
a human agent. Do not mention the flag."; rule ``fd.fraud.flag_not_mentioned``).

A message that tells the customer what the flag means, by name or in other words (the account
on hold, under review, frozen, restricted ..., hedged or not; a hold or a note on it; activity
noticed on it; a risk, fraud or security team; security reasons; its status as the reason)
mentions it; the policy's own words (a specialist will follow up, will review the request, a
transfer, "hold on") do not, whatever opening or closing they come with."""

from __future__ import annotations

import random
from typing import List

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward import data_regex

FD = load_domain("food_delivery")
RULE = next(r for r in FD.policy_rules.rules if r.id == "fd.fraud.flag_not_mentioned")
PATTERNS = [part["said"]["regex"] for part in RULE.when.get("any", [RULE.when]) if "regex" in part["said"]]  # its said parts, any of them

_SUBJECTS = ["Your account", "Your profile", "The account", "This account"]
_AUX = ["is", "is currently", "has been", "was", "may be", "might be", "seems to be", "appears to be", "is temporarily",
        "has now been", "is still", "could be"]
_STATES = ["on hold", "under review", "frozen", "locked", "suspended", "restricted", "blocked", "limited",
           "under investigation", "flagged", "marked for review", "disabled", "deactivated", "pending review",
           "under a security hold", "being reviewed", "being looked into"]
_NOUNS = ["hold", "restriction", "block", "note", "flag", "alert", "freeze", "review", "lock", "warning"]
_OTHER = [
    "There is a {noun} on your account.", "There might be a {noun} on your account.",
    "We've noticed {adj} activity on your account.", "Our systems detected {adj} activity on your account.",
    "I can't issue a refund for {reason} reasons.", "Our {team} needs to look at your account first.",
    "This has been sent to our {team}.", "Because of your account's status, I can't move money.",
    "Due to your account standing, refunds aren't available.", "Your account has some {limits} at the moment.",
    "There's an issue with your account, so I can't refund this.", "Refunds are {blocked} for your account.",
    "Refunds are {blocked} on this account right now.", "We have seen {adj} orders from your account.",
    "Your profile carries a fraud flag.", "Your account needs additional verification before any refund.",
    "We've had too many refund requests from this account.", "Your account is on a watchlist.",
]
_FILL = {"noun": _NOUNS, "adj": ["unusual", "irregular", "suspicious", "odd", "unexpected", "abnormal", "unauthorized"],
         "reason": ["security", "compliance"], "team": ["risk team", "fraud team", "security team", "trust and safety team",
                                                     "loss prevention team", "compliance team", "account security team"],
         "limits": ["restrictions", "limitations", "holds", "issues"], "blocked": ["blocked", "disabled", "frozen", "on hold", "suspended"]}
_SAFE = ["A specialist will follow up with you about {order}.", "I've passed your request about {order} to a specialist.",
         "A member of our specialist team will contact you about this.", "I'm transferring you to a human agent now.",
         "Someone from our specialist team will reach out about your request.", "Please hold on while I connect you.",
         "A specialist will review your request and follow up.", "I'm not able to process this myself; a specialist will follow up.",
         "I will pass your request about {order} to our specialist team, who review it.", "Thanks, I've found your account.",
         "I've escalated your request; a specialist will be in touch.", "Please hold on a moment while I look at {order}."]
_OPENINGS = ["", "Thanks for your patience. ", "I'm sorry that {order} never arrived. ", "I looked at your account. "]
_CLOSINGS = ["", " I am transferring you now.", " A specialist will follow up with you.", " Is there anything else?"]


def _fill(template: str, rng: random.Random) -> str:
    return template.format(**{k: rng.choice(v) for k, v in _FILL.items()}, order="FD-10279")


def _mentions(n: int, seed: int = 41) -> List[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        core = (f"{rng.choice(_SUBJECTS)} {rng.choice(_AUX)} {rng.choice(_STATES)}." if rng.random() < 0.5
                else _fill(rng.choice(_OTHER), rng))
        out.append(_fill(rng.choice(_OPENINGS), rng) + core + rng.choice(_CLOSINGS))
    return out


def _neutral(n: int, seed: int = 41) -> List[str]:
    rng = random.Random(seed)
    return [_fill(rng.choice(_OPENINGS), rng) + _fill(rng.choice(_SAFE), rng) + rng.choice(_CLOSINGS) for _ in range(n)]


def _said(text: str) -> bool:
    return any(data_regex.search(pattern, text) is not None for pattern in PATTERNS)


MENTIONS, NEUTRAL = _mentions(600), _neutral(300)


def test_every_paraphrase_of_the_flag_mentions_it():
    missed = [t for t in MENTIONS if not _said(t)]
    assert not missed, f"{len(missed)}/{len(MENTIONS)} not read, e.g. {missed[:6]}"


def test_every_paraphrase_in_upper_case_too():
    assert all(_said(t.upper()) for t in MENTIONS[:100])


def test_handing_the_request_on_mentions_nothing():
    wrong = [t for t in NEUTRAL if _said(t)]
    assert not wrong, f"{len(wrong)}/{len(NEUTRAL)} neutral messages read as the flag, e.g. {wrong[:6]}"


# --- end to end: a fraud-flagged task of the test split -----------------------------------------

TASK = next(t for t in FD.tasks("test") if t.id == "fd-fraud-3")



def _words(actions):
    """The customer's side of the chat: a request, and a yes to every question (the rule read
    here is not the confirmation's)."""
    return {"first_user_message": "Hi, I need help with my order.",
            "user_replies": ["Yes, please go ahead." for a in actions if a.name == "respond"]}

def _broken(actions):
    env = FD.make_env(tasks=[TASK], task_index=0)
    result = score_trajectory(env, TASK, actions, **_words(actions))
    assert result.status == "ok", result.error
    return [v.id for v in result.rule_violations]


@pytest.mark.parametrize("index", range(0, 600, 75))
def test_the_rule_breaks_where_the_flag_is_mentioned_and_only_there(index):
    actions = list(TASK.actions)
    at = max(i for i, a in enumerate(actions) if a.name == "respond")
    assert "fd.fraud.flag_not_mentioned" not in _broken(actions)
    actions[at] = Action(name="respond", kwargs={"content": MENTIONS[index]})
    assert "fd.fraud.flag_not_mentioned" in _broken(actions)
    actions[at] = Action(name="respond", kwargs={"content": NEUTRAL[index // 2]})
    assert "fd.fraud.flag_not_mentioned" not in _broken(actions)
