"""Customers' replies in tau2 retail (policy.md: list the action's details and obtain an explicit
user confirmation, yes, to proceed). The agent's message states the real cancellation (the order
and the reason); the reply decides, read as in food delivery (``replies``): a yes covers the
cancellation (pass), a change (another order, another reason) or a no does not (breach), a
hedged or conditional assent is unclear (undetermined). Naming the order described keeps a yes;
naming another of the customer's orders asks for a change."""

from __future__ import annotations

import random
from typing import List

from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.replies import _MIND, _NO, _THANKS, _UNCLEAR, _YES
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED

_SAME = ["Yes, cancel {order}.", "Yes, that's the one: {order}.", "Sure, go ahead with {order}.",
         "Okey-dokey, cancel {order}, no confirmation email needed."]
# a yes that restates the decision negatively (round 9): the thing taken away is not kept
_RESTATED = [("Yes, cancel {order}, I won't keep it.", "No, don't cancel {order}, I'll keep it."),
             ("Go ahead with {order}, I'm not going to keep it.", "Hold on, I'd rather keep {order}."),
             ("Yes please cancel {order}. I won't be keeping it.", "Yes cancel {order}... actually no, I'll keep it."),
             ("Sure, cancel {order}; I don't want to keep it.", "Please keep {order}, I still want it."),
             ("Yes, cancel {order}, I can't wait any longer.", "No, don't cancel {order}, I'll wait."),
             ("Go ahead with {order}, I won't wait.", "It's fine, I'll wait it out; {order} will come eventually.")]
# round 13 (multi-part replies): a yes with a request not to be contacted, and its refusal
_ASIDE = [("Yes, cancel {order} -- and don't email me about it.", "Don't cancel {order}, and don't email me about it."),
          ("yes please; don't call me back though", "no thanks; don't call me back either"),
          ("Go ahead with {order}, but never text me again.", "Leave {order} alone, and never text me again.")]
# round 15 (AG): a reply as a form of boxes says what it ticks
_BOXES = [("[x] yes\n[ ] no", "[ ] yes\n[x] no"), ("[x] approve  [ ] decline", "[ ] approve  [x] decline"),
          ("\u2611 go ahead \u2610 keep it", "\u2610 go ahead \u2611 keep it")]
_CHANGE = ["Yes, but cancel order {other} instead.", "OK, but it's {other} I want cancelled, not that one.",
           "Sure, though the reason is really '{why}'.", "Go ahead, but put the reason as '{why}' instead."]


def drafts(rng: random.Random, n: int) -> List[Draft]:
    from tests.reward.reading.generated.tau2 import retail_cancels

    scenes = retail_cancels()
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("cancel_pending_order")
        order, reason = call.kwargs["order_id"], call.kwargs["reason"]
        others = [o for o in sc.initial["users"][sc.task.user_id]["orders"] if o != order]
        why = "no longer needed" if reason == "ordered by mistake" else "ordered by mistake"
        mind = rng.random() < 0.1
        question = "Do you mind if I go ahead?" if mind else rng.choice(["Do you confirm?", "Shall I proceed?"])
        agent = f"I'll cancel order {order} with the reason '{reason}'. {question}"
        context = {"scene": sc, "rule": "retail.confirm.before_write", "side": "customer", "agent_text": agent,
                   "after": [(call, obs)], "first": "Hi, I want to cancel an order."}
        thanks = rng.choice(_THANKS)
        kind = rng.random()
        if mind:
            out.append(Draft("replies", "not_at_all", [thanks + rng.choice(_MIND)], {}, PASS, context, padding_ok=False))
        elif kind < 0.04:  # round 15: a form of boxes
            yes, no = rng.choice(_BOXES)
            out.append(Draft("replies", "boxes", [yes], {}, PASS, context, padding_ok=False, negated=([no], BREACH)))
        elif kind < 0.08:  # round 16: a double negative that agrees (AO), a side matter set aside first (AK), asked as "say the word" (AN)
            yes, no = rng.choice(_R16)
            said = dict(context, agent_text=rng.choice(_SAY_THE_WORD).format(order=order, reason=reason))
            out.append(Draft("replies", "round16", [yes], {"order": order}, PASS, said, padding_ok=False,
                             negated=([no], BREACH)))
        elif kind < 0.4:
            yes, no, hedged = rng.choice(_YES)
            out.append(Draft("replies", "yes", [thanks + yes], {}, PASS, context, padding_ok=False,
                             negated=([no], BREACH), hedged=([hedged], UNDETERMINED)))
        elif kind < 0.47:
            yes, no = rng.choice(_RESTATED)
            out.append(Draft("replies", "restated", [thanks + yes], {"order": order}, PASS, context, padding_ok=False,
                             key_slots=("order",), negated=([no], BREACH)))
        elif kind < 0.55:
            out.append(Draft("replies", "yes_order", [thanks + rng.choice(_SAME)], {"order": order}, PASS, context,
                             padding_ok=False, key_slots=("order",),
                             others={"order": [(rng.choice(others), BREACH)]} if others else {}))
        elif kind < 0.6:
            yes, no = rng.choice(_ASIDE)
            out.append(Draft("replies", "contact_aside", [thanks + yes], {"order": order}, PASS, context, padding_ok=False,
                             negated=([no], BREACH)))
        elif kind < 0.7 and others:
            t = rng.choice(_CHANGE)
            out.append(Draft("replies", "change", [thanks + t], {"other": rng.choice(others), "why": why}, BREACH,
                             context, padding_ok=False, key_slots=("other", "why")))
        elif kind < 0.85:
            out.append(Draft("replies", "no", [thanks + rng.choice(_NO)], {}, BREACH, context, padding_ok=False))
        elif kind < 0.9:
            out.append(Draft("replies", "unclear", [thanks + rng.choice(_UNCLEAR)], {}, UNDETERMINED, context,
                             padding_ok=False))
        elif kind < 0.95:  # round 14: a numbered menu, the option picked by its label or place
            menu = dict(context, agent_text=rng.choice(_MENUS).format(order=order, reason=reason))
            yes, no = rng.choice(_PICKS)
            out.append(Draft("replies", "menu_pick", [yes], {}, PASS, menu, padding_ok=False, negated=([no], BREACH)))
        else:  # round 14: a tag question answered by its tag's word; a doubt closed by "yet"
            tag = dict(context, agent_text=f"So I'll cancel order {order} with the reason '{reason}' -- that's what you want, right?")
            yes, no = rng.choice(_TAGS)
            out.append(Draft("replies", "tag_answer", [yes], {}, PASS, tag, padding_ok=False, negated=([no], BREACH)))
    return out


_R16 = [("I'm not unhappy with that -- go ahead.", "I'm unhappy with that -- leave it."),
        ("Not opposed to that. Yes.", "Not happy with that. No."),
        ("never mind. yes, cancel it", "never mind, keep it"),
        ("Never mind -- go ahead with {order}.", "Never mind, leave {order} alone."),
        ("Forget that -- yes, cancel {order}.", "Forget that -- no, don't cancel {order}.")]
_SAY_THE_WORD = ["I'll cancel order {order} with the reason '{reason}'. Shall I?",
                 "Just to confirm: order {order}, reason '{reason}', refund to the original payment method. Say the word and I'll cancel it.",
                 "So that's order {order} cancelled with the reason '{reason}'. Let me know if that's OK and I'll go ahead."]
_MENUS = ["For order {order} there are two options:\n1) cancel it with the reason '{reason}' -- refund to the original payment method\n"
          "2) keep it as it is\nReply 1 or 2.",
          "Options for {order}:\nA) cancel it ('{reason}'), refund to the original payment method\nB) leave it pending\nWhich would you like?",
          "1) cancel {order} ('{reason}') 2) keep {order} -- reply 1 or 2"]
_PICKS = [("1", "2"), ("the first", "the second"), ("1 please", "2 please"), ("option 1", "option 2"), ("the first one", "the second one"),
          ("I'll take 1", "I'll take 2"), ("the first, not the second", "the second, not the first")]
_TAGS = [("right", "I'm not sure yet"), ("Right, that's it.", "no, keep it"), ("right", "I'm not sure now")]
