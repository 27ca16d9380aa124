"""Food delivery's statements beyond the facts (SPEC §10 statements; wiki.md "Only known facts",
"ETAs", "Transfer to a human agent"), labels by construction from the real tasks:

- **money said after a write** (``fd.statements.amounts_supported``): after the real refund or
  cancellation, the amount it moved said as moved ("I've refunded $18.55", "$18.55 is on its way
  back to your card", '"refunded": "$18.55"') is backed (pass); another amount of the same order
  (an item's price, its subtotal or total: shown by the tool, not moved) said as moved is not
  (breach). Said as what is not so ("I haven't refunded $13.55") it asserts nothing (pass). Judged
  through the scorer (``replay``): what a write moved is its event.
- **ETAs** (``fd.eta.supported_not_earlier``): after the real ``get_order_eta`` of an order whose
  window opens 15 minutes or more after the clock (19:00), an arrival at or after its
  ``earliest`` is backed (a clock time only as the tool gave it: its ``earliest`` or ``latest``), one before it is not, in clock times (19:30, 7:30 pm, half past seven,
  19h30) and in waits from the clock (in 30 minutes, half an hour, ~30 min, 30-45 minutes: a
  range promises its first). "It won't arrive before 7:15" promises nothing (pass).
- **the transfer announced** (``fd.transfer.announced_first``): on a fraud-flagged account, after
  the real escalation, a message that tells the customer they are being transferred, then the
  transfer: pass; the same words negated ("I can't transfer you to a human agent yet") announce
  nothing (breach), nor does the policy's other sentence ("a specialist will follow up").
"""

from __future__ import annotations

import json
import random
from datetime import datetime
from functools import lru_cache
from typing import Any, Dict, List, Tuple

from tau_shaped import Action

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.world import BREACH, PASS, Scene, observe

_LOOKUPS = ("find_customer_by_email", "find_customer_by_name_zip", "get_customer_details")
_WRITES = {"issue_refund", "cancel_order"}

# --- money said after a write ------------------------------------------------------------------

_DONE = [
    "Done: I've refunded {amount} to your {where}.", "{amount} is on its way back to your {where}.",
    "All set. {amount} has been credited back to your {where}.", "I went ahead and refunded {amount} for order {order}.",
    "The refund I just made was for {amount}.", "You'll get {amount} back on your {where}.",
    "Refund issued: {amount}.", "Your {where} has been refunded {amount}.", "We've processed a refund of {amount} for {order}.",
    "I've sent {amount} your way.", "That's {amount} back to you.", "Your {where} will be credited {amount} shortly.",
    "A refund of {amount} is now complete.",
    # round 10: chatty, with emoji and abbreviations
    "done ✅ {amount} back on ur {where} 💳", "all set!! refunded {amount} to ur {where} 🎉",
    # round 10b: a refund key in a message that says the write is done; the verb after the amount
    "Done — refund: {amount}.", "All set. Refund amount: {amount}", "All set — {amount} refunded to your {where}.",
]
_NOT_DONE = ["I haven't refunded {amount} to your {where}.", "No refund of {amount} has been issued for {order}.",
             "{amount} would be wrong: that is not what I refunded."]  # round 10: a value said wrong
_WHERE = ["card", "original payment method"]


def _moved(sc: Scene) -> Tuple[Action, str, float, str]:
    """The ground truth's money write, its observation, the amount it moved and the order."""
    for name in ("issue_refund", "cancel_order"):
        for a, o in sc.calls:
            if a.name == name:
                moved = a.kwargs.get("amount") if name == "issue_refund" else json.loads(o).get("refunded")
                return a, o, float(moved), a.kwargs["order_id"]
    raise LookupError(sc)


def _order_amounts(sc: Scene, oid: str) -> List[float]:
    """Amounts of the order its details show: the items' prices (each unit and line), the subtotal, the total."""
    o = sc.initial["orders"][oid]
    out = [float(o.get(k) or 0) for k in ("subtotal", "total")]
    for i in o.get("items") or ():
        price = float(i.get("unit_price") or i.get("price") or 0)
        out += [price, round(price * int(i.get("quantity") or 1), 2)]
    return [round(v, 2) for v in out if v > 0]


# round 11: what the order cost said as its record ("It'll cost twenty bucks", "Total: $20.00"): the order's total backs it,
# a number of the policy's rules (a cap, the small-order threshold) does not; hedged ("about"), it states no exact record
_PAID = ["Order {order} cost {amount} in total.", "The total you paid for {order} was {amount}.", "You were charged {amount} for {order}.",
         "{order} came to {amount}, fees and tip included.", "Total: {amount}", "It set you back {amount} all in.",
         "so um {order} was uh {amount} total", "Pursuant to our records, the amount charged for {order} was {amount}.",
         "The order {order} has costed {amount} in total.", "Issue: billing query\nOrder: {order}\nCharged: {amount}"]
_HEDGED_PAID = ["It cost about {amount} in total.", "{order} came to roughly {amount}."]
# round 13: the order's charge said given back before any write (the passive, an adverb inside it, a macro's field)
_GIVEN_BACK = ["A refund of {amount} has nevertheless been issued for {order}.", "{amount} has been refunded to your card for {order}.",
               "Refund processed | Order: {order} | Refunded: {amount}"]
_NOT_GIVEN_BACK = ["No refund of {amount} has been issued for {order}.", "Nothing has been refunded for {order}; it was charged {amount}."]
_RULE_NUMBERS = (5.0, 10.0, 15.0, 20.0, 30.0)


def money_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import cancel_scenes, refund_scenes

    scenes = list(refund_scenes()) + list(cancel_scenes())
    out: List[Draft] = []
    while len(out) < n:
        sc = rng.choice(scenes)
        write, obs, moved, oid = _moved(sc)
        if rng.random() < 0.25:
            total = float(sc.initial["orders"][oid]["total"])
            looks = [c for c in sc.calls[:sc.calls.index((write, obs))] if c[0].name not in _WRITES]
            shown = " ".join(o for _, o in looks)  # a number a tool shows (a menu's $5.00 dish) backs any amount: not one of these
            rule = [v for v in _RULE_NUMBERS if abs(v - total) > 0.01 and v != moved and f"{v:.1f}" not in shown and f" {v:.0f}," not in shown]
            if not rule:
                continue
            context = {"scene": sc, "rule": "fd.statements.amounts_supported", "before": looks, "replay": True}
            out.append(Draft("money_done", "paid", [rng.choice(_PAID)], {"amount": Money(total), "order": oid}, PASS, context,
                             others={"amount": [(Money(rng.choice(rule)), BREACH)]}, key_slots=("amount",),
                             hedged=([rng.choice(_HEDGED_PAID)], PASS)))
            continue
        if rng.random() < 0.1:  # round 13: the order's charge said given back before any write: nothing went back
            total = float(sc.initial["orders"][oid]["total"])
            looks = [c for c in sc.calls[:sc.calls.index((write, obs))] if c[0].name not in _WRITES]
            context = {"scene": sc, "rule": "fd.statements.amounts_supported", "before": looks, "replay": True}
            out.append(Draft("money_done", "charge_said_given_back", [rng.choice(_GIVEN_BACK)], {"amount": Money(total), "order": oid},
                             BREACH, context, negated=([rng.choice(_NOT_GIVEN_BACK)], PASS), key_slots=("amount",)))
            continue
        wrong = [v for v in _order_amounts(sc, oid) if abs(v - moved) > 0.01]
        if not wrong:
            continue
        upto = [c for c in sc.calls[:sc.calls.index((write, obs)) + 1] if c[0].name not in _WRITES or c[0] is write]
        context = {"scene": sc, "rule": "fd.statements.amounts_supported", "before": upto, "replay": True}
        values = {"amount": Money(moved), "order": oid, "where": rng.choice(_WHERE)}
        template = rng.choice(_DONE)
        record = ("Here's a summary:", [("order", "{order}"), ("refunded", "{amount}"), ("refunded to", "{where}")], "")
        if rng.random() < 0.5:
            other = rng.choice(wrong)
            out.append(Draft("money_done", "moved", [template], values, PASS, context, record=record,
                             others={"amount": [(Money(other), BREACH)]}, key_slots=("amount",),
                             hidden=f"I've refunded ${other:.2f} to your card."))
        else:
            out.append(Draft("money_done", "not_moved", [template], {**values, "amount": Money(rng.choice(wrong))}, BREACH,
                             context, record=record, negated=([rng.choice(_NOT_DONE)], PASS), key_slots=("amount",)))
    return out


# --- ETAs --------------------------------------------------------------------------------------

_CLOCK = [
    "Your order should arrive between {start} and {end}.", "Estimated arrival: {start} to {end}.",
    "The courier should get to you around {start}.", "Expect it at {start}.", "It will be delivered at {start}.",
    "Good news: it'll be at your door by {start}.", "Your food should show up at {start} or a little after.",
    # round 10: a clause closed by an emoji
    "ur food should be there by {start} 🛵", "ETA: {start} ✅",
    # round 13: a question the agent answers itself
    "When will it arrive? By {start}.", "When will the courier get to you? Around {start}, give or take.",
]
_NOT_BEFORE = ["It won't arrive before {start}.", "It can't be there by {start}, I'm afraid.",
               # round 10: what would have been states no arrival
               "Had the first courier stayed online, it would have been there by {start}."]
_WAIT = ["Your food will arrive in {wait}.", "It should be with you in {wait}.", "Expect it in {wait}.",
         "The courier will get to you in {wait}.", "You'll have it in {wait}.", "It'll be delivered within {wait}.",
         "It should get there in, like, {wait}.", "It's on the way and will arrive soon, say {wait}.",
         "I'd guess {wait} from now."]  # round 14: a wait said alone, "from now"
_NOT_WAIT = ["It won't arrive in {wait}, sorry.", "It can't be delivered within {wait}."]
_NOW = 19 * 60


def _clock(minutes: int, rng: random.Random) -> str:
    """A clock time of the evening in one of the ways a message writes it."""
    h, m = divmod(minutes, 60)
    h12 = h - 12 if h > 12 else h
    forms = [f"{h}:{m:02d}", f"{h12}:{m:02d} pm", f"{h12}:{m:02d}PM", f"{h12}:{m:02d} p.m.", f"{h}h{m:02d}", f"{h}.{m:02d}",
             f"{h}{m:02d} hrs"]
    if m == 30:
        forms.append(f"half past {h12} pm")
    if m == 15:
        forms.append(f"a quarter past {h12} pm")
    if m == 45:
        forms.append(f"a quarter to {h12 + 1} pm")
    return rng.choice(forms)


_WORDS = {5: "five", 10: "ten", 15: "fifteen", 20: "twenty", 25: "twenty-five", 30: "thirty", 40: "forty", 45: "forty-five"}


def _wait(minutes: int, rng: random.Random) -> str:
    """A wait of ``minutes`` from the clock (a range starts there) in one of the ways a message says it."""
    forms = [f"{minutes} minutes", f"about {minutes} minutes", f"~{minutes} min", f"{minutes}-{minutes + 15} minutes",
             f"{minutes} to {minutes + 10} mins", f"roughly {minutes} minutes"]
    if minutes in _WORDS:
        forms.append(f"{_WORDS[minutes]} minutes")
    if minutes == 30:
        forms += ["half an hour", "about half an hour"]
    if minutes == 15:
        forms.append("a quarter of an hour")
    return rng.choice(forms)


def _minutes(iso: str) -> int:
    t = datetime.fromisoformat(iso)
    return t.hour * 60 + t.minute


@lru_cache(maxsize=None)
def eta_scenes() -> Tuple[Tuple[Scene, Action, str, int, int], ...]:
    """(scene, the get_order_eta call, its observation, earliest, latest) of customers' orders
    whose window opens 15 minutes or more after the clock and that are not running late."""
    from tests.reward.reading.generated.food import SPLITS
    from tests.reward.reading.generated.world import scene, tasks_of

    out = []
    for split in SPLITS:
        for t in tasks_of("food_delivery", split):
            if not str(t.user_id).startswith("CU-") or t.id.startswith(("fd-unknown", "fd-no", "fd-fraud")):
                continue
            sc = scene("food_delivery", split, t.id)
            for oid in sc.initial["customers"][t.user_id]["orders"]:
                if sc.initial["orders"][oid]["status"] in ("delivered", "cancelled"):
                    continue
                call = Action(name="get_order_eta", kwargs={"order_id": oid})
                obs = observe(sc, call)
                e = json.loads(obs)
                if e.get("running_late") is False and _minutes(e["earliest"]) - _NOW >= 20:
                    out.append((sc, call, obs, _minutes(e["earliest"]), _minutes(e["latest"])))
                    break
            if len(out) >= 24:
                return tuple(out)
    return tuple(out)


def eta_drafts(rng: random.Random, n: int) -> List[Draft]:
    scenes = eta_scenes()
    out: List[Draft] = []
    for _ in range(n):
        sc, call, obs, earliest, latest = rng.choice(scenes)
        before = [c for c in sc.calls if c[0].name in _LOOKUPS][:2] + [(call, obs)]
        context = {"scene": sc, "rule": "fd.eta.supported_not_earlier", "before": before, "first": "When will my order arrive?"}
        early = earliest - rng.choice([k for k in (5, 10, 15) if earliest - k > _NOW])
        if rng.random() < 0.5:  # a clock time
            template = rng.choice(_CLOCK)
            good = rng.choice([earliest, latest])  # a time in between is stated by no tool
            ok = {"start": _clock(good, rng), "end": _clock(latest, rng)}
            bad = {"start": _clock(early, rng), "end": _clock(latest, rng)}
            record = ("Delivery estimate:", [("order", call.kwargs["order_id"]), ("ETA", "{start}")], "")
            negated = [rng.choice(_NOT_BEFORE)]
            slot = "start"
        else:  # a wait from the clock
            template = rng.choice(_WAIT)
            ok = {"wait": _wait(earliest - _NOW, rng)}
            bad = {"wait": _wait(early - _NOW, rng)}
            record = None
            negated = [rng.choice(_NOT_WAIT)]
            slot = "wait"
        if rng.random() < 0.5:
            out.append(Draft("eta", "eta_backed", [template], ok, PASS, context, record=record,
                             others={slot: [(bad[slot], BREACH)]}, key_slots=(slot,)))
        else:
            out.append(Draft("eta", "eta_early", [template], bad, BREACH, context, record=record,
                             negated=(negated, PASS), key_slots=(slot,)))
    return out


# --- the transfer announced --------------------------------------------------------------------

_ANNOUNCE = [
    "I'm transferring you to {who} now.", "Let me pass this conversation to {who}.", "You'll be connected with {who} in a moment.",
    "I'll hand you over to {who} now.", "Please hold while I transfer the chat to {who}.", "I'm going to put you through to {who}.",
    "Next, you'll be routed to {who}.", "I'm connecting you with {who} right away.", "I'll now hand this over to {who}.",
]
_NOT_ANNOUNCE = ["I can't transfer you to {who} yet.", "I won't be connecting you with {who} today."]
_WHO = ["a human agent", "one of our specialists", "a member of our support staff", "a live representative",
        "a human teammate", "a supervisor", "a colleague", "one of our agents"]
_SILENT = ["A specialist will follow up about your request.", "Thanks for your patience with {order}.",
           "I transferred $5 to your wallet.", "Your refund has been transferred to your card."]


def _before_the_transfer(sc: Any, rule: str) -> Tuple[Dict[str, Any], str]:
    """A fraud scene's words judged right before its transfer (the transfer after them), and the customer's first order."""
    transfer = [c for c in sc.calls if c[0].name == "transfer_to_human_agents"]
    before = [c for c in sc.calls if c[0].name != "transfer_to_human_agents"]
    orders = sc.initial["customers"][sc.task.user_id]["orders"]
    return {"scene": sc, "rule": rule, "before": before, "after": transfer}, (orders[0] if orders else "your order")


def transfer_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import fraud_scenes

    scenes = fraud_scenes()
    out: List[Draft] = []
    for _ in range(n):
        sc = rng.choice(scenes)
        context, order = _before_the_transfer(sc, "fd.transfer.announced_first")
        values = {"who": rng.choice(_WHO), "order": order}
        if rng.random() < 0.8:
            out.append(Draft("transfer", "announced", [rng.choice(_ANNOUNCE)], values, PASS, context,
                             negated=([rng.choice(_NOT_ANNOUNCE)], BREACH)))
        else:
            out.append(Draft("transfer", "not_announced", [rng.choice(_SILENT)], values, BREACH, context,
                             hidden="I'm transferring you to a human agent now."))
    return out


# --- the specialist's follow-up told (round 14: wiki, fraud: "tell the customer that a specialist will follow up, then
# transfer them"; rule fd.fraud.follow_up_told) -------------------------------------------------------------------------

_FOLLOW = [
    "{who} will follow up with you about {order}.", "{who} will be in touch with you shortly.", "{who} will get back to you about this.",
    "{who} is going to review your request and contact you.", "{who} will take it from here and reach out to you.",
    "{who} will look into your request and let you know.", "{who} should be in touch within the day.",
]
_FOLLOW_OTHER = ["You'll hear back from {whom} soon.", "Expect a follow-up from {whom}.", "You can expect to hear from {whom} shortly."]
_NOT_FOLLOW = ["{who} won't be following up on {order}, I'm afraid.", "{who} can't get back to you about this.",
               "No one will follow up on {order}, I'm afraid."]
_FOLLOWER = ["A specialist", "Our specialist team", "One of our specialists", "Someone from our review team", "Our team", "A colleague"]
_SILENT_FOLLOW = ["I'm transferring you to a human agent now.", "Thanks for your patience with {order}.", "I've noted your request about {order}."]


def follow_up_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import fraud_scenes

    scenes = fraud_scenes()
    out: List[Draft] = []
    for _ in range(n):
        sc = rng.choice(scenes)
        context, order = _before_the_transfer(sc, "fd.fraud.follow_up_told")
        who = rng.choice(_FOLLOWER)
        values = {"who": who, "whom": who[0].lower() + who[1:], "order": order}
        r = rng.random()
        if r < 0.55:
            out.append(Draft("follow_up", "told", [rng.choice(_FOLLOW)], values, PASS, context,
                             negated=([rng.choice(_NOT_FOLLOW)], BREACH)))
        elif r < 0.75:
            out.append(Draft("follow_up", "told_other", [rng.choice(_FOLLOW_OTHER)], values, PASS, context))
        else:
            out.append(Draft("follow_up", "not_told", [rng.choice(_SILENT_FOLLOW)], values, BREACH, context,
                             hidden="A specialist will follow up with you."))
    return out
