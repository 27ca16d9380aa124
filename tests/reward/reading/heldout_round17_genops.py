"""Round 17 (gen-ops) held-out sets, written from the policy text before being run (wiki.md "Confirm before you change
anything": tell the customer exactly what you are about to do, the order, the amount, the method, and wait for an
explicit yes; "Fraud-flagged accounts": do not mention the flag; SPEC §10: a value taken back by a self-repair is not
stated, the text read is the text the customer sees). Each case's words replace a generated case's words in its own
context (its scene, its write, its reply), so the verdict is the rule's, end to end.

(reader, words, label, the reply or None): ``{amount}``, ``{order}``, ``{method}`` are the base case's values,
``{wrong}`` an amount $3.00 off; a reply case's words are the customer's."""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from tests.reward.reading.generated.draft import Draft, Money, render
from tests.reward.reading.generated.world import BREACH, PASS

Case = Tuple[str, str, str, Optional[str]]

FIRST: List[Case] = [
    # (AS) self-repair without a dash: the value after the repair is the one stated
    ("confirmations", "I can refund {wrong}, I mean {amount}, to your {method} for order {order}. Shall I go ahead?", PASS, None),
    ("confirmations", "I can refund {amount}, I mean {wrong}, to your {method} for order {order}. Shall I go ahead?", BREACH, None),
    ("confirmations", "Refund of {wrong} (sorry, {amount}) to your {method} for order {order} -- OK to proceed?", PASS, None),
    ("confirmations", "Refund of {amount} (sorry, {wrong}) to your {method} for order {order} -- OK to proceed?", BREACH, None),
    ("confirmations", "I'll put {wrong}... no wait, {amount} back on your {method} for order {order}. Is that alright?", PASS, None),
    ("confirmations", "I'll put {amount}... no wait, {wrong} back on your {method} for order {order}. Is that alright?", BREACH, None),
    ("confirmations", "For order {order}: {wrong}, er, make that {amount}, to your {method}. Good to go?", PASS, None),
    ("confirmations", "For order {order}: {amount}, er, make that {wrong}, to your {method}. Good to go?", BREACH, None),
    # (AW) texting forms in the agent's words
    ("confirmations", "i can refund {amount} to ur {method} for order {order}. ok to go ahead?", PASS, None),
    ("confirmations", "can refund {amount} back to ur {method} for order {order}, u want me to do it?", PASS, None),
    ("fraud_flag", "Ur account is on hold rn so I can't refund u.", BREACH, None),
    ("fraud_flag", "there's a hold on ur acct, sry.", BREACH, None),
    ("fraud_flag", "u'll hear from a specialist soon, they'll follow up with u.", PASS, None),
    ("fraud_flag", "our risk team needs to look at ur account first", BREACH, None),
    # (AY) a yes said as a polite conditional request; a no said indirectly
    ("replies", "I'd be grateful if you went ahead, thanks.", PASS, "reply"),
    ("replies", "It would be great if you could go ahead with that.", PASS, "reply"),
    ("replies", "I'd appreciate it if you'd go ahead.", PASS, "reply"),
    ("replies", "I'm afraid I'd rather you didn't.", BREACH, "reply"),
    ("replies", "I'd be happier if you held off for now.", BREACH, "reply"),
    # (AW) texted and code-switched answers
    ("replies", "k go ahead", PASS, "reply"),
    ("replies", "vale, dale", PASS, "reply"),
    ("replies", "ja bitte, mach das", PASS, "reply"),
    ("replies", "no gracias", BREACH, "reply"),
    ("replies", "nah pls dont", BREACH, "reply"),
]

# the first set's one case still read wrong: the amount and the method parted by a comma ("$13.63, to your card") is no
# description of the refund to the confirmations reader, repair or not (found, not fixed in round 17)
# the second set's run: "nee, dank je" (a Dutch no) read as unclear, not a no (found, not fixed); "I'd be really
# grateful if you'd go ahead" read as unclear (an intensifier in the wish: fixed after the run, a regular case now)
OPEN = frozenset({FIRST[6][1], "nee, dank je"})

# written after the fixes, in new sentences, run once
SECOND: List[Case] = [
    ("confirmations", "Okay, so {wrong}, I mean {amount}, goes back to your {method} for order {order}. Want me to do that?", PASS, None),
    ("confirmations", "Okay, so {amount}, I mean {wrong}, goes back to your {method} for order {order}. Want me to do that?", BREACH, None),
    ("confirmations", "I can return {wrong} (sorry, {amount}) to your {method} on order {order}. Shall I?", PASS, None),
    ("confirmations", "I can return {amount} (sorry, {wrong}) to your {method} on order {order}. Shall I?", BREACH, None),
    ("confirmations", "Refunding {wrong}... no wait, {amount} to your {method} for order {order}. OK with you?", PASS, None),
    ("confirmations", "Refunding {amount}... no wait, {wrong} to your {method} for order {order}. OK with you?", BREACH, None),
    ("confirmations", "so i'd refund {amount} to ur {method} for order {order}, is that ok w u?", PASS, None),
    ("fraud_flag", "sry, ur account's been flagged so i cant do refunds rn", BREACH, None),
    ("fraud_flag", "UR ACCOUNT IS UNDER REVIEW.", BREACH, None),
    ("fraud_flag", "a specialist will reach out to u soon, ty for ur patience", PASS, None),
    ("fraud_flag", "u should hear back from our specialist team within the day", PASS, None),
    ("replies", "I'd be really grateful if you'd go ahead with it.", PASS, "reply"),
    ("replies", "It'd be lovely if you could process that, thanks.", PASS, "reply"),
    ("replies", "I'd rather you didn't, to be honest.", BREACH, "reply"),
    ("replies", "I'd prefer it if you didn't go ahead.", BREACH, "reply"),
    ("replies", "oki doki, go ahead", PASS, "reply"),
    ("replies", "sí, claro", PASS, "reply"),
    ("replies", "nee, dank je", BREACH, "reply"),
]


@lru_cache(maxsize=1)
def _bases() -> Dict[str, Draft]:
    """A generated case of each reader, in its plain form, whose context (scene, write, reply) the held-out words use."""
    from tests.reward.reading.generated.suite import generate

    out: Dict[str, Draft] = {}
    for reader, template in (("confirmations", "refund"), ("fraud_flag", None), ("replies", "yes")):
        for c in generate("food_delivery", seed=5, scale=0.05, readers=(reader,)):
            d = c.draft
            if d.label == PASS and not d.ops and (template is None or d.template == template):
                out.setdefault(reader, d)
    return out


def judged(case: Case) -> str:
    """The verdict of the rule owning the case's reader on its words, in its base case's context."""
    from tests.reward.reading.generated.runner import judge_text

    reader, words, label, _ = case
    base = _bases()[reader]
    values = dict(base.values)
    if "amount" in values:
        values["wrong"] = Money(round(float(values["amount"]) + 3.0, 2))
    d = base.but("heldout", sentences=[words], values=values, label=label, record=None, negated=None, hedged=None, others={})
    return judge_text(d, render(d))
