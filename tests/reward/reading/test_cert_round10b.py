"""Round 10b (leftovers): "cert", chat's word for a travel certificate (airline policy: "you can offer a
certificate"), names the certificate in a confirmation ("can send u a $50 travel cert, want it?") and
in a statement of money ("$40 travel cert" when the call sends $50: a false amount, no longer a bare
price). "certain", "concert" name none."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.action_words import names_action
from tau_shaped.reward.reading.money_claims import money_claims


@pytest.mark.parametrize("text", ["can send u a $50 travel cert 🎁 want it?", "two certs for you?", "a $50 cert for the delay, ok?"])
def test_cert_names_the_certificate(text):
    assert names_action(text, "certificate") is not None, text


@pytest.mark.parametrize("text", ["I am certain it is fine.", "We had a concert.", "Certainly, one moment."])
def test_no_certificate_named(text):
    assert names_action(text, "certificate") is None, text


@pytest.mark.parametrize("text", ["can send u a $40 travel cert 🎁 want it?", "$40 travel cert coming your way"])
def test_a_travel_cert_amount_has_a_kind(text):
    kinds = [c.value[0] for c in money_claims(text) if c.kind == "amount"]
    assert kinds and "price" not in kinds, (text, kinds)
