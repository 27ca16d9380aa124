"""Round 11: the apology-credit cap an agent states for a tier (wiki.md "Apology credits": "The
most you may give in one conversation depends on the loyalty tier: basic $5, plus $10, premium
$20"; SPEC §10 statements). A cap said for the customer's tier (or the tier named) other than the
policy's is a wrong fact (fd.statements.facts_supported), whatever the register: "the maximum
apology credit for your tier is $10.00" to a basic customer, "Max apology credit (basic tier):
$20". The policy's own caps, another tier's named rightly, what is left of a cap, a cap under a
condition, an amount said to exceed the cap and a negated limit state no wrong cap.
"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.cap_claims import cap_claims
from tau_shaped.reward.reading.normalize import seen
from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, scored

FACTS = "fd.statements.facts_supported"


@pytest.mark.parametrize("text,caps", [
    ("The most I can offer is a $5.00 apology credit.", [(5.0, "")]),
    ("Max apology credit (basic tier): $20", [(20.0, "basic")]),
    ("Apology credits are capped by tier: basic $5, plus $10, premium $20.", [(5.0, "basic"), (10.0, "plus"), (20.0, "premium")]),
    ("Premium members can get up to $20 in apology credit.", [(20.0, "premium")]),
    ("Plus members get up to $10 in apology credit.", [(10.0, "plus")]),
    ("I cannot go above $5 in apology credit.", [(5.0, "")]),
    ("sorry the max i can do is 10 bucks credit", [(10.0, "")]),
    ("the max apology credit is 5,00 $ for your level", [(5.0, "")]),
    ("Pursuant to our policy, the maximum apology credit for your tier is $10.00, but I can give $5.00.", [(10.0, "")]),
])
def test_a_cap_stated(text, caps):
    assert [(v, t) for v, t, _, _ in cap_claims(seen(text))] == caps, text


@pytest.mark.parametrize("text", [
    "If you were premium, I could give up to $20 credit.", "the most I can still add is $3 of credit",
    "Requested: $50 credit - exceeds cap", "$50 is over my limit for credits.", "There is no $20 limit on refunds.",
    "The most I can offer is $5 plus $2 credit.", "I've added a $5 apology credit to your wallet.",
    "Your wallet balance is $10.", "I can't give $50 credit; the max is $5.",
])
def test_no_cap_stated(text):
    assert [v for v, t, _, _ in cap_claims(seen(text)) if v != 5.0] == [], text


def _cap(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-cap-3")  # CU-1063, basic tier: the cap is $5
    calls = list(sc.calls)
    return scored(sc, FACTS, calls[:2] + [(respond(text), "Yes.")] + calls[2:] + [(respond("Done."), "Thanks.")],
                  "The courier was rude. I want a $50 credit.")


@pytest.mark.parametrize("text,label", [
    ("Pursuant to our policy, the maximum apology credit for your tier is $10.00; I can give $5.00 for FD-10054. Shall I?", BREACH),
    ("Max apology credit (basic tier): $20\nOffer: $5 wallet credit (FD-10054)\nOK?", BREACH),
    ("so um the most i can do is like uh twenty bucks credit but i'll give five for FD-10054 ok", BREACH),
    ("The maximum of apology credit for you is 10 $, I give 5 $ for FD-10054. Please to confirm?", BREACH),
    ("Max apology credit (basic tier): $5\nOffer: $5 wallet credit (FD-10054)\nOK?", PASS),
    ("The maximum apology credit for your tier is $5.00; shall I apply it to FD-10054?", PASS),
    ("Premium members can get up to $20, but for your tier the most is $5. Add $5 for FD-10054?", PASS),
    ("Requested: $50 credit - exceeds cap\nMax allowed: $5.00 apology credit (FD-10054)\nOK to proceed?", PASS),
])
def test_end_to_end_cap(text, label):
    assert _cap(text) == label, text
