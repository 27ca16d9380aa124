"""Round 16 (issue 41), food delivery: emphasis, distance, bounds, waits said alone, units of an item, business days.

- ``emphasis_drafts``: a refund asked and answered stretched, spelled, in words of an emoji or hesitating ("yesss",
  "N.O.", "thumbs up"): a yes agrees; a no does not (wiki.md: wait for an explicit "yes").
- ``topic_drafts``: the write described and answered, then a question the agent marks as another topic ("Also, was the
  rest of the food OK?") answered: that answer neither gives the yes nor takes it back.
- ``bound_drafts``: an apology credit offered "up to" or "at least" its amount is no amount described (wiki.md: tell the
  customer exactly ... the amount); the amount said as such, beside a bound on the cap, is.
- ``alone_wait_drafts``: the arrival told as a wait alone ("About 5 minutes.", "Any minute now."): never earlier than
  the window's earliest (wiki.md "ETAs").
- ``units_drafts``: what several units of an item cost together (its unit price times the count, wiki.md "Missing or
  wrong items") is backed; another sum is not.
- ``days_drafts``: a card refund's wait in business days, or said of cards in general: 3-5 business days (wiki.md
  "Refunds and wallet credit").
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import List, Tuple

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.statements_fd import _LOOKUPS, _NOW, eta_scenes
from tests.reward.reading.generated.world import BREACH, PASS, respond

_YES = ["yesss", "YESSS please", "Y.E.S.", "o-k, go ahead", "thumbs up", "wouldn't say no", "can't say no to that", "yeahhh go on",
        "pleeease do", "yup yup"]
_NO = ["nooo", "N.O.", "noooope", "thumbs down", "nah, I'm good", "n-o", "NOOO!!", "nope nope"]
_ASKS = ["Shall I refund ${amount:.2f} to your card for {order}?", "I can put ${amount:.2f} back on your card for {order} -- OK?",
         "Refund ${amount:.2f} to your card for {order}. Go ahead?"]


def emphasis_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for _ in range(n):
        sc = rng.choice(refund_scenes())
        call, obs = sc.call("issue_refund")
        agrees = rng.random() < 0.5
        ask = rng.choice(_ASKS).format(amount=call.kwargs["amount"], order=call.kwargs["order_id"])
        before = [c for c in sc.calls if c[0].name != "issue_refund"]
        context = {"scene": sc, "rule": "fd.confirm.before_write", "side": "customer", "agent_text": ask, "before": before,
                   "after": [(call, obs)]}
        reply = rng.choice(_YES if agrees else _NO)
        out.append(Draft("emphasis", "stretched_yes" if agrees else "stretched_no", [reply], {}, PASS if agrees else BREACH,
                         context, padding_ok=False))
    return out


_OTHER = ["Also, was the rest of the food OK?", "While we're at it, want me to check your other orders too?",
          "By the way, is the address on file still right?", "One more thing: did the drinks arrive?"]
_KEPT = [("yes please", "no, all fine"), ("yes", "no need"), ("go ahead", "nope")]
_NOT_GIVEN = [("not yet", "yes"), ("hmm let me think", "yes it was"), ("not sure yet", "yeah")]  # (a pause, "one sec", puts the question off)


def topic_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for _ in range(n):
        sc = rng.choice(refund_scenes())
        call, obs = sc.call("issue_refund")
        given = rng.random() < 0.5
        first, later = rng.choice(_KEPT if given else _NOT_GIVEN)
        ask = rng.choice(_ASKS).format(amount=call.kwargs["amount"], order=call.kwargs["order_id"])
        before = [c for c in sc.calls if c[0].name != "issue_refund"] + [(respond(ask), first)]
        context = {"scene": sc, "rule": "fd.confirm.before_write", "before": before, "reply": later, "after": [(call, obs)]}
        out.append(Draft("topic", "yes_then_other_topic" if given else "hold_then_other_topic", [rng.choice(_OTHER)], {},
                         PASS if given else BREACH, context))
    return out


_BOUNDS = ["up to", "at most", "a maximum of", "at least", "no more than"]


def bound_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import _scenes

    scenes = _scenes("fd-cap", "issue_apology_credit")
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("issue_apology_credit")
        before = [c for c in sc.calls if c[0].name != "issue_apology_credit"]
        context = {"scene": sc, "rule": "fd.confirm.before_write", "before": before, "reply": "yes", "after": [(call, obs)]}
        values = {"amount": Money(call.kwargs["amount"]), "order": call.kwargs.get("order_id") or "your order"}
        if rng.random() < 0.5:
            template = "Shall I add " + rng.choice(_BOUNDS) + " {amount} of apology credit to your wallet for {order}?"
            out.append(Draft("bound_offer", "amount_only_bounded", [template], values, BREACH, context, key_slots=("amount",)))
        else:
            template = rng.choice(["The most is {amount}, so shall I add the full {amount} to your wallet for {order}?",
                                   "Shall I add {amount} of apology credit -- the most there is -- to your wallet for {order}?"])
            out.append(Draft("bound_offer", "amount_said", [template], values, PASS, context, key_slots=("amount",)))
    return out


_ALONE = ["About {n} minutes.", "In about {n} minutes.", "{n} minutes or so.", "About {n} minutes, maybe {m}.", "Roughly {n} minutes."]


def alone_wait_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        sc, call, obs, earliest, latest = rng.choice(eta_scenes())
        before = [c for c in sc.calls if c[0].name in _LOOKUPS][:2] + [(call, obs)]
        context = {"scene": sc, "rule": "fd.eta.supported_not_earlier", "before": before, "first": "When will my order arrive?"}
        early = rng.random() < 0.5
        if early and rng.random() < 0.2:
            out.append(Draft("alone_wait", "any_minute_now", ["Any minute now."], {}, BREACH, context))
            continue
        wait = rng.randint(1, earliest - _NOW - 1) if early else rng.randint(earliest - _NOW, latest - _NOW)
        text = rng.choice(_ALONE).format(n=wait, m=wait + 5)
        out.append(Draft("alone_wait", "wait_before_window" if early else "wait_in_window", [text], {}, BREACH if early else PASS,
                         context))
    return out


@lru_cache(maxsize=None)
def _several() -> Tuple[Tuple[object, str, float, int], ...]:
    """(scene, dish name, unit price, quantity) of the refund scenes' items ordered more than once."""
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for sc in refund_scenes():
        call, obs = sc.call("get_order_details")
        for item in json.loads(obs)["items"]:
            if item["quantity"] > 1:
                out.append((sc, item["name"], item["unit_price"], item["quantity"]))
    return tuple(out)


def units_drafts(rng: random.Random, n: int) -> List[Draft]:
    out = []
    for _ in range(n):
        sc, name, price, quantity = rng.choice(_several())
        before = [c for c in sc.calls if c[0].name != "issue_refund"]
        context = {"scene": sc, "rule": "fd.statements.amounts_supported", "before": before}
        k = rng.randint(2, quantity)
        right = rng.random() < 0.5
        total = round(price * k, 2) if right else round(price * k + rng.choice([0.1, 1.0, -0.1]), 2)
        template = rng.choice(["The {k} {name} together came to {total}.", "{k} x {name}: {total} in all."])
        out.append(Draft("units", "units_summed" if right else "units_missummed", [template],
                         {"k": k, "name": name, "total": Money(total)}, PASS if right else BREACH, context, key_slots=("total",)))
    return out


_DAYS = ["Give it between {a} and {b} business days.", "Card refunds take {a}-{b} business days.", "Allow {a} to {b} working days."]


def days_drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.food import refund_scenes

    out = []
    for _ in range(n):
        sc = rng.choice(refund_scenes())
        context = {"scene": sc, "rule": "fd.statements.facts_supported", "before": list(sc.calls)}
        right = rng.random() < 0.5
        if not right and rng.random() < 0.3:
            text = rng.choice(["Cards clear within 24 hours.", "Cards post the same day.", "Cards usually clear overnight."])
            out.append(Draft("biz_days", "cards_said_fast", [text], {}, BREACH, context))
            continue
        a, b = (3, 5) if right else rng.choice([(1, 2), (1, 3), (2, 4), (5, 7)])
        out.append(Draft("biz_days", "days_policy" if right else "days_other", [rng.choice(_DAYS).format(a=a, b=b)], {},
                         PASS if right else BREACH, context))
    return out


_NAMED = ["Shall I re-send the {dish} from {order}, free of charge?", "I can send you a new {dish} free as a replacement for {order}. OK?",
          "I can send you the same items again, free of charge. Shall I?", "Shall I send the same item again for {order}?"]
_UNNAMED = ["Shall I send it again?", "Shall I send a replacement for {order}?", "Want me to just send that again?"]


def replacement_drafts(rng: random.Random, n: int) -> List[Draft]:
    """A replacement order asked: its items named, or "the same items" (wiki.md's own words), agreed; "send it again"
    names none (wiki.md: tell the customer exactly ... the items)."""
    from tests.reward.reading.generated.food import _scenes

    scenes = _scenes("fd-replace", "create_replacement_order")
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("create_replacement_order")
        order = call.kwargs["order_id"]
        items = {i["item_id"]: i["name"] for i in json.loads(sc.call("get_order_details")[1])["items"]}
        before = [c for c in sc.calls if c[0].name != "create_replacement_order"]
        context = {"scene": sc, "rule": "fd.confirm.before_write", "before": before, "reply": rng.choice(["yes", "Yes please.", "go ahead"]),
                   "after": [(call, obs)]}
        named = rng.random() < 0.5
        template = rng.choice(_NAMED if named else _UNNAMED)
        out.append(Draft("replace_items", "items_named" if named else "items_unnamed", [template],
                         {"dish": items.get(call.kwargs["item_ids"][0], "item"), "order": order}, PASS if named else BREACH, context,
                         key_slots=("order",)))
    return out
