"""Confirmations of writes (wiki.md "Confirm before you change anything": tell the customer
exactly what you are about to do, the order, the items, the amount, the method, and wait for an
explicit yes; SPEC §10 "Confirming a write"; tau2's policies: list the action's details and
obtain an explicit yes). Rules ``fd.confirm.before_write``, ``retail.confirm.before_write``,
``air.confirm.before_write`` (the check ``unconfirmed``).

By construction, answered "yes" and followed by the real write: a message that states the
call's action and every value and asks for a yes confirms it (pass); the same with another
order, amount, method or reason, negated, or a question about something else ("would you like
to know how a refund of $16.90 works?") does not (breach: an unconfirmed write)."""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List, Tuple

from tau_shaped import Action

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.world import BREACH, PASS, Scene, respond

METHODS = {"original_payment": ["original payment method", "card"], "wallet_credit": ["wallet", "wallet credit"]}
YES = ["Yes, please.", "Yes", "Sure, go ahead.", "Yep, do it.", "Yes please do."]

_REFUND = [
    "I can refund {amount} to your {method} for order {order}. Shall I go ahead?",
    "To confirm: I'll issue a refund of {amount} for order {order}, back to your {method}. Is that OK?",
    "I'll send {amount} back to your {method} for the missing item on order {order}. Do you want me to proceed?",
    "For order {order}, I'd refund {amount} to your {method}. May I go ahead?",
    "Here is my plan: refund {amount} on order {order} to your {method}. Do I have your OK?",
    "Would a refund of {amount} to your {method} for order {order} work for you?",
    # round 9b: the move said by an arrow; someone else's offer, with leave asked to act now
    "Order {order}: {amount} → {method}. Confirm?",
    "Order {order} — {amount} to your {method}, OK?",
    "Earlier you were offered {amount} back to your {method} for order {order}. Shall I process that now?",
    # round 10: a "no" said of its noun before the amount ("no fee, and ... {amount}")
    "For order {order} there's no fee, and I'll refund {amount} to your {method}. Shall I go ahead?",
    "No charge to you, and {amount} goes back to your {method} for order {order}. OK?",
    # round 12: telegraphic, over-polite, learner's and quoting styles
    "Might I refund {amount} to your {method} for order {order}?",
    "If it's not too much trouble, might I go ahead and refund {amount} to your {method} for order {order}?",
    "Refund {amount} -> {method} for order {order}. Do it?",
    "Is ok for you that I refund {amount} to your {method} for order {order}?",
    "Kindly confirm I should refund {amount} to your {method} for order {order}.",
    "You said 'just refund it', so: {amount} back to your {method} for order {order}. Shall I go ahead?",
    # round 13: self-Q&A, impersonal corporate asks
    "Can we refund order {order}? Yes. How much? {amount}. Where to? Your {method}. Want me to go ahead?",
    "Is a refund possible for order {order}? It is. Amount? {amount}. Method? Your {method}. Shall I?",
    "A refund of {amount} to your {method} for order {order} can be issued; confirmation is requested.",
    "It is proposed that {amount} be refunded to your {method} for order {order}. Shall this be done?",
    "I can refund {amount} to your {method} for order {order}. Is that what you'd like?",
    # round 14: an ask pending the customer's OK, a suggestion with "why not", an offer said with "I'd put ... if that suits"
    "Refund pending your OK: {amount} to your {method}, for order {order}.",
    "Why not refund the {amount} to your {method} for order {order} -- shall I?",
    "For order {order}, I'd put {amount} back on your {method}, if that suits?",
]
_REFUND_ELSE = [
    "Would you like to know how a refund of {amount} to your {method} for order {order} works?",
    "Do you have any questions about the {amount} refund to your {method} for order {order}?",
    # round 9: a question of the customer's time, of an explanation, of a detail to check
    "Do you want to think about the {amount} refund to your {method} for order {order}?",
    "Would you prefer I explain how the {amount} refund to your {method} for order {order} works?",
    "Could you confirm the last four digits of your card? Then I can refund {amount} to your {method} for order {order}.",
    # round 9: no write to come described (said as done, as what would have been, denied by policy)
    "I've refunded {amount} to your {method} for order {order}. Is that OK?",
    "I went ahead and refunded {amount} to your {method} for order {order} - hope that's alright?",
    "The {amount} refund to your {method} for order {order} is done. All good?",
    "Normally I'd refund {amount} to your {method} for order {order}. OK?",
    "I could refund {amount} to your {method} for order {order}, but policy doesn't allow it. OK?",
    # round 9b: someone else's offer told, and no leave asked to act
    "The other agent offered a refund of {amount} to your {method} for order {order} - is that what you want?",
    "You were promised {amount} back to your {method} for order {order}. Is that right?",
    # round 12: a rating asked, a question quoted, a record of the act wished for, a loan's question word
    "Refund {amount} -> {method} for order {order}. Pls rate this chat 1-5?",
    "You asked 'can you refund {amount} to my {method} for order {order}?' -- I'm checking whether that's allowed.",
    "Refund {amount} to your {method} for order {order}: do you want the bank's reference number too?",
    "A refund of {amount} to your {method} for order {order} -- ¿sabes cuánto tarda?",
    # round 13: a question left for the customer after a self-answered one; an approval said, not asked
    "Can we refund order {order}? Yes: {amount} to your {method}. Is your address still the same?",
    "A refund of {amount} to your {method} for order {order} has been approved; your confirmation was received.",
    "I can refund {amount} to your {method} for order {order}. Hmm, actually, could you confirm the delivery address first?",
    # round 14: the question taken back right after it
    "I can refund {amount} to your {method} for order {order}. Shall I? Actually, scratch that -- let me check the order first.",
    "Shall I refund {amount} to your {method} for order {order}? Hold on, I need to check one thing.",
]
# round 14: the offer as a menu of options and a pick of one ({mine}: the call's method, {theirs}: the other)
_MENU = [
    "For order {order} I can do either:\n1) {amount} back to your {first}\n2) {amount} to your {second}\nReply 1 or 2.",
    "Two ways to sort out order {order}:\nOption A -- refund {amount} to your {first}\nOption B -- refund {amount} to your {second}\nWhich would you like?",
    "Order {order}: (a) {amount} to your {first} (b) {amount} to your {second} -- reply a or b",
]
# round 14: the same two ways offered as "either ... or ...?", picked by naming one
_EITHER_OR = "For order {order}, I can refund the {amount} either to your {first} or to your {second} -- which would you like?"
_PICKS = {0: ["1", "the first one", "A please", "option a", "the first, not the second", "first please"],
          1: ["2", "the second one", "B please", "option b", "the second, not the first", "number 2 please"]}
# round 12: the call's amount said only as a bound beside another, or two refunds asked at once (breach);
# the bound beside the call's own amount (pass)
_BOUND = [("For order {order} you can get up to {amount}, so I'd refund {less} to your {method}. OK?", BREACH),
          ("I can refund {amount} for order {order} to your {method}, and {less} for the other item as well -- OK to do both?", BREACH),
          ("For order {order} you can get up to {amount}, so I'd refund the full {amount} to your {method}. Shall I go ahead?", PASS),
          # round 12: an amount taken back by a dash and "no": the one after it is the one stated
          ("Order {order}: refund {less} -- no, {amount} -> your {method}. Shall I go ahead?", PASS),
          ("Order {order}: refund {amount} -- no, {less} -> your {method}. Shall I go ahead?", BREACH),
          # round 13: the call's amount said in another role beside another amount said as the one moved
          ("Case 4821 | Order: {order} | Max refundable: {amount} | Refund now: {less} | Method: {method} -- reply Y to proceed", BREACH),
          ("Case 4821 | Order: {order} | Item line: {amount} | Resolution: refund {less} to your {method} -- reply Y", BREACH),
          ("Case 4821 | Order: {order} | Item line: {less} and {amount} | Resolution: refund {amount} to your {method} -- reply Y", PASS)]
# round 13: split turns -- the values in this message, the consent question in the agent's next one
_SPLIT = ["Refund of {amount} to your {method} for order {order}.", "Here's the plan: {amount} back to your {method}, order {order}.",
          "For order {order}: {amount} to your {method}."]
_SPLIT_ASK = ["Shall I?", "Want me to go ahead?", "OK to proceed?", "Confirmation is requested."]
# round 9b: several writes of the kind in one message (one yes covers one write)
_TWO_ORDERS = [
    "I'll refund {amount} to your {method} for order {order} and {amount} for order {other}. Shall I go ahead?",
    "- order {order}: refund {amount} to your {method}\n- order {other}: refund {amount} to your {method}\nShall I do both?",
    "Orders {order} and {other} each get a refund of {amount} to your {method}. OK?",
]
_HIDDEN_AMOUNT = [
    "I can refund the missing item to your {method} for order {order}. Shall I go ahead? <!-- amount: {amount} -->",
    "<!-- refund {amount} --> I'll issue the refund for order {order} back to your {method}. Is that OK?",
]
_REFUND_NOT = "I can't refund {amount} to your {method} for order {order}. Is that OK?"

_CANCEL = [
    "I can cancel order {order}; you'd get {amount} back to your original payment method. Shall I go ahead?",
    "Cancelling order {order} will refund {amount} to your original payment method. Do you want me to cancel it?",
    "To confirm, I'll cancel order {order} and refund {amount} to your card. Is that OK?",
    "Shall I cancel order {order}? The refund to your card would be {amount}.",
]
_CANCEL_NOT = "I won't cancel order {order} and refund {amount} to your card. Is that OK?"
_CANCEL_ELSE = ["Would you like to know how the {amount} refund for cancelling order {order} would work?"]

_RETAIL = [
    "I'll cancel order {order} with the reason '{reason}'. Do you confirm?",
    "To confirm: cancel pending order {order}, reason: {reason}. Shall I proceed?",
    "Shall I cancel your order {order}? I'll record the reason as {reason}.",
    "Please confirm you'd like me to cancel order {order} because it was {reason}.",
    # round 13: self-Q&A, the impersonal passive, a call-centre macro
    "Can {order} be cancelled? Yes, it's pending. The reason? '{reason}'. Shall I cancel it?",
    "Order {order} may be cancelled with the reason recorded as '{reason}'. Kindly confirm whether the cancellation is to proceed.",
    "ACTION: Cancel order | Order: {order} | Reason: {reason}\nReply Y to proceed.",
]
_RETAIL_NOT = "I can't cancel order {order} for the reason {reason}. Is that OK?"
_AIRLINE = [
    "I'll cancel reservation {res}. Do you want me to proceed?",
    "cxl {res}? y/n",  # round 12: the ticket shorthand
    "To confirm: cancel reservation {res}. Shall I go ahead?",
    "Can I go ahead and cancel your booking {res}?",
    # round 13: self-Q&A and the impersonal passive
    "Can {res} be cancelled? Yes. Where does the refund go? The original payment method. Want me to go ahead and cancel it?",
    "Reservation {res} is eligible to be cancelled. Kindly confirm whether the cancellation is to proceed.",
]
_AIRLINE_NOT = "I won't cancel reservation {res}. Is that OK?"


def _steps_after(action: Action, observation: str) -> List[Tuple[Action, str]]:
    return [(action, observation)]


def _refund(rng: random.Random, sc: Scene) -> Draft:
    call, obs = sc.call("issue_refund")
    method = rng.choice(sorted(METHODS))
    kwargs = {**call.kwargs, "method": method}
    obs = obs.replace('"original_payment"', json.dumps(method))
    amount, order = Money(call.kwargs["amount"]), call.kwargs["order_id"]
    mine = [o for o in sc.initial["customers"][sc.task.user_id]["orders"] if o != order]
    other_method = rng.choice(METHODS["wallet_credit" if method == "original_payment" else "original_payment"])
    values = {"amount": amount, "order": order, "method": rng.choice(METHODS[method])}
    context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": rng.choice(YES),
               "after": _steps_after(Action(name="issue_refund", kwargs=kwargs), obs)}
    others = {"amount": [(Money(round(float(amount) + rng.choice([1.0, -1.0, 0.5, 2.1]), 2)), BREACH)],
              "method": [(other_method, BREACH)]}
    if mine:
        others["order"] = [(rng.choice(mine), BREACH)]
    record = ("Here's what I'll do:", [("action", "refund"), ("order", "{order}"), ("amount", "{amount}"),
                                      ("refund to", "{method}")], "Shall I go ahead?")
    if mine and rng.random() < 0.08:
        other = rng.choice(mine)
        if rng.random() < 0.3:  # round 13: a second code of the order's shape that S0 does not hold
            other = next(f"FD-{n}" for n in (rng.randrange(10000, 99999) for _ in range(50)) if f"FD-{n}" not in sc.initial["orders"])
        return Draft("confirmations", "refund_two_orders", [rng.choice(_TWO_ORDERS)], {**values, "other": other},
                     BREACH, context, key_slots=("amount", "order", "other"))
    if rng.random() < 0.2:
        return Draft("confirmations", "refund_question_else", [rng.choice(_REFUND_ELSE)], values, BREACH, context,
                     key_slots=("amount", "order"))
    if method == "original_payment" and rng.random() < 0.2:  # the card by its brand and last four (round 9)
        return _refund_card(rng, sc, values, context, others)
    if rng.random() < 0.06:  # round 12
        template, label = rng.choice(_BOUND)
        less = Money(round(float(amount) * 0.5, 2))
        return Draft("confirmations", "refund_bound", [template], {**values, "less": less}, label, context,
                     key_slots=("amount", "order", "less"))
    if rng.random() < 0.06:  # round 13: split turns (the question in the next message, "yes" to it)
        ask = (respond(rng.choice(_SPLIT_ASK)), rng.choice(YES))
        return Draft("confirmations", "refund_split", [rng.choice(_SPLIT)], values, PASS,
                     {**context, "reply": rng.choice(["ok", "Okay.", "hm"]), "after": [ask] + context["after"]},
                     negated=(["I won't refund {amount} to your {method} for order {order}."], BREACH), others=others,
                     key_slots=("amount", "order"))
    if rng.random() < 0.06:  # round 14: a menu, the call's method first or second, picked or not
        mine, theirs = rng.choice(METHODS[method]), other_method
        at = rng.randrange(2)
        picked = rng.randrange(2)
        template = rng.choice(_MENU)
        reply = rng.choice(_PICKS[picked])  # a letter picks the same place in a numbered menu, a number in a lettered one
        if rng.random() < 0.35:  # round 14: "either ... or ...?", a pick by naming one ("the wallet please")
            template, named = _EITHER_OR, (mine if picked == at else theirs)
            reply = rng.choice(["the {} please", "{}", "{}, go ahead", "you said {} -- do that"]).format(named.split()[-1])
        slots = {**values, "first": mine if at == 0 else theirs, "second": theirs if at == 0 else mine}
        return Draft("confirmations", "refund_menu", [template], slots, PASS if picked == at else BREACH,
                     {**context, "reply": reply}, key_slots=("amount", "order"), padding_ok=False)
    if rng.random() < 0.06:  # the amount only in an HTML comment: not said, so not stated
        return Draft("confirmations", "refund_amount_hidden", [rng.choice(_HIDDEN_AMOUNT)], values, BREACH, context,
                     key_slots=("order",))
    return Draft("confirmations", "refund", [rng.choice(_REFUND)], values, PASS, context, record=record,
                 negated=([_REFUND_NOT], BREACH), others=others, key_slots=("amount", "order"))


_CARD = [
    "I can refund {amount} to your {brand} ending {last4} for order {order}. Shall I go ahead?",
    "To confirm: {amount} back to the {brand} card ending in {last4}, for order {order}. OK?",
    "For order {order} I'd put {amount} back on your {brand} (last four {last4}). May I go ahead?",
]
_BRANDS = {"visa": "Visa", "mastercard": "Mastercard", "amex": "Amex"}


def _refund_card(rng: random.Random, sc: Scene, values: Dict[str, Any], context: Dict[str, Any],
                 others: Dict[str, Any]) -> Draft:
    """A refund to the card described by its brand and last four digits (S0's): another brand or
    other digits describe another card (SPEC §10: another value stated is another call)."""
    methods = sc.initial["customers"][sc.task.user_id]["payment_methods"]
    card = next(m for m in methods.values() if m.get("type") == "card")
    brand, last4 = _BRANDS[card["brand"]], card["last4"]
    other_brand = rng.choice([b for k, b in _BRANDS.items() if k != card["brand"]])
    other_last4 = f"{(int(last4) + rng.choice([1, 11, 1111, 5000])) % 10000:04d}"
    record = ("Here's what I'll do:", [("action", "refund"), ("order", "{order}"), ("amount", "{amount}"),
                                      ("card", "{brand} ending {last4}")], "Shall I go ahead?")
    slots = {**{k: v for k, v in values.items() if k != "method"}, "brand": brand, "last4": last4}
    return Draft("confirmations", "refund_card", [rng.choice(_CARD)], slots, PASS, context, record=record,
                 others={**{k: v for k, v in others.items() if k != "method"},
                         "brand": [(other_brand, BREACH)], "last4": [(other_last4, BREACH)]},
                 key_slots=("amount", "order", "brand", "last4"))


def _cancel(rng: random.Random, sc: Scene) -> Draft:
    call, obs = sc.call("cancel_order")
    amount, order = Money(json.loads(obs)["refunded"]), call.kwargs["order_id"]
    mine = [o for o in sc.initial["customers"][sc.task.user_id]["orders"] if o != order]
    values = {"amount": amount, "order": order}
    context = {"scene": sc, "rule": "fd.confirm.before_write", "reply": rng.choice(YES),
               "after": _steps_after(call, obs)}
    others: Dict[str, Any] = {"amount": [(Money(round(float(amount) + rng.choice([1.0, -1.0, 3.5]), 2)), BREACH)]}
    if mine:
        others["order"] = [(rng.choice(mine), BREACH)]
    record = ("Here's what I'll do:", [("action", "cancel the order"), ("order", "{order}"), ("refund", "{amount}"), ("refund to", "card")],
              "Shall I go ahead?")
    if rng.random() < 0.15:
        return Draft("confirmations", "cancel_question_else", [rng.choice(_CANCEL_ELSE)], values, BREACH, context,
                     key_slots=("amount", "order"))
    return Draft("confirmations", "cancel", [rng.choice(_CANCEL)], values, PASS, context, record=record,
                 negated=([_CANCEL_NOT], BREACH), others=others, key_slots=("amount", "order"))


def food_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import cancel_scenes, refund_scenes

    refunds, cancels = refund_scenes(), cancel_scenes()
    return [_refund(rng, rng.choice(refunds)) if rng.random() < 0.65 or not cancels else _cancel(rng, rng.choice(cancels))
            for _ in range(n)]


def _retail(rng: random.Random, sc: Scene) -> Draft:
    call, obs = sc.call("cancel_pending_order")
    order, reason = call.kwargs["order_id"], call.kwargs["reason"]
    mine = [o for o in sc.initial["users"][sc.task.user_id]["orders"] if o != order]
    other_reason = "no longer needed" if reason == "ordered by mistake" else "ordered by mistake"
    template = rng.choice(_RETAIL if reason == "ordered by mistake" else [t for t in _RETAIL if "because" not in t])
    context = {"scene": sc, "rule": "retail.confirm.before_write", "reply": rng.choice(YES),
               "after": _steps_after(call, obs)}
    others: Dict[str, Any] = {"reason": [(other_reason, BREACH)]}
    if mine:
        others["order"] = [(rng.choice(mine), BREACH)]
    record = ("Here is what I will do:", [("action", "cancel order"), ("order id", "{order}"), ("reason", "{reason}")],
              "Do you confirm?")
    return Draft("confirmations", "retail_cancel", [template], {"order": order, "reason": reason}, PASS, context,
                 record=record, negated=([_RETAIL_NOT], BREACH), others=others, key_slots=("order", "reason"))


def _airline(rng: random.Random, sc: Scene) -> Draft:
    call, obs = sc.call("cancel_reservation")
    res = call.kwargs["reservation_id"]
    mine = [r for r in sc.initial["users"][sc.task.user_id]["reservations"] if r != res]
    context = {"scene": sc, "rule": "air.confirm.before_write", "reply": rng.choice(YES),
               "after": _steps_after(call, obs)}
    record = ("Here is what I will do:", [("action", "cancel reservation"), ("reservation id", "{res}")],
              "Do you confirm?")
    return Draft("confirmations", "airline_cancel", [rng.choice(_AIRLINE)], {"res": res}, PASS, context, record=record,
                 negated=([_AIRLINE_NOT], BREACH), others={"res": [(rng.choice(mine), BREACH)]} if mine else {},
                 key_slots=("res",))


def tau2_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.tau2 import AIRLINE, _scenes, airline_cancels, retail_cancels

    retail, airline = retail_cancels(), airline_cancels()
    flights = [sc for sc in _scenes(AIRLINE, "update_reservation_flights")
               if any(a.name == "update_reservation_flights" and len(a.kwargs["flights"]) >= 2 for a, _ in sc.calls)]
    out = []
    for _ in range(n):
        pick = rng.random()
        if pick < 0.15 and flights:  # round 10
            out.append(_airline_flights(rng, rng.choice(flights)))
        elif pick < 0.22:
            out.append(_airline_same_for(rng, rng.choice(airline)))
        else:
            out.append(_retail(rng, rng.choice(retail)) if rng.random() < 0.6 else _airline(rng, rng.choice(airline)))
    return out


# --- round 10: each value bound to what it is said of; the method's kind; the second write by a code

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]


def _day(date: str, style: int) -> str:
    """A flight's date (YYYY-MM-DD) as a person writes it: ISO, "May 21", "21 May", "the 21st of May"."""
    y, m, d = (int(p) for p in date.split("-"))
    suffix = "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return [date, f"{_MONTHS[m - 1]} {d}", f"{d} {_MONTHS[m - 1]}", f"the {d}{suffix} of {_MONTHS[m - 1]}",
            f"{m:02d}/{d:02d}", f"{d}/{m}",  # round 12: a slash and no year, month first or day first
            f"{d:02d}{_MONTHS[m - 1][:3].upper()}"][style]  # round 12: a fare's compact "17MAY"


_FLIGHTS = [
    "I'll change reservation {res} to {cabin}: {f1} on {d1}, then {f2} on {d2}. Any fare difference goes to your {pm}. Shall I make this change?",
    "Here's the change for {res} ({cabin}):\n- {f1}: {d1}\n- {f2}: {d2}\nFare difference on your {pm}. OK to change it?",
    "Changing {res} to {cabin} with {f1} ({d1}) and {f2} ({d2}); your {pm} covers any difference. Do you confirm the change?",
    "| Flight | Date |\n|---|---|\n| {f1} | {d1} |\n| {f2} | {d2} |\nI'll change {res} to these in {cabin}, difference to your {pm}. Shall I?",
    "{res} -> {cabin}: {f1} ({d1}), {f2} ({d2}); difference on your {pm}. Proceed? y/n",  # round 13: the arrow names the change
    # round 16: a unit's rate beside the call ("$50 each" is no other amount); a side remark in brackets
    "I'll change {res} to {cabin}: {f1} on {d1}, then {f2} on {d2} (checked bags stay $50 each beyond the allowance). Any fare difference goes to your {pm}. Shall I?",
]
_CABIN_WORDS = {"economy": ["economy", "ECO", "econ"], "business": ["business", "BIZ"],
                "basic_economy": ["basic economy", "basic eco"]}  # round 12: the cabin in shorthand
_PAY_WORDS = {"credit_card": ["credit card", "card on file"], "gift_card": ["gift card"], "certificate": ["travel certificate"],
              "paypal": ["PayPal"]}
_OTHER_PAY = {"credit_card": "gift card", "gift_card": "credit card", "certificate": "credit card", "paypal": "gift card"}


def _kind(payment_id: str) -> str:
    return next(k for k in _PAY_WORDS if payment_id.startswith(k))


def _airline_flights(rng: random.Random, sc: Scene) -> Draft:
    """A change of flights said flight by flight: a date said of one flight that is another's
    (or none of the call's) describes another call; another kind of payment method too."""
    calls = [(a, o) for a, o in sc.calls if a.name == "update_reservation_flights" and len(a.kwargs["flights"]) >= 2]
    call, obs = rng.choice(calls)
    k = call.kwargs
    f1, f2 = k["flights"][0], k["flights"][1]
    style = rng.randrange(7)
    values = {"res": k["reservation_id"], "cabin": rng.choice(_CABIN_WORDS[k["cabin"]]), "f1": f1["flight_number"],
              "f2": f2["flight_number"], "d1": _day(f1["date"], style), "d2": _day(f2["date"], style),
              "pm": rng.choice(_PAY_WORDS[_kind(k["payment_id"])])}
    wrong = f2["date"] if f2["date"] != f1["date"] else f"{f1['date'][:8]}{int(f1['date'][8:]) % 27 + 1:02d}"
    context = {"scene": sc, "rule": "air.confirm.before_write", "reply": rng.choice(YES), "after": _steps_after(call, obs)}
    others = {"d1": [(_day(wrong, style), BREACH)], "pm": [(_OTHER_PAY[_kind(k["payment_id"])], BREACH)]}
    return Draft("confirmations", "airline_flights", [rng.choice(_FLIGHTS)], values, PASS, context, others=others,
                 key_slots=("res", "f1", "f2", "d1", "d2"), padding_ok=True)


_SAME_FOR = [
    "I'll cancel reservation {res}, and do the same for {other}. Shall I go ahead?",
    "Cancelling {res} now; likewise for {other}. OK?",
    "I can cancel {res}. Same goes for {other}. Do you want me to proceed?",
]


_OTHER_KEPT = [
    "You have two reservations: {other} (which stays as it is) and {res}. Shall I cancel {res}?",
    "{other}: no change. {res}: cancel, refund to the original payment method. Shall I cancel it?",
    "Only {res} is cancelled ({other} keeps its flights). Shall I go ahead?",
]


def _airline_same_for(rng: random.Random, sc: Scene) -> Draft:
    """Two cancellations asked in one message, the second by a code of letters alone or by "the
    same for": one yes covers one write (breach); the other said as done is one write (pass)."""
    call, obs = sc.call("cancel_reservation")
    res = call.kwargs["reservation_id"]
    codes = sorted(r for r in sc.initial["reservations"] if r != res and not any(c.isdigit() for c in r))
    context = {"scene": sc, "rule": "air.confirm.before_write", "reply": rng.choice(YES), "after": _steps_after(call, obs)}
    values = {"res": res, "other": rng.choice(codes)}
    if rng.random() < 0.2:  # round 15 (AC): the other reservation said to stay as it is describes no write of it
        return Draft("confirmations", "airline_other_kept", [rng.choice(_OTHER_KEPT)], values, PASS, context,
                     key_slots=("res", "other"))
    if rng.random() < 0.3:
        return Draft("confirmations", "airline_other_done", ["I'll cancel reservation {res}; {other} was already cancelled "
                                                             "last week. Shall I go ahead?"], values, PASS, context,
                     key_slots=("res", "other"))
    return Draft("confirmations", "airline_same_for", [rng.choice(_SAME_FOR)], values, BREACH, context,
                 key_slots=("res", "other"))
