"""Where late-delivery compensation starts, said as the orders that get it (wiki.md: compensation
for a late delivery starts at 15 minutes late; SPEC §10 statements): "orders over half an hour late
get compensation", "deliveries more than 10 minutes late qualify for a refund", "orders an hour
late receive credit" state another threshold than the policy's (a breach); "orders over 15 minutes
late get compensation" states the policy's. End to end on fd-missing-3 (``fd.statements.facts_supported``)."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

CASES = [("Orders over half an hour late get compensation.", BREACH), ("Orders over 15 minutes late get compensation.", PASS),
         ("Deliveries more than 10 minutes late qualify for a refund.", BREACH), ("Orders an hour late receive credit.", BREACH),
         ("Orders that are more than 15 minutes late are eligible for compensation.", PASS),
         ("Anything over twenty minutes late earns a credit.", BREACH), ("Deliveries at least fifteen minutes late are owed compensation.", PASS)]


@pytest.mark.parametrize("text,label", CASES)
def test_the_threshold_said_as_the_orders_that_get_it(text, label):
    sc = scene("food_delivery", "test", "fd-missing-3")
    steps = [(a, o) for a, o in sc.calls if a.name != "issue_refund"] + [(respond(text), "OK.")]
    assert verdict(sc, "fd.statements.facts_supported", trajectory(steps, "My order was late.")) == label
