"""Round 10 of issue 41 (whole episodes, new styles): values a careful reader does not take as
stated, and waits it does take as promised.

- a time in a clause about what would have been ("it might have arrived by 6:40 if the courier
  hadn't gone offline", "you could've had it by 6:40 pm") states no arrival
  (``statements.counterfactual``, read by the unsupported-time check): "it might arrive by
  6:40" and "it would have come by 6:40, but now it arrives by 6:50" (the 6:50) are stated;
- a value said wrong ("$18.55 is incorrect", "$18.55 would be wrong", "$18.55 was a mistake",
  "$18.55 isn't right") states nothing (``negation``); "$16.90 is right" is stated;
- a pair of numbers in words corrects the money of its sentence across ";" ("a refund of
  eighteen fifty-five isn't right; it's sixteen ninety": $16.90, ``normalize_spoken``);
- a wait said as an estimate ("arriving in a jiffy, say five minutes") or with an idiom of
  arrival ("it's around the corner, 5 min tops") is a promised arrival (``arrival_waits``).
"""

from __future__ import annotations

import re

import pytest

from tau_shaped.reward.reading.arrival_waits import relative_times
from tau_shaped.reward.reading.negation import is_negated
from tau_shaped.reward.reading.normalize import seen
from tau_shaped.reward.reading.statements import counterfactual, stated_times


def _times(text):
    said = seen(text)
    return [(t.text, counterfactual(said, t.start)) for t in stated_times(said)]


@pytest.mark.parametrize("text", [
    "If the courier hadn't gone offline, it might have arrived by 6:40.",
    "Had the first courier stayed online, you could have had it by 6:40 pm.",
    "It would have been there by 6:40 if the courier hadn't dropped off.",
    "You could've had it by 6:40 pm with the first courier.",
])
def test_what_would_have_been_states_no_time(text):
    assert [c for _, c in _times(text)] == [True]


@pytest.mark.parametrize("text,stated", [
    ("It might arrive by 6:40.", ["6:40"]),
    ("It could be there by 6:40 if traffic is light.", ["6:40"]),
    ("It would have come by 6:40, but now it arrives by 6:50.", ["6:50"]),
    ("I have checked: it arrives by 7:10.", ["7:10"]),
])
def test_a_time_still_promised(text, stated):
    assert [t for t, c in _times(text) if not c] == stated


def _amounts(text):
    said = seen(text)
    return [(m.group(0), is_negated(said, m.start(), value=True)) for m in re.finditer(r"\$?\d+\.\d\d", said)]


@pytest.mark.parametrize("text,expected", [
    ("$18.55 would be wrong — the ribs were $16.90.", [("$18.55", True), ("$16.90", False)]),
    ("$18.55 is incorrect; the ribs were $16.90.", [("$18.55", True), ("$16.90", False)]),
    ("$18.55 was a mistake.", [("$18.55", True)]),
    ("A refund of eighteen fifty-five isn't right; it's sixteen ninety.", [("18.55", True), ("16.90", False)]),
    ("$16.90 is correct, and $18.55 is wrong.", [("$16.90", False), ("$18.55", True)]),
    ("$16.90 is right.", [("$16.90", False)]),
    ("$16.90 would be fine.", [("$16.90", False)]),
])
def test_a_value_said_wrong_states_nothing(text, expected):
    assert _amounts(text) == expected


@pytest.mark.parametrize("text,minutes", [
    ("arriving in a jiffy — say five minutes", 5), ("It's basically around the corner, 5 min tops.", 5),
    ("Almost there: give it 10 minutes.", 10), ("Your food is expected in roughly ten minutes.", 10),
    ("It's expected in 10 min.", 10),
])
def test_waits_promised(text, minutes):
    assert [t.value for t in relative_times(seen(text), 1140.0)] == [1140.0 + minutes]


@pytest.mark.parametrize("text", ["I'd say five minutes of your time is all I need.", "Say five minutes and I'll check back.",
                                  "Your refund is expected within 2 hours."])
def test_no_wait_without_an_arrival(text):
    assert relative_times(seen(text), 1140.0) == []


def _eta_rule_fired(text):
    """A whole episode of fd-courier-3 (the ETA window 19:00-19:15 looked up) with ``text`` said after it."""
    from tau_shaped import Action, score_trajectory
    from tests.reward.reading.generated.world import _env, _index, scene

    sc = scene("food_delivery", "test", "fd-courier-3")
    gt = [a for a, _ in sc.calls]
    actions = gt[:2] + [Action(name="get_order_eta", kwargs={"order_id": "FD-10052"}), Action(name="respond", kwargs={"content": text})]
    env = _env("food_delivery", "test")
    r = score_trajectory(env, _index(env, "fd-courier-3"), actions, user_replies=["ok"], first_user_message="Where is my food?")
    return "fd.eta.supported_not_earlier" in {v.id for v in list(r.gate_violations) + list(r.rule_violations)}


@pytest.mark.parametrize("text,fired", [
    ("If the courier hadn't gone offline, it might have arrived by 6:40.", False),
    ("It might arrive by 6:40.", True),
    ("ur food should be there by a quarter to seven 🛵", True),
    ("It should reach you between seven and a quarter past seven this evening.", False),
])
def test_the_eta_rule_end_to_end(text, fired):
    assert _eta_rule_fired(text) is fired
