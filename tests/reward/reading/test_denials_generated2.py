"""Denials in passive and impersonal words, apologies that deny nothing, and agreement that is
no denial (SPEC §10; tau2's policies: "You should deny user requests that are against this
policy"; rules ``air.refusal.said`` and ``retail.refusal.said``: broken when no agent message
denies the request, undetermined when a message only leans towards a limit).

Labels by construction:

- a subject (what was asked) and a way of saying it will not be done, passive or impersonal
  ("can't be fulfilled", "isn't possible", "is not allowed", "we're unable to ..."), after any
  opening (an apology for the trouble included) and in any layout: a denial (the rule holds:
  pass);
- clear agreement that the request will be done ("Sure, I can do that: our policy allows it",
  "That request can be fulfilled"), after an apology for the trouble or not: no denial (breach);
- an apology for the trouble followed by help ("I'm sorry for the trouble. Let me look into
  that."): no denial and nothing leaning towards a limit (breach);
- words that lean towards a limit without stating one ("I'm sorry, but ...", "Unfortunately,
  our policy is strict here.") and no denial: undetermined.
"""

from __future__ import annotations

import importlib.util
import random
from typing import List, Tuple

import pytest

from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.refusals import denial, hedge

_SUBJECTS = ["That request", "This change", "A refund for this order", "Cancelling this reservation",
             "An upgrade to business class", "Changing the destination", "The exchange you asked for", "It", "That"]
# passive and impersonal ways of saying it will not be done
_PASSIVE = ["can't be fulfilled", "cannot be done", "can not be processed", "isn't possible", "is not possible",
            "is not allowed", "isn't permitted", "won't be possible", "can't be approved", "cannot be honored",
            "is not going to be possible", "can't be accommodated", "is not something that can be done",
            "cannot be completed", "isn't allowed under our policy", "is not doable", "can't be arranged"]
_IMPERSONAL = ["We're unable to {a}.", "We are not able to {a}.", "We're not going to be able to {a}.",
               "There's no way to {a}.", "It's not possible to {a}.", "It isn't possible for me to {a}.",
               "It is not permitted to {a}.", "The system is unable to {a}."]
_ASKED = ["cancel it", "change the flight", "refund the ticket", "exchange the item", "modify the order"]
_OPENINGS = ["", "I'm sorry for the trouble. ", "I apologize for the wait. ", "Sorry to hear that. ",
             "Thanks for your patience. ", "I understand. ", "I looked into it. "]
_CLOSINGS = ["", " I'm sorry.", " Is there anything else I can help with?", " I apologize for the inconvenience."]
# clear agreement: the request will be done
_AGREE = ["Sure, I can do that: our policy allows it.", "That request can be fulfilled.",
          "Absolutely, our policy permits this change, so I'll go ahead.", "Of course, I can cancel it for you.",
          "Good news: you're eligible, and I can make that change.", "Certainly, that is allowed under our policy.",
          "Happy to help: this is within our policy, so I can process it.", "Yes, that is possible."]
_APOLOGIES = ["I'm sorry for the trouble.", "I apologize for the inconvenience.", "Sorry to hear about that.",
              "I'm so sorry you had to deal with this.", "My apologies for the wait."]
_HELP = ["Let me look into that for you.", "Could you tell me your order number?", "One moment while I check.",
         "I'll pull up your reservation now."]
_LEANING = ["I'm sorry, but our policy is strict about this.", "Unfortunately, there are restrictions on that fare.",
            "I'm afraid this fare type has limits.", "However, the policy has some criteria to check first.",
            "I apologize, but that depends on our policy."]


def _layout(text: str, rng: random.Random) -> str:
    return rng.choice([text, text.upper(), text.lower(), f"- {text}", f"**{text}**", f"Update:\n{text}",
                       text.replace(" ", "\u00a0")])


def denials(n: int, seed: int = 2) -> List[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.6:
            core = f"{rng.choice(_SUBJECTS)} {rng.choice(_PASSIVE)}."
        else:
            core = rng.choice(_IMPERSONAL).format(a=rng.choice(_ASKED))
        out.append(_layout(rng.choice(_OPENINGS) + core + rng.choice(_CLOSINGS), rng))
    return out


def agreements(n: int, seed: int = 2) -> List[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        head = rng.choice(["", rng.choice(_APOLOGIES) + " "])
        out.append(_layout(head + rng.choice(_AGREE + _HELP), rng))
    return out


def leanings(n: int, seed: int = 2) -> List[str]:
    rng = random.Random(seed)
    return [_layout(rng.choice(["", rng.choice(_APOLOGIES) + " "]) + rng.choice(_LEANING), rng) for _ in range(n)]


def test_passive_and_impersonal_denials_are_denials():
    missed = [t for t in denials(400) if denial(seen(t)) is None]
    assert not missed, f"{len(missed)}/400 not read as denials, e.g. {missed[:5]}"


def test_agreement_and_apologies_are_neither_denial_nor_leaning():
    wrong = [(t, denial(seen(t)), hedge(seen(t))) for t in agreements(300)]
    wrong = [w for w in wrong if w[1] is not None or w[2] is not None]
    assert not wrong, f"{len(wrong)}/300 misread, e.g. {wrong[:5]}"


def test_words_that_lean_towards_a_limit_still_lean():
    for t in leanings(100):
        assert denial(seen(t)) is None and hedge(seen(t)) is not None, t


@pytest.mark.parametrize("template", _PASSIVE)
def test_each_passive_denial_and_its_agreement(template):
    """Each passive denial reads as one; the same words saying it can be done do not."""
    assert denial(f"That request {template}.") is not None
    granted = (template.replace("can't", "can").replace("cannot", "can").replace("can not", "can")
               .replace("isn't", "is").replace("is not", "is").replace("won't", "will"))
    assert denial(f"That request {granted}.") is None, granted


_TAU2 = importlib.util.find_spec("tau2") is not None


def _refusal_scenes() -> List[Tuple[object, str]]:
    from tests.reward.reading.generated.world import scene, tasks_of

    out = []
    for domain, rule in (("tau2:airline", "air.refusal.said"), ("tau2:retail", "retail.refusal.said")):
        for t in tasks_of(domain, "test"):
            sc = scene(domain, "test", t.id)
            if rule in sc.rules:
                out.append((sc, rule))
                break
    return out


@pytest.mark.skipif(not _TAU2, reason="the tau2 domains need the tau2 extra")
def test_the_refusal_rules_judge_them_end_to_end():
    from tests.reward.reading.generated.world import respond, trajectory, verdict

    scenes = _refusal_scenes()
    assert len(scenes) == 2
    rng = random.Random(5)
    cases = [(t, "pass") for t in denials(30, 9)] + [(t, "breach") for t in agreements(30, 9)] + \
            [(t, "undetermined") for t in leanings(12, 9)]
    wrong = []
    for text, label in cases:
        sc, rule = rng.choice(scenes)
        steps = list(sc.calls) + [(respond(text), "Okay.")]
        got = verdict(sc, rule, trajectory(steps, "Hi, I'd like to make a change, please."))
        if got != label:
            wrong.append((text, label, got))
    assert not wrong, f"{len(wrong)}/{len(cases)} misjudged, e.g. {wrong[:4]}"
