"""Denials said (wiki.md: "under 15 [minutes late]: none (you may apologise)"; "A charge that matches
the order gets no money back; explain it"; "Once it is out_for_delivery or delivered it cannot be
cancelled"; "Never go above it, even if the customer insists; say no politely and offer the cap";
"If neither finds them, you cannot help with the account: say so"). The food-delivery tasks whose
ground truth refuses carry the output check ``refused`` (``{"denies": true}``, SPEC §5): some agent
message denies the request.

By construction, after the task's real look-ups: a message that says no, in any words (the agent
unable, the thing asked for none or not due, a wish turned down), passes the check; the same words
saying it will be done, or words that only look into it, do not (a breach of the check: the
request was never denied). The judge is the scorer's own reading of a task's output checks."""

from __future__ import annotations

import random
from typing import Dict, List, Tuple

from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.output_checks import judge, judge_scored
from tests.reward.reading.generated.food import DOMAIN
from tests.reward.reading.generated.world import BREACH, PASS, scene, tasks_of

# bucket -> (a denial, the same words granting it); {order} is the task's order
_DENIALS: Dict[str, List[Tuple[str, str]]] = {
    "late_under_15": [
        ("Order {order} was only a few minutes late, so there's nothing I can refund this time.",
         "Order {order} was late, so there's a refund I can issue this time."),
        ("That's below our 15-minute threshold, so no refund or credit applies to {order}.",
         "That's above our 15-minute threshold, so a refund applies to {order}."),
        ("I wish I could give you money back for {order}, but compensation starts at 15 minutes late.",
         "I can give you money back for {order}, since compensation applies here."),
        ("A delay under 15 minutes isn't eligible for compensation, so I can't offer anything for {order}.",
         "A delay like this is eligible for compensation, so I can offer something for {order}."),
        # round 10: a chatty and a formal style
        ("checked {order} 👀 comp only starts at 15 min tho, so no refund/credit this time, sorry!! 🙏",
         "checked {order} 👀 it qualifies, so a refund/credit is coming this time 🙏"),
        ("{order}: nothing's owed for a delay under fifteen minutes, I'm afraid.",
         "{order}: the delivery fee is owed for this delay, so I'll refund it."),
        # round 14: the thing asked for as nothing got ("gets nothing back", "so nothing for {order}")
        ("Annoying, isn't it? Compensation only starts at 15 minutes late, so {order} gets nothing back.",
         "Annoying, isn't it? It was over 15 minutes late, so {order} gets the delivery fee back."),
        ("Compensation kicks in at 15 minutes, so nothing for {order}, sorry.",
         "Compensation kicks in at 15 minutes, so the delivery fee back for {order}."),
        ("A delay of that length does not entitle you to compensation on {order}.",
         "A delay of that length entitles you to compensation on {order}."),
        ("Refund for {order}: n/a (under 15 min)", "Refund for {order}: $2.99 to your card"),
        ("{order} was late, but under 15 minutes, which falls short of our compensation threshold.",
         "{order} was late by more than 15 minutes, which meets our compensation threshold."),
        # round 11: a ticket's note, non-native English
        ("Order: {order}\nComp.: n/a (threshold 15 min)", "Order: {order}\nComp.: $2.99 (deliv. fee)"),
        ("For {order} is impossible for me to give refund, the delay is under 15 minutes.",
         "For {order} is possible for me to give refund, the delay is over 15 minutes."),
        # round 13: a macro's "none due", the corporate passive
        ("{order}: 10 min late. Comp starts at 15 min -- none due.", "{order}: 20 min late. Comp applies -- delivery fee due."),
        ("Compensation is not payable for a delay under 15 minutes on {order}.",
         "Compensation is payable for the delay on {order}: the delivery fee."),
        # round 14: the negation raised onto a verb of believing; a denial then taken back by doing it anyway
        ("I don't believe there's anything I can give back on {order}, I'm afraid.",
         "I believe there's something I can give back on {order}."),
        ("I don't think I can offer a refund for {order}: the delay was under 15 minutes.",
         "I can't offer a refund for {order} normally, but I'll make an exception and refund it anyway."),
        # round 15: a refusal by quantity ("none of the fee ... can be given back"); one corrected by the agent or followed by an
        # offer put as a supposition
        ("It was under 15 minutes late, so none of the fee -- not even part of it -- can be given back on {order}.",
         "{order} can't get a refund -- my mistake, I can refund the delivery fee on {order}."),
        ("Under 15 minutes late means no part of {order}'s fees can be refunded, sorry.",
         "Under 15 minutes late isn't compensated, but suppose I refunded {order}'s delivery fee -- would that help?"),
    ],
    "charge_matches": [
        ("The charge on {order} matches its total, so no money back is owed.",
         "The charge on {order} is above its total, so money back is owed."),
        ("Everything on {order} checks out; there isn't a difference to give back.",
         "Something on {order} is off; there's a difference I'll give back."),
        ("I understand, but the amount for {order} is its full total with fees, so a refund isn't due.",
         "I understand, and part of the amount for {order} was charged twice, so a refund is due."),
        ("The {order} charge is correct, so I'm unable to refund a difference.",
         "The {order} charge is wrong, so I'm able to refund the difference."),
        # round 10
        ("{order} checks out, so you're not owed anything, sorry.", "{order} was overcharged, so you're owed the difference."),
        ("The charge on {order} is correct, so there won't be a refund.", "The charge on {order} was doubled, so there'll be a refund."),
        ("So: no refund, no credit on {order}. The amount matches the order.",
         "So: a refund on {order}, since the amount is above the order's total."),
        # round 11: a ticket's note
        ("Issue: disputed charge ({order})\nResolution: no refund (matches order)",
         "Issue: disputed charge ({order})\nResolution: refund issued (duplicate fee)"),
        # round 12: regional English, telegraphic
        ("{order} is bang on, so nothing doing on a refund, I'm afraid.", "{order} was overcharged, so a refund is on its way."),
        ("{order}: charge = total -> can't refund.", "{order}: charge > total -> refund the difference."),
        # round 14
        ("I doubt I could refund anything on {order}: the charge is its total.",
         "The charge on {order} is its total, so I can't refund it -- but I'll refund the service fee regardless."),
    ],
    "too_late_to_change": [
        ("{order} is already out for delivery, so it can't be cancelled anymore.",
         "{order} is still being prepared, so it can be cancelled."),
        ("I'm afraid it's too late to cancel {order}: the courier has it.",
         "Good news, it's not too late to cancel {order}: the courier doesn't have it yet."),
        ("Since {order} is on its way to you, cancellation is no longer possible.",
         "Since {order} hasn't left yet, cancellation is still possible."),
        # round 10
        ("cancel {order}? nope, it's already out for delivery 🛵 sorry!", "cancel {order}? sure, it hasn't left yet 🛵"),
        ("I'm afraid {order} has gone past the stage where it can be cancelled.",
         "Good news: {order} hasn't reached the stage where it can't be cancelled."),
        # round 12: telegraphic, markdown, regional, quoting
        ("{order}: out for delivery -> can't cancel.", "{order}: preparing -> can cancel."),
        ("{order}\n- Status: out for delivery\n- Can cancel? No", "{order}\n- Status: preparing\n- Can cancel? Yes"),
        ("{order} is already on the road, so cancelling is off the cards, I'm afraid.", "{order} is still in the kitchen, so cancelling is on the cards."),
        ("You asked 'can you cancel {order}?' -- sadly no: it's out for delivery.", "You asked 'can you cancel {order}?' -- yes: it's still being prepared."),
        # round 14
        ("I don't see how I could cancel {order} now: it's already with the courier.",
         "{order} is with the courier, so it can't normally be cancelled, but I'll go ahead and cancel it anyway."),
        # round 15
        ("If you'd reached us before the courier picked it up I could have cancelled it, but {order} is already out for delivery, "
         "so I can't now.", "{order} can't be cancelled -- oh, hang on, I can still cancel it; let me do that now."),
    ],
    "no_safe_substitute": [
        ("Every other dish of that kind has one of your allergens, so there's no safe substitute for {order}.",
         "One other dish of that kind has none of your allergens, so there's a safe substitute for {order}."),
        ("I'm not able to offer a safe swap on {order}; I can cancel it instead if you like.",
         "I'm able to offer a safe swap on {order}, or cancel it if you like."),
        # round 13: a macro's verdict after an arrow
        ("Substitution request | Order: {order} | Requested dish -> REJECTED (a flagged allergen) | Order unchanged",
         "Substitution request | Order: {order} | Requested dish -> APPROVED | Swap applied"),
    ],
    "cap_refused": [
        ("I can't go above the cap for {order}, so I won't add the credit you asked for.",
         "I can go above the usual amount for {order}, so I'll add the credit you asked for."),
        ("That amount is more than I'm allowed to give for {order}, I'm sorry; I have to decline.",
         "That amount is within what I'm allowed to give for {order}, so I'll accept."),
        # round 15: "more than I'm able to give", the comparison alone
        ("That's more than I'm able to give on {order}, I'm sorry.",
         "That's no more than I'm able to give on {order}, so I'll add it."),
    ],
    "unknown_customer": [
        ("I couldn't find an account with those details, so I'm unable to look up or change {order}.",
         "I found your account with those details, so I'm able to look up and change {order}."),
        ("With no account found, there's nothing I can do on {order}, I'm afraid.",
         "Your account is found, so there's a lot I can do on {order}."),
        # round 11: non-native English
        ("I don't find any account with this details, so is impossible for me to change the {order}.",
         "I find your account with this details, so is possible for me to change the {order}."),
        # round 14
        ("I couldn't find an account with those details, so I can't look up {order}.",
         "I couldn't find an account with those details, but I'll go ahead and look up {order} by its number."),
        # round 15: a refusal followed by an offer put as a supposition
        ("If I could find your account I'd look at {order} straight away, but no account matches those details, so I can't.",
         "I couldn't find your account, but suppose I just cancelled {order} from the number you gave -- would that work?"),
        ("Neither look-up found an account, so not one order can be opened or changed from here, {order} included.",
         "I couldn't find your account. Correction: I can look {order} up by its number, one moment."),
    ],
}
# words that look into the request and neither refuse nor grant it
_NEUTRAL = ["Let me look into {order} for you.", "Could you tell me a bit more about {order}?",
            "Thanks, one moment while I check {order}."]


def _scenes() -> List[Tuple[object, str, str]]:
    out = []
    for split in ("test", "train"):
        for t in tasks_of(DOMAIN, split):
            checks = [c for c in (t.output_checks or []) if c.id == "refused"]
            if checks and t.bucket in _DENIALS:
                order = next((o for o in (t.persona.facts.get("order", "") if t.persona else "").split() if o.startswith("FD-")),
                             "your order")
                order = "your order" if t.bucket == "unknown_customer" else order.rstrip(".")  # not theirs
                out.append((scene(DOMAIN, split, t.id), t.bucket, order))
    return out


def drafts(rng: random.Random, n: int) -> List[Draft]:
    pools = _scenes()
    out = []
    for _ in range(n):
        sc, bucket, order = rng.choice(pools)
        context = {"scene": sc, "rule": "refused", "judge": judge, "judge_scored": judge_scored, "before": list(sc.calls), "reply": "Okay."}
        if rng.random() < 0.75:
            said, granted = rng.choice(_DENIALS[bucket])
            out.append(Draft("denials", f"denial:{bucket}", [said.format(order=order)], {}, PASS, context,
                             negated=([granted.format(order=order)], BREACH)))
        else:
            out.append(Draft("denials", "no_denial", [rng.choice(_NEUTRAL).format(order=order)], {}, BREACH, context))
    return out
