"""tau2 airline policy logic on a world of our own (issue 41): lines of tau2's airline policy.md
judged on the right record, in a tau2 data folder (``TAU2_DATA_DIR``) that is not the package's.

The world: a regular member with two disrupted reservations. DLYB01 is in business (so it
qualifies for a gesture) and its one passenger's flight was delayed: $50. CNXE03 is in economy
with no insurance (it does not qualify) and its three passengers' flight was cancelled by the
airline: $300 were it to qualify. Policy.md: "Only compensate if the user is a silver/gold member
or has travel insurance or flies business"; "$100 times the number of passengers" for cancelled
flights, "$50 times the number of passengers" for delayed ones. So $50 is allowed and any
certificate above it is money beyond what is owed: the qualifying reservation's eligibility does
not lend itself to the other one's larger amount.
"""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("tau2")

from tau_shaped import Action, load_domain, score_trajectory  # noqa: E402
from tau_shaped.integrations.tau2.data_dir import ENV_VAR  # noqa: E402
from tau_shaped.integrations.tau2.tasks import confirmation_text  # noqa: E402

USER = "rhea_okafor_2201"


def _dates(special: dict) -> dict:
    out = {f"2024-05-{day}": {"status": "available", "available_seats": {"basic_economy": 4, "economy": 9, "business": 3},
                              "prices": {"basic_economy": 61, "economy": 118, "business": 377}} for day in (20, 21, 22)}
    out.update(special)
    return out


def _flight(number: str, origin: str, destination: str, special: dict) -> dict:
    return {"flight_number": number, "origin": origin, "destination": destination,
            "scheduled_departure_time_est": "07:10:00", "scheduled_arrival_time_est": "08:40:00",
            "dates": _dates(special)}


def _reservation(rid: str, cabin: str, number: str, origin: str, destination: str, passengers: int) -> dict:
    price = 377 if cabin == "business" else 118
    people = [{"first_name": f"P{i}", "last_name": "Okafor", "dob": "1980-01-0" + str(i + 1)} for i in range(passengers)]
    return {"reservation_id": rid, "user_id": USER, "origin": origin, "destination": destination,
            "flight_type": "one_way", "cabin": cabin,
            "flights": [{"flight_number": number, "origin": origin, "destination": destination, "date": "2024-05-14",
                         "price": price}],
            "passengers": people, "payment_history": [{"payment_id": "credit_card_7701", "amount": price * passengers}],
            "created_at": "2024-05-01T09:00:00", "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no",
            "status": None}


def world() -> dict:
    user = {"user_id": USER, "name": {"first_name": "Rhea", "last_name": "Okafor"},
            "address": {"address1": "4 Mill Road", "address2": None, "city": "Duluth", "country": "USA", "state": "MN",
                        "zip": "55802"},
            "email": "rhea.okafor@example.org", "dob": "1979-03-11",
            "payment_methods": {"credit_card_7701": {"source": "credit_card", "id": "credit_card_7701", "brand": "visa",
                                                     "last_four": "7701"},
                                "credit_card_7702": {"source": "credit_card", "id": "credit_card_7702", "brand": "amex",
                                                     "last_four": "7702"}},
            "saved_passengers": [], "membership": "regular", "reservations": ["DLYB01", "CNXE03", "ECON05"]}
    delayed = {"2024-05-14": {"status": "delayed", "estimated_departure_time_est": "2024-05-14T11:10:00",
                              "estimated_arrival_time_est": "2024-05-14T12:40:00"}}
    cancelled = {"2024-05-14": {"status": "cancelled"}}
    return {"flights": {"QS210": _flight("QS210", "DLH", "ORD", delayed), "QS310": _flight("QS310", "ORD", "DLH", cancelled)},
            "users": {USER: user},
            "reservations": {"DLYB01": _reservation("DLYB01", "business", "QS210", "DLH", "ORD", 1),
                             "CNXE03": _reservation("CNXE03", "economy", "QS310", "ORD", "DLH", 3),
                             "ECON05": {**_reservation("ECON05", "economy", "QS210", "DLH", "ORD", 1),
                                        "flights": [{"flight_number": "QS210", "origin": "DLH", "destination": "ORD",
                                                     "date": "2024-05-21", "price": 118}]}}}


def tasks() -> list:
    scenario = {"persona": None, "instructions": {
        "domain": "airline", "reason_for_call": "One of your flights was delayed and another cancelled; you want compensation.",
        "known_info": f"Your user id is {USER}.", "unknown_info": None, "task_instructions": "Accept what is offered."}}
    return [{"id": "1", "description": {"purpose": "A gesture for the delayed business reservation.",
                                        "relevant_policies": None, "notes": None},
             "user_scenario": scenario, "initial_state": None,
             "evaluation_criteria": {"actions": [
                 {"action_id": "1_0", "name": "get_user_details", "arguments": {"user_id": USER}, "info": None},
                 {"action_id": "1_1", "name": "get_reservation_details", "arguments": {"reservation_id": "DLYB01"},
                  "info": None},
                 {"action_id": "1_2", "name": "send_certificate", "arguments": {"user_id": USER, "amount": 50},
                  "info": None}],
                 "communicate_info": [], "nl_assertions": [], "reward_basis": ["DB"]},
             "annotations": None}]


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    data = tmp_path_factory.mktemp("airline_logic") / "data"
    folder = data / "tau2" / "domains" / "airline"
    folder.mkdir(parents=True)
    (folder / "db.json").write_text(json.dumps(world()))
    (folder / "tasks.json").write_text(json.dumps(tasks()))
    (folder / "split_tasks.json").write_text(json.dumps({"train": [], "test": ["1"], "base": ["1"]}))
    (folder / "policy.md").write_text("# Airline agent policy (test world)\n")
    saved = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = str(data)
    try:
        domain = load_domain("tau2:airline")
        yield domain.make_env(task_split="test")
    finally:  # never leave the package's tau2 domains on this small world
        if saved is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = saved


def A(name: str, **kwargs) -> Action:
    return Action(name=name, kwargs=kwargs)


def _score(env, amount: int):
    cert = A("send_certificate", user_id=USER, amount=amount)
    actions = [A("get_user_details", user_id=USER), A("get_reservation_details", reservation_id="DLYB01"),
               A("get_reservation_details", reservation_id="CNXE03"),
               A("respond", content=confirmation_text(cert.name, dict(cert.kwargs))), cert]
    first = f"Hi, my user id is {USER}. My flight was delayed and another one was cancelled: I want compensation."
    result = score_trajectory(env, 0, actions, user_replies=["Yes."], first_user_message=first)
    assert result.status == "ok", result.error
    return result


def _gates(result) -> set:
    return {g.id for g in result.gate_violations}


def test_the_qualifying_delay_is_compensated_on_its_own_worlds_records(env):
    """$50 for the delayed business reservation is what the policy gives: it passes. (Before
    issue 41 the certificate was judged on the package's database, where neither reservation
    exists: no disruption, so the eligibility gate failed a compensation the policy allows.)"""
    result = _score(env, 50)
    assert not _gates(result) and not result.rule_violations
    assert result.reward == 1.0


@pytest.mark.parametrize("amount", [100, 300])
def test_a_certificate_sized_on_the_reservation_that_does_not_qualify_is_over_the_amount(env, amount):
    """$300 is the cancelled economy reservation's amount ($100 x 3), but that reservation does
    not qualify (regular member, no insurance, economy); $100 is a cancelled flight's rate for
    one passenger. The only qualifying reservation gives $50: either is money beyond what is
    owed (gate air.compensation.amount; before issue 41 the amount was capped by the largest of
    every disrupted reservation, qualifying or not, and passed)."""
    result = _score(env, amount)
    assert _gates(result) == {"air.compensation.amount"}
    assert result.reward == 0.0


def test_the_certificate_facts_read_the_worlds_data_folder(env):
    """The certificate's facts come from this world's initial database (its data folder), not
    the package's (which has no DLYB01: there, nothing of this user was disrupted)."""
    from tau_shaped.integrations.tau2.domain import initial_database
    from tau_shaped_domains.tau2_airline.events import certificate_facts

    data = env.domain.tau2_data if hasattr(env, "domain") else None
    data = data or load_domain("tau2:airline").tau2_data
    assert "DLYB01" not in initial_database("airline")["reservations"]
    own = certificate_facts(USER, 300, initial_database("airline", data), data)
    assert (own["disrupted"], own["eligible"], own["max_allowed"], own["over"]) == (True, True, 50.0, True)
    package = certificate_facts(USER, 300, initial_database("airline", data), None)
    assert (package["disrupted"], package["eligible"]) == (False, False)


def _book(env, payments):
    """A booking of one economy seat on QS210 (2024-05-20, $118), insurance asked and declined,
    the details confirmed, paid with ``payments`` ((method, amount), ...)."""
    book = A("book_reservation", user_id=USER, origin="DLH", destination="ORD", flight_type="one_way", cabin="economy",
             flights=[{"flight_number": "QS210", "date": "2024-05-20"}],
             passengers=[{"first_name": "Rhea", "last_name": "Okafor", "dob": "1979-03-11"}],
             payment_methods=[{"payment_id": p, "amount": a} for p, a in payments],
             total_baggages=0, nonfree_baggages=0, insurance="no")
    actions = [A("get_user_details", user_id=USER), A("respond", content="Would you like travel insurance for $30?"),
               A("respond", content=confirmation_text(book.name, dict(book.kwargs))), book]
    result = score_trajectory(env, 0, actions, user_replies=["No insurance, thanks.", "Yes."],
                              first_user_message=f"Hi, my user id is {USER}. I want to book a flight.")
    assert result.status == "ok", result.error
    return result


def test_one_card_split_over_two_entries_is_one_credit_card(env):
    """'At most one credit card': the same card paying in two parts is one card (before issue 41
    every entry counted as a card, failing an allowed payment)."""
    result = _book(env, [("credit_card_7701", 100), ("credit_card_7701", 18)])
    assert "air.book.payment_limits" not in {v.id for v in result.rule_violations}
    result = _book(env, [("credit_card_7701", 100), ("credit_card_7702", 18)])
    assert [(v.id, v.step) for v in result.rule_violations if v.id == "air.book.payment_limits"] == [
        ("air.book.payment_limits", 3)]


def test_a_certificate_on_the_users_word_alone_confirms_no_facts(env):
    """'Always confirms the facts before offering compensation': a certificate sent with no
    look-up at all (the profile, a reservation, a flight's status) breaks it (before issue 41 the
    line was not judged); the same certificate after the look-ups passes (the first test)."""
    cert = A("send_certificate", user_id=USER, amount=50)
    actions = [A("respond", content=confirmation_text(cert.name, dict(cert.kwargs))), cert]
    first = f"Hi, my user id is {USER}. My flight was delayed and I want compensation."
    result = score_trajectory(env, 0, actions, user_replies=["Yes."], first_user_message=first)
    assert result.status == "ok", result.error
    assert [(v.id, v.step) for v in result.rule_violations] == [("air.compensation.facts_confirmed", 1)]
    assert not result.gate_violations


def _cancel(env, upgrade: bool):
    """ECON05 (economy, no insurance, booked 2024-05-01, nothing cancelled by the airline) is
    cancelled, after an upgrade to business in the same conversation or not."""
    steps = [A("get_user_details", user_id=USER), A("get_reservation_details", reservation_id="ECON05")]
    if upgrade:
        up = A("update_reservation_flights", reservation_id="ECON05", cabin="business",
               flights=[{"flight_number": "QS210", "date": "2024-05-21"}], payment_id="credit_card_7701")
        steps += [A("respond", content=confirmation_text(up.name, dict(up.kwargs))), up]
    cancel = A("cancel_reservation", reservation_id="ECON05")
    steps += [A("respond", content=confirmation_text(cancel.name, dict(cancel.kwargs))), cancel]
    replies = ["Yes."] * sum(a.name == "respond" for a in steps)
    return steps, score_trajectory(env, 0, steps, user_replies=replies,
                                   first_user_message=f"Hi, my user id is {USER}. I want to cancel ECON05, plans changed.")


def test_a_cancellation_with_no_ground_breaks_the_rule(env):
    steps, result = _cancel(env, upgrade=False)
    assert [(v.id, v.step) for v in result.rule_violations] == [("air.cancel.needs_a_ground", len(steps) - 1)]


def test_business_bought_in_the_conversation_then_cancelled_is_left_to_a_person(env):
    """'It is a business flight' (a ground for cancelling) read on a cabin this conversation
    upgraded, just before a cancellation that refunds the whole reservation: the policy allows the
    upgrade and cancels business flights, and does not say whether this is one. The rule abstains
    (undetermined, reward withheld), never guesses; before issue 41 it passed."""
    steps, result = _cancel(env, upgrade=True)
    assert result.status == "undetermined" and result.reward is None
    assert [(u.id, u.step) for u in result.undetermined] == [("air.cancel.needs_a_ground", len(steps) - 1)]
    assert not result.rule_violations and not result.gate_violations
