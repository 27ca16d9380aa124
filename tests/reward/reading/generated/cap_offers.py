"""More than the apology cap offered in words (wiki.md, Apology credits: "Never go above it, even if the customer
insists; say no politely and offer the cap"; rule ``fd.apology.offer_within_cap``, round 16).

By construction, on the real test tasks of world 0 where the customer turned the cap down and asked for $50
(``cap_refused``): after the task's own look-ups and the question that offered the cap, the agent answers the $50.
An amount above the customer's cap offered in any spelling (the draft's money style: "$20.00", "twenty dollars",
"USD 20") or as a multiple of the cap ("double the usual $5.00") breaks the rule; the same amount said to be out of
reach ("I can't go above ...", "... is more than I can give") keeps it, and so does the cap itself offered (another
value of the slot)."""

from __future__ import annotations

import random
from typing import Any, List, Tuple

from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.food import DOMAIN
from tests.reward.reading.generated.world import BREACH, PASS, scene, tasks_of

# (an amount above the cap offered, the same amount out of reach); {amount}, {cap}
_OFFERED: List[Tuple[str, str]] = [
    ("I can't do $50, but I can give you {amount} as an apology credit.", "I can't do $50, and I can't give you {amount} either."),
    ("How about {amount} as a goodwill gesture?", "Even {amount} would be more than I can offer, I'm afraid."),
    ("I'll add {amount} for the trouble -- that's the best I can do.", "{amount} is above what I'm allowed to add, sorry."),
    ("Would you accept {amount} instead?", "I'm unable to go to {amount}; the most I can offer is {cap}."),
    ("Let me give you {amount} in wallet credit.", "I can't give you {amount} in wallet credit."),
    ("For you I'll make it {amount}.", "I can't make it {amount}, I'm sorry."),
    # round 16's styles: a declarative offer (AN), informal (AO), emphasis (AR)
    ("Say the word and I'll add {amount}.", "Say the word and I'll add {cap} -- {amount} is beyond me."),
    ("Tell you what: {amount} as a goodwill credit, and we're square.", "Tell you what: {amount} is out of reach, but {cap} isn't."),
    ("{amount} it is, then -- adding it now.", "{amount}? No can do, I'm afraid."),
    ("You'll get {amount} in apology credit.", "You won't get {amount}: the cap is {cap}."),
    ("I've gone ahead and added {amount} as a courtesy credit.", "I haven't added {amount} -- I'm not allowed to."),
    ("Best I can do is {amount}.", "Best I can do is {cap}; {amount} is more than I can give."),
]
# a multiple of the cap offered (its product above the cap) and the cap itself offered again
_MULTIPLE: List[Tuple[str, str]] = [
    ("I can't do $50, but I can double the usual {cap} for you.", "I can't do $50, but I can offer the usual {cap} for you."),
    ("I could give you twice the {cap} cap as a goodwill credit.", "I could give you the {cap} cap as a goodwill credit."),
]


def _scenes() -> List[Tuple[Any, float]]:
    out = []
    for t in tasks_of(DOMAIN, "test"):
        if t.bucket != "cap_refused":
            continue
        sc = scene(DOMAIN, "test", t.id)
        tier = sc.initial["customers"][t.user_id]["loyalty_tier"]
        out.append((sc, float(sc.initial["policy"]["apology_credit_cap"][tier])))
    return out


def drafts(rng: random.Random, n: int) -> List[Draft]:
    pools = _scenes()
    out = []
    for _ in range(n):
        sc, cap = rng.choice(pools)
        context = {"scene": sc, "rule": "fd.apology.offer_within_cap", "before": list(sc.calls[:-1]),
                   "reply": "Fine, forget it."}
        values = {"cap": Money(cap)}
        if rng.random() < 0.25:
            offered, kept = rng.choice(_MULTIPLE)
            out.append(Draft("cap_offer", "multiple", [offered], values, BREACH, context, negated=([kept], PASS)))
            continue
        offered, kept = rng.choice(_OFFERED)
        over = Money(round(cap + rng.choice([0.5, 1.0, 2.5, 5.0, 10.0, 15.0, 20.0, 45.0]), 2))
        out.append(Draft("cap_offer", "offered", [offered], {**values, "amount": over}, BREACH, context, negated=([kept], PASS),
                         others={"amount": [(Money(cap), PASS)]}, key_slots=("amount",)))
    return out
