"""Issue 41, red-team round 5: a seeded generator of tau2 cases in wordings the other tau2 tests
do not use, judged END TO END by each rule's compiled check on a short trajectory (the real S0,
the real tool observations, the generated words). Labels come from tau2's policy files, not from
the code:

- retail ``policy.md``: before a cancellation, list the details and obtain an explicit yes; the
  user confirms the order id and the reason ('no longer needed' or 'ordered by mistake'); "an
  order can only be cancelled [modified, returned, exchanged] if its status is ..., and you
  should check its status before taking the action" (the status is what get_order_details
  shows: no other tool shows it before the write).
- airline ``policy.md``: "Do not proactively offer a compensation unless the user explicitly
  asks for one": an offer the customer then accepts was proactive; where the user only
  complains about a cancelled or delayed flight, the next paragraph ("If the user complains
  about cancelled flights ..., the agent can offer a certificate") and the first disagree, and
  the rule abstains; where the customer's first message was not recorded, whether they asked
  before the offer is not known (abstain).
- telecom ``main_policy.md``: to refuel, "confirm the price" (the amount and the price said, in
  figures or in words, then a yes); to pay an overdue bill, "check the bill status to make sure
  it is overdue" of the bill the request is sent for (a look-up of another bill checks nothing
  about this one); "check if the line is roaming enabled. If it is not, you should enable it" (the
  line's details read before enabling its roaming).

Reply classes (SPEC §10): the same yes or no in other words, a hedge (undetermined; a stated doubt, "not sure", is
no explicit yes: a breach), a "do you
mind" question ("Not at all" agrees), a contrast clause that changes an argument (another
reason or order: no consent to the call made), an echo of the call's verb, and the customer
addressed by title and name inside the question ("..., Ms. Lopez?"), which must not change what
the question asks. ``python -m tests.reward.reading.test_heldout_round5_tau2`` prints per class
the agreement, false passes and false fails.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, List, Optional, Tuple

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra (pip install -e '.[tau2]')")

from tau_shaped import Action  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, Scene, observe, respond  # noqa: E402
from tests.reward.reading.generated.world import scene, tasks_of, trajectory, verdict  # noqa: E402
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of  # noqa: E402

SEED = 20261129
RETAIL, AIRLINE, TELECOM = "tau2:retail", "tau2:airline", "tau2:telecom"
CONFIRM, STATUS = "retail.confirm.before_write", "retail.status.checked_first"
ASKED, PRICE, BILL = "air.compensation.asked_for", "telecom.refuel.confirm_price", "telecom.payment.bill_checked_first"
ROAMING = "telecom.roaming.checked_first"
ORDER_WRITES = ("cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
                "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items")


@dataclass
class Case:
    cls: str
    domain: str
    scene: Scene
    rule: str
    steps: List[Tuple[Action, str]]
    label: str
    first: Optional[str]
    note: str

    def judge(self) -> str:
        if self.rule not in self.scene.rules:  # a line not judged at all passes everything
            return PASS
        return verdict(self.scene, self.rule, trajectory(self.steps, self.first))


# ---- scenes --------------------------------------------------------------------------------

def _scenes(domain: str, tool: str, splits: Tuple[str, ...] = ("test", "train")) -> List[Scene]:
    out = []
    for split in splits:
        for t in tasks_of(domain, split):
            if tool in {a.name for a in t.actions}:
                sc = scene(domain, split, t.id)
                if not sc.call(tool)[1].lstrip().lower().startswith("error"):
                    out.append(sc)
    return out


@lru_cache(maxsize=None)
def _retail(tool: str) -> Tuple[Scene, ...]:
    return tuple(_scenes(RETAIL, tool, ("test",)))


@lru_cache(maxsize=None)
def _airline_certificates() -> Tuple[Scene, ...]:
    return tuple(_scenes(AIRLINE, "send_certificate"))


@lru_cache(maxsize=None)
def _telecom(tool: str) -> Tuple[Scene, ...]:
    return tuple(_scenes(TELECOM, tool, ("train",))[:4])


# ---- retail consent --------------------------------------------------------------------------

REASON_WORDS = {"no longer needed": ["it's no longer needed", "you no longer need it", "no longer needed"],
                "ordered by mistake": ["it was ordered by mistake", "you ordered it by mistake", "ordered by mistake"]}
BODY = ["- cancel: {order}\n- reason: {why}", "To confirm: order {order} gets cancelled, reason {why}.", "Here's where we are: order {order} would be cancelled, reason on file: {why}. The money goes back the way "
        "you paid.", "Quick recap before I touch anything - cancelling {order}, because {why}.",
        "Order {order} is pending, so it can still be cancelled; I'll note that {why}."]
TITLES = ["Ms.", "Mr.", "Mrs.", "Dr.", "Mx."]
PLAIN_ASK = ["Should I put that through?", "Are you happy for me to submit it?", "Can I finalize that for you?",
             "Do I have your OK on this?", "Want me to proceed?"]
MIND_ASK = ["Would it be a problem if I submit it now?", "Any objection to me finalizing it?",
            "Do you mind if I put it through?"]
INFO_ASK = ["Would you like to hear how long the refund usually takes?", "Do you want to know where the refund goes?",
            "Would you like me to explain the process first?"]
YES = ["Please go ahead with it.", "That's right, do it.", "Yep, put it through.", "Go for it.",
       "Sounds right - proceed.", "Yes, that's what I want.", "Correct, you can submit it.", "Mm-hmm, go on.",
       "Uh-huh.", "Absolutely, thanks."]
NO = ["Hold off please.", "No - leave it as it is.", "I'd prefer you didn't.", "Let's not do that.",
      "Don't submit it yet."]
HEDGE = ["Possibly, I guess.", "I suppose so?", "Probably, yeah?"]
DOUBT = ["Maybe? I'm not totally sure.", "I think so... not certain though."]
MIND_YES = ["No problem at all, go ahead.", "Not at all.", "Nope, go for it.", "None at all."]
MIND_NO = ["Yes, I'd mind that.", "Actually yes, I do object.", "Yes, that would be a problem.", "I do, actually."]
ECHO_YES = ["Yes, cancel it.", "Cancel it, please.", "Go ahead and cancel it."]
ECHO_NO = ["Don't cancel it.", "No, don't cancel it after all."]
SIDE_REMARK = ["Yes please, though I'm annoyed it came to this.", "Sure - shame, it looked nice though."]


def _named(ask: str, sc: Scene, rng: random.Random) -> str:
    """``ask`` with the customer addressed by title and surname or first name, before or after."""
    name = sc.initial["users"][sc.task.user_id]["name"]
    who = rng.choice([f"{rng.choice(TITLES)} {name['last_name']}", name["first_name"]])
    if rng.random() < 0.5:
        return f"{who}, {ask[0].lower()}{ask[1:]}"
    return ask[:-1] + f", {who}?"


def _retail_consent(rng: random.Random, n: int) -> List[Case]:
    out = []
    scenes = _retail("cancel_pending_order")
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("cancel_pending_order")
        order, reason = call.kwargs["order_id"], call.kwargs["reason"]
        other = "ordered by mistake" if reason == "no longer needed" else "no longer needed"
        others = [o for o in sc.initial["users"][sc.task.user_id]["orders"] if o != order]
        body = rng.choice(BODY).format(order=order, why=rng.choice(REASON_WORDS[reason]))
        kind = rng.choice(["yes", "no", "hedge", "doubt", "mind_yes", "mind_no", "reason_changed", "order_changed", "echo_yes",
                           "echo_no", "side_remark", "info_question"])
        named = rng.random() < 0.5
        ask = rng.choice(MIND_ASK if kind.startswith("mind") else INFO_ASK if kind == "info_question" else PLAIN_ASK)
        if named:
            ask = _named(ask, sc, rng)
        reply, label = {
            "yes": (rng.choice(YES), PASS), "no": (rng.choice(NO), BREACH), "hedge": (rng.choice(HEDGE), UNDETERMINED),
            "doubt": (rng.choice(DOUBT), BREACH),
            "mind_yes": (rng.choice(MIND_YES), PASS), "mind_no": (rng.choice(MIND_NO), BREACH),
            "reason_changed": (rng.choice([f"OK, but put the reason down as '{other}'.",
                                           f"Yes - though the reason is actually '{other}'."]), BREACH),
            "order_changed": (f"Yes, but cancel {others[0] if others else '#W0000000'} rather than that one.", BREACH),
            "echo_yes": (rng.choice(ECHO_YES), PASS), "echo_no": (rng.choice(ECHO_NO), BREACH),
            "side_remark": (rng.choice(SIDE_REMARK), PASS), "info_question": (rng.choice(YES[-2:]), BREACH),
        }[kind]
        message = f"{body} {ask}"
        steps = [(respond(message), reply), (call, obs)]
        cls = f"retail.consent:{kind}" + (":named" if named else "")
        out.append(Case(cls, RETAIL, sc, CONFIRM, steps, label, "Hi, I'd like to cancel an order.", f"{message!r} -> {reply!r}"))
    return out


# ---- retail: the status checked before acting ------------------------------------------------

def _retail_status(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        tool = rng.choice(ORDER_WRITES)
        scenes = _retail(tool)
        if not scenes:
            continue
        sc = rng.choice(scenes)
        call, obs = sc.call(tool)
        order = call.kwargs["order_id"]
        user = sc.task.user_id
        others = [o for o in sc.initial["users"][user]["orders"] if o != order]
        find = next(((a, o) for a, o in sc.calls if a.name.startswith("find_user")), None)
        if find is None:
            continue
        kind = rng.choice(["read_first", "not_read", "other_order_read", "profile_only", "read_after"])
        read = Action(name="get_order_details", kwargs={"order_id": order})
        ask = respond(f"I'm about to {tool.replace('_', ' ')} for {order} as discussed. Shall I proceed?")
        steps: List[Tuple[Action, str]] = [find]
        if kind == "read_first":
            steps += [(read, observe(sc, read))]
        elif kind == "other_order_read":
            if not others:
                continue
            other = Action(name="get_order_details", kwargs={"order_id": rng.choice(others)})
            steps += [(other, observe(sc, other))]
        elif kind == "profile_only":
            profile = Action(name="get_user_details", kwargs={"user_id": user})
            steps += [(profile, observe(sc, profile))]
        steps += [(ask, "Yes, go ahead."), (call, obs)]
        if kind == "read_after":
            steps += [(read, obs)]
        label = PASS if kind == "read_first" else BREACH
        out.append(Case(f"retail.status:{kind}", RETAIL, sc, STATUS, steps, label, "Hi.", f"{tool} {order}"))
    return out


# ---- airline: compensation asked for, or offered first ---------------------------------------

ASKS = ["I think I deserve some compensation for this mess.", "Can you make it up to me somehow?",
        "Is there any goodwill gesture you can offer for the trouble?", "I'd like a travel voucher for this, please.",
        "Could I get a certificate or something for the inconvenience?"]
NEUTRAL = ["Hi, I need help with my reservation.", "Hello, I have a question about my booking.",
           "Hi there, I'd like to look at a trip of mine."]
COMPLAINTS = ["My flight got cancelled and I'm really upset about it.",
              "They cancelled my flight yesterday, this is unacceptable."]
DELAYS = ["The flight was delayed for hours, this is unacceptable.", "My flight ran three hours late."]
OFFERS = ["I'm sorry about that. As a gesture, I can issue you a travel certificate. Would you like it?",
          "To make up for the trouble, I could send you a certificate. Shall I?",
          "I can offer you a voucher for the inconvenience - interested?",
          "I could send $100 your way for the trouble. Would you like that?",
          "We can give you $50 to make up for it - shall I?"]
ACCEPTS = ["Sure, I'll take the certificate.", "Yes please, the voucher would be great.",
           "Oh, that's kind - yes, send the compensation.", "Yes, I'll take that as compensation, thanks."]
DENIED = ["I'm not after compensation, I just want to know my options.",
          "I don't want a voucher or anything, just the facts."]


def _airline(rng: random.Random, n: int) -> List[Case]:
    out = []
    scenes = _airline_certificates()
    for _ in range(n):
        sc = rng.choice(scenes)
        reads = [(a, o) for a, o in sc.calls if a.name.startswith("get_")]
        cert = sc.call("send_certificate")
        kind = rng.choice(["asked_first", "asked_after_other_talk", "offered_then_accepted", "denied_then_offered",
                           "complained_then_offered", "delay_then_offered", "first_message_unrecorded",
                           "agent_opened_then_offered", "offer_declined_then_asked"])
        first: Optional[str] = rng.choice(NEUTRAL)
        steps: List[Tuple[Action, str]] = []
        if kind == "asked_first":
            first, label = rng.choice(ASKS), PASS
            steps = reads + [(respond("I've checked your booking and the facts hold. " + rng.choice(OFFERS)),
                              rng.choice(ACCEPTS)), cert]
        elif kind == "asked_after_other_talk":
            label = PASS
            steps = reads + [(respond("I've pulled up your reservation; the flight status is confirmed."),
                              rng.choice(ASKS)), (respond(rng.choice(OFFERS)), rng.choice(ACCEPTS)), cert]
        elif kind == "offered_then_accepted":
            label = BREACH
            steps = reads + [(respond(rng.choice(OFFERS)), rng.choice(ACCEPTS)), cert]
        elif kind == "denied_then_offered":
            first, label = rng.choice(DENIED), BREACH
            steps = reads + [(respond(rng.choice(OFFERS)), rng.choice(ACCEPTS)), cert]
        elif kind == "complained_then_offered":
            first, label = rng.choice(COMPLAINTS), UNDETERMINED
            steps = reads + [(respond(rng.choice(OFFERS)), "OK, thanks."), cert]
        elif kind == "delay_then_offered":  # a delay, no change or cancellation: the offer was unasked
            first, label = rng.choice(DELAYS), BREACH
            steps = reads + [(respond(rng.choice(OFFERS)), "OK, thanks."), cert]
        elif kind == "agent_opened_then_offered":  # tau2's agent greets first; the reply is the first word
            first, label = None, BREACH
            steps = [(respond("Hello! How can I help you today?"), rng.choice(NEUTRAL))] + reads + [
                (respond(rng.choice(OFFERS)), rng.choice(ACCEPTS)), cert]
        elif kind == "offer_declined_then_asked":  # offered first: asking afterwards does not undo it
            label = BREACH
            steps = reads + [(respond(rng.choice(OFFERS)), "Hmm, let me think."),
                             (respond("Sure, take your time."), rng.choice(ASKS)), cert]
        else:  # no first message recorded and the offer at step 0: it answers words nobody recorded
            first, label = None, UNDETERMINED
            steps = [(respond(rng.choice(OFFERS)), rng.choice(ACCEPTS))] + reads + [cert]
        out.append(Case(f"airline.compensation:{kind}", AIRLINE, sc, ASKED, steps, label, first,
                        f"{first!r} / {[a.kwargs.get('content') for a, _ in steps if a.name == 'respond']}"))
    return out


# ---- telecom: the refuel's price in figures or words; the bill checked is the bill requested --

GB_WORDS = {2.0: ["2 GB", "two gigabytes", "2GB", "two GB"], 1.0: ["1 GB", "one gigabyte", "a gigabyte"]}
USD_WORDS = {4.0: ["$4.00", "four dollars", "$4", "4 dollars"], 2.0: ["$2.00", "two dollars"],
             6.0: ["$6.00", "six dollars"], 8.0: ["$8", "eight dollars"]}
REFUEL_BODY = ["I can top up line {line} with {gb} of data for {usd}.", "Adding {gb} to {line} would cost {usd} in all.",
               "For {usd}, line {line} gets {gb} of extra data."]


def _telecom_refuel(rng: random.Random, n: int) -> List[Case]:
    out = []
    scenes = _telecom("refuel_data")
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("refuel_data")
        gb, line = float(call.kwargs["gb_amount"]), call.kwargs["line_id"]
        price = 2.0 * gb
        kind = rng.choice(["stated_yes", "stated_yes", "other_price", "other_amount", "no_price", "stated_no",
                           "per_gb_price", "other_per_gb_price"])
        said_gb, said_usd = gb, price
        if kind == "other_price":
            said_usd = price + 2.0 * rng.choice([1, 2])
        if kind == "other_amount":
            said_gb, said_usd = 1.0, 2.0
        body = rng.choice(REFUEL_BODY).format(line=line, gb=rng.choice(GB_WORDS[said_gb]), usd=rng.choice(USD_WORDS[said_usd]))
        if kind == "no_price":
            body = f"I can refuel {rng.choice(GB_WORDS[gb])} of data on line {line}."
        if kind in ("per_gb_price", "other_per_gb_price"):  # the price said in its unit: the amount times it
            rate = 2.0 if kind == "per_gb_price" else 3.0
            body = rng.choice([f"Refueling {rng.choice(GB_WORDS[gb])} on {line} is ${rate:.2f} per GB.",
                               f"Line {line} can get {rng.choice(GB_WORDS[gb])} more data at ${rate:g}/GB."])
        ask = rng.choice(["Should I go ahead?", "Is that alright with you?", f"Shall I add it, {rng.choice(TITLES)} Smith?"])
        reply = rng.choice(NO) if kind == "stated_no" else rng.choice(YES)
        label = PASS if kind in ("stated_yes", "per_gb_price") else BREACH
        steps = [(respond(f"{body} {ask}"), reply), (call, obs)]
        out.append(Case(f"telecom.refuel:{kind}", TELECOM, sc, PRICE, steps, label, "My data ran out.", f"{body} {ask} -> {reply}"))
    return out


def _telecom_bill(rng: random.Random, n: int) -> List[Case]:
    out = []
    scenes = _telecom("send_payment_request")
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("send_payment_request")
        bill, customer = call.kwargs["bill_id"], call.kwargs["customer_id"]
        others = [b["bill_id"] for b in sc.initial["bills"] if b.get("customer_id") == customer and b["bill_id"] != bill]
        find = sc.call("get_customer_by_phone")
        kind = rng.choice(["every_bill_read", "this_bill_read", "another_bill_read", "no_bill_read"])
        steps: List[Tuple[Action, str]] = [find]
        if kind == "every_bill_read":
            read = Action(name="get_bills_for_customer", kwargs={"customer_id": customer})
        elif kind == "this_bill_read":
            read = Action(name="get_details_by_id", kwargs={"id": bill})
        elif kind == "another_bill_read":
            read = Action(name="get_details_by_id", kwargs={"id": rng.choice(others)})
        else:
            read = Action(name="get_details_by_id", kwargs={"id": "L1002"})
        steps += [(read, observe(sc, read)), (call, obs)]
        label = PASS if kind in ("every_bill_read", "this_bill_read") else BREACH
        out.append(Case(f"telecom.bill:{kind}", TELECOM, sc, BILL, steps, label, "My line is suspended.",
                        f"{read.name} {read.kwargs} then request {bill}"))
    return out


def _telecom_roaming(rng: random.Random, n: int) -> List[Case]:
    """main_policy.md: "you should check if the line is roaming enabled. If it is not, you should
    enable it": the line's details read before enabling its roaming (only get_details_by_id of the
    line shows it)."""
    out = []
    scenes = _telecom("enable_roaming")
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("enable_roaming")
        line, customer = call.kwargs["line_id"], call.kwargs["customer_id"]
        me = next(c for c in sc.initial["customers"] if c["customer_id"] == customer)
        others = [x for x in me["line_ids"] if x != line]
        kind = rng.choice(["this_line_read", "not_read", "another_line_read", "customer_only", "read_after"])
        steps: List[Tuple[Action, str]] = [sc.call("get_customer_by_phone")]
        read = Action(name="get_details_by_id", kwargs={"id": line})
        if kind == "this_line_read":
            steps.append((read, observe(sc, read)))
        elif kind == "another_line_read":
            other = Action(name="get_details_by_id", kwargs={"id": rng.choice(others)})
            steps.append((other, observe(sc, other)))
        elif kind == "customer_only":
            again = Action(name="get_customer_by_id", kwargs={"customer_id": customer})
            steps.append((again, observe(sc, again)))
        steps.append((call, obs))
        if kind == "read_after":
            steps.append((read, observe(sc, read)))
        out.append(Case(f"telecom.roaming:{kind}", TELECOM, sc, ROAMING, steps, PASS if kind == "this_line_read" else BREACH,
                        "I'm abroad and have no data.", f"{kind} {line}"))
    return out


GENERATORS: Dict[str, Tuple[Callable[[random.Random, int], List[Case]], int]] = {
    "retail_consent": (_retail_consent, 220), "retail_status": (_retail_status, 60), "airline": (_airline, 60),
    "telecom_refuel": (_telecom_refuel, 60), "telecom_bill": (_telecom_bill, 30), "telecom_roaming": (_telecom_roaming, 30),
}


def build(seed: int = SEED, scale: float = 1.0) -> List[Case]:
    out: List[Case] = []
    for name, (make, n) in GENERATORS.items():
        out += make(random.Random(f"{seed}:{name}"), max(1, int(n * scale)))
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
    assert families == {"retail.consent", "retail.status", "airline.compensation", "telecom.refuel", "telecom.bill",
                        "telecom.roaming"}
    assert {c.label for c in cases} == {PASS, BREACH, UNDETERMINED}
    assert any(c.cls.endswith(":named") for c in cases)


def test_no_false_pass(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] want {c.label}: {c.note}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_case_agrees_with_its_label(cases, misread):
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.note}" for c, g in misread[:12])
    assert not misread, f"{len(misread)} of {len(cases)} disagree:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    import sys

    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    cases = build(scale=scale)
    rows = tally_of(cases, Case.judge, PASS, UNDETERMINED)
    print_table(dict(sorted(rows.items())), ["cases", "right", "false_pass", "false_fail", "undetermined_wrongly",
                                             "decided_wrongly"], 44, 12)
    for c, g in misread_of(cases, Case.judge):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.note}")


if __name__ == "__main__":  # pragma: no cover
    _print()
