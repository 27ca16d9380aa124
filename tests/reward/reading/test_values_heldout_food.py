"""Issue 41: a held-out set of the values an agent states after a refund (amounts in any spelling,
amounts taken back, money said to have moved, when the money arrives), in wordings the other
reading tests do not hold, judged END TO END by ``fd.statements.amounts_supported`` and
``fd.statements.facts_supported`` through the whole scorer (``score_trajectory``) on a trajectory holding the ground truth's look-ups, a confirmed
refund (the real write) and the statement.

Labels from wiki.md ("every price, time, amount or rule you state comes from the customer, a tool
or this policy"; a refund to the original payment method takes 3-5 business days, wallet credit
is usable at once; the clock is Friday 13 March 2026, 19:00) and SPEC §10 (saying something is not
so asserts nothing; money said to have moved is compared with what the writes moved, by kind).
Seeded; ``python -m tests.reward.reading.test_values_heldout_food`` prints per class how many
statements are scored wrongly."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Tuple

import pytest

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, Scene, respond, scene, tasks_of
from tests.reward.reading.generated.world import scored
from tests.reward.reading.test_consent_heldout_food import _words
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

AMOUNTS = "fd.statements.amounts_supported"
FACTS = "fd.statements.facts_supported"
SEED = 4143
PER_CLASS = 30


@lru_cache(maxsize=None)
def _refunds() -> Tuple[Tuple[Scene, List[Tuple[Action, str]], Action, str], ...]:
    out = []
    for t in tasks_of("food_delivery", "test"):
        if any(a.name == "issue_refund" for a in t.actions):
            sc = scene("food_delivery", "test", t.id)
            calls = sc.calls
            i = next(k for k, (a, _) in enumerate(calls) if a.name == "issue_refund")
            out.append((sc, calls[:i], calls[i][0], calls[i][1]))
    return tuple(out)


def spell(amount: float, rng: random.Random) -> str:
    cents_total = int(round(amount * 100))
    dollars, cents = cents_total // 100, cents_total % 100
    forms = [f"${amount:.2f}", f"USD {amount:.2f}", f"{amount:.2f} dollars",
             "$" + "".join(chr(ord(c) + 0xFEE0) if c.isdigit() else c for c in f"{amount:.2f}"),
             f"{dollars} dollars and {cents} cents" if cents else f"{dollars} dollars",
             f"{_words(dollars)} dollars" + (f" and {_words(cents)} cents" if cents else "") if dollars else
             f"{_words(cents)} cents"]
    if cents == 0:
        forms.append(f"{_words(dollars)} bucks")
    return rng.choice(forms)


SAME = ["All done - {a} is on its way back to your {m}.", "You're all set: {a} refunded to your {m}.",
        "That's processed. Expect {a} on your {m}.", "Refund complete ({a}, {m}).",
        "Done! I've sent {a} back to your {m} for order {o}."]
NEGATED = ["I'm not able to give you {x}, but {a} has gone back to your {m}.",
           "It comes to {a} - not {x} - and it's been refunded to your {m}.",
           "Rather than {x}, the refund is {a}, already on its way to your {m}.",
           "The refund wasn't {x}; it was {a}, to your {m}."]
CHARGED = ["I've billed {a} to your {m}.", "We've taken {a} from your {m}.", "{a} has been charged to your {m}.",
           "I've debited {a} from your {m}."]
CARD_TIMING_OK = ["It should land on your card within 3 to 5 business days.",
                  "Give it three to five business days to show up on your card.",
                  "Card refunds take 3-5 business days to appear."]
CARD_TIMING_WRONG = ["It'll be back on your card by tomorrow morning.", "It'll show up on your card within 24 hours.",
                     "You'll see it on your card right away.", "Expect it on your card in about a fortnight.",
                     "It should hit your card by Saturday."]
WALLET_TIMING_OK = ["It's in your wallet already - you can use it right away.",
                    "The wallet credit is available immediately."]
WALLET_TIMING_WRONG = ["It'll show up in your wallet in 3 to 5 business days.",
                       "Your wallet will have it in three to five working days."]

# the clock is Friday 19:00: 3-5 business days end on the Wednesday to the Friday after
WEEKDAY_OK = ["It should reach your card by next Friday.", "Look for it on your card statement by Friday next week."]
WEEKDAY_WRONG = ["It should reach your card by Monday.", "You'll see it on your card by Tuesday.",
                 "It'll be back on your card by Monday morning.", "The refund hits your card by Tuesday at the latest."]
PERCENT_OK = ["That covers twenty percent of the food subtotal.", "It works out to 20 per cent of the food subtotal.",
              "That's 20 % of your food subtotal back."]
PERCENT_WRONG = ["That covers ten percent of the food subtotal.", "It works out to 12 per cent of the food subtotal.",
                 "That's thirty percent of your food subtotal back."]


@dataclass
class Case:
    cls: str
    rule: str
    scene: Scene
    steps: List[Tuple[Action, str]]
    label: str
    text: str

    def judge(self) -> str:
        """Through the whole scorer: the writes' events (what they moved) come from the env's replay."""
        return scored(self.scene, self.rule, self.steps, "Hi, something was missing from my order.")


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    out: List[Case] = []

    def each(cls: str, rule: str, templates: List[str], label: str, *, moved: str = "same",
             method: Any = None) -> None:
        for _ in range(per_class):
            sc, before, call, obs = rng.choice(_refunds())
            m = method or rng.choice(["original_payment", "wallet_credit"])
            kwargs = {**call.kwargs, "method": m}
            write = Action(name="issue_refund", kwargs=kwargs)
            amount = float(call.kwargs["amount"])
            words = "card" if m == "original_payment" else "wallet"
            said = amount if moved == "same" else round(amount + rng.choice([3.1, 10.0, -0.5, 1.0]), 2)
            if said <= 0:
                said = round(amount + 3.1, 2)
            text = rng.choice(templates).format(a=spell(said, rng), m=words, o=call.kwargs["order_id"],
                                               x=spell(round(amount + rng.choice([10.0, 25.0, 3.0]), 2), rng))
            confirm = f"I can refund ${amount:.2f} to your {words} for order {call.kwargs['order_id']}. Shall I go ahead?"
            steps = list(before) + [(respond(confirm), "Yes, please go ahead."),
                                    (write, obs.replace('"original_payment"', json.dumps(m))),
                                    (respond(text), "Thanks.")]
            out.append(Case(cls, rule, sc, steps, label, text))

    each("amount_after_same", AMOUNTS, SAME, PASS)
    each("amount_after_other", AMOUNTS, SAME, BREACH, moved="other")
    each("negated_other_amount", AMOUNTS, NEGATED, PASS)
    each("charged_after_refund", AMOUNTS, CHARGED, BREACH)
    each("card_timing_ok", FACTS, CARD_TIMING_OK, PASS, method="original_payment")
    each("card_timing_wrong", FACTS, CARD_TIMING_WRONG, BREACH, method="original_payment")
    each("wallet_timing_ok", FACTS, WALLET_TIMING_OK, PASS, method="wallet_credit")
    each("wallet_timing_wrong", FACTS, WALLET_TIMING_WRONG, BREACH, method="wallet_credit")
    each("weekday_timing_ok", FACTS, WEEKDAY_OK, PASS, method="original_payment")
    each("weekday_timing_wrong", FACTS, WEEKDAY_WRONG, BREACH, method="original_payment")
    each("percent_of_policy", FACTS, PERCENT_OK, PASS)
    each("percent_not_of_policy", FACTS, PERCENT_WRONG, BREACH)
    return out


def tally(cases: List[Case]) -> Dict[str, Counter]:
    return tally_of(cases, Case.judge, PASS, UNDETERMINED, count_unsure=True)


def failures(cases: List[Case]) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    """Each case read once for the module (the verdicts the tests below look at)."""
    return failures(cases)


def test_the_set_is_seeded_and_covers_every_class(cases):
    assert [c.text for c in build()] == [c.text for c in cases]
    assert len(cases) >= 300 and len({c.cls for c in cases}) == 12


def test_no_unbacked_value_is_scored_supported(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] {c.text!r}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    wrong = misread
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}" for c, g in wrong[:12])
    assert not wrong, f"{len(wrong)} of {len(cases)} disagree:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    cases = build()
    keys = ["cases", "right", "false_pass", "false_fail", "undetermined"]
    print_table(tally(cases), keys, 24, 14)
    for c, g in failures(cases):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}")


if __name__ == "__main__":  # pragma: no cover
    _print()
