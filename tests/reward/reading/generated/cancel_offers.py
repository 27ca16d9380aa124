"""The cancellation offered where no safe substitute exists (wiki.md, Substitutions: "If no safe substitute exists or
the customer refuses them all, offer to cancel the order"; the food-delivery tasks with no safe dish carry the output
check ``cancel_offered``, a data regex read with negation, SPEC §5; round 14).

By construction, after the task's real look-ups and its refusal: a message that offers the cancellation in any words
("I can cancel it instead", "Would you like me to cancel it?", "cancelling is still an option", "or I could cancel it")
passes the check; the same words saying it cannot or will not be done, or words that only keep the order as it is,
offer nothing (a breach of the check). The judge is the scorer's own reading of a task's output checks."""

from __future__ import annotations

import random
from typing import List, Tuple

from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.output_checks import judge, judge_scored
from tests.reward.reading.generated.food import DOMAIN
from tests.reward.reading.generated.world import BREACH, PASS, scene, tasks_of

# (the cancellation offered, the same words offering nothing); {order}: the task's order
_OFFERS: List[Tuple[str, str]] = [
    ("I can cancel order {order} instead if you prefer.", "I can't cancel order {order} instead, I'm afraid."),
    ("Would you like me to cancel {order} instead?", "I won't be cancelling {order}, so it stays as it is."),
    ("Cancelling {order} is still an option, if you'd like.", "Cancelling {order} isn't an option here."),
    ("Your choices: keep {order} as it is, or cancel it.", "Your order {order} stays as it is."),
    ("Shall I cancel {order} for you instead?", "I'm unable to cancel {order} for you."),
    ("If you'd rather cancel {order}, I can do that.", "{order} can't be cancelled, so it stays as it is."),
    ("I'd be happy to cancel {order} for you.", "I'm not able to cancel {order} for you."),
    ("Another option is cancelling {order}.", "There's no other option for {order}, sorry."),
    ("We could also cancel {order}, if you prefer.", "We can't cancel {order}, sorry."),
    # round 16: declarative and implicit offers (AN), informal (AO); the customer's question reported is none (AQ)
    ("Say the word and I'll cancel {order}.", "Say the word and I'll explain why {order} can't be cancelled."),
    ("Cancel {order} instead? Your call.", "You asked whether I could cancel {order} -- I can't."),
    ("Happy to cancel {order} instead, just let me know.", "You asked me to cancel {order}, but that isn't possible."),
    ("If you want, I'll cancel {order} for you.", "Even if you want, I can't cancel {order}."),
]


def _scenes() -> List[Tuple[object, str]]:
    out = []
    for split in ("test", "train"):
        for t in tasks_of(DOMAIN, split):
            if any(c.id == "cancel_offered" for c in (t.output_checks or [])):
                order = next((o for o in (t.persona.facts.get("order", "") if t.persona else "").split() if o.startswith("FD-")),
                             "your order")
                out.append((scene(DOMAIN, split, t.id), order.rstrip(".")))
    return out


def _refusal(sc: object) -> str:
    """The task's own refusal, its cancellation offer taken out (the words under test say it or not)."""
    said = [a.kwargs["content"] for a in sc.task.actions if a.name == "respond"][-1]
    return said.split(" I can cancel")[0]


def drafts(rng: random.Random, n: int) -> List[Draft]:
    from tau_shaped import Action

    pools = _scenes()
    out = []
    for _ in range(n):
        sc, order = rng.choice(pools)
        refusal = (Action(name="respond", kwargs={"content": _refusal(sc)}), "Okay.")
        context = {"scene": sc, "rule": "cancel_offered", "judge": judge, "judge_scored": judge_scored,
                   "before": list(sc.calls) + [refusal], "reply": "No thanks, keep it."}
        offer, none = rng.choice(_OFFERS)
        out.append(Draft("cancel_offered", "offered", [offer.format(order=order)], {}, PASS, context,
                         negated=([none.format(order=order)], BREACH)))
    return out
