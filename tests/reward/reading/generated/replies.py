"""Customers' replies to a confirmation (wiki.md: wait for an explicit "yes"; a "yes, but ..."
that asks for something else is no "yes"; SPEC §10 "Replies": yes, change, no, unclear). The
agent's message is a full confirmation of the real write that follows; the reply decides.

By construction: a yes (unconditional agreement, side remarks included: "Go ahead; I won't
order from them again though") covers the write (pass); a change ("Yep. Wallet works better for
me though") or a no (a refusal or a doubt) does not (breach); a hedged assent with no go-ahead is
unclear (undetermined). Negating a yes makes a no; hedging it makes it unclear; naming the
method described keeps a yes, naming the other one makes a change."""

from __future__ import annotations

import random
from typing import List, Tuple

from tests.reward.reading.generated.confirmations import METHODS
from tests.reward.reading.generated.draft import Draft, Money
from tests.reward.reading.generated.draft import render as _render
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED

# (a yes, the same negated: a no, the same hedged: unclear)
_YES: List[Tuple[str, str, str]] = [
    # the hedges carry no go-ahead and no condition (SPEC §10: a condition the call meets agrees, a
    # hedge with a go-ahead may be read either way: such replies are left out)
    ("Yes, please go ahead.", "No, please don't go ahead.", "I guess so, maybe."),
    ("Sure, do it.", "No, don't do it.", "Hmm, I suppose so, maybe."),
    ("Yes.", "No.", "Maybe."),
    ("Yep, that works.", "Nope, that doesn't work.", "Yep, I think that probably works?"),
    ("Okay, go ahead.", "No, don't go ahead.", "Okay, I guess, maybe."),
    ("That's fine, go ahead.", "That's not fine, don't go ahead.", "That might be fine, I guess."),
    ("Absolutely, please do.", "Absolutely not.", "Possibly, I guess."),
    ("Go ahead; I won't order from them again though.", "Don't go ahead; I'll think about it.", "I suppose, perhaps."),
    ("Yes please, no rush though.", "No, please don't.", "Yes, I guess, maybe."),
    ("No problem, go ahead.", "No, wait, don't do that.", "Probably fine, I guess."),
    ("Yes, that's right, thank you.", "No, that's not right.", "I think so, probably."),
    ("Please do.", "Please don't.", "Perhaps, I guess."),
    # idioms and emoji (round 8): read as the answer they give
    ("I wouldn't say no.", "I'd rather you didn't.", "I guess, maybe."),
    ("Can't argue with that, go ahead.", "No, don't go ahead.", "Hmm, maybe, I guess."),
    ("Don't mind if I do!", "Please don't.", "Perhaps, I suppose."),
    ("👍", "👎", "🤔 maybe?"),
    ("No complaints here, go ahead.", "No, hold off.", "Possibly, I guess."),
    # round 9: loan words, typos, capitals, new idioms, the answer in the middle of a long reply
    ("Sí, go ahead.", "No, don't go ahead.", "Sí, maybe, I guess."),
    ("Oui, merci.", "Non, merci.", "Oui, maybe, I suppose."),
    ("Yse, go aheda.", "No, dont go aheda.", "Yse, I guess, maybe."),
    ("Yess, pleasse proceed.", "No, please don't proceed.", "I guess, maybe."),
    ("YES PLEASE GO AHEAD", "NO PLEASE DON'T", "MAYBE, I GUESS"),
    ("ok ok, go ahead", "no no, don't", "ok ok, I guess, maybe"),
    ("You bet, go for it.", "No, don't go for it.", "Perhaps, I suppose."),
    ("ty, go ahead", "no ty", "maybe, I guess"),
    ("ofc, pls proceed", "nvm, pls dont", "Perhaps, I suppose."),
    ("plz do", "not rn", "Possibly, I guess."),
    ("I confirm.", "I do not confirm.", "I guess, maybe."),
    ("Fire away.", "Hold your fire.", "Maybe, I suppose."),
    ("Let's roll, that'll work.", "Let's not, that won't work.", "I guess, maybe."),
    # round 9b: new idioms of yes; something beside the call declined in its own clause
    ("Okey-dokey, send it through.", "Nope, don't send it.", "Okey-dokey, I guess, maybe."),
    ("Sold!", "Not sold.", "Maybe, I suppose."),
    ("Yes to the refund, no receipt needed.", "No to the refund, no receipt needed.", "Yes, I guess, maybe. No receipt needed."),
    ("Confirmed, no changes.", "Not confirmed.", "Probably, I guess."),
    ("Yes please, no need to email me.", "No please, don't.", "Perhaps, I suppose."),
    ("Honestly it's been a long night and the food was cold when it came. But yes, go ahead with it, and thanks.",
     "Honestly it's been a long night and the food was cold when it came. But no, don't go ahead with it, thanks.",
     "Honestly it's been a long night and the food was cold when it came. I guess, maybe."),
    # round 10: the offer welcomed; "n" alone as "y" alone
    ("That would be nice.", "That would not be nice, no.", "That might be nice, I guess."),
    ("Oh, that'd be really helpful.", "No, that wouldn't be helpful.", "That might be helpful, I suppose, maybe."),
    ("y", "n", "maybe"),
    # round 12: Hindi-English, Spanish and French answers; British go-aheads; indifference settled by a yes after it
    ("Haan ji, kar do.", "Nahi ji, rehne do.", "Haan, maybe, I guess."),
    ("Vale, go ahead.", "Abhi nahi.", "Vale, I guess, maybe."),
    ("Bien sûr, allez-y.", "Pas maintenant, merci.", "Peut-être, I guess."),
    ("Crack on, cheers.", "No, leave it, cheers.", "I guess, maybe, cheers."),
    ("Cheers, sort it.", "No, I'll sort it myself.", "Cheers, I guess, maybe."),  # round 13
    ("Yes -- and no, I don't need anything else.", "No -- and no, I don't need anything else.", "I guess -- and no, nothing else."),
    ("Go for your life.", "No, don't.", "Maybe, I suppose."),
    ("Whatever. OK, go ahead.", "Whatever. No, don't.", "Whatever, I guess."),
]
# a yes that names the method described ({same}) keeps it a yes; naming the other ({other}) asks for a change
_METHOD_YES = ["Yes, to my {m} please.", "Sure, put it on my {m}.", "Yes, the {m} is perfect.",
               "Ta, {m} it is.",  # round 13: "<a value> it is" picks it
               "Yep. {M} works better for me though."]
_CHANGE = ["The {m} please.", "Sure, but put it in my {m} instead.", "OK, but send it to my {m} instead.",
           "Yes, but can you make it go to my {m}?", "Yep. {M} works better for me though.",
           "Fine, though I'd rather have it on my {m}.",
           "Sí, pero al {m}.", "Haan, lekin {m} please."]  # round 12: a loan's "but"
_NO = ["No thanks.", "Wait, not yet.", "Hold on, I need to check something first.", "I'd rather not.",
       "Actually, no.", "Don't do that, please.", "I'm not sure about this.", "No. I changed my mind.",
       "No need, thanks.", "I'm good, thanks.", "I'm fine without it.", "❌", "There's no need.",
       "Let me think it over and get back to you.", "Not right now.", "Nah, leave it.", "non", "nein, danke",
       "Hmm, no thanks.", "NO. DON'T.", "Yes... no, actually, don't.", "Spot on? No, that's wrong.",
       "Thanks for explaining all that. No, don't do it yet, I want to talk to the restaurant first.",
       # round 9: no assent, whatever assent words they hold (a "please" before another request, a
       # question, a yes of what would be, a stop after assent, a decision put off)
       "Please reconsider.", "Please check with the restaurant first.", "Please just transfer me to a human.",
       "Great question, let me check my bank first.", "Yes? What do you mean?", "Ok? Which card?",
       "Why would I want that?", "I'd say yes, but my card was closed last week.", "Ok wait.",
       "I'll sleep on it.", "Ask me again later.", "That's a hard pass.", "Over my dead body.",
       "Refund? I asked for a replacement.", "OK, I'll let you know.", "Sure, later though.", "Yep, when I'm back.",
       "Ok, what are my other options?", "Great, but what happens to my loyalty points?", "Yes, but I need to ask my partner.",
       "Sure, scrap that idea.", "It's fine, don't worry about it.",
       # round 9b: a go-ahead for later puts the decision off; a side thing declined alone
       "Do it tomorrow.", "Send it later.", "Go ahead next week.", "No receipt needed.",
       # round 13: the money offered declined
       "Keep your money.", "Keep your five dollars, thanks."]
_UNCLEAR = ["I guess.", "Maybe, I suppose.", "Probably, I think.", "Hmm, maybe?", "Oh sure, great, whatever.",
            "Yeah right, like that ever works.", "Sure... whatever.", "Sure thing... once you tell me why it was late.",
            "Ok, but first tell me when the replacement arrives.", "Sure, right after you explain the fee.",
            "Yeah, sure, and pigs fly.", "Sure, because that worked so well last time.", "Yeah, because I love waiting.",
            "Only if it'll still arrive by 7.30pm."]  # round 13: waiting inside a condition
# "Do you mind if I go ahead?": declining to mind is agreeing
_MIND = ["Not at all, go ahead.", "No, I don't mind at all, go ahead.", "Not at all."]
_THANKS = ["Thanks! ", "Thank you. ", "Ok thanks. ", "Great, thanks. ", ""]


def _agent(rng: random.Random, values: dict, mind: bool) -> str:
    q = "Do you mind if I go ahead?" if mind else rng.choice(["Shall I go ahead?", "Is that OK?", "Do you confirm?"])
    return "I'll refund {amount} to your {method} for order {order}. " + q


def drafts(rng: random.Random, n: int) -> List[Draft]:
    from tau_shaped import Action
    from tests.reward.reading.generated.food import refund_scenes

    scenes = refund_scenes()
    out = []
    for _ in range(n):
        sc = rng.choice(scenes)
        call, obs = sc.call("issue_refund")
        method = rng.choice(sorted(METHODS))
        other = "wallet_credit" if method == "original_payment" else "original_payment"
        said = {"amount": Money(call.kwargs["amount"]), "order": call.kwargs["order_id"],
                "method": rng.choice(METHODS[method])}
        mind = rng.random() < 0.1
        agent = Draft("agent", "agent", [_agent(rng, said, mind)], said, PASS)
        context = {"scene": sc, "rule": "fd.confirm.before_write", "side": "customer", "agent_text": _render(agent),
                   "after": [(Action(name="issue_refund", kwargs={**call.kwargs, "method": method}),
                              obs.replace('"original_payment"', f'"{method}"'))]}
        thanks = rng.choice(_THANKS)
        m_same, m_other = rng.choice(METHODS[method]), rng.choice(METHODS[other])
        kind = rng.random()
        if mind:
            out.append(Draft("replies", "not_at_all", [thanks + rng.choice(_MIND)], {}, PASS, context, padding_ok=False))
        elif kind < 0.4:
            yes, no, hedged = rng.choice(_YES)
            out.append(Draft("replies", "yes", [thanks + yes], {}, PASS, context, padding_ok=False,
                             negated=([no], BREACH), hedged=([hedged], UNDETERMINED)))
        elif kind < 0.55:
            t = rng.choice(_METHOD_YES[:4])
            out.append(Draft("replies", "yes_method", [thanks + t], {"m": m_same, "M": m_same.capitalize()}, PASS,
                             context, padding_ok=False, key_slots=("m",),
                             others={"m": [(m_other, BREACH)]}))
        elif kind < 0.7:
            t = rng.choice(_CHANGE)
            out.append(Draft("replies", "change", [thanks + t], {"m": m_other, "M": m_other.capitalize()}, BREACH,
                             context, padding_ok=False, key_slots=("m", "M")))
        elif kind < 0.85:
            out.append(Draft("replies", "no", [thanks + rng.choice(_NO)], {"amount": said["amount"]}, BREACH, context, padding_ok=False))
        else:
            out.append(Draft("replies", "unclear", [thanks + rng.choice(_UNCLEAR)], {}, UNDETERMINED, context,
                             padding_ok=False))
    return out
