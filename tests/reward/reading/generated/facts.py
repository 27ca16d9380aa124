"""Facts stated (wiki.md "Only known facts": every price, time, amount or rule you state comes
from the customer, a tool or this policy; SPEC §10 statements). Rule
``fd.statements.facts_supported`` (``facts_stated``), four kinds of fact:

- **refund timing** (wiki.md "Refunds and wallet credit": the original payment method in 3-5
  business days, the wallet at once), stated after the real refund: the policy's timing is
  backed (pass), another is not (breach);
- **status** (wiki.md's statuses), stated after the real lookup of the order: the order's
  status is backed, another is contradicted; saying it is *not* in another status asserts
  nothing false (pass);
- **allergens** of a dish (the restaurant's menu, looked up first): "has none of your
  allergens" of a dish holding none of them is backed, of one holding one is contradicted;
- **the service fee's rate** (wiki.md "Service fee: 5%"): 5% is backed, another rate of the
  policy said of it (15%, 20%) is not;
- (round 9) **the day of a delivery** (the order's ``delivered_at`` against the clock, Friday 13
  March): its day in words, a weekday, a date or "two days ago" is backed, another is not;
- (round 9) **where late compensation starts** (wiki.md "Late deliveries": 15 minutes): 15
  minutes or a quarter of an hour is backed, another figure is not; refund timings also in
  ranges ("between 3 and 5 working days", "in 24-48 hours"), in a record (a list, a table, JSON)
  and negated ("won't arrive in 24 hours": nothing)."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta
from functools import lru_cache
from typing import Any, List, Tuple

from tau_shaped import Action

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.world import BREACH, PASS, observe

RULE = "fd.statements.facts_supported"

_TIMING = {"original_payment": ["in 3-5 business days", "within 3 to 5 business days", "in between 3 and 5 working days",
                                 "in three to five biz days", "in 3–5 business days",
                                 "(approx. 3-5 bus. days)"],  # round 11: a ticket's abbreviations
           "wallet_credit": ["right away", "immediately", "instantly", "in no time at all"]}
_WRONG = {"original_payment": ["within 24 hours", "in 10 business days", "immediately", "in 24-48 hours", "in about an hour",
                               "in 1 to 2 weeks", "by tomorrow", "in between 1 and 2 working days", "by tmrw", "2nite",
                               "in a moment", "any second now", "momentarily",  # round 10b: a wait of moments
                               "(approx. 24 hrs)", "(1-2 bus. days)",  # round 11
                               "within a fortnight"],  # round 12: regional English
          "wallet_credit": ["in 3-5 business days", "within two weeks", "in 2-3 business days"]}
_WHERE = {"original_payment": ["your card", "your original payment method"], "wallet_credit": ["your wallet"]}
_SAID_TIMING = ["The refund of {amount} to {where} will arrive {when}.", "You'll see the money on {where} {when}.",
                "Done! The refund goes to {where} and lands {when}.", "Expect the {amount} back on {where} {when}.",
                "done ✅ {amount} back on {where} {when} 💳",  # round 10: chatty
                # round 11: a ticket's record, a legal register
                "Resolution: refund {amount} issued to {where}.\nTime to post: {when}",
                "Pursuant to our refund terms, the sum of {amount} shall be returned to {where} {when}.",
                # round 12: over-explaining (a day word of another subject in an aside), telegraphic, quoting the policy
                "Thanks so much for your patience this evening (the restaurant was slammed today) -- {amount} goes to {where} {when}.",
                "Refund {amount} -> {where}, {when}. Done.",
                "Policy says 'refunds to {where} arrive {when}', so that's what to expect.",
                # round 13: the method left to the write that moved the money; a macro's field
                "The {amount} refund will arrive {when}.", "Refund processed | Amount: {amount} | Expected: {when}"]
# the same timing negated: it states nothing (round 9: the clause's verb negated, a few words before the timing)
_NOT_TIMING = ["The refund to {where} won't arrive {when}.", "The money will not land on {where} {when}."]

# (round 9: more words of a status: "on the road", "en route", "with the courier", "being cooked", "dropped off")
_STATUS = {"placed": ["has been placed with the restaurant"], "preparing": ["is being prepared", "is being cooked", "is in the kitchen"],
           "ready_for_pickup": ["is ready for pickup"],
           "out_for_delivery": ["is out for delivery", "is on the road", "is en route", "is with the courier", "has been picked up"],
           "delivered": ["has been delivered", "has been dropped off"], "cancelled": ["has been cancelled"]}
_NOT_STATUS = {"preparing": "is not being prepared", "ready_for_pickup": "is not ready for pickup",
               "out_for_delivery": "is not out for delivery", "cancelled": "has not been cancelled"}
# round 13: a question the agent answers itself ("Where is FD-10007? Still being prepared.")
_ANSWERED = {"placed": "Placed with the restaurant", "preparing": "Still being prepared", "ready_for_pickup": "Ready for pickup",
             "out_for_delivery": "Out for delivery", "delivered": "Delivered", "cancelled": "Cancelled"}
_SELF_QA = ["Where is order {order}? {status}.", "Where is {order} now? {status} -- anything else?"]
_SAID_STATUS = ["I checked: order {order} {status}.", "Your order {order} {status}.", "Order {order} {status}, per our records.",
                # round 12: the customer's guess quoted, then the status the agent states
                "You said 'it's probably still in the kitchen' -- I checked: order {order} {status}."]
# round 14: a status a record reports ("Our system shows order FD-1 as delivered"), an adverb inside the perfect
_REPORTED = {"preparing": "being prepared", "ready_for_pickup": "ready for pickup", "out_for_delivery": "out for delivery",
             "delivered": "delivered", "cancelled": "cancelled"}
_SAID_REPORTED = ["Our system shows order {order} as {status}.", "The app lists {order} as {status} right now."]
_NOT_REPORTED = "Our system doesn't show order {order} as {status}."

_SAID_SAFE = ["The {dish} has none of your allergens.", "Good news: the {dish} contains none of your allergens.",
              "The {dish} is free of all your allergens.", "You can safely eat the {dish}.",
              "The {dish} won't trigger your allergies."]


def _timing(rng: random.Random, sc) -> Draft:
    call, obs = sc.call("issue_refund")
    method = rng.choice(sorted(_TIMING))
    refund = Action(name="issue_refund", kwargs={**call.kwargs, "method": method})
    before = [c for c in sc.calls if c[0].name != "issue_refund"] + [(refund, obs.replace('"original_payment"', f'"{method}"'))]
    values = {"amount": "${:.2f}".format(call.kwargs["amount"]), "where": rng.choice(_WHERE[method]),
              "when": rng.choice(_TIMING[method])}
    said = rng.choice(_SAID_TIMING)
    # round 13: a timing with no method is the method of the write that moved the money: read from its events (replayed)
    context = {"scene": sc, "rule": RULE, "before": before, "replay": "{where}" not in said}
    record = ("Refund details:", [("refund", "{amount}"), ("to", "{where}"), ("arrives", "{when}")], "")
    if rng.random() < 0.6:
        return Draft("facts", "refund_timing", [said], values, PASS, context, record=record,
                     others={"when": [(rng.choice(_WRONG[method]), BREACH)]}, key_slots=("when",))
    return Draft("facts", "refund_timing_wrong", [said], {**values, "when": rng.choice(_WRONG[method])},
                 BREACH, context, record=record, negated=([rng.choice(_NOT_TIMING)], PASS), key_slots=("when",))


def _status(rng: random.Random, sc) -> Draft:
    call, obs = sc.call("get_order_details")
    status = json.loads(obs)["status"]
    if status == "placed":  # every status after it would be "not yet": left out
        return _timing(rng, sc)
    # "has been placed" or "has been delivered" of an order further on is true of its past: no wrong status
    wrong = rng.choice(sorted(s for s in _NOT_STATUS if s != status))
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")] + [(call, obs)]
    context = {"scene": sc, "rule": RULE, "before": before}
    if rng.random() < 0.12 and status in _REPORTED and wrong in _REPORTED:  # round 14: reported from a record
        template = rng.choice(_SAID_REPORTED)
        values = {"order": call.kwargs["order_id"], "status": _REPORTED[status]}
        if rng.random() < 0.5:
            return Draft("facts", "status_reported", [template], values, PASS, context,
                         others={"status": [(_REPORTED[wrong], BREACH)]}, key_slots=("status",))
        return Draft("facts", "status_reported_wrong", [template], {**values, "status": _REPORTED[wrong]}, BREACH, context,
                     negated=([_NOT_REPORTED], PASS), key_slots=("status",))
    if rng.random() < 0.15:  # round 13
        values = {"order": call.kwargs["order_id"], "status": _ANSWERED[status]}
        return Draft("facts", "status_self_answered", [rng.choice(_SELF_QA)], values, PASS, context,
                     others={"status": [(_ANSWERED[wrong], BREACH)]}, key_slots=("status",))
    template = rng.choice(_SAID_STATUS)
    values = {"order": call.kwargs["order_id"], "status": rng.choice(_STATUS[status])}
    if rng.random() < 0.5:
        return Draft("facts", "status", [template], values, PASS, context,
                     others={"status": [(rng.choice(_STATUS[wrong]), BREACH)]}, key_slots=("status",))
    return Draft("facts", "wrong_status", [template], {**values, "status": rng.choice(_STATUS[wrong])}, BREACH, context,
                 negated=([template.replace("{status}", _NOT_STATUS[wrong]) if rng.random() < 0.7
                           else "It is not the case that order {order} {status}."], PASS),  # round 13: the clause denied whole
                 key_slots=("status",))


def _allergens(rng: random.Random, m) -> Draft:
    sc = m.scene
    s0 = sc.initial
    order = s0["orders"][next(a for a, _ in sc.calls if a.name == "get_order_details").kwargs["order_id"]]
    rid = order["restaurant_id"]
    lookup = Action(name="get_restaurant_details", kwargs={"restaurant_id": rid})
    menu = s0["restaurants"][rid]["menu"]
    items = list(menu.values()) if isinstance(menu, dict) else list(menu)
    names = [i["name"] for i in items]
    plain = [i for i in items if not any(i["name"] != n and i["name"].lower() in n.lower() for n in names)]
    safe = [i["name"] for i in plain if not set(i.get("allergens") or ()) & set(m.allergens)]
    unsafe = [i["name"] for i in plain if set(i.get("allergens") or ()) & set(m.allergens)]
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")] + \
             [(lookup, observe(sc, lookup))]
    context = {"scene": sc, "rule": RULE, "before": before}
    template = rng.choice(_SAID_SAFE)
    if safe and (not unsafe or rng.random() < 0.5):
        return Draft("facts", "allergen_free", [template], {"dish": rng.choice(safe)}, PASS, context,
                     others={"dish": [(rng.choice(unsafe), BREACH)]} if unsafe else {}, key_slots=("dish",))
    return Draft("facts", "allergen_free_false", [template], {"dish": rng.choice(unsafe)}, BREACH, context,
                 others={"dish": [(rng.choice(safe), PASS)]} if safe else {}, key_slots=("dish",))


_SAID_RATE = ["The service fee is {rate} of the food subtotal.", "A {rate} service fee applies to every order.",
              "Our service charge comes to {rate}.", "Just so you know, the service fee is {rate}."]
_RATE = ["5%", "5 percent", "five percent", "5.0%"]
_WRONG_RATE = ["15%", "20 percent", "fifteen percent", "10%", "100%"]


def _rate(rng: random.Random, sc) -> Draft:
    """The service fee's rate (wiki.md "Service fee: 5% of the food subtotal"): another rate of the
    policy (15%, 20%, 100%) said of it is wrong all the same (round 8)."""
    before = [c for c in sc.calls if c[0].name != "issue_refund"]
    context = {"scene": sc, "rule": RULE, "before": before}
    record = ("Fees on this order:", [("service fee", "{rate} of the food subtotal"), ("delivery fee", "$2.99")], "")
    return Draft("facts", "service_fee_rate", [rng.choice(_SAID_RATE)], {"rate": rng.choice(_RATE)}, PASS, context,
                 record=record, others={"rate": [(rng.choice(_WRONG_RATE), BREACH)]}, key_slots=("rate",))


# --- round 9: the day of a delivery and where late compensation starts -------------------------

_CLOCK_DAY = date(2026, 3, 13)  # wiki.md: Friday 13 March 2026, 19:00
_WEEKDAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_AGO = {2: "two", 3: "three", 4: "four", 5: "five"}
_SAID_DAY = ["Your order {order} was delivered {day}.", "It arrived {day}, according to our records.",
             "Our records show {order} was dropped off {day}.", "Order {order} reached you {day}."]
_NOT_DAY = ["Your order {order} wasn't delivered {day}.", "No, {order} did not arrive {day}."]


def _day_words(back: int, rng: random.Random) -> str:
    """A day ``back`` days before the clock's, in one of the ways a message names it."""
    d = _CLOCK_DAY - timedelta(days=back)
    forms = [f"on {d.day} March", f"on March {d.day}", f"on {_WEEKDAY[d.weekday()]} {d.day} March"]
    if back == 0:
        forms += ["today", "earlier today"]
    if back == 1:
        forms += ["yesterday", f"on {_WEEKDAY[d.weekday()]}", "the day before today"]
    if 2 <= back <= 6:
        forms.append(f"on {_WEEKDAY[d.weekday()]}")
    if back in _AGO:
        forms.append(f"{_AGO[back]} days ago")
    return rng.choice(forms)


@lru_cache(maxsize=None)
def _delivered() -> tuple:
    """(scene, the order's lookup, its observation, days before the clock) of the ground truths'
    lookups of an order delivered in the week before the clock."""
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for sc in refund_scenes():
        call, obs = sc.call("get_order_details")
        at = json.loads(obs).get("delivered_at")
        back = (_CLOCK_DAY - date.fromisoformat(at[:10])).days if at else -1
        if 0 <= back <= 5:
            out.append((sc, call, obs, back))
    return tuple(out)


def _day(rng: random.Random) -> Draft:
    """The day an order was delivered (wiki.md's clock and the order's ``delivered_at``): its day,
    in words, a weekday or a date, is backed; another day is not; said not so, nothing."""
    sc, call, obs, back = rng.choice(_delivered())
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")] + [(call, obs)]
    context = {"scene": sc, "rule": RULE, "before": before}
    other = rng.choice([b for b in range(0, 6) if b != back])
    values = {"order": call.kwargs["order_id"], "day": _day_words(back, rng)}
    record = ("Order details:", [("order", "{order}"), ("delivered", "{day}")], "")
    template = rng.choice(_SAID_DAY)
    if rng.random() < 0.5:
        return Draft("facts", "delivery_day", [template], values, PASS, context, record=record,
                     others={"day": [(_day_words(other, rng), BREACH)]}, key_slots=("day",))
    return Draft("facts", "delivery_day_wrong", [template], {**values, "day": _day_words(other, rng)}, BREACH, context,
                 record=record, negated=([rng.choice(_NOT_DAY)], PASS), key_slots=("day",))


_SAID_LATE = ["Compensation starts once an order is {mins} late.", "Orders {mins} or more late qualify for compensation.",
              "I believe it's {mins} before any compensation applies.",  # round 14: the cue after the figure
              # round 10b: the order's own lateness in the clause before ("it arrived 5 minutes late; ...")
              "It did arrive late; refunds only apply after {mins}.", "Your order came a bit late — we compensate from {mins} on.",
              "You become eligible for compensation from {mins} late.", "We compensate deliveries that are at least {mins} late.",
              "A late order gets compensation after {mins}.", "Lateness of {mins} or more earns a credit."]
_NOT_LATE = ["Compensation doesn't start at {mins} late.", "We don't compensate from {mins} late."]
_LATE_OK = ["15 minutes", "fifteen minutes", "a quarter of an hour", "15 mins"]
_LATE_WRONG = ["10 minutes", "20 minutes", "half an hour", "5 minutes", "25 mins", "ten minutes", "an hour"]


def _late(rng: random.Random, sc) -> Draft:
    """Where late compensation starts (wiki.md "Late deliveries": under 15 minutes late, none):
    15 minutes is backed, another figure is not; said not so, nothing."""
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")]
    context = {"scene": sc, "rule": RULE, "before": before}
    template = rng.choice(_SAID_LATE)
    if rng.random() < 0.5:
        return Draft("facts", "late_threshold", [template], {"mins": rng.choice(_LATE_OK)}, PASS, context,
                     others={"mins": [(rng.choice(_LATE_WRONG), BREACH)]}, key_slots=("mins",))
    return Draft("facts", "late_threshold_wrong", [template], {"mins": rng.choice(_LATE_WRONG)}, BREACH, context,
                 negated=([rng.choice(_NOT_LATE)], PASS), key_slots=("mins",))


_SAID_TIER = ["Orders {mins} or more late get the delivery fee plus 20% of the food subtotal.",
              "From {mins} late, you get the delivery fee back plus 20 percent of the subtotal.",
              "Once a delivery is {mins} late, compensation is the fee plus 20% of the food subtotal.",
              "Past {mins}, you'd also get 20% of the food."]  # round 10: the tier named by its share of the food
_TIER_OK = ["30 minutes", "thirty minutes", "half an hour", "30 mins"]
_TIER_WRONG = ["15 minutes", "20 minutes", "45 minutes", "an hour", "a quarter of an hour"]


def _late_tier(rng: random.Random, sc) -> Draft:
    """Where the second tier of late compensation starts (wiki.md: 30 or more minutes late, the
    delivery fee plus 20% of the food subtotal): 30 minutes is backed, another figure is not."""
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")]
    context = {"scene": sc, "rule": RULE, "before": before}
    template = rng.choice(_SAID_TIER)
    if rng.random() < 0.5:
        return Draft("facts", "late_tier", [template], {"mins": rng.choice(_TIER_OK)}, PASS, context,
                     others={"mins": [(rng.choice(_TIER_WRONG), BREACH)]}, key_slots=("mins",))
    return Draft("facts", "late_tier_wrong", [template], {"mins": rng.choice(_TIER_WRONG)}, BREACH, context, key_slots=("mins",))


# --- round 10: minutes late, in a formal and a chatty style -------------------------------------

_SAID_MINUTES = ["I can confirm that order {order} was delivered {mins} late.", "ur order {order} came like {mins} late 😬",
                 "The delivery of {order} ran {mins} over the promised window.", "{order} arrived {mins} after the latest time promised.",
                 "The order {order} is arrived with {mins} of delay.",  # round 11: non-native English
                 # round 14: the answer after a rhetorical question and an answer's "No --"
                 "Wasn't it on time? No -- order {order} was {mins} late."]
_NOT_MINUTES = ["Order {order} was not delivered {mins} late."]
_MINUTE_WORDS = {5: "five", 10: "ten", 15: "fifteen", 20: "twenty", 25: "twenty-five", 30: "thirty", 45: "forty-five", 60: "sixty"}


def _minutes_said(m: int, rng: random.Random) -> str:
    forms = [f"{m} minutes", f"{m} min", f"a good {m} minutes"] + ([f"{_MINUTE_WORDS[m]} minutes"] if m in _MINUTE_WORDS else [])
    if m == 30:
        forms += ["a full half hour", "half an hour", "a half hour"]
    if m == 60:
        forms += ["a whole hour", "an hour"]
    return rng.choice(forms)


@lru_cache(maxsize=None)
def _late_orders() -> tuple:
    """(scene, the order's lookup, its observation, minutes late) of the ground truths' late-delivery refunds."""
    from datetime import datetime

    from tests.reward.reading.generated.food import _scenes

    out = []
    for sc in [*_scenes("fd-late", "get_order_details"), *_scenes("fd-missing", "get_order_details")]:
        call, obs = sc.call("get_order_details")
        o = json.loads(obs)
        if o.get("delivered_at") and o.get("eta_high"):
            late = int((datetime.fromisoformat(o["delivered_at"]) - datetime.fromisoformat(o["eta_high"])).total_seconds() // 60)
            if late >= 5:
                out.append((sc, call, obs, late))
    return tuple(out)


def _minutes_late(rng: random.Random) -> Draft:
    """Minutes late (wiki.md: from ``eta_high`` to ``delivered_at``): the order's are backed, another figure is not."""
    sc, call, obs, late = rng.choice(_late_orders())
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")] + [(call, obs)]
    context = {"scene": sc, "rule": RULE, "before": before}
    other = rng.choice([m for m in (10, 20, 30, 45, 60) if abs(m - late) >= 5])
    values = {"order": call.kwargs["order_id"], "mins": _minutes_said(late, rng)}
    template = rng.choice(_SAID_MINUTES)
    if rng.random() < 0.5:
        return Draft("facts", "minutes_late", [template], values, PASS, context,
                     others={"mins": [(_minutes_said(other, rng), BREACH)]}, key_slots=("mins",))
    return Draft("facts", "minutes_late_wrong", [template], {**values, "mins": _minutes_said(other, rng)}, BREACH, context,
                 negated=([rng.choice(_NOT_MINUTES)], PASS), key_slots=("mins",))


# round 11: the apology-credit cap said for the customer's tier (wiki.md "basic $5, plus $10, premium $20"), in the registers of
# round 11 (voice, ticket, non-native, legal): the tier's cap backed, another tier's figure not; "no ... limit" states none
_SAID_CAP = ["The most I can offer is a {cap} apology credit.", "Max apology credit (your tier): {cap}",
             "Pursuant to our policy, the maximum apology credit available to you is {cap}.",
             "The maximum of apology credit for you is {cap}, sorry.", "so um the most i can do is uh {cap} credit",
             "Apology credits for your account are capped at {cap}.", "I can't go above {cap} in apology credit, I'm afraid.",
             # round 13: the tier named and no credit word; a self-answered question
             "{cap} is the most for {tier}.", "What's the most for {tier}? {cap}. Want it?",
             "Apology credit | Tier: {tier} | Max: {cap} | Requested: $50.00 -> not possible"]
_NOT_CAP = ["There is no {cap} limit on apology credits."]


@lru_cache(maxsize=1)
def _cap_scenes() -> Tuple[Any, ...]:
    from tests.reward.reading.generated.food import _scenes

    return tuple(_scenes("fd-cap", "get_customer_details"))


def _cap(rng: random.Random) -> Draft:
    sc = rng.choice(_cap_scenes())
    caps = sc.initial["policy"]["apology_credit_cap"]
    tier = sc.initial["customers"][sc.task.user_id]["loyalty_tier"]
    before = [c for c in sc.calls if c[0].name.startswith(("find_", "get_"))]
    context = {"scene": sc, "rule": RULE, "before": before}
    wrong = [Money(v) for t, v in sorted(caps.items()) if t != tier]
    return Draft("facts", "apology_cap", [rng.choice(_SAID_CAP)], {"cap": Money(caps[tier]), "tier": tier}, PASS, context,
                 others={"cap": [(rng.choice(wrong), BREACH)]}, key_slots=("cap",), negated=([rng.choice(_NOT_CAP)], PASS))


def drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import menus, refund_scenes

    refunds, ms = refund_scenes(), menus()
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.2:
            out.append(_timing(rng, rng.choice(refunds)))
        elif kind < 0.4:
            out.append(_status(rng, rng.choice(refunds)))
        elif kind < 0.5:
            out.append(_rate(rng, rng.choice(refunds)))
        elif kind < 0.65:
            out.append(_allergens(rng, rng.choice(ms)))
        elif kind < 0.8:
            out.append(_day(rng))
        elif kind < 0.86:
            out.append(_late(rng, rng.choice(refunds)))
        elif kind < 0.93 and _late_orders():
            out.append(_minutes_late(rng))
        elif kind < 0.96:
            out.append(_cap(rng))
        else:
            out.append(_late_tier(rng, rng.choice(refunds)))
    return out
