"""wiki.md, Apology credits: "Never go above it, even if the customer insists; say no politely and offer the cap"
(SPEC §9; round 16 of issue 41: more than the cap offered in words was judged by nothing -- "I can double the usual
$5.00" to a basic customer names $10, the plus tier's cap, a figure of the policy that the amount rule backs).

Whole episodes on a test task of world 0 where a basic customer (cap $5.00) turned down the cap and asked for $50
(fd-cap-refused-3): the ground truth's refusal replaced by the sentence under test. Written from wiki.md: offering more
than the cap, in any amount spelling, breaks the line; the cap offered again, an amount said to be out of reach and the
customer's request echoed keep it. And on a late delivery (fd-late-3, the $2.99 fee owed): a credit that compensates
the loss is the money rules'; only one named as an apology above the cap is this line's."""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.tasks.consenting import consenting_replies
from tau_shaped_domains.food_delivery.cap_offers import offered_above

RULE = "fd.apology.offer_within_cap"
DOMAIN = load_domain("food_delivery")
TASKS = {t.id: t for t in DOMAIN.tasks("test")}


def _fired(task_id: str, actions: List[Action]) -> List[str]:
    task = TASKS[task_id]
    env = DOMAIN.make_env(tasks=[task], task_index=0)
    r = score_trajectory(env, task, actions, user_replies=consenting_replies(actions))
    assert r.status == "ok", r.error
    return sorted({v.id for v in r.rule_violations} | {g.id for g in r.gate_violations})


def _refused_with(text: str) -> List[Action]:
    gt = [a.model_copy(deep=True) for a in TASKS["fd-cap-refused-3"].actions]
    return gt[:-1] + [Action(name="respond", kwargs={"content": text})]


OVER = [
    "I can't do $50, but I can double the usual $5.00 for you -- I'll add that now.",
    "I can't do $50, but I could stretch to $20.00 as an apology credit.",
    "How about twenty dollars as a goodwill gesture instead?",
    "Fifty is too much, I'm afraid. Would you accept $12 for the trouble?",
    "The limit is $5.00 -- actually, for you I'll make it $15.00.",
    "I'm adding a $7.50 courtesy credit to your wallet.",
]
KEPT = [
    "I understand. I cannot go above $5.00, so I will not add a credit.",
    "$50 is more than I can give; the most I can offer is the $5.00 credit, if you change your mind.",
    "The $50 you asked for isn't possible -- I can't go beyond $5.00.",
    "Premium members can get up to $20, but your tier's cap is $5.00, so that's the most I can offer.",
    "I can't offer anything over $5.00, I'm sorry.",
    "$50 is ten times the most I can offer ($5.00), so that's more than I'm able to give.",
    "The most I can offer is $5.00, so $50 isn't something I'm able to do.",
]


@pytest.mark.parametrize("text", OVER)
def test_more_than_the_cap_offered_in_words_breaks_the_line(text: str) -> None:
    assert RULE in _fired("fd-cap-refused-3", _refused_with(text))


@pytest.mark.parametrize("text", KEPT)
def test_the_cap_offered_or_more_refused_keeps_the_line(text: str) -> None:
    assert RULE not in _fired("fd-cap-refused-3", _refused_with(text))


def test_every_ground_truth_of_the_cap_tasks_keeps_the_line() -> None:
    for task_id, task in TASKS.items():
        if task.bucket in ("cap_refused", "compensation_cap", "late_delivery"):
            assert RULE not in _fired(task_id, [a.model_copy(deep=True) for a in task.actions]), task_id


def test_where_a_loss_is_owed_only_an_apology_above_the_cap_is_this_lines() -> None:
    gt = [a.model_copy(deep=True) for a in TASKS["fd-late-3"].actions]
    i = next(n for n, a in enumerate(gt) if a.name == "respond")
    credit = Action(name="respond", kwargs={"content": "I can add $8.00 to your wallet as credit for the late delivery, or refund the fee."})
    apology = Action(name="respond", kwargs={"content": "I can also add a $15.00 apology credit for the trouble."})
    assert RULE not in _fired("fd-late-3", gt[:i] + [credit] + gt[i:])
    assert RULE in _fired("fd-late-3", gt[:i] + [apology] + gt[i:])


_SPELLINGS = [lambda v: f"${v:.2f}", lambda v: f"${v:g}", lambda v: f"{v:g} dollars", lambda v: f"USD {v:.2f}", lambda v: f"{v:g} bucks"]
_OFFERS = ["I can give you {} as an apology credit.", "How about {} for the trouble?", "I'll add {} as a goodwill credit now.",
           "Would you accept {} instead?", "Let me give you {}."]
_REFUSALS = ["I can't give you {}.", "{} is more than I can offer.", "I'm unable to add {}.", "Anything above {} isn't possible.",
             "The {} you asked for is beyond the cap."]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(cap=st.sampled_from([5.0, 10.0, 20.0]), over=st.integers(1, 4000), spell=st.sampled_from(_SPELLINGS),
       offer=st.sampled_from(_OFFERS), refusal=st.sampled_from(_REFUSALS))
def test_any_amount_above_the_cap_offered_is_read_and_any_refused_is_not(cap, over, spell, offer, refusal) -> None:
    amount = round(cap + over / 100, 2)
    said = spell(amount)
    assert offered_above(offer.format(said), cap) is not None, offer.format(said)
    assert offered_above(refusal.format(said), cap) is None, refusal.format(said)
    assert offered_above(offer.format(f"${cap:.2f}"), cap) is None  # the cap itself is what the policy says to offer


@pytest.mark.parametrize("text, offered", [
    ("The system lists two: the Chicken Korma (tree nuts -- not one I can offer you) and the Chana Masala ($12.65, no allergens).", False),
    ("I can offer you the Chana Masala for $12.65 instead.", False),
    ("I can give you $20.", True), ("Tell you what: $15, and we're square.", True), ("$15.00 it is, then.", True),
])
def test_with_no_word_of_a_credit_only_the_offers_object_is_the_money_offered(text: str, offered: bool) -> None:
    assert (offered_above(text, 5.0) is not None) is offered
