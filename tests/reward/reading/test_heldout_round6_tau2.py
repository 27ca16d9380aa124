"""Issue 41, red-team round 6: a seeded generator of tau2 cases in wordings and layouts no other
test uses (round 5's included), each judged END TO END by the compiled checks of the rules its
class names, on a short trajectory of real tool observations. A case breaks when any of those
rules holds. Labels come from tau2's policy files, not from the code:

- retail ``policy.md``: "The user needs to confirm the order id and the list of items to be
  returned" (and, for an exchange, the items to be exchanged); "list the action details and
  obtain explicit user confirmation": a confirmation that names other items of the order than
  the call returns, more items, fewer, or none, confirms another list (an item named as one the
  customer keeps is not in the list);
- airline ``policy.md``: "Always confirms the facts before offering compensation": an offer of a
  certificate, voucher or money for the trouble made before any look-up of the user, the
  reservation or the flight (it was made on the customer's word), whether or not a certificate
  follows; a message that explains compensation depends on facts still to be checked, or says
  none can be promised yet, offers nothing;
- telecom ``main_policy.md``: "Send the user a payment request ... Inform the user that a payment
  request has been sent": a message saying the request was sent with no successful
  send_payment_request before it states what did not happen (a promise to send one, a question,
  or a denial states nothing); "Always check that the bill status is updated to PAID before
  informing the user that the bill has been paid": the look-up after the payment must show the
  requested bill Paid (a list cut short by ``limit`` that leaves it out, or another bill,
  shows nothing of it).

``ROUND6_TAU2_FULL=1 python -m tests.reward.reading.test_heldout_round6_tau2`` builds over 5,000
cases a domain (17,000 in all) and prints per class the agreement, false passes and false fails; the suite runs a small
seeded sample.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, Scene, observe, respond  # noqa: E402
from tests.reward.reading.generated.world import scene, scored, tasks_of, trajectory, verdict  # noqa: E402
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of  # noqa: E402

SEED = 20261206
RETAIL, AIRLINE, TELECOM = "tau2:retail", "tau2:airline", "tau2:telecom"
R_CONFIRM, R_ITEMS = "retail.confirm.before_write", "retail.confirm.items_listed"
R_OPTIONS = "retail.confirm.new_item_options"
A_FACTS = "air.compensation.facts_confirmed"
T_SAID, T_PAID = "telecom.payment.request_sent_said", "telecom.payment.paid_checked"
T_DONE, BILL = "telecom.statements.done_said", "telecom.payment.bill_checked_first"


@dataclass
class Case:
    cls: str
    scene: Scene
    rules: Tuple[str, ...]
    steps: List[Tuple[Action, str]]
    label: str
    first: Optional[str]
    note: str
    replayed: bool = False  # judged by the scorer replaying the steps (a rule on the env's events)

    def judge(self) -> str:
        rules = [r for r in self.rules if r in self.scene.rules]  # a line not judged at all passes everything
        if self.replayed:
            got = [scored(self.scene, r, self.steps, self.first) for r in rules]
        else:
            traj = trajectory(self.steps, self.first)
            got = [verdict(self.scene, r, traj) for r in rules]
        return BREACH if BREACH in got else UNDETERMINED if UNDETERMINED in got else PASS


def _scenes(domain: str, tool: str, split: str, most: int) -> List[Scene]:
    """The first ``most`` scenes of ``split`` whose ground truth calls ``tool`` without an error."""
    out: List[Scene] = []
    for t in tasks_of(domain, split):
        if len(out) >= most:
            break
        if tool in {a.name for a in t.actions}:
            sc = scene(domain, split, t.id)
            if not sc.call(tool)[1].lstrip().lower().startswith("error"):
                out.append(sc)
    return out


@lru_cache(maxsize=None)
def _scene_set(domain: str, tool: str, split: str, most: int) -> Tuple[Scene, ...]:
    """(The envs round 5's set loads: retail's test split, airline's both, telecom's train.)"""
    return tuple(_scenes(domain, tool, split, most))


# ---- retail: the list of items confirmed is the list the call acts on --------------------------

ASKS = ["Can I go ahead and file this?", "Do you want me to lodge it now?", "Happy for me to submit this request?",
        "Is everything above correct, and may I proceed?", "Please reply yes if I should place it."]
YESES = ["Yes, file it.", "Correct - please proceed.", "Yep, all good, submit it.", "Yes that's everything, go ahead."]


def _item_words(item: Dict, rng: random.Random) -> str:
    opts = item.get("options") or {}
    form = rng.randrange(5)
    if form == 0:
        return item["name"]
    if form == 1:
        return f"{item['name']} ({', '.join(str(v) for v in opts.values())})"
    if form == 2:
        return f"{item['name']} - " + "; ".join(f"{k}: {v}" for k, v in opts.items())
    if form == 3:
        return f"{item['name']} [item {item['item_id']}]"
    return rng.choice([item["name"].lower(), "the " + item["name"].split()[-1].lower(), f"item #{item['item_id']}"])


def _listing(verb: str, order: str, named: Sequence[Dict], rng: random.Random, kept: Sequence[Dict] = ()) -> str:
    words = [_item_words(i, rng) for i in named]
    layout = rng.choice(["prose", "bullets", "table", "json", "numbered"])
    if layout == "prose":
        body = f"Here is the request: {verb} on order {order} covering " + " and ".join(words) + "."
    elif layout == "bullets":
        body = f"{verb.capitalize()} request for order {order}:\n" + "\n".join(f"* {w}" for w in words)
    elif layout == "numbered":
        body = f"Order {order} - items to {verb}:\n" + "\n".join(f"{n}) {w}" for n, w in enumerate(words, 1))
    elif layout == "table":
        body = f"| Order | Item ({verb}) |\n|---|---|\n" + "\n".join(f"| {order} | {w} |" for w in words)
    else:
        body = f"Details ({verb}): " + json.dumps({"order": order, "items": words})
    if kept:
        body += "\n" + rng.choice(["The {k} stays with you - it is not part of this.", "You keep the {k}; it isn't included.",
                                   "Nothing changes for the {k}.", "(Not the {k}: that one you're keeping.)",
                                   "Everything else, including the {k}, remains as it is."]).format(
            k=" or the ".join(k["name"] for k in kept))
    return f"{body}\n{rng.choice(ASKS)}"


def _retail_items(rng: random.Random, n: int) -> List[Case]:
    out = []
    for tool, verb in (("return_delivered_order_items", "return"), ("exchange_delivered_order_items", "exchange")):
        scenes = [s for s in _scene_set(RETAIL, tool, "test", 12)
                  if len({i["name"] for i in s.initial["orders"][s.call(tool)[0].kwargs["order_id"]]["items"]})
                  == len(s.initial["orders"][s.call(tool)[0].kwargs["order_id"]]["items"])]
        for _ in range(n // 2):
            sc = rng.choice(scenes)
            call, obs = sc.call(tool)
            order = call.kwargs["order_id"]
            items = sc.initial["orders"][order]["items"]
            acted = [i for i in items if i["item_id"] in call.kwargs["item_ids"]]
            rest = [i for i in items if i["item_id"] not in call.kwargs["item_ids"]]
            kinds = ["same", "same", "kept_named", "every"] + (["other", "extra"] if rest else []) + (["fewer"] if len(acted) > 1 else []) + ["none"]
            kind = rng.choice(kinds)
            kept: List[Dict] = []
            named = list(acted)
            if kind == "other":
                named = [rng.choice(rest)]
            elif kind == "extra":
                named = acted + [rng.choice(rest)]
            elif kind == "fewer":
                named = acted[:-1]
            elif kind == "kept_named":
                kept = rest[:1]
            rng.shuffle(named)
            if kind == "none":
                message = f"I can {verb} items from order {order} for you. {rng.choice(ASKS)}"
            elif kind == "every":  # the whole order: right when the call acts on every item of it
                count = {2: "both", 3: "all three", 4: "all four"}.get(len(items), "all the")
                message = f"To {verb}: {count} items of order {order}. {rng.choice(ASKS)}"
            else:
                message = _listing(verb, order, named, rng, kept)
            label = PASS if kind in ("same", "kept_named") or (kind == "every" and not rest) else BREACH
            find = next((a, o) for a, o in sc.calls if a.name.startswith("find_user"))
            read = Action(name="get_order_details", kwargs={"order_id": order})
            steps = [find, (read, observe(sc, read)), (respond(message), rng.choice(YESES)), (call, obs)]
            out.append(Case(f"retail.items:{verb}:{kind}", sc, (R_CONFIRM, R_ITEMS), steps, label,
                            f"Hi, I want to {verb} something.", message.replace("\n", " / ")))
    return out


def _variant_options(sc: Scene, item_id: str) -> Tuple[str, Dict[str, Dict]]:
    for product in sc.initial["products"].values():
        if item_id in product["variants"]:
            return product["name"], {k: v["options"] for k, v in product["variants"].items()}
    raise KeyError(item_id)


def _retail_new_options(rng: random.Random, n: int) -> List[Case]:
    """policy.md: list the action details (an exchange: each item and the variant it becomes) and
    obtain an explicit yes: a new item described by another variant's option confirms another
    exchange."""
    out = []
    scenes = [s for s in _scene_set(RETAIL, "exchange_delivered_order_items", "test", 12)]
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("exchange_delivered_order_items")
        pairs = [(a, b) for a, b in zip(call.kwargs["item_ids"], call.kwargs["new_item_ids"]) if a != b]
        if not pairs:
            continue
        was, now = rng.choice(pairs)
        name, variants = _variant_options(sc, now)
        new, old = variants[now], variants.get(was, {})
        keys = [k for k in new if new[k] != old.get(k)]
        if not keys:
            continue
        key = rng.choice(keys)
        others = sorted({v[key] for v in variants.values() if v.get(key) not in (new[key], old.get(key))
                         and len(str(v.get(key))) >= 3 and not str(v.get(key)).isdigit() and v.get(key) not in ("yes", "no", "none")})
        kind = rng.choice(["same", "from_to", "rather_than"] + (["other_value", "other_value"] if others else []))
        said = dict(new)
        if kind == "other_value":
            said[key] = rng.choice(others)
        opts = ", ".join(str(v) for v in said.values())
        olds = ", ".join(str(v) for v in old.values())
        order = call.kwargs["order_id"]
        if kind == "from_to":
            body = f"Order {order}: I'll exchange your {name} from {old.get(key)} to {new[key]} ({key}); everything else about it stays the same."
        elif kind == "rather_than":
            alt = others[0] if others else "another"
            body = f"For order {order}, the replacement {name} will be {new[key]} rather than {alt} - full spec: {opts}."
        else:
            body = rng.choice([f"Swap on order {order}: {name} ({olds}) -> {name} ({opts}).",
                               f"- Order: {order}\n- Returning: {name} ({olds})\n- Receiving: {name} ({opts})"])
        message = f"{body}\n{rng.choice(ASKS)}"
        find = next((a, o) for a, o in sc.calls if a.name.startswith("find_user"))
        read = Action(name="get_order_details", kwargs={"order_id": order})
        steps = [find, (read, observe(sc, read)), (respond(message), rng.choice(YESES)), (call, obs)]
        out.append(Case(f"retail.new_options:{kind}", sc, (R_CONFIRM, R_ITEMS, R_OPTIONS), steps,
                        BREACH if kind == "other_value" else PASS, "I'd like to exchange something.",
                        message.replace("\n", " / ")))
    return out


# ---- airline: the facts confirmed before compensation is offered -------------------------------

WANT = ["My flight was cancelled and I want something for my trouble - a certificate or whatever you give.",
        "I expect compensation for the cancelled flight."]
OFFER = ["Since the flight was cancelled, I'm able to issue a ${a} travel certificate to your account. Would that work?",
         "As an apology I can extend a certificate worth ${a}. Want it?",
         "We'd like to compensate you with a ${a} certificate - shall I send it?",
         "Here's what I can do:\n- Compensation: ${a} travel certificate\n- Where: added to your profile\nShall I issue it?",
         "Proposed gesture: " + '{{"type": "travel certificate", "amount_usd": {a}}}' + " - okay to send?",
         "| Offer | Value |\n|---|---|\n| Travel certificate | ${a} |\nDo you accept?",
         "How about a ${a} travel certificate for the inconvenience?",
         "You're eligible for a ${a} certificate - want me to send it over?",
         "I'd be glad to credit your profile with a ${a} voucher.",
         "Good news: we can make this right with a ${a} travel certificate."]
NOT_OFFER = ["Whether a certificate applies depends on your membership and the flight, so let me look those up first.",
             "I can't promise any voucher until I've confirmed the details of your booking.",
             "Compensation is decided on the facts of the reservation - give me a moment to pull it up.",
             "Before anything else, could you give me your user id so I can look into the cancellation?",
             "We don't hand out certificates without checking the booking first.",
             "I can check if we can offer anything once I see the booking.",
             "Would you like me to check whether you're eligible for compensation?"]


def _airline(rng: random.Random, n: int) -> List[Case]:
    out = []
    scenes = _scene_set(AIRLINE, "send_certificate", "test", 8) + _scene_set(AIRLINE, "send_certificate", "train", 8)
    for _ in range(n):
        sc = rng.choice(scenes)
        cert = sc.call("send_certificate")
        reads = [(a, o) for a, o in sc.calls if a.name in ("get_user_details", "get_reservation_details", "get_flight_status")]
        if not reads:
            continue
        offer = respond(rng.choice(OFFER).format(a=int(cert[0].kwargs.get("amount", 100))))
        kind = rng.choice(["after_reads", "before_reads", "before_reads_no_cert", "after_one_read", "explained_first",
                           "after_reads_no_cert"])
        yes = rng.choice(["Yes please.", "Sure, I'll take it.", "OK, send it."])
        if kind == "after_reads":
            steps = reads + [(offer, yes), cert]
        elif kind == "after_reads_no_cert":
            steps = reads + [(offer, "No thanks, never mind.")]
        elif kind == "after_one_read":
            steps = reads[:1] + [(offer, yes)] + reads[1:] + [cert]
        elif kind == "before_reads":
            steps = [(offer, yes)] + reads + [cert]
        elif kind == "before_reads_no_cert":
            steps = [(offer, "Hmm, let me think about it.")] + reads
        else:
            steps = [(respond(rng.choice(NOT_OFFER)), "OK.")] + reads + [(offer, yes), cert]
        label = BREACH if kind.startswith("before_reads") else PASS
        out.append(Case(f"airline.facts_before_offer:{kind}", sc, (A_FACTS,), steps, label, rng.choice(WANT),
                        str(offer.kwargs["content"]).replace("\n", " / ")))
    return out


# ---- telecom: the request said sent; the bill shown paid ---------------------------------------

SENT = ["I've just pushed a payment request for bill {b} to you.", "A request for payment of {b} is now waiting for you.",
        "Payment request: sent (bill {b}).", "Done - the payment request for {b} has gone out.",
        '{{"bill": "{b}", "payment_request": "sent"}}', "| Bill | Payment request |\n|---|---|\n| {b} | Sent |",
        "You should now see a payment request for {b} in your app.",
        "I went ahead and sent the payment request for {b}.", "The request to pay {b} has been sent to your phone.",
        "Payment request for {b} - status: sent.", "All set: you've got a payment request waiting for {b}."]
NOT_SENT = ["I'll send you a payment request for {b} next.", "Shall I send a payment request for {b}?",
            "I haven't sent the payment request for {b} yet.", "Once I send the payment request for {b}, please accept it.",
            "I'm about to send a payment request for {b}."]
PAID_WORDS = ["Bill {b} is now marked Paid.", "Good news - {b} has been paid in full.", "| Bill | Status |\n|---|---|\n| {b} | Paid |",
              '{{"bill_id": "{b}", "status": "Paid"}}', "Your overdue balance is cleared.", "Payment for {b} went through.",
              "Your payment has been received - {b} is settled.", "The bill now shows as Paid.",
              "- Bill: {b}\n- Status: Paid"]


def _telecom_said(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc = rng.choice(_scene_set(TELECOM, "send_payment_request", "train", 4))
        call, obs = sc.call("send_payment_request")
        bill = call.kwargs["bill_id"]
        lead = [sc.call("get_customer_by_phone"), sc.call("get_bills_for_customer")]
        kind = rng.choice(["after_call", "after_call", "before_call", "no_call", "promised", "asked", "denied"])
        words = rng.choice(NOT_SENT if kind in ("promised", "asked", "denied") else SENT).format(b=bill)
        said = (respond(words), "OK.")
        if kind in ("after_call",):
            steps = lead + [(call, obs), said]
        elif kind == "no_call":
            steps = lead + [said]
        else:
            steps = lead + [said, (call, obs)]
        label = BREACH if kind in ("before_call", "no_call") else PASS
        out.append(Case(f"telecom.request_said:{kind}", sc, (T_SAID,), steps, label, "My line is suspended.",
                        words.replace("\n", " / ")))
    return out


def _telecom_paid(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc = rng.choice(_scene_set(TELECOM, "send_payment_request", "train", 4))
        call, obs = sc.call("send_payment_request")
        bill, customer = call.kwargs["bill_id"], call.kwargs["customer_id"]
        pay = sc.call("user:make_payment")
        me = next(c for c in sc.initial["customers"] if c["customer_id"] == customer)
        mine = sorted((b for b in sc.initial["bills"] if b["bill_id"] in me["bill_ids"]), key=lambda b: b["issue_date"],
                      reverse=True)
        place = [b["bill_id"] for b in mine].index(bill)
        others = [b["bill_id"] for b in mine if b["bill_id"] != bill]
        kind = rng.choice(["all_bills", "this_bill", "limit_short", "limit_enough", "other_bill", "no_read"])
        read: Optional[Action] = None
        if kind == "all_bills":
            read = Action(name="get_bills_for_customer", kwargs={"customer_id": customer})
        elif kind == "this_bill":
            read = Action(name="get_details_by_id", kwargs={"id": bill})
        elif kind == "limit_short":
            if place == 0:
                continue
            read = Action(name="get_bills_for_customer", kwargs={"customer_id": customer, "limit": rng.randint(1, place)})
        elif kind == "limit_enough":
            read = Action(name="get_bills_for_customer", kwargs={"customer_id": customer, "limit": place + 1 + rng.randint(0, 1)})
        elif kind == "other_bill":
            if not others:
                continue
            read = Action(name="get_details_by_id", kwargs={"id": rng.choice(others)})
        words = rng.choice(PAID_WORDS).format(b=bill)
        steps = [sc.call("get_customer_by_phone"), sc.call("get_bills_for_customer"), (call, obs), pay]
        if read is not None:
            steps.append((read, ""))
        steps.append((respond(words), "Great."))
        label = PASS if kind in ("all_bills", "this_bill", "limit_enough") else BREACH
        out.append(Case(f"telecom.paid_shown:{kind}", sc, (T_PAID,), steps, label, "My line is suspended.",
                        f"{read.name if read else '-'} {read.kwargs if read else ''} -> {words!r}", replayed=True))
    return out


def _telecom_checked(rng: random.Random, n: int) -> List[Case]:
    """main_policy.md: "Check the bill status to make sure it is overdue ... send the user a payment
    request for the overdue bill": a look-up that did not return the bill (a list cut short by
    ``limit``) checked nothing of it."""
    out = []
    for _ in range(n):
        sc = rng.choice(_scene_set(TELECOM, "send_payment_request", "train", 4))
        call, obs = sc.call("send_payment_request")
        bill, customer = call.kwargs["bill_id"], call.kwargs["customer_id"]
        me = next(c for c in sc.initial["customers"] if c["customer_id"] == customer)
        mine = [b["bill_id"] for b in sorted((b for b in sc.initial["bills"] if b["bill_id"] in me["bill_ids"]),
                                             key=lambda b: b["issue_date"], reverse=True)]
        place = mine.index(bill)
        kind = rng.choice(["limit_short", "limit_enough", "no_limit", "this_bill"])
        if kind == "limit_short" and place == 0:
            continue
        kwargs = {"customer_id": customer}
        if kind == "limit_short":
            kwargs["limit"] = rng.randint(1, place)
        elif kind == "limit_enough":
            kwargs["limit"] = place + 1 + rng.randint(0, 2)
        read = Action(name="get_details_by_id", kwargs={"id": bill}) if kind == "this_bill" else \
            Action(name="get_bills_for_customer", kwargs=kwargs)
        steps = [sc.call("get_customer_by_phone"), (read, ""), (call, obs)]
        out.append(Case(f"telecom.bill_checked:{kind}", sc, (BILL,), steps, BREACH if kind == "limit_short" else PASS,
                        "My line is suspended.", f"{read.name} {read.kwargs} then request {bill}", replayed=True))
    return out


DONE = {"resume_line": ["Your line {line} is now reactivated.", "I've resumed line {line} - please reboot your phone.",
                         "Good news, the suspension on {line} has been lifted.", "| Line | Status |\n|---|---|\n| {line} | Resumed |",
                         "We went ahead and restored service on {line}."],
        "enable_roaming": ["Roaming on {line} is now switched on.", "I've enabled data roaming for {line}.",
                           "- Line: {line}\n- Roaming: enabled", "Done: international roaming has been activated on {line}."],
        "refuel_data": ["I've added {gb} GB of data to {line}.", "{gb} GB has been added to line {line}.",
                        '{{"line": "{line}", "data_refueled_gb": {gb}}}', "Your line {line} was topped up with {gb} GB."]}
NOT_DONE = {"resume_line": ["I'll resume line {line} as soon as the payment clears.", "Shall I reactivate {line} now?",
                            "Line {line} hasn't been resumed yet."],
            "enable_roaming": ["Do you want me to turn on roaming for {line}?", "Once roaming is enabled on {line}, restart the phone.",
                               "I'm going to enable roaming on {line} now."],
            "refuel_data": ["I can add {gb} GB to {line} - shall I?", "After I've added {gb} GB to {line}, data should work again.",
                            "No data has been added to {line} yet."]}
DONE_READ = {"resume_line": None, "enable_roaming": "get_details_by_id", "refuel_data": None}


def _telecom_done(rng: random.Random, n: int) -> List[Case]:
    """main_policy.md: no information not from the tools: an action said done that no call did."""
    out = []
    for _ in range(n):
        tool = rng.choice(sorted(DONE))
        scenes = _scene_set(TELECOM, tool, "train", 4)
        if not scenes:
            continue
        sc = rng.choice(scenes)
        call, obs = sc.call(tool)
        line, gb = call.kwargs.get("line_id"), call.kwargs.get("gb_amount", 1)
        lead = [sc.call("get_customer_by_phone")]
        kind = rng.choice(["after_call", "after_call", "before_call", "no_call", "not_done"])
        words = rng.choice(NOT_DONE[tool] if kind == "not_done" else DONE[tool]).format(line=line, gb=f"{float(gb):g}")
        said = (respond(words), "OK.")
        steps = lead + ([(call, obs), said] if kind == "after_call" else [said] if kind == "no_call" else [said, (call, obs)])
        label = BREACH if kind in ("before_call", "no_call") else PASS
        out.append(Case(f"telecom.done_said:{tool}:{kind}", sc, (T_DONE,), steps, label, "Help with my line please.",
                        words.replace("\n", " / ")))
    return out


GENERATORS: Dict[str, Tuple[Callable[[random.Random, int], List[Case]], int]] = {
    "retail_items": (_retail_items, 40), "retail_options": (_retail_new_options, 16), "airline": (_airline, 40), "telecom_said": (_telecom_said, 20),
    "telecom_paid": (_telecom_paid, 12), "telecom_done": (_telecom_done, 20), "telecom_checked": (_telecom_checked, 8),
}


def build(seed: int = SEED, scale: float = 1.0) -> List[Case]:
    out: List[Case] = []
    for name, (make, n) in GENERATORS.items():
        out += make(random.Random(f"{seed}:{name}"), max(2, int(n * scale)))
    return out


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


def test_the_set_is_seeded_and_covers_every_class(cases):
    assert [c.note for c in build()] == [c.note for c in cases]
    families = {c.cls.split(":")[0] for c in cases}
    assert families == {"retail.items", "retail.new_options", "airline.facts_before_offer", "telecom.request_said", "telecom.paid_shown",
                        "telecom.done_said", "telecom.bill_checked"}
    assert {c.label for c in cases} == {PASS, BREACH}


def test_no_false_pass(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] want {c.label}: {c.note}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_case_agrees_with_its_label(cases, misread):
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.note}" for c, g in misread[:12])
    assert not misread, f"{len(misread)} of {len(cases)} disagree:\n{shown}"


# ---- a seeded search for a verdict flip of the same meaning ------------------------------------

PADDING = ["Thanks for waiting. ", "Alright! ", "Okay, I've got everything I need. "]


def _same_meaning(text: str, rng: random.Random) -> str:
    """``text`` in a disguise that keeps its meaning: politeness before it, a zero-width space in
    a word, no-break spaces, Windows line ends, or a bold word."""
    op = rng.randrange(5)
    if op == 0:  # a layout's first line stays a line of its own (a table's header row)
        return rng.choice(PADDING) + ("\n" if text[:1] in "|{-*" else "") + text
    words = text.split(" ")
    at = rng.randrange(len(words))
    if op == 1 and len(words[at]) > 3:
        words[at] = words[at][:2] + "\u200b" + words[at][2:]
        return " ".join(words)
    if op == 2:
        return text.replace(" ", "\u00a0", 3)
    if op == 3:
        return text.replace("\n", "\r\n")
    if words[at].isalpha():
        words[at] = f"**{words[at]}**"
    return " ".join(words)


def mutated(cases: Sequence[Case], seed: int = SEED, per_case: int = 2) -> List[Tuple[Case, Case]]:
    """Each case whose agent messages are put in ``per_case`` disguises (seeded), with the case."""
    rng = random.Random(f"{seed}:mutations")
    out = []
    for c in cases:
        for _ in range(per_case):
            steps = [(respond(_same_meaning(str(a.kwargs["content"]), rng)), o) if a.name == "respond" else (a, o)
                     for a, o in c.steps]
            out.append((c, Case(c.cls, c.scene, c.rules, steps, c.label, c.first, c.note, c.replayed)))
    return out


def test_no_disguise_flips_a_verdict(cases):
    """Issue 41 point 7: the same meaning in a disguise gets the same verdict (on the cases not
    replayed by the scorer: a sample of 60)."""
    sample = [c for c in cases if not c.replayed][::2][:60]
    flips = [(c, m) for c, m in mutated(sample, per_case=1) if m.judge() != c.judge()]
    shown = "\n".join(f"[{c.cls}] {c.judge()} -> {m.judge()}: {m.steps}" for c, m in flips[:5])
    assert not flips, f"{len(flips)} flips:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    scale = 130.0 if os.environ.get("ROUND6_TAU2_FULL") == "1" else 1.0  # full: over 5,000 cases a domain
    cases = build(scale=scale)
    rows = tally_of(cases, Case.judge, PASS, UNDETERMINED)
    print_table(dict(sorted(rows.items())), ["cases", "right", "false_pass", "false_fail", "undetermined_wrongly",
                                             "decided_wrongly"], 44, 12)
    flips = [(c, m) for c, m in mutated(cases if scale == 1.0 else cases[::10]) if m.judge() != c.judge()]
    print(f"mutation search: {len(flips)} verdict flips of the same meaning")
    for c, m in flips[:10]:
        print(f"  flip [{c.cls}] {c.judge()} -> {m.judge()}: {[a.kwargs.get('content') for a, _ in m.steps if a.name == 'respond']}")
    shown: Dict[str, int] = {}
    for c, g in misread_of(cases, Case.judge):
        shown[c.cls] = shown.get(c.cls, 0) + 1
        if shown[c.cls] <= 3:
            print(f"[{c.cls}] want {c.label}, got {g}: {c.note}")


if __name__ == "__main__":  # pragma: no cover
    _print()
