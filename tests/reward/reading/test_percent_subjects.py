"""A percentage said of the service fee or of a route is that one's rate (wiki.md "Service fee: 5%
of the food subtotal", "a route ... 15% of the shortest"; SPEC §10 statements: a fact the policy
contradicts breaks the rule): "a 15% service fee" is wrong though 15% is a rate of the policy
(the route's). A percentage with no subject, or with two in its clause, is held to any rate of
the policy, as before. End to end on fd-missing-3 (rule ``fd.statements.facts_supported``, the
rule file's ``percent_of``)."""

from __future__ import annotations

import pytest

from tests.reward.reading.generated.world import BREACH, PASS, respond, scene, trajectory, verdict

CASES = [("There's a fifteen percent service fee.", BREACH), ("The service fee is 5%.", PASS), ("The service fee is 20% of the subtotal.", BREACH),
         ("A 5 percent service charge applies.", PASS), ("The service charge: 15%.", BREACH),
         ("The service fee is 5% and big orders add 20% of the subtotal.", PASS), ("Your route can be up to 15% longer than the shortest.", PASS),
         ("Your route can be up to 20% longer than the shortest.", BREACH), ("A 20% surcharge applies to the subtotal on large orders.", PASS),
         ("That's 15% off.", PASS), ("That's 12% off.", BREACH),
         # a decimal point before the rate ends no clause: the subject is still the service fee's
         ("The service fee on $16.90 is 15%.", BREACH), ("The service fee on $16.90 is 5%.", PASS)]


@pytest.mark.parametrize("text,label", CASES)
def test_a_rate_is_held_to_its_subjects(text, label):
    sc = scene("food_delivery", "test", "fd-missing-3")
    steps = [(a, o) for a, o in sc.calls if a.name != "issue_refund"] + [(respond(text), "OK.")]
    assert verdict(sc, "fd.statements.facts_supported", trajectory(steps, "Part of my order was missing.")) == label
