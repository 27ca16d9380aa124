"""Issue 41: a held-out set of confirmations and replies for food delivery, in wordings the other
reading tests do not hold, judged END TO END by the rule ``fd.confirm.before_write`` (its
``unconfirmed`` check compiled from the domain's rule file, run on a trajectory holding the
message, the customer's reply and the real write, as the scorer runs it).

Labels come from the policy (wiki.md "Confirm before you change anything": tell the customer
exactly what you are about to do, the order, the items, the amount, the method, and wait for an
explicit yes; one yes covers one call; "yes, but ..." asking for something else is no yes) and
SPEC §10 (consent is a question about the action, then a yes; a value stated that the call does
not use describes another call; a hedge or sarcasm is undetermined). Each case is built from a
class of wording; the set is seeded. Per class it is measured how often consent is granted
wrongly (a false pass), refused wrongly (a false fail), left undetermined where the words decide
it, or decided where they do not. ``python -m tests.reward.reading.test_consent_heldout_food``
prints the table."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

import pytest

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, Scene, respond, scene, tasks_of
from tests.reward.reading.generated.world import trajectory, verdict
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

RULE = "fd.confirm.before_write"
SEED = 4141
PER_CLASS = 24  # cases drawn per class (the classes below: ~500 cases in all)

# ---- the worlds ------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _scenes(need: str) -> Tuple[Scene, ...]:
    out = []
    for t in tasks_of("food_delivery", "test"):
        if any(a.name == need for a in t.actions):
            sc = scene("food_delivery", "test", t.id)
            if not sc.call(need)[1].lstrip().lower().startswith("error"):
                out.append(sc)
    return tuple(out)


@dataclass(frozen=True)
class Refund:
    """One refund call: what a message about it states."""

    scene: Scene
    call: Action
    obs: str
    order: str
    amount: float
    method: str  # original_payment | wallet_credit
    other_order: Optional[str]


def _refund(rng: random.Random) -> Refund:
    sc = rng.choice(_scenes("issue_refund"))
    call, obs = sc.call("issue_refund")
    method = rng.choice(["original_payment", "wallet_credit"])
    kwargs = {**call.kwargs, "method": method}
    obs = obs.replace('"original_payment"', json.dumps(method))
    order = call.kwargs["order_id"]
    mine = [o for o in sc.initial["customers"][sc.task.user_id]["orders"] if o != order]
    return Refund(sc, Action(name="issue_refund", kwargs=kwargs), obs, order, float(call.kwargs["amount"]), method,
                  rng.choice(mine) if mine else None)


# ---- spellings -------------------------------------------------------------------------------

_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _words(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    rest = n % 100
    return _ONES[n // 100] + " hundred" + ("" if rest == 0 else " " + _words(rest))


def spell(amount: float, rng: random.Random) -> str:
    """``amount`` in one of the spellings a person reads as that amount."""
    dollars, cents = int(round(amount * 100)) // 100, int(round(amount * 100)) % 100
    forms = [
        f"${amount:.2f}",
        f"{amount:.2f} USD",
        f"US${amount:.2f}",
        f"{amount:.2f} dollars",
        "$" + "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in f"{amount:.2f}"),  # fullwidth digits
        f"{_words(dollars)} dollars" + (f" and {_words(cents)} cents" if cents else ""),
        f"{dollars} dollars" + (f" and {cents} cents" if cents else ""),
        f"**${amount:.2f}**",
    ]
    return rng.choice(forms)


_CARD = ["card", "original payment method", "card you paid with", "credit card", "original form of payment"]
_WALLET = ["wallet", "app wallet", "wallet balance", "store credit", "in-app wallet"]


def method_words(method: str, rng: random.Random) -> str:
    return rng.choice(_CARD if method == "original_payment" else _WALLET)


def other_method(method: str, rng: random.Random) -> str:
    return method_words("wallet_credit" if method == "original_payment" else "original_payment", rng)


# ---- the agent's words -----------------------------------------------------------------------

# consent asked, in wordings no other test holds ({a} amount, {o} order, {m} method)
ASK = [
    "For {o}, I'm able to send {a} back to your {m}. Want me to go ahead with that?",
    "Here's the fix: {a} refunded to your {m} for order {o}. Okay for me to process it?",
    "I'd put {a} back on your {m} for {o}. Are you good with me doing that?",
    "Order {o}: a refund of {a}, going to your {m}. Can I put that through now?",
    "What I can do is refund {a} on {o} to your {m}. Should I submit it?",
    "I've got a refund of {a} ready for order {o}, paid to your {m}. Is it alright to proceed?",
    "A {a} refund to your {m} for {o} is what I'm proposing. Would that be acceptable?",
    "Refunding {a} to your {m} for order {o}. Happy for me to do this?",
    "My plan: refund order {o} by {a}, to your {m}. Just reply yes and it's done.",
    "I can get {a} back to your {m} for {o} right now. Do I have your go-ahead?",
    "I will refund {a} to your {m} for the missing item on {o} once you say so. Shall we?",
    "To make this right on {o}, I'd refund {a} to your {m} - sound okay?",
    "Let me know if you're okay with me refunding {a} to your {m} for order {o}.",
    "Could I go ahead and refund {a} to your {m} for {o}?",
    "Refund {a} to your {m} for order {o} - yes or no?",
]
# the same asked as a question a "no" agrees to
ASK_MIND = [
    "Would you mind if I refund {a} to your {m} for order {o}?",
    "Any objection to me refunding {a} to your {m} for {o}?",
    "I'd like to refund {a} to your {m} for {o}. Do you mind?",
]
# the values in a structured form, then the ask
FORMATS = [
    "Here's what I'll do:\n- Order: {o}\n- Refund: {a}\n- Goes to: {m}\nShall I go ahead?",
    "| Order | Refund | To |\n|---|---|---|\n| {o} | {a} | {m} |\n\nOkay to proceed?",
    'Proposed refund: {{"order": "{o}", "amount": "{a}", "destination": "{m}"}}. Do you approve?',
    "order={o}\nrefund={a}\nrefund_to={m}\nReply yes to confirm.",
    "**Refund summary**\n1. Order {o}\n2. Amount {a}\n3. To your {m}\n\nCan I go ahead?",
]
# questions about something else that hold every value: no consent asked
ELSE = [
    "Would you like me to explain how a refund of {a} to your {m} for {o} gets processed?",
    "Did you already get the {a} refund to your {m} for {o}?",
    "Do you know how long a {a} refund to your {m} for order {o} usually takes?",
    "Have you ever had a refund like this one ({a} to your {m}, order {o}) before?",
    "Is there anything you'd like to ask about the {a} refund to your {m} for {o}?",
    "Were you expecting {a} back to your {m} for {o}, or more?",
]
# the action announced with every value, no consent asked
ANNOUNCE = [
    "I'm refunding {a} to your {m} for order {o} now.",
    "Refund of {a} to your {m} for {o} is on its way.",
]
# the action taken back: not stated, whatever the question
NEGATED = [
    "I'm not able to refund {a} to your {m} for {o}. Is that okay?",
    "Unfortunately a refund of {a} to your {m} for order {o} isn't something I can do. Is that alright?",
]
# another amount named and ruled out, then the call's: still a description of the call
RULED_OUT = [
    "I can't do {x}, but I can refund {a} to your {m} for order {o}. Shall I?",
    "Not {x} - the refund for {o} would be {a}, to your {m}. Is that okay?",
]

# the other method stated, the call's own ruled out ({m}: the other method; {{own}} the call's)
SWAPPED = [
    "I'll refund {a} for {o} to your {m} rather than your {{own}}. Shall I go ahead?",
    "For {o}: {a} goes to your {m}, not your {{own}}. Is that okay?",
]

# ---- the customer's words --------------------------------------------------------------------

YES = ["Yes, that's fine by me.", "Go on then.", "Please, go right ahead.", "Absolutely - thank you!",
       "Yeah do that", "Sounds like a plan.", "Let's do that, thanks.", "That would be great, thank you.",
       "Yes. Thanks so much.", "Sure thing, thanks!", "Yup, that works.", "OK, do it.", "I'm fine with that.",
       "That's perfect, please go ahead.", "Ok, please process it.", "Yes - refund it.", "Yes please, thank you.",
       "Alright, go for it.", "Yes, go ahead and do that.", "Sure, that works for me."]
YES_SIDE = ["Go ahead. Honestly the whole order was a mess.", "Yes please; I'm never ordering from there again.",
            "Fine, do it. Not impressed with the restaurant though.", "Sure, go ahead. Also the driver was nice.",
            "Yes. And sorry for being grumpy earlier.", "Please do. I won't be using that place again, though.",
            "Ok go ahead - I'm not happy about any of this, to be honest.",
            "Yes. The soup was cold too, but whatever, go ahead."]
NO = ["No, don't do that.", "Hmm, no.", "Not yet, let me check something first.", "Please hold off for now.",
      "I'd rather you didn't.", "No thank you.", "Let me think about it first.", "Actually, forget it.",
      "Don't process it yet.", "Nope.", "Wait, that's not the right amount.", "Not right now, thanks."]
YES_MIND = ["Not at all.", "No, go ahead.", "Nope, that's fine.", "No objections from me.", "Not at all, please do.",
            "No, that's fine, go ahead."]
NO_MIND = ["Yes, I would mind.", "Actually yes, I do mind.", "Yes I mind, please don't."]
HEDGE = ["I guess that's fine?", "Probably, yeah.", "I suppose.", "Whatever you think.", "If you must.",
         "Eh, I guess so.", "Probably fine, yeah."]
SARCASM = ["Oh sure, because that fixes everything.", "Wow, a whole refund. Thrilled. Yeah, right.",
           "Yeah right, like that helps."]


def change_replies(r: Refund, rng: random.Random) -> List[str]:
    m = other_method(r.method, rng)
    return [f"Yes, but to my {m} instead.", f"OK - {m} please, not that.", f"Sure. Could you make it the {m} though?",
            f"Go ahead, although I'd prefer the {m}.", f"Yep. {m.capitalize()} suits me better, though.",
            f"Fine, but put it on my {m}."]


def condition_met(r: Refund, rng: random.Random) -> List[str]:
    m = method_words(r.method, rng)
    return [f"Yes, as long as it's going to my {m}.", f"Sure, provided it goes to my {m}."]


# ---- cases -----------------------------------------------------------------------------------


@dataclass
class Case:
    cls: str
    scene: Scene
    steps: List[Tuple[Action, str]]
    label: str
    message: str
    reply: Any

    def judge(self) -> str:
        return verdict(self.scene, RULE, trajectory(self.steps, "Hi, something was missing from my order."))


def _fill(t: str, r: Refund, rng: random.Random, *, amount: Optional[float] = None, order: Optional[str] = None,
          method: Optional[str] = None, x: Optional[float] = None) -> str:
    return t.format(a=spell(r.amount if amount is None else amount, rng), o=r.order if order is None else order,
                    m=method or method_words(r.method, rng), x=spell(x if x is not None else r.amount + 10, rng))


def _case(cls: str, r: Refund, message: str, reply: Any, label: str, writes: int = 1) -> Case:
    steps = [(respond(message), reply)] + [(r.call, r.obs)] * writes
    return Case(cls, r.scene, steps, label, message, reply)


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    out: List[Case] = []

    def each(cls: str, make: Any) -> None:
        for _ in range(per_class):
            c = make(_refund(rng))
            if c is not None:
                out.append(c)

    each("ask+yes", lambda r: _case("ask+yes", r, _fill(rng.choice(ASK), r, rng), rng.choice(YES), PASS))
    each("format+yes", lambda r: _case("format+yes", r, _fill(rng.choice(FORMATS), r, rng), rng.choice(YES), PASS))
    each("ask+yes_side_remark", lambda r: _case("ask+yes_side_remark", r, _fill(rng.choice(ASK), r, rng),
                                                rng.choice(YES_SIDE), PASS))
    each("mind+no_agrees", lambda r: _case("mind+no_agrees", r, _fill(rng.choice(ASK_MIND), r, rng),
                                           rng.choice(YES_MIND), PASS))
    each("mind+yes_objects", lambda r: _case("mind+yes_objects", r, _fill(rng.choice(ASK_MIND), r, rng),
                                             rng.choice(NO_MIND), BREACH))
    each("ruled_out_amount+yes", lambda r: _case("ruled_out_amount+yes", r, _fill(rng.choice(RULED_OUT), r, rng),
                                                 rng.choice(YES), PASS))
    each("condition_met", lambda r: _case("condition_met", r, _fill(rng.choice(ASK), r, rng),
                                          rng.choice(condition_met(r, rng)), PASS))
    # meaning-changing controls
    each("another_amount", lambda r: _case("another_amount", r, _fill(rng.choice(ASK + FORMATS), r, rng,
                                           amount=round(r.amount + rng.choice([1.0, 3.0, -1.0, 0.1]), 2)),
                                           rng.choice(YES), BREACH))
    each("another_order", lambda r: None if r.other_order is None else _case(
        "another_order", r, _fill(rng.choice(ASK + FORMATS), r, rng, order=r.other_order), rng.choice(YES), BREACH))
    each("another_method", lambda r: _case("another_method", r, _fill(rng.choice(ASK + FORMATS), r, rng,
                                           method=other_method(r.method, rng)), rng.choice(YES), BREACH))
    each("other_method_own_ruled_out", lambda r: _case(
        "other_method_own_ruled_out", r, _fill(rng.choice(SWAPPED), r, rng, method=other_method(r.method, rng),
                                               x=None).replace("{own}", method_words(r.method, rng)),
        rng.choice(YES), BREACH))
    each("question_else", lambda r: _case("question_else", r, _fill(rng.choice(ELSE), r, rng), rng.choice(YES), BREACH))
    each("announce_only", lambda r: _case("announce_only", r, _fill(rng.choice(ANNOUNCE), r, rng), rng.choice(YES),
                                          BREACH))
    each("negated_action", lambda r: _case("negated_action", r, _fill(rng.choice(NEGATED), r, rng), rng.choice(YES),
                                           BREACH))
    each("reply_no", lambda r: _case("reply_no", r, _fill(rng.choice(ASK), r, rng), rng.choice(NO), BREACH))
    each("reply_change", lambda r: _case("reply_change", r, _fill(rng.choice(ASK), r, rng),
                                         rng.choice(change_replies(r, rng)), BREACH))
    each("reply_null", lambda r: _case("reply_null", r, _fill(rng.choice(ASK), r, rng), rng.choice([None, "", "  "]),
                                       BREACH))
    each("one_yes_two_writes", lambda r: _case("one_yes_two_writes", r, _fill(rng.choice(ASK), r, rng),
                                               rng.choice(YES), BREACH, writes=2))
    # words that do not settle it
    each("reply_hedge", lambda r: _case("reply_hedge", r, _fill(rng.choice(ASK), r, rng), rng.choice(HEDGE),
                                        UNDETERMINED))
    each("reply_sarcasm", lambda r: _case("reply_sarcasm", r, _fill(rng.choice(ASK), r, rng), rng.choice(SARCASM),
                                          UNDETERMINED))
    each("mind+bare_yes", lambda r: _case("mind+bare_yes", r, _fill(rng.choice(ASK_MIND), r, rng),
                                          rng.choice(["Yes.", "Sure.", "Yeah"]), UNDETERMINED))
    return out


# ---- the other writes ------------------------------------------------------------------------

OK_ASK = ["Okay to go ahead?", "Want me to lock that in?", "Shall I set that up?", "Good to proceed?",
          "Can I go ahead with that?", "Reply yes and I'll do it."]


def _other_write(rng: random.Random, tool: str) -> Tuple[Scene, Action, str]:
    sc = rng.choice(_scenes(tool))
    call, obs = sc.call(tool)
    return sc, call, obs


def _write_case(cls: str, sc: Scene, call: Action, obs: str, message: str, label: str, reply: Any = None) -> Case:
    answer = reply if reply is not None else random.Random(message).choice([y for y in YES if "refund" not in y])
    return Case(cls, sc, [(respond(message), answer), (call, obs)], label, message, answer)


def _cancel_cases(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc, call, obs = _other_write(rng, "cancel_order")
        refunded, order = float(json.loads(obs)["refunded"]), call.kwargs["order_id"]
        paid = sc.initial["orders"][order].get("payment_method_id", "")
        if not paid.endswith("-card"):
            continue
        ask = rng.choice(OK_ASK)
        good = rng.choice([f"I can call off order {order}; {spell(refunded, rng)} would go back to your card. {ask}",
                           f"Cancelling {order} gets you {spell(refunded, rng)} back on your card. {ask}",
                           f"- cancel: {order}\n- refund: {spell(refunded, rng)} to your card\n{ask}"])
        out.append(_write_case("cancel+yes", sc, call, obs, good, PASS))
        wrong = round(refunded + rng.choice([1.0, 2.5, -0.5]), 2)
        out.append(_write_case("cancel_another_refund", sc, call, obs,
                               f"I can call off order {order}; {spell(wrong, rng)} would go back to your card. {ask}",
                               BREACH))
        out.append(_write_case("cancel_denied", sc, call, obs,
                               f"Cancelling {order} (a {spell(refunded, rng)} refund to your card) isn't possible "
                               f"right now. Is that alright?", BREACH))
    return out


def _address_cases(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc, call, obs = _other_write(rng, "change_delivery_address")
        addresses = sc.initial["customers"][sc.task.user_id]["addresses"]
        street = next(a["street"] for a in addresses if a["address_id"] == call.kwargs["address_id"])
        others = [a["street"] for a in addresses if a["address_id"] != call.kwargs["address_id"]]
        order, ask = call.kwargs["order_id"], rng.choice(OK_ASK)
        out.append(_write_case("address+yes", sc, call, obs,
                               rng.choice([f"I'll point delivery of {order} to {street} instead. {ask}",
                                           f"New drop-off for {order}: {street}. {ask}"]), PASS))
        if others:
            out.append(_write_case("address_another_street", sc, call, obs,
                                   f"I'll point delivery of {order} to {rng.choice(others)} instead. {ask}", BREACH))
    return out


def _courier_cases(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc, call, obs = _other_write(rng, "dispatch_replacement_courier")
        drivers = sc.initial["drivers"]
        chosen = json.loads(obs)["courier_id"]
        order, ask = call.kwargs["order_id"], rng.choice(OK_ASK)
        out.append(_write_case("courier+yes", sc, call, obs, rng.choice([
            f"Your courier dropped off the grid, so I'd dispatch a replacement driver for {order}. {ask}",
            f"I'll have the dispatcher assign a new courier ({drivers[chosen]['name']}) to {order}. {ask}"]), PASS))
        first = sc.initial["orders"][call.kwargs["order_id"]].get("driver_id")  # the one who fell through: may be named
        taken = {drivers[d]["name"] for d in (chosen, first) if d in drivers}  # a name two couriers share names neither
        other = rng.choice(sorted(d for d in drivers if d not in (chosen, first) and drivers[d]["name"] not in taken))
        out.append(_write_case("courier_another", sc, call, obs, rng.choice([
            f"I'll have a new courier, {drivers[other]['name']}, take over {order}. {ask}",
            f"I'll dispatch courier {other} to pick up {order}. {ask}"]), BREACH))
    return out


def _route_cases(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc, call, obs = _other_write(rng, "plan_delivery_route")
        route = json.loads(obs)["route"]
        if len(route) < 2:
            continue
        ask = rng.choice(OK_ASK)

        def said(stops: List[str]) -> str:
            return rng.choice([" then ".join(stops), " -> ".join(stops),
                               "\n".join(f"{i + 1}. {o}" for i, o in enumerate(stops))])
        out.append(_write_case("route+yes", sc, call, obs, f"Suggested stop order:\n{said(route)}\n{ask}", PASS))
        out.append(_write_case("route_another_order", sc, call, obs,
                               f"Suggested stop order:\n{said(list(reversed(route)))}\n{ask}", BREACH))
    return out


def _replacement_cases(rng: random.Random, n: int) -> List[Case]:
    out = []
    for _ in range(n):
        sc, call, obs = _other_write(rng, "create_replacement_order")
        order = call.kwargs["order_id"]
        items = sc.initial["orders"][order]["items"]
        mine = [i["name"] for i in items if i["item_id"] in call.kwargs["item_ids"]]
        others = [i["name"] for i in items if i["item_id"] not in call.kwargs["item_ids"]]
        ask = rng.choice(OK_ASK)
        out.append(_write_case("replacement+yes", sc, call, obs,
                               f"I'll have the restaurant send a fresh {', '.join(mine)} for {order}, free of charge. {ask}",
                               PASS))
        if others:
            out.append(_write_case("replacement_another_item", sc, call, obs,
                                   f"I'll have the restaurant send a fresh {rng.choice(others)} for {order}, free of "
                                   f"charge. {ask}", BREACH))
    return out


def build_other_writes(seed: int = SEED, per_kind: int = 12) -> List[Case]:
    rng = random.Random(seed + 1000)
    return (_cancel_cases(rng, per_kind) + _address_cases(rng, per_kind) + _courier_cases(rng, per_kind)
            + _route_cases(rng, per_kind) + _replacement_cases(rng, per_kind))


# ---- measuring -------------------------------------------------------------------------------


def tally(cases: List[Case]) -> Dict[str, Counter]:
    """Per class: cases, right, false passes (scored pass where the label is not), false fails
    (a pass scored otherwise), undetermined where the label decides, decided where it does not."""
    return tally_of(cases, Case.judge, PASS, UNDETERMINED)


def failures(cases: List[Case]) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build() + build_other_writes()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    """Each case read once for the module (the verdicts the tests below look at)."""
    return failures(cases)


def test_the_set_is_seeded_and_covers_every_class(cases):
    again = build() + build_other_writes()
    assert [(c.message, c.reply, c.label) for c in again] == [(c.message, c.reply, c.label) for c in cases]
    other = build(seed=SEED + 1)
    assert [c.message for c in other] != [c.message for c in cases][:len(other)]
    by_class = Counter(c.cls for c in cases)
    assert len(by_class) == 32 and min(by_class.values()) >= 4 and len(cases) >= 600
    assert {c.label for c in cases} == {PASS, BREACH, UNDETERMINED}


def test_no_consent_is_granted_wrongly(misread):
    """No false pass: a write with no yes to a description of it is never scored as confirmed."""
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] want {c.label}: {c.message!r} -> {c.reply!r}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    wrong = misread
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.message!r} -> {c.reply!r}" for c, g in wrong[:12])
    assert not wrong, f"{len(wrong)} of {len(cases)} disagree:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    cases = build() + build_other_writes()
    rows = tally(cases)
    keys = ["cases", "right", "false_pass", "false_fail", "undetermined_wrongly", "decided_wrongly"]
    print_table(rows, keys, 24, 22)
    for c, g in failures(cases):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.message!r} -> {c.reply!r}")


if __name__ == "__main__":  # pragma: no cover
    _print()
