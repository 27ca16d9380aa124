"""tau2:telecom's policy rules (SPEC §9, issue 41 item 6): each ordered step of tau2's telecom policy
that a deterministic check can judge. For each rule, the ground truth of every task it binds to
keeps it, and trajectories that break only that rule, written from the policy's words (several
wordings of the agent's messages), get its verdict at the step where the policy is broken.

Needs the tau2 extra; without it the module skips, saying so.
"""

from __future__ import annotations

from typing import Dict, List, Optional

import pytest

pytest.importorskip("tau2", reason="tau2:telecom needs the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped.env.types import Action  # noqa: E402
from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402

BILL_CHECKED = "telecom.payment.bill_checked_first"
PAID_CHECKED = "telecom.payment.paid_checked"
PAID_FIRST = "telecom.resume.overdue_paid_first"
PRICE = "telecom.refuel.confirm_price"
NEW_RULES = (BILL_CHECKED, PAID_CHECKED)


def _respond(text: str) -> Action:
    return Action(name="respond", kwargs={"content": text})


@pytest.fixture(scope="module")
def domain():
    return load_domain("tau2:telecom")


@pytest.fixture(scope="module")
def base(domain):
    return domain.tasks("test") + domain.tasks("train")


@pytest.fixture(scope="module")
def env(domain, base):
    return domain.make_env(tasks=base, task_index=0)


def _task(base, tool: str):
    return next(t for t in base if tool in {a.name for a in t.actions})


def _index(actions: List[Action], name: str) -> int:
    return next(i for i, a in enumerate(actions) if a.name == name)


def _verdict(env, task, actions: List[Action], replies: Optional[Dict[int, str]] = None):
    """The rules broken, each at its step (every message answered yes unless ``replies`` says)."""
    said = [(replies or {}).get(i, "Yes, go ahead.") for i, a in enumerate(actions) if a.name == "respond"]
    result = score_trajectory(env, task, actions, user_replies=said)
    assert result.status == "ok", result.error
    return {v.id: v.step for v in result.rule_violations}, result


def test_the_rules_are_the_policys_ordered_steps(domain):
    rules = {r.id: r for r in domain.policy_rules.rules}
    assert set(NEW_RULES) <= set(rules)
    assert "check the bill status" in rules[BILL_CHECKED].policy.lower()
    assert "before informing the user that the bill has been paid" in rules[PAID_CHECKED].policy
    assert "confirm the price" in rules[PRICE].policy


def test_every_base_ground_truth_keeps_every_rule(env, base):
    for task in base:
        broken, result = _verdict(env, task, list(task.actions))
        assert broken == {} and result.reward == 1.0, (task.id, broken)


def test_a_payment_request_follows_a_look_up_of_the_bill(env, base):
    task = _task(base, "send_payment_request")
    truth = list(task.actions)
    b = _index(truth, "get_bills_for_customer")
    assert truth[b + 1].name == "send_payment_request"  # the ground truth reads the bill, then asks
    line = next(a.kwargs["line_id"] for a in truth if a.name == "resume_line")
    bill = truth[b + 1].kwargs["bill_id"]
    instead = {
        "no look-up": [],
        "the line read, not the bill": [Action(name="get_details_by_id", kwargs={"id": line})],
        "data usage read": [Action(name="get_data_usage", kwargs={"customer_id": task.user_id, "line_id": line})],
        "a bill look-up that failed": [Action(name="get_bills_for_customer", kwargs={"customer_id": "C9999"})],
    }
    for why, reads in instead.items():
        actions = truth[:b] + reads + truth[b + 1:]
        broken, _ = _verdict(env, task, actions)
        assert broken == {BILL_CHECKED: b + len(reads)}, why
    by_id = truth[:b] + [Action(name="get_details_by_id", kwargs={"id": bill})] + truth[b + 1:]
    assert _verdict(env, task, by_id)[0] == {}


PAID_WORDINGS = ["Your bill has been paid, thank you!", "Great news: the payment went through.",
                 "Thanks, you have paid the overdue bill.", "Bill status: PAID. You're all set.",
                 "I can confirm the payment of $65.00 was successful.", "The overdue balance is cleared now."]
NOT_CLAIMS = ["Once your bill is paid, I will lift the suspension.", "Has the payment gone through on your side?",
              "Let me know when the bill is paid.", "I can't see that your bill is paid yet.",
              "I'll resume your line as soon as the payment has been processed."]


def test_the_bill_is_said_paid_only_after_a_look_up_shows_it(env, base):
    task = _task(base, "send_payment_request")
    truth = list(task.actions)
    m, b = _index(truth, "user:make_payment"), _index(truth, "get_bills_for_customer")
    for words in PAID_WORDINGS:
        told = truth[:m + 1] + [_respond(words)] + truth[m + 1:]
        assert _verdict(env, task, told)[0] == {PAID_CHECKED: m + 1}, words
        checked = truth[:m + 1] + [truth[b], _respond(words)] + truth[m + 1:]
        assert _verdict(env, task, checked)[0] == {}, words
    # the bills read before the payment showed the bill overdue: that is no check of the payment
    early = truth[:b] + [_respond(PAID_WORDINGS[0])] + truth[b:]
    assert _verdict(env, task, early)[0] == {PAID_CHECKED: b}
    for words in NOT_CLAIMS:  # a condition, a question, a negation: nothing is asserted
        said = truth[:m - 1] + [_respond(words)] + truth[m - 1:]
        assert _verdict(env, task, said)[0] == {}, words


def test_a_line_is_resumed_only_after_the_payment_went_through(env, base):
    task = _task(base, "send_payment_request")
    truth = list(task.actions)
    p, z = _index(truth, "send_payment_request"), _index(truth, "resume_line")
    awaiting = truth[:p + 1] + [truth[z]] + truth[p + 1:z] + truth[z + 1:]  # the request sent, not paid yet
    broken, result = _verdict(env, task, awaiting)
    assert broken == {PAID_FIRST: p + 1} and result.outcome_reward == 0.0
    before = truth[:p - 1] + [truth[z]] + truth[p - 1:z] + truth[z + 1:]  # before the request too
    assert _verdict(env, task, before)[0] == {PAID_FIRST: p - 1}


def _refuel(truth: List[Action], r: int, offer: str, gb: Optional[float] = None) -> List[Action]:
    call = truth[r] if gb is None else Action(name="refuel_data", kwargs={**truth[r].kwargs, "gb_amount": gb})
    return truth[:r - 1] + [_respond(offer), call] + truth[r + 1:]


def test_a_refuel_needs_its_price_confirmed(env, base):
    task = _task(base, "refuel_data")
    truth = list(task.actions)
    r = _index(truth, "refuel_data")
    assert truth[r].kwargs["gb_amount"] == 2.0 and "$2.00 per GB" in truth[r - 1].kwargs["content"]
    priced = ["Adding 2 GB of data costs $4.00 in total. Shall I refuel it now?",
              "I can refuel 2 GB at $2.00 per GB, so $4.00 altogether. Would you like that?",
              "A 2 GB data refuel will be charged $4 to your next bill. Is it OK to add it?"]
    for offer in priced:
        assert _verdict(env, task, _refuel(truth, r, offer))[0] == {}, offer
    unpriced = ["I can add 2 GB of data to your line. Shall I go ahead?",
                "Would you like me to refuel 2 GB of data for you?",
                "Shall I add 2 GB to your line now?"]
    for offer in unpriced:
        assert _verdict(env, task, _refuel(truth, r, offer))[0] == {PRICE: r}, offer
    wrong = {"Adding 1 GB of data costs $2.00. Shall I refuel it?": 2.0,  # 1 GB agreed, 2 GB refuelled
             "I can refuel 2 GB for $4.00. Shall I?": 1.0,  # 2 GB agreed, 1 GB refuelled
             "Refuelling 2 GB will cost $3.00. Do you want it?": None}  # a price the call does not charge
    for offer, gb in wrong.items():
        assert _verdict(env, task, _refuel(truth, r, offer, gb))[0] == {PRICE: r}, offer


@pytest.mark.parametrize("no", ["No.", "No, thank you.", "No, that's too expensive.", "Nope, I'll wait.",
                                "I'd rather not, thanks."])
def test_no_refuel_after_the_customer_said_no(env, base, no):
    task = _task(base, "refuel_data")
    truth = list(task.actions)
    r = _index(truth, "refuel_data")
    assert _verdict(env, task, truth, {r - 1: no})[0] == {PRICE: r}
    # asked again without the price: a yes to that is no yes to the price the customer declined
    again = truth[:r] + [_respond("Are you sure? Shall I just add the 2 GB then?")] + truth[r:]
    assert _verdict(env, task, again, {r - 1: no})[0] == {PRICE: r + 1}


def test_a_transfer_after_fixes_the_manual_allows_passes_as_tau2_passes_it(env, base):
    fixes = {"airplane_mode_on": ("Could you please turn off airplane mode on your phone?", "user:toggle_airplane_mode"),
             "unseat_sim_card": ("Please take out your SIM card and put it back in.", "user:reseat_sim_card"),
             "break_apn_settings": ("Please reset your APN settings.", "user:reset_apn_settings")}
    tried = 0
    for task in base:
        truth = list(task.actions)
        if "transfer_to_human_agents" not in {a.name for a in truth}:
            continue
        t = _index(truth, "transfer_to_human_agents")
        steps = [x for fault, (ask, tool) in fixes.items() if fault in task.id
                 for x in (_respond(ask), Action(name=tool, kwargs={}))]
        if not steps:
            continue
        broken, result = _verdict(env, task, truth[:t] + steps + truth[t:])
        assert broken == {} and result.outcome_reward == 1.0, (task.id, result.canonical_diff)
        tried += 1
    assert tried >= 5


def test_the_ground_truth_reads_the_bills_once_before_its_payment_request(base):
    from tau_shaped_domains.tau2_telecom.careful import with_bill_checked

    paying = [t for t in base if "send_payment_request" in {a.name for a in t.actions}]
    assert paying
    for task in paying:
        names = [a.name for a in task.actions]
        assert names.count("get_bills_for_customer") == 1
        assert names.index("get_bills_for_customer") == names.index("send_payment_request") - 1
        assert with_bill_checked(list(task.actions)) == list(task.actions)  # nothing more to add
    request = Action(name="send_payment_request", kwargs={"customer_id": "C1", "bill_id": "B9"})
    read = Action(name="get_details_by_id", kwargs={"id": "B9"})
    assert with_bill_checked([read, request]) == [read, request]
    line = Action(name="get_details_by_id", kwargs={"id": "L1"})
    added = with_bill_checked([line, request, request])
    assert [a.name for a in added] == ["get_details_by_id", "get_bills_for_customer", "send_payment_request",
                                       "send_payment_request"]
    assert added[1].kwargs == {"customer_id": "C1"}
