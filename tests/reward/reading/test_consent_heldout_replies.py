"""Issue 41: a held-out set of customers' replies to confirmations, in wordings the other reading
tests do not hold, read by the reply reader the ``unconfirmed`` check uses
(``replies.classify_reply`` with the confirming message and the values the call acts with, both
normalized as the check reads them).

Labels by construction from SPEC §10 "Replies" and "The clause that answers decides": ``yes``
(agreement with no condition to what was described, whatever side remark stands in another clause),
``change`` (agreement or refusal that asks for another value than the one described: a contrast
naming another method, amount or order; a condition the described call does not meet), ``no`` (a
refusal or a doubt), ``unclear`` (a hedge with no go-ahead, sarcasm, a bare yes to a question a
"no" agrees to). Only ``yes`` covers a write: a reply read ``yes`` whose label is not is a false
pass. Seeded; ``python -m tests.reward.reading.test_consent_heldout_replies`` prints the table."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Dict, List, Tuple

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.replies import classify_reply
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

SEED = 4144
PER_CLASS = 30


@dataclass(frozen=True)
class Call:
    question: str
    described: Tuple[Tuple[str, object], ...]
    method: str  # the method's words as described ("card", "wallet")
    other: str  # another method's words
    amount: float


def _call(rng: random.Random, negative: bool = False) -> Call:
    amount = rng.choice([16.9, 4.67, 12.5, 29.0, 7.25])
    card = rng.random() < 0.5
    method, other = ("card", "wallet") if card else ("wallet", "card")
    order = rng.choice(["FD-10045", "FD-10061", "FD-10277"])
    ask = rng.choice(["Would you mind if I go ahead?", "Any objection?"]) if negative else rng.choice(
        ["Shall I go ahead?", "Okay to proceed?", "Do I have your go-ahead?", "Is that alright with you?"])
    question = f"I can refund ${amount:.2f} to your {method} for order {order}. {ask}"
    described = (("method", "original_payment" if card else "wallet_credit"), ("amount", amount), ("order_id", order))
    return Call(question, described, method, other, amount)


def _money(amount: float, rng: random.Random) -> str:
    return rng.choice([f"${amount:.2f}", f"{amount:.2f} dollars", f"USD {amount:.2f}"])


# replies per class: each a function of the call giving one reply's words
YES = [
    lambda c, r: rng_pick(r, ["Yes, that's fine by me.", "Go on then.", "Please, go right ahead.", "Sure thing, thanks!",
                              "Sounds like a plan.", "Yes - do it.", "Fine by me, go ahead.", "That works, thank you."]),
    lambda c, r: f"Yes, the {c.method} is perfect.",
    lambda c, r: f"Yes please, to my {c.method}.",
    lambda c, r: f"{c.method.capitalize()} is fine, go ahead.",
    lambda c, r: f"Yes, as long as it goes back to my {c.method}.",
    lambda c, r: f"Yep, {_money(c.amount, r)} to the {c.method} is right.",
    lambda c, r: "Go ahead; I won't be ordering from them again though.",
    lambda c, r: "Fine, go ahead. Not thrilled with the restaurant, to be honest.",
    lambda c, r: "Sure, go ahead. By the way the driver was lovely.",
    lambda c, r: "OK, go ahead and refund it.",
    lambda c, r: f"{c.method.capitalize()}'s fine. Yes.",
    lambda c, r: f"Yes, but make sure it's the {c.method}.",
    lambda c, r: "Yes, no rush.",
    lambda c, r: "Yes, but how long will it take?",
    lambda c, r: "Yes please. Also, can you check my other order afterwards?",
    lambda c, r: "No problem, go ahead.",
    lambda c, r: "Sure, why not.",
    lambda c, r: "Please do - and thank you for sorting this out.",
    lambda c, r: f"Yes, {c.method}.",
    lambda c, r: "Correct, go ahead.",
    lambda c, r: "Yeah, sure, go ahead, I guess.",
    lambda c, r: f"Yes, refund the {_money(c.amount, r)}.",
    lambda c, r: f"Yes, {r.choice(_SAME[c.method])} is fine.",
    lambda c, r: f"Sure, put it on my {r.choice(_SAME[c.method])}.",
]
_SAME = {"card": ["Visa", "original payment method", "credit card", "bank card"],
         "wallet": ["store credit", "wallet balance", "account wallet"]}
YES_MIND = [
    lambda c, r: rng_pick(r, ["Not at all.", "Nope, go ahead.", "No objection.", "No, please do.",
                              "Not in the slightest, go ahead.", "No, that's fine."]),
]
CHANGE = [
    lambda c, r: f"Yes, but to my {c.other} instead.",
    lambda c, r: f"Yep. {c.other.capitalize()} works better for me though.",
    lambda c, r: f"Sure, though I'd prefer the {c.other}.",
    lambda c, r: f"OK, as long as it goes to my {c.other}.",
    lambda c, r: f"Yes, the {c.other} is perfect.",
    lambda c, r: f"Go ahead, but make it {_money(round(c.amount + 5, 2), r)}.",
    lambda c, r: f"Sure, but only {_money(round(c.amount / 2, 2), r)} please.",
    lambda c, r: f"Fine - {c.other} please, not the {c.method}.",
    lambda c, r: f"To my {c.other} please - yes.",
    lambda c, r: f"Go ahead with the {c.other}.",
    lambda c, r: f"Yes, refund {_money(round(c.amount + 3, 2), r)}.",
    lambda c, r: f"Yes, but not to my {c.method}.",
    lambda c, r: f"Yes, but I want it in my {c.other}.",
    lambda c, r: f"Yes, {c.other}.",
    lambda c, r: f"Yes, {r.choice(_SAME[c.other])} is fine.",
    lambda c, r: f"Sure, put it on my {r.choice(_SAME[c.other])}.",
    lambda c, r: f"Yeah go ahead, {r.choice(['ten bucks', 'twenty dollars', 'five dollars and fifty cents'])} is fine.",
    lambda c, r: f"OK but only {r.choice(['ten bucks', 'twenty dollars', 'half of it'])}.",
]
NO = [
    lambda c, r: rng_pick(r, ["No, don't do that.", "Hold on a second.", "Please don't.", "Not yet.",
                              "I'd rather you didn't.", "Let me think about it.", "No thanks, I'll sort it myself.",
                              "Wait - that's not right.", "I'm not sure about that.", "Never mind, leave it.",
                              "Yes - actually no.", "Sure... wait, no.", "Yes. Actually, wait.",
                              "Hmm, no, let's not.", "Nah, leave it as it is."]),
    lambda c, r: f"No, I don't want {_money(c.amount, r)} back, I want a replacement.",
]
NO_MIND = [lambda c, r: rng_pick(r, ["Yes, I'd mind.", "Yes I do mind, actually.", "Actually yes, I object."])]
UNCLEAR = [
    lambda c, r: rng_pick(r, ["I guess?", "Maybe.", "Probably, yeah.", "I suppose so.", "Eh, whatever.",
                              "Yeah right.", "Oh great, yeah, sure, whatever.", "If you say so.",
                              "That's fine, I guess.", "Meh, I suppose.", "Kind of, yeah."]),
]
UNCLEAR_MIND = [lambda c, r: rng_pick(r, ["Yes.", "Sure.", "Yeah."])]


def rng_pick(r: random.Random, options: List[str]) -> str:
    return r.choice(options)


@dataclass
class Case:
    cls: str
    call: Call
    reply: str
    label: str

    def read(self) -> str:
        """As the ``unconfirmed`` check reads it: both texts normalized (``seen``) first."""
        return classify_reply(seen(self.reply), question=seen(self.call.question), described=self.call.described)


CLASSES = {
    "yes": (YES, False, "yes"),
    "yes_to_mind": (YES_MIND, True, "yes"),
    "change": (CHANGE, False, "change"),
    "no": (NO, False, "no"),
    "no_to_mind": (NO_MIND, True, "no"),
    "unclear": (UNCLEAR, False, "unclear"),
    "bare_yes_to_mind": (UNCLEAR_MIND, True, "unclear"),
}


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    out = []
    for cls, (makers, negative, label) in CLASSES.items():
        for _ in range(per_class * (3 if len(makers) > 2 else 1)):
            call = _call(rng, negative)
            reply = rng.choice(makers)(call, rng)
            if rng.random() < 0.25:  # the same words in another casing or with a closing word
                reply = rng.choice([reply.lower(), reply.upper() if len(reply) < 30 else reply, reply + " Thanks!"])
            out.append(Case(cls, call, reply, label))
    return out


def tally(cases: List[Case]) -> Dict[str, Counter]:
    return tally_of(cases, Case.read, "yes", "unclear", ("false_yes", "false_not_yes", "unclear_wrongly", "decided_wrongly"))


def failures(cases: List[Case]) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.read)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    """Each case read once for the module (the verdicts the tests below look at)."""
    return failures(cases)


def test_the_set_is_seeded_and_large(cases):
    assert [(c.reply, c.label) for c in build()] == [(c.reply, c.label) for c in cases]
    assert len(cases) >= 300 and {c.label for c in cases} == {"yes", "change", "no", "unclear"}


def test_no_reply_is_read_as_a_yes_it_is_not(misread):
    wrong = [(c, g) for c, g in misread if g == "yes"]
    shown = "\n".join(f"[{c.cls}] {c.call.question!r} -> {c.reply!r}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false yeses:\n{shown}"


def test_every_class_is_read_as_labelled(misread):
    wrong = misread
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.call.question!r} -> {c.reply!r}" for c, g in wrong[:12])
    assert not wrong, f"{len(wrong)} of {len(cases)} misread:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    cases = build()
    keys = ["cases", "right", "false_yes", "false_not_yes", "unclear_wrongly", "decided_wrongly"]
    print_table(tally(cases), keys, 18, 16)
    seen = set()
    for c, g in failures(cases):
        if (c.reply, g) not in seen:
            seen.add((c.reply, g))
            print(f"[{c.cls}] want {c.label}, got {g}: {c.call.question!r} -> {c.reply!r}")


if __name__ == "__main__":  # pragma: no cover
    _print()
