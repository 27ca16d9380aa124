"""The persona of each food-delivery task (issue 29): the customer the persona user simulator
plays (``tau_shaped.tasks.persona``), written by the generator, which knows the answer.

``persona_for(task, builder)`` reads the task (its bucket, instruction, ground truth, output
checks) and its world, and says, in the customer's words:

- the opening: who they are (as the instruction lets them identify: email, or name and zip;
  the ground truth looks them up from it), what they want, how they name the order;
- the facts they give when asked (email, name, zip, order, item, allergies, address, courier);
- the actions they agree to: the ground truth's write and every other resolution the
  instruction accepts (a wallet credit, a replacement, another dish they like), as MATCHERs
  over what the confirmation states, and what they want instead when they say no;
- what they wait to hear when the right answer changes nothing (the task's output checks).

Deterministic: wording is drawn from a generator seeded by the task id.
"""

from __future__ import annotations

import random
import re
from datetime import datetime
from typing import Any, Dict, List, Optional

from .builders import Builder, minutes_late

GREETINGS = ("Hi.", "Hello.", "Hi there.", "Good evening.")
_ORDER_ID = re.compile(r"FD-\d+")


def _money(amount: float) -> Dict[str, Any]:
    """Any stated amount of at least ``amount`` (to the half cent)."""
    return {"ge": round(amount - 0.005, 3)}


def _said(*phrases: str) -> List[Dict[str, Any]]:
    return [{"contains": p} for p in phrases]


def _first(actions: List[Dict[str, Any]], name: str) -> Optional[Dict[str, Any]]:
    return next((a["kwargs"] for a in actions if a["name"] == name), None)


def _order_id(t: Dict[str, Any]) -> Optional[str]:
    for a in t["actions"]:
        oid = a["kwargs"].get("order_id")
        if isinstance(oid, str):
            return oid
    found = _ORDER_ID.search(t["instruction"]) or _ORDER_ID.search(str(t["actions"]))
    return found.group(0) if found else None


def _when(o: Dict[str, Any]) -> str:
    placed = datetime.fromisoformat(o["placed_at"])
    return f"{placed.day} {placed.strftime('%B')} at {placed.strftime('%H:%M')}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _dish(b: Builder, o: Dict[str, Any], item_id: str) -> str:
    return b.restaurant(o)["menu"][item_id]["name"]


def persona_for(t: Dict[str, Any], b: Builder) -> Dict[str, Any]:
    """The persona of task ``t`` of ``b``'s world."""
    rng = random.Random(f"fd-persona:{t['id']}")
    bucket, text = t["bucket"], t["instruction"]
    if bucket == "multi_stop_route":
        return _courier(t, rng)
    oid = _order_id(t)
    o = b.orders[oid]
    c = b.customers.get(t["user_id"])
    facts: Dict[str, str] = {}
    if c is None:  # unknown_customer: a stranger who thinks they have an account
        first, last = text.split(";")[0].removeprefix("You are ").split(" ", 1)
        email = re.search(r"account email is (\S+) and", text).group(1)
        zip_code = re.search(r"zip code is (\d+)", text).group(1)
        who = f"This is {first} {last}; my email is {email} and my zip code is {zip_code}."
        facts.update(email=f"My email is {email}.", name=f"My name is {first} {last}.", zip=f"My zip code is {zip_code}.")
    else:
        name, zip_code = f"{c['first_name']} {c['last_name']}", c["addresses"][0]["zip"]
        facts.update(name=f"My name is {name}.", zip=f"My zip code is {zip_code}.")
        if c["email"] in text:
            who = f"This is {name}, {c['email']}."
            facts["email"] = f"My email is {c['email']}."
        else:
            who = f"This is {name}, zip code {zip_code}. I don't remember the email on my account."
            facts["email"] = f"I don't remember the email on my account, but my name is {name} and my zip code is {zip_code}."
        allergens = ", ".join(a.replace("_", " ") for a in c["allergens"])
        facts["allergies"] = f"I'm allergic to {allergens}." if allergens else "I have no food allergies."
    if f"order {oid}" in text:
        ref, facts["order"] = f"my order {oid}", f"The order number is {oid}."
    else:
        ref = f"my order from {b.restaurant(o)['name']} (placed on {_when(o)})"
        facts["order"] = f"I don't have the order number; it's {ref}."
    want = _wants(t, b, o, ref, facts)
    opening = f"{GREETINGS[rng.randrange(len(GREETINGS))]} {who} {want.pop('opening')}"
    persona = {"opening": opening, **want, "facts": facts}
    told = [check["said"] for check in t.get("output_checks") or [] if "said" in check]
    if told:
        persona["told"] = told
    return persona


def _courier(t: Dict[str, Any], rng: random.Random) -> Dict[str, Any]:
    did = t["user_id"]
    stops = re.search(r"(FD-\d+(?:, FD-\d+)*)", t["instruction"]).group(1)
    request = f"Could you plan the order of my stops for {stops}? Any sensible order is fine."
    return {"opening": f"{GREETINGS[rng.randrange(len(GREETINGS))]} I'm courier {did}, carrying {stops}. {request}",
            "request": request, "facts": {"courier": f"My courier id is {did}.", "order": f"My deliveries are {stops}."},
            "accept": [{"tool": "plan_delivery_route"}]}


def _substitution(dishes: List[str]) -> List[Dict[str, Any]]:
    """Proposing then confirming a substitute (one of ``dishes``; any when empty): the confirming
    message says "confirm", and only it settles the request."""
    out: List[Dict[str, Any]] = []
    for dish in dishes or [None]:
        named = _said(dish) if dish else []
        out.append({"tool": "propose_substitution", "said": named, "settles": False})
        out.append({"tool": "confirm_substitution", "said": named + _said("confirm")})
    return out


def _wants(t: Dict[str, Any], b: Builder, o: Dict[str, Any], ref: str, facts: Dict[str, str]) -> Dict[str, Any]:
    """The opening's request, the request restated, the accepted actions and what to say with a no."""
    bucket, gt, text = t["bucket"], t["actions"], t["instruction"]
    refund = _first(gt, "issue_refund")
    if bucket == "account_question":
        ask = f"What is the status of {ref}, and how much did I pay for it in total?"
        return {"opening": ask, "request": ask}
    if bucket in ("cancellation", "too_late_to_change", "unknown_customer") and "address" not in (gt[-1]["kwargs"].get("content") or ""):
        ask = f"I'd like to cancel {ref} and get my money back." if bucket != "cancellation" else f"I'd like to cancel {ref}, please."
        accept = [{"tool": "cancel_order"}] + ([{"tool": "issue_refund"}] if bucket != "cancellation" else [])
        return {"opening": ask, "request": ask, "accept": accept}
    if bucket == "too_late_to_change":  # the address variant
        other = next(a for a in b.customers[t["user_id"]]["addresses"] if a["street"] in text)
        ask = f"Please deliver {ref} to my {other['label']} address, {other['street']}, instead."
        facts["address"] = f"It should go to {other['street']}, {other['city']}."
        return {"opening": ask, "request": ask, "accept": [{"tool": "change_delivery_address", "said": _said(other["street"])}]}
    if bucket in ("missing_item", "replacement_order"):
        item = o["items"][-1] if bucket == "missing_item" else o["items"][0]
        price = item["unit_price"]
        facts["item"] = f"It's the {item['name']} (${price:.2f})."
        ask = (f"{_cap(ref)} arrived without the {item['name']} I paid ${price:.2f} for. I'd like that made right."
               if bucket == "missing_item" else
               f"I got the wrong dish instead of the {item['name']} from {ref}. Could you send the right one?")
        accept = [{"tool": "issue_refund", "args": {"amount": _money(price)}},
                  {"tool": "create_replacement_order", "said": _said(item["name"])}]
        return {"opening": ask, "request": ask, "accept": accept, "instead": f"I want the ${price:.2f} for the {item['name']} back."}
    if bucket == "late_delivery":
        ask = f"{_cap(ref)} arrived {int(minutes_late(o))} minutes late. I'd like the compensation I'm owed for the delay."
        return {"opening": ask, "request": ask, "accept": [{"tool": "issue_refund", "args": {"amount": _money(refund["amount"])}}],
                "instead": "That is less than I'm owed for the delay."}
    if bucket == "disputed_charge":
        fee = o["charges"][1]["amount"]
        ask = f"I was charged twice for the service fee of {ref} (${fee:.2f}). I want the duplicate back."
        return {"opening": ask, "request": ask, "accept": [{"tool": "issue_refund", "args": {"amount": _money(fee)}}],
                "instead": f"I want the duplicate ${fee:.2f} back."}
    if bucket == "courier_fell_through":
        ask = f"{_cap(ref)} is stuck and my courier shows as offline. Can someone else bring it?"
        return {"opening": ask, "request": ask, "accept": [{"tool": "dispatch_replacement_courier"}]}
    if bucket == "restaurant_closed":
        ask = f"{_cap(ref)} has shown no progress. If the restaurant can't make it, please cancel it and refund everything."
        return {"opening": ask, "request": ask, "accept": [{"tool": "cancel_order", "args": {"amount": _money(o["total"])}}],
                "instead": f"I want all ${o['total']:.2f} back."}
    if bucket in ("compensation_cap", "cap_refused"):
        ask = f"The courier of {ref} was rude to me. I want a $50 credit."
        if bucket == "compensation_cap":
            return {"opening": ask, "request": ask, "accept": [{"tool": "issue_apology_credit"}]}
        return {"opening": ask, "request": ask, "accept": [{"tool": "issue_apology_credit", "args": {"amount": _money(50.0)}}],
                "instead": "I want $50 and nothing less."}
    if bucket == "allergen_substitution":
        sub = _first(gt, "propose_substitution")
        item = b.restaurant(o)["menu"][sub["item_id"]]
        safe = _dish(b, o, sub["substitute_item_id"])
        unsafe = b.substitutes(o, next(i for i in o["items"] if i["item_id"] == sub["item_id"]))[1][0]["name"]
        facts["item"] = f"It's the {item['name']}."
        ask = f"I'd like another dish of the same kind instead of the {item['name']} in {ref}. {facts['allergies']}"
        return {"opening": ask, "request": ask, "accept": _substitution([safe, unsafe]),
                "instead": f"I'd like {safe} or {unsafe} instead."}
    if bucket == "no_safe_substitute":
        insisted = re.search(r"I cannot substitute (.+?): it contains", gt[-1]["kwargs"]["content"])
        item = next(i for i in o["items"] if i["name"] in text)
        facts["item"] = f"It's the {item['name']}."
        ask = f"I'd like to swap the {item['name']} in {ref} for another dish. {facts['allergies']}"
        return {"opening": ask, "request": ask, "accept": _substitution([insisted.group(1)] if insisted else []),
                "instead": "Then I'll keep my order as it is."}
    if bucket == "fraud_flagged":
        ask = f"{_cap(ref)} never arrived. I want my money back."
        return {"opening": ask, "request": ask, "accept": [{"tool": "escalate_to_fraud_team"}, {"tool": "issue_refund"},
                                                           {"tool": "issue_apology_credit"}]}
    if bucket == "address_change":
        new = _first(gt, "change_delivery_address")
        address = next(a for a in b.customers[t["user_id"]]["addresses"] if a["address_id"] == new["address_id"])
        ask = f"Please deliver {ref} to my {address['label']} address, {address['street']}, {address['city']}."
        facts["address"] = f"It should go to {address['street']}, {address['city']}."
        return {"opening": ask, "request": ask, "accept": [{"tool": "change_delivery_address", "said": _said(address["street"])}],
                "instead": f"I want it delivered to {address['street']}."}
    if bucket == "late_under_15":
        ask = f"{_cap(ref)} was late. Can I get some money back for the delay?"
        return {"opening": ask, "request": ask, "accept": [{"tool": "issue_refund"}, {"tool": "issue_apology_credit"}]}
    if bucket == "charge_matches":
        ask = f"My statement shows ${o['total']:.2f} for {ref}, more than the dishes cost. I think I was overcharged."
        return {"opening": ask, "request": ask, "accept": [{"tool": "issue_refund"}]}
    raise SystemExit(f"{t['id']}: no persona for bucket {bucket!r}")
