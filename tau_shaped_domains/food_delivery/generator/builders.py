"""Building blocks of the food-delivery task generator: actions, checkpoints,
monetary identities, who the simulated user is and what they know, and the
picker of situations from a world."""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any, Callable, Dict, List, Optional, Tuple

PER_BUCKET = 6
TIER_CAP = {"basic": 5.0, "plus": 10.0, "premium": 20.0}


def act(name: str, **kwargs: Any) -> Dict[str, Any]:
    return {"name": name, "kwargs": kwargs}


def say(text: str) -> Dict[str, Any]:
    return act("respond", content=text)


VERIFIED = {"id": "verified_identity", "weight": 0.2, "when": {"any": [
    {"tool": "find_customer_by_email", "succeeded": True}, {"tool": "find_customer_by_name_zip", "succeeded": True}]}}


def looked_up(oid: str, weight: float = 0.2) -> Dict[str, Any]:
    return {"id": "looked_up_order", "weight": weight, "when": {"tool": "get_order_details", "args": {"order_id": oid}, "succeeded": True}}


def dispute(inv_id: str, oid: str, cid: str, amount: float, cap: Optional[float] = None, only: Optional[str] = None) -> Dict[str, Any]:
    """A monetary identity over the order's ledger: refunds, credits, apologies and replacements
    (``only``: entries of one type, e.g. an apology, which no refund stands in for)."""
    selector = f"[?type={only}]" if only else "[*]"
    return {
        "id": inv_id, "disputed_amount": round(amount, 2), "tolerance": 0.005, "cap": round(cap if cap is not None else amount, 2),
        "components": [f"orders.{oid}.ledger{selector}.amount"],
        "owns": [f"orders.{oid}.ledger", f"customers.{cid}.wallet_balance", f"orders[?replacement_for={oid}]", f"customers.{cid}.orders"],
    }


def nothing_lost(oid: str) -> Dict[str, Any]:
    """Nothing was lost on the order: refunds, wallet credits and replacements on it total 0."""
    return {"id": "nothing_lost", "disputed_amount": 0.0, "tolerance": 0.005, "cap": 0.0,
            "components": [f"orders.{oid}.ledger[?type={kind}].amount" for kind in ("refund", "credit", "replacement")]}


def compensated(oid: str, amount: float, weight: float = 0.4) -> Dict[str, Any]:
    return {"id": "compensated", "weight": weight, "when": {"sum": [f"orders.{oid}.ledger[*].amount"], "ge": round(amount - 0.005, 3)}}


TRAITS = [
    "You are polite and brief.",
    "You are in a hurry and want this done quickly.",
    "You are upset but reasonable, and calm down when the agent is clear.",
    "You are chatty and mention that this is for a family dinner.",
    "You are skeptical and ask the agent to confirm amounts before agreeing.",
    "You write short lowercase messages and do not volunteer details until asked.",
    "You are formal and thank the agent for every answer.",
    "You are anxious and apologise for bothering the agent.",
]

# The refusal a right answer to a "no" task states, as a careful reader reads a denial
# (reading/refusals: "I can't cancel it", "not eligible", "no longer possible"): an agent that
# says nothing at all, or agrees ("No problem!"), fails it; one that says it cannot act passes.
REFUSED = {"id": "refused", "said": {"denies": True}}
# wiki Substitutions: "If no safe substitute exists or the customer refuses them all, offer to cancel the order": the
# cancellation offered in any words ("I can cancel order FD-1 instead if you prefer", "Would you like me to cancel it?",
# "cancelling is an option", "or I could cancel it"); one negated ("I can't cancel it") offers nothing (round 14: the
# policy line was judged by nothing, an agent that refused and stopped passed)
CANCEL_OFFERED = {"id": "cancel_offered", "said": {"affirmed": True, "regex": (
    r"(?i)\b(?:I|we)(?:\s+(?:can|could|may|am\s+able\s+to|are\s+able\s+to|(?:would|am|are)\s+(?:be\s+)?(?:happy|glad)\s+to)"
    r"|'d\s+be\s+(?:happy|glad)\s+to|’d\s+be\s+(?:happy|glad)\s+to|'m\s+(?:happy|glad)\s+to|’m\s+(?:happy|glad)\s+to"
    r"|'re\s+(?:happy|glad)\s+to|’re\s+(?:happy|glad)\s+to)(?:\s+(?:also|still|instead|just))?\s+cancel"
    r"|\b(?:would|do|should|if)\s+you(?:'d|’d)?\s+(?:\w+\s+){0,2}?(?:like|want|prefer|rather|wish)\b[^.?!\n]{0,40}?\bcancel"
    r"|\b(?:shall|should|can|may)\s+(?:I|we)\s+(?:\w+\s+)?cancel"
    r"|\bcancel\w*\b[^.?!\n]{0,50}?\b(?:is|remains|would\s+be|stays|'s|’s)\s+(?:still\s+)?(?:an|one|the\s+other|your|another)\s+(?:option|alternative|choice|possibility)"
    r"|\b(?:option|alternative|choice)s?\b[^.?!\n]{0,50}?\bcancel"
    r"|\bor\s+(?:I|we)\s+(?:can|could)\s+(?:\w+\s+)?cancel|\bor\s+cancel(?:l?ing)?\b"
    r"|\bcancel\w*\b[^.?!\n]{0,60}?\bif\s+you(?:'d|’d|\s+would)?\s+(?:prefer|like|want|wish|rather)"
    r"|\b(?:want|like)\s+(?:me\s+)?to\s+cancel"
    # round 16 (declarative and implicit offers): "Say the word and I'll cancel FD-1", "Cancel FD-1 instead? Your call.",
    # "Happy to cancel it instead, just let me know"
    r"|\b(?:say\s+the\s+word|just\s+say\s+so|let\s+me\s+know|if\s+you\s+(?:want|like|prefer|wish))\b[^.?!\n]{0,30}?\b(?:I|we)(?:'ll|’ll|\s+will|\s+can)\s+(?:\w+\s+)?cancel"
    r"|(?:^|[.!?;:]\s+|--\s*|—\s*)cancel(?:l?ing)?\s+(?:FD-\w+|it|the\s+order|your\s+order|that|this)[^.?!\n]{0,30}\?"
    r"|\b(?:happy|glad|able|willing|ready)\s+to\s+cancel")}}

# wiki Apology credits: "Never go above it, even if the customer insists; say no politely and offer the cap": the credit
# offered in any words ("The most I can offer is a $5.00 credit", "Would you like it?", "I can add $5.00 instead",
# "you can have $5.00", "the $5.00 credit is still on the table"); the cap's number said only as a limit ("I cannot go
# above $5.00") or negated ("I can't offer more") offers nothing (round 16: offered_cap read the number alone, and a
# refusal stating the cap with no offer passed)
CAP_OFFERED = {"id": "cap_offered", "said": {"affirmed": True, "regex": (
    r"(?i)\b(?:I|we)(?:\s+(?:can|could|may|am\s+able\s+to|are\s+able\s+to|(?:would|am|are)\s+(?:be\s+)?(?:happy|glad)\s+to)"
    r"|'d\s+be\s+(?:happy|glad)\s+to|’d\s+be\s+(?:happy|glad)\s+to|'m\s+(?:happy|glad)\s+to|’m\s+(?:happy|glad)\s+to"
    r"|'re\s+(?:happy|glad)\s+to|’re\s+(?:happy|glad)\s+to)\s+(?:(?:also|still|instead|just|only|at\s+most|certainly|gladly|happily"
    r"|definitely|you|them|it|your|the|a|an|that|this)\s+){0,2}?"
    r"(?:offer|give|add|credit|provide|issue|put|apply|do)\b"
    r"|\b(?:would|do|should|if)\s+you(?:'d|’d)?\s+(?:\w+\s+){0,2}?(?:like|want|prefer|accept|take)\b[^.?!\n]{0,40}?(?:credit|offer|\$|\bit\b|\bthat\b|\bthis\b|\bone\b)"
    r"|\b(?:shall|should|can|may)\s+(?:I|we)\s+(?:\w+\s+)?(?:add|give|offer|credit|issue|put|apply|go\s+ahead)\b"
    r"|\b(?:credit|offer)\b[^.?!\n]{0,60}?\b(?:is|remains|stands|'s|’s)\s+(?:still\s+)?(?:available|an\s+option|on\s+the\s+table|open|yours)\b"
    r"|\b(?:want|like)\s+(?:me\s+)?to\s+(?:add|give|credit|issue|put|apply)\b"
    r"|\byou\s+(?:can|could|may)\s+(?:still\s+)?(?:have|get|take|receive)\b"
    r"|(?:credit|\$)[^.?!\n]{0,60}?\bif\s+you(?:'d|’d|\s+would)?\s+(?:like|want|wish|prefer)\b"
    r"|\blet\s+(?:me|us)\s+know\s+if\s+you(?:'d|’d|\s+would)?\s+(?:like|want|wish|prefer)\b"
    r"|\b(?:want|take|accept)\s+(?:it|that|this|one|the\s+credit)\s*\?|\binterested\b[^.!\n]{0,30}\?"
    r"|\b(?:shall|should|may)\s+(?:I|we)\s*\?|\b(?:how|what)\s+about\b[^.!\n]{0,40}?(?:credit|\$)"
    r"|\bdoes\s+(?:that|this|it)\s+(?:work|help|sound\s+(?:ok|okay|good|fair))\b"
    r"|\b(?:can|could|will)\s+be\s+yours\b|\b(?:it|that|this)(?:'s|’s|\s+is)\s+yours\b"  # held-out 2: possession idioms
    r"|\b(?:credit|\$\s?\d[\d.,]*)[^?\n]{0,60}?\b(?:to|in|into)\s+your\s+wallet\b[^?\n]{0,30}?\?"  # a wallet credit, then a bare question
    r"|\b(?:happy|glad)\s+to\s+(?:add|give|offer|credit|do|sort|put|issue|apply)\b"  # "Glad to add $5.00" (negated: none)
    r"|\b(?:credit|offer)\s+(?:is\s+)?available\b|\b(?:just\s+)?say\s+(?:yes|the\s+word)\b"
    # round 17 (AZ, enumerations): the credit as one of the options listed ("Options: 1) a $5.00 apology credit 2) nothing")
    r"|\b(?:option|alternative|choice)s?\b[^?!\n]{0,50}?\bcredit\b|(?:^|[\s:])\(?(?:\d{1,2}|[a-c])\)\s{1,3}[^\n]{0,40}?\bcredit\b")}}


def rng_for(tid: str) -> random.Random:
    """The task's own generator (string-seeded: the same draws on every run and machine)."""
    return random.Random(f"fd-task:{tid}")


def person(c: Dict[str, Any], rng: Optional[random.Random] = None, unique_name_zip: bool = False) -> str:
    """Who the simulated user is, how they can be identified, a temperament."""
    if rng is None:  # the fixed form: email and the trait by customer number
        trait = TRAITS[int(c["customer_id"].split("-")[1]) % 5]
        return f"You are {c['first_name']} {c['last_name']}; your account email is {c['email']}. {trait}"
    trait = TRAITS[rng.randrange(len(TRAITS))]
    if unique_name_zip and rng.random() < 0.4:
        return (f"You are {c['first_name']} {c['last_name']}; you do not remember the email on your account, but your "
                f"zip code is {c['addresses'][0]['zip']}. {trait}")
    return f"You are {c['first_name']} {c['last_name']}; your account email is {c['email']}. {trait}"


def identify(c: Dict[str, Any], instruction: str) -> Dict[str, Any]:
    """The lookup the user's instruction allows: by email, or by name and zip."""
    if c["email"] in instruction:
        return act("find_customer_by_email", email=c["email"])
    return act("find_customer_by_name_zip", first_name=c["first_name"], last_name=c["last_name"], zip=c["addresses"][0]["zip"])


def minutes_late(o: Dict[str, Any]) -> float:
    return (datetime.fromisoformat(o["delivered_at"]) - datetime.fromisoformat(o["eta_high"])).total_seconds() / 60


def has_unstated_claims(o: Dict[str, Any]) -> bool:
    """An order a customer could claim more on than the task says: delivered 15 minutes or
    more late (the late-delivery table), or a fee charged twice (a billing error)."""
    late = o["status"] == "delivered" and o.get("delivered_at") and minutes_late(o) >= 15
    return bool(late) or len(o["charges"]) > 1


def pick_template(rng: random.Random, templates: List[str], **fields: Any) -> str:
    return templates[rng.randrange(len(templates))].format(**fields)


Task = Dict[str, Any]
Recs = List[Dict[str, Any]]


class Builder:
    """Situations picked from one world (a seed), in id order, each order and customer once."""

    def __init__(self, data: Dict[str, Any], seed: int = 0) -> None:
        self.data = data
        self.seed = seed
        self.orders = data["orders"]
        self.customers = data["customers"]
        self.used: set = set()
        names: Dict[Tuple[str, str, str], int] = {}
        for c in self.customers.values():
            for zip_code in {a["zip"] for a in c["addresses"]}:
                key = (c["first_name"].lower(), c["last_name"].lower(), zip_code)
                names[key] = names.get(key, 0) + 1
        self._name_zip_count = names

    def tid(self, kind: str, n: int) -> str:
        return f"fd-{kind}-{n}" if self.seed == 0 else f"fd-{kind}-s{self.seed}-{n}"

    def pick(self, predicate: Callable[[Dict[str, Any]], bool], n: int = PER_BUCKET, strict: bool = True) -> List[Dict[str, Any]]:
        out: List[Dict[str, Any]] = []
        if n <= 0:
            return out
        for oid in sorted(self.orders):
            o = self.orders[oid]
            c = self.customers[o["customer_id"]]
            if oid in self.used or o["customer_id"] in self.used or c["fraud_flag"] and not predicate.__name__.startswith("fraud"):
                continue
            if predicate(o):
                out.append(o)
                self.used.update({oid, o["customer_id"]})
                if len(out) == n:
                    return out
        if strict:
            raise SystemExit(f"only {len(out)} situations for {predicate.__name__}")
        return out

    def c(self, o: Dict[str, Any]) -> Dict[str, Any]:
        return self.customers[o["customer_id"]]

    def restaurant(self, o: Dict[str, Any]) -> Dict[str, Any]:
        return self.data["restaurants"][o["restaurant_id"]]

    def substitutes(self, o: Dict[str, Any], item: Dict[str, Any]) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
        """(safe, unsafe) for the customer: the in-stock dishes of the item's category that are
        not already in the order (the checks select a substitute by item id), in id order."""
        allergens = set(self.c(o)["allergens"])
        menu = self.restaurant(o)["menu"]
        ordered = {it["item_id"] for it in o["items"]}
        category = menu[item["item_id"]]["category"]
        subs = [m for mid, m in sorted(menu.items()) if m["category"] == category and m["in_stock"] and mid not in ordered]
        return [m for m in subs if not set(m["allergens"]) & allergens], [m for m in subs if set(m["allergens"]) & allergens]

    def who(self, c: Dict[str, Any], rng: random.Random) -> str:
        unique = self._name_zip_count.get((c["first_name"].lower(), c["last_name"].lower(), c["addresses"][0]["zip"])) == 1
        return person(c, rng, unique_name_zip=unique)

    def order_ref(self, o: Dict[str, Any], rng: random.Random) -> Tuple[str, bool]:
        """How the user names the order: its id, or (when that is unambiguous among their
        orders) its restaurant and when it was placed, which the agent must look up."""
        c = self.c(o)
        same = [x for x in c["orders"] if x in self.orders and self.orders[x]["restaurant_id"] == o["restaurant_id"]]
        if len(same) == 1 and rng.random() < 0.35:
            placed = datetime.fromisoformat(o["placed_at"])
            when = f"{placed.day} {placed.strftime('%B')} at {placed.strftime('%H:%M')}"
            return f"your order from {self.restaurant(o)['name']} (placed on {when}; you do not have its number)", False
        return f"your order {o['order_id']}", True

    def opening(self, o: Dict[str, Any], tid: str, details: bool = True) -> Tuple[str, random.Random, str, List[Dict[str, Any]]]:
        """The user (who, temperament), their generator, how they name the order, and the
        lookups a policy-following agent makes: verify, find the order, read it."""
        rng = rng_for(tid)
        c = self.c(o)
        intro = self.who(c, rng)
        ref, known = self.order_ref(o, rng)
        pre = [identify(c, intro)]
        if not known:
            pre.append(act("get_customer_details", customer_id=c["customer_id"]))
        if details:
            pre.append(act("get_order_details", order_id=o["order_id"]))
        return intro, rng, ref, pre


def task(tid: str, bucket: str, cid: str, instruction: str, actions: List[Dict[str, Any]], **extra: Any) -> Task:
    return {"id": tid, "bucket": bucket, "user_id": cid, "instruction": instruction, "actions": actions, "outputs": extra.pop("outputs", []), **extra}


YES = "Yes, please go ahead."


def rec(tid: str, label: str, actions: List[Dict[str, Any]], replies: Optional[List[str]] = None) -> Dict[str, Any]:
    # By default the user agrees to each message; the replay ends when the recorded actions do.
    if replies is None:
        replies = [YES] * sum(a["name"] == "respond" for a in actions)
    return {"task_id": tid, "label": label, "actions": actions, "user_replies": replies}


def with_refund_method(actions: List[Dict[str, Any]], method: str) -> List[Dict[str, Any]]:
    return [act(a["name"], **{**a["kwargs"], "method": method}) if a["name"] == "issue_refund" else a for a in actions]


def money_task(b: Builder, o, tid: str, bucket: str, amount: float, request: str, reason: str, cap: Optional[float] = None,
               extra_cp=None):
    """A task whose right answer gives back exactly ``amount`` on the order, by any mix the
    customer accepts; ``request`` is what the user wants, with ``{order}`` for how they name it."""
    c, oid = b.c(o), o["order_id"]
    intro, rng, ref, pre = b.opening(o, tid)
    gt = pre + [say(f"I can refund ${amount:.2f} to your card for order {oid}. Is that OK?"),
                act("issue_refund", order_id=oid, amount=round(amount, 2), method="original_payment", reason=reason)]
    checkpoints = [VERIFIED, looked_up(oid), compensated(oid, amount)] + (extra_cp or [])
    t = task(tid, bucket, c["customer_id"], f"{intro} {request.format(order=ref)}", gt,
             reward_overrides={"monetary_identity": dispute("compensation", oid, c["customer_id"], amount, cap),
                               "process_checkpoints": checkpoints})
    half = round(amount / 2, 2)
    # each write asked about as it is made (wiki: a yes covers only the action described)
    split = pre + [say(f"I can refund ${half:.2f} to your card. Is that OK?"),
                   act("issue_refund", order_id=oid, amount=half, method="original_payment", reason=reason),
                   say(f"And ${amount - half:.2f} as wallet credit. Is that OK?"),
                   act("issue_refund", order_id=oid, amount=round(amount - half, 2), method="wallet_credit", reason=reason)]
    wallet = pre + [say(f"I can refund ${amount:.2f} as wallet credit. Is that OK?")] + with_refund_method(gt[len(pre) + 1:], "wallet_credit")
    over = gt[:len(pre) + 1] + [act("issue_refund", order_id=oid, amount=round(amount + 5, 2), method="wallet_credit", reason=reason)]
    recs = [rec(tid, "ground truth", gt), rec(tid, "wallet credit instead", wallet),
            rec(tid, "half refund, half credit", split), rec(tid, "over-compensated", over)]
    return t, recs
