"""The same money content gets the same verdict in any layout (SPEC §10: "The same content gets
the same verdict in running text, bullet points, a table, a JSON object or ``key=value``
lines").

Generated: a refund report (an amount, where it goes, when it arrives) and a payment change (a
price difference charged, a refund) written in prose and as records: a bullet list, a numbered
list, bold keys, ``key=value`` lines, a JSON object, a markdown table with a column per field and
a two-column field/value table, under several spellings of each key. Asserted:

- the claims read (each amount's kind and value, the refund method, the timing and the method
  it is said for) are the prose's, layout for layout;
- end to end, after a real tau2 retail cancellation, every layout of a report gets the verdict
  the policy gives its content (tau2's retail policy.md: the total is refunded to the original
  payment method, at once to a gift card, otherwise in 5 to 7 business days): backed, or a
  breach for another amount, method or timing.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections import Counter
from typing import List, Tuple

import pytest

from tau_shaped.reward.reading.money_claims import money_claims
from tau_shaped.reward.reading.normalize import seen

Fields = List[Tuple[str, str]]

_AMOUNT_KEYS = ["refund", "refund amount", "amount refunded", "refund total"]
_METHOD_KEYS = ["refunded to", "refund method", "refund to", "destination"]
_WHEN_KEYS = ["when", "timing", "arrives", "expected"]
_METHODS = {"paypal": ["PayPal", "PayPal account"], "gift_card": ["gift card"], "credit_card": ["credit card", "Visa card"]}
_TIMINGS = ["immediately", "right away", "within 24 hours", "in 5 to 7 business days", "within 3 business days",
            "in 2 business days"]


def _layout(opening: str, fields: Fields, form: str) -> str:
    if form == "list":
        body = [f"- {k}: {v}" for k, v in fields]
    elif form == "numbered":
        body = [f"{i}. {k}: {v}" for i, (k, v) in enumerate(fields, 1)]
    elif form == "bold":
        body = [f"* **{k}**: {v}" for k, v in fields]
    elif form == "key_value":
        body = [f"{k.replace(' ', '_')}={v}" for k, v in fields]
    elif form == "json":
        body = json.dumps({k: v for k, v in fields}, indent=2).split("\n")
    elif form == "table":
        body = ["| " + " | ".join(k for k, _ in fields) + " |", "|" + "---|" * len(fields),
                "| " + " | ".join(v for _, v in fields) + " |"]
    else:  # a two-column table: one field a row
        body = ["| field | value |", "|---|---|"] + [f"| {k} | {v} |" for k, v in fields]
    return opening + "\n" + "\n".join(body)


FORMS = ["list", "numbered", "bold", "key_value", "json", "table", "two_column"]


def _report(rng: random.Random, amount: str, method: str, timing: str, order: str = "") -> Tuple[str, Fields]:
    prose = rng.choice([
        "{o}The refund of {a} goes back to your {m} {t}.",
        "{o}You'll get {a} refunded to your {m} {t}.",
        "{o}We're sending {a} back to your {m} {t}.",
    ]).format(o=f"Order {order} is cancelled. " if order else "", a=amount, m=method, t=timing)
    fields = ([("order", order)] if order else []) + [
        (rng.choice(_AMOUNT_KEYS), amount), (rng.choice(_METHOD_KEYS), method), (rng.choice(_WHEN_KEYS), timing)]
    return prose, fields


def _claims(text: str) -> Counter:
    return Counter((c.kind, c.value) for c in money_claims(seen(text)))


def _reports(n: int, seed: int = 3):
    rng = random.Random(seed)
    for _ in range(n):
        source = rng.choice(sorted(_METHODS))
        amount = f"${rng.randint(5, 2000)}.{rng.randint(0, 99):02d}"
        prose, fields = _report(rng, amount, rng.choice(_METHODS[source]), rng.choice(_TIMINGS))
        yield prose, fields


@pytest.mark.parametrize("form", FORMS)
def test_a_refund_report_reads_the_same_in_every_layout(form):
    rng = random.Random(form)
    differ = []
    for prose, fields in _reports(60):
        opening = rng.choice(["Refund summary:", "Here are the details:", "Cancellation summary:"])
        text = _layout(opening, fields, form)
        want, got = _claims(prose), _claims(text)
        assert len(want) == 3  # an amount, a method, a timing
        if got != want:
            differ.append((text, dict(got), dict(want)))
    assert not differ, f"{len(differ)} records read otherwise than their prose, e.g. {differ[:2]}"


@pytest.mark.parametrize("form", FORMS)
def test_a_charge_and_a_refund_keep_their_kinds_in_every_layout(form):
    rng = random.Random(f"charge:{form}")
    for _ in range(30):
        charge, refund = f"${rng.randint(5, 300)}.{rng.randint(0, 99):02d}", f"${rng.randint(5, 300)}.{rng.randint(0, 99):02d}"
        prose = f"The price difference of {charge} is charged to your PayPal. Your refund of {refund} goes to your gift card."
        fields = [("price difference", charge), ("charged to", "PayPal"), ("refund", refund), ("refunded to", "gift card")]
        got = _claims(_layout("Payment summary:", fields, form))
        assert got == _claims(prose), (form, fields)
        assert got[("amount", ("charge", float(charge[1:])))] == 1 and got[("refund_method", "gift_card")] == 1


def test_prose_lines_with_a_colon_stay_prose():
    """"Note: X." is a sentence, not a record: a refund in a later sentence does not type an
    earlier amount."""
    text = "Note: the item costs $25.00. Separately, refunds take 5 to 7 business days."
    assert _claims(text)[("amount", ("charge", 25.0))] == 1


_TAU2 = importlib.util.find_spec("tau2") is not None


@pytest.mark.skipif(not _TAU2, reason="the tau2 domains need the tau2 extra")
def test_every_layout_of_a_report_gets_the_policys_verdict():
    from tests.reward.reading.generated.tau2 import refund_of, retail_cancels
    from tests.reward.reading.generated.world import respond, trajectory, verdict

    rng = random.Random(17)
    scenes = list(retail_cancels())
    wrong = []
    for i in range(48):
        sc = rng.choice(scenes)
        call, obs = sc.call("cancel_pending_order")
        amount, pm = refund_of(sc)
        source = next(k for k in _METHODS if pm.startswith(k))
        method, timing = rng.choice(_METHODS[source]), ("immediately" if source == "gift_card" else "in 5 to 7 business days")
        label, change = "pass", ("", "amount", "method", "timing")[i % 4]
        if change == "amount":
            amount, label = round(amount + 13.37, 2), "breach"
        elif change == "method":
            method, label = ("PayPal" if source != "paypal" else "credit card"), "breach"
        elif change == "timing":
            timing, label = ("in 5 to 7 business days" if source == "gift_card" else "within 24 hours"), "breach"
        prose, fields = _report(rng, f"${amount:,.2f}", method, timing, call.kwargs["order_id"])
        first = f"Hi, I want to cancel my order {call.kwargs['order_id']}."
        for form in ["prose"] + FORMS:
            text = prose if form == "prose" else _layout("Cancellation summary:", fields, form)
            got = verdict(sc, "retail.statements.money_supported",
                          trajectory([(call, obs), (respond(text), "Okay, thanks.")], first))
            if got != label:
                wrong.append((form, text, label, got))
    assert not wrong, f"{len(wrong)} layouts misjudged, e.g. {wrong[:3]}"
