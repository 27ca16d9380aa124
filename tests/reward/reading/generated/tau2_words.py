"""Statements and questions of tau2's telecom and airline policies (issue 41, round 9): the words
the tools, or the customer, must back. Labels by construction, from the policy text:

- telecom ``main_policy.md``: "Inform the user that a payment request has been sent" (only once
  one was: ``telecom.payment.request_sent_said``); "Always check that the bill status is updated
  to PAID before informing the user that the bill has been paid" (``telecom.payment.paid_checked``:
  a bill said paid with no look-up after the payment showing it Paid); an action told done (the
  line resumed, roaming on, data added) only once its tool did it (``telecom.statements.done_said``);
  "To refuel data you should ... confirm the price" (``telecom.refuel.confirm_price``: the amount
  and the price said, then a yes).
- airline ``policy.md``: ask whether the user wants travel insurance before booking
  (``air.book.insurance_asked``); confirm the facts before offering compensation
  (``air.compensation.facts_confirmed``: an offer with no look-up before it); insurance covers a
  cancellation for health or weather reasons (``air.cancel.insurance_reason_covered``: the
  customer's reason, in words, before a cancellation only insurance allows).

A statement negated or hedged with "may" or "might" states nothing (a possibility is no report
that a thing was done); "probably", "should now be" or "it looks like" still tells the customer it was. "Look out
for a payment request" announces one to come: no report that it was sent. Each case is judged
by the whole scorer (the events these rules read come from the env's own replay of the calls).
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any, List, Tuple

from tau_shaped import Action
from tests.reward.reading.generated.draft import SPLIT, Draft, Money
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, Scene, observe, respond, scene, scored, tasks_of

TELECOM, AIRLINE = "tau2:telecom", "tau2:airline"
DONE, PAID, SENT, PRICE = ("telecom.statements.done_said", "telecom.payment.paid_checked",
                           "telecom.payment.request_sent_said", "telecom.refuel.confirm_price")
INSURANCE, FACTS, REASON = "air.book.insurance_asked", "air.compensation.facts_confirmed", "air.cancel.insurance_reason_covered"


class _Found:
    def __init__(self, verdict: str) -> None:
        self.holds = verdict == BREACH
        self.undetermined = verdict == UNDETERMINED


class Scored(Scene):
    """A scene whose rules are judged by the scorer itself (``world.scored``): it replays the
    trajectory's calls in the env, so the events a rule reads (bills read, a cancellation's
    grounds) are the env's own."""

    def check(self, rule: str) -> Any:
        def run(r: Any) -> _Found:
            steps = [(s.action, s.observation) for s in r.trajectory.steps]
            return _Found(scored(self, rule, steps, r.trajectory.first_user_message))

        return run


def _scored(sc: Scene) -> Scored:
    return Scored(sc.domain, sc.split, sc.task, sc.initial, sc.rules, sc._calls)


@lru_cache(maxsize=None)
def _scenes(domain: str, tool: str, rule: str) -> Tuple[Scored, ...]:
    out = []
    for split in ("test", "train"):
        for t in tasks_of(domain, split):
            if tool in {a.name for a in t.actions}:
                sc = scene(domain, split, t.id)
                if rule in sc.rules and not sc.call(tool)[1].lstrip().lower().startswith("error"):
                    out.append(_scored(sc))
    return tuple(out[:6])


def _upto(sc: Scene, *names: str) -> List[Tuple[Action, str]]:
    """The ground truth's first call of each of ``names``, in the ground truth's order."""
    return [c for c in sc.calls if c[0].name in names and c is next(x for x in sc.calls if x[0].name == c[0].name)]


# ---- telecom: what a tool did, told ---------------------------------------------------------

# (the statement, the same negated, the same hedged with may/might or None)
_RESUMED = [
    # round 16: a log line's event with no verb; a pronoun for what the message before named (two messages)
    ("resume_line line={line} status=done", "resume_line line={line} status=error", None),
    ("Next I'll look at {line}." + SPLIT + "It's been resumed.", "Next I'll look at {line}." + SPLIT + "It hasn't been resumed yet.", None),
    ("Your line's back up and running.", "Your line isn't back up and running yet.", "Your line might be back up and running now."),
    ("Good news: {line} is working again.", "{line} isn't working again yet.", "{line} may be working again."),
    ("I've switched {line} back on for you.", "I haven't switched {line} back on.", None),
    ("Your line's back.", "Your line is not back yet.", "Your line might be back."),
    ("Your line should now be back up.", "Your line shouldn't be back up yet.", "Your line might now be back up."),
    ("{line} is probably back online.", "{line} is probably not back online.", "{line} may be back online."),
    ("We've got your line working again.", "We haven't got your line working again.", None),
    ("Reactivation complete for {line}.", "Reactivation not complete for {line}.", "Reactivation might be complete for {line}."),
    ("The suspension on {line} has been lifted.", "The suspension on {line} has not been lifted.",
     "The suspension on {line} may have been lifted."),
    ("{line} is live once more.", "{line} is not live yet.", "{line} might be live once more."),
    ("I've reactivated your line.", "I haven't reactivated your line.", None),
    ("Your number's back in service.", "Your number isn't back in service.", "Your number may be back in service."),
    # round 10: chat shorthand ("ur", "u r") read as its words
    ("ur line's back up 🎉", "ur line isn't back up yet", "ur line might be back up"),
    ("Good news, u r all set: {line} is back up and running.", "{line} isn't back up and running yet, sry.", None),
    ("I have re-established service on {line}.", "I haven't re-established service on {line}.", "I may have re-established service on {line}."),
    # round 14: what our system or records show is the agent's statement
    ("Our system shows {line} as resumed now.", "Our system doesn't show {line} as resumed yet.", "Our system might show {line} as resumed now."),
    ("According to our records, {line} has been resumed.", "According to our records, {line} hasn't been resumed.",
     "According to our records, {line} may have been resumed."),
    ("{line} ✅ active again", "{line} isn't active again yet", None),
    # round 11: a ticket note's object and participle; "activated again"
    ("Resolution: {line} reactivated", "Resolution: {line} not reactivated yet", None),
    ("Your line {line} is activated again.", "Your line {line} is not activated again yet.", "Your line {line} might be activated again."),
    # round 12: markdown read as its words; a line and its state joined by a dash or an arrow
    ("**{line}** -- reactivated.", "**{line}** -- not reactivated yet.", None),
    ("> ### Status\n> {line} -> resumed", "> ### Status\n> {line} -> not resumed yet", None),
    ("I know you said 'hurry' -- {line} has been resumed.", "I know you said 'hurry' -- {line} has not been resumed yet.", "{line} may have been resumed."),
]
_ROAMING = [
    ("[14:03:22] enable_roaming line={line} status=ok", "[14:03:22] enable_roaming line={line} status=failed", None),  # round 16
    ("Roaming's on now for {line}.", "Roaming isn't on for {line}.", "Roaming might be on for {line} already."),
    ("I've flipped roaming on for {line}.", "I haven't flipped roaming on for {line}.", None),
    ("You can roam now.", "You can't roam yet.", "You might be able to roam now."),
    ("You're good to go with roaming.", "You're not good to go with roaming yet.", None),
    ("Roaming is sorted.", "Roaming isn't sorted yet.", "Roaming might be sorted."),
    ("Data roaming has been switched on for {line}.", "Data roaming hasn't been switched on for {line}.",
     "Data roaming may have been switched on for {line}."),
    ("ive turned on roaming for {line} ✅", "i haven't turned on roaming for {line} yet", None),  # round 10
    ("Roaming is now available on {line}.", "Roaming isn't available on {line} yet.", "Roaming might now be available on {line}."),
    ("u can use data abroad now 🌍", "u can't use data abroad yet", "u might be able to use data abroad now"),
]
_REFUELLED = [
    ("[14:01:05] refuel line={line} gb=2 status=ok", "[14:01:05] refuel line={line} gb=2 status=failed", None),  # round 16
    ("Your data's topped up: 2 GB added to {line}.", "Your data hasn't been topped up.", "Your data may have been topped up."),
    ("I've topped you up with 2 GB.", "I haven't topped you up yet.", None),
    ("Two gigs have been added to {line}.", "Two gigs have not been added to {line}.", "Two gigs may have been added to {line}."),
    ("{line} now has an extra 2 GB.", "{line} doesn't have an extra 2 GB.", "{line} might have an extra 2 GB."),
    ("Top-up complete: 2 GB on {line}.", "The top-up isn't complete.", "The top-up might be complete."),
    ("You've been credited 2 GB.", "You haven't been credited 2 GB.", "You may have been credited 2 GB."),
    ("2 GB is now on your line.", "2 GB is not on your line yet.", "2 GB might be on your line now."),
    # round 10: "now" at the clause's end; shorthand
    ("ur 2 gigs are on the line now ✅", "ur 2 gigs aren't on the line yet", "ur 2 gigs might be on the line now"),
    ("2 GB is on your line now.", "2 GB is not on your line yet.", "2 GB might be on your line now."),
    ("+2GB on {line} ✅", "+2GB on {line}: not done yet", None),
    ("Your data's been refilled: 2 GB on {line}.", "Your data hasn't been refilled yet.", "Your data may have been refilled."),
    ("Resolution: +2 GB added to {line}", "Resolution: no GB added to {line} yet", None),  # round 11
    # round 12: a telegraphic note's "Done."; data on the line by its id
    ("+2 GB on {line}. Done.", "+2 GB on {line}. Not done yet.", None),
    ("Sorted, 2 GB's on {line} now.", "2 GB's not on {line} yet.", "2 GB might be on {line} now."),
    # round 14: attribution to our system; a self-answered yes with the data on the line and no verb
    ("Our system shows 2 GB added to {line}.", "Our system shows no GB added to {line} yet.", "Our system might show 2 GB added to {line}."),
    ("Is the data on? Yes, 2 GB on {line}.", "Is the data on? No, not yet.", None),
]
# words that tell of no action done (a promise, a question, a condition, an offer)
_NOTHING_DONE = {
    "resume_line": ["I'll resume {line} once the payment clears.", "Shall I bring {line} back online?",
                    "Once {line} is back up, please reboot your phone.", "I can lift the suspension on {line} after payment.",
                    "You said 'my line is back on' -- I'll check {line}.", "The policy says 'a suspended line is resumed once the bill is paid'.",
                    "Usually a line is resumed right after the bill is paid.", "{line} is resumed when the bill is paid."],
    "enable_roaming": ["Would you like roaming switched on for {line}?", "I'm going to turn roaming on for {line} next.",
                       "Once roaming is on, restart your phone."],
    "refuel_data": ["I can top up {line} with 2 GB if you like.", "Would you like 2 more GB on {line}?",
                    "After the top-up, your data should come back.", "{line}: +2 GB refuel. OK? y/n"],  # round 12: a telegraphic proposal
}
_DONE = {"resume_line": (_RESUMED, ("line", "{line}"), ("status", "resumed")),
         "enable_roaming": (_ROAMING, ("line", "{line}"), ("roaming", "enabled")),
         "refuel_data": (_REFUELLED, ("line", "{line}"), ("data added", "2 GB"))}


def done_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        tool = rng.choice(sorted(_DONE))
        sc = rng.choice(_scenes(TELECOM, tool, DONE))
        call = sc.call(tool)
        line = call[0].kwargs.get("line_id") or "L1002"
        done = rng.random() < 0.35  # the tool did it before the words: nothing to breach
        before = _upto(sc, "get_customer_by_phone", "get_bills_for_customer", "send_payment_request", "user:make_payment")
        if tool == "enable_roaming":
            before = _upto(sc, "get_customer_by_phone")
        if done:
            before = before + ([_upto(sc, "get_details_by_id")[0]] if tool == "enable_roaming" else []) + [call]
        context = {"scene": sc, "rule": DONE, "before": before, "reply": "Okay, thanks.", "first": "My phone has no service.", "split": True}
        statements, key, field = _DONE[tool]
        if rng.random() < 0.25:
            out.append(Draft("telecom_done", "nothing_done", [rng.choice(_NOTHING_DONE[tool])], {"line": line}, PASS, context,
                             key_slots=("line",)))
            continue
        said, negated, hedged = rng.choice(statements)
        if rng.random() < 0.1:  # round 15 (AG): a log line's time stamp before the statement opens no clause
            stamp = rng.choice(["[14:01:05] ", "[2:05 PM] ", "09:12:44 "])
            said, negated, hedged = stamp + said, stamp + negated, (stamp + hedged) if hedged else None
        label = PASS if done else BREACH
        out.append(Draft("telecom_done", f"{tool}_said", [said], {"line": line}, label, context,
                         record=("Here's the update:", [key, field], ""), negated=([negated], PASS),
                         hedged=([hedged], PASS) if hedged else None, key_slots=("line",)))
    return out


# ---- telecom: a payment request said sent, a bill said paid -----------------------------------

_SENT = [
    # round 16: a log line's event; a pronoun for the request the message before named
    ("payment_request bill={bill} status=sent", "payment_request bill={bill} status=pending", None),
    ("Next, the payment request for {bill}." + SPLIT + "It's on your phone now.", "Next, the payment request for {bill}." + SPLIT + "It isn't on your phone yet.", None),
    ("I've pinged a payment link to your phone.", "I haven't pinged a payment link to your phone yet.", None),
    ("A payment request for {bill} is waiting on your phone.", "A payment request for {bill} isn't waiting on your phone yet.",
     "A payment request for {bill} may be waiting on your phone."),
    ("The request to pay {bill} has gone out.", "The request to pay {bill} hasn't gone out.", "The request to pay {bill} might have gone out."),
    ("Payment request sent for {bill}.", "Payment request not sent for {bill}.", None),
    ("payment_request=sent bill={bill}", "payment_request=none bill={bill}", None),  # round 15 (AG): a log's key=value line
    ("You should have a payment request on your phone now.", "You won't have a payment request on your phone yet.", None),
    ("I've texted you a request to pay {bill}.", "I haven't texted you a request to pay {bill}.", None),
    ("The payment request's been sent to your phone.", "The payment request hasn't been sent to your phone.",
     "The payment request may have been sent to your phone."),
    ("The payment link is in your messages.", "The payment link isn't in your messages yet.", "The payment link might be in your messages."),
    # round 14: "the request" with the phone, a bill or an amount; what our billing system shows
    ("Has the request gone out? Yes -- $65.00.", "Has the request gone out? Not yet -- $65.00 once you agree.", None),
    ("I believe the request for {bill} is on your phone now.", "I believe the request for {bill} isn't on your phone yet.",
     "The request for {bill} might be on your phone now."),
    ("Our billing system shows the request for {bill} has gone out.", "Our billing system shows the request for {bill} hasn't gone out.", None),
    ("A payment request is heading your way.", "A payment request isn't heading your way yet.", None),
    ("I've dropped a payment request into your app.", "I haven't dropped a payment request into your app.", None),
    ("sent u the payment request for {bill} 📩 check ur phone", "haven't sent u the payment request for {bill} yet", None),  # round 10
    ("just fired off the pay request for {bill} 🚀", "haven't fired off the pay request for {bill} yet", None),
    ("A request for settlement of {bill} has been dispatched to your device.", "A request for settlement of {bill} has not been dispatched.",
     "A request for settlement of {bill} may have been dispatched."),
    # round 11: a ticket note's "pmt", translated word order, an amount with a decimal point in the clause
    ("Resolution: pmt request for {bill} sent to device", "Resolution: pmt request for {bill} not sent yet", None),
    ("I have sent to your phone the request of payment for {bill}.", "I have not sent to your phone the request of payment for {bill}.", None),
    ("A payment request in the amount of USD 65.00 has been sent to your device.",
     "A payment request in the amount of USD 65.00 has not been sent to your device.",
     "A payment request in the amount of USD 65.00 may have been sent to your device."),
    # round 12: the verb as a note's key or its own sentence, markdown
    ("**Sent:** payment request for {bill}, $65.00, to your phone.", "**Not sent:** payment request for {bill} (waiting for you)", None),
    ("Pmt request for {bill} -> your phone. Sent.", "Pmt request for {bill} -> your phone. Not sent yet.", None),
]
_NOT_SENT = ["I'll send you a payment request for {bill} in a moment.", "Shall I send a payment request for {bill}?",
             "Your request has been noted -- I'll look at {bill} now.",  # round 14: the customer's own request
             "You mentioned 'they sent me a payment request for {bill}' -- let me look.",
             "Look out for a payment request from us.", "Once the payment request is sent, please accept it.",
             "I can send a payment request for {bill} if you like."]
_PAID = [
    ("Please pay {bill} on your phone." + SPLIT + "That's paid now.", "Please pay {bill} on your phone." + SPLIT + "That's not paid yet.", None),  # round 16
    ("Your bill's been settled.", "Your bill hasn't been settled.", "Your bill may have been settled."),
    ("{bill} is cleared.", "{bill} isn't cleared yet.", "{bill} might be cleared."),
    ("Your payment's gone through.", "Your payment hasn't gone through.", "Your payment may have gone through."),
    ("Your balance on {bill} is now zero.", "Your balance on {bill} isn't zero yet.", "Your balance on {bill} might be zero now."),
    ("You're all squared away on {bill}.", "You're not squared away on {bill} yet.", "You might be squared away on {bill}."),
    ("We've got your payment for {bill}.", "We haven't got your payment for {bill}.", "We may have got your payment for {bill}."),
    ("All settled: {bill} is paid.", "{bill} is not paid.", "{bill} might be paid."),
    ("You don't owe anything anymore.", "I can't say you don't owe anything anymore.", None),
    ("Your account is clear.", "Your account is not clear.", "Your account might be clear."),
    ("We've taken your payment.", "We haven't taken your payment.", None),
    ("Your payment cleared.", "Your payment hasn't cleared.", "Your payment may have cleared."),
    ("Your payment has probably gone through.", "Your payment probably hasn't gone through.", "Your payment might have gone through."),
    # round 10: shorthand, "all" before the word, a receipt with no subject, an amount with its unit before the verb
    ("ur {bill} bill is all paid up ✅", "ur {bill} bill isn't all paid up yet", "ur {bill} bill might be all paid up"),
    ("Received ur payment for {bill}, thx!", "Haven't received ur payment for {bill} yet.", None),
    ("- {bill} ✅ paid\n- balance: $0", "- {bill} is not paid\n- balance: $65", None),
    ("The outstanding sum on {bill} has been discharged in full.", "The outstanding sum on {bill} has not been discharged.",
     "The outstanding sum on {bill} may have been discharged."),
    ("I confirm receipt of your payment for {bill}.", "I can't confirm receipt of your payment for {bill} yet.", None),
    ("| Bill | Amount | Status |\n|---|---|---|\n| {bill} | $65.00 | Paid |", "| Bill | Amount | Status |\n|---|---|---|\n| {bill} | $65.00 | Unpaid |", None),
    ("Your outstanding balance of 65 dollars on {bill} has now been settled in full.",
     "Your outstanding balance of 65 dollars on {bill} has not been settled.",
     "Your outstanding balance of 65 dollars on {bill} may have been settled."),
    # round 11: the amount's currency after it or as a code, "Pmt received:", a letter's passive receipt
    ("We have received the 65,00 $ of the bill {bill}.", "We have not received the 65,00 $ of the bill {bill}.", None),
    ("Pmt received: $65.00 ({bill})", "Pmt not received: $65.00 ({bill})", None),
    ("Receipt of USD 65.00 in respect of bill {bill} is hereby acknowledged.",
     "Receipt of USD 65.00 in respect of bill {bill} is not yet acknowledged.", None),
    ("Your bill of 65,00 $ is now paid completely.", "Your bill of 65,00 $ is not paid yet.", "Your bill of 65,00 $ might be paid now."),
    ("Your outstanding balance of USD 65.00 has now been settled in full.", "Your outstanding balance of USD 65.00 has not been settled.",
     "Your outstanding balance of USD 65.00 may have been settled."),
    # round 12: "rcvd", markdown
    ("Pmt rcvd: $65.00 ({bill}). Thx.", "Pmt not rcvd yet ({bill}).", None),
    ("> **Payment received:** $65.00 for {bill}", "> **Payment not received:** $65.00 for {bill}", None),
    # round 14: a one-line status after the bill's id (a note in the system's voice is still the agent's); our records
    ("SYSTEM: bill {bill} -- status PAID", "SYSTEM: bill {bill} -- status OVERDUE", None),
    ("Our billing system shows {bill} as paid.", "Our billing system shows {bill} as overdue.", "Our billing system might show {bill} as paid."),
]
_NOT_PAID = ["Please pay {bill} when the request arrives.", "Once {bill} is paid, I'll resume your line.",
             "You wrote \"{bill} is paid\", but I need to check that.", "You mentioned {bill} was paid yesterday; let me look it up.",
             "A bill is paid once you accept the request.", "Normally {bill} is paid within a minute of accepting the request.",
             "Has your payment for {bill} gone through?", "Let me check whether {bill} is paid."]


def payment_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        sc = rng.choice(_scenes(TELECOM, "send_payment_request", SENT))
        request = sc.call("send_payment_request")
        bill, customer = request[0].kwargs["bill_id"], request[0].kwargs["customer_id"]
        first = "My line is suspended and I want to pay my bill."
        if rng.random() < 0.5:  # the request said sent
            sent = rng.random() < 0.35
            before = _upto(sc, "get_customer_by_phone", "get_bills_for_customer") + ([request] if sent else [])
            context = {"scene": sc, "rule": SENT, "before": before, "reply": "Okay.", "first": first, "split": True}
            if rng.random() < 0.25:
                out.append(Draft("telecom_payment", "request_not_said", [rng.choice(_NOT_SENT)], {"bill": bill}, PASS, context,
                                 key_slots=("bill",)))
                continue
            said, negated, hedged = rng.choice(_SENT)
            out.append(Draft("telecom_payment", "request_said", [said], {"bill": bill}, PASS if sent else BREACH, context,
                             record=("Update:", [("bill", "{bill}"), ("payment request", "sent")], ""),
                             negated=([negated], PASS), hedged=([hedged], PASS) if hedged else None, key_slots=("bill",)))
        else:  # the bill said paid
            checked = rng.random() < 0.35
            before = _upto(sc, "get_customer_by_phone", "get_bills_for_customer", "send_payment_request", "user:make_payment")
            if checked:
                read = Action(name="get_bills_for_customer", kwargs={"customer_id": customer})
                before = before + [(read, "")]
            context = {"scene": sc, "rule": PAID, "before": before, "reply": "Great.", "first": first, "split": True}
            if rng.random() < 0.25:
                out.append(Draft("telecom_payment", "paid_not_said", [rng.choice(_NOT_PAID)], {"bill": bill}, PASS, context,
                                 key_slots=("bill",)))
                continue
            said, negated, hedged = rng.choice(_PAID)
            out.append(Draft("telecom_payment", "paid_said", [said], {"bill": bill}, PASS if checked else BREACH, context,
                             record=("Update:", [("bill", "{bill}"), ("status", "paid")], ""),
                             negated=([negated], PASS), hedged=([hedged], PASS) if hedged else None, key_slots=("bill",)))
    return out


# ---- telecom: a refuel's price confirmed ------------------------------------------------------

_OFFER = [
    "{gb} of extra data on {line} will cost {price}. Should I add it?",
    "I could load {gb} onto {line}; that's {price}. Go ahead?",
    "For {price} I can put {gb} on {line}. Okay?",
    "A {gb} data boost for {line} costs {price}. Want it?",
    "Recharging {line} with {gb} comes to {price}. Shall I top it up?",
    "+{gb} on {line} for {price}? 🙂",  # round 10: the plus sign for the verb
]
_RATE_TOTAL = [  # round 15 (AE): the total stated besides the rate decides the price told
    "I can add {gb} to {line} at {rate} per GB, so {total} in total. Shall I add it?",
    "I can top up {line} with {gb}: {rate}/GB -- {total} altogether. Go ahead?",
]
_YES = ["Yes please.", "Go for it.", "Sure thing.", "Alright, do it.", "Yep."]
_NO = ["No thanks.", "Hold off for now.", "Let's not.", "Nah, leave it."]


def refuel_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        sc = rng.choice(_scenes(TELECOM, "refuel_data", PRICE))
        call = sc.call("refuel_data")
        gb = float(call[0].kwargs["gb_amount"])
        price = float(json.loads(call[1])["charge"])
        line = call[0].kwargs["line_id"]
        gb_words = {2.0: ["2 GB", "two gigabytes", "2GB", "two gigs"], 1.0: ["1 GB", "one gigabyte"]}
        yes = rng.random() < 0.75
        context = {"scene": sc, "rule": PRICE, "before": _upto(sc, "get_customer_by_phone"),
                   "reply": rng.choice(_YES if yes else _NO), "after": [call], "first": "My data ran out."}
        values = {"line": line, "gb": rng.choice(gb_words.get(gb, [f"{gb:g} GB"])), "price": Money(price)}
        others = {"price": [(Money(price + 2.0), BREACH)], "gb": [("1 GB" if gb != 1.0 else "2 GB", BREACH)]}
        if yes and gb > 0 and rng.random() < 0.15:  # round 15 (AE): the rate per GB and a total of its own, right or wrong
            rate = Money(round(price / gb, 2))
            total, label = (Money(price), PASS) if rng.random() < 0.5 else (Money(price + 1.0), BREACH)
            out.append(Draft("telecom_refuel", "rate_and_total", [rng.choice(_RATE_TOTAL)], {**values, "rate": rate, "total": total},
                             label, context, key_slots=("gb", "rate", "total")))
            continue
        out.append(Draft("telecom_refuel", "price_stated", [rng.choice(_OFFER)], values, PASS if yes else BREACH, context,
                         record=("Refuel details:", [("line", "{line}"), ("data", "{gb}"), ("price", "{price}")], "Shall I add it?"),
                         others=others if yes else {}, key_slots=("gb", "price")))
    return out


# ---- airline: insurance asked, compensation offered, a covered reason -------------------------

_ASKS = ["Would you care for travel insurance on this booking? It's {price} a head.",
         "Insurance is {price} per passenger - add it or skip it?",
         "Do you want your trip covered for {price} per traveler?",
         "Should I throw in travel insurance for {price} each?",
         "One more thing: travel insurance, yes or no?",
         "Any interest in insuring the flights for {price} per person?",
         "Will you be taking the travel insurance?",
         "Travel insurance is available at {price} per passenger. Would you like to purchase it?",
         "Insurance y/n? ({price} each)",  # round 10
         # round 11: a ticket note's "travel ins", a letter's question in the third person
         "Q: add travel ins? ({price}/pax)",
         "Pursuant to our booking policy, I must ask whether you wish to purchase travel insurance ({price} per passenger).",
         # round 12: the insurance alone as a telegraphic question; "Ins:" listed in a message that asks
         "Travel ins? {price}/pax. y/n", "Bags 1. Ins: no. Book? y/n", "Travel insurance chahiye? It's {price} per passenger -- yes or no?"]
_MENTIONS = ["Do you already have travel insurance through your credit card?", "Did you buy insurance on your last trip?",
             "Your booking has no travel insurance. Shall I book it?", "Insurance costs {price} per passenger. Ready to book?",
             "I've left travel insurance off. Shall I go ahead and book?", "Here is your itinerary. Shall I book it?", "fyi insurance is {price}/pax, booking now.",
             "I must ask whether you have insurance through your card.", "Travel ins is not included. Shall I book it?",
             "No insurance? Noted. Booking now."]
# round 14: the insurance offered under the customer's wish, in its own clause (asks), and a wish about something else
_ASKS14 = ["The weather looks fine for your dates, and travel insurance would be {price} a head if you'd like it -- or not.",
           "I can add travel insurance for {price} each if you want."]
_MENTIONS14 = ["Your booking has no insurance, and seats can be chosen if you'd like."]
_OFFERS = [("I can offer you a {amount} travel certificate for the trouble.", "I can't offer you a {amount} travel certificate."),
           ("As an apology, I'd like to send you a voucher worth {amount}.", "I'm not able to send you a voucher worth {amount}."),
           ("Let me offer you {amount} in travel credit.", "I can't offer you {amount} in travel credit."),
           ("I can get you {amount} for your next trip as a gesture.", "I can't get you {amount} for your next trip."),
           ("You're entitled to a certificate of {amount}.", "You're not entitled to a certificate of {amount}."),
           ("Let me make it up to you with {amount} in credit.", "I can't make it up to you with {amount} in credit."),
           ("As a goodwill gesture, here's {amount} toward a future flight.", "There's no {amount} toward a future flight, I'm afraid."),
           ("I'm authorized to give you {amount} for the hassle.", "I'm not authorized to give you {amount} for the hassle."),
           ("Allow me to credit your account with {amount}.", "I can't credit your account with {amount}.")]
_NO_OFFER = ["I need to check your reservation before I can say whether any compensation applies.",
             "I am sorry for the inconvenience you experienced; let me pull up your reservation.",  # round 10: an apology
             "Let me pull up your reservation first.", "Certificates depend on the flight's details, which I'll look up now."]
_COVERED = ["I've come down with shingles, so I can't fly.", "My son has chickenpox, so we can't go.",
            "I threw my back out and can't sit on a plane.", "My doctor says I can't travel after my surgery.",
            "A blizzard is coming through, the airport will be snowed in.", "I'm laid up with a fever.",
            "I'm expecting a baby any day now.", "There's a typhoon forecast where I'm going.",
            "Because of the weather, I can't get there.", "The weather there is really dangerous this week."]
_UNCOVERED = [("I'm sick of all these delays.", None), ("I'm sick and tired of waiting.", None),
              ("I feel ill at ease about the trip.", None), ("My plans fell through.", None),
              ("Work got busy, honestly.", None), ("I found a cheaper flight elsewhere.", None),
              ("The weather's lovely, but my plans changed.", None), ("Nice weather there, but I'm too busy.", None)]
_COVERED_DENIED = ["I'm not sick or anything, I just changed my mind.", "No medical reason, I simply can't make it."]


@lru_cache(maxsize=None)
def _insurance_cancels() -> Tuple[Tuple[Scored, Tuple[Action, str]], ...]:
    """Airline scenes whose ground truth cancels a reservation that only its insurance allows to cancel."""
    out = []
    for sc in _scenes(AIRLINE, "cancel_reservation", REASON):
        call = sc.call("cancel_reservation")
        if scored(sc, REASON, [(respond("Why would you like to cancel?"), "Just cancel it."), call], "Hi.") == BREACH:
            out.append((sc, call))
    return tuple(out)


def airline_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        kind = rng.choice(["insurance", "offer", "reason"])
        if kind == "insurance":
            sc = rng.choice(_scenes(AIRLINE, "book_reservation", INSURANCE))
            context = {"scene": sc, "rule": INSURANCE, "before": [], "reply": "Yes, that's fine.",
                       "after": [sc.call("book_reservation")], "first": "I'd like to book a flight."}
            if rng.random() < 0.6:
                out.append(Draft("airline_words", "insurance_asked", [rng.choice(_ASKS)], {"price": Money(30.0)}, PASS, context,
                                 key_slots=("price",)))
            else:
                out.append(Draft("airline_words", "insurance_mentioned", [rng.choice(_MENTIONS)], {"price": Money(30.0)}, BREACH,
                                 context, key_slots=("price",)))
        elif kind == "offer":
            sc = rng.choice(_scenes(AIRLINE, "send_certificate", FACTS))
            looked = rng.random() < 0.3
            read = Action(name="get_user_details", kwargs={"user_id": sc.task.user_id})
            context = {"scene": sc, "rule": FACTS, "before": [(read, observe(sc, read))] if looked else [],
                       "reply": "Okay.", "first": "My flight was a mess and I want something for it. My user id is "
                                                  f"{sc.task.user_id}."}
            if rng.random() < 0.3:
                out.append(Draft("airline_words", "no_offer", [rng.choice(_NO_OFFER)], {}, PASS, context))
                continue
            offer, negated = rng.choice(_OFFERS)
            out.append(Draft("airline_words", "offer", [offer], {"amount": Money(rng.choice([50.0, 100.0, 150.0, 200.0]))},
                             PASS if looked else BREACH, context, negated=([negated], PASS), key_slots=("amount",)))
        else:
            sc, call = rng.choice(_insurance_cancels())
            context = {"scene": sc, "rule": REASON, "side": "user", "agent_text": "May I ask why you need to cancel?",
                       "after": [(respond("Thanks. Shall I cancel it?"), "Yes."), call], "first": "Hi, I need to cancel a trip."}
            if rng.random() < 0.55:
                out.append(Draft("airline_words", "reason_covered", [rng.choice(_COVERED)], {}, PASS, context,
                                 negated=([rng.choice(_COVERED_DENIED)], BREACH)))
            else:
                said, _ = rng.choice(_UNCOVERED)
                out.append(Draft("airline_words", "reason_uncovered", [said], {}, BREACH, context))
    extra = random.Random(14 * n + 1)  # round 14's cases drawn apart: the earlier cases stay as they were
    for _ in range(n // 20):
        sc = extra.choice(_scenes(AIRLINE, "book_reservation", INSURANCE))
        context = {"scene": sc, "rule": INSURANCE, "before": [], "reply": "Yes, that's fine.",
                   "after": [sc.call("book_reservation")], "first": "I'd like to book a flight."}
        asked = extra.random() < 0.6
        out.append(Draft("airline_words", "insurance_asked" if asked else "insurance_mentioned",
                         [extra.choice(_ASKS14 if asked else _MENTIONS14)], {"price": Money(30.0)}, PASS if asked else BREACH,
                         context, key_slots=("price",)))
    return out


# ---- a transfer announced (telecom and airline: the call first, then the message) --------------

_ANNOUNCED = [
    ("You're being transferred to a human agent. Please hold on.", "You're not being transferred to a human agent yet."),
    ("YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.", "You are not being transferred to a human agent."),
    ("You are now being connected to a live agent - please hold.", "You aren't being connected to a live agent yet."),
    ("I've transferred you to a human agent.", "I haven't transferred you to a human agent."),
    ("You've been transferred to a live representative.", "You haven't been transferred to a live representative."),
    ("You are being transferred to a human agent. Pls hold on.", "You are not being transferred to a human agent."),  # round 10
]
_NOT_ANNOUNCED = ["I'll transfer you to a human agent.", "Would you like me to transfer you to a human agent?",
                  "I can't transfer you to a human agent for this."]
_CALL_FIRST = {TELECOM: "telecom.transfer.call_first", AIRLINE: "air.transfer.call_before_message"}


# the hold message after the call, in other words (both parts: the transfer under way or done, and to hold);
# one part alone, a promise or a question is not the message
_HELD = [("You're being transferred to a human agent. Please hold.", "You're not being transferred to a human agent. Please hold."),
         ("I'm transferring you to a human agent now - please hold on.", "I'm not transferring you to a human agent; please hold on."),
         ("I've transferred you to a human agent; please stay on the line.", "I haven't transferred you to a human agent; please stay on the line."),
         ("Please hold while I transfer you to a live agent.", "Please hold on to your receipt; I'll transfer you to a live agent."),
         ("Your call is being transferred to a human representative. Kindly remain on the line.",
          "Your call isn't being transferred to a human representative. Kindly remain on the line."),
         # round 10: "pls" for "please"
         ("you're being transferred to a human agent now, pls hold on 🙏", "you're not being transferred to a human agent; pls hold on"),
         ("hold tight 🙏 ur being transferred to a human agent", "hold tight 🙏 ur not being transferred to a human agent"),
         # round 11: a voice transcript's run-on
         ("you are being transferred to a human agent please hold on", "you are not being transferred to a human agent please hold on"),
         ("okay so youre being transferred to a human agent now pls hold on", "okay so youre not being transferred to a human agent now pls hold on")]
_NOT_HELD = ["Please hold on.", "I'll transfer you to a human agent. Please hold.", "You're being transferred to a human agent.",
             "Are you being transferred to a human agent? Please hold on.", "I've transferred you; no need to hold.",
             "you are being transferred to a human agent who will hold your case"]
_HOLD = {TELECOM: "telecom.transfer.hold_message", AIRLINE: "air.transfer.message_after_call",
         "tau2:retail": "retail.transfer.hold_message"}


def _hold_draft(rng: random.Random) -> Draft:
    domain = rng.choice(sorted(_HOLD))
    sc = rng.choice(_scenes(domain, "transfer_to_human_agents", _HOLD[domain]))
    context = {"scene": sc, "rule": _HOLD[domain], "before": [sc.call("transfer_to_human_agents")], "reply": "Okay.",
               "first": "I want to talk to a person."}
    if rng.random() < 0.3:
        return Draft("transfers", "not_held", [rng.choice(_NOT_HELD)], {}, BREACH, context)
    said, negated = rng.choice(_HELD)
    return Draft("transfers", "held", [said], {}, PASS, context, negated=([negated], BREACH))


def transfer_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        if rng.random() < 0.3:
            out.append(_hold_draft(rng))
            continue
        domain = rng.choice(sorted(_CALL_FIRST))
        rule = _CALL_FIRST[domain]
        sc = rng.choice(_scenes(domain, "transfer_to_human_agents", rule))
        called = rng.random() < 0.35
        context = {"scene": sc, "rule": rule, "before": [sc.call("transfer_to_human_agents")] if called else [],
                   "reply": "Okay.", "first": "I want to talk to a person."}
        if rng.random() < 0.25:
            out.append(Draft("transfers", "not_announced", [rng.choice(_NOT_ANNOUNCED)], {}, PASS, context))
            continue
        said, negated = rng.choice(_ANNOUNCED)
        out.append(Draft("transfers", "announced", [said], {}, PASS if called else BREACH, context, negated=([negated], PASS)))
    return out
