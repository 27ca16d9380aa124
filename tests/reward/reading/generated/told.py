"""A status told (wiki.md: the customer asks "the current status of my order"; the food-delivery
question tasks carry the output check ``status``, ``{"contains": <status>, "affirmed": true}``,
SPEC §5): some agent message tells the customer the order's status.

By construction, after the task's real look-ups: a message that says the order IS in that status,
in any words (a record shown, a hedge on the speaker's certainty, a question answered yes), passes
the check; the same words doubting it ("I'm not sure whether ..."), predicting it ("should be ...
soon"), asking it ("Is ... ?") or reporting the customer's words about it with no word of the
agent's own ("You mentioned it was ...") tell nothing (a breach of the check: the status was never
told). The judge is the scorer's own reading of a task's output checks."""

from __future__ import annotations

import random
from typing import List, Tuple

from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.output_checks import judge, judge_scored
from tests.reward.reading.generated.food import DOMAIN
from tests.reward.reading.generated.world import BREACH, PASS, scene, tasks_of

# (the status told, the same words framing it); {order}: the task's order, {st}: the status asked about
_TOLD: List[Tuple[str, str]] = [
    ("Your order {order} is {st}.", "I'm not sure whether your order {order} is {st} yet."),
    ("As far as I can tell, {order} is {st}.", "As far as I can tell, {order} should be {st} soon."),
    ("Our system shows {order} as {st}.", "Our system will show {order} as {st} once it updates."),
    ("I've checked: {order} has been {st}. Anything else I can help with?",
     "I'll check if {order} has been {st}. Anything else I can help with?"),
    ("Good news -- {order} is {st}!", "Is {order} {st}? Let me look into that."),
    ("Is {order} {st}? Yes, it is.", "Is {order} {st}? I can't see that from here."),
    ("You said {order} was {st}, and you're right.", "You mentioned {order} was {st} -- I can't confirm that."),
    ("{order}: {st}, per the record.", "{order} may have been {st}, but I'd have to check."),
    ("The record for {order} says {st}.", "{order} would have been {st} by now if the kitchen weren't busy."),
    ("Like you said, {order} is {st}.", "So is {order} {st}? Let me check."),
    ("If I'm reading this right, {order} is {st}.", "I don't know if {order} is {st}."),
    ("It looks like {order} is {st}.", "{order} is going to be {st} later on."),
    # round 15: a status only supposed tells nothing; a condition ended by its comma leaves the status told
    ("If you check the app, {order} is {st}.", "If {order} were {st} you'd have had a notification by now."),
    ("{order} is {st}, if that helps.", "Suppose {order} is {st} -- then there's nothing more to do."),
    ("It looks as if {order} is {st}.", "Once {order} is {st} you'll get a text from us."),
    # round 15: a status among alternatives tells none of them
    ("{order} is {st}, as you thought.", "{order} is either {st} or {other}, I can't tell which."),
    ("{order}: {st}.", "Statuses we use: {other} / {st}."),
    # round 15: a status taken back right after it tells nothing; one said after the correction does
    ("{order} shows as {other}... no, sorry, I was reading the row above -- {order} is {st}.",
     "{order} is {st}. Hmm, hold on -- I had the wrong order open; let me check again."),
]
_OTHER = {"delivered": "preparing", "placed": "delivered", "preparing": "delivered", "cancelled": "delivered"}


def _scenes() -> List[Tuple[object, str, str]]:
    out = []
    for split in ("test", "train"):
        for t in tasks_of(DOMAIN, split):
            status = [c for c in (t.output_checks or []) if c.id == "status"]
            if not status:
                continue
            said = status[0].said
            st = getattr(said, "contains", None)
            order = next((o for o in (t.persona.facts.get("order", "") if t.persona else "").split() if o.startswith("FD-")), None)
            if st and order:
                out.append((scene(DOMAIN, split, t.id), st.replace("_", " "), order.rstrip(".")))
    return out


def drafts(rng: random.Random, n: int) -> List[Draft]:
    pools = _scenes()
    out = []
    for _ in range(n):
        sc, st, order = rng.choice(pools)
        context = {"scene": sc, "rule": "status", "judge": judge, "judge_scored": judge_scored, "before": list(sc.calls), "reply": "Thanks."}
        told, framed = rng.choice(_TOLD)
        other = _OTHER.get(st, "placed")
        out.append(Draft("told", "status", [told.format(order=order, st=st, other=other)], {}, PASS, context,
                         negated=([framed.format(order=order, st=st, other=other)], BREACH)))
    return out
