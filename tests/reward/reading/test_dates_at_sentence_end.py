"""A date said without its year at the end of a sentence ("both on May 23.") is a date (SPEC §10,
consent: every argument of the call a person would check, dates too, is stated as the call has it).
The day's reader took the full stop after "23" for a decimal point, so a confirmation naming
another date than the call's ("JG7FMM: economy, flights HAT028 and HAT277, both on May 23.
Proceed?" before a change on 2024-05-21) read no date at all and covered the write (a consent
false pass found by whole airline episodes, issue 41 round 9)."""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.call_dates import month_days_in, states_date


@pytest.mark.parametrize("text, day", [
    ("flights HAT028 and HAT277, both on May 23. Proceed?", (5, 23)),
    ("Your new flight is on June 4th.", (6, 4)),
    ("Departure: 21 May.", (5, 21)),
    ("on May 23!", (5, 23)),
])
def test_a_date_ends_its_sentence(text, day):
    assert day in month_days_in(text)


@pytest.mark.parametrize("text", ["on May 23.5", "at May 23:30", "May 5.5%", "you may 23."])
def test_a_decimal_a_time_or_the_verb_is_no_date(text):
    assert month_days_in(text) == frozenset()


def test_the_call_date_stated_at_a_sentence_end():
    assert states_date("Both flights are on May 21.", "2024-05-21")
    assert not states_date("Both flights are on May 23.", "2024-05-21")
