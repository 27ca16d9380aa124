"""An arrival time promised in other forms (wiki.md "When asked when an order arrives, call
get_order_eta and state the window it gives. Never promise a time earlier than its earliest";
SPEC §10 statements): the arrival as a field ("ETA 7:00 PM", "**Arrival —** 7:00 pm", "Delivery
time: 7pm"), a time said exactly ("at seven sharp", "7pm on the dot"), minutes in words ("one
minute past seven"), a wait in seconds ("in 30 seconds"), and arrival verbs the first list lacked
("it lands at", "expect it around", "the courier pulls up at"). On a world whose get_order_eta
gives 19:02-19:17 at 19:00, each breaks the rule when earlier than 19:02 and is kept when the
window's own times are said; "it's 7 pm now" and "I'll check again in 30 seconds" promise no
arrival."""

from __future__ import annotations

import itertools

import pytest

from tau_shaped import Action
from tests.reward.reading.generated.world import BREACH, PASS, observe, respond, scene, trajectory, verdict

RULE = "fd.eta.supported_not_earlier"
FIELDS = ["ETA {t}", "ETA: {t}", "**ETA:** {t}", "Arrival — {t}", "Arrival: {t}", "Delivery time: {t}", "Expected delivery: {t}",
          "Drop-off time - {t}"]
VERBS = ["It lands at {t}.", "Expect it around {t}.", "The courier pulls up at {t}.", "Your food rolls up by {t}.",
         "You can expect your order at {t}.", "It'll be at your door by {t}."]
EARLY = ["7:00 PM", "7pm", "7:01 pm", "19:00", "6:58 pm"]
IN_WINDOW = ["7:02 pm", "7:17 PM", "19:02"]
SAID_EXACTLY = ["It arrives at seven sharp.", "Delivery at 7 sharp.", "Your order lands at 7pm on the dot.", "Expect it at one minute past seven.",
                "It'll be there at exactly 7.", "It'll arrive in 60 seconds.", "It'll be there in 30 seconds.", "Expect it at two minutes to seven."]
NO_PROMISE = ["It's 7:00 pm now; ETA 7:02 to 7:17.", "It's 7 pm now, so I'll check again in 30 seconds.", "I'll expect your reply by 7:00.",
              "It won't be there before 7:02.", "It should arrive at 7:02 at the earliest."]


def _judge(text: str) -> str:
    sc = scene("food_delivery", "test", "fd-address-3")
    looks = [(a, o) for a, o in sc.calls if a.name in ("find_customer_by_email", "get_customer_details", "get_order_details")]
    order = next(a for a, _ in looks if a.name == "get_order_details").kwargs["order_id"]
    eta = Action(name="get_order_eta", kwargs={"order_id": order})
    steps = looks + [(eta, observe(sc, eta)), (respond(text), "OK.")]
    return verdict(sc, RULE, trajectory(steps, "When will my order arrive?"))


def test_the_scene_is_the_one_described():
    sc = scene("food_delivery", "test", "fd-address-3")
    order = sc.call("get_order_details")[0].kwargs["order_id"]
    seen = observe(sc, Action(name="get_order_eta", kwargs={"order_id": order}))
    assert '"earliest": "2026-03-13T19:02:00"' in seen and '"now": "2026-03-13T19:00:00"' in seen


@pytest.mark.parametrize("form,when", list(itertools.product(FIELDS + VERBS, EARLY)))
def test_an_arrival_earlier_than_the_window_in_any_form_breaks_the_rule(form, when):
    assert _judge(form.format(t=when)) == BREACH


@pytest.mark.parametrize("form,when", list(itertools.product(FIELDS + VERBS, IN_WINDOW)))
def test_the_windows_own_times_in_any_form_are_kept(form, when):
    assert _judge(form.format(t=when)) == PASS


@pytest.mark.parametrize("text", SAID_EXACTLY)
def test_a_time_said_exactly_or_in_seconds_is_read(text):
    assert _judge(text) == BREACH


@pytest.mark.parametrize("text", NO_PROMISE)
def test_the_clock_or_a_check_again_promises_no_arrival(text):
    assert _judge(text) == PASS
