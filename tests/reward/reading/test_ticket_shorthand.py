"""Ticket shorthand names the action and dates the flight (SPEC §10): "cxl Z7GOZK? y/n" asks to cancel,
"pax ->" names the passengers, "Addr ... ->" the address, "Pmt ... ->" the payment; a fare's compact
"17MAY" (in any case) is 17 May. Controls: the letters inside another word name nothing, and a compact form that is not
a month's capitals is no date."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.action_words import names_action
from tau_shaped.reward.reading.call_dates import month_days_in, states_date


@pytest.mark.parametrize("kind, text", [
    ("cancel", "cxl Z7GOZK? y/n"),
    ("cancel", "Res. Z7GOZK -- canx, refund to orig. payment. OK?"),
    ("passengers", "FQ8APE: pax -> Omar Rossi DOB 1970-06-06. OK?"),
    ("address_change", "Addr #W4817420 -> 123 Elm Street, Denver CO 80202. OK? y/n"),
    ("payment_change", "Pmt on #W4923227 -> Visa *1234. OK? y/n"),
])
def test_shorthand_names_the_action(kind, text):
    assert names_action(text, kind) is not None


@pytest.mark.parametrize("kind, text", [
    ("cancel", "Your cxlmark code is 77."),            # the letters inside another word
    ("passengers", "The paxton hotel is near the airport."),
    ("address_change", "Your addressee will sign for it."),  # "address" words are the kind's own; "addr" only whole
    ("cancel", "I can't cxl it, the flight has flown."),  # a negated shorthand names no cancellation
])
def test_shorthand_inside_other_words_or_negated_names_nothing(kind, text):
    found = names_action(text, kind)
    assert found is None or found.lower().startswith("address")


@pytest.mark.parametrize("text, month_day", [
    ("Flts: HAT251 17MAY / HAT300 18MAY", {(5, 17), (5, 18)}),
    ("HAT069 24MAY24, ECO", {(5, 24)}),
    ("Dep 03JUN 19:30", {(6, 3)}),
    ("hat300 (27may) and hat208 (27may)", {(5, 27)}),  # the same in lower case
])
def test_a_fare_s_compact_date_is_its_month_and_day(text, month_day):
    assert month_days_in(text) == month_day


@pytest.mark.parametrize("text", ["ref 17MAYX", "A17MAY", "17maybe", "code 12JUNE7", "seat 17MAR1", "4DEC2A"])
def test_compact_forms_that_are_no_date(text):
    assert month_days_in(text) == frozenset()


def test_a_compact_date_states_the_call_s_date():
    assert states_date("Book HAT251 17MAY, economy. Book? y/n", "2024-05-17")
    assert not states_date("Book HAT251 17MAY, economy. Book? y/n", "2024-05-18")
