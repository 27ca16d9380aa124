"""Refusals said (tau2's policies: deny what the policy does not allow; tau2 tasks whose ground
truth changes nothing are done only by saying no). Rules ``air.refusal.said`` and
``retail.refusal.said`` (``refusal_unsaid``: broken when no agent message denies the request).

By construction: a message that declines the request (in any words: can't, won't be able to,
not allowed, have to decline) is a denial (pass); one that helps on, asks, or says it can be
done is none (breach: the request was never denied). Negating a denial ("I can do that") makes
it none."""

from __future__ import annotations

import random
from typing import List, Tuple

from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.world import BREACH, PASS, scene, tasks_of

# (a denial, the same words saying it can be done)
_DENIALS: List[Tuple[str, str]] = [
    ("I'm sorry, but I can't do that: our policy does not allow it.", "Sure, I can do that: our policy allows it."),
    ("Unfortunately, that isn't something I'm able to do under our policy.",
     "Fortunately, that is something I'm able to do under our policy."),
    ("I'm afraid I have to decline this request.", "I'm happy to say I can accept this request."),
    ("Our policy doesn't allow that change, so I can't make it.", "Our policy allows that change, so I can make it."),
    ("I won't be able to process that for you, as it's against our rules.",
     "I will be able to process that for you, as it's within our rules."),
    ("That request can't be fulfilled, I'm sorry.", "That request can be fulfilled."),
    ("I'm not able to make that change to your booking.", "I'm able to make that change to your booking."),
    ("This is not permitted, so I cannot proceed with it.", "This is permitted, so I can proceed with it."),
    # round 8: idioms and fields
    ("My hands are tied on this one, I'm afraid.", "Good news, I can take care of this one."),
    ("That's a no from me on this request, sorry.", "That's a yes from me on this request."),
    ("A refund is off the table for this booking.", "A refund is available for this booking."),
    ("The rules don't let me change this reservation.", "The rules let me change this reservation."),
    ("Request status: declined.", "Request status: approved."),
    # round 9: idioms and polite forms
    ("That exchange is a no-go, I'm afraid.", "That exchange is a go, I'm glad to say."),
    ("Sadly, that's a non-starter under our rules.", "Happily, that's fine under our rules."),
    ("It's beyond what I'm permitted to do.", "It's well within what I'm permitted to do."),
    ("As much as I'd like to, I can't.", "As you'd like, I can."),
    ("Kindly note that a cancellation is not available for this fare.", "Kindly note that a cancellation is available for this fare."),
    ("That one's a hard pass from our side.", "That one's a yes from our side."),
    ("Cancelling it is no longer an option.", "Cancelling it is still an option."),
    ("I'm not authorised to issue that refund.", "I'm authorised to issue that refund."),
    ("I'll need to decline that one.", "I'll gladly approve that one."),
    ("We aren't able to honour that request.", "We're able to honour that request."),
    # round 9, whole episodes: a passive of the asked change, a table's verdict under its header
    ("Unfortunately, that item can't be swapped for a different product.", "Fortunately, that item can be swapped for a different product."),
    ("Your booking cannot be altered at this point.", "Your booking can be altered at this point."),
    ("| Request | Result |\n|---|---|\n| Your change | Denied: not allowed by our policy |",
     "| Request | Result |\n|---|---|\n| Your change | Approved: allowed by our policy |"),
    ("| Request | Status |\n|---|---|\n| Your change | Declined |", "| Request | Status |\n|---|---|\n| Your change | Approved |"),
    ("| Request | Outcome |\n|---|---|\n| Your change | Declined |", "| Request | Outcome |\n|---|---|\n| Your change | Approved |"),
    ("Change request for your booking: rejected.", "Change request for your booking: approved."),
    # round 11: a ticket note's verdict key
    ("Issue: change request\nResolution: denied -- not allowed by our policy", "Issue: change request\nResolution: approved -- allowed by our policy"),
    ("Disposition: declined (fare rules)", "Disposition: approved (fare rules)"),
    # round 12: a telegraphic note's "cxl" named as none
    ("Res: no cxl/refund. Basic eco, booked >24h ago.", "Res: cxl ok, refund -> orig. payment."),
    # round 15 (AF/AH/AG): the request's verb left out ("You asked me to ... -- I can't: ..."), a snake_case key's verdict
    ("You asked me to change it -- I can't: our policy does not allow it.", "You asked me to change it -- I can: our policy allows it."),
    ("I can't: the fare rules don't allow it.", "I can: the fare rules allow it."),
    ("Could that be done? It can't. The fare rules are firm.", "Could that be done? It can. The fare rules allow it."),
    ("booking_change=not_allowed reason=fare_rules", "booking_change=allowed reason=fare_rules"),
]
# round 9: help given in words that look like a no ("no reason I can't", "I can't see why not")
_HELPS = ["There's no reason I can't do that for you; it's done.", "I can't see why not - I'll make the change now.",
          "It's not that I can't: I already have, the change is made.", "I can't think of any reason to refuse, so consider it done."]
_NEUTRAL = ["Let me look into that for you.", "Could you tell me a bit more about what you need?",
            "Thanks, one moment while I check your details.", "I understand, let me see what I can find."]


def _scenes(domain: str, rule: str) -> List:
    out = []
    for split in ("test", "train"):
        for t in tasks_of(domain, split):
            sc = scene(domain, split, t.id)
            if rule in sc.rules:
                out.append(sc)
    return out


def drafts(rng: random.Random, n: int) -> List[Draft]:
    pools = [(sc, "air.refusal.said") for sc in _scenes("tau2:airline", "air.refusal.said")] + \
            [(sc, "retail.refusal.said") for sc in _scenes("tau2:retail", "retail.refusal.said")]
    out = []
    for _ in range(n):
        sc, rule = rng.choice(pools)
        context = {"scene": sc, "rule": rule, "before": list(sc.calls), "reply": "Okay.",
                   "first": "Hi, I'd like to make a change to my booking, please."}
        if rng.random() < 0.65:
            denial, granted = rng.choice(_DENIALS)
            out.append(Draft("refusals", "denial", [denial], {}, PASS, context, negated=([granted], BREACH)))
        else:
            out.append(Draft("refusals", "no_denial", [rng.choice(_NEUTRAL + _HELPS)], {}, BREACH, context))
    return out
