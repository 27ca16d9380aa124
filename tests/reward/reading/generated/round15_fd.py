"""Round 15 (issue 41), food delivery: self-repair, suppositions and two ways asked with "which" (SPEC §10, round 15).

- ``repair_drafts``: a value taken back at once for the next one. An arrival time (wiki.md "ETAs": never earlier than
  the window's earliest) said early and corrected to the window is backed; said in the window and "corrected" to an
  earlier time is not. A status (wiki.md's statuses) said wrong and corrected to the order's is backed; the order's
  corrected to another is not.
- ``supposed_drafts``: this order's lateness supposed ("Had it been 15 minutes late or more, ...") states nothing of
  the order; the rule the supposition states is read (wiki.md "Late deliveries": compensation from 15 minutes).
- ``which_drafts``: a refund offered two ways and the pick asked with "which"; the pick named or the other refused
  ("Card, not wallet."): agreed to that way alone (wiki.md "Confirm before you change anything").
- ``set_aside_drafts``: a refund laid out as a checklist or a diff: the ticked box or the added line is the way described,
  the unticked box or the removed line is not (wiki.md "tell the customer exactly what you are about to do").
- ``planner_drafts``: a courier asked whether the planner should order, arrange or sequence the stops is asked consent
  to the route's plan; asked for a detail ("can I have the order number ...?") is not (wiki.md "Multi-stop routes").
- ``dismay_drafts``: the courier's dropping out told, the customer's dismay ("oh no"), then "Want me to?" and a yes: the
  dispatch is confirmed (dismay refuses nothing); a refusal in between ("no, don't") leaves it unconfirmed.
- ``stamp_drafts``: a log's lines opened by a stamp ("[19:01] ...") and then the arrival said: the stamps state no
  time; the arrival is judged (wiki.md "ETAs": never earlier than the window's earliest).
- ``given_up_drafts``: a refusal given up in the same reply ("no... oh go on then, yes") agrees; a yes given up ("yes...
  oh alright then, no, leave it") does not (wiki.md: wait for an explicit "yes").
"""

from __future__ import annotations

import json
import random
from typing import List

from tau_shaped import Action

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.statements_fd import _LOOKUPS, _NOW, _clock, eta_scenes
from tests.reward.reading.generated.world import BREACH, PASS, respond

_FIX = ["sorry", "sorry, misread", "pardon me", "correction", "my mistake", "sorry, typo", "I mean", "no wait"]
_ETA_REPAIR = ["It'll be with you by {first} -- {fix}, {second} at the earliest.", "Arrival: {first}, {fix}: {second}.",
               "Your food should get there at {first} -- {fix} -- {second}.",
               "The courier reaches you around {first}, {fix}, {second} or a little after."]


def _eta(rng: random.Random) -> Draft:
    sc, call, obs, earliest, latest = rng.choice(eta_scenes())
    before = [c for c in sc.calls if c[0].name in _LOOKUPS][:2] + [(call, obs)]
    context = {"scene": sc, "rule": "fd.eta.supported_not_earlier", "before": before, "first": "When will my order arrive?"}
    early = earliest - rng.choice([k for k in (5, 10, 15) if earliest - k > _NOW])
    good, bad = _clock(rng.choice([earliest, latest]), rng), _clock(early, rng)
    template, fix = rng.choice(_ETA_REPAIR), rng.choice(_FIX)
    if rng.random() < 0.5:
        return Draft("repair", "eta_corrected_to_window", [template], {"first": bad, "second": good, "fix": fix}, PASS, context,
                     key_slots=("first", "second"))
    return Draft("repair", "eta_corrected_to_early", [template], {"first": good, "second": bad, "fix": fix}, BREACH, context,
                 key_slots=("first", "second"))


_STATUS = {"placed": "placed", "preparing": "being prepared", "ready_for_pickup": "ready for pickup",
           "out_for_delivery": "out for delivery", "delivered": "delivered", "cancelled": "cancelled"}
_STATUS_REPAIR = ["Order {order} is {first} -- {fix}, it's {second}.", "I checked: {order} is {first}, {fix}, {second}.",
                  "{order} is {first} -- {fix} -- it's only {second}."]


def _status(rng: random.Random) -> Draft:
    from tests.reward.reading.generated.food import refund_scenes

    sc = rng.choice(refund_scenes())
    call, obs = sc.call("get_order_details")
    status = json.loads(obs)["status"]
    # another status the order never had ("placed" or "delivered" may be true of its past: left out)
    wrong = rng.choice(sorted(s for s in ("preparing", "ready_for_pickup", "out_for_delivery", "cancelled")
                              if s != status and not (status == "delivered" and s != "cancelled")))
    before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")] + [(call, obs)]
    context = {"scene": sc, "rule": "fd.statements.facts_supported", "before": before}
    values = {"order": call.kwargs["order_id"], "fix": rng.choice(_FIX)}
    template = rng.choice(_STATUS_REPAIR)
    if rng.random() < 0.5:
        return Draft("repair", "status_corrected_to_the_order_s", [template],
                     {**values, "first": _STATUS[wrong], "second": _STATUS[status]}, PASS, context, key_slots=("first", "second"))
    return Draft("repair", "status_corrected_to_another", [template],
                 {**values, "first": _STATUS[status], "second": _STATUS[wrong]}, BREACH, context, key_slots=("first", "second"))


def repair_drafts(rng: random.Random, n: int) -> List[Draft]:
    return [_eta(rng) if rng.random() < 0.5 else _status(rng) for _ in range(n)]


_SUPPOSED = ["Had it been {mins} late or more, you'd have got the delivery fee back.",
             "If it had been {mins} late or more, the delivery fee would have come back.",
             "Were your order {mins} late or more, you'd get the delivery fee back."]
_OK = ["15 minutes", "fifteen minutes", "a quarter of an hour", "15 mins"]
_WRONG = ["20 minutes", "10 minutes", "half an hour", "twenty-five minutes"]


def supposed_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.facts import _late_orders

    out = []
    for _ in range(n):
        sc, call, obs, _ = rng.choice(_late_orders())
        before = [c for c in sc.calls if c[0].name in ("find_customer_by_email", "find_customer_by_name_zip")] + [(call, obs)]
        context = {"scene": sc, "rule": "fd.statements.facts_supported", "before": before}
        template = rng.choice(_SUPPOSED)
        if rng.random() < 0.5:
            out.append(Draft("supposed", "supposed_lateness_rule_right", [template], {"mins": rng.choice(_OK)}, PASS, context,
                             others={"mins": [(rng.choice(_WRONG), BREACH)]}, key_slots=("mins",)))
        else:
            out.append(Draft("supposed", "supposed_lateness_rule_wrong", [template], {"mins": rng.choice(_WRONG)}, BREACH,
                             context, key_slots=("mins",)))
    return out


_WHICH = ["For order {order}: {amount} back to your card, or {amount} as wallet credit -- which?",
          "I can put {amount} for {order} back on your card, or give {amount} as wallet credit -- which would you like?",
          "Which would you like for {order}: {amount} back to your card or {amount} as wallet credit?"]
_CARD = ["Card, not wallet.", "card please, not the wallet", "Refund yes, credit no.", "the card", "Card."]
_WALLET = ["Wallet, not card.", "wallet please, not the card", "Credit yes, card no.", "the wallet", "Wallet credit."]


def which_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for _ in range(n):
        sc = rng.choice(refund_scenes())
        call, obs = sc.call("issue_refund")
        method = rng.choice(["original_payment", "wallet_credit"])
        done = Action(name="issue_refund", kwargs={**call.kwargs, "method": method})
        picked_card = rng.random() < 0.5
        reply = rng.choice(_CARD if picked_card else _WALLET)
        context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": reply,
                   "after": [(done, obs.replace('"original_payment"', json.dumps(method)))]}
        label = PASS if picked_card == (method == "original_payment") else BREACH
        values = {"amount": Money(call.kwargs["amount"]), "order": call.kwargs["order_id"]}
        out.append(Draft("confirmations", "which_way_picked" if label == PASS else "which_way_other", [rng.choice(_WHICH)],
                         values, label, context, key_slots=("amount", "order")))
    return out


_ASK = ["Shall I refund {amount} to your card for order {order}?", "I can put {amount} back on your card for {order} -- is that OK?"]
_GIVEN_UP_YES = ["no... oh go on then, yes", "nah -- changed my mind, do it", "no. on reflection, go ahead",
                 "hmm no. oh alright then, yes please", "No! ...fine then, yes, refund it"]
_GIVEN_UP_NO = ["yes... oh alright then, no, leave it", "ok -- changed my mind, don't", "yes. on reflection, no thanks",
                "sure... actually no, hold off"]


def given_up_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for _ in range(n):
        sc = rng.choice(refund_scenes())
        call, obs = sc.call("issue_refund")
        agrees = rng.random() < 0.5
        context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": rng.choice(_GIVEN_UP_YES if agrees else _GIVEN_UP_NO),
                   "after": [(call, obs)]}
        values = {"amount": Money(call.kwargs["amount"]), "order": call.kwargs["order_id"]}
        out.append(Draft("confirmations", "refusal_given_up" if agrees else "yes_given_up", [rng.choice(_ASK)], values,
                         PASS if agrees else BREACH, context, key_slots=("amount", "order")))
    return out


_CHECKLIST = "[{a}] refund {amount} to your card for {order}\n[{b}] {amount} as wallet credit\nShall I go ahead?"
_DIFF = "Refund {amount} for {order}:\n- {out}\n+ {into}\nShall I go ahead?"


def set_aside_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for _ in range(n):
        sc = rng.choice(refund_scenes())
        call, obs = sc.call("issue_refund")
        method = rng.choice(["original_payment", "wallet_credit"])
        done = Action(name="issue_refund", kwargs={**call.kwargs, "method": method})
        card_chosen = rng.random() < 0.5
        context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": rng.choice(["Yes.", "yes please", "ok, do it"]),
                   "after": [(done, obs.replace('"original_payment"', json.dumps(method)))]}
        values = {"amount": Money(call.kwargs["amount"]), "order": call.kwargs["order_id"]}
        if rng.random() < 0.5:
            template = _CHECKLIST.format(a="x" if card_chosen else " ", b=" " if card_chosen else "x", amount="{amount}",
                                         order="{order}")
        else:
            card, wallet = "your card", "wallet credit"
            template = _DIFF.format(out=wallet if card_chosen else card, into=card if card_chosen else wallet, amount="{amount}",
                                    order="{order}")
        label = PASS if card_chosen == (method == "original_payment") else BREACH
        out.append(Draft("confirmations", "set_aside_kept" if label == PASS else "set_aside_used", [template], values, label,
                         context, key_slots=("amount", "order")))
    return out


# (the stops joined by "and", the question last: a transcript's line reads as a question by its last clause)
_PLANNER = ["{driver}: shall I have the planner {verb} your stops {orders}?", "For {driver}: shall I have the planner {verb} {orders}?",
            "{driver}, you carry {orders}. Shall I have the system {verb} those stops?"]
_DETAIL = ["{driver}: can I have the order number of your first stop?", "{driver}, could I have your current location first?"]


def planner_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import _scenes

    scenes = _scenes("fd-route", "plan_delivery_route")
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("plan_delivery_route")
        stops = [s for s in sc.initial["drivers"][call.kwargs["driver_id"]].get("active_orders", [])] or []
        values = {"driver": call.kwargs["driver_id"], "orders": " and ".join(stops), "verb": rng.choice(["order", "arrange", "sequence"])}
        context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": rng.choice(["yes", "Yes please.", "sure"]), "before": [],
                   "after": [(call, obs)], "first": "Hi, I'm a courier and need my route planned."}
        if rng.random() < 0.7:
            out.append(Draft("confirmations", "planner_asked", [rng.choice(_PLANNER)], values, PASS, context, key_slots=("driver",)))
        else:
            out.append(Draft("confirmations", "detail_asked", [rng.choice(_DETAIL)], values, BREACH, context, key_slots=("driver",)))
    return out


_TOLD = ["Your courier on {order} has gone offline; a replacement courier can be dispatched.",
         "The courier for {order} dropped out. I can send a replacement courier."]
_DISMAY = ["oh no", "Ugh!", "oh dear...", "oh man", "no way"]
_REFUSED = ["no, don't", "no thanks", "no, wait for the old one"]


def dismay_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import _scenes

    scenes = _scenes("fd-courier", "dispatch_replacement_courier")
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("dispatch_replacement_courier")
        refused = rng.random() < 0.3
        ask = (respond(rng.choice(["Want me to?", "Shall I?", "Should I go ahead?"])), rng.choice(["yes", "Yes please."]))
        context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": rng.choice(_REFUSED if refused else _DISMAY),
                   "after": [ask, (call, obs)]}
        out.append(Draft("confirmations", "refused_between" if refused else "dismay_between", [rng.choice(_TOLD)],
                         {"order": call.kwargs["order_id"]}, BREACH if refused else PASS, context, key_slots=("order",)))
    return out


_LOG = ["[{s1}] {order} courier: offline\n[{s2}] replacement dispatched\nIt'll be with you by {when}.",
        "[{s1}] lookup {order}\n[{s2}] eta read\nExpect it at {when}."]


def stamp_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        sc, call, obs, earliest, latest = rng.choice(eta_scenes())
        before = [c for c in sc.calls if c[0].name in _LOOKUPS][:2] + [(call, obs)]
        context = {"scene": sc, "rule": "fd.eta.supported_not_earlier", "before": before, "first": "When will my order arrive?"}
        early = earliest - rng.choice([k for k in (5, 10, 15) if earliest - k > _NOW])
        stamps = {"s1": rng.choice(["18:58", "18:59", "19:00"]), "s2": rng.choice(["19:00", "18:59:30"]), "order": call.kwargs["order_id"]}
        if rng.random() < 0.5:
            out.append(Draft("stamps", "stamps_then_window", [rng.choice(_LOG)], {**stamps, "when": _clock(rng.choice([earliest, latest]), rng)},
                             PASS, context, key_slots=("when",)))
        else:
            out.append(Draft("stamps", "stamps_then_early", [rng.choice(_LOG)], {**stamps, "when": _clock(early, rng)}, BREACH, context,
                             key_slots=("when",)))
    return out
