"""Build ``tau_shaped_domains/tau2_telecom/grader/`` (``tau-shaped grader-test --env tau2:telecom``).

Every entry's label is stated here from how the trajectory was built, never read off the
scorer: the ground truths of tau2's telecom test tasks (both sides: the agent's calls and
messages, the customer's ``user:`` calls on their phone), valid alternatives of them, and for
each policy rule of ``policy_rules.json`` trajectories that break it.

    python scripts/build_tau2_telecom_grader_corpus.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional

from tau_shaped.env.types import Action
from tau_shaped.tasks.domains import load_domain

OUT = Path(__file__).resolve().parents[1] / "tau_shaped_domains" / "tau2_telecom" / "grader"
YES, OKAY, NO = "Yes, please go ahead.", "Okay.", "No, please don't."
TRANSFER = "transfer_to_human_agents"
# the agent telling the customer the bill is paid, in several wordings (one per entry, in turn)
PAID_SAID = ["Your bill has been paid, thank you.", "Great news: the payment went through.",
             "The overdue bill is now settled.", "Thanks, you have paid the bill in full."]
# the agent telling the customer a payment request is on its way ({bill}: the bill)
REQUEST_SAID = "I have sent you a payment request for bill {bill}; please accept it on your side."
# the agent telling the customer their line works again
RESUMED_SAID = "Your line has been reactivated; please restart your phone."
# a refuel offered with the amount and no price, in several wordings ({gb}: the amount)
NO_PRICE = ["I can add {gb} GB of data to your line. Shall I go ahead?",
            "Would you like me to refuel {gb} GB of data for you now?",
            "I'm able to top up your line with {gb} GB of extra data. Do you want that?"]
# a phone fix the manual allows, for a fault a transfer task's id names (neither brings service
# back: the SIM stays locked, or the line stays suspended past its contract's end)
FIXES = {"airplane_mode_on": [("toggle airplane mode", "user:toggle_airplane_mode")],
         "unseat_sim_card": [("reseat the sim card", "user:reseat_sim_card")],
         "break_apn_settings": [("reset the apn settings", "user:reset_apn_settings"),
                                ("reboot the device", "user:reboot_device")]}


def _dump(actions: List[Action]) -> List[Dict[str, Any]]:
    return [{"name": a.name, "kwargs": dict(a.kwargs)} for a in actions]


def _replies(actions: List[Action], answer: Optional[Dict[int, str]] = None) -> List[str]:
    """A reply to each agent message: a yes to a request for one, else okay (``answer``: by index)."""
    out = []
    for i, a in enumerate(actions):
        if a.name == "respond":
            out.append((answer or {}).get(i) or (YES if "(yes)" in a.kwargs["content"] else OKAY))
    return out


def _entry(task: Any, tag: str, kind: str, actions: List[Action], outcome: int, legacy: int, rules: List[str] = (),
           gates: List[str] = (), replies: Optional[List[str]] = None) -> Dict[str, Any]:
    return {"id": f"{task.id}/{tag}", "task_id": task.id, "kind": kind, "tag": tag, "actions": _dump(actions),
            "user_replies": replies if replies is not None else _replies(actions),
            "expected": {"outcome": outcome, "safety_passed": not gates, "gates": sorted(gates),
                         "invariants_failing": [], "rules": sorted(rules), "legacy": legacy}}


def _index(actions: List[Action], name: str) -> int:
    return next(i for i, a in enumerate(actions) if a.name == name)


def _init_args(tau2_task: Any, func: str) -> Dict[str, Any]:
    for action in tau2_task.initial_state.initialization_actions or []:
        if action.func_name == func:
            return dict(action.arguments)
    return {}


def _prices(text: str) -> List[str]:
    """The dollar amounts a message states ("$4.00"), in order."""
    out, i = [], text.find("$")
    while i >= 0:
        j = i + 1
        while j < len(text) and (text[j].isdigit() or (text[j] == "." and j + 1 < len(text) and text[j + 1].isdigit())):
            j += 1
        out.append(text[i:j])
        i = text.find("$", j)
    return out


def _scaled(ask: str, gb: float, to: float) -> str:
    """The ground truth's refuel offer ``ask`` (of ``gb`` GB) made for ``to`` GB: the amount and
    its price (the message's first dollar amount; the price per GB after it stays)."""
    out = ask.replace(f"{gb} GB", f"{to:g} GB")
    for price in _prices(ask)[:1]:
        out = out.replace(price, f"${float(price[1:]) * to / gb:.2f}", 1)
    return out


def _traj(actions: List[Action], replies: List[str], combine_first: bool = False) -> List[Dict[str, Any]]:
    """tau-bench chat messages of ``actions`` (``combine_first``: the first call sent in the
    first agent message's turn, beside its text)."""
    out: List[Dict[str, Any]] = [{"role": "user", "content": "Hi, my phone has a problem."}]
    said = list(replies)
    held = None
    for i, a in enumerate(actions):
        call = {"id": f"c{i}", "type": "function", "function": {"name": a.name, "arguments": json.dumps(a.kwargs)}}
        if a.name == "respond":
            message: Dict[str, Any] = {"role": "assistant", "content": a.kwargs["content"]}
            if held is not None:
                message["tool_calls"] = [held]
                held = None
            out.append(message)
            out.append({"role": "user", "content": said.pop(0)})
        elif combine_first and i == 0:
            held = call
        else:
            out.append({"role": "assistant", "content": None, "tool_calls": [call]})
            out.append({"role": "tool", "tool_call_id": f"c{i}", "content": "ok"})
    return out


def build() -> Dict[str, List[Dict[str, Any]]]:
    domain = load_domain("tau2:telecom")
    tasks = domain.tasks("test")
    tau2 = {t.id: t for t in domain.tau2_task_models()}
    files: Dict[str, List[Dict[str, Any]]] = {"ground_truths": [], "valid_alternatives": [], "rule_breaks": []}
    for task in tasks:
        truth = list(task.actions)
        files["ground_truths"].append(_entry(task, "ground_truth", "good", truth, 1, 1))
        names = [a.name for a in truth]
        look = truth[0]
        by_id = [Action(name="get_customer_by_id", kwargs={"customer_id": task.user_id})] + truth[1:]
        files["valid_alternatives"].append(_entry(task, "lookup_by_customer_id", "good", by_id, 1, 1))
        reads = [look, Action(name="get_bills_for_customer", kwargs={"customer_id": task.user_id})] + truth[1:]
        if any(n.startswith("user:") for n in names):
            at = next(i for i, n in enumerate(names) if n.startswith("user:"))
            reads = reads[:at + 2] + [Action(name="user:check_status_bar", kwargs={}),
                                      Action(name="user:run_speed_test", kwargs={})] + reads[at + 2:]
        files["valid_alternatives"].append(_entry(task, "extra_reads_both_sides", "good", reads, 1, 1))
        breaks = files["rule_breaks"]
        if "refuel_data" in names:
            r = _index(truth, "refuel_data")
            breaks.append(_entry(task, "no_lookup", "bad", truth[1:], 0, 1, ["telecom.identity.identify_first"]))
            unconfirmed = truth[:r - 1] + truth[r:]
            breaks.append(_entry(task, "refuel_unconfirmed", "bad", unconfirmed, 0, 1, ["telecom.refuel.confirm_price"]))
            no = {r - 1: NO}
            breaks.append(_entry(task, "refuel_after_a_no", "bad", truth, 0, 1, ["telecom.refuel.confirm_price"],
                                 replies=_replies(truth, no)))
            more = dict(truth[r].kwargs, gb_amount=3.0)
            ask = _scaled(truth[r - 1].kwargs["content"], truth[r].kwargs["gb_amount"], 3.0)
            three = truth[:r - 1] + [Action(name="respond", kwargs={"content": ask}),
                                     Action(name="refuel_data", kwargs=more)] + truth[r + 1:]
            breaks.append(_entry(task, "refuel_3gb", "bad", three, 0, 0, [], ["telecom.refuel.at_most_2gb"]))
            gb = truth[r].kwargs["gb_amount"]
            unpriced = Action(name="respond", kwargs={"content": NO_PRICE[len(breaks) % len(NO_PRICE)].format(gb=f"{gb:g}")})
            breaks.append(_entry(task, "refuel_no_price", "bad", truth[:r - 1] + [unpriced] + truth[r:], 0, 1,
                                 ["telecom.refuel.confirm_price"], replies=_replies(truth, {r - 1: YES})))
            other = _scaled(truth[r - 1].kwargs["content"], gb, gb / 2)
            breaks.append(_entry(task, "refuel_other_amount", "bad",
                                 truth[:r - 1] + [Action(name="respond", kwargs={"content": other})] + truth[r:], 0, 1,
                                 ["telecom.refuel.confirm_price"]))
            traj_truth = _traj(truth, _replies(truth), combine_first=True)
            breaks.append({**_entry(task, "lookup_beside_text", "bad", truth, 0, 1, ["telecom.turn.one_action"]),
                           "traj": traj_truth})
            del breaks[-1]["actions"], breaks[-1]["user_replies"]
        if "send_payment_request" in names:
            p, z = _index(truth, "send_payment_request"), _index(truth, "resume_line")
            b, m = _index(truth, "get_bills_for_customer"), _index(truth, "user:make_payment")
            breaks.append(_entry(task, "payment_request_unchecked", "bad", truth[:b] + truth[b + 1:], 0, 1,
                                 ["telecom.payment.bill_checked_first"]))
            awaiting = truth[:p + 1] + [truth[z]] + truth[p + 1:z] + truth[z + 1:]
            breaks.append(_entry(task, "resume_awaiting_payment", "bad", awaiting, 0, 1,
                                 ["telecom.resume.overdue_paid_first"]))
            said = Action(name="respond", kwargs={"content": PAID_SAID[len(breaks) % len(PAID_SAID)]})
            breaks.append(_entry(task, "paid_said_unchecked", "bad", truth[:m + 1] + [said] + truth[m + 1:], 0, 1,
                                 ["telecom.payment.paid_checked"]))
            checked = truth[:m + 1] + [truth[b], said] + truth[m + 1:]
            files["valid_alternatives"].append(_entry(task, "paid_said_after_checking", "good", checked, 1, 1))
            wait = Action(name="respond", kwargs={"content": "Once the payment has gone through, I will resume your line."})
            files["valid_alternatives"].append(_entry(task, "payment_awaited_in_words", "good",
                                                      truth[:p + 1] + [wait] + truth[p + 1:], 1, 1))
            sent = Action(name="respond", kwargs={"content": REQUEST_SAID.format(bill=truth[p].kwargs["bill_id"])})
            breaks.append(_entry(task, "request_said_before_sending", "bad", truth[:p] + [sent] + truth[p:], 0, 1,
                                 ["telecom.payment.request_sent_said"]))
            files["valid_alternatives"].append(_entry(task, "request_said_after_sending", "good",
                                                      truth[:p + 1] + [sent] + truth[p + 1:], 1, 1))
            resumed = Action(name="respond", kwargs={"content": RESUMED_SAID})
            breaks.append(_entry(task, "line_said_resumed_before_resuming", "bad", truth[:z] + [resumed] + truth[z:], 0, 1,
                                 ["telecom.statements.done_said"]))
            files["valid_alternatives"].append(_entry(task, "line_said_resumed_after_resuming", "good",
                                                      truth[:z + 1] + [resumed] + truth[z + 1:], 1, 1))
            world = domain.load_data(task.seed)
            owner = next(c for c in world["customers"] if c["customer_id"] == truth[p].kwargs["customer_id"])
            newest = sorted((b for b in world["bills"] if b["bill_id"] in owner["bill_ids"]), key=lambda b: b["issue_date"],
                            reverse=True)
            place = [b["bill_id"] for b in newest].index(truth[p].kwargs["bill_id"])
            if place > 0:  # a list cut short before the requested bill shows nothing of it (round 6)
                short = Action(name="get_bills_for_customer", kwargs={"customer_id": owner["customer_id"], "limit": place})
                breaks.append(_entry(task, "payment_request_after_a_short_list", "bad", truth[:b] + [short] + truth[b + 1:],
                                     0, 1, ["telecom.payment.bill_checked_first"]))
                breaks.append(_entry(task, "paid_said_after_a_short_list", "bad", truth[:m + 1] + [short, said] + truth[m + 1:],
                                     0, 1, ["telecom.payment.paid_checked"]))
            early = truth[:p] + [truth[z]] + truth[p:z] + truth[z + 1:]
            breaks.append(_entry(task, "resume_before_payment", "bad", early, 0, 1,
                                 ["telecom.resume.overdue_paid_first"]))
            suspended = _init_args(tau2[task.id], "suspend_line_for_overdue_bill")
            world = domain.load_data(task.seed)
            customer = next(c for c in world["customers"] if c["customer_id"] == task.user_id)
            other = next(b["bill_id"] for b in world["bills"] if b["bill_id"] in customer["bill_ids"]
                         and b["status"] == "Paid" and b["bill_id"] != suspended.get("new_bill_id"))
            wrong = truth[:p] + [Action(name="send_payment_request", kwargs={**truth[p].kwargs, "bill_id": other})] + truth[p + 1:]
            breaks.append(_entry(task, "payment_request_not_overdue", "bad", wrong, 0, 0,
                                 ["telecom.payment.overdue_only", "telecom.resume.overdue_paid_first"]))
        if TRANSFER in names:
            t = _index(truth, TRANSFER)
            breaks.append(_entry(task, "transfer_unannounced", "bad", truth[:t + 1] + truth[t + 2:], 0, 1,
                                 ["telecom.transfer.hold_message"]))
            breaks.append(_entry(task, "announced_not_transferred", "bad", truth[:t] + truth[t + 1:], 0, 1,
                                 ["telecom.transfer.call_first"]))
            fixes = [step for fault, steps in FIXES.items() if fault in task.id for step in steps]
            if fixes:  # the manual's fixes tried first: tau2's assertion (no service) still holds
                tried = [x for words, tool in fixes for x in (
                    Action(name="respond", kwargs={"content": f"Please do this on your phone now: {words}."}),
                    Action(name=tool, kwargs={}))]
                files["valid_alternatives"].append(_entry(task, "fixes_tried_then_transfer", "good",
                                                          truth[:t] + tried + truth[t:], 1, 0))
            suspended = _init_args(tau2[task.id], "suspend_line_for_overdue_bill")
            if suspended.get("contract_ended"):
                resume = Action(name="resume_line", kwargs={"customer_id": suspended["customer_id"],
                                                            "line_id": suspended["line_id"]})
                breaks.append(_entry(task, "resumed_contract_ended", "bad", truth[:1] + [resume] + truth[1:], 0, 0,
                                     ["telecom.resume.overdue_paid_first"], ["telecom.resume.contract_ended"]))
        users = [i for i, n in enumerate(names) if n.startswith("user:")]
        if users:
            last = users[-1]
            skipped = truth[:last - 1] + truth[last + 1:]
            breaks.append(_entry(task, "customer_step_skipped", "bad", skipped, 0, 0))
    files["rule_breaks"] += _checked_first_breaks(tasks)
    return files


BILL_TASK = "[service_issue]overdue_bill_suspension|unseat_sim_card[PERSONA:Easy]"
ROAMING_TASK = ("[mms_issue]airplane_mode_on|bad_network_preference|bad_wifi_calling|break_apn_mms_setting|"
                "break_app_sms_permission|data_mode_off|data_usage_exceeded|unseat_sim_card|"
                "user_abroad_roaming_disabled_on[PERSONA:None]")


def _checked_first_breaks(tasks: List[Any]) -> List[Dict[str, Any]]:
    """The read a step needs, of another record or not at all (round 5): a payment request after a
    look-up of another bill (telecom.payment.bill_checked_first: the bill checked is the bill
    requested), and roaming enabled on a line no read showed (telecom.roaming.checked_first)."""
    out = []
    by_id = {t.id: t for t in tasks}
    if BILL_TASK in by_id:
        task = by_id[BILL_TASK]
        truth = list(task.actions)
        b = _index(truth, "get_bills_for_customer")
        other = truth[:b] + [Action(name="get_details_by_id", kwargs={"id": "B1001"})] + truth[b + 1:]
        out.append(_entry(task, "another_bill_checked_before_the_request", "bad", other, 0, 1,
                          ["telecom.payment.bill_checked_first"]))
    if ROAMING_TASK in by_id:
        task = by_id[ROAMING_TASK]
        truth = list(task.actions)
        e = _index(truth, "enable_roaming")
        line = truth[e].kwargs["line_id"]
        unread = [a for i, a in enumerate(truth) if not (i < e and a.name == "get_details_by_id" and a.kwargs.get("id") == line)]
        out.append(_entry(task, "roaming_enabled_unchecked", "bad", unread, 0, 1, ["telecom.roaming.checked_first"]))
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, entries in build().items():
        (OUT / f"{name}.json").write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}: {len(entries)} entries")


if __name__ == "__main__":
    main()
