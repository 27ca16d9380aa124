"""tau2 telecom policy logic (issue 41): lines of tau2's telecom main_policy.md judged over the
whole conversation and on the right record.

- "The maximum amount of data that can be refueled is 2GB": two refuels of 1.5 GB on one line
  are 3 GB refuelled (a gate, as one call of 3 GB is); refuels of two lines are not added up.
- "Always check that the bill status is updated to PAID before informing the user that the bill
  has been paid": a look-up before the payment request, or of an old bill that was already Paid
  while the requested one still awaits payment, is no such check.
"""

from __future__ import annotations

from typing import Dict, List, Optional

import pytest

pytest.importorskip("tau2", reason="tau2:telecom needs the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped.env.types import Action  # noqa: E402
from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402

CAP = "telecom.refuel.at_most_2gb"
PAID_CHECKED = "telecom.payment.paid_checked"
PAID = "Your bill has been paid, thank you!"


def _say(text: str) -> Action:
    return Action(name="respond", kwargs={"content": text})


@pytest.fixture(scope="module")
def base():
    domain = load_domain("tau2:telecom")
    tasks = domain.tasks("test") + domain.tasks("train")
    return domain, tasks


@pytest.fixture(scope="module")
def env(base):
    domain, tasks = base
    return domain.make_env(tasks=tasks, task_index=0)


def _task(tasks, tool: str):
    return next(t for t in tasks if tool in {a.name for a in t.actions})


def _index(actions: List[Action], name: str) -> int:
    return next(i for i, a in enumerate(actions) if a.name == name)


def _verdict(env, task, actions: List[Action], replies: Optional[Dict[int, str]] = None):
    said = [(replies or {}).get(i, "Yes, go ahead.") for i, a in enumerate(actions) if a.name == "respond"]
    result = score_trajectory(env, task, actions, user_replies=said)
    assert result.status == "ok", result.error
    return result


def _refuels(truth: List[Action], r: int, lines_and_amounts) -> List[Action]:
    """The ground truth with its one refuel replaced by refuels of ``(line, gb)``, each priced
    and agreed to first (the plan's $2.00 per GB)."""
    call = truth[r]
    out: List[Action] = []
    for line, gb in lines_and_amounts:
        out.append(_say(f"Adding {gb:g} GB of data to line {line} costs ${2 * gb:.2f}. Shall I refuel it now?"))
        out.append(Action(name="refuel_data", kwargs={**call.kwargs, "line_id": line, "gb_amount": gb}))
    return truth[:r - 1] + out + truth[r + 1:]


def test_two_refuels_of_one_line_add_up_past_the_cap(env, base):
    """1.5 GB, agreed, then 1.5 GB more on the same line: 3 GB refuelled, beyond the policy's
    2 GB. Before issue 41 the cap was judged per call (each 1.5 GB passed)."""
    _, tasks = base
    task = _task(tasks, "refuel_data")
    truth = list(task.actions)
    r = _index(truth, "refuel_data")
    line = truth[r].kwargs["line_id"]
    actions = _refuels(truth, r, [(line, 1.5), (line, 1.5)])
    result = _verdict(env, task, actions)
    second = [i for i, a in enumerate(actions) if a.name == "refuel_data"][1]
    assert [(g.id, g.step) for g in result.gate_violations] == [(CAP, second)]
    assert result.reward == 0.0


def test_refuels_within_the_cap_pass_the_cap(env, base):
    """Allowed: 1 GB then 1 GB on one line (2 GB in all), and 1.5 GB on each of two lines (the
    cap is a line's)."""
    _, tasks = base
    task = _task(tasks, "refuel_data")
    truth = list(task.actions)
    r = _index(truth, "refuel_data")
    line = truth[r].kwargs["line_id"]
    lines = {ln["line_id"]: ln for ln in env.initial_state(task.seed)["lines"]}
    customer = next(c for c in env.initial_state(task.seed)["customers"] if c["customer_id"] == task.user_id)
    other = next(x for x in customer["line_ids"] if x != line and lines[x]["status"] == "Active")
    for plan in ([(line, 1.0), (line, 1.0)], [(line, 1.5), (other, 1.5)]):
        result = _verdict(env, task, _refuels(truth, r, plan))
        assert CAP not in {g.id for g in result.gate_violations}, plan


def _paying(base):
    _, tasks = base
    task = _task(tasks, "send_payment_request")
    truth = list(task.actions)
    request = truth[_index(truth, "send_payment_request")]
    return task, truth, request.kwargs["bill_id"]


def _old_paid_bill(env, task, requested: str) -> str:
    state = env.initial_state(task.seed)
    return next(b["bill_id"] for b in state["bills"]
                if b.get("customer_id") == task.user_id and b["status"] == "Paid" and b["bill_id"] != requested)


def test_an_old_paid_bill_read_before_the_request_is_no_check_of_the_payment(env, base):
    """The agent reads an old bill (Paid last month) first, sends the payment request, and after
    the customer pays says the bill is paid with no look-up since. Before issue 41 the early read
    of the old bill counted as the check."""
    task, truth, requested = _paying(base)
    old = _old_paid_bill(env, task, requested)
    first = _index(truth, "get_customer_by_phone") + 1
    m = _index(truth, "user:make_payment")
    actions = truth[:first] + [Action(name="get_details_by_id", kwargs={"id": old})] + truth[first:m + 1] \
        + [_say(PAID)] + truth[m + 1:]
    result = _verdict(env, task, actions)
    assert {v.id: v.step for v in result.rule_violations} == {PAID_CHECKED: m + 2}


def test_an_old_paid_bill_read_while_the_request_awaits_payment_is_no_check(env, base):
    """After the request, before the customer pays: the old bill read shows Paid, but the
    requested bill awaits payment; saying it is paid is unchecked (and false)."""
    task, truth, requested = _paying(base)
    old = _old_paid_bill(env, task, requested)
    p = _index(truth, "send_payment_request")
    actions = truth[:p + 1] + [Action(name="get_details_by_id", kwargs={"id": old}), _say(PAID)] + truth[p + 1:]
    result = _verdict(env, task, actions)
    assert {v.id: v.step for v in result.rule_violations} == {PAID_CHECKED: p + 2}


@pytest.mark.parametrize("how", ["the requested bill", "every bill"])
def test_a_look_up_after_the_payment_is_the_check(env, base, how):
    """Allowed: after the customer pays, the requested bill (or the customer's bills) read, then
    the bill said paid."""
    task, truth, requested = _paying(base)
    m = _index(truth, "user:make_payment")
    read = Action(name="get_details_by_id", kwargs={"id": requested}) if how == "the requested bill" else \
        Action(name="get_bills_for_customer", kwargs={"customer_id": task.user_id})
    actions = truth[:m + 1] + [read, _say(PAID)] + truth[m + 1:]
    result = _verdict(env, task, actions)
    assert not result.rule_violations and not result.gate_violations and result.reward == 1.0


IDENTIFY = "telecom.identity.identify_first"


def _another_customer(env, task):
    state = env.initial_state(task.seed)
    return next(c for c in state["customers"] if c["customer_id"] != task.user_id)


def _identified_by(base, env, lookup_for):
    """The payment task's ground truth with its look-up of the customer replaced."""
    task, truth, _ = _paying(base)
    i = _index(truth, "get_customer_by_phone")
    return task, i, truth[:i] + [lookup_for(task)] + truth[i + 1:]


def test_the_customer_found_by_name_and_date_of_birth_is_identified(env, base):
    """Allowed: the policy's third way, full name with date of birth (any case of the name)."""
    def by_name(task):
        me = next(c for c in env.initial_state(task.seed)["customers"] if c["customer_id"] == task.user_id)
        return Action(name="get_customer_by_name", kwargs={"full_name": me["full_name"].upper(), "dob": me["date_of_birth"]})

    task, _, actions = _identified_by(base, env, by_name)
    result = _verdict(env, task, actions)
    assert not result.rule_violations and not result.gate_violations and result.reward == 1.0


def test_a_name_look_up_that_found_no_one_identifies_no_one(env, base):
    """tau2's name look-up returns an empty list when no customer has that name and date of
    birth: the call succeeds, but no customer was identified. Before issue 41 any successful
    look-up counted."""
    task, _, actions = _identified_by(base, env, lambda task: Action(
        name="get_customer_by_name", kwargs={"full_name": "Nobody Atall", "dob": "1901-01-01"}))
    result = _verdict(env, task, actions)
    assert {v.id: v.step for v in result.rule_violations} == {IDENTIFY: _index(actions, "get_bills_for_customer")}


def test_another_customers_phone_number_identifies_that_customer_not_this_one(env, base):
    task, _, actions = _identified_by(base, env, lambda task: Action(
        name="get_customer_by_phone", kwargs={"phone_number": _another_customer(env, task)["phone_number"]}))
    result = _verdict(env, task, actions)
    assert {v.id: v.step for v in result.rule_violations} == {IDENTIFY: _index(actions, "get_bills_for_customer")}
