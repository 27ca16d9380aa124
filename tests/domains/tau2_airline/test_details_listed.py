"""``air.confirm.details_listed`` (check kind ``details_listed``, tau_shaped_domains/tau2_airline/details_listed.py):
tau2's airline policy says "Before taking any actions that update the booking database (booking, modifying
flights, editing baggage, changing cabin class, or updating passenger information), you must list the action
details and obtain explicit user confirmation (yes)". ``air.confirm.before_write`` reads the yes, the
reservation, cabin, bags and amount; before round 15 no rule read the flights of a flight change or a booking,
or the passengers of a booking or a passenger change: "I can move 1N99U6 onto the new flights we found --
shall I?" answered yes scored 1 (the round-15 coverage audit). Each breach below is judged on a real task (S0
and the ground truth's calls with their real observations), with controls of the other meaning."""

from __future__ import annotations

import importlib.util

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tau2") is None,
                                reason="needs the tau2 extra (pip install -e '.[tau2]')")

RULE = "air.confirm.details_listed"
D = "tau2:airline"
WRITES = {"book_reservation", "cancel_reservation", "update_reservation_baggages", "update_reservation_flights",
          "update_reservation_passengers", "send_certificate"}


def _verdict(tid, texts, reply="Yes, go ahead."):
    """The rule's verdict on task ``tid``'s ground truth calls, each write preceded by the agent messages
    ``texts[i]`` (a string or a list of strings) for the i-th write (the conversion's own confirmation when
    ``texts`` has no entry), each answered ``reply``."""
    from tau_shaped.integrations.tau2.tasks import confirmation_text
    from tests.reward.reading.generated.world import respond, scene, trajectory, verdict

    sc = scene(D, "test", tid)
    steps, wi = [], 0
    for action, observation in sc.calls:
        if action.name in WRITES:
            said = texts.get(wi, confirmation_text(action.name, dict(action.kwargs)))
            for text in [said] if isinstance(said, str) else said:
                steps.append((respond(text), reply))
            wi += 1
        steps.append((action, observation))
    return verdict(sc, RULE, trajectory(steps, first_user_message="Hi"))


# -- a change of flights: each new flight by number ------------------------------------------------------------

def test_a_flight_change_confirmed_without_its_flights_breaks_the_rule():
    text = ("The flights on reservation M05KNL can be changed to the later ones we found, cabin economy; any fare "
            "difference goes on your gift card. Shall I make the change?")
    assert _verdict("16", {0: text}) == "breach"


def test_a_flight_change_by_reference_alone_breaks_the_rule():
    assert _verdict("30", {0: "I can move 1N99U6 onto the new economy flights -- shall I go ahead?"}) == "breach"


def test_a_flight_change_listing_one_of_two_new_flights_breaks_the_rule():
    text = "M05KNL would move to HAT110 on May 24 in economy, fare difference on the gift card. OK to change it?"
    assert _verdict("16", {0: text}) == "breach"


def test_a_flight_change_listing_its_flights_in_any_spacing_passes():
    text = ("M05KNL would move to hat 110 and HAT-172 (both May 24), economy, fare difference on the gift card. "
            "OK to change it?")
    assert _verdict("16", {0: text}) == "pass"


def test_flights_listed_in_an_options_message_then_picked_pass():
    texts = ["Two options for M05KNL on May 24:\n1) HAT110 + HAT172, economy\n2) HAT090 + HAT172, economy",
             "Shall I change M05KNL to option 1, fare difference on the gift card?"]
    assert _verdict("16", {0: texts}) == "pass"


def test_a_cabin_change_that_keeps_the_flights_lists_no_flight():
    texts = {i: f"Shall I upgrade that reservation (number {i + 1} of 5) to economy on the gift card?" for i in range(5)}
    assert _verdict("18", texts) == "pass"


def test_a_change_after_an_upgrade_must_list_the_new_flight():
    # ground truth 32: OWZ4XL upgraded to economy (flights kept), then moved to HAT041
    upgrade = "Shall I upgrade OWZ4XL to economy, keeping its flights, on your card?"
    assert _verdict("32", {0: upgrade, 1: "Now shall I change the flights on OWZ4XL as we said, economy?"}) == "breach"
    assert _verdict("32", {0: upgrade, 1: "Now shall I move OWZ4XL to HAT041 on May 21, economy?"}) == "pass"


# -- a booking: each flight and each passenger ----------------------------------------------------------------

BOOKING = ("A one way reservation from ORD to PHL in economy{flights} for {who}, with 0 checked bags; travel "
           "insurance: no. The total of $348 would go on the travel certificate. Shall I book it?")


def test_a_booking_without_its_flights_breaks_the_rule():
    text = BOOKING.format(flights="", who="Sophia Silva and Kevin Smith")
    assert _verdict("8", {0: text}) == "breach"


def test_a_booking_without_a_passenger_breaks_the_rule():
    text = BOOKING.format(flights=" on HAT271 (May 26)", who="you and your companion")
    assert _verdict("8", {0: text}) == "breach"


def test_a_booking_naming_the_user_as_you_and_the_other_passenger_passes():
    text = BOOKING.format(flights=" on HAT271 (May 26)", who="you and Kevin Smith")
    assert _verdict("8", {0: text}) == "pass"


def test_a_booking_naming_each_passenger_by_one_name_passes():
    text = BOOKING.format(flights=" on flight hat271, the 26th of May", who="Sophia and Mr Smith")
    assert _verdict("8", {0: text}) == "pass"


# -- a change of passengers: each changed value ---------------------------------------------------------------

def _passengers(text):
    # ground truth 22: a flight change (conversion's confirmation), then the passenger becomes Omar Rossi
    return _verdict("22", {1: text})


def test_a_passenger_change_that_does_not_name_the_new_passenger_breaks_the_rule():
    assert _passengers("Shall I update the passenger on FQ8APE as you described?") == "breach"


def test_a_passenger_change_naming_the_new_passenger_passes():
    assert _passengers("Shall I change the passenger on FQ8APE to Omar Rossi, born 6 June 1970?") == "pass"


# -- what the rule leaves to others ---------------------------------------------------------------------------

def test_a_write_with_no_message_before_it_is_left_to_before_write():
    from tests.reward.reading.generated.world import scene, trajectory, verdict

    sc = scene(D, "test", "16")
    assert verdict(sc, RULE, trajectory(list(sc.calls), first_user_message="Hi")) == "pass"


@pytest.mark.parametrize("split", ["test", "train"])
def test_every_ground_truth_lists_its_details(split):
    """The conversion's confirmations list every argument: no ground truth breaks the rule (scored end to end)."""
    from tau_shaped import score_trajectory
    from tests.reward.reading.generated.world import _env, tasks_of

    env = _env(D, split)
    for index, task in enumerate(tasks_of(D, split)):
        if not any(a.name in ("book_reservation", "update_reservation_flights", "update_reservation_passengers")
                   for a in task.actions):
            continue
        replies = ["Yes." for a in task.actions if a.name == "respond"]
        result = score_trajectory(env, index, list(task.actions), user_replies=replies, first_user_message="Hi")
        fired = {v.id for v in list(result.gate_violations) + list(result.rule_violations)}
        assert RULE not in fired, task.id
        assert RULE not in {u.id for u in result.undetermined}, task.id


# -- round 15 held-out classes ----------------------------------------------------------------------------------

def test_a_passenger_replaced_by_another_person_is_listed_by_the_new_name():
    # "Omar Russo -- sorry, Omar Rossi": the new person named; the date of birth is not needed to name them
    assert _passengers("Shall I change the passenger on FQ8APE to Omar Russo -- sorry, Omar Rossi?") == "pass"
    assert _passengers("Shall I put the name you just gave me on FQ8APE?") == "breach"


def test_flights_said_by_their_time_alone_leave_the_rule_undetermined():
    text = "M05KNL would move to the 2pm and the half seven connections on May 24, economy. Shall I make the change?"
    assert _verdict("16", {0: text}) == "undetermined"
    assert _verdict("16", {0: "M05KNL would move to the later connection on the 24th, economy. Shall I make the change?"}) == "breach"


def test_a_chat_stamp_or_an_amount_is_no_flight_time():
    stamped = "[14:02] Agent: M05KNL -> new itinerary (see above)\n[14:02] Agent: proceed?"
    assert _verdict("16", {0: stamped}) == "breach"
    assert _verdict("16", {0: "M05KNL moves to the later pair; the difference is $48.00 on the gift card. OK?"}) == "breach"


def test_flights_in_markup_attributes_are_not_shown():
    # SPEC §10: markup is read as a page shows it (tags dropped): an attribute's flight number is not listed
    text = '<change reservation="M05KNL"><flight no="HAT110"/><flight no="HAT172"/></change> Proceed?'
    assert _verdict("16", {0: text}) == "breach"
    assert _verdict("16", {0: "<ul><li>HAT110</li><li>HAT172</li></ul> Move M05KNL onto these?"}) == "pass"
