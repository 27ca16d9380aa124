"""Issue 41: a held-out set of the money an agent states after a tau2 retail return (the refund's
amount in any spelling, another amount, the order's whole total, an amount taken back, where the
refund goes, when it arrives, money said charged), in wordings the other reading tests do not hold,
judged through the whole scorer by ``retail.statements.money_supported`` on a trajectory holding
the real look-ups, a confirmed return (the real write) and the statement.

Labels from tau2's retail policy (a return's refund goes to the original payment method or a gift
card; the refund is the returned items' price; refunds take 5-7 business days, a gift card's at
once) and SPEC §10 (saying something is not so asserts nothing; money said to have moved is
compared with what the writes moved, by kind). Seeded; ``python -m
tests.reward.reading.test_values_heldout_tau2`` prints the table."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, List, Tuple

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tau_shaped import Action  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, Scene, respond, scored  # noqa: E402
from tests.reward.reading.test_consent_heldout_food import _words  # noqa: E402
from tests.reward.reading.test_consent_heldout_tau2 import RETAIL, _calls  # noqa: E402
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

RULE = "retail.statements.money_supported"
SEED = 4146
PER_CLASS = 10  # in the suite (each case goes through the whole scorer); the script reads 40 a class
SCRIPT_PER_CLASS = 40


@dataclass(frozen=True)
class Return:
    scene: Scene
    steps: Tuple[Tuple[Action, str], ...]
    refund: float
    total: float
    method: str  # how the customer calls the method the refund goes to


_NAMES = {"paypal": "PayPal", "credit_card": "credit card", "gift_card": "gift card"}


@lru_cache(maxsize=None)
def _returns() -> Tuple[Return, ...]:
    out = []
    for sc, call, obs in _calls(RETAIL, "return_delivered_order_items"):
        found = json.loads(obs)
        kind = next((k for k in _NAMES if call.kwargs["payment_method_id"].startswith(k)), None)
        if kind is None or kind == "gift_card":
            continue
        refund = round(sum(i["price"] for i in found["items"] if i["item_id"] in call.kwargs["item_ids"]), 2)
        total = round(sum(p["amount"] for p in found.get("payment_history", []) if p["transaction_type"] == "payment"), 2)
        if abs(refund - total) < 0.01:
            continue
        reads = [(a, o) for a, o in sc.calls if a.name.startswith(("find_", "get_"))]
        confirm = (f"I'll return item(s) {', '.join(call.kwargs['item_ids'])} from order {call.kwargs['order_id']}; "
                   f"the refund goes to {call.kwargs['payment_method_id']}. Shall I proceed?")
        steps = tuple(reads) + ((respond(confirm), "Yes please."), (call, obs))
        out.append(Return(sc, steps, refund, total, _NAMES[kind]))
    return tuple(out)


def spell(amount: float, rng: random.Random) -> str:
    cents_total = int(round(amount * 100))
    dollars, cents = divmod(cents_total, 100)
    return rng.choice([f"${amount:,.2f}", f"USD {amount:.2f}", f"{amount:.2f} dollars",
                       f"{dollars} dollars and {cents} cents" if cents else f"{dollars} dollars",
                       f"{_words(dollars)} dollars" + (f" and {_words(cents)} cents" if cents else "")
                       if dollars < 1000 else f"${amount:,.2f}"])


RIGHT_AMOUNT = ["You'll get {a} back to your {m}.", "Refund: {a} | Method: {m}",
                "The return is in: {a} goes back to your {m}.", "{a} will be refunded to your {m}."]
RIGHT_TIMING = ["It takes 5-7 business days to reach your {m}.", "Allow five to seven business days for your {m}.",
                "Expect it on your {m} within 5 to 7 business days."]
WRONG_TIMING = ["It'll land in your {m} in a couple of days.", "Expect it on your {m} by tomorrow.",
                "Your {m} will have it within 24 hours.", "It'll reach your {m} in about a fortnight.",
                "You'll see it on your {m} right away."]
NEGATED = ["I can't refund {x} - only {a}, back to your {m}.", "It's {a}, not {x}, back to your {m}."]
WRONG_METHOD = ["I've credited {a} to your gift card.", "{a} will be refunded to your gift card."]
CHARGED = ["We've charged {a} to your {m}.", "{a} has been billed to your {m}."]


@dataclass
class Case:
    cls: str
    ret: Return
    text: str
    label: str

    def judge(self) -> str:
        return scored(self.ret.scene, RULE, list(self.ret.steps) + [(respond(self.text), "Thanks.")],
                      "I'd like to return something.")


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    out: List[Case] = []

    def each(cls: str, templates: List[str], label: str, amount: str = "refund") -> None:
        for _ in range(per_class):
            r = rng.choice(_returns())
            value = {"refund": r.refund, "total": r.total,
                     "other": round(r.refund + rng.choice([3.0, 10.0, -1.0, 0.5]), 2)}[amount]
            text = rng.choice(templates).format(a=spell(value, rng), m=r.method, x=spell(r.total, rng))
            out.append(Case(cls, r, text, label))

    each("refund_amount_any_spelling", RIGHT_AMOUNT, PASS)
    each("another_amount", RIGHT_AMOUNT, BREACH, amount="other")
    each("the_order_total_as_refund", RIGHT_AMOUNT, BREACH, amount="total")
    each("another_amount_taken_back", NEGATED, PASS)
    each("timing_of_the_policy", RIGHT_TIMING, PASS)
    each("timing_not_of_the_policy", WRONG_TIMING, BREACH)
    each("another_refund_method", WRONG_METHOD, BREACH)
    each("charged_after_a_refund", CHARGED, BREACH)
    return out


def tally(cases: List[Case]) -> Dict[str, Counter]:
    return tally_of(cases, Case.judge, PASS)


def failures(cases: List[Case]) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    """Each case read once for the module."""
    return failures(cases)


def test_the_set_is_seeded_and_covers_every_class(cases):
    assert [c.text for c in build()] == [c.text for c in cases]
    assert len(_returns()) >= 3 and len(cases) >= 80 and len({c.cls for c in cases}) == 8


def test_no_unbacked_money_is_scored_supported(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] {c.text!r}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}" for c, g in misread[:12])
    assert not misread, f"{len(misread)} disagree:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    cases = build(per_class=SCRIPT_PER_CLASS)
    keys = ["cases", "right", "false_pass", "false_fail"]
    print_table(tally(cases), keys, 30, 12)
    for c, g in failures(cases):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.text!r}")


if __name__ == "__main__":  # pragma: no cover
    _print()
