"""Building blocks of the food-delivery task generator: actions, checkpoints,
monetary identities, and the picker of situations from the database."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

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
]


def person(c: Dict[str, Any]) -> str:
    """Who the simulated user is: name, how they can be identified, a temperament."""
    trait = TRAITS[int(c["customer_id"].split("-")[1]) % len(TRAITS)]
    return f"You are {c['first_name']} {c['last_name']}; your account email is {c['email']}. {trait}"


Task = Dict[str, Any]
Recs = List[Dict[str, Any]]


class Builder:
    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data
        self.orders = data["orders"]
        self.customers = data["customers"]
        self.used: set = set()

    def pick(self, predicate: Callable[[Dict[str, Any]], bool], n: int = PER_BUCKET) -> List[Dict[str, Any]]:
        out = []
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
        raise SystemExit(f"only {len(out)} situations for {predicate.__name__}")

    def c(self, o: Dict[str, Any]) -> Dict[str, Any]:
        return self.customers[o["customer_id"]]

    def restaurant(self, o: Dict[str, Any]) -> Dict[str, Any]:
        return self.data["restaurants"][o["restaurant_id"]]


def task(tid: str, bucket: str, cid: str, instruction: str, actions: List[Dict[str, Any]], **extra: Any) -> Task:
    return {"id": tid, "bucket": bucket, "user_id": cid, "instruction": instruction, "actions": actions, "outputs": extra.pop("outputs", []), **extra}


def rec(tid: str, label: str, actions: List[Dict[str, Any]]) -> Dict[str, Any]:
    # The user agrees to each message; the replay ends when the recorded actions do.
    replies = ["Yes, please go ahead."] * sum(a["name"] == "respond" for a in actions)
    return {"task_id": tid, "label": label, "actions": actions, "user_replies": replies}


def with_refund_method(actions: List[Dict[str, Any]], method: str) -> List[Dict[str, Any]]:
    return [act(a["name"], **{**a["kwargs"], "method": method}) if a["name"] == "issue_refund" else a for a in actions]


def money_task(b: Builder, o, tid: str, bucket: str, amount: float, instruction: str, reason: str, cap: Optional[float] = None, extra_cp=None):
    c, oid = b.c(o), o["order_id"]
    gt = [act("find_customer_by_email", email=c["email"]), act("get_order_details", order_id=oid),
          say(f"I can refund ${amount:.2f} to your card. Is that OK?"),
          act("issue_refund", order_id=oid, amount=round(amount, 2), method="original_payment", reason=reason)]
    checkpoints = [VERIFIED, looked_up(oid), compensated(oid, amount)] + (extra_cp or [])
    t = task(tid, bucket, c["customer_id"], f"{person(c)} {instruction}", gt,
             reward_overrides={"monetary_identity": dispute("compensation", oid, c["customer_id"], amount, cap),
                               "process_checkpoints": checkpoints})
    half = round(amount / 2, 2)
    # each write asked about as it is made (wiki: a yes covers only the action described)
    split = gt[:2] + [say(f"I can refund ${half:.2f} to your card. Is that OK?"),
                      act("issue_refund", order_id=oid, amount=half, method="original_payment", reason=reason),
                      say(f"And ${amount - half:.2f} as wallet credit. Is that OK?"),
                      act("issue_refund", order_id=oid, amount=round(amount - half, 2), method="wallet_credit", reason=reason)]
    wallet = gt[:2] + [say(f"I can refund ${amount:.2f} as wallet credit. Is that OK?")] + with_refund_method(gt[3:], "wallet_credit")
    over = gt[:3] + [act("issue_refund", order_id=oid, amount=round(amount + 5, 2), method="wallet_credit", reason=reason)]
    recs = [rec(tid, "ground truth", gt), rec(tid, "wallet credit instead", wallet),
            rec(tid, "half refund, half credit", split), rec(tid, "over-compensated", over)]
    return t, recs
